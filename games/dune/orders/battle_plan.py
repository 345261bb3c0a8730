"""What a combatant may put in a battle plan, and a plan's checks and its corrections at the
reveal (000 X.B-D; XXII; Q&A XXV.B.2-7; player aid A, lines 918-932; WBC clarification X,
lines 1252-1258; WBC house rule 6, line 1059; Atreides shield 4, line 762; Harkonnen shield 3,
line 884).

A plan value is ``{"leader", "cheap_hero", "weapon", "defense"`` (names or None), ``"dial"``,
``"spice"``, ``"kh"``, ``"call"``, ``"discard"`` (card names), ``"lose"`` (``[n, m]`` or
None), ``"capture"`` (``kill``, ``keep``, ``none``), ``"karama_capture"`` (None, or the leaders
whose capture a Karama cancels, [] for any), ``"if"`` (``[[condition, {key: value}], ...]``),
``"no_leader"``, ``"karama"`` (the uses)``}``, and ``"tech"`` only if given (the name of the
tech token it takes should it win, 001 4.05.02): its lines are read and written by
``battle_orders``.  ``Side`` holds what one combatant may put in a plan, built alike from the
state or from the seat's own view, so that the checks, the prompt and the bots agree.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Any

from pbem.wording import plural

from .. import combat, factions, tokens, variants
from ..board import homeworlds
from ..cards import karama, special_battle
from ..codes import ErrorCode
from ..data import Ability, CardCategory, CardType, DuneData, Effect, Slot, TreacheryCard
from ..factions import bene_gesserit_voice as voice
from ..factions import harkonnen_capture as capture
from ..forces import add, kind, kinds, order_text, plain, total
from ..rules import Classic, Rules, rules_of
from ..state import State, data, faction_name, layered_data
from ..variants import skill_powers, tech_tokens

# The plan lines that play a card of their own (001 3.03.03 the Juice of Sapho, 3.03.09 the
# Residual Poison): that card cannot also be the plan's weapon or defense.
LINE_CARDS = {"juice": Effect.MAKES_AGGRESSOR, "poison": Effect.POISONS_A_LEADER}


def slotted_twice(side: Side, plan: dict[str, Any], line: str) -> str | None:
    """The slot (weapon or defense) holding the one card the plan's ``line`` plays too, or
    None."""
    effect = LINE_CARDS[line]
    if not plan.get(line) or sum(effect in side.deck.treachery_card(c).effects
                                 for c in side.hand) > 1:
        return None
    return next((s for s in ("weapon", "defense")
                 if plan[s] and effect in side.card(plan[s]).effects), None)


# --- what a combatant may put in a plan
@dataclass
class Side:
    """One combatant of the battle under way, and what it may play (never changed once built;
    not frozen, as ``revival_orders.Allowance`` is not, for the cost of a frozen ``__init__``)."""

    seat: str
    opponent: str
    aggressor: bool
    territory: str
    strength: combat.Strength
    spice: int
    places: dict[str, str]       # its leaders: alive or tanks
    away: dict[str, str]         # leaders who fought elsewhere this round: where
    hand: tuple[str, ...]        # card ids
    kh: bool                     # may add the Kwisatz Haderach
    captured: tuple[str, ...] = ()   # others' leaders it may play (the Harkonnen, line 884)
    captures: bool = False       # it captures a leader when it wins (line 884)
    cancels: bool = False        # it may play a Karama against the capture (line 952)
    voice: dict[str, Any] | None = None   # the Voice standing on it (line 784)
    corrects: bool = False       # its plan is corrected at the reveal, not refused (WBC X)
    hero_optional: bool = False  # with no leader it need not play a Cheap Hero (001 4.1.17)
    takes: tuple[str, ...] = ()  # the opponent's tech tokens it chooses among if it wins (001
    #                              4.05.02): two or more, else no choice
    rules: Rules = field(default_factory=Classic, compare=False, repr=False)  # cited by mails
    banker: str | None = None    # its leader with the Spice Banker skill (001 4.07.15.12)
    diplomat: str | None = None  # its leader with the Diplomat skill (001 4.07.15.03)
    planetologist: str | None = None    # its leader with the Planetologist (001 4.07.15.07)
    reserve: int = 0             # its forces in reserve (001 3.04.04: Reinforcements)
    at_home: bool = False        # the battle is on its own homeworld (001 3.04.02, 4.10)

    @functools.cached_property
    def deck(self) -> DuneData:
        """The game's data: its cards and leaders (``state.data``), found once (by its rules'
        layers: ``data`` asked a ``Rules`` looks for a state's first)."""
        return layered_data(self.rules.layers)

    @functools.cached_property
    def leaders(self) -> list[str]:
        """The leaders it may play here: alive or held captured, and not fought in another
        territory (X.C.8; line 884); found once (the side is never changed)."""
        away = self.away
        return ([name for name, where in self.places.items()
                 if where == "alive" and name not in away]
                + [name for name in self.captured if name not in away])

    def cards(self, slot: Slot) -> list[str]:
        """The names of the cards in hand that fit a place of the plan, each once; with the
        Planetologist a green Special card as a weapon too (001 4.07.15.07, his alone:
        ``problems``)."""
        return list(dict.fromkeys(
            card.name for card in self._cards() if slot in card.slots
            or (slot is Slot.WEAPON and self.planetologist is not None
                and skill_powers.green(self.rules, card.name))))

    def refusal(self, name: str) -> str | None:
        """Why the card ``name`` may not be played in this battle (001 3.04.02, 3.04.04: the
        Special-Battle cards), or None."""
        return special_battle.refusal(self.rules, name, self.reserve, self.at_home)

    def count(self, name: str) -> int:
        return sum(card.name == name for card in self._cards())

    def card(self, name: str) -> TreacheryCard:
        """A card by its name, as the game's deck has it."""
        return self.deck.card_named(name)

    def _cards(self) -> list[TreacheryCard]:
        return [self.deck.treachery_card(card) for card in self.hand]

    @functools.cached_property
    def cheap_heroes(self) -> list[str]:
        """Its Cheap Heroes, none while the Voice forbids them (GF9, 001 2.02.07: the Voice
        prevails over the mandatory Cheap Hero of 1.07.05.05, 001 2 item 2); found once."""
        found = self.cards(Slot.LEADER)
        if self.voice and not self.voice["play"] and self.voice["kind"] == CardType.CHEAP_HERO:
            return [name for name in found if self.card(name).type is not CardType.CHEAP_HERO]
        return found

    @property
    def must_lead(self) -> bool:
        """A leader or a cheap hero is available, so one must be played (X.C.9)."""
        return bool(self.leaders or self.cheap_heroes)

    @property
    def lowest(self) -> str | None:
        """Its lowest-value available leader (WBC X, line 1252)."""
        return min(self.leaders, key=lambda n: self.deck.leader(n).strength, default=None)


