"""The rules data of War for Arrakis as values, checked on load (``loader``).

The board (``Board``: areas, sectors, borders, air zones), the leaders, the Planning and
Prescience cards, the Secret Objectives, the Imperium board and Bans, the components and the
authored facts.  An effect (a card's, a leader's special action) stays a list of steps as
data, each a mapping of one step kind (``STEP_KINDS``) to its parameters; the rules run them
(``cards/effect.py`` and the step modules beside it)."""

from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ...common.names import Named, NameIndex


class Terrain(StrEnum):
    """The four terrains of an area (002 GAME BOARD)."""

    MOUNTAIN = "mountain"
    PLATEAU = "plateau"
    MINOR_ERG = "minor-erg"
    DESERT = "desert"


RESULTS = ("strategy", "leadership", "deployment", "mentat", "house")   # 002 ACTION DICE RESULTS
MARKERS = ("kwisatz", "dwellers", "jihad")                              # 002 THE PRESCIENCE TRACK
MARKER_NAMES = {"kwisatz": "Kwisatz Haderach", "dwellers": "Sand Dwellers", "jihad": "Jihad"}
UNIT_KINDS = ("regular", "elite", "special")                            # 002 UNITS
COMBAT_FACES = ("hit", "shield", "special")                             # 002 COMBAT ROLL
VEHICLES = ("harvester", "ornithopter", "carryall")                     # 002 VEHICLES
SIDES = ("atreides", "harkonnen")

# The kinds of step an effect is made of (cards/effect.py runs each).
STEP_KINDS = frozenset({
    "place", "legion", "draw", "play", "enter", "vehicles", "discard-wormsigns", "bombard",
    "tank-leader", "upgrade", "opponent-discards", "bene-gesserit", "airlift",
    "prescience-back", "discard-enemy-die", "spy", "mahdi-hunted", "second-objective",
    "truthtrance", "choose", "adab", "shift-prescience", "desert-power", "atomics",
    "imperium-down", "attach", "wild-maker", "sandworm", "remove-harvesters", "rockets",
    "cielago", "storm", "swap-tokens", "move-sietch", "push-legion", "wormsigns",
    "remove-vehicles", "deploy", "scheme",
})


@dataclass(frozen=True)
class Settlement:
    """A Harkonnen settlement printed on the board: its kind and its public rank."""

    kind: str        # capital, city, village
    rank: int


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    abbreviation: str
    sector: str                    # its sector's id, or "north-pole" (in all four central)
    terrain: Terrain
    deep: bool
    settlement: Settlement | None
    sietch: bool
    station: bool
    sheltered_by: tuple[str, ...] | None   # a central plateau the storms spare (None: exposed)
    atomics: bool
    neighbours: tuple[str, ...]


@dataclass(frozen=True)
class Sector:
    id: str
    name: str
    ring: str                      # outer or central


@dataclass(frozen=True)
class AirZone:
    id: str
    name: str
    sectors: tuple[str, str]


@dataclass(frozen=True)
class Board:
    """The map: areas in a fixed order, sectors, borders (passable ``neighbours`` and the
    ``impassable`` pairs) and air zones."""

    areas: dict[str, Area]
    sectors: dict[str, Sector]
    impassable: frozenset[frozenset[str]]
    zones: dict[str, AirZone]
    index: NameIndex[Area] = field(compare=False, repr=False)

    def __getitem__(self, area: str) -> Area:
        return self.areas[area]

    def area(self, text: str) -> Area:
        """The area ``text`` names (name, abbreviation or prefix; ``NameIndex``)."""
        return self.index.find(text)

    @functools.cached_property
    def order(self) -> dict[str, int]:
        """Each area's place in the board's order (ties are broken by it)."""
        return {area: i for i, area in enumerate(self.areas)}

    @functools.cached_property
    def central(self) -> frozenset[str]:
        return frozenset(s.id for s in self.sectors.values() if s.ring == "central")

    def sectors_of(self, area: str) -> frozenset[str]:
        """The sectors an area lies in: its own, or all four central for the North Pole
        (002 THE NORTH POLE AREA)."""
        sector = self.areas[area].sector
        return self.central if sector == "north-pole" else frozenset((sector,))

    @functools.cached_property
    def in_sector(self) -> dict[str, tuple[str, ...]]:
        """Each sector's areas (the North Pole in each central one)."""
        found: dict[str, list[str]] = {s: [] for s in self.sectors}
        for area in self.areas:
            for sector in self.sectors_of(area):
                found[sector].append(area)
        return {s: tuple(a) for s, a in found.items()}

    def zones_of(self, area: str) -> tuple[str, ...]:
        """The air zones connected to an area: those of its sectors (002 GAME BOARD)."""
        mine = self.sectors_of(area)
        return tuple(z.id for z in self.zones.values() if mine & set(z.sectors))

    def zone_areas(self, zone: str) -> tuple[str, ...]:
        """Every area an air zone reaches: those of both its sectors."""
        sectors = self.zones[zone].sectors
        return tuple(a for a in self.areas if self.sectors_of(a) & set(sectors))

    @functools.cached_property
    def touching(self) -> dict[str, tuple[str, ...]]:
        """Each area's neighbours across any border, the impassable ones too (troop
        transport, 002 TROOP-TRANSPORT)."""
        found = {a: set(area.neighbours) for a, area in self.areas.items()}
        for pair in self.impassable:
            one, two = sorted(pair)
            found[one].add(two)
            found[two].add(one)
        return {a: tuple(sorted(n, key=self.order.__getitem__)) for a, n in found.items()}

    def within(self, start: str, steps: int, across_all: bool = False) -> dict[str, int]:
        """The areas at most ``steps`` borders from ``start``, with their distance (across
        passable borders, or across any with ``across_all``)."""
        edges = self.touching if across_all else {a: x.neighbours for a, x in self.areas.items()}
        found = {start: 0}
        queue = deque([start])
        while queue:
            at = queue.popleft()
            if found[at] == steps:
                continue
            for other in edges[at]:
                if other not in found:
                    found[other] = found[at] + 1
                    queue.append(other)
        return found

    @functools.cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """Borders crossed between every two areas, passable ones only."""
        return {area: self.within(area, len(self.areas)) for area in self.areas}

    def distance(self, start: str, end: str) -> int:
        return self.distances[start].get(end, 999)

    def is_desert(self, area: str, converted: str | None = None) -> bool:
        """Whether an area is Desert (Deep Desert too), an area the Family Atomics turned to
        desert (``converted``, 002 THE FAMILY ATOMICS) included."""
        return area == converted or self.areas[area].terrain is Terrain.DESERT

    def terrain(self, area: str, converted: str | None = None) -> Terrain:
        return Terrain.DESERT if area == converted else self.areas[area].terrain


