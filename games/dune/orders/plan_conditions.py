"""What a battle plan says before it is committed: its conditional lines for the Voice and the
prescience question, the battle without leaders by common consent, and the checks a plan meets
when the Voice or an answer binds it (000 BG shield 3, line 784; Atreides shield 3, line 760;
Q&A XXV.B.6-7, lines 666-670; WBC clarification X, lines 1214-1250, and 004 X.3-6, lines
270-285; docs/orders.md, "Before the plans").

- ``IF VOICED PLAY <kind>: <plan line>`` / ``IF VOICED NOT <kind>: <plan line>``: for the side
  the Bene Gesserit may Voice, the plan line that holds should that Voice be given (and not
  cancelled); ``IF ASKED <element>: <plan line>`` for the side the Atreides may ask.  The
  colon may be left out.  Only in the battle's first mail round (after it the Voice and the
  question are known).  Every combination is checked when read: a branch must be a valid plan,
  and a branch written for a Voice must obey it when it can (WBC line 1242: plans change only
  within the Voice).
- ``WEAPON NONE``, ``DEFENSE NONE``: no card there (for a conditional line).
- ``NO LEADER``: Q&A B.7, "by common consent, players may choose not to play a leader ... it
  must be announced before the battle plans are completed".  By mail a standing offer: when
  both plans of a battle say it, both fight on their dials alone, with no leader and no card
  (X.C.10), announced at the reveal; otherwise the plan is played with its leader, so a plan
  saying it still names one.
- A plan read when a Voice stands (a second mail round) must obey it when it can, and a plan
  whose element was shown to prescience keeps it, unless it can no longer be played.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pbem.game import Prompt

from .. import combat
from ..cards import battle_karama
from ..codes import ErrorCode
from ..factions import atreides_prescience as prescience
from ..factions import bene_gesserit_voice as voice
from ..forces import order_text
from ..rules import cite, rules_of
from ..state import State, faction_name
from . import battle_plan
from .language import OrderProblem

NOT_UNDER_IF = ("IF", "KARAMA", "CAPTURE")
LineReader = Callable[[State, Prompt, list[str]], dict[str, Any]]


# --- reading
def read_if(state: State, prompt: Prompt, words: list[str], read_line: LineReader
            ) -> dict[str, Any]:
    """``IF VOICED ...`` or ``IF ASKED ...`` and one plan line (the words after ``IF``), read
    by ``read_line`` (``battle_orders.read_plan_line``)."""
    battle = state["step"]["battle"]
    upper = [w.upper().rstrip(":") for w in words]
    valid = ("IF VOICED NOT POISON: WEAPON Crysknife", "IF ASKED WEAPON: WEAPON NONE")
    if battle["round"] != 1:
        raise OrderProblem(ErrorCode.NO_CONDITION_NOW,
                           "conditional lines are for the battle's first "
                           "mail round: the Voice and the question are known now", ())
    if upper[:1] == ["VOICED"]:
        target = voice.voicer(state, battle)
        if not target or target[1] != prompt.seat:
            rule = cite(state, "000 BG shield 3, line 784; alliance, line 790")
            raise OrderProblem(ErrorCode.NOT_VOICED, "the Bene Gesserit cannot Voice you in this "
                               f"battle ({rule})", ())
        # the kind ends at the colon, if any: "NOT POISON: DEFENSE NONE" names no Snooper
        colon = next((i for i, w in enumerate(words) if w.endswith(":")), len(words) - 1)
        end = voice.phrase_end(upper[:colon + 1])
        if end is None:
            raise OrderProblem(ErrorCode.BAD_CONDITION,
                               "expected IF VOICED PLAY <kind>: <plan line> "
                               "or IF VOICED NOT <kind>: <plan line>", valid)
        said = voice.read_voice(words[1:end + 1], rules_of(state))
        cond = ["voiced", said["play"], said["kind"]]
    elif upper[:1] == ["ASKED"]:
        target = prescience.asker(state, battle)
        if not target or target[2] != prompt.seat:
            rule = cite(state, "000 Atreides shield 3, line 760; alliance, line 766")
            raise OrderProblem(ErrorCode.NOT_ASKED,
                               f"the Atreides cannot ask you in this battle ({rule})", ())
        end = 1
        cond = ["asked", prescience.read_question(upper[1:2], rules_of(state))]
        if cond[1] is None:
            raise OrderProblem(ErrorCode.BAD_CONDITION, "expected IF ASKED <element>: <plan line>",
                               valid)
    else:
        raise OrderProblem(ErrorCode.BAD_CONDITION, "expected IF VOICED ... or IF ASKED ...", valid)
    rest = words[end + 1:]
    while rest and (rest[0] == ":" or rest[0].upper() in ("WEAPON:", "CARD:")):
        rest = rest[1:]                 # "IF VOICED PLAY POISON WEAPON: ..."
    if not rest or rest[0].upper() in NOT_UNDER_IF or (
            rest[0].upper() == "NO" and [w.upper() for w in rest[1:2]] != ["TRAITOR"]):
        raise OrderProblem(ErrorCode.BAD_CONDITION, "expected one plan line after the condition "
                           "(DIAL, LEADER, CHEAP HERO, WEAPON, DEFENSE, SPICE, KH, LOSE, "
                           "DISCARD, KEEP ALL, TRAITOR CALL)", valid)
    part = read_line(state, prompt, [rest[0].upper(), *rest[1:]])
    return {"if": [[cond, part]]}


def matches(cond: list[Any], said: dict[str, Any] | None, asked: list[str]) -> bool:
    """Whether a condition holds for the Voice given and the elements asked."""
    if cond[0] == "voiced":
        return said is not None and [said["play"], said["kind"]] == cond[1:]
    return cond[1] in asked


def conditioned(plan: dict[str, Any], said: dict[str, Any] | None,
                questions: list[dict[str, Any]]) -> dict[str, Any]:
    """The plan with the conditional lines that hold, the Voice's first; the lines for a
    second question change no element the first was shown (001 4.03.07.02: its answer
    binds)."""
    out = {**plan, "if": [], "discard": list(plan["discard"])}
    asked = [question["element"] for question in questions]
    for kind in ("voiced", "asked"):
        for cond, part in plan["if"]:
            if cond[0] != kind or not matches(cond, said, asked):
                continue
            kept = prescience.SLOTS[asked[0]] if kind == "asked" and cond[1] != asked[0] else ()
            for key, value in part.items():
                if key in kept:
                    continue
                if key == "discard":
                    out["discard"] = [*out["discard"], *value] if value else []
                    continue
                if key in ("leader", "cheap_hero") and value:
                    out["leader" if key == "cheap_hero" else "cheap_hero"] = None
                out[key] = value
    out["discard"] = combat.discards(out)
    return out


def effective(side: battle_plan.Side | None, plan: dict[str, Any], said: dict[str, Any] | None,
              questions: list[dict[str, Any]]) -> dict[str, Any]:
    """The plan as the Voice and the questions leave it: its lines for them, then the Voice
    obeyed where it does not and could (``bene_gesserit_voice``; ``side`` may be None where no
    Voice is ``said``: only the Voice asks it)."""
    return voice.obey(side, conditioned(plan, said, questions), said)


def replanned(side: battle_plan.Side, plan: dict[str, Any]) -> dict[str, Any]:
    """A plan sent again in a battle's second round: made to obey the Voice given, which it
    was free to answer (its lines for a question were answered in the first round)."""
    return effective(side, plan, side.voice, [])


def standing_effective(state: State, seat: str, plan: dict[str, Any]) -> dict[str, Any]:
    """``effective`` with the Voice and the questions standing on ``seat`` in the battle under
    way: a second one only where the first's answer leaves it to be put (001 4.03.07.02,
    ``prescience.ends``); its side found only where the Voice stands on it."""
    battle = state["step"]["battle"]
    said, asked = voice.standing(battle, seat), prescience.standing(battle, seat)
    side = battle_plan.side_of_state(state, seat) if said is not None else None
    found = effective(side, plan, said, asked[:1])
    first = asked[0]["element"] if asked else ""
    if len(asked) < 2 or prescience.ends(first, prescience.answer_of(found, first)):
        return found
    return effective(side, plan, said, asked)


def check(state: State, prompt: Prompt, plan: dict[str, Any], given: dict[str, int],
          ifs: list[int]) -> None:
    """The checks of a whole plan beyond its own validity: every branch of its conditional
    lines, the Voice standing, the answer given, its Karamas."""
    side = battle_plan.side_of_state(state, prompt.seat)
    rule = rules_of(state).cite("000 BG shield 3, line 784")
    conds = [cond for cond, _ in plan["if"]]
    voiced = [c for i, c in enumerate(conds) if c[0] == "voiced" and c not in conds[:i]]
    asked = [c for i, c in enumerate(conds) if c[0] == "asked" and c not in conds[:i]]
    battle = state["step"]["battle"]
    pairs = [[q, r] for q in asked for r in asked if q != r] if prescience.twice(battle) else []
    for v in [None, *voiced]:
        said = {"play": v[1], "kind": v[2]} if v else None
        for qs in [[], *([q] for q in asked), *pairs]:    # 001 4.03.07.02: two questions
            if v is None and not qs:
                continue
            at = ifs[conds.index(v or qs[-1])]
            branch = conditioned(plan, said, [{"element": q[1]} for q in qs])
            for _, code, message, valid in battle_plan.problems(replace(side, voice=said),
                                                                branch):
                raise OrderProblem(code, f"{message} (with your lines for "
                                   f"{' and '.join(cond_text(c) for c in (v, *qs) if c)})",
                                   valid, part=at)
            if said and not voice.obeys(side.rules, branch, said) and voice.could_obey(side, said):
                raise OrderProblem(ErrorCode.VOICE_BROKEN, voice.refusal(said, side, rule), (),
                                   part=at)
    standing = side.voice
    anchor = given.get("weapon", given.get("defense", given["dial"]))
    if standing and not voice.obeys(side.rules, plan, standing) and voice.could_obey(side,
                                                                               standing):
        raise OrderProblem(ErrorCode.VOICE_BROKEN, voice.refusal(standing, side, rule), (),
                           part=anchor)
    for element, value in prescience.binds(state["step"], prompt.seat):
        if still_playable(side, element, value) and prescience.answer_of(plan, element) != value:
            cited = cite(state, "000 Atreides shield 3, line 760; WBC X, line 1242")
            raise OrderProblem(ErrorCode.PRESCIENCE_BOUND,
                               "your answer to the Atreides' prescience "
                               f"binds you: {prescience.answer_text(element, value)} ({cited})", (),
                               part=given.get(element, anchor))
    if plan["karama"]:
        if state["step"]["battle"]["round"] != 1:
            raise OrderProblem(ErrorCode.KARAMA_TOO_LATE,
                               "battle Karamas are played in the battle's "
                               "first mail round", (), part=given["karama"])
        battle_karama.check(state, prompt.seat, plan["karama"])


def still_playable(side: battle_plan.Side, element: str, value: Any) -> bool:
    """Whether an answer can still be kept (a card still held and a leader or Cheap Hero left
    to play it beside, 000 X.C.10: a leader lost since, say to a Residual Poison, 001 3.03.09;
    a dial still supported)."""
    if value is None:
        return True
    if element == "dial":
        return value <= side.strength.most(side.spice)
    if element == "leader":
        return value in side.leaders or value in side.cheap_heroes
    return bool(side.count(value)) and side.must_lead


# --- writing
def cond_text(cond: list[Any]) -> str:
    if cond[0] == "voiced":
        return voice.text({"play": cond[1], "kind": cond[2]}).replace("VOICE", "VOICED", 1)
    return f"ASKED {cond[1].upper()}"


def part_line(key: str, value: Any) -> str:
    """One plan line of a conditional part."""
    if key in ("weapon", "defense"):
        return f"{key.upper()} {value or 'NONE'}"
    if key == "discard":
        return f"DISCARD {value[0]}" if value else "KEEP ALL"
    return {"leader": lambda: f"LEADER {value}",
            "cheap_hero": lambda: battle_plan.hero_text(value),
            "dial": lambda: f"DIAL {value}", "spice": lambda: f"SPICE {value}",
            "kh": lambda: "KWISATZ HADERACH",
            "call": lambda: "TRAITOR CALL" if value else "NO TRAITOR CALL",
            "lose": lambda: f"LOSE {order_text(value) or 0}"}[key]()


def lines(game: Any, plan: dict[str, Any]) -> list[str]:
    """The plan's lines of this module, and its Karamas, in a game (a state or a view)."""
    found = ["NO LEADER"] if plan.get("no_leader") else []
    found += [battle_karama.line(game, use) for use in plan.get("karama", [])]
    for cond, part in plan.get("if", []):
        found += [f"IF {cond_text(cond)}: {part_line(key, value)}" for key, value in part.items()]
    return found


