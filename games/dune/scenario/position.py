"""Building a scenario's position into a state, and entering it.

Whatever the position does not give keeps its value in a fresh set-up of the seats
(``set_up.new_game`` with the generator of step 0), so that small scenarios stay small;
``_position`` puts what it gives into that set-up, collecting every fault, and ``_enter``
enters the phase as the game would and plays on to the first decision.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from .. import factions, leaders, tokens, turn
from ..board import layer
from ..codes import EventCode
from ..data import OFF_PLANET, Ability
from ..decks import spice_discards
from ..factions import duke_vidal, has
from ..factions import ecaz_embassy as embassy
from ..factions import free_traders_market as market
from ..factions import harkonnen_capture as capture
from ..factions.atreides import KH_AFTER
from ..factions.bene_gesserit_coexistence import in_game, set_coexisting
from ..forces import add_forces, at_start, count_text, kinds, on_map, plain, plus
from ..phases.spice_blow import last_territory
from ..phases.storm import WEATHER_MARKERS, uses_weather
from ..rules import Rules, rules_of
from ..state import POLAR_SINK, State, data, faction_name, sheet
from ..variants import leader_skills
from .format import (
    BattleRound,
    Decks,
    FactionPosition,
    KwisatzHaderach,
    Position,
    Prediction,
    StormPosition,
)
from .values import (
    _count,
    _dials,
    _duke_vidal,
    _factions,
    _leader,
    _leaders,
    _mapping,
    _places,
    _seat,
    _spice_site,
    _spot,
    _territory_name,
    _token,
    _token_place,
    _traitors,
    _whole,
    spice_cards,
    treachery_cards,
)


# --- building the position
def _position(state: State, position: Position, rules: Rules, problems: list[str]
              ) -> dict[str, Any]:
    """Put what the position gives into a fresh set-up, collecting every fault; returns what
    goes into the phase's step once it is entered (the battle round's)."""
    seats = state["seats"]
    _phase(state, position, rules, problems)
    if position.storm is not None:
        _storm(rules, state, position.storm, "position.storm", problems)
    _storm_ready(state, position, rules, problems)
    if position.forces is not None:
        state["forces"] = {}
        _forces(state, position.forces, rules, problems)
    if position.spice is not None:
        state["spice"] = {}
        _map_spice(rules, state, position.spice, problems)
    factions = _factions(rules, position.factions, seats, "position.factions", problems)
    for seat, given in factions.items():
        _faction(state, seat, given, f"position.factions.{seat}", rules, problems)
    _cards(state, factions, position.decks or Decks(), rules, problems)
    for seat, given in factions.items():
        _black_market(state, seat, given, f"position.factions.{seat}", problems)
    if position.alliances is not None:
        state["alliances"] = _alliances(position.alliances, seats, rules, problems)
    if position.worms is not None:
        state["worms"] = position.worms
    if position.shield_wall is not None:
        state["shield_wall"] = position.shield_wall
    if position.coexisting is not None:
        _coexisting(rules, state, position.coexisting, problems)
    if position.places is not None:     # the places on the planet; the homeworlds stay (4.10)
        off = {n: at for n, at in (state.pop("places", None) or {}).items() if at[0] == OFF_PLANET}
        if off:
            state["places"] = off
        for name, spot in _places(rules, position.places, "position.places",
                                  problems).items():
            layer.put(state, name, *spot)
    if position.ornithopters is not None:
        state["ornithopters"] = [s for i, name in enumerate(position.ornithopters) if (
            s := _seat(rules, name, seats, f"position.ornithopters[{i}]", problems))]
    for seat in seats:
        reserve = factions[seat].reserve if seat in factions else None
        _reserve(state, seat, reserve, f"position.factions.{seat}", rules, problems)
    if position.kwisatz_haderach is not None:
        _kwisatz_haderach(state, position.kwisatz_haderach, rules, problems)
    if position.captured is not None:
        _captured(state, position.captured, rules, problems)
    if position.bonus_cards is not None:
        _bonus_cards(state, position.bonus_cards, rules, problems)
    if position.tokens is not None:
        _tokens(state, position.tokens, rules, problems)
    if position.duke_vidal is not None:
        vidal = _duke_vidal(rules, position.duke_vidal, seats, "position.duke_vidal", problems)
        if vidal is not None:
            state[duke_vidal.KEY] = vidal
    for seat in seats:                  # Ecaz's co-occupation, text B (001 2.11.07 B)
        embassy.settle(state, seat)
    if position.battle is None:
        return {}
    return _battle(state, position.battle, rules, problems)


def _bonus_cards(state: State, given: dict[str, tuple[str, ...]], rules: Rules,
                 problems: list[str]) -> None:
    """The bonus cards each faction holds (v3, 003 "Claiming Bonus Cards")."""
    if not rules.bonus_cards:
        problems.append("position.bonus_cards: only the v3 ruleset has bonus cards (003)")
        return
    held: dict[str, list[str]] = {}
    for name, cards in given.items():
        seat = _seat(rules, name, state["seats"], f"position.bonus_cards.{name}", problems)
        wrong = [card for card in cards if card not in rules.bonus_cards]
        if wrong:
            problems.append(f"position.bonus_cards.{name}: {wrong}: the bonus cards in play "
                            f"are {', '.join(rules.bonus_cards)}")
        elif seat is not None:
            held[seat] = sorted(cards)
    state["bonus_cards"] = {seat: held[seat] for seat in state["seats"] if seat in held}


def _tokens(state: State, given: dict[str, Any], rules: Rules, problems: list[str]) -> None:
    """Tokens where the position puts them (``values._token_place``); the others where the
    set-up put them."""
    for name, where in given.items():
        key = f"position.tokens.{name}"
        found, place = (_token(name, rules, key, problems),
                        _token_place(rules, where, state["seats"], key, problems))
        if found is None or place is None:
            continue
        record = tokens.find(state, *found)
        tokens.place(record, place["owner"], place["at"], place.get("territory"),
                     place.get("sector"))
        if "face" in place:
            tokens.turn(record, place["face"])
        record.pop("spice", None)
        if place.get("spice"):
            record["spice"] = place["spice"]
        if place.get("leader"):
            record["leader"] = place["leader"]


def _coexisting(rules: Rules, state: State, names: tuple[str, ...], problems: list[str]) -> None:
    """The territories where the Bene Gesserit coexist (000 XV.B.4-5), in their sheet."""
    territories = [t for i, name in enumerate(names) if (
        t := _territory_name(rules, name, f"position.coexisting[{i}]", problems))]
    if in_game(state):
        set_coexisting(state, territories)
    elif territories:
        problems.append("position.coexisting: only the Bene Gesserit coexist (000 XV.B.4), and "
                        "they are not in the game")


def _black_market(state: State, seat: str, given: FactionPosition, key: str,
                  problems: list[str]) -> None:
    """A faction's standing answers for the Black Market Auction (001 2.13.05): the card of
    its hand it auctions next, its bids by card name."""
    own = state["factions"][seat]
    if given.auction is not None:
        found = [c for c in own["hand"] if data(state).treachery_card(c).name == given.auction]
        if found:
            own[market.OFFER] = found[0]
        else:
            problems.append(f"{key}.auction: {given.auction} is not in the hand")
    if given.market is not None:
        own[market.BIDS] = {str(name): int(n) for name, n in given.market.items()}


def _own_leaders(rules: Rules, names, key: str, seat: str, problems: list[str]) -> list[str]:
    """Leaders named for a faction's sheet, each checked to be one of its own."""
    found = _leaders(rules, names, key, problems)
    for name, faction in found:
        if faction != seat:
            problems.append(f"{key}: {name} is not a leader of the {faction_name(seat, rules)}")
    return [name for name, faction in found if faction == seat]


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
    if phase != "setup":            # past the set-up, its picks are made: none left behind
        leader_skills.unpicked_back(state)
    if position.step is not None:
        state["step"] = dict(position.step)
    _to_place(state)


