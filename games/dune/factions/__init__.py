"""The factions of Dune: each faction's powers in its own module, as hooks the phases call.

A phase never names a faction.  It asks the factions in play through ``power(seat, game)``,
``in_play(state)`` or ``ordered(state, hook)`` (the faction's hooks: a ``Faction``, whose
defaults are "no power here") or asks who holds an advantage (``holder``, ``has``): which
advantages a faction has in a ruleset is data (``factions.yaml``: ``abilities``,
``optional_abilities``, ``karama_power``, ``alliance``).  Where a power differs between
rulesets, the faction has a class for each (``Faction.rulesets``: ``FremenGF9``), which a game
of that ruleset asks, and where an earlier rules version ruled it otherwise, a class for that
version (``Faction.until``: ``FremenGF9Version4``), as ``rules.GF9Version4``.  A rule question
that is one faction's power is its class's attribute or method, never ``Classic``'s
(``tests/dune/test_rule_questions.py``).  A faction's own state lives under its sheet,
``state["factions"][seat]``.
A faction the data has but no module (an overlay's, before its module is written) plays with
no powers of its own (``base.Faction``).
"""

from __future__ import annotations

import functools
import random
from typing import Any

from pbem.game import Event, Prompt

from .. import variants
from ..board import homeworlds
from ..cards import karama as karama_cards
from ..codes import EventCode
from ..data import Ability
from ..prompt_key import PromptKey
from ..rules import RULES_VERSION, Rules, rules_of
from ..state import State, data

# Every faction's module: importing it lists its classes under its seat (``base.DEFINED``).
from . import (  # noqa: F401
    atreides,
    bene_gesserit,
    choam,
    ecaz,
    emperor,
    free_traders,
    fremen,
    guild,
    harkonnen,
    ixians,
    moritani,
    richese,
    tleilaxu,
)
from .base import (
    BEAST_OF_BURDEN,
    CARD,
    DEFINED,
    FIRST,
    LAST,
    MOVEMENT,
    NORMAL,
    ONCE_AROUND,
    REVIVAL,
    SHIPMENT,
    SILENT,
    BattleTools,
    Faction,
    Offer,
    RevivalTerms,
    card_given,
    hand_limit,
    hand_limits,
    has,
    hooks,
    karama_power_used,
    lenders,
    loaned,
    rules_key,
    withheld,
)

# Every faction's class, and after it its classes for the rulesets (and rules versions) where
# its powers differ.
CLASSES: tuple[type[Faction], ...] = tuple(cls for found in DEFINED.values() for cls in found)


@functools.cache
def registry(ruleset: str, version: int = RULES_VERSION) -> dict[str, Faction]:
    """Seat -> the faction's hooks in a ruleset as rules ``version`` plays it, for each faction
    its data has: its class for that ruleset (and version, ``Faction.until``) if it has one,
    else none of its own (``base.hooks``)."""
    return {faction.seat: hooks(faction.seat, ruleset, version)
            for faction in data(ruleset).factions}


FACTIONS: dict[str, Faction] = registry("classic")


def power(seat: str, game: Any) -> Faction:
    """The hooks of a seat's faction in a game (a state, a view or its rules): of the rules
    last asked (``_asked``) at once."""
    if isinstance(game, Rules):
        return registry(game.ruleset, game.version)[seat]
    return (_last[4] if game["rules"] is _last[0] else registry(*rules_key(game)))[seat]


def lister(game: Any, ability: Ability) -> Faction:
    """The hooks of the faction whose sheet lists the advantage in a game's ruleset, in play or
    not (``owner``), or a plain faction where none does: its answer to a rule of its power
    asked where no seat is at hand (the worm's stages: its riders' answer)."""
    seat = owner(game, ability)
    return hooks("", *rules_key(game)) if seat is None else power(seat, game)


