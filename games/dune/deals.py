"""Bribes in any round and the CHOAM Charity claimed or declined, by mail (GF9: 001 1.12
Deals and Bribes, 1.03 CHOAM Charity; ``Rules.deals_every_round``).

At the table a bribe is made "between one another" whenever two players agree (1.12.01), but
not before the first storm (1.12.05) nor in the Mentat Pause (1.12.06, glossary "Bribe"), and a
player "can collect" the charity "by calling out" (1.03.02): one may also keep quiet, and
keep one's poverty to oneself.  By mail each faction asked anything in a round gets, beside
its decisions, an optional decision of its own (key ``deal:<seat>``, kind ``deal``), like the
Truthtrance's: it never holds the step nor shows who is waited for, and with no line it does
nothing.  Its lines:

- ``GIVE <faction> <spice>``: a bribe (``transfers.give``: in front of the receiver's shield
  until the Mentat Pause, 1.12.03; never to an ally but by the Emperor's alliance power,
  1.10.03.04, 2.03.07); ``GIVE NONE``: none.  In the movement round this is where a ``GIVE``
  line goes (the movement order held ahead keeps its own);
- ``CHARITY DECLINE``: call no CHOAM Charity from now on, until ``CHARITY CLAIM`` (the
  default) calls it again.  It stands, on the sheet (``charity_declined``), since the charity
  phase asks nobody (``phases/charity``) and a faction cannot know its spice then; who
  declined is its own to know.

The deals are carried out when the round's orders have been, in storm order.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from . import factions, transfers
from .codes import ErrorCode
from .orders.language import OrderKind, OrderProblem, order_kind, read_faction, read_number
from .prompt_key import PromptKey, of_kind
from .rules import Rules, rules_of
from .state import State, ally_of, faction_name, storm_order

DEAL = "deal"
CLAIM, DECLINE = "claim", "decline"
DECLINED = "charity_declined"       # the sheet's key while a faction calls no charity


def owns(key: str) -> bool:
    """Whether a decision's key is one of this module's."""
    return PromptKey.parse(key).kind == DEAL


def open_to_deals(state: State) -> bool:
    """Whether a bribe may be made now: a ruleset that takes them in every round, after the
    set-up, which ends with the first storm (001 1.12.05, setup 17); the Mentat Pause asks
    nobody (1.12.06)."""
    return rules_of(state).deals_every_round and state["phase"] != "setup"


def rides(rules: Rules) -> bool:
    """Whether a game of these rules takes a bribe with a round's orders (``open_to_deals``)."""
    return rules.deals_every_round


def prompts(state: State, others: list[Prompt]) -> list[Prompt]:
    """A deal decision for each faction asked something else in this round (an optional
    decision of a card's holder too: this one is optional as well, so nobody else learns of
    it)."""
    if not others or not open_to_deals(state):
        return []
    asked = {p.seat for p in others}
    return [_prompt(state, seat) for seat in state["seats"] if seat in asked]


def keys(state: State, others: list[str]) -> list[str]:
    """The keys of ``prompts``, from the keys of the other decisions."""
    if not others or not open_to_deals(state):
        return []
    asked = {PromptKey.parse(key).seat for key in others}
    return [str(PromptKey(DEAL, seat)) for seat in state["seats"] if seat in asked]


def _prompt(state: State, seat: str) -> Prompt:
    """The deal decision; its words written when read (a bot never reads them)."""
    return Prompt(str(PromptKey(DEAL, seat)), seat, DEAL, True, lambda: _legal(state, seat),
                  empty(), "GIVE NONE", "GIVE NONE", optional=True,
                  options={"barred": bool(_barring(state))})


def _barring(state: State) -> str:
    """Why no bribe may be made now (a faction's power: 001 2.09.14), or ""."""
    return next((why for faction in factions.in_play(state, "bars_bribes")
                 if (why := faction.bars_bribes(state))), "")


def _legal(state: State, seat: str) -> str:
    allies = ally_of(state, seat)
    others = [faction_name(s, state) for s in state["seats"] if s != seat and s not in allies]
    declined = state["factions"][seat].get(DECLINED, False)
    return (f"Beside your orders, if you like: GIVE <faction> <spice> bribes a faction "
            f"({', '.join(others) or 'none but your ally'}), the spice put in front of its "
            "shield until the Mentat Pause (001 1.12.03); GIVE NONE: none.  CHOAM Charity "
            f"(001 1.03.02): you {'decline' if declined else 'call'} it when you have 0 or 1 "
            "spice; CHARITY DECLINE to keep quiet from now on, CHARITY CLAIM to call it again.")


def empty() -> dict[str, Any]:
    """The deal that does nothing: no bribe, the charity as it stands."""
    return {"give": [], "charity": None}


