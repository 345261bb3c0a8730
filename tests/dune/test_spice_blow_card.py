"""The Spice Blow card of the Landsraad 9+ pack (001 3.06.05, ``cards/spice_blow_card.py``):
an additional spice blow onto an additional pile, every turn until a Nexus."""

from __future__ import annotations

import random

from pbem.games import dune
from pbem.games.dune.cards import spice_blow_card
from pbem.games.dune.decks import EXTRA_BLOW, EXTRA_PILE, spice_discards
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import data

NINE = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen", "tleilaxu",
        "ecaz", "moritani"]


def _game(spice: list[str]) -> dict:
    return load_scenario({
        "game": "dune", "seats": NINE, "ruleset": "gf9",
        "options": {"ixians_tleilaxu": True, "ecaz_moritani": True, "landsraad_9_cards": True},
        "seed": "blow", "position": {
            "turn": 2, "phase": "storm", "storm": {"sector": 1, "dialers": ["atreides",
                                                                           "moritani"]},
            "factions": {"atreides": {"hand": ["Spice Blow"]}},
            "decks": {"spice": spice}}}).state


def _until(state: dict, turn: int, phase: str, orders: dict | None = None) -> tuple[dict, list]:
    """Defaults played (with ``orders`` on the first step) until the turn's phase is over."""
    events: list = []
    while (state["turn"], state["phase"]) != (turn, phase) or not events or \
            events[-1].code != "phase":
        given = {p.key: p.default for p in dune.prompts(state)} | (orders or {})
        orders = None
        state, more = dune.apply(state, given, random.Random(0))
        events += more
        if state["turn"] > turn:
            break
    return state, events


def test_001_3_06_05_the_spice_blow_card_blows_an_additional_pile_every_turn_until_a_nexus():
    """Played as turn 2's blow ends (by the word BLOW, given with the storm dial): the card set
    aside, the Red Chasm on the additional pile.  Turn 3 blows the Cielago North, then the
    additional pile: a worm there calls a Nexus and the South Mesa follows; as the phase ends
    the Nexus ends the additional blow and the card goes to the treachery discard pile.
    Turn 4 blows one pile again."""
    state = _game(["Old Gap", "Red Chasm", "Cielago North", "Shai-Hulud", "South Mesa",
                   "Hagga Basin", "Sihaya Ridge"])
    assert [p.seat for p in dune.prompts(state) if p.kind == spice_blow_card.KIND] == [
        "atreides"]
    state, events = _until(state, 2, "charity", {"blow:atreides": True})
    cards = [e.data["card"] for e in events if e.code == "spice-card"]
    assert cards == ["Old Gap", "Red Chasm"]
    blow = next(c for c in state["decks"]["treachery_removed"]
                if data(state).treachery_card(c).name == "Spice Blow")
    assert state[EXTRA_BLOW]["card"] == blow and state["decks"][EXTRA_PILE]
    assert spice_discards(state)[-1] == EXTRA_PILE
    state, events = _until(state, 3, "charity")
    turned = [(e.data["pile"], e.data["card"]) for e in events if e.code == "spice-card"]
    assert turned[0] == (1, "Cielago North") and turned[1][0] == 2
    assert any(e.code == "nexus" for e in events)
    assert any(e.code == "extra-blow-ended" for e in events)
    assert EXTRA_BLOW not in state and blow in state["decks"]["treachery_discard"]
    assert spice_discards(state) == ("spice_discard",)
    state, events = _until(state, 4, "charity")
    assert [e.data["pile"] for e in events if e.code == "spice-card"] == [1]


def test_001_3_06_05_the_first_additional_blow_shuffles_back_what_is_no_territory():
    """"revealing cards (shuffling all non-territory cards Revealed this way back into the
    deck) until a Territory Card is revealed": a worm turned by the first additional blow goes
    back into the deck, and calls no Nexus."""
    state = _game(["Old Gap", "Shai-Hulud", "Red Chasm", "Cielago North"])
    state, events = _until(state, 2, "charity", {"blow:atreides": True})
    assert [e.data["card"] for e in events if e.code == "spice-card"] == ["Old Gap",
                                                                        "Red Chasm"]
    assert any(e.code == "worm-reshuffled" for e in events)
    assert not any(e.code == "nexus" for e in events)
    worms = [c for c in state["decks"]["spice"] if data(state).spice_card(c).is_shai_hulud]
    assert len(worms) >= 1 and state[EXTRA_BLOW]
