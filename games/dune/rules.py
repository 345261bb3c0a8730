"""Rulesets and options of classic Dune: each ruleset a class, found by name in ``RULESETS``.

``Classic`` is the Avalon Hill 1979 basic game (000 I-XIII), with each optional rule
(000 XIV-XIX) and the advanced game (000 XX-XXIII) as options named after the rule.
``WBC(Classic)`` is the WBC 2018 tournament rule set (000 "We are playing all of the Basic,
Optional, and Advanced rules ... with one exception: Rule XVIII.A", the house rules 1-7 and
the rules clarifications; 004 "Rule Set"): every option on but XVIII.A, XVIII.B in the WBC
variation (the Shield Wall from the 6th worm), heats of 10 turns.

A ruleset class supplies its phase list, the options it fixes, its data layers (the folders
of ``data/`` merged in order: ``data/classic/`` is the base) and the answers to the policy
questions the phases ask; a phase asks the question, never which ruleset it is.
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

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
# How the moderator turns the open rounds into mail rounds (docs/orders.md, "Mail rounds").
# Not rules of the game: each mode plays the same rules, the first value is the faithful
# default, the others need fewer rounds and change what a player knows when deciding.
MAIL_MODES: dict[str, tuple[str, ...]] = {
    "bidding": ("per_card", "whole_round"),
    "movement": ("sequential", "batched"),
}


@dataclass(frozen=True)
class Rules:
    """The rules a game is played by: its ruleset and every option, resolved.

    ``to_json`` is stored in the game's state (``state["rules"]``); ``from_json`` builds the
    ruleset's class it names.  The policy questions are answered by the subclasses.
    """

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

    # The rounds of a turn, in order; the options the ruleset sets and a game file may not
    # change; the folders of data/ merged in order.
    phases: ClassVar[tuple[str, ...]]
    fixed: ClassVar[dict[str, Any]] = {}
    data_layers: ClassVar[tuple[str, ...]]

    @property
    def increased_spice_flow(self) -> bool:
        """000 XIX, and XXIII: "Increased Spice Flow must be used in the Advanced Game"."""
        return self.spice_flow or self.advanced_collection

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        return _rules(tuple(data.items()))

    @classmethod
    def resolve(cls, options: dict[str, Any]) -> Rules:
        """This ruleset with a game file's options, refusing unknown or contradictory ones."""
        settings: dict[str, Any] = dict(cls.fixed)
        known = set(OPTIONS) | set(GROUPS) | set(MAIL_MODES) | {"turns", "three_faction_alliances"}
        for name, value in options.items():
            if name not in known:
                raise ValueError(f"unknown option {name!r}; options are: "
                                 f"{', '.join(sorted(known))}")
            if name == "turns":
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 30:
                    raise ValueError(f"option turns: expected a number of turns 1 to 30, "
                                     f"got {value!r}")
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
            if name in cls.fixed:
                raise ValueError(f"option {name}: the {cls.ruleset} ruleset fixes it; use "
                                 "ruleset classic to choose options one by one")
            for option in GROUPS.get(name, (name,)):
                settings[option] = value
        rules = cls(**{f.name: settings[f.name] for f in fields(cls) if f.name in settings})
        if rules.three_faction_alliances and rules.alliance_limit(6) is None:
            raise ValueError("option three_faction_alliances: only the wbc ruleset limits "
                             "alliances (000 house rule 2)")
        return rules


