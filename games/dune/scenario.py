"""Scenario files for classic Dune: a position, the orders played from it, what must follow.

A GM checks a ruling, and a test pins one, with a YAML file (docs/scenarios.md documents every
key): the seats and rules, a ``position`` (the turn and phase, the storm, forces, spice, each
faction's sheet, alliances, the decks), ``orders`` as players write them, step by step, and
``expect``, assertions on the end.  Whatever the position does not give keeps its value in a
fresh set-up of the seats (``set_up.new_game`` with the generator of step 0), so that small
scenarios stay small.

``load_scenario`` checks the file into frozen dataclasses (``pbem.schema``: every fault named
by its key, unknown keys are errors) and builds the state; ``run_scenario`` applies each step
with ``turn.advance`` and that step's generator (``pbem.game.step_rng``), as the moderator
does, and checks the expectations; ``scenario_report`` writes the outcome as text.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pbem.game import Event, Prompt, step_rng
from pbem.schema import SchemaError, build

from . import turn
from .data import NameLookupError, Territory
from .data.names import Named, NameIndex
from .orders import OrderProblem, parse_orders, read_territory, where, words_of
from .rules import RULESETS, Rules, make_rules
from .set_up import new_game
from .spice_blow import last_territory
from .state import (
    FACTION_SEATS,
    SEAT_FACTIONS,
    State,
    add_forces,
    count_in,
    data,
    only_sector,
    sheet,
)
from .storm import WEATHER_MARKERS

# A check of ``expect``: given the run's result, a failure message or None.
Check = Callable[[dict[str, Any]], str | None]
COPY = re.compile(r"(?P<name>.*?)\s*#\s*(?P<copy>\d+)")


class ScenarioError(SchemaError):
    """A scenario that cannot be run; ``problems`` names every fault by its key."""


# --- the file, as checked dataclasses
@dataclass(frozen=True)
class Prediction:
    """The Bene Gesserit prediction: a faction and a turn."""

    faction: str
    turn: int


@dataclass(frozen=True)
class FactionPosition:
    """One faction's sheet in a position (or in ``expect``); None: not given."""

    spice: int | None = None
    reserve: Any = None
    tanks: Any = None
    hand: tuple[str, ...] | None = None
    traitors: tuple[str, ...] | None = None
    leaders_in_tanks: tuple[str, ...] | None = None
    prediction: Prediction | None = None


@dataclass(frozen=True)
class StormPosition:
    """The storm: its sector, the two factions at the wheels, their dials, the weather marker."""

    sector: int | None = None
    dialers: tuple[str, ...] | None = None
    dials: dict[str, Any] | None = None
    marker: int | None = None


@dataclass(frozen=True)
class Decks:
    """Cards named top first; the cards of a deck not named follow in the set-up's shuffle."""

    treachery: tuple[str, ...] = ()
    treachery_discard: tuple[str, ...] = ()
    spice: tuple[str, ...] = ()
    spice_discard: tuple[str, ...] = ()
    spice_discard_2: tuple[str, ...] = ()


@dataclass(frozen=True)
class Position:
    """Where the scenario starts; every key is optional."""

    turn: int | None = None
    phase: str | None = None
    step: dict[str, Any] | None = None
    storm: StormPosition | None = None
    forces: dict[str, Any] | None = None
    spice: dict[str, Any] | None = None
    factions: dict[str, Any] | None = None
    alliances: tuple[tuple[str, ...], ...] | None = None
    worms: int | None = None
    shield_wall: Literal["standing", "destroyed"] | None = None
    decks: Decks | None = None


@dataclass(frozen=True)
class Expect:
    """Assertions checked after the last step; only what is given is checked."""

    turn: int | None = None
    phase: str | None = None
    storm: StormPosition | None = None
    forces: dict[str, Any] | None = None
    spice: dict[str, Any] | None = None
    factions: dict[str, Any] | None = None
    alliances: tuple[tuple[str, ...], ...] | None = None
    worms: int | None = None
    shield_wall: Literal["standing", "destroyed"] | None = None
    winners: tuple[str, ...] | None = None
    victory: str | None = None
    prompts: tuple[str, ...] | None = None
    events: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Scenario:
    """A scenario file."""

    game: str
    seats: tuple[str, ...]
    title: str | None = None
    ruleset: str = RULESETS[0]
    options: dict[str, Any] = field(default_factory=dict)
    seed: str = "scenario"
    position: Position = field(default_factory=Position)
    orders: tuple[dict[str, Any], ...] = ()
    expect: Expect = field(default_factory=Expect)


@dataclass
class Loaded:
    """A checked scenario: its state at the position (entered, played on to the first
    decision), the events of getting there, the order texts of each step by seat, the checks."""

    scenario: Scenario
    state: State
    events: list[Event]
    steps: list[dict[str, str]]
    checks: list[Check]


# --- the entry points
def load_scenario(data_: Any, source: str = "scenario") -> Loaded:
    """Check a scenario (parsed YAML) and build its position; ScenarioError lists every fault."""
    problems: list[str] = []
    scenario = build(Scenario, data_, "", problems)
    rules = _head(scenario, problems) if scenario is not None else None
    if rules is None or problems:
        raise ScenarioError(source, problems)
    seats = list(scenario.seats)
    rng = step_rng(scenario.seed, 0)
    state = new_game(rules, seats, rng)
    _position(state, scenario.position, rules, problems)
    steps = [_step_texts(step, f"orders[{index}]", seats, problems)
             for index, step in enumerate(scenario.orders)]
    checks = _expectations(scenario.expect, seats, problems)
    if problems:
        raise ScenarioError(source, problems)
    state, events = _enter(state, scenario.position, rng)
    return Loaded(scenario, state, events, steps, checks)


