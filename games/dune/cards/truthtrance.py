"""The Truthtrance (player aid B.1, 000 line 936: "played at any time against any player.
Forces that player to answer truthfully any one "yes" or "no" question concerning the game";
WBC player-aid clarifications, 000 lines 1376-1384, 004 player aid 3-5; WBC miscellaneous, line
1426).

By mail a Truthtrance is played in any mail round in which its holder is asked something:
beside the round's other decisions, each faction holding one gets a decision of its own (key
``truthtrance:<seat>``): ``TRUTHTRANCE <faction> <question>`` or ``TRUTHTRANCE NONE`` (the
default).  Every faction is asked its turn in every movement round, so none waits longer than a
turn for the chance; a round in which a holder is asked nothing brings it no extra decision.
(Commas and semicolons of a question are read as spaces, like every order line.)

The question is put when the round's orders have been carried out, and the card is discarded;
if the card has left the hand meanwhile (a Harkonnen steal), the question is not put and its
asker is told.  Then, before anything else happens (WBC line 1378: "answered immediately ...
No other card plays or other game actions ... until the question is answered"), the game waits
for a mail round in which only the factions asked answer, ``ANSWER YES`` or ``ANSWER NO``
(key ``truthtrance-answer:<seat>``).  Several questions of one round are put in storm order
(player dot order, WBC line 1426) and answered in the same answer round; a faction asked by
several names each asker: ``ANSWER <asker> YES``.  Question and answer
are public, under both rulesets (WBC line 1376; the player aid says nothing of secrecy and the
table hears both).

The moderator cannot know the truth: the answer is the player's word, bound as WBC lines
1380-1382 say, and a question that is frivolous or paradoxical (line 1384) is the GM's to rule
on.  So is an answer not given: ``ANSWER NONE``, and the default when the deadline passes, is
published as no answer.  The answer round is driven by ``turn``: ``state["truthtrance"]`` holds
the questions waiting for their answers.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import CardType, NameLookupError
from ..discard_pile import discard
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..prompt_key import PromptKey, of_kind
from ..rules import Rules, cite, rules_of
from ..state import State, data, faction_name, storm_order
from . import stand_ins

ASK, ANSWER = "truthtrance", "truthtrance-answer"
ANSWERS = {"YES": True, "NO": False, "NONE": None}


def card(state: State, seat: str) -> str | None:
    """The first Truthtrance of the seat's hand, else the first card it may play as one."""
    hand = state["factions"][seat]["hand"]
    truthtrances = data(state).card_ids(CardType.TRUTHTRANCE)
    return next((c for c in hand if c in truthtrances), None) or next(
        iter(stand_ins.cards(CardType.TRUTHTRANCE, state, seat, hand)), None)


def owns(key: str) -> bool:
    """Whether a decision's key is one of this module's."""
    return PromptKey.parse(key).kind in (ASK, ANSWER)


def rides(rules: Rules) -> bool:
    """Whether a game of these rules may ask for a Truthtrance: its deck has one."""
    return bool(data(rules).card_ids(CardType.TRUTHTRANCE))


# --- the decisions
def ask_prompts(state: State, others: list[Prompt]) -> list[Prompt]:
    """A Truthtrance decision for each holder asked something else in this round."""
    holders = _holders(state) if others else []
    asked = {p.seat for p in others} if holders else set()
    return [_ask_prompt(state, seat) for seat in holders if seat in asked]


def ask_keys(state: State, others: list[str]) -> list[str]:
    """The keys of ``ask_prompts``, from the keys of the other decisions."""
    holders = _holders(state) if others else []
    asked = {PromptKey.parse(key).seat for key in others} if holders else set()
    return [str(PromptKey(ASK, seat)) for seat in holders if seat in asked]


def _holders(state: State) -> list[str]:
    """The seats holding a Truthtrance, in seat order: usually none, and then the other
    decisions need not be read (issue 20)."""
    truthtrances = data(state).card_ids(CardType.TRUTHTRANCE)
    stood_in = (bool(state.get(stand_ins.PLACES))                # asked once, not per seat
                and stand_ins.any_for(CardType.TRUTHTRANCE, state))
    return [seat for seat in state["seats"]
            if not truthtrances.isdisjoint(state["factions"][seat]["hand"])
            or (stood_in and card(state, seat) is not None)]


def _ask_prompt(state: State, seat: str) -> Prompt:
    others = ", ".join(faction_name(s, state) for s in state["seats"] if s != seat)
    return Prompt(f"{ASK}:{seat}", seat, ASK, True,
                  f"TRUTHTRANCE <faction> <question>: play your Truthtrance; the faction "
                  f"({others}) must answer yes or no, truthfully, before the game goes on; "
                  "question and answer are public "
                  f"({cite(state, '000 player aid B.1; WBC line 1376')}).  "
                  f"{_limit(state)}TRUTHTRANCE NONE: keep it", None, "TRUTHTRANCE NONE",
                  "TRUTHTRANCE NONE", optional=True)


def _limit(state: State) -> str:
    """The tournament's limit on a question, in words (001 4.1.19), or nothing."""
    if not rules_of(state).truthtrance_present_or_past:
        return ""
    return ("Ask about the present or the past only: a question cannot bind a future action, "
            "and one that tries is the GM's to rule on (001 4.1.19).  ")


