"""Rulesets and options of Dune: each ruleset a class, found by name in ``RULESETS``.

``Classic`` is the Avalon Hill 1979 basic game (000 I-XIII), with each optional rule
(000 XIV-XIX) and the advanced game (000 XX-XXIII) as options named after the rule.
``WBC(Classic)`` is the WBC 2018 tournament rule set (000 "We are playing all of the Basic,
Optional, and Advanced rules ... with one exception: Rule XVIII.A", the house rules 1-7 and
the rules clarifications; 004 "Rule Set"): every option on but XVIII.A, XVIII.B in the WBC
variation (the Shield Wall from the 6th worm), heats of 10 turns.  ``GF9(Classic)`` is the
Gale Force Nine 2019 edition (001), basic or advanced (``advanced``, 001 1.13), with the
tournament rules as an option (``tournament``, 001 setup 3 and 4.1.13-20).

A ruleset class supplies its phase list, the options it fixes, its data layers (the folders
of ``data/`` merged in order: ``data/classic/`` is the base) and the answers to the policy
questions the phases ask; a phase asks the question, never which ruleset it is.  A question
that is one faction's power is that faction's class's, per ruleset (``factions``: ``FremenGF9``);
the questions here are the game's (``tests/dune/test_rule_questions.py`` says why each).

Rules versions: a game keeps the version of the rules it was dealt under (``Rules.version``,
``RULES_VERSION`` for a new game).  Where a later version answers a question otherwise, the
earlier answers live in a class of their own (``GF9Version4``), which ``ruleset_class`` picks
for a game of that version, so that a stored game replays as it was played; a faction's power
so changed, in its faction's class for that version (``Faction.until``: ``FremenGF9Version4``).
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar

from pbem.command import OPTION as COMMAND_OPTION

from .data.loader import DATA_DIR, citations, discovery, load

# The metadata of an option added to a ruleset after its games were stored: ``to_json`` leaves
# it out while off, so those games keep their stored form (``same_games``: byte-identical).
ADDED = {"added": True}


@functools.cache
def _added(cls: type) -> frozenset[str]:
    """The options of a ruleset's class added after its games were stored."""
    return frozenset(f.name for f in fields(cls) if f.metadata.get("added"))


