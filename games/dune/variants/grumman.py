"""Grumman's High side (001 4.10.12 "Grumman", the homeworlds option): "You may add a Terror
token to a stronghold that already has one, or remove a Terror token from the board during
Spice Collection, then gain 4 spice from the Spice Bank".

By mail the faction's choice is a standing word (``homeworld_words``), riding on any mail round
in which it is asked while Grumman is in play: ``GRUMMAN ADD <token> TO <stronghold>``, ``GRUMMAN
REMOVE <token>`` or ``GRUMMAN NONE`` (the default), carried out as the next Spice Collection
round ends, then spent.  Nobody waits for it and nobody else is told of it; the token added or
removed lies face down, so the report tells the stronghold and the spice, never the token (its
kind of token and the spice are the card's data: ``tokens``, ``high_token_spice``).

Rulings (docs/rules-coverage.md): a token added comes from behind the faction's shield, face
down; one removed goes back behind it, face down; each only if still possible as the round
ends (the token there, the stronghold holding another), and only with Grumman on its High side
then; the spice with the action only.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import tokens
from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..orders.language import OrderKind, OrderProblem, order_kind, read_territory
from ..prompt_key import PromptKey
from ..state import State, data
from . import homeworld_words

KIND = "grumman"
COLLECTION = "collection"           # the round whose end carries it out
ADD, REMOVE = "ADD", "REMOVE"


def _card(game: Any, seat: str, any_side: bool = False) -> tuple[str, int] | None:
    """The kind of token and the spice of a card of the seat with the power, on its High side
    (``any_side``: on either)."""
    return next(((p.homeworld.tokens, p.homeworld.high_token_spice)
                 for p in homeworlds.of(game, seat) if p.homeworld
                 and p.homeworld.high_token_spice
                 and (any_side or homeworlds.side(game, p) == homeworlds.HIGH)), None)


def kind_of(game: Any, seat: str) -> str | None:
    """The kind of the seat's word, if a homeworld of it in play has the power."""
    return KIND if homeworlds.in_game(game) and _card(game, seat, any_side=True) else None


def _mine(game: Any, seat: str, at: str) -> list[dict[str, Any]]:
    card = _card(game, seat, any_side=True)
    return [t for t in tokens.of(game) if card and t["kind"] == card[0] and t["owner"] == seat
            and t["at"] == at]


def _name(game: Any, token: dict[str, Any]) -> str:
    return tokens.spec(game, token).name


def _strongholds(game: Any, seat: str) -> list[str]:
    """The strongholds holding one of the seat's tokens now, in board order."""
    held = {t["territory"] for t in _mine(game, seat, tokens.BOARD)}
    return [s.name for s in data(game).board.strongholds if s.name in held]


def prompt(state: State, seat: str) -> Prompt:
    """Their standing word, optional: the tokens behind their shield and on the board named
    to them alone."""
    now = state["factions"][seat].get(KIND)
    behind = [_name(state, t) for t in _mine(state, seat, tokens.BEHIND)]
    placed = [f"{_name(state, t)} in {t['territory']}" for t in _mine(state, seat, tokens.BOARD)]
    legal = ("GRUMMAN ADD <token> TO <stronghold>: a token from behind your shield to a "
             "stronghold already holding one; GRUMMAN REMOVE <token>: one from the board back "
             "behind your shield; either as the next Spice Collection round ends, Grumman on "
             "its High side, for 4 spice from the bank (001 4.10.12 \"Grumman\"); GRUMMAN NONE: "
             "neither.  Behind your shield: " + (", ".join(behind) or "none") + "; on the "
             "board: " + (", ".join(placed) or "none") + ".")
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True, legal, now, text(state, now),
                  text(state, now), optional=True,
                  options={"behind": behind, "placed": [_name(state, t) for t in
                                                        _mine(state, seat, tokens.BOARD)],
                           "strongholds": _strongholds(state, seat)},
                  title="your word on Grumman's Terror tokens")


def _token(game: Any, seat: str, words: list[str], at: str, valid: tuple[str, ...]) -> str:
    """The name of the seat's token ``at`` a place, named by ``words``."""
    said = " ".join(words).strip().lower()
    found = next((name for t in _mine(game, seat, at)
                  if (name := _name(game, t)).lower() == said), None)
    if found is None:
        where = "behind your shield" if at == tokens.BEHIND else "on the board"
        raise OrderProblem(ErrorCode.BAD_GRUMMAN, f"no token of yours {where} is called "
                           f"{' '.join(words)!r}", valid)
    return found


