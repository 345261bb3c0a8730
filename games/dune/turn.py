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
    # After the phase's own, so that a GIVE line of the movement round reads as a deal's
    return own + [prompt for rider in _riders(state) for prompt in rider.prompts(state, own)] \
        if own else own


def open_keys(state: State, own: list[str] | None = None,
              riders: tuple[_Rider, ...] | None = None) -> list[str]:
    """The keys of the decisions open now, in the order of ``prompts``: what resolving a step
    needs, without the prompts' text and options (a phase's ``keys``, where it has one);
    ``own``: the phase's own keys (``_own_keys``), and ``riders`` the game's (``_riders``),
    where already found."""
    if state["result"] is not None:
        return []
    if state["truthtrance"]:
        return [p.key for p in truthtrance.answer_prompts(state)]
    own = _own_keys(state) if own is None else own
    riders = _riders(state) if riders is None else riders
    return own + [key for rider in riders for key in rider.keys(state, own)] \
        if own else own


def _own_keys(state: State) -> list[str]:
    """The keys of the phase's own decisions open now."""
    phase = PHASES[state["phase"]]
    if hasattr(phase, "keys"):
        return phase.keys(state)
    return [p.key for p in phase.prompts(state)] if hasattr(phase, "prompts") else []


def _waiting(state: State) -> list[str]:
    """While a Truthtrance's questions wait, their keys; else the phase's own (``_own_keys``):
    a decision is open now (``open_keys`` not empty) where there are any, since the decisions
    riding along are asked only of a faction asked something else."""
    if state["truthtrance"]:
        return [p.key for p in truthtrance.answer_prompts(state)]
    return _own_keys(state)


class _Rider(NamedTuple):
    """Decisions that ride along with a round's own, asked only of a faction asked something
    else (``others``): their prompts and keys, in the order of the prompts; their orders
    carried out after the round's own (``apply``, none where they stand first) and what they
    do as a phase begins (``begins``, if anything)."""

    prompts: Callable[[State, list[Prompt]], list[Prompt]]
    keys: Callable[[State, list[str]], list[str]]
    apply: Callable[[State, dict[str, Any], random.Random], list[Event]] | None = None
    begins: Callable[[State], list[Event]] | None = None
    ends: Callable[[State], list[Event]] | None = None


def _riders(state: State) -> tuple[_Rider, ...]:
    """The riders a game of the state's rules may ask (``_riding``), found again only when the
    rules change (hashing a ``Rules`` costs more than asking)."""
    rules = rules_of(state)
    if rules is not _last_riders[0]:
        _last_riders[:] = [rules, _riding(rules)]
    return _last_riders[1]


_last_riders: list[Any] = [None, ()]


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
                lambda state, orders, _: truthtrance.apply(state, orders)),
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
    riders = _riders(state)             # the step's, handed down (the rules never change)
    open_now = open_keys(state, list(_ended[1]) if text is not None and text == _ended[0]
                         else None, riders)
    assert set(orders) == set(open_now), (sorted(orders), state["phase"])
    # The orders in the prompts' order, whatever order they come in: the decision log keeps
    # them sorted by key, and a replay must play them as the moderator did.
    orders = {key: orders[key] for key in open_now}
    standing = ([key for key in _standing_keys(state, open_now) if key in orders]
                if _STANDING in riders else [])
    own = {key: value for key, value in orders.items()
           if key.partition(":")[0] not in _RIDING and key not in standing}
    # The standing orders first: one given with a decision of this round stands for it (001
    # 2.09.23 (B): CHOAM's estimate, sent with its battle plan); none given, none asked again
    events = (factions.standing_apply(state, orders, open_now)
              + variants.standing_apply(state, orders, open_now)) if standing else []
    events += semuta.apply(state, orders, rng)      # 001 3.03.10: a standing word, as those
    events += PHASES[state["phase"]].apply(state, own, rng) if own else []
    for rider in riders:
        events += rider.apply(state, orders, rng) if rider.apply else []
    waiting: list[str] = []
    while state["result"] is None and not (waiting := _waiting(state)):
        phase = PHASES[state["phase"]]
        if hasattr(phase, "done") and not phase.done(state):
            events.extend(phase.apply(state, {}, rng))
            continue
        events.extend(_next_phase(state, rng, riders))
    # The phase's keys kept for the state as it ends the step, unless a Semuta Drug's discard
    # may change it after they were found or a Truthtrance's questions wait (theirs, not the
    # phase's): the next step begins with its copy (``_ended``).
    kept = (state["result"] is None and not state["truthtrance"]
            and "discarded" not in state)
    events += semuta.step_ends(state)       # 001 3.03.10: a discard taken by a Semuta Drug
    # 001 3.08.05: a Mystery Box swapped as it came; a swap changes the state after its keys
    # were found, so they are not kept
    swapped = mystery_box.step_ends(state, rng) if mystery_box.in_game(rules_of(state)) else []
    events += swapped
    _ended[:] = [canonical_text(state), waiting] if kept and not swapped else [None, None]
    return state, events


# The canonical text of the state the last step ended with and its phase's own keys: a step
# begins with a copy of the state the step before ended with, whose keys were found to end it
# (issue 29: the keys, a tenth of a replay, found once a step, not twice).
_ended: list[Any] = [None, None]


def _next_phase(state: State, rng: random.Random, riders: tuple[_Rider, ...]) -> list[Event]:
    """The next round of the turn in the ruleset's phase list (``Rules.phases``); ``riders``:
    the game's (``_riders``)."""
    phases = rules_of(state).phases
    ended = variants.phase_ends(state, rng)      # 001 4.05.05.01: a tech token's spice collected
    for rider in riders:
        ended += rider.ends(state) if rider.ends else []
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
    for rider in riders:
        events += rider.begins(state) if rider.begins else []
    events += variants.phase_begins(state)      # 001 4.10.12.06: natives out to fight
    return events + PHASES[following].begin(state, rng)
