"""Leaders: where each one is, which may fight, and which may be revived (000 IX.D, lines
351-362; Q&A XXV.D.2, lines 688-689).

A faction sheet keeps ``leaders`` (name -> ``alive``, ``tanks``, ``face down`` in the tanks,
or ``captured`` while the Harkonnen hold him, ``harkonnen_capture``) and ``leaders_revived``:
the leaders revived since the faction last began reviving leaders, in order.  These functions
read those two and nothing else, so that a seat's view (``view.seat_view``) answers the same
questions as the state.

Rulings:

- IX.D.1: "If all 5 of a player's leaders are in the 'tanks', a player may revive one leader
  per turn until all of his leaders have been revived."  Q&A D.2 widens the condition to a
  player who "doesn't have any of his own leaders available to play in battle": a leader is
  available when it is ``alive`` (a captured leader is not).  Revival then goes on "until all
  ... have been revived": while some leader in the tanks has not been revived since it began.
  GF9 (001 1.05.04: "When a player has no Active Leaders they may revive 1 face up leader per
  Turn until all of their leaders have been revived") asks the condition every turn: once a
  revived leader is alive, the faction has an Active Leader and revives no other
  (``Rules.leader_revival_until_all_back``).  Ruling: "until all ... have been revived" there
  bounds the revival (each leader once, 1.05.05), it does not carry it on past the condition.
- IX.D.5: a leader revived and killed again "cannot be revived again until all of the
  player's other revivable leaders have been revived, killed and sent to the 'tanks' again":
  every other leader is in ``leaders_revived`` and in the tanks.  Reviving it then begins a new
  round of revival (``leaders_revived`` starts again from it).
- v3's Main Leader (003 "Main Leaders", ``main``) "may be revived even if any or all other
  Leaders are alive.  This counts as that player's Leader Revival for that turn, but does not
  affect the order of future revivals of normal leaders": he is revivable whenever he is in the
  tanks, is never noted in ``leaders_revived``, and the conditions above ("If all five of a
  player's Leader Discs are in the Tanks", 003 "Leader Revivals") count the five discs alone.
- GF9 2.05.11.02: a leader the Harkonnen KILL after a capture goes to the tanks "face down"
  (``HarkonnenGF9.killed_captives_face_down``; place ``face down``), and 1.05.04 revives "1 face up
  leader per Turn": like a leader killed again (1.05.05, "place it face down"), he waits until
  the faction's other revivable leaders have been revived, killed and sent to the tanks again
  or are unavailable.  Ruling: he may be revived for his value once no face-up leader in the
  tanks may be (every one there was revived and killed again, IX.D.5's wait); then, revived
  first, he begins no wait of his own.  Nobody but his owner and the Harkonnen knows which
  leader lies face down (the public view counts them, ``view``).
- Cards (the Tleilaxu Ghola, the Emperor's Karama) revive any leader of the faction in the
  tanks: their text sets no condition ("recover one leader from the 'tanks'", 000 line 942;
  "one leader for free", line 974).  A leader so revived counts in ``leaders_revived`` only
  while the faction may revive leaders anyway; otherwise it was never part of IX.D.
"""

from __future__ import annotations

from typing import Any

ALIVE, TANKS, CAPTURED = "alive", "tanks", "captured"
GHOLA = "ghola"             # revived by the Tleilaxu as their own (GF9 001 2.08.17)
FACE_DOWN = "face down"     # in the tanks face down (GF9 001 2.05.11.02)
LENT = "lent"               # in an ally's leader pool (GF9 001 2.09.21 (B): CHOAM's Auditor)
HOSTAGE = "hostage"         # face up in front of its shield, a battle long (001 2.12.14.02 B)
IN_TANKS = (TANKS, FACE_DOWN)


def available(leaders: dict[str, str]) -> list[str]:
    """The leaders free to fight: those alive (000 Q&A D.2)."""
    return [name for name, where in leaders.items() if where == ALIVE]


def in_tanks(leaders: dict[str, str]) -> list[str]:
    """The leaders in the Tleilaxu Tanks, face up or face down."""
    return [name for name, where in leaders.items() if where in IN_TANKS]


def face_down(leaders: dict[str, str]) -> list[str]:
    """The leaders in the tanks face down (GF9 001 2.05.11.02)."""
    return [name for name, where in leaders.items() if where == FACE_DOWN]


def discs(leaders: dict[str, str], main: str | None) -> dict[str, str]:
    """The leader discs of a faction's leaders: all of them but its Main Leader (v3)."""
    return leaders if main is None else {n: w for n, w in leaders.items() if n != main}


def may_revive(leaders: dict[str, str], revived: list[str], until_all_back: bool,
               main: str | None = None) -> bool:
    """Whether the faction may revive leaders this turn (000 IX.D.1; Q&A D.2; 001 1.05.04):
    none of its leaders is available, or (``until_all_back``) a revival has begun and some
    leader in the tanks is still to be revived; v3's Main Leader whenever he is in the tanks
    (003 "Main Leaders"), the others by their discs alone."""
    if main is not None and leaders.get(main) == TANKS:
        return True
    leaders = discs(leaders, main)
    if not in_tanks(leaders):
        return False
    under_way = (until_all_back and bool(revived)
                 and any(name not in revived for name in in_tanks(leaders)))
    return not available(leaders) or under_way


def revivable(leaders: dict[str, str], revived: list[str], until_all_back: bool,
              main: str | None = None) -> list[str]:
    """The leaders the faction may revive by paying their value now (000 IX.D.1, IX.D.5); a
    leader face down only when no leader face up may be (001 1.05.04-05, module docstring);
    v3's Main Leader whenever he is in the tanks (003 "Main Leaders")."""
    own = [main] if main is not None and leaders.get(main) == TANKS else []
    leaders = discs(leaders, main)
    if not may_revive(leaders, revived, until_all_back):
        return own
    face_up = [name for name, where in leaders.items() if where == TANKS
               and (name not in revived or all(other in revived and leaders[other] == TANKS
                                               for other in leaders if other != name))]
    return (face_up or face_down(leaders)) + own


def note_revived(leaders: dict[str, str], revived: list[str], name: str,
                 until_all_back: bool, main: str | None = None) -> list[str]:
    """``leaders_revived`` after ``name`` is revived, ``leaders`` being the places before:
    a leader revived again once every leader was revived begins a new round (IX.D.5); a card
    revival outside IX.D, or of v3's Main Leader, leaves it as it was."""
    if name == main:
        return list(revived)
    leaders = discs(leaders, main)
    if not may_revive(leaders, revived, until_all_back):
        return list(revived)
    if name not in revived:
        return [*revived, name]
    return [name] if set(leaders) <= set(revived) else list(revived)


def killed_price(leader: Any) -> int:
    """The spice collected for a leader killed by a Moritani power (a data ``Leader``): its
    strength, or its own price where it has one (Zoal's 3, 001 2.12.14.02)."""
    return leader.revival_cost if leader.revival_cost is not None else leader.strength
