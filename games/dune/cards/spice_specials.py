"""Amal, Harvester and Thumper: the special cards of the Ixians & Tleilaxu expansion played
outside a battle (001 3.02.02, 3.02.06, 3.02.13), each touching the spice.

- Amal, "at the beginning of any phase": every faction discards half the spice behind its
  shield, rounded up, to the bank; then discarded.
- Harvester, "just after a spice blow is revealed": that blow's spice is doubled; discarded.
- Thumper, "after the first game Turn ... at the beginning of Spice Blow Phase": instead of
  the first spice card, play as though a Shai-Hulud had been turned (the sandworm in the
  pile's last territory, and the Nexus); discarded.  The blow then goes on as after a worm.

By mail each is played ahead of its moment, as a standing order the moment carries out: a
holder asked anything in a mail round gets a decision of its own (key ``special:<seat>``,
optional, as the Truthtrance's: nobody waits for it and nobody else learns of it):

- ``AMAL`` (at the beginning of the next phase) or ``AMAL <phase>`` (when that phase next
  begins: ``AMAL BIDDING``);
- ``THUMPER``: at the next Spice Blow after turn 1;
- ``HARVESTER`` (the first blow of the next Spice Blow that puts spice on the board) or
  ``HARVESTER <n>`` (the first that puts at least n there);
- ``SPECIAL NONE`` (the default) leaves the cards as they are; ``SPECIAL HOLD`` withdraws
  the cards set to be played.

The cards set to be played wait in ``state["specials"]`` (the holder's own, shown to it
alone) and stay in the hand until the moment: a card that left the hand meanwhile is not
played.  Each card played is public, with what it did.
"""

from __future__ import annotations

import math
import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import CardType
from ..discard_pile import discard
from ..orders.language import OrderKind, OrderProblem, order_kind, read_number
from ..prompt_key import PromptKey, of_kind
from ..rules import Rules, rules_of
from ..state import State, data, storm_order

KIND = "special"
AMAL, HARVESTER, THUMPER = "Amal", "Harvester", "Thumper"
TYPES = {AMAL: CardType.AMAL, HARVESTER: CardType.HARVESTER, THUMPER: CardType.THUMPER}
HOLD = "hold"
PHASE_WORDS = {"storm": "STORM", "spice_blow": "SPICE BLOW", "charity": "CHARITY",
               "bidding": "BIDDING", "revival": "REVIVAL", "movement": "MOVEMENT",
               "battle": "BATTLE", "collection": "COLLECTION", "mentat_pause": "MENTAT PAUSE",
               "end_of_turn": "END OF TURN", "control": "CONTROL"}


def owns(key: str) -> bool:
    """Whether a decision's key is this module's."""
    return PromptKey.parse(key).kind == KIND


def held(state: State, seat: str) -> dict[str, str]:
    """The seat's cards of these kinds by name: the id of one copy each."""
    found: dict[str, str] = {}
    for name, kind in TYPES.items():
        ids = data(state).card_ids(kind)
        card = next((c for c in state["factions"][seat]["hand"] if c in ids), None)
        if card is not None:
            found[name] = card
    return found


def rides(rules: Rules) -> bool:
    """Whether a game of these rules may ask for these cards: its deck has one."""
    return bool(rules.card_sets) and any(data(rules).card_ids(kind) for kind in TYPES.values())


def _holders(state: State) -> list[str]:
    """The seats holding one of these cards (in a game without them, none, at once)."""
    if not rules_of(state).card_sets:
        return []
    ids = frozenset().union(*(data(state).card_ids(kind) for kind in TYPES.values()))
    if not ids:
        return []
    return [seat for seat in state["seats"]
            if not ids.isdisjoint(state["factions"][seat]["hand"])]


# --- the decisions
def prompts(state: State, others: list[Prompt]) -> list[Prompt]:
    """A decision for each holder asked something else in this round."""
    holders = _holders(state) if others else []
    asked = {p.seat for p in others} if holders else set()
    return [_prompt(state, seat) for seat in holders if seat in asked]


