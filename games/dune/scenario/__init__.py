"""Scenario files for classic Dune: a position, the orders played from it, what must follow.

A GM checks a ruling, and a test pins one, with a YAML file (docs/scenarios.md documents every
key): the seats and rules, a ``position`` (the turn and phase, the storm, forces, spice, each
faction's sheet, alliances, the decks, the Kwisatz Haderach, captured leaders, the battle round
under way), ``orders`` as players write them, step by step, and ``expect``, assertions on the
end (the orders that must be refused, who sees an event, the order of the decks among them).
Whatever the position does not give keeps its value in a fresh set-up of the seats
(``set_up.new_game`` with the generator of step 0), so that small scenarios stay small.

``load_scenario`` checks the file into frozen dataclasses (``pbem.schema``: every fault named
by its key, unknown keys are errors) and builds the state; ``run_scenario`` applies each step
with ``turn.advance`` and that step's generator (``pbem.game.step_rng``), as the moderator
does, and checks the expectations; ``scenario_report`` writes the outcome as text.

One module per job: ``format`` (the file as checked dataclasses), ``values`` (reading the
seats, places, forces, leaders and cards it names), ``position`` (building and entering the
position), ``steps`` (reading the orders of each step), ``expect`` (the ``expect:`` checks),
``report`` (the text report) and ``run`` (the entry points).
"""

from __future__ import annotations

from .expect import Check
from .format import (
    BattleRound,
    Decks,
    EventSeen,
    Expect,
    FactionPosition,
    KwisatzHaderach,
    Position,
    Prediction,
    Refused,
    Scenario,
    ScenarioError,
    StormPosition,
)
from .report import scenario_report
from .run import Loaded, load_scenario, run_scenario
from .values import COPY, Cards, spice_cards, treachery_cards

__all__ = [
    "COPY",
    "BattleRound",
    "Cards",
    "Check",
    "Decks",
    "EventSeen",
    "Expect",
    "FactionPosition",
    "KwisatzHaderach",
    "Loaded",
    "Position",
    "Prediction",
    "Refused",
    "Scenario",
    "ScenarioError",
    "StormPosition",
    "load_scenario",
    "run_scenario",
    "scenario_report",
    "spice_cards",
    "treachery_cards",
]