def _to_place(state: State) -> None:
    """Forces still to place at set-up (set_up.py): the Fremen's and the Bene Gesserit's in
    round 1, the Bene Gesserit's in round 2 with XV (000 line 500: ``start_anywhere``); none
    later."""
    round_ = state["step"].get("round") if state["phase"] == "setup" else None
    phases = rules_of(state).phases
    first_bids = (state["turn"] == 1 and state["phase"] in phases
                  and phases.index(state["phase"]) <= phases.index("bidding"))
    for seat in state["seats"]:
        later = round_ == 2 and has(state, seat, Ability.START_ANYWHERE)
        later |= first_bids and factions.power(seat, state).start_placement() == "spice_blow"
        if round_ != 1 and not later:   # 001 2.13.03: the Free Traders' wait for the bids
            state["factions"][seat]["to_place"] = 0


def _storm(rules: Rules, state: State, storm: StormPosition, key: str, problems: list[str]) -> None:
    """The storm's sector, dialers, their dials and the Fremen's weather marker."""
    seats, sectors = state["seats"], data(state).board.sectors
    if storm.sector is not None:
        if 1 <= storm.sector <= sectors:
            state["storm"]["sector"] = storm.sector
        else:
            problems.append(f"{key}.sector: expected a sector 1 to {sectors}, "
                            f"got {storm.sector}")
    if storm.dialers is not None:
        dialers = [seat for i, name in enumerate(storm.dialers)
                   if (seat := _seat(rules, name, seats, f"{key}.dialers[{i}]", problems))]
        if len(set(storm.dialers)) != 2:
            problems.append(f"{key}.dialers: expected two different factions, "
                            f"got {list(storm.dialers)}")
        state["storm"]["dialers"] = dialers
    if storm.dials is not None:
        dialers = state["storm"]["dialers"]
        dials = _dials(rules, storm.dials, dialers, f"{key}.dials", problems)
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



