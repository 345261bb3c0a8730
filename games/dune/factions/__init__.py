"""The factions of Dune: each faction's powers in its own module, as hooks the phases call.

A phase never names a faction.  It asks the factions in play through ``power(seat, game)``,
``in_play(state)`` or ``ordered(state, hook)`` (the faction's hooks: a ``Faction``, whose
defaults are "no power here") or asks who holds an advantage (``holder``, ``has``): which
advantages a faction has in a ruleset is data (``factions.yaml``: ``abilities``,
``optional_abilities``, ``karama_power``, ``alliance``).  Where a power differs between
rulesets, the faction has a class for each (``Faction.rulesets``: ``FremenGF9``), which a game
of that ruleset asks, and where an earlier rules version ruled it otherwise, a class for that
version (``Faction.until``: ``FremenGF9Version4``), as ``rules.GF9Version4``.  A rule question
that is one faction's power is its class's attribute or method, never ``Classic``'s
(``tests/dune/test_rule_questions.py``).  A faction's own state lives under its sheet,
``state["factions"][seat]``.
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
from ..rules import RULES_VERSION
from ..state import State, data
from .atreides import Atreides, AtreidesGF9
from .base import (
    CARD,
    REVIVAL,
    SHIPMENT,
    BattleTools,
    Faction,
    RevivalTerms,
    has,
    karama_power_used,
    rules_key,
)
from .bene_gesserit import BeneGesserit, BeneGesseritGF9, BeneGesseritV3, BeneGesseritWBC
from .emperor import Emperor
from .fremen import Fremen, FremenGF9, FremenGF9Version4, FremenV3, FremenWBC
from .guild import Guild
from .harkonnen import Harkonnen, HarkonnenGF9, HarkonnenGF9Version4, HarkonnenV3
from .ixians import Ixians
from .tleilaxu import Tleilaxu

# Every faction's class, and after it its classes for the rulesets where its powers differ.
CLASSES: tuple[type[Faction], ...] = (
    Atreides, AtreidesGF9, BeneGesserit, BeneGesseritWBC, BeneGesseritGF9, BeneGesseritV3,
    Emperor, Fremen, FremenWBC, FremenGF9,
    FremenGF9Version4, FremenV3, Guild, Harkonnen, HarkonnenGF9, HarkonnenGF9Version4,
    HarkonnenV3, Ixians, Tleilaxu)


@functools.cache
def registry(ruleset: str, version: int = RULES_VERSION) -> dict[str, Faction]:
    """Seat -> the faction's hooks in a ruleset as rules ``version`` plays it, for each faction
    its data has: its class for that ruleset (and version, ``Faction.until``) if it has one,
    else none of its own (``_plain``)."""
    found: dict[str, Faction] = {}
    for cls in CLASSES:
        if cls.answers_for(ruleset, version):
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


def power(seat: str, game: Any) -> Faction:
    """The hooks of a seat's faction in a game (a state, a view or its rules)."""
    return registry(*rules_key(game))[seat]


def lister(game: Any, ability: Ability) -> Faction:
    """The hooks of the faction whose sheet lists the advantage in a game's ruleset, in play or
    not (``owner``), or a plain faction where none does: its answer to a rule of its power
    asked where no seat is at hand (the worm's stages: its riders' answer)."""
    seat = owner(game, ability)
    return _plain("") if seat is None else power(seat, game)


def in_play(state: State) -> list[Faction]:
    """The factions in the game, in seat order (asked at every step)."""
    found = registry(*rules_key(state))
    return [found[seat] for seat in state["seats"]]


def ordered(state: State, hook: str) -> list[Faction]:
    """The factions in the game in the order the rules give their powers at one hook (each
    faction's ``precedence``; seat order among equals)."""
    return list(_ordered(*rules_key(state), tuple(state["seats"]), hook))


@functools.cache
def _ordered(ruleset: str, version: int, seats: tuple[str, ...], hook: str
             ) -> tuple[Faction, ...]:
    found = registry(ruleset, version)
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
    """One of the factions' own decisions of the phase carried out by the faction deciding
    (``Faction.decide``)."""
    kind, seat = PromptKey.parse(key)
    return power(seat, state).decide(state, phase, kind, value, rng)


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


def upgrade_state(state: State) -> State:
    """A state stored by earlier code, in today's shape: each faction moves what it kept at
    the state's top level into its own sheet (``Faction.upgrade``)."""
    for faction in FACTIONS.values():
        faction.upgrade(state)
    return state


__all__ = ["CARD", "CLASSES", "FACTIONS", "REVIVAL", "SHIPMENT", "BattleTools", "Faction",
           "RevivalTerms", "decide", "decision_keys", "decisions", "has", "holder", "in_play",
           "karama_power_used", "lister", "ordered", "owner", "payee", "power", "registry",
           "upgrade_state"]
