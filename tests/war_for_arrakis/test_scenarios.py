"""Every War for Arrakis scenario file (tests/war_for_arrakis/scenarios) cites the rule of 002
it pins and plays as it expects (docs/scenarios.md, "War for Arrakis")."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pbem.game import load_game

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
GAME = load_game("war_for_arrakis")


def test_there_are_a_hundred_scenarios_citing_002():
    cited = [f for f in FILES if str(yaml.safe_load(f.read_text())["rule"]).startswith("002")]
    assert len(cited) == len(FILES) >= 100


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario(path: Path):
    data = yaml.safe_load(path.read_text())
    result = GAME.run_scenario(data)
    assert result["expect"]["failed"] == [], GAME.scenario_report(result)
