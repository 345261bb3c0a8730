"""One faction's turn in the movement round: its shipment, then its move (000 IX.C), carried
out on the state with every check of ``reach``.

A turn is ordered as one or more plans, tried in order when the turn comes: the first plan
whose every part is legal at that moment is carried out; the others are told to the faction
with the reason they failed (docs/orders.md, "Shipment and movement").  A plan holds at most
one shipment (IX.C.1.a), one move (IX.C.2.b) and, with the Hajr card, one extra move (Player
Aid B.3, line 940).  The shipment comes first and forces may move in the turn they land (WBC
IX, line 1184).

Payment (IX.C.1.b): the shipping faction pays first from its own spice, its allies make up the
rest from the support they promised this round (XII.E.4, line 465: "allies may pay for each
other's shipments").  The whole cost goes to the Guild when another faction ships (Guild
shield 3; Q&A XXV.E.1), also what the Guild itself paid in support (WBC IX, lines
1176-1180); the Guild's own shipments and Karama shipments (Player Aid B.6.A.6, line 960)
pay the bank (``reach.payee``).

Under GF9 allies may enter each other's territories, and at the end of a faction's shipment
and movement its forces sharing a territory with its ally's go to the tanks (001 1.06.07,
1.10.03.07: ``ally_constraint``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pbem.game import Event

from .. import factions, token_triggers, tokens, transfers, variants
from ..board import homeworlds, reach
from ..cards import karama
from ..codes import ErrorCode, EventCode
from ..data import Ability, Act, CardType, Effect, NexusUse
from ..discard_pile import discard as discard_card
from ..forces import add, add_forces, count_in, plain, remove_forces, take, to_tanks, total
from ..orders.language import OrderProblem
from ..rules import rules_of
from ..state import (
    POLAR_SINK,
    State,
    ally_of,
    copy_state,
    data,
    faction_name,
    factions_in,
    forces_at,
    layered_data,
    occupants,
)
from ..variants.nexus_cards import EXTRA_SHIPMENT, cross_shipped, played, set_at
from ..variants.skill_powers import JOINING


# --- a turn
def play_turn(state: State, seat: str, plans: list[dict[str, Any]]) -> list[Event]:
    """Carry out the first plan legal now; a public event says what was done, a private one
    to the faction why earlier plans failed.  Each plan is tried on a copy, so the state's
    contents are replaced: callers must read ``state["step"]`` again afterwards."""
    failed: list[str] = []
    for number, plan in enumerate(plans, start=1):
        done = trial_copy(state)
        try:
            events = carry_out(done, seat, plan)
        except OrderProblem as problem:
            failed.append(f"plan {number}: {problem.message}")
            continue
        if token_triggers.may_spring(state):    # played again where tokens spring
            done = copy_state(state)
            events = carry_out(done, seat, plan, sprung=True)
        else:                                   # the trial played as the plan does
            done["step"].pop(token_triggers.TRIAL, None)
        state.clear()
        state.update(done)
        note = ([Event(EventCode.PLANS_FAILED, {"faction": seat, "reasons": failed, "used": number},
                       to=(seat,))] if failed else [])
        return note + events
    return [Event(EventCode.PLANS_FAILED, {"faction": seat, "reasons": failed, "used": None},
                  to=(seat,)),
            Event(EventCode.NO_MOVE, {"faction": seat})]


def trial_copy(state: State) -> State:
    """A copy of the state to try a plan on: no face-down token springs in it
    (``token_triggers.trial``), so that whether a plan is legal, and every word a refusal
    says, never depends on a token only its owner knows."""
    trial = copy_state(state)
    token_triggers.trial(trial)
    return trial


def carry_out(state: State, seat: str, plan: dict[str, Any], sprung: bool = False
              ) -> list[Event]:
    """One plan on the state, part by part; raises OrderProblem at the first illegal part.
    Ornithopters are those of the start of the move, before its shipment (``reach``); under
    GF9 after it (``Rules.ornithopters_after_shipment``).  ``sprung``: the plan was legal on a
    trial copy, and a part made impossible by a token that sprang (the Moritani's Atomics,
    001 2.12.14.03) is dropped, what was done before it standing, the faction told why."""
    events: list[Event] = []
    ornithopters = reach.has_ornithopters(state, seat)
    if plan.get("ship"):
        events += ship(state, seat, plan["ship"])
        if rules_of(state).ornithopters_after_shipment:
            ornithopters = reach.has_ornithopters(state, seat)
    if plan.get("join"):        # 001 4.07.15.07: two groups in one movement, no further
        state["step"][JOINING] = seat
    for part in ("move", "join", "extra_ship", "hajr"):
        if not plan.get(part):
            continue
        try:
            events += (extra_shipment(state, seat, plan[part]) if part == "extra_ship" else
                       move(state, seat, plan[part], hajr=part == "hajr",
                            ornithopters=ornithopters))
        except OrderProblem as problem:
            if not sprung:
                raise
            events.append(Event(EventCode.PLAN_CUT, {"faction": seat, "part": part,
                                                     "reason": problem.message}, to=(seat,)))
            break
    state["step"].pop(JOINING, None)
    if not events:
        events.append(Event(EventCode.NO_MOVE, {"faction": seat}))
    return events


# --- shipment
def extra_shipment(state: State, seat: str, order: dict[str, Any]) -> list[Event]:
    """001 4.03.07.07, the Spacing Guild Nexus card's Cunning: a second shipment after the
    move, by the shipper's own rules, where its card is set for it (the card played with it,
    public); else refused."""
    record = set_at(state, seat, EXTRA_SHIPMENT)
    if record is None:
        raise OrderProblem(ErrorCode.TWICE, "one SHIP per plan (a second only with the Spacing "
                           "Guild Nexus card set for its Cunning, 001 4.03.07.07)", ("ELSE",))
    return [*played(state, record, NexusUse.CUNNING), *ship(state, seat, order)]


def ship(state: State, seat: str, order: dict[str, Any]) -> list[Event]:
    """A shipment: from the reserves onto Dune, or the Guild's from one territory to another
    or back to the reserves (Guild shield 1)."""
    kind = order["kind"]
    # The Fremen arrive free near the Great Flat; allied with the Guild under WBC they may
    # also ship elsewhere at the Guild's cost (WBC line 1200).
    if reach.native(state, seat) and kind == "reserve" and (
            "reserve" not in reach.shipment_kinds(state, seat)
            or order["to"] in reach.arrivals(state, seat)):
        kind = reach.NATIVE
    forces = order["forces"]
    source, from_sector = order.get("from"), order.get("from_sector")
    stopper = factions.holder(state, Ability.STOP_SHIPMENT)
    if (kind == "reserve" and seat in state["step"].get("stop", [])
            and not reach.native(state, seat)
            and stopper is not None and holds(state, stopper, CardType.KARAMA)):
        return stopped(state, seat, stopper, order)
    rate = bool(order.get("karama"))
    token, checked = order.get("token"), forces
    owner = factions.token_owner(state, seat)
    if token is not None:       # a token standing for forces: the price and room of one more
        problem = owner.token_shipment(state, token, forces, seat)
        if problem:
            raise OrderProblem(ErrorCode.BAD_SHIPMENT, problem, ())
        checked = {**forces, plain(state, seat): forces.get(plain(state, seat), 0) + 1}
    cost, (sector, chosen) = reach.checked_shipment(
        state, seat, kind, order.get("to"), order.get("sector"), checked, source=source,
        karama=rate, from_sector=from_sector)
    played: list[Event] = []
    if rate:
        played, rate = karama.play(state, seat)
        if not rate:    # a worthless card cancelled (``karama``): the usual rate
            cost = reach.check_shipment(state, seat, kind, order.get("to"), order.get("sector"),
                                        checked, source=source, from_sector=from_sector)
    smuggled = (factions.power(seat, state).smuggled_cost(state, order["to"], total(forces))
                if order.get("coexist") and kind == "reserve" and not rate else None)
    cost = cost if smuggled is None else smuggled       # 001 2.13.06: the Smugglers' rate
    payee = reach.payee(state, seat, rate)
    paid = pay(state, seat, cost, payee)
    played += cross_shipped(state, seat) if kind == "cross" else []      # 001 4.03.07.07 B
    if kind in ("reserve", reach.NATIVE):
        take(state["factions"][seat]["reserve"], forces)
    else:
        remove_forces(state, seat, source, reach.shipment_group(
            state, seat, source, forces, from_sector), forces)
    data_ = {"faction": seat, "kind": kind, "forces": dict(forces), "cost": cost,
             "paid": paid, "karama": rate, "from": source}
    if smuggled is not None:
        data_["smugglers"] = True       # 001 2.13.06: their striped side up
    if kind == "back":
        add(state["factions"][seat]["reserve"], forces)
        return [Event(EventCode.SHIPMENT, {**data_, "territory": None, "sector": None})]
    territory = order["to"]
    assert sector is not None, order
    empty = not factions_in(state, territory) and not tokens.occupying(state, territory)
    if forces:
        add_forces(state, seat, territory, sector, forces)
    if kind == reach.NATIVE and territory in variants.native_arrivals(state, seat):
        unmovable = state["step"].setdefault("unmovable", {}).setdefault(seat, {})
        unmovable[territory] = unmovable.get(territory, 0) + total(forces)  # 001 4.04.04.06
    if token is not None:
        data_["token"] = tokens.standing_words(state)
    events = [*played, Event(EventCode.SHIPMENT, {**data_, "territory": territory, "sector": sector,
                                          **_chosen(chosen)}),
              *variants.paid(state, seat, payee, cost, payment=factions.SHIPMENT),
              *variants.shipment_paid(state, seat, payee, cost)]
    if token is not None:
        events += owner.token_shipped(state, token, territory, sector, seat)
    events += storm_on_arrival(state, seat, kind, territory, sector, forces)
    if kind == "reserve" and not reach.native(state, seat):  # not the Fremen's (WBC line 1322)
        events += [e for f in factions.in_play(state, "shipped_from_reserve")
                   for e in f.shipped_from_reserve(state, seat, territory, sector)]
        events += variants.acted(state, seat, Act.OFF_PLANET_SHIPMENT)     # 001 4.05.05.03
        events += variants.shipped(state, seat, territory, sector, empty)   # 001 4.07.15.11
    return events + arrived(state, seat, territory, order.get("coexist"), total(forces), None)


def stopped(state: State, seat: str, stopper: str, order: dict[str, Any]) -> list[Event]:
    """The Guild's Karama (``stopper``'s) stops the shipment (Guild Karama, line 864; WBC XVII,
    lines 1354-1356: not the Fremen's); the forces stay in reserve, nothing is paid."""
    state["step"]["stop"].remove(seat)
    discard(state, stopper, CardType.KARAMA, "the Karama card to stop a shipment")
    factions.karama_power_used(state, stopper)
    return [Event(EventCode.SHIPMENT_STOPPED, {"faction": seat, "by": stopper,
                                       "forces": order["forces"]})]


def storm_on_arrival(state: State, seat: str, kind: str, territory: str, sector: int,
                     forces: dict[str, int]) -> list[Event]:
    """Forces landed in a sector under the storm (only the Fremen may, with XV: "You may bring
    your reserves into a storm at half loss", lines 836 and 998; WBC line 1190: half, rounded
    up)."""
    lost = reach.shipment_losses(state, seat, kind, territory, sector, forces)
    if not lost:
        return []
    remove_forces(state, seat, territory, sector, lost)
    to_tanks(state, seat, lost)
    return [Event(EventCode.STORM_LOSSES, {"faction": seat, "territory": territory,
                                           "forces": lost})]


def pay(state: State, seat: str, cost: int, payee: str | None) -> dict[str, int]:
    """Pay a cost: the faction's own spice first, then its allies' promised support (under WBC
    the Emperor's only, ``transfers.supporters``); the whole cost to the payee (None: the
    bank).  Raises OrderProblem when it cannot be paid."""
    support = state["step"].setdefault("support", {})
    own = min(cost, state["factions"][seat]["spice"])
    shares = {seat: own} if own else {}
    rest = cost - own
    for ally in transfers.supporters(state, seat):
        give = min(rest, support.get(ally, 0), state["factions"][ally]["spice"])
        if give:
            shares[ally] = give
            rest -= give
    if rest:
        helped = sum(v for k, v in shares.items() if k != seat)
        raise OrderProblem(ErrorCode.NOT_ENOUGH_SPICE, f"it costs {cost} spice; you have "
                           f"{state['factions'][seat]['spice']}"
                           + (f" and your allies' support {helped}" if helped else ""),
                           (f"at most {state['factions'][seat]['spice'] + helped} spice",))
    for payer, amount in shares.items():
        state["factions"][payer]["spice"] -= amount
        if payer != seat:
            support[payer] -= amount
    if payee is not None and cost:
        state["factions"][payee]["spice"] += cost
    return {**shares, "to": payee or "bank"}


# --- movement
def move(state: State, seat: str, order: dict[str, Any], hajr: bool = False,
         ornithopters: bool | None = None) -> list[Event]:
    """One group move from one territory to another (IX.C.2.a), checked by ``reach``;
    ``ornithopters`` as at the start of the faction's move (None: as the state is now)."""
    forces = order["forces"]
    if hajr:                    # the Hajr, or the Richese Ornithopter (001 3.03.07)
        card = extra_move_card(state, seat)
        if card is None:
            raise OrderProblem(ErrorCode.NO_CARD, f"{faction_name(seat, state)} hold no Hajr "
                               "(nor any card for an extra move)", ())
        state["factions"][seat]["hand"].remove(card)
        discard_card(state, seat, card)
    shown: dict[str, Any] = {}
    flown: list[Event] = []
    if order.get("ornithopter"):            # 001 3.03.07: one group up to three territories
        card = _card_with(state, seat, Effect.THREE_TERRITORIES)
        if card is None and variants.flight(state, seat):     # 001 4.06.08.05: a token
            flown = variants.flown(state, seat)
            ornithopters = True
        elif card is None:
            raise OrderProblem(ErrorCode.NO_CARD, f"{faction_name(seat, state)} hold no "
                               "Ornithopter", ())
        else:
            state["factions"][seat]["hand"].remove(card)
            discard_card(state, seat, card)
            ornithopters, shown["card"] = True, data(state).treachery_card(card).name
    territory, moved, token = order["to"], forces, None
    fixed = state["step"].get("unmovable", {}).get(seat, {}).get(order["from"], 0)
    if fixed and total(forces) > total(count_in(state, seat, order["from"])) - fixed:
        raise OrderProblem(ErrorCode.OUT_OF_REACH, f"{fixed} of the forces in {order['from']} "
                           "were sent there this turn by the Shield Wall card and may not "
                           "move this turn (001 4.04.04.06)", ())
    barred = [why for f in factions.in_play(state, "leaving_problem")    # 001 2.11.11 B
              if (why := f.leaving_problem(state, seat, order["from"], forces))]
    if barred:
        raise OrderProblem(ErrorCode.BAD_MOVE, barred[0], ())
    if order.get("token") is not None:      # a token standing for forces moves as one force
        token = _stand_in(state, seat, order)
        forces = {**forces, plain(state, seat): forces.get(plain(state, seat), 0) + 1}
        order = {**order, "from_sector": token["sector"]}
    (sector, chosen), leaving = reach.checked_move(state, seat, order["from"], territory,
                                                   order.get("sector"), forces,
                                                   order.get("from_sector"), ornithopters)
    assert sector is not None, order
    for from_sector, taken in reach.gathered(state, seat, order["from"], leaving, forces):
        remove_forces(state, seat, order["from"], from_sector, taken)
    add_forces(state, seat, territory, sector, forces)
    if token is not None:                   # the token where its stand-in force landed
        remove_forces(state, seat, territory, sector, {plain(state, seat): 1})
        tokens.place(token, seat, tokens.BOARD, territory, sector)
        shown["token"] = tokens.kind_of(state, token["kind"]).words
    events = [*flown, Event(EventCode.MOVE, {
        "faction": seat, "from": order["from"], "territory": territory, "sector": sector,
        "forces": dict(moved), "hajr": hajr, **shown, **_chosen(chosen)})]
    events += variants.moved(state, seat, territory)               # 001 4.07.15.10
    return events + arrived(state, seat, territory, order.get("coexist"), total(forces),
                            order["from"])


def _stand_in(state: State, seat: str, order: dict[str, Any]) -> dict[str, Any]:
    """The face-down token of the order, lying in the move's territory, with a force of its
    owner put where it lies for the move's checks (001 2.10.12 MOVE AS ONE: "treated as one
    Force for purposes of movement"); the move takes it along, from the token's sector."""
    try:
        token = tokens.face_down_in(state, seat, order["token"], order["from"])
    except KeyError:
        raise OrderProblem(ErrorCode.BAD_MOVE, f"no No-Field {order['token']} of yours lies "
                           f"face down in {order['from']}", ()) from None
    if homeworlds.unmoved(state, seat, token["kind"]):                # 001 4.10.12 "Richese"
        raise OrderProblem(ErrorCode.BAD_MOVE, f"your {tokens.kind_of(state, token['kind']).words}"
                           " may not move: your homeworld is on its Low Threshold side (001 "
                           "4.10.12)", ())
    add_forces(state, seat, token["territory"], token["sector"], {plain(state, seat): 1})
    return token


def arrived(state: State, seat: str, territory: str, wish: bool | None, count: int,
            source: str | None) -> list[Event]:
    """What the powers do when ``count`` forces of ``seat`` arrive (``Faction.arrived``), then
    the tokens there that trigger on entry, each by its owner (``token_triggers``); forces a
    token's effect put on the board (``token_arrivals``) arrive in turn."""
    events = [e for f in factions.in_play(state, "arrived")
              for e in f.arrived(state, seat, territory, wish, count, source)]
    if events:
        events += _allied(state, events)                                # 001 2.11.17.12 B
    entered = token_triggers.entering(state, seat, territory, source, count)
    if entered:
        advisors = territory in factions.power(seat, state).coexisting(state)
        triggered = [e for token in entered for e in factions.power(token["owner"], state)
                     .token_entered(state, token, seat, advisors)]
        events += triggered + _allied(state, triggered)                 # 001 2.12.14.03
    for other, where, number, whence in state["step"].pop("token_arrivals", []):
        events += arrived(state, other, where, None, number, whence)
    return events


def _allied(state: State, events: list[Event]) -> list[Event]:
    """Every power on the alliances a power formed as forces arrived (``factions.allied``),
    and each new ally's act of allying (001 4.03.02)."""
    return factions.allied(state, events) + [
        e for formed in events if formed.code == EventCode.ALLIANCE_FORMED
        for ally in formed.data["alliance"] for e in variants.acted(state, ally, Act.ALLIED)]


def _chosen(chosen: str | None) -> dict[str, str]:
    """Why the moderator chose the sector of a landing the order left out (``reach.Landing``),
    for the echo of the order (``move_orders.notes``)."""
    return {"chosen": chosen} if chosen else {}


# --- cards
def holds(state: State, seat: str, card_type: CardType) -> str | None:
    """The first card of a type in the faction's hand, or None."""
    cards = data(state)
    for card in state["factions"][seat]["hand"]:
        if cards.treachery_card(card).type is card_type:
            return card
    return None


def extra_move_card(state: State, seat: str) -> str | None:
    """The first card in the faction's hand that gives an extra move (``Effect.EXTRA_MOVE``:
    the Hajr, the Richese Ornithopter's second movement action, 001 3.03.07), or None."""
    return _card_with(state, seat, Effect.EXTRA_MOVE)


def three_territories_card(state: State, seat: str) -> str | None:
    """The first card in the faction's hand that moves a group three territories (the
    Richese Ornithopter's first choice, 001 3.03.07), or None."""
    return _card_with(state, seat, Effect.THREE_TERRITORIES)


def may_fly(state: State, seat: str) -> bool:
    """Whether the faction may move one group three territories: a card (the Richese
    Ornithopter, 001 3.03.07) or a variant's piece (the Ornithopter discovery token, 001
    4.06.08.05)."""
    return bool(_card_with(state, seat, Effect.THREE_TERRITORIES)) or variants.flight(state, seat)


def _card_with(state: State, seat: str, effect: Effect) -> str | None:
    having = _cards_with(rules_of(state).layers, effect)
    if having:                          # none in most games (a classic deck has no such card)
        for card in state["factions"][seat]["hand"]:
            if card in having:
                return card
    return None


@cache
def _cards_with(layers: tuple[str, ...], effect: Effect) -> frozenset[str]:
    """The treachery cards of the data of these layers that have the effect."""
    return frozenset(card.id for card in layered_data(layers).treachery_deck
                     if effect in card.effects)


def discard(state: State, seat: str, card_type: CardType, what: str) -> None:
    """Play a card of the type from the hand onto the discard pile (Player Aid B, line 934:
    played, then discarded)."""
    card = holds(state, seat, card_type)
    if card is None:
        raise OrderProblem(ErrorCode.NO_CARD,
                           f"{faction_name(seat, state)} hold no {what.split(' to ')[0]}"
                           .replace("the ", "", 1), ())
    state["factions"][seat]["hand"].remove(card)
    discard_card(state, seat, card)


# --- the alliance constraint (GF9)
def sharing(state: State, seat: str) -> list[str]:
    """The allies a power lets ``seat`` occupy one territory with, neither going to the tanks
    (``Faction.occupies_with_ally``: 001 2.11.18, Ecaz's OCCUPY)."""
    return [ally for ally in ally_of(state, seat)
            if any(faction.occupies_with_ally(state, seat, ally)
                   for faction in factions.in_play(state, "occupies_with_ally"))]


def ally_constraint(state: State, seat: str) -> list[Event]:
    """At the end of the faction's shipment and movement, its forces in a territory (but the
    Polar Sink) its ally occupies go to the Tleilaxu Tanks (001 1.06.07, 1.10.03.07; one
    public event per territory).  Coexisting Bene Gesserit count neither way (001 1.06.07
    "-faction_bg_advisors_coexist"; ``occupants``); not where a power lets the two occupy one
    territory (``sharing``).  Ruling: it holds at the end of every turn, whether or not the
    faction shipped or moved (allies who shared a territory when they allied are parted by the
    first of their turns)."""
    allies = ally_of(state, seat)
    if not allies or not rules_of(state).ally_constraint:
        return []
    shares = sharing(state, seat)
    events = []
    for territory in [t for t in state["forces"] if t != POLAR_SINK]:
        present = occupants(state, territory)
        ally = next((a for a in allies if a in present and a not in shares), None)
        if ally is None or seat not in present:
            continue
        lost: dict[str, int] = {}
        for sector, by_faction in list(forces_at(state, territory).items()):
            if seat in by_faction:
                here = dict(by_faction[seat])
                remove_forces(state, seat, territory, int(sector), here)
                to_tanks(state, seat, here)
                add(lost, here)
        events.append(Event(EventCode.ALLY_CONSTRAINT, {"faction": seat, "territory": territory,
                                                        "ally": ally, "forces": lost}))
    return events
