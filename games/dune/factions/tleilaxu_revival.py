"""The Tleilaxu's terms of revival for the others (001 2.08.12, 2.08.14), their Gholas (2.08.17,
``tleilaxu_gholas``) and their Karama power (1.14.09), by mail.

- FORCE REVIVAL (2.08.12): "You may increase the 3 Force revival limit for any other
  faction(s) to 5."  001 names no price: the forces beyond three cost what any force costs
  (2 spice each beyond the free ones), paid to the Tleilaxu as every revival is (2.08.11); what
  the Tleilaxu ask for the favour is a deal between players.
- LEADER REVIVAL (2.08.14): "Upon request by another faction for a particular one of its
  leaders in the tanks, you can set a price and, if met, revive that leader (whether it is
  face up or face down) ... only when fewer than five of that faction's leaders are in the
  tanks.  When all five are there, normal revival rules apply."
- KARAMA (1.14.09): "During Revival Phase you may use a Karama Card to prevent a player from
  performing their standard revival (Forces and/or leader)."

Rulings (docs/rules-coverage.md, "001 2.08"):

- By mail the Tleilaxu's terms are standing words, in front of their shield for all to see:
  ``RAISE <faction>, ...`` (``RAISE ALL``, ``RAISE NONE``) the factions whose limit is 5,
  and ``PRICE <leader> <n>``, ``PRICE ALL <n>``, ``PRICE ALL VALUE`` (each leader's value),
  ``PRICE <leader> NONE``, ``PRICE NONE`` (no offer, the default) the price they set on each
  leader of the others.  A faction's ``REVIVE LEADER <leader>`` at the price the Tleilaxu set
  is its request, met at once: so a request costs no mail round.  The terms are an optional
  decision of the Tleilaxu in every revival round, never waited for, sendable ahead (``FOR
  REVIVAL``); they take effect once that round's revivals are over, so nobody orders against
  terms unseen, and stand until the Tleilaxu send others.
- A leader revived at the Tleilaxu's price is the faction's leader revival of the turn (one a
  turn, 000 IX.D.1); the price is the Tleilaxu's, not halved for their ally (2.08.16 halves
  "revival rates", the rules' prices).  Zoal is theirs; their own leaders have no price.
- The Karama, ``STOP <faction>``, is part of the same decision, secret until the round
  resolves: the faction's forces and leader revived by the ordinary rules (its free revival
  too) are not revived and cost nothing; a card that revives (a Tleilaxu Ghola, the Emperor's
  Karama) is no standard revival and still does.  Once a game (1.14.01).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import leaders
from ..cards import karama
from ..codes import ErrorCode, EventCode
from ..data import Ability, NameLookupError
from ..orders.language import OrderKind, OrderProblem, order_kind, read_faction, read_number
from ..state import State, data, faction_name
from . import tleilaxu_gholas as gholas
from .base import has, karama_power_used

TLEILAXU = "tleilaxu"
TERMS = "terms"             # the decision's kind, and its key ``terms:tleilaxu``
KEY = f"{TERMS}:{TLEILAXU}"
RAISED_LIMIT = 5            # 2.08.12: "to 5"
FEWER_THAN = 5              # 2.08.14: "only when fewer than five of that faction's leaders"
ALL = "*"                   # a price on every leader
VALUE = "value"             # a price of the leader's value
STOP_USE = "stop-revival"   # the Karama event's use


def _sheet(game: Any) -> dict[str, Any]:
    """The Tleilaxu's entry in a state or a view (their terms are public: ``in_front``)."""
    return game["factions"].get(TLEILAXU, {})


def raised(game: Any) -> list[str]:
    """The factions whose revival limit the Tleilaxu raise to 5."""
    return list(_sheet(game).get("raised", []))


def prices(game: Any) -> dict[str, Any]:
    """The Tleilaxu's prices: leader (or ``*``) -> spice, or ``value``."""
    return dict(_sheet(game).get("prices", {}))


def in_front(state: State) -> dict[str, Any]:
    """Their standing terms and their Gholas, public."""
    own = state["factions"][TLEILAXU]
    return {"raised": list(own.get("raised", [])), "prices": dict(own.get("prices", {})),
            "gholas": dict(own.get("gholas", {}))}


def offers(game: Any, seat: str, dead: list[str]) -> dict[str, int]:
    """What the Tleilaxu ask for each of ``seat``'s leaders in the tanks (``dead``), when
    fewer than five are there (2.08.14); none of their own."""
    if seat == TLEILAXU or len(dead) >= FEWER_THAN:
        return {}
    set_ = prices(game)
    found = {}
    for name in dead:
        price = set_.get(name, set_.get(ALL))
        if price is None:
            continue
        found[name] = data(game).leader(name).strength if price == VALUE else int(price)
    return found


