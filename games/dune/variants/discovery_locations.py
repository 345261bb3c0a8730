"""The five discovery locations (001 4.06.06.03-07, 4.06.07.02-03, 4.06.08.02; the gf9 option
``discovery_tokens``): the tokens that are "a Territory within the Territory, and remain in place
when revealed".

- Revealed (4.06.06.03, ``_revealed``: as the collection phase begins, once
  ``discovery_tokens`` has turned it face up): the location becomes a place of the board layer
  (``board/layer.py``, ``data/discovery/board.yaml``) pointing at its token's territory and
  sector, as the Hidden Mobile Stronghold does: it touches that sector alone, so forces enter
  the territory first and the location with a move after ("first Move into Meridian, and then
  Move into the Jacurutu Sietch"), and orders name it as any territory.  Its token stays face
  up on the board beside it (``tokens``).
- Just revealed it is not occupied (4.06.06.04): the forces of the faction that revealed it stay
  in the territory around it; nobody is inside.
- At the start of the next turn, before the Storm Phase (4.06.06.05, ``phase_begins`` of the
  storm phase of the turn after the reveal), each faction with non-advisor forces in the
  territory around a location revealed last turn, in storm order, moves into it those its
  standing word says: ``LOCATION ENTER ALL``, ``LOCATION ENTER <number>`` (that many, its kinds
  in its sheet's order) or ``LOCATION ENTER NONE`` (the default: the rule's "may"), a word
  riding on any round the faction is asked something in (no round of its own).
- Shipping into a location costs the strongholds' rate (4.06.06.06, ``stronghold_rate``).
- Forces in a location are safe from the storm and the sandworms (4.06.06.07): a place has no
  sector for the storm to cover and is sheltered (``board.yaml``), and a worm devours the
  territory of its spice card, never a place within it.
- Jacurutu Sietch (4.06.07.02): a stronghold (``board.yaml``: it counts for victory, holds two
  factions at most and ships at that rate); the winner of a battle there gains 1 spice for each
  undialed force of the loser sent to the tanks (``battle_over``: the loser's forces lost less
  those its dial is worth, counted as the winner's losses would be, 1.07.07.06).
- Cistern (4.06.07.03): each faction occupying it in Spice Collection gains 2 spice from the bank
  (``collected``).
- Orgiz Processing Station (4.06.08.02): its occupant in Spice Collection takes 1 spice out of
  each spice blow another faction collects (``collected``: from the collector).

Rulings (docs/rules-coverage.md, "001 GF9 variants: discovery tokens"): "occupy" is the
glossary's (forces there, coexisting advisors apart: ``state.occupants``); several occupants of
the Cistern each gain 2, of Orgiz each take 1 from each other faction's collection; a
collector with no spice left gives nothing; the four locations but Jacurutu are of the rock type
(``board.yaml``); the move in before the storm keeps the occupancy limit of a stronghold
(Jacurutu: no faction enters where two others are).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pbem.game import Event, Prompt

from .. import tokens
from ..board import layer
from ..cards import cache_words
from ..codes import ErrorCode, EventCode
from ..forces import Counts, add_forces, remove_forces, total
from ..orders.language import OrderProblem, order_kind
from ..state import State, data, forces_at, occupants, sheet, storm_order
from .base import Variant

JACURUTU, CISTERN, ORGIZ = "Jacurutu Sietch", "Cistern", "Orgiz Processing Station"
CISTERN_SPICE = 2           # 001 4.06.07.03: "gain 2 spice from the Spice Bank"
ORGIZ_SPICE = 1             # 001 4.06.08.02: "steal 1 spice of each spice blow collected"
KIND = "location"           # the standing word's decision kind, and its key in a sheet
ALL = "all"
REVEALED = "revealed"       # a location token's record: the turn it was revealed


def names(game: Any) -> frozenset[str]:
    """The locations of the game's data (``data/discovery/board.yaml``): its places nobody
    owns."""
    return frozenset(p.name for p in data(game).board.places if not p.owner)


def placed(game: Any) -> frozenset[str]:
    """The locations on the board now (revealed)."""
    found = game.get("places")
    return frozenset(found).intersection(names(game)) if found else frozenset()


def _revealed(state: State) -> list[Event]:
    """4.06.06.03: each location just revealed (its token face up on the board, not yet a
    place) becomes a place of the board where its token lies."""
    events = []
    for record in tokens.of(state):
        if record["at"] != tokens.BOARD or record["face"] != tokens.UP:
            continue
        name = tokens.kind_of(state, record["kind"]).token(record["value"]).name
        if name not in names(state) or layer.where(state, name) is not None:
            continue
        layer.put(state, name, record["territory"], record["sector"])
        record[REVEALED] = state["turn"]
        events.append(Event(EventCode.DISCOVERY_LOCATION, {
            "name": name, "territory": record["territory"], "sector": record["sector"]}))
    return events


class DiscoveryLocations(Variant):
    """001 4.06.06.03-07, 4.06.07.02-03, 4.06.08.02, as the module docstring says."""

    option = "discovery_tokens"

    def stronghold_rate(self, game: State | dict[str, Any], seat: str, territory: str) -> bool:
        """4.06.06.06: "The cost to Ship into a revealed Discovery token is the same for
        shipping into Strongholds"."""
        return territory in placed(game)

    def phase_begins(self, state: State) -> list[Event]:
        """4.06.06.03: before Spice Collection, after the reveals (``DiscoveryTokens``, before
        it in ``VARIANTS``), the locations revealed put on the board; 4.06.06.05: before the
        Storm Phase, the moves into those revealed last turn."""
        if state["phase"] == "collection":
            return _revealed(state)
        if state["phase"] != "storm":
            return []
        events: list[Event] = []
        for record in tokens.of(state):
            if record.get(REVEALED) == state["turn"] - 1 and record["at"] == tokens.BOARD:
                name = tokens.kind_of(state, record["kind"]).token(record["value"]).name
                for seat in storm_order(state):
                    events += _enter(state, seat, record["territory"], name)
        return events

    def battle_over(self, state: State, territory: str, winner: str | None,
                    plans: dict[str, dict[str, Any]], lost: dict[str, Counts],
                    rng: random.Random, dialed: Callable[[str], int]) -> list[Event]:
        """4.06.07.02: "If you win a battle in this Stronghold, after Battle Resolution gain 1
        spice for each of your opponent's undialed Forces that go to the Tanks"."""
        if territory != JACURUTU or winner is None:
            return []
        loser = next(s for s in plans if s != winner)
        spice = max(total(lost.get(loser, {})) - dialed(loser), 0)
        if not spice:
            return []
        state["factions"][winner]["spice"] += spice
        return [Event(EventCode.DISCOVERY_LOCATION_SPICE, {"faction": winner, "name": JACURUTU,
                                                           "spice": spice})]

    def collected(self, state: State, events: list[Event]) -> list[Event]:
        """4.06.07.03 the Cistern's 2 spice; 4.06.08.02 Orgiz's 1 of each blow collected."""
        found: list[Event] = []
        here = placed(state)
        for seat in occupants(state, CISTERN) if CISTERN in here else ():
            state["factions"][seat]["spice"] += CISTERN_SPICE
            found.append(Event(EventCode.DISCOVERY_LOCATION_SPICE, {
                "faction": seat, "name": CISTERN, "spice": CISTERN_SPICE}))
        for seat in occupants(state, ORGIZ) if ORGIZ in here else ():
            for event in events:
                collector = event.data.get("faction")
                if event.code != EventCode.SPICE_COLLECTED or collector == seat:
                    continue
                taken = min(ORGIZ_SPICE, state["factions"][collector]["spice"])
                if taken:
                    state["factions"][collector]["spice"] -= taken
                    state["factions"][seat]["spice"] += taken
                    found.append(Event(EventCode.DISCOVERY_ORGIZ, {
                        "faction": seat, "from": collector, "spice": taken,
                        "territory": event.data["territory"]}))
        return found

    def violations(self, state: State) -> list[str]:
        """A location on the board exactly while its token lies face up where it points."""
        up = {tokens.kind_of(state, t["kind"]).token(t["value"]).name: t
              for t in tokens.of(state) if t["at"] == tokens.BOARD and t["face"] == tokens.UP
              and t["kind"] in ("hiereg", "smuggler")}
        problems = []
        for name in names(state):
            at = layer.where(state, name)
            token = up.get(name)
            if (at is None) != (token is None) or (
                    at is not None and token is not None
                    and list(at) != [token["territory"], token["sector"]]):
                problems.append(f"discovery location {name}: on the board at {at}, its token "
                                f"{'face up at ' + token['territory'] if token else 'not face up'}"
                                " (001 4.06.06.03)")
        return problems


