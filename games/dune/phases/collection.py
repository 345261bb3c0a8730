"""The collection round (000 V.F, XI; the spice promised under WBC house rule 5 changes hands at
its end, ``transfers``; XIX increased spice flow, which XXIII makes part of the
advanced game; WBC clarifications XI and XIX, 000 lines 1275-1278 and 1363-1366).

The round needs no decision.  Every faction with forces in a territory holding spice collects
it: two spice per force, three per force if the faction occupies Carthag or Arrakeen (000 XI.A,
line 427, "if the player occupies Carthag or Arrakeen": the rate is the faction's, wherever it
collects), up to the spice there; what is left stays for later turns (XI.B, line 429).  With
increased spice flow each occupant of Carthag and Arrakeen then takes 2 spice from the bank and
the occupant of Tuek's Sietch 1, for each of them it occupies (000 XIX, line 546).

Rulings:

- Starred forces (Sardaukar, Fedaykin) collect as one force each: XI.A pays "per token", and
  the seed counts them double only "in battle and in taking losses" (000 lines 806, 1000).  A
  kind of force may collect more than the rate (``ForceKind.collection``: 001 2.07.14, the
  Ixians' Cyborgs, "3 spice instead of 2"); none of the six factions' does.
- The storm matters.  XI.A gives the spice to "tokens in a sector of a territory in which there
  is spice", and "Sectors function to regulate ... the placement and collection of spice" (000
  XXV.C.2, line 678).  So forces collect their territory's spice unless the storm separates
  their sector from the spice's, as WBC defines "separated by storm" (000 line 1118: the storm
  is between them or covers one of them).  Forces in the spice's own sector are never
  separated from it (WBC: forces under the storm meet those "in the same space and sector",
  000 line 1244).  The same reading serves the classic rules and WBC.
- Several factions in one spice territory: allies may not share a territory (000 XII.E.5,
  line 467) and enemies not separated by the storm battle there first (000 V.E, line 249), so
  after the battle round one faction at most can reach the spice; those the storm keeps away
  from it collect nothing.  Should two factions ever both reach it, they collect in storm
  order (000 IX.A, line 311), each up to what is left; unless a power splits it between
  allies sharing the territory (``Faction.collection_split``: 001 2.11.18, Ecaz's OCCUPY).
- A face-down token standing for forces collects as one force of its owner (001 2.10.12 MOVE
  AS ONE: a No-Field "is treated as one Force for purposes of ... spice collection"); alone it
  does not occupy the territory (``occupants``), so it gives no rate of 3 in Arrakeen or
  Carthag.
- Smugglers, coexisting, collect where nobody occupies the territory (001 2.13.06: "from
  uncontested Spice Blows"; ``Faction.collects_coexisting``).
- Coexisting Bene Gesserit collect nothing, not even increased spice flow (000 XV.B.4, line
  506; WBC XI, line 1278; WBC XIX, line 1366): ``state.occupants`` leaves them out.
"""

from __future__ import annotations

import random

from pbem.game import Event

from .. import bonus_cards, factions, tokens, transfers, variants
from ..cards import carryall
from ..codes import EventCode
from ..forces import Counts, add, plain, total
from ..rules import rules_of
from ..state import State, data, forces_at, occupants, storm_order

BASE_RATE = 2   # 000 XI.A: "two spice per token if the player does not occupy Carthag or Arrakeen"


# --- the phase
def begin(state: State, rng: random.Random) -> list[Event]:
    """Collect the spice of every territory holding some, then the increased spice flow."""
    events: list[Event] = []
    for territory in list(state["spice"]):
        events.extend(collect(state, territory))
    if rules_of(state).increased_spice_flow:
        events.extend(spice_flow(state))
    events += bonus_cards.collection_bonus(state)       # 003 "Collections Bonuses"
    events += variants.collected(state, events)         # 001 4.10.12: homeworlds' cards
    events += [e for faction in factions.in_play(state, "after_collection")
               for e in faction.after_collection(state)]
    return events + transfers.settle(state)