def run_scenario(data_: dict[str, Any]) -> dict[str, Any]:
    """Play a scenario's steps from its position and check its expectations.

    The result is JSON data: ``state`` (the whole final state), ``events`` (per step, the
    events as JSON; step 0 is entering the position), ``orders`` (per step, the orders
    applied), ``prompts`` (open at the end) and ``expect`` (``checked``, ``failed``).
    """
    loaded = load_scenario(data_)
    state = loaded.state
    events = [[event.to_json() for event in loaded.events]]
    orders: list[list[dict[str, Any]]] = [[]]
    for number, texts in enumerate(loaded.steps, start=1):
        applied, read = _read_step(state, number, texts)
        state, happened = turn.advance(state, applied, step_rng(loaded.scenario.seed, number))
        events.append([event.to_json() for event in happened])
        orders.append(read)
    result = {"title": loaded.scenario.title, "seed": loaded.scenario.seed, "state": state,
              "events": events, "orders": orders,
              "prompts": [dataclasses.asdict(p) for p in turn.prompts(state)]}
    failed = [message for check in loaded.checks if (message := check(result))]
    result["expect"] = {"checked": len(loaded.checks), "failed": failed}
    return result


# --- the head: rules and seats
def _head(scenario: Scenario, problems: list[str]) -> Rules | None:
    """The rules of a scenario whose game, ruleset, options and seats are right, else None."""
    if scenario.game != "dune":
        problems.append(f"game: this file is for {scenario.game!r}, not dune")
    if not 2 <= len(scenario.seats) <= 6:
        problems.append(f"seats: Dune is played by 2 to 6 factions, not {len(scenario.seats)}")
    for index, seat in enumerate(scenario.seats):
        if seat not in SEAT_FACTIONS:
            problems.append(f"seats[{index}]: expected one of {', '.join(SEAT_FACTIONS)}, "
                            f"got {seat!r}")
        elif scenario.seats.index(seat) != index:
            problems.append(f"seats[{index}]: {seat} is seated twice")
    if scenario.ruleset not in RULESETS:
        problems.append(f"ruleset: expected one of {', '.join(RULESETS)}, "
                        f"got {scenario.ruleset!r}")
        return None
    try:
        rules = make_rules(scenario.ruleset, scenario.options)
    except ValueError as error:
        problems.append(f"options: {error}")
        return None
    return rules


def _seat(text: Any, seats: list[str], key: str, problems: list[str]) -> str | None:
    """The seat in play that ``text`` names: a seat name, or a faction's name written loosely."""
    if not isinstance(text, str):
        problems.append(f"{key}: expected a faction, got {text!r}")
        return None
    try:
        seat = text if text in SEAT_FACTIONS else FACTION_SEATS[data().faction(text).name]
    except NameLookupError as error:
        problems.append(f"{key}: {error}")
        return None
    if seat not in seats:
        problems.append(f"{key}: {SEAT_FACTIONS[seat]} are not in play "
                        f"(seats: {', '.join(seats)})")
        return None
    return seat


# --- reading the values of a position
def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _count(value: Any, key: str, seat: str, rules: Rules, problems: list[str]
           ) -> list[int] | None:
    """Forces: a number of normal ones, or ``[normal, starred]`` where the faction has
    starred forces in play (the optional advantages, 000 XV)."""
    if _whole(value):
        return [value, 0]
    if not (isinstance(value, list) and len(value) == 2 and all(map(_whole, value))):
        problems.append(f"{key}: expected a number of forces or [normal, starred], "
                        f"got {value!r}")
        return None
    starred = sheet(seat).starred
    if value[1] and starred is None:
        problems.append(f"{key}: the {SEAT_FACTIONS[seat]} have no starred forces")
        return None
    if value[1] and not rules.advantages:
        problems.append(f"{key}: {starred.name} are in play only with the advantages "
                        "option (000 XV)")
        return None
    return list(value)


def _forces_of(seat: str, rules: Rules) -> list[int]:
    """All of a faction's forces, ``[normal, starred]`` (20 in all, 000 II.B.1.c)."""
    starred = sheet(seat).starred
    special = starred.count if starred is not None and rules.advantages else 0
    return [sheet(seat).forces - special, special]


def _spot(text: str, key: str, problems: list[str], sector_needed: bool = True
          ) -> tuple[str, int | None] | None:
    """A territory and sector written as in orders ("Cielago North SECTOR 2"); the sector
    may be left out where the territory lies in one sector (or, if not needed, in any)."""
    try:
        territory, sector = read_territory(words_of(text))
    except OrderProblem as problem:
        problems.append(f"{key}: {problem.message}")
        return None
    if sector is None and len(territory.sectors) <= 1:
        sector = only_sector(territory.name)
    if sector is None and sector_needed:
        problems.append(f"{key}: {territory.name} lies in sectors "
                        f"{', '.join(map(str, territory.sectors))}; write "
                        f"'{territory.name} SECTOR <n>'")
        return None
    return territory.name, sector


def _spice_site(text: str, key: str, problems: list[str]) -> str | None:
    """A territory with a spice blow site (spice lies only there, 000 VII)."""
    spot = _spot(text, key, problems, sector_needed=False)
    if spot is None:
        return None
    if data().board[spot[0]].spice_blow is None:
        sites = [t.name for t in data().board.territories if t.spice_blow is not None]
        problems.append(f"{key}: {spot[0]} has no spice blow site; spice lies on: "
                        f"{', '.join(sites)}")
        return None
    return spot[0]


