"""Dune: War for Arrakis (CMON; seed 002_c4a0e162f8b624ad.txt), as a game for the moderator:
two players, teams of three or four (002 3-4 PLAYERS MODE), and the Mahdi solo mode (002
MAHDI SOLO MODE), played by mail in few rounds: each seat sends a plan of its round's actions
at once (orders/plan.py).

The package by job: ``state`` (the state and its helpers), ``setup``, ``turn`` (the round's
phases, ``phases/``), ``actions``, ``cards/`` (the steps of every effect, Planning and
Prescience cards), ``battle``, ``desert`` (wormsigns, sandworms, storms), ``sites``,
``leaders``, ``tracks``, ``dice``, ``reach``, ``legions``, ``orders/``, ``view``, ``solo/``
(the Harkonnen played by the rules), ``bots/``, ``data/`` (checked YAML: the fan readings, and
what nobody publishes in ``authored/``).  docs/rules-coverage.md says, rule by rule, what is
implemented and where.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import (
    BotDecisions,
    Bots,
    Commanders,
    Event,
    Invariants,
    MapPicture,
    OrdersAhead,
    Parsed,
    Prompt,
    Scenarios,
    TemplateGlobals,
    Turns,
)

from . import solo, turn
from .board_map import BoardMap
from .bots.players import bot_order as bot_order
from .invariants import violations
from .naming import template_globals as template_globals
from .orders import LANGUAGE
from .orders.ahead import ahead as ahead
from .orders.ahead import parse_mail
from .orders.decisions import DECISION_KINDS
from .scenario import run_scenario as run_scenario
from .scenario import scenario_report as scenario_report
from .setup import RULES_VERSION, RULESETS, new_game
from .setup import seating as seating
from .state import State
from .view import public_view
from .view import view as seat_or_public_view

name = "war_for_arrakis"
rules_version = RULES_VERSION
rulesets = RULESETS
decision_kinds = DECISION_KINDS
bot_styles = ("random", "basic")
capabilities = (Invariants, Bots, BotDecisions, Scenarios, MapPicture, Turns, Commanders,
                TemplateGlobals, OrdersAhead)
SOLO_RULES = solo.MODULES       # the solo mode's handlers registered (automaton.py)


def setup(ruleset: str, options: dict[str, Any], seats: list[str], rng: random.Random,
          rules_version: str | None = None) -> State:
    """A new game of the given seats, at its first decision (002 SETUP, then the first round),
    by this code's rules version (the only one War for Arrakis plays so far)."""
    if rules_version not in (None, RULES_VERSION):
        raise ValueError(f"rules version {rules_version} is not played; War for Arrakis has "
                         f"{RULES_VERSION}")
    state = new_game(ruleset, options, seats, rng)
    state, _ = turn.begin(state, rng)
    return state


def prompts(state: State) -> list[Prompt]:
    return turn.prompts(state)


def parse(state: State, seat: str, text: str) -> Parsed:
    """A seat's mail read against its open decisions and those to come (``ahead``)."""
    return parse_mail(state, seat, text, turn.prompts(state))


def parse_decision(state: State, prompt: Prompt, text: str) -> Parsed:
    return LANGUAGE.parse_orders(state, prompt.seat, text, [prompt])


def apply(state: State, orders: dict[str, Any], rng: random.Random
          ) -> tuple[State, list[Event]]:
    return turn.advance(state, orders, rng)


def view(state: State, seat: str | None) -> dict[str, Any]:
    return seat_or_public_view(state, seat)


def upgrade(state: State) -> State:
    """A stored state in today's shape: the first rules version's."""
    return state


def step_name(state: State) -> str:
    if state["result"] is not None:
        return "Game over"
    names = {"start": "start of the round", "vehicles": "Vehicle Placement",
             "roll": "the roll", "actions": "Action Resolution", "hazards": "Desert Hazards",
             "harvest": "Spice Harvesting", "end": "End of the Round"}
    return f"Round {state['round']}: {names.get(state['phase'], state['phase'])}"


def result(state: State) -> dict[str, Any] | None:
    return state["result"]


def commanders(state: State) -> dict[str, str]:
    """Who commands which seat (``Commanders``): a player may command both powers of a
    shared faction (002 3-4 PLAYERS MODE: one player plays one faction or one power), as the
    game file says; the rules of 002 never change it."""
    return dict(state["commanders"])


def event_turn(event: Event) -> int | None:
    """The round an event opens (``Turns``): the start of each round names it."""
    return event.data["round"] if event.code == "round" else None


def turn_of(state: State) -> int | None:
    return state["round"]


_last_map: list[Any] = [None, None]


def _board_map(state: State) -> BoardMap:
    """The map of a state, worked out once for both pictures (a state is never changed in
    place)."""
    if _last_map[0] is not state:
        _last_map[:] = [state, BoardMap(public_view(state))]
    return _last_map[1]


def map_svg(state: State) -> str:
    """The map of Arrakis as SVG, from the public view (``board_map``)."""
    return _board_map(state).svg


def map_png(state: State) -> bytes:
    return _board_map(state).png


def invariants(state: State) -> list[str]:
    """The invariants the state breaks (``invariants.py``); empty when it is sound."""
    return violations(state)


def bot_decisions(state: State, rng: random.Random, style: str = "random") -> dict[str, Any]:
    """The bots' orders as values (``BotDecisions``): each bot's order text read for its
    prompt alone, as a player's mail would be."""
    decided = {}
    for prompt in turn.prompts(state):
        text = bot_order(view(state, prompt.seat), prompt, rng, style)
        parsed = parse_decision(state, prompt, text)
        if parsed.errors or len(parsed.orders) != 1:
            raise ValueError(f"{prompt.seat}'s bot order for {prompt.key} refused: {text!r}")
        decided[prompt.key] = parsed.orders[0].value
    return decided