# --- who collects
def collection_rate(state: State, faction: str) -> int:
    """Spice per force the faction collects: 3 if it occupies Carthag or Arrakeen, else 2
    (000 XI.A, line 427; the board data's ``collection_rate``); under v3 3 with a Harvester
    bonus card (003 "Round 7: Collections"); doubled by a Carryall played (001 3.08.02)."""
    rates = [territory.collection_rate for territory in data(state).board.territories
             if territory.collection_rate and faction in occupants(state, territory.name)]
    rates += [rate] if (rate := bonus_cards.collection_rate(state, faction)) else []
    return carryall.rate(state, faction, max(rates, default=BASE_RATE))


def separated_by_storm(state: State, territory: str, sector: int, other: int) -> bool:
    """Whether the storm separates two sectors of a territory: it covers one of them or lies
    between them (WBC VI, 000 line 1118); a sector is never separated from itself."""
    storm = state["storm"]["sector"]
    if sector == other or storm is None:
        return False
    sectors = data(state).board[territory].sectors
    low, high = sorted((sectors.index(sector), sectors.index(other)))
    return storm in sectors[low:high + 1]


def collectors(state: State, territory: str) -> dict[str, Counts]:
    """Faction -> its forces that reach the territory's spice, in storm order."""
    blow = data(state).board[territory].spice_blow
    assert blow is not None, territory
    present = occupants(state, territory)
    present += [f.seat for f in factions.in_play(state, "collects_coexisting")
                if f.collects_coexisting(state, territory, present)]    # 001 2.13.06
    forces: dict[str, Counts] = {}
    for sector, by_faction in forces_at(state, territory).items():
        if separated_by_storm(state, territory, int(sector), blow.sector):
            continue
        for faction, counts in by_faction.items():
            if faction in present:
                add(forces.setdefault(faction, {}), counts)
    for token in tokens.occupying(state, territory):    # 001 2.10.12: one force each
        if not separated_by_storm(state, territory, token["sector"], blow.sector):
            add(forces.setdefault(token["owner"], {}), {plain(state, token["owner"]): 1})
    return {faction: forces[faction] for faction in storm_order(state) if faction in forces}


# --- collecting
def collect(state: State, territory: str) -> list[Event]:
    """The forces in one territory collect its spice, up to what lies there; the rest stays
    (000 XI.A-B).  One public event per faction that collects."""
    events = []
    found = collectors(state, territory)
    kinds = data(state).force_kind
    could = {faction: sum(count * kinds(name).collects(collection_rate(state, faction))
                          for name, count in forces.items()) for faction, forces in found.items()}
    shares = next((split for power in factions.in_play(state, "collection_split")
                   if (split := power.collection_split(state, could, state["spice"][territory]))
                   is not None), None)                                  # 001 2.11.18
    for faction, forces in found.items():
        amount = (shares[faction] if shares is not None
                  else min(could[faction], state["spice"][territory]))
        if not amount:
            if shares is None:
                break
            continue
        state["spice"][territory] -= amount
        state["factions"][faction]["spice"] += amount
        events.append(Event(EventCode.SPICE_COLLECTED, {
            "faction": faction, "territory": territory, "forces": total(forces),
            "amount": amount,
            "left": state["spice"][territory]}))
    if not state["spice"][territory]:
        del state["spice"][territory]
    return events


def spice_flow(state: State) -> list[Event]:
    """Increased spice flow from the bank: 2 to each occupant of Carthag and of Arrakeen, 1 to
    the occupant of Tuek's Sietch, "for each that he occupies" (000 XIX, line 546; the board
    data's ``spice_flow``)."""
    events = []
    for territory in data(state).board.territories:
        if not territory.spice_flow:
            continue
        for faction in occupants(state, territory.name):
            state["factions"][faction]["spice"] += territory.spice_flow
            events.append(Event(EventCode.SPICE_FLOW, {"faction": faction,
                                                       "territory": territory.name,
                                               "amount": territory.spice_flow}))
    return events
