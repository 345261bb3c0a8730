"""The Atreides' prescience in battle (000 Atreides shield 3, line 760; alliance, line 766; Q&A
XXV.B.6, line 666; WBC clarification X, lines 1214-1242, and 004 X.3-5, lines 270-284).

The Atreides in a battle, or whose ally fights one, may make the opponent show one element of
his plan: the leader, the weapon, the defense or the number dialed (line 760); for the ally,
the opponent shows it to the ally (line 766) -- and by mail to the Atreides too, who asked.
"If your opponent shows you that he is not playing a weapon or defense, you may not ask to see
another element": one question a battle, and "none" is an answer.  The question comes after
the Voice (Q&A B.6; WBC line 1218); a Karama cancels it (player aid B.6.A.1; WBC line 1390):
``battle_karama``.

By mail (``docs/orders.md``, "Before the plans"): ``PRESCIENCE LEADER``, ``PRESCIENCE
WEAPON``, ``PRESCIENCE DEFENSE``, ``PRESCIENCE DIAL`` or ``PRESCIENCE NONE`` (the default), key
``prescience:<atreides>``, secret, in the battle's first mail round together with both plans.
The question is published when the round is carried out; the opponent's plan of that round,
with its conditional lines (``IF ASKED WEAPON: WEAPON Crysknife``) and the Voice applied, gives
the answer, which binds that element (WBC line 1242; 004 X.5).  The answer goes to the
Atreides and their ally only; the side that asked then sends its plan again in a second mail
round, knowing the answer (its first plan is the default).  The opponent's plan is committed
with its answer: his conditional lines were written knowing every question that could come.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import tokens
from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..rules import Rules, rules_of
from ..state import State, faction_name
from .base import BattleTools, borrower, has, karama_power_used, stopped

ATREIDES = "atreides"
PRESCIENCE = "prescience"
ELEMENTS = ("leader", "weapon", "defense", "dial")        # line 760


def asker(game: Any, battle: dict[str, Any]) -> tuple[str, str, str] | None:
    """(the Atreides, the side they ask for, the faction asked) in this battle of a game (a
    state or a view); None when the Atreides are not in it nor allied to one who is."""
    seats, alliances = game["seats"], game["alliances"]
    pair = (battle["aggressor"], battle["defender"])
    holder = borrower(battle, ATREIDES)         # 001 4.03.07.02: a Nexus card's Secret Ally
    if holder in pair and not stopped(battle, PRESCIENCE):
        return holder, holder, pair[1] if holder == pair[0] else pair[0]
    if (ATREIDES not in seats or not has(game, ATREIDES, Ability.PRESCIENCE_BATTLE)
            or stopped(battle, PRESCIENCE)):        # 001 4.03.07.02: a Nexus card's Betrayal
        return None
    allies = [s for alliance in alliances if ATREIDES in alliance for s in alliance
              if s != ATREIDES]
    for us, them in (pair, pair[::-1]):
        if us == ATREIDES or us in allies:
            return ATREIDES, us, them
    return None


def standing(battle: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """The question put to ``seat`` in this battle and not cancelled, if any."""
    question = battle.get("question")
    if question and question["to"] == seat and not question["cancelled"]:
        return question
    return None


def answer_of(plan: dict[str, Any], element: str) -> Any:
    """What the plan shows of the element: a leader's (or cheap hero's) name, a card's name,
    the dial; None for no leader, weapon or defense."""
    if element == "leader":
        return plan["leader"] or plan["cheap_hero"]
    return plan[element]


def answer_text(element: str, value: Any) -> str:
    """An answer in words."""
    return f"{element} {'none' if value is None else value}"


def answer(battle: dict[str, Any], answer_: Any) -> list[Event]:
    """The answer shown to the Atreides and the side they asked for (lines 760, 766); the table
    learns only that it was given."""
    question = battle["question"]
    seen = tuple(dict.fromkeys((question["by"], question["for"])))
    data = {"faction": question["to"], "element": question["element"]}
    return [Event(EventCode.PRESCIENCE_ANSWERED, data),
            Event(EventCode.PRESCIENCE_ANSWER, {**data, "answer": answer_}, to=seen)]


def decision(state: State, battle: dict[str, Any]) -> tuple[Prompt, str] | None:
    """The question the Atreides may put in this battle, with the faction it is put to."""
    asking = asker(state, battle)
    if not asking:
        return None
    by, side, target = asking
    return prompt(by, side, target, by in (battle["aggressor"], battle["defender"]),
                  rules_of(state)), target


def key(state: State, battle: dict[str, Any]) -> str | None:
    """The key of ``decision``."""
    asking = asker(state, battle)
    return f"{PRESCIENCE}:{asking[0]}" if asking else None


def blind(game: Any, battle: dict[str, Any], target: str) -> bool:
    """Whether the dial is hidden from the question: a face-down token standing for the
    asked faction's forces lies in the battle's territory (001 2.10.18 BLIND PRESCIENCE: "a
    No-Field token is present"; ``tokens.occupying``, public in every view)."""
    return any(token["owner"] == target
               for token in tokens.occupying(game, battle["territory"]))


def question_step(state: State, orders: dict[str, Any], wanted: dict[str, list[str]],
                  tools: BattleTools) -> list[Event]:
    """Steps 3-4 before the plans (WBC, 000 lines 1214-1242): the question put, published, and
    cancelled by a Karama standing ready."""
    battle = state["step"]["battle"]
    asking = asker(state, battle)
    element = orders.get(f"{PRESCIENCE}:{asking[0]}") if asking else None
    if not asking or element is None:
        return []
    by, side, target = asking
    if element == "dial" and blind(state, battle, target):
        return []                       # 2.10.18: refused when sent (``read_question``)
    battle["question"] = {"by": by, "for": side, "to": target, "element": element,
                          "cancelled": False}
    events = [Event(EventCode.PRESCIENCE, {"faction": by, "for": side, "to": target,
                                           "element": element})]
    spent, effective = tools.spend(state, wanted, "prescience")
    battle["question"]["cancelled"] = effective
    return events + spent


def answer_step(state: State, replan: set[str]) -> list[Event]:
    """Step 5: the answer, from the opponent's plan, to the side that asked; it binds."""
    step = state["step"]
    battle = step["battle"]
    question = battle["question"]
    if not question or question["cancelled"]:
        return []
    found = answer_of(step["plans"][question["to"]], question["element"])
    step["answer"] = found
    battle["bound"] = {"seat": question["to"], "element": question["element"]}
    replan.add(question["for"])
    return answer(battle, found)


def look_step(state: State, wanted: dict[str, list[str]], replan: set[str],
              tools: BattleTools) -> list[Event]:
    """Step 6: the Atreides' Karama look at the opponent's whole plan, which is committed; the
    Atreides side plans after it (lines 764, 1350)."""
    step = state["step"]
    battle = step["battle"]
    asking = asker(state, battle)
    if not asking or "look" not in wanted.get(asking[0], []):
        return []
    by, side, target = asking
    events, _ = tools.spend(state, {by: ["look"]}, "look")
    karama_power_used(state, by)
    battle["committed"].append(target)
    replan.add(side)
    return events + [Event(EventCode.PLAN_SEEN, {"faction": target, "plan": tools.revealed(
        step["plans"][target])}, to=(by,))]


def binds(step: dict[str, Any], seat: str) -> tuple[str, Any] | None:
    """(element, value) the answer binds in ``seat``'s plan; the value is kept out of the
    public battle (``step["answer"]``)."""
    bound = step["battle"].get("bound")
    if bound and bound["seat"] == seat:
        return bound["element"], step["answer"]
    return None


# --- the order
def read_question(words: list[str], rules: Rules, state: State | None = None
                  ) -> str | None:
    """``LEADER``, ``WEAPON``, ``DEFENSE`` (``DEFENCE``), ``DIAL`` (``NUMBER``) or ``NONE``;
    not the dial of a faction whose No-Field lies in the battle's territory (001 2.10.18)."""
    said = " ".join(words).upper().replace("DEFENCE", "DEFENSE").replace("NUMBER", "DIAL")
    if said == "NONE":
        return None
    battle = state["step"].get("battle") if state and state["phase"] == "battle" else None
    asking = asker(state, battle) if battle else None
    if said == "DIAL" and asking and blind(state, battle, asking[2]):
        raise OrderProblem(ErrorCode.BAD_PRESCIENCE,
                           f"a No-Field of the {faction_name(asking[2], rules)} lies in "
                           f"{battle['territory']}: you may not ask their dial (001 2.10.18)",
                           tuple(f"PRESCIENCE {e.upper()}" for e in ELEMENTS if e != "dial"))
    if said.lower() not in ELEMENTS:
        raise OrderProblem(ErrorCode.BAD_PRESCIENCE,
                           "expected PRESCIENCE LEADER, WEAPON, DEFENSE or DIAL: one element "
                           f"of the plan ({rules.cite('000 Atreides shield 3, line 760')})",
                           tuple(f"PRESCIENCE {e.upper()}" for e in ELEMENTS))
    return said.lower()


def text(element: str | None) -> str:
    return f"PRESCIENCE {(element or 'none').upper()}"


def prompt(seat: str, side: str, target: str, optional: bool, rules: Rules) -> Prompt:
    """The Atreides' question for a battle, secret until the round is carried out."""
    for_whom = ("" if side == seat else
                f", for your ally the {faction_name(side, rules)} ({rules.cite('line 766')})")
    legal = (f"PRESCIENCE LEADER, WEAPON, DEFENSE or DIAL: the {faction_name(target, rules)} show "
             f"you that element of their plan{for_whom} "
             f"({rules.cite('000 Atreides shield 3, line 760')}).  The "
             "question is published when this round is carried out; the answer comes from "
             "their plan of this round, is shown to you only, and binds them; "
             f"the {faction_name(side, rules)} then send their plan again knowing it, in one more "
             "mail round.  PRESCIENCE NONE: no question, no extra round.")
    return Prompt(f"{PRESCIENCE}:{seat}", seat, PRESCIENCE, True, legal, None,
                  "PRESCIENCE NONE", "PRESCIENCE NONE", optional=optional)


def random_question(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    """Now and then a random question (never a dial hidden by a No-Field, 001 2.10.18)."""
    battle = view["battle"]["current"]
    asking = asker(view, battle)
    allowed = [e for e in ELEMENTS
               if e != "dial" or not (asking and blind(view, battle, asking[2]))]
    return None if rng.random() < 0.4 else rng.choice(allowed)


order_kind(OrderKind(PRESCIENCE, ("PRESCIENCE",),
                     lambda state, prompt_, words: read_question(words, rules_of(state), state),
                     lambda _, value: text(value),
                     random=random_question))