def _enter(state: State, seat: str, territory: str, name: str) -> list[Event]:
    """``seat``'s forces in ``territory``, advisors apart, into the location its word lets in
    (4.06.06.05)."""
    word = state["factions"][seat].get(KIND)
    if not word or seat not in occupants(state, territory):
        return []
    inside = [s for s in occupants(state, name) if s != seat]
    if layer.board(state)[name].is_stronghold and len(inside) >= 2:     # 001 1.06.05.10
        return []
    left = None if word == ALL else int(word)
    moved: Counts = {}
    kinds = [k for k, _ in sheet(seat, state).kinds] if left is not None else None
    for sector, by_faction in sorted(forces_at(state, territory).items()):
        counts = dict(by_faction.get(seat, {}))
        for kind in (kinds or list(counts)):
            number = counts.get(kind, 0) if left is None else min(counts.get(kind, 0), left)
            if not number:
                continue
            remove_forces(state, seat, territory, int(sector), {kind: number})
            add_forces(state, seat, name, 0, {kind: number})
            moved[kind] = moved.get(kind, 0) + number
            if left is not None:
                left -= number
    if not moved:
        return []
    return [Event(EventCode.DISCOVERY_ENTERED, {"faction": seat, "name": name,
                                                "territory": territory, "forces": moved})]


# --- the standing word
def _read(state: State, prompt: Prompt, words: list[str]) -> str | None:
    said = [w.upper() for w in words]
    valid = ("LOCATION ENTER ALL", "LOCATION ENTER 3", "LOCATION ENTER NONE")
    if said[:1] != ["ENTER"] or len(said) != 2 or not (
            said[1] in ("ALL", "NONE") or (said[1].isdigit() and int(said[1]) > 0)):
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected LOCATION ENTER ALL, NONE or a "
                           "number of forces (001 4.06.06.05)", valid)
    return None if said[1] == "NONE" else ALL if said[1] == "ALL" else said[1]


def _text(game: Any, value: str | None) -> str:
    return f"LOCATION ENTER {(value or 'none').upper()}"


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> Any:
    """Now and then a word (bots)."""
    return rng.choice([prompt.default, None, ALL, "2"])


STANDING = cache_words.everyones(
    KIND, "discovery_tokens",
    ("LOCATION ENTER ALL, a number, or NONE (the default): at the start of the turn after a "
     "discovery location is revealed, before the storm, your forces in the territory around it "
     "(advisors apart) move into it, all of them or as many as you say (001 4.06.06.05)."),
    _text, "your forces entering a discovery location", "LOCATION", _read, _random)
order_kind(STANDING.order)