def side_of_state(state: State, seat: str) -> Side:
    """What ``seat`` may play in the battle under way."""
    step = state["step"]
    own = state["factions"][seat]
    records = tokens.of(state)
    hidden = tokens.standing_for(records, seat, step["battle"]["territory"],
                                 own["reserve"].get(plain(state, seat), 0)) if records else 0
    return _side(state, seat, step["battle"], step["fought"], kh_spent(step, step["battle"]),
                 own.get("kwisatz_haderach"), own["spice"] + _helped(state, seat, step["battle"]),
                 own["hand"], own["leaders"],
                 [*factions.power(seat, state).captives(state), *factions.lent_to(state, seat)],
                 records, hidden, total(own["reserve"]))


def side_of_view(view: dict[str, Any], seat: str) -> Side:
    """What ``seat`` may play, from its own view only (for bots)."""
    battle = view["battle"]
    own = view["own"]
    records = own.get("tokens", [])
    hidden = tokens.standing_for(records, seat, battle["current"]["territory"],
                                 own["reserve"].get(plain(view, seat), 0)) if records else 0
    return _side(view, seat, battle["current"], battle["fought"],
                 kh_spent(battle, battle["current"]), view["kwisatz_haderach"],
                 own["spice"] + _helped(view, seat, battle["current"]), own["hand"],
                 own["leaders"],
                 [*factions.power(seat, view).captives_seen(view), *factions.lent_to(view, seat)],
                 tokens.of(view), hidden, total(own["reserve"]))


