"""Junction's High side (001 4.10.12 "Junction", the homeworlds option): "You may offer to ship
other factions cross-planet (half-price or full) as part of their Shipping action, even to or
from homeworlds (including their own)".

By mail the Guild's offer is a standing word, riding on any mail round in which they are asked
while Junction is in play (``homeworld_words``): ``JUNCTION OFFER HALF|FULL`` (to every other
faction) or ``JUNCTION OFFER HALF|FULL TO <faction> <faction>`` (to those), or ``JUNCTION
NONE`` (the default).  Nobody waits for it and nobody else is told of it; while Junction is on
its High side a faction offered it may ship cross-planet in its own turn, ``SHIP n FROM a TO
b`` (``reach.offered``: the shipment's kinds, its rate and the homeworlds it reaches), paid to
the Guild; its shipping terms say so, to it alone.  Rulings: the offer stands until the Guild
send another; a homeworld of the faction's own is reached as the Guild's own shipment reaches
it, 4.10.04-05 (none lands on its own or its ally's), "including their own" read as a
shipment from it, which its reserves already make.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..orders.language import OrderKind, OrderProblem, order_kind, read_factions
from ..prompt_key import PromptKey
from ..state import State, faction_name
from . import homeworld_words

KIND = "junction"
RATES = ("HALF", "FULL")


def kind_of(game: Any, seat: str) -> str | None:
    """The kind of the seat's word, if a homeworld of it in play offers its shipment."""
    return KIND if homeworlds.in_game(game) and any(
        p.homeworld and p.homeworld.high_offers_shipment for p in homeworlds.of(game, seat)
    ) else None


def _others(game: Any, seat: str) -> list[str]:
    return [s for s in game["seats"] if s != seat]


def prompt(state: State, seat: str) -> Prompt:
    """Their standing word, optional."""
    now = state["factions"][seat].get(homeworlds.OFFER)
    legal = ("JUNCTION OFFER HALF|FULL [TO <faction> <faction>]: while Junction is on its High "
             "side, every other faction (or those named) may ship cross-planet in its turn, "
             "from a territory or a homeworld to another, at half price or full, paid to you "
             "(001 4.10.12 \"Junction\"); JUNCTION NONE: no offer; your word stands until you "
             "send another.  The others: "
             + ", ".join(faction_name(s, state) for s in _others(state, seat)) + ".")
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True, legal, now, text(state, now),
                  text(state, now), optional=True, options={"factions": _others(state, seat)},
                  title="your offer of cross-planet shipments")


def read(state: State, prompt_: Prompt, words: list[str]) -> dict[str, Any] | None:
    """``NONE``, or ``OFFER HALF|FULL`` and optionally ``TO`` and factions."""
    upper = [w.upper() for w in words]
    if upper == ["NONE"]:
        return None
    valid = ("JUNCTION NONE", "JUNCTION OFFER HALF", "JUNCTION OFFER FULL")
    if len(upper) < 2 or upper[0] != "OFFER" or upper[1] not in RATES or (
            len(upper) > 2 and (upper[2] != "TO" or len(upper) == 3)):
        raise OrderProblem(ErrorCode.BAD_JUNCTION, "expected JUNCTION OFFER HALF|FULL [TO "
                           "<faction> ...] or JUNCTION NONE", valid)
    to = read_factions(state, words[3:], _others(state, prompt_.seat)) if len(words) > 3 else []
    return {"rate": upper[1].lower(), "to": sorted(to, key=state["seats"].index)}


def text(game: Any, value: dict[str, Any] | None) -> str:
    if not value:
        return "JUNCTION NONE"
    to = " ".join(faction_name(s, game) for s in value["to"])
    return f"JUNCTION OFFER {value['rate'].upper()}" + (f" TO {to}" if to else "")


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random
            ) -> dict[str, Any] | None:
    others = prompt_.options.get("factions", [])
    if not others or rng.random() < 0.5:
        return None
    return {"rate": rng.choice(("half", "full")),
            "to": [] if rng.random() < 0.5 else [rng.choice(others)]}


order_kind(OrderKind(KIND, ("JUNCTION",), read, text, random=_random))


def given(state: State, seat: str, value: dict[str, Any] | None) -> list[Event]:
    """The word kept in their sheet (told to them alone when it changes)."""
    if state["factions"][seat].get(homeworlds.OFFER) == value:
        return []
    if value:
        state["factions"][seat][homeworlds.OFFER] = {"rate": value["rate"],
                                                     "to": list(value["to"])}
    else:
        state["factions"][seat].pop(homeworlds.OFFER, None)
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]


homeworld_words.word(homeworld_words.Word(
    kind_of, prompt, lambda state, seat, kind, value: given(state, seat, value)))
