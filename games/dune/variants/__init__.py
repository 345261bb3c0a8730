"""The variants of 001 4 a game may play, each a module of hooks the phases call.

A phase never names a variant: it calls the hooks of the variants in play (``storm_placed``,
``acted``, ``phase_ends``, ``battle_won``, ``victory_points``), each a no-op for a game that
plays none, returning at once (asked some 130,000 times in twenty WBC games).  A variant is
in play when the game's rules have its option on (``Variant.option``, a field of the
ruleset's class).  The tech tokens (001 4.05,
``tech_tokens``) are the first, the stronghold cards (4.04, ``stronghold_cards``) the second;
the leader skills (4.07, ``leader_skills``) the third, whose pick at set-up is a decision
asked through the factions' one hook (``decisions``, ``decider``); the homeworlds (4.10), the
Nexus cards (4.03) and the discovery tokens (4.06, ``discovery_tokens``: a spice card of the
variant's own, ``spice_card``, ``spice_card_turned``) follow the same way.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from pbem.game import Event, Prompt

from ..data import Act, SpiceCard
from ..forces import Counts
from ..rules import Rules, rules_of
from ..state import State
from . import shrine as _shrine  # noqa: F401  (001 4.06.07.05: its cards registered)
from .base import Variant
from .discovery_locations import DiscoveryLocations
from .discovery_tokens import DiscoveryTokens
from .great_maker import GreatMaker
from .homeworlds import Homeworlds
from .leader_skills import LeaderSkills
from .nexus_cards import NexusCards
from .stronghold_cards import StrongholdCards
from .tech_tokens import TechTokens
from .testing_station import TestingStation

VARIANTS: tuple[Variant, ...] = (TechTokens(), StrongholdCards(), LeaderSkills(), Homeworlds(),
                                  NexusCards(), DiscoveryTokens(), DiscoveryLocations(),
                                  TestingStation(), GreatMaker())


def in_play(state: State | dict[str, Any]) -> tuple[Variant, ...]:
    """The variants the game (a state or a view) plays, in ``VARIANTS``'s order: found again
    only for another rules mapping than the last asked (``rules_of``'s: never changed in
    place), since every hook asks, thousands of times a game."""
    rules = state["rules"]
    if rules is not _last[0]:
        _last[:] = [rules, played(rules_of(state))]
    return _last[1]


_last: list[Any] = [None, ()]       # the rules mapping last asked and its variants


def played(rules: Rules) -> tuple[Variant, ...]:
    """The variants a game of these rules plays (``in_play``)."""
    return _in_play(rules.options_on)


@functools.cache
def _in_play(on: frozenset[str]) -> tuple[Variant, ...]:
    return tuple(variant for variant in VARIANTS if variant.option in on)


def dealt(state: State, rng: random.Random) -> None:
    """Every variant's deal once the set-up has dealt the starting treachery cards."""
    for variant in in_play(state):
        variant.dealt(state, rng)


def decisions(state: State, phase: str) -> list[Prompt]:
    """The decisions the variants in play open now in the phase."""
    if not (found := in_play(state)):
        return []
    return [prompt for variant in found for prompt in variant.decisions(state, phase)]


def decider(state: State, kind: str) -> Variant | None:
    """The variant in play whose decisions are of this kind, if any."""
    if not (found := in_play(state)):
        return None
    return next((v for v in found if kind in v.decision_kinds), None)


def standing_prompts(state: State, asked: list[Prompt]) -> list[Prompt]:
    """The variants' optional standing words riding on this mail round (``asked``), beside the
    factions' (``factions.standing_prompts``): 001 4.10.12's cards' words."""
    if not (found := in_play(state)):
        return []
    return [prompt for variant in found
            for prompt in variant.standing_prompts(state, asked)]


def standing_keys(state: State, asked: list[str]) -> list[str]:
    """The keys of ``standing_prompts``."""
    if not (found := in_play(state)):
        return []
    return [key for variant in found for key in variant.standing_keys(state, asked)]


