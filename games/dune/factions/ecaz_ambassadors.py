"""Ecaz's Ambassadors (001 2.11.04, 2.11.06-10, 2.11.17), text A, by mail.

- Supply (2.11.04): their own Ambassador and five drawn at random, face up in front of their
  shield; the others wait aside.
- AMBASSADORS (2.11.06-07): after the revival round they may place Ambassadors of their supply
  in strongholds not in the storm that hold none, 1 spice for the first of the turn, 2 for the
  second, and so on.  By mail, ``AMBASSADOR <token> IN <stronghold>`` lines, an optional
  decision of the revival round carried out once its revivals are over, in the order given,
  each that is still possible and paid for.
- The trigger (2.11.08): when another faction (not their ally, not Bene Gesserit advisors, not
  the faction the token depicts) enters the stronghold, they may trigger it, and set it aside.
  By mail they decide ahead (``token_triggers``: ``TRIGGER ...`` lines, part of the same
  decision), so a trigger costs the mover no mail round and nobody learns the token from a
  wait.  A triggered Ambassador is turned face up, its effect carried out (2.11.17) and it goes
  aside (Ecaz's own back to the supply, 2.11.17.12); once the five drawn have all been
  triggered, five more are drawn (2.11.09).

Rulings (docs/rules-coverage.md, "001 2.11 Ecaz"):

- 2.11.04 puts the supply face up in front of the shield; 2.11.06 does not say how a placed
  Ambassador lies.  It lies face down (the published game's way, and the only way 2.11.08's
  "you may trigger" is a secret worth keeping): the others know which tokens left the supply,
  not which went where.
- The effects that need a choice of Ecaz not yet given by mail (Bene Gesserit, Fremen, Spacing
  Guild, Ixians, CHOAM, Ecaz's own: 2.11.17.03, .05, .07, .08, .10, .12) are not yet built
  (issue 31): their tokens never trigger (a trigger is Ecaz's choice, "you may"), and lie
  where they were placed.
- A random pick (the Harkonnen Ambassador's traitor card, a restocked treachery deck, a new
  supply) is made by a generator seeded from the whole state, whose hidden parts (the decks'
  order) no player knows: the trigger comes in the middle of a move, where no step's generator
  reaches.
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from pbem.game import Event, Prompt

from .. import leaders, tokens
from ..codes import EventCode
from ..data import Ability, TokenKind
from ..decks import draw_treachery
from ..forces import add, spread_up_to, take, total
from ..state import State, ally_of, data
from .base import hand_limit, has

ROUND = "revival"           # the round whose decision places them (2.11.06: "After Revival")
KIND = "ambassadors"        # the decision's kind, and its key ``ambassadors:ecaz``
TOKEN = "ambassador"        # their kind on the token layer (data/ecaz/tokens.yaml)
DRAWN = 5                   # 2.11.04: "5 random Ambassador tokens"
# The Ambassadors whose effect is built (2.11.17), by value
BUILT = ("atreides", "emperor", "harkonnen", "tleilaxu", "richese")
EMPEROR_SPICE = 5           # 2.11.17.04
TLEILAXU_FORCES = 4         # 2.11.17.09
RICHESE_PRICE = 3           # 2.11.17.11


def kind_of(game: Any) -> TokenKind:
    """Their kind of token in the game's data."""
    return data(game).token_kind(TOKEN)


def _rng(state: State) -> random.Random:
    """A generator seeded from the whole state (module docstring)."""
    return random.Random(orjson.dumps(state, option=orjson.OPT_SORT_KEYS))


def supply(game: Any, seat: str) -> list[str]:
    """The values of the Ambassadors in ``seat``'s supply, in front of its shield (a state or a
    view: public, face up)."""
    return [t["value"] for t in tokens.of(game)
            if t["kind"] == TOKEN and t["owner"] == seat and t["at"] == tokens.FRONT]


def _pool(state: State) -> list[str]:
    """The Ambassadors waiting aside to be drawn."""
    return [t["value"] for t in tokens.of(state) if t["kind"] == TOKEN and t["at"] == tokens.ASIDE]