def may_raise(state: State) -> bool:
    return has(state, TLEILAXU, Ability.RAISE_REVIVAL_LIMIT)


def may_price(state: State) -> bool:
    return has(state, TLEILAXU, Ability.LEADER_REVIVAL_PRICE)


def may_ghola(state: State) -> bool:
    """The advanced power of Gholas is theirs (2.08.01, 2.08.17)."""
    return has(state, TLEILAXU, Ability.GHOLAS)


def may_stop(state: State) -> bool:
    """Their Karama power is theirs to use and they hold a card to play as a Karama."""
    return has(state, TLEILAXU, Ability.STOP_REVIVAL) and bool(karama.playable(state, TLEILAXU))


# --- the decision
def decision(state: State) -> Prompt | None:
    """Their terms and Karama in the revival round: optional, secret, sendable ahead."""
    parts = []
    others = [faction_name(s, state) for s in state["seats"] if s != TLEILAXU]
    if may_raise(state):
        now = ", ".join(faction_name(s, state) for s in raised(state)) or "none"
        parts.append(f"RAISE <faction>, ... (or ALL, NONE): the factions whose revival limit "
                     f"you raise from 3 to {RAISED_LIMIT} (001 2.08.12); now: {now}.")
    if may_price(state):
        parts.append("PRICE <leader> <n>, PRICE ALL <n>, PRICE ALL VALUE, PRICE <leader> NONE "
                     "or PRICE NONE: your price to revive another faction's leader on its "
                     "request, while fewer than five of its leaders are in the tanks (001 "
                     f"2.08.14); now: {price_text(prices(state)) or 'none'}.")
    if may_ghola(state):
        room = gholas.ACTIVE_LEADERS - gholas.active(state)
        dead = ", ".join(f"{name} {gholas.price(state, name)}"
                         for name in gholas.candidates(state)) or "none now"
        parts.append(f"GHOLAS <leader>, ...: other factions' leaders face up in the tanks you "
                     f"revive as your own once the round's revivals are over, at half their "
                     f"value, while you have fewer than {gholas.ACTIVE_LEADERS} Active Leaders "
                     f"(001 2.08.17; room now: {max(0, room)}; {dead}).")
    if may_stop(state):
        parts.append(f"STOP <faction> ({', '.join(others)}): play a Karama to stop its "
                     "standard revival this round (001 1.14.09; once a game).")
    if not parts:
        return None
    legal = " ".join(parts) + (" STOP NONE: none of these. Never waited for; your terms take "
                               "effect once this round's revivals are over and stand until "
                               "you change them.")
    return Prompt(KEY, TLEILAXU, TERMS, True, legal, empty(), "STOP NONE", "STOP NONE",
                  optional=True,
                  title="your terms of revival")


def empty() -> dict[str, Any]:
    """The terms unchanged, nobody stopped, no Ghola (``gholas`` only where named)."""
    return {"raise": None, "prices": [], "stop": None}


def price_text(set_: dict[str, Any]) -> str:
    """Prices in words."""
    def one(price: Any) -> str:
        return "his value" if price == VALUE else f"{price} spice"
    parts = ([f"every leader {one(set_[ALL])}"] if ALL in set_ else [])
    parts += [f"{name} {one(price) if price is not None else 'not offered'}"
              for name, price in sorted(set_.items()) if name != ALL]
    return ", ".join(parts)


def read_terms(state: State, prompt_: Prompt, words: list[str]) -> dict[str, Any]:
    """One line: ``RAISE ...``, ``PRICE ...`` or ``STOP <faction>``."""
    verb, rest = words[0], words[1:]
    others = [s for s in state["seats"] if s != TLEILAXU]
    said = " ".join(rest).upper()
    if verb == "RAISE":
        if not may_raise(state):
            raise OrderProblem(ErrorCode.NO_TERMS, "only the Tleilaxu raise a revival limit "
                               "(001 2.08.12)")
        if said in ("NONE", "ALL"):
            return {"raise": [] if said == "NONE" else others}
        return {"raise": _factions(state, rest, others)}
    if verb == "GHOLAS":
        return {"gholas": _read_gholas(state, rest)}
    if verb == "PRICE":
        if not may_price(state):
            raise OrderProblem(ErrorCode.NO_TERMS, "only the Tleilaxu price a leader's revival "
                               "(001 2.08.14)")
        return {"prices": [_read_price(state, rest)]}
    if said == "NONE":
        return {}
    if not may_stop(state):
        raise OrderProblem(ErrorCode.NO_TERMS, "the Tleilaxu's Karama power (001 1.14.09) "
                           "needs a Karama card, once a game")
    return {"stop": read_faction(state, rest, others)}