# The rules versions a game may have been dealt under and still replays by: 4, the first of
# every ruleset here; 5, the GF9 rulings of issue 32 (``GF9Version4`` keeps 4's answers); 6,
# v3's Main Leaders gating the Voice, battle prescience, the Kwisatz Haderach and the captures
# (``V3Version5`` keeps 5's gates), and the Ixians' alliance and Karama powers played by mail
# (issue 29), the Voice naming the expansion's special cards, and the factions' own decisions in
# the revival round and at War Continues (issue 29: the Tleilaxu's terms, Karama and Face Dancer
# replacement); those are factions' powers, so their classes for version 5 keep 5's answers
# (``factions``: ``IxiansGF9Version5``, ``BeneGesseritGF9Version5``, ``TleilaxuGF9Version5``);
# 7, the whole deck of leader skills (001 4.07.15) and the draw at a leader's revival (4.07.12),
# which deal otherwise than the seven skills of version 6 (``GF9Version6`` keeps its deck).
RULES_VERSION = 7
RULES_VERSIONS = (4, 5, 6, 7)

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
    ruleset's class it names.  The policy questions are answered by the subclasses, each
    once per rules (cached properties: a step asks them hundreds of times, ``rules_of``
    gives the same rules for equal mappings).
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
    version: int = RULES_VERSION    # the rules version the game was dealt under

    # The rounds of a turn, in order; the options the ruleset sets and a game file may not
    # change; the folders of data/ merged in order.
    phases: ClassVar[tuple[str, ...]]
    fixed: ClassVar[dict[str, Any]] = {}
    groups: ClassVar[dict[str, tuple[str, ...]]] = GROUPS
    # The options of a ruleset's own (name -> what it does), besides the classic ``OPTIONS``.
    own_options: ClassVar[dict[str, str]] = {}
    # The options whose value is a list of names (v3's ``treachery_left_out``).
    list_options: ClassVar[frozenset[str]] = frozenset()
    # Option -> the folder of data/ a game with it on merges after ``data_layers`` (an option
    # that changes the board or a sheet: v3's Diversified Victory).
    option_layers: ClassVar[dict[str, str]] = {}

    @functools.cached_property
    def layers(self) -> tuple[str, ...]:
        """The folders of data/ a game of these rules merges, in order: the ruleset's, then
        those of its options that change the data (``option_layers``)."""
        return self.data_layers + tuple(layer for option, layer in self.option_layers.items()
                                        if getattr(self, option))
    data_layers: ClassVar[tuple[str, ...]]

    @functools.cached_property
    def options_on(self) -> frozenset[str]:
        """The names of the fields these rules set (true, or a value not empty): what a hook
        kept per option asks at every step (``variants.in_play``)."""
        return frozenset(f.name for f in fields(self) if getattr(self, f.name))

    @functools.cached_property
    def extra_spice_cards(self) -> tuple[str, ...]:
        """The spice cards the spice deck holds besides the base cards: none but where a
        ruleset's option adds one."""
        return ()

    @functools.cached_property
    def card_sets(self) -> tuple[str, ...]:
        """The expansions' sets of treachery cards the deck holds besides its base cards
        (``treachery.yaml``: ``sets``): none but where a ruleset's option adds one."""
        return ()

    @functools.cached_property
    def cache_sets(self) -> tuple[str, ...]:
        """The sets of ``card_sets`` that start in the Richese cache's pile rather than the
        deck (001 2.10.04): none but where a ruleset's option adds them."""
        return ()

    @functools.cached_property
    def cards_left_out(self) -> tuple[str, ...]:
        """The names of the cards of ``card_sets`` a game leaves out of its deck, and of the
        spice deck's territory cards: none but where a ruleset lets a set be played in part
        (or an option takes cards out, 001 4.06.03)."""
        return ()

    @functools.cached_property
    def traitor_cards(self) -> tuple[str, ...]:
        """The cards the traitor deck holds besides the leaders': none but where a ruleset's
        option adds one."""
        return ()

    def cite(self, rule: str) -> str:
        """How a mail of this ruleset cites ``rule``, a classic citation as the code writes it
        ("000 VIII.D", "000 player aid B.2; WBC line 1376"): classic and WBC cite it as it is;
        a ruleset of another seed answers from its ``citations.yaml``."""
        return rule

    @functools.cached_property
    def increased_spice_flow(self) -> bool:
        """000 XIX, and XXIII: "Increased Spice Flow must be used in the Advanced Game"."""
        return self.spice_flow or self.advanced_collection

    def to_json(self) -> dict[str, Any]:
        """The rules as the state keeps them: every field, but an option added after games
        were stored (``ADDED``) only when it is on, so a game without it keeps the form it
        always had (``Rules.from_json`` gives the default back)."""
        return {name: list(value) if isinstance(value, tuple) else value
                for name, value in asdict(self).items()
                if not ((value is False or value == ()) and name in _added(type(self)))}

    def in_play(self, expansion: str | None) -> bool:
        """Whether the game has an expansion (None: the base game, always)."""
        return expansion is None or bool(getattr(self, expansion, False))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        return _rules(tuple((name, tuple(value) if isinstance(value, list) else value)
                            for name, value in data.items()))

    @classmethod
    def resolve(cls, options: dict[str, Any], version: int | None = None) -> Rules:
        """This ruleset with a game file's options, refusing unknown or contradictory ones, as
        rules ``version`` plays it (``RULES_VERSION`` by default)."""
        version = RULES_VERSION if version is None else version
        if version not in RULES_VERSIONS:
            raise ValueError(f"rules version {version} is not played by this pbem; it plays "
                             f"{', '.join(map(str, RULES_VERSIONS))}")
        settings: dict[str, Any] = {**cls.fixed, "version": version}
        known = (set(OPTIONS) | set(cls.own_options) | set(cls.groups) | set(MAIL_MODES)
                 | cls.list_options | {"turns", "three_faction_alliances"})
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
            if name in cls.list_options:
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise ValueError(f"option {name}: expected a list of names, got {value!r}")
                settings[name] = tuple(value)
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
            for option in cls.groups.get(name, (name,)):
                settings[option] = value
        edition = ruleset_class(cls.ruleset, version)
        rules = edition(**{f.name: settings[f.name] for f in fields(edition)
                           if f.name in settings})
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
    @functools.cached_property
    def seat_count(self) -> tuple[int, int]:
        """How many factions a game seats, fewest and most: "A Game for 2 to 6 players" (000
        line 115), one on each of the board's player dots.  Never more than the game has
        factions (``state.seating``)."""
        return (2, 6)

    @functools.cached_property
    def several_factions_per_player(self) -> bool:
        """A player may run several factions, his primary one and its allied factions, and who
        commands an allied faction changes at each Nexus (003 "Playing with two or three");
        under AH each faction is a player's (000 III.A)."""
        return False

    @functools.cached_property
    def homeworld_penalties(self) -> bool:
        """A faction's homeworld on its Low side takes some of its powers away (001 4.10.12,
        the homeworlds variant): only where a ruleset's option plays homeworlds."""
        return getattr(self, "homeworlds", False)

    @functools.cached_property
    def main_leader_gates(self) -> bool:
        """Each faction has its Main Leader (the data's, ``Leader.main``), a sixth leader with no
        traitor card, whose death takes the powers he gates from it until he is revived, and
        with all six leaders in the tanks the faction is out of the game (003 "Main Leaders");
        AH has five leader discs (000 II.B.1.b)."""
        return False

    @functools.cached_property
    def draws_seating(self) -> bool:
        """The seating order is drawn at random (WBC house rule 1, 000 line 1039); under AH
        the players sit as they come (000 III.A)."""
        return False

    @functools.cached_property
    def traitor_deck(self) -> bool:
        """Traitors are dealt from one deck of the leaders in play (WBC house rule 7, 000 line
        1061; clarification III); under AH four leaders are drawn each and returned to the
        pile after each draw (000 III.E.2)."""
        return False

    @functools.cached_property
    def own_leader_as_traitor(self) -> bool:
        """A faction may keep one of its own leaders from its traitor draw (GF9, 001 setup 12:
        "picks 1 card to keep", no other condition; the GF9 player aid: "either opponent or
        own leader"); under AH only an opponent's (000 III.E.2)."""
        return False

    # --- storm
    @functools.cached_property
    def first_storm_moves(self) -> bool:
        """The first storm moves from the storm start sector by the dial (000 VI.A); under WBC
        it begins over the sector dialled and has not moved (000 line 1114)."""
        return True

    @functools.cached_property
    def storm_kills_where_it_starts(self) -> bool:
        """A moving storm kills on sand in the sector it starts from too (GF9, 001 1.01.04:
        "over which the storm starts, passes, or ends on"); under AH only where it "passes or
        stops" (000 VI.C; Q&A XXV.A.1: "the sector which the storm currently occupies is
        never affected")."""
        return False

    @functools.cached_property
    def storm_deck(self) -> bool:
        """After turn 1 the storm moves by the Storm Deck card the faction with the STORM RULE
        drew (GF9, 001 2.04.14: the Fremen's advanced ability); under AH by the weather
        markers of option XVI, drawn by the Fremen (000 XVI, ``weather``)."""
        return False

    @functools.cached_property
    def storm_deck_unseen(self) -> bool:
        """After turn 1 the storm moves by the storm card drawn face down at the end of the
        storm round before, which nobody looks at (003 "Moving the Storm": "randomly draw one
        to place face down next to the storm marker without looking at it"); under AH by the
        dials (000 VI.B) or the Fremen's weather markers (000 XVI, ``weather``)."""
        return False

    @functools.cached_property
    def bonus_cards(self) -> tuple[str, ...]:
        """The bonus cards the controllers of the cities claim at the end of the storm round
        and return in the Control round (003 "Claiming Bonus Cards", "Collections Bonuses",
        "Round 8: Control"): none under AH, whose ornithopters and collection rate go with
        occupying Arrakeen or Carthag (000 IX.C.2.a.1, XI.A)."""
        return ()

    @functools.cached_property
    def storm_cards_on_turn_one(self) -> bool:
        """Weather Control and Family Atomics may be played on turn 1 (AH player aid); not
        under WBC (000 line 1110)."""
        return True

    @functools.cached_property
    def atomics_clear_of_storm(self) -> bool:
        """Family Atomics is played from a territory next to the Shield Wall only "with no storm
        between your Sector and the Wall" (GF9, 001 3.01.08); under AH even with the storm over
        either (000 Q&A XXV.A.2)."""
        return False

    @functools.cached_property
    def weather_control_after_reveal(self) -> bool:
        """Weather Control is asked about after the storm dials are revealed (WBC, 000 line
        1110); under AH before (player aid B.2, storm_cards module docstring)."""
        return False

    @functools.cached_property
    def ornithopters_after_shipment(self) -> bool:
        """Ornithopters are judged when the faction starts its force move, after its shipment
        of the same turn: forces shipped into Arrakeen or Carthag give them (GF9, 001 1.06.02:
        the Shipment action "and then" the Movement action; 1.06.05.05: "A player who starts a
        force move with one or more Forces in either Arrakeen, Carthag"); under AH at the start
        of the turn, before its shipment (000 IX.C.2.a.1, "at the start of his move", a move
        being its shipment and its movement, IX.C)."""
        return False

    @functools.cached_property
    def ornithopters_from_storm_round(self) -> bool:
        """Who moves with ornithopters: those who controlled Arrakeen or Carthag at the end of
        the storm round (WBC clarification IX, 000 lines 1184-1188); under AH those with forces
        there now (000 IX.C.2.a.1)."""
        return False

    # --- spice blow
    @functools.cached_property
    def nexus_on_every_worm(self) -> bool:
        """A Nexus follows every worm (WBC VII.1); under AH only the first of its pile (000
        VII.B, VII.C)."""
        return False

    @functools.cached_property
    def nexus_at_end_of_blow(self) -> bool:
        """The worms devour and the cards are turned to a territory first, and one Nexus
        follows at the end of the phase (GF9, 001 1.02.06-07); under AH the Nexus comes when
        the worm is turned, before it devours (000 VII.B, XII.B)."""
        return False

    @functools.cached_property
    def nexus_after_each_pile(self) -> bool:
        """With two discard piles a worm's Nexus comes once its pile has turned a territory
        card, before the next pile is turned (GF9, 001 1.13.03.02: "The Territory Card is put
        face up on spice discard pile A. Then a Nexus occurs"); under AH with the worm (000
        VII.B, XXI.A.4)."""
        return False

    @functools.cached_property
    def spice_discard_piles(self) -> int:
        """How many spice discard piles a spice blow turns cards onto: one (000 VII.A), two in
        the advanced game (000 XXI.A.1, "Two distinct piles"; 001 1.13.03, ``double_blow``)."""
        return 2 if self.double_blow else 1

    @functools.cached_property
    def reshuffle_keeps_first_pile_top(self) -> bool:
        """When the spice deck is reshuffled the top territory card of the first discard pile
        stays, and every other card is shuffled in (GF9 advanced, 001 1.13.04); under AH every
        card (000 XXI.B.1)."""
        return False

    @functools.cached_property
    def reshuffle_keeps_every_pile_top(self) -> bool:
        """When the spice deck is reshuffled each discard pile keeps its top card showing spice
        (003 "Advanced Combat": "all but the top-most card showing spice are removed from each
        discard pile"); under AH every card is shuffled in (000 XXI.B.1)."""
        return False

    @functools.cached_property
    def turn_one_worms_set_aside(self) -> bool:
        """The worms of turn 1 are set aside and shuffled back into the spice deck after the
        phase (GF9, 001 1.02.03); under AH each goes back at once (000 VII.D)."""
        return False

    # --- CHOAM Charity
    @functools.cached_property
    def charity_with_bidding(self) -> bool:
        """CHOAM Charity is paid at the start of the bidding round (000 VIII.I); under GF9 it
        is a phase of its own (001 1.03)."""
        return True

    @functools.cached_property
    def charity_below(self) -> int:
        """A faction holding less spice than this is topped up to 2 by CHOAM Charity: none
        (000 VIII.I: "a player with no spice"); under GF9 0 or 1 (001 1.03.02)."""
        return 1

    # --- bidding
    @functools.cached_property
    def hands_declared_before_bidding(self) -> bool:
        """Before bidding starts every faction announces how many treachery cards it holds
        (GF9, 001 1.04.02); under AH the number is made known upon request (000 VIII.F): by
        mail the public view shows it, with no announcement."""
        return False

    @functools.cached_property
    def karama_overbid(self) -> bool:
        """A Karama in bidding is a bid of a number, more than the bidder has if it likes, that
        others may top, and the card won with it is bought for nothing (GF9, 001 3.01.12.05:
        "Bid more spice than you have (without Revealing this card) and/or Buy a Treachery
        Card without paying spice for it"); under AH it bids "infinity" and takes the card
        (000 player aid A.5, line 958; WBC VIII.9, line 1160)."""
        return False

    # --- revival
    @functools.cached_property
    def leader_revival_until_all_back(self) -> bool:
        """A faction that began reviving leaders (none of its own free to fight) revives one a
        turn until all are back, a revived leader alive or not (000 IX.D.1, "until all of his
        leaders have been revived"; Q&A D.2); under GF9 a leader is revived only while the
        faction has no Active Leader (001 1.05.04)."""
        return True

    # --- movement (the Bene Gesserit's coexistence is theirs: ``factions.bene_gesserit``)
    @functools.cached_property
    def karama_cancels_abilities(self) -> bool:
        """A Karama card cancels or prevents one use of a faction ability marked for it, the
        faction retaking the action without it (GF9, 001 3.01.12.02-03, 2 item 5); under AH
        and WBC a Karama prevents the advantages its player aid names (000 B.6.A)."""
        return False

    @functools.cached_property
    def moves_gather_sectors(self) -> bool:
        """A move may take one faction's forces from several sectors of a territory as one
        group, unless the storm separates them (GF9, 001 1.06.05); under AH a group is one
        sector's forces (000 Q&A XXV.B.1)."""
        return False

    @functools.cached_property
    def repositioning(self) -> bool:
        """A move may take a group to another sector of its own territory, clear of the storm
        (GF9, 001 1.06.08); under AH a move goes into another territory (000 IX.C.2.a)."""
        return False

    # --- shipment
    @functools.cached_property
    def ally_constraint(self) -> bool:
        """Allies may ship and move into each other's territories, and at the end of a
        faction's shipment and movement its forces sharing a territory (but the Polar Sink)
        with its ally's go to the tanks (GF9, 001 1.06.07, 1.10.03.07); under AH allies "may
        not enter any territory (except the Polar Sink) in which one of their allies already
        has a token" (000 XII.E.5)."""
        return False

    # --- spice given
    @functools.cached_property
    def deals_every_round(self) -> bool:
        """A bribe may be given in any round a faction is asked something, beside its orders,
        and the CHOAM Charity called or not (``deals``; GF9, 001 1.12.01: "Any Player can make
        any kind of verbal Deal"; 1.03.02: "can collect ... by calling out"); under AH spice
        is given with the movement order, and the charity is paid to whoever may have it (000
        XIII.C, VIII.I; ``transfers``)."""
        return False

    @functools.cached_property
    def spice_promised(self) -> bool:
        """Spice given is promised and paid in the collection round, the amount told to the
        two factions only (WBC house rule 5, 000 line 1057; clarification XIII, line 1283);
        under AH it changes hands at once, amount and all (000 XIII.C)."""
        return False

    @functools.cached_property
    def bribes_in_front_of_shield(self) -> bool:
        """Spice given as a bribe is put in front of the receiver's shield, public, and added
        to his spice in the Mentat Pause (GF9, 001 1.12.03, 1.09.02); under AH it changes
        hands at once (000 XIII.C)."""
        return False

    @functools.cached_property
    def bribes_between_allies(self) -> bool:
        """Allies may give each other spice (000 XIII.C sets no limit); under GF9 they may
        not (001 1.10.03.04, 1.12.02), but by an alliance power to give it (the Emperor's,
        ``Ability.ALLY_SPICE_GIFTS``, 001 2.03.07)."""
        return True

    # --- Karama
    @functools.cached_property
    def karama_power_once_per_game(self) -> bool:
        """A faction's special Karama power may be used once in the game (GF9, 001 1.13.07,
        1.14.01: "can be used once in a game"); under AH with every Karama card played for it
        (000 XVII.B: "once" a card; WBC line 1386: "once per Karama card play")."""
        return False

    # --- battle
    @functools.cached_property
    def no_leaders_by_consent(self) -> bool:
        """Two factions in a battle may agree to play no leaders (000 Q&A B.7: "by common
        consent"); GF9 has no such rule: a leader or a Cheap Hero is played whenever one can
        be (001 1.07.05.05)."""
        return True

    @functools.cached_property
    def corrects_plans_at_reveal(self) -> bool:
        """A battle plan missing a leader, dialling more than its forces and spice support, or
        with two weapons or two defenses is corrected when revealed rather than refused (000
        clarification X, lines 1252-1256; 004 X.7-8): so by mail it is accepted as sent."""
        return False

    @functools.cached_property
    def cheap_hero_required(self) -> bool:
        """A faction with no leader to play must play a Cheap Hero it holds (000 X.C.9; 001
        1.07.05.05, 3.01.05); not in a GF9 tournament game (001 4.1.17), where it may play no
        leader at all, and then no treachery card (001 1.07.05.06)."""
        return True

    @functools.cached_property
    def optional_hero_left_out_at_reveal(self) -> bool:
        """A plan without a leader from a faction not required to play a Cheap Hero (not
        ``cheap_hero_required``: no Active Leader in a GF9 tournament, 001 4.1.17) is revealed
        as sent, with none added."""
        return True

    @functools.cached_property
    def truthtrance_present_or_past(self) -> bool:
        """A Truthtrance question may only be about the present or the past, never bind a
        future action (GF9 tournament, 001 4.1.19); under AH "any one yes or no question
        concerning the game" (000 player aid B.1)."""
        return False

    @functools.cached_property
    def traitor_winner_keeps_one_time_cards(self) -> bool:
        """The winner by a traitor may keep or discard the one-time cards he played, the Cheap
        Hero too (GF9, 001 1.07.07.07.01: "One time use cards may be kept or discarded by the
        winner"); under AH a card discarded after use is discarded whoever wins (000 player
        aid A.6-7)."""
        return False

    @functools.cached_property
    def traitor_callers_leader_back_in_pool(self) -> bool:
        """The winner by a traitor adds his leader back to his leader pool, "available again
        this Phase" (GF9, 001 1.07.07.07.01): he may fight in another territory; under AH he
        has fought in this one (000 X.C.8)."""
        return False

    # --- alliances and victory
    @functools.cached_property
    def nexus_again_after_break(self) -> bool:
        """A Nexus round that leaves a faction with no alliance by a break is followed by
        another, for the factions in no alliance that have not allied in this Nexus: who
        broke or was left may "immediately form a new Alliance" (GF9, 001 1.10.01: "all
        players have a chance to make, join or break Alliances"; 1.10.02.06-07: "they are now
        unallied ... Once all players have had a chance to ally").  Under AH one round of
        conditional proposals serves 000 XII.D.2 (``nexus`` module docstring)."""
        return False

    def alliance_limit(self, players: int) -> int | None:
        """The most factions in one alliance, or None for no limit (AH 000 XII.C.2 sets none)."""
        return None

    @functools.cached_property
    def alliance_limit_rule(self) -> str:
        """The rule a refused alliance cites (AH sets no limit: 000 XII.C.2)."""
        return "000 XII.C.2"

    def strongholds_to_win(self, players: int, members: int) -> int | None:
        """Strongholds (control points) an unallied faction (``members`` 1) or an alliance
        needs: 3, 4 with two players (000 IV), one more with XVIII.A.2; one more per ally with
        ``allies_add_strongholds``; None where such an alliance cannot win so (003's chart)."""
        needed = 4 if players == 2 else 3
        if self.more_strongholds:
            needed += 1
        if self.allies_add_strongholds:
            needed += members - 1
        return needed

    @functools.cached_property
    def end_of_play(self) -> str:
        """What decides a game nobody has won once its last turn is over and no faction's own
        victory applies: ``most-strongholds``, the faction or alliance holding the most (000
        Q&A XXV.E.3); ``stalemate``, everyone loses (003 "Game End"); ``definitive``, the most
        control points, then the most forces on the board, spice, treachery cards and leaders
        alive (003 house rule "Definitive Victory")."""
        return "most-strongholds"

    @functools.cached_property
    def ranks_by_spice(self) -> bool:
        """The result ranks the winners, then the losers, by their spice: "the highest spice
        total representing the player who benefits most from this victory", and "Higher Spice
        totals will dictate who has been the most successful loser" (003 "Victory by Conquest",
        "Game End"); AH ranks nobody (000 IV)."""
        return False

    @functools.cached_property
    def first_winner_in_storm_order(self) -> bool:
        """Of several factions or alliances winning at once only the first in storm order wins
        (GF9, 001 1.09.04); under AH all win (000 Q&A XXV.E.3; 004 line 130)."""
        return False

    @functools.cached_property
    def conditional_default_first(self) -> bool:
        """At the end of play a default victory with conditions (the Fremen's) is checked
        first, and only while a faction with one without conditions (the Guild) is in play;
        with none in play it needs no condition (GF9, 001 1.09.06 and 2.04.10.01).  Under AH
        the defaults go by precedence, each with its conditions (000 Q&A XXV.E.3)."""
        return False

    def shield_wall_counts(self, worms: int) -> bool:
        """The Shield Wall counts as a stronghold for victory: with 000 XVIII.B."""
        return self.shield_wall_victory

    @functools.cached_property
    def shield_wall_held_beside(self) -> str | None:
        """The territory whose side of the Shield Wall alone holds it for victory, or None for
        the whole Shield Wall (000 XVIII.B; WBC house rule 4).  GF9's Shield Wall Stronghold:
        "Only the left side (the side touching the Imperial Basin)" (001 4.2.2, 4.2.7)."""
        return None

    @functools.cached_property
    def shared_strongholds_count(self) -> bool:
        """Two factions in one stronghold both hold it (000 IV); under WBC neither does (house
        rule 4, 000 line 1045, and victory module docstring)."""
        return True

    @functools.cached_property
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
    alliance_limit_rule = "WBC house rule 2"
    spice_promised = True
    corrects_plans_at_reveal = True
    shared_strongholds_count = False
    allies_add_strongholds = True

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


