"""CHOAM's MULTIPURPOSE PRODUCT (001 2.09.08 (A), 2.09.11 (B)): a Worthless card discarded for an
effect of its own; under the revision its ally may use it too (2.09.19 (B)).

By mail each use is a standing order riding on any mail round in which the faction is asked
anything (as CHOAM's sale on the Open Market, ``choam_market``), carried out at the end of the
phase it names, so it adds no mail round: ``USE <card> ...``, ``USE NONE``.  The effects played:

- Trip to Gamont (A): ``USE TRIP TO GAMONT <faction> <territory>``, "During Mentat Pause Phase,
  for free, Ship any 1 Force belonging to another player to that player's reserves": at the end
  of the Mentat Pause, one of that faction's forces there (its plain kind first) goes back to
  its reserve;
- Trip to Gamont (B): ``USE TRIP TO GAMONT <territory>``, "Send 1 Force for free into a
  Territory you occupy": at the end of the phase, one force of the user's reserve (its plain
  kind first) into that territory, if the user still occupies it (in the sector it holds);
- Kull Wahad (B): ``USE KULL WAHAD``, "During the Spice Blow and NEXUS Phase end your alliance
  with your ally": at the end of that phase the user leaves its alliance.

Rulings (docs/rules-coverage.md): the card is discarded face up, for no spice; a use whose card
is no longer held, or whose effect cannot be had then, lapses, told to the user alone; the
effects that act inside another decision (Baliset, Jubba Cloak, Kulon, La La La, A's Kull
Wahad) are not played by mail yet.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..forces import add_forces, kinds, plain, remove_forces
from ..orders.language import (
    OrderKind,
    OrderProblem,
    order_kind,
    read_faction,
    read_territory,
)
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, ally_of, data, faction_name
from .base import has

KIND = "multipurpose"
USE = "multipurpose"            # a user's sheet: its use standing
GAMONT, KULL_WAHAD = "Trip to Gamont", "Kull Wahad"
MENTAT_PAUSE, SPICE_BLOW = "mentat_pause", "spice_blow"


def revised(game: Any) -> bool:
    return bool(getattr(rules_of(game), "choam_landsraad", False))


def section(game: Any) -> str:
    return "2.09.11 (B)" if revised(game) else "2.09.08 (A)"


def cards(game: Any) -> tuple[str, ...]:
    """The Worthless cards whose effect is played by mail under the text the game plays."""
    return (GAMONT, KULL_WAHAD) if revised(game) else (GAMONT,)


def users(state: State, choam: str) -> list[str]:
    """Who may use it now: CHOAM with the power, and its ally under the revision (2.09.19)."""
    if choam not in state["seats"] or not has(state, choam, Ability.MULTIPURPOSE_PRODUCT):
        return []
    allies = ally_of(state, choam) if has(state, choam, Ability.ALLY_MULTIPURPOSE) else []
    return [choam, *allies]


def key(seat: str) -> str:
    return str(PromptKey(KIND, seat))


def prompt(state: State, seat: str) -> Prompt:
    """A user's optional standing use."""
    now = state["factions"][seat].get(USE)
    forms = ("USE TRIP TO GAMONT <territory>: at the end of the phase one of your forces in "
             "reserve free into a territory you occupy; USE KULL WAHAD: at the end of the Spice "
             "Blow and Nexus phase your alliance ends" if revised(state) else
             "USE TRIP TO GAMONT <faction> <territory>: at the end of the Mentat Pause one of "
             "that faction's forces there back to its reserve")
    legal = (f"{forms} (001 {section(state)} MULTIPURPOSE PRODUCT: the Worthless card "
             "discarded); USE NONE: none.  Now: " + text(state, now) + ".")
    return Prompt(key(seat), seat, KIND, True, legal, now, text(state, now), "USE NONE",
                  optional=True, title="your use of a Worthless card's own effect")


def _read(state: State, prompt_: Prompt, words: list[str]) -> dict[str, Any] | None:
    said = " ".join(words).upper()
    valid = ("USE NONE", *(f"USE {card.upper()}" for card in cards(state)))
    if said == "NONE":
        return None
    card = next((c for c in cards(state) if said.startswith(c.upper())), None)
    if card is None:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, "expected USE " + " or USE ".join(
            c.upper() for c in cards(state)) + " or USE NONE", valid)
    rest = words[len(card.split()):]
    held = [data(state).treachery_card(c).name for c in state["factions"][prompt_.seat]["hand"]]
    if card not in held:
        raise OrderProblem(ErrorCode.NOT_IN_HAND, f"you hold no {card}", ("USE NONE",))
    if card == KULL_WAHAD:
        return {"card": card}
    if revised(state):
        territory, _ = read_territory(state, rest)
        return {"card": card, "territory": territory.name}
    others = [s for s in state["seats"] if s != prompt_.seat]
    for end in range(len(rest) - 1, 0, -1):          # <faction> <territory>
        try:
            faction = read_faction(state, rest[:end], others)
        except OrderProblem:
            continue
        territory, _ = read_territory(state, rest[end:])
        return {"card": card, "faction": faction, "territory": territory.name}
    raise OrderProblem(ErrorCode.INCOMPLETE, "expected USE TRIP TO GAMONT <faction> "
                       "<territory>", ("USE TRIP TO GAMONT Harkonnen Carthag",))


