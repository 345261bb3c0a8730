"""Where forces may ship and move, and what a shipment costs: the pure rules of the movement
round that ``movement`` calls to check orders, to tell players what is legal and to choose
random legal orders (000 IX.C, lines 321-349; XII.E.4-5, lines 465-467; Q&A XXV.B.1 and C,
lines 651-681, and E.1-2, E.6-7, lines 693-712; the Fremen and Guild shields, lines 822-866;
player aid B.6.A.6, line 960; XV, lines 496-509 and 998; WBC clarifications IX, 000 lines
1167-1204, VI line 1118 and XV lines 1312-1328; 004 IX.1-13).

Shipment kinds: ``reserve`` (from the off-planet reserve onto Dune, IX.C.1.a), ``fremen`` (the
Fremen's free arrival near the Great Flat, Fremen shield 2), ``cross`` (from one territory to
another) and ``back`` (from one territory back to the reserve), the Guild's two kinds (Guild
shield 1, line 854), open to its allies too (Guild alliance, line 866).

Rulings:

- A group is one sector's forces.  "They must move and ship independently of one another"
  (Q&A XXV.B.1, line 652) of a faction's forces in different sectors of one territory, and
  sectors affect movement "only in the case explained in battle question one" (Q&A XXV.C.2,
  line 678): a move, a cross shipment or a shipment back takes forces from one sector.  WBC's
  "separated by storm for the purposes of movement" (line 1118) then says that a group may not
  cross the storm inside a territory, which the paths below respect.  Forces in a sector under
  the storm cannot leave it (IX.C.2.c, line 343; WBC line 1198 for the Fremen).
- Paths run over (territory, sector) places: inside a territory between neighbouring sectors
  freely (IX.C.2.c: "tokens can move into or through a territory ignoring all sectors", "so
  long as the group does not pass through the part covered by the storm"), across a border only
  where the two sectors touch (the board data), counting the territories entered against the
  range.  No place under the storm is ever entered (IX.C.2.c; Q&A XXV.C.3, line 681), nor a
  stronghold occupied by two other factions, "into or through" (IX.C.2.f, line 349), but the
  one the group starts in.  The Polar Sink is never in storm (IX.C.2.e, line 347).
- Allies (AH and WBC; under GF9 allies may enter, and the mover's forces sharing a territory
  with its ally's go to the tanks at the end of its turn: ``moves.ally_constraint``): "Allies
  may not enter any territory (except the Polar Sink) in which one of their allies already
  has a token" (XII.E.5, line 467).  A group may not end its move or a shipment
  there, but may pass through: the rule's reason is that allies "may never battle one
  another", and IX.C.2.f names "through" where it forbids it.  Coexisting Bene Gesserit, "as if
  they are not even on the board" (XV.B.4, line 506), neither block a stronghold nor bar their
  ally; under WBC an ally of the Bene Gesserit may also enter a territory the Bene Gesserit
  hold alone, who then coexist there (line 1314).  The Bene Gesserit themselves get no such
  exception: no seed lets them enter where their ally is (line 1312 says what they declare
  when they share a territory, not that they may enter one).
- The Bene Gesserit are blocked by a stronghold occupied by two other factions like anyone
  (IX.C.2.f, "tokens of two other players"): coexistence is declared once they are there
  (XV.B.5, line 508) and cannot open the way.
- Ornithopters.  WBC: the factions that controlled Arrakeen or Carthag at the end of the storm
  round (line 1188, recorded in ``state["ornithopters"]``: not the turn they ship, ride or come
  out of coexistence there).  AH: forces in Arrakeen or Carthag "at the start of his move"
  (IX.C.2.a.1, line 337); a move is its shipment and then its movement (IX.C, line 321), so the
  caller reads ``has_ornithopters`` before the faction ships and passes it as
  ``ornithopters=``; without it the state given is taken as the start of the move.  GF9 judges
  them after the shipment, at the start of the force move (001 1.06.02, 1.06.05.05, whose
  example ships into Carthag and moves three: ``Rules.ornithopters_after_shipment``).  A storm
  over the city changes nothing (Q&A XXV.C.3).  Coexisting Bene Gesserit give no access (XV.B.4;
  WBC line 1328); under AH they "cannot receive three territory movement bonus" (XV.B.4), so a
  coexisting group moves one territory; under WBC they may use the faction's ornithopters
  (line 1328).
- Groups under GF9 (001 1.06.05, ``Rules.moves_gather_sectors``): a move may take the
  faction's forces of several sectors of a territory that the storm does not separate
  (``_gatherings``), the named sector's first (``gathered``); shipments keep one sector's.
- Repositioning (GF9, 001 1.06.08, ``Rules.repositioning``): a move may also end in another
  sector of its own territory reached inside it, clear of the storm (``_repositions``).
- Range: one territory, the Fremen two (Fremen shield 1, line 824), three with ornithopters
  whoever moves (IX.C.2.a.1).
- Cost (IX.C.1.b, line 327): per token, 1 into a stronghold and 2 elsewhere (the Shield Wall is
  rock: 2, WBC house rule 4, line 1047); starred forces count one token each, for the seed
  counts them double only "in battle and in taking losses" (lines 806, 1000).  The Guild and
  its allies pay half, rounded up (Guild shield 2, line 856; Q&A XXV.E.6, line 709; alliance,
  line 866).  A cross shipment costs what a shipment from the reserve into the same territory
  costs the Guild: no seed prices it apart, and shield 2 halves "the fee when shipping your
  tokens", which is IX.C.1.b's.  Back to the reserve: 1 spice per two forces, rounded up (Q&A
  XXV.E.2, line 697).  A Karama lands forces from the reserve at the Guild's cost, paid to the
  bank, as the player's shipment (player aid B.6.A.6, line 960; WBC line 1406: only the player's
  own shipment): kind ``reserve`` only.  The Fremen's arrival is free (IX.C.1.b).
- Payee: the Guild for every shipment another faction pays for (Guild shield 3, line 858; "Do
  allies pay the Guild for all of their shipments? Yes", Q&A XXV.E.1, line 694; WBC line
  1180), but not under Karama (line 960); the Guild's own shipments go to the bank (line 1180).
- The Fremen arrive in any territory within two of the Great Flat, itself included and not
  counted (Fremen shield 2, line 826; Q&A XXV.E.7, line 712), ornithopters or not (WBC line
  1194), counting territories by their borders whatever the storm (WBC line 1190; also for AH:
  the range is a count of territories, not a move, and no stronghold lies next to the Great
  Flat to block a path).  "Subject to storm and occupancy rules" (line 826): not a stronghold
  occupied by two other factions, not where an ally is but the Polar Sink, and not a sector
  under the storm unless with XV: "You may bring your reserves into a storm at half loss" (lines
  836, 998; WBC line 1190: only shipments ending under the storm).  The loss is the storm's: half
  rounded up, ``storm.storm_losses``, and none where the storm kills nothing (rock, strongholds,
  ``storm.sheltered``).
- Fremen allied with the Guild: under WBC they choose their free arrival or any Guild shipment
  at the Guild's cost (lines 1192, 1200).  Under AH the Fremen shield forbids any other way onto
  Dune (line 826), so of the Guild's kinds they get only those that bring nothing onto Dune:
  cross and back.
- Cross and back shipments never take forces from a sector under the storm (WBC line 1202);
  the AH rules are silent and the same is ruled for them (the storm holds forces in its
  sector, IX.C.2.c).  A cross shipment goes to another territory ("from one territory to any
  other territory", Guild shield 1, line 854) by the rules of a shipment from the reserve
  (IX.C.1.c).  It is a shipment, not a move (WBC line 1204): the range plays no part.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterator, Mapping
from functools import cache, cached_property, lru_cache
from typing import NamedTuple

from pbem.wording import plural

from .. import factions, tokens, variants
from ..cards import heighliner
from ..cards.karama import cancelled
from ..codes import ErrorCode
from ..data import Ability
from ..forces import Counts, and_faces, plus, spread, total, within
from ..orders.language import OrderProblem, where
from ..phases.storm import sheltered, storm_losses
from ..rules import cite, rules_of
from ..state import (
    POLAR_SINK,
    State,
    ally_of,
    coexists,
    data,
    faction_name,
    forces_at,
    layered_data,
    occupants,
    only_sector,
    ruleset_data,
    sheet,
)
from . import homeworlds, layer

NATIVE = "fremen"              # the native arrival's kind, as stored games hold it
KINDS = ("reserve", NATIVE, "cross", "back")
ORNITHOPTER_RANGE = 3          # 000 IX.C.2.a.1: "through up to three adjacent territories"

Place = tuple[str, int]        # a territory and a sector (0 for the Polar Sink)


# --- the storm
def in_storm(state: State, territory: str, sector: int) -> bool:
    """Whether the storm covers this sector of the territory; never the Polar Sink (IX.C.2.e)."""
    return territory != POLAR_SINK and sector == state["storm"]["sector"]


# --- who may enter a territory
def blocked_stronghold(state: State, faction: str, territory: str) -> bool:
    """A stronghold occupied by two other factions, which no one ships or moves into or through
    (IX.C.1.c, IX.C.2.f); coexisting Bene Gesserit are not counted (XV.B.4); a face-down token
    standing for forces counts as one force of its owner (001 2.10.12 MOVE AS ONE: a No-Field
    for "occupancy limits", ``tokens.occupying``)."""
    if not layer.board(state)[territory].is_stronghold \
            or heighliner.ignores(state, faction, territory) \
            or variants.co_occupier(state, territory) == faction:       # 001 4.03.07.12 B
        return False
    return _two_others(state, faction, territory, True)


def _blocked(state: State, faction: str) -> frozenset[str]:
    """The strongholds no group of the faction moves into or through (``blocked_stronghold``
    of each where forces are), the board, the Heighliner's word and the tokens standing for
    forces asked once for them all."""
    forces = state["forces"]
    ignored = heighliner.ignored_by(state, faction)                     # 001 3.07.04
    occupied = tokens.occupied(state)
    found = []
    for t in layer.board(state).strongholds:
        name = t.name
        here = forces.get(name)
        if (here and name != ignored and (name in occupied or _crowded(here, faction))
                and _two_others(state, faction, name, name in occupied)
                and variants.co_occupier(state, name) != faction):         # 4.03.07.12 B
            found.append(name)
    return frozenset(found)


def _crowded(sectors: Mapping[str, Mapping[str, Counts]], faction: str) -> bool:
    """Whether the forces of a territory (sector -> faction -> forces) may be those of two
    factions other than ``faction``: a quick test before ``_two_others`` (one sector holding
    fewer is not)."""
    if len(sectors) != 1:
        return True
    (by_faction,) = sectors.values()
    return len(by_faction) - (faction in by_faction) >= 2


def _two_others(state: State, faction: str, territory: str, covered: bool) -> bool:
    """Whether two factions other than ``faction`` occupy the territory, a token standing for
    forces counted for its owner where one may be there (``covered``)."""
    present: Collection[str] = occupants(state, territory)      # each once
    covering = tokens.occupying(state, territory) if covered else None
    if covering:
        present = {*present, *(token["owner"] for token in covering)}
    return len(present) - (faction in present) >= 2


def barring_allies(state: State, faction: str, territory: str) -> list[str]:
    """The faction's allies whose forces keep it out of the territory (XII.E.5; coexisting
    Bene Gesserit do not, XV.B.4; under WBC nor the Bene Gesserit alone, line 1314; under GF9
    none: allies may enter, ``Rules.ally_constraint``, 001 1.06.07)."""
    allied = ally_of(state, faction)
    if territory == POLAR_SINK or not allied or rules_of(state).ally_constraint:
        return []
    present = occupants(state, territory)
    allies = [a for a in allied if a in present]
    if (len(present) == 1 and allies == present
            and factions.power(present[0], state).admits_ally(state)):
        return []
    return allies


def entry_problem(state: State, faction: str, territory: str) -> OrderProblem | None:
    """Why the faction may not end a shipment or move in the territory, or None."""
    if territory not in state["forces"]:    # nobody there: neither full nor an ally's
        return None
    if blocked_stronghold(state, faction, territory):
        held = " and ".join(faction_name(f, state) for f in occupants(state, territory))
        return OrderProblem(ErrorCode.STRONGHOLD_FULL,
                            f"{territory} is held by {held}: no one ships or "
                            "moves into a stronghold two other factions occupy "
                            f"({cite(state, '000 IX.C.1.c, IX.C.2.f')})")
    allies = barring_allies(state, faction, territory)
    if allies:
        names = " and ".join(faction_name(a, state) for a in allies)
        return OrderProblem(ErrorCode.ALLY_THERE,
                            f"your ally {names} is in {territory}: allies may "
                            "not enter a territory where an ally is, but the Polar Sink "
                            "(000 XII.E.5)")
    return None


# --- movement
def has_ornithopters(state: State, faction: str) -> bool:
    """Whether the faction moves with ornithopters: under WBC it controlled Arrakeen or Carthag
    at the end of the storm round (line 1188); under AH it has forces there now, coexisting
    Bene Gesserit not counting (IX.C.2.a.1; XV.B.4); a face-down token standing for its forces
    there counts as a force (001 2.10.12 MOVE AS ONE: a No-Field "for purposes of movement")."""
    rules = rules_of(state)
    if rules.ornithopters_from_storm_round:
        return faction in state["ornithopters"]
    return any(faction in occupants(state, city)
               or any(token["owner"] == faction for token in tokens.occupying(state, city))
               for city in _ornithopter_cities(rules.layers))


@cache
def _ornithopter_cities(layers: tuple[str, ...]) -> tuple[str, ...]:
    """The territories of the printed board of the data's layers whose occupants have
    ornithopters (IX.C.2.a.1: Arrakeen and Carthag), in board order."""
    return tuple(t.name for t in layered_data(layers).board.territories if t.ornithopters)


def move_range(state: State, faction: str, territory: str | None = None,
               ornithopters: bool | None = None, forces: Counts | None = None) -> int:
    """How many territories a group of the faction may enter: 1, the Fremen 2 (shield 1), 3
    with ornithopters (IX.C.2.a); AH: a coexisting Bene Gesserit group in ``territory`` gets
    no ornithopters (XV.B.4); a group of some kinds of force further (``Faction.movement``:
    the Ixians' Cyborgs, 001 2.07.13, 2.07.17), the group's ``forces`` where known."""
    if ornithopters is None:
        ornithopters = has_ornithopters(state, faction)
    power = factions.power(faction, state)
    if territory is not None and coexists(state, faction, territory) and not power.coexisting_fly:
        ornithopters = False
    movement = (1 if cancelled(state, "movement", faction)             # GF9 001 2.04.07, 3.01.12
                or factions.withheld(state, faction, factions.MOVEMENT)   # 001 4.03.07.05
                else power.movement(state, sheet(faction, state).movement, forces, territory))
    movement = max(movement, ORNITHOPTER_RANGE if ornithopters else 0)
    extra = factions.in_play(state, "extra_moves")      # 001 2.09.08 (A), 2.09.11 (B): Kulon
    bonus = sum(f.extra_moves(state, faction) for f in extra) if extra else 0
    if not variants.in_play(state):                     # no variant's bonus nor widening
        return movement + bonus
    if territory:
        bonus += variants.movement_bonus(state, faction, territory)     # 001 4.04.04.04
    return variants.widened(state, faction, movement) + bonus           # 001 4.07.15.07


def groups(state: State, faction: str, territory: str) -> dict[int, Counts]:
    """Sector -> its forces per kind: the faction's groups in the territory (Q&A XXV.B.1), in
    sector order (the state keeps sectors as text keys, sorted as text)."""
    found = {int(sector): by_faction[faction]
             for sector, by_faction in forces_at(state, territory).items()
             if faction in by_faction}
    return dict(sorted(found.items()))


def move_destinations(state: State, faction: str, territory: str,
                      from_sector: int | None = None, ornithopters: bool | None = None,
                      forces: Counts | None = None) -> dict[str, tuple[int, ...]]:
    """Territory -> the sectors a group of the faction's forces in ``territory`` (the one in
    ``from_sector``, or any of them; those ``forces`` of it, or all) may end its move in, in
    board order."""
    held = groups(state, faction, territory)
    starts = [s for s in held if from_sector in (None, s) and not in_storm(state, territory, s)]
    if not starts:
        return {}
    moving = forces if forces is not None else plus(*(held[s] for s in starts))
    moves = move_range(state, faction, territory, ornithopters, moving)
    storm = state["storm"]["sector"]
    through = through_storm(state, faction)
    barred = _blocked(state, faction)
    blocked, closed = barred - {territory}, _move_closed(state, faction, barred)
    # Each start's ends (``_ends``, cached); a place is in reach of the group wherever it
    # stands if it is in reach of one of its sectors.
    reposition = rules_of(state).repositioning
    found = [_ends(territory, start, moves, None if through else storm, blocked, closed,
                   reposition, layer.key(state)) for start in starts]
    if through:
        found = [_clear_of_storm(state, ends) for ends in found]
    if len(found) == 1:
        return dict(found[0])
    return _by_territory(rules_of(state).layers, {
        (name, sector) for ends in found for name, sectors in ends.items() for sector in sectors})


def through_storm(state: State, faction: str) -> bool:
    """Whether a power lets the faction's moves pass through the storm (``Faction.
    through_storm``: CHOAM's Jubba Cloak, 001 2.09.11 (B))."""
    return any(f.through_storm(state, faction) for f in factions.in_play(state, "through_storm"))