LANDSRAAD_PACKS = (9, 10, 11, 12)      # 001 3.06-3.09: the packs by the players they need


@dataclass(frozen=True)
class GF9(Classic):
    """The Gale Force Nine 2019 edition (001): its nine phases, CHOAM Charity and the Mentat
    Pause phases of their own, alliances of two needing four strongholds.  The classic
    options are fixed; the one choice is ``advanced``, the advanced game (001 1.13-1.14)."""

    ruleset: str = "gf9"
    turns: int = 10         # 001 setup 3: "a maximum of 10 Turns"; the GF9 turn track's ten
    tournament: bool = False    # 001 4.1.13-20: the tournament rules (``groups``)
    tech_tokens: bool = field(default=False, metadata=ADDED)    # 001 4.05 (``variants``)
    # 001 2.07-2.08, 3.02: the Ixians & Tleilaxu expansion, its factions seated (their sheets'
    # ``expansion``, ``Rules.in_play``)
    ixians_tleilaxu: bool = field(default=False, metadata=ADDED)
    # 001 3.02: the Ixians & Tleilaxu expansion's treachery cards shuffled into the deck
    ixians_tleilaxu_cards: bool = field(default=False, metadata=ADDED)
    # 001 4.08.02: the Sandtrout, the expansion's spice card, shuffled into the spice deck
    sandtrout: bool = field(default=False, metadata=ADDED)
    # 001 4.02: the Shield Wall Stronghold, a variant of its own (the tournament's too, 4.1.13)
    shield_wall_stronghold: bool = field(default=False, metadata=ADDED)
    # 001 4.09.02: the Cheap Hero traitor card shuffled into the traitor deck
    cheap_hero_traitor: bool = field(default=False, metadata=ADDED)
    # 001 4.04: the stronghold cards, in the basic or the advanced game (4.04.01)
    stronghold_cards: bool = field(default=False, metadata=ADDED)
    # 001 4.07: the leader skill cards, two dealt to each faction at set-up, one kept
    leader_skills: bool = field(default=False, metadata=ADDED)
    # 001 2.09-2.10, 3.03: the CHOAM & Richese expansion, its factions seated (their sheets'
    # ``expansion``, ``Rules.in_play``)
    choam_richese: bool = field(default=False, metadata=ADDED)
    # 001 2.09 (the second list, B): CHOAM's Landsraad revision instead of the published text
    # (the first list, A): its sheet from ``data/choam_landsraad`` (``option_layers``)
    choam_landsraad: bool = field(default=False, metadata=ADDED)
    # 001 2.07.19, 2.07.22, 2.07.23: the Ixians' texts B of 001's redline (the Landsraad
    # revision) in place of the printed texts A
    ixians_text_b: bool = field(default=False, metadata=ADDED)
    # 001 2.10, text B (the Landsraad revision: the inserted half of 001's redline): four
    # No-Fields, several on the board, the fifteen cards of the cache, Disrupted Supply Chain
    richese_revised: bool = field(default=False, metadata=ADDED)
    # 001 2.11-2.12, 3.04: the Ecaz & Moritani expansion, its factions seated (their sheets'
    # ``expansion``, ``Rules.in_play``): Ecaz and the Moritani, text A (issue 31)
    ecaz_moritani: bool = field(default=False, metadata=ADDED)
    # 001 4.10: homeworlds, each seated faction's reserves on its homeworld card, a place of
    # the board layer (``data/homeworlds``; ``variants.homeworlds``)
    homeworlds: bool = field(default=False, metadata=ADDED)
    # 001 2.12, text B (the Landsraad revision, the inserted half of 001's redline): the
    # Moritani's sheet from ``data/moritani_b`` (``option_layers``): so far the Bounty Board of
    # traitor cards (2.12.04-05, 2.12.17 B) and the Bounty (2.12.19 B); the rest of text B not
    # yet (issue 31)
    moritani_text_b: bool = field(default=False, metadata=ADDED)
    # 001 2.11, text B (the Landsraad revision, the inserted half of 001's redline): Ecaz's
    # sheet from ``data/ecaz_b`` (``option_layers``): so far Duke Vidal revived for 6 (2.11.18
    # B) and text A's powers that text B drops left out; the rest of text B not yet (issue 31)
    ecaz_text_b: bool = field(default=False, metadata=ADDED)
    # 001 4.03: the Nexus cards, drawn after a Nexus by the unallied (``variants.nexus_cards``)
    nexus_cards: bool = field(default=False, metadata=ADDED)
    # 001 3.04: the third expansion's treachery cards shuffled into the deck (Harass and
    # Withdraw, Recruits, Reinforcements; ``cards.third_expansion``), an option of their own as
    # the first expansion's (3.02), with or without Ecaz and the Moritani seated
    ecaz_moritani_cards: bool = field(default=False, metadata=ADDED)
    # 001 4.06: the discovery tokens, put on the board by the Discovery spice cards shuffled
    # into the spice deck with the Great Maker (``variants.discovery_tokens``, ``great_maker``)
    discovery_tokens: bool = field(default=False, metadata=ADDED)
    # 001 4.06.03: "Decide as a group whether to take the duplicate spice blows out of the Spice
    # deck": the ordinary cards of the Discovery cards' six territories left out
    discovery_duplicates_out: bool = field(default=False, metadata=ADDED)
    # 001 3.06-3.09: the Landsraad card packs for games of 9, 10, 11 and 12 or more players,
    # each shuffled into the treachery deck by its option (``card_sets``, ``seat_count``)
    landsraad_9_cards: bool = field(default=False, metadata=ADDED)
    landsraad_10_cards: bool = field(default=False, metadata=ADDED)
    landsraad_11_cards: bool = field(default=False, metadata=ADDED)
    landsraad_12_cards: bool = field(default=False, metadata=ADDED)
    # 001 3.05: the Landsraad Millennial pack (the Butlerian Jihad, ``cards.butlerian_jihad``),
    # "added in a game where players are breaking the great convention": by its own option, in
    # a game of any size (ruling)
    millennial_cards: bool = field(default=False, metadata=ADDED)
    # 001 4.03.04, text B (the revision's draw): after a Nexus, one card revealed for each
    # faction drawing, then shuffled and dealt among them face down (``variants.nexus_cards``)
    nexus_cards_text_b: bool = field(default=False, metadata=ADDED)
    # 001 4.03.07.02-13, text B (the revision's cards): each card played for the named effect
    # printed after its three uses (INTERNAL AUDIT, NATIVE RESILIENCY, SARDAUKAR ON LOAN...),
    # whoever holds it, in place of its Betrayal, Cunning or Secret Ally (``NexusUse.NAMED``)
    nexus_cards_named: bool = field(default=False, metadata=ADDED)
    # 001 2.13: the Free Traders, the Landsraad's homebrew faction, seated (their sheet's
    # ``expansion``, ``Rules.in_play``; ``data/freetraders``)
    free_traders: bool = field(default=False, metadata=ADDED)
    fixed: ClassVar[dict[str, Any]] = {
        **{name: False for name in OPTIONS}, "optional": False, "three_faction_alliances": False}
    # 001 1.13.01: "decide as a group if you are playing Advanced": the factions' advanced
    # abilities (2.xx.01), increased spice flow (1.13.02), the double spice blow (1.13.03),
    # spice dialing (1.13.05) and the factions' Karama powers (1.13.07, 1.14).
    # 001 4.1.13-20: the tournament rules, the Shield Wall Stronghold among them (4.1.13, 4.2).
    # 001 4.02: the Shield Wall Stronghold alone, outside the tournament rules: it sets the
    # classic ``shield_wall_victory`` as the tournament does, so both play it one way.
    groups: ClassVar[dict[str, tuple[str, ...]]] = {
        "advanced": ("advantages", "advanced_collection", "double_blow", "advanced_combat",
                     "karama_powers"),
        "tournament": ("tournament", "shield_wall_victory"),
        "tech_tokens": ("tech_tokens",), "ixians_tleilaxu": ("ixians_tleilaxu",),
        "ixians_tleilaxu_cards": ("ixians_tleilaxu_cards",), "sandtrout": ("sandtrout",),
        "shield_wall_stronghold": ("shield_wall_stronghold", "shield_wall_victory"),
        "cheap_hero_traitor": ("cheap_hero_traitor",), "stronghold_cards": ("stronghold_cards",),
        "leader_skills": ("leader_skills",), "choam_richese": ("choam_richese",),
        "choam_landsraad": ("choam_landsraad",),
        "ixians_text_b": ("ixians_text_b",),
        "richese_revised": ("richese_revised",),
        "ecaz_moritani": ("ecaz_moritani",), "homeworlds": ("homeworlds",),
        "moritani_text_b": ("moritani_text_b",), "ecaz_text_b": ("ecaz_text_b",),
        "nexus_cards": ("nexus_cards",), "ecaz_moritani_cards": ("ecaz_moritani_cards",),
        "discovery_tokens": ("discovery_tokens",),
        "discovery_duplicates_out": ("discovery_duplicates_out",),
        "nexus_cards_text_b": ("nexus_cards_text_b",), "free_traders": ("free_traders",),
        "millennial_cards": ("millennial_cards",),
        "nexus_cards_named": ("nexus_cards_named",),
        **{f"landsraad_{n}_cards": (f"landsraad_{n}_cards",) for n in LANDSRAAD_PACKS}}

    # 001 1.01-1.09: Storm, Spice Blow and Nexus, CHOAM Charity, Bidding, Revival, Shipment
    # and Movement, Battle, Spice Collection, Mentat Pause.
    phases: ClassVar[tuple[str, ...]] = (
        "storm", "spice_blow", "charity", "bidding", "revival", "movement", "battle",
        "collection", "mentat_pause")
    data_layers: ClassVar[tuple[str, ...]] = ("classic", "gf9", "ixians", "choam", "richese",
                                              "ecaz", "moritani", "landsraad",
                                              "freetraders")
    option_layers: ClassVar[dict[str, str]] = {"choam_landsraad": "choam_landsraad",
                                               "homeworlds": "homeworlds",
                                               "discovery_tokens": "discovery",
                                               "moritani_text_b": "moritani_b",
                                               "ecaz_text_b": "ecaz_b"}

    traitor_deck = True                 # 001 setup 12: four dealt from one deck, one kept
    own_leader_as_traitor = True        # 001 setup 12
    storm_cards_on_turn_one = False     # 001 3.01.08, 3.01.24: "After the first game Turn"
    atomics_clear_of_storm = True       # 001 3.01.08: "with no storm between your Sector..."
    storm_kills_where_it_starts = True  # 001 1.01.04
    ally_constraint = True              # 001 1.06.07, 1.10.03.07
    karama_overbid = True               # 001 3.01.12.05
    repositioning = True                # 001 1.06.08
    moves_gather_sectors = True         # 001 1.06.05
    nexus_at_end_of_blow = True         # 001 1.02.06-07
    turn_one_worms_set_aside = True     # 001 1.02.03
    storm_deck = True                   # 001 2.04.14
    charity_with_bidding = False        # 001 1.03: a phase of its own
    hands_declared_before_bidding = True    # 001 1.04.02
    leader_revival_until_all_back = False   # 001 1.05.04: "When a player has no Active Leaders"
    traitor_callers_leader_back_in_pool = True  # 001 1.07.07.07.01
    bribes_in_front_of_shield = True    # 001 1.12.03, 1.09.02
    bribes_between_allies = False       # 001 1.10.03.04, 1.12.02
    charity_below = 2                   # 001 1.03.02: "0 or 1 spice"
    shared_strongholds_count = False    # 001 glossary "Control": no other faction's forces
    first_winner_in_storm_order = True  # 001 1.09.04
    # 001 4.07.15, 4.07.12: every skill of 4.07.15 in the skill deck (a token's ``option``,
    # ``data/gf9/tokens.yaml``), and a faction without a skill drawing two at a leader's revival
    whole_skill_deck = True
    conditional_default_first = True    # 001 1.09.06, 2.04.10.01
    karama_power_once_per_game = True   # 001 1.13.07, 1.14.01
    no_leaders_by_consent = False       # 001 1.07.05.05
    alliance_limit_rule = "001 1.10.02.04"
    karama_cancels_abilities = True     # 001 3.01.12.02-03
    ornithopters_after_shipment = True  # 001 1.06.02, 1.06.05.05
    traitor_winner_keeps_one_time_cards = True  # 001 1.07.07.07.01
    nexus_again_after_break = True      # 001 1.10.01, 1.10.02.06-07
    deals_every_round = True            # 001 1.12.01-06, 1.03.02

    nexus_after_each_pile = True        # 001 1.13.03.02-03 (one pile: the end of the phase)

    @functools.cached_property
    def reshuffle_keeps_first_pile_top(self) -> bool:
        """001 1.13.04, a rule of the advanced game's two piles; with one, every card (001
        setup 6)."""
        return self.double_blow

    @functools.cached_property
    def cheap_hero_required(self) -> bool:
        return not self.tournament      # 001 4.1.17

    @functools.cached_property
    def truthtrance_present_or_past(self) -> bool:
        return self.tournament          # 001 4.1.19

    @functools.cached_property
    def shield_wall_held_beside(self) -> str | None:
        """001 4.02.2: the left side, with the Shield Wall Stronghold (alone or in a
        tournament, whose ``groups`` both set ``shield_wall_victory``)."""
        return "Imperial Basin" if self.shield_wall_victory else None

    def shield_wall_counts(self, worms: int) -> bool:
        """001 4.1.13, 4.02.1: "After the fourth worm (counting all worms, even Karama worms
        summoned by the Fremen)", with the Shield Wall Stronghold (alone or in a tournament)."""
        return self.shield_wall_victory and worms >= GF9_SHIELD_WALL_WORMS


    @functools.cached_property
    def extra_spice_cards(self) -> tuple[str, ...]:
        """001 4.08.02: the Sandtrout, with ``sandtrout`` (``phases/sandtrout``); 001 4.06.02:
        the six Discovery spice cards and the Great Maker, with ``discovery_tokens``
        (``data/gf9/discovery.yaml``; ``variants.great_maker``)."""
        return ((("Sandtrout",) if self.sandtrout else ())
                + ((*(card.id for card in discovery("gf9", "gf9")), GREAT_MAKER)
                   if self.discovery_tokens else ()))

    @functools.cached_property
    def card_sets(self) -> tuple[str, ...]:
        """001 3.02: the first expansion's cards, with ``ixians_tleilaxu_cards``; 001 3.04: the
        third's, with ``ecaz_moritani_cards``; 001 3.05: the Millennial pack, with
        ``millennial_cards``; 001 3.06-3.09: each Landsraad pack with its option
        (``data/landsraad/treachery.yaml``)."""
        return ((("ixians_tleilaxu",) if self.ixians_tleilaxu_cards else ())
                + (("ecaz_moritani",) if self.ecaz_moritani_cards else ()) + self.cache_sets
                + tuple(f"landsraad_{n}" for n in LANDSRAAD_PACKS
                        if getattr(self, f"landsraad_{n}_cards"))
                + (("millennial",) if self.millennial_cards else ()))

    @functools.cached_property
    def mirror_kept_unanswered(self) -> bool:
        """001 2.10.04 (text B): "Mirror Weapon ... You may keep this card if you won and your
        opponent did not play a Weapon" (text A, 3.03.05: discarded after use)."""
        return self.richese_revised

    @functools.cached_property
    def cache_sets(self) -> tuple[str, ...]:
        """001 2.10.04: the sets of the Richese cache with ``choam_richese``, its ten cards
        (text A) or fifteen (text B, ``richese_revised``); they start in the cache's pile."""
        if not self.choam_richese:
            return ()
        return ("richese", "richese_b" if self.richese_revised else "richese_a")

    @functools.cached_property
    def cards_left_out(self) -> tuple[str, ...]:
        """001 4.06.03: the ordinary spice cards the Discovery cards duplicate, with
        ``discovery_tokens`` and ``discovery_duplicates_out``."""
        if not (self.discovery_tokens and self.discovery_duplicates_out):
            return ()
        return tuple(card.territory for card in discovery("gf9", "gf9"))

    @functools.cached_property
    def traitor_cards(self) -> tuple[str, ...]:
        """001 4.09.02: the Cheap Hero traitor, with ``cheap_hero_traitor``
        (``variants/cheap_hero_traitor``)."""
        return (CHEAP_HERO_TRAITOR,) if self.cheap_hero_traitor else ()

    def cite(self, rule: str) -> str:
        """001's section for the classic ``rule`` (``data/gf9/citations.yaml``, each entry
        checked against 001's text); a rule missing there is a ``KeyError``, which
        ``tests/dune/test_gf9_citations.py`` finds in the source first."""
        return citations("gf9")[rule]

    @functools.cached_property
    def seat_count(self) -> tuple[int, int]:
        """001 setup 11 seats six on the board's player circles, but the Landsraad packs are
        for games of 9 to 12 players (001 3.06.01-3.09.01) and the Free Traders make a
        thirteenth faction (001 2.13): as many as the expansions in play bring (``Rules.in_play``,
        ``state.seating``), seated round the board beyond its six dots (``Board.seat_dots``).
        A Landsraad pack "should be added in a game of" its count "or more players": a game with
        its option seats at least that many (ruling)."""
        packs = [n for n in LANDSRAAD_PACKS if getattr(self, f"landsraad_{n}_cards")]
        return (max([2, *packs]), 13)

    def alliance_limit(self, players: int) -> int | None:
        """001 1.10.02.04: "No more than two players may be in an Alliance"."""
        return 2

    def strongholds_to_win(self, players: int, members: int) -> int:
        """001 1.09.03.02-03, 1.10.03.02: three unallied, four for an alliance, whatever the
        number of players."""
        return 3 if members == 1 else 4


