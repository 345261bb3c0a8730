"""The scenario file format: its keys as frozen dataclasses, and its head checked.

docs/scenarios.md documents every key: the seats and rules, a ``position`` (the turn and phase,
the storm, forces, spice, each faction's sheet, alliances, the decks, the Kwisatz Haderach,
captured leaders, the battle round), ``orders`` as players write them, step by step, and
``expect``, assertions on the end (refused orders, who sees an event, deck order too).
``pbem.schema.build`` checks a file into these dataclasses (every fault named by its key,
unknown keys are errors); ``_head`` checks the game, the seats, the ruleset and its options.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pbem.schema import SchemaError

from ..rules import RULES_VERSION, RULES_VERSIONS, RULESETS, Rules, make_rules
from ..state import seating


class ScenarioError(SchemaError):
    """A scenario that cannot be run; ``problems`` names every fault by its key."""


# --- the file, as checked dataclasses
@dataclass(frozen=True)
class Prediction:
    """The Bene Gesserit prediction: a faction and a turn."""

    faction: str
    turn: int


@dataclass(frozen=True)
class FactionPosition:
    """One faction's sheet in a position (or in ``expect``); None: not given."""

    spice: int | None = None
    reserve: Any = None
    tanks: Any = None
    hand: tuple[str, ...] | None = None
    traitors: tuple[str, ...] | None = None
    leaders_in_tanks: tuple[str, ...] | None = None
    leaders_face_down: tuple[str, ...] | None = None    # in the tanks face down (001 2.05.11.02)
    leaders_revived: tuple[str, ...] | None = None
    prediction: Prediction | None = None
    karama_power_used: bool | None = None      # once a game in GF9 (001 1.14.01)
    flipped: int | None = None                  # CHOAM's two-sided tokens plain side up (1.14.10)
    face_dancers: tuple[str, ...] | None = None            # the Tleilaxu's (001 2.08.04)
    face_dancers_revealed: tuple[str, ...] | None = None   # revealed since drawn (2.08.07)
    revival_raised: tuple[str, ...] | None = None   # the Tleilaxu's: limits raised (2.08.12)
    leader_prices: dict[str, Any] | None = None     # the Tleilaxu's: leader (or ALL) -> price
    gholas: tuple[str, ...] | None = None           # the Tleilaxu's: others' leaders (2.08.17)
    no_field_lent: str | None = None    # Richese's: the No-Field lent to their ally (2.10.20)
    # Ecaz's: the five Ambassadors drawn into the supply, those of them triggered since
    # (001 2.11.09), by value (the seat of the faction each depicts)
    ambassadors_drawn: tuple[str, ...] | None = None
    ambassadors_triggered: tuple[str, ...] | None = None
    ambassadors_removed: tuple[str, ...] | None = None     # out of the game (2.11.17.03)
    fighter: str | None = None          # Ecaz's: who fights a co-occupied battle (2.11.19)
    # Ecaz's, text B: their Ambassadors face down on the board (2.11.08 B), by mark or name;
    # expected: the territories where they are co-occupied (2.11.07 B)
    face_down: tuple[str, ...] | None = None
    cooccupied: tuple[str, ...] | None = None
    # the Free Traders': the territories where their tokens show the Smugglers' side (2.13.06)
    smugglers: tuple[str, ...] | None = None
    # a Black Market Auction's standing answers (001 2.13.05): the card of the hand auctioned
    # next, and the most paid for a card of a name (or ANY)
    auction: str | None = None
    market: dict[str, int] | None = None


@dataclass(frozen=True)
class StormPosition:
    """The storm: its sector, the two factions at the wheels, their dials, the weather marker."""

    sector: int | None = None
    dialers: tuple[str, ...] | None = None
    dials: dict[str, Any] | None = None
    marker: int | None = None


@dataclass(frozen=True)
class Decks:
    """Cards named top first; the cards of a deck not named follow in the set-up's shuffle."""

    treachery: tuple[str, ...] = ()
    treachery_discard: tuple[str, ...] = ()
    richese_cache: tuple[str, ...] = ()     # 001 2.10.04: the cache beside Richese's shield
    spice: tuple[str, ...] = ()
    spice_discard: tuple[str, ...] = ()
    spice_discard_2: tuple[str, ...] = ()


@dataclass(frozen=True)
class KwisatzHaderach:
    """The Kwisatz Haderach (000 line 762): forces the Atreides lost in battles in the game,
    and whether it was killed (it is then in the tanks)."""

    losses: int | None = None
    tanks: bool | None = None


@dataclass(frozen=True)
class BattleRound:
    """The battle round under way: the leaders who fought, faction -> leader -> territory
    (000 X.C.8), and whether the Kwisatz Haderach was used this turn."""

    fought: dict[str, Any] | None = None
    kwisatz_haderach_used: bool | None = None


