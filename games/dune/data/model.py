"""The rules data of classic Dune as frozen values: the board, the decks, leaders and factions.

Built and checked by ``loader``; the YAML files beside this module say where each datum comes
from in the seeds (000_7222511ea66831c6.txt above all).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property

from ...common.names import Named, NameIndex


class BonusCard(StrEnum):
    """The bonus cards of Dune v3.0, claimed by the controllers of the territories that give
    them (003 "Claiming Bonus Cards", "Collections Bonuses")."""

    ORNITHOPTER = "ornithopter"
    HARVESTER = "harvester"
    CARRYALL = "carryall"
    SMUGGLERS = "smugglers"


class TerritoryType(StrEnum):
    """The four kinds of territory on the map (000, II.A.1, lines 163-167)."""

    SAND = "sand"
    ROCK = "rock"
    STRONGHOLD = "stronghold"
    POLAR_SINK = "polar_sink"
    # 001 4.10.11: "Homeworlds are not Territories": a place off the planet, on the board
    # layer with no border (``Place.homeworld``), never a stronghold nor sand.
    HOMEWORLD = "homeworld"


class StormShelter(StrEnum):
    """What the storm does to forces in a territory (000, VI.C line 261; Player Aid B.5)."""

    EXPOSED = "exposed"
    SHELTERED = "sheltered"
    SHIELD_WALL = "shield_wall"


class CardCategory(StrEnum):
    """The broad kind of a treachery card."""

    WEAPON = "weapon"
    DEFENSE = "defense"
    SPECIAL = "special"


class CardType(StrEnum):
    """The types of treachery card (000, Player Aid Pad A-B, lines 915-975)."""

    PROJECTILE_WEAPON = "projectile_weapon"
    POISON_WEAPON = "poison_weapon"
    LASGUN = "lasgun"
    SHIELD = "shield"
    SNOOPER = "snooper"
    CHEAP_HERO = "cheap_hero"
    WORTHLESS = "worthless"
    TRUTHTRANCE = "truthtrance"
    WEATHER_CONTROL = "weather_control"
    HAJR = "hajr"
    TLEILAXU_GHOLA = "tleilaxu_ghola"
    FAMILY_ATOMICS = "family_atomics"
    KARAMA = "karama"
    # the first expansion's (001 3.02)
    POISON_BLADE = "poison_blade"
    POISON_TOOTH = "poison_tooth"
    ARTILLERY_STRIKE = "artillery_strike"
    WEIRDING_WAY = "weirding_way"
    CHEMISTRY = "chemistry"
    SHIELD_SNOOPER = "shield_snooper"
    HARVESTER = "harvester"
    THUMPER = "thumper"
    AMAL = "amal"
    # the Richese cache's (001 3.03)
    PORTABLE_SNOOPER = "portable_snooper"
    ORNITHOPTER = "ornithopter"
    # Dune v3.0's (003 "Expanded Treachery", "Changed Treachery Cards"), set by a standing word
    MIRROR_WEAPON = "mirror_weapon"
    DISTRANS = "distrans"
    NULLENTROPY_BOX = "nullentropy_box"
    DESERT_SEEDED_WATER = "desert_seeded_water"
    AXOLOTL_TANK = "axolotl_tank"
    STONE_BURNER = "stone_burner"
    JUICE_OF_SAPHO = "juice_of_sapho"
    AMTAL = "amtal"
    LEVENBRECH = "levenbrech"
    CONE_OF_SILENCE = "cone_of_silence"
    RESIDUAL_POISON = "residual_poison"
    SEMUTA_DRUG = "semuta_drug"
    # the third expansion's (001 3.04)
    HARASS_AND_WITHDRAW = "harass_and_withdraw"
    RECRUITS = "recruits"
    REINFORCEMENTS = "reinforcements"
    # the Landsraad packs' (001 3.06-3.09)
    MYSTERY_BOX = "mystery_box"
    WATER_OF_LIFE = "water_of_life"
    LONG_LIVE_THE_FIGHTERS = "long_live_the_fighters"
    HEIGHLINER = "heighliner"
    CARRYALL = "carryall"
    LANDSRAAD_POISON_TOOTH = "landsraad_poison_tooth"   # the 11+ pack's (3.08.06)
    CIBUS_HOOD = "cibus_hood"
    SPICE_BLOW = "spice_blow"
    # the Millennial pack's (001 3.05)
    BUTLERIAN_JIHAD = "butlerian_jihad"


class Timing(StrEnum):
    """When a treachery card may be played."""

    BATTLE = "battle"
    STORM = "storm"
    MOVEMENT = "movement"
    ANY_TIME = "any_time"
    SPICE_BLOW = "spice_blow"       # 001 3.02.06, 3.02.13
    PHASE_START = "phase_start"     # 001 3.02.02: "at the beginning of any phase"
    REVIVAL = "revival"             # 001 3.04.03: "Play during the Revival Phase"
    COLLECTION = "collection"       # 001 3.08.02: "at the start of the Spice Collection Phase"


class Slot(StrEnum):
    """The parts of a battle plan a card can fill (000, X.B lines 381-389)."""

    LEADER = "leader"
    WEAPON = "weapon"
    DEFENSE = "defense"


class Effect(StrEnum):
    """What a treachery card does (000, Player Aid Pad, lines 915-975)."""

    KILLS_LEADER = "kills_leader"
    STOPPED_BY_SHIELD = "stopped_by_shield"
    STOPPED_BY_SNOOPER = "stopped_by_snooper"
    UNSTOPPABLE = "unstoppable"
    EXPLODES_WITH_SHIELD = "explodes_with_shield"
    STOPS_PROJECTILE = "stops_projectile"
    STOPS_POISON = "stops_poison"
    REPLACES_LEADER = "replaces_leader"
    NO_STRENGTH = "no_strength"
    NO_EFFECT = "no_effect"
    YES_NO_QUESTION = "yes_no_question"
    CONTROLS_STORM = "controls_storm"
    EXTRA_MOVE = "extra_move"
    REVIVES_LEADER_OR_FORCES = "revives_leader_or_forces"
    DESTROYS_SHIELD_WALL = "destroys_shield_wall"
    CANCELS_ADVANTAGE = "cancels_advantage"
    FREE_CARD = "free_card"
    GUILD_RATE_SHIPMENT = "guild_rate_shipment"
    SPECIAL_KARAMA_POWER = "special_karama_power"
    DISCARD_AFTER_PLAY = "discard_after_play"
    REMOVED_AFTER_PLAY = "removed_after_play"
    # the first expansion's (001 3.02)
    COUNTS_AS_SHIELD = "counts_as_shield"           # sets off a lasgun (3.01.15), stops an
    #                                                 artillery strike (3.02.03)
    STOPPED_BY_BOTH = "stopped_by_both"             # only a defense stopping projectile and
    #                                                 poison alike (3.02.08)
    KILLS_BOTH_LEADERS = "kills_both_leaders"       # its player's own leader too (3.02.03, .09)
    STOPPED_BY_A_SHIELD = "stopped_by_a_shield"     # only a card counting as a Shield (3.02.03)
    STOPPED_BY_ANTIDOTE = "stopped_by_antidote"     # only a poison defense no Snooper (3.02.09)
    ANTIDOTE = "antidote"                           # that defense (3.02.05)
    MAY_BE_WITHHELD = "may_be_withheld"             # its player may not use it (3.02.09)
    LEADERS_ADD_NOTHING = "leaders_add_nothing"     # the dials alone decide (3.02.03)
    NO_LEADER_SPICE = "no_leader_spice"             # no spice for leaders killed (3.02.03)
    DEFENDS_BESIDE_WEAPON = "defends_beside_weapon"     # a defense beside a weapon (3.02.14)
    ATTACKS_BESIDE_DEFENSE = "attacks_beside_defense"   # a weapon beside a defense (3.02.05)
    DOUBLES_SPICE_BLOW = "doubles_spice_blow"       # 3.02.06
    CALLS_WORM = "calls_worm"                       # 3.02.13
    HALVES_SPICE = "halves_spice"                   # 3.02.02
    # Dune v3.0's (003 "Changed Treachery Cards")
    KILLS_AFTER_BATTLE = "kills_after_battle"       # the Semuta Drug: the leader fights on
    # the Richese cache's (001 3.03)
    MIRRORS_WEAPON = "mirrors_weapon"               # the opponent's weapon copied (3.03.05)
    THREE_TERRITORIES = "three_territories"         # one group moves three (3.03.07)
    UNDIALED_DECIDE = "undialed_decide"             # the undialed forces win (3.03.11 A)
    MAY_BURN_LEADERS = "may_burn_leaders"           # both leaders killed at will (3.03.11 A)
    LEADERS_DECIDE = "leaders_decide"               # the leaders alone decide (3.03.12)
    POISONS_A_LEADER = "poisons_a_leader"           # an opponent's leader at random (3.03.09)
    MAKES_AGGRESSOR = "makes_aggressor"             # its player the aggressor (3.03.03)
    UNTOUCHED_BY_VOICE = "untouched_by_voice"       # the Voice never names it (3.03.15)
    NEVER_A_TRAITOR = "never_a_traitor"             # no traitor card matches it (3.03.14)
    SILENCES = "silences"                           # the Cone of Silence: no buying, no ally
    DISCARDS_POISON_DEFENSE = "discards_poison_defense"     # the Residual Poison (changed)
    # the third expansion's (001 3.04)
    WITHDRAWS_UNDIALED = "withdraws_undialed"       # the undialed forces home (3.04.02)
    DOUBLES_FREE_REVIVAL = "doubles_free_revival"   # every faction's, the limit 7 (3.04.03)
    REINFORCES = "reinforces"                       # +2 dialed, 3 reserves to the tanks (3.04.04)
    COUNTS_AS_NEITHER = "counts_as_neither"         # in a plan's weapon or defense place, but
    #                                                 neither a weapon nor a defense (3.04.02, .04)
    # the Landsraad packs' (001 3.06-3.09)
    NO_SPICE_FOR_OWN_LEADER = "no_spice_for_own_leader"     # a defense: its leader unpaid
    NO_SPICE_FOR_ITS_KILL = "no_spice_for_its_kill"         # a weapon: its kill unpaid (3.06.03)
    STUNS_LEADER = "stuns_leader"                   # the leader adds nothing, lives (3.06.06)
    LIFTS_LIMITS_OR_RATES = "lifts_limits_or_rates"         # the Heighliner (3.07.04)
    DOUBLES_COLLECTION = "doubles_collection"       # its player's rate, forces home (3.08.02)
    DOUBLES_OWN_FREE_REVIVAL = "doubles_own_free_revival"   # its player's, the limit 7 (3.09.03)
    EXPLODES_WITH_PROJECTILE = "explodes_with_projectile"   # a defense (3.07.02)
    SPICE_FOR_A_PROTECTED_LEADER = "spice_for_a_protected_leader"   # its winner (3.08.04)
    DOUBLE_LEADER_SPICE = "double_leader_spice"     # its kill paid twice (3.09.05)
    SWAPS_SEATS = "swaps_seats"                     # two player markers swapped (3.06.07)
    HALVES_EVERY_SPICE = "halves_every_spice"       # the Butlerian Jihad (3.05.02)
    RETURNS_OWN_LEADER = "returns_own_leader"       # the Shield Hologram's (3.07.06)
    FORCED_ON_LOSER = "forced_on_loser"             # the Orange Catholic Bible (3.06.04)
    DISCARDED_ONLY_IN_A_PLAN = "discarded_only_in_a_plan"   # it too: no discard of choice
    SWAPS_LEADER = "swaps_leader"                   # the Cibus Hood (3.09.02)
    ADDS_A_SPICE_BLOW = "adds_a_spice_blow"         # the Spice Blow card (3.06.05)


class Ability(StrEnum):
    """A faction's advantages, Karama power and alliance power (000, Player Shields, lines
    738-889; optional advantages XV and lines 977-1010)."""

    # Atreides
    PRESCIENCE_BIDDING = "prescience_bidding"
    PRESCIENCE_SPICE_DECK = "prescience_spice_deck"
    PRESCIENCE_BATTLE = "prescience_battle"
    KWISATZ_HADERACH = "kwisatz_haderach"
    SEE_BATTLE_PLAN = "see_battle_plan"
    ALLY_PRESCIENCE_BATTLE = "ally_prescience_battle"
    # Bene Gesserit
    PREDICTION = "prediction"
    SPIRITUAL_ADVISORS = "spiritual_advisors"
    VOICE = "voice"
    COEXISTENCE = "coexistence"
    START_ANYWHERE = "start_anywhere"
    CHARITY_ALWAYS = "charity_always"
    ADVISORS_WITH_SHIPMENT = "advisors_with_shipment"
    WORTHLESS_AS_KARAMA = "worthless_as_karama"
    ALLY_VOICE = "ally_voice"
    # Emperor
    CARD_PAYMENTS = "card_payments"
    REVIVE_FREE = "revive_free"
    ALLY_SPICE_GIFTS = "ally_spice_gifts"
    ALLY_EXTRA_REVIVAL = "ally_extra_revival"      # GF9 only: 001 2.03.08
    # Fremen
    WORM_RIDING = "worm_riding"
    STORM_FORESIGHT = "storm_foresight"
    STORM_RULE = "storm_rule"                       # GF9: 001 2.04.14
    WORM_PLACEMENT = "worm_placement"
    STORM_HALF_LOSSES = "storm_half_losses"
    SUMMON_WORM = "summon_worm"
    ALLY_WORM_IMMUNITY = "ally_worm_immunity"
    ALLY_SHARES_DEFAULT_VICTORY = "ally_shares_default_victory"
    ALLY_FREE_REVIVAL = "ally_free_revival"         # GF9: 001 2.04.12
    ALLY_EXTRA_FREE_REVIVAL = "ally_extra_free_revival"     # v3 house rule "Fremen Alliance"
    # Spacing Guild
    GUILD_SHIPMENT = "guild_shipment"
    HALF_PRICE_SHIPMENT = "half_price_shipment"
    SHIPMENT_PAYMENTS = "shipment_payments"
    MOVE_OUT_OF_TURN = "move_out_of_turn"
    STOP_SHIPMENT = "stop_shipment"
    ALLY_GUILD_SHIPMENT = "ally_guild_shipment"
    ALLY_HALF_PRICE_SHIPMENT = "ally_half_price_shipment"   # GF9: 001 2.06.10
    ALLY_CROSS_SHIP = "ally_cross_ship"                     # GF9: 001 2.06.11
    # Harkonnen
    FREE_CARD_ON_PURCHASE = "free_card_on_purchase"
    CAPTURE_LEADERS = "capture_leaders"
    STEAL_CARDS = "steal_cards"
    TAKE_HAND = "take_hand"                         # GF9: 001 1.14.05
    ALLY_TRAITORS = "ally_traitors"
    # Ixians (GF9 expansion, 001 2.07)
    POCKET_CARDS = "pocket_cards"                   # 001 2.07.04
    HIDDEN_MOBILE_STRONGHOLD = "hidden_mobile_stronghold"   # 001 2.07.05, 2.07.18-21
    SUPPLY_CHAIN = "supply_chain"                   # 001 2.07.08-09
    TECHNOLOGY = "technology"                       # 001 2.07.23 (advanced)
    MOVE_HMS = "move_hms"                           # 001 1.14.08 (Karama power)
    ALLY_REDRAW = "ally_redraw"                     # 001 2.07.22 (alliance)
    # Tleilaxu (GF9 expansion: 001 2.08)
    FACE_DANCERS = "face_dancers"                   # 001 2.08.04, 2.08.06-08
    UNLIMITED_REVIVAL = "unlimited_revival"         # 001 2.08.09
    HALF_PRICE_REVIVAL = "half_price_revival"       # 001 2.08.10
    REVIVAL_PAYMENTS = "revival_payments"           # 001 2.08.11
    RAISE_REVIVAL_LIMIT = "raise_revival_limit"     # 001 2.08.12
    REVIVAL_SUBSIDY = "revival_subsidy"             # 001 2.08.13
    LEADER_REVIVAL_PRICE = "leader_revival_price"   # 001 2.08.14
    GHOLAS = "gholas"                               # 001 2.08.17, advanced
    STOP_REVIVAL = "stop_revival"                   # 001 1.14.09, Karama power
    ALLY_HALF_PRICE_REVIVAL = "ally_half_price_revival"     # 001 2.08.16
    # CHOAM (GF9 expansion: 001 2.09; "(A)" its first list, "(B)" the second)
    CHOAM_CHARITY = "choam_charity"                 # 001 2.09.05
    OPEN_MARKET = "open_market"                     # 001 2.09.07 (A), 2.09.10 (B)
    DUPLICATE_SALE = "duplicate_sale"               # 001 2.09.07 (A)
    MULTIPURPOSE_PRODUCT = "multipurpose_product"   # 001 2.09.08 (A), 2.09.11 (B)
    INFLATION = "inflation"                         # 001 2.09.10-14 (A)
    EARNINGS = "earnings"                           # 001 2.09.06-08 (B)
    ELITE_SHIPMENT = "elite_shipment"               # 001 2.09.17 (B)
    AUDITOR = "auditor"                             # 001 2.09.17-20 (A), 2.09.22-25 (B)
    BATTLE_SPICE_SHARE = "battle_spice_share"       # 001 2.09.21-22 (A), 2.09.26-27 (B)
    SELL_HAND = "sell_hand"                         # 001 1.14.10 (A), Karama power
    FLIP_ELITES = "flip_elites"                     # 001 1.14.10 (B), Karama power
    ALLY_CARD_SWAP = "ally_card_swap"               # 001 2.09.15 (A)
    ALLY_CHARITY = "ally_charity"                   # 001 2.09.15 (A), 2.09.18 (B)
    ALLY_MULTIPURPOSE = "ally_multipurpose"         # 001 2.09.19 (B)
    ALLY_BATTLE_SPICE = "ally_battle_spice"         # 001 2.09.16 (A), 2.09.20 (B)
    LEND_AUDITOR = "lend_auditor"                   # 001 2.09.21 (B)
    # Richese (GF9 expansion: 001 2.10)
    RICHESE_AUCTION = "richese_auction"             # 001 2.10.04, 2.10.06-09
    NO_FIELDS = "no_fields"                         # 001 2.10.10-18
    BLACK_MARKET = "black_market"                   # 001 2.10.22-24 (A, advanced)
    DISRUPTED_SUPPLY = "disrupted_supply"           # 001 2.10.22 (B, advanced)
    CACHE_BUY = "cache_buy"                         # 001 1.14.11, Karama power
    ALLY_NO_FIELD = "ally_no_field"                 # 001 2.10.20
    ALLY_CACHE_CARD = "ally_cache_card"             # 001 2.10.21
    # Ecaz (GF9 expansion: 001 2.11)
    AMBASSADORS = "ambassadors"                     # 001 2.11.04, 2.11.06-10, 2.11.17 (A)
    ALLY_AMBASSADOR = "ally_ambassador"             # 001 2.11.25 (A)
    VIDAL_REVIVAL = "vidal_revival"                 # 001 2.11.23-24 (A)
    OCCUPY = "occupy"                               # 001 2.11.18, 2.11.21-22 (A)
    AMBASSADOR_FORCES = "ambassador_forces"         # 001 2.11.04, 2.11.06-15 (B)
    # Moritani (GF9 expansion: 001 2.12)
    TERROR = "terror"                               # 001 2.12.06, 2.12.08-14 (A)
    ALLY_KEEPS_CARD = "ally_keeps_card"             # 001 2.12.19 (A)
    VIDAL_IN_BATTLES = "vidal_in_battles"           # 001 2.12.17-18 (A)
    ENEMY_OF_MY_ENEMY = "enemy_of_my_enemy"         # 001 2.12.15-16 (A)
    ASSASSINATE = "assassinate"                     # 001 2.12.20-21 (A, advanced)
    WINNER_CARDS = "winner_cards"                   # 001 1.14.13 (A): the Moritani's Karama
    BOUNTY_BOARD = "bounty_board"                   # 001 2.12.04-05, 2.12.17 (B)
    BOUNTY = "bounty"                               # 001 2.12.19 (B, advanced)
    PLOT_PLAN_SCHEME = "plot_plan_scheme"           # 001 2.12.08.01-04, 2.12.10 (B)
    TERROR_MOVES = "terror_moves"                   # 001 2.12.15 (B)
    ORGANIZED_STRIKE = "organized_strike"           # 001 2.12.09, 2.12.14 (B)
    ALLY_STRIKE = "ally_strike"                     # 001 2.12.18 (B)
    VIDAL_LIVES = "vidal_lives"                     # 001 2.12.16 (B)
    KARAMA_STRIKE = "karama_strike"                 # 001 1.14.13 (B): the Moritani's Karama
    LOYALTY = "loyalty"                             # 001 2.11.26 (A, advanced)
    LEADER_DIFFERENCE = "leader_difference"         # 001 1.14.12 (A): Ecaz's Karama power
    COOCCUPY_TERRITORY = "cooccupy_territory"       # 001 1.14.12 (B): Ecaz's Karama power
    # Free Traders (the Landsraad's homebrew: 001 2.13)
    SMUGGLERS = "smugglers"                         # 001 2.13.06
    INFILTRATION = "infiltration"                   # 001 2.13.07
    WAY_IN = "way_in"                               # 001 2.13.08
    SCRAP_HEAP = "scrap_heap"                       # 001 2.13.14 (advanced)
    EXPOSE_SMUGGLERS = "expose_smugglers"           # 001 1.14.14: the Free Traders' Karama
    BLACK_MARKET_AUCTION = "black_market_auction"   # 001 2.13.05, 2.13.12


class NexusUse(StrEnum):
    """The three uses of a Nexus card (001 4.03.06.02-04): against its faction played by
    another, one's own faction's, a faction not in the game's; with the revision's cards, its
    one named effect (4.03.07.02-13, text B)."""

    BETRAYAL = "betrayal"
    CUNNING = "cunning"
    SECRET_ALLY = "secret ally"
    NAMED = "named effect"          # text B: the card's one named effect (4.03.07.02-13 B)


class Act(StrEnum):
    """What a faction does that a rule waits for: a tech token's income (001 4.05.05), a
    Nexus card discarded on joining an alliance (001 4.03.02)."""

    FREE_REVIVAL = "free_revival"                   # 001 4.05.05.02
    OFF_PLANET_SHIPMENT = "off_planet_shipment"     # 001 4.05.05.03
    CHARITY = "charity"                             # 001 4.05.05.04
    ALLIED = "allied"                               # 001 4.03.02, outside a Nexus


class TokenPlace(StrEnum):
    """Where a token lies (the token layer, ``tokens.py``)."""

    BOARD = "board"                     # on a sector of a territory
    FRONT = "front"                     # in front of its owner's shield, for all to see
    BEHIND = "behind"                   # behind its owner's shield
    ASIDE = "aside"                     # out of play: not dealt yet, or out of the game


class Face(StrEnum):
    """Which side of a token is up."""

    UP = "up"
    DOWN = "down"


@dataclass(frozen=True)
class SpiceBlow:
    """A territory's spice blow site: the sector of its spice dot and the spice placed there."""

    sector: int
    amount: int