@dataclass(frozen=True)
class Classic(Rules):
    """The Avalon Hill 1979 rules (000 I-XXIII), options chosen one by one."""

    ruleset: str = "classic"
    turns: int = 15                                 # 000 V: 15 turns

    # 000 V.A-F; WBC IX (000 line 1170): revival first, then shipment and movement in dot
    # order; the battle round (000 V.E, X) between movement and collection.
    phases: ClassVar[tuple[str, ...]] = (
        "storm", "spice_blow", "bidding", "revival", "movement", "battle", "collection",
        "end_of_turn")
    data_layers: ClassVar[tuple[str, ...]] = ("classic",)

    # --- set-up
    @property
    def draws_seating(self) -> bool:
        """The seating order is drawn at random (WBC house rule 1, 000 line 1039); under AH
        the players sit as they come (000 III.A)."""
        return False

    @property
    def traitor_deck(self) -> bool:
        """Traitors are dealt from one deck of the leaders in play (WBC house rule 7, 000 line
        1061; clarification III); under AH four leaders are drawn each and returned to the
        pile after each draw (000 III.E.2)."""
        return False

    @property
    def fedaykin_at_set_up(self) -> bool:
        """The Fremen may place Fedaykin among their forces at the start (WBC clarification
        III, 000 line 1080), with the advantages (000 XV); AH places only normal forces."""
        return False

    # --- storm
    @property
    def first_storm_moves(self) -> bool:
        """The first storm moves from the storm start sector by the dial (000 VI.A); under WBC
        it begins over the sector dialled and has not moved (000 line 1114)."""
        return True

    @property
    def storm_cards_on_turn_one(self) -> bool:
        """Weather Control and Family Atomics may be played on turn 1 (AH player aid); not
        under WBC (000 line 1110)."""
        return True

    @property
    def weather_control_after_reveal(self) -> bool:
        """Weather Control is asked about after the storm dials are revealed (WBC, 000 line
        1110); under AH before (player aid B.2, storm_cards module docstring)."""
        return False

    @property
    def ornithopters_from_storm_round(self) -> bool:
        """Who moves with ornithopters: those who controlled Arrakeen or Carthag at the end of
        the storm round (WBC clarification IX, 000 lines 1184-1188); under AH those with forces
        there now (000 IX.C.2.a.1)."""
        return False

    # --- spice blow
    @property
    def nexus_on_every_worm(self) -> bool:
        """A Nexus follows every worm (WBC VII.1); under AH only the first of its pile (000
        VII.B, VII.C)."""
        return False

    # --- movement and the Bene Gesserit's coexistence
    @property
    def coexisting_fly(self) -> bool:
        """Coexisting Bene Gesserit move with ornithopters (WBC, 000 line 1328); under AH they
        get none (000 XV.B.4)."""
        return False

    @property
    def lone_advisors_bar_allies(self) -> bool:
        """Bene Gesserit alone in a territory keep their allies out (000 XII.E.5); not under
        WBC (000 line 1314)."""
        return True

    @property
    def coexist_by_default(self) -> bool:
        """A territory left out of the Bene Gesserit's declaration coexists (000 XV.B.5);
        under WBC it does not (000 line 1304)."""
        return True

    @property
    def coexistence_rule(self) -> str:
        """The rule a declaration prompt cites for what a territory left out becomes."""
        return "000 XV.B.5"

    @property
    def coexistence_declared_each_round(self) -> bool:
        """The Bene Gesserit declare every territory afresh at the start of the movement round,
        and stay coexisting in a stronghold beside two others (WBC line 1305; clarification
        VII, 000 line 1134); under AH a status stands until changed (000 XV.B.5)."""
        return False

    # --- shipment
    @property
    def natives_also_ship_reserves(self) -> bool:
        """A native faction (the Fremen) allied with the Guild may also ship from its reserves at
        the Guild's rates (WBC, 000 lines 1192, 1200); under AH it only ships cross and back
        (000 line 866)."""
        return False

    # --- spice given
    @property
    def spice_promised(self) -> bool:
        """Spice given is promised and paid in the collection round, the amount told to the
        two factions only (WBC house rule 5, 000 line 1057; clarification XIII, line 1283);
        under AH it changes hands at once, amount and all (000 XIII.C)."""
        return False

    # --- battle
    @property
    def corrects_plans_at_reveal(self) -> bool:
        """A battle plan missing a leader, dialling more than its forces and spice support, or
        with two weapons or two defenses is corrected when revealed rather than refused (000
        clarification X, lines 1252-1256; 004 X.7-8): so by mail it is accepted as sent."""
        return False

    @property
    def free_support_in_battle(self) -> bool:
        """A faction whose power is it (the Fremen: ``Faction.counts_full_without_spice``), and its
        ally, count their forces at full strength for no spice in every battle (WBC house rule
        6, 000 line 1059), with advanced combat (000 XXII)."""
        return False

    # --- alliances and victory
    def alliance_limit(self, players: int) -> int | None:
        """The most factions in one alliance, or None for no limit (AH 000 XII.C.2 sets none)."""
        return None

    def shield_wall_counts(self, worms: int) -> bool:
        """The Shield Wall counts as a stronghold for victory: with 000 XVIII.B."""
        return self.shield_wall_victory

    @property
    def shared_strongholds_count(self) -> bool:
        """Two factions in one stronghold both hold it (000 IV); under WBC neither does (house
        rule 4, 000 line 1045, and victory module docstring)."""
        return True

    @property
    def allies_add_strongholds(self) -> bool:
        """An alliance needs one more stronghold per ally (WBC house rule 3, 000 line 1043);
        under AH the same as one faction (000 XII.E.1)."""
        return False