def _storm_ready(state: State, position: Position, rules: Rules, problems: list[str]) -> None:
    """The storm to come must have what it moves by: the first storm the set-up dials (000
    VI.A; collected in round 1 of the set-up), a later one with weather the marker the Fremen
    drew in the storm round before (000 XVI.C).  Checked for the set-up after round 1 and
    entering a storm; the marker for any position whose next storm comes after turn 1."""
    in_setup = state["phase"] == "setup" and state["step"].get("round") != 1
    entering = state["phase"] == "storm" and position.step is None
    if (in_setup or entering and state["turn"] == 1) and not state["storm"]["dials"]:
        problems.append("position.storm.dials: the first storm moves by the set-up dials "
                        "(000 VI.A); give both dialers' dials")
    if (uses_weather(state) and state["storm"]["marker"] is None
            and _next_storm(state, rules) not in (None, 1)):
        drawn = ("the storm card the Fremen drew the turn before (001 2.04.14)"
                 if rules.storm_deck else "the marker the Fremen drew the turn before (000 XVI.C)")
        problems.append(f"position.storm.marker: with weather the storm of turn "
                        f"{_next_storm(state, rules)} moves by {drawn}; give it: one of "
                        f"{', '.join(map(str, WEATHER_MARKERS))}")


def _next_storm(state: State, rules: Rules) -> int | None:
    """The turn of the next storm to move: this turn's if the position stands before its
    move, else the next turn's; None after the last turn's storm (000 V)."""
    if state["phase"] == "setup":
        return 1
    if state["phase"] == "storm" and not state["step"].get("moved"):
        return state["turn"]
    return state["turn"] + 1 if state["turn"] < rules.turns else None


def _forces(state: State, forces: dict[str, Any], rules: Rules, problems: list[str]) -> None:
    """Forces per territory (and sector) and faction."""
    for place, by_faction in forces.items():
        key = f"position.forces.{place}"
        spot = _spot(rules, str(place), key, problems)
        for name, value in _mapping(by_faction, key, problems).items():
            seat = _seat(rules, name, state["seats"], f"{key}.{name}", problems)
            count = _count(value, f"{key}.{name}", seat, rules, problems) if seat else None
            if spot is not None and count:
                add_forces(state, seat, spot[0], spot[1], count)


