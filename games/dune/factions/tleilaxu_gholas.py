"""The Tleilaxu's Gholas (001 2.08.17, advanced): "When you have fewer than five Active Leaders
and after all other factions have revived any leaders or indicated that they will not revive
one, you may revive dead leaders of other factions at your discounted rate and add them to your
leader pool as your Active Leader."

State: the Tleilaxu sheet's ``gholas`` maps each leader they revived so to his faction's seat;
his faction's sheet has his place ``ghola`` (``leaders.GHOLA``): gone from its tanks and from
its pool.  Public, in front of the Tleilaxu's shield.

Rulings (docs/rules-coverage.md, "001 2.08"):

- By mail ``GHOLAS <leader>, ...`` is part of the Tleilaxu's terms in the revival round
  (``tleilaxu_revival``: optional, secret until the round is over, never waited for, sendable
  ahead), carried out once the round's revivals are over, so after every other faction revived
  its leaders or did not: each leader named still in his faction's tanks, while they have fewer
  than five Active Leaders (their own alive and their Gholas) and the spice, in the order
  named; what cannot be done is told to them alone.
- Only a leader face up in the tanks: a face-down disc is one the table cannot name (1.05.05).
- "Your discounted rate": half his value rounded up (2.08.10), paid to the bank.
- A Ghola fights for the Tleilaxu as their own leader; he is still his faction's disc: killed,
  he goes to his faction's tanks (face up) and is theirs again (001 is silent; as a captured
  leader, 000 line 884).  A traitor card naming him calls him, whoever he fights for (001
  2.05.14).  Should the Tleilaxu leave the game, their Gholas go back to their factions' pools.
"""

from __future__ import annotations

from typing import Any

from pbem.game import Event

from .. import leaders
from ..codes import EventCode
from ..state import State, data

TLEILAXU = "tleilaxu"
ACTIVE_LEADERS = 5          # 2.08.17: "fewer than five Active Leaders"


def held(game: Any) -> dict[str, str]:
    """Their Gholas: leader -> his faction's seat (a state or a view: they are public)."""
    return dict(game["factions"].get(TLEILAXU, {}).get("gholas", {}))


def active(game: Any) -> int:
    """Their Active Leaders: their own alive and their Gholas."""
    own = game["own"] if game.get("seat") == TLEILAXU and "own" in game else \
        game["factions"][TLEILAXU]
    return len(leaders.available(own["leaders"])) + len(held(game))


def price(game: Any, name: str) -> int:
    """Their discounted rate (2.08.10): half his value, rounded up."""
    return -(-data(game).leader(name).strength // 2)


def candidates(game: Any, skip: str | None = TLEILAXU) -> dict[str, str]:
    """The leaders of the others (all but ``skip``'s) face up in the tanks: leader -> seat (a
    state or a view); none whose disc is ``protected`` (CHOAM's Auditor, 001 2.09.20 (A),
    2.09.25 (B): "can not be a ghola for the Tleilaxu"; 4.03.07.09 B: "other than the
    Auditor")."""
    found = {}
    deck = data(game)
    for seat in game["seats"]:
        if seat == skip:
            continue
        entry = game["factions"][seat]
        names = (entry["leaders_in_tanks"] if "leaders_in_tanks" in entry else
                 [n for n, where in entry["leaders"].items() if where == leaders.TANKS])
        found |= dict.fromkeys((n for n in names if not deck.leader(n).protected), seat)
    return found


def revive(state: State, named: list[str]) -> list[Event]:
    """The Gholas named revived, in order, as far as the tanks, their room and spice allow."""
    own = state["factions"][TLEILAXU]
    events: list[Event] = []
    for name in named:
        seat = candidates(state).get(name)
        cost = price(state, name)
        if seat is None or active(state) >= ACTIVE_LEADERS or cost > own["spice"]:
            events.append(Event(EventCode.GHOLA_NOT_REVIVED, {"leader": name}, to=(TLEILAXU,)))
            continue
        own["spice"] -= cost
        own.setdefault("gholas", {})[name] = seat
        state["factions"][seat]["leaders"][name] = leaders.GHOLA
        events.append(Event(EventCode.GHOLA_REVIVED, {"faction": TLEILAXU, "leader": name,
                                                      "owner": seat, "spice": cost}))
    return events


def killed(state: State, name: str) -> str:
    """A Ghola killed: to his faction's tanks, theirs again; returns that faction."""
    owner = state["factions"][TLEILAXU]["gholas"].pop(name)
    state["factions"][owner]["leaders"][name] = leaders.TANKS
    return owner


def release(state: State) -> list[Event]:
    """Every Ghola back to his faction's pool (the Tleilaxu leave the game)."""
    gholas = state["factions"][TLEILAXU].pop("gholas", {})
    for name, owner in gholas.items():
        state["factions"][owner]["leaders"][name] = leaders.ALIVE
    return []


def violations(state: State) -> list[str]:
    """A leader is a Ghola exactly when his faction's sheet says so."""
    marked = {(name, seat) for seat in state["seats"]
              for name, where in state["factions"][seat]["leaders"].items()
              if where == leaders.GHOLA}
    gholas = set(held(state).items())
    if marked != gholas:
        return [f"tleilaxu: Gholas {sorted(gholas ^ marked)} held or marked, not both"]
    return []
