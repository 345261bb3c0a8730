"""A random legal turn in the movement round for a bot, from its own seat's view and its
prompt's options only (``movement.bot_options``: the shipments open to it, their costs, and
where each group, and each group a shipment lands, may move)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .. import factions, tokens
from ..board import homeworlds
from ..forces import Counts, add, kind, kinds, plain


def own_groups(view: dict[str, Any]) -> dict[tuple[str, int], Counts]:
    """(territory, sector) -> its forces: the seat's groups on the board (Q&A XXV.B.1), by
    territory and sector."""
    seat = view["seat"]
    found = {(territory, int(sector)): dict(by_faction[seat])
             for territory, sectors in view["forces"].items()
             for sector, by_faction in sectors.items() if seat in by_faction}
    return dict(sorted(found.items()))


def random_shipment(view: dict[str, Any], options: dict[str, Any], rng: random.Random
                    ) -> dict[str, Any] | None:
    """A shipment the seat can afford, or None (half the time, or when there is none)."""
    kinds = list(options["shipments"])
    first = plain(view, view["seat"])
    reserve = view["own"]["reserve"].get(first, 0)
    if not kinds or not reserve or rng.random() < 0.5:
        return None
    places = options["shipments"][rng.choice(kinds)]
    if not places:
        return None
    territory = rng.choice(sorted(places))
    sector = rng.choice(places[territory]["sectors"])
    count = rng.randint(1, reserve)
    spice = view["own"]["spice"]
    while count and places[territory]["costs"][count - 1] > spice:
        count -= 1
    if not count:
        return None
    shipment = {"kind": "reserve", "from": None, "from_sector": None, "to": territory,
                "sector": sector, "forces": {first: count}, "karama": False, "coexist": None}
    immune = sorted(name for name, number in view["own"]["reserve"].items()
                    if number and kind(name).immune)
    if immune and rng.random() < 0.5:   # 001 2.11.06 B: an Ambassador along, or for a force
        costs = places[territory]["costs"]
        if not (count < len(costs) and costs[count] <= spice):
            shipment["forces"] = {first: count - 1} if count > 1 else {}
        shipment["forces"][rng.choice(immune)] = 1
    if smuggles(view, territory) and rng.random() < 0.5:
        shipment["coexist"] = True      # 001 2.13.06: Smugglers, one spice a force
    carried = shippable_tokens(view)
    if (carried and not shipment["coexist"] and places is options["shipments"].get("reserve")
            and rng.random() < 0.4):
        return with_token(view, options, shipment, rng.choice(carried)) or shipment
    return shipment


def left_after(view: dict[str, Any], options: dict[str, Any], shipment: dict[str, Any]
               ) -> dict[str, Any]:
    """The view a second shipment is chosen from (the Spacing Guild Nexus card's Cunning, 001
    4.03.07.07: "an extra Force Shipment action subject to your shipment rules", after the
    first): the forces and the token ``shipment`` took from the reserve gone, and the most it
    may have cost gone from the spice."""
    own, to = view["own"], shipment["to"]
    shipped = {} if shipment["kind"] == "cross" else shipment["forces"]
    count = max(1, sum(shipment["forces"].values()) + (shipment.get("token") is not None))
    landings = ([options["cross_from"]["landings"]] if shipment["kind"] == "cross" else
                [places for places in options["shipments"].values() if to in places])
    cost = max(costs[min(count, len(costs)) - 1]
               for costs in (places[to]["costs"] for places in landings))
    after = _shipped_from_reserves(view, shipment) if shipped else view
    return {**after, "own": {
        **own, "reserve": {k: n - shipped.get(k, 0) for k, n in own["reserve"].items()},
        "spice": own["spice"] - cost,
        "tokens": [t for t in own.get("tokens", []) if t["value"] != shipment.get("token")]}}


def random_cross(view: dict[str, Any], cross: dict[str, Any] | None, rng: random.Random
                 ) -> dict[str, Any] | None:
    """Now and then (one time in four) the group its own power ships from the board
    (``movement.bot_options``'s ``cross_from``: 001 2.11.17.07 B, Ecaz's Spacing Guild
    Ambassador with the forces beside it), all of it, to a place it can afford; else None."""
    if not cross or rng.random() < 0.75:
        return None
    spice, count = view["own"]["spice"], sum(cross["forces"].values())
    places = [t for t in cross["landings"] if cross["landings"][t]["costs"][count - 1] <= spice]
    if not places:
        return None
    territory = rng.choice(places)
    return {"kind": "cross", "from": cross["from"], "from_sector": cross["from_sector"],
            "to": territory, "sector": rng.choice(cross["landings"][territory]["sectors"]),
            "forces": dict(cross["forces"]), "karama": False, "coexist": None}


def smuggles(view: dict[str, Any], territory: str) -> bool:
    """Whether the seat may ship Smugglers into the territory (001 2.13.06): its faction ships
    them, and its forces there, if any, are Smugglers (2.13.08)."""
    power = factions.power(view["seat"], view)
    if not power.ships_coexisting:
        return False
    here = any(view["seat"] in by_faction
               for by_faction in view["forces"].get(territory, {}).values())
    return not here or territory in power.coexisting_in_view(view)


def shippable_tokens(view: dict[str, Any]) -> list[str]:
    """The values of the seat's face-down tokens behind its shield that a shipment may carry
    (a No-Field in its supply, 001 2.10.11), lowest first; none if one lies on the board
    already and the rules allow but one (2.10.16, text A)."""
    own = [t for t in view["own"].get("tokens", [])
           if tokens.kind_of(view, t["kind"]).occupies]
    if any(t["at"] == tokens.BOARD for t in own) and not view["rules"].get("richese_revised"):
        return []
    return sorted(t["value"] for t in own if t["at"] == tokens.BEHIND)


def with_token(view: dict[str, Any], options: dict[str, Any], shipment: dict[str, Any],
               value: str) -> dict[str, Any] | None:
    """The shipment carrying the token (text B, or Richese's High side with homeworlds) or the
    token instead of its forces (text A), at the price of one force more, if the seat can pay
    it; else None."""
    places = options["shipments"]["reserve"]
    kind = next(t["kind"] for t in view["own"]["tokens"] if t["value"] == value)
    forces = dict(shipment["forces"]) if view["rules"].get("richese_revised") or (
        homeworlds.ships_with(view, view["seat"], kind)) else {}       # 001 4.10.12 "Richese"
    count = sum(forces.values()) + 1
    costs = places[shipment["to"]]["costs"]
    if count > len(costs) or costs[count - 1] > view["own"]["spice"]:
        return None
    return {**shipment, "forces": forces, "token": value}


def random_move(view: dict[str, Any], options: dict[str, Any],
                shipment: dict[str, Any] | None, rng: random.Random) -> dict[str, Any] | None:
    """One group moved somewhere in reach, the forces of ``shipment`` landed first, or None
    (a third of the time, or when none can)."""
    if rng.random() < 0.33:
        return None
    groups = own_groups(view)
    after = _shipped_from_reserves(view, shipment)
    placed = [t for t in tokens.face_down_of(view, view["seat"])     # 001 4.10.12 "Richese"
              if not homeworlds.unmoved(view, view["seat"], t["kind"])
              and not homeworlds.unmoved(after, view["seat"], t["kind"])]
    if placed and rng.random() < 0.4:       # a No-Field moved, alone or with its sector's group
        step = _token_move(view, options, groups, rng.choice(placed), rng)
        if step:
            return step
    landed = None
    if shipment and shipment["forces"]:     # a No-Field alone is no group (001 2.10.11)
        add(groups.setdefault((shipment["to"], shipment["sector"]), {}), shipment["forces"])
        groups = dict(sorted(groups.items()))
        if shipment["coexist"] and "smuggled_reach" in options:
            landed = (shipment["to"], shipment["sector"])   # 001 2.13.06: no ornithopters
    spans = [(territory, sector, group, options["smuggled_reach" if (territory, sector) == landed
                                                else "reach"][territory][str(sector)])
             for (territory, sector), group in groups.items()]
    sizes = [sum(map(len, ends.values())) for *_, ends in spans]
    if not any(sizes):
        return None
    # the draw of ``rng.choice`` among every (group, end, end sector), in their order, without
    # writing them all out
    territory, sector, group, end, end_sector = _nth(spans, sizes, rng.choice(range(sum(sizes))))
    moving = some_of(rng, group, [kind.name for kind in kinds(view, view["seat"])]) or group
    power = factions.power(view["seat"], view)
    if power.movement(view, 1, moving) < power.movement(view, 1, group):
        moving = group                  # the reach was the group's (001 2.07.17: with a Cyborg)
    return {"from": territory, "from_sector": sector, "to": end, "sector": end_sector,
            "forces": moving, "coexist": None}


def _nth(spans: list[tuple[str, int, Counts, Mapping[str, tuple[int, ...]]]], sizes: list[int],
         index: int) -> tuple[str, int, Counts, str, int]:
    """The ``index``-th of the moves (territory, sector, group, end, end sector) of groups
    with their ends (``spans``), ``sizes`` of them from each group, in their order."""
    for (territory, sector, group, ends), size in zip(spans, sizes, strict=True):
        if index < size:
            for end, sectors in ends.items():
                if index < len(sectors):
                    return territory, sector, group, end, sectors[index]
                index -= len(sectors)
        index -= size
    raise IndexError(index)


def _shipped_from_reserves(view: dict[str, Any], shipment: dict[str, Any] | None
                           ) -> dict[str, Any]:
    """The view as the move finds it, the forces of ``shipment`` gone from the reserves (a
    homeworld's side may turn with them, 001 4.10.12.01: Richese's No-Fields then unmoved)."""
    if not shipment or not shipment["forces"] or not homeworlds.in_game(view):
        return view
    seat = view["seat"]
    reserve = {k: n - shipment["forces"].get(k, 0)
               for k, n in view["factions"][seat]["reserve"].items()}
    return {**view, "factions": {**view["factions"], seat: {**view["factions"][seat],
                                                          "reserve": reserve}}}


def _token_move(view: dict[str, Any], options: dict[str, Any],
                groups: dict[tuple[str, int], Counts], token: dict[str, Any],
                rng: random.Random) -> dict[str, Any] | None:
    """A move of a face-down token standing for forces (001 2.10.12 MOVE AS ONE: a No-Field
    is one force for movement) somewhere in reach of where it lies, half the time with the
    seat's group in its sector; None if nowhere is in reach."""
    territory, sector = token["territory"], token["sector"]
    ends = [(end, end_sector) for end, sectors in options["reach"][territory][str(sector)].items()
            for end_sector in sectors]
    if not ends:
        return None
    end, end_sector = rng.choice(ends)
    group = groups.get((territory, sector), {})
    return {"from": territory, "from_sector": sector, "to": end, "sector": end_sector,
            "forces": dict(group) if group and rng.random() < 0.5 else {}, "coexist": None,
            "token": token["value"]}


def random_join(view: dict[str, Any], joins: Mapping[str, Any], step: dict[str, Any],
                rng: random.Random) -> dict[str, Any] | None:
    """A second group of the Planetologist's holder moved with ``step`` into its territory, in
    the same movement (001 4.07.15.07), when both reach it in a joining move; else None."""
    first = joins[step["from"]][str(step["from_sector"])].get(step["to"], ())
    if step["sector"] not in first:
        return None
    choices = [(territory, sector, group)
               for (territory, sector), group in own_groups(view).items()
               if territory != step["from"]
               and step["sector"] in joins[territory][str(sector)].get(step["to"], ())]
    if not choices:
        return None
    territory, sector, group = rng.choice(choices)
    return {"from": territory, "from_sector": sector, "to": step["to"], "sector": step["sector"],
            "forces": group, "coexist": None}


def some_of(rng: random.Random, group: Counts, names: list[str]) -> Counts:
    """A random number of each kind of ``group``, kind by kind in the order of ``names`` (a
    faction's kinds), and a draw for a second kind the faction lacks: the random players drew
    so before forces had kinds, and self-play plays the same games (benchmarks/same_games.py)."""
    drawn = {name: rng.randint(0, group.get(name, 0)) for name in names}
    for _ in range(2 - len(names)):
        rng.randint(0, 0)
    return {name: count for name, count in drawn.items() if count}