@dataclass(frozen=True)
class GF9Version6(GF9):
    """GF9 as rules versions 5 and 6 played it: the leader skill deck of the seven skills
    then built, no draw at a leader's revival (001 4.07.12), so that a game of the option
    ``leader_skills`` dealt then replays as it was played."""

    whole_skill_deck = False


@dataclass(frozen=True)
class GF9Version4(GF9Version6):
    """GF9 as rules version 4 played it, before the rulings an outside review of 001 found
    wrong (issue 32): a game dealt then keeps these answers, and replays as it was played."""

    ornithopters_after_shipment = False
    traitor_winner_keeps_one_time_cards = False
    optional_hero_left_out_at_reveal = False
    nexus_again_after_break = False
    deals_every_round = False


# 003 "Control Points Needed For Victory": players -> the points a lone faction (or player),
# an alliance of two and one of three or more need; None where the table has "-".
CONTROL_POINTS: dict[int, tuple[int, int | None, int | None]] = {
    2: (4, None, None), 3: (4, 5, None), 4: (3, 4, 5)}
# 003 "Diversified Victory", its own chart (Harg Pass a stronghold, Arrakeen and Carthag two).
DIVERSIFIED_POINTS: dict[int, tuple[int, int | None, int | None]] = {
    2: (6, None, None), 3: (6, 7, None), 4: (5, 6, 7)}