# --- the prompt
def legal(state: State, seat: str) -> list[str]:
    """What the plan prompt says of the Voice, the question, the Karamas and a second round."""
    battle = state["step"]["battle"]
    parts = []
    if battle["round"] == 1:
        target = voice.voicer(state, battle)
        if target and target[1] == seat:
            rules = rules_of(state)
            parts.append("The Bene Gesserit may Voice you in this battle "
                         f"({rules.cite('000 BG shield 3, line 784')}): "
                         "answer ahead with IF VOICED PLAY <kind>: <plan line> and IF VOICED NOT "
                         "<kind>: <plan line> lines (kinds: " + ", ".join(voice.kinds(rules))
                         + "); "
                         "a plan with no line for the Voice given is made to obey it.")
        asking = prescience.asker(state, battle)
        if asking and asking[2] == seat:
            parts.append("The Atreides may ask one element of your plan "
                         f"({cite(state, 'line 760')}): the answer is your plan's, after the "
                         "Voice, and binds you; IF ASKED <element>: <plan line> changes it "
                         "should that element be asked.")
        if asking and asking[2] == seat and prescience.twice(battle):
            parts.append("By their Nexus card's Cunning they may ask a second element once "
                         "the first is answered (001 4.03.07.02): your lines for each element "
                         "asked hold, those for the second changing nothing of the first; "
                         "both answers bind you.")
        found = battle_karama.uses(state, seat)
        if found:
            names = battle_karama.special_name(state, seat)
            parts.append(f"Karamas ({cite(state, 'player aid B.6')}; each stands ready and is "
                         "played only if "
                         "needed): " + ", ".join(battle_karama.line(state, u, names) for u in found)
                         + ".")
        if rules_of(state).no_leaders_by_consent:
            parts.append("NO LEADER: fight without leaders if your opponent says so too (Q&A "
                         "B.7); name your leader anyway, for when he does not.")
        return parts
    parts.append("Second mail round of this battle: your plan may change before it is "
                 f"committed ({cite(state, 'WBC X, line 1242')}); the default is your plan of the "
                 "first round.")
    said = voice.standing(battle, seat)
    if said:
        parts.append(f"The Voice binds you: {voice.text(said)}.")
    for bound in prescience.binds(state["step"], seat):
        parts.append("Your answer to prescience binds you: "
                     f"{prescience.answer_text(*bound)}.")
    for target, element, value in prescience.shown(state["step"], seat):
        parts.append(f"Prescience: the {faction_name(target, state)} play "
                     f"{prescience.answer_text(element, value)}.")
    return parts


