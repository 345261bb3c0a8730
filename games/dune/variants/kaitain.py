"""Kaitain's High side (001 4.10.12 "Kaitain", the homeworlds option): "At the end of Bidding,
you may pay 2 spice per card to discard Treachery Cards from your hand".

By mail the Emperor's choice is a standing word, riding on any mail round in which they are
asked while Kaitain is in play (``homeworld_words``): ``KAITAIN DISCARD <card>,
<card>`` (carried out as the next bidding round ends, then spent) or ``KAITAIN NONE`` (the
default).  Nobody waits for it and nobody else is told of it until it is carried out; the cards
discarded, face up, and the spice paid to the bank are public.  Rulings: the cards are
discarded in the order named, each while they still hold one of that name and have 2 spice for
it; with Kaitain on its Low side as the bidding ends, none is, and the word is spent.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..discard_pile import discard
from ..orders.language import OrderKind, OrderProblem, card_among, order_kind
from ..prompt_key import PromptKey
from ..state import State, data
from . import homeworld_words

KIND = "kaitain"
PRICE = 2                   # 001 4.10.12 "Kaitain": "2 spice per card"
BIDDING = "bidding"


def kind_of(game: Any, seat: str) -> str | None:
    """The kind of the seat's word, if a homeworld of it in play has the power, on either
    side."""
    return KIND if homeworlds.in_game(game) and homeworlds.discards(
        game, seat, any_side=True) else None


def _names(state: State, seat: str) -> list[str]:
    return [data(state).treachery_card(card).name for card in state["factions"][seat]["hand"]]


def prompt(state: State, seat: str) -> Prompt:
    """Their standing word, optional."""
    now = list(state["factions"][seat].get(KIND, []))
    legal = (f"KAITAIN DISCARD <card>, <card>: as the next bidding round ends, discard those "
             f"cards of your hand for {PRICE} spice each, paid to the bank, while Kaitain is on "
             "its High side (001 4.10.12 \"Kaitain\"); KAITAIN NONE: none; your hand now: "
             + (", ".join(_names(state, seat)) or "empty") + ".")
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True, legal, now, text(state, now),
                  text(state, now), optional=True, options={"cards": _names(state, seat)},
                  title="your discards at the end of the bidding")


def read(state: State, prompt_: Prompt, words: list[str]) -> list[str]:
    """``NONE``, or ``DISCARD`` and the names of cards held, each the longest run of words
    naming one."""
    valid = ("KAITAIN NONE", *(f"KAITAIN DISCARD {name}" for name in _names(state, prompt_.seat)))
    upper = [w.upper().strip(",") for w in words]
    if upper == ["NONE"]:
        return []
    rest = [w.strip(",") for w in words[1:] if w.strip(",")]
    if upper[:1] != ["DISCARD"] or not rest:
        raise OrderProblem(ErrorCode.BAD_KAITAIN, "expected KAITAIN DISCARD <card>, <card> or "
                           "KAITAIN NONE", valid)
    hand = state["factions"][prompt_.seat]["hand"]
    names, start = [], 0
    while start < len(rest):
        for end in range(len(rest), start, -1):
            try:
                card = card_among(state, " ".join(rest[start:end]), hand, "card in your hand",
                                  valid)
            except OrderProblem:
                if end == start + 1:
                    raise
                continue
            names.append(data(state).treachery_card(card).name)
            start = end
            break
    return names


def text(game: Any, value: list[str]) -> str:
    return f"KAITAIN DISCARD {', '.join(value)}" if value else "KAITAIN NONE"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> list[str]:
    cards = prompt_.options.get("cards", [])
    return [rng.choice(cards)] if cards and rng.random() < 0.2 else []


order_kind(OrderKind(KIND, ("KAITAIN",), read, text, random=_random))


def given(state: State, seat: str, value: list[str]) -> list[Event]:
    """The word kept in their sheet (told to them alone when it changes)."""
    if list(state["factions"][seat].get(KIND, [])) == list(value):
        return []
    if value:
        state["factions"][seat][KIND] = list(value)
    else:
        state["factions"][seat].pop(KIND, None)
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]


def bidding_ends(state: State, seat: str) -> list[Event]:
    """The end of the bidding round: the cards named discarded, 2 spice each to the bank,
    Kaitain on its High side; the word spent."""
    if state["phase"] != BIDDING:
        return []
    wanted = state["factions"][seat].pop(KIND, [])
    if not wanted or not homeworlds.discards(state, seat):
        return []
    own = state["factions"][seat]
    gone = []
    for name in wanted:
        card = next((c for c in own["hand"] if data(state).treachery_card(c).name == name), None)
        if card is None or own["spice"] < PRICE:
            continue
        own["hand"].remove(card)
        own["spice"] -= PRICE
        discard(state, seat, card)
        gone.append(name)
    return [Event(EventCode.HOMEWORLD_DISCARDS, {"faction": seat, "cards": gone,
                                                 "spice": PRICE * len(gone)})] if gone else []


homeworld_words.word(homeworld_words.Word(
    kind_of, prompt, lambda state, seat, kind, value: given(state, seat, value),
    ends=bidding_ends))
