"""Fixtures for the Dune rules data: the classic data, copies of it to break, and a test-only
ruleset with a face-down kind of token (``probe_ruleset``)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
import yaml

from pbem.games import dune
from pbem.games.dune.data import CLASSIC, DuneData, load
from pbem.games.dune.rules import GF9, RULESETS


class DataCopy:
    """A copy of the classic YAML files in a folder of its own, to edit and load."""

    def __init__(self, path: Path) -> None:
        self.path = path
        for source in CLASSIC.glob("*.yaml"):
            shutil.copy(source, path / source.name)

    def edit(self, name: str, change: Callable[[Any], None]) -> None:
        """Apply ``change`` to the parsed content of file ``name`` and write it back."""
        file = self.path / name
        content = yaml.safe_load(file.read_text(encoding="utf-8"))
        change(content)
        file.write_text(yaml.safe_dump(content, sort_keys=False), encoding="utf-8")

    def edit_text(self, name: str, old: str, new: str) -> None:
        """Replace ``old`` (which must occur) with ``new`` in the text of file ``name``."""
        file = self.path / name
        text = file.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {name}"
        file.write_text(text.replace(old, new, 1), encoding="utf-8")

    @staticmethod
    def entry(items: list[dict[str, Any]], name: str, key: str = "name") -> dict[str, Any]:
        """The item of a YAML list whose ``key`` is ``name``."""
        return next(item for item in items if item[key] == name)


@pytest.fixture
def data() -> DuneData:
    """The classic Dune data as shipped."""
    return load()


@pytest.fixture
def data_copy(tmp_path: Path) -> DataCopy:
    return DataCopy(tmp_path)


# --- a test-only kind of token (tests/dune/overlay/probe/): the ruleset ``gf9-probe``
PROBE = Path(__file__).parent / "overlay" / "probe"


@dataclass(frozen=True)
class ProbeGF9(GF9):
    """GF9 with the test overlay's face-down ``probe`` tokens on top of its data."""

    ruleset: str = "gf9-probe"
    data_layers: ClassVar[tuple[str, ...]] = ("classic", "gf9", str(PROBE))


@pytest.fixture
def probe_ruleset(monkeypatch: pytest.MonkeyPatch) -> str:
    """The ruleset ``gf9-probe`` registered for the test (the moderator and the scenarios find
    it as they find any ruleset); its name."""
    monkeypatch.setitem(RULESETS, ProbeGF9.ruleset, ProbeGF9)
    monkeypatch.setattr(dune, "rulesets", (*dune.rulesets, ProbeGF9.ruleset))
    return ProbeGF9.ruleset
