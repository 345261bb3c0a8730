"""The hooks a faction may fill: every default is "this faction has no power here"."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from pbem.game import Event, Prompt

from ..data import Ability
from ..leaders import TANKS
from ..rules import RULES_VERSION, Rules, rules_of
from ..state import State, ally_of, data, sheet

# What a faction pays for, as ``Faction.receives`` and ``factions.payee`` name it.
CARD, SHIPMENT, REVIVAL = "card", "shipment", "revival"


def has(state: State, seat: str, ability: Ability) -> bool:
    """Whether the faction has the advantage in this game: a basic one always, an optional one
    (000 XV) only with ``advantages``, its Karama power (000 XVII) only with
    ``karama_powers`` and, where it is once a game, until used (001 1.14.01), an alliance
    power only while allied (000 XII.C); under v3's Main Leaders none while the faction is out
    of the game, nor one its Main Leader gates while he is in the tanks (003 "Main Leaders",
    ``main_leaders``)."""
    faction, rules = sheet(seat, state), rules_of(state)
    if rules.main_leader_gates and (out(state, seat) or gated(state, seat, ability)):
        return False                    # 003 "Main Leaders": lost while he is in the tanks
    return (ability in faction.abilities
            or (rules.advantages and ability in faction.optional_abilities)
            or (rules.karama_powers and ability is faction.karama_power
                and not state["factions"][seat].get("karama_power_used"))
            or (ability in faction.alliance and bool(ally_of(state, seat))))


def gated(state: State, seat: str, ability: Ability) -> bool:
    """v3: whether the faction has lost the power while its Main Leader is in the tanks (003
    "Main Leaders"; the leader's ``gates``, our ruling)."""
    leader = data(state).main_leader(sheet(seat, state).name)
    return (leader is not None and ability in leader.gates
            and state["factions"][seat]["leaders"].get(leader.name) == TANKS)


def out(state: State, seat: str) -> bool:
    """v3: whether the faction is out of the game, its every leader having been in the tanks
    (003 "Main Leaders", ``main_leaders``)."""
    return seat in state.get("out", ())


def karama_power_used(state: State, seat: str) -> None:
    """The faction has used its special Karama power: once a game in GF9 (001 1.13.07,
    1.14.01), so it has it no more; under AH it may again with another card (000 XVII.B)."""
    if rules_of(state).karama_power_once_per_game:
        state["factions"][seat]["karama_power_used"] = True


def rules_key(game: Any) -> tuple[str, int]:
    """The ruleset's name and rules version of a game (a state, a view or its rules): what
    picks each faction's class (``Faction.answers_for``)."""
    if isinstance(game, Rules):
        return game.ruleset, game.version
    rules = game["rules"]
    return rules["ruleset"], rules.get("version", RULES_VERSION)


def class_for(classes: tuple[type[Faction], ...], game: Any) -> Faction:
    """Of one faction's classes (its own, then those of the rulesets where its powers differ),
    the hooks that answer for a game, for a module of the faction that may not import the
    package (``factions.power`` is the same for everyone else)."""
    return _class_for(classes, *rules_key(game))


@functools.cache
def _class_for(classes: tuple[type[Faction], ...], ruleset: str, version: int) -> Faction:
    return [cls for cls in classes if cls.answers_for(ruleset, version)][-1]()


@dataclass(frozen=True)
class BattleTools:
    """What a power before the plans uses of the layers above the factions, handed to it by
    the phase: a Karama standing ready spent on it (``battle_karama.spend``), and a plan as
    the table sees it revealed (``battle_plan.revealed``)."""

    spend: Callable[[State, dict[str, list[str]], str], tuple[list[Event], bool]]
    revealed: Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class RevivalTerms:
    """What a faction's revival of forces and leaders may be, before what it holds decides:
    its forces a turn (000 IX.B.2: three; None: no limit) and whether it pays half price,
    rounded up (001 2.08.10)."""

    forces: int | None = 3
    half_price: bool = False


class Faction:
    """A faction's powers, as the hooks the phases call (``factions/<faction>.py`` subclasses
    this for each faction and overrides the hooks where its powers apply)."""

    seat: str = ""
    # The rulesets this class answers for, where the faction's powers differ between them
    # (``factions.registry``); none: every ruleset without a class of its own.
    rulesets: ClassVar[tuple[str, ...]] = ()
    # The last rules version this class answers for, where an earlier version of its rulesets
    # ruled its power otherwise (as ``rules.GF9Version4``); None: every version.
    until: ClassVar[int | None] = None
    # Its place in each ordered sequence of hooks, by the hook's name (lowest first; 0 where
    # it has no place): the powers before the plans (``before_plans``) take their turns in
    # the order the rules give them.
    precedence: ClassVar[dict[str, int]] = {}

    @classmethod
    def answers_for(cls, ruleset: str, version: int) -> bool:
        """Whether this class answers for a ruleset as rules ``version`` plays it (of a
        faction's classes, the last that does is the game's: ``factions.registry``)."""
        return ((not cls.rulesets or ruleset in cls.rulesets)
                and (cls.until is None or version <= cls.until))

    # --- its answers to the rules of its powers, where the rulesets differ (each class per
    # ruleset answers its own; the default: the power is not this faction's).  Each cites its
    # rule where the faction's class answers it.
    rides_after_nexus: ClassVar[bool] = False       # its worms ridden after the blow's Nexus
    riders_may_split: ClassVar[bool] = False        # some of its forces ride, the rest stay
    worms_on_sand_only: ClassVar[bool] = False      # its additional worms go to sand only
    karama_worm_in_spice_blow: ClassVar[bool] = False   # its Karama worm is the spice blow's
    also_ships_reserves: ClassVar[bool] = False     # native, it ships reserves at Guild rates
    grants_free_revival_at_discretion: ClassVar[bool] = False   # its ally's free revival
    kwisatz_haderach_per_territory: ClassVar[bool] = False  # its KH's battles: a territory's
    advisor_sides: ClassVar[bool] = False           # its coexisting forces: advisors by a flip
    coexisting_fly: ClassVar[bool] = False          # its coexisting forces use ornithopters
    voice_names_cheap_hero: ClassVar[bool] = False  # its Voice may name a Cheap Hero
    charity_always_from_turn: ClassVar[int] = 2     # its charity advantage's first turn

    def special_kinds_at_start(self, rules: Rules) -> bool:
        """Whether it may place forces of its special kinds among its starting forces: no."""
        return False

    def counts_full_without_spice(self, rules: Rules, ally: bool, territory: str) -> bool:
        """Whether its forces (``ally``: its ally's, in their own battles) count full without
        spice in a battle in ``territory``, in advanced combat: no."""
        return False

    def karama_steal_limit(self, rules: Rules) -> int | None:
        """The most treachery cards its Karama power takes from a hand, or None for the whole
        hand (000 line 886: "any number"; player aid B.6.A.1, line 964: "up to the entire
        hand")."""
        return None

    def default_bars_spare_ally(self, rules: Rules) -> bool:
        """Whether the factions its default victory bars leave out its own ally: no."""
        return False

    def upgrade(self, state: State) -> None:
        """Move what earlier code kept of this faction at the state's top level into its
        sheet (a stored game loads in today's shape); nothing by default."""

    # --- the hook of decisions

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """Its own decisions open now in the phase (``phase``: the state's, as
        ``games/dune/turn.py`` names it: ``"setup"``, ``"storm"``...), which the phase asks
        of every faction in play beside its own (``factions.decisions``): none by default."""
        return []

    def decision_keys(self, state: State, phase: str) -> list[str]:
        """The keys of ``decisions``, in their order (a phase's ``keys``): by default worked
        out from them; a faction whose decisions' text costs overrides it."""
        return [prompt.key for prompt in self.decisions(state, phase)]

    def decide(self, state: State, phase: str, kind: str, value: Any, rng: random.Random
               ) -> list[Event]:
        """Carry out one of its ``decisions`` of the phase (``kind``: its key's)."""
        raise AssertionError(f"{self.seat} has no {kind} decision in {phase}")

    # --- hooks of set-up

    def own_sheet(self) -> dict[str, Any]:
        """What this faction's sheet keeps at set-up beyond every faction's entries (the state
        of its own powers); nothing by default."""
        return {}

    def start_placement(self) -> str:
        """When the faction's starting forces go on the board (000 III.E.4): ``"fixed"``, at
        once where its sheet puts them; ``"chosen"``, spread by its own decision over its
        sheet's territories in the first set-up round; ``"last"``, its sheet's token placed
        after that round (WBC III), anywhere with ``Ability.START_ANYWHERE`` (000 XV.B.1)."""
        return "fixed"

    def holds_starting_cards(self, state: State) -> bool:
        """Whether the starting treachery cards wait for this faction's decision in the first
        set-up round (001 2.07.04 POCKET CARDS): no."""
        return False

    def placed_last(self, state: State, territory: str) -> list[Event]:
        """Its token placed last at set-up (``start_placement`` ``"last"``) has landed in the
        territory: what its power does then; nothing by default."""
        return []

    def after_traitors(self, state: State, rng: random.Random) -> list[Event]:
        """Every faction has its traitors (000 III.E.2; 001 setup 12): what its power draws
        then; nothing."""
        return []

    # --- hooks of the storm and the spice blow

    def draws_weather(self) -> bool:
        """Whether the faction draws the weather markers that move the storm with option XVI
        (000 XVI.B-C); without such a faction in play the dials stay in use (XVI.D)."""
        return False

    # --- hooks of bidding

    def stock(self, state: State) -> int:
        """The cards more than the auction's that the faction draws and looks at before the
        row is laid out, choosing one to leave it (001 2.07.08 SUPPLY CHAIN) among its
        ``decisions`` of the bidding while the step's ``stock`` is its seat: none."""
        return 0

    def before_cards_up(self, state: State, count: int) -> list[Event]:
        """What its power does to the row's next ``count`` cards before anyone sees them or
        bids (001 2.07.23 TECHNOLOGY): nothing."""
        return []

    def cards_dealt(self, state: State, rng: random.Random) -> list[Event]:
        """The row of cards for auction is dealt (``state["step"]["row"]``, 000 VIII.A): what
        its power does with the auction's cards then (a card of its own put in, one taken
        out); nothing."""
        return []

    # --- hooks of payments

    def receives(self, state: State, payment: str, payer: str) -> bool:
        """Whether ``payer``'s spice for a ``payment`` (``CARD``, ``SHIPMENT``, ``REVIVAL``)
        goes to this faction rather than the bank: no."""
        return False

    # --- hooks of revival

    def revival_terms(self, state: State, seat: str, terms: RevivalTerms) -> RevivalTerms:
        """The terms of ``seat``'s revival as this faction's power changes them (every faction
        in play is asked, in the order of the hook ``revival``): as they are."""
        return terms

    def revived(self, state: State, seat: str, free: bool, card: bool) -> list[Event]:
        """``seat`` has revived (``free``: taking free revival; ``card``: by a card that
        revives): what this faction's power does then; nothing."""
        return []

    # --- hooks of shipment and movement

    def movement(self, state: State, base: int, forces: dict[str, int] | None) -> int:
        """The territories a group of these ``forces`` of the faction enters (None: not
        known), its sheet's ``base`` without ornithopters: the sheet's."""
        return base

    def admits_ally(self, state: State) -> bool:
        """Whether, alone in a territory, the faction lets its ally enter it, which XII.E.5
        (line 467) forbids: no."""
        return False

    def declares_with_moves(self) -> bool:
        """Whether the faction's moves may end with ``COEXIST`` or ``FIGHT`` (000 XV.B.5): no."""
        return False

    def coexisting(self, state: State) -> list[str]:
        """The territories where its forces coexist, "as if they are not even on the board"
        (000 XV.B.4): none."""
        return []

    def movement_opening(self, state: State) -> bool:
        """Whether its power's ``decisions`` of the movement round come before anyone moves:
        no."""
        return False

    def movement_begins(self, state: State) -> list[Event]:
        """What its power does as a sequential movement round opens with no decision first:
        nothing."""
        return []

    def arrived(self, state: State, mover: str, territory: str, wish: bool | None, count: int,
                source: str | None) -> list[Event]:
        """``count`` forces of ``mover`` have arrived in ``territory``, shipped (``source``
        None) or moved from ``source`` (``wish``: the mover's ``COEXIST`` or ``FIGHT``): what
        its power does then; nothing."""
        return []

    def shipped_from_reserve(self, state: State, shipper: str, territory: str, sector: int
                             ) -> list[Event]:
        """Another faction shipped from its reserve (not natives' shipment) into the
        territory: what its power does then; nothing."""
        return []

    # --- hooks of battle

    def before_battles(self, state: State) -> list[Event]:
        """What its power does as the battle round opens, before the battles are found: nothing
        by default."""
        return []

    def before_plans_decision(self, state: State, battle: dict[str, Any]
                              ) -> tuple[Prompt, str] | None:
        """The decision its power asks in a battle's first mail round, before the plans are
        revealed, with the faction that decision is against (the battle's name for orders
        sent ahead): none."""
        return None

    def before_plans_key(self, state: State, battle: dict[str, Any]) -> str | None:
        """The key of ``before_plans_decision``, without writing its text: none."""
        return None

    def before_plans(self, state: State, orders: dict[str, Any], wanted: dict[str, list[str]],
                     tools: BattleTools) -> list[Event]:
        """Its step before the plans take effect (``orders``: the round's decisions by key;
        ``wanted``: the Karamas standing ready, by seat): nothing."""
        return []

    def after_plans(self, state: State, wanted: dict[str, list[str]], replan: set[str],
                    tools: BattleTools) -> list[Event]:
        """Its step once the first round's plans are in, before the Karamas on the
        advantages; a side that must plan again is added to ``replan``: nothing."""
        return []

    def at_reveal(self, state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
        """What its power announces when the plans are revealed: nothing."""
        return []

    def may_add_kwisatz_haderach(self, record: dict[str, Any]) -> bool:
        """Whether the Kwisatz Haderach of this record may fight with its leader (000 line
        762): it has none."""
        return False

    def captives(self, state: State) -> list[str]:
        """Other factions' leaders it may play as its own (000 line 884): none."""
        return []

    def traitors_for(self, state: State, seat: str) -> dict[str, str]:
        """The leaders its power puts in ``seat``'s pay beside ``seat``'s own traitors, each
        with the faction that holds him: none."""
        return {}

    def captive_killed(self, state: State, name: str) -> str | None:
        """A leader it played is killed in battle: the owner whose tanks he goes to when he
        is another's (000 line 884), else None."""
        return None

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """What its power does once a battle's outcome is applied: nothing."""
        return []

    def after_losses(self, state: State, territory: str, sectors: list[int],
                     taken: dict[str, dict[str, int]]) -> list[Event]:
        """What its power does once a battle's forces are lost (``taken``: each side's, per
        kind; ``sectors``: the battle's part of the territory, all of it if empty): nothing."""
        return []

    def battle_losses(self, state: State, lost: dict[str, int]) -> list[Event]:
        """The forces each faction lost in a battle, as its power counts them: not at all."""
        return []

    # --- hooks of collection, alliances and victory

    def after_collection(self, state: State) -> list[Event]:
        """What its power collects once the territories' spice is collected: nothing."""
        return []

    def default_victory_precedence(self) -> int | None:
        """The faction's place among the default victories at the end of play, lowest first
        (Q&A XXV.E.3, 000 line 700), or None without one (its sheet's ``default_victory``
        says what it needs)."""
        return None

    def drop_out(self, state: State) -> list[Event]:
        """Clear what the faction alone keeps in the state when it drops out (004 line 193);
        the events of that."""
        return []

    # --- hooks of the invariants

    def violations(self, state: State) -> list[str]:
        """The invariants of its own state that the state breaks: none to check."""
        return []

    # --- hooks of the views and reports

    def coexisting_in_view(self, view: dict[str, Any]) -> list[str]:
        """The territories where the faction's forces coexist, "as if they are not even on
        the board" (000 XV.B.4), as the public view shows them; none by default."""
        return []

    def behind_shield(self, state: State) -> dict[str, Any]:
        """What the faction alone sees behind its shield beyond what every faction sees of its
        own sheet (000 XIII.A-B); nothing by default."""
        return {}
