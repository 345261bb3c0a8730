"""The sequence of play (000 V): set-up, then each turn's rounds in order, to the end.

A phase is a module with:

- ``begin(state, rng) -> list[Event]``: entering the phase, its automatic work
  (it may open decisions by writing them into ``state["step"]``);
- ``prompts(state) -> list[Prompt]``: the decisions open now;
- ``keys(state) -> list[str]`` (optional): the keys of those decisions, in the same order,
  worked out without their text or options where ``prompts`` costs much (a replay and a
  step's resolution ask only for the keys, ``open_keys``);
- ``apply(state, orders, rng) -> list[Event]``: those decisions applied (the
  state is a copy the phase may change);
- ``done(state) -> bool``: whether the phase is over.

A phase that never asks anyone anything (collection, the end of the turn)
provides only ``begin``: it is over as soon as it has begun.

``advance`` applies one batch of orders and then runs every phase that needs
no decision, so one mail round carries the game to the next decision.  A
Truthtrance may be played in any round (``truthtrance``): its decisions ride
along with the phase's, and its answers make a round of their own; so do the settings of the
first expansion's Amal, Harvester and Thumper (``spice_specials``), played at their
moment.  Under GF9 a bribe and the CHOAM Charity ride along too (``deals``), carried out
after the phase's orders.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

import orjson

from pbem.game import Event, Prompt, written

from . import deals, factions, variants
from .cards import (
    butlerian_jihad,
    cache_specials,
    cache_words,
    carryall,
    heighliner,
    long_live_the_fighters,
    mystery_box,
    nexus_cards,
    recruits,
    sapho,
    semuta,
    spice_blow_card,
    spice_specials,
    standing_cards,
    truthtrance,
    water_of_life,
)
from .codes import EventCode
from .phases import (
    battle,
    bidding,
    charity,
    collection,
    movement,
    revival,
    set_up,
    spice_blow,
    storm,
    victory,
)
from .rules import Rules, rules_of
from .state import State, canonical_text, copy_state
from .variants import discovery_locations, discovery_tokens, great_maker, testing_station
from .variants.base import Variant

PHASES: dict[str, ModuleType] = {
    "setup": set_up,
    "storm": storm,
    "spice_blow": spice_blow,
    "charity": charity,
    "bidding": bidding,
    "revival": revival,
    "movement": movement,
    "battle": battle,
    "collection": collection,
    "end_of_turn": victory,
    "mentat_pause": victory,            # GF9's end of the turn (001 1.09)
    "control": victory,                 # v3's Control round (003 "Round 8: Control")
}


def prompts(state: State) -> list[Prompt]:
    """The decisions open now (none once the game is over).  Worked out once for a state asked
    again unchanged, whatever object holds it (issue 20: self-play and the moderator ask again
    for each seat's mail); the state's JSON text, in its own order, says it is unchanged."""
    try:
        text = orjson.dumps(state)
    except TypeError:                       # not plain JSON data: worked out every time
        return written(open_prompts(state))
    if _last_prompts[0] != text:
        _last_prompts[:] = [text, written(open_prompts(state))]
    return list(_last_prompts[1])


_last_prompts: list[Any] = [None, []]


def open_prompts(state: State) -> list[Prompt]:
    """``prompts`` worked out afresh, for a caller that asks once for each state (self-play
    without mail, ``bot_decisions``: the text that would find it again costs more) and reads
    them before the state changes: their text is written when first read (``Text``)."""
    if state["result"] is not None:
        return []
    if state["truthtrance"]:                # questions put wait for their answers
        return truthtrance.answer_prompts(state)
    phase = PHASES[state["phase"]]
    own = phase.prompts(state) if hasattr(phase, "prompts") else []
    if not own:
        return own
    found = list(own)   # the riders' after, so that a GIVE line of movement reads as a deal's
    for rider in _riders(state):
        found += rider.prompts(state, own)
    return found


def open_keys(state: State, own: list[str] | None = None,
              riders: tuple[_Rider, ...] | None = None) -> list[str]:
    """The keys of the decisions open now, in the order of ``prompts``: what resolving a step
    needs, without the prompts' text and options (a phase's ``keys``, where it has one);
    ``own``: the phase's own keys (``_own_keys``), and ``riders`` the game's (``_riders``),
    where already found."""
    if state["result"] is not None:
        return []
    if state["truthtrance"]:
        return _answer_keys(state)
    own = _own_keys(state) if own is None else own
    if not own:
        return own
    found = list(own)
    for rider in _riders(state) if riders is None else riders:
        found += rider.keys(state, own)
    return found


def _answer_keys(state: State) -> list[str]:
    """The keys of the answers a Truthtrance's questions wait for."""
    return [p.key for p in truthtrance.answer_prompts(state)]


