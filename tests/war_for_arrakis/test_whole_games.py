"""War for Arrakis played whole by its bots: every bot order read as mail, the invariants
checked after every step, each game replayed from its seed and log to the same state
(pbem.selfplay).  The thousand-game runs (``pbem selfplay --game war_for_arrakis``) are in
docs/reliability.md; these are the few the fast loop plays."""

from __future__ import annotations

import pytest

from pbem.game import load_game
from pbem.selfplay import play_games

GAME = load_game("war_for_arrakis")


@pytest.mark.parametrize("style", ["random", "basic"])
def test_two_player_games_by_the_bots_break_nothing(style):
    summary = play_games(GAME, "standard", {"rounds": 12}, 3, f"wfa-two-{style}",
                         seats=["atreides", "harkonnen"], style=style)
    assert summary.violations == []
    assert summary.games == 3


def test_bot_orders_as_values_play_the_same_games_as_mail():
    """``bot_decisions`` hands the bots' orders over as values: the same games, step for step,
    as the same bots' orders read as mail."""
    by_mail = play_games(GAME, "standard", {"rounds": 6}, 2, "wfa-same", style="random",
                         seats=["atreides", "harkonnen"])
    as_values = play_games(GAME, "standard", {"rounds": 6}, 2, "wfa-same", style="random",
                           seats=["atreides", "harkonnen"], mail=False)
    assert by_mail.violations == as_values.violations == []
    assert by_mail.steps == as_values.steps


@pytest.mark.parametrize("style", ["random", "basic"])
def test_solo_games_against_the_rules_break_nothing(style):
    """002 MAHDI SOLO MODE: the Harkonnen played by the rules inside ``apply``; the games
    replay from their seed and log (pbem.selfplay checks it)."""
    summary = play_games(GAME, "mahdi", {"rounds": 12}, 3, f"wfa-solo-{style}",
                         seats=["atreides"], style=style)
    assert summary.violations == []


def test_shared_factions_by_the_bots_break_nothing():
    """002 3-4 PLAYERS MODE: four players, each faction shared by its two powers."""
    summary = play_games(GAME, "standard", {"rounds": 8}, 2, "wfa-four",
                         seats=["house-atreides", "fremen", "house-harkonnen", "corrino"])
    assert summary.violations == []


def test_the_invariants_name_what_a_broken_state_breaks():
    """The invariants (``invariants.py``) catch a state no rule makes: a card in two places,
    a legion over the stacking limit, a leader in a legion whose state says set aside."""
    import copy

    from pbem.game import step_rng

    state = GAME.setup("standard", {}, ["atreides", "harkonnen"], step_rng("broken", 0))
    assert GAME.invariants(state) == []
    broken = copy.deepcopy(state)
    hidden = broken["hidden"]
    seat = "harkonnen"
    hidden["hands"][seat].append(hidden["hands"][seat][0])
    broken["hands"][seat] += 1
    area = next(a for a, lg in broken["legions"].items() if lg["side"] == "harkonnen")
    broken["legions"][area]["regular"] += 6
    leader = "baron-harkonnen"                  # set aside at the start, not on the board
    broken["legions"][area]["leaders"].append(leader)
    found = " | ".join(GAME.invariants(broken))
    assert "over the stacking limit" in found
    assert leader in found
    assert "conserved" in found or "twice" in found or "cards" in found
