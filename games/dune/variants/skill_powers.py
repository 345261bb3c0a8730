"""The seven leader skills rules version 7 adds to the deck (001 4.07.15.02-03, .06-07, .09-10,
.12), called by ``leader_skills.LeaderSkills``'s hooks.

- Bureaucrat (4.07.15.02): once a phase, another faction paying at least 5 spice to a faction
  other than the holder has 2 of it go to the bank instead (top, ``paid``); in battle the
  opponent's total loses 1 for each stronghold it occupies, advisors alone not counted (bottom,
  the plan's ``opponent_bonus``, which ``combat.resolve`` counts unless this leader is killed).
- Diplomat (4.07.15.03): with no card of its own played as a defense, a Worthless card of the
  plan counts as the opponent's defense, then is discarded (top, ``at_reveal``: the plan's
  ``defense_as``, read by ``combat.resolve``); losing, its undialed forces up to this leader's
  strength retreat to an empty adjacent non-stronghold out of the storm (bottom,
  ``retreating``; where: ``leader_skills.retreats``, the plan's ``RETREAT <territory>``).
- Planetologist (4.07.15.07): a move one territory further, three at most, or two groups moved
  to one territory in one movement, then neither further (top, ``widened``, ``JOINING``); a
  green card played as this leader's weapon, +2, then discarded (bottom, ``green``).
- Mentat (4.07.15.06): before the plans of each battle its holder fights, the opponent shows
  the weapon the holder asks for, or if it holds none, another treachery card (top, ``asked``);
  +2 to this leader's disc (bottom).
- Rihani Decipherer (4.07.15.09): its holder winning a battle looks at two random cards of the
  traitor deck (top); with this leader in the battle it also draws two and may keep one by
  revealing and returning an unused traitor it holds (bottom), ``won``.
- Sandmaster (4.07.15.10): a move of its holder's forces into a territory holding spice takes 1
  of it (top, ``moved``); with this leader winning a battle, the bank adds 3 spice to the
  territory if it holds spice (bottom, ``won``).
- Spice Banker (4.07.15.12): once a phase, another faction paying at least 4 spice to the bank
  gives the holder 1 spice from the bank, in front of its shield, collected at the Mentat Pause
  like a bribe (top, ``paid``); in battle the plan's ``BANKER <1-3>`` spice, paid to the bank
  with the battle's spice, adds as much to this leader's disc (bottom).

Rulings (docs/rules-coverage.md, "001 4.07"): a "may" that only helps its holder and harms no
ally is taken by the moderator, so no skill asks a mail round of its own:

- the Bureaucrat diverts every payment it may, but none paid by or to its holder's ally;
- the Mentat's question is a standing line of its holder's movement order (``MENTAT <card>``,
  ``MENTAT NONE``), asked in each of its battles until changed; the card shown when the named one
  is not held is drawn at random from the opponent's hand (001 leaves the choice unsaid); the
  question and the card shown are the two combatants' alone;
- by mail a move names its start and its end, never its way: the Sandmaster takes spice of the
  territory moved into alone;
- the Rihani Decipherer keeps the stronger drawn card when it is stronger than the weakest
  traitor it holds, revealing and returning that one (both drawn return otherwise); the cards
  looked at and drawn are its holder's alone, the traitor returned is public;
- the Sandmaster's 3 spice are always added (they lie where its holder just won);
- the Diplomat's Worthless card defends against the weapon only (it makes no explosion with a
  lasgun); its undialed forces are those lost but one for each point of the dial (two for
  each point not backed by spice in advanced combat);
- a green card is a Special card that is no weapon already (a Worthless card is one).
"""

from __future__ import annotations

import math
import random
from typing import Any

from pbem.game import Event

from ..codes import EventCode
from ..data import CardCategory, CardType, Slot, TokenPlace
from ..leaders import ALIVE, IN_TANKS
from ..rules import rules_of
from ..state import State, ally_of, data, occupants
from .cheap_hero_traitor import strength as traitor_strength

