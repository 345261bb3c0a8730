"""Dune v3.0's cards played from outside the moment they touch, by a standing word: The Duel's
Cone of Silence (003 "Expanded Treachery"; option ``cone_of_silence``) and the Residual Poison
as 003 "Changed Treachery Cards" has it (option ``residual_poison``).

- Cone of Silence (REF, CUR; docs/sources.md): played at any time on named opponents, who buy
  no card and form no alliance until the end of the turn.
- Residual Poison (003 "Changed Treachery Cards"): played when the plans of a battle one is
  not in are revealed and a poison defence is used; it and the defence are discarded before
  the battle is resolved.

By mail (rulings, docs/rules-coverage.md "003 Optional house rules"): a faction holding either
card is asked nothing more than one that does not.  In a game with either card, every faction
asked anything in a mail round gets the same optional decision (key ``standing-card:<seat>``,
the same text for all: no mail and no wait tells who holds the card); it never holds a step.
A word stands until its moment and plays only if the sender then holds the card (a faction
may set it before it buys the card); otherwise it is told so, alone:

- ``CONE OF SILENCE <faction> [<faction>...]``: played as the mail round it is sent in is
  resolved, after that round's own orders; ``... AT <phase>``: when that phase next begins
  (``CONE OF SILENCE Harkonnen AT BIDDING``).  Named: factions but one's own and one's
  allies' ("opponents").  Until the end of the turn the named bid for no card (the bidding
  asks them nothing, ``buyers``) and their wish to ally at a Nexus is void (they may still
  leave an alliance).
- ``RESIDUAL POISON``: stands ready; at the reveal of a battle the faction is not in where a
  combatant's defence stops the other's poison weapon (the defence "is used"), the card and
  that defence are discarded and the battle is resolved without the defence.  Several ready:
  the first in storm order plays.
- ``STANDING NONE`` (the default) leaves the words as they are; ``STANDING HOLD`` withdraws
  them.

The words set wait in ``state["standing_cards"]`` (each faction's own, shown to it alone); a
card played is public, with what it did.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import combat, main_leaders
from ..codes import ErrorCode, EventCode
from ..data import CardType, Effect
from ..discard_pile import discard
from ..orders.language import OrderKind, OrderProblem, order_kind, read_factions
from ..prompt_key import PromptKey
from ..rules import Rules, rules_of
from ..state import State, ally_of, data, faction_name, storm_order
from .spice_specials import PHASE_WORDS

KIND = "standing-card"
CONE, RESIDUAL, HOLD = "Cone of Silence", "Residual Poison", "hold"
TYPES = {CONE: CardType.CONE_OF_SILENCE, RESIDUAL: CardType.RESIDUAL_POISON}
SETS = {CONE: "cone_of_silence", RESIDUAL: "residual_poison"}   # data/v3/treachery.yaml
STORE, SILENCED = "standing_cards", "silenced"


def owns(key: str) -> bool:
    """Whether a decision's key is this module's."""
    return PromptKey.parse(key).kind == KIND


def in_game(game: Any) -> list[str]:
    """The cards of this module the game's deck holds (none: nobody is asked)."""
    sets = rules_of(game).card_sets
    return [name for name, found in SETS.items() if found in sets]


def rides(rules: Rules) -> bool:
    """Whether a game of these rules asks for a standing word: its deck has one of the cards."""
    return any(found in rules.card_sets for found in SETS.values())


# --- the decision, the same for every faction asked
def prompts(state: State, others: list[Prompt]) -> list[Prompt]:
    """The decision of every faction asked something else in this round."""
    cards = in_game(state) if others else []
    asked = {p.seat for p in others} if cards else set()
    return [_prompt(state, seat, cards) for seat in state["seats"] if seat in asked]


def keys(state: State, others: list[str]) -> list[str]:
    """The keys of ``prompts``, from the keys of the other decisions."""
    cards = in_game(state) if others else []
    asked = {PromptKey.parse(key).seat for key in others} if cards else set()
    return [str(PromptKey(KIND, seat)) for seat in state["seats"] if seat in asked]


def _prompt(state: State, seat: str, cards: list[str]) -> Prompt:
    parts = []
    if CONE in cards:
        parts.append("CONE OF SILENCE <faction> [<faction>...] [AT <phase>]: if you hold the "
                     "Cone of Silence, the factions named buy no card and form no alliance "
                     "until the end of the turn, from the end of this round or when the phase "
                     'named begins (003 "Expanded Treachery").')
    if RESIDUAL in cards:
        parts.append("RESIDUAL POISON: if you hold it, it stands ready for a battle you are "
                     "not in where a poison defence stops a poison weapon: it and the defence "
                     'are discarded before the battle is resolved (003 "Changed Treachery '
                     'Cards").')
    if words := _words(state, state.get(STORE, {}).get(seat, {})):
        parts.append("Standing: " + ", ".join(words) + "; STANDING HOLD withdraws them.")
    parts.append("STANDING NONE: as you are.")
    return Prompt(f"{KIND}:{seat}", seat, KIND, True, "  ".join(parts), None, "STANDING NONE",
                  "STANDING NONE", optional=True, options={"cards": cards})


