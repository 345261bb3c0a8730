"""Loading and running a scenario: the entry points.

``load_scenario`` checks the file into frozen dataclasses (``format.py``), builds the state
(``position.py``), reads the order texts of each step (``steps.py``) and the checks of
``expect`` (``expect.py``); ``run_scenario`` applies each step with ``turn.advance`` and that
step's generator (``pbem.game.step_rng``), as the moderator does, and checks the expectations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbem.game import Event, Prompt, step_rng
from pbem.schema import build

from .. import players, turn
from ..phases.set_up import new_game
from ..state import State
from .expect import Check, _expectations, _refusals
from .format import Refused, Scenario, ScenarioError, _head
from .position import _enter, _position
from .steps import _read_step, _step_texts


@dataclass
class Loaded:
    """A checked scenario: its state at the position (entered, played on to the first
    decision), the events of getting there, the order texts of each step by seat, the lines
    that must be refused, the checks."""

    scenario: Scenario
    state: State
    events: list[Event]
    steps: list[dict[str, str]]
    refused: list[Refused]
    checks: list[Check]


PROMPT_KEYS = ("key", "seat", "kind", "secret", "legal", "default", "default_text", "template")


# --- the entry points
def load_scenario(data_: Any, source: str = "scenario") -> Loaded:
    """Check a scenario (parsed YAML) and build its position; ScenarioError lists every fault."""
    problems: list[str] = []
    scenario = build(Scenario, data_, "", problems)
    rules = _head(scenario, problems) if scenario is not None else None
    if rules is None or problems:
        raise ScenarioError(source, problems)
    seats = list(scenario.seats)
    rng = step_rng(scenario.seed, 0)
    try:
        command = players.checked(rules, seats, scenario.commanders)
    except ValueError as error:
        raise ScenarioError(source, [f"commanders: {error}"]) from None
    state = new_game(rules, seats, rng)
    players.new_command(state, command)
    into_step = _position(state, scenario.position, rules, problems)
    steps = [_step_texts(rules, step, f"orders[{index}]", seats, problems)
             for index, step in enumerate(scenario.orders)]
    refused, refusal_checks = _refusals(rules, scenario.expect.refused or (), steps, seats,
                                        problems)
    checks = _expectations(scenario.expect, seats, rules, problems) + refusal_checks
    if problems:
        raise ScenarioError(source, problems)
    state, events = _enter(state, scenario.position, rng, into_step)
    return Loaded(scenario, state, events, steps, refused, checks)


def run_scenario(data_: dict[str, Any]) -> dict[str, Any]:
    """Play a scenario's steps from its position and check its expectations.

    The result is JSON data: ``state`` (the whole final state), ``events`` (per step, the
    events as JSON; step 0 is entering the position), ``orders`` (per step, the orders
    applied), ``refused`` (per step, the lines refused as expected), ``prompts`` (open at the
    end) and ``expect`` (``checked``, ``failed``).
    """
    loaded = load_scenario(data_)
    state = loaded.state
    events = [[event.to_json() for event in loaded.events]]
    orders: list[list[dict[str, Any]]] = [[]]
    refused: list[list[dict[str, Any]]] = [[]]
    for number, texts in enumerate(loaded.steps, start=1):
        applied, read, lines = _read_step(state, number, texts,
                                          [r for r in loaded.refused if r.step == number])
        state, happened = turn.advance(state, applied, step_rng(loaded.scenario.seed, number))
        events.append([event.to_json() for event in happened])
        orders.append(read)
        refused.append(lines)
    result = {"title": loaded.scenario.title, "seed": loaded.scenario.seed, "state": state,
              "events": events, "orders": orders, "refused": refused,
              "prompts": [_prompt_json(p) for p in turn.prompts(state)]}
    failed = [message for check in loaded.checks if (message := check(result))]
    result["expect"] = {"checked": len(loaded.checks), "failed": failed}
    return result


def _prompt_json(prompt: Prompt) -> dict[str, Any]:
    """An open decision as JSON data: what docs/scenarios.md lists, not the bots' ``options``
    (which are the engine's, and need not be JSON: a movement turn's reach is worked out when
    read)."""
    return {key: getattr(prompt, key) for key in PROMPT_KEYS}