def _clear_of_storm(state: State, ends: dict[str, tuple[int, ...]]
                    ) -> dict[str, tuple[int, ...]]:
    """The ends of a move through the storm, but those under it: none ends there."""
    return {name: kept for name, sectors in ends.items()
            if (kept := tuple(s for s in sectors if not in_storm(state, name, s)))}


def destinations_by_place(state: State, faction: str,
                          places: Mapping[str, Collection[int]],
                          ornithopters: bool | None = None) -> DestinationsByPlace:
    """Each place (``places``: territory -> its sectors) -> ``move_destinations`` of a group
    of the faction standing there (there now or not yet: where a shipment may land), worked
    out when first read."""
    return DestinationsByPlace(state, faction, places, ornithopters)


class DestinationsByPlace(Mapping[Place, dict[str, tuple[int, ...]]]):
    """``destinations_by_place``: the places in their order; each place's destinations worked
    out when first read (issue 20: a bot reads those of its own groups and of the landing it
    chose, of the seventy places a shipment may land), from the position as it was given,
    which must not change meanwhile."""

    def __init__(self, state: State, faction: str, places: Mapping[str, Collection[int]],
                 ornithopters: bool | None) -> None:
        self._state, self._faction, self._ornithopters = state, faction, ornithopters
        self._reposition = rules_of(state).repositioning
        self._places = places
        self._found: dict[Place, dict[str, tuple[int, ...]]] = {}

    @cached_property
    def _barred(self) -> tuple[frozenset[str], frozenset[str]]:
        """The blocked strongholds and the closed territories, asked at the first place read (a
        bot often reads none)."""
        blocked = _blocked(self._state, self._faction)
        return blocked, _move_closed(self._state, self._faction, blocked)

    def __getitem__(self, place: Place) -> dict[str, tuple[int, ...]]:
        if place not in self._found:
            territory, sector = place
            if sector not in self._places.get(territory, ()):
                raise KeyError(place)
            if in_storm(self._state, territory, sector):     # IX.C.2.c, as ``move_destinations``
                self._found[place] = {}     # (a power's way through the storm never out of it)
                return self._found[place]
            blocked, closed = self._barred
            moves = move_range(self._state, self._faction, territory, self._ornithopters,
                               forces_at(self._state, territory).get(str(sector), {}).get(
                                   self._faction))          # its group's (``groups``)
            storm = self._state["storm"]["sector"]
            ends = _ends(territory, sector, moves, None if self._through else storm,
                         blocked - {territory} if territory in blocked else blocked, closed,
                         self._reposition, self._board)
            self._found[place] = _clear_of_storm(self._state, ends) if self._through else ends
        return self._found[place]

    @cached_property
    def _through(self) -> bool:
        return through_storm(self._state, self._faction)

    @cached_property
    def _board(self) -> layer.Key:
        return layer.key(self._state)

    def __iter__(self) -> Iterator[Place]:
        return ((territory, sector) for territory, sectors in self._places.items()
                for sector in sectors)

    def __len__(self) -> int:
        return sum(len(sectors) for sectors in self._places.values())


