"""The Moritani's Bounty Board of traitor cards (001 2.12.04-05, 2.12.17, text B) and their
Bounty (2.12.19, text B, advanced), by mail.

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

The Bounty (2.12.19 B, advanced): besides its normal use their traitor card may be cashed ALIVE
(when its leader dies in a battle, the card revealed and the spice collected for that death
theirs) or DEAD (in the collection round, its leader in the tanks, the card revealed for spice
equal to its strength); a card revealed for any reason, a traitor call too, lies face up in
front of their shield for the rest of the game, its leader face down in the tanks (2.12.19.01).
By mail a standing word of their decision of War Continues and of the revival round: ``BOUNTY
ALIVE``, ``BOUNTY DEAD``, ``BOUNTY ALIVE AND DEAD`` or ``BOUNTY HOLD`` (the default: the card
kept for a traitor call).

Rulings (docs/rules-coverage.md, "001 GF9 expansions: Moritani"): the Board's cards come out of
the traitor deck (one card of a leader lies in one place); a faction with no traitor card left
in the pool gives none.  ALIVE takes from the winner the spice it was paid for that leader (none
where no spice was paid: an explosion, no winner); where the Moritani won, the spice is theirs
already and the card stays hidden.  DEAD is cashed once the territories' spice is collected.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from .. import combat, leaders
from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..orders.language import OrderProblem
from ..rules import rules_of
from ..state import State, data, faction_name, sheet
from .base import has

BOARD = "bounty_board"          # its place in their sheet
CASH = "bounty"                 # their standing word: the ways they cash their card
REVEALED = "bounty_revealed"    # their traitor cards revealed, face up in front of the shield
ALIVE, DEAD = "alive", "dead"


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
    """How many cards lie on their Board, face down, and the traitor cards revealed (public)."""
    own = state["factions"][seat]
    found: dict[str, Any] = {"bounty_board": len(own[BOARD])} if BOARD in own else {}
    if own.get(REVEALED):
        found[REVEALED] = list(own[REVEALED])
    return found


# --- the Bounty (2.12.19 B, advanced)
def read_cash(words: list[str]) -> list[str]:
    """``ALIVE``, ``DEAD``, ``ALIVE AND DEAD`` or ``HOLD`` (after BOUNTY)."""
    said = [w.upper() for w in words if w.upper() != "AND"]
    if said == ["HOLD"]:
        return []
    if said and set(said) <= {"ALIVE", "DEAD"} and len(set(said)) == len(said):
        return sorted(w.lower() for w in said)
    raise OrderProblem(ErrorCode.BAD_TERROR, "expected BOUNTY ALIVE, BOUNTY DEAD, BOUNTY ALIVE "
                       "AND DEAD or BOUNTY HOLD (001 2.12.19 B)",
                       ("BOUNTY ALIVE", "BOUNTY HOLD"))


def cash_text(value: list[str]) -> str:
    return "BOUNTY " + (" AND ".join(w.upper() for w in value) or "HOLD")


def _reveal(state: State, seat: str, card: str) -> None:
    """2.12.19.01: the card face up in front of their shield, its leader face down in the
    tanks."""
    own = state["factions"][seat]
    if card in own["traitors"]:
        own["traitors"].remove(card)
    own.setdefault(REVEALED, []).append(card)
    for other in state["seats"]:
        if state["factions"][other]["leaders"].get(card) in leaders.IN_TANKS:
            state["factions"][other]["leaders"][card] = leaders.FACE_DOWN


def battle_decided(state: State, seat: str, outcome: Any, plans: dict[str, dict[str, Any]]
                   ) -> list[Event]:
    """A traitor card of theirs called, or cashed ALIVE as its leader dies (2.12.19.01-02)."""
    if not has(state, seat, Ability.BOUNTY):
        return []
    own, events = state["factions"][seat], []
    for caller in outcome.callers:
        other = next(s for s in plans if s != caller)
        if caller == seat and plans[other]["leader"] in own["traitors"]:
            _reveal(state, seat, plans[other]["leader"])
            events.append(Event(EventCode.BOUNTY_CASHED, {
                "faction": seat, "leader": plans[other]["leader"], "way": "traitor",
                "spice": 0}))
    winner = outcome.winner
    if ALIVE not in own.get(CASH, []) or winner in (None, seat) or outcome.no_leader_spice:
        return events
    for side in outcome.killed:
        name = plans[side]["leader"]
        if name not in own["traitors"]:
            continue
        other = next(s for s in plans if s != side)
        spice = min(combat.leader_value(data(state), {**plans[side], "kh": False}, plans[other]),
                    state["factions"][winner]["spice"])
        state["factions"][winner]["spice"] -= spice
        own["spice"] += spice
        _reveal(state, seat, name)
        events.append(Event(EventCode.BOUNTY_CASHED, {"faction": seat, "leader": name,
                                                      "way": ALIVE, "spice": spice,
                                                      "from": winner}))
    return events


def collected(state: State, seat: str) -> list[Event]:
    """2.12.19.03 DEAD: their traitor card's leader in the tanks, its strength in spice from
    the bank."""
    own = state["factions"][seat]
    if not has(state, seat, Ability.BOUNTY) or DEAD not in own.get(CASH, []):
        return []
    events = []
    for card in list(own["traitors"]):
        if not any(state["factions"][s]["leaders"].get(card) in leaders.IN_TANKS
                   for s in state["seats"]):
            continue
        spice = leaders.killed_price(data(state).leader(card))
        own["spice"] += spice
        _reveal(state, seat, card)
        events.append(Event(EventCode.BOUNTY_CASHED, {"faction": seat, "leader": card,
                                                      "way": DEAD, "spice": spice}))
    return events
