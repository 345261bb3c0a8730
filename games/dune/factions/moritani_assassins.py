"""The Moritani's ASSASSINATE LEADERS (001 2.12.20-21, text A, advanced), by mail.

- 2.12.20: losing a battle in which the opponent's leader disc lived and no traitor was called,
  they may reveal a traitor card of that same faction (not the leader they faced); if that
  leader is not in the tanks it is killed and they collect spice for it.  At War Continues the
  revealed card is set aside face up as a marker and they draw a new traitor card.  Once
  against each faction in the game.
- 2.12.21: a traitor card of theirs revealed the normal way (a traitor called) loses them the
  ability.

By mail the choice is theirs ahead, a standing word kept behind their shield and part of their
optional decision of War Continues and of the revival round (``moritani.read``): ``ASSASSINATE
ALL`` (the default), ``NONE``, ``EXCEPT <faction>, ...`` or ``ONLY <faction>, ...``; so the
battle waits for nobody and nobody learns their traitor from a wait.

Rulings (docs/rules-coverage.md, "001 GF9 expansions: Moritani"):

- the card is revealed only where it kills: a leader of that faction alive in its pool (not in
  the tanks, nor held captive by the Harkonnen: "kill that leader" asks for one to kill); the
  spice collected is what a battle pays for it (its strength; Zoal's, 3, as 2.12.14.02);
- "no Traitor was called" and "a leader disc": a battle decided by its totals, the winner's
  leader (not a Cheap Hero) alive after it; with several traitor cards of that faction, the
  first in their hand's order;
- 2.12.21 "this ability is lost": for the rest of the game, against every faction.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from .. import leaders
from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..orders.language import OrderProblem, read_factions
from ..state import State, data, faction_name
from .base import has

ALL = "*"
EXAMPLES = ("ASSASSINATE ALL", "ASSASSINATE NONE", "ASSASSINATE EXCEPT Atreides")


# --- their standing word
def read(game: Any, owner: str, words: list[str]) -> dict[str, bool]:
    """``ASSASSINATE ALL | NONE | EXCEPT <faction>, ... | ONLY <faction>, ...`` (the verb left
    out): ``{seat or *: bool}``."""
    said = [w.upper() for w in words]
    if said in ([], ["ALL"]):
        return {ALL: True}
    if said == ["NONE"]:
        return {ALL: False}
    if said[0] not in ("EXCEPT", "ONLY") or len(said) < 2:
        raise OrderProblem(ErrorCode.BAD_TERROR, "expected ASSASSINATE ALL, NONE, EXCEPT "
                           "<faction>, ... or ONLY <faction>, ... (001 2.12.20)", EXAMPLES)
    named = read_factions(game, words[1:], [s for s in game["seats"] if s != owner])
    return {ALL: said[0] == "EXCEPT", **{s: said[0] == "ONLY" for s in named}}


def text(game: Any, value: dict[str, bool]) -> str:
    named = [faction_name(s, game) for s in game["seats"] if s in value]
    if not named:
        return f"ASSASSINATE {'ALL' if value.get(ALL, True) else 'NONE'}"
    return (f"ASSASSINATE {'EXCEPT' if value.get(ALL, True) else 'ONLY'} "
            f"{', '.join(named)}")


def standing(game: Any, seat: str) -> dict[str, bool]:
    """Their standing word now (none given: every faction)."""
    return dict(game["factions"][seat].get("assassinate") or {ALL: True})


def random_word(view: dict[str, Any], seat: str, rng: random.Random) -> dict[str, bool]:
    """A bot's: every faction, none, or every faction but one."""
    others = [s for s in view["seats"] if s != seat]
    return rng.choice([{ALL: True}, {ALL: False}, {ALL: True, rng.choice(others): False}])


# --- the battle (2.12.20-21)
def battle_decided(state: State, seat: str, outcome: Any, plans: dict[str, dict[str, Any]]
                   ) -> list[Event]:
    """A traitor of theirs called: the ability lost (2.12.21); a battle they lost by its
    totals: a traitor card of the winner's faction revealed, if their standing word lets it
    and it kills (2.12.20)."""
    own = state["factions"][seat]
    if not has(state, seat, Ability.ASSASSINATE) or own.get("assassin_lost"):
        return []
    if seat in outcome.callers:
        own["assassin_lost"] = True
        return [Event(EventCode.ASSASSINATION_LOST, {"faction": seat})]
    winner = outcome.winner
    if (outcome.kind != "battle" or outcome.loser != seat or winner is None
            or not plans[winner]["leader"] or winner in outcome.killed
            or winner in own.get("assassinations", {})
            or not standing(state, seat).get(winner, standing(state, seat).get(ALL, True))):
        return []
    pool = state["factions"][winner]["leaders"]
    card = next((c for c in own["traitors"] if c != plans[winner]["leader"]
                 and pool.get(c) == leaders.ALIVE), None)
    if card is None:
        return []
    own["traitors"].remove(card)
    own.setdefault("assassinations", {})[winner] = card
    pool[card] = leaders.TANKS
    spice = leaders.killed_price(data(state).leader(card))
    own["spice"] += spice
    return [Event(EventCode.LEADER_ASSASSINATED, {"faction": seat, "of": winner, "leader": card,
                                                  "spice": spice})]


def war_continues(state: State, seat: str) -> list[Event]:
    """The cards revealed since the last Mentat Pause set aside face up as markers (they stay
    in ``assassinations``), a new traitor card drawn for each (2.12.20)."""
    own = state["factions"][seat]
    due = [card for card in own.get("assassinations", {}).values()
           if card not in own.get("assassin_replaced", [])]
    events: list[Event] = []
    for card in due:
        own.setdefault("assassin_replaced", []).append(card)
        deck = state["decks"]["traitors"]
        if not deck:
            continue
        new = deck.pop()
        own["traitors"].append(new)
        events += [Event(EventCode.ASSASSIN_DRAWS, {"faction": seat}),
                   Event(EventCode.TRAITOR, {"leader": new}, to=(seat,))]
    return events


def in_front(state: State, seat: str) -> dict[str, Any]:
    """The traitor cards revealed, face up (by the faction they were used against), and
    whether the ability is lost (public)."""
    own = state["factions"][seat]
    found = {}
    if own.get("assassinations"):
        found["assassinations"] = dict(own["assassinations"])
    if own.get("assassin_lost"):
        found["assassin_lost"] = True
    return found