def _map_spice(rules: Rules, state: State, spice: dict[str, Any], problems: list[str]) -> None:
    """Spice on the map, per territory (at its spice blow site)."""
    for place, amount in spice.items():
        key = f"position.spice.{place}"
        territory = _spice_site(rules, str(place), key, problems)
        if not _whole(amount):
            problems.append(f"{key}: expected an amount of spice, got {amount!r}")
        elif territory is not None and amount:
            state["spice"][territory] = state["spice"].get(territory, 0) + amount



def _faction(state: State, seat: str, given: FactionPosition, key: str, rules: Rules,
             problems: list[str]) -> None:
    """A faction's spice, tanks, traitors, leaders in the tanks, prediction and whether it
    used its once-a-game Karama power."""
    own = state["factions"][seat]
    if given.spice is not None:
        own["spice"] = given.spice
    if given.tanks is not None:
        own["tanks"] = _count(given.tanks, f"{key}.tanks", seat, rules, problems) or {}
    if given.traitors is not None:
        named, cards = _traitors(rules, given.traitors, f"{key}.traitors", problems)
        own["traitors"] = [name for name, faction in named
                           if rules.own_leader_as_traitor
                           or _not_own(rules, name, faction, seat, f"{key}.traitors", problems)]
        own["traitors"] += cards                            # 001 4.09.02, out of the deck
        state["decks"]["traitors"] = [c for c in state["decks"]["traitors"] if c not in cards]
    if given.leaders_in_tanks is not None or given.leaders_face_down is not None:
        dead = _own_leaders(rules, given.leaders_in_tanks or (), f"{key}.leaders_in_tanks",
                            seat, problems)
        down = _own_leaders(rules, given.leaders_face_down or (), f"{key}.leaders_face_down",
                            seat, problems)
        own["leaders"] = {name: leaders.FACE_DOWN if name in down else
                          leaders.TANKS if name in dead else leaders.ALIVE
                          for name in own["leaders"]}
    if given.leaders_revived is not None:
        own["leaders_revived"] = _own_leaders(rules, given.leaders_revived,
                                              f"{key}.leaders_revived", seat, problems)
    if given.prediction is not None:
        own["prediction"] = _prediction(given.prediction, seat, state["seats"], rules,
                                        f"{key}.prediction", problems)
    if given.karama_power_used:
        own["karama_power_used"] = True
    if given.flipped:                           # CHOAM's tokens flipped (001 1.14.10 (B))
        own["flipped"] = given.flipped
    if given.revival_raised is not None:        # the Tleilaxu's terms (001 2.08.12)
        own["raised"] = [s for name in given.revival_raised
                         if (s := _seat(rules, name, state["seats"], f"{key}.revival_raised",
                                        problems)) is not None]
    if given.leader_prices is not None:         # (001 2.08.14)
        own["prices"] = {("*" if str(name).upper() == "ALL" else name):
                         ("value" if str(price).upper() == "VALUE" else price)
                         for name, price in given.leader_prices.items()}
    if given.no_field_lent is not None:         # Richese's lend (001 2.10.20)
        own["no_field_lent"] = str(given.no_field_lent)
    if given.smugglers is not None:             # the Free Traders' Smugglers (001 2.13.06)
        own["coexisting"] = [t for i, name in enumerate(given.smugglers) if (
            t := _territory_name(rules, name, f"{key}.smugglers[{i}]", problems))]
    if given.ambassadors_drawn is not None:     # Ecaz's supply (001 2.11.09)
        own["drawn"] = sorted(given.ambassadors_drawn)
    if given.ambassadors_triggered is not None:
        own["triggered"] = list(given.ambassadors_triggered)
    if given.ambassadors_removed is not None:
        own["removed"] = list(given.ambassadors_removed)
    if given.fighter is not None:               # Ecaz's choice (001 2.11.19)
        own["fighter"] = str(given.fighter)
    if given.face_down is not None:             # Ecaz's, text B (001 2.11.08 B)
        own["face_down"] = [k.name for i, word in enumerate(given.face_down)
                            for k in kinds(rules, seat) if str(word).upper() in (
                                k.name.upper(), *k.words())]
    if given.gholas is not None:                # the Tleilaxu's Gholas (001 2.08.17)
        own["gholas"] = {}
        for name, faction in _leaders(rules, given.gholas, f"{key}.gholas", problems):
            owner = data(rules).faction(faction).seat
            own["gholas"][name] = owner
            state["factions"][owner]["leaders"][name] = leaders.GHOLA
    for field, held in (("face_dancers", given.face_dancers),
                        ("revealed", given.face_dancers_revealed)):
        if held is None:
            continue
        if field not in own:
            problems.append(f"{key}: the {faction_name(seat, rules)} have no Face Dancers")
            continue
        own[field] = [name for name, _ in _leaders(rules, held, f"{key}.{field}", problems)]
        deck = state["decks"]["traitors"]
        deck[:] = [name for name in deck if name not in own[field]]