def _factions(state: State, words: list[str], among: list[str]) -> list[str]:
    """Faction names one after another (``Bene Gesserit`` is one; commas optional, ``AND``
    left out): each the longest run of words naming one of ``among``."""
    words = [w for w in words if w.upper() != "AND"]
    found, start = [], 0
    while start < len(words):
        end = next((end for end in range(len(words), start, -1)
                    if _names_one(state, words[start:end], among)), start + 1)
        found.append(read_faction(state, words[start:end], among))
        start = end
    return found


def _names_one(state: State, words: list[str], among: list[str]) -> bool:
    try:
        read_faction(state, words, among)
    except OrderProblem:
        return False
    return True


def _read_price(state: State, words: list[str]) -> list[Any]:
    """``[leader or *, price]``; ``["", None]`` clears every price."""
    valid = ("PRICE ALL 3", "PRICE ALL VALUE", "PRICE NONE", "PRICE <leader> <n>")
    if [w.upper() for w in words] == ["NONE"]:
        return ["", None]
    if len(words) < 2:
        raise OrderProblem(ErrorCode.BAD_PRICE, "expected PRICE <leader> <n>, PRICE ALL <n>, "
                           "PRICE ALL VALUE or PRICE NONE", valid)
    *named, last = words
    if " ".join(named).upper() == "ALL":
        who = ALL
    else:
        try:
            leader = data(state).leader(" ".join(named))
        except NameLookupError as error:
            raise OrderProblem(ErrorCode.UNKNOWN_LEADER, str(error), valid) from None
        if leader.faction == faction_name(TLEILAXU, state):
            raise OrderProblem(ErrorCode.BAD_PRICE, f"{leader.name} is your own leader", valid)
        who = leader.name
    if last.upper() == "NONE":
        return [who, None]
    if last.upper() == "VALUE":
        return [who, VALUE]
    return [who, read_number(last, 0, 99, "the price")]


def _read_gholas(state: State, words: list[str]) -> list[str]:
    """Other factions' leaders face up in the tanks, by name (the longest run of words naming
    a leader each), that they have the room and the spice for now (2.08.17)."""
    if not may_ghola(state):
        raise OrderProblem(ErrorCode.NO_TERMS, "Gholas are the Tleilaxu's, in the advanced game "
                           "(001 2.08.17)")
    dead = gholas.candidates(state)
    valid = tuple(f"GHOLAS {name}" for name in dead)
    named, start = [], 0
    while start < len(words):
        end = next((end for end in range(len(words), start, -1)
                    if _leader_named(state, words[start:end])), None)
        if end is None:
            raise OrderProblem(ErrorCode.UNKNOWN_LEADER, "no leader is called "
                               f"{' '.join(words[start:])!r}", valid)
        name = data(state).leader(" ".join(words[start:end])).name
        if name not in dead:
            raise OrderProblem(ErrorCode.NOT_A_GHOLA, f"{name} is not another faction's leader "
                               "face up in the tanks", valid)
        named.append(name)
        start = end
    room = gholas.ACTIVE_LEADERS - gholas.active(state)
    if not named or len(named) > room:
        raise OrderProblem(ErrorCode.NOT_A_GHOLA, f"you may revive {max(0, room)} Gholas now, "
                           f"having {gholas.active(state)} Active Leaders", valid)
    cost = sum(gholas.price(state, name) for name in named)
    if cost > state["factions"][TLEILAXU]["spice"]:
        raise OrderProblem(ErrorCode.NOT_A_GHOLA, f"these Gholas cost {cost} spice; you have "
                           f"{state['factions'][TLEILAXU]['spice']}", valid)
    return named


def _leader_named(state: State, words: list[str]) -> bool:
    try:
        data(state).leader(" ".join(words))
    except NameLookupError:
        return False
    return True


def combine_terms(state: State, prompt_: Prompt, parts: list[dict[str, Any]]
                  ) -> dict[str, Any]:
    """The lines together: the last RAISE, every PRICE in order, one STOP."""
    value = empty()
    for part in parts:
        if "raise" in part:
            value["raise"] = sorted(set(part["raise"]), key=state["seats"].index)
        value["prices"] += part.get("prices", [])
        if part.get("gholas"):
            value["gholas"] = list(dict.fromkeys(value.get("gholas", []) + part["gholas"]))
        if part.get("stop"):
            if value["stop"] not in (None, part["stop"]):
                raise OrderProblem(ErrorCode.BAD_PRICE, "one Karama stops one faction's revival")
            value["stop"] = part["stop"]
    return value


