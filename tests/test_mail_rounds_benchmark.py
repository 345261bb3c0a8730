"""`benchmarks/mail_rounds.py` (issue 18, "Measure it"): six-faction WBC games played through
the moderator by mail, measured per turn in the faithful default and the fastest preset."""

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


def test_two_turns_of_each_preset_give_the_three_figures(capsys):
    """One game of each preset to the end of turn 2: rounds, mails and kilobytes per seat per
    turn, set-up left out, all positive, every turn at least a round, every bot mail filed."""
    load_script().main(["--games", "1", "--turns", "2", "--json"])
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"faithful default", "fastest preset"}
    for preset in figures.values():
        assert preset["turns"] == 2
        assert preset["rounds_per_turn"] >= 1
        assert preset["mails_per_seat_per_turn"] > 0
        assert preset["kb_per_seat_per_turn"] > 0
        assert preset["mails_refused"] == 0
        assert sum(preset["rounds_per_turn_by_phase"].values()) == pytest.approx(
            preset["rounds_per_turn"])
