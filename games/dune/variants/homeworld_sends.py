"""The homeworld cards that send revived forces at once (001 4.10.12, the homeworlds option):

- the Southern Hemisphere's High side (advanced: the Fedaykin, 2.04.19): "Your starred
  "Fedaykin" forces may be placed immediately into any territory where you have forces when
  revived";
- Tleilax's High side: "When you take Free Revival, you may send those forces for free from
  your reserves to any one territory or homeworld, subject to storm and occupancy rules".

By mail the faction's choice is a standing word, riding on any mail round in which it is asked
while its homeworld is in play (``homeworld_words``): ``FEDAYKIN TO <territory>`` (the
Fremen) or ``TLEILAX TO <territory or homeworld>`` (the Tleilaxu), or ``... NONE`` (the
default: to the reserves).  Nobody waits for it and nobody else is told of it; the forces sent
are public (``Homeworlds.forces_revived`` sends them, where a shipment of the faction's
reserves could land for Tleilax).  Rulings: the Fedaykin go to the sector where the Fremen
have the most forces there, the Tleilaxu's forces to the first sector in board order where a
shipment could land; with none, they stay in the reserves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..forces import kinds
from ..orders.language import OrderKind, OrderProblem, order_kind, read_territory
from ..prompt_key import PromptKey
from ..state import State, data
from . import homeworld_words


@dataclass(frozen=True)
class Word:
    """A faction's standing word on its revived forces: its order ``kind`` (its verb, upper),
    what the prompt says, whether it may name a homeworld, and which card's effect it is."""

    kind: str
    legal: str
    homeworlds: bool
    free: bool          # the free revival's forces (Tleilax), not a kind's (the Fedaykin)

    @property
    def verb(self) -> str:
        return self.kind.upper()


FEDAYKIN = Word("fedaykin", "each revival while the Southern Hemisphere is on its High side, "
                "your Fedaykin revived go at once to that territory, where you still have "
                "forces (001 4.10.12 \"Southern Hemisphere\")", False, False)
TLEILAX = Word("tleilax", "each time you take free revival while Tleilax is on its High side, "
               "those forces go at once from your reserves to that territory or homeworld, "
               "free, where a shipment of yours could land (001 4.10.12 \"Tleilax\")", True,
               True)
WORDS = {word.kind: word for word in (FEDAYKIN, TLEILAX)}


def word_of(game: Any, seat: str) -> Word | None:
    """The seat's word, if a homeworld of it in play sends its revived forces: of a kind in
    play (the Fedaykin: the advanced game's), or its free revival's."""
    if not homeworlds.in_game(game):
        return None
    if homeworlds.sends_free(game, seat, any_side=True):
        return TLEILAX
    if set(homeworlds.sends(game, seat, any_side=True)) & {k.name for k in kinds(game, seat)}:
        return FEDAYKIN
    return None


def prompt(state: State, seat: str, word: Word) -> Prompt:
    """Their standing word, optional."""
    now = state["factions"][seat].get(homeworlds.SEND)
    legal = (f"{word.verb} TO <territory>: {word.legal}; {word.verb} NONE: to your reserves; "
             "your word stands until you send another.")
    return Prompt(str(PromptKey(word.kind, seat)), seat, word.kind, True, legal, now,
                  text(word, now), text(word, now), optional=True,
                  options={"territories": _theirs(state, seat)},
                  title="your word on your revived forces")


def _theirs(game: Any, seat: str) -> list[str]:
    """The territories of the planet where the seat has forces, in board order."""
    return [t.name for t in data(game).board.territories
            if any(seat in by_faction for by_faction in game["forces"].get(t.name, {}).values())]


def _reader(word: Word):
    def read(state: State, prompt_: Prompt, words: list[str]) -> str | None:
        upper = [w.upper() for w in words]
        valid = (f"{word.verb} NONE",
                 *(f"{word.verb} TO {t}" for t in _theirs(state, prompt_.seat)))
        if upper == ["NONE"]:
            return None
        if upper[:1] != ["TO"] or len(words) < 2:
            raise OrderProblem(ErrorCode.BAD_SEND, f"expected {word.verb} TO <territory> or "
                               f"{word.verb} NONE", valid)
        territory, _ = read_territory(state, words[1:])
        if homeworlds.is_homeworld(state, territory.name) and not word.homeworlds:
            raise OrderProblem(ErrorCode.BAD_SEND, "a territory of the planet, not a homeworld "
                               "(001 4.10.11)", valid)
        return territory.name
    return read


def text(word: Word, value: str | None) -> str:
    return f"{word.verb} TO {value}" if value else f"{word.verb} NONE"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    territories = prompt_.options.get("territories", [])
    return rng.choice(territories) if territories and rng.random() < 0.5 else None


for _word in WORDS.values():
    order_kind(OrderKind(_word.kind, (_word.verb,), _reader(_word),
                         lambda game, value, word=_word: text(word, value), random=_random))


def given(state: State, seat: str, word: Word, value: str | None) -> list[Event]:
    """The word kept in their sheet (told to them alone when it changes)."""
    if state["factions"][seat].get(homeworlds.SEND) == value:
        return []
    if value:
        state["factions"][seat][homeworlds.SEND] = value
    else:
        state["factions"][seat].pop(homeworlds.SEND, None)
    return [Event(EventCode.STANDING_SET, {"order": text(word, value)}, to=(seat,))]


def kind_of(game: Any, seat: str) -> str | None:
    """The kind of the seat's word, if a homeworld of it in play sends its revived forces."""
    word = word_of(game, seat)
    return word.kind if word else None


def ask(state: State, seat: str) -> Prompt:
    """The seat's word (``kind_of``), optional."""
    word = word_of(state, seat)
    assert word is not None
    return prompt(state, seat, word)


def decided(state: State, seat: str, kind: str, value: Any) -> list[Event]:
    """The seat's word of that kind kept (``given``)."""
    return given(state, seat, WORDS[kind], value)


homeworld_words.word(homeworld_words.Word(kind_of, ask, decided))
