"""Checked YAML: plain data read into (frozen) dataclasses.

Each field's type annotation says what is expected; a wrong type or value
names the key and what was expected, an unknown key is an error, and every
fault is collected so that one run reports them all.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from pathlib import Path
from typing import Any, Literal, Union


class SchemaError(ValueError):
    """Data did not fit its schema; ``problems`` lists every fault as "key: reason"."""

    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = problems
        super().__init__(f"{source}:\n  " + "\n  ".join(problems))


_TYPE_WORDS = {str: "a string", int: "an integer", bool: "true or false", Path: "a path"}


def _describe(kind: Any) -> str:
    origin = typing.get_origin(kind)
    if origin is Literal:
        return "one of " + ", ".join(str(v) for v in typing.get_args(kind))
    if dataclasses.is_dataclass(kind):
        return "a mapping"
    return _TYPE_WORDS.get(kind, str(kind))


def build(cls: type, data: Any, prefix: str, problems: list[str], skip=frozenset()) -> Any:
    """Check ``data`` against dataclass ``cls``, appending faults to ``problems``.

    Returns the dataclass, or None where a fault left it impossible to build.
    """
    where = prefix.rstrip(".") or "the top level"
    if data is None:
        data = {}
    if not isinstance(data, dict):
        problems.append(f"{where}: expected a mapping, got {data!r}")
        return None
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls) if f.name not in skip]
    for key in data:
        if key not in names:
            problems.append(f"{prefix}{key}: unknown key (expected one of: {', '.join(names)})")
    values = {}
    for item in dataclasses.fields(cls):
        if item.name in skip:
            continue
        key = prefix + item.name
        if item.name not in data:
            if item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING:
                problems.append(f"{key}: required")
            continue
        values[item.name] = _convert(hints[item.name], data[item.name], key, problems)
    try:
        return cls(**values)
    except TypeError:
        return None


def _convert(kind: Any, value: Any, key: str, problems: list[str]) -> Any:
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        options = [k for k in typing.get_args(kind) if k is not type(None)]
        if value is None:
            return None
        return _convert(options[0], value, key, problems)
    if origin is Literal:
        if value not in typing.get_args(kind):
            problems.append(f"{key}: expected {_describe(kind)}, got {value!r}")
        return value
    if dataclasses.is_dataclass(kind):
        return build(kind, value, key + ".", problems)
    if origin in (list, tuple):
        if not isinstance(value, list):
            problems.append(f"{key}: expected a list, got {value!r}")
            return ()
        item_kind = typing.get_args(kind)[0]
        return tuple(_convert(item_kind, item, f"{key}[{index}]", problems)
                     for index, item in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            problems.append(f"{key}: expected a mapping, got {value!r}")
            return {}
        return dict(value)
    if kind is Any:
        return value
    if kind is Path:
        if not isinstance(value, str) or not value:
            problems.append(f"{key}: expected a path, got {value!r}")
            return None
        return Path(value).expanduser()
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(f"{key}: expected a whole number of at least 0, got {value!r}")
        return value
    if not isinstance(value, kind):
        problems.append(f"{key}: expected {_describe(kind)}, got {value!r}")
    return value
