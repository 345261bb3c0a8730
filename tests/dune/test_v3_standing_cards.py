"""Dune v3.0's Cone of Silence (003 "Expanded Treachery", The Duel) and Residual Poison (003
"Changed Treachery Cards"), each set by a standing word any faction may send
(``cards/standing_cards.py``): what the scenario files ``v3_*cone_of_silence*`` and
``v3_*residual_poison*`` do not pin."""

from __future__ import annotations

import random

import pytest

from pbem.games import dune
from pbem.games.dune.cards import standing_cards
from pbem.games.dune.orders.language import parse_orders
from pbem.games.dune.phases import nexus

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]
OPTIONS = {"cone_of_silence": True, "residual_poison": True}


def game(**changes):
    state = dune.setup("v3", OPTIONS, list(SEATS), random.Random(3))
    state.update(changes)
    return state


def prompt(state, seat):
    (found,) = standing_cards.prompts(state, [_asked(seat)])
    return found


def _asked(seat):
    from pbem.game import Prompt
    return Prompt(f"bid:{seat}", seat, "bid", False, "", None, "PASS", "PASS")


def test_003_the_standing_word_is_the_same_for_a_holder_and_for_any_other_faction():
    """Secrets stay secret (TEAM.md): the decision's text, options and default do not depend on
    the hand; in a game without either card nobody is asked it."""
    state = game()
    state["factions"]["atreides"]["hand"] = ["Cone of Silence", "Residual Poison"]
    state["factions"]["fremen"]["hand"] = []
    holder, other = prompt(state, "atreides"), prompt(state, "fremen")
    assert (holder.legal, holder.options, holder.template, holder.optional) == (
        other.legal, other.options, other.template, other.optional)
    assert holder.optional and "CONE OF SILENCE" in holder.legal and "RESIDUAL" in holder.legal
    plain = dune.setup("v3", {"the_duel": True}, list(SEATS), random.Random(3))
    assert standing_cards.prompts(plain, [_asked("atreides")]) == []


def test_003_expanded_treachery_the_cone_names_opponents_and_a_phase():
    """003 "Expanded Treachery": the Cone is played "on named opponents": one's own faction and
    one's allies are refused; ``AT <phase>`` sets it for that phase's beginning."""
    state = game(alliances=[["atreides", "fremen"]])
    asked = [prompt(state, "atreides")]
    parsed = parse_orders(state, "atreides", "CONE OF SILENCE Harkonnen, Emperor AT BIDDING",
                          asked)
    assert not parsed.errors
    (order,) = parsed.orders
    assert order.value == [["Cone of Silence", [["emperor", "harkonnen"], "bidding"]]]
    assert order.text == "CONE OF SILENCE Emperor, Harkonnen AT BIDDING"
    for line in ("CONE OF SILENCE Fremen", "CONE OF SILENCE Atreides", "CONE OF SILENCE",
                 "CONE OF SILENCE Harkonnen AT LUNCH", "RESIDUAL", "STANDING MAYBE"):
        (error,) = parse_orders(state, "atreides", line, asked).errors
        assert error.line == line


def test_003_expanded_treachery_a_cone_set_for_a_phase_is_played_as_it_begins():
    """A Cone set ``AT BIDDING`` plays when the bidding begins, if its sender holds the card
    then: the factions named may not bid until the end of the turn."""
    state = game(phase="bidding", turn=3)
    state["factions"]["atreides"]["hand"] = ["Cone of Silence"]
    state["standing_cards"] = {"atreides": {"Cone of Silence": [["harkonnen"], "bidding"]}}
    (event,) = standing_cards.at_phase_start(state)
    assert event.code == "cone-of-silence" and event.to is None
    assert state["factions"]["atreides"]["hand"] == [] and "standing_cards" not in state
    assert standing_cards.silenced(state, "harkonnen")
    assert not standing_cards.silenced(state, "emperor")
    state["turn"] = 4                       # "until the end of the turn"
    assert not standing_cards.silenced(state, "harkonnen")


def test_003_expanded_treachery_a_silenced_faction_forms_no_alliance():
    """The Cone: the factions named "form no alliance until the end of the turn": their wish
    to ally at a Nexus is void, and so is the alliance it would have made; leaving one is
    still theirs."""
    state = game(turn=3, alliances=[["emperor", "guild"]])
    state["silenced"] = {"turn": 3, "factions": ["harkonnen", "emperor"]}
    orders = {"nexus:atreides": ["harkonnen"], "nexus:harkonnen": ["atreides"],
              "nexus:emperor": []}
    nexus.resolve(state, orders)
    assert state["alliances"] == []
    state["silenced"]["turn"] = 2
    nexus.resolve(state, orders)
    assert state["alliances"] == [["atreides", "harkonnen"]]


def test_003_changed_treachery_cards_the_residual_poison_is_played_by_a_faction_not_in_the_battle():
    """003 "Changed Treachery Cards": "a Battle you are not involved in": a combatant's own
    Residual Poison set stays ready; the first faction in storm order outside the battle with it
    set and held plays it."""
    from pbem.games.dune.orders.battle_plan import empty_plan

    state = game(turn=3)
    state["factions"]["atreides"]["hand"] = ["Snooper #1"]
    state["factions"]["harkonnen"]["hand"] = ["Chaumas", "Residual Poison"]
    plans = {"atreides": {**empty_plan(), "defense": "Snooper"},
             "harkonnen": {**empty_plan(), "weapon": "Chaumas"}}
    state["standing_cards"] = {"harkonnen": {"Residual Poison": True},
                               "emperor": {"Residual Poison": True}}
    (event,) = standing_cards.at_reveal(state, plans)
    assert event.code == "special-unplayed" and event.to == ("emperor",)
    assert plans["atreides"]["defense"] == "Snooper"
    assert state["standing_cards"] == {"harkonnen": {"Residual Poison": True}}
    # a word standing without the card passes the play to the next faction ready
    state["factions"]["harkonnen"]["hand"] = ["Chaumas"]
    state["factions"]["fremen"]["hand"] = ["Residual Poison"]
    state["standing_cards"] = {"emperor": {"Residual Poison": True},
                               "fremen": {"Residual Poison": True}}
    events = standing_cards.at_reveal(state, plans)
    assert {e.code for e in events} == {"special-unplayed", "residual-poison"}
    assert plans["atreides"]["defense"] is None and state["factions"]["fremen"]["hand"] == []


@pytest.mark.parametrize("line", ["RESIDUAL POISON", "CONE OF SILENCE Harkonnen"])
def test_003_a_word_for_a_card_not_in_the_game_is_refused(line):
    """A game with one of the two cards offers only its word."""
    state = dune.setup("v3", {"residual_poison": True}, list(SEATS), random.Random(3))
    asked = [prompt(state, "atreides")]
    errors = parse_orders(state, "atreides", line, asked).errors
    assert bool(errors) == line.startswith("CONE")

