"""Reading a game's rules data from YAML: layers merged by name, every fault collected.

A game's data is layers of folders: a base and overlays, each file of an overlay merged into
the base's file of the same name before any check (``DataReader.merge``): a top-level key
replaces the base's value, but a list of named entries and a mapping of named entries merge
by name: an entry of a new name is added, one of a known name replaces it in place, one given
as ``{name: X, amend: true, ...}`` changes only the keys it gives (merged into the entry as an
overlay's file is into its base), and one given as ``{name: X, remove: true}`` (in a mapping
``X: {remove: true}``) removes it.  The merged data goes through the same checks as the base
alone.

Every fault found is collected (as the diplomacy engine does when it validates a map) and
reported at once in one ``DataError``; a game's loader never returns data with a fault.  A
game subclasses ``DataReader`` with the readers of its own files and records.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

import yaml

from .names import Named, clashes

E = TypeVar("E", bound=StrEnum)


class FaultCode(StrEnum):
    """What is wrong with the data, whatever the game (a game's catalogue adds its own)."""

    FILE = "file"  # missing, unreadable or not YAML
    DUPLICATE_KEY = "duplicate_key"
    MISSING_KEY = "missing_key"
    UNKNOWN_KEY = "unknown_key"
    BAD_VALUE = "bad_value"
    DUPLICATE_NAME = "duplicate_name"
    OVERLAY_NAME = "overlay_name"  # an overlay removes or amends an entry the data lacks


@dataclass(frozen=True)
class Fault:
    """One fault: the file, the place in it, its code and a message for the reader."""

    file: str
    where: str
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.message} [{self.code}]"


class DataError(ValueError):
    """The rules data has faults; ``faults`` lists every one found."""

    def __init__(self, directory: Path, faults: list[Fault], what: str = "data") -> None:
        self.directory = directory
        self.faults = tuple(faults)
        lines = "\n".join(f"  {fault}" for fault in faults)
        super().__init__(f"{len(faults)} fault(s) in the {what} in {directory}:\n{lines}")


