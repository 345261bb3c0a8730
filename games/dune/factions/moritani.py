"""The Moritani, of the Ecaz & Moritani expansion: their powers (001 2.12), text A (the printed
game).

Basic: their set-up (12 spice, six forces placed after every other faction in a territory
nobody occupies, 2.12.02-03), the Terror tokens behind their shield (2.12.06), placed or moved
at War Continues (TERRORIZE, 2.12.08) and revealed when another faction enters their stronghold
(2.12.09-14, ``moritani_terror``); the trigger decided ahead by their standing answers
(``token_triggers``), part of their decision of War Continues, whose order kind is here
(``TERROR``, ``TRIGGER``, ``ROBBERY``).  Not yet (issue 31): Terror moves and Enemy of My
Enemy (2.12.15-16), Duke Vidal (2.12.17-18), Assassinate Leaders (advanced, 2.12.20-21) and
their Karama power (1.14.13).  Their alliance (2.12.19, A): the ally losing a battle keeps a
card (``loser_keeps_one``).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import token_triggers as triggers
from .. import tokens
from ..codes import ErrorCode, EventCode
from ..data import Ability, NexusUse
from ..orders.language import (
    OrderKind,
    OrderProblem,
    card_among,
    order_kind,
    read_territory,
)
from ..prompt_key import PromptKey
from ..state import State, ally_of, data
from . import moritani_terror as terror
from .base import TERRITORY, Faction, NexusPlay, has

MORITANI = "moritani"


class Moritani(Faction):
    """The Moritani's hooks."""

    seat = MORITANI
    nexus_uses = {NexusUse.BETRAYAL: NexusPlay(
        "the Terror token in the territory you name taken off the board, back to the "
        "Moritani, unrevealed (001 4.03.07.13).", TERRITORY)}

    def nexus_targets(self, state: State, use: NexusUse, holder: str) -> list[str]:
        """Betrayal: the strongholds holding a Terror token (public)."""
        return terror.placed(state)

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.13, Betrayal: a Terror token off the board, back behind the Moritani's
        shield, face down."""
        token = next((t for t in tokens.of(state) if t["kind"] == terror.TOKEN
                      and t["at"] == tokens.BOARD and t.get("territory") == target), None)
        if use != NexusUse.BETRAYAL or token is None:
            return None
        tokens.place(token, self.seat, tokens.BEHIND)
        tokens.turn(token, tokens.DOWN)
        return [Event(EventCode.NEXUS_TERROR_RETURNED, {"faction": self.seat,
                                                        "territory": target})]
    decision_kinds = frozenset({terror.KIND, terror.EXTORTION})

    # --- their own decisions

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """At War Continues: one Terrorize action (2.12.08); there and in the revival round,
        before the movement round where tokens trigger, their standing answers to the
        triggers (2.12.09) and Robbery's take (2.12.14.05); optional."""
        if phase not in (terror.ROUND, terror.ANSWERS_ROUND):
            return []
        standing = triggers.in_words(state, terror.kind_of(state), self.seat)
        found = terror.decision(state, self.seat, standing, phase == terror.ROUND)
        own = [found] if found is not None else []
        if phase != terror.ROUND:
            return own
        # 2.12.14.04: the others' payments first, their own decision (which carries them out)
        # after
        return [terror.payment(state, self.seat, s) for s in terror.payers(state, self.seat)
                ] + own

    def decide(self, state: State, phase: str, key: PromptKey, value: Any, rng: random.Random
               ) -> list[Event]:
        """Their standing answers kept (theirs alone: no event); at War Continues their
        Extortion token back behind their shield and their Terrorize action carried out."""
        if key.kind == terror.EXTORTION:
            terror.paid(state, key.seat, value)
            return []
        assert key.kind == terror.KIND, key
        if value.get("trigger"):
            triggers.answered(state, self.seat, value["trigger"])
        if value.get("robbery"):
            state["factions"][self.seat]["robbery"] = value["robbery"]
        if value.get("sabotage") is not None:
            state["factions"][self.seat]["sabotage"] = value["sabotage"]
        if phase != terror.ROUND:
            return []
        return terror.war_continues(state, self.seat) + terror.decided(state, self.seat, value)

    # --- hooks of set-up

    def own_sheet(self) -> dict[str, Any]:
        """Their standing answers (none: every token triggers), Robbery's take (spice) and
        Sabotage's gift (none)."""
        return {"triggers": {}, "robbery": terror.SPICE, "sabotage": ""}

    def start_placement(self) -> str:
        """2.12.03: their six forces, after every other faction has placed its own."""
        return "after"

    # --- the token layer and the hand limits

    def token_entered(self, state: State, token: dict[str, Any], mover: str, advisors: bool
                      ) -> list[Event]:
        """2.12.09: another faction entered a stronghold with one of their Terror tokens;
        their standing answers say whether they reveal it."""
        if not triggers.wanted(state, self.seat, token["value"], mover):
            return []
        return terror.entered(state, self.seat, token, mover)

    def loser_keeps_one(self, state: State, loser: str) -> bool:
        """2.12.19 (A) ALLIANCE: their ally, losing a battle that had a winner, keeps one card
        it played that it could have kept had it won."""
        return (loser in ally_of(state, self.seat)
                and has(state, self.seat, Ability.ALLY_KEEPS_CARD))

    def hand_limit_cut(self, state: State, seat: str) -> int:
        """2.12.14.03: their Atomics gone off, their hand limit and their ally's one lower."""
        return terror.hand_limit_cut(state, seat, self.seat)

    def in_front(self, state: State) -> dict[str, Any]:
        """That their Atomics went off (their and their ally's hand limit cut: public)."""
        return {"atomics": True} if state["factions"][self.seat].get("atomics") else {}

    def behind_shield(self, state: State) -> dict[str, Any]:
        """Their standing answers, Robbery's take and Sabotage's gift."""
        own = state["factions"][self.seat]
        return {"triggers": own.get("triggers", {}), "robbery": own.get("robbery", terror.SPICE),
                "sabotage": own.get("sabotage", "")}