def _not_own(rules: Rules, leader: str, faction: str, seat: str, key: str, problems: list[str]
             ) -> bool:
    if faction == seat:
        problems.append(f"{key}: {leader} is a leader of the {faction_name(seat, rules)} "
                        "themselves, not of an opponent")
    return faction != seat


def _prediction(given: Prediction, seat: str, seats: list[str], rules: Rules, key: str,
                problems: list[str]) -> dict[str, Any] | None:
    """The Bene Gesserit prediction (000 line 780): another faction and a turn."""
    if Ability.PREDICTION not in sheet(seat, rules).abilities:
        problems.append(f"{key}: only the Bene Gesserit predict")
        return None
    faction = _seat(rules, given.faction, [s for s in seats if s != seat], f"{key}.faction",
                    problems)
    if not 1 <= given.turn <= rules.turns:
        problems.append(f"{key}.turn: expected a turn 1 to {rules.turns}, got {given.turn}")
    return {"faction": faction, "turn": given.turn}


def _reserve(state: State, seat: str, given: Any, key: str, rules: Rules,
             problems: list[str]) -> None:
    """A faction's reserve: as given, or what is left of its forces (its sheet's, 000 II.B.1.c)
    after the map, the tanks and those still to place at set-up; either way the forces must
    add up, kind by kind."""
    everything = factions.power(seat, rules).forces_now(state, at_start(rules, seat))
    own = state["factions"][seat]
    placed = plus(on_map(state, seat), own["tanks"], {plain(rules, seat): own["to_place"]})
    left = {name: everything.get(name, 0) - placed.get(name, 0)
            for name in {**everything, **placed}}
    left = {name: count for name, count in left.items() if count}
    reserve = left if given is None else _count(given, f"{key}.reserve", seat, rules, problems)
    if given is None and min(left.values(), default=0) < 0:
        problems.append(f"{key}: the {faction_name(seat, state)} have "
                        f"{count_text(placed, True)} forces on the map, in the tanks and still "
                        f"to place; the faction has {count_text(everything, True)}")
    elif reserve is not None and reserve != left:
        problems.append(f"{key}.reserve: the {faction_name(seat, state)} have "
                        f"{count_text(everything, True)} forces; with {count_text(placed, True)}"
                        f" on the map, in the tanks and to place, the reserve must be "
                        f"{count_text(left, True)}")
    own["reserve"] = reserve if reserve is not None else own["reserve"]


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
                    if (s := _seat(rules, name, seats, f"{key}[{i}]", problems))]
        if len(set(members)) < 2 or (limit is not None and len(members) > limit):
            problems.append(f"{key}: expected 2 to {limit or len(seats)} different factions, "
                            f"got {list(members)}")
        for seat in alliance:
            if any(seat in other for other in found):
                problems.append(f"{key}: {seat} is in another alliance already")
        found.append(alliance)
    return found