@dataclass(frozen=True)
class Border:
    """Where a territory touches a neighbour: its own sector and the neighbour's.

    A sector is None on the side of the Polar Sink, which lies in no sector.
    """

    territory: str
    sector: int | None
    their_sector: int | None


@dataclass(frozen=True)
class Territory:
    """A territory of the map (000, II.A and the ASCII map, lines 1433-1497)."""

    name: str
    abbreviations: tuple[str, ...]
    synonyms: tuple[str, ...]
    type: TerritoryType
    sectors: tuple[int, ...]
    storm_shelter: StormShelter
    borders: tuple[Border, ...]
    spice_blow: SpiceBlow | None = None
    ornithopters: bool = False
    collection_rate: int | None = None
    spice_flow: int = 0
    control_points: int = 1
    bonus_cards: tuple[BonusCard, ...] = ()

    @property
    def neighbours(self) -> tuple[str, ...]:
        """The names of the territories this one borders."""
        return tuple(dict.fromkeys(border.territory for border in self.borders))

    @property
    def is_stronghold(self) -> bool:
        return self.type is TerritoryType.STRONGHOLD

    @property
    def is_sand(self) -> bool:
        """Sand (desert) territories hold spice and feed worms (000, VII; Player Aid B.6.B.5)."""
        return self.type is TerritoryType.SAND


