"""Tupile (001 4.10.12 "Tupile", the homeworlds option), CHOAM's homeworld.

LOW THRESHOLD: "Once per faction, when on another homeworld or if another faction is on
Tupile, force that faction to tell you how much spice they have and the number of weapons or
defenses they hold".  By mail CHOAM's question is an optional decision riding on any mail round
in which it is asked while it may put one (``Faction.standing_prompts``): ``TUPILE ASK
<faction>`` (a faction with forces on Tupile, or whose homeworld CHOAM's forces are on, not
asked before) or ``TUPILE NONE`` (the default).  It is carried out as the round's orders are,
never waited for: everyone is told CHOAM put the question, CHOAM and that faction the answer
(its spice and the weapons and defenses in its hand, counted).  Not while Tupile is occupied:
"CHOAM lose their low-threshold advantage".

OCCUPIED: "Occupier and their ally's hand size is increased by 1 (discard down to normal
limit when not occupying Tupile)".

CHOAM's homeworld raises the hand limit of its occupier and their ally for the turn of the
occupation (``Choam.hand_limit_cut``, negative: ``board.homeworlds.hand_bonus``).  Ruling: as
the turn ends, its occupations over, a hand over its limit discards at random, face up (by
mail no round is spent on it, as with the Moritani's Atomics, 2.12.14.03); the generator is
seeded from the whole state, so a replay discards the same cards.  An ally whose alliance with
the occupier ends (in a Nexus, by the Sandtrout, by the Kull Wahad) is "their ally" no more:
ruling, its hand over its limit discards so at once (``ally_left``).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..data import CardCategory
from ..discard_pile import discard
from ..orders.language import OrderKind, OrderProblem, order_kind, read_faction
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, data, faction_name, state_rng
from .base import hand_limit

KIND = "tupile"
ASKED = "tupile_asked"      # CHOAM's sheet: the factions questioned (public)


def hand_bonus(state: State, seat: str) -> int:
    """The cards more ``seat`` may hold this turn, Tupile's occupier or their ally."""
    return homeworlds.hand_bonus(state, seat) if state.get("places") else 0


def turn_ends(state: State) -> list[Event]:
    """The last phase of the turn over (its occupations ended): every hand over its limit
    discards at random."""
    if state["phase"] != rules_of(state).phases[-1] or not state.get("places"):
        return []
    return _discarded(state, state["seats"])


def ally_left(state: State, alliance: list[str]) -> list[Event]:
    """An alliance just ended: each of its factions whose hand is over its limit, now no
    longer the occupier's ally, discards at random at once."""
    return _discarded(state, alliance) if state.get("places") else []


def _discarded(state: State, seats: list[str]) -> list[Event]:
    """Each of ``seats`` (in seat order) whose hand is over its limit discards at random."""
    rng = state_rng(state)
    events = []
    for seat in [s for s in state["seats"] if s in seats]:
        hand = state["factions"][seat]["hand"]
        while len(hand) > hand_limit(state, seat):
            card = hand.pop(rng.randrange(len(hand)))
            discard(state, seat, card)
            events.append(Event(EventCode.HAND_LIMIT_DISCARD, {"faction": seat, "card": card,
                                                               "rule": "4.10.12"}))
    return events


# --- the question (Low Threshold)
def askable(game: Any, seat: str) -> list[str]:
    """The factions CHOAM may question now, in seat order."""
    if not game.get("places"):
        return []
    mine = [p for p in homeworlds.of(game, seat) if p.homeworld and p.homeworld.low_questions
            and homeworlds.side(game, p) == homeworlds.LOW and not homeworlds.occupiers(game, p)]
    if not mine:
        return []
    found = {s for p in mine for s in homeworlds.invaders(game, p)}
    found |= {homeworlds.native(game, p) for p in homeworlds.placed(game)
              if p not in mine and seat in homeworlds.invaders(game, p)}
    asked = game["factions"][seat].get(ASKED, [])
    return [s for s in game["seats"] if s in found and s not in asked and s != seat]


def prompt(state: State, seat: str) -> Prompt:
    targets = askable(state, seat)
    legal = ("TUPILE ASK <faction>: that faction tells you its spice and how many weapons and "
             "defenses it holds, once a game (001 4.10.12 \"Tupile\", Tupile on its Low side); "
             f"now: {', '.join(faction_name(s, state) for s in targets)}; TUPILE NONE: not now.")
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True, legal, None, "TUPILE NONE",
                  "TUPILE NONE", optional=True, options={"targets": targets},
                  title="your question from Tupile")


def read(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    upper = [w.upper() for w in words]
    targets = askable(state, prompt_.seat)
    valid = ("TUPILE NONE", *(f"TUPILE ASK {faction_name(s, state)}" for s in targets))
    if upper == ["NONE"]:
        return None
    if upper[:1] != ["ASK"]:
        raise OrderProblem(ErrorCode.BAD_TUPILE, "expected TUPILE ASK <faction> or TUPILE NONE",
                           valid)
    return read_faction(state, words[1:], targets)


def text(game: Any, value: str | None) -> str:
    return f"TUPILE ASK {faction_name(value, game)}" if value else "TUPILE NONE"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    targets = prompt_.options.get("targets", [])
    return rng.choice(targets) if targets and rng.random() < 0.5 else None


order_kind(OrderKind(KIND, ("TUPILE",), read, text, random=_random))


def asked(state: State, seat: str, value: str | None) -> list[Event]:
    """The question put, if it still may be: public; the answer to CHOAM and that faction."""
    if not value or value not in askable(state, seat):
        return []
    state["factions"][seat].setdefault(ASKED, []).append(value)
    cards = [data(state).treachery_card(c).category for c in state["factions"][value]["hand"]]
    return [Event(EventCode.TUPILE_QUESTION, {"faction": seat, "of": value}),
            Event(EventCode.TUPILE_ANSWER, {
                "faction": value, "spice": state["factions"][value]["spice"],
                "weapons": cards.count(CardCategory.WEAPON),
                "defenses": cards.count(CardCategory.DEFENSE)}, to=(seat, value))]