def in_play(state: State, *methods: str) -> tuple[Faction, ...]:
    """The factions in the game, in seat order (asked at every step); given ``methods``, only
    those whose class fills one of them (the others' defaults have no power to ask)."""
    # ``_asked``, its usual answer at once (asked some ten thousand times a game)
    if state["rules"] is _last[0] and state["seats"] is _last[1]:
        try:
            return _last[3][methods]
        except KeyError:
            pass
    found = _asked(state)
    if methods not in found:
        found[methods] = _in_play(*_last[2], methods)
    return found[methods]


def _in_play(ruleset: str, version: int, seats: tuple[str, ...], methods: tuple[str, ...]
             ) -> tuple[Faction, ...]:
    found = registry(ruleset, version)
    filling = _filling(ruleset, version, methods)
    return tuple(found[seat] for seat in seats if not methods or seat in filling)


@functools.cache
def _filling(ruleset: str, version: int, methods: tuple[str, ...]) -> frozenset[str]:
    """The seats of the ruleset whose class fills one of ``methods`` (``in_play``), found once
    for every order of seats a game has."""
    return frozenset(seat for seat, faction in registry(ruleset, version).items() if any(
        getattr(type(faction), method) is not getattr(Faction, method) for method in methods))


def ordered(state: State, hook: str, *methods: str) -> tuple[Faction, ...]:
    """The factions in the game in the order the rules give their powers at one hook (each
    faction's ``precedence``; seat order among equals); given ``methods``, only those whose
    class fills one of them (``in_play``)."""
    found = (_last[3] if state["rules"] is _last[0] and state["seats"] is _last[1]
             else _asked(state))
    asked = hook, methods
    if asked not in found:
        found[asked] = tuple(sorted(_in_play(*_last[2], methods),
                                    key=lambda faction: faction.precedence.get(hook, 0)))
    return found[asked]


def _asked(state: State) -> dict[Any, tuple[Faction, ...]]:
    """The answers of ``in_play`` and ``ordered`` for the ruleset, rules version and seats of
    ``state`` (or a view): those of the last game asked while the next has equal rules and
    seats (a copy of the state, its views), asked hundreds of times a step."""
    rules, seats = state["rules"], state["seats"]
    if rules is not _last[0] or seats is not _last[1]:
        # A copy of the state brings equal mappings (neither is changed in place): comparing
        # them once, then the same objects at once, costs less than comparing them each time.
        if rules != _last[0] or seats != _last[1]:
            key = (*rules_key(state), tuple(seats))
            _last[2:] = [key, _ANSWERS.setdefault(key, {}), registry(*key[:2])]
        _last[:2] = [rules, seats]
    return _last[3]


_ANSWERS: dict[tuple[str, int, tuple[str, ...]], dict[Any, tuple[Faction, ...]]] = {}
# The rules and seats last asked, their key, its answers and the ruleset's factions (``power``)
_last: list[Any] = [None, None, None, None, None]


def decisions(state: State, phase: str) -> list[Prompt]:
    """The factions' own decisions open now in the phase (``Faction.decisions``), every
    faction in play asked in seat order; then the variants' in play (``variants.decisions``:
    the leader skill pick, 001 4.07.02)."""
    found = []
    for faction in in_play(state, "decisions"):     # loops: asked at every step
        found += faction.decisions(state, phase)
    return found + variants.decisions(state, phase)


def decision_keys(state: State, phase: str) -> list[str]:
    """The keys of ``decisions``, in their order, as cheaply as each faction gives them."""
    found = []
    for faction in in_play(state, "decisions", "decision_keys"):
        found += faction.decision_keys(state, phase)
    for prompt in variants.decisions(state, phase):
        found.append(prompt.key)
    return found