# --- set-up and refreshing the supply
def draw_supply(state: State, seat: str, rng: random.Random) -> list[Event]:
    """2.11.04, 2.11.09: five Ambassadors drawn at random into the supply, face up."""
    if not has(state, seat, Ability.AMBASSADORS) or not tokens.of(state):
        return []
    pool = sorted(_pool(state))
    drawn = rng.sample(pool, min(DRAWN, len(pool)))
    for value in drawn:
        token = tokens.find(state, TOKEN, value)
        tokens.place(token, seat, tokens.FRONT)
        tokens.turn(token, tokens.UP)
    state["factions"][seat]["drawn"] = sorted(drawn)
    state["factions"][seat]["triggered"] = []
    names = [kind_of(state).token(v).name for v in sorted(drawn)]
    return [Event(EventCode.AMBASSADORS_DRAWN, {"faction": seat, "tokens": names})]


# --- the decision of the revival round
def decision(state: State, seat: str, standing: str) -> Prompt | None:
    """Their Ambassadors to place and their standing answers (``standing``: those given, in
    words): optional, sendable ahead."""
    if not has(state, seat, Ability.AMBASSADORS):
        return None
    kind = kind_of(state)
    held = supply(state, seat)
    free = open_strongholds(state)
    names = ", ".join(kind.token(v).name for v in held) or "none"
    legal = (f"AMBASSADOR <token> IN <stronghold>, a line each: Ambassadors of your supply "
             f"({names}) placed face down once this round's revivals are over, in strongholds "
             f"not in the storm that hold none ({', '.join(free) or 'none now'}), 1 spice for "
             f"the first this turn, 2 for the second... (001 2.11.06-07). TRIGGER <token or ALL> "
             f"ALL | NONE | EXCEPT <faction>, ... | ONLY <faction>, ...: your standing answers "
             f"when another faction enters a stronghold with your Ambassador (001 2.11.08); "
             f"now: {standing}. AMBASSADOR NONE: none of these. "
             f"Never waited for.")
    return Prompt(f"{KIND}:{seat}", seat, KIND, True, legal, empty(), "AMBASSADOR NONE",
                  "AMBASSADOR NONE", optional=True, title="your Ambassadors",
                  options={"supply": held, "strongholds": free,
                           "spice": state["factions"][seat]["spice"]})


def open_strongholds(game: Any) -> list[str]:
    """The strongholds not in the storm that hold no Ambassador (2.11.06)."""
    taken = {t.get("territory") for t in tokens.of(game)
             if t["kind"] == TOKEN and t["at"] == tokens.BOARD}
    storm = game["storm"]["sector"]
    return [s.name for s in data(game).board.strongholds
            if s.name not in taken and storm not in s.sectors]


def empty() -> dict[str, Any]:
    return {"place": [], "trigger": []}


def decided(state: State, value: dict[str, Any]) -> list[Event]:
    """The placements kept for the round's end."""
    if value.get("place"):
        state["step"]["ambassadors"] = list(value["place"])
    return []


# --- placing (after the revival round)
def place_chosen(state: State, seat: str) -> list[Event]:
    """2.11.06-07: the chosen Ambassadors placed in order, each still in the supply, its
    stronghold open and its price paid (1, then 2, ... this turn); face down."""
    wanted = state["step"].pop("ambassadors", [])
    own = state["factions"][seat]
    if own.get("placed_turn") != state["turn"]:
        own["placed_turn"], own["placed"] = state["turn"], 0
    events = []
    for value, territory in wanted:
        price = own["placed"] + 1
        if (value not in supply(state, seat) or territory not in open_strongholds(state)
                or own["spice"] < price):
            continue
        own["spice"] -= price
        own["placed"] = price
        (sector,) = data(state).board[territory].sectors
        token = tokens.find(state, TOKEN, value)
        tokens.place(token, seat, tokens.BOARD, territory, sector)
        tokens.turn(token, tokens.DOWN)
        events.append(Event(EventCode.AMBASSADOR_PLACED, {"faction": seat,
                                                          "territory": territory,
                                                          "cost": price}))
    return events


