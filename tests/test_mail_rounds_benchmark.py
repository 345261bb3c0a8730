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


def test_issue_30_choam_and_richese_seated_the_cache_costs_the_bidding_no_round(capsys):
    """Issue 30, "Mail rounds stay few" (001 2.10.06-09): with CHOAM and Richese seated, the
    Richese player leaves its cache offer standing in its first mail (``SET STANDING CACHE ANY
    SILENT LAST``, ``standing_lines``) and every bidder sends its bid on the cache's card with
    the row's (``FOR OFFER``): turn 1's bidding is the one mail round of the row's first card,
    for reactive and engaged players alike, and no mail is refused."""
    load_script().main(["--games", "1", "--turns", "1", "--ruleset", "gf9", "--mode",
                        "default", "--kind", "reactive", "--kind", "engaged", "--seed", "cr",
                        "--option", "choam_richese", "--json",
                        *[arg for seat in ("atreides", "harkonnen", "emperor", "fremen",
                                           "choam", "richese") for arg in ("--seat", seat)]])
    figures = json.loads(capsys.readouterr().out)
    for preset in figures.values():
        assert preset["seats"][-1] == "richese" and preset["mails_refused"] == 0
        assert preset["rounds_per_turn_by_phase"]["bidding"] == 1


def test_issue_30_a_cache_card_sold_first_leaves_the_whole_round_row_no_round_of_its_own(
        capsys):
    """Issue 30, "Mail rounds stay few" (001 2.10.06, 2.10.09: the cache's card "first or
    last"): in ``whole_round`` bidding, while the cache's card is sold first, every bidder may
    send its bids on the whole row with its bid on that card (``FOR ROW``, ``ahead``), so turn
    1's bidding is the one mail round of the card offered, no mail refused."""
    load_script().main(["--games", "1", "--turns", "1", "--ruleset", "gf9", "--mode",
                        "fastest", "--kind", "engaged", "--seed", "cr", "--option",
                        "choam_richese", "--standing", "CACHE ANY SILENT FIRST", "--json",
                        *[arg for seat in ("atreides", "harkonnen", "emperor", "fremen",
                                           "choam", "richese") for arg in ("--seat", seat)]])
    figures = json.loads(capsys.readouterr().out)
    for preset in figures.values():
        assert preset["standing"] == ["CACHE ANY SILENT FIRST"]
        assert preset["mails_refused"] == 0
        assert preset["rounds_per_turn_by_phase"]["bidding"] == 1


def test_issue_31_ecaz_and_the_moritani_seated_their_tokens_cost_no_round(capsys):
    """Issue 31, "Interrupts without extra rounds" (001 2.11.06-08, 2.12.08-09): with Ecaz and
    the Moritani seated and reactive players who use the powers their mail offers
    (``--optional``: the Ambassadors and Terror tokens to place ride on the mails they send),
    the revival round, where the Ambassadors are placed, the movement, where tokens trigger,
    and the Mentat Pause, where Terror tokens are placed, take no mail round of their own, no
    mail is refused, and ``--count`` counts the games' events (Ecaz's supply drawn once)."""
    load_script().main(["--games", "1", "--turns", "1", "--ruleset", "gf9", "--mode",
                        "default", "--kind", "reactive", "--optional", "--seed", "em",
                        "--option", "ecaz_moritani", "--count", "ambassadors-drawn", "--json",
                        *[arg for seat in ("atreides", "bene-gesserit", "emperor", "fremen",
                                           "ecaz", "moritani") for arg in ("--seat", seat)]])
    (preset,) = json.loads(capsys.readouterr().out).values()
    assert preset["optional"] and preset["mails_refused"] == 0
    assert preset["events"] == {"ambassadors-drawn": 1}
    by_phase = preset["rounds_per_turn_by_phase"]
    assert by_phase["revival"] == by_phase["movement"] == by_phase["others"] == 0
