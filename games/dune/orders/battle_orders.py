"""The orders of the battle round: the order of battles and the battle plan (000 X.A.3-4, X.B,
X.C.8-10, X.D; XXII; Q&A XXV.B.2-7; player aid A, lines 918-932; WBC clarification X, lines
1252-1258; docs/orders.md, "Battles").

``battle-order:<seat>``, kind ``battle-order``: ``BATTLE <territory> [AGAINST <faction>]``, one
line per battle in the order the aggressor wants them; by default board order.

``battle-plan:<seat>``, kind ``battle-plan``, secret: one plan a mail, its lines together:

- ``DIAL <n>`` (required; ``7.5``, ``7 1/2`` or ``7½`` in advanced combat);
- ``LEADER <leader>`` or ``CHEAP HERO`` / ``CHEAP HEROINE``: required when one is available
  (X.C.9); a leader fights in one territory a round (X.C.8);
- ``WEAPON <card>``, ``DEFENSE <card>``: one of each at most, a worthless card in either place
  (player aid A.7), none without a leader (X.C.10); a cheap hero only as a leader (Q&A B.2);
- ``SPICE <n>``: advanced combat, the spice backing forces (XXII.A);
- ``KWISATZ HADERACH`` (``KH``): the Atreides' +2 (line 762);
- ``TRAITOR CALL`` (the default) or ``NO TRAITOR CALL`` (Q&A B.7: a traitor need not be
  called);
- ``KEEP ALL`` (the default) or ``DISCARD <card>``: what a winner does with his cards (X.C.6);
- ``LOSE <forces>`` (``LOSE 2 1*``): the forces a winner loses, a mix worth his dial (XXII.C);
- ``CAPTURE KILL`` (the default), ``CAPTURE KEEP`` or ``NO CAPTURE``: the Harkonnen's choice
  should they win, and ``KARAMA CAPTURE [<leader>, ...]`` their opponent's Karama against it
  (line 884, line 952; ``capture.py``);
- ``TECH <token>``: with the tech tokens (001 4.05.02), the opponent's token taken should it
  win, when the opponent holds two or more (``variants.tech_tokens``);
- ``TOOTH USE`` (the default), ``TOOTH HOLD`` or ``TOOTH IF IT KILLS``: whether a Poison Tooth
  played is used at the reveal (001 3.02.09: "you may choose not to use this weapon"), the
  choice standing by mail like the traitor call: ``IF IT KILLS`` uses it only if it kills the
  opposing leader;
- ``JUICE OF SAPHO``: a defender's Juice of Sapho played at the reveal, its side the battle's
  aggressor (001 3.03.03: ties are the aggressor's); the aggressor's line plays nothing;
- ``RESIDUAL POISON``: the Residual Poison played on the opponent before the plans stand, one
  of its leaders at random to the tanks, and it plans again (001 3.03.09,
  ``cards/residual_poison``);
- ``STONE BURNER KILL``: with a Stone Burner played, both leaders killed whatever their
  defenses (001 3.03.11: "you may choose"; by mail a standing line, without it they live).

- ``IF VOICED PLAY <kind>: <line>``, ``IF VOICED NOT <kind>: <line>``, ``IF ASKED <element>:
  <line>``: lines that hold should the Bene Gesserit's Voice or the Atreides' question come
  (``WEAPON NONE`` and ``DEFENSE NONE`` take a card out); ``NO LEADER``: fight without leaders
  should the opponent offer it too (Q&A B.7); ``KARAMA VOICE``, ``KARAMA PRESCIENCE``,
  ``KARAMA KH``, ``KARAMA SARDAUKAR``, ``KARAMA FEDAYKIN``, ``KARAMA FREE STRENGTH``, ``KARAMA
  LOOK``: the battle's Karamas (``plan_conditions``, ``battle_karama``, ``before_plans``).

The plan value, what a combatant may put in it (``Side``), its checks and its corrections at
the reveal: ``battle_plan``.
"""

from __future__ import annotations

import random
import re
from typing import Any

from pbem.game import Prompt

from .. import combat, leaders
from ..cards import battle_karama, residual_poison
from ..codes import ErrorCode
from ..data import Ability, CardType, Effect, NameLookupError, Slot
from ..factions import harkonnen_capture as capture
from ..forces import kinds
from ..forces import order_text as counts_text
from ..rules import cite, rules_of
from ..state import State, data, faction_name, sheet
from ..variants import leader_skills, skill_powers, tech_tokens
from ..variants.skill_powers import BANKER_MOST
from . import plan_conditions
from .battle_plan import (
    LINE_CARDS,
    Side,
    banker_rule,
    card_lines,
    cost_rule,
    cut_dial,
    default_plan,
    dial_rule,
    empty_plan,
    fitted,
    hero_text,
    leader_lines,
    problems,
    side_of_state,
    side_of_view,
    slotted_twice,
    spice_rule,
)
from .language import (
    OrderKind,
    OrderProblem,
    order_kind,
    read_faction,
    read_forces,
    read_number,
    read_territory,
)

PLAN, ORDER = "battle-plan", "battle-order"
PLAN_VERBS = ("DIAL", "LEADER", "CHEAP", "WEAPON", "DEFENSE", "DEFENCE", "SPICE", "TRAITOR",
              "NO", "KEEP", "DISCARD", "LOSE", "KWISATZ", "KH", "CAPTURE", "KARAMA", "IF", "TECH",
              "TOOTH", "PORTABLE", "BANKER", "RETREAT", "STONE", "RESIDUAL", "JUICE", "CIBUS")
