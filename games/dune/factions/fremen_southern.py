"""The Southern Hemisphere's High side (001 4.10.12 "Southern Hemisphere", the homeworlds
option, advanced: the Fedaykin, 2.04.19): "Your starred "Fedaykin" forces may be placed
immediately into any territory where you have forces when revived".

By mail the Fremen's choice is a standing word, riding on any mail round in which they are
asked while their homeworld is in play (``Faction.standing_prompts``): ``FEDAYKIN TO
<territory>`` (each revival while the Southern Hemisphere is on its High side, their Fedaykin
revived go there, where they still have forces) or ``FEDAYKIN NONE`` (the default: to their
reserves).  Nobody waits for it and nobody else is told of it; the forces placed are public
(``Homeworlds.forces_revived`` places them).  Ruling: into the sector of the territory where
they have the most forces (the first in board order on a tie).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..forces import kinds
from ..orders.language import OrderKind, OrderProblem, order_kind, read_territory
from ..prompt_key import PromptKey
from ..state import State, data

KIND = "fedaykin"


def offered(game: Any, seat: str) -> bool:
    """Whether a homeworld of the seat in play places its revived forces of a kind in play (the
    Fedaykin: the advanced game's), on either side."""
    return bool(set(homeworlds.sends(game, seat, any_side=True))
                & {kind.name for kind in kinds(game, seat)})


def prompt(state: State, seat: str) -> Prompt:
    """Their standing word, optional."""
    now = state["factions"][seat].get(homeworlds.SEND)
    legal = ("FEDAYKIN TO <territory>: each revival while the Southern Hemisphere is on its "
             "High side, your Fedaykin revived go at once to that territory, where you still "
             "have forces (001 4.10.12 \"Southern Hemisphere\"); FEDAYKIN NONE: to your "
             "reserves; your word stands until you send another.")
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True, legal, now, text(state, now),
                  text(state, now), optional=True, options={"territories": _theirs(state, seat)},
                  title="your word on your revived Fedaykin")


def _theirs(game: Any, seat: str) -> list[str]:
    """The territories of the planet where the seat has forces, in board order."""
    return [t.name for t in data(game).board.territories
            if any(seat in by_faction for by_faction in game["forces"].get(t.name, {}).values())]


def read(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    upper = [w.upper() for w in words]
    valid = ("FEDAYKIN NONE", *(f"FEDAYKIN TO {t}" for t in _theirs(state, prompt_.seat)))
    if upper == ["NONE"]:
        return None
    if upper[:1] != ["TO"] or len(words) < 2:
        raise OrderProblem(ErrorCode.BAD_FEDAYKIN, "expected FEDAYKIN TO <territory> or "
                           "FEDAYKIN NONE", valid)
    territory, _ = read_territory(state, words[1:])
    if homeworlds.is_homeworld(state, territory.name):
        raise OrderProblem(ErrorCode.BAD_FEDAYKIN, "a territory of the planet, not a homeworld "
                           "(001 4.10.11)", valid)
    return territory.name


def text(game: Any, value: str | None) -> str:
    return f"FEDAYKIN TO {value}" if value else "FEDAYKIN NONE"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    territories = prompt_.options.get("territories", [])
    return rng.choice(territories) if territories and rng.random() < 0.5 else None


order_kind(OrderKind(KIND, ("FEDAYKIN",), read, text, random=_random))


def given(state: State, seat: str, value: str | None) -> list[Event]:
    """The word kept in their sheet (told to them alone when it changes)."""
    if state["factions"][seat].get(homeworlds.SEND) == value:
        return []
    if value:
        state["factions"][seat][homeworlds.SEND] = value
    else:
        state["factions"][seat].pop(homeworlds.SEND, None)
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]