# v3 is built on the 1979 rules: its mails cite 000 where 003 is silent, never the WBC's rules.
V3_REFUSED = r"\b004\b|WBC"
# The options of the v3 ruleset: option -> the rule of 003 it plays.
V3_OPTIONS: dict[str, str] = {
    "collection_bonuses": '003 "Collections Bonuses": the Smugglers and Carryall bonus cards',
    "diversified_victory": '003 "Diversified Victory": Harg Pass a stronghold, the cities two',
    "main_leaders": '003 "Main Leaders": a sixth leader of strength ten per faction',
    "harkonnen_karama": '003 house rule "Harkonnen Karama": two cards at most',
    "fremen_combat": '003 house rule "Fremen Combat": supported free off the strongholds',
    "fremen_alliance": '003 house rule "Fremen Alliance": one more free revival for allies',
    "definitive_victory": '003 house rule "Definitive Victory": a winner when nobody won',
    "main_leader_reduction": '003 house rule "Main Leader Power Reduction": strength eight',
    "the_duel": '003 "Expanded Treachery": The Duel\'s cards (D) in the deck',
    "spice_harvest": '003 "Expanded Treachery": Spice Harvest\'s cards (S) in the deck',
    "the_general": '003 "Expanded Treachery": The General\'s cards (G) in the deck',
    "break_imperial_conditioning": '003 "Changed Treachery Cards": the Variant Rules\' card',
    "cone_of_silence": '003 "Expanded Treachery": The Duel\'s Cone of Silence in the deck',
    "residual_poison": '003 "Changed Treachery Cards": the Residual Poison as changed',
    "treachery_left_out": '003 "Expanded Treachery": cards of the sets left out, "in part"',
}
# 003 "Expanded Treachery": the option of each set of cards (``v3/treachery.yaml``: ``sets``).
V3_CARD_SETS: dict[str, str] = {
    "the_duel": "the_duel", "spice_harvest": "spice_harvest", "the_general": "the_general",
    "break_imperial_conditioning": "variant_rules", "cone_of_silence": "cone_of_silence",
    "residual_poison": "residual_poison"}


