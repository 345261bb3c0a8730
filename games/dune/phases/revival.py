"""The revival round (000 IX.B, lines 313-319; IX.D, lines 351-362; Q&A XXV.D, lines 683-690;
the shields' free revival, lines 738-889; starred forces, lines 806, 982 and 1000; the Tleilaxu
Ghola, player aid B.4, line 942; the Emperor's Karama, line 808, XVII and line 974; the
Emperor's alliance power, line 810, and WBC house rule 5, line 1057; WBC clarification IX,
lines 1170-1172, and 004 IX.1, lines 250-251; WBC XVII, line 1360, and 004 XVII.9, line 336).

Each faction revives forces from the Tleilaxu Tanks to its reserve (IX.B.3): its shield's free
number, then more at 2 spice each paid to the bank (IX.B.1), three in all a turn (IX.B.2).  A
starred force (Sardaukar, Fedaykin, with the optional advantages) revives as one force, one a
turn (lines 806, 982, 1000).  A faction none of whose leaders is free to fight revives one
leader a turn for his value, until all are back (under GF9 only while it has no Active Leader,
001 1.05.04), and a leader killed again waits for the others (IX.D; Q&A D.2; ``leaders.py``).
What is legal and the order text: ``revival_orders.py``.

By mail the round is one mail round for every faction at once, the orders secret until it
resolves; only a faction with something to decide is asked (forces or a revivable leader in
the tanks, a card that can revive, an ally the Emperor may pay for), and if nobody is, the round
passes at once.  The orders are applied in storm order (WBC IX: "All players take revival (in
player dot order if it matters)"; storm order is player dot order from the first player).

Rulings:

- Leader revival by mail is ordered in the revival round under both rulesets.  AH IX.D.4 has
  it "only at the end of his move"; WBC IX puts all revival first.  Between the two moments a
  player only ships and moves, which no leader takes part in, so the leader is the same for the
  battles; only the spice is spent before the shipment instead of after it.
- By default (the deadline passed) a faction takes its free revival, a starred force first
  (worth more, revived as one); ``PASS`` or a smaller ``REVIVE`` takes fewer.
- One starred force a turn, however it is revived: the shields' "Only one starred token can be
  revived per turn" has no exception, while IX.B.2's three forces yield to "treachery card".
- The Tleilaxu Ghola ("played at any time", line 942) and the Emperor's Karama revival ("at any
  time", line 808; WBC XVII, line 1360: "at any time not forbidden by another ruling") are
  played in the revival round by mail, the round that revives: free, beyond the three forces of
  IX.B.2, each card then discarded.  Only the player's own forces and leaders (WBC, line 1374).
  A card revives up to its number of forces (Ghola 5, Karama 3) or any one leader in the tanks
  (``leaders.py``).  One Karama revival a round: a second Karama waits for the next turn.
- The Emperor's alliance power (line 810: "You may give spice to your allies ... to revive
  tokens"; WBC house rule 5: he "may transfer spice to ... allies at any time"):
  ``SUPPORT <spice> <ally>`` pays, up to that much, what the ally's own spice does not pay of
  the forces it revives this round, straight to the bank (as ``SUPPORT`` for shipments: the
  ally pays from its own spice first).  The Emperor's own revival and his support must fit his
  spice when he orders.  His spice is secret, so his ally may order forces beyond its own
  spice; what nobody pays for is not revived, normal forces cut first, and the ally is told.
  Leaders are paid by their faction (line 810 names tokens).  That the Emperor paid is public,
  the amount only to the two (WBC XIII, line 1284: the transfer is announced, its amount may
  stay private).
- GF9 (001 2.03.08: "You may pay spice for the revival of up to 3 extra of your ally's Forces
  beyond their current limit"): the Emperor's ally may order up to three forces more than its
  limit (``REVIVE 6``), and the same ``SUPPORT`` pays for them, 2 spice each; its own spice
  pays only the first three (what the Emperor gives it to spend is his 2.03.07 gift, which by
  mail is this same ``SUPPORT``).  What his support does not cover is cut, the extra forces
  first.
- GF9 (001 2.04.12: "At your discretion, your ally's free revival is 3"): the Fremen decide in
  their own revival order, ``WITHHOLD FREE-REVIVAL`` (they are asked while their ally has more
  forces in the tanks than its own free number); their ally orders as with the grant, and
  withheld, its own free number is free, the rest at 2 spice each as its spice pays, what it
  does not pay cut as for an Emperor's ally (``Faction.grants_free_revival_at_discretion``).  The
  orders are secret and simultaneous, so the decision costs no mail round.
- A revived leader is still the traitor he was (Q&A D.1, line 686): traitors are left as they
  are.
- The Kwisatz Haderach, killed (only in an explosion), "must be revived like any other leader.
  If not killed, it has no effect on Atreides leader revival" (Atreides shield 4, line 762;
  WBC XV, lines 1298-1300, say no more).  So: for its value, 2 spice (IX.D.2), as the
  Atreides' one leader of the turn, when they may revive a leader (IX.D.1, Q&A D.2: none of
  their own free to fight); or by a Ghola or Karama like a leader.  It is not one of the five
  leader discs, so IX.D.5 (``leaders_revived``) does not count it, and alive it never keeps
  the Atreides from reviving leaders.  (GF9's guide, 001, reads the same: "When all other
  leaders have died once and/or become unavailable you may use your one leader revival action
  to revive this token instead of a leader".)
- A leader revived by the Ghola in a battle round fights in the next battle round at the
  earliest (Q&A XXV.A.5, lines 637-638): by mail the Ghola and the Emperor's Karama revive only
  here, in the revival round, so a leader they revive is always back before the battle round
  of the turn, never during one.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from pbem.game import Event, Prompt

from .. import factions, leaders, main_leaders, variants
from ..board import reach
from ..cards import karama, karama_reach
from ..codes import EventCode
from ..data import Act
from ..discard_pile import discard
from ..forces import Counts, add, take, total
from ..orders.revival_orders import (
    CARDS,
    KWISATZ_HADERACH,
    Allowance,
    allowance,
    has_decision,
    leaders_price,
    prompt,
)
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, sheet, storm_order

ROUND = "revival"           # the round's name, and its orders' kind


# --- the phase
def begin(state: State, rng: random.Random) -> list[Event]:
    """Open the round; the factions with something to decide are asked (``prompts``); the
    variants' rules for those asked who may revive a leader (``variants.revival_opens``: 001
    4.07.12, two leader skills drawn)."""
    state["step"] = {"done": False}
    if not variants.in_play(state):
        return []
    return variants.revival_opens(state, [seat for seat in state["seats"]
                                          if _may_revive_a_leader(state, seat)], rng)


def _may_revive_a_leader(state: State, seat: str) -> bool:
    """Whether ``seat`` is asked this round and may revive one of its leaders in it: for his
    value, or by a card that revives."""
    if not has_decision(state, seat):
        return False
    found = allowance(state, seat)
    return bool([n for n in found.paid_leaders if n in state["factions"][seat]["leaders"]]
                or ((found.karama or found.ghola) and found.dead))


def prompts(state: State) -> list[Prompt]:
    """Every faction's revival, at once, for those with something to decide (those retaking
    theirs alone, ``_retakes``)."""
    if done(state):
        return []
    return ([prompt(state, seat) for seat in _asked(state) if has_decision(state, seat)]
            + ([] if state["step"].get("retake") else factions.decisions(state, ROUND)))


def keys(state: State) -> list[str]:
    """The keys of ``prompts``, without their text."""
    if done(state):
        return []
    return ([str(PromptKey(ROUND, seat)) for seat in _asked(state)
             if has_decision(state, seat)]
            + ([] if state["step"].get("retake") else factions.decision_keys(state, ROUND)))


def _asked(state: State) -> list[str]:
    return state["step"].get("retake") or state["seats"]


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """The revival orders applied in storm order; the round is then over, unless a faction
    retakes its revival (``_retakes``)."""
    events = factions.decide_all(state, ROUND, orders, rng)  # the powers' own (1.14.09)
    wanted = {key.seat: value for key, value in ((PromptKey.parse(k), v)
                                                  for k, v in orders.items())
              if key.kind == ROUND}
    for seat, value in wanted.items():
        karama_reach.stand_ready(state, seat, value.get("against", []))
    events += _withheld(state, wanted)
    more, retake = _retakes(state, wanted)
    events += more
    events += resolve(state, {seat: value for seat, value in wanted.items()
                              if seat not in retake})
    state["step"]["done"] = not retake
    if retake:
        state["step"]["retake"] = retake
    else:
        state["step"].pop("retake", None)
        karama.lift(state, "free-revival")
        events += [e for faction in factions.in_play(state, "revival_over")
                   for e in faction.revival_over(state)]
    return events


def _withheld(state: State, wanted: dict[str, dict[str, Any]]) -> list[Event]:
    """GF9: the Fremen withhold their ally's free revival of 3 this round (001 2.04.12, ``WITHHOLD
    FREE-REVIVAL``): the ally revives its own free number (``allowance`` reads the step's
    ``withheld``), told with the Fremen; the others see only what the ally pays."""
    events = []
    for seat in storm_order(state):
        for ally in wanted.get(seat, {}).get("withhold", []):
            state["step"].setdefault("withheld", []).append(ally)
            events.append(Event(EventCode.FREE_REVIVAL_WITHHELD, {"faction": seat, "ally": ally},
                                to=(seat, ally)))
    return events


def _retakes(state: State, wanted: dict[str, dict[str, Any]]) -> tuple[list[Event], list[str]]:
    """GF9: a Karama standing ready against the free revival of 3 the Fremen give their ally
    is played when that ally's order would use it; the ally retakes its revival without it,
    asked again (001 2.04.12, 3.01.12.02, 2 item 5; ``karama_reach``)."""
    events: list[Event] = []
    retake = []
    for seat in storm_order(state):
        if seat not in wanted or not karama.ready_against(state, "free-revival", seat):
            continue
        found, forces = allowance(state, seat), wanted[seat]["forces"]
        own = replace(found, free=sheet(seat, state).free_revival)
        played = (karama.play_against(state, "free-revival", seat, retake=True)
                  if found.cost(forces) != own.cost(forces) else [])
        events += played
        if played and karama.cancelled(state, "free-revival", seat):
            retake.append(seat)
    return events, retake


def done(state: State) -> bool:
    return state["step"].get("done", False)


# --- resolution
def resolve(state: State, wanted: dict[str, dict[str, Any]]) -> list[Event]:
    """Each faction's revival (seat -> order value), in storm order (WBC IX)."""
    support = {ally: (seat, amount) for seat, value in wanted.items()
               for ally, amount in value["support"].items()}
    events: list[Event] = []
    stoppers = factions.in_play(state, "stops_revival")
    revivers = factions.in_play(state, "revived")
    for seat in storm_order(state):
        if seat in wanted:
            found = allowance(state, seat)
            stopped = bool(stoppers) and any(f.stops_revival(state, seat) for f in stoppers)
            if not stopped:                 # 001 1.14.09: "their standard revival"
                events += _forces(state, found, wanted[seat], support.get(seat))
            for name in ([wanted[seat]["leader"], *wanted[seat].get("more", [])]
                         if wanted[seat]["leader"] and not stopped else []):
                events += _leader(state, found, name)     # several: 001 2.08.09
            for card in CARDS:
                if wanted[seat][card]:
                    events += _card(state, found, card, wanted[seat][card])
            free = bool(found.free and total(wanted[seat]["forces"])) and not stopped
            for faction in revivers:
                events += faction.revived(state, seat, free, bool(wanted[seat]["ghola"]))
    return events