def _helped(game: State | dict[str, Any], seat: str, battle: dict[str, Any]) -> int:
    """The spice the bank pays of ``seat``'s battle spice in ``battle`` (001 4.04.04.02, the
    Arrakeen stronghold card) and another faction's power pays (001 2.09.16: CHOAM for its
    ally; in a seat's view, ``battle_support``), so more it may back forces with."""
    bank = (variants.battle_spice_help(game, seat, battle["territory"])
            if variants.in_play(game) else 0)
    if "own" in game:
        return bank + game["own"].get("battle_support", 0)
    return bank + factions.battle_support(game, seat)


def kh_spent(step: dict[str, Any], battle: dict[str, Any]) -> bool:
    """Whether the Kwisatz Haderach may fight no more this turn in ``battle``'s territory: it
    fought this turn (000 line 762), elsewhere under GF9 (001 2.01.12, ``kh_territory``)."""
    return step["kh_used"] and step.get("kh_territory") != battle["territory"]


def _side(game: Any, seat: str, battle: dict[str, Any], fought: dict[str, dict[str, str]],
          kh_used: bool, kh: dict[str, Any] | None, spice: int, hand: list[str],
          places: dict[str, str], captured: list[str], records: list[dict[str, Any]],
          hidden: int = 0, reserve: int = 0) -> Side:
    """What ``seat`` may play, from a state or its own view (``game``: the powers, forces and
    alliances asked of it are public).  ``hidden``: the forces its face-down tokens in the
    territory stand for, to be revealed with the plan (001 2.10.17 SURPRISE ASSAULT): its own
    to count, told to nobody else."""
    rules = rules_of(game)
    forces, alliances = game["forces"], game["alliances"]
    opponent = battle["defender"] if seat == battle["aggressor"] else battle["aggressor"]
    territory = battle["territory"]
    dialed = factions.dialer(game, seat, battle)      # 001 2.11.20: Ecaz dial their ally's
    here: dict[str, int] = {}
    for sector, by_faction in forces.get(territory, {}).items():
        if int(sector) in battle["sectors"] and dialed in by_faction:
            add(here, by_faction[dialed])
    if hidden:
        add(here, {kinds(rules, seat)[0].name: hidden})
    sides = {s for alliance in alliances if dialed in alliance for s in alliance} or {dialed}
    free = any(     # WBC house rule 6; 001 2.04.22; 003 house rule "Fremen Combat"
        faction.counts_full_without_spice(rules, faction.seat != dialed, territory)
        for faction in factions.in_play(game, "counts_full_without_spice")
        if faction.seat in sides)
    karamaed = battle.get("cancelled", {}).get(seat, [])     # battle_karama
    against = faction_name(opponent, game)     # a state's or view's: found at once
    # 001 4.03.07.08: a Nexus card's (asked only of a game with variants)
    full = variants.full_strength(game, seat) if variants.in_play(game) else _NONE
    # 001 4.10.12 "Salusa Secundus": asked only of a game with homeworlds (issue 29)
    placed = homeworlds.in_game(game)
    as_normal = homeworlds.plain(game, seat) if placed else _NONE
    for faction in factions.in_play(game, "kinds_as_normal"):            # 001 2.11.08 B
        if faction.seat == dialed:
            as_normal |= faction.kinds_as_normal(game)
    unspiced = homeworlds.unspiced(game, seat) if placed else _NONE
    troops = tuple(combat.Troop(kind.name, here.get(kind.name, 0),
                                combat.NORMAL if kind.name in full
                                else min(kind.worth(against), combat.NORMAL)
                                if "starred" in karamaed or kind.name in as_normal
                                else kind.worth(against),
                                kind.spiced and kind.name not in unspiced)
                   for kind in kinds(rules, dialed))
    loaned = factions.loaned(battle, seat) if dialed == seat else None
    if loaned:                      # 001 4.03.07.04: five counted as Sardaukar, the rest plain
        first = troops[0]
        count = min(loaned["count"], first.count)
        troops = (combat.Troop(first.kind, first.count - count, first.worth, first.spiced),
                  *troops[1:], combat.Troop(first.kind, count, loaned["worth"], first.spiced))
    strength = combat.Strength(troops, rules.advanced_combat, free and "free" not in karamaed)
    away = {name: where for name, where in fought.get(seat, {}).items() if where != territory}
    may_kh = (kh is not None and factions.has(game, seat, Ability.KWISATZ_HADERACH)
              and factions.power(seat, rules).may_add_kwisatz_haderach(kh)
              and not kh_used and "kh" not in karamaed)
    # A Karama against the capture: the cards it may play as one, the Shrine's Truthtrance too
    # where it occupies it (001 4.06.07.05), asked of the state or view as the card's play is
    cancels = capture.enabled(game, opponent) and bool(
        karama.cards_for(game, hand, seat, rules.karama_powers))
    # The tech tokens it may take and its leaders' skills face up (001 4.05, 4.07.15): none
    # asked in a game without tokens
    takes = tech_tokens.to_take(data(rules), records, opponent) if records else []
    skilled = ((skill_powers.banker_of(records, seat), skill_powers.diplomat_of(records, seat),
                skill_powers.planetologist_of(records, seat)) if records else (None, None, None))
    return Side(seat, opponent, seat == battle["aggressor"], territory, strength, spice,
                dict(places), away, tuple(hand), may_kh, tuple(captured),
                capture.enabled(game, seat), cancels, voice.standing(battle, seat),
                rules.corrects_plans_at_reveal, not rules.cheap_hero_required,
                tuple(takes) if len(takes) > 1 else (), rules,
                *skilled, reserve,
                placed and special_battle.at_home(game, seat, territory))