@dataclass(frozen=True)
class Combat:
    hits: int
    shields: int


@dataclass(frozen=True)
class Leader:
    """A named leader (002 NAMED LEADERS)."""

    id: str
    name: str
    abbreviation: str
    faction: str
    power: str
    box: str | None                # the die result of its special action; None: none
    combat: Combat
    enters: dict[str, Any]
    replaces: str | None
    removes: str | None
    brings: str | None
    special: tuple[dict[str, Any], ...]
    solo_special: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Generic:
    """A generic leader: the Naib of the Atreides, the Bashar of the Harkonnen."""

    id: str
    name: str
    faction: str
    power: str
    combat: Combat


@dataclass(frozen=True)
class Card:
    """A Planning card: its deck, its effect as steps, and what it does instead when the
    condition of ``instead`` holds."""

    id: str
    name: str
    synonyms: tuple[str, ...]
    deck: str
    copies: int
    summary: str
    effect: tuple[dict[str, Any], ...]
    instead_when: dict[str, Any] | None
    instead: tuple[dict[str, Any], ...]

    @property
    def playable(self) -> bool:
        """Whether the card is played at all (Hawat's Scheming is not, 002 THUFIR HAWAT)."""
        return not any("scheme" in step for step in self.effect)


@dataclass(frozen=True)
class PrescienceCard:
    id: str
    name: str
    timing: str                    # action or end (002 CLAIM TIMING)
    spend_die: bool
    requires: tuple[dict[str, Any], ...]
    do: tuple[dict[str, Any], ...]
    reward: dict[str, int]


@dataclass(frozen=True)
class Objective:
    id: str
    name: str
    scores: dict[str, int]


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    powers: tuple[str, str]
    units: dict[str, int]
    special_name: str
    generic_leader: str
    generic_leaders: int
    action_dice: int
    tank_slots: int
    bene_gesserit_start: int


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    faction: str
    deck: str


@dataclass(frozen=True)
class Row:
    """A row of The Spice Must Flow board: dice set aside and vehicles placed."""

    aside: int
    vehicles: dict[str, int]


@dataclass(frozen=True)
class Ban:
    id: str
    name: str
    power: str
    rule: str


@dataclass(frozen=True)
class WfaData:
    """Every fact the rules read, checked."""

    board: Board
    factions: dict[str, Faction]
    powers: dict[str, Power]
    leaders: dict[str, Leader]
    generics: dict[str, Generic]
    cards: dict[str, Card]
    decks: dict[str, tuple[str, ...]]        # each deck's cards, copies repeated
    prescience: dict[str, PrescienceCard]
    objectives: dict[str, Objective]
    rows: tuple[Row, ...]
    costs: dict[str, int]                    # keep, raise, stockpile
    bans: dict[str, Ban]
    tactical: tuple[tuple[str, str], ...]    # (sietch, sector or "central")
    combat_faces: tuple[str, ...]
    action_faces: dict[str, tuple[str, ...]]
    dashboards: dict[str, dict[str, int]]
    desert_power_power: str                  # the power that takes Desert Power when shared
    limits: dict[str, int]
    vehicles: dict[str, int]
    sandworms: int
    wormsigns: dict[str, int]
    bene_gesserit_tokens: int
    sietch_ranks: tuple[int, ...]
    station_symbols: dict[str, int]
    bene_gesserit_steps: tuple[int, ...]
    prescience_top: int
    deployment: dict[str, tuple[dict[str, int], ...]]
    aspect: float                            # the board's height over its width
    centres: dict[str, tuple[float, float]]  # each area's centre, shares of width and height
    leader_index: NameIndex[str] = field(compare=False, repr=False)
    card_index: NameIndex[str] = field(compare=False, repr=False)
    prescience_index: NameIndex[str] = field(compare=False, repr=False)

    def leader(self, text: str) -> str:
        """The named leader ``text`` names (``paul``: whichever Paul, 002 JESSICA AND PAUL)."""
        return self.leader_index.find(text)

    def card(self, text: str) -> str:
        return self.card_index.find(text)

    def prescience_card(self, text: str) -> str:
        return self.prescience_index.find(text)


def named(entries: list[tuple[Any, str, tuple[str, ...], tuple[str, ...]]]) -> list[Named]:
    """Entries for a ``NameIndex``: (item, name, abbreviations, synonyms)."""
    return [Named(item, name, abbreviations, synonyms)
            for item, name, abbreviations, synonyms in entries]