@dataclass(frozen=True)
class Homeworld:
    """A faction's homeworld card (001 4.10.12), the numbers of its two sides: ``high``, the
    reserves it needs on the High Threshold side (fewer: Low); ``battle`` and ``atomic_losses``
    on each side, (high, low); the ``occupier_income``; ``kinds``: the kinds of its faction's
    forces kept there (none named: all of them; the Emperor's Sardaukar on Salusa Secundus,
    4.10.12 "Salusa Secundus"); ``low_bonus``: the Low side's +1 free revival and +1 CHOAM
    Charity (4.10.12.04-05; none on Salusa Secundus); ``advanced``: only in the advanced game;
    ``low_loses``: the powers of its faction the Low side takes away (its penalty, where it is
    one: Caladan's look at the spice deck); ``high_collection_bonus``: the spice the High side
    pays from the bank to its faction collecting in the desert (Giedi Prime);
    ``occupier_halves_collection``: the occupier takes half (rounded down) of what its faction
    collects (the Southern Hemisphere's Occupied); ``low_halves``: the payment (``factions``'
    kinds, "card", "shipment") of which the Low side leaves its faction half, rounded up
    (Kaitain's, Salusa Secundus's, Junction's); ``occupier_takes_half``: the other half goes to
    the occupier, not the bank (Kaitain's, Junction's Occupied); ``occupier_spared``: the powers
    its faction may not use against the occupier or their ally (Wallach IX's Voice, Tleilax's
    Face Dancers); ``tokens``: the kind of its faction's tokens that trigger (token_triggers)
    the card restrains: on the Low side one springs only when ``low_least_entering`` forces
    or more enter, and with ``occupier_spares_tokens`` never on the occupier or their ally
    (Grumman's Terror tokens); ``high_unspiced``: the kinds of its faction's forces at full
    strength without spice on the High side, and ``occupied_plain`` those counting as normal
    forces while it is occupied (Salusa Secundus's Sardaukar); ``occupier_takes``: the powers
    of its faction whose gain goes to the occupier or their ally while it is occupied (Giedi
    Prime's free card); ``occupier_shares``: the powers its faction shares with the occupier
    (Caladan's bidding advantage); ``high_advisors``: the spiritual advisors its faction may
    send to the Polar Sink with a shipment on the High side (Wallach IX's two);
    ``high_reinforces``: the High side adds a force from the reserves to a battle won
    (Caladan's); ``high_no_worthless_sale``: on the High side its faction sells no Worthless
    card for spice (Tupile's penalty); ``low_unmoved``: the kind of its faction's tokens that
    may not move on the Low side (Richese's No-Fields); ``high_paid_revival``: (the kind paid
    for, the kind revived free with each, how many) on the High side (Ix's 2 Suboids with each
    Cyborg); ``high_discards``: on the High side its faction may discard cards for spice as
    the bidding ends (Kaitain's); ``occupier_hand_bonus``: the cards more the occupier and
    their ally may hold (Tupile's); ``low_questions``: on the Low side, while not occupied,
    its faction may question each faction once (Tupile's); ``high_ships_with``: the kind of its
    faction's tokens it may ship forces with on the High side (Richese's No-Fields);
    ``high_sends_revived``: the kinds of its faction's forces revived that go at once where its
    word says, on the High side (the Southern Hemisphere's Fedaykin);
    ``high_sends_free_revival``: the forces of its free revival go at once where its word
    says, on the High side (Tleilax's); ``high_poison_bounty``:
    the spice its faction gains for each poison weapon discarded, on the High side (Ecaz's);
    ``high_alliance_victory``: (strongholds, homeworlds) on the High side its faction's
    alliance wins co-occupying so many strongholds and occupying so many other factions'
    homeworlds (Ecaz's: 1, 2); ``occupier_takes_leader``: the leader the occupier or their ally
    gains while it is occupied (Ecaz's Duke Vidal); ``high_token_spice``: on the High side its
    faction may add a token of its kind (``tokens``) to a stronghold holding one, or take one
    off the board, in Spice Collection, for so much spice from the bank (Grumman's 4);
    ``low_opponent_chooses``: on the Low side the opponent of its faction and their ally in a
    co-occupied battle chooses which of them fights it (Ecaz's); ``occupier_picks``: the pile
    of its faction's cards whose card sold in the bidding the occupier chooses (Richese's
    cache); ``occupier_halves``: the payment to its faction (``offers.CACHE``) of which the
    occupier takes half, rounded down, on either side (Richese's); ``high_offers_shipment``: on
    the High side its faction may offer the others its cross-planet shipment (Junction's).
    ``sources``:
    where each number comes from (``docs/sources.md``'s keys)."""

    high: int
    battle: tuple[int, int]
    atomic_losses: tuple[int, int]
    occupier_income: int
    kinds: tuple[str, ...] = ()
    low_bonus: bool = True
    advanced: bool = False
    sources: tuple[str, ...] = ()
    low_loses: frozenset[Ability] = frozenset()
    high_collection_bonus: int = 0
    occupier_halves_collection: bool = False
    low_halves: str = ""
    occupier_takes_half: bool = False
    occupier_spared: frozenset[Ability] = frozenset()
    tokens: str = ""
    low_least_entering: int = 0
    occupier_spares_tokens: bool = False
    high_unspiced: tuple[str, ...] = ()
    occupied_plain: tuple[str, ...] = ()
    occupier_takes: frozenset[Ability] = frozenset()
    occupier_shares: frozenset[Ability] = frozenset()
    high_advisors: int = 1
    high_reinforces: bool = False
    high_no_worthless_sale: bool = False
    low_unmoved: str = ""
    high_paid_revival: tuple[str, str, int] | None = None
    high_discards: bool = False
    occupier_hand_bonus: int = 0
    low_questions: bool = False
    high_ships_with: str = ""
    high_sends_revived: tuple[str, ...] = ()
    high_poison_bounty: int = 0
    high_sends_free_revival: bool = False
    high_alliance_victory: tuple[int, int] | None = None
    occupier_takes_leader: str = ""
    high_token_spice: int = 0
    low_opponent_chooses: bool = False
    occupier_picks: str = ""
    occupier_halves: str = ""
    high_offers_shipment: bool = False