def _closed(state: State, faction: str, blocked: frozenset[str]) -> frozenset[str]:
    """The territories the faction may not end a shipment or move in (``entry_problem``):
    only where forces are; a stronghold full (``blocked``: the faction's ``_blocked``), or
    with an ally only for an allied faction (issue 20: the board's other territories are not
    asked)."""
    allies = ally_of(state, faction)
    if not allies or rules_of(state).ally_constraint:   # no ally bars it (``barring_allies``)
        return blocked
    return blocked | {t for t, sectors in state["forces"].items()
                      if any(ally in by_faction for by_faction in sectors.values()
                             for ally in allies)            # an ally's forces there
                      and barring_allies(state, faction, t)}


def _move_closed(state: State, faction: str, blocked: frozenset[str]) -> frozenset[str]:
    """The territories the faction may not end a move in: ``_closed`` and ``moves_barred``."""
    closed, barred = _closed(state, faction, blocked), moves_barred(state, faction)
    return closed | frozenset(barred) if barred else closed


def moves_barred(state: State, faction: str) -> dict[str, str]:
    """Territory -> why a power bars the faction's moves into it this phase (``Faction.
    moves_barred``: CHOAM's Baliset, 001 2.09.08 (A), 2.09.11 (B))."""
    return {t: why for f in factions.in_play(state, "moves_barred")
            for t, why in f.moves_barred(state, faction).items()}


