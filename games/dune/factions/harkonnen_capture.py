"""The Harkonnen's capture of leaders (000 Harkonnen shield 3, line 884; additional character
advantages, Harkonnen 1, line 1004; Karama, player aid B.6.A.2, line 952; WBC clarification X,
lines 1260-1268, and 004 X.9-13, lines 288-292; WBC player aid, line 1412, and 004 player aid
19, line 362; WBC XV, line 1300, and 004 XV.2, line 306; 004 dropouts, line 193).

With the optional advantages, the Harkonnen who win a battle draw one of the loser's leaders at
random: one not in the tanks and not used elsewhere this turn (the leader of the battle if he
lives); they kill him at once, for 2 spice from the bank (WBC line 1264: earned, not paid), or
keep him to play in one battle, after which he goes home.  When all their own leaders are
dead, the Harkonnen give back every leader they hold; a leader killed while held goes to his
owner's tanks; he is always in his owner's pay (line 884; WBC line 1266), but under GF9,
where only the matching traitor card calls him (001 2.05.14; ``Harkonnen.traitors_for``).

State: the Harkonnen sheet's ``captured`` maps each leader they hold to his owner's seat
(absent until the first capture, empty when they hold none); the owner's sheet has the
leader's place ``captured`` (``leaders.CAPTURED``), so the owner knows his leader is gone and
the leader is not free to fight for him (Q&A D.2).  The name is seen only by the Harkonnen
(``view``) and the owner.

By mail (rulings):

- The Harkonnen's choice is a standing order of their battle plan: ``CAPTURE KILL`` (the
  default: the spice is sure), ``CAPTURE KEEP`` or ``NO CAPTURE`` (WBC line 1260: optional).
  So a capture costs no mail round.
- The Karama against a capture comes after the leader is known and before he is kept or killed
  (WBC line 1412).  The loser, who alone learns the name (WBC line 1262), gives it ahead in his
  own battle plan: ``KARAMA CAPTURE`` (whoever is taken) or ``KARAMA CAPTURE <leader>`` lines
  (only if one of those is taken).  It is applied after the draw and before the Harkonnen's
  choice, so he chooses on what he would know at the table, at no mail round.  Another
  faction, to whom the name is secret, would choose on what it knows before the battle; by
  mail it is not asked: a round of its own after every Harkonnen victory would cost more than
  this rare play is worth.
- The captured leader's fight earlier this round counts for the Harkonnen too (000 X.C.8: a
  leader fights in one territory a battle round), and his fight for the Harkonnen for his
  owner once he is home.
- The Kwisatz Haderach goes with the Atreides' own leaders only (WBC line 1300): the Harkonnen
  never have it, so a captured Atreides leader never has it.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from .. import leaders
from ..cards import karama
from ..codes import EventCode
from ..data import Ability
from ..state import State, data
from .base import has

HARKONNEN = "harkonnen"
KILL, KEEP, NO_CAPTURE = "kill", "keep", "none"
KILL_SPICE = 2          # line 884: "turn the leader into the tanks for 2 spice"; WBC line 1264


def held(state: State) -> dict[str, str]:
    """The leaders the Harkonnen hold captured: leader -> owner."""
    return state["factions"].get(HARKONNEN, {}).get("captured", {})


def taken_from(state: State, seat: str) -> set[str]:
    """The leaders of ``seat`` the Harkonnen hold: always in his pay (line 884; WBC line
    1266)."""
    return {name for name, owner in held(state).items() if owner == seat}


def enabled(game: Any, seat: str) -> bool:
    """Whether ``seat`` captures leaders now (a state or a view): the Harkonnen, with the
    optional advantages, but while a Main Leader who gates it is in the tanks (``has``); the
    leaders they hold already stay theirs to play (ruling, docs/rules-coverage.md)."""
    return has(game, seat, Ability.CAPTURE_LEADERS)


def candidates(state: State, loser: str, territory: str) -> list[str]:
    """The loser's leaders the Harkonnen may draw: not in the tanks (nor held), not used
    elsewhere this turn; the battle's own leader if he lives (line 884)."""
    elsewhere = {name for name, where in state["step"]["fought"].get(loser, {}).items()
                 if where != territory}
    return [name for name in leaders.available(state["factions"][loser]["leaders"])
            if name not in elsewhere and not data(state).leader(name).protected]   # 001 2.09.20