TOOTH = {"USE": combat.USE, "HOLD": combat.HOLD, "IF IT KILLS": combat.IF_IT_KILLS}
AGAINST = ("AGAINST", "VS", "VERSUS")
WHEEL = 20          # the battle wheel's highest number (000 VI.A, line 257: "zero" to "twenty")


# --- plans
def reveal_notes(state: State, prompt: Prompt, plan: dict[str, Any]) -> tuple[str, ...]:
    """How the reveal will correct a plan accepted as sent (``Side.corrects``; 000
    clarification X, lines 1252-1256; 004 X.7-8), in words for the answer to the mail."""
    side = side_of_state(state, prompt.seat)
    if not side.corrects:
        return ()
    notes = []
    if not (plan["leader"] or plan["cheap_hero"]) and side.must_lead:
        fill = default_plan(side)
        name = fill["leader"] or fill["cheap_hero"]
        value = f" ({data(state).leader(name).strength})" if fill["leader"] else ""
        notes.append(f"no leader: at the reveal your lowest available, {name}{value}, is played"
                     + (" unless the battle is fought without leaders (NO LEADER)"
                        if plan["no_leader"] else "")
                     + f" ({cite(state, '000 clarification X, line 1252; 004 X.7')})")
    cut = cut_dial(side, plan)
    if cut is not None:
        paid = f" and the {plan['spice']} spice you pay" if side.strength.backing else ""
        notes.append(f"DIAL {plan['dial']}: at the reveal it is cut to {cut}, the most your "
                     f"forces in {side.territory}{paid} support "
                     f"({cite(state, '000 clarification X, line 1254; 004 X.8')})")
    for key, second in plan.get("second", {}).items():
        notes.append(f"two {key}s, {plan[key]} and {second}: at the reveal one is chosen at "
                     "random and the other goes back to your hand "
                     f"({cite(state, '000 clarification X, line 1256')})")
    if notes:
        notes.append("to play otherwise, send your whole plan again before the deadline")
    return tuple(notes)


# --- reading a plan
def read_card(side: Side, words: list[str], slot: Slot, verb: str) -> str:
    """A card of the hand that fits the place, by its name (a copy's number may follow)."""
    valid = card_lines(side, slot)
    text = re.sub(r"\s*#\s*\d+$", "", " ".join(words))
    if not text:
        raise OrderProblem(ErrorCode.MISSING_CARD, f"expected {verb} <card>", valid)
    try:
        name = side.deck.card_names.find(text)
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, str(error), valid) from None
    if not side.count(name):
        raise OrderProblem(ErrorCode.CARD_NOT_HELD, f"you hold no {name}", valid)
    if name not in side.cards(slot):
        where = "as a leader only (Q&A B.2)" if side.card(name).type is CardType.CHEAP_HERO \
            else f"not as a {slot.value} (player aid A)"
        raise OrderProblem(ErrorCode.WRONG_PLACE, f"{name} is played {where}", valid)
    return name


def read_leader(side: Side, words: list[str]) -> dict[str, Any]:
    """``LEADER <name>``: one of the side's leaders free to fight here; a cheap hero reads
    too."""
    valid = leader_lines(side)
    text = " ".join(words)
    if re.fullmatch(r"(?i)cheap\s+hero(ine)?", text.strip()):
        return {"cheap_hero": read_hero(side, words[1:])}
    standing_in = {name.lower(): name for name in side.cheap_heroes}     # 001 3.03.14
    if text.strip().lower() in standing_in:
        return {"cheap_hero": standing_in[text.strip().lower()]}
    try:
        name = side.deck.leader(text).name
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_LEADER, str(error), valid) from None
    where = "alive" if name in side.captured else side.places.get(name)
    if where is None:
        raise OrderProblem(ErrorCode.NOT_YOUR_LEADER, f"{name} is not one of your leaders", valid)
    if where != "alive":
        raise OrderProblem(ErrorCode.LEADER_IN_TANKS, f"{name} is in the tanks"
                           if where in leaders.IN_TANKS
                           else f"{name} is held hostage this battle (001 2.12.14.02 B)"
                           if where == leaders.HOSTAGE
                           else f"{name} is held by the Harkonnen ({side.rules.cite('line 884')})",
                           valid)
    if name in side.away:
        raise OrderProblem(ErrorCode.LEADER_FOUGHT,
                           f"{name} fought in {side.away[name]} this round "
                           f"and may fight again only there ({side.rules.cite('000 X.C.8')})",
                           valid)
    return {"leader": name}


def read_hero(side: Side, words: list[str]) -> str:
    """``CHEAP HERO`` or ``CHEAP HEROINE``: the card of that name if held, else the other."""
    heroes = [name for name in side.cheap_heroes if side.card(name).type is CardType.CHEAP_HERO]
    wanted = "Cheap Heroine" if words and words[0].upper() == "HEROINE" else "Cheap Hero"
    if not words or words[0].upper() not in ("HERO", "HEROINE"):
        raise OrderProblem(ErrorCode.BAD_CHEAP_HERO, "expected CHEAP HERO or CHEAP HEROINE",
                           leader_lines(side))
    if not heroes:
        raise OrderProblem(ErrorCode.CARD_NOT_HELD, "you hold no cheap hero(ine)",
                           leader_lines(side))
    return wanted if wanted in heroes else heroes[0]


