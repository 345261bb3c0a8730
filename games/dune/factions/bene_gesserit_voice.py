"""The Bene Gesserit Voice (000 BG shield 3, line 784; alliance, line 790; Q&A XXV.B.6, line
666; WBC clarification X, lines 1214-1250, and 004 X.3-6, lines 270-285).

The Bene Gesserit in a battle, or whose ally fights one, may command the opponent to play, or
not to play, one kind of card in his plan: a projectile, a poison, the lasgun, a shield, a
snooper, a worthless card (never a cheap hero, WBC line 1248; a worthless card only as "play
one" or "do not play one", WBC line 1246).  He who cannot obey plays as he likes, and need say
so only at the reveal (line 784; WBC line 1250).  A Karama cancels the Voice (player aid
B.6.A.3): ``battle_karama``.

Under GF9 (001 2.02.07, ``BeneGesseritGF9.voice_names_cheap_hero``) the Voice may also command
a Cheap Hero, and names the defenses as GF9 does: a projectile defense is a Shield, a poison
defense a Snooper; a special weapon by name is the Lasgun (the base deck has no special
defense, 3.01).  "Your opponent must comply with your command as well as they are able to": a
plan that can obey must (``could_obey``); one that cannot (no card of the kind, or no leader
nor Cheap Hero to play cards with) plays as it likes.  Commanded to play a Cheap Hero, the side
holding one plays it in place of its leader; commanded not to, it plays a leader, and with none
it plays no leader and so no card (1.07.05.05's mandatory Cheap Hero yields: "A faction's
particular abilities always have precedence over the rules", 001 2 item 2;
``Side.cheap_heroes``).

By mail (``docs/orders.md``, "Before the plans"): ``VOICE PLAY <kind>``, ``VOICE NOT <kind>``
or ``VOICE NONE`` (the default), key ``voice:<bene-gesserit>``, secret, in the battle's first
mail round together with both plans: the Voice is published when that round is carried out.
The voiced side answers it ahead with conditional lines of its plan (``IF VOICED NOT POISON:
WEAPON Crysknife``), which are checked when read: a line that breaks the Voice it is written
for, when the plan could obey, is refused.  A plan that answered no such Voice is made to obey
when the Voice is given (``obey``): the first card of the kind commanded put in its place, or
the card forbidden taken out.  So the Voice costs no mail round; a plan read after the Voice
(a second round) must obey it or is refused.  The Voice is public; a plan that could not obey
is announced at the reveal.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import combat
from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..data import Ability, CardType, Effect, Slot
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..rules import Rules, rules_of
from ..state import State, data, faction_name
from .base import BattleTools, answers, borrower, has, stopped

VOICE = "voice"
KINDS = {                   # order word -> card type (line 784)
    "PROJECTILE": CardType.PROJECTILE_WEAPON,
    "POISON": CardType.POISON_WEAPON,
    "LASGUN": CardType.LASGUN,
    "SHIELD": CardType.SHIELD,
    "SNOOPER": CardType.SNOOPER,
    "WORTHLESS": CardType.WORTHLESS,
}
CHEAP_HERO = "CHEAP HERO"           # 001 2.02.07: "a Cheap Hero", GF9 only
# 001 2.02.07: "a specific special weapon by name, or a specific special defense by name": the
# special cards of the first expansion's set (3.02), which a Voice names where the game's deck
# has them (``ixians_tleilaxu_cards``).
EXPANSION_SET = "ixians_tleilaxu"
SPECIAL = {"POISON BLADE": CardType.POISON_BLADE, "POISON TOOTH": CardType.POISON_TOOTH,
           "ARTILLERY STRIKE": CardType.ARTILLERY_STRIKE, "WEIRDING WAY": CardType.WEIRDING_WAY,
           "CHEMISTRY": CardType.CHEMISTRY, "SHIELD SNOOPER": CardType.SHIELD_SNOOPER}
# What else a special card counts as, for a Voice naming a base kind, by the place it is
# played in (None: either): Poison Blade "counts as both a projectile and poison" (3.02.08);
# Poison Tooth is a poison weapon (3.02.09, "Weapon-Poison-Special"); the Shield Snooper
# "Counts as both a Shield (Projectile Defense) and Snooper (Poison Defense)" (3.02.11); the
# Weirding Way is a projectile weapon, or a projectile defense beside another weapon (3.02.14);
# Chemistry a poison defense, or a poison weapon beside another defense (3.02.05).
COUNTS_AS: dict[tuple[CardType, str | None], frozenset[CardType]] = {
    (CardType.POISON_BLADE, None): frozenset({CardType.PROJECTILE_WEAPON,
                                              CardType.POISON_WEAPON}),
    (CardType.POISON_TOOTH, None): frozenset({CardType.POISON_WEAPON}),
    # the 11+ pack's Poison Tooth (3.08.06, "Weapon-Special"), named by its name alone
    (CardType.LANDSRAAD_POISON_TOOTH, None): frozenset({CardType.POISON_TOOTH}),
    (CardType.SHIELD_SNOOPER, None): frozenset({CardType.SHIELD, CardType.SNOOPER}),
    (CardType.WEIRDING_WAY, "weapon"): frozenset({CardType.PROJECTILE_WEAPON}),
    (CardType.WEIRDING_WAY, "defense"): frozenset({CardType.SHIELD}),
    (CardType.CHEMISTRY, "defense"): frozenset({CardType.SNOOPER}),
    (CardType.CHEMISTRY, "weapon"): frozenset({CardType.POISON_WEAPON}),
}
WORDS = ({kind: word for word, kind in KINDS.items()} | {CardType.CHEAP_HERO: CHEAP_HERO}
         | {kind: word for word, kind in SPECIAL.items()})
SYNONYMS = {("PROJECTILE", "DEFENSE"): "SHIELD", ("PROJECTILE", "DEFENCE"): "SHIELD",
            ("POISON", "DEFENSE"): "SNOOPER", ("POISON", "DEFENCE"): "SNOOPER",
            ("CHEAP", "HERO"): CHEAP_HERO, ("CHEAP", "HEROINE"): CHEAP_HERO}  # 001 2.02.07
NOT_WORDS = ("NOT", "NO", "DON'T", "DONT")
BENE_GESSERIT = "bene-gesserit"


def kinds(rules: Rules) -> dict[str, CardType]:
    """The kinds the Voice may name, by order word: line 784's, and under GF9 the Cheap Hero
    too and the first expansion's special cards by name where the deck has them (001
    2.02.07)."""
    theirs = answers(BENE_GESSERIT, rules)
    named = KINDS | ({CHEAP_HERO: CardType.CHEAP_HERO} if theirs.voice_names_cheap_hero else {})
    special = theirs.voice_names_special_cards and EXPANSION_SET in rules.card_sets
    return named | (SPECIAL if special else {})


def phrase_end(upper: list[str]) -> int | None:
    """The index of the last word of the first kind named in ``upper`` (a kind may take two
    words: ``POISON DEFENSE``, ``CHEAP HERO``), or None.  A one-word special name, ``CHEMISTRY``
    (001 3.02.05), ends at itself, the last word too (before a colon)."""
    for i, word in enumerate(upper):
        if i + 1 < len(upper) and " ".join(upper[i:i + 2]) in SPECIAL:
            return i + 1
        if word in KINDS or word in SPECIAL or word == "CHEAP":
            return i + 1 if tuple(upper[i:i + 2]) in SYNONYMS else i
    return None


def voicer(game: Any, battle: dict[str, Any]) -> tuple[str, str] | None:
    """(the Bene Gesserit, the faction they may Voice) in this battle of a game (a state or a
    view): their opponent, or their ally's (line 790); None when they are not in it nor allied
    to one who is; or the holder of their Nexus card, whose Secret Ally lends it the Voice in
    this battle (001 4.03.07.03: ``borrower``), and its opponent."""
    seats, alliances = game["seats"], game["alliances"]
    pair = (battle["aggressor"], battle["defender"])
    holder = borrower(battle, BENE_GESSERIT)
    if holder in pair and not stopped(battle, VOICE):
        return holder, pair[1] if holder == pair[0] else pair[0]
    if (BENE_GESSERIT not in seats or not has(game, BENE_GESSERIT, Ability.VOICE)
            or stopped(battle, VOICE)):             # 001 4.03.07.03: a Nexus card's Betrayal
        return None
    allies = [s for alliance in alliances if BENE_GESSERIT in alliance for s in alliance
              if s != BENE_GESSERIT]
    for us, them in (pair, pair[::-1]):
        if us == BENE_GESSERIT or us in allies:
            if homeworlds.spared(game, BENE_GESSERIT, Ability.VOICE, them):
                return None                             # 001 4.10.12 "Wallach IX" (Occupied)
            return BENE_GESSERIT, them
    return None


def standing(battle: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """The Voice given to ``seat`` in this battle and not cancelled, if any."""
    voice = battle.get("voice")
    if voice and voice["to"] == seat and not voice["cancelled"]:
        return voice
    return None


# --- the Voice and a plan
def decision(state: State, battle: dict[str, Any]) -> tuple[Prompt, str] | None:
    """The Voice the Bene Gesserit may give in this battle, with the faction it is given to."""
    speaker = voicer(state, battle)
    if not speaker:
        return None
    return prompt(speaker[0], speaker[1], speaker[0] in (battle["aggressor"], battle["defender"]),
                  rules_of(state)), speaker[1]


def key(state: State, battle: dict[str, Any]) -> str | None:
    """The key of ``decision``."""
    speaker = voicer(state, battle)
    return f"{VOICE}:{speaker[0]}" if speaker else None


def step(state: State, orders: dict[str, Any], wanted: dict[str, list[str]],
         tools: BattleTools) -> list[Event]:
    """Steps 1-2 before the plans (WBC, 000 lines 1214-1242): the Voice given, published, and
    cancelled by a Karama standing ready."""
    battle = state["step"]["battle"]
    speaker = voicer(state, battle)
    said = orders.get(f"{VOICE}:{speaker[0]}") if speaker else None
    if not speaker or said is None:
        return []
    battle["voice"] = {"by": speaker[0], "to": speaker[1], **said, "cancelled": False}
    events = [Event(EventCode.VOICE, {"faction": speaker[0], "to": speaker[1],
                                      "play": said["play"], "kind": said["kind"]})]
    spent, effective = tools.spend(state, wanted, "voice")
    battle["voice"]["cancelled"] = effective
    return events + spent


def not_obeyed(state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
    """At the reveal, a side that did not obey the Voice is announced (WBC line 1250)."""
    battle = state["step"]["battle"]
    events = []
    for seat, plan in plans.items():
        said = standing(battle, seat)
        if said and not obeys(rules_of(state), plan, said):
            events.append(Event(EventCode.VOICE_NOT_OBEYED, {"faction": seat}))
    return events


def kinds_in(rules: Rules, plan: dict[str, Any]) -> set[CardType]:
    """The kinds of card a plan plays as weapon and defense, as the game's deck has them, with
    what its special cards count as in their places (``counted``)."""
    deck = data(rules)
    found: set[CardType] = set()
    for slot in ("weapon", "defense"):
        if plan[slot] and voiced(card := deck.card_named(plan[slot])):
            found |= counted(card.type, slot, rules)
    return found


def counted(kind: CardType, slot: str | None, rules: Rules) -> frozenset[CardType]:
    """A card's kind and what it counts as in a place (None: where it is played alone), from
    rules version 6 (``BeneGesseritGF9.voice_names_special_cards``; before, its kind alone)."""
    if not answers(BENE_GESSERIT, rules).voice_names_special_cards:
        return frozenset({kind})
    if slot is None:
        slot = {CardType.WEIRDING_WAY: "weapon", CardType.CHEMISTRY: "defense"}.get(kind)
    return frozenset({kind}) | COUNTS_AS.get((kind, slot), COUNTS_AS.get((kind, None),
                                                                         frozenset()))


def obeys(rules: Rules, plan: dict[str, Any], voice: dict[str, Any]) -> bool:
    """Whether a plan does as the Voice commands."""
    if voice["kind"] == CardType.CHEAP_HERO:
        hero = plan["cheap_hero"]
        return (hero is not None and data(rules).card_named(hero).type is CardType.CHEAP_HERO
                ) == voice["play"]
    return (CardType(voice["kind"]) in kinds_in(rules, plan)) == voice["play"]


def could_obey(side: Any, voice: dict[str, Any]) -> bool:
    """Whether the side could obey: "not" always; "play" when it holds a card of the kind and
    may play cards (X.C.10: none without a leader); a Cheap Hero when it holds one."""
    if voice["kind"] == CardType.CHEAP_HERO:
        return not voice["play"] or bool(heroes(side))
    return not voice["play"] or bool(side.must_lead and held(side, voice["kind"]))


def heroes(side: Any) -> list[str]:
    """The side's Cheap Heroes the Voice may name: not the Levenbrech, which stands in a
    leader's place too (001 3.03.14)."""
    return [name for name in side.cheap_heroes if side.card(name).type is CardType.CHEAP_HERO]


