"""Spice given from one faction to another: bribes and deals kept (000 XIII.C-D, lines
479-481; WBC house rule 5, 000 line 1057; WBC clarification XIII, lines 1281-1294).

By mail a faction gives spice with a ``GIVE <faction> <n>`` line in its movement-round order,
the one order every faction sends each turn.  When the spice changes hands depends on the
ruleset:

- AH: deals and bribes may be made and kept at any time (XIII.C), so the spice changes hands
  at once, when the giver's turn is carried out; the deal is stated aloud, amount and all.
- WBC: the 2018 house rule 5 (000 line 1057) allows the transfer "only ... during the
  Collection Round of each turn ... even between allies": the gift is announced now and paid
  at the end of this turn's collection round, from what the giver then holds (up to the
  amount promised).  The fact is public, the amount only the two factions' (clarification
  XIII, line 1283).  The Emperor may transfer spice to (not from) his allies at any time
  (house rule 5): his gifts to an ally are paid at once.  004's older list (2010, XIII.1, line
  299: spice exchanged "freely ... at any time") is superseded by the 2018 rules.
- GF9: a bribe's spice leaves the giver at once and is put in front of the receiver's shield
  (001 1.12.03), in public view, in the state's ``bribes`` (receiver -> spice); the receiver
  adds it to his spice in the Mentat Pause (1.09.02, ``collect_bribes``), so he cannot spend it
  before.  Allies may not bribe one another (1.10.03.04, 1.12.02): ``GIVE`` to an ally is
  refused when read, but by a faction whose alliance power is giving spice (the Emperor, 001
  2.03.07: "Spice you give to your ally goes behind their shield"), paid at once.  A deal
  carries no spice but as a bribe (1.12.02): by mail spice moves only by ``GIVE``.

Nothing else can be given (XIII.D, line 481: no cards, leaders, forces or powers): the order
language has no way to.
"""

from __future__ import annotations

from pbem.game import Event

from . import factions, variants
from .codes import EventCode
from .data import Ability
from .rules import rules_of
from .state import State, ally_of, storm_order


def supporters(state: State, seat: str) -> list[str]:
    """The allies who may pay towards the faction's cards and shipments (XII.E.3-4, lines
    463-465), in storm order.

    Under WBC too: such a payment goes to the bank, the Emperor or the Guild, not to the ally,
    so it is no transfer "from one player to another" that house rule 5 (line 1057) keeps for
    the collection round; the 2018 clarifications themselves rule on allies' payments for
    cards and shipments (VIII, lines 1154-1158; IX, lines 1180-1184)."""
    allies = ally_of(state, seat)
    return [other for other in storm_order(state) if other in allies] if allies else []


def give(state: State, giver: str, gifts: list[list]) -> list[Event]:
    """The faction's gifts ``[[receiver, amount], ...]``: paid now or promised for the
    collection round (module docstring)."""
    events: list[Event] = []
    for receiver, amount in gifts:
        if at_once(state, giver, receiver):
            events += pay(state, giver, receiver, amount)
        elif rules_of(state).bribes_in_front_of_shield:
            events += bribe(state, giver, receiver, amount)
        else:
            state["transfers"].append([giver, receiver, amount])
            events += announce(state, EventCode.SPICE_PROMISED, giver, receiver, amount)
    return events


def at_once(state: State, giver: str, receiver: str) -> bool:
    """AH: always; WBC and GF9: only the gifts to its allies of a faction whose alliance power
    is giving spice (the Emperor's, line 810; house rule 5; 001 2.03.07)."""
    rules = rules_of(state)
    if not (rules.spice_promised or rules.bribes_in_front_of_shield):
        return True
    return ally_gifts(state, giver, receiver)


def ally_gifts(state: State, giver: str, receiver: str) -> bool:
    """Whether ``giver``'s alliance power gives spice to ``receiver``, its ally."""
    return (factions.has(state, giver, Ability.ALLY_SPICE_GIFTS)
            and receiver in ally_of(state, giver))


def bribe(state: State, giver: str, receiver: str, amount: int) -> list[Event]:
    """GF9: the spice in front of the receiver's shield until the Mentat Pause (001 1.12.03),
    the amount public; at most what the giver holds (none if it holds none by now: a bribe
    given with another decision is made once that decision is carried out, ``deals``)."""
    amount = min(amount, state["factions"][giver]["spice"])
    if not amount:
        return []
    state["factions"][giver]["spice"] -= amount
    state["bribes"][receiver] = state["bribes"].get(receiver, 0) + amount
    return [Event(EventCode.BRIBE, {"faction": giver, "to": receiver, "amount": amount}),
            *variants.paid(state, giver, receiver, amount, front=True)]


def collect_bribes(state: State) -> list[Event]:
    """GF9's Mentat Pause: each faction adds the spice in front of its shield to its own (001
    1.09.02), in storm order."""
    if not rules_of(state).bribes_in_front_of_shield:
        return []
    events = []
    for seat in storm_order(state):
        amount = state["bribes"].pop(seat, 0)
        if amount:
            state["factions"][seat]["spice"] += amount
            events.append(Event(EventCode.BRIBES_COLLECTED, {"faction": seat, "amount": amount}))
    return events


def settle(state: State) -> list[Event]:
    """Pay every gift promised this turn, in the order given (WBC house rule 5: in the
    collection round), each up to what the giver holds by then."""
    events: list[Event] = []
    for giver, receiver, amount in state["transfers"]:
        events += pay(state, giver, receiver, min(amount, state["factions"][giver]["spice"]))
    state["transfers"] = []
    return events


def pay(state: State, giver: str, receiver: str, amount: int) -> list[Event]:
    """Move the spice; the amount at most what the giver holds."""
    amount = min(amount, state["factions"][giver]["spice"])
    state["factions"][giver]["spice"] -= amount
    state["factions"][receiver]["spice"] += amount
    return (announce(state, EventCode.SPICE_GIVEN, giver, receiver, amount)
            + variants.paid(state, giver, receiver, amount))


def announce(state: State, code: str, giver: str, receiver: str, amount: int) -> list[Event]:
    """A public event, with the amount under AH; under WBC the amount goes to the two factions
    only (clarification XIII, line 1283)."""
    data = {"faction": giver, "to": receiver}
    if not rules_of(state).spice_promised:
        return [Event(code, {**data, "amount": amount})]
    return [Event(code, {**data, "amount": None}),
            Event(code, {**data, "amount": amount}, to=(giver, receiver))]