def read_dial(side: Side, words: list[str]) -> int | float:
    """``DIAL 4``; in advanced combat ``DIAL 7.5``, ``DIAL 7 1/2``, ``DIAL 7½``."""
    text = re.sub(r"\s*(½|1/2)$", ".5", " ".join(words)).strip()
    text = "0.5" if text == ".5" else text
    match = re.fullmatch(r"(\d+)(\.5|\.0)?", text)
    if not match or (match.group(2) == ".5" and not side.strength.half_steps):
        raise OrderProblem(ErrorCode.BAD_DIAL, f"expected DIAL {dial_rule(side, side.spice)}, "
                           f"not {text!r}", ())
    dial = combat.number(float(text))
    most = side.strength.most(side.spice)
    if dial > (max(most, WHEEL) if side.corrects else most):   # WBC X: cut at the reveal
        raise OrderProblem(ErrorCode.DIAL, f"DIAL {dial_rule(side, side.spice)}", ())
    return dial


def read_plan_line(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    """One line of a battle plan (``words`` begin with the verb), checked on its own."""
    side = side_of_state(state, prompt.seat)
    verb, rest = words[0], words[1:]
    upper = [w.upper() for w in rest]
    if verb == "DIAL":
        return {"dial": read_dial(side, rest)}
    if verb == "LEADER":
        return read_leader(side, rest)
    if verb == "CHEAP":
        return {"cheap_hero": read_hero(side, rest)}
    if verb in ("WEAPON", "DEFENSE", "DEFENCE"):
        slot = Slot.WEAPON if verb == "WEAPON" else Slot.DEFENSE
        if upper == ["NONE"]:
            return {slot.value: None}
        return {slot.value: read_card(side, rest, slot, verb)}
    if verb == "SPICE":
        if not side.strength.backing:
            raise OrderProblem(ErrorCode.NO_SPICE, f"SPICE {spice_rule(side)}", ())
        return {"spice": read_number(rest[0] if rest else "", 0,
                                     side.strength.most_spice(side.spice), "the spice")}
    if verb == "IF":
        return plan_conditions.read_if(state, prompt, rest, read_plan_line)
    if verb == "NO" and upper == ["LEADER"]:
        if not rules_of(state).no_leaders_by_consent:
            raise OrderProblem(ErrorCode.LEADER_REQUIRED, "no battle without leaders by consent: a "
                               "leader or a Cheap Hero is played whenever you have one "
                               f"({cite(state, '000 X.C.9')})", ())
        return {"no_leader": True}                      # Q&A B.7; plan_conditions
    if verb == "KARAMA" and upper[:1] != ["CAPTURE"]:
        return {"karama": battle_karama.read_use(state, prompt.seat, rest)}
    if verb == "TRAITOR" or (verb == "NO" and upper[:1] == ["TRAITOR"]):
        return {"call": verb == "TRAITOR"}
    if verb == "KEEP":
        return {"discard": []}
    if verb == "DISCARD":
        # GF9: the Cheap Hero too, which a winner by a traitor may keep (001 1.07.07.07.01)
        slots = (Slot.WEAPON, *((Slot.LEADER,) * side.rules.traitor_winner_keeps_one_time_cards))
        slot = next((s for s in slots if rest and _fits(side, rest, s)), Slot.DEFENSE)
        return {"discard": [read_card(side, rest, slot, "DISCARD")]}
    if verb == "LOSE":
        lost, extra = read_forces(rest, kinds(state, prompt.seat), "forces lost")
        if extra:
            raise OrderProblem(ErrorCode.BAD_LOSSES, "expected LOSE <forces>", ("LOSE 3",
                                                                                "LOSE 2 1*"))
        return {"lose": lost}
    if verb == "CAPTURE" or (verb, *upper[:1]) in (("NO", "CAPTURE"), ("KARAMA", "CAPTURE")):
        return read_capture(side, verb, rest)
    if verb == "TECH":
        return {"tech": read_tech(side, rest)}
    if verb == "TOOTH":
        return {"tooth": read_tooth(side, upper)}
    if verb == "PORTABLE":
        if upper != ["SNOOPER"] or portable_snooper(side) is None:
            raise OrderProblem(ErrorCode.BAD_PLAN_LINE, "PORTABLE SNOOPER is for a Portable "
                               "Snooper you hold (001 3.03.08)", ())
        return {"portable": True}
    if verb == "RETREAT":                               # 001 4.07.15.03
        if side.diplomat is None:
            raise OrderProblem(ErrorCode.BAD_PLAN_LINE, "RETREAT is for a faction whose leader "
                               "with the Diplomat skill fights (001 4.07.15.03)", ())
        return {"retreat": read_territory(state, rest)[0].name}
    if verb == "BANKER":                                # 001 4.07.15.12
        if side.banker is None:
            raise OrderProblem(ErrorCode.BAD_PLAN_LINE, banker_rule(side), ())
        return {"banker": read_number(rest[0] if rest else "", 1, BANKER_MOST,
                                      "the Spice Banker's spice")}
    if verb == "JUICE":
        if upper != ["OF", "SAPHO"] or juice(side) is None:
            raise OrderProblem(ErrorCode.BAD_PLAN_LINE, "JUICE OF SAPHO is for a Juice of "
                               "Sapho you hold (001 3.03.03)", ())
        return {"juice": True}
    if verb == "CIBUS":
        return {"hood": read_hood(side, upper, rest)}
    if verb == "RESIDUAL":
        if upper != ["POISON"] or residual_poison.card_in(side.rules, side.hand) is None:
            raise OrderProblem(ErrorCode.BAD_PLAN_LINE, "RESIDUAL POISON is for a Residual "
                               "Poison you hold (001 3.03.09)", ())
        return {"poison": True}
    if verb == "STONE":
        if upper != ["BURNER", "KILL"] or not stone_burners(side):
            raise OrderProblem(ErrorCode.BAD_PLAN_LINE, "STONE BURNER KILL is for a Stone "
                               "Burner you hold (001 3.03.11)", ())
        return {"burn": True}
    if verb in ("KWISATZ", "KH"):
        if not side.kh:
            raise OrderProblem(ErrorCode.NO_KWISATZ_HADERACH, kh_refusal(side), ())
        return {"kh": True}
    raise OrderProblem(ErrorCode.BAD_PLAN_LINE, f"did not understand {' '.join(words)!r}",
                       ("NO TRAITOR CALL",))


def cibus_hood(side: Side) -> str | None:
    """The side's Cibus Hood (001 3.09.02), or None."""
    return next((side.deck.treachery_card(c).name for c in side.hand
                 if Effect.SWAPS_LEADER in side.deck.treachery_card(c).effects), None)


def read_hood(side: Side, upper: list[str], rest: list[str]) -> str:
    """``CIBUS HOOD <leader>``: at the reveal the plan's leader back to the pool and this one,
    available, in his place (001 3.09.02)."""
    valid = tuple(f"CIBUS HOOD {name}" for name in side.leaders)
    if upper[:1] != ["HOOD"] or len(rest) < 2 or cibus_hood(side) is None:
        raise OrderProblem(ErrorCode.BAD_PLAN_LINE, "CIBUS HOOD <leader> is for a Cibus Hood "
                           "you hold (001 3.09.02)", valid)
    name = read_leader(side, rest[1:]).get("leader")
    if name is None:
        raise OrderProblem(ErrorCode.BAD_PLAN_LINE, "CIBUS HOOD names a leader of yours", valid)
    return name


def portable_snooper(side: Side) -> str | None:
    """The side's Portable Snooper, played at the reveal by a standing line (001 3.03.08)."""
    return next((name for name in side.cards(Slot.DEFENSE)
                 if side.card(name).type is CardType.PORTABLE_SNOOPER), None)


def juice(side: Side) -> str | None:
    """The side's card that makes it the battle's aggressor (001 3.03.03), or None."""
    return next((side.deck.treachery_card(c).name for c in side.hand
                 if Effect.MAKES_AGGRESSOR in side.deck.treachery_card(c).effects), None)


def lines_apart(side: Side, plan: dict[str, Any]) -> dict[str, Any]:
    """A bot's plan without a card's line (``LINE_CARDS``) where its one card is already the
    plan's weapon or defense."""
    return {k: v for k, v in plan.items()
            if not (k in LINE_CARDS and slotted_twice(side, plan, k))}


def stone_burners(side: Side) -> list[str]:
    """The side's weapons that may kill both leaders at its choice (001 3.03.11)."""
    return [n for n in side.cards(Slot.WEAPON) if Effect.MAY_BURN_LEADERS in side.card(n).effects]


def read_tooth(side: Side, upper: list[str]) -> str:
    """``TOOTH USE``, ``TOOTH HOLD``, ``TOOTH IF IT KILLS`` (001 3.02.09), for a side holding a
    weapon it may leave unused."""
    if not withholdable(side):
        raise OrderProblem(ErrorCode.BAD_TOOTH, "TOOTH is for a Poison Tooth you hold "
                           "(001 3.02.09)", ())
    choice = TOOTH.get(" ".join(upper))
    if choice is None:
        raise OrderProblem(ErrorCode.BAD_TOOTH, "expected TOOTH USE, TOOTH HOLD or TOOTH IF IT "
                           "KILLS", tuple(f"TOOTH {word}" for word in TOOTH))
    return choice


def withholdable(side: Side) -> list[str]:
    """The weapons in hand their player may leave unused at the reveal (001 3.02.09)."""
    return [n for n in side.cards(Slot.WEAPON) if Effect.MAY_BE_WITHHELD in side.card(n).effects]


def read_capture(side: Side, verb: str, words: list[str]) -> dict[str, Any]:
    """``CAPTURE KILL``, ``CAPTURE KEEP``, ``NO CAPTURE``: the Harkonnen's standing choice
    should they win (line 884; WBC X, line 1260); ``KARAMA CAPTURE [<leader>, ...]``: their
    opponent's Karama against the capture, of any leader or only of those named (line 952;
    WBC line 1412); ``capture.py``."""
    if verb == "KARAMA":
        if not side.cancels:
            raise OrderProblem(ErrorCode.NO_KARAMA_CAPTURE, "KARAMA CAPTURE is for the Harkonnen's "
                               "opponent holding a Karama, with the optional advantages "
                               "(player aid B.6.A.2)", ())
        valid = tuple(f"KARAMA CAPTURE {n}" for n in side.places)
        found = []
        rest = [w for w in words[1:] if w.upper() not in ("OR", "AND", ",")]
        while rest:                         # names one after the other, the longest first
            size = next((n for n in range(len(rest), 0, -1) if _leader_name(side, rest[:n])),
                        0)
            if not size:
                raise OrderProblem(ErrorCode.UNKNOWN_LEADER,
                                   f"no leader is called {' '.join(rest)!r}",
                                   valid)
            found.append(_leader_name(side, rest[:size]))
            rest = rest[size:]
            if found[-1] not in side.places:
                raise OrderProblem(ErrorCode.NOT_YOUR_LEADER, f"{found[-1]} is not one of your "
                                   "leaders", valid)
        return {"karama_capture": list(dict.fromkeys(found))}
    if not side.captures:
        raise OrderProblem(ErrorCode.NO_CAPTURE,
                           "only the Harkonnen capture leaders, with the optional "
                           "advantages (line 884)", ())
    if verb == "NO":
        return {"capture": capture.NO_CAPTURE}
    choice = words[0].upper() if words else ""
    if choice not in ("KILL", "KEEP"):
        raise OrderProblem(ErrorCode.BAD_CAPTURE, "expected CAPTURE KILL or CAPTURE KEEP",
                           ("CAPTURE KILL", "CAPTURE KEEP", "NO CAPTURE"))
    return {"capture": capture.KILL if choice == "KILL" else capture.KEEP}


def read_tech(side: Side, words: list[str]) -> str:
    """``TECH <token>``: which of the opponent's tech tokens to take should it win (001
    4.05.02), when the opponent holds two or more (``Side.takes``)."""
    if not side.takes:
        raise OrderProblem(ErrorCode.NO_TECH_TOKEN, "TECH chooses the tech token you take if you "
                           "win, against a faction holding two or more (001 4.05.02); the "
                           f"{faction_name(side.opponent, side.rules)} do not", ())
    try:
        return tech_tokens.read_choice(list(side.takes), words)
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.NO_TECH_TOKEN, str(error),
                           tech_tokens.choice_lines(side.takes)) from None


