"""ORGANIZED STRIKE, text B's trigger of the Moritani Terror tokens (001 2.12.09 B), and the
effects text B gives the tokens so triggered (2.12.14 B).

- ORGANIZED STRIKE (2.12.09 B): "At the start of a Battle you are in before Battle Plans, you
  may reveal and trigger one Terror token in the same Territory as your Forces and apply its
  effect"; their ally's battle too, the ally the benefactor (2.12.18 B).  Text B strikes text
  A's trigger on entering a stronghold (the first half of 2.12.09).  By mail their standing
  answers (``token_triggers``: ``TRIGGER ...``, against the opponent) decide ahead, so the
  battle opens with no mail round added and the plans are asked after the effect.
- A revealed token lies face up in front of their shield (2.12.10 B), but the Atomics (set
  aside) and Extortion (back behind their shield).
- The effects (2.12.14 B), on the opponent, for the benefactor: Atomics (text A's, and the
  spice there to the bank, every other Terror token on the board back behind their shield, the
  battle over); Extortion (6 spice from the bank); Robbery (half the opponent's spice, rounded
  up, set aside, the battle's winner's if the benefactor wins it, else back); Sabotage (a
  random card of the opponent's set aside, their gift given, the card theirs); Ambush (text
  A's Sneak Attack); Hostage (a random leader of the opponent's held until the battle is
  resolved, killed for the benefactor's spice if it wins, else back); Duke Vidal (the
  benefactor's, or revived and set aside).

Rulings (docs/rules-coverage.md): one token a territory, so the token is the one there;
Extortion's "unless your opponent pays you 3 spice" is not asked (a question in the middle of
the battle's opening would hold it a mail round): the opponent does not pay; Sabotage's gift is
the Moritani's standing word ``SABOTAGE GIVE`` when they are the benefactor, none for their
ally; the card taken goes to the discard pile where the benefactor's hand is full; the bar on
bribes Robbery puts (2.12.14.05 B) is the players' to keep, as every deal.
"""

from __future__ import annotations

import math
import random
from typing import Any

from pbem.game import Event

from .. import leaders
from ..codes import EventCode
from ..discard_pile import discard
from ..state import State, ally_of, data, faction_name
from . import duke_vidal
from .base import hand_limit

EXTORTION_SPICE = 6         # 2.12.14.04 B
ROBBED = "robbed"           # the battle's record: the spice Robbery set aside (public)
HOSTAGE = "hostage"         # the battle's record: the leader Hostage holds (public)
KARAMA = "karama_strike"    # their sheet: for whom their Karama strikes (1.14.13 B)


def sides(state: State, seat: str, strike: bool, ally_strike: bool) -> tuple[str, str] | None:
    """The benefactor and the opponent of the battle under way where Organized Strike
    (``strike``) may be used: they fight it, or their ally does (``ally_strike``, 2.12.18 B);
    else None."""
    battle = state["step"].get("battle")
    if battle is None or not strike:
        return None
    fighting = (battle["aggressor"], battle["defender"])
    benefactor = seat if seat in fighting else None
    if benefactor is None and ally_strike:
        benefactor = next((s for s in fighting if s in ally_of(state, seat)), None)
    if benefactor is None:
        return None
    return benefactor, next(s for s in fighting if s != benefactor)


def karama_sides(state: State, seat: str, ready: bool) -> tuple[str, str] | None:
    """001 1.14.13 (B), their Karama: "Trigger a Terror token at the start of a battle, you
    choose the benefactor of the abilities": the benefactor and the opponent of the battle
    under way where their standing word (``TERROR KARAMA FOR <faction>, ...``, ``KARAMA``)
    names a side, they holding a Karama (``ready``); None otherwise.  Ruling: the benefactor is
    a side of the battle (the effects need an opponent), the first named; in a battle they or
    their ally fight, Organized Strike serves without a Karama."""
    battle = state["step"].get("battle")
    if battle is None or not ready:
        return None
    fighting = (battle["aggressor"], battle["defender"])
    benefactor = next((s for s in state["factions"][seat].get(KARAMA, []) if s in fighting),
                      None)
    if benefactor is None:
        return None
    return benefactor, next(s for s in fighting if s != benefactor)


def karama_text(game: Any, value: list[str]) -> str:
    """Their standing word for their Karama, as its order line."""
    if not value:
        return "TERROR KARAMA NONE"
    return "TERROR KARAMA FOR " + ", ".join(faction_name(s, game) for s in value)


def fallout(state: State, seat: str, territory: str, back: int) -> list[Event]:
    """2.12.14.03 (B), after text A's Atomics: "Put all other Terror tokens on the board into
    your supply (``back`` of them, ``moritani_terror.back_behind``). All Forces and spice in
    the Territory go to the Tleilaxu Tanks and Spice Bank. The battle ends." (the battle round
    goes on to the next, ``battle.next_battle``)."""
    spice = state["spice"].pop(territory, 0)
    return [Event(EventCode.TERROR_ATOMICS_B, {"faction": seat, "territory": territory,
                                               "spice": spice, "tokens": back})]


def _extortion(state: State, seat: str, benefactor: str, opponent: str, pick: random.Random
               ) -> list[Event]:
    """2.12.14.04 (B): "Collect 6 spice from the bank unless your opponent pays you 3 spice";
    the opponent is not asked (module docstring)."""
    state["factions"][benefactor]["spice"] += EXTORTION_SPICE
    return [Event(EventCode.TERROR_EXTORTION_B, {"faction": benefactor,
                                                 "spice": EXTORTION_SPICE})]