def second_default(state: State, seat: str) -> dict[str, Any]:
    """The default of a second round: the first round's plan, made to fit what changed."""
    side = battle_plan.side_of_state(state, seat)
    plan = state["step"]["plans"][seat]
    if any(element == "dial" for element, _ in prescience.binds(state["step"], seat)):
        plan = _spiced(side, plan)
    plan, _ = battle_plan.correct(side, plan)
    plan = voice.obey(side, plan, side.voice)
    return {**plan, "if": [], "karama": []}


# --- a bot's plan
def fit(view: dict[str, Any], prompt: Prompt, side: battle_plan.Side, plan: dict[str, Any]
        ) -> dict[str, Any]:
    """A bot's plan made to keep what binds it in a second round, from the seat's view: the
    Voice obeyed, and, for the side that answered prescience, its first plan (the default,
    which keeps the answer); the default too if the plan is no longer valid."""
    battle = view["battle"]["current"]
    if battle["round"] == 1:
        return plan
    if any(bound and bound["seat"] == side.seat
           for bound in (battle.get("bound"), battle.get(prescience.BOUND_AGAIN))):
        return dict(prompt.default)
    plan = voice.obey(side, plan, side.voice)
    return plan if not battle_plan.problems(side, plan) else dict(prompt.default)


def _spiced(side: battle_plan.Side, plan: dict[str, Any]) -> dict[str, Any]:
    """The plan with the least spice, within the side's, that supports its dial: a Karama may
    have cancelled the forces' free strength since the dial was answered to prescience (001
    3.01.12.02, 2.04.22), and the answer binds."""
    strength = side.strength
    if not strength.backing:
        return plan
    for spice in range(plan["spice"], strength.most_spice(side.spice) + 1):
        if strength.most(spice) >= plan["dial"]:
            return {**plan, "spice": spice}
    return plan


