"""Duke Vidal, a leader shared by Ecaz and the Moritani (001 2.11.17.12, 2.11.23-24, 2.12.17-18;
text A).

He is no faction's leader disc (``data/ecaz/leaders.yaml``, ``shared``): he lies aside until a
power makes him one of a faction's Active Leaders, and goes back aside when the power says.
His place is public, kept at the state's top level (``duke_vidal``) once he has first left the
aside (a game without him has no such key): ``{"at": "aside" | "tanks" | <seat>, "until":
"battle" | "mentat_pause" | None}``, ``until`` saying when a faction holding him sets him
aside again.

- A faction holding him plays him as one of its leaders (``Faction.captives``, beside any it
  holds captured); killed in a battle he goes to the tanks (``Faction.captive_killed``).
- The Ecaz Ambassador (2.11.17.12) gives him to Ecaz (or their ally, 2.11.25) "until used in a
  battle" (``take``, ``until="battle"``): set aside once the battle he fought is over
  (``fought``) unless he died.
- The Moritani (2.12.17, A) take him at the end of the movement round, from whoever holds him,
  when in two battles in strongholds; at the Mentat Pause they set him aside (2.12.18, A)
  (``until="mentat_pause"``, ``mentat_pause``).
- The occupier of Ecaz's homeworld (001 4.10.12 "Ecaz", homeworlds) gains him, "overriding
  Ecaz and Moritani's Duke Vidal advantage" (``until="occupied"``): no other power takes him
  from them, and only they may revive him from the tanks (``back_to``); the turn over, the
  variant sets him aside.
- From the tanks only Ecaz revive him (2.11.23), for 5 (his ``revival_cost``), whatever their
  own leaders; revived, he is set aside (``revived``).

Rulings (docs/rules-coverage.md, "001 GF9 expansions: Ecaz"): no traitor card names him; the
Harkonnen's capture and the Tleilaxu's gholas take only a faction's own discs, so never him
(not yet: 2.11.17.12 "captured, or a ghola" names the case, issue 31); his place, his holder
and when he goes back are public (he is a leader disc on the table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.game import Event

from ..codes import EventCode

if TYPE_CHECKING:
    from ..state import State

NAME = "Duke Vidal"
KEY = "duke_vidal"
ASIDE, TANKS = "aside", "tanks"
BATTLE, MENTAT_PAUSE = "battle", "mentat_pause"     # when his holder sets him aside
OCCUPIED = "occupied"       # 001 4.10.12 "Ecaz": the occupier's, to the turn's end, kept


def place(game: Any) -> dict[str, Any]:
    """Where he is (a state or a view): aside until a power first moved him."""
    return dict(game.get(KEY) or {"at": ASIDE, "until": None})


def at(game: Any) -> str:
    """``aside``, ``tanks`` or the seat whose Active Leader he is (asked of every battle side:
    no copy of his place)."""
    found = game.get(KEY)
    return found["at"] if found else ASIDE


def held(game: Any, seat: str) -> list[str]:
    """Him, where he is one of ``seat``'s Active Leaders (``Faction.captives``)."""
    return [NAME] if at(game) == seat else []


def in_tanks(game: Any) -> bool:
    return at(game) == TANKS


def offer(game: Any, vidal: Any) -> tuple[tuple[str, int], ...]:
    """Him (``vidal``: his leader data) offered for revival at his price while he is in the
    tanks (``RevivalTerms.offers``: Ecaz's 2.11.23, the Moritani's 2.12.16 B), from a state or
    a view."""
    if not in_tanks(game):
        return ()
    return ((vidal.name, vidal.revival_cost or vidal.strength),)


def take(state: State, seat: str, until: str, why: str) -> list[Event]:
    """He becomes one of ``seat``'s Active Leaders, from the aside or from the faction holding
    him (never from the tanks, nor from the occupier of Ecaz's homeworld but by its card):
    2.11.17.12, 2.12.17, 4.10.12 "Ecaz"."""
    before = at(state)
    if before in (TANKS, seat) or (place(state)["until"] == OCCUPIED and until != OCCUPIED):
        return []
    state[KEY] = {"at": seat, "until": until}
    return [Event(EventCode.DUKE_VIDAL_TAKEN, {"faction": seat, "why": why,
                                               **({"from": before} if before != ASIDE else {})})]