def held(side: Any, kind: str) -> list[str]:
    """The names of the side's cards of a kind."""
    names = dict.fromkeys(side.deck.treachery_card(card).name for card in side.hand)
    return [name for name in names if voiced(side.card(name))
            and CardType(kind) in counted(side.card(name).type, None, side.rules)]


def voiced(card: Any) -> bool:
    """Whether the Voice may name the card: not the Poison Dart (001 3.03.15: "This card cannot
    be the target of the Voice ability")."""
    return Effect.UNTOUCHED_BY_VOICE not in card.effects


def obey(side: Any, plan: dict[str, Any], voice: dict[str, Any] | None) -> dict[str, Any]:
    """The plan made to obey the Voice where it does not and could: the card forbidden taken
    out, or the first card of the kind commanded put in its place (a weapon's or a defense's;
    a worthless card in the empty place, else as the weapon)."""
    if voice is None or obeys(side.rules, plan, voice) or not could_obey(side, voice):
        return plan
    plan = {**plan, "discard": list(plan["discard"])}
    kind = CardType(voice["kind"])
    if kind is CardType.CHEAP_HERO:
        return _obey_cheap_hero(side, plan, voice["play"])
    if not voice["play"]:
        for slot in ("weapon", "defense"):
            if plan[slot] and voiced(side.card(plan[slot])) and kind in counted(
                    side.card(plan[slot]).type, slot, side.rules):
                plan[slot] = None
        plan["discard"] = combat.discards(plan)
        return plan
    name = held(side, voice["kind"])[0]
    card = side.card(name)
    if kind is CardType.WORTHLESS:
        slot = "defense" if plan["weapon"] and not plan["defense"] else "weapon"
    elif card.type is CardType.CHEMISTRY:       # alone, where it is what it is (3.02.05)
        slot = "defense"
    else:
        slot = "weapon" if Slot.WEAPON in card.slots else "defense"
    other = "defense" if slot == "weapon" else "weapon"
    plan[slot] = name
    if plan[other] == name and side.count(name) < 2:
        plan[other] = None
    plan["discard"] = combat.discards(plan)
    return plan