class YamlLoader(yaml.SafeLoader):
    """A safe YAML loader that records duplicate keys (with their line) instead of dropping them."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.duplicates: list[tuple[object, int]] = []

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if isinstance(key, str | int) and key in seen:
                self.duplicates.append((key, key_node.start_mark.line + 1))
            seen.add(key if isinstance(key, str | int) else id(key_node))
        return super().construct_mapping(node, deep)


# A field of a record: its kind (str, int, bool, dict, list, or [kind] for a list of that
# kind), and optionally a default, which makes the field optional.
REQUIRED = object()


class DataReader:
    """Reads the files of a game's data layers and collects the faults it finds on the way.

    ``entry_keys``: the keys an overlay finds an entry of a list by, in order."""

    entry_keys: tuple[str, ...] = ("name",)

    def __init__(self, layers: tuple[Path, ...]) -> None:
        self.layers = layers
        self.faults: list[Fault] = []
        self.file = ""

    def fault(self, where: str, code: str, message: str) -> None:
        self.faults.append(Fault(self.file, where, code, message))

    def yaml(self, name: str) -> Any:
        """The parsed content of one file, its overlays merged in, or None (with a fault) if it
        cannot be read.  Faults of the merged content are reported against ``name``."""
        base, *overlays = self.layers
        content = self.parse(base / name, name)
        for overlay in overlays:
            if (overlay / name).exists():
                changes = self.parse(overlay / name, f"{overlay.name}/{name}")
                if content is not None and changes is not None:
                    content = self.merge(content, changes)
        self.file = name
        return content

    def parse(self, path: Path, name: str) -> Any:
        """The parsed content of one file, or None (with a fault) if it cannot be read."""
        self.file = name
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            self.fault("file", FaultCode.FILE, f"cannot read it: {error.strerror or error}")
            return None
        loader = YamlLoader(text)
        try:
            content = loader.get_single_data()
        except yaml.YAMLError as error:
            self.fault("file", FaultCode.FILE, f"not valid YAML: {error}")
            return None
        finally:
            loader.dispose()
        for key, line in loader.duplicates:
            self.fault(f"line {line}", FaultCode.DUPLICATE_KEY, f"key {key!r} given twice")
        if content is None:
            self.fault("file", FaultCode.FILE, "it is empty")
        return content

    def merge(self, base: Any, overlay: Any) -> Any:
        """The base's content with an overlay's merged in (module docstring)."""
        if not isinstance(base, dict) or not isinstance(overlay, dict):
            self.fault("file", FaultCode.BAD_VALUE, "expected a mapping of keys to values")
            return base
        merged = dict(base)
        for key, value in overlay.items():
            old = base.get(key)
            if isinstance(old, list) and isinstance(value, list) and all(
                    self.entry_name(entry) is not None for entry in old):
                merged[key] = self.merge_entries(old, value, key)
            elif isinstance(old, dict) and isinstance(value, dict) and all(
                    isinstance(entry, dict) for entry in old.values()):
                named = self.merge_entries([{"name": k, **v} for k, v in old.items()],
                                           [{"name": k, **v} if isinstance(v, dict) else v
                                            for k, v in value.items()], key)
                merged[key] = {e["name"]: {k: v for k, v in e.items() if k != "name"}
                               for e in named}
            else:
                merged[key] = value
        return merged

    def merge_entries(self, base: list[Any], overlay: list[Any], where: str) -> list[Any]:
        """Entries merged by name: added, replaced in place, amended, or removed."""
        merged = list(base)
        for entry in overlay:
            name = self.entry_name(entry)
            at = next((i for i, old in enumerate(merged) if self.entry_name(old) == name), None)
            if isinstance(entry, dict) and entry.get("remove") is True:
                if at is None:
                    self.fault(where, FaultCode.OVERLAY_NAME, f"removes {name!r}, which it lacks")
                else:
                    del merged[at]
            elif isinstance(entry, dict) and entry.get("amend") is True:
                if at is None:
                    self.fault(where, FaultCode.OVERLAY_NAME, f"amends {name!r}, which it lacks")
                else:
                    merged[at] = self.merge(merged[at],
                                            {k: v for k, v in entry.items() if k != "amend"})
            elif at is None or name is None:
                merged.append(entry)
            else:
                merged[at] = entry
        return merged

    def entry_name(self, entry: Any) -> Any:
        """The name an overlay finds an entry by: its first key of ``entry_keys`` given."""
        if not isinstance(entry, dict):
            return None
        return next((entry[key] for key in self.entry_keys if key in entry), None)

    def record(self, raw: Any, where: str, fields: dict[str, Any]) -> dict[str, Any] | None:
        """The fields of one mapping, defaults filled in; None if a required field is unusable.

        ``fields`` maps each key to its kind, or to (kind, default) for an optional key.
        """
        if not isinstance(raw, dict):
            self.fault(where, FaultCode.BAD_VALUE, "expected a mapping of keys to values")
            return None
        for key in raw:
            if key not in fields:
                self.fault(where, FaultCode.UNKNOWN_KEY, f"unknown key {key!r}")
        values: dict[str, Any] = {}
        usable = True
        for key, spec in fields.items():
            kind, default = spec if isinstance(spec, tuple) else (spec, REQUIRED)
            value = raw.get(key)
            if value is None and default is not REQUIRED:
                values[key] = default
            elif key not in raw:
                self.fault(where, FaultCode.MISSING_KEY, f"missing key {key!r}")
                usable = False
            elif not is_kind(value, kind):
                self.fault(where, FaultCode.BAD_VALUE, f"{key}: expected {kind_name(kind)}")
                usable = usable and default is not REQUIRED
                values[key] = None if default is REQUIRED else default
            else:
                values[key] = value
        return values if usable else None

    def enum(self, kind: type[E], value: str, where: str) -> E | None:
        try:
            return kind(value)
        except ValueError:
            choices = ", ".join(member.value for member in kind)
            self.fault(where, FaultCode.BAD_VALUE, f"{value!r} is not one of: {choices}")
            return None

    def enums(self, kind: type[E], values: list[str], where: str) -> frozenset[E] | None:
        members = [self.enum(kind, value, where) for value in values]
        return None if None in members else frozenset(m for m in members if m is not None)

    def clash(self, entries: list[Named[Any]], what: str) -> None:
        for spelling, names in clashes(entries).items():
            self.fault(what, FaultCode.DUPLICATE_NAME, f"{spelling!r} names more than one: {names}")


def names_given(entries: list[Any]) -> set[str]:
    """The names given to the entries of a list, even to faulty ones."""
    return {entry["name"] for entry in entries if isinstance(entry, dict) and "name" in entry}


def label(entry: Any, key: str, fallback: str) -> str:
    """How faults name a list entry: by its name if it has one, else by its place."""
    if isinstance(entry, dict) and isinstance(entry.get(key), str):
        return entry[key]
    return fallback


def is_kind(value: Any, kind: Any) -> bool:
    """Whether a value read from YAML is of a field's kind (``DataReader.record``)."""
    if isinstance(kind, list):
        return isinstance(value, list) and all(is_kind(item, kind[0]) for item in value)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is str:
        return isinstance(value, str) and bool(value.strip())
    return isinstance(value, kind)


def kind_name(kind: Any) -> str:
    """A field's kind as a fault names it."""
    if isinstance(kind, list):
        return f"a list of {kind_name(kind[0])}"
    return {
        int: "a whole number",
        str: "some text",
        bool: "true or false",
        dict: "a mapping",
        list: "a list",
    }[kind]
