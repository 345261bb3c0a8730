"""The Juice of Sapho's second and third choices (001 3.03.03): "Go first for any Phase or action
that requires Storm Order (even superseding Guild)", "Go last for any Phase or action that
requires Storm Order (even superseding Guild)".  (Its first, the aggressor in a battle, is a
line of the holder's battle plan, ``battle._juice``.)

By mail (rulings, docs/rules-coverage.md "Richese"): the holder's standing word, an optional
decision riding on any mail round it is asked something else in (key ``sapho:<seat>``, as the
cache's other cards: nobody waits for it, nobody else learns of it): ``SAPHO FIRST <phase>`` or
``SAPHO LAST <phase>``, the phase one taken in storm order (``BIDDING``: the first card's
opener and the turns of the bids; ``MOVEMENT``: the turns of shipment and movement, before or
after the Guild whatever their timing; ``BATTLE``: the aggressors' order), ``SAPHO NONE`` (the
default).  It stands until carried out, as that phase begins: the card discarded (public), the
holder first or last in storm order for the whole phase (``state["storm_place"]``, read by
``state.storm_order``, so every order of the phase follows it; the public view's storm order
shows it); a word whose card has left the hand lapses, told to the holder alone.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import Effect
from ..discard_pile import discard
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..rules import Rules
from ..state import State
from . import cache_words

KIND = "sapho"
WORD = "sapho"              # a holder's sheet: its standing word (``schema.Sheet``)
PLACE = "storm_place"       # the state: the holder's place in storm order this phase
PHASES = {"BIDDING": "bidding", "MOVEMENT": "movement", "SHIPMENT": "movement",
          "BATTLE": "battle"}
NAMES = {"bidding": "BIDDING", "movement": "MOVEMENT", "battle": "BATTLE"}


held = cache_words.holding(Effect.MAKES_AGGRESSOR)     # a hand's Juice of Sapho, if any


def rides(rules: Rules) -> bool:
    """Whether a game of these rules may ask for it: the cache is in play (001 2.10.04)."""
    return bool(rules.cache_sets)


def place(game: Any, phase: str) -> dict[str, str] | None:
    """The holder's place in storm order in ``phase``, while it holds (a state)."""
    found = game.get(PLACE)
    return found if found and found["phase"] == phase else None


# --- the standing word
def prompts(state: State, others: list[Prompt]) -> list[Prompt]:
    """The word of each holder asked something else in this round."""
    return _WORD.prompts(state, others)


def keys(state: State, others: list[str]) -> list[str]:
    """The keys of ``prompts``, from the keys of the other decisions."""
    return _WORD.keys(state, others)


def _read(state: State, prompt: Prompt, words: list[str]) -> dict[str, str] | None:
    said = [w.upper() for w in words]
    valid = ("SAPHO FIRST MOVEMENT", "SAPHO LAST BIDDING", "SAPHO NONE")
    if said == ["NONE"]:
        return None
    if len(said) != 2 or said[0] not in ("FIRST", "LAST") or said[1] not in PHASES:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected SAPHO FIRST or LAST, then BIDDING, "
                           "MOVEMENT or BATTLE", valid)
    return {"place": said[0].lower(), "phase": PHASES[said[1]]}


def _text(game: Any, value: dict[str, str] | None) -> str:
    if not value:
        return "SAPHO NONE"
    return f"SAPHO {value['place'].upper()} {NAMES[value['phase']]}"


_WORD = cache_words.StandingWord(
    KIND, held,
    ("SAPHO FIRST <phase> or SAPHO LAST <phase> (BIDDING, MOVEMENT or BATTLE): as that "
     "phase begins, your Juice of Sapho played, you go first, or last, in its storm "
     "order, even before or after the Guild (001 3.03.03); SAPHO NONE: none."),
    _text, "your Juice of Sapho's place in storm order")


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> Any:
    """Now and then a word (bots)."""
    if rng.random() < 0.7:
        return prompt.default
    return {"place": rng.choice(("first", "last")), "phase": rng.choice(sorted(NAMES))}


order_kind(OrderKind(KIND, ("SAPHO",), _read, _text, random=_random))


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """Each holder's word kept in its sheet, told to it alone when it changes."""
    return _WORD.apply(state, orders)


# --- played as its phase begins
def begins(state: State) -> list[Event]:
    """A place of an earlier phase is over; a word for the phase beginning carried out: the
    card discarded, the holder first or last in storm order through the phase (public)."""
    if PLACE in state and state[PLACE]["phase"] != state["phase"]:
        del state[PLACE]
    events: list[Event] = []
    for seat in state["seats"]:
        own = state["factions"][seat]
        word = own.get(WORD)
        if not word or word["phase"] != state["phase"]:
            continue
        del own[WORD]
        card = held(state, own["hand"])
        if card is None or PLACE in state:
            events.append(Event(EventCode.USE_LAPSED, {"order": _text(state, word)}, to=(seat,)))
            continue
        own["hand"].remove(card)
        discard(state, seat, card)
        state[PLACE] = {"seat": seat, "place": word["place"], "phase": word["phase"]}
        events.append(Event(EventCode.SAPHO_PLACE, {"faction": seat, **word}))
    return events