def _leaders(texts: tuple[str, ...], key: str, problems: list[str]) -> list[tuple[str, str]]:
    """(leader, faction) of each name, written loosely."""
    found = []
    for index, text in enumerate(texts):
        try:
            leader = data().leader(text)
        except NameLookupError as error:
            problems.append(f"{key}[{index}]: {error}")
            continue
        found.append((leader.name, FACTION_SEATS[leader.faction]))
    return found


def _mapping(value: Any, key: str, problems: list[str]) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    problems.append(f"{key}: expected a mapping, got {value!r}")
    return {}


# --- cards by name
@dataclass(frozen=True)
class Cards:
    """A deck's cards by name: ``copies`` maps each card name to its ids, in copy order."""

    kind: str
    copies: dict[str, tuple[str, ...]]
    index: NameIndex[str]

    def read(self, text: Any, key: str, problems: list[str]) -> tuple[str, str | None] | None:
        """(name, id) of a card written as "Shield #2" or "Shield"; the id is None for a
        bare name of a card that has several copies."""
        if not isinstance(text, str):
            problems.append(f"{key}: expected a card name, got {text!r}")
            return None
        match = COPY.fullmatch(text.strip())
        try:
            name = self.index.find(match["name"] if match else text)
        except NameLookupError as error:
            problems.append(f"{key}: {error}")
            return None
        ids = self.copies[name]
        if match is None:
            return name, ids[0] if len(ids) == 1 else None
        card = f"{name} #{int(match['copy'])}"
        if card not in ids:
            problems.append(f"{key}: there is no {card}; the {self.kind} cards of that name "
                            f"are: {', '.join(ids)}")
            return None
        return name, card

    def allocate(self, places: dict[str, tuple[str, ...]], problems: list[str]
                 ) -> dict[str, list[str]]:
        """The card ids of each place (key -> names), in order: copies named exactly first,
        then each bare name takes the lowest-numbered copy not named elsewhere."""
        read = {place: [self.read(text, f"{place}[{i}]", problems)
                        for i, text in enumerate(texts)] for place, texts in places.items()}
        ids = {place: [card[1] if card else None for card in cards]
               for place, cards in read.items()}
        taken: dict[str, str] = {}
        for place, cards in ids.items():
            for index, card in enumerate(cards):
                if card is not None:
                    self._take(card, f"{place}[{index}]", taken, problems)
        for place, cards in read.items():
            for index, card in enumerate(cards):
                if card is None or card[1] is not None:
                    continue
                free = [c for c in self.copies[card[0]] if c not in taken]
                if free:
                    ids[place][index] = free[0]
                    taken[free[0]] = f"{place}[{index}]"
                else:
                    problems.append(f"{place}[{index}]: every {card[0]} is named already "
                                    f"({', '.join(self.copies[card[0]])})")
        return {place: [card for card in cards if card is not None]
                for place, cards in ids.items()}

    @staticmethod
    def _take(card: str, key: str, taken: dict[str, str], problems: list[str]) -> None:
        if card in taken:
            problems.append(f"{key}: {card} is named twice (also at {taken[card]})")
        else:
            taken[card] = key


def treachery_cards() -> Cards:
    """The treachery deck by card name."""
    copies: dict[str, tuple[str, ...]] = {}
    for card in data().treachery_deck:
        copies[card.name] = (*copies.get(card.name, ()), card.id)
    return Cards("treachery", copies, NameIndex("treachery card",
                                                (Named(n, n) for n in copies)))


def spice_cards() -> Cards:
    """The spice deck by card name: a territory's (its map names work) or Shai-Hulud."""
    copies: dict[str, tuple[str, ...]] = {}
    named: dict[str, Named[str]] = {}
    for card in data().spice_deck:
        name = card.territory or COPY.fullmatch(card.id)["name"]
        copies[name] = (*copies.get(name, ()), card.id)
        territory: Territory | None = data().board[name] if card.territory else None
        named[name] = Named(name, name, territory.abbreviations if territory else (),
                            territory.synonyms if territory else ())
    return Cards("spice", copies, NameIndex("spice card", named.values()))


# --- building the position
def _position(state: State, position: Position, rules: Rules, problems: list[str]) -> None:
    """Put what the position gives into a fresh set-up, collecting every fault."""
    seats = state["seats"]
    _phase(state, position, rules, problems)
    if position.storm is not None:
        _storm(state, position.storm, "position.storm", problems)
    _storm_ready(state, position, rules, problems)
    if position.forces is not None:
        state["forces"] = {}
        _forces(state, position.forces, rules, problems)
    if position.spice is not None:
        state["spice"] = {}
        _map_spice(state, position.spice, problems)
    factions = _factions(position.factions, seats, "position.factions", problems)
    for seat, given in factions.items():
        _faction(state, seat, given, f"position.factions.{seat}", rules, problems)
    _cards(state, factions, position.decks or Decks(), rules, problems)
    if position.alliances is not None:
        state["alliances"] = _alliances(position.alliances, seats, rules, problems)
    if position.worms is not None:
        state["worms"] = position.worms
    if position.shield_wall is not None:
        state["shield_wall"] = position.shield_wall
    for seat in seats:
        reserve = factions[seat].reserve if seat in factions else None
        _reserve(state, seat, reserve, f"position.factions.{seat}", rules, problems)