def read(state: State, prompt_: Prompt, words: list[str]) -> dict[str, str] | None:
    """``NONE``, ``ADD <token> TO <stronghold>`` or ``REMOVE <token>`` (the token by its
    name)."""
    seat = prompt_.seat
    upper = [w.upper() for w in words]
    valid = ("GRUMMAN NONE",
             *(f"GRUMMAN ADD {_name(state, t)} TO <stronghold>"
               for t in _mine(state, seat, tokens.BEHIND)),
             *(f"GRUMMAN REMOVE {_name(state, t)}" for t in _mine(state, seat, tokens.BOARD)))
    if upper == ["NONE"]:
        return None
    if upper[:1] == [REMOVE] and len(words) > 1:
        return {"remove": _token(state, seat, words[1:], tokens.BOARD, valid)}
    if upper[:1] == [ADD] and "TO" in upper[2:]:
        to = upper.index("TO", 2)
        name = _token(state, seat, words[1:to], tokens.BEHIND, valid)
        strongholds = [s.name for s in data(state).board.strongholds]
        territory, _ = read_territory(state, words[to + 1:], strongholds)
        return {"add": name, "to": territory.name}
    raise OrderProblem(ErrorCode.BAD_GRUMMAN, "expected GRUMMAN ADD <token> TO <stronghold>, "
                       "GRUMMAN REMOVE <token> or GRUMMAN NONE", valid)


def text(game: Any, value: dict[str, str] | None) -> str:
    if not value:
        return "GRUMMAN NONE"
    if "remove" in value:
        return f"GRUMMAN REMOVE {value['remove']}"
    return f"GRUMMAN ADD {value['add']} TO {value['to']}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> dict[str, str] | None:
    """Now and then a token added where one lies, or one taken off the board."""
    options = prompt_.options
    if rng.random() < 0.5:
        return None
    if options.get("behind") and options.get("strongholds") and rng.random() < 0.5:
        return {"add": rng.choice(options["behind"]), "to": rng.choice(options["strongholds"])}
    return {"remove": rng.choice(options["placed"])} if options.get("placed") else None


order_kind(OrderKind(KIND, ("GRUMMAN",), read, text, random=_random))


def given(state: State, seat: str, value: dict[str, str] | None) -> list[Event]:
    """The word kept in their sheet (told to them alone when it changes)."""
    if state["factions"][seat].get(KIND) == value:
        return []
    if value:
        state["factions"][seat][KIND] = dict(value)
    else:
        state["factions"][seat].pop(KIND, None)
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]


def collection_ends(state: State, seat: str) -> list[Event]:
    """The end of the Spice Collection round: the word carried out if still possible, Grumman
    on its High side, and the card's spice from the bank; the word spent."""
    if state["phase"] != COLLECTION:
        return []
    wanted = state["factions"][seat].pop(KIND, None)
    card = _card(state, seat)
    if not wanted or card is None:
        return []
    if "remove" in wanted:
        token = next((t for t in _mine(state, seat, tokens.BOARD)
                      if _name(state, t) == wanted["remove"]), None)
        if token is None:
            return []
        territory = token["territory"]
        tokens.place(token, seat, tokens.BEHIND)
    else:
        token = next((t for t in _mine(state, seat, tokens.BEHIND)
                      if _name(state, t) == wanted["add"]), None)
        territory = wanted["to"]
        if token is None or territory not in _strongholds(state, seat):
            return []
        tokens.place(token, seat, tokens.BOARD, territory,
                     (data(state).board[territory].sectors or (0,))[0])
    tokens.turn(token, tokens.DOWN)
    state["factions"][seat]["spice"] += card[1]
    return [Event(EventCode.HOMEWORLD_TOKEN, {
        "faction": seat, "territory": territory, "added": "add" in wanted, "spice": card[1],
        "kind": tokens.kind_of(state, card[0]).words})]


homeworld_words.word(homeworld_words.Word(
    kind_of, prompt, lambda state, seat, kind, value: given(state, seat, value),
    ends=collection_ends))
