"""What must hold after every step (self-play checks it): pieces and cards conserved, no
legion beyond its limit or without units, leaders where their state says, tracks within
bounds, public counts equal to the hidden things they count."""

from __future__ import annotations

from collections import Counter

from .data import UNIT_KINDS
from .state import (
    ATREIDES,
    GENERIC,
    HARKONNEN,
    SIDES,
    State,
    automaton,
    data,
    figures,
    stacking_limit,
    units,
)


def violations(state: State) -> list[str]:
    found: list[str] = []
    d = data()
    hidden = state["hidden"]
    for side in SIDES:
        totals = Counter()
        for legion in state["legions"].values():
            if legion["side"] == side:
                for kind in UNIT_KINDS:
                    totals[kind] += legion[kind]
        for kind in UNIT_KINDS:
            if totals[kind] > d.factions[side].units[kind]:
                found.append(f"{side}: {totals[kind]} {kind} units on the board, the box has "
                             f"{d.factions[side].units[kind]}")
        generics = sum(lg["leaders"].count(GENERIC[side]) for lg in state["legions"].values())
        if generics > d.factions[side].generic_leaders:
            found.append(f"{side}: {generics} generic leaders on the board")
    for area, legion in state["legions"].items():
        if area not in d.board.areas:
            found.append(f"a legion in no area: {area}")
            continue
        if any(legion[k] < 0 for k in UNIT_KINDS):
            found.append(f"{area}: a negative count")
        if units(legion) == 0:
            found.append(f"{area}: a legion without units")
        if units(legion) > stacking_limit(state, legion["side"]):
            found.append(f"{area}: {units(legion)} units, over the stacking limit")
        for leader in legion["leaders"]:
            if leader in GENERIC.values():
                if leader != GENERIC[legion["side"]]:
                    found.append(f"{area}: a generic leader of the other faction")
                continue
            mine = state["leaders"][leader]
            if mine["status"] != "board" or mine["area"] != area:
                found.append(f"{leader} is in {area} but its state says {mine}")
        if state["wild_maker"] == area or area in state["sandworms"]:
            found.append(f"{area}: a legion with a sandworm")
        if figures(legion) == 0 and legion["side"] == HARKONNEN and not legion["tokens"]:
            found.append(f"{area}: an empty Harkonnen legion")
    for leader, mine in state["leaders"].items():
        if mine["status"] == "board":
            legion = state["legions"].get(mine["area"])
            if legion is None or leader not in legion["leaders"]:
                found.append(f"{leader} should be in {mine['area']} and is not")
        in_tank = any(leader in tank for tank in state["tank"].values())
        if (mine["status"] == "tank") != in_tank:
            found.append(f"{leader}: status {mine['status']}, in a tank: {in_tank}")
    for side, tank in state["tank"].items():
        if len(tank) != d.factions[side].tank_slots:
            found.append(f"{side}'s tank has {len(tank)} slots")
    tokens = [t for lg in state["legions"].values() for t in lg["tokens"]] + hidden["bag"]
    if len(tokens) != len(set(tokens)):
        found.append("a deployment token in two places")
    missing = [t for t in tokens if t not in hidden["tokens"]]
    if missing:
        found.append(f"tokens without contents: {missing}")
    if state["bag"] != len(hidden["bag"]):
        found.append("the Rebels Bag's count is wrong")
    if len(state["sandworms"]) > d.sandworms:
        found.append(f"{len(state['sandworms'])} sandworms on the board")
    if len(set(state["harvesters"])) != len(state["harvesters"]) \
            or len(state["harvesters"]) > d.vehicles["harvester"]:
        found.append("harvesters doubled or too many")
    for kind in ("ornithopter", "carryall"):
        if sum(1 for v in state["air"].values() if v == kind) > d.vehicles[kind]:
            found.append(f"too many {kind}s")
    signs = list(state["wormsigns"].values()) + hidden["wormsign_pool"]
    if sorted(signs) != sorted(hidden["wormsigns"]):
        found.append("wormsign tokens not conserved")
    found += _cards(state)
    prescience = (hidden["prescience_deck"] + state["prescience_row"]
                  + state["prescience_removed"] + state["claimed"])
    if sorted(prescience) != sorted(d.prescience):
        found.append("Prescience cards not conserved")
    if state["prescience_deck"] != len(hidden["prescience_deck"]):
        found.append("the Prescience deck's count is wrong")
    if sorted(hidden["objectives"] + hidden["objective_deck"]) != sorted(d.objectives):
        found.append("Secret Objectives not conserved")
    placed = sum(1 for b in state["dice"].values() if b["bg"])
    bene = (state["bene_gesserit"]["atreides"] + state["bene_gesserit"]["harkonnen"]
            + state["bene_gesserit"]["reserve"] + state["bene_gesserit_spent"] + placed)
    if not automaton(state, HARKONNEN) and bene != d.bene_gesserit_tokens:
        found.append(f"{bene} Bene Gesserit tokens, the box has {d.bene_gesserit_tokens}")
    if not 0 <= state["supremacy"] <= d.limits["supremacy_to_win"]:
        found.append(f"Supremacy {state['supremacy']}")
    for marker, step in state["prescience"].items():
        if not 0 <= step <= d.prescience_top:
            found.append(f"{marker} at {step}")
    for marker, row in state["imperium"].items():
        if not 0 <= row < len(d.rows):
            found.append(f"{marker} on row {row}")
    if state["claims"] > d.limits["claims_per_round"]:
        found.append(f"{state['claims']} Prescience cards claimed this round")
    return found + _old_man(state)