@dataclass(frozen=True)
class V3(Classic):
    """Dune the Board Game, Version 3.0 (003): the 1979 rules remade, eight rounds a turn with
    the Control round, the storm deck, bonus cards, control points; 2- and 3-player games in
    which a player runs several factions.  003 gives no Almanac: the factions, leaders, cards
    and map are the 1979 data of 000, as the classic ruleset has them, and where neither 003
    nor 000 says, docs/rules-coverage.md ("Dune v3.0") gives the ruling taken.

    The Part II rules "can be used in any combination" (003 "Advanced Rules"): each is an
    option (``advanced`` all of them), and so is each house rule (``house_rules`` all)."""

    ruleset: str = "v3"
    turns: int = 15             # 003 "Sequence of Play": "a maximum limit of fifteen Game Turns"
    collection_bonuses: bool = False
    diversified_victory: bool = False
    main_leaders: bool = False
    harkonnen_karama: bool = False
    fremen_combat: bool = False
    fremen_alliance: bool = False
    definitive_victory: bool = False
    main_leader_reduction: bool = False
    # 003 "Expanded Treachery", "Changed Treachery Cards": sets of cards added to the deck
    the_duel: bool = field(default=False, metadata=ADDED)
    spice_harvest: bool = field(default=False, metadata=ADDED)
    the_general: bool = field(default=False, metadata=ADDED)
    break_imperial_conditioning: bool = field(default=False, metadata=ADDED)
    cone_of_silence: bool = field(default=False, metadata=ADDED)
    residual_poison: bool = field(default=False, metadata=ADDED)
    treachery_left_out: tuple[str, ...] = field(default=(), metadata=ADDED)

    own_options: ClassVar[dict[str, str]] = V3_OPTIONS
    list_options: ClassVar[frozenset[str]] = frozenset({"treachery_left_out"})
    # 003 has no weather markers, increased spice flow (its collection bonuses instead),
    # longer game or Shield Wall victory; alliances of any size (003 "Forming an Alliance").
    fixed: ClassVar[dict[str, Any]] = {
        "weather": False, "no_alliances": False, "more_strongholds": False,
        "shield_wall_victory": False, "spice_flow": False, "advanced_collection": False,
        "three_faction_alliances": False, "optional": False}
    # 003 "Advanced Faction Abilities" (the abilities and Karama powers of the advanced game);
    # "Advanced Combat" (spice supports forces, and two spice blows); the rest one by one.
    groups: ClassVar[dict[str, tuple[str, ...]]] = {
        "advanced_abilities": ("advantages", "karama_powers"),
        "advanced_combat": ("advanced_combat", "double_blow"),
        "advanced": ("advantages", "karama_powers", "advanced_combat", "double_blow",
                     "collection_bonuses", "diversified_victory", "main_leaders"),
        "house_rules": ("harkonnen_karama", "fremen_combat", "fremen_alliance",
                        "definitive_victory", "main_leader_reduction"),
        # 003 "Expanded Treachery": the three sets; not in ``advanced`` (003: "the wrong mix
        # of treachery cards can be detrimental", "cautious experimentation is advised")
        "expanded_treachery": ("the_duel", "spice_harvest", "the_general")}

    # 003 "Sequence of Play": storm, spice blow (with the Nexus), bidding, revival, movement,
    # battle, collection, control.
    phases: ClassVar[tuple[str, ...]] = (
        "storm", "spice_blow", "bidding", "revival", "movement", "battle", "collection",
        "control")
    data_layers: ClassVar[tuple[str, ...]] = ("classic", "v3")
    option_layers: ClassVar[dict[str, str]] = {
        "diversified_victory": "v3_diversified", "fremen_alliance": "v3_fremen_alliance",
        "main_leader_reduction": "v3_main_leader_reduction"}

    # --- set-up (003 "Game Set-Up", "Ability Commentary")
    traitor_deck = True                 # 003 set-up 9: four dealt from the factions in play
    several_factions_per_player = True  # 003 "Playing with two or three"

    @functools.cached_property
    def main_leader_gates(self) -> bool:
        """003 "Main Leaders", an option (strength ten, ``v3/leaders.yaml``; eight with the
        house rule "Main Leader Power Reduction", ``v3_main_leader_reduction``)."""
        return self.main_leaders

    # --- storm (003 "Round 1: Storm")
    first_storm_moves = False           # placed by the dials, nothing lost (ruling)
    storm_deck_unseen = True            # 003 "Moving the Storm: the Rest of the Game"

    @functools.cached_property
    def bonus_cards(self) -> tuple[str, ...]:
        """003 "Claiming Bonus Cards": an Ornithopter and a Harvester to each controller of
        Arrakeen and Carthag; with "Collections Bonuses" a Carryall to each of them and the
        Smugglers to the controller of Tuek's Sietch."""
        basic = ("ornithopter", "harvester")
        return (*basic, "carryall", "smugglers") if self.collection_bonuses else basic

    ornithopters_from_storm_round = True    # the Ornithopter bonus card, at the storm's end
    # (a coexisting Bene Gesserit group flies with it too: ``BeneGesseritV3.coexisting_fly``)

    # --- spice blow and Nexus (003 "Round 2: Spice Blow", "Round 2a: Nexus")
    nexus_on_every_worm = True          # "several Shai Hulud cards ... each resulting in a Nexus"
    turn_one_worms_set_aside = True     # "set aside ... reshuffled back ... at the end"
    reshuffle_keeps_every_pile_top = True   # 003 "Advanced Combat", one spice deck

    # --- bidding (003 "Round 3: Bidding")
    hands_declared_before_bidding = True    # "Players must at this time reveal how many"

    # --- revival (003 "Round 4: Revival")
    leader_revival_until_all_back = False   # "If all five ... one leader per Game Turn"

    # --- battle (003 "Round 6: Battle")
    no_leaders_by_consent = False       # "You must play one leader or Cheap Hero(ine) card"
    corrects_plans_at_reveal = True     # "Battle Resolution": the plan corrected when revealed


    # --- deals and bribes (003 "Bribery and Conspiracy")
    bribes_in_front_of_shield = True    # collected "at the start of the Control Round"

    # --- control (003 "Round 8: Control")
    shared_strongholds_count = False    # "control" (ruling: alone there)
    ranks_by_spice = True               # "Victory by Conquest", "Game End"

    def strongholds_to_win(self, players: int, members: int) -> int | None:
        """003 "Control Points Needed For Victory" (or Diversified Victory's chart): by the
        players in the game and the size of the alliance in players; None where the chart has
        "-" (ruling: such an alliance wins nothing by control points, docs/rules-coverage.md)."""
        chart = DIVERSIFIED_POINTS if self.diversified_victory else CONTROL_POINTS
        return chart[min(max(players, 2), 4)][min(members, 3) - 1]

    @functools.cached_property
    def end_of_play(self) -> str:
        """003 "Game End": "a stalemate, and everyone loses"; with the house rule "Definitive
        Victory" the winner is found by its tie-breaks."""
        return "definitive" if self.definitive_victory else "stalemate"

    @functools.cached_property
    def card_sets(self) -> tuple[str, ...]:
        """003 "Expanded Treachery": the sets of The Duel, Spice Harvest and The General, each
        with its option; "Changed Treachery Cards": the Variant Rules' card."""
        return tuple(found for option, found in V3_CARD_SETS.items() if getattr(self, option))

    @functools.cached_property
    def cards_left_out(self) -> tuple[str, ...]:
        """003 "Expanded Treachery": "some groups will prefer to add only certain cards": the
        names of the sets' cards a game leaves out (``treachery_left_out``)."""
        return self.treachery_left_out

    @classmethod
    def resolve(cls, options: dict[str, Any], version: int | None = None) -> Rules:
        """As every ruleset, and each card ``treachery_left_out`` names is one of the sets the
        game plays."""
        rules = super().resolve(options, version)
        found = load(*(DATA_DIR / layer for layer in rules.layers))     # loaded once
        names = {card.name for card in found.treachery_deck
                 if card.expansion in rules.card_sets}
        wrong = [name for name in rules.cards_left_out if name not in names]
        if wrong:
            raise ValueError(f"option treachery_left_out: {', '.join(wrong)} is no card of the "
                             f"sets in play ({', '.join(sorted(names)) or 'none'})")
        return rules

    def cite(self, rule: str) -> str:
        """003's heading for the classic ``rule`` where 003 states it (``data/v3/citations.yaml``);
        a rule 003 leaves to the Almanac is the 1979 rule v3 is built on, cited as written."""
        return citations("v3", V3_REFUSED).get(rule, rule)


