"""The Old Man of the Desert, an optional rule (002 OLD MAN OF THE DESERT (OPTIONAL), lines 295
and 1511): the game file's option, the state of a game without it unchanged, the Outer
Sectors' borders, and whole games of the bots with him; the rule's steps are the scenario
files ``old_man_*`` (``test_scenarios.py``)."""

from __future__ import annotations

import pytest

from pbem.game import load_game, step_rng
from pbem.games.war_for_arrakis.old_man import adjacent_outer, outer_sectors
from pbem.selfplay import play_games

GAME = load_game("war_for_arrakis")
TWO = ["atreides", "harkonnen"]


def test_002_old_man_of_the_desert_is_an_option_true_or_false():
    with pytest.raises(ValueError, match="old_man: true or false"):
        GAME.setup("standard", {"old_man": "yes"}, TWO, step_rng("om", 0))
    with_him = GAME.setup("standard", {"old_man": True}, TWO, step_rng("om", 0))
    assert (with_him["old_man"], with_him["old_man_worms"]) == (None, 0)


def test_a_game_without_the_option_has_the_state_it_had():
    """Stored games replay as they were played: the option's keys only in a game with it."""
    state = GAME.setup("standard", {}, TWO, step_rng("om", 0))
    assert "old_man" not in state and "old_man" not in state["options"]
    assert "old_man" not in GAME.view(state, "atreides")
    assert state["bene_gesserit"]["atreides"] == 1


def test_002_old_man_the_atreides_start_without_their_bene_gesserit_token():
    """002 OLD MAN OF THE DESERT: the Atreides cannot ever gain or use Bene Gesserit tokens;
    their starting one (002 SETUP 16) stays in the reserve."""
    plain = GAME.setup("standard", {}, TWO, step_rng("om", 0))["bene_gesserit"]
    state = GAME.setup("standard", {"old_man": True}, TWO, step_rng("om", 0))
    assert state["bene_gesserit"]["atreides"] == 0
    assert state["bene_gesserit"]["reserve"] == plain["reserve"] + plain["atreides"]


def test_002_old_man_adjacent_outer_sectors_are_read_from_the_board():
    """Two Outer Sectors are adjacent when an area of one borders an area of the other (the
    board's borders, impassable ones too): every Outer Sector has a neighbour, and the
    relation is symmetric."""
    assert sorted(outer_sectors()) == ["ne", "nw", "se", "sw"]
    for sector in outer_sectors():
        assert adjacent_outer(sector)
        assert all(sector in adjacent_outer(other) for other in adjacent_outer(sector))


@pytest.mark.parametrize("style", ["random", "basic"])
def test_002_old_man_games_by_the_bots_break_nothing(style):
    """Whole games with the option (the bots summon, move and loose the Old Man): every
    invariant after every step, each game replayed from its seed and log."""
    summary = play_games(GAME, "standard", {"rounds": 12, "old_man": True}, 3,
                         f"wfa-old-man-{style}", seats=TWO, style=style)
    assert summary.violations == []
    assert summary.games == 3


def test_002_old_man_rises_again_only_from_the_next_round():
    """002 OLD MAN OF THE DESERT: "may be placed on the board again starting from the next
    round": a Desert Power action after the Desert Hazards (a card's) cannot bring him back."""
    from pbem.games.war_for_arrakis.context import Context, Illegal
    from pbem.games.war_for_arrakis.old_man_power import desert_power, leave

    state = GAME.setup("standard", {"old_man": True}, TWO, step_rng("om", 0))
    state.update(old_man="ne", old_man_worms=2, sandworms=["ne-13"])
    ctx = Context(state, step_rng("om", 1))
    leave(ctx)
    assert (state["old_man"], state["old_man_worms"]) == (None, 0)
    with pytest.raises(Illegal, match="from the next round"):
        desert_power(ctx, {"kind": "old-man", "at": "nw"})
    state["round"] += 1
    desert_power(ctx, {"kind": "old-man", "at": "nw"})
    assert (state["old_man"], state["old_man_worms"], state["sandworms"]) == ("nw", 1, [])