def _phase(state: State, position: Position, rules: Rules, problems: list[str]) -> None:
    """The turn, phase and step: the set-up (turn 0) unless a turn is given; the storm
    phase if a turn is given without a phase; a phase left without ``step`` is entered."""
    phase = position.phase or ("setup" if position.turn is None else "storm")
    if phase not in turn.PHASES:
        problems.append(f"position.phase: expected one of {', '.join(turn.PHASES)}, "
                        f"got {phase!r}")
        return
    number = position.turn if position.turn is not None else (0 if phase == "setup" else 1)
    if phase == "setup" and number != 0:
        problems.append(f"position.turn: the set-up is turn 0, not {number}")
    elif phase != "setup" and not 1 <= number <= rules.turns:
        problems.append(f"position.turn: expected a turn 1 to {rules.turns}, got {number}")
    state["turn"], state["phase"] = number, phase
    if position.step is not None:
        state["step"] = dict(position.step)
    _to_place(state, rules)


def _to_place(state: State, rules: Rules) -> None:
    """Forces still to place at set-up (set_up.py): the Fremen's and the Bene Gesserit's in
    round 1, the Bene Gesserit's in round 2 with XV (000 line 500); none later."""
    round_ = state["step"].get("round") if state["phase"] == "setup" else None
    for seat in state["seats"]:
        later = round_ == 2 and seat == "bene-gesserit" and rules.advantages
        if round_ != 1 and not later:
            state["factions"][seat]["to_place"] = 0


def _storm(state: State, storm: StormPosition, key: str, problems: list[str]) -> None:
    """The storm's sector, dialers, their dials and the Fremen's weather marker."""
    seats, sectors = state["seats"], data().board.sectors
    if storm.sector is not None:
        if 1 <= storm.sector <= sectors:
            state["storm"]["sector"] = storm.sector
        else:
            problems.append(f"{key}.sector: expected a sector 1 to {sectors}, "
                            f"got {storm.sector}")
    if storm.dialers is not None:
        dialers = [seat for i, name in enumerate(storm.dialers)
                   if (seat := _seat(name, seats, f"{key}.dialers[{i}]", problems))]
        if len(set(storm.dialers)) != 2:
            problems.append(f"{key}.dialers: expected two different factions, "
                            f"got {list(storm.dialers)}")
        state["storm"]["dialers"] = dialers
    if storm.dials is not None:
        dialers = state["storm"]["dialers"]
        dials = _dials(storm.dials, dialers, f"{key}.dials", problems)
        if dials and set(dials) != set(dialers):
            problems.append(f"{key}.dials: expected a dial for each dialer "
                            f"({', '.join(dialers)})")
        state["storm"]["dials"] = dials
    if storm.marker is not None:
        if storm.marker in WEATHER_MARKERS:
            state["storm"]["marker"] = storm.marker
        else:
            problems.append(f"{key}.marker: expected a weather marker "
                            f"{WEATHER_MARKERS[0]} to {WEATHER_MARKERS[-1]}, got {storm.marker}")


def _dials(dials: dict[str, Any], among: list[str], key: str, problems: list[str]
           ) -> dict[str, int]:
    """Dials by seat, each a number."""
    found = {}
    for name, value in dials.items():
        seat = _seat(name, among, f"{key}.{name}", problems)
        if not _whole(value):
            problems.append(f"{key}.{name}: expected a number, got {value!r}")
        elif seat is not None:
            found[seat] = value
    return found


def _storm_ready(state: State, position: Position, rules: Rules, problems: list[str]) -> None:
    """The storm to come must have what it moves by: the first storm the set-up dials (000
    VI.A; collected in round 1 of the set-up), a later one with weather the marker drawn the
    turn before (000 XVI.C).  Checked for the set-up after round 1 and entering a storm."""
    in_setup = state["phase"] == "setup" and state["step"].get("round") != 1
    entering = state["phase"] == "storm" and position.step is None
    if (in_setup or entering and state["turn"] == 1) and not state["storm"]["dials"]:
        problems.append("position.storm.dials: the first storm moves by the set-up dials "
                        "(000 VI.A); give both dialers' dials")
    weather = rules.weather and "fremen" in state["seats"]
    if entering and state["turn"] > 1 and weather and state["storm"]["marker"] is None:
        problems.append("position.storm.marker: with weather the storm moves by the marker "
                        "drawn the turn before (000 XVI.C); give it")


def _forces(state: State, forces: dict[str, Any], rules: Rules, problems: list[str]) -> None:
    """Forces per territory (and sector) and faction."""
    for place, by_faction in forces.items():
        key = f"position.forces.{place}"
        spot = _spot(str(place), key, problems)
        for name, value in _mapping(by_faction, key, problems).items():
            seat = _seat(name, state["seats"], f"{key}.{name}", problems)
            count = _count(value, f"{key}.{name}", seat, rules, problems) if seat else None
            if spot is not None and count is not None and sum(count):
                add_forces(state, seat, spot[0], spot[1], *count)


def _map_spice(state: State, spice: dict[str, Any], problems: list[str]) -> None:
    """Spice on the map, per territory (at its spice blow site)."""
    for place, amount in spice.items():
        key = f"position.spice.{place}"
        territory = _spice_site(str(place), key, problems)
        if not _whole(amount):
            problems.append(f"{key}: expected an amount of spice, got {amount!r}")
        elif territory is not None and amount:
            state["spice"][territory] = state["spice"].get(territory, 0) + amount


def _factions(given: dict[str, Any] | None, seats: list[str], key: str, problems: list[str]
              ) -> dict[str, FactionPosition]:
    """Each faction's sheet as given, by seat."""
    found = {}
    for name, sheet_ in (given or {}).items():
        seat = _seat(name, seats, f"{key}.{name}", problems)
        built = build(FactionPosition, sheet_, f"{key}.{name}.", problems)
        if seat is not None and built is not None:
            found[seat] = built
    return found