@dataclass(frozen=True)
class Place:
    """A territory that is not printed on the map but lies on it where the game puts it, and
    may move (``board.yaml``, ``places``; the board layer, ``board/layer.py``): the Ixians'
    Hidden Mobile Stronghold, "a Territory within the Territory and Sector it is pointing to"
    (001 2.07.18).  ``owner``: the faction whose token it is; in play only with that faction.
    ``moves``: the territories it may move at a time; ``points_at``: the type of territory it
    may point at (never a stronghold, 001 2.07.05, 2.07.19); ``shipment_by_owner_only``: only
    its owner ships straight into it (001 2.07.21).  A discovery location (001 4.06.06.03) is
    nobody's: ``owner`` "", put on the board where its token is revealed."""

    name: str
    abbreviations: tuple[str, ...]
    synonyms: tuple[str, ...]
    type: TerritoryType
    storm_shelter: StormShelter
    owner: str
    moves: int
    shipment_by_owner_only: bool = False
    homeworld: Homeworld | None = None

    def at(self, territory: str, sector: int) -> Territory:
        """The place as a territory of the board while it points at this sector of the
        territory: it touches that territory there and nothing else; a homeworld (pointing at
        no territory, ``OFF_PLANET``) touches nothing (001 4.10.11)."""
        borders = () if territory == OFF_PLANET else (Border(territory, None, sector),)
        return Territory(self.name, self.abbreviations, self.synonyms, self.type, (),
                         self.storm_shelter, borders)