def _words(game: Any, standing: dict[str, Any]) -> list[str]:
    return [_line(game, name, value) for name, value in standing.items()]


def _line(game: Any, name: str, value: Any) -> str:
    """One word set, as its order line."""
    if name == HOLD:
        return "STANDING HOLD"
    if name == RESIDUAL:
        return "RESIDUAL POISON"
    named, phase = value
    line = "CONE OF SILENCE " + ", ".join(faction_name(seat, game) for seat in named)
    return f"{line} AT {PHASE_WORDS[phase]}" if phase else line


# --- the orders
def _read(state: State, prompt: Prompt, words: list[str]) -> list[Any] | None:
    """One line: [card, its value], [hold, None], or None."""
    verb, rest = words[0].upper(), [w.upper() for w in words[1:]]
    cards = prompt.options.get("cards", in_game(state))
    valid = (*(["CONE OF SILENCE <faction>"] if CONE in cards else []),
             *(["RESIDUAL POISON"] if RESIDUAL in cards else []),
             "STANDING NONE", "STANDING HOLD")
    if verb == "STANDING":
        if rest in (["NONE"], ["HOLD"]):
            return None if rest == ["NONE"] else [HOLD, None]
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected STANDING NONE or STANDING HOLD",
                           valid)
    if verb == "RESIDUAL":
        if RESIDUAL not in cards or rest != ["POISON"]:
            raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected RESIDUAL POISON, in a game "
                               "with the Residual Poison", valid)
        return [RESIDUAL, True]
    if CONE not in cards or rest[:2] != ["OF", "SILENCE"]:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected CONE OF SILENCE <faction>, in a "
                           "game with the Cone of Silence", valid)
    named, phase = words[3:], None
    if "AT" in rest[2:]:
        at = rest.index("AT", 2)
        said = " ".join(rest[at + 1:])
        phases = rules_of(state).phases
        phase = next((p for p in phases if PHASE_WORDS[p] == said), None)
        if phase is None:
            raise OrderProblem(ErrorCode.BAD_SPECIAL, f"no phase is called {said!r}: "
                               + ", ".join(PHASE_WORDS[p] for p in phases), valid)
        named = words[3:at + 1]
    opponents = [s for s in state["seats"] if s != prompt.seat
                 and s not in ally_of(state, prompt.seat)]
    found = read_factions(state, named, opponents)
    if not found:
        raise OrderProblem(ErrorCode.MISSING_FACTION, "name the factions to silence", valid)
    return [CONE, [found, phase]]


def _combine(state: State, prompt: Prompt, parts: list[Any]) -> list[Any] | None:
    found = [part for part in parts if part is not None]
    return found or None


def _text(game: Any, value: list[Any] | None) -> str:
    return "\n".join(_line(game, name, v) for name, v in value) if value else "STANDING NONE"


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list[Any] | None:
    """Now and then, a card held set: the Residual Poison ready, the Cone on an opponent
    (the random bot and the basic bot alike: neither has a better rule)."""
    held = [name for name in prompt.options.get("cards", [])
            if _held_in(view, view["own"]["hand"], name)]
    if not held or rng.random() < 0.6:
        return None
    name = rng.choice(held)
    if name == RESIDUAL:
        return [[RESIDUAL, True]]
    seat = view["seat"]
    opponents = [s for s in view["seats"] if s != seat and s not in ally_of(view, seat)]
    if not opponents:
        return None
    return [[CONE, [[rng.choice(opponents)], rng.choice([None, "bidding"])]]]


order_kind(OrderKind(KIND, ("CONE", "RESIDUAL", "STANDING"), _read, _text, combine=_combine,
                     random=_random, with_verb=True))


# --- setting them
def apply(state: State, orders: dict[str, Any]) -> list[Event]:
    """The words set (or withdrawn), told to their sender alone; a Cone for now played."""
    events: list[Event] = []
    for seat in state["seats"]:
        value = orders.get(f"{KIND}:{seat}")
        if not value:
            continue
        standing = state.setdefault(STORE, {}).setdefault(seat, {})
        for name, said in value:
            if name == HOLD:
                standing.clear()
            else:
                standing[name] = said
        events.append(Event(EventCode.STANDING_CARDS_SET, {"cards": _words(state, standing)},
                            to=(seat,)))
        _tidy(state, seat)
        if CONE in state.get(STORE, {}).get(seat, {}) and standing[CONE][1] is None:
            events += _cone(state, seat)
    return events


