"""The treachery discard pile's one way in: every card a faction discards goes through
``discard``, so that a power acting "when another player discards" (001 3.03.10: the Semuta
Drug, ``cards.semuta``) sees every discard of the engine."""

from __future__ import annotations

from typing import Any

from .data import Effect
from .schema import State
from .state import data


def discard(state: State, seat: str | None, card: str) -> None:
    """A treachery card a faction (``seat``) discards, onto the discard pile.  While another
    faction stands ready with a Semuta Drug (its sheet's ``semuta``), the card is noted
    (``state["discarded"]``) so that it may take it before it lies there (``cards.semuta``, as
    the step ends)."""
    state["decks"]["treachery_discard"].append(card)
    if seat is not None and any(other != seat and state["factions"][other].get("semuta")
                                for other in state["seats"]):
        state.setdefault("discarded", []).append([seat, card])


def only_in_a_plan(game: Any, card: str) -> bool:
    """Whether a card (its id) may be discarded only by playing it in a battle plan,
    never by a power's or a variant's discard of a card of choice (001 3.06.04, the Orange
    Catholic Bible: "You can only discard it by playing it in your Battle Plan"; 001 4 item 3:
    a card's text over the powers')."""
    return Effect.DISCARDED_ONLY_IN_A_PLAN in data(game).treachery_card(card).effects
