"""The invariants of classic Dune: what must hold after every step, whatever was ordered.

``violations(state)`` lists each one broken as a short message that names the
invariant and where it broke; an empty list means the state is sound.  The
random-game tests and self-play (``pbem selfplay``) call it after every step.
"""

from __future__ import annotations

from collections import Counter

from .state import State, data, forces_total, sheet


def violations(state: State) -> list[str]:
    """Every invariant the state breaks, one message each (empty: none)."""
    return [*_forces(state), *_sheets(state), *_cards(state), *_map(state)]


def _forces(state: State) -> list[str]:
    """Every faction has 20 forces between the map, its reserve, the tanks and those still
    to be placed (000 II.B.1.c: "20 small tokens")."""
    return [f"forces: {seat} has {total}, not 20 (000 II.B.1.c)"
            for seat in state["seats"] if (total := forces_total(state, seat)) != 20]


def _sheets(state: State) -> list[str]:
    """Spice, reserves and tanks never negative (000 II.D.1); hands within the faction's
    hand limit (000 VIII.G and the Harkonnen shield)."""
    problems = []
    for seat in state["seats"]:
        faction = state["factions"][seat]
        if faction["spice"] < 0:
            problems.append(f"spice: {seat} holds {faction['spice']} (000 II.D.1)")
        for pile in ("reserve", "tanks"):
            if min(faction[pile]) < 0:
                problems.append(f"{pile}: {seat} has {faction[pile]}")
        if len(faction["hand"]) > sheet(seat).hand_limit:
            problems.append(f"hand limit: {seat} holds {len(faction['hand'])} cards, "
                            f"more than {sheet(seat).hand_limit} (000 VIII.G)")
    return problems


def _cards(state: State) -> list[str]:
    """Treachery cards are conserved across the deck, the discard pile and the hands;
    spice cards across the deck and the discard piles (000 III.C)."""
    decks = state["decks"]
    hands = [card for seat in state["seats"] for card in state["factions"][seat]["hand"]]
    treachery = decks["treachery"] + decks["treachery_discard"] + hands
    spice = decks["spice"] + [card for pile in decks["spice_discard"] for card in pile]
    return [*_conserved("treachery cards", treachery, [c.id for c in data().treachery_deck]),
            *_conserved("spice cards", spice, [c.id for c in data().spice_deck])]


def _conserved(name: str, found: list[str], shipped: list[str]) -> list[str]:
    """The cards missing from or added to a deck's ``shipped`` cards, if any."""
    missing = Counter(shipped) - Counter(found)
    extra = Counter(found) - Counter(shipped)
    problems = []
    if missing:
        problems.append(f"{name}: missing {sorted(missing.elements())} (000 III.C)")
    if extra:
        problems.append(f"{name}: extra {sorted(extra.elements())} (000 III.C)")
    return problems


def _map(state: State) -> list[str]:
    """Spice on the map positive; the storm on a sector or not yet placed (000 VI.A); forces
    only on a territory's sectors; allies never in one territory but the Polar Sink
    (000 XII.E.5)."""
    board = data().board
    problems = [f"spice on the map: {territory} has {amount}"
                for territory, amount in state["spice"].items() if amount <= 0]
    storm = state["storm"]["sector"]
    if storm is not None and not 1 <= storm <= board.sectors:
        problems.append(f"storm: on sector {storm}, not 1 to {board.sectors} (000 VI.A)")
    for territory, sectors in state["forces"].items():
        for sector, by_faction in sectors.items():
            if int(sector) not in (board[territory].sectors or (0,)):
                problems.append(f"forces: {territory} has no sector {sector}")
            problems += [f"forces: {seat} has {counts} in {territory} sector {sector}"
                         for seat, counts in by_faction.items()
                         if min(counts) < 0 or sum(counts) == 0]
        if territory != "Polar Sink":
            problems += _allies_apart(state, territory, sectors)
    return problems


def _allies_apart(state: State, territory: str, sectors: dict) -> list[str]:
    """Allies sharing a territory (000 XII.E.5), as one message per alliance."""
    present = {seat for by_faction in sectors.values() for seat in by_faction}
    return [f"allies: {', '.join(sorted(present & set(alliance)))} share {territory} "
            "(000 XII.E.5)"
            for alliance in state["alliances"] if len(present & set(alliance)) > 1]