KIND = "leader_skill"
FRONT = str(TokenPlace.FRONT)       # where a kept card lies (``tokens``: the token layer)
BUREAUCRAT, MENTAT, RIHANI = "bureaucrat", "mentat", "rihani-decipherer"
DIPLOMAT, PLANETOLOGIST = "diplomat", "planetologist"
PLANETOLOGIST_BONUS = 2             # 4.07.15.07: "add +2 to this leader disc"
MOST_MOVE = 3                       # 4.07.15.07: "1 additional adjacent Territory (to a maximum
#                                     of 3)"
JOINING = "joining"                 # the step's mark of a move joining two groups (4.07.15.07)
SANDMASTER, SPICE_BANKER = "sandmaster", "spice-banker"
DIVERTED, DIVERTS_FROM = 2, 5       # 4.07.15.02: "at least 5 spice ... two of the spice"
BANKS_FROM = 4                      # 4.07.15.12: "at least 4 spice, you gain 1 spice"
MENTAT_BONUS = 2                    # 4.07.15.06: "Add +2 to this leader disc"
PEEKED = DRAWN = 2                  # 4.07.15.09: "peek at 2 ... Draw 2 Traitor Cards"
SAND_ADDED = 3                      # 4.07.15.10: "add 3 more spice from the Spice Bank"
BANKER_MOST = 3                     # 4.07.15.12: "pay 1-3 of your spice"
STANDING = ("used", "asks")         # what a card's record keeps of its holder's use here


def _kept(state: State | dict[str, Any]) -> list[dict[str, Any]]:
    """The skill cards kept, face up in front of a shield with their leader (4.07.03)."""
    return [record for record in state.get("tokens", [])
            if record["kind"] == KIND and record["at"] == FRONT]


def _top(state: State, value: str) -> dict[str, Any] | None:
    """The card of this skill whose top half works now: its leader alive in his owner's pool
    (4.07.13), the card face up in front of the shield."""
    return next((record for record in _kept(state) if record["value"] == value
                 and state["factions"][record["owner"]]["leaders"].get(record["leader"])
                 == ALIVE), None)


def widened(game: Any, seat: str, reach: int) -> int:
    """The Planetologist's top half (4.07.15.07): one territory more, to three at most, but
    for a move that joins two groups (the top half's other use, ``JOINING``)."""
    record = next((r for r in _kept(game) if r["owner"] == seat and r["value"] == PLANETOLOGIST),
                  None)
    if record is None or game.get("step", {}).get(JOINING) == seat:
        return reach
    own = game["factions"][seat]
    leaders = own["leaders"] if "leaders" in own else game["own"]["leaders"]
    if leaders.get(record["leader"]) != ALIVE:
        return reach
    return max(reach, min(reach + 1, MOST_MOVE))


def _in_battle(state: State, value: str, plan: dict[str, Any]) -> dict[str, Any] | None:
    """The card of this skill whose leader is the plan's (the bottom half, 4.07.14.03)."""
    return next((record for record in _kept(state) if record["value"] == value
                 and plan.get("leader") and record["leader"] == plan["leader"]), None)


def _phase(state: State) -> str:
    return f"{state['turn']}:{state['phase']}"


def _once(record: dict[str, Any], state: State) -> bool:
    """Whether the card's once-a-phase top half is still unused this phase (and now used)."""
    if record.get("used") == _phase(state):
        return False
    record["used"] = _phase(state)
    return True