def _ends(territory: str, sector: int, moves: int, storm: int | None, blocked: frozenset[str],
          closed: frozenset[str], reposition: bool, board: layer.Key
          ) -> dict[str, tuple[int, ...]]:
    """Where a group in one sector of ``territory`` may end its move: none from under the
    storm (IX.C.2.c), none in the ``closed`` territories (``entry_problem``); with
    ``reposition`` (GF9) the other sectors of its own territory too (``_repositions``).  The
    result may be shared: read it, never change it.  ``board``: the board layer's key (its
    ruleset and where its places lie)."""
    found = _reached(territory, sector, moves, storm, blocked, board)
    inside = _repositions(territory, sector, storm, board) if reposition else ()
    if inside:
        found = _by_territory(board[0], {(name, s) for name, sectors in found.items()
                                         for s in sectors} | {(territory, s) for s in inside})
    if closed.isdisjoint(found):
        return found
    return {name: sectors for name, sectors in found.items() if name not in closed}


@lru_cache(maxsize=1024)
def _repositions(territory: str, sector: int, storm: int | None, board: layer.Key
                 ) -> tuple[int, ...]:
    """The other sectors of the territory a group in ``sector`` reaches inside it, clear of
    the storm (GF9 repositioning, 001 1.06.08: "relocate to a different Sector within the
    same Territory.  Storm limitations still apply"); none from under the storm."""
    if territory == POLAR_SINK or sector == storm:
        return ()
    inside = _paths_between(territory, (sector,), 0, storm, frozenset(), board)
    return tuple(s for name, s in inside if name == territory and s != sector)


@lru_cache(maxsize=4096)
def _reached(territory: str, sector: int, moves: int, storm: int | None,
             blocked: frozenset[str], board: layer.Key) -> dict[str, tuple[int, ...]]:
    """``_ends`` before the closed territories are taken out, in board order; cached apart
    from them (issue 20: the closed territories change with every position, the paths
    seldom)."""
    if territory != POLAR_SINK and sector == storm:
        return {}
    reached = _paths_between(territory, (sector,), moves, storm, blocked, board)
    return _by_territory(board[0], {place for place, entered in reached.items() if entered
                          and place[0] != territory})


def check_move(state: State, faction: str, source: str, destination: str,
               sector: int | None, forces: Counts, from_sector: int | None = None,
               ornithopters: bool | None = None) -> int:
    """Check a move of ``forces`` from ``source`` to ``destination``:
    raise OrderProblem saying what is wrong and what is legal, or return the sector of
    ``source`` the group leaves from (``from_sector`` is needed only where the faction has
    several groups there that could make it)."""
    if destination == source and not rules_of(state).repositioning:
        raise OrderProblem(ErrorCode.SAME_TERRITORY, f"a move goes from {source} into another "
                           f"territory ({cite(state, '000 IX.C.2.a')})")
    candidates = _group_sectors(state, faction, source, from_sector, forces, "move")
    sector = _move_landing(state, faction, source, destination, sector, candidates,
                           ornithopters).sector
    able = [s for s in candidates if sector in move_destinations(
        state, faction, source, s, ornithopters, forces).get(destination, ())]
    if able:
        return _one_group(state, source, able)
    reach = move_destinations(state, faction, source, candidates[0], ornithopters, forces)
    valid = _places(state, reach)
    if sector is not None and in_storm(state, destination, sector):
        raise OrderProblem(ErrorCode.DESTINATION_IN_STORM,
                           f"sector {sector} of {destination} is under "
                           f"the storm: no group moves into it ({cite(state, '000 IX.C.2.c')})",
                           valid)
    problem = entry_problem(state, faction, destination)
    if problem is not None:
        raise OrderProblem(problem.code, problem.message, valid)
    barred = moves_barred(state, faction).get(destination)
    if barred:
        raise OrderProblem(ErrorCode.MOVE_BARRED, barred, valid)
    moves = move_range(state, faction, source, ornithopters, forces)
    place = destination if sector is None else where(state, destination, sector)
    raise OrderProblem(ErrorCode.OUT_OF_REACH, f"{place} is out of reach: a group "
                       f"in {where(state, source, candidates[0])} moves through up to {moves} "
                       f"territor{'y' if moves == 1 else 'ies'} ({cite(state, '000 IX.C.2.a')}), "
                       "never into or through the storm or a stronghold two other factions hold "
                       f"({cite(state, 'IX.C.2.c, f')}); in reach: {', '.join(reach) or 'none'}",
                       valid)


def checked_move(state: State, faction: str, source: str, destination: str,
                 sector: int | None, forces: Counts, from_sector: int | None = None,
                 ornithopters: bool | None = None) -> tuple[Landing, int]:
    """The sector a move ends in (``choose_sector``) and the sector of ``source`` it leaves
    from, or the OrderProblem ``check_move`` raises: each group's ``move_destinations`` worked
    out once (issue 20: a move carried out asked them three times)."""
    try:
        candidates = _group_sectors(state, faction, source, from_sector, forces, "move")
    except OrderProblem:
        if sector is not None:
            choose_sector(state, destination, sector, ())
        check_move(state, faction, source, destination, sector, forces, from_sector,
                   ornithopters)                                 # raises the same problem
        raise
    reached = [move_destinations(state, faction, source, group, ornithopters, forces
                                 ).get(destination, ())
               for group in candidates]
    landing = choose_sector(state, destination, sector, {s for ends in reached for s in ends},
                            faction)
    able = [group for group, ends in zip(candidates, reached, strict=True)
            if landing.sector in ends]
    if able:
        return landing, _one_group(state, source, able)
    check_move(state, faction, source, destination, landing.sector, forces,
               from_sector, ornithopters)                        # raises why not
    raise AssertionError("check_move found no problem")         # pragma: no cover


def _move_landing(state: State, faction: str, source: str, destination: str,
                  sector: int | None, groups_: list[int], ornithopters: bool | None) -> Landing:
    legal = {s for group in groups_ for s in move_destinations(
        state, faction, source, group, ornithopters).get(destination, ())}
    return choose_sector(state, destination, sector, legal, faction)