def _kwisatz_haderach(state: State, given: KwisatzHaderach, rules: Rules,
                      problems: list[str]) -> None:
    """The forces the Atreides lost in battles, and whether the Kwisatz Haderach was killed
    (000 line 762: it awakens after 7 and "can only be killed if" in an explosion)."""
    key, owner = "position.kwisatz_haderach", factions.owner(rules, Ability.KWISATZ_HADERACH)
    if owner not in state["seats"]:
        problems.append(f"{key}: the {faction_name(owner, state)} are not in play "
                        f"(seats: {', '.join(state['seats'])})")
        return
    record = state["factions"][owner]["kwisatz_haderach"]
    if given.losses is not None:
        record["losses"] = given.losses
    if given.tanks and not rules.advantages:
        problems.append(f"{key}.tanks: the Kwisatz Haderach is in play only with the "
                        "advantages option (000 XV, line 1008)")
    elif given.tanks and record["losses"] < KH_AFTER:
        problems.append(f"{key}.tanks: the Kwisatz Haderach fights, and so can die, only "
                        f"after {KH_AFTER} forces lost in battles (000 line 762); losses: "
                        f"{record['losses']}")
    elif given.tanks is not None:
        record["tanks"] = given.tanks


def _captured(state: State, names: tuple[str, ...], rules: Rules, problems: list[str]
              ) -> None:
    """The leaders the Harkonnen hold captured (000 line 884; ``capture.py``): each another
    faction's, in play and not in the tanks; his owner's sheet says ``captured``."""
    key = "position.captured"
    captor = factions.owner(rules, Ability.CAPTURE_LEADERS)
    if not rules.advantages or captor not in state["seats"]:
        problems.append(f"{key}: no faction in play captures leaders: the "
                        f"{faction_name(captor, state)} do, with the advantages option "
                        "(000 line 884)")
        return
    held = {}
    for index, text in enumerate(names):
        found = _leader(rules, text, f"{key}[{index}]", problems)
        if found is None:
            continue
        name, owner = found
        where = state["factions"].get(owner, {}).get("leaders", {}).get(name)
        if owner == captor:
            problems.append(f"{key}[{index}]: {name} is a leader of the "
                            f"{faction_name(captor, state)} themselves")
        elif owner not in state["seats"]:
            problems.append(f"{key}[{index}]: {name} is a leader of the "
                            f"{faction_name(owner, state)}, who are not in play")
        elif where != leaders.ALIVE:
            problems.append(f"{key}[{index}]: {name} is in the tanks "
                            f"(position.factions.{owner}.leaders_in_tanks)")
        else:
            held[name] = owner
    if held and not leaders.available(state["factions"][captor]["leaders"]):
        problems.append(f"{key}: the {faction_name(captor, state)} give back every captured leader "
                        "when none of their own is alive (000 line 884)")
    for name, owner in held.items():
        state["factions"][owner]["leaders"][name] = leaders.CAPTURED
    state["factions"][captor]["captured"] = held


def _battle(state: State, given: BattleRound, rules: Rules, problems: list[str]
            ) -> dict[str, Any]:
    """The battle round's leaders who fought, and the Kwisatz Haderach used, as they go into
    its step (``battle.py``) once the round is entered."""
    key = "position.battle"
    if state["phase"] != "battle":
        problems.append(f"{key}: a battle round is under way only in the battle phase "
                        f"(position.phase: battle), not in {state['phase']}")
        return {}
    into: dict[str, Any] = {}
    if given.fought is not None:
        into["fought"] = _fought(state, given.fought, rules, f"{key}.fought", problems)
    if given.kwisatz_haderach_used:
        owner = factions.owner(rules, Ability.KWISATZ_HADERACH)
        if owner not in state["seats"] or not rules.advantages:
            problems.append(f"{key}.kwisatz_haderach_used: the Kwisatz Haderach is in play "
                            f"only with the {faction_name(owner, state)} and the advantages option "
                            "(000 line 762)")
    if given.kwisatz_haderach_used is not None:
        into["kh_used"] = given.kwisatz_haderach_used
    return into


