"""`benchmarks/mail_rounds.py` (issue 33, "A benchmark of people, not bots"): six-faction games
played through the moderator by mail, by reactive, engaged and mixed tables, measured per turn
in the default modes and the fastest."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.whole_game

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "mail_rounds.py"


def load_script():
    spec = importlib.util.spec_from_file_location("mail_rounds", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module            # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_one_turn_of_each_kind_gives_the_figures(capsys):
    """One GF9 game of each kind of table in the default modes to the end of turn 1: rounds,
    mails and kilobytes per seat per turn and the GM's, set-up left out, all positive, the
    phases summing to the rounds, every player's mail filed."""
    load_script().main(["--games", "1", "--turns", "1", "--ruleset", "gf9", "--mode",
                        "default", "--json"])
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"gf9 default reactive", "gf9 default engaged",
                            "gf9 default mixed"}
    for preset in figures.values():
        assert preset["turns"] == 1
        assert preset["rounds_per_turn"] >= 1
        assert preset["mails_per_seat_per_turn"] > 0
        assert preset["kb_per_seat_per_turn"] > 0
        assert preset["gm_mails_per_turn"] > 0 and preset["gm_kb_per_turn"] > 0
        assert preset["mails_refused"] == 0
        assert sum(preset["rounds_per_turn_by_phase"].values()) == pytest.approx(
            preset["rounds_per_turn"])