def terms_text(game: Any, value: dict[str, Any]) -> str:
    """The canonical lines."""
    lines = []
    if value["raise"] is not None:
        lines.append("RAISE " + (", ".join(faction_name(s, game) for s in value["raise"])
                                 or "NONE"))
    for who, price in value["prices"]:
        if not who:
            lines.append("PRICE NONE")
            continue
        name = "ALL" if who == ALL else who
        lines.append(f"PRICE {name} " + ("NONE" if price is None else
                                          "VALUE" if price == VALUE else str(price)))
    if value.get("gholas"):
        lines.append(f"GHOLAS {', '.join(value['gholas'])}")
    if value["stop"]:
        lines.append(f"STOP {faction_name(value['stop'], game)}")
    return "\n".join(lines) or "STOP NONE"


def random_terms(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> dict[str, Any]:
    """A bot's terms: now and then a raise or a price, rarely a Karama."""
    value = empty()
    others = [s for s in view["seats"] if s != TLEILAXU]
    if "RAISE" in prompt_.legal and rng.random() < 0.3:
        value["raise"] = sorted(rng.sample(others, rng.randint(0, len(others))),
                                key=view["seats"].index)
    if "PRICE" in prompt_.legal and rng.random() < 0.3:
        value["prices"] = [[ALL, rng.choice([VALUE, rng.randint(1, 6)])]]
    if "STOP <faction>" in prompt_.legal and rng.random() < 0.1:    # not "STOP NONE"
        value["stop"] = rng.choice(others)
    if "GHOLAS" in prompt_.legal and rng.random() < 0.5:         # 2.08.17
        dead = list(gholas.candidates(view))
        room = gholas.ACTIVE_LEADERS - gholas.active(view)
        spice = view["own"]["spice"]
        if dead and room > 0 and (name := rng.choice(dead)) and gholas.price(view, name) <= spice:
            value["gholas"] = [name]
    return value


order_kind(OrderKind(TERMS, ("RAISE", "PRICE", "STOP", "GHOLAS"), read_terms, terms_text,
                     combine_terms, random_terms, with_verb=True))


# --- carried out
def decided(state: State, value: dict[str, Any]) -> list[Event]:
    """Their Karama played at once (its stop holds for this round's revivals); their terms
    kept for the end of the round."""
    events: list[Event] = []
    target = value.get("stop")
    if target and may_stop(state):
        played, effective = karama.play(state, TLEILAXU, STOP_USE)
        events += played
        if effective:
            karama_power_used(state, TLEILAXU)
            state["step"].setdefault("stopped", []).append(target)
            events.append(Event(EventCode.REVIVAL_STOPPED, {"faction": TLEILAXU,
                                                            "target": target}))
    if value.get("raise") is not None or value.get("prices") or value.get("gholas"):
        state["step"]["terms"] = {"raise": value.get("raise"), "prices": value.get("prices", []),
                                  "gholas": value.get("gholas", [])}
    return events


def stopped(state: State, seat: str) -> bool:
    """Whether their Karama stopped ``seat``'s standard revival this round."""
    return seat in state["step"].get("stopped", [])


def round_over(state: State) -> list[Event]:
    """The terms given this round take effect, told to all."""
    given = state["step"].pop("terms", None)
    if not given:
        return []
    events = gholas.revive(state, given.get("gholas", [])) if may_ghola(state) else []
    if given["raise"] is None and not given["prices"]:
        return events
    own = state["factions"][TLEILAXU]
    if given["raise"] is not None and may_raise(state):
        own["raised"] = list(given["raise"])
    if given["prices"] and may_price(state):
        set_ = dict(own.get("prices", {}))
        for who, price in given["prices"]:
            if not who:
                set_ = {}
            elif price is None:
                set_.pop(who, None)
                if who == ALL:
                    set_ = {}
            else:
                set_[who] = price
        own["prices"] = set_
    return events + [Event(EventCode.REVIVAL_TERMS, {"faction": TLEILAXU,
                                            "raised": list(own.get("raised", [])),
                                            "prices": price_text(own.get("prices", {}))})]


def dead_of(game: Any, seat: str) -> list[str]:
    """``seat``'s leaders in the tanks, face up or down, from a state or from its own view."""
    own = game["own"] if game.get("seat") == seat and "own" in game else game["factions"][seat]
    return leaders.in_tanks(own["leaders"])
