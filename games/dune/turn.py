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

import random
from types import ModuleType
from typing import Any

import orjson

from pbem.game import Event, Prompt, written

from . import deals, factions, variants
from .cards import cache_specials, spice_specials, standing_cards, truthtrance
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
from .rules import rules_of
from .state import State, copy_state

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
    return (own + deals.prompts(state, own) + truthtrance.ask_prompts(state, own)
            + spice_specials.prompts(state, own) + factions.standing_prompts(state, own)
            + standing_cards.prompts(state, own) + cache_specials.prompts(state, own))


def open_keys(state: State) -> list[str]:
    """The keys of the decisions open now, in the order of ``prompts``: what resolving a step
    needs, without the prompts' text and options (a phase's ``keys``, where it has one)."""
    if state["result"] is not None:
        return []
    if state["truthtrance"]:
        return [p.key for p in truthtrance.answer_prompts(state)]
    phase = PHASES[state["phase"]]
    if hasattr(phase, "keys"):
        own = phase.keys(state)
    else:
        own = [p.key for p in phase.prompts(state)] if hasattr(phase, "prompts") else []
    return (own + deals.keys(state, own) + truthtrance.ask_keys(state, own)
            + spice_specials.keys(state, own) + factions.standing_keys(state, own)
            + standing_cards.keys(state, own) + cache_specials.keys(state, own))


def advance(state: State, orders: dict[str, Any], rng: random.Random
            ) -> tuple[State, list[Event]]:
    """Apply the open decisions' orders, then play on to the next decision or the end."""
    state = copy_state(state)
    open_now = open_keys(state)
    assert set(orders) == set(open_now), (sorted(orders), state["phase"])
    # The orders in the prompts' order, whatever order they come in: the decision log keeps
    # them sorted by key, and a replay must play them as the moderator did.
    orders = {key: orders[key] for key in open_now}
    standing = [key for key in factions.standing_keys(state, open_now) if key in orders]
    own = {key: value for key, value in orders.items()
           if not (truthtrance.owns(key) or deals.owns(key) or spice_specials.owns(key)
                   or standing_cards.owns(key) or cache_specials.owns(key)
                   or key in standing)}
    # The standing orders first: one given with a decision of this round stands for it (001
    # 2.09.23 (B): CHOAM's estimate, sent with its battle plan)
    events = factions.standing_apply(state, orders, open_now)
    events += PHASES[state["phase"]].apply(state, own, rng) if own else []
    events += deals.apply(state, orders)
    events += truthtrance.apply(state, orders)
    events += spice_specials.apply(state, orders)
    events += standing_cards.apply(state, orders)
    events += cache_specials.apply(state, orders, rng)      # 001 3.03.02, 3.03.06
    while state["result"] is None and not open_keys(state):
        phase = PHASES[state["phase"]]
        if hasattr(phase, "done") and not phase.done(state):
            events.extend(phase.apply(state, {}, rng))
            continue
        events.extend(_next_phase(state, rng))
    return state, events


def _next_phase(state: State, rng: random.Random) -> list[Event]:
    """The next round of the turn in the ruleset's phase list (``Rules.phases``)."""
    phases = rules_of(state).phases
    ended = variants.phase_ends(state)      # 001 4.05.05.01: a tech token's spice collected
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
    events += spice_specials.at_phase_start(state)          # 001 3.02.02: Amal
    events += standing_cards.at_phase_start(state)          # 003: a Cone of Silence set
    return events + PHASES[following].begin(state, rng)