# Where a place that lies off the planet "points" on the board layer (a homeworld, 001 4.10).
OFF_PLANET = ""


@dataclass(frozen=True)
class Board:
    """The map: territories by name, their borders and sectors, the storm start and the dots;
    ``places``, the territories the game puts on it (``Place``), which the board layer adds
    where they are (``board/layer.py``)."""

    sectors: int
    storm_start_sector: int
    player_dots: tuple[int, ...]
    territories: tuple[Territory, ...]
    places: tuple[Place, ...] = ()

    @cached_property
    def named(self) -> Board:
        """The board whose names orders may write: the printed territories and every place,
        wherever it lies or not, as a territory of no sector (a place off the board is named,
        and refused where it is no choice)."""
        if not self.places:
            return self
        return replace(self, territories=self.territories + tuple(
            Territory(p.name, p.abbreviations, p.synonyms, p.type, (), p.storm_shelter, ())
            for p in self.places))

    def seat_dots(self, count: int) -> tuple[int, ...]:
        """The sectors of ``count`` seats' player dots: the printed dots, the first ``count``
        of them, while there are enough (001 setup 11); a bigger table's spaced round the board
        as evenly as whole sectors allow from the first printed dot (001 is silent: the ruling
        of ``docs/rules-coverage.md``, "Seats beyond the printed dots"; TO seats a table of any
        size evenly round the board, ``docs/sources.md``).  Six spaced so are the printed six."""
        if count <= len(self.player_dots):
            return self.player_dots[:count]
        first = self.player_dots[0] - 1
        return tuple((first + i * self.sectors // count) % self.sectors + 1
                     for i in range(count))

    def place(self, name: str) -> Place:
        """The place of this name (KeyError otherwise)."""
        for place in self.places:
            if place.name == name:
                return place
        raise KeyError(name)

    @cached_property
    def _by_name(self) -> dict[str, Territory]:
        return {territory.name: territory for territory in self.territories}

    @cached_property
    def _index(self) -> NameIndex[Territory]:
        return NameIndex(
            "territory", (Named(t, t.name, t.abbreviations, t.synonyms) for t in self.territories)
        )

    def __getitem__(self, name: str) -> Territory:
        """The territory of this exact canonical name (KeyError otherwise)."""
        return self._by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def territory(self, text: str) -> Territory:
        """The territory ``text`` names, written loosely (see ``names.NameIndex``)."""
        return self._index.find(text)

    def neighbours(self, name: str) -> tuple[Territory, ...]:
        """The territories bordering the named one."""
        return tuple(self._by_name[other] for other in self._by_name[name].neighbours)

    def borders(self, name: str, other: str) -> tuple[Border, ...]:
        """Where the two named territories touch (empty if they do not)."""
        return tuple(b for b in self._by_name[name].borders if b.territory == other)

    def within(self, name: str, moves: int) -> frozenset[str]:
        """The territories at most ``moves`` borders away from the named one, itself included."""
        distance = {name: 0}
        queue = deque([name])
        while queue:
            current = queue.popleft()
            if distance[current] == moves:
                continue
            for other in self._by_name[current].neighbours:
                if other not in distance:
                    distance[other] = distance[current] + 1
                    queue.append(other)
        return frozenset(distance)

    @cached_property
    def strongholds(self) -> tuple[Territory, ...]:
        """The strongholds, in the board's order (asked at every step: found once)."""
        return tuple(t for t in self.territories if t.is_stronghold)

    def in_sector(self, sector: int) -> tuple[Territory, ...]:
        """The territories that lie (partly) in ``sector``."""
        return tuple(t for t in self.territories if sector in t.sectors)

    def sector_after(self, sector: int, steps: int) -> int:
        """The sector ``steps`` sectors counterclockwise of ``sector``, the way the storm moves."""
        return (sector - 1 + steps) % self.sectors + 1


@dataclass(frozen=True)
class TreacheryCard:
    """One card of the treachery deck; ``id`` tells copies apart ("Shield #2")."""

    id: str
    name: str
    type: CardType
    category: CardCategory
    played: Timing
    slots: frozenset[Slot]
    effects: frozenset[Effect]
    expansion: str | None = None    # the set of cards it comes in (None: the base deck)


@dataclass(frozen=True)
class SpiceCard:
    """One card of the spice deck: a territory card or a Shai-Hulud (worm) card."""

    id: str
    territory: str | None = None
    sector: int | None = None
    amount: int = 0

    @property
    def is_shai_hulud(self) -> bool:
        return self.territory is None


@dataclass(frozen=True)
class DiscoveryCard:
    """A Discovery spice card (001 4.06.05; ``discovery.yaml``): the blow of its ``territory``,
    and where it puts a token of its ``kind`` (``at``, ``sector``)."""

    territory: str
    kind: str
    at: str
    sector: int
    spice_sector: int = 0           # the board's spice blow site of ``territory``

    @property
    def id(self) -> str:
        """Its id in the spice deck."""
        return f"{self.territory} Discovery"


@dataclass(frozen=True)
class Leader:
    """A leader disc: its faction and fighting strength (000, Leaders, lines 71-103)."""

    name: str
    faction: str
    strength: int
    synonyms: tuple[str, ...] = ()
    main: bool = False                  # v3's Main Leader (003 "Main Leaders")
    gates: frozenset[Ability] = frozenset()     # the powers lost while he is in the tanks
    revival_cost: int | None = None     # a price of his own, whoever revives him (001 2.08.15)
    opposing: bool = False              # worth the opposing leader's disc (001 2.08.15, Zoal)
    # a disc of the faction only while it has this advantage (001 2.09.17: the Auditor)
    advantage: Ability | None = None
    # never a ghola, never captured, never given a leader skill (001 2.09.20: the Auditor)
    protected: bool = False
    # no faction's disc: a leader the powers hand about (001 2.11.17.12: Duke Vidal,
    # ``factions/duke_vidal``); ``faction`` names the faction whose data brings him
    shared: bool = False


@dataclass(frozen=True)
class Placement:
    """Forces on the board at start, spread as the faction likes over ``territories``; in one
    ``sector`` of a territory of several where the sheet names it (001 2.11.03: Ecaz's six in
    the Imperial Basin's centre sector)."""

    forces: int
    territories: tuple[str, ...]
    sector: int | None = None


@dataclass(frozen=True)
class ForceKind:
    """A kind of force and what the rules ask of it (``factions.yaml``, ``force_kinds``): a
    faction's forces are counted per kind wherever they are (the state's ``Counts``).

    ``strength`` is what one is worth in battle and in taking losses (000 X.B.1, X.C.6: the
    starred forces are worth two "in battle and in taking losses", lines 806, 1000), or
    ``strength_against`` a faction, its worth against that one.  ``spiced``: spice backs it in
    advanced combat, one spice a force (000 XXII.A.1, Q&A B.4; GF9 spice dialing, 001 1.13.05),
    and it counts half its strength unbacked; a kind never spiced counts its strength whatever
    the spice, and no spice is paid for it.  ``optional``: in play only with the advantages
    (000 XV; GF9 advanced, 001 1.13.01); without them its tokens are its faction's plain kind.
    ``mark`` and ``face`` are how counts and reports tell it from its faction's other forces
    ("5 2*", "7 forces (2 starred)"); ``singular``, ``plural`` and ``synonyms`` are its words,
    which orders accept too.  ``collection``: the spice one collects where others collect less
    (001 2.07.14: the Ixians' Cyborgs "collect 3 spice instead of 2"); none: the rate's.
    ``immune``: one sent to the tanks goes to its faction's reserve instead (001 2.11.15 B,
    Diplomatic immunity: Ecaz's Ambassadors "face up in front of your Player Shield")."""

    name: str
    singular: str
    plural: str
    synonyms: tuple[str, ...] = ()
    mark: str = ""
    face: str = ""
    strength: int | float = 1
    strength_against: tuple[tuple[str, int | float], ...] = ()
    spiced: bool = True
    optional: bool = False
    revival_cost: int = 2
    revival_weight: int = 1
    revived_per_turn: int | None = None
    collection: int | None = None
    immune: bool = False

    def worth(self, opponent: str) -> int | float:
        """What one is worth in battle and in taking losses against the named faction."""
        for faction, worth in self.strength_against:
            if faction == opponent:
                return worth
        return self.strength

    def collects(self, rate: int) -> int:
        """The spice one collects where others of its territory collect ``rate`` (000 XI.A)."""
        return max(rate, self.collection or 0)

    def words(self) -> tuple[str, ...]:
        """Every word an order may name it by, in capitals: its mark, face, names, synonyms."""
        return tuple(dict.fromkeys(w.upper() for w in (self.mark, self.face, self.singular,
                                                        self.plural, *self.synonyms) if w))


@dataclass(frozen=True)
class NativeArrival:
    """Reserves arrive only within ``range`` territories of ``territory`` (the Fremen's way)."""

    territory: str
    range: int


@dataclass(frozen=True)
class DefaultVictory:
    """The faction wins if nobody has won by the end of the game and these conditions hold."""

    own_or_empty: tuple[str, ...] = ()
    barred_territories: tuple[str, ...] = ()
    barred_factions: tuple[str, ...] = ()


@dataclass(frozen=True)
class MapMarker:
    """How the map marks a faction's forces: a letter on a chip of its colour (``text``: the
    letter's colour)."""

    letter: str
    colour: str
    text: str


@dataclass(frozen=True)
class Faction:
    """A faction's sheet: what it starts with and what it may do (000, Player Shields)."""

    name: str
    seat: str
    synonyms: tuple[str, ...]
    spice: int
    free_revival: int
    hand_limit: int
    treachery_cards_at_start: int
    traitors_drawn: int
    traitors_kept: int
    movement: int
    start: tuple[Placement, ...]
    reserve: int
    abilities: frozenset[Ability]
    optional_abilities: frozenset[Ability]
    karama_power: Ability | None       # none: a faction with no special Karama power
    alliance: frozenset[Ability]
    map_marker: MapMarker
    kinds: tuple[tuple[str, int], ...] = ()
    native_arrival: NativeArrival | None = None
    default_victory: DefaultVictory | None = None
    singular: bool = False
    expansion: str | None = None       # seated only with this option of the ruleset (Rules)

    @cached_property
    def forces(self) -> int:
        """All the faction's forces: those placed at start and those in reserve (asked at
        every step by the invariants: summed once)."""
        return sum(placement.forces for placement in self.start) + self.reserve

    @property
    def plain(self) -> str:
        """Its plain kind of force (the one without a mark, ``kinds[0]``): the one its start
        places and the one its forces of an
        optional kind are without the advantages."""
        return self.kinds[0][0]


class PileRole(StrEnum):
    """What a pile of a deck is (``decks.yaml``)."""

    DRAW = "draw"              # face down: the deck itself, drawn from its top
    DISCARD = "discard"        # face up: played and turned cards
    OUT = "out"                # out of the game (Family Atomics, 000 line 944)
    ASIDE = "aside"            # beside a shield, not in the hand: a faction's own store of
    #                            the deck's cards, dealt from by its power (the Richese cache)


class Shown(StrEnum):
    """What every seat sees of a pile (the public view)."""

    COUNT = "count"            # the number of its cards
    TOP = "top"                # its top card, and the number
    ALL = "all"                # every card (a discard pile "open to inspection", line 1164)


class DeckCards(StrEnum):
    """Whose cards a deck holds."""

    TREACHERY = "treachery"
    SPICE = "spice"
    LEADERS = "leaders"        # a traitor deck's leader discs


@dataclass(frozen=True)
class Pile:
    """One pile of a deck, by name: its role and what every seat sees of it."""

    name: str
    role: PileRole
    shown: Shown
    sets: tuple[str, ...] = ()     # the sets of cards that start here, not in the draw pile


@dataclass(frozen=True)
class Deck:
    """A deck of cards and its piles, by name (``decks.yaml``)."""

    name: str
    cards: DeckCards
    piles: tuple[Pile, ...]

    @cached_property
    def pile_names(self) -> tuple[str, ...]:
        """The names of its piles, in order."""
        return tuple(pile.name for pile in self.piles)

    def piles_of(self, role: PileRole) -> tuple[str, ...]:
        """The names of its piles of a role, in order."""
        return tuple(pile.name for pile in self.piles if pile.role is role)


@dataclass(frozen=True)
class TokenIncome:
    """What a tech token's face says (001 4.05.06): the phase it works in, what a faction does
    there to earn it, and the faction that does not earn it alone (001 4.05.05)."""

    phase: str
    act: Act
    excluded: str


@dataclass(frozen=True)
class Token:
    """One token of a kind, as the box holds it, and where it starts."""

    value: str                          # its id in the state, hidden while face down
    name: str                           # how mails name it
    owner: str | None                   # the faction starting with it, if any
    place: TokenPlace                   # where it starts with that owner
    territory: str | None = None        # on the board: where
    sector: int | None = None
    income: TokenIncome | None = None
    option: str | None = None           # the option putting this one token in play (001
    #                                     2.10.04: text B's fourth No-Field); None: its kind's


@dataclass(frozen=True)
class TokenKind:
    """A kind of token (``tokens.yaml``): its tokens, how they start, who sees them."""

    name: str
    words: str                          # how mails name one ("tech token")
    option: str | None                  # the option putting it in play; None: always
    face: Face                          # the face its tokens start with
    ally_sees: bool                     # the owner's ally sees a face-down token's value
    tokens: tuple[Token, ...]
    # On the board face down it stands for its value in its owner's forces, counted as one
    # force there (001 2.10.12: movement, collection, occupancy), so it brings its owner into
    # a battle; forced open by the storm, a worm or an explosion (2.10.15) and in battle
    # (2.10.17): the Richese No-Fields
    occupies: bool = False
    # On the board it triggers when another faction's forces enter its territory, its owner
    # deciding by standing answers (``token_triggers``): the Ecaz Ambassadors (001 2.11.08);
    # the Moritani Terror tokens (2.12.09)
    triggers: bool = False
    # On the board no force ships into its territory: the Atomics Aftermath (001 2.12.14.03)
    bars_shipment: bool = False
    # The faction (its sheet's name) that sees any face-down token of the kind: the Fremen the
    # Hiereg discovery tokens (001 4.06.07.01), the Spacing Guild the Smuggler ones (4.06.08.01)
    seen_by: str | None = None

    def token(self, value: str) -> Token:
        """The token of this value (KeyError if the kind has none such)."""
        for token in self.tokens:
            if token.value == value:
                return token
        raise KeyError(value)


@dataclass(frozen=True)
class DuneData:
    """All the rules data of one ruleset, checked: the board, decks, leaders and factions."""

    board: Board
    treachery_deck: tuple[TreacheryCard, ...]
    spice_deck: tuple[SpiceCard, ...]
    leaders: tuple[Leader, ...]
    factions: tuple[Faction, ...]
    decks: tuple[Deck, ...] = ()
    tokens: tuple[TokenKind, ...] = ()

    @cached_property
    def _decks(self) -> dict[str, Deck]:
        return {deck.name: deck for deck in self.decks}

    def deck(self, name: str) -> Deck:
        """A deck by its name (KeyError for one this data lacks)."""
        return self._decks[name]

    @cached_property
    def piles(self) -> dict[str, Pile]:
        """Every pile of every deck, by name (pile names are unique across decks)."""
        return {pile.name: pile for deck in self.decks for pile in deck.piles}

    def deck_cards(self, deck: Deck, sets: tuple[str, ...] = (), extra: tuple[str, ...] = (),
                   left_out: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The ids of a deck's cards, in the data's order (a leader's id is its name): the
        base treachery cards and those of the expansions' ``sets`` a game plays
        (``Rules.card_sets``) but the names it ``left_out`` of them (``Rules.cards_left_out``),
        the spice cards but those ``left_out`` and the ``extra`` ones it plays
        (``Rules.extra_spice_cards``)."""
        if deck.cards is DeckCards.TREACHERY:
            return tuple(card.id for card in self.treachery_in_play(sets, left_out))
        if deck.cards is DeckCards.SPICE:       # 001 4.06.03: territory cards left out too
            return tuple(card.id for card in self.spice_deck if card.id not in left_out) + extra
        return tuple(leader.name for leader in self.leaders)

    force_kinds: tuple[ForceKind, ...] = ()

    @cached_property
    def _kinds(self) -> dict[str, ForceKind]:
        return {kind.name: kind for kind in self.force_kinds}

    def force_kind(self, name: str) -> ForceKind:
        """The kind of force of this name (KeyError otherwise)."""
        return self._kinds[name]

    @cached_property
    def _factions(self) -> NameIndex[Faction]:
        return NameIndex("faction", (Named(f, f.name, (), f.synonyms) for f in self.factions))

    @cached_property
    def _leaders(self) -> NameIndex[Leader]:
        return NameIndex("leader", (Named(x, x.name, (), x.synonyms) for x in self.leaders))

    def faction(self, text: str) -> Faction:
        """The faction ``text`` names, written loosely ("guild", "BG")."""
        return self._factions.find(text)

    def leader(self, text: str) -> Leader:
        """The leader ``text`` names, written loosely ("yueh", "feyd")."""
        return self._leaders.find(text)

    @cached_property
    def _cards_by_id(self) -> dict[str, TreacheryCard]:
        return {card.id: card for card in self.treachery_deck}

    def treachery_card(self, card_id: str) -> TreacheryCard:
        """The treachery card with this id ("Shield #2")."""
        return self._cards_by_id[card_id]

    @cached_property
    def _spice_by_id(self) -> dict[str, SpiceCard]:
        return {card.id: card for card in self.spice_deck}

    def spice_card(self, card_id: str) -> SpiceCard:
        """The spice card with this id."""
        return self._spice_by_id[card_id]

    def card_ids(self, kind: CardType) -> frozenset[str]:
        """The ids of the treachery cards of a type: what a hand is searched for, asked several
        times a step (issue 20)."""
        return self._ids_by_type.get(kind, frozenset())

    @cached_property
    def _ids_by_type(self) -> dict[CardType, frozenset[str]]:
        found: dict[CardType, set[str]] = {}
        for card in self.treachery_deck:
            found.setdefault(card.type, set()).add(card.id)
        return {kind: frozenset(ids) for kind, ids in found.items()}

    @cached_property
    def _cards_by_name(self) -> dict[str, TreacheryCard]:
        found: dict[str, TreacheryCard] = {}
        for card in self.treachery_deck:
            found.setdefault(card.name, card)
        return found

    @cached_property
    def card_names(self) -> NameIndex[str]:
        """The treachery cards' names, read loosely ("hunter-seeker", "slip tip")."""
        names = dict.fromkeys(card.name for card in self.treachery_deck)
        return NameIndex("treachery card", (Named(name, name) for name in names))

    def treachery_in_play(self, sets: tuple[str, ...], left_out: tuple[str, ...] = ()
                          ) -> tuple[TreacheryCard, ...]:
        """The deck a game shuffles: the base cards, then those of the ``sets`` it plays but
        the cards of them named in ``left_out`` (a set "in part", 003 "Expanded Treachery")."""
        return (tuple(c for c in self.treachery_deck if c.expansion is None)
                + tuple(c for c in self.treachery_deck
                        if c.expansion in sets and c.name not in left_out))

    def card_named(self, name: str) -> TreacheryCard:
        """A treachery card by its name ("Shield"): copies are alike."""
        return self._cards_by_name[name]

    @cached_property
    def by_seat(self) -> dict[str, Faction]:
        """Seat -> its faction sheet (read it, never change it)."""
        return {faction.seat: faction for faction in self.factions}

    @cached_property
    def seats(self) -> tuple[str, ...]:
        """The seats of the factions this data has (``factions.yaml``: ``seat``), in its
        order: those a game of its ruleset may seat."""
        return tuple(self.by_seat)

    def seat(self, seat: str) -> Faction:
        """The faction sheet of a seat (KeyError for a seat this data lacks)."""
        return self.by_seat[seat]

    @cached_property
    def listing(self) -> dict[Ability, tuple[str, ...]]:
        """Advantage -> the seats whose sheet lists it, in whatever way (an ability, an
        optional one, the Karama power or an alliance power), in the data's order."""
        found: dict[Ability, list[str]] = {}
        for faction in self.factions:
            powers = (*sorted(faction.abilities), *sorted(faction.optional_abilities),
                      *sorted(faction.alliance),
                      *([faction.karama_power] if faction.karama_power else []))
            for ability in dict.fromkeys(powers):
                found.setdefault(ability, []).append(faction.seat)
        return {ability: tuple(seats) for ability, seats in found.items()}

    def token_kind(self, name: str) -> TokenKind:
        """The kind of token of this name (KeyError if the ruleset has none such)."""
        for kind in self.tokens:
            if kind.name == name:
                return kind
        raise KeyError(name)

    def leaders_of(self, faction: str, advantages: bool = False) -> tuple[Leader, ...]:
        """The leaders of the named faction (its leader discs, not a Main Leader): its five,
        and a disc that comes with an advantage (``Leader.advantage``) where its sheet has it,
        an optional one only with the ``advantages`` (the Auditor, 001 2.09.17)."""
        sheet = next((f for f in self.factions if f.name == faction), None)
        powers = set() if sheet is None else {
            *sheet.abilities, *(sheet.optional_abilities if advantages else ())}
        return tuple(leader for leader in self.leaders
                     if leader.faction == faction and not leader.main and not leader.shared
                     and (leader.advantage is None or leader.advantage in powers))

    def main_leader(self, faction: str) -> Leader | None:
        """The named faction's Main Leader, if this data has one (v3, 003 "Main Leaders")."""
        return next((leader for leader in self.leaders
                     if leader.faction == faction and leader.main), None)