# --- payments (the Bureaucrat's and the Spice Banker's top halves)
def paid(state: State, payer: str, payee: str | None, amount: int, front: bool = False
         ) -> list[Event]:
    """``payer`` has paid ``amount`` spice to ``payee`` (None: the bank; ``front``: into the
    spice in front of the payee's shield, a bribe)."""
    events: list[Event] = []
    bureaucrat = _top(state, BUREAUCRAT)
    if (bureaucrat is not None and payee is not None and amount >= DIVERTS_FROM
            and bureaucrat["owner"] not in (payer, payee)
            and not {payer, payee} & set(ally_of(state, bureaucrat["owner"]))
            and _once(bureaucrat, state)):
        if front:
            state["bribes"][payee] -= DIVERTED
        else:
            state["factions"][payee]["spice"] -= DIVERTED
        events.append(Event(EventCode.SKILL_DIVERTED, {
            "faction": bureaucrat["owner"], "payer": payer, "payee": payee, "spice": DIVERTED}))
    banker = _top(state, SPICE_BANKER)
    if (banker is not None and payee is None and amount >= BANKS_FROM
            and banker["owner"] != payer and _once(banker, state)):
        state["bribes"][banker["owner"]] = state["bribes"].get(banker["owner"], 0) + 1
        events.append(Event(EventCode.SKILL_BANKED, {"faction": banker["owner"], "payer": payer,
                                                     "spice": 1}))
    return events


# --- the Mentat's question
def ask(state: State, seat: str, card: str | None) -> None:
    """The holder's standing question (``MENTAT <card>``; None: ``MENTAT NONE``), kept on its
    card's record, which no view shows (``tokens._SEEN``)."""
    record = next((r for r in _kept(state) if r["owner"] == seat and r["value"] == MENTAT),
                  None)
    if record is None:
        return
    if card is None:
        record.pop("asks", None)
    else:
        record["asks"] = card


def mentat_of(records: list[dict[str, Any]], seat: str) -> str | None:
    """``seat``'s leader with the Mentat, face up in front of its shield, if any."""
    return _holder(records, seat, MENTAT)


def weapons(game: Any) -> list[str]:
    """The weapons of the game's deck a Mentat may ask for, by name, each once."""
    deck = data(game)
    return sorted({card.name for card in deck.treachery_deck if Slot.WEAPON in card.slots
                   and card.type is not CardType.WORTHLESS})


def weapon_named(game: Any, text: str) -> tuple[str, bool]:
    """The card a ``MENTAT`` line names (a NameLookupError if none), and whether it is a
    weapon: a card played in a plan's weapon place, not a Worthless card."""
    deck = data(game)
    name = deck.card_names.find(text)
    card = deck.card_named(name)
    return name, Slot.WEAPON in card.slots and card.type is not CardType.WORTHLESS


def asked(state: State, rng: random.Random) -> list[Event]:
    """Before the plans of a battle (4.07.15.06): each combatant's Mentat asks its standing
    question; the opponent shows the card named if held, else another card at random."""
    battle = state["step"]["battle"]
    pair = (battle["aggressor"], battle["defender"])
    events: list[Event] = []
    for seat, other in (pair, pair[::-1]):
        record = _top(state, MENTAT)
        if record is None or record["owner"] != seat or "asks" not in record:
            continue
        deck = data(state)
        hand = state["factions"][other]["hand"]
        named = [c for c in hand if deck.treachery_card(c).name == record["asks"]]
        spare = rng.choice(sorted(hand)) if hand else None      # drawn either way: what the
        shown = named[0] if named else spare                    # question is draws nothing
        events += [Event(EventCode.SKILL_ASKED, {"faction": seat, "opponent": other}),
                   Event(EventCode.SKILL_SHOWN, {
                       "faction": seat, "opponent": other, "asked": record["asks"],
                       "card": deck.treachery_card(shown).name if shown else None},
                       to=(seat, other))]
    return events


# --- moves
def moved(state: State, seat: str, territory: str) -> list[Event]:
    """The Sandmaster's top half (4.07.15.10): 1 spice of the territory moved into."""
    record = _top(state, SANDMASTER)
    if record is None or record["owner"] != seat or not state["spice"].get(territory):
        return []
    state["spice"][territory] -= 1
    if not state["spice"][territory]:
        del state["spice"][territory]
    state["factions"][seat]["spice"] += 1
    return [Event(EventCode.SKILL_SPICE, {"faction": seat, "leader": record["leader"],
                                          "spice": 1, "skill": "Sandmaster",
                                          "territory": territory, "section": "001 4.07.15.10"})]


