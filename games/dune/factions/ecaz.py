"""Ecaz, of the Ecaz & Moritani expansion: their powers (001 2.11), text A (the printed game).

Basic (2.11.02-25): their set-up (12 spice, six forces in the Imperial Basin, the Ambassador
supply), the Ambassadors placed after the revival round at a rising price and triggered when
another faction enters their stronghold, each Ambassador's effect (``ecaz_ambassadors``); the
trigger decided ahead by Ecaz's standing answers (``token_triggers``), part of their decision of
the revival round, whose order kind is here (``AMBASSADOR``, ``TRIGGER``).  Not yet (issue
31): Occupy with the ally, Duke Vidal, Loyalty and Collection (advanced).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import token_triggers as triggers
from ..codes import ErrorCode
from ..orders.language import OrderKind, OrderProblem, order_kind, read_territory
from ..prompt_key import PromptKey
from ..state import State
from . import ecaz_ambassadors as ambassadors
from .base import Faction

ECAZ = "ecaz"


class Ecaz(Faction):
    """Ecaz's hooks."""

    seat = ECAZ
    decision_kinds = frozenset({ambassadors.KIND})

    # --- their own decisions

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """In the revival round: the Ambassadors they place once it is over (2.11.06-07) and
        their standing answers to the Ambassadors' triggers (2.11.08), optional."""
        if phase != ambassadors.ROUND:
            return []
        standing = triggers.in_words(state, ambassadors.kind_of(state), self.seat)
        found = ambassadors.decision(state, self.seat, standing)
        return [found] if found is not None else []

    def decide(self, state: State, phase: str, key: PromptKey, value: Any, rng: random.Random
               ) -> list[Event]:
        """Their standing answers kept at once (theirs alone: no event), their placements for
        the round's end."""
        assert key.kind == ambassadors.KIND, key
        if value.get("trigger"):
            triggers.answered(state, self.seat, value["trigger"])
        return ambassadors.decided(state, value)

    # --- hooks of set-up

    def own_sheet(self) -> dict[str, Any]:
        """Their standing answers (none: every Ambassador triggers), the Ambassadors drawn
        into their supply and those of them triggered since (2.11.09)."""
        return {"triggers": {}, "drawn": [], "triggered": []}

    def after_traitors(self, state: State, rng: random.Random) -> list[Event]:
        """2.11.04: the supply, their own Ambassador and five drawn at random."""
        return ambassadors.draw_supply(state, self.seat, rng)

    # --- hooks of revival

    def revival_over(self, state: State) -> list[Event]:
        """AMBASSADORS (2.11.06-07): those they chose placed, the price rising."""
        return ambassadors.place_chosen(state, self.seat)

    # --- the token layer

    def token_entered(self, state: State, token: dict[str, Any], mover: str, advisors: bool
                      ) -> list[Event]:
        """2.11.08: another faction entered a stronghold with one of their Ambassadors; their
        standing answers say whether they trigger it."""
        if not triggers.wanted(state, self.seat, token["value"], mover):
            return []
        return ambassadors.entered(state, self.seat, token, mover, advisors)


# --- their decision's order text
def read(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    """One line: ``AMBASSADOR <token> IN <stronghold>``, ``AMBASSADOR NONE``, ``TRIGGER ...``."""
    verb, rest = words[0], words[1:]
    kind = ambassadors.kind_of(state)
    if verb == "TRIGGER":
        return {"trigger": [triggers.read(state, kind, prompt.seat, rest)]}
    if [w.upper() for w in rest] == ["NONE"]:
        return {}
    upper = [w.upper() for w in rest]
    if "IN" not in upper:
        raise OrderProblem(ErrorCode.BAD_AMBASSADOR, "expected AMBASSADOR <token> IN "
                           "<stronghold> or AMBASSADOR NONE", ("AMBASSADOR Emperor IN Arrakeen",))
    split = upper.index("IN")
    value = triggers.read(state, kind, prompt.seat, [*rest[:split], "ALL"])[0]
    if value not in ambassadors.supply(state, prompt.seat):
        raise OrderProblem(ErrorCode.BAD_AMBASSADOR, f"the {kind.token(value).name} is not in "
                           "your supply", tuple(kind.token(v).name
                                                for v in ambassadors.supply(state, prompt.seat)))
    territory, _ = read_territory(state, rest[split + 1:])
    if not territory.is_stronghold:
        raise OrderProblem(ErrorCode.BAD_AMBASSADOR, f"{territory.name} is not a stronghold "
                           "(001 2.11.06)", tuple(ambassadors.open_strongholds(state)))
    return {"place": [[value, territory.name]]}


def combine(state: State, prompt: Prompt, parts: list[dict[str, Any]]) -> dict[str, Any]:
    value = ambassadors.empty()
    for part in parts:
        value["place"] += part.get("place", [])
        value["trigger"] += part.get("trigger", [])
    return value


def text(game: Any, value: dict[str, Any]) -> str:
    kind = ambassadors.kind_of(game)
    lines = [f"AMBASSADOR {kind.token(v).name.removesuffix(' Ambassador')} IN {where}"
             for v, where in value["place"]]
    lines += [triggers.text(game, kind, answer) for answer in value["trigger"]]
    return "\n".join(lines) or "AMBASSADOR NONE"


def random_value(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """A bot's: now and then an Ambassador placed, now and then a standing answer."""
    value = ambassadors.empty()
    held, free = prompt.options.get("supply", []), prompt.options.get("strongholds", [])
    if held and free and prompt.options.get("spice", 0) >= 1 and rng.random() < 0.5:
        value["place"].append([rng.choice(held), rng.choice(free)])
    others = [s for s in view["seats"] if s != prompt.seat]
    if others and rng.random() < 0.2:
        value["trigger"].append(["*", {"*": True, rng.choice(others): False}])
    return value


order_kind(OrderKind(ambassadors.KIND, ("AMBASSADOR", "TRIGGER"), read, text, combine,
                     random_value, with_verb=True))