def keys(state: State, others: list[str]) -> list[str]:
    """The keys of ``prompts``, from the keys of the other decisions."""
    holders = _holders(state) if others else []
    asked = {PromptKey.parse(key).seat for key in others} if holders else set()
    return [str(PromptKey(KIND, seat)) for seat in holders if seat in asked]


def _prompt(state: State, seat: str) -> Prompt:
    cards = held(state, seat)
    phases = ", ".join(PHASE_WORDS[p] for p in rules_of(state).phases)
    parts = []
    if AMAL in cards:
        parts.append("AMAL: play your Amal at the beginning of the next phase, or AMAL <phase> "
                     f"({phases}) when it next begins: every faction discards half its spice, "
                     "rounded up, to the bank (001 3.02.02).")
    if THUMPER in cards:
        parts.append("THUMPER: at the beginning of the next Spice Blow after turn 1, a "
                     "sandworm in the last spice blow territory and a Nexus instead of the "
                     "first spice card (001 3.02.13).")
    if HARVESTER in cards:
        parts.append("HARVESTER: double the first spice blow of the next Spice Blow, or "
                     "HARVESTER <n> the first of at least n spice (001 3.02.06).")
    standing = state.get("specials", {}).get(seat, {})
    if standing:
        parts.append("Set to be played: " + ", ".join(_words(standing)) + "; SPECIAL HOLD "
                     "withdraws them.")
    parts.append("SPECIAL NONE: as you are.")
    return Prompt(f"{KIND}:{seat}", seat, KIND, True, "  ".join(parts), None, "SPECIAL NONE",
                  "SPECIAL NONE", optional=True, options={"cards": sorted(cards)})


def _words(standing: dict[str, Any]) -> list[str]:
    return [_line(name, value) for name, value in standing.items()]


def _line(name: str, moment: Any) -> str:
    """One card set, as its order line."""
    if name == HOLD:
        return "SPECIAL HOLD"
    if name == AMAL:
        return "AMAL" if moment is None else f"AMAL {PHASE_WORDS[moment]}"
    if name == HARVESTER:
        return f"HARVESTER {moment}" if moment else "HARVESTER"
    return "THUMPER"


# --- the orders
def _read(state: State, prompt: Prompt, words: list[str]) -> list[Any] | None:
    """One line: [card, its moment] (``AMAL BIDDING`` -> [Amal, bidding]), [hold], or None."""
    verb, rest = words[0].upper(), [w.upper() for w in words[1:]]
    cards = held(state, prompt.seat)
    valid = (*(["AMAL", "AMAL BIDDING"] if AMAL in cards else []),
             *(["THUMPER"] if THUMPER in cards else []),
             *(["HARVESTER", "HARVESTER 8"] if HARVESTER in cards else []),
             "SPECIAL NONE", "SPECIAL HOLD")
    if verb == "SPECIAL":
        if rest in (["NONE"], ["HOLD"]):
            return None if rest == ["NONE"] else [HOLD, None]
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected SPECIAL NONE or SPECIAL HOLD", valid)
    name = {"AMAL": AMAL, "THUMPER": THUMPER, "HARVESTER": HARVESTER}[verb]
    if name not in cards:
        raise OrderProblem(ErrorCode.NOT_IN_HAND, f"you hold no {name}", valid)
    if name == AMAL:
        phases = rules_of(state).phases
        if not rest:
            return [AMAL, None]
        said = " ".join(rest)
        phase = next((p for p in phases if PHASE_WORDS[p] == said), None)
        if phase is None:
            raise OrderProblem(ErrorCode.BAD_SPECIAL, f"no phase is called {said!r}: "
                               + ", ".join(PHASE_WORDS[p] for p in phases), valid)
        return [AMAL, phase]
    if name == HARVESTER:
        return [HARVESTER, read_number(rest[0], 1, 99, "the spice") if rest else 0]
    if rest:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "THUMPER takes nothing after it", valid)
    return [THUMPER, True]


def _combine(state: State, prompt: Prompt, parts: list[Any]) -> list[Any] | None:
    found = [part for part in parts if part is not None]
    return found or None