def tech_legal(side: Side) -> list[str]:
    """What the side may say of the tech token it takes, in words."""
    if not side.takes:
        return []
    return [f"If you win, you take one of the {faction_name(side.opponent, side.rules)}'s tech "
            f"tokens, your choice (001 4.05.02): "
            f"{' or '.join(tech_tokens.choice_lines(side.takes))} (default: {side.takes[0]})."]


def _leader_name(side: Side, words: list[str]) -> str | None:
    try:
        return side.deck.leader(" ".join(words).strip(",")).name
    except NameLookupError:
        return None


def capture_lines(plan: dict[str, Any]) -> list[str]:
    """The capture lines of a plan, when not the defaults."""
    lines = {capture.KEEP: ["CAPTURE KEEP"], capture.NO_CAPTURE: ["NO CAPTURE"]}.get(
        plan.get("capture", capture.KILL), [])
    if plan.get("karama_capture") is not None:
        lines.append(" ".join(["KARAMA CAPTURE", " OR ".join(plan["karama_capture"])]).strip())
    return lines


def capture_legal(side: Side) -> list[str]:
    """What the side may say about a capture, in words."""
    parts = []
    if side.captures:
        parts.append("If you win, you draw one of the loser's leaders at random "
                     f"({side.rules.cite('line 884')}): "
                     "CAPTURE KILL (default: to the tanks, 2 spice to you), CAPTURE KEEP (he "
                     "fights once for you, then goes home) or NO CAPTURE.")
    if side.captured:
        parts.append(f"Captured leaders you may play: {', '.join(side.captured)}.")
    if side.cancels:
        parts.append("Should the Harkonnen win and capture one of your leaders: KARAMA CAPTURE "
                     "cancels it with a Karama, KARAMA CAPTURE <leader> OR <leader> only if one "
                     f"of those is taken ({side.rules.cite('player aid B.6.A.2; WBC line 1412')}).")
    return parts