def _forces(state: State, found: Allowance, value: dict[str, Any],
            support: tuple[str, int] | None) -> list[Event]:
    """The ordinary revival of forces, paid by the faction and its Emperor ally."""
    seat = found.seat
    own = state["factions"][seat]
    forces = dict(value["forces"])
    emperor, offered = support or (None, 0)
    if emperor is not None:
        offered = min(offered, state["factions"][emperor]["spice"])
    left = own["spice"] - leaders_price(found, value)
    while _from_emperor(found, forces, left) > offered:  # an Emperor's ally, or one whose
        # grant the Fremen withheld (001 2.04.12): its plain forces cut first
        cut = next(k.name for k in found.kinds if forces.get(k.name))
        take(forces, {cut: 1})
    if not forces:
        return _cut(seat, value["forces"], {})
    cost = found.cost(forces)
    from_emperor = _from_emperor(found, forces, left)
    _to_reserve(state, seat, forces)
    own["spice"] -= cost - from_emperor
    _paid(state, found, cost)
    events = [Event(EventCode.FORCES_REVIVED, {"faction": seat, "forces": forces,
                                               "spice": cost, **_to(found, cost)})]
    if variants.in_play(state):         # the variants' rules, none asked in a game without
        events += [*variants.paid(state, seat, found.payee, cost),
                   *variants.forces_revived(state, seat, forces, found.free,     # 4.10.12
                                            lambda place: reach.shipment_destinations(
                                                state, seat).get(place, ()))]
        if found.free:                  # free revival taken (001 4.05.05.02, ``variants``)
            events += variants.acted(state, seat, Act.FREE_REVIVAL)
    if from_emperor:
        state["factions"][emperor]["spice"] -= from_emperor
        events += [Event(EventCode.REVIVAL_SUPPORTED, {"faction": emperor, "ally": seat}),
                   Event(EventCode.REVIVAL_SUPPORT, {"faction": emperor, "ally": seat,
                                             "spice": from_emperor}, to=(emperor, seat))]
    return events + _cut(seat, value["forces"], forces)