# --- the trigger (2.11.08) and the effects (2.11.17)
def entered(state: State, seat: str, token: dict[str, Any], mover: str, advisors: bool
            ) -> list[Event]:
    """Another faction entered the stronghold of one of their Ambassadors, and their standing
    answers want it triggered: triggered if the rules let it."""
    value = token["value"]
    if (token["kind"] != TOKEN or mover in ally_of(state, seat) or advisors or value == mover
            or value not in BUILT or not has(state, seat, Ability.AMBASSADORS)):
        return []
    territory = token["territory"]
    tokens.turn(token, tokens.UP)
    events = [Event(EventCode.AMBASSADOR_TRIGGERED, {
        "faction": seat, "token": kind_of(state).token(value).name, "by": mover,
        "territory": territory})]
    events += EFFECTS[value](state, seat, mover)
    tokens.place(token, None, tokens.ASIDE)
    state["factions"][seat].setdefault("triggered", []).append(value)
    return events + _refreshed(state, seat)


def _refreshed(state: State, seat: str) -> list[Event]:
    """2.11.09: once the five drawn have all been triggered, five more are drawn."""
    own = state["factions"][seat]
    if not own.get("drawn") or not set(own["drawn"]) <= set(own.get("triggered", [])):
        return []
    return draw_supply(state, seat, _rng(state))


def _atreides(state: State, seat: str, mover: str) -> list[Event]:
    """2.11.17.02: see that faction's hand."""
    return [Event(EventCode.AMBASSADOR_HAND_SEEN, {
        "faction": seat, "of": mover, "cards": sorted(state["factions"][mover]["hand"])},
        to=(seat, mover))]


def _emperor(state: State, seat: str, mover: str) -> list[Event]:
    """2.11.17.04: 5 spice from the bank."""
    state["factions"][seat]["spice"] += EMPEROR_SPICE
    return [Event(EventCode.AMBASSADOR_SPICE, {"faction": seat, "spice": EMPEROR_SPICE})]


def _harkonnen(state: State, seat: str, mover: str) -> list[Event]:
    """2.11.17.06: look at a random traitor card that faction holds."""
    held = sorted(state["factions"][mover]["traitors"])
    card = _rng(state).choice(held) if held else None
    return [Event(EventCode.AMBASSADOR_TRAITOR_SEEN, {"faction": seat, "of": mover,
                                                      "traitor": card}, to=(seat, mover))]


def _tleilaxu(state: State, seat: str, mover: str) -> list[Event]:
    """2.11.17.09: up to 4 of their forces revived free, or one of their leaders.  Ruling: not
    asked (it comes in the middle of another's move): their forces while any are in the
    tanks, else their strongest leader there, outside the revival round's count of leaders
    (as a card's revival is, ``leaders.note_revived``)."""
    own = state["factions"][seat]
    forces = spread_up_to(own["tanks"], TLEILAXU_FORCES, sorted(own["tanks"]))
    dead = leaders.in_tanks(own["leaders"])
    leader = None
    if forces:
        take(own["tanks"], forces)
        add(own["reserve"], forces)
    elif dead:
        leader = max(sorted(dead), key=lambda name: data(state).leader(name).strength)
        own["leaders"][leader] = leaders.ALIVE
    return [Event(EventCode.AMBASSADOR_REVIVED, {"faction": seat, "forces": total(forces),
                                                 "leader": leader})]


def _richese(state: State, seat: str, mover: str) -> list[Event]:
    """2.11.17.11: 3 spice to the bank for the top treachery card, if the hand has room."""
    own = state["factions"][seat]
    if own["spice"] < RICHESE_PRICE or len(own["hand"]) >= hand_limit(state, seat):
        return []
    card, events = draw_treachery(state, _rng(state))
    if card is None:
        return events
    own["spice"] -= RICHESE_PRICE
    own["hand"].append(card)
    return events + [Event(EventCode.AMBASSADOR_CARD, {"faction": seat, "cost": RICHESE_PRICE}),
                     Event(EventCode.AMBASSADOR_CARD_DRAWN, {"faction": seat, "card": card},
                           to=(seat,))]


EFFECTS = {"atreides": _atreides, "emperor": _emperor, "harkonnen": _harkonnen,
           "tleilaxu": _tleilaxu, "richese": _richese}