def _fits(side: Side, words: list[str], slot: Slot) -> bool:
    try:
        read_card(side, words, slot, "DISCARD")
    except OrderProblem:
        return False
    return True


def kh_refusal(side: Side) -> str:
    """Why the Kwisatz Haderach may not fight, in words."""
    if Ability.KWISATZ_HADERACH not in sheet(side.seat, side.rules).optional_abilities:
        return f"only the Atreides have the Kwisatz Haderach ({side.rules.cite('line 762')})"
    gated = (", nor while the Main Leader who gates it is in the tanks (003 \"Main Leaders\")"
             if side.rules.main_leader_gates else "")
    return ("the Kwisatz Haderach fights only with the optional advantages (the advanced game), "
            "after 7 forces lost in battles, once a turn (in one territory a turn: 001 "
            f"2.01.12), unless it is in the tanks{gated} "
            f"({side.rules.cite('line 762; WBC XV')}; 001 2.01.11-14)")


def combine_plan(state: State, prompt: Prompt, parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The lines of one mail as one plan, checked as a whole."""
    side = side_of_state(state, prompt.seat)
    plan = empty_plan()
    given: dict[str, int] = {}
    ifs: list[int] = []
    for index, part in enumerate(parts):
        for key, value in part.items():
            once = key in ("leader", "cheap_hero", "weapon", "defense")
            if (once and key in given and plan[key] != value and side.corrects
                    and key in ("weapon", "defense") and None not in (plan[key], value)
                    and key not in plan.get("second", {})):
                plan.setdefault("second", {})[key] = value      # WBC X, line 1256
                continue
            if once and key in given and plan[key] != value:
                raise OrderProblem(ErrorCode(f"two-{key.replace('_', '-')}s"),
                                   f"one {key.replace('_', ' ')}"
                                   f" a plan ({cite(state, '000 X.B; WBC X, line 1256')})", (),
                                   part=index)
            if key == "discard":
                plan["discard"] = [*plan["discard"], *value] if value else []
            elif key in ("if", "karama"):
                plan[key] = [*plan[key], *value]
                ifs += [index for _ in value if key == "if"]      # each IF line's place
            else:
                plan[key] = value
            given[key] = index
    if "dial" not in given:
        raise OrderProblem(ErrorCode.DIAL_REQUIRED, "a battle plan needs a DIAL: "
                           + dial_rule(side, 0), ())
    plan["discard"] = list(dict.fromkeys(plan["discard"]))
    for key, code, message, valid in problems(side, plan):
        raise OrderProblem(code, message, valid, part=given.get(key, given["dial"]))
    plan_conditions.check(state, prompt, plan, given, ifs)
    return plan


def plan_text(game: Any, plan: dict[str, Any]) -> str:
    """A plan as canonical lines, in a game (a state or a view)."""
    lines = []
    if plan["leader"]:
        lines.append(f"LEADER {plan['leader']}")
    if plan["cheap_hero"]:
        lines.append(hero_text(plan["cheap_hero"]))
    if plan["kh"]:
        lines.append("KWISATZ HADERACH")
    lines.append(f"DIAL {plan['dial']}")
    for key in ("weapon", "defense"):
        if plan[key]:
            lines.append(f"{key.upper()} {plan[key]}")
        if plan.get("second", {}).get(key):
            lines.append(f"{key.upper()} {plan['second'][key]}")
    if plan["spice"]:
        lines.append(f"SPICE {plan['spice']}")
    if not plan["call"]:
        lines.append("NO TRAITOR CALL")
    lines += [f"DISCARD {name}" for name in plan["discard"]]
    if plan["lose"] is not None:
        lines.append(f"LOSE {counts_text(plan['lose']) or 0}")
    lines += capture_lines(plan)
    if plan.get("tech"):
        lines.append(f"TECH {plan['tech']}")
    if plan.get("tooth", combat.USE) != combat.USE:
        lines.append("TOOTH " + next(w for w, v in TOOTH.items() if v == plan["tooth"]))
    if plan.get("portable"):
        lines.append("PORTABLE SNOOPER")
    if plan.get("banker"):
        lines.append(f"BANKER {plan['banker']}")
    if plan.get("retreat"):
        lines.append(f"RETREAT {plan['retreat']}")
    if plan.get("burn"):
        lines.append("STONE BURNER KILL")
    if plan.get("poison"):
        lines.append("RESIDUAL POISON")
    if plan.get("juice"):
        lines.append("JUICE OF SAPHO")
    if plan.get("hood"):
        lines.append(f"CIBUS HOOD {plan['hood']}")
    lines += plan_conditions.lines(game, plan)
    return "\n".join(lines)


# --- the prompts
def plan_prompt(state: State, seat: str) -> Prompt:
    """A combatant's battle plan, secret; its default is ``default_plan``."""
    side = side_of_state(state, seat)
    first = state["step"]["battle"]["round"] == 1
    default = default_plan(side) if first else plan_conditions.second_default(state, seat)
    return Prompt(f"{PLAN}:{seat}", seat, PLAN, True,
                  lambda: "  ".join([plan_legal(side), *plan_conditions.legal(state, seat)]),
                  default, lambda: plan_text(state, default).replace("\n", " / "),
                  lambda: ("# LEADER <name> or CHEAP HERO, DIAL <n>, WEAPON, DEFENSE <card>\n"
                           + plan_text(state, default)
                           + (f"\n# TECH {' or '.join(side.takes)}" if side.takes else "")))


def plan_legal(side: Side) -> str:
    """What the combatant may put in its plan, with its numbers."""
    role = ("you are the aggressor: a tie is yours" if side.aggressor
            else "the aggressor wins a tie")
    parts = [f"Battle in {side.territory} against the {faction_name(side.opponent, side.rules)} "
             f"({side.rules.cite('000 X')}; {role}, {side.rules.cite('X.C.2')}).",
             f"DIAL {dial_rule(side, 0)}.", cost_rule(side)]
    if side.leaders or side.cheap_heroes:
        leaders = ", ".join(f"{n} {side.deck.leader(n).strength}" for n in side.leaders) or "none"
        heroes = f"; or {' or '.join(map(hero_text, side.cheap_heroes))}" \
            if side.cheap_heroes else ""
        if side.hero_optional and not side.leaders:
            parts.append(f"With no leader you need not play a cheap hero (001 4.1.17): "
                         f"{heroes[2:]}, or none: your plan then shows no leader, and no "
                         "treachery card goes with it (001 1.07.05.06).")
        else:
            parts.append(f"One leader is required ({side.rules.cite('X.C.9')}): LEADER "
                         f"{leaders}{heroes}.")
    else:
        parts.append("You have no leader to play: you fight on your dial alone, with no "
                     f"treachery card ({side.rules.cite('X.C.10')}).")
    if side.away:
        parts.append(f"Fought elsewhere this round ({side.rules.cite('X.C.8')}): "
                     + ", ".join(f"{n} in {t}" for n, t in side.away.items()) + ".")
    for slot, verb in ((Slot.WEAPON, "WEAPON"), (Slot.DEFENSE, "DEFENSE")):
        if side.must_lead and side.cards(slot):
            parts.append(f"{verb}: {', '.join(side.cards(slot))}.")
    for name in side.cards(Slot.WEAPON) if side.must_lead else ():
        effects = side.card(name).effects
        if Effect.DEFENDS_BESIDE_WEAPON in effects:
            parts.append(f"{name}: a weapon alone, or a defense beside another weapon "
                         "(001 3.02.14).")
        if Effect.ATTACKS_BESIDE_DEFENSE in effects:
            parts.append(f"{name}: a defense alone, or a weapon beside another defense "
                         "(001 3.02.05).")
    if side.strength.backing:
        parts.append(f"SPICE {spice_rule(side)}.")
    elif side.strength.advanced and side.strength.free:
        parts.append("Your forces count full without spice "
                     f"({side.rules.cite('WBC house rule 6')}).")
    if side.kh:
        parts.append("KWISATZ HADERACH adds 2 to your leader or cheap hero "
                     f"({side.rules.cite('line 762')}).")
    parts += capture_legal(side)
    parts += tech_legal(side)
    if withholdable(side):
        parts.append("TOOTH USE (default), TOOTH HOLD or TOOTH IF IT KILLS: whether your "
                     "Poison Tooth, if you play it, is used at the reveal; it kills both leaders "
                     "but one a poison defense that is no Snooper protects; kept if you win "
                     "without using it (001 "
                     "3.02.09).")
    if juice(side) and not side.aggressor:
        parts.append("JUICE OF SAPHO: play your Juice of Sapho at the reveal to be this "
                     "battle's aggressor, who wins a tie (001 3.03.03).")
    if residual_poison.card_in(side.rules, side.hand):
        parts.append("RESIDUAL POISON: play your Residual Poison on your opponent: one of its "
                     "leaders at random to the tanks before the plans stand; it plans again "
                     "(001 3.03.09).")
    if stone_burners(side):
        parts.append("STONE BURNER KILL: should you play your Stone Burner, both leaders are "
                     "killed whatever their defenses; the side with more undialed forces wins "
                     "(001 3.03.11).")
    hero = (" (or the opponent's Cheap Hero, with the Cheap Hero traitor card: 001 4.09.02)"
            if side.rules.traitor_cards else "")
    parts.append("TRAITOR CALL (default) or NO TRAITOR CALL, should the opponent's leader"
                 f"{hero} be in your pay ({side.rules.cite('X.D')}).  If you win: KEEP ALL "
                 "(default) or "
                 "DISCARD <card> for each weapon or defense to discard "
                 f"({side.rules.cite('X.C.6')}); LOSE <forces> for the forces you "
                 "lose (default: normal forces first).")
    if side.rules.traitor_winner_keeps_one_time_cards and side.cheap_heroes:
        parts.append("If you win by a traitor you keep a Cheap Hero you played too, unless "
                     "you write DISCARD CHEAP HERO (001 1.07.07.07.01).")
    return "  ".join(parts)


def order_prompt(state: State, seat: str, found: list[tuple[str, list[int], str]]) -> Prompt:
    """The order of an aggressor's battles (X.A.3-4), by default as ``found`` (board
    order)."""
    default = [list(pair) for pair in dict.fromkeys((t, o) for t, _, o in found)]
    battles = "; ".join(f"{t} against the {faction_name(o, state)}" for t, o in default)
    legal = (f"Battles ({cite(state, '000 X.A.3-4')}): as aggressor you will fight, as things "
             f"stand: {battles}.  "
             "BATTLE <territory> [AGAINST <faction>], one line per battle in the order you "
             "want them; the others follow in board order.")
    return Prompt(f"{ORDER}:{seat}", seat, ORDER, True, legal, default,
                  order_text(state, default), order_text(state, default))


def read_order_line(state: State, prompt: Prompt, words: list[str]) -> list[list[str | None]]:
    """``BATTLE <territory> [AGAINST <faction>]``."""
    upper = [w.upper() for w in words]
    at = next((i for i, w in enumerate(upper) if w in AGAINST), len(words))
    territories = list(dict.fromkeys(t for t, _ in prompt.default))
    territory, _ = read_territory(state, words[:at], territories)
    if at == len(words):
        return [[territory.name, None]]
    opponents = [o for t, o in prompt.default if t == territory.name]
    return [[territory.name, read_faction(state, words[at + 1:], opponents)]]


def combine_order(state: State, prompt: Prompt, parts: list[list[list[str | None]]]
                  ) -> list[list[str | None]]:
    return [list(pair) for pair in dict.fromkeys(tuple(p) for part in parts for p in part)]


def order_text(game: Any, value: list[list[str | None]]) -> str:
    return "\n".join(f"BATTLE {t}" + (f" AGAINST {faction_name(o, game)}" if o else "")
                     for t, o in value)


# --- a bot's orders
def random_order(view: dict[str, Any], prompt: Prompt, rng: random.Random
                 ) -> list[list[str | None]]:
    """The battles in a random order."""
    value = [list(pair) for pair in prompt.default]
    rng.shuffle(value)
    return value


def random_plan(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """A random legal plan from the seat's view: the side's leaders, heroes and cards found
    once, a card's line asked only where a card of the hand has its effect (copies alike)."""
    side = side_of_view(view, prompt.seat)
    plan = empty_plan()
    heroes, available = side.cheap_heroes, side.leaders
    must_lead = bool(available or heroes)                # ``Side.must_lead``
    fits = {slot: side.cards(slot) for slot in (Slot.WEAPON, Slot.DEFENSE)}
    held = [side.deck.treachery_card(c) for c in side.hand]
    effects = {effect for card in held for effect in card.effects}
    if heroes and (not available or rng.random() < 0.3):
        plan["cheap_hero"] = rng.choice(heroes)
    elif available:
        plan["leader"] = rng.choice(available)
    if must_lead:
        for key, slot in (("weapon", Slot.WEAPON), ("defense", Slot.DEFENSE)):
            choices = [n for n in fits[slot] if (n != plan["weapon"] or side.count(n) > 1)
                       and (slot is Slot.DEFENSE or plan["leader"] == side.planetologist
                            or not skill_powers.green(side.rules, n))  # 001 4.07.15.07
                       and side.refusal(n) is None]                   # 001 3.04.02, 3.04.04
            if choices and rng.random() < 0.6:
                plan[key] = rng.choice(choices)
    strength = side.strength
    plan["spice"] = rng.randint(0, strength.most_spice(side.spice))
    step = 2 if strength.half_steps else 1
    plan["dial"] = combat.number(rng.randint(0, int(strength.most(plan["spice"]) * step)) / step)
    fitted(side, plan)                                  # 001 3.02.05, 3.02.14
    plan["kh"] = side.kh and must_lead and rng.random() < 0.5
    plan["call"] = rng.random() < 0.8
    kept = [n for n in (plan["weapon"], plan["defense"])
            if n and Effect.DISCARD_AFTER_PLAY not in side.card(n).effects]
    plan["discard"] = list(dict.fromkeys(n for n in kept if rng.random() < 0.3))
    if plan["cheap_hero"] and side.rules.traitor_winner_keeps_one_time_cards \
            and rng.random() < 0.5:
        plan["discard"].append(plan["cheap_hero"])      # 001 1.07.07.07.01
    if rng.random() < 0.3:
        plan["lose"] = dict(rng.choice(strength.losses(plan["dial"], plan["spice"])))
    if side.captures:
        plan["capture"] = rng.choice((capture.KILL, capture.KEEP, capture.NO_CAPTURE))
    if Effect.MAY_BE_WITHHELD in effects and plan["weapon"] in withholdable(side):
        plan["tooth"] = rng.choice(tuple(TOOTH.values()))
    if (not plan["defense"] or Effect.COUNTS_AS_NEITHER in side.card(plan["defense"]).effects
            ) and any(card.type is CardType.PORTABLE_SNOOPER for card in held) \
            and portable_snooper(side) and rng.random() < 0.7:
        plan["portable"] = True                         # 001 3.03.08; 3.04.02, .04
    if Effect.MAY_BURN_LEADERS in effects and plan["weapon"] in stone_burners(side) \
            and rng.random() < 0.5:
        plan["burn"] = True                             # 001 3.03.11
    if Effect.POISONS_A_LEADER in effects and rng.random() < 0.5:
        plan["poison"] = True                           # 001 3.03.09
    if plan["leader"] and Effect.SWAPS_LEADER in effects \
            and (others := [n for n in available if n != plan["leader"]]) and rng.random() < 0.5:
        plan["hood"] = rng.choice(others)               # 001 3.09.02
    if Effect.MAKES_AGGRESSOR in effects and not side.aggressor and rng.random() < 0.5:
        plan["juice"] = True                            # 001 3.03.03
    plan = lines_apart(side, plan)
    if side.cancels and rng.random() < 0.5:
        plan["karama_capture"] = rng.sample(sorted(side.places), rng.randint(0, 2))
    if side.takes:
        plan["tech"] = rng.choice(side.takes)
    if plan["leader"] and plan["leader"] == side.diplomat and rng.random() < 0.5:
        places = leader_skills.retreats(view, side.territory)     # 001 4.07.15.03
        if places:
            plan["retreat"] = rng.choice(places)[0]
    left = min(BANKER_MOST, side.spice - plan["spice"])
    if plan["leader"] and plan["leader"] == side.banker and left > 0:
        plan["banker"] = rng.randint(0, left)           # 001 4.07.15.12 (0: none)
    return plan_conditions.random_extras(view, prompt, side, plan, rng)


order_kind(OrderKind(PLAN, PLAN_VERBS, read_plan_line, plan_text,
                     combine_plan, random_plan, with_verb=True, notes=reveal_notes))
order_kind(OrderKind(ORDER, ("BATTLE",), read_order_line, order_text, combine_order,
                     random_order))