def _from_emperor(found: Allowance, forces: Counts, left: int) -> int:
    """What the Emperor pays of ``forces`` revived by his ally holding ``left`` spice: what its
    own spice does not pay of the first three, and all of those beyond (001 2.03.08)."""
    extra = found.extra_cost(forces)
    return max(0, found.cost(forces) - extra - left) + extra


def _cut(seat: str, ordered: Counts, revived: Counts) -> list[Event]:
    """The private word to an Emperor's ally whose forces nobody paid for in full."""
    if revived == ordered:
        return []
    return [Event(EventCode.REVIVAL_CUT, {"ordered": dict(ordered), "forces": dict(revived)},
                  to=(seat,))]


def _leader(state: State, found: Allowance, name: str) -> list[Event]:
    """A leader revived for his value, paid to the bank (000 IX.D.2), or to the faction paid
    for revival (001 2.08.11)."""
    price = found.leader_price(name)
    state["factions"][found.seat]["spice"] -= price
    _paid(state, found, price)
    back = _back_from_tanks(state, found.seat, name)
    return [Event(EventCode.LEADER_REVIVED, {"faction": found.seat, "leader": name,
                                             "spice": price, **_to(found, price)}),
            *back, *variants.paid(state, found.seat, found.payee, price)]


def _paid(state: State, found: Allowance, spice: int) -> None:
    """The spice of a revival to the faction paid for it (001 2.08.11), if any."""
    if found.payee is not None:
        state["factions"][found.payee]["spice"] += spice