def _group_sectors(state: State, faction: str, source: str, from_sector: int | None,
                   forces: Counts, what: str) -> list[int]:
    """The sectors of ``source`` whose group holds the forces and may leave (not under the
    storm), or an OrderProblem."""
    mine = groups(state, faction, source)
    if from_sector is not None:
        mine = {s: f for s, f in mine.items() if s == from_sector}
    if not mine:
        place = source if from_sector is None else where(state, source, from_sector)
        raise OrderProblem(ErrorCode.NO_FORCES, f"you have no forces in {place}",
                           tuple(where(state, source, s) for s in groups(state, faction, source)))
    enough = [s for s, here in mine.items() if within(forces, here)]
    if not enough and what == "move" and rules_of(state).moves_gather_sectors:
        held = groups(state, faction, source)
        enough = [part[0] for part in _gatherings(state, faction, source, from_sector)
                  if within(forces, plus(*(held[s] for s in part)))]
    if not enough:
        held = "; ".join(f"{and_faces(state, faction, here)} in {where(state, source, s)}"
                         for s, here in mine.items())
        group = ("a group is the forces of sectors the storm does not separate (001 1.06.05)"
                 if what == "move" and rules_of(state).moves_gather_sectors
                 else f"a group is one sector's forces ({cite(state, '000 Q&A XXV.B.1')})")
        raise OrderProblem(ErrorCode.NOT_ENOUGH_FORCES,
                           f"you cannot {what} {and_faces(state, faction, forces)} "
                           f"from {source}: you have {held}, and {group}", (f"up to {held}",))
    free = [s for s in enough if not in_storm(state, source, s)]
    if not free:
        raise OrderProblem(ErrorCode.STORM_HOLDS,
                           f"the storm covers {where(state, source, enough[0])}: forces "
                           "under the storm cannot leave it "
                           f"({cite(state, '000 IX.C.2.c; WBC clarification IX')})")
    return free


def _gatherings(state: State, faction: str, source: str, from_sector: int | None
                ) -> list[list[int]]:
    """The faction's sectors of ``source`` that move as one group under GF9 (001 1.06.05:
    "Unless separated by Storm, that player may Move groups of Forces from different Sectors
    of the same Territory"): the runs of its sectors the storm does not split, none under
    it; with ``from_sector`` only the run holding it."""
    storm = state["storm"]["sector"]
    held = groups(state, faction, source)
    parts: list[list[int]] = [[]]
    for sector in layer.board(state)[source].sectors or (0,):
        if sector == storm and source != POLAR_SINK:
            parts.append([])
        elif sector in held:
            parts[-1].append(sector)
    return [part for part in parts if part and from_sector in (None, *part)]


def gathered(state: State, faction: str, source: str, leaving: int, forces: Counts
             ) -> list[tuple[int, Counts]]:
    """(sector, forces) taken from ``source`` for a move from ``leaving``: that sector's
    forces first, then under GF9 the rest of its run (``_gatherings``)."""
    held = groups(state, faction, source)
    if not rules_of(state).moves_gather_sectors:    # the group is the sector's (Q&A XXV.B.1)
        return spread(forces, [(leaving, held.get(leaving, {}))])
    run = next((part for part in _gatherings(state, faction, source, leaving)), [leaving])
    return spread(forces, ((sector, held.get(sector, {}))
                           for sector in [leaving, *(s for s in run if s != leaving)]))


def _one_group(state: State, source: str, sectors: list[int]) -> int:
    """The one sector of ``source`` that can make the move or shipment, or an OrderProblem
    asking which (000 Q&A XXV.B.1: groups in different sectors move and ship apart)."""
    if len(sectors) > 1:
        raise OrderProblem(ErrorCode.GROUP_NEEDED, f"your forces in {source} that could go lie in "
                           f"sectors {_listed(sectors)}, which move and ship apart "
                           f"({cite(state, '000 Q&A XXV.B.1')}): name the sector they leave from",
                           tuple(where(state, source, s) for s in sectors))
    return sectors[0]


# --- the paths
def _paths(state: State, faction: str, territory: str, starts: list[int], moves: int
           ) -> dict[Place, int]:
    """Place -> the fewest territories entered to reach it from the start sectors, up to
    ``moves``, never into the storm nor into or through a blocked stronghold (IX.C.2.c, f).
    The result is shared: read it, never change it."""
    return _paths_between(territory, tuple(starts), moves, state["storm"]["sector"],
                          _blocked(state, faction) - {territory}, layer.key(state))


_paths_between = layer.paths     # the board layer's paths, cached by its key


# --- shipment
def shipment_kinds(state: State, faction: str) -> tuple[str, ...]:
    """The shipments the faction may make (module docstring: Guild shield 1, alliance line 866;
    Fremen shield 2; WBC lines 1192, 1200).  A GF9 ally of the Guild may cross-ship but not
    ship back to its reserves (001 2.06.11: CROSS-SHIP alone, ``ally_cross_ship``)."""
    guild_kinds = _guild_power(state, faction, Ability.GUILD_SHIPMENT)
    ours = ("cross", "back") if guild_kinds else ("cross",) if _ally_power(   # ``guild_cross``
        state, faction, Ability.ALLY_CROSS_SHIP) or factions.power(faction, state).cross_from(
        state) or offered(state, faction) or variants.cross_ships(state, faction) else ()
    if ours:                                                # 4.03.07.07 B above
        ours = tuple(kind for kind in ours if not cancelled(    # GF9 001 3.01.12.02
            state, {"cross": "cross-ship", "back": "off-planet"}[kind], faction))
    if not native(state, faction):
        return ("reserve", *ours)
    if not ours:
        return (NATIVE,)
    if factions.power(faction, state).also_ships_reserves:
        return (NATIVE, "reserve", *ours)
    return (NATIVE, *ours)


def guild_rates(state: State, faction: str) -> bool:
    """The Guild and its allies ship at half cost (Guild shield 2 and alliance, 856, 866; GF9
    001 2.06.07, 2.06.10: ``ally_half_price_shipment``), unless a Karama cancels it (3.01.12)."""
    if cancelled(state, "half-price", faction):
        return False
    return _guild_power(state, faction, Ability.HALF_PRICE_SHIPMENT) or _ally_power(
        state, faction, Ability.ALLY_HALF_PRICE_SHIPMENT)


def offered(state: State, faction: str) -> str | None:
    """The rate of another faction's cross-planet shipment offered the faction, in a game with
    homeworlds (001 4.10.12 "Junction", High: "half-price or full")."""
    return homeworlds.offer_to(state, faction) if homeworlds.in_game(state) else None


def _guild_homeworlds(state: State, faction: str, kind: str) -> bool:
    """Whether the faction's shipment of ``kind`` reaches homeworlds from the board as the
    Guild's does (001 4.10.05; 4.10.12 "Junction", High: "even to or from homeworlds")."""
    return factions.has(state, faction, Ability.GUILD_SHIPMENT) or (
        kind == "cross" and bool(offered(state, faction)))


