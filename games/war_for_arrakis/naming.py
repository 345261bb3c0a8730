"""The names the report templates print (``TemplateGlobals``): areas, leaders, cards, and a
legion or a standing choice in the words of the orders."""

from __future__ import annotations

from typing import Any

from .data import MARKER_NAMES, RESULTS
from .orders.plan import plan_text, show_standing
from .state import GENERIC, data


def area(area_id: str) -> str:
    return data().board[area_id].name


def leader(leader_id: str) -> str:
    if leader_id in GENERIC.values():
        return data().generics[leader_id].name
    return data().leaders[leader_id].name


def card(card_id: str) -> str:
    return data().cards[card_id].name


def prescience(card_id: str) -> str:
    return data().prescience[card_id].name


def objective(objective_id: str) -> str:
    found = data().objectives[objective_id]
    scores = ", ".join(f"{MARKER_NAMES[m]} {found.scores[m]}" for m in MARKER_NAMES)
    return f"{found.name} ({scores})"


def seat_title(seat: str) -> str:
    """A seat by its faction's or its power's name."""
    if seat in data().factions:
        return f"the {data().factions[seat].name}"
    return data().powers[seat].name


def zone(zone_id: str) -> str:
    return data().board.zones[zone_id].name


def legion(found: dict[str, Any]) -> str:
    """A legion in the orders' words: ``2R 1E 1S``, its tokens, its leaders."""
    parts = [f"{found[k]}{k[0].upper()}" for k in ("regular", "elite", "special") if found[k]]
    if found["tokens"]:
        parts.append(f"{len(found['tokens'])} token{'s' if len(found['tokens']) > 1 else ''}")
    return " ".join(parts + [leader(lg) for lg in found["leaders"]]) or "no units"


def dice(board: dict[str, Any]) -> str:
    """A dashboard's unused dice, in the dashboard's order."""
    pool = sorted(board["pool"], key=RESULTS.index)
    found = [f"{pool.count(r)} {r.title()}" for r in dict.fromkeys(pool)]
    if board["changes"]:
        found.append(f"{board['changes']} to change")
    if board["bg"] and not board["bg_used"]:
        found.append(f"Bene Gesserit token on {board['bg'].title()}")
    return ", ".join(found) or "none"


def plan(entries: list[dict[str, Any]]) -> str:
    return plan_text({"entries": entries}) if entries else ""


def standing(choices: dict[str, Any]) -> list[str]:
    return [show_standing(key, value) for key, value in choices.items()]


def template_globals() -> dict[str, Any]:
    return {"area": area, "leader": leader, "card": card, "prescience": prescience,
            "objective": objective, "zone": zone, "legion": legion, "dice": dice,
            "plan": plan, "standing": standing, "seat_title": seat_title,
            "marker_names": MARKER_NAMES, "faction": lambda side: data().factions[side].name,
            "ban": lambda b: data().bans[b], "deck": lambda d: data().powers[d].name,
            "sector": lambda s: data().board.sectors[s].name,
            "supremacy_to_win": data().limits["supremacy_to_win"]}