def text(game: Any, value: dict[str, Any] | None) -> str:
    if not value:
        return "USE NONE"
    words = [value["card"].upper()]
    if value.get("faction"):
        words.append(faction_name(value["faction"], game))
    if value.get("territory"):
        words.append(value["territory"])
    return "USE " + " ".join(words)


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> Any:
    """A random bot uses nothing (its Worthless cards sell on the Open Market)."""
    return None


order_kind(OrderKind(KIND, ("USE",), _read, text, random=_random))


def given(state: State, seat: str, value: dict[str, Any] | None) -> list[Event]:
    """The use kept in the user's sheet until carried out, told to it alone."""
    before = state["factions"][seat].get(USE)
    if value:
        state["factions"][seat][USE] = value
    else:
        state["factions"][seat].pop(USE, None)
    if value == before:
        return []
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]


def phase_ends(state: State, choam: str) -> list[Event]:
    """Each standing use carried out at the end of the phase it names (module docstring); else
    it waits, or lapses when it cannot be had or its faction may use it no more."""
    able = users(state, choam)
    events = []
    for seat in state["seats"]:
        word = state["factions"][seat].get(USE)
        if word and seat not in able:
            del state["factions"][seat][USE]
            events.append(Event(EventCode.USE_LAPSED, {"order": text(state, word)}, to=(seat,)))
        elif word:
            events += _carried_out(state, seat, word)
    return events


def _carried_out(state: State, seat: str, word: dict[str, Any]) -> list[Event]:
    card = word["card"]
    when = (SPICE_BLOW if card == KULL_WAHAD else MENTAT_PAUSE if not revised(state) else None)
    if when is not None and state["phase"] != when:
        return []
    del state["factions"][seat][USE]
    hand = state["factions"][seat]["hand"]
    copy = next((c for c in hand if data(state).treachery_card(c).name == card), None)
    effect = _effect(state, seat, word) if copy is not None else None
    if effect is None:
        return [Event(EventCode.USE_LAPSED, {"order": text(state, word)}, to=(seat,))]
    hand.remove(copy)
    state["decks"]["treachery_discard"].append(copy)
    return [Event(EventCode.WORTHLESS_USED, {"faction": seat, "card": card,
                                             "rule": section(state)}), *effect()]


def _effect(state: State, seat: str, word: dict[str, Any]):
    """The effect as a function to carry it out, or None if it cannot be had now."""
    if word["card"] == KULL_WAHAD:
        alliance = next((a for a in state["alliances"] if seat in a), None)
        if alliance is None:
            return None

        def leave() -> list[Event]:
            rest = [s for s in alliance if s != seat]
            state["alliances"] = [a for a in state["alliances"] if a is not alliance] + (
                [rest] if len(rest) >= 2 else [])
            return [Event(EventCode.ALLIANCE_ENDED, {"alliance": list(alliance)},
                          concerns=tuple(alliance))]
        return leave
    owner = word.get("faction", seat)
    territory = word["territory"]
    sectors = state["forces"].get(territory, {})
    held = [(int(sector), by[owner]) for sector, by in sectors.items() if owner in by]
    if not held:
        return None
    sector, counts = held[0]
    order = [plain(state, owner)] + [k.name for k in kinds(state, owner)]
    if owner != seat:                                # A: back to its owner's reserve
        kind = next(k for k in order if counts.get(k))

        def send_back() -> list[Event]:
            remove_forces(state, owner, territory, sector, {kind: 1})
            reserve = state["factions"][owner]["reserve"]
            reserve[kind] = reserve.get(kind, 0) + 1
            return [Event(EventCode.FORCES_SENT_BACK, {"faction": owner, "by": seat,
                                                       "territory": territory, "count": 1})]
        return send_back
    reserve = state["factions"][seat]["reserve"]
    kind = next((k for k in order if reserve.get(k)), None)
    if kind is None:
        return None

    def send_in() -> list[Event]:
        reserve[kind] -= 1
        if not reserve[kind]:
            del reserve[kind]
        add_forces(state, seat, territory, sector, {kind: 1})
        return [Event(EventCode.FORCES_SENT_IN, {"faction": seat, "territory": territory,
                                                 "count": 1})]
    return send_in