def standing_apply(state: State, orders: dict[str, Any], asked: list[str]) -> list[Event]:
    """The variants' standing words among ``orders`` carried out, each by its variant."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found for key in variant.standing_keys(state, asked)
            if key in orders for event in variant.standing_decision(state, key, orders[key])]


def storm_shift(state: State, sectors: int) -> tuple[int, list[Event]]:
    """The sectors the storm moves by its dials or card as every variant changes them (001
    4.06.07.04: the Ecological Testing Station), and the events of the changes."""
    events: list[Event] = []
    for variant in in_play(state):
        sectors, more = variant.storm_shift(state, sectors)
        events += more
    return sectors, events


def storm_placed(state: State, rng: random.Random) -> list[Event]:
    """Every variant's rules once the first storm has moved."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found for event in variant.storm_placed(state, rng)]


def acted(state: State, seat: str, act: Act) -> list[Event]:
    """Every variant's rules when a faction does ``act``."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found for event in variant.acted(state, seat, act)]


def collected(state: State, events: list[Event]) -> list[Event]:
    """Every variant's rules once the territories' spice is collected (``events``: the
    collection's; 001 4.10.12 "Giedi Prime", "Southern Hemisphere")."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found for event in variant.collected(state, events)]


def spice_card(game: State | dict[str, Any], card_id: str) -> SpiceCard | None:
    """The spice card of this id that a variant in play adds to the deck, if any (001 4.06.05:
    a Discovery card)."""
    if not (found := in_play(game)):
        return None
    return next((card for variant in found
                 if (card := variant.spice_card(card_id)) is not None), None)


def spice_card_turned(state: State, card: SpiceCard, rng: random.Random) -> list[Event]:
    """Every variant's rules as a territory card is turned, before its spice is placed (001
    4.06.05: a Discovery card's token and destruction)."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.spice_card_turned(state, card, rng)]


def nexus_vote(state: State, card: SpiceCard) -> tuple[bool, list[Event]] | None:
    """A variant's worm card whose Nexus is voted on (001 4.06.09.02: the Great Maker): the
    outcome and its events; None for any other worm."""
    if not (playing := in_play(state)):
        return None
    return next((found for variant in playing
                 if (found := variant.nexus_vote(state, card)) is not None), None)


def reserve_ride(state: State, card_id: str) -> bool:
    """Whether a variant's worm card lets the worm riders ride it from their reserves (001
    4.06.09.03: the Great Maker)."""
    if not (found := in_play(state)):
        return False
    return any(variant.reserve_ride(card_id) for variant in found)


def flight(game: State | dict[str, Any], seat: str) -> bool:
    """Whether ``seat`` holds a variant's piece moving one group three territories (001
    4.06.08.05: the Ornithopter discovery token)."""
    if not (found := in_play(game)):
        return False
    return any(variant.flight(game, seat) for variant in found)


def flown(state: State, seat: str) -> list[Event]:
    """The first such piece of ``seat``'s used for one movement action."""
    variant = next(v for v in in_play(state) if v.flight(state, seat))
    return variant.flown(state, seat)


def phase_begins(state: State) -> list[Event]:
    """Every variant's rules as a phase begins, before its own work (001 4.10.12.06: the
    natives brought out to fight on their homeworld)."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found for event in variant.phase_begins(state)]


def phase_ends(state: State, rng: random.Random) -> list[Event]:
    """Every variant's rules at the end of the phase under way."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found for event in variant.phase_ends(state, rng)]


def violations(state: State) -> list[str]:
    """What every variant in play requires of the state and it breaks (the invariants)."""
    if not (found := in_play(state)):
        return []
    return [problem for variant in found for problem in variant.violations(state)]


def battle_won(state: State, winner: str, loser: str, plans: dict[str, dict[str, Any]],
               rng: random.Random) -> list[Event]:
    """Every variant's rules after a battle that ``winner`` won against ``loser``."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.battle_won(state, winner, loser, plans, rng)]


def victory_points(state: State, seat: str) -> list[str]:
    """What beside the strongholds ``seat`` holds for victory, by every variant."""
    if not (found := in_play(state)):
        return []
    return [point for variant in found for point in variant.victory_points(state, seat)]


def leader_back(state: State, seat: str, name: str) -> list[Event] | None:
    """What becomes of a leader of none of ``seat``'s five it revived, by the first variant
    that says (001 4.10.12 "Ecaz": Duke Vidal revived by the occupier); None if none does."""
    if not (playing := in_play(state)):
        return None
    return next((found for variant in playing
                 if (found := variant.leader_back(state, seat, name)) is not None), None)


def victory_needs(state: State, party: list[str], needed: int | None) -> int | None:
    """The strongholds ``party`` needs to win as every variant says (001 4.10.12 "Ecaz")."""
    for variant in in_play(state):
        needed = variant.victory_needs(state, party, needed)
    return needed


def war_continues(state: State, held: dict[str, list[str]]) -> list[Event]:
    """Every variant's rules at War Continues (no faction won; ``held``: what each controls)."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found for event in variant.war_continues(state, held)]