def _guild_power(state: State, faction: str, ability: Ability) -> bool:
    """The faction has the Guild's way of shipping, its own or its ally's (Guild alliance,
    line 866: ``ally_guild_shipment``)."""
    return factions.has(state, faction, ability) or _ally_power(
        state, faction, Ability.ALLY_GUILD_SHIPMENT)


def guild_cross(state: State, faction: str) -> bool:
    """The faction cross-ships by the Guild's power, its own or its ally's (not only by a
    power of its own, ``Faction.cross_from``: 001 2.11.17.07 B)."""
    return _guild_power(state, faction, Ability.GUILD_SHIPMENT) or _ally_power(
        state, faction, Ability.ALLY_CROSS_SHIP)


def _ally_power(state: State, faction: str, ability: Ability) -> bool:
    """An ally of the faction has the alliance power ``ability`` (one it lends its ally)."""
    return any(factions.has(state, ally, ability) for ally in ally_of(state, faction))


def native(state: State, faction: str) -> bool:
    """The faction arrives from its reserves as natives: free, near a territory of its own
    (the faction data's ``native_arrival``; the Fremen, shield 2)."""
    return sheet(faction, state).native_arrival is not None


def shipment_cost(state: State, faction: str, territory: str, count: int,
                  kind: str = "reserve", karama: bool = False) -> int:
    """The spice a shipment of ``count`` forces (starred ones count one each) costs: into
    ``territory``, or for ``back`` from it (module docstring)."""
    return shipment_costs(state, faction, territory, count, kind, karama)[-1]


def shipment_costs(state: State, faction: str, territory: str, most: int,
                   kind: str = "reserve", karama: bool = False) -> list[int]:
    """What shipments of 1 to ``most`` forces cost (``shipment_cost``), the rates asked once."""
    return shipment_costs_by_territory(state, faction, [territory], most, kind,
                                       karama)[territory]


def shipment_costs_by_territory(state: State, faction: str, territories: list[str], most: int,
                                kind: str = "reserve", karama: bool = False
                                ) -> dict[str, list[int]]:
    """``shipment_costs`` into each of the territories, the faction's rates asked once."""
    assert kind in KINDS, kind
    half = kind not in (NATIVE, "back") and (karama or guild_rates(state, faction) or (
        kind == "cross" and (offered(state, faction) == "half"      # 001 4.10.12 "Junction"
                             or variants.cross_ships(state, faction))))     # 4.03.07.07 B
    board = layer.board(state)
    found = {territory: list(_costs(kind, 1 if board[territory].is_stronghold
                                    or variants.stronghold_rate(state, faction, territory)
                                    or heighliner.stronghold_rate(state, faction)  # 3.07.04
                                    else 2, half and not variants.full_price(   # 001 4.10.07
                                        state, faction, territory), most))  # 001 4.04.04.06
             for territory in territories}
    as_one = variants.shipped_as_one(state, faction, kind)      # 001 4.03.07.11
    for costs in found.values() if as_one else ():
        costs[1:as_one] = costs[:1] * len(costs[1:as_one])
    return found


@lru_cache(maxsize=1024)
def _costs(kind: str, rate: int, half: bool, most: int) -> tuple[int, ...]:
    """What shipments of 1 to ``most`` forces cost at a territory's ``rate``, at ``half`` the
    price or not."""
    counts = range(1, most + 1)
    if kind == NATIVE:
        return tuple(0 for _ in counts)                 # IX.C.1.b: the Fremen ship free
    if kind == "back":
        return tuple(math.ceil(count / 2) for count in counts)     # Q&A XXV.E.2, E.6
    if half:                                    # Guild shield 2; Q&A XXV.E.6; line 960
        return tuple(math.ceil(rate * count / 2) for count in counts)
    return tuple(rate * count for count in counts)      # IX.C.1.b: 1 a stronghold, 2 elsewhere


def payee(state: State, faction: str, karama: bool = False) -> str | None:
    """Who is paid for the faction's shipment: the Guild, or None for the bank (Guild shield
    3; Q&A XXV.E.1; WBC line 1180; Karama: line 960; GF9: a Karama cancels the Guild's
    payment, 001 2.06.05, 3.01.12.02)."""
    if karama or cancelled(state, "payment", faction):
        return None
    return factions.payee(state, factions.SHIPMENT, faction)


def shipment_sources(state: State, faction: str) -> dict[str, tuple[int, ...]]:
    """Territory -> the sectors whose forces a cross shipment or a shipment back may take: not
    under the storm (WBC line 1202), in board order."""
    return _by_territory(rules_of(state).layers,
                         {(t, s) for t in state["forces"] for s in groups(state, faction, t)
                          if not in_storm(state, t, s)})


def shipment_group(state: State, faction: str, source: str, forces: Counts,
                   from_sector: int | None = None) -> int:
    """The sector of ``source`` whose forces a cross shipment or a shipment back takes: one
    sector's forces (Q&A XXV.B.1), not under the storm (WBC line 1202); or an OrderProblem."""
    return _one_group(state, source, _group_sectors(state, faction, source, from_sector, forces,
                                                    "ship"))


def shipment_destinations(state: State, faction: str, kind: str = "reserve",
                          source: str | None = None) -> dict[str, tuple[int, ...]]:
    """Territory -> the sectors a shipment of that kind may land in, in board order (none for
    ``back``, which ends in the reserve; ``cross`` never into ``source``)."""
    assert kind in KINDS, kind
    if kind == "back":
        return {}
    storm, closed = state["storm"]["sector"], _closed(state, faction, _blocked(state, faction))
    closed |= tokens.barring_shipment(state)        # 001 2.12.14.03: "(including Fremen)"
    if kind == NATIVE:
        into_storm = (factions.has(state, faction, Ability.STORM_HALF_LOSSES)  # shield 7, XV
                      and not cancelled(state, "migration", faction))  # 001 3.01.12
        return dict(_landings(layer.key(state), None if into_storm else storm, closed,
                              arrivals(state, faction), None))
    if kind == "reserve":
        closed |= _own_advisors(state, faction)
    if variants.in_play(state):
        closed |= variants.shut(state, faction, kind,   # 001 4.10.04-05, 4.10.08
                                _guild_homeworlds(state, faction, kind))
    return dict(_landings(layer.key(state), storm, closed | _shut(state, faction), None, source))


def _shut(state: State, faction: str) -> frozenset[str]:
    """The places on the board only their owner ships into, where the faction is not their
    owner (001 2.07.21 HOME FIELD ADVANTAGE: "No other faction may ship Forces directly into
    your Hidden Mobile Stronghold")."""
    if not state.get("places"):
        return frozenset()
    name = sheet(faction, state).name
    return frozenset(p.name for p in layer.board(state).places
                     if p.shipment_by_owner_only and p.owner != name and p.name in state["places"])