def decide(state: State, phase: str, key: str, value: Any, rng: random.Random) -> list[Event]:
    """One of the decisions of the phase carried out by the faction whose power opened it
    (``Faction.decision_kinds``), the seat deciding being its own or its ally; or by the
    variant that opened it (``Variant.decision_kinds``)."""
    parsed = PromptKey.parse(key)
    if (variant := variants.decider(state, parsed.kind)) is not None:
        return variant.decide(state, phase, parsed, value, rng)
    faction = next(f for f in in_play(state) if parsed.kind in f.decision_kinds)
    return faction.decide(state, phase, parsed, value, rng)


def owner(game: Any, ability: Ability) -> str | None:
    """The seat whose faction sheet lists the advantage in a game's ruleset (``game``: a
    state, a view, its rules or the ruleset's name), in play or not; None if no sheet does."""
    return next(iter(data(game).listing.get(ability, ())), None)


def having(game: Any, ability: Ability) -> list[str]:
    """The factions in the game that have the advantage (``has``), in seat order: only those
    whose sheet lists it are asked (``has`` of every seat cost the worms and the bidding some
    thousand calls a replay)."""
    listed = data(game).listing.get(ability, ())
    seats = game["seats"]
    # One sheet lists most advantages: that seat alone is looked at, with no order to find.
    return [seat for seat in (listed if len(listed) < 2 else seats)
            if seat in seats and seat in listed and has(game, seat, ability)]


def holder(state: State, ability: Ability) -> str | None:
    """The faction in the game that has the advantage (``has``), if any: only the factions
    whose sheet lists it are asked (issue 20: asked thousands of times a game)."""
    listed = data(state).listing.get(ability, ())
    seats = state["seats"]
    # One sheet lists most advantages: that seat alone is looked at, with no order to find.
    for seat in (listed if len(listed) < 2 else seats):
        if (seat in seats and seat in listed and has(state, seat, ability)
                and not (rules_of(state).homeworld_penalties     # 001 4.10.12: a Low side's
                         and homeworlds.lost(state, seat, ability))):   # penalty
            return seat
    return None


def payee(state: State, payment: str, payer: str) -> str | None:
    """The faction paid what ``payer`` pays for a ``payment`` (``Faction.receives``: the
    Emperor for cards, the Guild for shipments, the Tleilaxu for revival), or None for the
    bank; the first in the order of the hook ``payee`` that takes it."""
    for faction in ordered(state, "payee", "receives"):
        if faction.receives(state, payment, payer):
            return faction.seat
    return None


def token_owner(state: State, shipper: str) -> Faction:
    """The faction whose tokens standing for forces ``shipper`` ships: an ally's that lends
    them (``Faction.lends_tokens``: Richese's No-Fields, 001 2.10.20), else its own."""
    return next((f for f in in_play(state, "lends_tokens") if f.seat != shipper
                 and f.lends_tokens(state, shipper)), power(shipper, state))


def standing_prompts(state: State, asked: list[Prompt]) -> list[Prompt]:
    """Every faction's optional standing decisions riding on this mail round
    (``Faction.standing_prompts``; in a game without such a power, none, at once)."""
    return [prompt for faction in in_play(state, "standing_prompts")
            for prompt in faction.standing_prompts(state, asked)] if asked else []


def standing_keys(state: State, asked: list[str]) -> list[str]:
    """The keys of ``standing_prompts``."""
    return [key for faction in in_play(state, "standing_keys")
            for key in faction.standing_keys(state, asked)] if asked else []


def standing_apply(state: State, orders: dict[str, Any], asked: list[str]) -> list[Event]:
    """The standing decisions among ``orders`` (``asked``: the keys open) carried out, each by
    the faction that asked it (a faction may ask one of its ally: CHOAM's swap), and the
    powers on the alliances they ended (the Kull Wahad, A 2.09.08: ``allied``)."""
    events = [event for faction in in_play(state, "standing_keys")
              for key in faction.standing_keys(state, asked) if key in orders
              for event in faction.standing_decision(state, key, orders[key])]
    return events + allied(state, events)


def battle_support(state: State, seat: str) -> int:
    """The most the other factions' powers pay of ``seat``'s battle spice
    (``Faction.battle_support``)."""
    found = 0
    for faction in in_play(state, "battle_support"):
        found += faction.battle_support(state, seat)
    return found


