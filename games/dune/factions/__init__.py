"""The factions of Dune: each faction's powers in its own module, as hooks the phases call.

A phase never names a faction.  It asks the factions in play through ``power(seat, game)``,
``in_play(state)`` or ``ordered(state, hook)`` (the faction's hooks: a ``Faction``, whose
defaults are "no power here") or asks who holds an advantage (``holder``, ``has``): which
advantages a faction has in a ruleset is data (``factions.yaml``: ``abilities``,
``optional_abilities``, ``karama_power``, ``alliance``).  Where a power differs between
rulesets, the faction has a class for each (``Faction.rulesets``: ``FremenGF9``), which a game
of that ruleset asks.  A faction's own state lives under its sheet, ``state["factions"][seat]``.
A faction the data has but no module (an overlay's, before its module is written) plays with
no powers of its own (``base.Faction``).
"""

from __future__ import annotations

import functools
import random
from typing import Any

from pbem.game import Event, Prompt

from ..data import Ability
from ..prompt_key import PromptKey
from ..rules import Rules, rules_of
from ..state import State, data
from .atreides import Atreides
from .base import (
    CARD,
    FIRST,
    LAST,
    ONCE_AROUND,
    REVIVAL,
    SHIPMENT,
    SILENT,
    BattleTools,
    Faction,
    Offer,
    RevivalTerms,
    has,
    karama_power_used,
)
from .bene_gesserit import BeneGesserit
from .choam import Choam
from .ecaz import Ecaz
from .emperor import Emperor
from .fremen import Fremen, FremenGF9, FremenV3
from .guild import Guild
from .harkonnen import Harkonnen
from .ixians import Ixians
from .richese import Richese
from .tleilaxu import Tleilaxu

# Every faction's class, and after it its classes for the rulesets where its powers differ.
CLASSES: tuple[type[Faction], ...] = (Atreides, BeneGesserit, Choam, Ecaz, Emperor, Fremen,
                                      FremenGF9, FremenV3, Guild, Harkonnen, Ixians, Richese,
                                      Tleilaxu)


@functools.cache
def registry(ruleset: str) -> dict[str, Faction]:
    """Seat -> the faction's hooks in a ruleset, for each faction its data has: its class for
    that ruleset if it has one, else none of its own (``_plain``)."""
    found: dict[str, Faction] = {}
    for cls in CLASSES:
        if not cls.rulesets or ruleset in cls.rulesets:
            found[cls.seat] = cls()
    return {faction.seat: found.get(faction.seat) or _plain(faction.seat)
            for faction in data(ruleset).factions}


@functools.cache
def _plain(seat: str) -> Faction:
    """A faction the data has but no module: every hook's default, no power."""
    faction = Faction()
    faction.seat = seat
    return faction


FACTIONS: dict[str, Faction] = registry("classic")


def _ruleset(game: Any) -> str:
    """The ruleset's name of a state, a view or its rules."""
    return game.ruleset if isinstance(game, Rules) else game["rules"]["ruleset"]


def power(seat: str, game: Any) -> Faction:
    """The hooks of a seat's faction in a game (a state, a view or its rules)."""
    return registry(_ruleset(game))[seat]


def in_play(state: State) -> list[Faction]:
    """The factions in the game, in seat order (asked at every step)."""
    found = registry(state["rules"]["ruleset"])
    return [found[seat] for seat in state["seats"]]


def ordered(state: State, hook: str) -> list[Faction]:
    """The factions in the game in the order the rules give their powers at one hook (each
    faction's ``precedence``; seat order among equals)."""
    return list(_ordered(state["rules"]["ruleset"], tuple(state["seats"]), hook))


@functools.cache
def _ordered(ruleset: str, seats: tuple[str, ...], hook: str) -> tuple[Faction, ...]:
    found = registry(ruleset)
    return tuple(sorted((found[seat] for seat in seats),
                        key=lambda faction: faction.precedence.get(hook, 0)))


def decisions(state: State, phase: str) -> list[Prompt]:
    """The factions' own decisions open now in the phase (``Faction.decisions``), every
    faction in play asked in seat order."""
    return [prompt for faction in in_play(state) for prompt in faction.decisions(state, phase)]


