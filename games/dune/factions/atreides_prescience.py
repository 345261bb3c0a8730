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

A second question (001 4.03.07.02, the Atreides Nexus card's Cunning: "You may use Prescience
Ability in a Battle (this may be the second use of this ability in a battle)"): in a battle
where the card was played (``twice``, public), ``PRESCIENCE <element> THEN <element>``, two
different elements.  Rulings: by mail both come in the battle's first mail round, and are put
in their order: the first, a Karama on it, its answer, then the second (``AGAIN``), published
only then and not put if the first asked a weapon or defense the plan does not hold (PRESCIENCE:
"you may not then ask to see a different element"); a Karama cancels the first, the Atreides'
own ability, not the Cunning's second (4.03.06.03); the opponent's lines for the second change
no element the first was shown (its answer binds, WBC line 1242); both answers bind, and the
asking side plans again once, knowing both.
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
TWICE = "prescience_twice"      # a battle's: the seat whose Nexus card's Cunning asks twice
AGAIN = "question_again"        # a battle's: the second question (001 4.03.07.02)
BOUND_AGAIN = "bound_again"     # a battle's: the element its answer binds
ANSWER_AGAIN = "answer_again"   # the step's: that answer, kept out of the public battle
SLOTS = {"leader": ("leader", "cheap_hero"), "weapon": ("weapon",), "defense": ("defense",),
         "dial": ("dial",)}     # the plan's keys an element's answer is read from


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


def twice(battle: dict[str, Any]) -> bool:
    """Whether the Atreides may put a second question in this battle (001 4.03.07.02: their
    Nexus card's Cunning played for it; a state's battle or a view's)."""
    return bool(battle.get(TWICE))


def allow_twice(battle: dict[str, Any], seat: str) -> None:
    """``seat`` may put a second question in this battle (001 4.03.07.02, Cunning)."""
    battle[TWICE] = seat


def standing(battle: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    """The questions put to ``seat`` in this battle and not cancelled, in their order."""
    return [question for question in (battle.get("question"), battle.get(AGAIN))
            if question and question["to"] == seat and not question["cancelled"]]


def ends(element: str, value: Any) -> bool:
    """Whether an answer leaves no other element to ask: a weapon or defense not played (line
    760; 001 4.03.07.02 PRESCIENCE: "you may not then ask to see a different element")."""
    return element in ("weapon", "defense") and value is None


def answer_of(plan: dict[str, Any], element: str) -> Any:
    """What the plan shows of the element: a leader's (or cheap hero's) name, a card's name,
    the dial; None for no leader, weapon or defense."""
    if element == "leader":
        return plan["leader"] or plan["cheap_hero"]
    return plan[element]


def answer_text(element: str, value: Any) -> str:
    """An answer in words."""
    return f"{element} {'none' if value is None else value}"


def answer(question: dict[str, Any], answer_: Any) -> list[Event]:
    """The answer shown to the Atreides and the side they asked for (lines 760, 766); the table
    learns only that it was given."""
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
                  rules_of(state), twice(battle)), target


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
    said = orders.get(f"{PRESCIENCE}:{asking[0]}") if asking else None
    if not asking or said is None:
        return []
    by, side, target = asking
    elements = [element for element in ([said] if isinstance(said, str) else said)
                if element != "dial" or not blind(state, battle, target)]   # 2.10.18: refused
    if not elements:                                                        # when sent
        return []
    records = [{"by": by, "for": side, "to": target, "element": element, "cancelled": False}
               for element in elements[:2 if twice(battle) else 1]]
    battle["question"] = records[0]
    if records[1:]:
        battle[AGAIN] = records[1]      # 001 4.03.07.02: put once the first is answered
    spent, effective = tools.spend(state, wanted, "prescience")
    battle["question"]["cancelled"] = effective
    return [_put(records[0]), *spent]


def _put(question: dict[str, Any]) -> Event:
    """A question put, published (line 760)."""
    return Event(EventCode.PRESCIENCE, {"faction": question["by"], "for": question["for"],
                                        "to": question["to"], "element": question["element"]})


def answer_step(state: State, replan: set[str]) -> list[Event]:
    """Step 5: the answer, from the opponent's plan, to the side that asked; it binds."""
    step = state["step"]
    battle = step["battle"]
    question, again = battle["question"], battle.get(AGAIN)
    events: list[Event] = []
    if question and not question["cancelled"]:
        step["answer"] = answer_of(step["plans"][question["to"]], question["element"])
        battle["bound"] = {"seat": question["to"], "element": question["element"]}
        replan.add(question["for"])
        events += answer(question, step["answer"])
        if again and ends(question["element"], step["answer"]):
            del battle[AGAIN]           # 001 4.03.07.02: no other element asked after it
            return events
    if again:                           # 001 4.03.07.02, Cunning: the second question
        step[ANSWER_AGAIN] = answer_of(step["plans"][again["to"]], again["element"])
        battle[BOUND_AGAIN] = {"seat": again["to"], "element": again["element"]}
        replan.add(again["for"])
        events += [_put(again), *answer(again, step[ANSWER_AGAIN])]
    return events


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


def binds(step: dict[str, Any], seat: str) -> list[tuple[str, Any]]:
    """(element, value) of each answer that binds ``seat``'s plan, the second question's too
    (001 4.03.07.02); the values are kept out of the public battle (``step["answer"]``)."""
    return [(bound["element"], step.get(value)) for bound, value in (
        (step["battle"].get("bound"), "answer"), (step["battle"].get(BOUND_AGAIN), ANSWER_AGAIN))
        if bound and bound["seat"] == seat]


def shown(step: dict[str, Any], seat: str) -> list[tuple[str, str, Any]]:
    """(the faction asked, element, value) of each answer shown to the side ``seat`` asked
    for."""
    battle = step["battle"]
    return [(question["to"], bound["element"], step.get(value)) for question, bound, value in (
        (battle.get("question"), battle.get("bound"), "answer"),
        (battle.get(AGAIN), battle.get(BOUND_AGAIN), ANSWER_AGAIN))
        if question and bound and question["for"] == seat]


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


def read_questions(words: list[str], rules: Rules, state: State | None = None
                   ) -> str | list[str] | None:
    """One element (``read_question``), or, in a battle where the Atreides Nexus card's
    Cunning was played (``twice``), two different ones: ``WEAPON THEN DIAL`` (001
    4.03.07.02)."""
    parts: list[list[str]] = [[]]
    for word in words:
        if word.upper() in ("THEN", "AND", ","):
            parts.append([])
        else:
            parts[-1].append(word)
    if len(parts) == 1:
        return read_question(words, rules, state)
    battle = state["step"].get("battle") if state and state["phase"] == "battle" else None
    valid = tuple(f"PRESCIENCE {e.upper()}" for e in ELEMENTS)
    if len(parts) > 2 or not (battle and twice(battle)):
        raise OrderProblem(ErrorCode.BAD_PRESCIENCE,
                           "one question a battle; a second only where the Atreides Nexus "
                           "card's Cunning was played for it (001 4.03.07.02)", valid)
    elements = [read_question(part, rules, state) for part in parts]
    if None in elements or elements[0] == elements[1]:
        raise OrderProblem(ErrorCode.BAD_PRESCIENCE, "expected PRESCIENCE <element> THEN "
                           "<element>: two different elements of the plan (001 4.03.07.02)",
                           ("PRESCIENCE WEAPON THEN DIAL",))
    return [str(element) for element in elements]


def text(element: str | list[str] | None) -> str:
    if isinstance(element, list):
        return "PRESCIENCE " + " THEN ".join(e.upper() for e in element)
    return f"PRESCIENCE {(element or 'none').upper()}"


def prompt(seat: str, side: str, target: str, optional: bool, rules: Rules,
           again: bool = False) -> Prompt:
    """The Atreides' question for a battle, secret until the round is carried out (``again``:
    a second one may follow, 001 4.03.07.02)."""
    for_whom = ("" if side == seat else
                f", for your ally the {faction_name(side, rules)} ({rules.cite('line 766')})")
    legal = (f"PRESCIENCE LEADER, WEAPON, DEFENSE or DIAL: the {faction_name(target, rules)} show "
             f"you that element of their plan{for_whom} "
             f"({rules.cite('000 Atreides shield 3, line 760')}).  The "
             "question is published when this round is carried out; the answer comes from "
             "their plan of this round, is shown to you only, and binds them; "
             f"the {faction_name(side, rules)} then send their plan again knowing it, in one more "
             "mail round.  PRESCIENCE NONE: no question, no extra round.")
    if again:
        legal += ("  By your Nexus card's Cunning (001 4.03.07.02) you may ask a second, "
                  "different element: PRESCIENCE <element> THEN <element>, put once the first "
                  "is answered (not after a weapon or defense they do not play); both answers "
                  "bind them, and you plan again once, knowing both.")
    return Prompt(f"{PRESCIENCE}:{seat}", seat, PRESCIENCE, True, legal, None,
                  "PRESCIENCE NONE", "PRESCIENCE NONE", optional=optional)


def random_question(view: dict[str, Any], prompt_: Prompt, rng: random.Random
                    ) -> str | list[str] | None:
    """Now and then a random question (never a dial hidden by a No-Field, 001 2.10.18); where
    the Nexus card's Cunning allows it, now and then a second (001 4.03.07.02)."""
    battle = view["battle"]["current"]
    asking = asker(view, battle)
    allowed = [e for e in ELEMENTS
               if e != "dial" or not (asking and blind(view, battle, asking[2]))]
    if rng.random() < 0.4:
        return None
    first = rng.choice(allowed)
    if not twice(battle) or rng.random() < 0.3:
        return first
    return [first, rng.choice([e for e in allowed if e != first])]


order_kind(OrderKind(PRESCIENCE, ("PRESCIENCE",),
                     lambda state, prompt_, words: read_questions(words, rules_of(state), state),
                     lambda _, value: text(value),
                     random=random_question))
