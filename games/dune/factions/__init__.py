"""The factions of Dune: each faction's powers in its own module, as hooks the phases call.

A phase never names a faction.  It asks the factions in play through ``power(seat)`` (the
faction's hooks: a ``Faction``, whose defaults are "no power here") or asks who holds an
advantage (``holder``, ``has``): which advantages a faction has in a ruleset is data
(``factions.yaml``: ``abilities``, ``optional_abilities``, ``karama_power``, ``alliance``).
A faction's own state lives under its sheet, ``state["factions"][seat]``.  A faction the
data has but no module (an overlay's, before its module is written) plays with no powers of
its own (``base.Faction``).
"""

from __future__ import annotations

import functools
from typing import Any

from ..data import Ability
from ..rules import rules_of
from ..state import State, ally_of, data, sheet
from .atreides import Atreides
from .base import Faction
from .bene_gesserit import BeneGesserit
from .emperor import Emperor
from .fremen import Fremen
from .guild import Guild
from .harkonnen import Harkonnen

FACTIONS: dict[str, Faction] = {faction.seat: faction for faction in (
    Atreides(), BeneGesserit(), Emperor(), Fremen(), Guild(), Harkonnen())}


def power(seat: str) -> Faction:
    """The hooks of a seat's faction: its module's, or none of its own (``_plain``)."""
    found = FACTIONS.get(seat)
    return found if found is not None else _plain(seat)


@functools.cache
def _plain(seat: str) -> Faction:
    """A faction the data has but no module: every hook's default, no power."""
    faction = Faction()
    faction.seat = seat
    return faction


def in_play(state: State) -> list[Faction]:
    """The factions in the game, in seat order (``power``'s, without a call a seat: asked at
    every step)."""
    return [FACTIONS.get(seat) or _plain(seat) for seat in state["seats"]]


def has(state: State, seat: str, ability: Ability) -> bool:
    """Whether the faction has the advantage in this game: a basic one always, an optional one
    (000 XV) only with ``advantages``, its Karama power (000 XVII) only with
    ``karama_powers`` and, where it is once a game, until used (001 1.14.01), an alliance
    power only while allied (000 XII.C)."""
    faction, rules = sheet(seat, state), rules_of(state)
    return (ability in faction.abilities
            or (rules.advantages and ability in faction.optional_abilities)
            or (rules.karama_powers and ability is faction.karama_power
                and not state["factions"][seat].get("karama_power_used"))
            or (ability in faction.alliance and bool(ally_of(state, seat))))


def karama_power_used(state: State, seat: str) -> None:
    """The faction has used its special Karama power: once a game in GF9 (001 1.13.07,
    1.14.01), so it has it no more; under AH it may again with another card (000 XVII.B)."""
    if rules_of(state).karama_power_once_per_game:
        state["factions"][seat]["karama_power_used"] = True


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


def upgrade_state(state: State) -> State:
    """A state stored by earlier code, in today's shape: each faction moves what it kept at
    the state's top level into its own sheet (``Faction.upgrade``)."""
    for faction in FACTIONS.values():
        faction.upgrade(state)
    return state


__all__ = ["FACTIONS", "Faction", "has", "holder", "in_play", "karama_power_used", "owner",
           "power", "upgrade_state"]