# --- the battle
def diplomat_of(records: list[dict[str, Any]], seat: str) -> str | None:
    """``seat``'s leader with the Diplomat, face up in front of its shield, if any."""
    return _holder(records, seat, DIPLOMAT)


def planetologist_of(records: list[dict[str, Any]], seat: str) -> str | None:
    """``seat``'s leader with the Planetologist, face up in front of its shield, if any."""
    return _holder(records, seat, PLANETOLOGIST)


def banker_of(records: list[dict[str, Any]], seat: str) -> str | None:
    """``seat``'s leader with the Spice Banker, face up in front of its shield (the tokens
    of a state or of a view), if any."""
    return _holder(records, seat, SPICE_BANKER)


def _holder(records: list[dict[str, Any]], seat: str, value: str) -> str | None:
    return next((r["leader"] for r in records if r["kind"] == KIND and r["at"] == FRONT
                 and r["owner"] == seat and r.get("value") == value), None)


def at_reveal(state: State, plans: dict[str, dict[str, Any]], strongholds: list[str]) -> None:
    """The Mentat's +2, the Spice Banker's spice on the disc, the Bureaucrat's count of the
    opponent's ``strongholds`` (the board's, as it lies in this game)."""
    for seat, plan in plans.items():
        other = next(s for s in plans if s != seat)
        if _in_battle(state, MENTAT, plan):
            _bonus(plan, "Mentat", MENTAT_BONUS)
        if _in_battle(state, SPICE_BANKER, plan) and plan.get("banker"):
            _bonus(plan, "Spice Banker", plan["banker"])
        diplomat = _top(state, DIPLOMAT)
        if diplomat is not None and diplomat["owner"] == seat:
            _as_their_defense(state, plan, plans[other])
        if _in_battle(state, PLANETOLOGIST, plan) and green(state, plan["weapon"]):
            _bonus(plan, "Planetologist", PLANETOLOGIST_BONUS)
            plan["discard"] = [*plan["discard"], plan["weapon"]]
        if _in_battle(state, BUREAUCRAT, plan):
            held = sum(other in occupants(state, name) for name in strongholds)
            plan["opponent_bonus"] = -held
            plan.setdefault("skill_bonus", []).append(["Bureaucrat", -held])


def green(game: Any, card: str | None) -> bool:
    """Whether a card is a green Special card other than a Cheap Hero, which the Planetologist
    plays as his weapon (4.07.15.07): a Special card that is no weapon already (a Worthless
    card is one, player aid A.7)."""
    if card is None:
        return False
    found = data(game).card_named(card)
    return (found.category is CardCategory.SPECIAL and Slot.WEAPON not in found.slots
            and found.type not in (CardType.CHEAP_HERO, CardType.WORTHLESS))


def _as_their_defense(state: State, plan: dict[str, Any], theirs: dict[str, Any]) -> None:
    """The Diplomat's top half (4.07.15.03): with no card of its own played as a defense, a
    Worthless card of the plan counts as the defense the opponent played (``defense_as``,
    read by ``combat.resolve``), and is discarded after the battle."""
    deck = data(state)

    def worthless(card: str | None) -> bool:
        return card is not None and deck.card_named(card).type is CardType.WORTHLESS
    played = [card for card in (plan["weapon"], plan["defense"]) if worthless(card)]
    if (not played or (plan["defense"] and not worthless(plan["defense"]))
            or not theirs["defense"] or worthless(theirs["defense"])):
        return
    plan["defense_as"] = theirs["defense"]
    plan["diplomat"] = played[0]
    plan["discard"] = [*plan["discard"], played[0]]


def _bonus(plan: dict[str, Any], skill: str, bonus: int) -> None:
    plan["leader_bonus"] = plan.get("leader_bonus", 0) + bonus
    plan.setdefault("skill_bonus", []).append([skill, bonus])


def as_defense(plans: dict[str, dict[str, Any]]) -> list[Event]:
    """The Diplomat's Worthless cards counted as the opponent's defense, worded."""
    return [Event(EventCode.SKILL_DEFENSE, {"faction": seat, "card": plan["diplomat"],
                                            "defense": plan["defense_as"]})
            for seat, plan in plans.items() if plan.get("defense_as")]