_NONE: frozenset[str] = frozenset()


# --- plans
def empty_plan() -> dict[str, Any]:
    return {"leader": None, "cheap_hero": None, "weapon": None, "defense": None, "dial": 0,
            "spice": 0, "kh": False, "call": True, "discard": [], "lose": None,
            "capture": capture.KILL, "karama_capture": None, "if": [], "no_leader": False,
            "karama": []}


def default_plan(side: Side) -> dict[str, Any]:
    """The plan of a combatant who sends none: its lowest leader (WBC X, line 1252), else a
    cheap hero (X.C.9), dial 0, no cards, no spice; traitors called; cards kept."""
    plan = empty_plan()
    if side.lowest:
        plan["leader"] = side.lowest
    elif side.cheap_heroes:
        plan["cheap_hero"] = side.cheap_heroes[0]
    return plan


def revealed(plan: dict[str, Any]) -> dict[str, Any]:
    """What the table sees of a plan when it is revealed (X.B.4)."""
    return {key: plan[key] for key in ("leader", "cheap_hero", "weapon", "defense", "dial",
                                       "spice", "kh")}


def problems(side: Side, plan: dict[str, Any]) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """What is wrong with a plan: (the plan key at fault, code, message, what is valid)."""
    found = []
    strength = side.strength
    leading = plan["leader"] or plan["cheap_hero"]
    if plan["leader"] and plan["cheap_hero"]:
        found.append(("cheap_hero", ErrorCode.ONE_LEADER, "a leader or a cheap hero, not both "
                      f"({side.rules.cite('000 X.B.2; player aid A.6')})", leader_lines(side)))
    elif (not leading and side.must_lead and not side.corrects
          and not (side.hero_optional and not side.leaders)):
        found.append(("leader", ErrorCode.LEADER_REQUIRED, "you must play a leader or a cheap hero "
                      f"({side.rules.cite('000 X.C.9')})", leader_lines(side)))
    if ((not side.must_lead or (side.hero_optional and not side.leaders and not leading))
            and (plan["weapon"] or plan["defense"])):
        found.append(("weapon", ErrorCode.NO_LEADER_NO_CARDS,
                      "without a leader you play no treachery "
                      f"card ({side.rules.cite('000 X.C.10')})", ()))
    if (plan["weapon"] and plan["weapon"] == plan["defense"]
            and side.count(plan["weapon"]) < 2):
        found.append(("defense", ErrorCode.CARD_TWICE, f"you hold one {plan['weapon']}: it goes in "
                      "one place of the plan", card_lines(side, Slot.DEFENSE)))
    for line in LINE_CARDS:                 # 001 3.03.03, 3.03.09: a line plays its own card
        if (slot := slotted_twice(side, plan, line)) is not None:
            found.append((slot, ErrorCode.CARD_TWICE, f"you hold one {plan[slot]}: it goes in "
                          "one place of the plan", ()))
    if (slot := beside(side, plan)) is not None:
        found.append((slot, ErrorCode.BESIDE, BESIDE_RULE[slot].format(plan[slot]),
                      card_lines(side, Slot(slot))))
    if plan["spice"] > strength.most_spice(side.spice):
        found.append(("spice", ErrorCode.SPICE, f"SPICE {spice_rule(side)}", ()))
    if (plan["weapon"] and skill_powers.green(side.rules, plan["weapon"])
            and plan["leader"] != side.planetologist):
        found.append(("weapon", ErrorCode.WRONG_PLACE, f"{plan['weapon']} is played as a weapon "
                      "only with the leader who has the Planetologist skill (001 4.07.15.07)",
                      card_lines(side, Slot.WEAPON)))
    for slot in ("weapon", "defense"):      # 001 3.04.02, 3.04.04
        if plan[slot] and (why := side.refusal(plan[slot])):
            found.append((slot, ErrorCode.WRONG_PLACE, why, card_lines(side, Slot(slot))))
    if plan.get("banker") and (side.banker is None or plan["leader"] != side.banker
                               or plan["spice"] + plan["banker"] > side.spice):
        found.append(("banker", ErrorCode.BAD_PLAN_LINE, banker_rule(side), ()))
    if cut_dial(side, plan) is not None:
        pass                            # cut at the reveal (WBC X, line 1254)
    elif not strength.dial_ok(plan["dial"], plan["spice"]):
        found.append(("dial", ErrorCode.DIAL, f"DIAL {dial_rule(side, plan['spice'])}", ()))
    elif plan["lose"] is not None and plan["lose"] not in strength.losses(
            plan["dial"], plan["spice"]):
        found.append(("lose", ErrorCode.LOSSES,
                      "the forces you lose must be worth your dial with the "
                      f"spice you pay ({side.rules.cite('000 X.C.6, XXII.C')}): "
                      + losses_rule(side, plan), tuple(
                          f"LOSE {order_text(mix)}" for mix in
                          strength.losses(plan["dial"], plan["spice"]))))
    if plan["kh"] and not (plan["leader"] or plan["cheap_hero"]):
        found.append(("kh", ErrorCode.KH_ALONE,
                      "the Kwisatz Haderach cannot fight alone: it goes with "
                      f"a leader or a cheap hero ({side.rules.cite('line 762')})", ()))
    one_time = side.rules.traitor_winner_keeps_one_time_cards      # 001 1.07.07.07.01
    kept = {plan["weapon"], plan["defense"], *plan.get("second", {}).values(),
            plan["cheap_hero"] if one_time else None} - {None}
    for name in plan["discard"]:
        if name not in kept or (Effect.DISCARD_AFTER_PLAY in side.card(name).effects
                                and not one_time):
            found.append(("discard", ErrorCode.DISCARD,
                          f"DISCARD names a {'card' if one_time else 'weapon or defense'} of "
                          f"your plan; {name} is not one, or is discarded anyway",
                          tuple(f"DISCARD {n}" for n in sorted(kept))))
    return found