@dataclass(frozen=True)
class V3Version5(V3):
    """v3 as rules version 5 (and 4) played it: its Main Leaders gated only the powers the
    rules then asked through ``factions.has``, not the Voice, battle prescience, the Kwisatz
    Haderach nor the captures (``data/v3_version_5``: those gates as they were)."""

    data_layers: ClassVar[tuple[str, ...]] = ("classic", "v3", "v3_version_5")


SHIELD_WALL_WORMS = 6                   # WBC house rule 4 (000 line 1045): "the 6th worm"
CHEAP_HERO_TRAITOR = "Cheap Hero"       # 001 4.09.02: "a Traitor for the Cheap Hero card"
GREAT_MAKER = "Great Maker"         # 001 4.06.09: the spice card, by its id
GF9_SHIELD_WALL_WORMS = 4               # 001 4.2.1: "After the fourth worm"
RULESETS: dict[str, type[Classic]] = {"classic": Classic, "wbc": WBC, "gf9": GF9, "v3": V3}
EARLIER: dict[str, tuple[tuple[int, type[Classic]], ...]] = {
    "gf9": ((4, GF9Version4), (6, GF9Version6)), "v3": ((5, V3Version5),)}


def ruleset_class(ruleset: str, version: int) -> type[Classic]:
    """The class that plays ``ruleset`` as rules ``version`` did: the ruleset's own, or the
    earlier answers of ``EARLIER`` for a version up to theirs."""
    for until, earlier in EARLIER.get(ruleset, ()):
        if version <= until:
            return earlier
    return RULESETS[ruleset]