def at_reveal(state: State, territory: str, plans: dict[str, dict[str, Any]]) -> None:
    """Every variant's marks on the revealed plans of a battle in ``territory``."""
    for variant in in_play(state):
        variant.at_reveal(state, territory, plans)


def battle_spice_help(game: State | dict[str, Any], seat: str, territory: str) -> int:
    """The spice the bank pays of what ``seat`` backs its forces with, by every variant."""
    if not (found := in_play(game)):
        return 0
    return sum(variant.battle_spice_help(game, seat, territory) for variant in found)


def battle_over(state: State, territory: str, winner: str | None,
                plans: dict[str, dict[str, Any]], lost: dict[str, Counts], rng: random.Random,
                dialed: Callable[[str], int]) -> list[Event]:
    """Every variant's rules after a battle in ``territory``, its losses taken (``dialed``:
    the forces a side's dial is worth, as the winner would lose them)."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.battle_over(state, territory, winner, plans, lost, rng,
                                             dialed)]


def battle_opened(state: State, rng: random.Random) -> list[Event]:
    """Every variant's rules once a battle is opened, before its plans are asked (001
    4.07.15.06: the Mentat's question)."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found for event in variant.battle_opened(state, rng)]


def paid(state: State, payer: str, payee: str | None, amount: int, front: bool = False,
         payment: str = "") -> list[Event]:
    """Every variant's rules once ``payer`` has paid ``amount`` spice to ``payee`` (None: the
    bank; ``front``: a bribe, in front of the payee's shield; ``payment``: what for, as
    ``factions.payee``'s kinds or ``offers.CACHE``, "" for anything else): 001 4.07.15.02,
    .12, 4.10.12 "Kaitain", "Junction", "Richese"."""
    if not amount:
        return []
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.paid(state, payer, payee, amount, front, payment)]


def forces_revived(state: State, seat: str, forces: Counts, free: int,
                   landings: Callable[[str], tuple[int, ...]]) -> list[Event]:
    """Every variant's rules once ``seat`` has revived ``forces`` (001 4.10.12 "Ix",
    "Southern Hemisphere", "Tleilax"; ``landings``: where a shipment of its reserves could
    land now, by place)."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.forces_revived(state, seat, forces, free, landings)]


def bought(state: State, buyer: str, card: str, paid: dict[str, int], payee: str | None,
           rng: random.Random) -> list[Event]:
    """Every variant's rules once ``buyer`` has bought ``card`` in the bidding (001 4.03.07.04,
    .08: a Nexus card played on a card just bought; .06 B: TOP CARD's card drawn free)."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.bought(state, buyer, card, paid, payee, rng)]


def cross_ships(game: State | dict[str, Any], seat: str) -> bool:
    """Whether a variant lets ``seat`` ship from one territory to another at half the price
    now (001 4.03.07.07 B: the Guild Nexus card's CROSS-SHIP)."""
    if not (found := in_play(game)):
        return False
    return any(variant.cross_ships(game, seat) for variant in found)


def loser_keeps_one(state: State, loser: str) -> bool:
    """Whether a variant lets ``loser`` keep one card it played (001 4.03.07.13)."""
    if not (found := in_play(state)):
        return False
    return any(variant.loser_keeps_one(state, loser) for variant in found)


def shipped_as_one(game: State | dict[str, Any], seat: str, kind: str) -> int:
    """How many forces of ``seat``'s shipment of ``kind`` are priced as one, by any variant
    (001 4.03.07.11, the Richese Nexus card's Secret Ally)."""
    if not (found := in_play(game)):
        return 0
    return max((variant.shipped_as_one(game, seat, kind) for variant in found),
               default=0)


