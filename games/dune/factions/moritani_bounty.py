"""The Moritani's Bounty Board of traitor cards (001 2.12.04-05, 2.12.17, text B), by mail.

- 2.12.04: at the start of the traitors' set-up, without looking, one random traitor card of
  each faction in play (their own included) is taken and shuffled face down: the Bounty Board.
- 2.12.05: they are dealt no traitor cards; they draw two from the Board, keep one as their
  traitor and shuffle the other back.
- 2.12.17 (B): in the Mentat Pause they may draw a new traitor card from the Board; an
  unrevealed one they hold is first set aside, and shuffled into the Board after the draw.

By mail: the Board is made as the traitor deck is (``Faction.traitors_set_aside``), their two
cards drawn from it (``Faction.draws_traitors``) and their pick is the set-up's ``TRAITOR``
decision, as every faction's; the card not kept goes back once the picks are in
(``Faction.after_traitors``).  The redraw is a line of their optional decision at War
Continues, ``BOUNTY DRAW`` (``moritani.read``), never waited for.  The Board's cards are nobody's
to see (the Moritani drew "without looking"): no view shows them, the table sees how many lie
there.

Ruling (docs/rules-coverage.md, "001 GF9 expansions: Moritani"): the Board's cards come out of
the traitor deck (one card of a leader lies in one place); a faction with no traitor card left
in the pool gives none.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from ..codes import EventCode
from ..data import Ability
from ..rules import rules_of
from ..state import State, data, faction_name, sheet
from .base import has

BOARD = "bounty_board"          # its place in their sheet


def made(state: State, seat: str, pool: list[str], rng: random.Random) -> list[str]:
    """2.12.04: one random card of each faction in play out of the pool, face down on their
    Board (returned: the cards set aside from the traitor deck)."""
    if not has(state, seat, Ability.BOUNTY_BOARD):
        return []
    board = []
    for other in state["seats"]:
        name = faction_name(other, state)
        own = sorted(leader.name for leader in data(state).leaders_of(
            name, rules_of(state).advantages) if leader.name in pool)
        if own:
            board.append(rng.choice(own))
    rng.shuffle(board)
    state["factions"][seat][BOARD] = board
    return list(board)


def drawn(state: State, seat: str) -> list[str] | None:
    """2.12.05: their draw, two from the top of the Board (None without the power)."""
    if not has(state, seat, Ability.BOUNTY_BOARD):
        return None
    board = state["factions"][seat][BOARD]
    return [board.pop() for _ in range(min(sheet(seat, state).traitors_drawn, len(board)))]


def picked(state: State, seat: str, rng: random.Random) -> list[Event]:
    """2.12.05: the card drawn and not kept shuffled back into the Board."""
    if not has(state, seat, Ability.BOUNTY_BOARD):
        return []
    own = state["factions"][seat]
    back = [card for card in own["traitor_draw"] if card not in own["traitors"]]
    own[BOARD] += back
    rng.shuffle(own[BOARD])
    return [Event(EventCode.BOUNTY_BOARD, {"faction": seat, "cards": len(own[BOARD])})]


def redraw(state: State, seat: str, rng: random.Random) -> list[Event]:
    """2.12.17 (B): a new traitor card from the Board, their unrevealed one set aside first
    and shuffled in after."""
    own = state["factions"][seat]
    if not has(state, seat, Ability.BOUNTY_BOARD) or not own.get(BOARD):
        return []
    aside, own["traitors"] = own["traitors"], []
    new = own[BOARD].pop()
    own["traitors"].append(new)
    own[BOARD] += aside
    rng.shuffle(own[BOARD])
    return [Event(EventCode.BOUNTY_REDRAW, {"faction": seat}),
            Event(EventCode.TRAITOR, {"leader": new}, to=(seat,))]


def in_front(state: State, seat: str) -> dict[str, Any]:
    """How many cards lie on their Board, face down (public)."""
    board = state["factions"][seat].get(BOARD)
    return {"bounty_board": len(board)} if board is not None else {}
