"""The Emperor's move between their homeworlds (001 4.10.12 "Salusa Secundus", the homeworlds
option, the advanced game): "During Shipping and Movement, the Emperor can use their Movement to
Move forces from Kaitain to Salusa Secundus (or vice versa)".

By mail the Emperor's choice is a standing word, riding on any mail round in which they are
asked while they have two homeworlds in play (``homeworld_words``): ``SALUSA MOVE <forces> TO
<homeworld>`` (carried out once, then spent) or ``SALUSA NONE`` (the default).  Nobody waits
for it and nobody else is told of it; the move, made after their turn of Shipping and Movement,
is public, as the reserves are.  Rulings: their Movement is spent on it, so a turn in which
they move forces on the planet makes none (the word stands to a later turn); the forces must
all be on the other homeworld then, else none move; forces moved stay on the homeworld they
were moved to (``homeworlds.MOVED``) until they leave the reserves, which they do last.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..forces import kinds, order_text
from ..orders.language import OrderKind, OrderProblem, order_kind, read_forces
from ..prompt_key import PromptKey
from ..state import State
from . import homeworld_words

KIND = "salusa"
MOVE_EVENT = EventCode.MOVE             # a move on the planet: their Movement spent


def kind_of(game: Any, seat: str) -> str | None:
    """The kind of the seat's word, if it has two homeworlds in play."""
    return KIND if homeworlds.in_game(game) and len(homeworlds.of(game, seat)) == 2 else None


def _names(game: Any, seat: str) -> list[str]:
    return [p.name for p in homeworlds.of(game, seat)]


def prompt(state: State, seat: str) -> Prompt:
    """Their standing word, optional."""
    now = state["factions"][seat].get(KIND)
    one, other = _names(state, seat)
    legal = (f"SALUSA MOVE <forces> TO {one}|{other}: after your next turn of Shipping and "
             "Movement in which you move nothing on the planet, those forces of your reserves "
             "move to that homeworld from the other, your Movement spent on it (001 4.10.12 "
             "\"Salusa Secundus\"); SALUSA NONE: none; your word stands until it is carried out "
             "or you send another.")
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True, legal, now, text(state, now),
                  text(state, now), optional=True, options={"homeworlds": [one, other]},
                  title="your move between your homeworlds")


def read(state: State, prompt_: Prompt, words: list[str]) -> dict[str, Any] | None:
    """``NONE`` or ``MOVE <forces> TO <homeworld>``."""
    upper = [w.upper() for w in words]
    if upper == ["NONE"]:
        return None
    names = _names(state, prompt_.seat)
    valid = ("SALUSA NONE", *(f"SALUSA MOVE 1 TO {name}" for name in names))
    if upper[:1] != ["MOVE"] or "TO" not in upper:
        raise OrderProblem(ErrorCode.BAD_SALUSA, "expected SALUSA MOVE <forces> TO <homeworld> "
                           "or SALUSA NONE", valid)
    at = upper.index("TO")
    forces, rest = read_forces(words[1:at], kinds(state, prompt_.seat), least=1)
    said = " ".join(words[at + 1:]).upper()
    to = next((p.name for p in homeworlds.of(state, prompt_.seat)
               if said in {p.name.upper(), *(s.upper() for s in p.synonyms)}), None)
    if rest or to is None:
        raise OrderProblem(ErrorCode.BAD_SALUSA, "expected SALUSA MOVE <forces> TO "
                           + " or ".join(names), valid)
    return {"forces": forces, "to": to}


def text(game: Any, value: dict[str, Any] | None) -> str:
    return (f"SALUSA MOVE {order_text(value['forces'])} TO {value['to']}" if value
            else "SALUSA NONE")


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random
            ) -> dict[str, Any] | None:
    names = prompt_.options.get("homeworlds", [])
    reserve = {k: n for k, n in view["own"]["reserve"].items() if n}
    if not names or not reserve or rng.random() < 0.7:
        return None
    kind = rng.choice(sorted(reserve))
    return {"forces": {kind: rng.randint(1, reserve[kind])}, "to": rng.choice(names)}


order_kind(OrderKind(KIND, ("SALUSA",), read, text, random=_random))


def given(state: State, seat: str, value: dict[str, Any] | None) -> list[Event]:
    """The word kept in their sheet (told to them alone when it changes)."""
    if state["factions"][seat].get(KIND) == value:
        return []
    if value:
        state["factions"][seat][KIND] = {"forces": dict(value["forces"]), "to": value["to"]}
    else:
        state["factions"][seat].pop(KIND, None)
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]


def turn_taken(state: State, seat: str, events: list[Event]) -> list[Event]:
    """Their turn played: with no move of theirs on the planet, the word carried out if the
    forces are all on the other homeworld, and spent."""
    word = state["factions"][seat].get(KIND)
    if not word or any(e.code == MOVE_EVENT and e.data.get("faction") == seat for e in events):
        return []
    del state["factions"][seat][KIND]
    to = homeworlds.home(state, word["to"])
    origin = next((p for p in homeworlds.of(state, seat) if p.name != word["to"]), None)
    if to is None or origin is None:
        return []
    there = homeworlds.reserves_on(state, origin)
    if any(there.get(kind, 0) < n for kind, n in word["forces"].items()):
        return []
    moved = state["factions"][seat].setdefault(homeworlds.MOVED, {})
    reserve = state["factions"][seat]["reserve"]
    for kind, n in word["forces"].items():          # the counts as they lie now, then moved
        back = kind in homeworlds.kept(state, to)    # home from the other homeworld
        counts = moved.setdefault(origin.name if back else to.name, {})
        counts[kind] = min(counts.get(kind, 0), reserve.get(kind, 0)) + (-n if back else n)
        if counts[kind] <= 0:
            counts.pop(kind)
    for name in [name for name, counts in moved.items() if not counts]:
        del moved[name]
    return [Event(EventCode.HOMEWORLD_MOVED, {"faction": seat, "forces": dict(word["forces"]),
                                              "from": origin.name, "to": to.name})]


homeworld_words.word(homeworld_words.Word(
    kind_of, prompt, lambda state, seat, kind, value: given(state, seat, value),
    turn=turn_taken))