def devouring(state: State, territory: str, safe: set[str]) -> tuple[set[str], list[Event]]:
    """The factions a worm in ``territory`` spares beside ``safe`` by any variant, with the
    events of what spares them (001 4.03.07.05: the Fremen Nexus card's Secret Ally)."""
    spared: set[str] = set()
    events: list[Event] = []
    for variant in in_play(state):
        more, played = variant.devouring(state, territory, safe | spared)
        spared |= more
        events += played
    return spared, events


def worm_ridden_from(state: State, territory: str, rng: random.Random
                     ) -> tuple[list[str], list[Event]]:
    """The territories a worm that appeared in ``territory``, where no forces were, is ridden
    from by any variant after the Nexus (001 4.03.07.05: the Fremen Nexus card's Cunning),
    with the events of what lets them."""
    places: list[str] = []
    events: list[Event] = []
    for variant in in_play(state):
        more, played = variant.worm_ridden_from(state, territory, rng)
        places += more
        events += played
    return places, events


def shipment_paid(state: State, payer: str, payee: str | None, amount: int) -> list[Event]:
    """Every variant's rules once ``payer`` has paid ``amount`` for a shipment to ``payee``
    (001 4.03.07.07: the Guild Nexus card's Betrayal)."""
    if not amount:
        return []
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.shipment_paid(state, payer, payee, amount)]


def revival_terms(game: State | dict[str, Any], seat: str, terms: Any) -> Any:
    """The terms of ``seat``'s revival as every variant changes them (001 4.03.07.09, the
    Tleilaxu Nexus card's Secret Ally)."""
    for variant in in_play(game):
        terms = variant.revival_terms(game, seat, terms)
    return terms


def full_strength(game: State | dict[str, Any], seat: str) -> frozenset[str]:
    """The kinds of ``seat``'s forces worth a normal force in its battles, by any variant (001
    4.03.07.08, the Ixian Nexus card's Cunning)."""
    if not (found := in_play(game)):
        return frozenset()
    return frozenset().union(*(variant.full_strength(game, seat) for variant in found))


def revival_opens(state: State, reviving: list[str], rng: random.Random) -> list[Event]:
    """Every variant's rules once the revival round is opened (``reviving``: the factions
    asked that may revive a leader; 001 4.07.12)."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.revival_opens(state, reviving, rng)]


def moved(state: State, seat: str, territory: str) -> list[Event]:
    """Every variant's rules once a group of ``seat`` has moved into ``territory`` (001
    4.07.15.10: the Sandmaster)."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found for event in variant.moved(state, seat, territory)]


def turn_taken(state: State, seat: str, events: list[Event]) -> list[Event]:
    """Every variant's rules once ``seat``'s turn of Shipping and Movement has been played
    (``events``, what it did: 001 4.10.12 "Salusa Secundus")."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.turn_taken(state, seat, events)]


def free_revival(game: State | dict[str, Any], seat: str) -> int:
    """The forces ``seat`` revives free beyond its sheet's, by every variant."""
    if not (found := in_play(game)):
        return 0
    return sum(variant.free_revival(game, seat) for variant in found)


def widened(game: State | dict[str, Any], seat: str, reach: int) -> int:
    """How many territories a group of ``seat`` that may enter ``reach`` enters, by every
    variant (001 4.07.15.07: the Planetologist's one more, up to three)."""
    for variant in in_play(game):
        reach = variant.widened(game, seat, reach)
    return reach


def movement_bonus(game: State | dict[str, Any], seat: str, territory: str) -> int:
    """The territories more a group of ``seat`` starting in ``territory`` moves."""
    if not (found := in_play(game)):
        return 0
    return sum(variant.movement_bonus(game, seat, territory) for variant in found)


def shipped(state: State, seat: str, territory: str, sector: int, empty: bool) -> list[Event]:
    """Every variant's rules after a shipment from off-planet (001 4.07.15.11: the Smuggler)."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.shipped(state, seat, territory, sector, empty)]


def native_arrivals(game: State | dict[str, Any], seat: str) -> frozenset[str]:
    """Territories beyond its sheet's where a native ``seat`` sends its reserves, by every
    variant (001 4.04.04.06: the Shield Wall card)."""
    if not (found := in_play(game)):
        return frozenset()
    return frozenset().union(*(variant.native_arrivals(game, seat) for variant in found))


def stronghold_rate(game: State | dict[str, Any], seat: str, territory: str) -> bool:
    """Whether a variant lets ``seat`` ship into ``territory`` at the strongholds' rate."""
    if not (found := in_play(game)):
        return False
    return any(variant.stronghold_rate(game, seat, territory) for variant in found)


