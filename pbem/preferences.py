"""A seat's preferences, kept as JSON text in ``seats.preferences``.

Keys: ``format`` (the mail format the player asked for), ``digest`` (``off``: a report
after every step, SET DIGEST; ``pbem.digest``), ``map`` (``svg`` or ``off``: how reports
bring the map, SET MAP; by default a PNG), ``standing`` (standing
orders: prompt kind -> order lines, filed whenever a decision of that kind opens;
``pbem.standing``), and ``absence`` (a declared period away: its dates as the
player wrote them, a reason, and its start and end in UTC; ``pbem.resolution``
files the seat's defaults at once while it lasts).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from pbem.store import Store, parse_utc


def preferences(seat_row: dict[str, Any]) -> dict[str, Any]:
    """The seat's preferences (empty if it has none)."""
    return json.loads(seat_row["preferences"] or "{}")


def set_preference(store: Store, game_id: str, seat_row: dict[str, Any], key: str,
                   value: Any) -> None:
    """Set one preference of a seat (``None`` removes it), in the store and in ``seat_row``."""
    found = preferences(seat_row)
    if value is None:
        found.pop(key, None)
    else:
        found[key] = value
    text = json.dumps(found, sort_keys=True)
    store.db["seats"].update((game_id, seat_row["seat"]), {"preferences": text})
    seat_row["preferences"] = text


def absent(seat_row: dict[str, Any], now: datetime) -> bool:
    """Whether the seat is within its declared absence at ``now``."""
    absence = preferences(seat_row).get("absence")
    return (absence is not None
            and parse_utc(absence["starts_at"]) <= now < parse_utc(absence["ends_at"]))