# --- their decision's order text
def read(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    """One line: ``TERROR <token> IN <stronghold>``, ``TERROR MOVE <stronghold> TO
    <stronghold>``, ``TERROR NONE``, ``TRIGGER ...``, ``ROBBERY SPICE|CARD``, ``SABOTAGE GIVE
    <card>|NONE``."""
    verb, rest = words[0].upper(), words[1:]
    kind = terror.kind_of(state)
    upper = [w.upper() for w in rest]
    if verb == "TRIGGER":
        return {"trigger": [triggers.read(state, kind, prompt.seat, rest)]}
    if verb == "SABOTAGE":
        hand = state["factions"][prompt.seat]["hand"]
        if upper == ["NONE"]:
            return {"sabotage": ""}
        if upper[:1] != ["GIVE"] or len(rest) < 2:
            raise OrderProblem(ErrorCode.BAD_TERROR, "expected SABOTAGE GIVE <card> or "
                               "SABOTAGE NONE", ("SABOTAGE NONE", "SABOTAGE GIVE Baliset"))
        card = card_among(state, " ".join(rest[1:]), hand, "card of your hand",
                          ("SABOTAGE NONE",))
        return {"sabotage": data(state).treachery_card(card).name}
    if verb == "ROBBERY":
        if upper not in (["SPICE"], ["CARD"]):
            raise OrderProblem(ErrorCode.BAD_TERROR, "expected ROBBERY SPICE or ROBBERY CARD",
                               ("ROBBERY SPICE", "ROBBERY CARD"))
        return {"robbery": upper[0].lower()}
    if upper == ["NONE"]:
        return {}
    if state["phase"] != terror.ROUND:
        raise OrderProblem(ErrorCode.BAD_TERROR, "a Terror token is placed or moved at War "
                           "Continues, in the Mentat Pause (001 2.12.08): now TRIGGER and "
                           "ROBBERY lines only", ("TRIGGER ALL", "ROBBERY SPICE"))
    if upper[:1] == ["MOVE"] and "TO" in upper:
        split = upper.index("TO")
        source, _ = read_territory(state, rest[1:split])
        territory = _stronghold(state, rest[split + 1:])
        if source.name not in terror.placed(state):
            raise OrderProblem(ErrorCode.BAD_TERROR, f"no Terror token lies in {source.name}",
                               tuple(terror.placed(state)))
        return {"move": [source.name, territory]}
    if "IN" not in upper:
        raise OrderProblem(ErrorCode.BAD_TERROR, "expected TERROR <token> IN <stronghold>, "
                           "TERROR MOVE <stronghold> TO <stronghold> or TERROR NONE",
                           ("TERROR Robbery IN Carthag", "TERROR MOVE Carthag TO Arrakeen"))
    split = upper.index("IN")
    value = triggers.read(state, kind, prompt.seat, [*rest[:split], "ALL"])[0]
    if value not in terror.supply(state, prompt.seat):
        raise OrderProblem(ErrorCode.BAD_TERROR, f"the {kind.token(value).name} is not behind "
                           "your shield", tuple(kind.token(v).name
                                                for v in terror.supply(state, prompt.seat)))
    return {"place": [value, _stronghold(state, rest[split + 1:])]}


def _stronghold(state: State, words: list[str]) -> str:
    """A stronghold that holds no Terror token (2.12.08)."""
    territory, _ = read_territory(state, words)
    if territory.name not in terror.open_strongholds(state):
        raise OrderProblem(ErrorCode.BAD_TERROR, f"{territory.name} is no stronghold free of "
                           "Terror tokens (001 2.12.08)", tuple(terror.open_strongholds(state)))
    return territory.name


def combine(state: State, prompt: Prompt, parts: list[dict[str, Any]]) -> dict[str, Any]:
    value = terror.empty()
    for part in parts:
        value["trigger"] += part.get("trigger", [])
        for key in ("place", "move", "robbery", "sabotage"):
            value[key] = part.get(key, value[key])
    if sum(1 for part in parts if part.get("place") or part.get("move")) > 1:
        raise OrderProblem(ErrorCode.BAD_TERROR, "one Terrorize action a Mentat Pause: place a "
                           "token or move one (001 2.12.08)", ("TERROR Robbery IN Carthag",))
    return value


def text(game: Any, value: dict[str, Any]) -> str:
    kind = terror.kind_of(game)
    lines = []
    if value.get("place"):
        lines.append(f"TERROR {kind.token(value['place'][0]).name} IN {value['place'][1]}")
    if value.get("move"):
        lines.append(f"TERROR MOVE {value['move'][0]} TO {value['move'][1]}")
    lines += [triggers.text(game, kind, answer) for answer in value.get("trigger", [])]
    if value.get("robbery"):
        lines.append(f"ROBBERY {value['robbery'].upper()}")
    if value.get("sabotage") is not None:
        lines.append(f"SABOTAGE GIVE {value['sabotage']}" if value["sabotage"]
                     else "SABOTAGE NONE")
    return "\n".join(lines) or "TERROR NONE"


def random_value(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """A bot's: now and then a token placed or moved, a standing answer, Robbery's take,
    Sabotage's gift."""
    value = terror.empty()
    held, free = prompt.options.get("supply", []), prompt.options.get("strongholds", [])
    on_board = prompt.options.get("placed", []) if prompt.options.get("terrorize") else []
    held = held if prompt.options.get("terrorize") else []
    roll = rng.random()
    if held and free and roll < 0.6:
        value["place"] = [rng.choice(held), rng.choice(free)]
    elif on_board and free and roll < 0.8:
        value["move"] = [rng.choice(on_board), rng.choice(free)]
    others = [s for s in view["seats"] if s != prompt.seat]
    if others and rng.random() < 0.2:
        value["trigger"].append(["*", {"*": True, rng.choice(others): False}])
    if rng.random() < 0.2:
        value["robbery"] = rng.choice([terror.SPICE, terror.CARD])
    held = sorted(data(view).treachery_card(c).name for c in view["own"]["hand"])
    if rng.random() < 0.2:
        value["sabotage"] = rng.choice(["", *held])
    return value


order_kind(OrderKind(terror.KIND, ("TERROR", "TRIGGER", "ROBBERY", "SABOTAGE"), read, text,
                     combine,
                     random_value, with_verb=True))


def read_payment(state: State, prompt: Prompt, words: list[str]) -> bool:
    """``PAY`` or ``NONE`` (2.12.14.04)."""
    said = [w.upper() for w in words]
    if said not in (["PAY"], ["NONE"]):
        raise OrderProblem(ErrorCode.BAD_TERROR, "expected EXTORTION PAY or EXTORTION NONE",
                           ("EXTORTION PAY", "EXTORTION NONE"))
    return said == ["PAY"]


order_kind(OrderKind(terror.EXTORTION, ("EXTORTION",), read_payment,
                     lambda game, value: "EXTORTION PAY" if value else "EXTORTION NONE",
                     random=lambda view, prompt, rng: rng.random() < 0.3))
