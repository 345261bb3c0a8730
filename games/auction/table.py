"""The auction table: setup, the step, what each seat may see, and the final score.

A state is plain JSON data:

- ``seats``: the seats in play, in table order;
- ``coins``: each seat's coins (public);
- ``valuations``: each seat's valuation card for every lot (private to that seat);
- ``decks``: for every lot, the cards nobody was dealt (seen by no one);
- ``lot`` and ``step``: the lot on the block (from 1) and ``bid``, ``keep`` or ``finished``;
- ``sales``: one public record per lot sold: its bids, winner, price and holder;
- ``commanders``: in a game of partners, each seat a partner commands to the partner's own
  seat (public; ``pbem.game.Commanders``).

Partners (the option ``commanders``, from the game file's ``commanded_by``): a player bids
for its own seat and for the seats it commands, each scoring alone.  With ``pass_command``,
after each lot every commanded seat passes to the next player in table order, as allied
factions pass at each Nexus of Dune v3.0's three-player game.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import State

SEAT_NAMES = ("north", "east", "south", "west", "up", "down")
RULESETS = ("standard",)
RULES_VERSION = "1"
MIN_SEATS, MAX_SEATS = 2, 6
CARDS = range(1, 21)  # the valuation deck of one lot

# option: (default, least, most); None means no upper bound
OPTIONS = {"lots": (3, 1, 10), "coins": (100, 0, None)}
PARTNERS = ("commanders", "pass_command")    # the options of a game of partners

BID, KEEP, FINISHED = "bid", "keep", "finished"
STEP_WORDS = {BID: "bidding", KEEP: "keep or gift"}


def setup(ruleset: str, options: dict[str, Any], seats: list[str], rng: random.Random,
          rules_version: str | None = None) -> State:
    """A new auction: every seat gets its coins and one valuation card per lot."""
    if rules_version not in (None, RULES_VERSION):
        raise ValueError(f"rules version {rules_version} is not played; the auction has "
                         f"{RULES_VERSION}")
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; rulesets are: {', '.join(RULESETS)}")
    seats = checked_seats(seats)
    commanders = checked_commanders(options.get("commanders") or {}, seats)
    passing = options.get("pass_command", False)
    if not isinstance(passing, bool):
        raise ValueError("option 'pass_command' must be true or false")
    options = checked_options({k: v for k, v in options.items() if k not in PARTNERS})
    decks = [shuffled_deck(rng) for _ in range(options["lots"])]
    partners = {"commanders": commanders, "pass_command": passing} if commanders else {}
    return {
        "ruleset": ruleset,
        "rules_version": RULES_VERSION,
        "options": options,
        "seats": seats,
        **partners,
        "coins": {seat: options["coins"] for seat in seats},
        "valuations": {seat: [deck.pop() for deck in decks] for seat in seats},
        "decks": decks,
        "lot": 1,
        "step": BID,
        "sales": [],
    }


def checked_options(options: dict[str, Any]) -> dict[str, int]:
    """The options with their defaults filled in; ValueError names a bad one."""
    for option in options:
        if option not in OPTIONS:
            raise ValueError(f"unknown option {option!r}; options are: {', '.join(OPTIONS)}")
    checked = {}
    for option, (default, least, most) in OPTIONS.items():
        value = options.get(option, default)
        whole = isinstance(value, int) and not isinstance(value, bool)
        if not whole or value < least or (most is not None and value > most):
            upper = f"to {most}" if most is not None else "or more"
            raise ValueError(f"option {option!r} must be a whole number {least} {upper}")
        checked[option] = value
    return checked


def checked_commanders(commanders: dict[str, str], seats: list[str]) -> dict[str, str]:
    """Who commands which seat; ValueError names a seat that cannot command or be commanded."""
    for seat, chief in commanders.items():
        if seat not in seats or chief not in seats or chief in commanders or chief == seat:
            raise ValueError(f"seat {seat!r} cannot be commanded by {chief!r}: both must be "
                             "seats of the game, the commander one that has its own player")
    return dict(commanders)


def commanders(state: State) -> dict[str, str]:
    """Each commanded seat to the partner who commands it now."""
    return dict(state.get("commanders", {}))


def pass_command(state: State) -> dict[str, str] | None:
    """After a lot in a game that passes command: each commanded seat to the next player in
    table order (None: command stays)."""
    if not state.get("pass_command"):
        return None
    players = [seat for seat in state["seats"] if seat not in state["commanders"]]
    state["commanders"] = {seat: players[(players.index(chief) + 1) % len(players)]
                           for seat, chief in state["commanders"].items()}
    return dict(state["commanders"])


def checked_seats(seats: list[str]) -> list[str]:
    """The seats in table order; ValueError if there are too few, too many or unknown ones."""
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise ValueError(f"an auction needs {MIN_SEATS} to {MAX_SEATS} seats, not {len(seats)}")
    for seat in seats:
        if seat not in SEAT_NAMES:
            raise ValueError(f"unknown seat {seat!r}; seats are: {', '.join(SEAT_NAMES)}")
    if len(set(seats)) != len(seats):
        raise ValueError("a seat is named twice")
    return list(seats)


def shuffled_deck(rng: random.Random) -> list[int]:
    """One lot's valuation cards in a random order; cards are dealt from the end."""
    deck = list(CARDS)
    rng.shuffle(deck)
    return deck