def _faction(state: State, seat: str, given: FactionPosition, key: str, rules: Rules,
             problems: list[str]) -> None:
    """A faction's spice, tanks, traitors, leaders in the tanks and prediction."""
    own = state["factions"][seat]
    if given.spice is not None:
        own["spice"] = given.spice
    if given.tanks is not None:
        own["tanks"] = _count(given.tanks, f"{key}.tanks", seat, rules, problems) or [0, 0]
    if given.traitors is not None:
        own["traitors"] = [name for name, faction in
                           _leaders(given.traitors, f"{key}.traitors", problems)
                           if _not_own(name, faction, seat, f"{key}.traitors", problems)]
    if given.leaders_in_tanks is not None:
        dead = _leaders(given.leaders_in_tanks, f"{key}.leaders_in_tanks", problems)
        for name, faction in dead:
            if faction != seat:
                problems.append(f"{key}.leaders_in_tanks: {name} is not a leader of the "
                                f"{SEAT_FACTIONS[seat]}")
        own["leaders"] = {name: "tanks" if (name, seat) in dead else "alive"
                          for name in own["leaders"]}
    if given.prediction is not None:
        own["prediction"] = _prediction(given.prediction, seat, state["seats"], rules,
                                        f"{key}.prediction", problems)


def _not_own(leader: str, faction: str, seat: str, key: str, problems: list[str]) -> bool:
    if faction == seat:
        problems.append(f"{key}: {leader} is a leader of the {SEAT_FACTIONS[seat]} "
                        "themselves, not of an opponent")
    return faction != seat


def _prediction(given: Prediction, seat: str, seats: list[str], rules: Rules, key: str,
                problems: list[str]) -> dict[str, Any] | None:
    """The Bene Gesserit prediction (000 line 780): another faction and a turn."""
    if seat != "bene-gesserit":
        problems.append(f"{key}: only the Bene Gesserit predict")
        return None
    faction = _seat(given.faction, [s for s in seats if s != seat], f"{key}.faction", problems)
    if not 1 <= given.turn <= rules.turns:
        problems.append(f"{key}.turn: expected a turn 1 to {rules.turns}, got {given.turn}")
    return {"faction": faction, "turn": given.turn}


def _reserve(state: State, seat: str, given: Any, key: str, rules: Rules,
             problems: list[str]) -> None:
    """A faction's reserve: as given, or what is left of its forces after the map, the
    tanks and those still to place at set-up; either way the forces must add up."""
    total = _forces_of(seat, rules)
    own = state["factions"][seat]
    placed = [own["tanks"][0] + own["to_place"], own["tanks"][1]]
    for territory in state["forces"]:
        normal, starred = count_in(state, seat, territory)
        placed = [placed[0] + normal, placed[1] + starred]
    left = [total[0] - placed[0], total[1] - placed[1]]
    reserve = left if given is None else _count(given, f"{key}.reserve", seat, rules, problems)
    if given is None and min(left) < 0:
        problems.append(f"{key}: the {SEAT_FACTIONS[seat]} have {placed} forces "
                        f"[normal, starred] on the map, in the tanks and still to place; "
                        f"the faction has {total}")
    elif reserve is not None and reserve != left:
        problems.append(f"{key}.reserve: the {SEAT_FACTIONS[seat]} have {total} forces "
                        f"[normal, starred]; with {placed} on the map, in the tanks and to "
                        f"place, the reserve must be {left}")
    own["reserve"] = reserve or own["reserve"]


def _alliances(given: tuple[tuple[str, ...], ...], seats: list[str], rules: Rules,
               problems: list[str]) -> list[list[str]]:
    """Alliances: lists of two or more factions, each in one alliance at most (000 XII)."""
    if given and rules.no_alliances:
        problems.append("position.alliances: the no_alliances option is on (000 XVIII.A.1)")
    limit = rules.alliance_limit(len(seats))
    found: list[list[str]] = []
    for index, members in enumerate(given):
        key = f"position.alliances[{index}]"
        alliance = [s for i, name in enumerate(members)
                    if (s := _seat(name, seats, f"{key}[{i}]", problems))]
        if len(set(members)) < 2 or (limit is not None and len(members) > limit):
            problems.append(f"{key}: expected 2 to {limit or len(seats)} different factions, "
                            f"got {list(members)}")
        for seat in alliance:
            if any(seat in other for other in found):
                problems.append(f"{key}: {seat} is in another alliance already")
        found.append(alliance)
    return found


def _cards(state: State, factions: dict[str, FactionPosition], decks: Decks, rules: Rules,
           problems: list[str]) -> None:
    """Hands, decks and discard piles; each pile keeps its top card last in the state."""
    hands = {seat: given.hand for seat, given in factions.items() if given.hand is not None}
    places = {f"position.factions.{seat}.hand": hand for seat, hand in hands.items()}
    places |= {"position.decks.treachery": decks.treachery,
               "position.decks.treachery_discard": decks.treachery_discard}
    treachery = treachery_cards().allocate(places, problems)
    if decks.spice_discard_2 and not rules.double_blow:
        problems.append("position.decks.spice_discard_2: there is a second discard pile only "
                        "with the double_blow option (000 XXI)")
    piles = ["spice", "spice_discard"] + (["spice_discard_2"] if rules.double_blow else [])
    spice = spice_cards().allocate({f"position.decks.{pile}": getattr(decks, pile)
                                    for pile in piles}, problems)
    _deal(state, {seat: treachery[f"position.factions.{seat}.hand"] for seat in hands},
          treachery["position.decks.treachery"],
          treachery["position.decks.treachery_discard"])
    named = {card for cards in spice.values() for card in cards}
    state["decks"]["spice"] = ([c for c in state["decks"]["spice"] if c not in named]
                               + spice["position.decks.spice"][::-1])
    state["decks"]["spice_discard"] = [spice[f"position.decks.{pile}"][::-1]
                                       for pile in piles[1:]]
    state["decks"]["spice_last"] = [last_territory(pile)
                                    for pile in state["decks"]["spice_discard"]]


