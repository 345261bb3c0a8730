"""`benchmarks/wfa_mail_rounds.py` (issue 36): War for Arrakis by mail, engaged players beside
reactive ones, at most 4 mail rounds per game round for the engaged."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.whole_game

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "wfa_mail_rounds.py"


def load_script():
    spec = importlib.util.spec_from_file_location("wfa_mail_rounds", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module            # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_two_rounds_of_each_seating_by_engaged_and_reactive_players(capsys):
    load_script().main(["--games", "1", "--rounds", "2", "--json"])
    figures = json.loads(capsys.readouterr().out)
    assert {(r["seating"], r["players"]) for r in figures.values()} == {
        (s, p) for s in ("two players", "four in teams", "solo")
        for p in ("engaged", "reactive")}
    for found in figures.values():
        assert found["mails_refused"] == 0
        assert found["rounds_per_round"] >= 1 and found["mails_per_seat_per_round"] > 0
        assert sum(found["rounds_by_phase"].values()) == pytest.approx(
            found["rounds_per_round"])
    for seating in ("two players", "four in teams", "solo"):
        engaged = figures[f"{seating}, engaged"]["rounds_per_round"]
        assert engaged <= 4
        assert engaged <= figures[f"{seating}, reactive"]["rounds_per_round"]