def banker_rule(side: Side) -> str:
    """What ``BANKER`` may say (001 4.07.15.12), in words."""
    if side.banker is None:
        return ("BANKER is for a faction whose leader with the Spice Banker skill fights "
                "(001 4.07.15.12)")
    return (f"BANKER {1}-{skill_powers.BANKER_MOST}: with LEADER {side.banker}, spice you pay "
            "onto the wheel beside what backs your forces, as much added to his disc "
            "(001 4.07.15.12)")


def beside(side: Side, plan: dict[str, Any]) -> str | None:
    """The slot of a card played out of its kind without the card it needs beside it, if any:
    the Weirding Way is a defense only beside another weapon (001 3.02.14), Chemistry a weapon
    only beside another defense (001 3.02.05)."""
    weapon = side.card(plan["weapon"]) if plan["weapon"] else None
    defense = side.card(plan["defense"]) if plan["defense"] else None
    if defense and Effect.DEFENDS_BESIDE_WEAPON in defense.effects and not (
            weapon and weapon.category is CardCategory.WEAPON and weapon != defense):
        return "defense"
    if weapon and Effect.ATTACKS_BESIDE_DEFENSE in weapon.effects and not (
            defense and defense.category is CardCategory.DEFENSE and defense != weapon):
        return "weapon"
    return None