def random_extras(view: dict[str, Any], prompt: Prompt, side: battle_plan.Side,
                  plan: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Conditional lines and NO LEADER now and then in a first round; in a second, a plan that
    keeps the Voice and the answer (``fit``)."""
    battle = view["battle"]["current"]
    if battle["round"] != 1:
        return fit(view, prompt, side, plan)
    plan["no_leader"] = rules_of(view).no_leaders_by_consent and rng.random() < 0.1
    target = voice.voicer(view, battle)
    if target and target[1] == side.seat and rng.random() < 0.5:
        named = voice.kinds(rules_of(view))
        said = {"play": rng.random() < 0.5, "kind": str(rng.choice(list(named.values())))}
        branch = voice.obey(side, plan, said)
        battle_plan.fitted(side, branch)            # 001 3.02.05, 3.02.14: still in place
        cond = ["voiced", said["play"], said["kind"]]
        plan["if"] += [[cond, {slot: branch[slot]}] for slot in ("weapon", "defense")
                       if branch[slot] != plan[slot]]
    asking = prescience.asker(view, battle)
    if asking and asking[2] == side.seat and plan["lose"] is None and rng.random() < 0.3:
        most = side.strength.most(plan["spice"])
        plan["if"].append([["asked", "dial"], {"dial": rng.randint(0, int(most))}])
    plan["karama"] += battle_karama.random_in_plan(view, side.seat, rng)     # 001 1.14.13
    return plan