def full_price(game: State | dict[str, Any], seat: str, territory: str) -> bool:
    """Whether a variant keeps a shipment into ``territory`` from half price (001 4.10.07)."""
    if not (found := in_play(game)):
        return False
    return any(variant.full_price(game, seat, territory) for variant in found)


def shut(game: State | dict[str, Any], seat: str, kind: str, guild: bool) -> frozenset[str]:
    """Territories the variants keep a shipment of ``kind`` by ``seat`` from (001 4.10.04-05,
    .08)."""
    if not (found := in_play(game)):
        return frozenset()
    return frozenset().union(*(variant.shut(game, seat, kind, guild)
                               for variant in found))


def explosion_losses(state: State, territory: str, seat: str, counts: Counts) -> Counts:
    """The forces of ``seat`` a lasgun/shield explosion in ``territory`` kills, by every
    variant (001 4.10.12.07)."""
    for variant in in_play(state):
        counts = variant.explosion_losses(state, territory, seat, counts)
    return counts


def may_ally(game: State | dict[str, Any], seat: str, other: str) -> bool:
    """Whether every variant lets ``seat`` ally with ``other`` (001 4.10.09)."""
    if not (found := in_play(game)):
        return True
    return all(variant.may_ally(game, seat, other) for variant in found)


def shipping_terms(state: State, seat: str) -> list[str]:
    """What the variants in play add to the shipping terms ``seat`` is told."""
    if not (found := in_play(state)):
        return []
    return [text for variant in found if (text := variant.shipping_terms(state, seat))]


def sale_betrayed(state: State, seller: str, buyer: str, rng: random.Random) -> list[Event]:
    """What cancels ``seller``'s power over the sale of the card it offers to ``buyer`` (001
    4.03.07.11: the Richese Nexus card's Betrayal), with what that plays; none: no change."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.sale_betrayed(state, seller, buyer, rng)]


def traitors_cancelled(state: State, plans: dict[str, dict[str, Any]],
                       traitors: dict[str, dict[str, str]], rng: random.Random) -> list[Event]:
    """The traitors a variant cancels before they are called (001 4.03.07.06: the Harkonnen
    Nexus card's Betrayal), cut from ``traitors``, with what that plays."""
    if not (found := in_play(state)):
        return []
    return [event for variant in found
            for event in variant.traitors_cancelled(state, plans, traitors, rng)]


def co_occupier(game: State | dict[str, Any], territory: str) -> str | None:
    """The faction a variant lets ignore ``territory``'s occupancy limits and battle there
    last (001 4.03.07.12 B, the Ecaz Nexus card's CO-OCCUPIED), if any (a state or a view)."""
    if not (found := in_play(game)):
        return None
    return next((seat for variant in found
                 if (seat := variant.co_occupier(game, territory)) is not None), None)


def traitors_barred(state: State, territory: str, seat: str) -> bool:
    """Whether a variant keeps ``seat`` from calling traitors in ``territory`` (001 4.10.02)."""
    if not (found := in_play(state)):
        return False
    return any(variant.traitors_barred(state, territory, seat) for variant in found)


__all__ = ["VARIANTS", "Variant", "acted", "at_reveal", "battle_opened", "battle_over",
           "battle_spice_help", "battle_won", "bought", "co_occupier", "collected", "dealt",
           "decider",
           "decisions", "devouring", "explosion_losses", "forces_revived", "free_revival",
           "full_price", "full_strength", "in_play", "leader_back", "loser_keeps_one",
           "may_ally", "moved",
           "movement_bonus", "native_arrivals", "paid", "phase_begins", "phase_ends",
           "reserve_ride", "revival_opens", "revival_terms", "sale_betrayed", "shipment_paid",
           "shipped", "shipped_as_one", "shipping_terms", "shut", "standing_apply",
           "standing_keys", "standing_prompts", "storm_placed", "storm_shift",
           "stronghold_rate", "traitors_barred", "traitors_cancelled", "victory_needs",
           "victory_points", "violations",
           "war_continues", "widened"]
