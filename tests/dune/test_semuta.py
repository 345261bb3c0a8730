"""The Semuta Drug (001 3.03.10): the one discard path (``discard_pile.discard``) and the take
as the step ends (``cards.semuta``)."""

from __future__ import annotations

import random

from pbem.games.dune.cards import semuta
from pbem.games.dune.discard_pile import discard
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import data

SEATS = ["atreides", "harkonnen", "richese"]


def _game() -> tuple[dict, dict[str, str]]:
    state = new_game(make_rules("gf9", {"choam_richese": True}), list(SEATS), random.Random(3))
    cards = {card.name: card.id for card in data(state).treachery_deck}
    for seat in SEATS:                                                 # a test's hands
        state["factions"][seat]["hand"] = []
    state["decks"]["treachery_discard"] = []
    return state, cards


def test_001_3_03_10_nothing_is_noted_while_no_semuta_word_stands():
    """Every discard goes through ``discard_pile.discard``; without a word standing the game
    keeps no note of it (the state of a game without the drug is as before)."""
    state, cards = _game()
    discard(state, "atreides", cards["Lasgun"])
    assert state["decks"]["treachery_discard"] == [cards["Lasgun"]]
    assert "discarded" not in state
    assert semuta.step_ends(state) == []


def test_001_3_03_10_any_takes_the_first_card_another_discards_and_a_full_hand_may_take_it():
    """SEMUTA ANY: of the cards discarded at the same time (one step), the first another faction
    discarded; the holder's own discards are not taken; the drug discarded in its place, so a
    full hand takes it (the hand's size unchanged)."""
    state, cards = _game()
    holder = state["factions"]["harkonnen"]
    holder["hand"] = [cards["Semuta Drug"], *[cards[n] for n in (
        "Chaumas", "Crysknife", "Stunner", "Snooper", "Slip-Tip", "Shield", "Gom Jabbar")]]
    holder[semuta.WORD] = semuta.ANY
    discard(state, "harkonnen", holder["hand"].pop())                  # its own: not taken
    discard(state, "atreides", cards["Lasgun"])
    discard(state, "richese", cards["Karama"])
    events = semuta.step_ends(state)
    assert [(e.code, e.data["card"], e.data["from"], e.to) for e in events] == [
        ("semuta-taken", "Lasgun", "atreides", None)]
    assert cards["Lasgun"] in holder["hand"] and cards["Semuta Drug"] not in holder["hand"]
    assert len(holder["hand"]) == 7
    assert state["decks"]["treachery_discard"] == [cards["Gom Jabbar"], cards["Karama"],
                                                   cards["Semuta Drug"]]
    assert semuta.WORD not in holder and "discarded" not in state


def test_001_3_03_10_a_word_whose_drug_is_gone_lapses_told_to_the_holder_alone():
    state, cards = _game()
    state["factions"]["harkonnen"][semuta.WORD] = "Lasgun"
    discard(state, "atreides", cards["Lasgun"])
    events = semuta.step_ends(state)
    assert [(e.code, e.to) for e in events] == [("use-lapsed", ("harkonnen",))]
    assert state["decks"]["treachery_discard"] == [cards["Lasgun"]]
    assert semuta.WORD not in state["factions"]["harkonnen"]
