"""A battle before its plans are revealed, in the WBC sequence (000 clarification X, lines
1214-1242; 004 X.3-5, lines 270-284): the Voice, a Karama on it, the prescience question, a
Karama on it, the answer, the Atreides' Karama look at a plan, Karamas on the Kwisatz Haderach
and on the starred forces' bonus (or the Fremen's free strength, WBC house rule 6), then the
commit; a Truthtrance may come in any mail round (``truthtrance`` rides along).

By mail (``docs/orders.md``, "Before the plans"):

- First mail round, every battle: both plans (with their conditional lines and Karamas,
  ``plan_conditions``, ``battle_karama``), the decision each faction's power asks before the
  plans (``Faction.before_plans_decision``: the Bene Gesserit's Voice when they or their ally
  fight, the Atreides' question when they or their ally fight), and the battle Karamas of
  those deciding when not fighting themselves.  All
  secret, all at once; when the round is carried out the steps are taken in the sequence
  above.
- A second mail round only for the sides that learned something they must be free to plan on
  (WBC line 1242: plans change until committed): the side that asked prescience and got its
  answer, the Atreides side that looked at the opponent's plan, the side whose Kwisatz
  Haderach, starred bonus or free strength a Karama cancelled.  A plan seen by the Atreides is
  committed (line 764), so are the other plans of the first round: their conditional lines
  answered the Voice and the question ahead.
- So a battle costs one mail round, two when prescience is answered, an Atreides look, or an
  advantage cancelled.  With neither the Bene Gesserit nor the Atreides in it, or with ``VOICE
  NONE`` and ``PRESCIENCE NONE``, it costs one, as before.
- At the reveal: the battle without leaders when both plans said ``NO LEADER`` (Q&A B.7); a
  side that did not obey the Voice is announced, as he need say so only then (WBC line 1250).
- A Truthtrance sent in a battle's mail round is put when that round has been carried out,
  so after the reveal of a battle of one round: a question meant to bind a plan is asked in
  an earlier round (the movement round, or the battle before).  Its answer binds by the
  player's word, as the GM rules (``truthtrance``).
- The Harkonnen may undo a Voice by giving the card away with their Karama steal, but not a
  prescience answer (WBC XVII, line 1348): by mail the steal is played in the bidding round
  only (``bidding_karama``), so it never meets a Voice or an answer.

The powers take their steps through the factions' hooks, in the order each faction's
``precedence`` gives them (``factions.ordered(state, "before_plans")``), and the Karamas on the
advantages in the battle are the card's (``battle_karama.on_advantages``): the phase names no
faction and no power.
"""

from __future__ import annotations

from typing import Any

from pbem.game import Event, Prompt

from .. import factions
from ..cards import battle_karama, residual_poison
from ..codes import EventCode
from ..orders import battle_orders, battle_plan, plan_conditions
from ..prompt_key import PromptKey
from ..state import State

HOOK = "before_plans"      # the factions' ordered hooks of this sequence (``Faction.precedence``)
TOOLS = factions.BattleTools(spend=battle_karama.spend, revealed=battle_plan.revealed)


def _powers(state: State, battle: dict[str, Any]) -> tuple[factions.Faction, ...]:
    """The powers of this sequence in their order: the factions in play, and those whose
    battle power a Nexus card lends in this battle, seated or not (001 4.03.07.02-03:
    ``factions.lenders``)."""
    powers = factions.ordered(state, HOOK)
    lent = [factions.power(seat, state) for seat in factions.lenders(battle)
            if seat not in state["seats"]]
    if not lent:
        return powers
    return tuple(sorted((*powers, *lent), key=lambda faction: faction.precedence.get(HOOK, 0)))


def fresh() -> dict[str, Any]:
    """The public record of what came before the plans, for a new battle."""
    return {"round": 1, "voice": None, "question": None, "cancelled": {}, "replan": [],
            "committed": [], "bound": None}


def prompts(state: State, others: list[Prompt]) -> list[Prompt]:
    """The decisions of the battle under way: in its first round both plans, the powers'
    decisions before the plans (the Voice, the question) and the Karamas of those who decide
    in the round without fighting (those, or ``others``: a later aggressor's order of
    battles); then the plans sent again."""
    battle = state["step"]["battle"]
    if battle["round"] != 1:
        return [battle_orders.plan_prompt(state, seat) for seat in battle["replan"]]
    pair = (battle["aggressor"], battle["defender"])
    found = [named(battle, battle_orders.plan_prompt(state, seat), other)
             for seat, other in (pair, pair[::-1])]
    for faction in _powers(state, battle):
        decision = faction.before_plans_decision(state, battle)
        if decision:
            found.append(named(battle, *decision))
    helpers = {p.seat for p in [*found, *others]} - set(pair)
    found += [battle_karama.prompt(state, seat) for seat in sorted(helpers)
              if battle_karama.uses(state, seat)]
    return found


