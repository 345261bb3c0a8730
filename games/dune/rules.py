"""Rulesets and options of classic Dune.

Ruleset ``classic`` is the Avalon Hill 1979 basic game (000 I-XIII), with
each optional rule (000 XIV-XIX) and the advanced game (000 XX-XXIII) as
options named after the rule.  Ruleset ``wbc`` is the WBC 2018 tournament
rule set (000 "We are playing all of the Basic, Optional, and Advanced rules
... with one exception: Rule XVIII.A", the house rules 1-7 and the rules
clarifications; 004 "Rule Set"): every option on but XVIII.A, XVIII.B in the
WBC variation (the Shield Wall from the 6th worm), heats of 10 turns.
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, fields
from typing import Any

RULESETS = ("classic", "wbc")

# option name -> (rule of seed 000, what it does); all default off in "classic".
OPTIONS: dict[str, str] = {
    "advantages": "XV additional character advantages",
    "weather": "XVI weather: the storm moves by the Fremen's weather markers",
    "karama_powers": "XVII special Karama powers",
    "no_alliances": "XVIII.A.1 longer game: no alliances",
    "more_strongholds": "XVIII.A.2 longer game: one more stronghold needed to win",
    "shield_wall_victory": "XVIII.B the Shield Wall counts towards victory",
    "spice_flow": "XIX increased spice flow",
    "double_blow": "XXI advanced spice blow: two discard piles",
    "advanced_combat": "XXII advanced combat: spice backs forces in battle",
    "advanced_collection": "XXIII advanced collection: increased spice flow is used",
}
# Shorthands a game file may use: they switch on a group of options.
GROUPS: dict[str, tuple[str, ...]] = {
    "optional": ("advantages", "weather", "karama_powers", "spice_flow"),
    "advanced": ("double_blow", "advanced_combat", "advanced_collection"),
}
DEFAULT_TURNS = {"classic": 15, "wbc": 10}   # 000 V (15 turns); 004 heats of 10 turns
# How the moderator turns the open rounds into mail rounds (docs/orders.md, "Mail rounds").
# Not rules of the game: each mode plays the same rules, the first value is the faithful
# default, the others need fewer rounds and change what a player knows when deciding.
MAIL_MODES: dict[str, tuple[str, ...]] = {
    "bidding": ("per_card", "whole_round"),
    "movement": ("sequential", "batched"),
}


@dataclass(frozen=True)
class Rules:
    """The rules a game is played by: its ruleset and every option, resolved."""

    ruleset: str = "classic"
    advantages: bool = False
    weather: bool = False
    karama_powers: bool = False
    no_alliances: bool = False
    more_strongholds: bool = False
    shield_wall_victory: bool = False
    spice_flow: bool = False
    double_blow: bool = False
    advanced_combat: bool = False
    advanced_collection: bool = False
    turns: int = 15
    three_faction_alliances: bool = False
    bidding: str = "per_card"
    movement: str = "sequential"

    @property
    def wbc(self) -> bool:
        """WBC house rules and clarifications apply (000 "HOUSE RULES", "WBC Dune Rules
        Clarifications"; 004)."""
        return self.ruleset == "wbc"

    @property
    def corrects_plans_at_reveal(self) -> bool:
        """A battle plan missing a leader, dialling more than its forces and spice support, or
        with two weapons or two defenses is corrected when revealed rather than refused (000
        clarification X, lines 1252-1256; 004 X.7-8): so by mail it is accepted as sent."""
        return self.wbc

    @property
    def increased_spice_flow(self) -> bool:
        """000 XIX, and XXIII: "Increased Spice Flow must be used in the Advanced Game"."""
        return self.spice_flow or self.advanced_collection

    def alliance_limit(self, players: int) -> int | None:
        """The most factions in one alliance, or None for no limit.

        AH 000 XII sets no limit; WBC house rule 2 (000 line 1041): two factions "for all
        games with at least 4 players", three only in 6-player games when every player
        consents at the start; with fewer players the house rule sets no limit.
        """
        if not self.wbc or players < 4:
            return None
        return 3 if players == 6 and self.three_faction_alliances else 2

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        return _rules(tuple(sorted(data.items())))


@functools.cache
def _rules(items: tuple[tuple[str, Any], ...]) -> Rules:
    """The rules of a ``to_json`` mapping, built once per distinct mapping."""
    return Rules(**dict(items))


def rules_of(state: dict[str, Any]) -> Rules:
    """The rules a game's state is played by (built once per ruleset and options)."""
    return Rules.from_json(state["rules"])


def make_rules(ruleset: str, options: dict[str, Any]) -> Rules:
    """Resolve a ruleset and a game file's options, refusing unknown or contradictory ones."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(RULESETS)}")
    settings: dict[str, Any] = {"ruleset": ruleset, "turns": DEFAULT_TURNS[ruleset]}
    if ruleset == "wbc":
        settings.update({name: True for name in OPTIONS if name != "no_alliances"
                         and name != "more_strongholds"})
    known = set(OPTIONS) | set(GROUPS) | set(MAIL_MODES) | {"turns", "three_faction_alliances"}
    for name, value in options.items():
        if name not in known:
            raise ValueError(f"unknown option {name!r}; options are: {', '.join(sorted(known))}")
        if name == "turns":
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 30:
                raise ValueError(f"option turns: expected a number of turns 1 to 30, got {value!r}")
            settings["turns"] = value
            continue
        if name in MAIL_MODES:
            if value not in MAIL_MODES[name]:
                raise ValueError(f"option {name}: expected one of "
                                 f"{', '.join(MAIL_MODES[name])}, got {value!r}")
            settings[name] = value
            continue
        if not isinstance(value, bool):
            raise ValueError(f"option {name}: expected true or false, got {value!r}")
        if ruleset == "wbc" and name in OPTIONS:
            raise ValueError(f"option {name}: the wbc ruleset fixes it; use ruleset classic "
                             "to choose options one by one")
        for option in GROUPS.get(name, (name,)):
            settings[option] = value
    if settings.get("three_faction_alliances") and ruleset != "wbc":
        raise ValueError("option three_faction_alliances: only the wbc ruleset limits "
                         "alliances (000 house rule 2)")
    return Rules(**{f.name: settings[f.name] for f in fields(Rules) if f.name in settings})
