"""The basic bot (``bot: basic``; games/dune/basic_bot.py): its rules of thumb, and that every
order it writes is read by the parser and keeps the invariants over whole games."""

from __future__ import annotations

import random

from pbem.games import dune
from pbem.games.dune.scenario import load_scenario
from pbem.selfplay import play_games


def position(phase, forces, factions=None, turn=2, **extra):
    scenario = {"game": "dune", "seats": ["atreides", "harkonnen", "fremen"], "seed": "basic",
                "position": {"turn": turn, "phase": phase, "forces": forces,
                             "storm": {"sector": 1, "dialers": ["atreides", "harkonnen"]},
                             "factions": factions or {}, **extra}}
    return load_scenario(scenario).state


def order(state, seat, kind):
    (prompt,) = [p for p in dune.prompts(state) if p.seat == seat and p.kind == kind]
    text = dune.bot_order(dune.view(state, seat), prompt, random.Random(0), "basic")
    parsed = dune.parse(state, seat, text)
    assert not parsed.errors, (text, parsed.errors)
    return text


def test_it_bids_a_third_of_its_spice_on_each_card():
    """A third of its spice, at least 1, within what it holds (000 VIII.C)."""
    state = position("bidding", {"Arrakeen": {"atreides": 10}, "Carthag": {"harkonnen": 10}},
                     {"atreides": {"spice": 12}, "harkonnen": {"spice": 2},
                      "fremen": {"spice": 0}})
    assert order(state, "atreides", "bid") == "BID 4"
    assert order(state, "harkonnen", "bid") == "BID 1"


def test_it_ships_into_an_open_stronghold_and_moves_a_group_to_one_in_reach():
    """Up to five forces for at most half its spice, into a stronghold nobody else holds and
    it does not hold yet; the group outside the strongholds into one in reach (with
    ornithopters, 000 IX.C.2.a) that no other faction holds."""
    state = position("movement", {"Arrakeen": {"atreides": 10}, "Carthag": {"harkonnen": 10},
                                  "Imperial Basin SECTOR 9": {"atreides": 3},
                                  "Sietch Tabr": {"fremen": 10}},
                     {"atreides": {"spice": 10}})
    assert dune.prompts(state)[0].seat == "atreides"
    text = order(state, "atreides", "move")
    ship, move = text.splitlines()
    assert ship.startswith("SHIP 5 TO ")            # 5 forces for 5 of its 10 spice
    assert ship.split(" TO ")[1] in ("Habbanya Ridge Sietch", "Tuek's Sietch")
    assert move.startswith("MOVE 3 FROM Imperial Basin SECTOR 9 TO ")
    assert move.split(" TO ")[1] in ("Arrakeen", "Tuek's Sietch", "Habbanya Ridge Sietch")


def test_whole_games_of_basic_bots_keep_every_invariant_and_replay():
    for ruleset, options in (("wbc", {}), ("classic", {"movement": "batched"})):
        summary = play_games(dune, ruleset, {**options, "turns": 4}, 8, "basic",
                             style="basic")
        assert summary.games == 8 and summary.violations == []