def _obey_cheap_hero(side: Any, plan: dict[str, Any], play: bool) -> dict[str, Any]:
    """The plan with the Cheap Hero in place of its leader, or without it: a leader then, and
    with none no leader and no card (001 2.02.07; ``Side.cheap_heroes``)."""
    if play:
        plan["leader"], plan["cheap_hero"] = None, heroes(side)[0]
        return plan
    plan["cheap_hero"] = None
    plan["leader"] = plan["leader"] or side.lowest
    if not plan["leader"]:
        plan["weapon"] = plan["defense"] = None
    plan["discard"] = combat.discards(plan)
    return plan


def refusal(voice: dict[str, Any], side: Any, rule: str) -> str:
    """Why a plan breaking the Voice is refused."""
    if voice["kind"] == CardType.CHEAP_HERO:
        cards = ", ".join(heroes(side))
    else:
        cards = ", ".join(held(side, voice["kind"]))
    why = f"you hold {cards}" if voice["play"] else "you can always leave it out"
    return (f"the Voice binds you: {text(voice)} ({why}; {rule})")


# --- the order
def read_voice(words: list[str], rules: Rules) -> dict[str, Any] | None:
    """``PLAY <kind>``, ``NOT <kind>`` (``DO NOT PLAY``, ``NO``), ``<kind>``, or ``NONE``; the
    kinds of the game's rules (``kinds``)."""
    upper = [w.upper().rstrip(":") for w in words]
    valid = ("VOICE PLAY POISON", "VOICE NOT PROJECTILE", "VOICE PLAY WORTHLESS", "VOICE NONE")
    named = kinds(rules)
    if upper == ["NONE"]:
        return None
    play = True
    while upper and upper[0] in (*NOT_WORDS, "PLAY", "DO"):
        play = play and upper[0] not in NOT_WORDS
        upper = upper[1:]
    if "WORTHLESS" in upper and ({"WEAPON", "DEFENSE", "DEFENCE"} & set(upper)):
        raise OrderProblem(ErrorCode.VOICE_WORTHLESS_PLACE,
                           "a Voice on worthless cards is only play one or do not play one, "
                           f"not as weapon or defense ({rules.cite('WBC X, line 1246; 004 X.6')})",
                           valid)
    upper = [w for w in upper if w not in ("WEAPON", "CARD", "A", "AN")]
    if tuple(upper) in SYNONYMS:
        upper = [SYNONYMS[tuple(upper)]]
    elif upper in (["HERO"], ["HEROINE"]):
        upper = [CHEAP_HERO]
    if upper[:1] in ([CHEAP_HERO], ["CHEAP"], ["HERO"]) and CHEAP_HERO not in named:
        raise OrderProblem(ErrorCode.VOICE_CHEAP_HERO,
                           "the Voice cannot command a cheap hero(ine), "
                           "either way (000 BG shield 3; WBC X, line 1248)", valid)
    if " ".join(upper) in SPECIAL and " ".join(upper) in named:
        upper = [" ".join(upper)]                 # a special card by name (001 2.02.07)
    if len(upper) != 1 or upper[0] not in named:
        raise OrderProblem(ErrorCode.BAD_VOICE,
                           "expected VOICE PLAY <kind> or VOICE NOT <kind>, the "
                           "kind one of " + ", ".join(named)
                           + f" ({rules.cite('000 BG shield 3, line 784')}; a "
                           "worthless card only as play one or do not play one, "
                           f"{rules.cite('WBC X, line 1246')})", valid)
    return {"play": play, "kind": str(named[upper[0]])}


