"""The homeworld cards' standing words (001 4.10.12), asked through the homeworlds variant's
hooks (``Homeworlds.standing_prompts``), never through a faction's: a game without the
option never asks them.

A card whose effect its faction decides gives that faction an optional standing word, riding
on any mail round in which it is asked while its homeworld is in play: Caladan's
reinforcement (``caladan``), Kaitain's discards (``kaitain``), the Southern Hemisphere's
Fedaykin and Tleilax's free revival sent at once (``homeworld_sends``); and another faction's
word on a card's effect it decides: Ecaz's Low side (``facing``), Grumman's High side
(``grumman``), Richese's occupier's pick of the card sold (``richese_pick``); the Emperor's move
between Kaitain and Salusa Secundus (``homeworld_move``); the Guild's cross-planet shipment
offered the others (``junction``).  Nobody waits for
one and nobody else is told of it; what it does is public when it is carried out.  Each
card's module registers its word here (``word``), as the order kinds are registered, so that
the variant imports none of them (the import graph stays shallow).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from pbem.game import Event, Prompt

from ..prompt_key import PromptKey
from ..state import State


class Word(NamedTuple):
    """One card's word: its kind for a seat (None: not offered), its prompt, its keeping;
    what it does as a phase ends (``ends``), after a battle won (``won``: the seat, the
    territory) and after the seat's turn of Shipping and Movement (``turn``: the seat, what
    the turn did), each for a seat offered it."""

    kind_of: Callable[[Any, str], str | None]
    ask: Callable[[State, str], Prompt]
    decided: Callable[[State, str, str, Any], list[Event]]
    ends: Callable[[State, str], list[Event]] | None = None
    won: Callable[[State, str, str], list[Event]] | None = None
    turn: Callable[[State, str, list[Event]], list[Event]] | None = None


WORDS: list[Word] = []


def word(card: Word) -> None:
    """Register a card's word (each card's module, as it is imported)."""
    WORDS.append(card)


def _asked(asked: list[Prompt] | list[str]) -> set[str]:
    """The seats asked anything in the mail round (``asked``: its prompts or their keys)."""
    return {PromptKey.parse(p).seat if isinstance(p, str) else p.seat for p in asked}


def prompts(state: State, asked: list[Prompt]) -> list[Prompt]:
    """Each seat's words riding on this mail round, in seat order."""
    riding = _asked(asked)
    return [card.ask(state, seat) for seat in state["seats"] if seat in riding
            for card in WORDS if card.kind_of(state, seat)]


def keys(state: State, asked: list[str]) -> list[str]:
    """The keys of ``prompts``."""
    riding = _asked(asked)
    return [str(PromptKey(kind, seat)) for seat in state["seats"] if seat in riding
            for card in WORDS if (kind := card.kind_of(state, seat))]


def decided(state: State, key: str, value: Any) -> list[Event]:
    """One of ``prompts``' words kept, by the card whose word it is."""
    parsed = PromptKey.parse(key)
    card = next(c for c in WORDS if c.kind_of(state, parsed.seat) == parsed.kind)
    return card.decided(state, parsed.seat, parsed.kind, value)


def phase_ends(state: State) -> list[Event]:
    """Each word carried out as the phase ends, if it is its moment (``Word.ends``)."""
    return [event for seat in state["seats"] for card in WORDS
            if card.ends and card.kind_of(state, seat) for event in card.ends(state, seat)]


def battle_won(state: State, winner: str, territory: str) -> list[Event]:
    """The winner's word carried out after a battle won in ``territory`` (``Word.won``)."""
    return [event for card in WORDS if card.won and card.kind_of(state, winner)
            for event in card.won(state, winner, territory)]


def turn_taken(state: State, seat: str, events: list[Event]) -> list[Event]:
    """The seat's word carried out after its turn of Shipping and Movement (``Word.turn``)."""
    return [event for card in WORDS if card.turn and card.kind_of(state, seat)
            for event in card.turn(state, seat, events)]