def fitted(side: Side, plan: dict[str, Any]) -> list[str]:
    """The cards out of place taken out of ``plan`` (changed in place), one after the other: a
    Weirding Way as the defense beside Chemistry as the weapon fits neither; the slots
    emptied."""
    emptied = []
    while (slot := beside(side, plan)) is not None:
        plan[slot] = None
        emptied.append(slot)
    return emptied


BESIDE_RULE = {"defense": "{} is a defense only beside another weapon (001 3.02.14)",
               "weapon": "{} is a weapon only beside another defense (001 3.02.05)"}


def cut_dial(side: Side, plan: dict[str, Any]) -> combat.Number | None:
    """Where the plan is corrected at the reveal (``Side.corrects``), the dial a dial above
    what the forces and the spice paid support is cut to: "the highest supportable number
    given the number of tokens in the battle and the spice paid" (000 clarification X, line
    1254; 004 X.8); None for any other dial."""
    strength = side.strength
    spice = min(plan["spice"], strength.most_spice(side.spice))
    if side.corrects and strength.on_step(plan["dial"]) and plan["dial"] > strength.most(spice):
        return strength.most(spice)
    return None


def correct(side: Side, plan: dict[str, Any], leaderless: bool = False,
            rng: random.Random | None = None) -> tuple[dict[str, Any], list[str]]:
    """A plan as it may be played when revealed, and the corrections made (WBC X, lines
    1252-1258): of two weapons or two defenses one chosen at random from ``rng``, the other
    back to the hand (without ``rng``, before the reveal, both stay); an unavailable leader or
    card removed, a missing leader replaced by the lowest available (not in a battle without
    leaders by common consent, Q&A B.7), the dial cut to what the forces and spice support,
    invalid parts removed."""
    plan = {**empty_plan(), **plan, "discard": list(plan.get("discard", []))}
    notes: list[str] = []

    def drop(key: str, note: str, value: Any = None) -> None:
        plan[key] = value
        notes.append(note)
    second = dict(plan.pop("second", None) or {})
    for key in ("weapon", "defense"):
        if key in second and rng is not None:
            plan[key] = rng.choice([plan[key], second.pop(key)])
            notes.append(f"{key}-chosen-at-random")
    if second:
        plan["second"] = second
    if plan["leader"] and plan["leader"] not in side.leaders:
        drop("leader", "leader-unavailable")
    if plan["cheap_hero"] and (plan["leader"] or plan["cheap_hero"] not in side.cheap_heroes):
        drop("cheap_hero", "cheap-hero-removed")
    # 001 4.1.17: with no Active Leader a tournament plan need not hold a Cheap Hero
    hero_left_out = (side.hero_optional and not side.leaders
                     and side.rules.optional_hero_left_out_at_reveal)
    if (not (plan["leader"] or plan["cheap_hero"]) and side.must_lead and not leaderless
            and not hero_left_out):
        fill = default_plan(side)
        plan["leader"], plan["cheap_hero"] = fill["leader"], fill["cheap_hero"]
        notes.append("leader-added")
    unled = hero_left_out and not plan["cheap_hero"]        # 001 1.07.05.06: no card then
    for key, slot in (("weapon", Slot.WEAPON), ("defense", Slot.DEFENSE)):
        if plan[key] and (not side.must_lead or unled or plan[key] not in side.cards(slot)):
            drop(key, f"{key}-removed")
    if plan["weapon"] and plan["weapon"] == plan["defense"] and side.count(plan["weapon"]) < 2:
        drop("defense", "defense-removed")
    for slot in fitted(side, plan):                     # 001 3.02.05, 3.02.14
        notes.append(f"{slot}-removed")
    most_spice = side.strength.most_spice(side.spice)
    if plan["spice"] > most_spice:
        drop("spice", "spice-reduced", most_spice)
    if not side.strength.dial_ok(plan["dial"], plan["spice"]):
        step = 2 if side.strength.half_steps else 1
        dial = min(int(plan["dial"] * step) / step, side.strength.most(plan["spice"]))
        drop("dial", "dial-reduced", combat.number(max(0, dial)))
    if plan["kh"] and not (side.kh and (plan["leader"] or plan["cheap_hero"])):
        drop("kh", "kh-removed", False)
    plan["discard"] = combat.discards(plan)
    if plan["lose"] is not None and plan["lose"] not in side.strength.losses(
            plan["dial"], plan["spice"]):
        plan["lose"] = None
    return plan, notes