def _fought(state: State, fought: dict[str, Any], rules: Rules, key: str,
            problems: list[str]) -> dict[str, dict[str, str]]:
    """Faction -> leader -> the territory he fought in this round (000 X.C.8): the faction's
    own leaders, or for the Harkonnen the leaders they hold captured."""
    found: dict[str, dict[str, str]] = {}
    for name, by_leader in fought.items():
        seat = _seat(rules, name, state["seats"], f"{key}.{name}", problems)
        for text, place in _mapping(by_leader, f"{key}.{name}", problems).items():
            where = f"{key}.{name}.{text}"
            leader = _leader(rules, text, where, problems)
            territory = _territory_name(rules, place, where, problems)
            if seat is None or leader is None or territory is None:
                continue
            held = capture.held(state).get(leader[0]) is not None and seat == factions.owner(
                rules, Ability.CAPTURE_LEADERS)
            if leader[1] != seat and not held:
                problems.append(f"{where}: {leader[0]} is a leader of the "
                                f"{faction_name(leader[1], state)}, not one the "
                                f"{faction_name(seat, state)} may play")
            elif territory == POLAR_SINK:
                problems.append(f"{where}: there is no battle in the Polar Sink (000 X.A.2.b)")
            else:
                found.setdefault(seat, {})[leader[0]] = territory
    return found


def _cards(state: State, factions: dict[str, FactionPosition], decks: Decks, rules: Rules,
           problems: list[str]) -> None:
    """Hands, decks and discard piles; each pile keeps its top card last in the state."""
    hands = {seat: given.hand for seat, given in factions.items() if given.hand is not None}
    places = {f"position.factions.{seat}.hand": hand for seat, hand in hands.items()}
    places |= {"position.decks.treachery": decks.treachery,
               "position.decks.treachery_discard": decks.treachery_discard,
               "position.decks.richese_cache": decks.richese_cache}
    if decks.richese_cache and "richese_cache" not in state["decks"]:
        problems.append("position.decks.richese_cache: the Richese cache is in play only with "
                        "the option choam_richese (001 2.10.04)")
        return
    treachery = treachery_cards(rules).allocate(places, problems)
    if decks.spice_discard_2 and not rules.double_blow:
        problems.append("position.decks.spice_discard_2: there is a second discard pile only "
                        "with the double_blow option (000 XXI)")
    piles = ["spice", *spice_discards(rules)]
    spice = spice_cards(rules).allocate({f"position.decks.{pile}": getattr(decks, pile)
                                         for pile in piles}, problems)
    _deal(state, {seat: treachery[f"position.factions.{seat}.hand"] for seat in hands},
          treachery["position.decks.treachery"],
          treachery["position.decks.treachery_discard"],
          treachery["position.decks.richese_cache"])
    named = {card for cards in spice.values() for card in cards}
    state["decks"]["spice"] = ([c for c in state["decks"]["spice"] if c not in named]
                               + spice["position.decks.spice"][::-1])
    for pile in piles[1:]:
        state["decks"][pile] = spice[f"position.decks.{pile}"][::-1]
        state["spice_last"][pile] = last_territory(state, state["decks"][pile])


def _deal(state: State, hands: dict[str, list[str]], top: list[str], discard: list[str],
          cache: list[str]) -> None:
    """The treachery cards: the hands given, the rest of the set-up hands, the deck (the cards
    given on top, the others in the set-up's shuffle), the discard pile and the Richese cache
    (the cards given on top, its others after them).  A card of a set-up hand that the
    scenario puts elsewhere is replaced by the next card of the deck."""
    factions = state["factions"]
    named = {card for cards in [*hands.values(), top, discard, cache] for card in cards}
    if "richese_cache" in state["decks"]:
        state["decks"]["richese_cache"] = ([c for c in state["decks"]["richese_cache"]
                                            if c not in named] + cache[::-1])
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
def _enter(state: State, position: Position, rng: random.Random, into_step: dict[str, Any]
           ) -> tuple[State, list[Event]]:
    """Enter the phase as the game would (unless ``step`` places the position inside it),
    put ``into_step`` into its step, then play on to the first decision."""
    events: list[Event] = []
    if state["phase"] != "setup" and position.step is None:
        state["step"] = {}
        events.append(Event(EventCode.PHASE, {"turn": state["turn"], "phase": state["phase"]}))
        events += turn.PHASES[state["phase"]].begin(state, rng)
    state["step"].update(into_step)
    if state["result"] is None and not turn.prompts(state):
        state, more = turn.advance(state, {}, rng)
        events += more
    return state, events