@functools.cache
def _rules(items: tuple[tuple[str, Any], ...]) -> Rules:
    """The rules of a ``to_json`` mapping, built once per distinct mapping."""
    settings = dict(items)
    return ruleset_class(settings["ruleset"], settings.get("version", RULES_VERSION))(**settings)


def cite(state: dict[str, Any], rule: str) -> str:
    """How a mail of the game of ``state`` (or a view of it) cites the classic ``rule``."""
    return rules_of(state).cite(rule)


def rules_of(state: dict[str, Any]) -> Rules:
    """The rules a game's state (or view) is played by (built once per ruleset and options;
    the same mapping, which a step asks hundreds of times, answered at once)."""
    data = state["rules"]
    if data is not _last[0]:
        # A copy of the state brings an equal mapping: comparing costs less than the lookup.
        _last[:] = [data, _last[1] if data == _last[0] else Rules.from_json(data)]
    return _last[1]


_last: list[Any] = [None, None]     # the rules mapping last asked and its rules


def make_rules(ruleset: str, options: dict[str, Any], version: int | None = None) -> Rules:
    """Resolve a ruleset and a game file's options, refusing unknown or contradictory ones, as
    rules ``version`` plays them (``RULES_VERSION`` by default).  The option of who commands
    which faction (``pbem.command``) is no rule: the set-up reads it (``players``)."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(RULESETS)}")
    return RULESETS[ruleset].resolve(
        {name: value for name, value in options.items() if name != COMMAND_OPTION}, version)