def decision_keys(state: State, phase: str) -> list[str]:
    """The keys of ``decisions``, in their order, as cheaply as each faction gives them."""
    return [key for faction in in_play(state) for key in faction.decision_keys(state, phase)]


def decide(state: State, phase: str, key: str, value: Any, rng: random.Random) -> list[Event]:
    """One of the factions' own decisions of the phase carried out by the faction whose power
    opened it (``Faction.decision_kinds``), the seat deciding being its own or its ally."""
    parsed = PromptKey.parse(key)
    faction = next(f for f in in_play(state) if parsed.kind in f.decision_kinds)
    return faction.decide(state, phase, parsed, value, rng)


def owner(game: Any, ability: Ability) -> str | None:
    """The seat whose faction sheet lists the advantage in a game's ruleset (``game``: a
    state, a view, its rules or the ruleset's name), in play or not; None if no sheet does."""
    return next(iter(data(game).listing.get(ability, ())), None)


def holder(state: State, ability: Ability) -> str | None:
    """The faction in the game that has the advantage (``has``), if any: only the factions
    whose sheet lists it are asked (issue 20: asked thousands of times a game)."""
    listed = data(state).listing.get(ability, ())
    return next((seat for seat in state["seats"] if seat in listed and has(state, seat, ability)),
                None)


def payee(state: State, payment: str, payer: str) -> str | None:
    """The faction paid what ``payer`` pays for a ``payment`` (``Faction.receives``: the
    Emperor for cards, the Guild for shipments, the Tleilaxu for revival), or None for the
    bank; the first in the order of the hook ``payee`` that takes it."""
    return next((f.seat for f in ordered(state, "payee") if f.receives(state, payment, payer)),
                None)


def standing_prompts(state: State, asked: list[Prompt]) -> list[Prompt]:
    """Every faction's optional standing decisions riding on this mail round
    (``Faction.standing_prompts``; in a game without such a power, none, at once)."""
    return [prompt for faction in in_play(state)
            for prompt in faction.standing_prompts(state, asked)] if asked else []


def standing_keys(state: State, asked: list[str]) -> list[str]:
    """The keys of ``standing_prompts``."""
    return [key for faction in in_play(state)
            for key in faction.standing_keys(state, asked)] if asked else []


def standing_apply(state: State, orders: dict[str, Any], asked: list[str]) -> list[Event]:
    """The standing decisions among ``orders`` (``asked``: the keys open) carried out, each by
    the faction that asked it (a faction may ask one of its ally: CHOAM's swap)."""
    return [event for faction in in_play(state)
            for key in faction.standing_keys(state, asked) if key in orders
            for event in faction.standing_decision(state, key, orders[key])]


def phase_ends(state: State) -> list[Event]:
    """Every faction's power at the end of a phase (``Faction.phase_ends``)."""
    return [event for faction in in_play(state) for event in faction.phase_ends(state)]


def powers_ask(state: State) -> bool:
    """Whether the revival round and War Continues ask the factions' own decisions: not in a
    game of rules version 5 or earlier (``Rules.faction_decisions``, issue 29)."""
    return rules_of(state).faction_decisions


def decide_all(state: State, phase: str, orders: dict[str, Any], rng: random.Random
               ) -> list[Event]:
    """The factions' own decisions of a phase carried out (``orders``: by key, those of
    ``decision_keys`` among them), in the prompts' order."""
    mine = set(decision_keys(state, phase)) if powers_ask(state) else set()
    return [event for key, value in orders.items() if key in mine
            for event in decide(state, phase, key, value, rng)]


def upgrade_state(state: State) -> State:
    """A state stored by earlier code, in today's shape: each faction moves what it kept at
    the state's top level into its own sheet (``Faction.upgrade``)."""
    for faction in FACTIONS.values():
        faction.upgrade(state)
    return state


__all__ = ["CARD", "CLASSES", "FACTIONS", "FIRST", "LAST", "ONCE_AROUND", "REVIVAL", "SHIPMENT",
           "SILENT", "BattleTools", "Faction", "Offer", "RevivalTerms", "decide", "decide_all",
           "decision_keys", "decisions", "has", "holder", "in_play", "karama_power_used",
           "ordered", "owner", "payee", "phase_ends", "power", "powers_ask", "registry",
           "standing_apply", "standing_keys", "standing_prompts",
           "upgrade_state"]