@dataclass(frozen=True)
class WBC(Classic):
    """The WBC 2018 tournament rules (000 "HOUSE RULES" and "WBC Dune Rules Clarifications",
    lines 1034-1330; 004 "Rule Set"): every option on but XVIII.A, heats of 10 turns."""

    ruleset: str = "wbc"
    turns: int = 10                                 # 004: heats of 10 turns
    fixed: ClassVar[dict[str, Any]] = {
        name: name not in ("no_alliances", "more_strongholds") for name in OPTIONS}

    draws_seating = True
    traitor_deck = True
    first_storm_moves = False
    storm_cards_on_turn_one = False
    weather_control_after_reveal = True
    ornithopters_from_storm_round = True
    nexus_on_every_worm = True
    coexisting_fly = True
    lone_advisors_bar_allies = False
    coexist_by_default = False
    coexistence_rule = "WBC XV, line 1304"
    coexistence_declared_each_round = True
    natives_also_ship_reserves = True
    spice_promised = True
    corrects_plans_at_reveal = True
    shared_strongholds_count = False
    allies_add_strongholds = True

    @property
    def fedaykin_at_set_up(self) -> bool:
        return self.advantages

    @property
    def free_support_in_battle(self) -> bool:
        return self.advanced_combat

    def alliance_limit(self, players: int) -> int | None:
        """WBC house rule 2 (000 line 1041): two factions "for all games with at least 4
        players", three only in 6-player games when every player consents at the start; with
        fewer players the house rule sets no limit."""
        if players < 4:
            return None
        return 3 if players == 6 and self.three_faction_alliances else 2

    def shield_wall_counts(self, worms: int) -> bool:
        """WBC house rule 4 (000 line 1045): "immediately after the 6th worm appears"."""
        return worms >= SHIELD_WALL_WORMS


SHIELD_WALL_WORMS = 6                   # WBC house rule 4 (000 line 1045): "the 6th worm"
RULESETS: dict[str, type[Classic]] = {"classic": Classic, "wbc": WBC}


@functools.cache
def _rules(items: tuple[tuple[str, Any], ...]) -> Rules:
    """The rules of a ``to_json`` mapping, built once per distinct mapping."""
    settings = dict(items)
    return RULESETS[settings["ruleset"]](**settings)


def rules_of(state: dict[str, Any]) -> Rules:
    """The rules a game's state (or view) is played by (built once per ruleset and options;
    the same mapping, which a step asks hundreds of times, answered at once)."""
    data = state["rules"]
    if data is not _last[0]:
        _last[:] = [data, Rules.from_json(data)]
    return _last[1]


_last: list[Any] = [None, None]     # the rules mapping last asked and its rules


def make_rules(ruleset: str, options: dict[str, Any]) -> Rules:
    """Resolve a ruleset and a game file's options, refusing unknown or contradictory ones."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(RULESETS)}")
    return RULESETS[ruleset].resolve(options)
