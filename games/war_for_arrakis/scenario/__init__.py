"""Scenario files of War for Arrakis (docs/scenarios.md, "War for Arrakis"): a position, the
orders played from it, and what must follow; each cites the rule of 002 it pins."""

from .report import scenario_report
from .run import run_scenario

__all__ = ["run_scenario", "scenario_report"]