# --- after a battle
def after_battle(state: State, winner: str | None, loser: str | None,
                 plans: dict[str, dict[str, Any]], territory: str, rng: random.Random,
                 face_down: bool) -> list[Event]:
    """A captured leader the Harkonnen played and who lives goes home (line 884: used
    "once"); the Harkonnen, having won, capture (a leader they kill goes to the tanks
    ``face_down``: ``kill``); with none of their own leaders left alive they give every
    captured leader back."""
    events = []
    played = plans.get(HARKONNEN, {}).get("leader")
    if played in held(state):
        owner = held(state)[played]
        events += _home(state, played, public=True)
        state["step"]["fought"].setdefault(owner, {})[played] = territory      # X.C.8
    if winner == HARKONNEN and loser and enabled(state, winner):
        events += capture(state, loser, plans, territory, rng, face_down)
    return events + release_if_leaderless(state)


def capture(state: State, loser: str, plans: dict[str, dict[str, Any]], territory: str,
            rng: random.Random, face_down: bool) -> list[Event]:
    """The draw, the loser's Karama against it, then the Harkonnen's choice (WBC lines 1260,
    1412)."""
    choice = plans[HARKONNEN].get("capture", KILL)
    pool = candidates(state, loser, territory)
    if choice == NO_CAPTURE or not pool:
        return []
    name = rng.choice(pool)
    events = [Event(EventCode.LEADER_CAPTURED, {"faction": loser, "leader": None}),
              Event(EventCode.LEADER_CAPTURED, {"faction": loser, "leader": name},
                    to=(HARKONNEN, loser))]
    wanted = plans[loser].get("karama_capture")
    if wanted is not None and (not wanted or name in wanted) and karama.playable(state, loser):
        played, effect = karama.play(state, loser, "capture")
        events += played
        if effect:
            return events
    if choice == KILL:
        return events + kill(state, loser, name, face_down)
    state["factions"][loser]["leaders"][name] = leaders.CAPTURED
    state["factions"][HARKONNEN].setdefault("captured", {})[name] = loser
    fought = state["step"]["fought"]
    if name in fought.get(loser, {}):
        fought.setdefault(HARKONNEN, {})[name] = fought[loser][name]          # X.C.8
    return events + [Event(EventCode.CAPTURED_LEADER_KEPT, {"faction": loser})]


def kill(state: State, loser: str, name: str, face_down: bool) -> list[Event]:
    """The leader drawn killed for 2 spice (line 884): into the tanks face up, his name
    public; under GF9 ``face_down`` (001 2.05.11.02, ``HarkonnenGF9.killed_captives_face_down``),
    his name told to the Harkonnen and his owner only, as at the capture."""
    state["factions"][HARKONNEN]["spice"] += KILL_SPICE
    data = {"faction": loser, "leader": name, "spice": KILL_SPICE}
    if not face_down:
        state["factions"][loser]["leaders"][name] = leaders.TANKS
        return [Event(EventCode.CAPTURED_LEADER_KILLED, data)]
    state["factions"][loser]["leaders"][name] = leaders.FACE_DOWN
    data["face_down"] = True
    return [Event(EventCode.CAPTURED_LEADER_KILLED, {**data, "leader": None}),
            Event(EventCode.CAPTURED_LEADER_KILLED, data, to=(HARKONNEN, loser))]


def killed(state: State, name: str) -> str:
    """A held leader killed in battle: to his owner's tanks (line 884); returns the owner."""
    owner = held(state).pop(name)
    state["factions"][owner]["leaders"][name] = leaders.TANKS
    return owner


def release_if_leaderless(state: State) -> list[Event]:
    """Every captured leader home when all the Harkonnen's own leaders are dead (line 884:
    "immediately")."""
    if not held(state) or leaders.available(state["factions"][HARKONNEN]["leaders"]):
        return []
    return release_captured(state)


def release_captured(state: State) -> list[Event]:
    """Every leader the Harkonnen hold back to his owner: when all their own leaders are dead
    (line 884), or when the Harkonnen drop out (004 dropouts, line 193)."""
    return [event for name in sorted(held(state)) for event in _home(state, name)]


def _home(state: State, name: str, public: bool = False) -> list[Event]:
    """One held leader back to his owner, free to fight for him.  His name is told to the
    owner and the Harkonnen only, unless his plan showed it to all."""
    owner = held(state).pop(name)
    state["factions"][owner]["leaders"][name] = leaders.ALIVE
    if public:
        return [Event(EventCode.CAPTURED_LEADER_RETURNED, {"faction": owner, "leader": name})]
    return [Event(EventCode.CAPTURED_LEADER_RETURNED, {"faction": owner, "leader": None}),
            Event(EventCode.CAPTURED_LEADER_RETURNED, {"faction": owner, "leader": name},
                  to=(HARKONNEN, owner))]
