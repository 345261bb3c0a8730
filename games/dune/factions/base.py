"""The hooks a faction may fill: every default is "this faction has no power here"."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from pbem.game import Event, Prompt

from ..codes import EventCode
from ..data import Ability, NexusUse
from ..discard_pile import discard
from ..leaders import TANKS
from ..prompt_key import PromptKey
from ..rules import RULES_VERSION, Rules, rules_of
from ..state import State, ally_of, data, sheet
from . import duke_vidal, nexus_ghola

# What a faction pays for, as ``Faction.receives`` and ``factions.payee`` name it.
CARD, SHIPMENT, REVIVAL = "card", "shipment", "revival"
# What a Nexus card's line names (``NexusPlay.names``, ``Faction.nexus_played``'s ``target``):
# a faction, a territory, or one of a use's words (``words``: "SUPPLY CHAIN|TECHNOLOGY", the
# first the default)
FACTION, TERRITORY, CARD = "faction", "territory", "card"
HAND_CARD = "card of your hand"     # ``NexusPlay.names``: a card of the holder's hand, if any
TANKS_LEADER = "leader"             # ``NexusPlay.names``: a leader in the tanks


def words(names: str) -> tuple[str, ...]:
    """The words a Nexus card's line may name where its use offers a choice of them, the
    first taken when none is named (``NexusPlay.names``); none for a faction or territory."""
    return tuple(names.split("|")) if "|" in names else ()
# A sheet's (and its public view's) powers of another faction lent by a Nexus card played
# (001 4.03.07), which ``has`` answers for (``variants.nexus_cards.lend``).
LENT = "nexus_lent"
# A sheet's (and its public view's) own powers a Nexus card's Betrayal withholds from it, each
# with the phase at whose end it is given back (001 4.03.07.08: ``variants.nexus_cards.lend``).
WITHHELD = "nexus_withheld"
# A battle's powers a Nexus card's Betrayal stops in it (001 4.03.07.02-03: ``stop``).
STOPPED = "nexus_stopped"
# A battle's powers a Nexus card's Secret Ally lends in it, by the faction whose power it is:
# the holder who has it there (001 4.03.07.02-03: ``lend_in_battle``).
BORROWED = "nexus_borrowed"


def lend_in_battle(battle: dict[str, Any], faction: str, holder: str) -> None:
    """``faction``'s battle power ``holder``'s in this battle (``borrower``, ``lenders``)."""
    battle.setdefault(BORROWED, {})[faction] = holder


def borrower(battle: dict[str, Any], faction: str) -> str | None:
    """Who has ``faction``'s battle power in this battle by a Nexus card, if anyone (a
    state's battle or a view's)."""
    return battle.get(BORROWED, {}).get(faction)


def lenders(battle: dict[str, Any]) -> list[str]:
    """The factions whose battle powers a Nexus card lends in this battle, seated or not."""
    return sorted(battle.get(BORROWED, ()))


# A battle's forces counted as another kind by a Nexus card's Cunning, by seat: how many and
# what each is worth (001 4.03.07.04: ``loan``).
LOANED = "nexus_loaned"


def loan(battle: dict[str, Any], seat: str, count: int, worth: int | float) -> None:
    """``count`` of ``seat``'s plain forces in this battle worth ``worth`` each, in the battle
    and in its losses (``loaned``; 001 4.03.07.04, the Emperor card's Cunning)."""
    battle.setdefault(LOANED, {})[seat] = {"count": count, "worth": worth}


def loaned(battle: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """The forces of ``seat`` a Nexus card counts as another kind in this battle, if any (a
    state's battle or a view's)."""
    return battle.get(LOANED, {}).get(seat)


# Powers a Betrayal withholds that are no ``Ability`` of their own (``withheld``): the Fremen's
# ride of the worm and their movement of two territories (001 2.04.07, 2.04.09, 4.03.07.05).
BEAST_OF_BURDEN, MOVEMENT = "beast_of_burden", "movement"


def lent(game: Any, seat: str, power: str) -> bool:
    """Whether a Nexus card lends ``power`` to the faction now (``LENT``; a state's or a
    view's)."""
    return power in game["factions"][seat].get(LENT, ())


def withheld(game: Any, seat: str, power: str) -> bool:
    """Whether a Nexus card's Betrayal withholds ``power`` from the faction now (``WITHHELD``;
    a state's or a view's)."""
    return power in game["factions"][seat].get(WITHHELD, ())


def stop(battle: dict[str, Any], power: str) -> None:
    """A faction's power stopped in this battle by a Nexus card's Betrayal (``stopped``)."""
    battle.setdefault(STOPPED, []).append(power)


def stopped(battle: dict[str, Any], power: str) -> bool:
    """Whether a Betrayal stopped ``power`` in this battle (a state's or a view's)."""
    return power in battle.get(STOPPED, ())


class NexusPlay(NamedTuple):
    """One use of a faction's Nexus card played by mail (``Faction.nexus_uses``): what it
    does, in our words, with its section; what its line names (``FACTION``, ``TERRITORY``, a
    choice of ``words``, or
    nothing); the rounds it may be played in (none: any); the moment a use with no mail round
    of its own is carried out at (a phase's end, ``variants.nexus_cards.WORM`` or
    ``LOST_BATTLE``), the card set for it when played in any round but ``phases`` (none: at
    once)."""

    text: str
    names: str = ""
    phases: tuple[str, ...] = ()
    at: str = ""


def has(game: Any, seat: str, ability: Ability) -> bool:
    """Whether the faction has the advantage in this game (a state, or a seat's view of it,
    which shows a once-a-game Karama power used to its own seat only): a basic one always, an
    optional one (000 XV) only with ``advantages``, its Karama power (000 XVII) only with
    ``karama_powers`` and, where it is once a game, until used (001 1.14.01), an alliance
    power only while allied (000 XII.C); under v3's Main Leaders none while the faction is out
    of the game, nor one its Main Leader gates while he is in the tanks (003 "Main Leaders",
    ``main_leaders``); another faction's power a Nexus card lends it for a time, or one of its
    own a Nexus card's Betrayal withholds (001 4.03.07, ``LENT``, ``WITHHELD``:
    ``variants.nexus_cards.lend``).  Every power the rules ask of a faction is asked
    here, so that the one rule of the gates reaches each."""
    rules = game["rules"]
    if rules is not _HELD[0]:
        # A copy of the state brings an equal mapping: comparing costs less than ``rules_of``.
        _HELD[:] = [rules, _HELD[1] if rules == _HELD[0] else {}]
    held, karama, alliance, gates = _HELD[1].get(seat) or _held(rules_of(game), seat)
    own = game["factions"][seat]
    if not (ability in held                         # asked first: most answers are no
            or (ability is karama and not own.get("karama_power_used"))
            or (ability in alliance and bool(ally_of(game, seat)))
            or ability in own.get(LENT, ())):       # 001 4.03.07: by a Nexus card played
        return False
    if gates and (out(game, seat) or gated(game, seat, ability)):
        return False                    # 003 "Main Leaders": lost while he is in the tanks
    return ability not in own.get(WITHHELD, ())     # 001 4.03.07: by a Nexus card's Betrayal


def _held(rules: Rules, seat: str) -> tuple[frozenset[Ability], Ability | None,
                                             frozenset[Ability], bool]:
    """What ``has`` reads of a faction's sheet and the rules, kept for the rules last asked
    (``_HELD``): the advantages it has always (its basic ones, its optional ones with
    ``advantages``), its Karama power (with ``karama_powers``), its alliance powers and
    whether a Main Leader gates them (``main_leader_gates``)."""
    faction = sheet(seat, rules)
    found = _HELD[1][seat] = (
        faction.abilities | (faction.optional_abilities if rules.advantages else frozenset()),
        faction.karama_power if rules.karama_powers else None, faction.alliance,
        rules.main_leader_gates)
    return found


_HELD: list[Any] = [None, {}]       # the rules mapping last asked, and seat -> ``_held``


def gated(game: Any, seat: str, ability: Ability) -> bool:
    """v3: whether the faction has lost the power while its Main Leader is in the tanks (003
    "Main Leaders"; the leader's ``gates``, our ruling), in a state or a view (the tanks'
    leaders are public)."""
    leader = data(game).main_leader(sheet(seat, game).name)
    return leader is not None and ability in leader.gates and _in_tanks(game, seat, leader.name)


def _in_tanks(game: Any, seat: str, name: str) -> bool:
    """Whether the faction's leader is in the tanks: a state's sheet has every leader's place,
    a view's public part those in the tanks."""
    own = game["factions"][seat]
    if "leaders" in own:
        return own["leaders"].get(name) == TANKS
    return name in own.get("leaders_in_tanks", ())


def out(game: Any, seat: str) -> bool:
    """v3: whether the faction is out of the game, its every leader having been in the tanks
    (003 "Main Leaders", ``main_leaders``), in a state or a view."""
    return seat in game.get("out", ())


def playing(game: Any, seats: list[str]) -> list[str]:
    """Of ``seats``, in their order, the factions still in the game (``out``)."""
    gone = game.get("out")
    return [seat for seat in seats if seat not in gone] if gone else list(seats)


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


def answers(seat: str, game: Any) -> Faction:
    """The hooks of a seat's faction in a game (a state, a view or its rules), for a module of
    the faction that may not import the package (``factions.power`` is the same): ``hooks``."""
    return hooks(seat, *rules_key(game))


def riding(seat: str, asked: list[Prompt] | list[str]) -> bool:
    """Whether ``seat`` is asked anything in the mail round (``asked``: its prompts or their
    keys), so that its standing words ride on it (``Faction.standing_prompts``)."""
    return any((PromptKey.parse(p).seat if isinstance(p, str) else p.seat) == seat
               for p in asked)


def hand_limit(game: Any, seat: str) -> int:
    """``seat``'s hand limit in a game (a state or a view): ``hand_limits``."""
    return hand_limits(game)[seat]


def card_given(state: State, seat: str, card: str, rng: random.Random, rule: str
               ) -> list[Event]:
    """A treachery card put in ``seat``'s hand by a card's ``rule`` (its section), a full hand
    first discarding a card at random, public as any discard (the choice would cost every
    other seat a mail round; as the Moritani's full hands, 001 2.12.14.03)."""
    hand = state["factions"][seat]["hand"]
    events = []
    if len(hand) >= hand_limit(state, seat):            # "must discard a card if ... full"
        dropped = hand.pop(rng.randrange(len(hand)))
        discard(state, seat, dropped)
        events.append(Event(EventCode.HAND_LIMIT_DISCARD, {"faction": seat, "card": dropped,
                                                           "rule": rule}))
    hand.append(card)
    return events


def hand_limits(game: Any) -> dict[str, int]:
    """Each seat's hand limit in a game (a state or a view): its sheet's, less what the powers
    cut from it (``Faction.hand_limit_cut``: the Moritani's Atomics, 001 2.12.14.03).  Read it,
    never change it (the sheets' limits are kept for the rules and seats last asked)."""
    rules, seats = rules_of(game), game["seats"]
    if rules is not _CUT[0] or (seats is not _CUT[1] and seats != _CUT[1]):
        # A copy of the state brings equal seats (never changed in place): compared once.
        _CUT[:] = [rules, seats, _cutters(rules.ruleset, rules.version, tuple(seats)),
                   {seat: sheet(seat, rules).hand_limit for seat in seats}]
    cutters, limits = _CUT[2], _CUT[3]
    if not cutters:
        return limits
    return {seat: limit - sum(faction.hand_limit_cut(game, seat) for faction in cutters)
            for seat, limit in limits.items()}


# The rules and seats last asked, their ``_cutters`` and seat -> its sheet's hand limit.
_CUT: list[Any] = [None, None, (), {}]


@functools.cache
def _cutters(ruleset: str, version: int, seats: tuple[str, ...]) -> tuple[Faction, ...]:
    """The factions of these seats whose power cuts hand limits."""
    found = (hooks(seat, ruleset, version) for seat in seats)
    return tuple(f for f in found if type(f).hand_limit_cut is not Faction.hand_limit_cut)


@functools.cache
def hooks(seat: str, ruleset: str, version: int) -> Faction:
    """The hooks of a seat's faction in a ruleset as rules ``version`` plays it: of its classes
    (``DEFINED``), the last that answers for them (``Faction.answers_for``), or none of its own
    where it has no class (a faction the data has but no module: every hook's default)."""
    found = [cls for cls in DEFINED.get(seat, ()) if cls.answers_for(ruleset, version)]
    if found:
        return found[-1]()
    plain = Faction()
    plain.seat = seat
    return plain


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
    its forces a turn (000 IX.B.2: three; None: no limit), whether it pays half price,
    rounded up (001 2.08.10), the prices another faction has set on its leaders in the
    tanks, for which it may revive them whatever the rules of leader revival (001 2.08.14),
    and its leaders revived a turn (000 IX.D.1: one)."""

    forces: int | None = 3
    half_price: bool = False
    offers: tuple[tuple[str, int], ...] = ()
    leaders: int = 1            # leaders revived for spice a turn (000 IX.D.1)
    any_leader: bool = False    # any of its leaders in the tanks, whatever 1.05.04-05 (2.08.09)
    no_free: bool = False       # its free revival prevented this turn (001 2.09.08 (A) La La La)
    force_price: int | None = None  # each force revived for spice costs this (001 4.03.07.09)


@dataclass(frozen=True)
class Offer:
    """A card a faction's power puts up for auction beside the row (issue 29, seam 5: the
    auction's kinds and card sources): the ``seller`` whose card it is, the ``card``, the
    ``kind`` of auction (``SILENT``, sealed bids revealed at once; ``ONCE_AROUND``, each bidder
    one bid in turn from ``first``, who starts, round the table ``way`` ``right``, in storm
    order, or ``left``, against it), ``when`` it is sold (``first``: before the row, ``last``:
    after it) and whether its price goes to the seller (``to_seller``; when the seller buys it,
    to the faction paid for cards, 001 2.10.08).  A ``hidden`` offer (the Black Market's, 001
    2.10.22-24) is a card of the seller's hand sold face down, ``NORMAL`` (the row's proxy
    auction, in storm order) among its kinds: its name is told to nobody but the seller, the
    buyer and the prescient, only the name the seller ``announced`` (true or not); bought by
    the seller, its price is the seller's (2.10.08), and unsold it stays in the seller's
    hand."""

    seller: str
    card: str
    kind: str
    when: str
    way: str = "right"
    to_seller: bool = True
    hidden: bool = False
    announced: str | None = None

    def to_json(self) -> dict[str, Any]:
        found = {"seller": self.seller, "card": self.card, "kind": self.kind, "when": self.when,
                 "way": self.way, "to_seller": self.to_seller}
        if self.hidden:
            found.update(hidden=True, announced=self.announced)
        return found


SILENT, ONCE_AROUND, NORMAL = "silent", "once-around", "normal"   # an ``Offer``'s auctions
FIRST, LAST = "first", "last"                       # when it is sold


# Each faction's classes by seat, as its modules define them: its own, then those of the
# rulesets and rules versions where its powers differ (``Faction.__init_subclass__``).
DEFINED: dict[str, list[type[Faction]]] = {}


class Faction:
    """A faction's powers, as the hooks the phases call (``factions/<faction>.py`` subclasses
    this for each faction and overrides the hooks where its powers apply)."""

    seat: str = ""
    # The kinds of the decisions its powers open (``decisions``), which it carries out
    # whoever decides (``factions.decide``).
    decision_kinds: ClassVar[frozenset[str]] = frozenset()
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
    # The uses of its Nexus card that are played by mail (001 4.03.06-07), by use
    # (``data.NexusUse``), carried out by ``nexus_played``; a use not
    # listed is not played by mail (docs/rules-coverage.md, "001 GF9 variants: Nexus cards").
    nexus_uses: ClassVar[dict[NexusUse, NexusPlay]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each faction's class is listed under its seat, in the order defined (``hooks``)."""
        super().__init_subclass__(**kwargs)
        DEFINED.setdefault(cls.seat, []).append(cls)

    @classmethod
    def answers_for(cls, ruleset: str, version: int) -> bool:
        """Whether this class answers for a ruleset as rules ``version`` plays it (of a
        faction's classes, the last that does is the game's: ``hooks``)."""
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
    ships_coexisting: ClassVar[bool] = False        # ships coexisting forces (Smugglers)
    coexisting_mark: ClassVar[str] = "adv"          # its coexisting chips on the map
    voice_names_cheap_hero: ClassVar[bool] = False  # its Voice may name a Cheap Hero
    voice_names_special_cards: ClassVar[bool] = False   # ... and the 3.02 cards by name
    alliance_and_karama_by_mail: ClassVar[bool] = False     # the HMS's Karama, the redraw
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

    # --- hooks of any phase: standing decisions that ride on a mail round, the phase's end

    def standing_prompts(self, state: State, asked: list[Prompt]) -> list[Prompt]:
        """Its optional decisions riding on a mail round in which it is ``asked`` something
        (a standing order carried out at its moment, 001 2.09.07's "at the end of any Phase"):
        none.  Optional, so nobody waits for them and nobody else learns of them."""
        return []

    def standing_keys(self, state: State, asked: list[str]) -> list[str]:
        """The keys of ``standing_prompts``, from the keys of the other decisions."""
        return []

    def standing_decision(self, state: State, key: str, value: Any) -> list[Event]:
        """Carry out one of its ``standing_prompts``' decisions; it has none by default."""
        raise AssertionError(f"{self.seat} has no {key} decision")

    def phase_ends(self, state: State) -> list[Event]:
        """What its power does at the end of a phase of the turn (001 2.09.07): nothing."""
        return []

    def allied(self, state: State, alliance: list[str]) -> list[Event]:
        """What its power does when an alliance has just been formed (in a Nexus, or by a
        power: 001 2.12.16): nothing."""
        return []

    def alliance_ended(self, state: State, alliance: list[str]) -> list[Event]:
        """What its power does when an alliance has just ended (in a Nexus, by the Sandtrout
        or by a power): nothing."""
        return []

    def nexus_targets(self, state: State, use: NexusUse, holder: str) -> list[str]:
        """What ``holder``'s line for ``use`` of its Nexus card may name with effect (for the
        bots): the other factions, where the use names a faction; the cards of its hand, where
        a card of it; else none."""
        if self.nexus_uses[use].names == FACTION:
            return [seat for seat in state["seats"] if seat != holder]
        if self.nexus_uses[use].names == HAND_CARD:
            return list(state["factions"][holder]["hand"])
        return list(words(self.nexus_uses[use].names))

    def nexus_moment(self, use: NexusUse, target: str | None) -> str:
        """The moment ``use`` of its Nexus card, played naming ``target``, is set for
        (``NexusPlay.at``): by default the use's one."""
        return self.nexus_uses[use].at

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """Its Nexus card played by ``holder`` for ``use`` (one of ``nexus_uses``; ``target``:
        the faction or territory its line names) in the round under way: what follows, or None
        where it cannot be now (the card stays held)."""
        return None

    # --- the hook of decisions

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """The decisions its powers open now in the phase (``phase``: the state's, as
        ``games/dune/turn.py`` names it: ``"setup"``, ``"storm"``...), which the phase asks
        of every faction in play beside its own (``factions.decisions``), its own or its
        ally's by its power; each kind of decision is one faction's (``decision_kinds``):
        none by default."""
        return []

    def decision_keys(self, state: State, phase: str) -> list[str]:
        """The keys of ``decisions``, in their order (a phase's ``keys``): by default worked
        out from them; a faction whose decisions' text costs overrides it."""
        return [prompt.key for prompt in self.decisions(state, phase)]

    def decide(self, state: State, phase: str, key: PromptKey, value: Any, rng: random.Random
               ) -> list[Event]:
        """Carry out one of its ``decisions`` of the phase (``key``: its key, whose seat may be
        another's, an ally deciding by this faction's power)."""
        raise AssertionError(f"{self.seat} has no {key} decision in {phase}")

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

    def storm_shelter(self, state: State, seat: str, territory: str) -> list[Event]:
        """The storm would kill ``seat``'s forces in ``territory``: the events of its power
        sparing them (non-empty: none lost there); nothing."""
        return []

    def exposed(self, state: State, places: dict[str, list[int]], why: str) -> list[Event]:
        """The storm (``why``: ``storm``) or a worm (``worm``) reaches these places (territory ->
        sectors) before its losses: what its hidden pieces there do (001 2.10.15: a No-Field
        revealed); nothing."""
        return []

    def traitors_set_aside(self, state: State, pool: list[str], rng: random.Random
                           ) -> list[str]:
        """The cards of the traitor ``pool`` it sets aside before anyone draws, never to be
        drawn (001 2.11.26 LOYALTY); none."""
        return []

    def draws_traitors(self, state: State, rng: random.Random) -> list[str] | None:
        """The traitor cards it draws at set-up from a pile of its own power (the Moritani's
        Bounty Board, 001 2.12.05 B), or None: from the traitor deck, as every faction."""
        return None

    def swept(self, state: State, places: dict[str, list[int]], why: str) -> list[Event]:
        """The storm (``why``: ``storm``) or a lasgun and shield's explosion (``explosion``)
        takes what lies in these places (territory -> sectors), where forces die: what befalls
        its tokens there (001 2.11.10: an Ambassador back to the supply); nothing."""
        return []

    def draws_weather(self) -> bool:
        """Whether the faction draws the weather markers that move the storm with option XVI
        (000 XVI.B-C); without such a faction in play the dials stay in use (XVI.D)."""
        return False

    # --- hooks of CHOAM Charity

    def charity_begins(self, state: State) -> list[Event]:
        """What its power collects before anyone collects charity (001 2.09.05): nothing."""
        return []

    def pays_charity(self, state: State, seat: str) -> bool:
        """Whether ``seat``'s charity is paid from this faction's spice rather than the bank
        (001 2.09.05): no."""
        return False

    def charity_amount(self, state: State, seat: str, amount: int) -> int:
        """The charity ``seat`` collects as this faction's power changes it (every faction in
        play is asked; 001 2.09.11-12's Inflation token): as it is."""
        return amount

    def charity_ends(self, state: State) -> list[Event]:
        """What its power does as the charity has been collected (001 2.09.15): nothing."""
        return []

    # --- hooks of deals

    def bars_bribes(self, state: State) -> str:
        """Why no bribe may be made now by this faction's power (001 2.09.14), or "" (none)."""
        return ""

    # --- hooks of bidding

    def stock(self, state: State) -> int:
        """The cards more than the auction's that the faction draws and looks at before the
        row is laid out, choosing one to leave it (001 2.07.08 SUPPLY CHAIN) among its
        ``decisions`` of the bidding while the step's ``stock`` is its seat: none."""
        return 0

    def offers(self, state: State) -> bool:
        """Whether it puts a card of its own up for auction this bidding round (``Offer``: the
        Richese cache, 001 2.10.06), deciding it among its ``decisions`` of the bidding while
        the step's ``offering`` is its seat, the card offered then put in the step's ``offer``
        (``Offer.to_json``), a hidden card of its hand in its ``market`` (the Black Market,
        2.10.22-24, sold before the deal): no."""
        return False

    def offer_unsold(self, state: State, offer: Offer) -> list[Event]:
        """Nobody bought its ``offer`` (every bid nothing): where the card goes (001
        2.10.09.02-03: into its hand free, or set aside face up)."""
        raise AssertionError(f"{self.seat} offers no card")

    def before_cards_up(self, state: State, count: int) -> list[Event]:
        """What its power does to the row's next ``count`` cards before anyone sees them or
        bids (001 2.07.23 TECHNOLOGY): nothing."""
        return []

    def cards_dealt(self, state: State, rng: random.Random) -> list[Event]:
        """The row of cards for auction is dealt (``state["step"]["row"]``, 000 VIII.A): what
        its power does with the auction's cards then (a card of its own put in, one taken
        out); nothing."""
        return []

    def bought(self, state: State, buyer: str, card: str, rng: random.Random) -> list[Event]:
        """``buyer`` has just bought ``card`` face down (000 VIII): what its power does with
        it then, before anything else is drawn (001 2.07.22: the Ixians' ally discards it and
        draws again); nothing."""
        return []

    # --- hooks of payments

    def receives(self, state: State, payment: str, payer: str) -> bool:
        """Whether ``payer``'s spice for a ``payment`` (``CARD``, ``SHIPMENT``, ``REVIVAL``)
        goes to this faction rather than the bank: no."""
        return False

    # --- hooks of revival

    def stops_revival(self, state: State, seat: str) -> bool:
        """Whether its power stops ``seat``'s standard revival of forces and leaders this
        round (001 1.14.09): no."""
        return False

    def revival_terms(self, state: State, seat: str, terms: RevivalTerms) -> RevivalTerms:
        """The terms of ``seat``'s revival as this faction's power changes them (every faction
        in play is asked, in the order of the hook ``revival``): as they are."""
        return terms

    def revival_over(self, state: State) -> list[Event]:
        """The revival round is over: what its power does then; nothing."""
        return []

    def leader_back(self, state: State, name: str) -> list[Event]:
        """A leader not of its five revived by its power (001 2.11.23: Duke Vidal): what
        becomes of him; it revives none such."""
        raise AssertionError(f"{self.seat} revives no {name}")

    def revived(self, state: State, seat: str, free: bool, card: bool) -> list[Event]:
        """``seat`` has revived (``free``: taking free revival; ``card``: by a card that
        revives): what this faction's power does then; nothing."""
        return []

    # --- hooks of shipment and movement

    def movement(self, state: State, base: int, forces: dict[str, int] | None,
                 territory: str | None = None) -> int:
        """The territories a group of these ``forces`` of the faction enters (None: not
        known) from ``territory`` (None: not known), its sheet's ``base`` without ornithopters:
        the sheet's."""
        return base

    def leaving_problem(self, state: State, mover: str, territory: str,
                        forces: dict[str, int]) -> str | None:
        """Why its power bars ``mover``'s ``forces`` from leaving ``territory`` by a move (the
        order refused), or None: none."""
        return None

    def kinds_as_normal(self, game: Any) -> frozenset[str]:
        """Its kinds of force that count as normal forces in battle and losses now (a state or
        a view): none."""
        return frozenset()

    def worm_spared(self, state: State, territory: str) -> list[str]:
        """The factions its power spares from a worm in ``territory``: none."""
        return []

    def extra_moves(self, game: Any, mover: str) -> int:
        """The territories more its power gives ``mover``'s next move (every faction in play
        is asked; ``game``: a state or a seat's view): none."""
        return 0

    def moves_barred(self, game: Any, mover: str) -> dict[str, str]:
        """Territory -> why its power bars ``mover``'s moves into it this phase (every faction
        in play is asked; shipments are not barred): none."""
        return {}

    def through_storm(self, game: Any, mover: str) -> bool:
        """Whether its power lets ``mover``'s moves pass through the storm (never ending under
        it): no."""
        return False

    def shipped_count(self, state: State, forces: dict[str, int], kind: str = "reserve",
                      destination: str | None = None) -> int:
        """How many forces a shipment of ``forces`` (its ``kind``, into ``destination``) is
        paid for (starred ones count one each, 000 IX.C.1.b): each one once by default."""
        return sum(forces.values())

    def cross_from(self, state: State) -> tuple[str, int] | None:
        """Where its power lets it ship forces from to another territory, beside the Guild's
        (001 2.11.17.07 B: Ecaz, where their Spacing Guild Ambassador lies face up): nowhere."""
        return None

    def cross_problem(self, state: State, source: str, sector: int, forces: dict[str, int]
                      ) -> str | None:
        """Why its power's own cross shipment (``cross_from``) of ``forces`` from ``sector``
        of ``source`` may not be made, or None."""
        return None

    def smuggled_cost(self, state: State, territory: str, count: int) -> int | None:
        """What its own shipment of ``count`` forces into ``territory`` with ``COEXIST`` costs
        by its power (001 2.13.06 SMUGGLERS), or None: the usual rate."""
        return None

    def shipping_terms(self, state: State, shipper: str) -> str:
        """What its power adds to ``shipper``'s shipping terms in the movement round's prompt
        (a No-Field to ship, 001 2.10.11; one lent to its ally, 2.10.20): nothing."""
        return ""

    def lends_tokens(self, state: State, shipper: str) -> bool:
        """Whether ``shipper``, another faction, ships its tokens standing for forces (its
        ally, 001 2.10.20): no."""
        return False

    def token_shipment(self, state: State, value: str, forces: dict[str, int], shipper: str
                       ) -> str | None:
        """Why its token of this value (for an ally's shipment, ``""``: the one it lends) may
        not be shipped by ``shipper`` with these forces (a No-Field, 001 2.10.11, 2.10.16,
        2.10.20), or None if it may: it ships none."""
        return "you ship no token"

    def token_shipped(self, state: State, value: str, territory: str, sector: int,
                      shipper: str) -> list[Event]:
        """Its token shipped by ``shipper`` where the shipment landed (``token_shipment``)."""
        raise AssertionError(f"{self.seat} ships no token")

    def occupies_with_ally(self, state: State, seat: str, ally: str) -> bool:
        """Whether its power lets ``seat`` and its ``ally`` end their movement in one
        territory, neither going to the tanks (001 2.11.18 OCCUPY): no."""
        return False

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

    def turn_taken(self, state: State, seat: str) -> list[Event]:
        """``seat``'s turn of shipment and movement has been played: what its power does then;
        nothing."""
        return []

    def arrived(self, state: State, mover: str, territory: str, wish: bool | None, count: int,
                source: str | None) -> list[Event]:
        """``count`` forces of ``mover`` have arrived in ``territory``, shipped (``source``
        None) or moved from ``source`` (``wish``: the mover's ``COEXIST`` or ``FIGHT``): what
        its power does then; nothing."""
        return []

    def loser_keeps_one(self, state: State, loser: str) -> bool:
        """Whether its power lets ``loser`` of a battle with a winner keep one card it played
        that it could have kept had it won (the Moritani's ally, 001 2.12.19 A): no."""
        return False

    def hand_limit_cut(self, state: State, seat: str) -> int:
        """How much its power cuts ``seat``'s hand limit (``factions.hand_limit``): none."""
        return 0

    def token_entered(self, state: State, token: dict[str, Any], mover: str, advisors: bool
                      ) -> list[Event]:
        """``mover``'s forces (``advisors``: coexisting, 001 2.02) entered the territory where
        this faction's ``token`` of a kind that triggers lies (``token_triggers.entering``):
        what its power does then; nothing."""
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

    def battle_opened(self, state: State) -> list[Event]:
        """What its power does as the battle under way opens, before its plans are asked
        (``state["step"]["battle"]``): nothing."""
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

    def fights_beside(self, state: State, here: list[str], seat: str, other: str) -> bool:
        """Whether ``seat`` and ``other``, both fighters in a part of a territory (``here``),
        fight no battle of their own there, a partner of one fighting it for both (001
        2.11.19): no."""
        return False

    def dials_for(self, game: Any, seat: str, battle: dict[str, Any]) -> str | None:
        """The faction whose forces ``seat`` dials in ``battle`` (a state's or a view's), where
        its power makes them another's (001 2.11.20: Ecaz fighting beside their ally dial the
        ally's): None, its own."""
        return None

    def partner_strength(self, state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
        """Strength its power adds to a side of the battle under way once the plans are
        revealed (a plan's ``partner_bonus``: 001 2.11.20): none."""
        return []

    def at_reveal(self, state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
        """What its power announces when the plans are revealed: nothing."""
        return []

    def may_add_kwisatz_haderach(self, record: dict[str, Any]) -> bool:
        """Whether the Kwisatz Haderach of this record may fight with its leader (000 line
        762): it has none."""
        return False

    def captives(self, state: State) -> list[str]:
        """Leaders not its own it may play as its own: none by its power (000 line 884), but
        Duke Vidal while he is one of its Active Leaders (001 2.11.17.12, 2.12.17) and a leader
        the Tleilaxu Nexus card's GHOLAS gave it (001 4.03.07.09 B, ``nexus_ghola``)."""
        return duke_vidal.held(state, self.seat) + nexus_ghola.held(state, self.seat)

    def captives_seen(self, view: dict[str, Any]) -> list[str]:
        """``captives`` from the faction's own view (for bots)."""
        return duke_vidal.held(view, self.seat) + nexus_ghola.held(view, self.seat)

    def karama_attempted(self, state: State, seat: str, use: str | None) -> list[Event]:
        """``seat`` is about to play a Karama (``use``): the events if its power stops the play
        (001 2.09.08 (A): CHOAM's Kull Wahad), the card staying in ``seat``'s hand; none."""
        return []

    def bars_karama(self, game: Any, seat: str) -> bool:
        """Whether its power bars ``seat`` from playing a Karama now (a state or a view: the
        bar is public; 001 2.09.08 (A), the Kull Wahad's rest of the phase): no."""
        return False

    def leaders_lent(self, game: Any, seat: str) -> list[str]:
        """Its own leaders it has lent ``seat`` to play as ``seat``'s own (001 2.09.21 (B):
        CHOAM's Auditor), from the state or any view (a loan is public): none."""
        return []

    def traitors_for(self, state: State, seat: str) -> dict[str, str]:
        """The leaders its power puts in ``seat``'s pay beside ``seat``'s own traitors, each
        with the faction that holds him: none."""
        return {}

    def captive_killed(self, state: State, name: str) -> str | None:
        """A leader it played is killed in battle: the owner whose tanks he goes to when he
        is another's (000 line 884), else None; Duke Vidal to the tanks, still its own in the
        word of his death (``duke_vidal.killed``); a leader GHOLAS gave it to his faction's
        (001 4.03.07.09 B)."""
        return (duke_vidal.killed(state, self.seat, name)
                or nexus_ghola.killed(state, self.seat, name))

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """What its power does once a battle's outcome is applied: nothing."""
        return []

    def battle_decided(self, state: State, outcome: Any, plans: dict[str, dict[str, Any]]
                       ) -> list[Event]:
        """What its power does knowing how a battle ended (``outcome``: ``combat.Outcome``, the
        kind of its end, the traitors called, the leaders killed), after ``after_battle``:
        nothing."""
        return []

    def battle_support(self, state: State, seat: str) -> int:
        """The most it pays of the spice backing ``seat``'s forces in a battle (001 2.09.16:
        CHOAM for its ally): none by default."""
        return 0

    def battle_supported(self, state: State, seat: str, spice: int) -> list[Event]:
        """It pays ``spice`` of ``seat``'s battle spice (at most its ``battle_support``)."""
        raise AssertionError(f"{self.seat} pays no battle spice of {seat}")

    def battle_spice(self, state: State, payer: str, spice: int) -> list[Event]:
        """``payer`` has paid ``spice`` to the bank for its forces in a battle (001 1.13.05.05):
        what this faction's power takes of it; nothing."""
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

    def collection_split(self, state: State, could: dict[str, int], spice: int
                         ) -> dict[str, int] | None:
        """How the ``spice`` of a territory is split between the factions collecting it (each
        faction -> what its forces ``could`` collect), where its power says (001 2.11.18): None,
        in storm order each up to what is left."""
        return None

    def collects_coexisting(self, state: State, territory: str, present: list[str]) -> bool:
        """Whether its coexisting forces collect the territory's spice where ``present``
        occupy it (001 2.13.06: Smugglers, from uncontested blows): no."""
        return False

    def after_collection(self, state: State) -> list[Event]:
        """What its power collects once the territories' spice is collected: nothing."""
        return []

    def controls_shared(self, state: State, present: list[str]) -> str | None:
        """Of allies occupying one victory territory together (``present``), the one its power
        says holds it alone (001 2.11.21): none, each holds it."""
        return None

    def shares_control(self, state: State, territory: str, holders: list[str]) -> list[str]:
        """The factions besides its ``holders`` for whom a victory territory's control counts
        by its power (001 1.14.12 B: Ecaz where their Karama co-occupies it): none."""
        return []

    def victory_needs(self, state: State, party: list[str], needed: int | None) -> int | None:
        """The strongholds ``party`` needs to win as its power changes them (001 2.11.22):
        ``needed``, as the rules say."""
        return needed

    def bars_default_victory(self, state: State, victor: str) -> bool:
        """Whether its forces bar the territories of ``victor``'s default victory
        (``DefaultVictory.barred_territories``) beside the factions its sheet names: no."""
        return False

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

    def forces_now(self, state: State, counts: dict[str, int]) -> dict[str, int]:
        """Its forces by kind (``counts``: its sheet's), as its powers have turned one kind into
        another (001 1.14.10 (B): CHOAM's flipped tokens): its sheet's by default."""
        return counts

    def violations(self, state: State) -> list[str]:
        """The invariants of its own state that the state breaks: none to check."""
        return []

    # --- hooks of the views and reports

    def coexisting_in_view(self, view: dict[str, Any]) -> list[str]:
        """The territories where the faction's forces coexist, "as if they are not even on
        the board" (000 XV.B.4), as the public view shows them; none by default."""
        return []

    def in_front(self, state: State) -> dict[str, Any]:
        """What every seat sees of the faction's powers in front of its shield beyond every
        faction's public entries (its standing offers); nothing by default."""
        return {}

    def behind_shield(self, state: State) -> dict[str, Any]:
        """What the faction alone sees behind its shield beyond what every faction sees of its
        own sheet (000 XIII.A-B); nothing by default."""
        return {}