def _own_advisors(state: State, faction: str) -> frozenset[str]:
    """Under GF9 the territories of the faction's own advisors, where its shipments from the
    reserve, always of fighters, may not land (001 2.02.14: ``Faction.advisor_sides``)."""
    if not factions.power(faction, state).advisor_sides:
        return frozenset()
    return frozenset(t for t, sectors in state["forces"].items() if coexists(state, faction, t)
                     and any(faction in by_faction for by_faction in sectors.values()))


@lru_cache(maxsize=4096)
def _landings(board: layer.Key, storm: int | None, closed: frozenset[str],
              within: frozenset[str] | None, source: str | None) -> dict[str, tuple[int, ...]]:
    """Territory -> the sectors a shipment may land in, in board order: of the board layer
    (``board``, its key), not under the ``storm`` (None: wherever it is), not into a
    ``closed`` territory (``entry_problem``), only ``within`` some territories (None:
    anywhere) and never into
    ``source``.  Cached: the same few positions are asked again and again."""
    places = set()
    for t in layer.board_of(board).territories:
        if t.name == source or t.name in closed or (within is not None and t.name not in within):
            continue
        places |= {(t.name, s) for s in (t.sectors or (0,))
                   if t.name == POLAR_SINK or s != storm}
    return _by_territory(board[0], places)


def shipment_losses(state: State, faction: str, kind: str, territory: str, sector: int,
                    forces: Counts) -> Counts:
    """The forces the storm kills of a Fremen arrival under it: half, rounded up, where the
    storm kills (Fremen shield 7; WBC line 1190); nothing for any other shipment."""
    if kind != NATIVE or not in_storm(state, territory, sector):
        return {}
    if sheltered(state, layer.board(state)[territory]):
        return {}
    return storm_losses(state, faction, forces)


def check_shipment(state: State, faction: str, kind: str, destination: str | None,
                   sector: int | None, forces: Counts, source: str | None = None,
                   karama: bool = False, from_sector: int | None = None) -> int:
    """Check a shipment and return its cost, or raise OrderProblem saying what is wrong and
    what is legal (cost included).  ``source`` (and ``from_sector`` where the faction has
    several groups there) for ``cross`` and ``back``; ``destination`` None for ``back``.
    Paying is the caller's: allies may pay (XII.E.4)."""
    return checked_shipment(state, faction, kind, destination, sector, forces, source, karama,
                            from_sector)[0]


def checked_shipment(state: State, faction: str, kind: str, destination: str | None,
                     sector: int | None, forces: Counts, source: str | None = None,
                     karama: bool = False, from_sector: int | None = None
                     ) -> tuple[int, Landing]:
    """``check_shipment``'s cost and where the shipment lands (``choose_sector``; none for
    ``back``): the destinations worked out once."""
    kinds = shipment_kinds(state, faction)
    if kind not in kinds:
        word = {"cross": "cross-ship", "back": "off-planet"}.get(kind, "")
        why = ("a Karama cancels this shipment's kind for you now (001 3.01.12.02)"
               if cancelled(state, word, faction) else _kind_refusal(state, faction, kind))
        raise OrderProblem(ErrorCode.SHIPMENT_KIND, why, tuple(KIND_FORMS[k] for k in kinds))
    if karama and kind != "reserve":
        raise OrderProblem(ErrorCode.KARAMA_RESERVE_ONLY,
                           "a Karama lands forces from the reserve at the Guild's cost "
                           f"({cite(state, '000 player aid B.6.A.6')}), no other shipment", kinds)
    if total(forces) < 1:
        raise OrderProblem(ErrorCode.NO_FORCES, "a shipment takes at least one force")
    counted = factions.power(faction, state).shipped_count(   # 001 2.09.17 (B), 2.11.17.11 B
        state, forces, kind, destination)
    if kind in ("cross", "back"):
        assert source is not None, kind
        taken = shipment_group(state, faction, source, forces, from_sector)
        why = None if kind == "back" or guild_cross(state, faction) or variants.cross_ships(
            state, faction) else factions.power(faction, state).cross_problem(
            state, source, taken, forces)       # 001 2.11.17.07 B; 4.03.07.07 B
        if why:
            raise OrderProblem(ErrorCode.SHIPMENT_KIND, why, (KIND_FORMS["cross"],))
        if kind == "back":
            return shipment_cost(state, faction, source, counted, kind), Landing(None)
    else:
        _check_reserve(state, faction, forces)
    assert destination is not None, kind
    return _check_landing(state, faction, kind, destination, sector, counted, source, karama)


def _check_reserve(state: State, faction: str, forces: Counts) -> None:
    have = state["factions"][faction]["reserve"]
    if not within(forces, have):
        raise OrderProblem(ErrorCode.NOT_ENOUGH_RESERVE,
                           f"you have {and_faces(state, faction, have)} in reserve, not "
                           f"{and_faces(state, faction, forces)}",
                           (f"up to {and_faces(state, faction, have)}",))


def _check_landing(state: State, faction: str, kind: str, destination: str,
                   sector: int | None, count: int, source: str | None, karama: bool
                   ) -> tuple[int, Landing]:
    """The cost of a shipment into ``destination`` and where it lands, or the OrderProblem
    saying why not."""
    open_ = shipment_destinations(state, faction, kind, source)
    if kind == "reserve" and destination in _own_advisors(state, faction):
        raise OrderProblem(ErrorCode.ADVISORS_THERE,
                           f"your advisors are in {destination}: your forces are shipped as "
                           "fighters, never into a territory your advisors occupy (001 "
                           "2.02.14)", _places(state, open_))
    landing = choose_sector(state, destination, sector, open_.get(destination, ()), faction)
    sector = landing.sector
    cost = shipment_cost(state, faction, destination, count, kind, karama)
    if sector in open_.get(destination, ()):
        return cost, landing
    valid = _places(state, open_)
    costs = (f"; {plural(count, 'force')} cost{'s' if count == 1 else ''} {cost} spice there"
             if cost else "")
    if kind == NATIVE and destination not in arrivals(state, faction):
        raise OrderProblem(ErrorCode.OUT_OF_REACH,
                           f"the Fremen arrive only within two territories of "
                           f"the Great Flat ({cite(state, '000 Fremen shield 2')}): "
                           f"{', '.join(open_)}", valid)
    if kind == "cross" and destination == source:
        raise OrderProblem(ErrorCode.SAME_TERRITORY,
                           f"a cross shipment goes from {source} to another "
                           f"territory ({cite(state, '000 Guild shield 1')})", valid)
    if sector is not None and in_storm(state, destination, sector):
        raise OrderProblem(ErrorCode.DESTINATION_IN_STORM,
                           f"sector {sector} of {destination} is under "
                           "the storm: no shipment lands there "
                           f"({cite(state, '000 IX.C.1.c')}){costs}", valid)
    if destination in tokens.barring_shipment(state):
        raise OrderProblem(ErrorCode.PLACE_SHUT, f"the Atomics Aftermath lies in {destination}: "
                           "no force ships into it (001 2.12.14.03)", valid)
    if destination in _shut(state, faction):
        owner = layer.board(state).place(destination).owner
        raise OrderProblem(ErrorCode.PLACE_SHUT, f"only the {owner} ship straight into the "
                           f"{destination}; others move in from where it points (001 2.07.21)",
                           valid)
    if destination in variants.shut(state, faction, kind,
                                    _guild_homeworlds(state, faction, kind)):
        raise OrderProblem(ErrorCode.PLACE_SHUT, f"no shipment of yours lands on {destination}: "
                           "only revival adds forces to your own homeworld (001 4.10.04), none "
                           "lands on your ally's (4.10.08), and only the Guild ships from the "
                           "board to a homeworld (4.10.05)", valid)
    problem = entry_problem(state, faction, destination)
    assert problem is not None, (destination, sector)
    raise OrderProblem(problem.code, problem.message + costs, valid)