def _to(found: Allowance, spice: int) -> dict[str, str]:
    """Who was paid, for an event, where a faction was (the bank is not named)."""
    return {"to": found.payee} if found.payee is not None and spice else {}


def _card(state: State, found: Allowance, card: str, part: dict[str, Any]) -> list[Event]:
    """A Karama or the Tleilaxu Ghola played to revive, free, then discarded."""
    seat = found.seat
    card_id = found.karama if card == "karama" else found.ghola
    own = state["factions"][seat]
    own["hand"].remove(card_id)
    discard(state, seat, card_id)
    if card == "karama":
        factions.karama_power_used(state, seat)
    back = _back_from_tanks(state, seat, part["leader"]) if part["leader"] else []
    if not part["leader"]:
        _to_reserve(state, seat, part["forces"])
    return [Event(EventCode.CARD_REVIVAL, {"faction": seat, "card": CARDS[card],
                                   "forces": dict(part["forces"]), "leader": part["leader"]}),
            *back]


def _to_reserve(state: State, seat: str, forces: Counts) -> None:
    """Forces from the tanks to the reserve (000 IX.B.3)."""
    own = state["factions"][seat]
    take(own["tanks"], forces)
    add(own["reserve"], forces)


def _back_from_tanks(state: State, seat: str, name: str) -> list[Event]:
    """A leader back from the tanks, noted for IX.D.5; or the Kwisatz Haderach; or a leader
    of no faction's five, as the power that revives him says (``Faction.leader_back``)."""
    if name == KWISATZ_HADERACH:
        assert state["factions"][seat]["kwisatz_haderach"]["tanks"], seat
        state["factions"][seat]["kwisatz_haderach"]["tanks"] = False
        return []
    own = state["factions"][seat]
    if name not in own["leaders"]:                  # 001 2.11.23, 4.10.12 "Ecaz": Duke Vidal
        back = variants.leader_back(state, seat, name)
        return back if back is not None else factions.power(seat, state).leader_back(state, name)
    assert own["leaders"][name] in leaders.IN_TANKS, (seat, name)
    own["leaders_revived"] = leaders.note_revived(own["leaders"], own["leaders_revived"], name,
                                                  rules_of(state).leader_revival_until_all_back,
                                                  main_leaders.main_leader(state, seat))
    own["leaders"][name] = leaders.ALIVE
    return []
