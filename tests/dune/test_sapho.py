"""The Juice of Sapho's place in storm order (001 3.03.03, ``cards.sapho``): first or last
through the phase its word names, read by ``state.storm_order`` (so the bidding's opener, the
turns of movement and the aggressors' order all follow it)."""

from __future__ import annotations

import random

from pbem.games.dune.cards import sapho
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import data, storm_order

SEATS = ["atreides", "harkonnen", "richese", "emperor"]


def _game() -> tuple[dict, str]:
    state = new_game(make_rules("gf9", {"choam_richese": True}), list(SEATS), random.Random(5))
    juice = next(card.id for card in data(state).treachery_deck if card.name == "Juice of Sapho")
    for seat in SEATS:                                                 # a test's hands
        state["factions"][seat]["hand"] = []
    state["decks"]["treachery_discard"] = []
    state["storm"]["sector"] = 1
    return state, juice


def test_001_3_03_03_the_juice_puts_its_player_first_or_last_through_the_phase_named():
    """As the phase its word names begins, the card is discarded (public) and the holder is
    first (or last) in storm order through that phase only."""
    state, juice = _game()
    plain = storm_order(state)
    last = plain[-1]
    state["factions"][last]["hand"] = [juice]
    state["factions"][last][sapho.WORD] = {"place": "first", "phase": "bidding"}
    state["phase"] = "revival"
    assert sapho.begins(state) == [] and storm_order(state) == plain     # not its phase
    state["phase"] = "bidding"
    events = sapho.begins(state)
    assert [(e.code, e.data["faction"], e.to) for e in events] == [("sapho-place", last, None)]
    assert storm_order(state) == [last, *plain[:-1]]
    assert state["factions"][last]["hand"] == [] and state["decks"]["treachery_discard"] == [juice]
    state["phase"] = "revival"
    assert sapho.begins(state) == [] and storm_order(state) == plain     # over with the phase
    assert sapho.PLACE not in state


def test_001_3_03_03_last_and_a_word_whose_card_is_gone_lapses():
    state, juice = _game()
    plain = storm_order(state)
    first = plain[0]
    state["factions"][first]["hand"] = [juice]
    state["factions"][first][sapho.WORD] = {"place": "last", "phase": "battle"}
    state["phase"] = "battle"
    sapho.begins(state)
    assert storm_order(state) == [*plain[1:], first]
    state["phase"] = "collection"
    sapho.begins(state)
    state["factions"][plain[1]][sapho.WORD] = {"place": "first", "phase": "movement"}
    state["phase"] = "movement"
    events = sapho.begins(state)
    assert [(e.code, e.to) for e in events] == [("use-lapsed", (plain[1],))]
    assert storm_order(state) == plain