# How each kind of shipment is ordered (move_orders), for the "valid" list of a refusal.
KIND_FORMS = {"reserve": "SHIP <forces> TO <territory>",
              NATIVE: "SHIP <forces> TO <territory near the Great Flat>",
              "cross": "SHIP <forces> FROM <territory> TO <territory>",
              "back": "SHIP <forces> FROM <territory> TO RESERVES"}


def _kind_refusal(state: State, faction: str, kind: str) -> str:
    if native(state, faction) and kind == "reserve":
        also = ("; or at the Guild's rates while allied with the Guild (WBC clarification IX, "
                "line 1200)" if factions.power(faction, state).also_ships_reserves else "")
        return ("the Fremen come onto Dune only near the Great Flat "
                f"({cite(state, '000 Fremen shield 2')}){also}")
    if not native(state, faction) and kind == NATIVE:
        return ("only the Fremen arrive near the Great Flat for free "
                f"({cite(state, '000 Fremen shield 2')})")
    how = "back to the reserve" if kind == "back" else "from one territory to another"
    return (f"only the Guild and its allies ship {how} "
            f"({cite(state, '000 Guild shield 1 and alliance')})")


def arrivals(state: State, faction: str) -> frozenset[str]:
    """The territories a native faction may arrive in now: its sheet's
    (``arrival_territories``) and those a variant opens to it (``variants.native_arrivals``:
    the Shield Wall card, 001 4.04.04.06)."""
    return (arrival_territories(state["rules"]["ruleset"], faction)
            | variants.native_arrivals(state, faction))


@cache
def arrival_territories(ruleset: str, faction: str) -> frozenset[str]:
    """The territories a native faction may arrive in, in a game of the ruleset: the Fremen
    within two of the Great Flat, itself included (Fremen shield 2, line 826; Q&A XXV.E.7,
    line 712; the faction data's ``native_arrival``)."""
    arrival = sheet(faction, ruleset).native_arrival
    assert arrival is not None, faction
    return ruleset_data(ruleset).board.within(arrival.territory, arrival.range)


# --- helpers
def _by_territory(layers: tuple[str, ...], places: set[Place]) -> dict[str, tuple[int, ...]]:
    """Places grouped by territory, in the order of the board of the data's layers, sectors in
    the territory's order (``_board_order``)."""
    found: dict[str, list[int]] = {}
    for territory, sector in sorted(places, key=_board_order(layers).__getitem__):
        found.setdefault(territory, []).append(sector)
    return {territory: tuple(sectors) for territory, sectors in found.items()}


class _Order(dict):
    """Place -> its rank in board order; a place of the board layer, on no printed territory,
    after them all (``__missing__``)."""

    def __missing__(self, place: Place) -> tuple[int, int]:
        return (1 << 16, 0)


@cache
def _board_order(layers: tuple[str, ...]) -> _Order:
    """(territory, sector) -> the territory's index on the board of the data's layers and the
    sector's among the territory's (0 alone for the Polar Sink)."""
    return _Order({(t.name, sector): (index, rank)
                   for index, t in enumerate(layered_data(layers).board.territories)
                   for rank, sector in enumerate(t.sectors or (0,))})


class Landing(NamedTuple):
    """Where a group lands: the sector (None where it cannot land at all), and why the moderator
    chose it when the order named none (``ONLY``, ``CALM``, ``SPICE``, ``OWN``), else None."""

    sector: int | None
    chosen: str | None = None


ONLY, CALM, SPICE, OWN = "only", "calm", "spice", "own"
CHOSEN = {ONLY: "the only one open to it",            # why, in the answer to the order
          CALM: "the only one open to it out of the storm",
          SPICE: "where the spice is",
          OWN: "where your forces are"}


def choose_sector(state: State, destination: str, sector: int | None, legal,
                  faction: str | None = None) -> Landing:
    """The sector a shipment or move lands in.  000 IX.C.2.d (line 345): a player "must make
    clear in which sector" of a territory lying in several; ruling: by mail the order makes it
    clear without SECTOR when only one sector of it is open to the group (the others under the
    storm or out of reach: ``ONLY``), when one only is out of the storm (a Fremen arrival, which
    may land under it at a loss: ``CALM``), when the spice lies in one of those open
    (``SPICE``, what a group goes there for), or when the ``faction``'s own forces stand in one
    of them alone (``OWN``: forces sent to join their own; issue 33, item 4).  Otherwise the
    sector must be named, among those open (``sector-needed``).  ``legal``: the sectors of
    ``destination`` open to it."""
    sectors = layer.board(state)[destination].sectors
    if sector is not None:
        if sector not in (sectors or (0,)):
            raise OrderProblem(ErrorCode.WRONG_SECTOR, f"{destination} lies in sectors "
                               f"{_listed(sectors)}, not {sector}",
                               tuple(where(state, destination, s) for s in sectors))
        return Landing(sector)
    if len(sectors) <= 1:
        return Landing(only_sector(state, destination))
    open_ = [s for s in sectors if s in legal]
    calm = [s for s in open_ if not in_storm(state, destination, s)] or open_
    if len(calm) == 1:
        return Landing(calm[0], ONLY if len(open_) == 1 else CALM)
    spice = spice_sector(state, destination)
    if spice in calm:
        return Landing(spice, SPICE)
    own = [s for s in calm if faction is not None
           and any(state["forces"].get(destination, {}).get(str(s), {}).get(faction, ()))]
    if len(own) == 1:
        return Landing(own[0], OWN)
    if not calm:
        return Landing(None)
    open_to = "" if len(calm) == len(sectors) else f", of which {_listed(calm)} are open to you"
    raise OrderProblem(ErrorCode.SECTOR_NEEDED, f"{destination} spans sectors {_listed(sectors)}"
                       f"{open_to}: name the sector ({cite(state, '000 IX.C.2.d')})",
                       tuple(where(state, destination, s) for s in calm))


def spice_sector(state: State, territory: str) -> int | None:
    """The sector of the spice lying in the territory (its spice blow site), or None."""
    blow = data(state).board[territory].spice_blow
    return blow.sector if blow is not None and state["spice"].get(territory) else None


def _places(state: State, by_territory: dict[str, tuple[int, ...]]) -> tuple[str, ...]:
    return tuple(where(state, t, s) for t, sectors in by_territory.items() for s in sectors)


def _listed(numbers) -> str:
    return ", ".join(map(str, numbers))