# --- the orders
def _read(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    verb, rest = words[0], words[1:]
    if verb == "CHARITY":
        said = " ".join(rest).lower()
        if said not in (CLAIM, DECLINE):
            raise OrderProblem(ErrorCode.BAD_CHARITY, "expected CHARITY CLAIM or CHARITY "
                               "DECLINE (001 1.03.02)", ("CHARITY CLAIM", "CHARITY DECLINE"))
        return {"give": [], "charity": said}
    if [w.upper() for w in rest] == ["NONE"]:
        return empty()
    return {"give": [read_gift(state, prompt, rest)], "charity": None}


def read_gift(state: State, prompt: Prompt, words: list[str]) -> list:
    """GIVE <faction> <n>: spice to another faction (000 XIII.C; ``transfers``); under GF9 not
    to an ally but by an alliance power to give it (001 1.10.03.04, 1.12.02).  The words of a
    movement order's GIVE too (``move_orders``)."""
    spice = state["factions"][prompt.seat]["spice"]
    if len(words) < 2:
        raise OrderProblem(ErrorCode.BAD_GIFT, "expected GIVE <faction> <spice>",
                           ("GIVE Fremen 3",))
    others = [s for s in state["seats"] if s != prompt.seat
              and s not in state.get("out", ())]        # v3: out of the game (003)
    receiver = read_faction(state, words[:-1], others)
    if (not rules_of(state).bribes_between_allies and receiver in ally_of(state, prompt.seat)
            and not transfers.ally_gifts(state, prompt.seat, receiver)):
        allowed = tuple(faction_name(s, state) for s in others
                        if s not in ally_of(state, prompt.seat))
        raise OrderProblem(ErrorCode.ALLY_BRIBE, f"allies may not give each other spice (001 "
                           "1.10.03.04: no bribe between allies); "
                           f"{faction_name(receiver, state)} is your ally", allowed)
    if not transfers.ally_gifts(state, prompt.seat, receiver) and (why := _barring(state)):
        raise OrderProblem(ErrorCode.BRIBES_BARRED, f"no bribes may be made now: {why}",
                           ("GIVE NONE",))
    return [receiver, read_number(words[-1], 1, max(spice, 1), f"the spice (you have {spice})")]


def _combine(state: State, prompt: Prompt, parts: list[dict[str, Any]]) -> dict[str, Any]:
    value = empty()
    for part in parts:
        value["give"] += part["give"]
        value["charity"] = part["charity"] or value["charity"]
    spice = state["factions"][prompt.seat]["spice"]
    if sum(amount for _, amount in value["give"]) > spice:
        raise OrderProblem(ErrorCode.NOT_ENOUGH_SPICE, f"you give more than the {spice} spice "
                           "you have", ())
    return value


def _text(game: Any, value: dict[str, Any]) -> str:
    lines = [f"GIVE {faction_name(seat, game)} {amount}" for seat, amount in value["give"]]
    if value["charity"]:
        lines.append(f"CHARITY {value['charity'].upper()}")
    return "\n".join(lines) or "GIVE NONE"


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """A bot now and then bribes a faction that is not its ally with a little spice, and now
    and then stops or starts calling the charity."""
    value = empty()
    seat, spice = prompt.seat, view["own"]["spice"]
    allies = {s for alliance in view["alliances"] if seat in alliance for s in alliance}
    others = [s for s in view["seats"] if s != seat and s not in allies]
    if spice and others and not prompt.options.get("barred") and rng.random() < 0.05:
        value["give"] = [[rng.choice(others), rng.randint(1, min(spice, 2))]]
    if rng.random() < 0.05:
        value["charity"] = rng.choice((CLAIM, DECLINE))
    return value


order_kind(OrderKind(DEAL, ("GIVE", "CHARITY"), _read, _text, _combine, _random,
                     with_verb=True))


# --- carrying them out
def apply(state: State, orders: dict[str, Any]) -> list[Event]:
    """Each faction's deal, in storm order: its charity choice noted, its bribes made."""
    events: list[Event] = []
    given = of_kind(orders, DEAL)
    for seat in storm_order(state) if given else ():
        value = given.get(seat)
        if value is None:
            continue
        own = state["factions"][seat]
        if value["charity"] == DECLINE:
            own[DECLINED] = True
        elif value["charity"] == CLAIM:
            own.pop(DECLINED, None)
        events += transfers.give(state, seat, value["give"])
    return events


def declined(state: State, seat: str) -> bool:
    """Whether the faction calls no CHOAM Charity now (``CHARITY DECLINE``)."""
    return state["factions"][seat].get(DECLINED, False)