def _tidy(state: State, seat: str) -> None:
    if not state.get(STORE, {}).get(seat):
        state.get(STORE, {}).pop(seat, None)
    if not state.get(STORE):
        state.pop(STORE, None)


def _held_in(game: Any, hand: list[str], name: str) -> str | None:
    ids = data(game).card_ids(TYPES[name])
    return next((card for card in hand if card in ids), None)


def _take(state: State, seat: str, name: str) -> bool:
    """The word leaves the seat's standing ones; True if the card is in its hand, and then
    it is discarded (played)."""
    del state[STORE][seat][name]
    _tidy(state, seat)
    hand = state["factions"][seat]["hand"]
    card = _held_in(state, hand, name)
    if card is None:
        return False
    hand.remove(card)
    discard(state, seat, card)
    return True


# --- the Cone of Silence
def _cone(state: State, seat: str) -> list[Event]:
    seats = state[STORE][seat][CONE][0]
    if not _take(state, seat, CONE):
        return [Event(EventCode.SPECIAL_UNPLAYED, {"card": CONE}, to=(seat,))]
    silenced = state.get(SILENCED)
    if not silenced or silenced["turn"] != state["turn"]:
        silenced = state[SILENCED] = {"turn": state["turn"], "factions": []}
    silenced["factions"] = [s for s in state["seats"] if s in silenced["factions"] or s in seats]
    return [Event(EventCode.CONE_OF_SILENCE, {"faction": seat, "named": seats})]


def at_phase_start(state: State) -> list[Event]:
    """A Cone set for the phase now beginning, played."""
    return [event for seat in storm_order(state)
            if (state.get(STORE, {}).get(seat, {}).get(CONE) or [None, None])[1]
            == state["phase"] for event in _cone(state, seat)]


def silenced(game: Any, seat: str) -> bool:
    """Whether ``seat`` is under a Cone of Silence this turn: it may buy no card and form no
    alliance (REF, CUR)."""
    found = game.get(SILENCED)
    return bool(found) and found["turn"] == game["turn"] and seat in found["factions"]


def buyers(game: Any, seats: list[str]) -> list[str]:
    """Of ``seats``, in their order, those no Cone of Silence keeps from buying a card this
    turn (``silenced``: the Cone looked for once for all the seats asked)."""
    found = game.get(SILENCED)
    if not found or found["turn"] != game["turn"]:
        return seats
    return [seat for seat in seats if seat not in found["factions"]]


# --- the Residual Poison
def at_reveal(state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
    """The plans of a battle revealed: where a combatant's poison defence stops the other's
    poison weapon, the first faction in storm order outside the battle with the Residual
    Poison ready plays it; the defence is discarded and gone from the plan (003 "Changed
    Treachery Cards")."""
    ready = [seat for seat in storm_order(state) if seat not in plans
             and RESIDUAL in state.get(STORE, {}).get(seat, {})
             and not main_leaders.out(state, seat)]
    events: list[Event] = []
    for seat, plan in plans.items():
        if not _poison_stopped(state, plan, plans):
            continue
        player = None
        while ready and player is None:         # a word without the card: the next one ready
            candidate = ready.pop(0)
            if _take(state, candidate, RESIDUAL):
                player = candidate
            else:
                events.append(Event(EventCode.SPECIAL_UNPLAYED, {"card": RESIDUAL},
                                    to=(candidate,)))
        if player is None:
            continue
        hand = state["factions"][seat]["hand"]
        card = next(c for c in hand if data(state).treachery_card(c).name == plan["defense"])
        hand.remove(card)
        discard(state, seat, card)
        events.append(Event(EventCode.RESIDUAL_POISON, {"faction": player, "victim": seat,
                                                        "card": plan["defense"]}))
        plan["defense"] = None
    return events


def _poison_stopped(state: State, plan: dict[str, Any], plans: dict[str, dict[str, Any]]
                    ) -> bool:
    """Whether ``plan``'s defence stops poison and is used: the other side's weapon kills
    without it, not with it."""
    deck, defense = data(state), plan["defense"]
    weapon = next(p for p in plans.values() if p is not plan)["weapon"]
    if defense is None or weapon is None or Effect.STOPS_POISON not in deck.card_named(
            defense).effects or Effect.STOPPED_BY_SNOOPER not in deck.card_named(weapon).effects:
        return False
    return combat.kills(deck, weapon, None) and not combat.kills(deck, weapon, defense)
