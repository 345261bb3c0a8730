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

from pbem.game import BotDecisions, Bots, Event, Invariants, Parsed, Prompt, Scenarios

from . import solo, turn
from .bots.players import bot_order as bot_order
from .invariants import violations
from .orders import LANGUAGE
from .orders.decisions import DECISION_KINDS
from .scenario import run_scenario as run_scenario
from .scenario import scenario_report as scenario_report
from .setup import RULES_VERSION, RULESETS, new_game
from .state import SEAT_NAMES, State
from .view import view as seat_or_public_view

name = "war_for_arrakis"
rules_version = RULES_VERSION
rulesets = RULESETS
seat_names = SEAT_NAMES
decision_kinds = DECISION_KINDS
bot_styles = ("random", "basic")
capabilities = (Invariants, Bots, BotDecisions, Scenarios)
SOLO_RULES = solo.MODULES       # the solo mode's handlers registered (automaton.py)


def setup(ruleset: str, options: dict[str, Any], seats: list[str],
          rng: random.Random) -> State:
    """A new game of the given seats, at its first decision (002 SETUP, then the first round)."""
    state = new_game(ruleset, options, seats, rng)
    state, _ = turn.begin(state, rng)
    return state


def prompts(state: State) -> list[Prompt]:
    return turn.prompts(state)


def parse(state: State, seat: str, text: str) -> Parsed:
    return LANGUAGE.parse_orders(state, seat, text, turn.prompts(state))


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