def hero_text(name: str) -> str:
    """The line of a card in the leader's place: a Cheap Hero(ine), or ``LEADER <card>`` (the
    Levenbrech, 001 3.03.14)."""
    return {"Cheap Heroine": "CHEAP HEROINE", "Cheap Hero": "CHEAP HERO"}.get(
        name, f"LEADER {name}")


# --- the rules in words, with the numbers
def leader_lines(side: Side) -> tuple[str, ...]:
    return (*(f"LEADER {name}" for name in side.leaders),
            *(hero_text(name) for name in side.cheap_heroes))


def card_lines(side: Side, slot: Slot) -> tuple[str, ...]:
    verb = "WEAPON" if slot is Slot.WEAPON else "DEFENSE"
    return tuple(f"{verb} {name}" for name in side.cards(slot))


def spice_rule(side: Side) -> str:
    if not side.strength.backing:
        return ("is not for this battle: " + (
            f"your forces count full without spice ({side.rules.cite('WBC house rule 6')})"
            if side.strength.free else
            f"spice backs forces only in advanced combat ({side.rules.cite('XXII')})"))
    return (f"0 to {side.strength.most_spice(side.spice)}: one spice backs one force at full "
            f"strength, a starred force too ({side.rules.cite('000 XXII.A.1, Q&A B.4')}); the "
            "others count half")


def dial_rule(side: Side, spice: int) -> str:
    strength = side.strength
    first, *others = strength.troops
    words = kind(first.kind)
    more = "".join(f" and {t.count} {kind(t.kind).face}, worth {t.worth} each"
                   for t in others if t.count)
    text = (f"0 to {strength.most(spice)}: your "
            f"{plural(first.count, words.singular, words.plural)}{more} "
            f"in {side.territory} ({side.rules.cite('000 X.B.1')})")
    if strength.backing:
        text += (f" backed by {spice} spice, in half steps ({side.rules.cite('XXII.B')}); "
                 f"with SPICE {strength.most_spice(side.spice)}, up to "
                 f"{strength.most(side.spice)}")
    return text


def cost_rule(side: Side) -> str:
    """What winning costs: the forces dialled (X.C.6), with the spice backing them counted
    (XXII.C, half a force's worth unbacked), and that spice paid win or lose (XXII)."""
    strength = side.strength
    text = (f"If you win, you lose forces worth your dial ({side.rules.cite('X.C.6')})")
    if not strength.backing:
        return text + "."
    spice = strength.most_spice(side.spice)
    dial = strength.most(side.spice)

    def fewest(dial: combat.Number, spice: int) -> int:
        return min(total(mix) for mix in strength.losses(dial, spice))
    text += (f": a force backed by spice counts 1, another half, so DIAL {dial} with SPICE "
             f"{spice} costs {plural(fewest(dial, spice), 'force')}")
    if spice and strength.most(0):
        bare = strength.most(0)
        text += f", DIAL {bare} with none {plural(fewest(bare, 0), 'force')}"
    return text + (f"; the spice you back it with is paid to the bank win or lose "
                   f"({side.rules.cite('XXII')}).")


def losses_rule(side: Side, plan: dict[str, Any]) -> str:
    mixes = side.strength.losses(plan["dial"], plan["spice"])
    return ", ".join(order_text(mix) or "0" for mix in mixes)

