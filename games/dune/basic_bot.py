"""A simple heuristic player (``bot: basic``), from its own seat's view only.

Where it has a rule of thumb it plays it; elsewhere it plays as the random bot does (the
``random`` of each order kind), or the prompt's default:

- bidding: a bid of up to a third of its spice (at least 1, at most its spice) on each card,
  since treachery cards win battles but spice ships forces; no Karama;
- revival: the free revival (the prompt's default);
- shipment and movement: with forces in reserve and the spice for it, ships up to five of
  them (and at most half its spice) into the stronghold it can reach that fewest others hold
  (one it does not hold yet first),
  then moves its largest group outside the strongholds into a stronghold in reach, else onto
  the richest spice in reach;
- everything else: as the random bot.

Its orders are order text, read by the parser like a player's mail.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pbem.game import Prompt

from . import move_bot, reach
from .orders import where
from .state import State, data, occupants

Strategy = Callable[[dict[str, Any], Prompt, random.Random], str | None]


def basic_order(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str | None:
    """The basic bot's order text for a prompt, or None where it has no rule of thumb."""
    strategy = STRATEGIES.get(prompt.kind)
    return strategy(view, prompt, rng) if strategy else None


# --- bidding
def _most(view: dict[str, Any]) -> int:
    spice = view["own"]["spice"]
    return min(spice, max(1, spice // 3))


def _bid(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    most = _most(view)
    return f"BID {most}" if most else "PASS"


def _bids(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    most = _most(view)
    return f"BID {most}\nBUDGET {most}" if most else "PASS"


def _revival(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    return prompt.default_text


# --- shipment and movement
def _turn(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    state = move_bot.state_of_view(view)
    seat = prompt.seat
    lines = []
    shipment = _shipment(state, seat)
    if shipment:
        lines.append(shipment)
    step = _move(state, seat)
    if step:
        lines.append(step)
    return "\n".join(lines) or "PASS"


def _shipment(state: State, seat: str) -> str | None:
    """Up to five forces, for at most half the spice, into the least held stronghold open."""
    kinds = reach.shipment_kinds(state, seat)
    kind = "fremen" if "fremen" in kinds else "reserve" if "reserve" in kinds else None
    reserve = state["factions"][seat]["reserve"][0]
    if kind is None or not reserve:
        return None
    places = reach.shipment_destinations(state, seat, kind)
    strongholds = sorted((t for t in places if data().board[t].is_stronghold),
                         key=lambda t: (len(_others(state, seat, t)),
                                        seat in occupants(state, t), t))
    for territory in strongholds:
        count = min(reserve, 5)
        budget = state["factions"][seat]["spice"] // 2
        while count and reach.shipment_cost(state, seat, territory, count, kind) > budget:
            count -= 1
        if count:
            return f"SHIP {count} TO {where(territory, places[territory][0])}"
    return None


def _move(state: State, seat: str) -> str | None:
    """The largest group outside the strongholds, to a stronghold in reach, else onto the
    richest spice in reach."""
    groups = sorted(((sum(forces), territory, sector)
                     for territory in state["forces"] if not data().board[territory]
                     .is_stronghold
                     for sector, forces in reach.groups(state, seat, territory).items()),
                    reverse=True)
    for _, territory, sector in groups:
        ends = reach.move_destinations(state, seat, territory, sector)
        goals = sorted((t for t in ends if data().board[t].is_stronghold),
                       key=lambda t: len(_others(state, seat, t)))
        goals = goals or sorted((t for t in ends if state["spice"].get(t)),
                                key=lambda t: -state["spice"][t])
        if goals:
            normal, starred = reach.groups(state, seat, territory)[sector]
            forces = " ".join(p for p in (str(normal) if normal else "",
                                          f"{starred}*" if starred else "") if p)
            return (f"MOVE {forces} FROM {where(territory, sector)} TO "
                    f"{where(goals[0], ends[goals[0]][0])}")
    return None


def _others(state: State, seat: str, territory: str) -> list[str]:
    return [s for s in occupants(state, territory) if s != seat]


STRATEGIES: dict[str, Strategy] = {
    "bid": _bid,
    "bids": _bids,
    "revival": _revival,
    "move": _turn,
    "guild-move": _turn,
}
