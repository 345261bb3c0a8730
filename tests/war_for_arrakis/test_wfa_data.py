"""War for Arrakis's data (games/war_for_arrakis/data): the counts 002 gives, every source
cited known, what nobody publishes marked authored and listed in docs/rules-coverage.md, and
faults in an overlay collected in one error by the shared loader."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from pbem.games.common.dataload import DataError
from pbem.games.war_for_arrakis.data import DATA_DIR, load

ROOT = Path(__file__).resolve().parents[2]


def test_002_components_the_board_the_sites_and_the_decks():
    """002 COMPONENTS, GAME BOARD, SETTLEMENTS, ECOLOGICAL TESTING STATIONS: 101 areas (a fan
    reading), eight sietches, six Harkonnen settlements (ranks 1, 1, 1, 1, 2, 3), six
    stations; four Planning decks of 18; 16 Prescience cards; 6 Secret Objectives."""
    d = load()
    board = d.board
    assert len(board.areas) == 101
    assert sum(a.sietch for a in board.areas.values()) == 8
    assert sorted(a.settlement.rank for a in board.areas.values() if a.settlement) == [
        1, 1, 1, 1, 2, 3]
    assert all(len(cards) == 18 for cards in d.decks.values()) and len(d.decks) == 4
    assert len(d.prescience) == 16 and len(d.objectives) == 6
    for area in board.areas.values():
        for other in area.neighbours:
            assert area.id in board[other].neighbours, (area.id, other)


def test_002_combat_roll_the_combat_die_has_three_hits_two_shields_a_special():
    """The die's faces are not printed in 002; a fan battle simulator gives them."""
    assert Counter(load().combat_faces) == {"hit": 3, "shield": 2, "special": 1}


def _yaml_files() -> list[Path]:
    return sorted(DATA_DIR.rglob("*.yaml"))


def _sources(content) -> set[str]:
    found = set()
    if isinstance(content, dict):
        for key, value in content.items():
            if key == "source":
                found |= set(value if isinstance(value, list) else [value])
            else:
                found |= _sources(value)
    elif isinstance(content, list):
        for item in content:
            found |= _sources(item)
    return found


def test_every_source_cited_is_002_or_named_in_sources_yaml():
    known = set(yaml.safe_load((DATA_DIR / "sources.yaml").read_text()))
    for path in _yaml_files():
        for source in _sources(yaml.safe_load(path.read_text())):
            assert source.startswith("002") or source in known, (path.name, source)


def test_what_nobody_publishes_is_marked_authored_and_listed_in_the_rules_coverage():
    coverage = (ROOT / "docs" / "rules-coverage.md").read_text()
    authored = sorted((DATA_DIR / "authored").glob("*.yaml"))
    assert authored
    for path in authored:
        assert yaml.safe_load(path.read_text())["authored"] is True, path.name
        assert f"authored/{path.name}" in coverage, path.name


def test_faults_in_an_overlay_are_all_reported_at_once(tmp_path):
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    (overlay / "layout.yaml").write_text(
        "centres:\n  north-pole: [2, 0.5]\n  nowhere: [0.1, 0.1]\n")
    with pytest.raises(DataError) as raised:
        load(DATA_DIR, overlay)
    text = str(raised.value)
    assert "centres.north-pole" in text and "centres.nowhere" in text
    assert len(re.findall(r"layout\.yaml", text)) >= 2