def retreating(state: State, seat: str, plan: dict[str, Any], lost: dict[str, int]) -> int:
    """How many of a loser's forces its Diplomat in the battle takes away (4.07.15.03: "your
    undialed Forces up to the strength of this leader"): its forces lost but those dialed
    (ruling: a force dialed for each point of the dial, two for each point not backed by
    spice in advanced combat, rounded up), up to his strength; 0 if he is not in the battle or
    was killed in it."""
    if (_in_battle(state, DIPLOMAT, plan) is None
            or state["factions"][seat]["leaders"].get(plan["leader"]) in IN_TANKS):
        return 0
    dial = math.ceil(plan["dial"])     # a whole number of forces, the dial's half up
    backed = min(plan.get("spice", 0), dial)
    dialed = dial + (dial - backed if rules_of(state).advanced_combat else 0)
    return max(0, min(data(state).leader(plan["leader"]).strength, sum(lost.values()) - dialed))


def banker_paid(state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
    """The Spice Banker's spice on the wheel paid to the bank, win or lose (4.07.15.12)."""
    events: list[Event] = []
    for seat, plan in plans.items():
        spice = min(plan.get("banker", 0), state["factions"][seat]["spice"])
        if spice and _in_battle(state, SPICE_BANKER, plan):
            state["factions"][seat]["spice"] -= spice
            events.append(Event(EventCode.BATTLE_SPICE, {"faction": seat, "spice": spice}))
    return events


def won(state: State, territory: str, winner: str, plan: dict[str, Any], rng: random.Random
        ) -> list[Event]:
    """The winner's Rihani Decipherer and Sandmaster."""
    events: list[Event] = []
    alive = state["factions"][winner]["leaders"].get(plan.get("leader")) not in IN_TANKS
    peek = _top(state, RIHANI)
    fought = _in_battle(state, RIHANI, plan) if alive else None
    if (peek is not None and peek["owner"] == winner) or fought is not None:
        events += _decipher(state, winner, fought is not None, rng)
    sand = _in_battle(state, SANDMASTER, plan) if alive else None
    if sand is not None and state["spice"].get(territory):
        state["spice"][territory] += SAND_ADDED
        events.append(Event(EventCode.SKILL_SPICE_ADDED, {
            "faction": winner, "leader": plan["leader"], "territory": territory,
            "spice": SAND_ADDED}))
    return events


def _decipher(state: State, seat: str, draws: bool, rng: random.Random) -> list[Event]:
    """4.07.15.09: two random traitor cards looked at (top), then the deck reshuffled; with the
    leader in the battle, two drawn, the stronger kept for the weakest held (the ruling)."""
    deck_ = state["decks"]["traitors"]
    events: list[Event] = []
    if deck_:
        looked = rng.sample(deck_, min(PEEKED, len(deck_)))
        rng.shuffle(deck_)
        events.append(Event(EventCode.SKILL_PEEK, {"faction": seat, "leaders": looked},
                            to=(seat,)))
    held = state["factions"][seat]["traitors"]
    if not (draws and deck_ and held):
        return events
    drawn = [deck_.pop() for _ in range(min(DRAWN, len(deck_)))]
    found = data(state)
    best = max(drawn, key=lambda n: (traitor_strength(found, n), n))
    worst = min(held, key=lambda n: (traitor_strength(found, n), n))
    if traitor_strength(found, best) > traitor_strength(found, worst):
        held[held.index(worst)] = best
        drawn.remove(best)
        drawn.append(worst)
        events += [Event(EventCode.SKILL_TRAITOR, {"faction": seat, "returned": worst}),
                   Event(EventCode.SKILL_TRAITOR_KEPT, {"faction": seat, "kept": best,
                                                        "returned": worst}, to=(seat,))]
    deck_ += drawn
    rng.shuffle(deck_)
    return events