def _deal(state: State, hands: dict[str, list[str]], top: list[str], discard: list[str]
          ) -> None:
    """The treachery cards: the hands given, the rest of the set-up hands, the deck (the cards
    given on top, the others in the set-up's shuffle) and the discard pile.  A card of a
    set-up hand that the scenario puts elsewhere is replaced by the next card of the deck."""
    factions = state["factions"]
    named = {card for cards in [*hands.values(), top, discard] for card in cards}
    dealt = [card for seat in state["seats"] for card in factions[seat]["hand"]]
    kept = {card for seat in state["seats"] if seat not in hands
            for card in factions[seat]["hand"] if card not in named}
    rest = [card for card in state["decks"]["treachery"] + dealt[::-1]   # as shuffled
            if card not in named and card not in kept]
    for seat in state["seats"]:
        own = factions[seat]
        own["hand"] = hands[seat] if seat in hands else [
            card if card not in named else rest.pop() for card in own["hand"]]
    state["decks"]["treachery"] = rest + top[::-1]
    state["decks"]["treachery_discard"] = discard[::-1]


# --- entering the position
def _enter(state: State, position: Position, rng: random.Random) -> tuple[State, list[Event]]:
    """Enter the phase as the game would (unless ``step`` places the position inside it),
    then play on to the first decision."""
    events: list[Event] = []
    if state["phase"] != "setup" and position.step is None:
        state["step"] = {}
        events.append(Event("phase", {"turn": state["turn"], "phase": state["phase"]}))
        events += turn.PHASES[state["phase"]].begin(state, rng)
    if state["result"] is None and not turn.prompts(state):
        state, more = turn.advance(state, {}, rng)
        events += more
    return state, events


# --- the orders
def _step_texts(step: dict[str, Any], key: str, seats: list[str], problems: list[str]
                ) -> dict[str, str]:
    """One step's order text by seat."""
    texts = {}
    for name, text in step.items():
        seat = _seat(name, seats, f"{key}.{name}", problems)
        if not isinstance(text, str):
            problems.append(f"{key}.{name}: expected order text, got {text!r}")
        elif seat is not None:
            texts[seat] = text
    return texts


