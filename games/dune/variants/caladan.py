"""Caladan's High side (001 4.10.12 "Caladan", the homeworlds option): "When you win a battle,
you may add one force from your reserves to the territory or homeworld where the battle
occurred as long as you have one force already there".

By mail the Atreides' choice is a standing word, riding on any mail round in which they are
asked while their homeworld is in play (``homeworld_words``): ``CALADAN REINFORCE``
(each battle they win while Caladan is on its High side) or ``CALADAN NONE`` (the default).
Nobody waits for it and nobody else is told of it; the force added is public.  Ruling: the
force goes to the sector of the battle where they have the most forces left (the first in
board order on a tie); with no force left there, or none in the reserves, none goes.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..forces import add_forces, plain, take
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..prompt_key import PromptKey
from ..state import State
from . import homeworld_words

KIND = "caladan"
REINFORCE, NONE = "REINFORCE", "NONE"


def kind_of(game: Any, seat: str) -> str | None:
    """The kind of the seat's word, if a homeworld of it in play has the power, on either
    side."""
    return KIND if homeworlds.in_game(game) and homeworlds.reinforces(
        game, seat, any_side=True) else None


def prompt(state: State, seat: str) -> Prompt:
    """Their standing word, optional."""
    now = bool(state["factions"][seat].get(KIND))
    legal = ("CALADAN REINFORCE: each battle you win while Caladan is on its High side, one "
             "force from your reserves joins your forces left where it was fought (001 4.10.12 "
             "\"Caladan\"); CALADAN NONE: none; your word stands until you send another.")
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True, legal, now, text(state, now),
                  text(state, now), optional=True, title="your word on Caladan's reinforcement")


def read(state: State, prompt_: Prompt, words: list[str]) -> bool:
    said = " ".join(words).strip().upper()
    if said not in (REINFORCE, NONE):
        raise OrderProblem(ErrorCode.BAD_REINFORCE, f"expected CALADAN {REINFORCE} or CALADAN "
                           f"{NONE}, not {said!r}", (f"CALADAN {REINFORCE}", f"CALADAN {NONE}"))
    return said == REINFORCE


def text(game: Any, value: bool) -> str:
    return f"CALADAN {REINFORCE if value else NONE}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> bool:
    return rng.random() < 0.5


order_kind(OrderKind(KIND, ("CALADAN",), read, text, random=_random))


def given(state: State, seat: str, value: bool) -> list[Event]:
    """The word kept in their sheet (told to them alone when it changes)."""
    if bool(state["factions"][seat].get(KIND)) == value:
        return []
    state["factions"][seat][KIND] = value
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]


def reinforced(state: State, seat: str, winner: str | None, territory: str) -> list[Event]:
    """The battle won: one force from the reserves where they have forces left, by their word,
    Caladan on its High side."""
    reserve = state["factions"][seat]["reserve"]
    kind = plain(state, seat)
    if (winner != seat or not state["factions"][seat].get(KIND) or not reserve.get(kind)
            or not homeworlds.reinforces(state, seat)):
        return []
    left = [(sum(by_faction[seat].values()), int(sector))
            for sector, by_faction in state["forces"].get(territory, {}).items()
            if sum(by_faction.get(seat, {}).values())]
    if not left:
        return []
    sector = min(left, key=lambda entry: (-entry[0], entry[1]))[1]
    take(reserve, {kind: 1})
    add_forces(state, seat, territory, sector, {kind: 1})
    return [Event(EventCode.HOMEWORLD_REINFORCED, {"faction": seat, "territory": territory,
                                                   "forces": {kind: 1}})]


homeworld_words.word(homeworld_words.Word(
    kind_of, prompt, lambda state, seat, kind, value: given(state, seat, value),
    won=lambda state, seat, territory: reinforced(state, seat, seat, territory)))