def answer_prompts(state: State) -> list[Prompt]:
    """The answers the questions put wait for, one decision for each faction asked."""
    prompts = []
    for seat in state["seats"]:
        asked = [q for q in state["truthtrance"] if q["asked"] == seat]
        if not asked:
            continue
        questions = "; ".join(f"the {faction_name(q['asker'], state)} ask you: \"{q['question']}\""
                              for q in asked)
        how = ("ANSWER YES or ANSWER NO" if len(asked) == 1 else
               "ANSWER <faction> YES or ANSWER <faction> NO for each")
        default = {q["asker"]: None for q in asked}
        prompts.append(Prompt(
            f"{ANSWER}:{seat}", seat, ANSWER, False,
            (f"By Truthtrance {questions}.  {how}, truthfully "
             f"({cite(state, '000 player aid B.1')}); your answer is published "
             f"({cite(state, 'WBC line 1376')}).  NONE, or nothing by the deadline, is "
             f"published as no answer, for the GM to rule on.  {_limit(state)}").rstrip(), default,
            _answer_text(state, default),
            _answer_text(state, default)))
    return prompts


# --- the orders
def _read_ask(state: State, prompt: Prompt, words: list[str]) -> list[str] | None:
    """NONE, or the faction asked (one or two words) and the question."""
    if [w.upper() for w in words] == ["NONE"]:
        return None
    others = [s for s in state["seats"] if s != prompt.seat]
    valid = tuple(f"TRUTHTRANCE {faction_name(s, state)} <question>" for s in others)
    for size in (2, 1):
        try:
            faction = data(state).faction(" ".join(words[:size]))
        except NameLookupError:
            continue
        seat = faction.seat
        if seat not in others:
            raise OrderProblem(ErrorCode.FACTION_NOT_ALLOWED,
                               f"{faction.name} is not a choice here",
                               valid)
        question = " ".join(words[size:])
        if not question:
            raise OrderProblem(ErrorCode.MISSING_QUESTION,
                               "expected the question after the faction",
                               valid)
        return [seat, question]
    raise OrderProblem(ErrorCode.MISSING_FACTION, "expected the faction asked, then the question",
                       valid)


def _read_answer(state: State, prompt: Prompt, words: list[str]) -> list:
    """[asker, answer]: the asker may be left out when only one faction asked."""
    askers = list(prompt.default)
    valid = (("ANSWER YES", "ANSWER NO") if len(askers) == 1 else
             tuple(f"ANSWER {faction_name(s, state)} {word}"
                   for s in askers for word in ("YES", "NO")))
    said = words[-1].upper() if words else ""
    if said not in ANSWERS:
        raise OrderProblem(ErrorCode.BAD_ANSWER, "expected YES or NO", valid)
    if len(words) == 1 and len(askers) == 1:
        return [askers[0], ANSWERS[said]]
    if len(words) == 1:
        raise OrderProblem(ErrorCode.WHICH_QUESTION, "several factions asked you: name the one you "
                           "answer", valid)
    try:
        asker = data(state).faction(" ".join(words[:-1])).seat
    except NameLookupError:
        asker = None
    if asker not in askers:
        raise OrderProblem(ErrorCode.NOT_ASKED, f"{' '.join(words[:-1])} did not ask you", valid)
    return [asker, ANSWERS[said]]


def _combine_answers(state: State, prompt: Prompt, parts: list[list]) -> dict[str, bool | None]:
    value = dict(prompt.default)
    value.update({asker: answer for asker, answer in parts})
    return value


def _answer_text(game: Any, value: dict[str, bool | None]) -> str:
    words = {v: word for word, v in ANSWERS.items()}
    if len(value) == 1:
        return f"ANSWER {words[next(iter(value.values()))]}"
    return "\n".join(f"ANSWER {faction_name(s, game)} {words[v]}" for s, v in value.items())


def _random_ask(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list | None:
    """A bot now and then asks another faction whether it holds a Karama."""
    if rng.random() < 0.9:
        return None
    others = [s for s in view["seats"] if s != view["seat"]]
    return [rng.choice(others), "Do you hold a Karama card?"]


order_kind(OrderKind(ASK, ("TRUTHTRANCE",), _read_ask,
                     lambda game, v: "TRUTHTRANCE NONE" if v is None
                     else f"TRUTHTRANCE {faction_name(v[0], game)} {v[1]}",
                     random=_random_ask))
order_kind(OrderKind(ANSWER, ("ANSWER",), _read_answer, _answer_text, combine=_combine_answers,
                     random=lambda view, prompt, rng: {s: rng.choice([True, False])
                                                       for s in prompt.default}))


# --- carrying them out
def apply(state: State, orders: dict[str, Any]) -> list[Event]:
    """The answers given, published; then the questions of this round put, in storm order."""
    events: list[Event] = []
    for question in state["truthtrance"]:
        answer = orders[f"{ANSWER}:{question['asked']}"][question["asker"]]
        events.append(Event(EventCode.TRUTHTRANCE_ANSWER, {"faction": question["asked"],
                                                   "asker": question["asker"],
                                                   "answer": answer}))
    if state["truthtrance"]:
        state["truthtrance"] = []
        return events
    asked = of_kind(orders, ASK)
    for seat in storm_order(state) if asked else ():
        value = asked.get(seat)
        if value is None:
            continue
        held = card(state, seat)
        if held is None:
            events.append(Event(EventCode.TRUTHTRANCE_UNPLAYED, {}, to=(seat,)))
            continue
        state["factions"][seat]["hand"].remove(held)
        discard(state, seat, held)
        state["truthtrance"].append({"asker": seat, "asked": value[0], "question": value[1]})
        events.append(Event(EventCode.TRUTHTRANCE, {"faction": seat, "asked": value[0],
                                            "question": value[1]}))
    return events
