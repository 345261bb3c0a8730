"""Ecaz's Ambassadors' questions in battle: 001 2.11's text B (option ``ecaz_text_b``).

- 2.11.17.02 B, the Atreides Ambassador: "During Battle Plans, with this Ambassador you may ask
  your opponent if they have a Treachery Card by name, or a type of Weapon, or a type of
  Defense, they must answer "yes" or "no" truthfully."
- 2.11.17.06 B, the Harkonnen Ambassador: "During Battle Plans, with this Ambassador you may
  ask your opponent if a specific Ecaz leader is one of their Traitor card(s), they must answer
  "yes" or "no" truthfully."
- 2.11.16 B: a battle ability, "triggered during Battle Plan where the Ambassador is battling":
  Ecaz fighting the battle, the Ambassador face up in its part of the territory.

By mail the question rides on the battle's rounds as the Atreides' prescience does
(``atreides_prescience``): ``QUESTION <card name>``, ``QUESTION PROJECTILE WEAPON`` (a type of
weapon: projectile, poison, lasgun), ``QUESTION POISON DEFENSE`` (a type of defense: projectile,
poison), ``QUESTION TRAITOR <Ecaz leader>`` or ``QUESTION NONE`` (the default), key
``question:<ecaz>``, secret and optional, in the battle's first mail round beside both plans.
The moderator answers for the opponent from its hand or its traitor cards, truthfully, when
the round is carried out, so the opponent is asked nothing; Ecaz then send their plan again
knowing the answer, in one more mail round (their first plan is the default).

Rulings (docs/rules-coverage.md, "001 GF9 expansions: Ecaz"):

- The question and that it was asked are public, as a question put aloud at the table (and as
  the prescience question is by mail); the answer goes to Ecaz and the opponent only, so no
  other seat's mail depends on a hidden card or traitor.  The second mail round is Ecaz's
  alone and follows from their question, never from the answer.
- One question a battle: two face-up Ambassadors lie in one territory only beside the CHOAM
  Ambassador (2.11.14 B, 2.11.17.10 B), never these two together.
- A type of weapon or defense is held as the Voice's kinds count it (a Poison Blade is a
  projectile and a poison weapon; ``bene_gesserit_voice.counted``); a card by name is held
  when a card of that name is in the hand.
- The random bot asks now and then; the basic bot asks nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import Ability, CardType, NameLookupError
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..rules import Rules, rules_of
from ..state import State, data, faction_name
from .base import has
from .ecaz_pieces import battling, face_up

QUESTION = "question"
ATREIDES = "ambassador_atreides"        # 2.11.17.02 (B)
HARKONNEN = "ambassador_harkonnen"      # 2.11.17.06 (B)
ASKED = "asked"                         # their sheet: the question of the battle under way
TYPES = {("PROJECTILE", "WEAPON"): CardType.PROJECTILE_WEAPON,
         ("POISON", "WEAPON"): CardType.POISON_WEAPON,
         ("LASGUN", "WEAPON"): CardType.LASGUN,
         ("PROJECTILE", "DEFENSE"): CardType.SHIELD,
         ("POISON", "DEFENSE"): CardType.SNOOPER}
WORDS = {kind: " ".join(words) for words, kind in TYPES.items()}


def ambassador(game: Any, seat: str, battle: dict[str, Any]) -> str | None:
    """Their face-up Atreides or Harkonnen Ambassador in the part of the territory they fight
    ``battle`` in (a state or a view: the board is public), or None."""
    if seat not in (battle["aggressor"], battle["defender"]) or not has(
            game, seat, Ability.AMBASSADOR_FORCES):
        return None
    up = face_up(game, seat)
    return next((name for name in (ATREIDES, HARKONNEN) if battling(battle, up.get(name))),
                None)


def opponent(battle: dict[str, Any], seat: str) -> str:
    return battle["defender"] if seat == battle["aggressor"] else battle["aggressor"]


def decision(state: State, seat: str, battle: dict[str, Any]) -> tuple[Prompt, str] | None:
    """Their question in this battle, with the faction it is put to."""
    name = ambassador(state, seat, battle)
    if name is None:
        return None
    target = opponent(battle, seat)
    return prompt(seat, target, name, rules_of(state)), target


def key(state: State, seat: str, battle: dict[str, Any]) -> str | None:
    return f"{QUESTION}:{seat}" if ambassador(state, seat, battle) else None


def asked(state: State, seat: str, orders: dict[str, Any]) -> list[Event]:
    """The question put, public (module docstring), kept in their sheet for its answer."""
    battle = state["step"]["battle"]
    question = orders.get(f"{QUESTION}:{seat}")
    name = ambassador(state, seat, battle)
    state["factions"][seat].pop(ASKED, None)
    if not question or name is None or (question.get("traitor") is None) != (name == ATREIDES):
        return []
    target = opponent(battle, seat)
    state["factions"][seat][ASKED] = {"to": target, **question}
    return [Event(EventCode.AMBASSADOR_QUESTION, {"faction": seat, "to": target,
                                                   "question": text(question)})]


def answered(state: State, seat: str, replan: set[str],
             counted: Callable[[CardType], frozenset[CardType]]) -> list[Event]:
    """The answer, truthful, from the opponent's hand or traitor cards, to Ecaz and the
    opponent; Ecaz plan again knowing it.  ``counted``: the kinds a card of a kind counts as
    (``bene_gesserit_voice.counted``)."""
    question = state["factions"][seat].pop(ASKED, None)
    if not question:
        return []
    target = question["to"]
    own = state["factions"][target]
    deck = data(state)
    if question.get("traitor"):
        yes = question["traitor"] in own["traitors"]
    elif question.get("card"):
        yes = any(deck.treachery_card(card).name == question["card"] for card in own["hand"])
    else:
        kind = CardType(question["kind"])
        yes = any(kind in counted(deck.treachery_card(card).type) for card in own["hand"])
    replan.add(seat)
    return [Event(EventCode.AMBASSADOR_ANSWER, {"faction": target, "by": seat,
                                                 "question": text(question), "answer": yes},
                  to=(seat, target))]


# --- the order
def read(state: State, prompt_: Prompt, words: list[str]) -> dict[str, Any] | None:
    """``NONE``; with the Atreides Ambassador a card's name or a type of weapon or defense;
    with the Harkonnen Ambassador ``TRAITOR <Ecaz leader>``."""
    upper = [w.upper().replace("DEFENCE", "DEFENSE") for w in words]
    if upper == ["NONE"]:
        return None
    battle = state["step"].get("battle") if state["phase"] == "battle" else None
    name = ambassador(state, prompt_.seat, battle) if battle else None
    if name == HARKONNEN:
        return {"traitor": _ecaz_leader(state, words[1:] if upper[:1] == ["TRAITOR"] else words)}
    if tuple(upper) in TYPES:
        return {"kind": TYPES[tuple(upper)].value}
    try:
        return {"card": data(state).card_names.find(" ".join(words))}
    except NameLookupError:
        raise OrderProblem(ErrorCode.BAD_QUESTION,
                           "expected a treachery card's name, a type of weapon (PROJECTILE, "
                           "POISON or LASGUN WEAPON) or of defense (PROJECTILE or POISON "
                           "DEFENSE) (001 2.11.17.02 B)",
                           ("QUESTION Lasgun", "QUESTION POISON WEAPON", "QUESTION NONE")
                           ) from None


def _ecaz_leader(state: State, words: list[str]) -> str:
    """An Ecaz leader by name (Duke Vidal among them)."""
    deck = data(state)
    leaders = [leader.name for leader in deck.leaders if leader.faction == "Ecaz"]
    try:
        found = deck.leader(" ".join(words)).name
    except NameLookupError:
        found = None
    if found not in leaders:
        raise OrderProblem(ErrorCode.BAD_QUESTION,
                           "expected QUESTION TRAITOR and one of your leaders "
                           "(001 2.11.17.06 B)",
                           tuple(f"QUESTION TRAITOR {name}" for name in leaders))
    return found


def text(value: dict[str, Any] | None) -> str:
    if not value:
        return "QUESTION NONE"
    if value.get("traitor"):
        return f"QUESTION TRAITOR {value['traitor']}"
    if value.get("card"):
        return f"QUESTION {value['card']}"
    return f"QUESTION {WORDS[CardType(value['kind'])]}"


def prompt(seat: str, target: str, name: str, rules: Rules) -> Prompt:
    """Their question for a battle, secret until the round is carried out."""
    them = faction_name(target, rules)
    if name == HARKONNEN:
        legal = (f"QUESTION TRAITOR <one of your leaders>: the {them} answer yes or no, "
                 "whether that leader is one of their traitor cards "
                 "(001 2.11.17.06 B, your Harkonnen Ambassador).")
    else:
        legal = (f"QUESTION <a treachery card's name>, QUESTION PROJECTILE, POISON or LASGUN "
                 f"WEAPON, or QUESTION PROJECTILE or POISON DEFENSE: the {them} answer yes or "
                 "no, whether they hold it "
                 "(001 2.11.17.02 B, your Atreides Ambassador).")
    legal += ("  The question is published when this round is carried out; the answer, "
              "truthful, is told to you and them only; you then send your plan again knowing "
              "it, in one more mail round.  QUESTION NONE: no question, no extra round.")
    return Prompt(f"{QUESTION}:{seat}", seat, QUESTION, True, legal, None, "QUESTION NONE",
                  "QUESTION NONE", optional=True)


def random_question(view: dict[str, Any], prompt_: Prompt, rng: random.Random
                    ) -> dict[str, Any] | None:
    """Now and then a random question fitting their Ambassador there."""
    battle = view["battle"]["current"]
    name = ambassador(view, prompt_.seat, battle)
    if name is None or rng.random() < 0.6:
        return None
    deck = data(view)
    if name == HARKONNEN:
        return {"traitor": rng.choice([leader.name for leader in deck.leaders
                                       if leader.faction == "Ecaz"])}
    if rng.random() < 0.5:
        return {"kind": rng.choice(sorted(kind.value for kind in WORDS))}
    return {"card": rng.choice(sorted({card.name for card in deck.treachery_deck}))}


order_kind(OrderKind(QUESTION, ("QUESTION",), read, lambda _, value: text(value),
                     random=random_question))