@dataclass(frozen=True)
class Refused:
    """An order line that must be refused: the step (1 is ``orders[0]``), the seat, the line
    of its text (every line if not given), the refusal's code and/or a text of its message."""

    step: int
    seat: str
    line: int | None = None
    code: str | None = None
    text: str | None = None

    def covers(self, seat: str, line: int) -> bool:
        """Whether a refusal of ``seat``'s line in this step is the one expected here."""
        return seat == self.seat and self.line in (None, line)


@dataclass(frozen=True)
class EventSeen:
    """An event that must happen: its code, the seats it is shown to (exactly these, or
    ``public``) and values of its data."""

    code: str
    seen_by: Any = None
    data: dict[str, Any] | None = None


@dataclass(frozen=True)
class Position:
    """Where the scenario starts; every key is optional."""

    turn: int | None = None
    phase: str | None = None
    step: dict[str, Any] | None = None
    storm: StormPosition | None = None
    forces: dict[str, Any] | None = None
    spice: dict[str, Any] | None = None
    factions: dict[str, Any] | None = None
    alliances: tuple[tuple[str, ...], ...] | None = None
    worms: int | None = None
    shield_wall: Literal["standing", "destroyed"] | None = None
    decks: Decks | None = None
    coexisting: tuple[str, ...] | None = None
    ornithopters: tuple[str, ...] | None = None
    kwisatz_haderach: KwisatzHaderach | None = None
    captured: tuple[str, ...] | None = None
    battle: BattleRound | None = None
    places: dict[str, str] | None = None           # the board layer's: name -> where it points
    bonus_cards: dict[str, tuple[str, ...]] | None = None     # v3 (003 "Claiming Bonus Cards")
    tokens: dict[str, Any] | None = None        # token name -> where (``values._token_place``)
    # Duke Vidal (001 2.11.17.12): at aside, tanks or a faction; until battle or mentat_pause
    duke_vidal: dict[str, str] | None = None


@dataclass(frozen=True)
class Expect:
    """Assertions checked after the last step; only what is given is checked."""

    turn: int | None = None
    phase: str | None = None
    storm: StormPosition | None = None
    forces: dict[str, Any] | None = None
    spice: dict[str, Any] | None = None
    factions: dict[str, Any] | None = None
    alliances: tuple[tuple[str, ...], ...] | None = None
    worms: int | None = None
    shield_wall: Literal["standing", "destroyed"] | None = None
    winners: tuple[str, ...] | None = None
    victory: str | None = None
    prompts: tuple[str, ...] | None = None
    events: tuple[Any, ...] | None = None        # a code, or an ``EventSeen`` mapping
    no_events: tuple[str, ...] | None = None
    coexisting: tuple[str, ...] | None = None
    decks: Decks | None = None
    places: dict[str, str] | None = None
    kwisatz_haderach: KwisatzHaderach | None = None
    captured: tuple[str, ...] | None = None
    refused: tuple[Refused, ...] | None = None
    bonus_cards: dict[str, tuple[str, ...]] | None = None     # v3: seat -> its bonus cards
    commanders: dict[str, str] | None = None    # v3 of two or three players: who runs what
    ranking: tuple[str, ...] | None = None      # v3: the result's ranking by spice (003)
    out: tuple[str, ...] | None = None          # v3's Main Leaders: the factions out
    tokens: dict[str, Any] | None = None
    duke_vidal: dict[str, str] | None = None


@dataclass(frozen=True)
class Scenario:
    """A scenario file."""

    game: str
    seats: tuple[str, ...]
    title: str | None = None
    ruleset: str = next(iter(RULESETS))
    options: dict[str, Any] = field(default_factory=dict)
    rules_version: int = RULES_VERSION      # a stored game's older rules (``rules.EARLIER``)
    seed: str = "scenario"
    # v3 of two or three players (003 "Playing with two or three"): each allied faction -> the
    # primary faction of its player, as a game file's ``commanded_by``
    commanders: dict[str, str] = field(default_factory=dict)
    position: Position = field(default_factory=Position)
    orders: tuple[dict[str, Any], ...] = ()
    expect: Expect = field(default_factory=Expect)

# --- the head: rules and seats
def _head(scenario: Scenario, problems: list[str]) -> Rules | None:
    """The rules of a scenario whose game, ruleset, options and seats are right, else None."""
    if scenario.game != "dune":
        problems.append(f"game: this file is for {scenario.game!r}, not dune")
    if scenario.ruleset not in RULESETS:
        problems.append(f"ruleset: expected one of {', '.join(RULESETS)}, "
                        f"got {scenario.ruleset!r}")
        return None
    if scenario.rules_version not in RULES_VERSIONS:
        problems.append(f"rules_version: expected one of "
                        f"{', '.join(map(str, RULES_VERSIONS))}, got {scenario.rules_version}")
        return None
    try:
        rules = make_rules(scenario.ruleset, scenario.options, scenario.rules_version)
    except ValueError as error:
        problems.append(f"options: {error}")
        return None
    seated = [f"seats: {problem}" for problem in seating(rules).problems(list(scenario.seats))]
    problems += seated
    return None if seated else rules