def step_name(state: State) -> str:
    """A short name for the step, such as "Lot 2 of 3: bidding"."""
    if state["step"] == FINISHED:
        return "Finished"
    return f"Lot {state['lot']} of {state['options']['lots']}: {STEP_WORDS[state['step']]}"


def holdings(state: State) -> dict[str, list[int]]:
    """The lots each seat holds."""
    held: dict[str, list[int]] = {seat: [] for seat in state["seats"]}
    for sale in state["sales"]:
        if sale["holder"] is not None:
            held[sale["holder"]].append(sale["lot"])
    return held


def scores(state: State) -> dict[str, int]:
    """Each seat's score: its valuations of the lots it holds plus a tenth of its coins."""
    held = holdings(state)
    return {
        seat: sum(state["valuations"][seat][lot - 1] for lot in held[seat])
        + state["coins"][seat] // 10
        for seat in state["seats"]
    }


def result(state: State) -> dict[str, Any] | None:
    """The winners and scores once the last lot is handed over, else None."""
    if state["step"] != FINISHED:
        return None
    points = scores(state)
    best = max(points.values())
    winners = [seat for seat in state["seats"] if points[seat] == best]
    verb = "wins" if len(winners) == 1 else "share the win"
    reason = f"{and_list(winners)} {verb} with {best} points"
    return {"winners": winners, "scores": points, "reason": reason}


def and_list(names: list[str]) -> str:
    """Names joined as in a sentence: "north, east and south"."""
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} and {names[-1]}"


def view(state: State, seat: str | None) -> dict[str, Any]:
    """All ``seat`` may know (None: the public), built from an allow-list of public facts."""
    seats = list(state["seats"])
    public = {
        "seat": None,
        "seats": seats,
        "lot": state["lot"],
        "lots": state["options"]["lots"],
        "step": state["step"],
        "step_name": step_name(state),
        "coins": {name: state["coins"][name] for name in seats},
        "held": holdings(state),
        "sales": [public_sale(sale) for sale in state["sales"]],
        "commanders": commanders(state),
    }
    if seat is None:
        return public
    assert seat in seats, f"no seat {seat!r} in this game"
    return {**public, "seat": seat, "valuations": list(state["valuations"][seat])}


def public_sale(sale: dict[str, Any]) -> dict[str, Any]:
    """The public record of one lot sold: bids are shown once the lot is sold."""
    return {
        "lot": sale["lot"],
        "bids": dict(sale["bids"]),
        "winner": sale["winner"],
        "price": sale["price"],
        "holder": sale["holder"],
    }