def _old_man(state: State) -> list[str]:
    """The Old Man of the Desert: in an Outer Sector or off the board, no sandworm nor
    wormsign on the board while he is on it, the sandworms before the Atreides within the
    box's, the Atreides without Bene Gesserit tokens (002 OLD MAN OF THE DESERT)."""
    from .old_man import in_game, outer_sectors, sector

    if not in_game(state):
        return []
    found = []
    here = sector(state)
    if here is not None and here not in outer_sectors():
        found.append(f"the Old Man of the Desert in {here}, no Outer Sector")
    if here is not None and (state["sandworms"] or state["wormsigns"] or state["wild_maker"]):
        found.append("a sandworm or a wormsign on the board with the Old Man of the Desert")
    if not 0 <= state["old_man_worms"] <= data().sandworms + 1 \
            or (here is None and state["old_man_worms"]):
        found.append(f"{state['old_man_worms']} sandworms before the Atreides")
    if state["bene_gesserit"][ATREIDES]:
        found.append("the Atreides hold a Bene Gesserit token with the Old Man of the Desert")
    return found


def _cards(state: State) -> list[str]:
    """Each deck's cards: the draw pile, the discards, the hands, those attached to a
    Prescience card, the solo Reinforcements, and nothing else."""
    d = data()
    hidden = state["hidden"]
    seen: Counter = Counter()
    for deck, pile in hidden["decks"].items():
        seen.update(pile)
        if state["decks"][deck] != len(pile):
            found = f"the {deck} deck's count is wrong"
            return [found]
    for pile in state["discards"].values():
        seen.update(pile)
    for seat, cards in hidden["hands"].items():
        seen.update(cards)
        if state["hands"][seat] != len(cards):
            return [f"{seat}'s hand count is wrong"]
    seen.update(a["card"] for a in state["attached"].values() if a["card"])
    seen.update(hidden.get("solo", {}).get("reinforcements", []))
    wanted = Counter(card for cards in d.decks.values() for card in cards)
    if seen != wanted:
        extra = seen - wanted
        lost = wanted - seen
        return [f"Planning cards not conserved: extra {dict(extra)}, lost {dict(lost)}"]
    return []
