"""The factions of Dune: each faction's powers in its own module, as hooks the phases call.

A phase never names a faction.  It asks the factions in play through ``power(seat, game)``,
``in_play(state)`` or ``ordered(state, hook)`` (the faction's hooks: a ``Faction``, whose
defaults are "no power here") or asks who holds an advantage (``holder``, ``has``): which
advantages a faction has in a ruleset is data (``factions.yaml``: ``abilities``,
``optional_abilities``, ``karama_power``, ``alliance``).  Where a power differs between
rulesets, the faction has a class for each (``Faction.rulesets``: ``FremenGF9``), which a game
of that ruleset asks.  A faction's own state lives under its sheet, ``state["factions"][seat]``.
"""

from __future__ import annotations

import functools
from typing import Any

from ..data import Ability
from ..rules import Rules
from ..state import State, ruleset_data, sheet
from .atreides import Atreides
from .base import (
    CARD,
    REVIVAL,
    SHIPMENT,
    BattleTools,
    Faction,
    RevivalTerms,
    has,
    karama_power_used,
)
from .bene_gesserit import BeneGesserit
from .emperor import Emperor
from .fremen import Fremen, FremenGF9
from .guild import Guild
from .harkonnen import Harkonnen
from .tleilaxu import Tleilaxu

# Every faction's class, and after it its classes for the rulesets where its powers differ.
CLASSES: tuple[type[Faction], ...] = (Atreides, BeneGesserit, Emperor, Fremen, FremenGF9, Guild,
                                      Harkonnen, Tleilaxu)


@functools.cache
def registry(ruleset: str) -> dict[str, Faction]:
    """Seat -> the faction's hooks in a ruleset, for each faction its data has: its class for
    that ruleset if it has one."""
    seats = {faction.seat for faction in ruleset_data(ruleset).factions}
    found: dict[str, Faction] = {}
    for cls in CLASSES:
        if cls.seat in seats and (not cls.rulesets or ruleset in cls.rulesets):
            found[cls.seat] = cls()
    return found


FACTIONS: dict[str, Faction] = registry("classic")


def _ruleset(game: Any) -> str:
    """The ruleset's name of a state, a view or its rules."""
    return game.ruleset if isinstance(game, Rules) else game["rules"]["ruleset"]


def power(seat: str, game: Any) -> Faction:
    """The hooks of a seat's faction in a game (a state, a view or its rules)."""
    return registry(_ruleset(game))[seat]


def in_play(state: State) -> list[Faction]:
    """The factions in the game, in seat order."""
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


def owner(ability: Ability) -> str:
    """The seat whose faction sheet lists the advantage, in whatever game (the data says
    whose: every advantage belongs to one faction)."""
    return next(seat for seat in FACTIONS if ability in sheet(seat).abilities
                | sheet(seat).optional_abilities | sheet(seat).alliance
                | {sheet(seat).karama_power})


def holder(state: State, ability: Ability) -> str | None:
    """The faction in the game that has the advantage (``has``), if any: only the factions
    whose sheet lists it are asked (issue 20: asked thousands of times a game)."""
    listed = _listing(state["rules"]["ruleset"]).get(ability, ())
    return next((seat for seat in state["seats"] if seat in listed and has(state, seat, ability)),
                None)


@functools.cache
def _listing(ruleset: str) -> dict[Ability, frozenset[str]]:
    """Advantage -> the seats whose sheet in the ruleset lists it, in whatever way (``has``)."""
    found: dict[Ability, set[str]] = {}
    for seat in registry(ruleset):
        faction = sheet(seat, ruleset)
        for ability in (*faction.abilities, *faction.optional_abilities, *faction.alliance,
                        faction.karama_power):
            found.setdefault(ability, set()).add(seat)
    return {ability: frozenset(seats) for ability, seats in found.items()}


def payee(state: State, payment: str, payer: str) -> str | None:
    """The faction paid what ``payer`` pays for a ``payment`` (``Faction.receives``: the
    Emperor for cards, the Guild for shipments, the Tleilaxu for revival), or None for the
    bank; the first in the order of the hook ``payee`` that takes it."""
    return next((f.seat for f in ordered(state, "payee") if f.receives(state, payment, payer)),
                None)


def upgrade_state(state: State) -> State:
    """A state stored by earlier code, in today's shape: each faction moves what it kept at
    the state's top level into its own sheet (``Faction.upgrade``)."""
    for faction in FACTIONS.values():
        faction.upgrade(state)
    return state


__all__ = ["CARD", "CLASSES", "FACTIONS", "REVIVAL", "SHIPMENT", "BattleTools", "Faction",
           "RevivalTerms", "has", "holder", "in_play", "karama_power_used", "ordered", "owner",
           "payee", "power", "registry", "upgrade_state"]