def _own_keys(state: State) -> list[str]:
    """The keys of the phase's own decisions open now."""
    return _KEYS[state["phase"]](state)


def _keys_of(phase: ModuleType) -> Callable[[State], list[str]]:
    """How a phase's own keys are found: its ``keys``, else its prompts' keys, else none (a
    phase that asks nothing)."""
    if hasattr(phase, "keys"):
        return phase.keys
    if hasattr(phase, "prompts"):
        return lambda state: [p.key for p in phase.prompts(state)]
    return lambda state: []


# Each phase's way to its own keys (``_keys_of``) and its ``done`` (None: over once begun),
# looked up once, not asked of the module at every turn of ``advance``'s loop.
_KEYS = {name: _keys_of(phase) for name, phase in PHASES.items()}
_DONE = {name: getattr(phase, "done", None) for name, phase in PHASES.items()}


class _Rider(NamedTuple):
    """Decisions that ride along with a round's own, asked only of a faction asked something
    else (``others``): their prompts and keys, in the order of the prompts; their orders
    carried out after the round's own (``apply``, none where they stand first; asked only
    where an order of its ``kinds`` is given, where it names them) and what they do as a
    phase begins (``begins``, if anything)."""

    prompts: Callable[[State, list[Prompt]], list[Prompt]]
    keys: Callable[[State, list[str]], list[str]]
    apply: Callable[[State, dict[str, Any], random.Random], list[Event]] | None = None
    begins: Callable[[State], list[Event]] | None = None
    ends: Callable[[State], list[Event]] | None = None
    kinds: frozenset[str] | None = None


class _Plan(NamedTuple):
    """What a step asks of a game's riders and of the cards played as it ends, found once for
    its rules (``_plan``)."""

    riders: tuple[_Rider, ...]
    applying: tuple[_Rider, ...]            # those with an ``apply``
    beginning: tuple[Callable[[State], list[Event]], ...]     # their ``begins``
    ending: tuple[Callable[[State], list[Event]], ...]        # their ``ends``
    standing: bool                          # the factions' and variants' words ride
    semuta: bool                            # ``semuta.rides``
    mystery_box: bool                       # ``mystery_box.in_game``


def _riders(state: State) -> tuple[_Rider, ...]:
    """The riders a game of the state's rules may ask (``_riding``)."""
    return _plan(state).riders


def _plan(state: State) -> _Plan:
    """The ``_Plan`` of the state's rules, found again only when the rules change (hashing a
    ``Rules`` costs more than asking)."""
    rules = rules_of(state)
    if rules is not _last_plan[0]:
        riders = _riding(rules)
        _last_plan[:] = [rules, _Plan(
            riders, tuple(rider for rider in riders if rider.apply),
            tuple(rider.begins for rider in riders if rider.begins),
            tuple(rider.ends for rider in riders if rider.ends),
            _STANDING in riders, semuta.rides(rules), mystery_box.in_game(rules))]
    return _last_plan[1]


_last_plan: list[Any] = [None, None]


def _stands(rules: Rules) -> bool:
    """Whether a game of these rules may ask standing words: a faction of its ruleset or a
    variant it plays has them (``_standing_prompts``; none in a classic game)."""
    return (any(type(faction).standing_keys is not factions.Faction.standing_keys
                for faction in factions.registry(rules.ruleset, rules.version).values())
            or any(type(variant).standing_keys is not Variant.standing_keys
                   for variant in variants.played(rules)))


def _standing_prompts(state: State, asked: list[Prompt]) -> list[Prompt]:
    """The factions' standing words riding on the round, then the variants' (001 4.10.12)."""
    return (factions.standing_prompts(state, asked) + variants.standing_prompts(state, asked)
            if asked else [])


def _standing_keys(state: State, asked: list[str]) -> list[str]:
    """The keys of ``_standing_prompts``."""
    return (factions.standing_keys(state, asked) + variants.standing_keys(state, asked)
            if asked else [])