def text(voice: dict[str, Any] | None) -> str:
    """A Voice as order text (without the verb's conditions)."""
    if voice is None:
        return "VOICE NONE"
    return f"VOICE {'PLAY' if voice['play'] else 'NOT'} {WORDS[CardType(voice['kind'])]}"


def prompt(seat: str, target: str, optional: bool, rules: Rules) -> Prompt:
    """The Bene Gesserit's Voice for a battle, secret until the round is carried out."""
    hero = ("a Cheap Hero too" if answers(BENE_GESSERIT, rules).voice_names_cheap_hero
            else "never a cheap hero: WBC X, line 1248")
    legal = (f"VOICE PLAY <kind> or VOICE NOT <kind>: the {faction_name(target, rules)} must play, "
             "or not play, a card of that kind in their plan as well as they are able "
             f"({rules.cite('000 BG shield 3, line 784')}); kinds: "
             + ", ".join(kinds(rules)) + f" ({hero}; a "
             "worthless card only play one or do not play one: "
             f"{rules.cite('WBC X, line 1246')}).  The Voice "
             "is published when this round is carried out; the opponent's plan answers it "
             "ahead (IF VOICED lines).  VOICE NONE: no Voice.")
    return Prompt(f"{VOICE}:{seat}", seat, VOICE, True, legal, None, "VOICE NONE", "VOICE NONE",
                  optional=optional)


def random_voice(view: dict[str, Any], prompt_: Prompt, rng: random.Random
                 ) -> dict[str, Any] | None:
    """Now and then a random Voice, of the kinds the game's rules name."""
    if rng.random() < 0.4:
        return None
    named = kinds(rules_of(view))
    return {"play": rng.random() < 0.5, "kind": str(rng.choice(list(named.values())))}


order_kind(OrderKind(VOICE, ("VOICE",),
                     lambda state, prompt_, words: read_voice(words, rules_of(state)),
                     lambda _, value: text(value),
                     random=random_voice))