def _robbery(state: State, seat: str, benefactor: str, opponent: str, pick: random.Random
             ) -> list[Event]:
    """2.12.14.05 (B): "Your opponent Sets Aside half the amount of spice they have rounded
    up", kept on the battle's record until it is resolved (``after_battle``)."""
    spice = math.ceil(state["factions"][opponent]["spice"] / 2)
    state["factions"][opponent]["spice"] -= spice
    state["step"]["battle"][ROBBED] = {"of": opponent, "for": benefactor, "spice": spice}
    return [Event(EventCode.TERROR_ROBBERY_B, {"faction": benefactor, "of": opponent,
                                               "spice": spice})]


def _hostage(state: State, seat: str, benefactor: str, opponent: str, pick: random.Random
             ) -> list[Event]:
    """2.12.14.02 (B) Hostage: "Choose a random Active Leader from the opponent ... Put it face
    up in front of their shield" (``leaders.HOSTAGE``: in no plan), until the battle is
    resolved (``after_battle``)."""
    own = state["factions"][opponent]["leaders"]
    alive = sorted(leaders.available(own))
    name = pick.choice(alive) if alive else None
    if name is not None:
        own[name] = leaders.HOSTAGE
        state["step"]["battle"][HOSTAGE] = {"leader": name, "of": opponent, "for": benefactor}
    return [Event(EventCode.TERROR_HOSTAGE, {"faction": benefactor, "of": opponent,
                                             "leader": name})]


def after_battle(state: State, winner: str | None) -> list[Event]:
    """2.12.14.05 (B): "After resolving the battle if you won, gain the spice that was Set
    Aside; if you lost the battle your opponent gains the spice back"; 2.12.14.02 (B): "if you
    won, kill the leader, Place it in the Tleilaxu Tanks, and collect spice equal to its
    fighting strength (Zoal's price, 3, as text A's); if you lost the battle the Hostaged leader
    is returned to the opponent's Leader Pool"."""
    battle = state["step"].get("battle") or {}
    events = _released(state, battle.pop(HOSTAGE, None), winner)
    robbed = battle.pop(ROBBED, None)
    if robbed is None:
        return events
    to = robbed["for"] if winner == robbed["for"] else robbed["of"]
    state["factions"][to]["spice"] += robbed["spice"]
    return events + [Event(EventCode.TERROR_ROBBERY_SETTLED, {"faction": to,
                                                              "spice": robbed["spice"]})]


def _released(state: State, hostage: dict[str, str] | None, winner: str | None
              ) -> list[Event]:
    """A hostage killed if the benefactor won, else back in its owner's pool (2.12.14.02 B)."""
    if hostage is None:
        return []
    name, of, benefactor = hostage["leader"], hostage["of"], hostage["for"]
    killed = winner == benefactor
    state["factions"][of]["leaders"][name] = leaders.TANKS if killed else leaders.ALIVE
    spice = leaders.killed_price(data(state).leader(name)) if killed else 0
    state["factions"][benefactor]["spice"] += spice
    return [Event(EventCode.HOSTAGE_SETTLED, {"faction": benefactor, "of": of, "leader": name,
                                              "killed": killed, "spice": spice})]


def _sabotage(state: State, seat: str, benefactor: str, opponent: str, pick: random.Random
              ) -> list[Event]:
    """2.12.14.06 (B): "Choose a random Treachery Card from your opponent's hand, look at it,
    then Set it Aside facedown. Give that player a Treachery Card of your choice from your hand
    if able. Add the Set Aside card to your hand."""
    hand = state["factions"][opponent]["hand"]
    card = hand.pop(pick.randrange(len(hand))) if hand else None
    own = state["factions"][benefactor]["hand"]
    gift = next((c for c in own if benefactor == seat and data(state).treachery_card(c).name
                 == state["factions"][seat].get("sabotage")), None)
    events = []
    if gift is not None and len(hand) < hand_limit(state, opponent):
        own.remove(gift)
        hand.append(gift)
        events += [Event(EventCode.TERROR_GIFT, {"faction": benefactor, "to": opponent}),
                   Event(EventCode.TERROR_GIFT_CARD, {"faction": benefactor, "to": opponent,
                                                      "card": gift}, to=(benefactor, opponent))]
    full = card is not None and len(own) >= hand_limit(state, benefactor)
    if card is not None and full:
        discard(state, benefactor, card)
    elif card is not None:
        own.append(card)
    return [Event(EventCode.TERROR_SABOTAGE_B, {"faction": benefactor, "of": opponent,
                                                "card": card is not None,
                                                "discarded": card if full else None}),
            *([Event(EventCode.TERROR_CARD_TAKEN, {"faction": benefactor, "card": card},
                     to=(benefactor, opponent))] if card is not None and not full else []),
            *events]


def _duke_vidal(state: State, seat: str, benefactor: str, opponent: str, pick: random.Random
                ) -> list[Event]:
    """2.12.14.08 (B) Duke Vidal: "Add Duke Vidal to your leader pool taking him from anywhere
    other than the tanks or revive him and Set Aside his leader disk".  Ruling: theirs (the
    benefactor's) until the Mentat Pause, as 2.12.18's Duke Vidal (``Moritani.phase_ends``)."""
    if duke_vidal.in_tanks(state):
        return duke_vidal.revived(state, "token")
    return duke_vidal.take(state, benefactor, duke_vidal.MENTAT_PAUSE, "token")


EFFECTS: dict[str, Any] = {"hostage": _hostage, "extortion": _extortion, "robbery": _robbery,
                           "sabotage": _sabotage, "duke_vidal": _duke_vidal}
