"""The treachery discard pile's one way in: every card a faction discards goes through
``discard``, so that a power acting "when another player discards" (001 3.03.10: the Semuta
Drug, ``cards.semuta``) sees every discard of the engine."""

from __future__ import annotations

from .schema import State


def discard(state: State, seat: str | None, card: str) -> None:
    """A treachery card a faction (``seat``) discards, onto the discard pile.  While another
    faction stands ready with a Semuta Drug (its sheet's ``semuta``), the card is noted
    (``state["discarded"]``) so that it may take it before it lies there (``cards.semuta``, as
    the step ends)."""
    state["decks"]["treachery_discard"].append(card)
    if seat is not None and any(other != seat and state["factions"][other].get("semuta")
                                for other in state["seats"]):
        state.setdefault("discarded", []).append([seat, card])
