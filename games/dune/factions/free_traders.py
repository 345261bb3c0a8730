"""The Free Traders, the Landsraad's homebrew faction for Dune 2019: their powers (001 2.13).

Their tokens have two sides (2.13.03): the striped Smugglers and the plain fighters, normal
forces.  All their tokens in one territory show one side (2.13.08: "must match the type already
present"): the territories of their Smugglers are their sheet's ``coexisting``, so that, as the
Bene Gesserit's advisors, Smugglers are no occupants (``state.occupants``): they fight no
battle, never make a stronghold's second faction, fly no ornithopters (``coexisting_fly``),
while the storm, worms, explosions and atomics take them as any force (2.13.06).

- Starting forces (2.13.03): five placed at the end of the first Spice Blow and Nexus phase in
  any territory but a stronghold, not under the storm.  By mail they name it with the first
  round of bids (``PLACEMENT``): the CHOAM Charity between reads no forces.
- SMUGGLERS (2.13.06): ``SHIP <n> TO <territory> COEXIST`` ships Smugglers, one spice a force,
  never where their fighters stand (``smuggled_cost``).  Forces arriving join the side already
  there; into a territory where they had none, shipped or moved Smugglers stay Smugglers
  (``arrived``).
- INFILTRATION (2.13.07): at the end of each Spice Blow and Nexus phase their Smugglers flip to
  fighters wherever their ally has no forces (``phase_ends``).
- SECRET HARVESTERS (2.13.11): their kind of force collects three spice a force
  (``data/freetraders``, ``collection``).
- FREE REVIVAL 2 (2.13.04) and five spice (2.13.02): their sheet.
- BLACK MARKET AUCTION (2.13.05, their ally's purchase by 2.13.12): every seat's standing
  answers, the auction held as the bidding round opens (``free_traders_market``).
- SMUGGLERS WAY IN (2.13.08): their optional decision of the revival round; SMUGGLERS WAY OUT
  (2.13.09), SECRET TUNNELS (2.13.10, their ally's by 2.13.13) and their Karama power (1.14.14,
  advanced: their Smugglers in one territory flipped to fighters as the battle round opens):
  standing answers (``free_traders_ways``).
- SCRAP HEAP (2.13.14, advanced): the losers' weapons and defenses in front of their shield, a
  swap by their standing answer after the battle round (``free_traders_scrap``).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import Ability, TerritoryType
from ..forces import add_forces, count_in, plain, total
from ..orders.language import OrderKind, OrderProblem, order_kind, read_territory, where
from ..prompt_key import PromptKey
from ..state import State, ally_of, data, factions_in, only_sector
from . import free_traders_market as market
from . import free_traders_scrap as scrap
from . import free_traders_ways as ways
from .base import Faction, has

FREE_TRADERS = "free-traders"
PLACEMENT = "trader-placement"      # the key of their decision: the five forces placed
BIDDING = "bidding"
REVIVAL = "revival"
BATTLE = "battle"
SPICE_BLOW = "spice_blow"
PLACEABLE = (TerritoryType.SAND, TerritoryType.ROCK, TerritoryType.POLAR_SINK)


class FreeTraders(Faction):
    """The Free Traders' hooks."""

    seat = FREE_TRADERS
    decision_kinds = frozenset({PLACEMENT, ways.WAY_IN})
    ships_coexisting = True         # 2.13.06: ``SHIP ... COEXIST`` ships Smugglers
    coexisting_mark = "smug"        # 2.13.06: their Smugglers' chips on the map

    # --- set-up (2.13.03)

    def start_placement(self) -> str:
        """2.13.03: their five forces wait in reserve until the first Spice Blow and Nexus
        phase has ended."""
        return "spice_blow"

    def own_sheet(self) -> dict[str, Any]:
        """The territories where their tokens show the Smugglers' side (2.13.03, 2.13.06)."""
        return {"coexisting": []}

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """Their five starting forces, named with the first round of bids (2.13.03)."""
        if phase == BIDDING and state["factions"][self.seat]["to_place"]:
            return [placement_prompt(state, self.seat)]
        if phase == REVIVAL and self._way_in(state):
            return [ways.way_in_prompt(state, self.seat)]
        return []

    def decision_keys(self, state: State, phase: str) -> list[str]:
        if phase == BIDDING and state["factions"][self.seat]["to_place"]:
            return [str(PromptKey(PLACEMENT, self.seat))]
        if phase == REVIVAL and self._way_in(state):
            return [str(PromptKey(ways.WAY_IN, self.seat))]
        return []

    def _way_in(self, state: State) -> bool:
        """SMUGGLERS WAY IN is asked with their revival: forces of theirs in the tanks."""
        return (has(state, self.seat, Ability.WAY_IN)
                and bool(sum(state["factions"][self.seat]["tanks"].values())))

    def decide(self, state: State, phase: str, key: PromptKey, value: Any, rng: random.Random
               ) -> list[Event]:
        """001 2.13.03: the five forces land where they named; 2.13.08: where the forces
        revived this round go, once revived."""
        if key.kind == ways.WAY_IN:
            return ways.way_in_chosen(state, self.seat, value)
        own = state["factions"][self.seat]
        territory, sector = value
        counts = {plain(state, self.seat): own["to_place"]}
        add_forces(state, self.seat, territory, sector, counts)
        own["to_place"] = 0
        return [Event(EventCode.FORCES_PLACED, {"faction": self.seat,
                                                "placements": [[territory, sector, counts]]})]

    # --- standing answers: Smugglers Way Out (2.13.09), Secret Tunnels (2.13.10, 2.13.13)

    def standing_prompts(self, state: State, asked: list[Prompt]) -> list[Prompt]:
        """WAY OUT on their own mails, TUNNELS on theirs and their ally's, in the revival,
        movement and battle rounds (``free_traders_ways``)."""
        seats = {p.seat for p in asked}
        return [PROMPTS[kind](state, seat) for kind, seat in self._standing(state, seats)]

    def standing_keys(self, state: State, asked: list[str]) -> list[str]:
        seats = {PromptKey.parse(k).seat for k in asked}
        return [str(PromptKey(kind, seat)) for kind, seat in self._standing(state, seats)]

    def standing_decision(self, state: State, key: str, value: Any) -> list[Event]:
        """The answer kept in the deciding seat's own sheet (its alone: no event)."""
        parsed = PromptKey.parse(key)
        if parsed.kind == market.AUCTION:
            return market.offered(state, parsed.seat, value)
        if parsed.kind == market.MARKET:
            return market.bid(state, parsed.seat, value)
        if parsed.kind == scrap.SCRAP:
            return scrap.chosen(state, parsed.seat, value)
        if parsed.kind == ways.EXPOSE:
            if value:
                state["factions"][parsed.seat]["expose"] = value
            else:
                state["factions"][parsed.seat].pop("expose", None)
            return []
        field = "way_out" if parsed.kind == ways.WAY_OUT else "tunnels"
        if value:
            state["factions"][parsed.seat][field] = value
        else:
            state["factions"][parsed.seat].pop(field, None)
        return []

    def _standing(self, state: State, seats: set[str]) -> list[tuple[str, str]]:
        """(kind, seat) of the standing answers riding on these seats' mails: the Black
        Market's of every seat outside the bidding round (2.13.05), Way Out and Tunnels in the
        revival, movement and battle rounds."""
        found = [] if state["phase"] in market.NOT_IN else [
            (kind, seat) for seat in state["seats"] if seat in seats
            for kind in (market.AUCTION, market.MARKET)
            if kind == market.MARKET or state["factions"][seat]["hand"]]
        if (self.seat in seats and state["phase"] in ways.EXPOSING
                and has(state, self.seat, Ability.EXPOSE_SMUGGLERS)
                and ways.smuggling(state, self.seat)):
            found.append((ways.EXPOSE, self.seat))      # 1.14.14: their Karama power
        if state["phase"] not in ways.PHASES:
            return found
        found += [(ways.WAY_OUT, self.seat)] if self.seat in seats else []
        found += ([(scrap.SCRAP, self.seat)] if self.seat in seats
                  and has(state, self.seat, Ability.SCRAP_HEAP) else [])
        return found + [(ways.TUNNELS, seat) for seat in ways.tunnellers(state, self.seat)
                        if seat in seats]

    def revival_over(self, state: State) -> list[Event]:
        """001 2.13.08 SMUGGLERS WAY IN."""
        return ways.way_in(state, self.seat)

    def before_battles(self, state: State) -> list[Event]:
        """001 1.14.14: their Karama power, answered ahead, as the battle round opens."""
        return ways.expose(state, self.seat)

    def after_losses(self, state: State, territory: str, sectors: list[int],
                     taken: dict[str, dict[str, int]]) -> list[Event]:
        """The forces the battle sent to the tanks, for SECRET TUNNELS (2.13.10)."""
        ways.battle_lost(state, taken)
        return []

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """001 2.13.10 SECRET TUNNELS, theirs and their ally's (2.13.13); 2.13.14 SCRAP HEAP
        (advanced): the loser's weapons and defenses set in front of their shield."""
        events = (scrap.heaped(state, self.seat, loser, plans)
                  if winner == self.seat and loser is not None
                  and has(state, self.seat, Ability.SCRAP_HEAP) else [])
        if winner is None or winner not in ways.tunnellers(state, self.seat):
            state["step"].pop(ways.LOST, None)
            return events
        return events + ways.tunnel(state, winner, territory)

    # --- Smugglers (2.13.06) and Infiltration (2.13.07)

    def coexisting(self, state: State) -> list[str]:
        """The territories of their Smugglers (2.13.06), where they have forces."""
        return [t for t in state["factions"][self.seat].get("coexisting", [])
                if self.seat in factions_in(state, t)]

    def coexisting_in_view(self, view: dict[str, Any]) -> list[str]:
        """Their Smugglers' territories, public as the sides their tokens show."""
        return list(view["factions"][self.seat].get("smugglers", []))

    def in_front(self, state: State) -> dict[str, Any]:
        """The territories of their Smugglers: every seat sees the side a token shows."""
        return {"smugglers": self.coexisting(state), "scrap_heap": scrap.in_front(state, self.seat)}

    def declares_with_moves(self) -> bool:
        """``COEXIST`` after a shipment ships Smugglers (2.13.06)."""
        return True

    def smuggled_cost(self, state: State, territory: str, count: int) -> int | None:
        """001 2.13.06 SMUGGLERS: one spice a force, anywhere but the Ixians' HMS (which only
        its owner enters, ``board.reach``); never onto their own fighters, since all their
        tokens in a territory show one side (2.13.08)."""
        if not has(state, self.seat, Ability.SMUGGLERS):
            return None
        if self.seat in factions_in(state, territory) and territory not in self.coexisting(state):
            raise OrderProblem(ErrorCode.BAD_SHIPMENT, f"your fighters are in {territory}: "
                               "Smugglers join only Smugglers (001 2.13.08)",
                               (f"SHIP {count} TO {territory}",))
        return count

    def arrived(self, state: State, mover: str, territory: str, wish: bool | None, count: int,
                source: str | None) -> list[Event]:
        """Their forces arriving join the side already there; where they had none, shipped
        Smugglers (``COEXIST``) and moved Smugglers stay Smugglers, others are fighters
        (2.13.03, 2.13.06).  A territory they leave keeps no side."""
        if mover != self.seat:          # 2.13.09 SMUGGLERS WAY OUT
            return ways.way_out(state, self.seat, mover, territory, self.coexisting(state))
        own = state["factions"][self.seat]
        sides = own.setdefault("coexisting", [])
        had = total(count_in(state, self.seat, territory)) > count
        if not had:
            smugglers = (bool(wish) if source is None else source in sides)
            if territory in sides and not smugglers:
                sides.remove(territory)
            elif smugglers and territory not in sides:
                sides.append(territory)
        if source is not None and source in sides and self.seat not in factions_in(state, source):
            sides.remove(source)
        return []

    def collects_coexisting(self, state: State, territory: str, present: list[str]) -> bool:
        """001 2.13.06: Smugglers "can ... collect spice from uncontested Spice Blows": where
        nobody occupies the territory."""
        return (not present and has(state, self.seat, Ability.SMUGGLERS)
                and territory in self.coexisting(state))

    def phase_ends(self, state: State) -> list[Event]:
        """001 2.13.07 INFILTRATION: at the end of the Spice Blow and Nexus phase their
        Smugglers flip to fighters wherever their ally has no forces; 2.13.05: the Black
        Market Auction as the bidding round opens, before its Declaration."""
        if state["phase"] == market.BEFORE and has(state, self.seat, Ability.BLACK_MARKET_AUCTION):
            return market.held(state, self.seat)
        if state["phase"] == BATTLE:
            return scrap.swapped(state, self.seat)      # 2.13.14: after the Battle Phase
        if state["phase"] != SPICE_BLOW or not has(state, self.seat, Ability.INFILTRATION):
            return []
        allies = ally_of(state, self.seat)
        flipped = [t for t in self.coexisting(state)
                   if not any(a in factions_in(state, t) for a in allies)]
        if not flipped:
            state["factions"][self.seat]["coexisting"] = self.coexisting(state)
            return []
        state["factions"][self.seat]["coexisting"] = [
            t for t in self.coexisting(state) if t not in flipped]
        return [Event(EventCode.SMUGGLERS_FLIPPED, {"faction": self.seat,
                                                    "territories": flipped})]