def _read_step(state: State, number: int, texts: dict[str, str]
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The orders of a step, each open prompt's default where its seat wrote none, and what
    was applied; ScenarioError naming the step, the seat, the line and the reason.  Step
    ``number`` is item ``number - 1`` of the file's list."""
    key = f"orders[{number - 1}]"
    if state["result"] is not None:
        raise ScenarioError("scenario", [f"{key}: the game is over ({state['result']})"])
    prompts = turn.prompts(state)
    problems: list[str] = []
    read: dict[str, tuple[Any, str]] = {}
    for seat, text in texts.items():
        parsed = parse_orders(state, seat, text, prompts)
        problems += [f"{key}.{seat} line {e.line_no} {e.line.strip()!r}: {e.message}"
                     + _valid(e.valid, e.message) for e in parsed.errors]
        read |= {order.prompt: (order.value, order.text) for order in parsed.orders}
    if problems:
        raise ScenarioError("scenario", problems)
    return ({p.key: read[p.key][0] if p.key in read else p.default for p in prompts},
            [_applied(p, read.get(p.key)) for p in prompts])


def _valid(valid: tuple[str, ...], message: str) -> str:
    """What was valid, unless the message says it already."""
    if all(choice in message for choice in valid):
        return ""
    return f" (valid: {', '.join(valid)})"


def _applied(prompt: Prompt, read: tuple[Any, str] | None) -> dict[str, Any]:
    return {"prompt": prompt.key, "seat": prompt.seat,
            "text": read[1] if read else prompt.default_text, "default": read is None}


# --- expectations
def _expectations(expect: Expect, seats: list[str], problems: list[str]) -> list[Check]:
    """The checks of ``expect``, names read as in a position."""
    checks: list[Check] = []
    if expect.phase is not None and expect.phase not in turn.PHASES:
        problems.append(f"expect.phase: expected one of {', '.join(turn.PHASES)}, "
                        f"got {expect.phase!r}")
    for name in ("turn", "phase", "worms", "shield_wall"):
        if getattr(expect, name) is not None:
            checks.append(_equal(f"expect.{name}", getattr(expect, name),
                                 lambda r, name=name: r["state"][name]))
    if expect.storm is not None:
        checks += _storm_checks(expect.storm, seats, problems)
    for place, by_faction in (expect.forces or {}).items():
        checks += _force_checks(str(place), by_faction, seats, problems)
    for place, amount in (expect.spice or {}).items():
        territory = _spice_site(str(place), f"expect.spice.{place}", problems)
        if not _whole(amount):
            problems.append(f"expect.spice.{place}: expected an amount of spice, got {amount!r}")
        checks.append(_equal(f"expect.spice.{place}", amount,
                             lambda r, t=territory: r["state"]["spice"].get(t, 0)))
    for seat, given in _factions(expect.factions, seats, "expect.factions", problems).items():
        checks += _faction_checks(seat, given, seats, problems)
    if expect.alliances is not None:
        wanted = sorted(sorted(s for i, name in enumerate(members) if (s := _seat(
            name, seats, f"expect.alliances[{n}][{i}]", problems)))
            for n, members in enumerate(expect.alliances))
        checks.append(_equal("expect.alliances", wanted, lambda r: sorted(
            sorted(alliance) for alliance in r["state"]["alliances"])))
    if expect.winners is not None:
        wanted = sorted(s for i, name in enumerate(expect.winners)
                        if (s := _seat(name, seats, f"expect.winners[{i}]", problems)))
        checks.append(_equal("expect.winners", wanted, lambda r: _winners(r["state"])))
    if expect.victory is not None:
        checks.append(_equal("expect.victory", expect.victory,
                             lambda r: (r["state"]["result"] or {}).get("victory")))
    if expect.prompts is not None:
        checks.append(_equal("expect.prompts", sorted(expect.prompts),
                             lambda r: sorted(p["key"] for p in r["prompts"])))
    checks += [_happened(f"expect.events[{i}]", code) for i, code in enumerate(expect.events or ())]
    return checks


def _equal(key: str, expected: Any, actual: Callable[[dict[str, Any]], Any]) -> Check:
    """A check that the value ``actual`` finds in the result is ``expected``."""
    def check(result: dict[str, Any]) -> str | None:
        got = actual(result)
        return None if got == expected else f"{key}: expected {expected!r}, got {got!r}"
    return check


def _happened(key: str, code: str) -> Check:
    """A check that an event of this code happened at some step."""
    def check(result: dict[str, Any]) -> str | None:
        codes = {event["code"] for step in result["events"] for event in step}
        return None if code in codes else f"{key}: no {code!r} event happened"
    return check


def _winners(state: State) -> list[str] | None:
    """The winners of a finished game, sorted; None while it goes on."""
    result = state["result"]
    return None if result is None else sorted(result["winners"])


def _storm_checks(storm: StormPosition, seats: list[str], problems: list[str]) -> list[Check]:
    checks = []
    if storm.sector is not None:
        checks.append(_equal("expect.storm.sector", storm.sector,
                             lambda r: r["state"]["storm"]["sector"]))
    if storm.dialers is not None:
        wanted = [_seat(s, seats, f"expect.storm.dialers[{i}]", problems)
                  for i, s in enumerate(storm.dialers)]
        checks.append(_equal("expect.storm.dialers", sorted(filter(None, wanted)),
                             lambda r: sorted(r["state"]["storm"]["dialers"])))
    if storm.dials is not None:
        checks.append(_equal("expect.storm.dials", _dials(storm.dials, seats,
                                                          "expect.storm.dials", problems),
                             lambda r: r["state"]["storm"]["dials"]))
    if storm.marker is not None:
        checks.append(_equal("expect.storm.marker", storm.marker,
                             lambda r: r["state"]["storm"]["marker"]))
    return checks


def _force_checks(place: str, by_faction: Any, seats: list[str], problems: list[str]
                  ) -> list[Check]:
    """Forces in a territory (all its sectors, unless the place names one)."""
    key = f"expect.forces.{place}"
    spot = _spot(place, key, problems, sector_needed=False)
    checks = []
    for name, value in _mapping(by_faction, key, problems).items():
        seat = _seat(name, seats, f"{key}.{name}", problems)
        count = _expected_count(value, f"{key}.{name}", problems)
        if spot is not None and seat is not None and count is not None:
            checks.append(_equal(f"{key}.{name}", count,
                                 lambda r, s=seat: _forces_at(r["state"], *spot, s)))
    return checks


def _expected_count(value: Any, key: str, problems: list[str]) -> list[int] | None:
    if _whole(value):
        return [value, 0]
    if isinstance(value, list) and len(value) == 2 and all(map(_whole, value)):
        return list(value)
    problems.append(f"{key}: expected a number of forces or [normal, starred], got {value!r}")
    return None


def _forces_at(state: State, territory: str, sector: int | None, seat: str) -> list[int]:
    """A faction's [normal, starred] in a territory, or in one sector of it."""
    if sector is None:
        return list(count_in(state, seat, territory))
    return list(state["forces"].get(territory, {}).get(str(sector), {}).get(seat, [0, 0]))


def _faction_checks(seat: str, given: FactionPosition, seats: list[str],
                    problems: list[str]) -> list[Check]:
    """Checks of a faction's sheet; hands match copies named exactly, else any copy."""
    key = f"expect.factions.{seat}"

    def sheet_of(result: dict[str, Any]) -> dict[str, Any]:
        return result["state"]["factions"][seat]

    checks = []
    if given.spice is not None:
        checks.append(_equal(f"{key}.spice", given.spice, lambda r: sheet_of(r)["spice"]))
    for name in ("reserve", "tanks"):
        if getattr(given, name) is not None:
            count = _expected_count(getattr(given, name), f"{key}.{name}", problems)
            checks.append(_equal(f"{key}.{name}", count, lambda r, n=name: sheet_of(r)[n]))
    if given.hand is not None:
        cards = treachery_cards()
        wanted = [c for i, text in enumerate(given.hand)
                  if (c := cards.read(text, f"{key}.hand[{i}]", problems))]
        exact = {card for _, card in wanted if card is not None}
        names = {card: name for name, ids in cards.copies.items() for card in ids}
        checks.append(_equal(f"{key}.hand", sorted(card or name for name, card in wanted),
                             lambda r: sorted(c if c in exact else names[c]
                                              for c in sheet_of(r)["hand"])))
    if given.traitors is not None:
        wanted = sorted(n for n, _ in _leaders(given.traitors, f"{key}.traitors", problems))
        checks.append(_equal(f"{key}.traitors", wanted,
                             lambda r: sorted(sheet_of(r)["traitors"])))
    if given.leaders_in_tanks is not None:
        wanted = sorted(n for n, _ in _leaders(given.leaders_in_tanks,
                                               f"{key}.leaders_in_tanks", problems))
        checks.append(_equal(f"{key}.leaders_in_tanks", wanted, lambda r: sorted(
            name for name, where in sheet_of(r)["leaders"].items() if where == "tanks")))
    if given.prediction is not None:
        faction = _seat(given.prediction.faction, seats, f"{key}.prediction.faction", problems)
        checks.append(_equal(f"{key}.prediction", {"faction": faction,
                                                   "turn": given.prediction.turn},
                             lambda r: sheet_of(r)["prediction"]))
    return checks


# --- the report
def scenario_report(result: dict[str, Any]) -> str:
    """The outcome of ``run_scenario`` as text: the final position with every faction's
    private sheet, the orders and events of each step, the open prompts, the expectations."""
    state = result["state"]
    lines = [f"Scenario: {result['title']}"] if result["title"] else []
    lines += _summary(state)
    for number, events in enumerate(result["events"]):
        lines += ["", f"Step {number} " + (f"(orders[{number - 1}])" if number
                                            else "(entering the position)")]
        if result["orders"][number]:
            lines.append("  orders:")
        lines += [f"    {o['seat']}: {' / '.join(o['text'].splitlines())}"
                  + (" (default)" if o["default"] else "") for o in result["orders"][number]]
        lines.append("  events:" if events else "  events: none")
        lines += [f"    {_event_line(event)}" for event in events]
    lines += ["", "Open prompts:" if result["prompts"] else "Open prompts: none"]
    lines += [f"  {p['seat']}: {p['legal']} (default: {p['default_text']})"
              for p in result["prompts"]]
    expect = result["expect"]
    lines += ["", f"Expectations: {expect['checked']} checked, {len(expect['failed'])} failed"]
    lines += [f"  FAILED {failure}" for failure in expect["failed"]]
    return "\n".join(lines)


def _summary(state: State) -> list[str]:
    """The position: turn, storm, forces, spice, each faction's sheet, alliances, decks."""
    storm = state["storm"]
    lines = [f"Turn {state['turn']}, phase {state['phase']} {json.dumps(state['step'])}; "
             f"ruleset {state['rules']['ruleset']}",
             f"Storm: sector {storm['sector']} (dialers {', '.join(storm['dialers'])}; "
             f"dials {json.dumps(storm['dials'])}; weather marker {storm['marker']})",
             "Spice on the map: " + (", ".join(f"{t} {n}" for t, n in
                                               sorted(state["spice"].items())) or "none"),
             "Forces:"]
    for territory, sectors in sorted(state["forces"].items()):
        for sector, by_faction in sorted(sectors.items(), key=lambda item: int(item[0])):
            lines.append(f"  {where(territory, int(sector))}: " + ", ".join(
                f"{seat} {_forces_text(count)}" for seat, count in by_faction.items()))
    lines.append("Factions:")
    for seat in state["seats"]:
        lines += _faction_lines(state, seat)
    lines.append("Alliances: " + ("; ".join(" + ".join(a) for a in state["alliances"])
                                  or "none"))
    lines.append(f"Worms: {state['worms']}; Shield Wall: {state['shield_wall']}; "
                 f"result: {json.dumps(state['result'])}")
    decks = state["decks"]
    lines.append(f"Treachery deck: {len(decks['treachery'])} cards, next "
                 f"{', '.join(decks['treachery'][::-1][:3]) or '-'}; discard (top first): "
                 f"{', '.join(decks['treachery_discard'][::-1]) or '-'}")
    lines.append(f"Spice deck: {len(decks['spice'])} cards, next "
                 f"{', '.join(decks['spice'][::-1][:3]) or '-'}; discard (top first): "
                 + " | ".join(", ".join(p[::-1]) or "-" for p in decks["spice_discard"]))
    return lines


def _faction_lines(state: State, seat: str) -> list[str]:
    own = state["factions"][seat]
    dead = [name for name, where in own["leaders"].items() if where == "tanks"]
    lines = [f"  {seat} (dot {state['dots'][seat]}): spice {own['spice']}, reserve "
             f"{_forces_text(own['reserve'])}, tanks {_forces_text(own['tanks'])}"
             + (f", to place {own['to_place']}" if own["to_place"] else ""),
             f"    hand: {', '.join(own['hand']) or '-'}; traitors: "
             f"{', '.join(own['traitors']) or '-'}; leaders in the tanks: "
             f"{', '.join(dead) or '-'}"]
    if state["phase"] == "setup":
        lines.append(f"    traitor draw: {', '.join(own['traitor_draw']) or '-'}")
    if own["prediction"] is not None:
        prediction = own["prediction"]
        lines.append(f"    prediction: {prediction['faction']}, turn {prediction['turn']}")
    return lines


def _forces_text(count: list[int]) -> str:
    return f"{count[0]}+{count[1]}*" if count[1] else str(count[0])


def _event_line(event: dict[str, Any]) -> str:
    to = f" [to {', '.join(event['to'])}]" if event["to"] else ""
    return f"{event['code']}: {json.dumps(event['data'], sort_keys=True)}{to}"