def lent_for_the_turn(state: State, seat: str) -> list[Event]:
    """001 4.03.07.12, the Ecaz Nexus card's Cunning: "Add Duke Vidal to your Leader Pool for
    this Turn (even if he is in the Tanks or in another player's Leader Pool)"; set aside at
    the end of the turn (``turn_over``)."""
    before = at(state)
    state[KEY] = {"at": seat, "until": MENTAT_PAUSE}
    return [Event(EventCode.DUKE_VIDAL_TAKEN, {
        "faction": seat, "why": "nexus-tanks" if before == TANKS else "nexus",
        **({"from": before} if before not in (ASIDE, TANKS, seat) else {})})]


def turn_over(state: State, seat: str) -> list[Event]:
    """The turn he was lent for is over: set aside, if ``seat`` still holds him."""
    return set_aside(state, "nexus") if at(state) == seat else []


def set_aside(state: State, why: str) -> list[Event]:
    """He goes back aside, from a faction's Active Leaders (or from the tanks, revived)."""
    before = at(state)
    if before == ASIDE:
        return []
    state[KEY] = {"at": ASIDE, "until": None}
    return [Event(EventCode.DUKE_VIDAL_ASIDE, {"faction": None if before == TANKS else before,
                                               "why": why})]


def killed(state: State, seat: str, name: str) -> str | None:
    """``seat`` lost him in a battle: to the tanks; returns ``seat`` (None: not him)."""
    if name != NAME or at(state) != seat:
        return None
    state[KEY] = {"at": TANKS, "until": None}
    return seat


def back_to(state: State, seat: str, until: str, why: str) -> list[Event]:
    """From the tanks one of ``seat``'s Active Leaders (001 4.10.12 "Ecaz": the occupier "may
    revive him from the Tanks")."""
    assert in_tanks(state), place(state)
    state[KEY] = {"at": seat, "until": until}
    return [Event(EventCode.DUKE_VIDAL_TAKEN, {"faction": seat, "why": why})]


def revived(state: State, why: str = "revived") -> list[Event]:
    """2.11.23: "Whenever Duke Vidal is revived he does not immediately return to your Leader
    Pool; he is Set Aside" (2.12.16 B, 2.12.14.08 B: ``why`` the token)."""
    assert in_tanks(state), place(state)
    return set_aside(state, why)


def fought(state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
    """2.11.17.12: given by the Ecaz Ambassador "until used in a battle": the battle he fought
    over and he alive, set aside."""
    now = place(state)
    if now["until"] != BATTLE or not any(
            seat == now["at"] and plan.get("leader") == NAME for seat, plan in plans.items()):
        return []
    return set_aside(state, "battle")


def mentat_pause(state: State, seat: str) -> list[Event]:
    """2.12.18 (A): at the Mentat Pause, the Moritani's set aside (not in the tanks)."""
    now = place(state)
    if now["at"] != seat or now["until"] != MENTAT_PAUSE:
        return []
    return set_aside(state, "mentat_pause")


def violations(state: State) -> list[str]:
    """He is aside, in the tanks, or one of a seated faction's Active Leaders until a moment
    his power names (2.11.17.12, 2.12.17-18); aside or in the tanks, until none."""
    if KEY not in state:
        return []
    now = place(state)
    held_by = now["at"] not in (ASIDE, TANKS)
    if (held_by and now["at"] not in state["seats"]) or set(now) != {"at", "until"} or (
            (now["until"] in (BATTLE, MENTAT_PAUSE, OCCUPIED)) != held_by):
        return [f"duke vidal: {now} is no place of his (001 2.11.17.12, 2.12.17)"]
    return []
