"""The words a cache card's holder may give beside a round's own decisions (001 2.10.04: the
cache in play): asked only of a holder asked something else in the round, so they never add
a round nor show who holds the card (the Juice of Sapho's place, the Semuta Drug's word, the
cache cards played ahead)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.game import Prompt

from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State

Holds = Callable[[State, str], Any]


def prompts(state: State, others: list[Prompt], holds: Holds,
            prompt: Callable[[State, str], Prompt]) -> list[Prompt]:
    """The ``prompt`` of each seat asked something else (``others``) that ``holds`` a card."""
    return [prompt(state, seat) for seat in _holders(state, {p.seat for p in others}, holds)]


def keys(state: State, others: list[str], holds: Holds, kind: str) -> list[str]:
    """The keys of ``prompts``, of the ``kind``, from the keys of the other decisions."""
    asked = {PromptKey.parse(key).seat for key in others}
    return [str(PromptKey(kind, seat)) for seat in _holders(state, asked, holds)]


def _holders(state: State, asked: set[str], holds: Holds) -> list[str]:
    if not asked or not rules_of(state).cache_sets:
        return []
    return [seat for seat in state["seats"] if seat in asked and holds(state, seat)]