# --- the placement of 2.13.03
def placements(game: Any) -> dict[str, list[int]]:
    """Where their five forces may go: a sector not under the storm of any territory but a
    stronghold (001 2.13.03), in board order."""
    storm = game["storm"]
    storm = storm["sector"] if isinstance(storm, dict) else storm   # a state's or a view's
    found: dict[str, list[int]] = {}
    for territory in data(game).board.territories:
        if territory.type not in PLACEABLE:
            continue
        sectors = [s for s in territory.sectors if s != storm] if territory.sectors else [0]
        if sectors:
            found[territory.name] = sectors
    return found


def placement_prompt(state: State, seat: str) -> Prompt:
    count = state["factions"][seat]["to_place"]
    first, sectors = next(iter(placements(state).items()))
    default = [first, sectors[0] or only_sector(state, first)]
    said = f"PLACE {where(state, *default)}"
    return Prompt(str(PromptKey(PLACEMENT, seat)), seat, PLACEMENT, False,
                  f"PLACE <territory> [SECTOR <n>]: your {count} starting forces, in any "
                  "territory but a stronghold, not under the storm (001 2.13.03)",
                  default, said, said)


def _read_placement(state: State, prompt: Prompt, words: list[str]) -> list:
    territory, sector = read_territory(state, words)
    open_ = placements(state)
    if territory.type not in PLACEABLE:
        raise OrderProblem(ErrorCode.STRONGHOLD_PLACEMENT, f"{territory.name} is a stronghold: "
                           "place in any other territory (001 2.13.03)", (prompt.template,))
    if sector is None:
        if len(territory.sectors) > 1:
            raise OrderProblem(ErrorCode.SECTOR_NEEDED, f"{territory.name} spans sectors "
                               f"{', '.join(map(str, territory.sectors))}: add SECTOR <n>",
                               tuple(f"PLACE {territory.name} SECTOR {s}"
                                     for s in open_.get(territory.name, ())))
        sector = only_sector(state, territory.name)
    if territory.sectors and sector not in open_.get(territory.name, ()):
        raise OrderProblem(ErrorCode.DESTINATION_IN_STORM, f"sector {sector} of "
                           f"{territory.name} is under the storm (001 2.13.03)",
                           (prompt.template,))
    return [territory.name, sector]


def _random_placement(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list:
    name, sectors = rng.choice(list(placements(view).items()))
    sector = rng.choice(sectors)
    return [name, sector or only_sector(view, name)]


order_kind(OrderKind(PLACEMENT, ("PLACE",), _read_placement,
                     lambda game, v: f"PLACE {where(game, v[0], v[1])}",
                     random=_random_placement))


PROMPTS = {market.AUCTION: market.auction_prompt, market.MARKET: market.market_prompt,
           ways.WAY_OUT: ways.way_out_prompt, ways.TUNNELS: ways.tunnels_prompt,
           scrap.SCRAP: scrap.prompt, ways.EXPOSE: ways.expose_prompt}