def karama_attempted(state: State, seat: str, use: str | None) -> list[Event]:
    """The events of the first power that stops ``seat``'s Karama as it is played
    (``Faction.karama_attempted``); none if it goes ahead."""
    for faction in in_play(state, "karama_attempted"):
        if stopped := faction.karama_attempted(state, seat, use):
            return stopped
    return []


def bars_karama(game: Any, seat: str) -> bool:
    """Whether a power bars ``seat`` from playing a Karama now (``Faction.bars_karama``)."""
    found = in_play(game, "bars_karama")      # none but CHOAM's: asked of every Karama
    return bool(found) and any(faction.bars_karama(game, seat) for faction in found)


karama_cards.powers(karama_attempted, bars_karama)


def dialer(game: Any, seat: str, battle: dict[str, Any]) -> str:
    """The faction whose forces ``seat`` dials and loses in ``battle``: its own, unless a power
    says another's (``Faction.dials_for``, 001 2.11.20), from the state or a view."""
    for faction in in_play(game, "dials_for"):
        if (found := faction.dials_for(game, seat, battle)) is not None:
            return found
    return seat


def lent_to(game: Any, seat: str) -> dict[str, str]:
    """The leaders other factions have lent ``seat`` (``Faction.leaders_lent``), each with its
    owner, from the state or a view."""
    found = {}
    for faction in in_play(game, "leaders_lent"):
        found.update(dict.fromkeys(faction.leaders_lent(game, seat), faction.seat))
    return found


def allied(state: State, events: list[Event]) -> list[Event]:
    """Every faction's power on each alliance ``events`` ended (``Faction.alliance_ended``)
    and on each they formed (``Faction.allied``)."""
    ended = [event.data["alliance"] for event in events
             if event.code == EventCode.ALLIANCE_ENDED]
    formed = [event.data["alliance"] for event in events
              if event.code == EventCode.ALLIANCE_FORMED]
    return ([event for alliance in ended for faction in in_play(state, "alliance_ended")
             for event in faction.alliance_ended(state, alliance)]
            + [event for alliance in formed for faction in in_play(state, "allied")
               for event in faction.allied(state, alliance)])


def phase_ends(state: State) -> list[Event]:
    """Every faction's power at the end of a phase (``Faction.phase_ends``)."""
    found = []
    for faction in in_play(state, "phase_ends"):
        found += faction.phase_ends(state)
    return found


def decide_all(state: State, phase: str, orders: dict[str, Any], rng: random.Random
               ) -> list[Event]:
    """The factions' own decisions of a phase carried out (``orders``: by key, those of
    ``decision_keys`` among them), in the prompts' order."""
    mine = set(decision_keys(state, phase))
    return [event for key, value in orders.items() if key in mine
            for event in decide(state, phase, key, value, rng)]


def upgrade_state(state: State) -> State:
    """A state stored by earlier code, in today's shape: each faction moves what it kept at
    the state's top level into its own sheet (``Faction.upgrade``)."""
    for faction in FACTIONS.values():
        faction.upgrade(state)
    return state


__all__ = ["BEAST_OF_BURDEN", "CARD", "CLASSES", "FACTIONS", "FIRST", "LAST", "NORMAL",
           "ONCE_AROUND", "REVIVAL", "MOVEMENT", "SHIPMENT", "SILENT", "BattleTools", "Faction",
           "Offer", "RevivalTerms", "allied", "battle_support", "card_given", "decide",
           "decide_all", "decision_keys", "decisions", "hand_limit", "hand_limits", "has",
           "holder", "in_play", "karama_power_used", "lenders", "lister", "loaned", "ordered",
           "owner", "payee", "phase_ends", "power", "registry", "standing_apply",
           "standing_keys", "standing_prompts", "upgrade_state", "withheld"]