def _text(game: Any, value: list[Any] | None) -> str:
    if not value:
        return "SPECIAL NONE"
    return "\n".join(_line(name, moment) for name, moment in value)


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list[Any] | None:
    """A bot sets one of its cards now and then."""
    cards = prompt.options.get("cards", [])
    if not cards or rng.random() < 0.7:
        return None
    name = rng.choice(cards)
    if name == AMAL:
        phases = rules_of(view).phases
        return [[AMAL, rng.choice([None, *phases])]]
    return [[name, rng.choice([0, 4, 8])]] if name == HARVESTER else [[THUMPER, True]]


order_kind(OrderKind(KIND, ("AMAL", "THUMPER", "HARVESTER", "SPECIAL"), _read, _text,
                     combine=_combine, random=_random, with_verb=True))


# --- setting them, and playing them at their moment
def apply(state: State, orders: dict[str, Any]) -> list[Event]:
    """The cards set to be played (or withdrawn), told to their holder alone."""
    events: list[Event] = []
    given = of_kind(orders, KIND)
    for seat in state["seats"] if given else ():
        value = given.get(seat)
        if not value:
            continue
        standing = state.setdefault("specials", {}).setdefault(seat, {})
        for name, moment in value:
            if name == HOLD:
                standing.clear()
            elif name == AMAL:
                standing[AMAL] = moment or _next_phase(state)
            else:
                standing[name] = moment
        if not standing:
            del state["specials"][seat]
        events.append(Event(EventCode.SPECIALS_SET, {"cards": _words(standing)}, to=(seat,)))
    if not state.get("specials"):
        state.pop("specials", None)
    return events


def _next_phase(state: State) -> str:
    phases = rules_of(state).phases
    return phases[(phases.index(state["phase"]) + 1) % len(phases)] \
        if state["phase"] in phases else phases[0]


def _take(state: State, seat: str, name: str) -> bool:
    """The card set by ``seat`` leaves its standing orders; True if it is still in hand, and
    then it is discarded (played)."""
    standing = state["specials"][seat]
    del standing[name]
    if not standing:
        del state["specials"][seat]
        if not state["specials"]:
            del state["specials"]
    card = held(state, seat).get(name)
    if card is None:
        return False
    state["factions"][seat]["hand"].remove(card)
    discard(state, seat, card)
    return True


def _setters(state: State, name: str) -> list[str]:
    specials = state.get("specials")
    return [seat for seat in storm_order(state)
            if name in specials.get(seat, {})] if specials else []


def at_phase_start(state: State) -> list[Event]:
    """Amal at the beginning of the phase it waits for (001 3.02.02): every faction's spice
    halved, rounded up to the bank.  One copy exists: one play at most."""
    for seat in _setters(state, AMAL):
        if state["specials"][seat][AMAL] != state["phase"]:
            continue
        if not _take(state, seat, AMAL):
            return [Event(EventCode.SPECIAL_UNPLAYED, {"card": AMAL}, to=(seat,))]
        lost = {}
        for other in state["seats"]:
            sheet = state["factions"][other]
            lost[other] = math.ceil(sheet["spice"] / 2)
            sheet["spice"] -= lost[other]
        return [Event(EventCode.AMAL, {"faction": seat, "spice": lost})]
    return []


def thumper(state: State) -> list[Event] | None:
    """At the beginning of a Spice Blow after turn 1 (001 3.02.13): the Thumper played, if
    one was set; None if none is played."""
    if state["turn"] == 1:
        return None
    for seat in _setters(state, THUMPER):
        if _take(state, seat, THUMPER):
            return [Event(EventCode.THUMPER, {"faction": seat})]
        return [Event(EventCode.SPECIAL_UNPLAYED, {"card": THUMPER}, to=(seat,))]
    return None


def harvester(state: State, amount: int) -> tuple[int, list[Event]]:
    """Just after a spice blow is revealed (001 3.02.06): the amount it puts on the board,
    doubled by a Harvester set for a blow of its size."""
    for seat in _setters(state, HARVESTER):
        if amount < state["specials"][seat][HARVESTER]:
            continue
        if not _take(state, seat, HARVESTER):
            return amount, [Event(EventCode.SPECIAL_UNPLAYED, {"card": HARVESTER}, to=(seat,))]
        return amount * 2, [Event(EventCode.HARVESTER, {"faction": seat, "spice": amount * 2})]
    return amount, []
