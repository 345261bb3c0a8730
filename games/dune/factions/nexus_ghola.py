"""GHOLAS, the named effect of the Tleilaxu Nexus card (001 4.03.07.09, text B; option
``nexus_cards_named``): "Play at any time.  Select a leader other than the Auditor in the
Tanks and add them to your leader pool as your Active Leader.  During Mentat Pause Phase- War
Continues, return this leader to the tanks if they are not already dead or Captured."

Whoever holds the card may play it, so the leader is kept on the holder's sheet (``KEY``:
leader -> his faction's seat; public, in front of its shield) and his place on his faction's
sheet is ``leaders.LENT`` (out of the tanks, out of its pool), as CHOAM's Auditor lent
(001 2.09.21 B).  The holder plays him as one of its own (``Faction.captives``); killed he
goes to his faction's tanks face up (``Faction.captive_killed``), as a Tleilaxu Ghola does
(``tleilaxu_gholas``).  Rulings: only a leader face up in the tanks may be named (a face-down
disc is one the table cannot name, 1.05.05; the Tleilaxu's Gholas, 2.08.17, read so too),
any faction's, the holder's own too; at the end of the Mentat Pause (War Continues) a leader
still lent goes back to his faction's tanks face up.
"""

from __future__ import annotations

from typing import Any

from pbem.game import Event

from .. import leaders
from ..codes import EventCode

KEY = "nexus_gholas"        # the holder's sheet: leader -> his faction's seat (public)


def held(game: Any, seat: str) -> list[str]:
    """The leaders the card gave ``seat`` (a state or a view: they are public)."""
    given = game["factions"][seat].get(KEY)
    return sorted(given) if given else []


def take(state: dict[str, Any], holder: str, name: str, owner: str) -> list[Event]:
    """``name``, of ``owner``'s in the tanks face up, now one of ``holder``'s Active Leaders."""
    state["factions"][owner]["leaders"][name] = leaders.LENT
    state["factions"][holder].setdefault(KEY, {})[name] = owner
    return [Event(EventCode.NEXUS_GHOLA_TAKEN, {"faction": holder, "leader": name,
                                                "owner": owner})]


def killed(state: dict[str, Any], holder: str, name: str) -> str | None:
    """``holder`` lost him in a battle: to his faction's tanks; returns that faction (None: not
    one of the card's)."""
    given = state["factions"][holder].get(KEY, {})
    owner = given.pop(name, None)
    if owner is None:
        return None
    if not given:
        del state["factions"][holder][KEY]
    state["factions"][owner]["leaders"][name] = leaders.TANKS
    return owner


def war_continues(state: dict[str, Any]) -> list[Event]:
    """The end of the Mentat Pause: each leader still lent back to his faction's tanks."""
    events: list[Event] = []
    for holder in state["seats"]:
        for name, owner in sorted(state["factions"][holder].pop(KEY, {}).items()):
            if state["factions"][owner]["leaders"].get(name) == leaders.LENT:
                state["factions"][owner]["leaders"][name] = leaders.TANKS
                events.append(Event(EventCode.NEXUS_GHOLA_RETURNED, {
                    "faction": holder, "leader": name, "owner": owner}))
    return events


def violations(state: dict[str, Any]) -> list[str]:
    """Each leader the card gave is lent on his faction's sheet (001 4.03.07.09 B)."""
    return [f"nexus gholas: {name} held by {holder}, {where!r} on the {owner} sheet"
            for holder in state["seats"]
            for name, owner in state["factions"][holder].get(KEY, {}).items()
            for where in [state["factions"][owner]["leaders"].get(name)]
            if where != leaders.LENT]
