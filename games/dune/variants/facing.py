"""Ecaz's Low side (001 4.10.12 "Ecaz", the homeworlds option): "When you and your ally are both
in a battle with another faction, your opponent chooses which one of you fights the battle"
(2.11.19's co-occupied battle).

A mail moderator cannot stop the battle round to ask, so every other faction decides ahead:
a standing word (``homeworld_words``), riding on any mail round in which it is asked while the
card is in play, ``FACING <faction>`` (the faction of the card or their ally, the one it will
fight) or ``FACING NONE`` (the default: the card's faction chooses, 2.11.19).  Nobody waits for
it and nobody else is told of it; it is read as the battle round pairs the sides
(``ecaz_cooccupied.fighter``), on the Low side only.  Ruling: a word naming neither of them
then (the alliance changed) leaves the choice to the card's faction.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..orders.language import OrderKind, OrderProblem, order_kind, read_faction
from ..prompt_key import PromptKey
from ..state import State, ally_of, faction_name
from . import homeworld_words

KIND = "facing"


def _chooser(game: Any, seat: str) -> str | None:
    """The seat of another faction whose card lets its opponents choose, if any."""
    return next((homeworlds.native(game, p) for p in homeworlds.placed(game) if p.homeworld
                 and p.homeworld.low_opponent_chooses
                 and homeworlds.native(game, p) != seat), None)


def kind_of(game: Any, seat: str) -> str | None:
    """The kind of the seat's word, if another faction's homeworld in play has the card."""
    return KIND if homeworlds.in_game(game) and _chooser(game, seat) else None


def _among(game: Any, seat: str) -> list[str]:
    """The card's faction and their allies, but the seat."""
    owner = _chooser(game, seat)
    return [] if owner is None else [s for s in (owner, *ally_of(game, owner)) if s != seat]


def prompt(state: State, seat: str) -> Prompt:
    """Their standing word, optional."""
    now = state["factions"][seat].get(homeworlds.FACING)
    among = _among(state, seat)
    legal = ("FACING <faction>: in a battle against " + " and ".join(
        faction_name(s, state) for s in among) + " both there (co-occupied, 001 2.11.19), the "
        "one you choose fights it, while their homeworld is on its Low side (001 4.10.12 "
        "\"Ecaz\"); FACING NONE: they choose; your word stands until you send another.")
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True, legal, now, text(state, now),
                  text(state, now), optional=True, options={"factions": among},
                  title="your word on whom you fight of a co-occupied alliance")


def read(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    """``NONE`` or a faction of ``_among``."""
    if [w.upper() for w in words] == ["NONE"]:
        return None
    among = _among(state, prompt_.seat)
    if not words:
        raise OrderProblem(ErrorCode.BAD_FACING, "expected FACING <faction> or FACING NONE",
                           ("FACING NONE", *(f"FACING {faction_name(s, state)}"
                                             for s in among)))
    return read_faction(state, words, among)


def text(game: Any, value: str | None) -> str:
    return f"FACING {faction_name(value, game)}" if value else "FACING NONE"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    among = prompt_.options.get("factions", [])
    return rng.choice(among) if among and rng.random() < 0.5 else None


order_kind(OrderKind(KIND, ("FACING",), read, text, random=_random))


def given(state: State, seat: str, value: str | None) -> list[Event]:
    """The word kept in their sheet (told to them alone when it changes)."""
    if state["factions"][seat].get(homeworlds.FACING) == value:
        return []
    if value:
        state["factions"][seat][homeworlds.FACING] = value
    else:
        state["factions"][seat].pop(homeworlds.FACING, None)
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]


homeworld_words.word(homeworld_words.Word(
    kind_of, prompt, lambda state, seat, kind, value: given(state, seat, value)))