@functools.cache
def _riding(rules: Rules) -> tuple[_Rider, ...]:
    """Of the riders, in their order, those whose decisions a game of these rules may open
    (each module's ``rides``; the factions' and variants' standing words where one of them
    has any, ``_stands``): a classic game asks only the Truthtrance's where its deck has one."""
    return tuple(rider for rider, rides in (
        (_Rider(deals.prompts, deals.keys, lambda state, orders, _: deals.apply(state, orders)),
         deals.rides(rules)),
        (_Rider(truthtrance.ask_prompts, truthtrance.ask_keys,
                lambda state, orders, _: truthtrance.apply(state, orders),
                kinds=frozenset({truthtrance.ASK, truthtrance.ANSWER})),
         truthtrance.rides(rules)),
        (_Rider(spice_specials.prompts, spice_specials.keys,
                lambda state, orders, _: spice_specials.apply(state, orders),
                spice_specials.at_phase_start),                 # 001 3.02.02: Amal
         spice_specials.rides(rules)),
        (_STANDING, _stands(rules)),
        (_Rider(standing_cards.prompts, standing_cards.keys,
                lambda state, orders, _: standing_cards.apply(state, orders),
                standing_cards.at_phase_start),                 # 003: a Cone of Silence set
         standing_cards.rides(rules)),
        (_Rider(cache_specials.prompts, cache_specials.keys,
                cache_specials.apply),                          # 001 3.03.02, 3.03.06
         cache_specials.rides(rules)),
        (_Rider(nexus_cards.prompts, nexus_cards.keys, nexus_cards.apply),    # 001 4.03
         nexus_cards.rides(rules)),
        (_Rider(semuta.prompts, semuta.keys), semuta.rides(rules)),     # 001 3.03.10
        (_Rider(sapho.prompts, sapho.keys, lambda state, orders, rng: sapho.apply(
            state, orders, rng), sapho.begins), sapho.rides(rules)),     # 001 3.03.03
        _standing(recruits.STANDING, recruits.begins, rules=rules),             # 001 3.04.03
        _standing(long_live_the_fighters.STANDING, long_live_the_fighters.begins,
                  rules=rules),                                        # 001 3.09.03
        _standing(carryall.STANDING, carryall.begins, carryall.ends, rules),   # 001 3.08.02
        _standing(heighliner.STANDING, heighliner.begins, rules=rules),         # 001 3.07.04
        _standing(spice_blow_card.STANDING, ends=spice_blow_card.ends, rules=rules),  # 3.06.05
        (_Rider(butlerian_jihad.STANDING.prompts, butlerian_jihad.STANDING.keys,
                butlerian_jihad.apply), butlerian_jihad.rides(rules)),  # 001 3.05.02
        _standing(discovery_tokens.STANDING, rules=rules),              # 001 4.06.06.02
        _standing(discovery_locations.STANDING, rules=rules),           # 001 4.06.06.05
        _standing(testing_station.STANDING, rules=rules),               # 001 4.06.07.04
        _standing(great_maker.STANDING, rules=rules),                   # 001 4.06.09.02
        (_standing(water_of_life.STANDING, water_of_life.begins)[0],
         water_of_life.rides(rules)),                                   # 001 3.06.07
    ) if rides)


_STANDING = _Rider(_standing_prompts, _standing_keys)     # the factions' and variants' words


def _standing(word: cache_words.StandingWord,
              begins: Callable[[State], list[Event]] | None = None,
              ends: Callable[[State], list[Event]] | None = None, rules: Rules | None = None
              ) -> tuple[_Rider, bool]:
    """The rider of a card played by its holder's standing word (``cache_words.StandingWord``),
    carried out as its phase ``begins`` (and ``ends``), in a game whose ``rules`` the word
    rides (where given)."""
    rider = _Rider(word.prompts, word.keys, word.apply, begins, ends)
    return rider, rules is None or word.rides is None or word.rides(rules)


# The kinds of the riders' decisions (each module's ``owns``), read from a key's text at once.
_RIDING = frozenset({deals.DEAL, truthtrance.ASK, truthtrance.ANSWER, spice_specials.KIND,
                     standing_cards.KIND, cache_specials.KIND, nexus_cards.CHOICE,
                     semuta.KIND, sapho.KIND, recruits.KIND, long_live_the_fighters.KIND,
                     carryall.KIND, heighliner.KIND, butlerian_jihad.KIND,
                     spice_blow_card.KIND, discovery_tokens.KIND, discovery_locations.KIND,
                     great_maker.KIND, testing_station.KIND, water_of_life.KIND})