def keys(state: State, others: list[str]) -> list[str]:
    """The keys of ``prompts`` (``others``: the keys of the round's other decisions), without
    the plans' text."""
    battle = state["step"]["battle"]
    if battle["round"] != 1:
        return [str(PromptKey(battle_orders.PLAN, seat)) for seat in battle["replan"]]
    pair = (battle["aggressor"], battle["defender"])
    found = [str(PromptKey(battle_orders.PLAN, seat)) for seat in pair]
    found += [key for faction in _powers(state, battle)
              if (key := faction.before_plans_key(state, battle))]
    helpers = {PromptKey.parse(key).seat for key in [*found, *others]} - set(pair)
    return found + [str(PromptKey(battle_karama.KARAMA, seat)) for seat in sorted(helpers)
                    if battle_karama.uses(state, seat)]


def named(battle: dict[str, Any], prompt: Prompt, against: str) -> Prompt:
    """A decision of a battle's first round under the name its orders given ahead are held
    under (``games/dune/ahead.py``): its kind, the battle's territory and the faction the
    seat's side fights, as ``battle-plan@Arrakeen#harkonnen:atreides``: one name for each
    battle of the round (two sides meet once in a territory, X.A.3-4)."""
    kind, seat = PromptKey.parse(prompt.key)
    return prompt.held_under(f"{kind}@{battle['territory']}#{against}:{seat}")


def carry_out(state: State, plans: dict[str, dict[str, Any]], orders: dict[str, Any]
              ) -> tuple[list[Event], dict[str, dict[str, Any]] | None]:
    """A mail round of the battle carried out: its events, and the plans to reveal (None when
    some side plans again in a second round)."""
    step = state["step"]
    battle = step["battle"]
    if battle["round"] != 1:
        for seat, plan in plans.items():
            side = battle_plan.side_of_state(state, seat)
            step["plans"][seat] = plan_conditions.replanned(side, plan)
        return [], dict(step["plans"])
    wanted = {seat: list(plan["karama"]) for seat, plan in plans.items()}
    keys = {PromptKey.parse(key): value for key, value in orders.items()}
    wanted.update({key.seat: value for key, value in keys.items()
                   if key.kind == battle_karama.KARAMA})
    powers = _powers(state, battle)
    events = [e for faction in powers for e in faction.before_plans(state, orders, wanted, TOOLS)]
    replan: set[str] = set()
    events += residual_poison.before_plans(state, plans, replan)        # 001 3.03.09
    step["plans"] = {}
    for seat, plan in plans.items():
        step["plans"][seat] = plan_conditions.standing_effective(state, seat, plan)
    for faction in powers:
        events += faction.after_plans(state, wanted, replan, TOOLS)
    events += battle_karama.on_advantages(state, wanted, replan)
    replan -= set(battle["committed"])
    if not replan:
        return events, dict(step["plans"])
    battle["round"] = 2
    battle["replan"] = [seat for seat in plans if seat in replan]
    events.append(Event(EventCode.BATTLE_SECOND_ROUND, {"territory": battle["territory"],
                                                "factions": battle["replan"]}))
    return events, None


def leaderless(plans: dict[str, dict[str, Any]]) -> bool:
    """Both plans offered to fight without leaders (Q&A B.7)."""
    return all(plan.get("no_leader") for plan in plans.values())


def at_reveal(state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
    """The plans as revealed: without leaders if both offered it (Q&A B.7); then what the
    powers announce (a side that did not obey the Voice, WBC line 1250)."""
    battle = state["step"]["battle"]
    events = []
    if leaderless(plans):
        for seat, plan in plans.items():
            plans[seat] = {**plan, "leader": None, "cheap_hero": None, "weapon": None,
                           "defense": None, "kh": False, "discard": []}
        events.append(Event(EventCode.NO_LEADERS, {"territory": battle["territory"]}))
    for faction in _powers(state, battle):
        events += faction.at_reveal(state, plans)
    return events