def advance(state: State, orders: dict[str, Any], rng: random.Random
            ) -> tuple[State, list[Event]]:
    """Apply the open decisions' orders, then play on to the next decision or the end."""
    text = canonical_text(state)
    state = copy_state(state) if text is None else orjson.loads(text)
    # The state the last step ended with, come back: its phase's keys were found then.
    plan = _plan(state)                 # the step's, handed down (the rules never change)
    open_now = open_keys(state, list(_ended[1]) if text is not None and text == _ended[0]
                         else None, plan.riders)
    assert set(orders) == set(open_now), (sorted(orders), state["phase"])
    standing = ([key for key in _standing_keys(state, open_now) if key in orders]
                if plan.standing else ())
    # The orders in the prompts' order, whatever order they come in: the decision log keeps
    # them sorted by key, and a replay must play them as the moderator did; the phase's own
    # apart, and the kinds of the riders' given.
    ordered: dict[str, Any] = {}
    own: dict[str, Any] = {}
    riding: set[str] = set()
    for key in open_now:
        value = ordered[key] = orders[key]
        kind = key.partition(":")[0]
        if kind in _RIDING:
            riding.add(kind)
        elif key not in standing:
            own[key] = value
    orders = ordered
    # The standing orders first: one given with a decision of this round stands for it (001
    # 2.09.23 (B): CHOAM's estimate, sent with its battle plan); none given, none asked again
    events = (factions.standing_apply(state, orders, open_now)
              + variants.standing_apply(state, orders, open_now)) if standing else []
    if plan.semuta:                 # 001 3.03.10: a standing word, as those
        events += semuta.apply(state, orders, rng)
    events += PHASES[state["phase"]].apply(state, own, rng) if own else []
    for rider in plan.applying:
        if rider.kinds is None or not rider.kinds.isdisjoint(riding):
            events += rider.apply(state, orders, rng)
    # While a Truthtrance's questions wait, their keys; else the phase's own: a decision is
    # open now (``open_keys`` not empty) where there are any, since the decisions riding
    # along are asked only of a faction asked something else.
    waiting: list[str] = []
    while state["result"] is None:
        waiting = (_answer_keys(state) if state["truthtrance"]
                   else _KEYS[state["phase"]](state))
        if waiting:
            break
        done = _DONE[state["phase"]]
        if done is not None and not done(state):
            events.extend(PHASES[state["phase"]].apply(state, {}, rng))
            continue
        events.extend(_next_phase(state, rng, plan))
    # The phase's keys kept for the state as it ends the step, unless a Semuta Drug's discard
    # may change it after they were found or a Truthtrance's questions wait (theirs, not the
    # phase's): the next step begins with its copy (``_ended``).
    noted = "discarded" in state
    kept = state["result"] is None and not state["truthtrance"] and not noted
    events += semuta.step_ends(state) if noted else []  # 001 3.03.10: a discard taken
    # 001 3.08.05: a Mystery Box swapped as it came; a swap changes the state after its keys
    # were found, so they are not kept
    swapped = mystery_box.step_ends(state, rng) if plan.mystery_box else []
    events += swapped
    _ended[:] = [canonical_text(state), waiting] if kept and not swapped else [None, None]
    return state, events


# The canonical text of the state the last step ended with and its phase's own keys: a step
# begins with a copy of the state the step before ended with, whose keys were found to end it
# (issue 29: the keys, a tenth of a replay, found once a step, not twice).
_ended: list[Any] = [None, None]


def _next_phase(state: State, rng: random.Random, plan: _Plan) -> list[Event]:
    """The next round of the turn in the ruleset's phase list (``Rules.phases``); ``plan``:
    the game's (``_plan``)."""
    phases = rules_of(state).phases
    ended = variants.phase_ends(state, rng)      # 001 4.05.05.01: a tech token's spice collected
    for ends in plan.ending:
        ended += ends(state)
    if state["phase"] != "setup":
        ended += factions.phase_ends(state)     # 001 2.09.07: the Open Market
    if state["phase"] == "setup":
        state["turn"] = 1
        following = phases[0]
    elif state["phase"] == phases[-1]:
        state["turn"] += 1
        following = phases[0]
    else:
        following = phases[phases.index(state["phase"]) + 1]
    state["phase"] = following
    state["step"] = {}
    events = [*ended, Event(EventCode.PHASE, {"turn": state["turn"], "phase": following})]
    for begins in plan.beginning:
        events += begins(state)
    events += variants.phase_begins(state)      # 001 4.10.12.06: natives out to fight
    return events + PHASES[following].begin(state, rng)
