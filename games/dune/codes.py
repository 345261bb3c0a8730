"""The catalogues of Dune's codes: what happened in a step (``Event.code``) and why an order
line was refused (``OrderError.code``).

The values are the codes the logs, the stored games and the templates hold; a ``StrEnum``
member equals its text, so a template comparing codes as strings keeps working.  The codes are
grouped by the part of the game that raises them; ``tests/dune/test_codes.py`` checks that the
source uses every member and no code outside them.
"""

from __future__ import annotations

from enum import StrEnum


class EventCode(StrEnum):
    """What happened in a step."""

    # battle
    BATTLE = "battle"
    BATTLE_LOSSES = "battle-losses"
    SHENANIGANS = "shenanigans"                    # 001 2.07.16
    STOCK_CARD = "stock-card"                      # 001 2.07.08: to the Ixians alone
    STOCK_SET_ASIDE = "stock-set-aside"            # 001 2.07.08
    TECHNOLOGY_CARDS = "technology-cards"          # 001 2.07.23: to the Ixians alone
    TECHNOLOGY_SWAP = "technology-swap"            # 001 2.07.23
    KARAMA_HMS_NOT_MADE = "karama-hms-not-made"    # 001 1.14.08: to the Ixians alone
    CARD_REDRAWN = "card-redrawn"                  # 001 2.07.22, 2.07.23 (text B)
    REDRAWN_CARD = "redrawn-card"                  # 001 2.07.22, 2.07.23 B: to the buyer
    OFFER_MADE = "offer-made"                      # a card of a faction's own up (2.10.06)
    OFFER_SOLD = "offer-sold"                      # 001 2.10.07-09
    OFFER_TURN = "offer-turn"                      # 001 2.10.09.02: a bidder asked alone
    OFFER_UNSOLD = "offer-unsold"                  # 001 2.10.09.02-03
    MARKET_OFFERED = "market-offered"              # 001 2.10.22-23: the card not named
    MARKET_SEEN = "market-seen"                    # 001 2.10.23: to the seller and Atreides
    MARKET_SOLD = "market-sold"                    # 001 2.10.23-24: the card not named
    MARKET_BOUGHT = "market-bought"                # 001 2.10.23: to the buyer alone
    MARKET_KEPT = "market-kept"                    # 001 2.10.23: nobody else bid
    NO_FIELD_REVEALED = "no-field-revealed"        # 001 2.10.14
    NO_FIELD_PLACED = "no-field-placed"            # 001 2.10.03 (B): its value to nobody
    SUPPLY_SLOTTED = "supply-slotted"              # 001 2.10.22 (B): where, not which
    SUPPLY_SLOTTED_SEEN = "supply-slotted-seen"    # 001 2.10.22 (B): to Richese alone
    NO_FIELD_LENT = "no-field-lent"                # 001 2.10.20: to Richese and their ally
    CACHE_CARD_GIVEN = "cache-card-given"          # 001 2.10.21: which, to nobody
    CACHE_CARD_GIVEN_SEEN = "cache-card-given-seen"    # 001 2.10.21: to the two allies
    CACHE_BOUGHT = "cache-bought"                  # 001 1.14.11
    CACHE_CARD = "cache-card"                      # 001 1.14.11: to Richese alone
    BATTLE_PLANS = "battle-plans"
    BATTLE_RESULT = "battle-result"
    BATTLE_SPICE = "battle-spice"
    CARDS_DISCARDED = "cards-discarded"
    EXPLOSION = "explosion"
    KWISATZ_HADERACH = "kwisatz-haderach"
    LEADER_KILLED = "leader-killed"
    LEADER_SPICE = "leader-spice"
    PLAN_CORRECTED = "plan-corrected"
    TRAITOR_CALLED = "traitor-called"
    # sandtrout (001 4.08.02)
    SANDTROUT = "sandtrout"
    WORM_CANCELLED = "worm-cancelled"
    # spice_specials (001 3.02.02, 3.02.06, 3.02.13)
    AMAL = "amal"
    HARVESTER = "harvester"
    SPECIAL_UNPLAYED = "special-unplayed"
    SPECIALS_SET = "specials-set"
    THUMPER = "thumper"
    WEAPON_WITHHELD = "weapon-withheld"
    # cache_specials (001 3.03.02, 3.03.06, 3.03.16); the Portable Snooper at the reveal (3.03.08)
    PORTABLE_SNOOPER = "portable-snooper"
    CACHE_SPECIAL_UNPLAYED = "cache-special-unplayed"
    DISTRANS = "distrans"
    SEMUTA_TAKEN = "semuta-taken"                  # 001 3.03.10
    MYSTERY_BOX = "mystery-box"                    # 001 3.08.05
    MYSTERY_BOX_TAKEN = "mystery-box-taken"        # 001 3.08.05: to its holder
    SEATS_SWAPPED = "seats-swapped"                # 001 3.06.07: the Water of Life
    SAPHO_PLACE = "sapho-place"                    # 001 3.03.03: first or last in storm order
    DISTRANS_CARD = "distrans-card"
    NULLENTROPY = "nullentropy"
    NULLENTROPY_CARD = "nullentropy-card"
    DESERT_SEEDED_WATER = "desert-seeded-water"
    AXOLOTL_TANK = "axolotl-tank"
    FORCES_SENT_HOME = "forces-sent-home"   # the Amtal's loser (3.03.12)
    LEADER_POISONED = "leader-poisoned"     # the Residual Poison (3.03.09)
    JUICE_OF_SAPHO = "juice-of-sapho"       # the aggressor's place taken (3.03.03)
    DESERT_SEEDED_WATER_CARDS = "desert-seeded-water-cards"
    # the third expansion's cards (001 3.04)
    WITHDRAWN = "withdrawn"                 # Harass and Withdraw (3.04.02)
    RECRUITS = "recruits"                   # every free revival doubled (3.04.03)
    REINFORCEMENTS = "reinforcements"       # +2 dialed, 3 reserves to the tanks (3.04.04)
    HEIGHLINER = "heighliner"               # an occupancy limit or the rates lifted (3.07.04)
    CARRYALL = "carryall"                   # its player's collection rate doubled (3.08.02)
    CARRIED_HOME = "carried-home"           # its forces of a territory to reserves (3.08.02)
    LONG_LIVE_THE_FIGHTERS = "long-live-the-fighters"   # its free revival doubled (3.09.03)
    BUTLERIAN_JIHAD = "butlerian-jihad"     # every player's spice halved (3.05.02)
    LEADER_BACK_IN_POOL = "leader-back-in-pool"     # by the Shield Hologram (3.07.06)
    FORCED_ON_LOSER = "forced-on-loser"     # the Orange Catholic Bible (3.06.04)
    CIBUS_HOOD = "cibus-hood"               # a leader swapped at the reveal (3.09.02)
    SPICE_BLOW_CARD = "spice-blow-card"     # an additional spice blow (3.06.05)
    EXTRA_BLOW_ENDED = "extra-blow-ended"   # a Nexus ended it (3.06.05)
    # the discovery tokens (001 4.06; variants/discovery_tokens)
    DISCOVERY_BLOW = "discovery-blow"               # 4.06.05: spice and forces destroyed
    DISCOVERY_PLACED = "discovery-placed"           # 4.06.05: a token face down (its type)
    DISCOVERY_NONE_LEFT = "discovery-none-left"     # no token of the type left to place
    DISCOVERY_LOOKED = "discovery-looked"           # 4.06.06.02: the looker alone
    DISCOVERY_REVEALED = "discovery-revealed"       # 4.06.06.02
    DISCOVERY_SPICE = "discovery-spice"             # 4.06.08.04: the Spice Stash
    DISCOVERY_CARD = "discovery-card"               # 4.06.08.03: a card drawn (public)
    DISCOVERY_CARD_SEEN = "discovery-card-seen"     # the card, to its drawer
    DISCOVERY_KEPT = "discovery-kept"               # 4.06.08.05: the Ornithopter kept
    DISCOVERY_FLOWN = "discovery-flown"             # 4.06.08.05: and used
    DISCOVERY_LOCATION = "discovery-location"       # 4.06.06.03: a location on the board
    DISCOVERY_ENTERED = "discovery-entered"         # 4.06.06.05: forces moved into it
    DISCOVERY_LOCATION_SPICE = "discovery-location-spice"   # 4.06.07.02-03: its spice
    DISCOVERY_ORGIZ = "discovery-orgiz"             # 4.06.08.02: 1 of a blow collected
    DISCOVERY_STATION = "discovery-station"         # 4.06.07.04: the storm's move changed
    GREAT_MAKER_VOTE = "great-maker-vote"           # 4.06.09.02: the Nexus voted on
    # standing_cards (003 "Expanded Treachery", "Changed Treachery Cards")
    CONE_OF_SILENCE = "cone-of-silence"
    RESIDUAL_POISON = "residual-poison"
    STANDING_CARDS_SET = "standing-cards-set"
    # before_plans
    BATTLE_SECOND_ROUND = "battle-second-round"
    NO_LEADERS = "no-leaders"
    PLAN_SEEN = "plan-seen"
    PRESCIENCE = "prescience"
    VOICE = "voice"
    VOICE_NOT_OBEYED = "voice-not-obeyed"
    # bidding
    CARD_BOUGHT = "card-bought"
    CARD_PASSED = "card-passed"
    CARD_SEEN = "card-seen"
    CARD_SOLD = "card-sold"
    CARD_UP = "card-up"
    CARDS_DEALT = "cards-dealt"
    CARDS_RETURNED = "cards-returned"
    CHARITY = "charity"
    HANDS_DECLARED = "hands-declared"
    FREE_CARD = "free-card"
    TREACHERY_RESHUFFLED = "treachery-reshuffled"
    # bidding_karama
    CARDS_GIVEN_BACK = "cards-given-back"
    CARDS_RECEIVED = "cards-received"
    CARDS_STOLEN = "cards-stolen"
    CARDS_TAKEN = "cards-taken"
    KARAMA_UNPLAYED = "karama-unplayed"
    STOLEN = "stolen"
    # capture
    CAPTURED_LEADER_KEPT = "captured-leader-kept"
    CAPTURED_LEADER_KILLED = "captured-leader-killed"
    CAPTURED_LEADER_RETURNED = "captured-leader-returned"
    LEADER_CAPTURED = "leader-captured"
    # coexistence
    ADVISOR_SENT = "advisor-sent"
    COEXISTENCE = "coexistence"
    # collection
    SPICE_COLLECTED = "spice-collected"
    SPICE_FLOW = "spice-flow"
    BONUS_SPICE = "bonus-spice"                    # v3, 003 "Collections Bonuses"
    # karama
    KARAMA = "karama"
    KARAMA_CANCELLED = "karama-cancelled"
    KARAMA_AGAINST = "karama-against"       # GF9 001 3.01.12.02: an ability's use cancelled
    # movement
    GUILD_WAITS = "guild-waits"
    SPICE_DECK_TOP = "spice-deck-top"
    TURN = "turn"
    # moves
    MOVE = "move"
    NO_MOVE = "no-move"
    PLANS_FAILED = "plans-failed"
    PLAN_CUT = "plan-cut"                       # a token sprang mid-plan (001 2.12.14.03)
    SHIPMENT = "shipment"
    SHIPMENT_STOPPED = "shipment-stopped"
    STORM_LOSSES = "storm-losses"
    # nexus
    ALLIANCE_ENDED = "alliance-ended"
    ALLIANCE_FORMED = "alliance-formed"
    # prescience
    PRESCIENCE_ANSWER = "prescience-answer"
    PRESCIENCE_ANSWERED = "prescience-answered"
    # revival
    CARD_REVIVAL = "card-revival"
    FORCES_REVIVED = "forces-revived"
    LEADER_REVIVED = "leader-revived"
    REVIVAL_CUT = "revival-cut"
    FREE_REVIVAL_WITHHELD = "free-revival-withheld"
    REVIVAL_SUPPORT = "revival-support"
    REVIVAL_SUPPORTED = "revival-supported"
    # scenario/position
    PHASE = "phase"
    # set_up
    FORCES_PLACED = "forces-placed"
    POCKET_CARD = "pocket-card"                    # 001 2.07.04: to the Ixians alone
    POCKET_KEPT = "pocket-kept"                    # 001 2.07.04
    PREDICTION = "prediction"
    PREDICTION_MADE = "prediction-made"
    TRAITOR = "traitor"
    TRAITOR_CHOSEN = "traitor-chosen"
    TRAITORS = "traitors"
    # the Tleilaxu (001 2.08)
    FACE_DANCERS = "face-dancers"
    FACE_DANCERS_DRAWN = "face-dancers-drawn"
    FACE_DANCER_REVEALED = "face-dancer-revealed"
    FACE_DANCER_REPLACED = "face-dancer-replaced"
    REVIVAL_SUBSIDY = "revival-subsidy"
    # CHOAM (001 2.09)
    CHOAM_INCOME = "choam-income"
    ALLY_CHARITY = "ally-charity"
    MARKET_SET = "market-set"
    CARDS_SOLD = "cards-sold"
    SALE_LAPSED = "sale-lapsed"
    KARAMA_SALE = "karama-sale"                 # 001 1.14.10 (A)
    ELITES_FLIPPED = "elites-flipped"           # 001 1.14.10 (B)
    SMUGGLERS_FLIPPED = "smugglers-flipped"     # 001 2.13.07
    BLACK_MARKET_OFFER = "black-market-offer"   # 001 2.13.05.01: the card revealed
    BLACK_MARKET_SOLD = "black-market-sold"     # 001 2.13.05.03-04
    BLACK_MARKET_UNSOLD = "black-market-unsold"     # 001 2.13.05.05
    WAY_IN = "way-in"                           # 001 2.13.08
    SCRAP_HEAPED = "scrap-heaped"               # 001 2.13.14
    SMUGGLERS_EXPOSED = "smugglers-exposed"     # 001 1.14.14
    SCRAP_SWAPPED = "scrap-swapped"             # 001 2.13.14
    WAY_OUT = "way-out"                         # 001 2.13.09
    SECRET_TUNNELS = "secret-tunnels"           # 001 2.13.10
    FLIP_LAPSED = "flip-lapsed"
    WORTHLESS_USED = "worthless-used"           # 001 2.09.08 (A), 2.09.11 (B)
    USE_LAPSED = "use-lapsed"
    FORCES_SENT_BACK = "forces-sent-back"
    FORCES_SENT_IN = "forces-sent-in"
    BATTLE_SPICE_SHARE = "battle-spice-share"
    BATTLE_FUND = "battle-fund"                 # 001 2.09.16 (A), 2.09.20 (B)
    BATTLE_SPICE_FUNDED = "battle-spice-funded"
    AUDIT = "audit"
    AUDIT_SEEN = "audit-seen"
    AUDIT_CANCELLED = "audit-cancelled"
    AUDIT_ESTIMATE = "audit-estimate"           # 001 2.09.23 (B)
    AUDITOR_LENT = "auditor-lent"               # 001 2.09.21 (B)
    STANDING_SET = "standing-set"
    CARDS_SWAPPED = "cards-swapped"
    CARDS_SWAPPED_SEEN = "cards-swapped-seen"
    INFLATION = "inflation"
    EARNINGS = "earnings"
    EARNINGS_SHOWN = "earnings-shown"
    REVIVAL_STOPPED = "revival-stopped"         # 001 1.14.09
    REVIVAL_TERMS = "revival-terms"             # 001 2.08.12, 2.08.14
    GHOLA_REVIVED = "ghola-revived"             # 001 2.08.17
    GHOLA_NOT_REVIVED = "ghola-not-revived"
    AMBASSADORS_DRAWN = "ambassadors-drawn"     # 001 2.11.04, 2.11.09
    AMBASSADOR_PLACED = "ambassador-placed"     # 001 2.11.06-07
    AMBASSADOR_SET_UP = "ambassador-set-up"     # 001 2.11.04 (B)
    AMBASSADORS_FACE_DOWN = "ambassadors-face-down"     # 001 2.11.08 (B)
    AMBASSADORS_RETURNED = "ambassadors-returned"       # 001 2.11.14 (B)
    AMBASSADOR_SENT_BESIDE = "ambassador-sent-beside"   # 001 2.11.17.03 (B)
    AMBASSADOR_WORM_MOVED = "ambassador-worm-moved"     # 001 2.11.17.05 (B)
    AMBASSADOR_TANKS_LEADER = "ambassador-tanks-leader"     # 001 2.11.17.09 (B)
    AMBASSADOR_QUESTION = "ambassador-question"     # 001 2.11.17.02 (B), 2.11.17.06 (B)
    AMBASSADOR_ANSWER = "ambassador-answer"         # 001 2.11.17.02 (B), 2.11.17.06 (B)
    AMBASSADOR_TANKS_LEADER_BACK = "ambassador-tanks-leader-back"   # 001 2.11.17.09 (B)
    AMBASSADOR_TRIGGERED = "ambassador-triggered"   # 001 2.11.08
    AMBASSADOR_HAND_SEEN = "ambassador-hand-seen"   # 001 2.11.17.02
    AMBASSADOR_SPICE = "ambassador-spice"       # 001 2.11.17.04
    AMBASSADOR_TRAITOR_SEEN = "ambassador-traitor-seen"     # 001 2.11.17.06
    AMBASSADOR_REVIVED = "ambassador-revived"   # 001 2.11.17.09
    AMBASSADOR_CARD = "ambassador-card"         # 001 2.11.17.11
    AMBASSADOR_CARD_DRAWN = "ambassador-card-drawn"
    TERROR_PLACED = "terror-placed"             # 001 2.12.08
    TERROR_MOVED = "terror-moved"               # 001 2.12.08
    TERROR_SCHEMED = "terror-schemed"           # 001 2.12.08.04 (B)
    TERROR_RODE = "terror-rode"                 # 001 2.12.15 (B)
    TERROR_STRUCK = "terror-struck"             # 001 2.12.09 (B): Organized Strike
    TERROR_ATOMICS_B = "terror-atomics-b"       # 001 2.12.14.03 (B)
    TERROR_EXTORTION_B = "terror-extortion-b"   # 001 2.12.14.04 (B)
    TERROR_ROBBERY_B = "terror-robbery-b"       # 001 2.12.14.05 (B)
    TERROR_ROBBERY_SETTLED = "terror-robbery-settled"   # 001 2.12.14.05 (B)
    TERROR_SABOTAGE_B = "terror-sabotage-b"     # 001 2.12.14.06 (B)
    TERROR_CARD_TAKEN = "terror-card-taken"     # 001 2.12.14.06 (B)
    TERROR_HOSTAGE = "terror-hostage"           # 001 2.12.14.02 (B)
    HOSTAGE_SETTLED = "hostage-settled"         # 001 2.12.14.02 (B)
    TERROR_TRIGGERED = "terror-triggered"       # 001 2.12.09
    TERROR_ASSASSINATION = "terror-assassination"   # 001 2.12.14.02
    TERROR_ATOMICS = "terror-atomics"           # 001 2.12.14.03
    HAND_LIMIT_DISCARD = "hand-limit-discard"   # 001 2.12.14.03
    TERROR_EXTORTION = "terror-extortion"       # 001 2.12.14.04
    EXTORTION_COLLECTED = "extortion-collected"
    EXTORTION_PAID = "extortion-paid"           # 001 2.12.14.04
    TERROR_ROBBERY = "terror-robbery"           # 001 2.12.14.05
    TERROR_CARD_DRAWN = "terror-card-drawn"
    TERROR_SABOTAGE = "terror-sabotage"         # 001 2.12.14.06
    TERROR_GIFT = "terror-gift"                 # 001 2.12.14.06
    TERROR_GIFT_CARD = "terror-gift-card"
    TERROR_SNEAK_ATTACK = "terror-sneak-attack"     # 001 2.12.14.07
    LEADER_ASSASSINATED = "leader-assassinated"     # 001 2.12.20
    ASSASSIN_DRAWS = "assassin-draws"           # 001 2.12.20
    ASSASSINATION_LOST = "assassination-lost"   # 001 2.12.21
    KARAMA_WINNER_CARDS = "karama-winner-cards"     # 001 1.14.13 (A)
    TERROR_ALLIANCE = "terror-alliance"         # 001 2.12.15-16 (A)
    TERROR_ALLIANCE_REFUSED = "terror-alliance-refused"     # 001 2.12.16 (A)
    BOUNTY_BOARD = "bounty-board"               # 001 2.12.04-05 (B)
    BOUNTY_REDRAW = "bounty-redraw"             # 001 2.12.17 (B)
    BOUNTY_CASHED = "bounty-cashed"             # 001 2.12.19 (B)
    AMBASSADOR_COPIED = "ambassador-copied"     # 001 2.11.17.03
    AMBASSADOR_MOVED = "ambassador-moved"       # 001 2.11.17.05
    AMBASSADOR_SENT = "ambassador-sent"         # 001 2.11.17.07
    AMBASSADOR_DISCARDED = "ambassador-discarded"   # 001 2.11.17.08, 2.11.17.10
    AMBASSADOR_RETURNED = "ambassador-returned"     # 001 2.11.10
    AMBASSADOR_ALLIANCE = "ambassador-alliance"     # 001 2.11.17.12 (A)
    KARAMA_DIAL = "karama-dial"                 # 001 1.14.12 (A)
    KARAMA_COOCCUPY = "karama-cooccupy"         # 001 1.14.12 (B)
    DUKE_VIDAL_TAKEN = "duke-vidal-taken"       # 001 2.11.17.12, 2.12.17 (A)
    DUKE_VIDAL_ASIDE = "duke-vidal-aside"       # 001 2.11.17.12, 2.11.23, 2.12.18 (A)
    CO_OCCUPIED_SUPPORT = "co-occupied-support"     # 001 2.11.20 (A)
    # spice_blow
    NEXUS = "nexus"
    SPICE_CARD = "spice-card"
    SPICE_DECK_RESHUFFLED = "spice-deck-reshuffled"
    SPICE_IN_STORM = "spice-in-storm"
    SPICE_PLACED = "spice-placed"
    WORM_DEVOURED = "worm-devoured"
    WORM_IGNORED = "worm-ignored"
    WORM_PLACED = "worm-placed"
    WORM_RESHUFFLED = "worm-reshuffled"
    WORM_SET_ASIDE = "worm-set-aside"
    WORM_RIDE = "worm-ride"
    # storm
    PLACE_MOVED = "place-moved"                    # the board layer: 001 2.07.19
    PLACE_PUT = "place-put"                        # the board layer: 001 2.07.05
    STORM_DECK_DRAWN = "storm-deck-drawn"          # GF9, 001 2.04.14
    STORM_DECK_REVEALED = "storm-deck-revealed"    # GF9, 001 2.04.14
    STORM_DECK_SEEN = "storm-deck-seen"            # GF9, 001 2.04.15: to the Fremen alone
    BONUS_CARDS_CLAIMED = "bonus-cards-claimed"    # v3, 003 "Claiming Bonus Cards"
    STORM_CARD_DRAWN = "storm-card-drawn"          # v3, 003 "Moving the Storm": unseen
    STORM_CARD_REVEALED = "storm-card-revealed"    # v3, 003 "Moving the Storm"
    STORM_DIALS = "storm-dials"
    STORM_MOVES = "storm-moves"
    STORM_PLACED = "storm-placed"
    STORM_SPICE_LOST = "storm-spice-lost"
    WEATHER_MARKER = "weather-marker"
    WEATHER_MARKER_DRAWN = "weather-marker-drawn"
    WEATHER_MARKER_REVEALED = "weather-marker-revealed"
    # storm_cards
    FAMILY_ATOMICS = "family-atomics"
    WEATHER_CONTROL = "weather-control"
    # tech_tokens (001 4.05)
    TECH_INCOME = "tech-income"
    TECH_INCOME_COLLECTED = "tech-income-collected"
    TECH_TOKEN_DEALT = "tech-token-dealt"
    TECH_TOKEN_TAKEN = "tech-token-taken"
    STRONGHOLD_CARD_TAKEN = "stronghold-card-taken"         # 001 4.04.03
    STRONGHOLD_CARD_SET_ASIDE = "stronghold-card-set-aside"  # 001 4.04.02
    STRONGHOLD_CARD_SPICE = "stronghold-card-spice"         # 001 4.04.04.02, .07, .08
    STRONGHOLD_CARD_PAYS = "stronghold-card-pays"           # 001 4.04.04.02
    STRONGHOLD_CARD_SAVED = "stronghold-card-saved"         # 001 4.04.04.08
    STRONGHOLD_CARD_SENT = "stronghold-card-sent"           # 001 4.04.04.03
    STRONGHOLD_CARD_COPIED = "stronghold-card-copied"       # 001 4.04.04.05
    # homeworlds (001 4.10)
    HOMEWORLD_CHARITY = "homeworld-charity"         # 4.10.12.05: +1 with CHOAM Charity
    HOMEWORLD_DEFENDED = "homeworld-defended"       # 4.10.12.06: natives out to fight
    OCCUPIER_INCOME = "occupier-income"             # 4.10.12.09
    HOMEWORLD_SPICE = "homeworld-spice"             # 4.10.12 "Giedi Prime" (High)
    OCCUPIER_SHARE = "occupier-share"               # 4.10.12 "Southern Hemisphere" (Occupied)
    PAYMENT_HALVED = "payment-halved"               # 4.10.12 "Kaitain", "Junction" (Low)
    OCCUPIER_FREE_CARD = "occupier-free-card"       # 4.10.12 "Giedi Prime" (Occupied)
    HOMEWORLD_REINFORCED = "homeworld-reinforced"   # 4.10.12 "Caladan" (High)
    HOMEWORLD_REVIVAL = "homeworld-revival"         # 4.10.12 "Ix" (High)
    HOMEWORLD_DISCARDS = "homeworld-discards"       # 4.10.12 "Kaitain" (High)
    TUPILE_QUESTION = "tupile-question"             # 4.10.12 "Tupile" (Low): public
    TUPILE_ANSWER = "tupile-answer"                 # its answer, to CHOAM and the asked
    HOMEWORLD_SENT = "homeworld-sent"               # 4.10.12 "Southern Hemisphere" (High)
    POISON_BOUNTY = "poison-bounty"                 # 4.10.12 "Ecaz" (High)
    HOMEWORLD_TOKEN = "homeworld-token"             # 4.10.12 "Grumman" (High): no token named
    HOMEWORLD_PICKED = "homeworld-picked"           # 4.10.12 "Richese" (Occupied): public
    OCCUPIER_HALF = "occupier-half"                 # 4.10.12 "Richese" (Occupied)
    HOMEWORLD_MOVED = "homeworld-moved"             # 4.10.12 "Salusa Secundus": public
    # leader_skills (001 4.07)
    SKILL_KEPT = "skill-kept"                   # 4.07.02-03: kept, face up, with its leader
    SKILL_LOST = "skill-lost"                   # 4.07.11: its leader killed
    SKILL_BONUS = "skill-bonus"                 # 4.07.15: a leader disc's bonus in a battle
    SKILL_SAVED = "skill-saved"                 # 4.07.15.13: Suk Graduate's forces saved
    SKILL_SMUGGLED = "skill-smuggled"           # 4.07.15.11: the Smuggler's free force
    SKILL_SPICE = "skill-spice"                 # 4.07.15.11: the Smuggler's spice in battle
    SKILL_DIVERTED = "skill-diverted"           # 4.07.15.02: the Bureaucrat's 2 to the bank
    SKILL_BANKED = "skill-banked"               # 4.07.15.12: the Spice Banker's 1 spice
    SKILL_ASKED = "skill-asked"                 # 4.07.15.06: the Mentat asks (public)
    SKILL_SHOWN = "skill-shown"                 # 4.07.15.06: the card shown (the two alone)
    SKILL_PEEK = "skill-peek"                   # 4.07.15.09: traitor cards looked at
    SKILL_TRAITOR = "skill-traitor"             # 4.07.15.09: a traitor returned (public)
    SKILL_TRAITOR_KEPT = "skill-traitor-kept"   # 4.07.15.09: the one kept (its holder alone)
    SKILL_SPICE_ADDED = "skill-spice-added"     # 4.07.15.10: the Sandmaster's 3 from the bank
    SKILL_DEFENSE = "skill-defense"             # 4.07.15.03: a Worthless card as their defense
    SKILL_RETREAT = "skill-retreat"             # 4.07.15.03: the Diplomat's forces retreat
    SKILL_DRAWN = "skill-drawn"                 # 4.07.12: two drawn for a leader's revival
    # nexus_cards (001 4.03)
    NEXUS_CARD_DRAWN = "nexus-card-drawn"           # 4.03.04: a card drawn (public)
    NEXUS_CARD_SEEN = "nexus-card-seen"             # 4.03.04: which (its holder alone)
    NEXUS_CARD_DISCARDED = "nexus-card-discarded"   # 4.03.02-04: discarded unused, face up
    NEXUS_CARD_REVEALED = "nexus-card-revealed"     # 4.03.05: drawn again and revealed
    NEXUS_CARDS_REVEALED = "nexus-cards-revealed"   # 4.03.04 (B): revealed, then dealt
    NEXUS_CARD_PLAYED = "nexus-card-played"         # 4.03.06: played, face up
    NEXUS_CARD_UNPLAYED = "nexus-card-unplayed"     # 4.03.06: could not be played now
    NEXUS_CHOAM_DISCARD = "nexus-choam-discard"     # 4.03.07.10: CHOAM's random discard
    NEXUS_TRAITORS_ASKED = "nexus-traitors-asked"   # 4.03.07.12: traitors announced
    NEXUS_FORCES_REVIVED = "nexus-forces-revived"   # 4.03.07.04-05: forces revived free
    NEXUS_TRAITOR_SWAPPED = "nexus-traitor-swapped"     # 4.03.07.06: one drawn, one back
    NEXUS_TRAITOR_SWAPPED_CARDS = "nexus-traitor-swapped-cards"     # which (the holder)
    NEXUS_FACE_DANCERS_REPLACED = "nexus-face-dancers-replaced"     # 4.03.07.09
    NEXUS_SENT_HOME = "nexus-sent-home"             # 4.03.07.12: Ecaz's ally sent home
    NEXUS_TERROR_RETURNED = "nexus-terror-returned"  # 4.03.07.13: a Terror token taken back
    NEXUS_SPICE_KEPT = "nexus-spice-kept"           # 4.03.07.04: a card bought, spice kept
    NEXUS_POWERS_LENT = "nexus-powers-lent"         # 4.03.07: another faction's powers lent
    NEXUS_POWERS_WITHHELD = "nexus-powers-withheld"     # 4.03.07: a faction's own withheld
    NEXUS_CARD_SET = "nexus-card-set"               # 4.03.07: set for a phase's end (holder)
    NEXUS_WORTHLESS_SOLD = "nexus-worthless-sold"   # 4.03.07.10: a Worthless card for 2
    NEXUS_LEADER_REVIVED = "nexus-leader-revived"   # 4.03.07.09: a leader revived free
    NEXUS_EMPEROR_PAID = "nexus-emperor-paid"       # 4.03.07.04: for the ally's card
    NEXUS_WORM_SPARED = "nexus-worm-spared"         # 4.03.07.05: no forces lost to a worm
    NEXUS_WORM_RIDDEN = "nexus-worm-ridden"         # 4.03.07.05: a worm ridden from afar
    NEXUS_POWER_STOPPED = "nexus-power-stopped"     # 4.03.07.02-03: stopped in a battle
    NEXUS_PAYMENT_TAKEN = "nexus-payment-taken"     # 4.03.07.07: a shipment's payment
    NEXUS_TRAITOR_CANCELLED = "nexus-traitor-cancelled"     # 4.03.07.06: shuffled back
    NEXUS_TRAITOR_REDRAWN = "nexus-traitor-redrawn"         # 4.03.07.06: at War Continues
    NEXUS_TRAITOR_REDRAWN_CARDS = "nexus-traitor-redrawn-cards"     # which (the drawer)
    NEXUS_FACE_DANCER_CANCELLED = "nexus-face-dancer-cancelled"     # 4.03.07.09
    NEXUS_SARDAUKAR_LOANED = "nexus-sardaukar-loaned"       # 4.03.07.04: forces as Sardaukar
    NEXUS_HAND_LOOKED = "nexus-hand-looked"     # 4.03.07.10: a loser's card looked at
    NEXUS_HAND_CARD = "nexus-hand-card"         # which (the winner alone)
    NEXUS_SALE_BETRAYED = "nexus-sale-betrayed"     # 4.03.07.11: a cache card's sale
    NEXUS_INTERNAL_AUDIT = "nexus-internal-audit"   # 4.03.07.10 (B): 6 spice from the bank
    NEXUS_POWER_BORROWED = "nexus-power-borrowed"   # 4.03.07.02-03: a battle power lent
    NEXUS_PRESCIENCE_TWICE = "nexus-prescience-twice"   # 4.03.07.02: a second question
    NEXUS_TOP_CARD = "nexus-top-card"           # 4.03.07.06 (B): a card drawn free, bought
    NEXUS_SUPPLY_CHAIN = "nexus-supply-chain"   # 4.03.07.08 (B): 3 drawn, one kept
    NEXUS_SUPPLY_CHAIN_CARDS = "nexus-supply-chain-cards"   # which (the holder alone)
    NEXUS_GHOLA_TAKEN = "nexus-ghola-taken"     # 4.03.07.09 (B): a leader from the tanks
    NEXUS_GHOLA_RETURNED = "nexus-ghola-returned"   # 4.03.07.09 (B): back at War Continues
    NEXUS_NULLENTROPY = "nexus-nullentropy"     # 4.03.07.11 (B): a card of the discard pile
    NEXUS_SABOTAGE = "nexus-sabotage"           # 4.03.07.13 (B): a card taken, one given
    NEXUS_SABOTAGE_CARDS = "nexus-sabotage-cards"   # which (the two factions alone)
    # transfers
    ALLY_CONSTRAINT = "ally-constraint"
    BRIBE = "bribe"
    BRIBES_COLLECTED = "bribes-collected"
    SPICE_GIVEN = "spice-given"
    SPICE_PROMISED = "spice-promised"
    # truthtrance
    TRUTHTRANCE = "truthtrance"
    TRUTHTRANCE_ANSWER = "truthtrance-answer"
    TRUTHTRANCE_UNPLAYED = "truthtrance-unplayed"
    # players (003 "Playing with two or three")
    COMMAND_CHANGED = "command-changed"
    # main leaders (003 "Main Leaders")
    FACTION_OUT = "faction-out"
    # victory
    BONUS_CARDS_RETURNED = "bonus-cards-returned"  # v3, 003 "Round 8: Control"
    GAME_OVER = "game-over"
    PREDICTION_REVEALED = "prediction-revealed"
    STRONGHOLDS_HELD = "strongholds-held"


class ErrorCode(StrEnum):
    """Why a line of order text was refused."""

    # battle_karama
    BAD_KARAMA = "bad-karama"
    KARAMA_NOT_OPEN = "karama-not-open"
    NOT_ENOUGH_CARDS = "not-enough-cards"
    # battle_orders
    BAD_CAPTURE = "bad-capture"
    # the Tleilaxu (001 2.08.06)
    NOT_A_FACE_DANCER = "not-a-face-dancer"
    NOT_A_GHOLA = "not-a-ghola"                 # 001 2.08.17
    NO_TERMS = "no-terms"                       # 001 2.08.12, 2.08.14, 1.14.09
    BAD_TRIGGER = "bad-trigger"                 # 001 2.11.08 (token_triggers)
    BAD_AMBASSADOR = "bad-ambassador"           # 001 2.11.06-07
    BAD_TERROR = "bad-terror"                   # 001 2.12.08
    BAD_REINFORCE = "bad-reinforce"             # 001 4.10.12 "Caladan"
    BAD_KAITAIN = "bad-kaitain"                 # 001 4.10.12 "Kaitain"
    BAD_TUPILE = "bad-tupile"                   # 001 4.10.12 "Tupile"
    BAD_SEND = "bad-send"                       # 001 4.10.12 "Southern Hemisphere", "Tleilax"
    BAD_GRUMMAN = "bad-grumman"                 # 001 4.10.12 "Grumman"
    BAD_FACING = "bad-facing"                   # 001 4.10.12 "Ecaz"
    BAD_PICK = "bad-pick"                       # 001 4.10.12 "Richese"
    BAD_SALUSA = "bad-salusa"                   # 001 4.10.12 "Salusa Secundus"
    BAD_JUNCTION = "bad-junction"               # 001 4.10.12 "Junction"
    BAD_PRICE = "bad-price"
    BAD_CHEAP_HERO = "bad-cheap-hero"
    BAD_DIAL = "bad-dial"
    BAD_LOSSES = "bad-losses"
    BAD_PLAN_LINE = "bad-plan-line"
    BAD_TOOTH = "bad-tooth"
    BAD_SPECIAL = "bad-special"
    BAD_AUDIT = "bad-audit"
    BAD_TOKEN = "bad-token"
    BESIDE = "beside"
    CARD_NOT_HELD = "card-not-held"
    CARD_TWICE = "card-twice"
    DIAL = "dial"
    DIAL_REQUIRED = "dial-required"
    DISCARD = "discard"
    KH_ALONE = "kh-alone"
    LEADER_FOUGHT = "leader-fought"
    LEADER_IN_TANKS = "leader-in-tanks"
    LEADER_REQUIRED = "leader-required"
    LOSSES = "losses"
    MISSING_CARD = "missing-card"
    NO_CAPTURE = "no-capture"
    NO_KARAMA_CAPTURE = "no-karama-capture"
    NO_KWISATZ_HADERACH = "no-kwisatz-haderach"
    NO_LEADER_NO_CARDS = "no-leader-no-cards"
    NO_SPICE = "no-spice"
    NO_TECH_TOKEN = "no-tech-token"
    NOT_YOUR_LEADER = "not-your-leader"
    ONE_LEADER = "one-leader"
    SPICE = "spice"
    TWO_CHEAP_HEROS = "two-cheap-heros"
    TWO_DEFENSES = "two-defenses"
    TWO_LEADERS = "two-leaders"
    TWO_WEAPONS = "two-weapons"
    UNKNOWN_CARD = "unknown-card"
    UNKNOWN_LEADER = "unknown-leader"
    WRONG_PLACE = "wrong-place"
    # bid_orders
    BAD_BID = "bad-bid"
    BAD_NUMBER = "bad-number"
    BAD_PASS = "bad-pass"
    NOT_UP = "not-up"
    OVER_MEANS = "over-means"
    # bidding_karama
    KARAMA = "karama"
    NOT_IN_HAND = "not-in-hand"
    RETURN_COUNT = "return-count"
    TWICE = "twice"
    # coexistence
    ADVISORS = "advisors"
    ADVISORS_THERE = "advisors-there"
    SHIPPED_FIGHTERS = "shipped-fighters"
    NO_COEXISTENCE = "no-coexistence"
    POLAR_SINK = "polar-sink"
    # karama
    NO_CARD = "no-card"
    # move_orders
    ALLY_BRIBE = "ally-bribe"
    BRIBES_BARRED = "bribes-barred"
    BAD_GIFT = "bad-gift"
    BAD_CHARITY = "bad-charity"
    BAD_MOVE = "bad-move"
    BAD_SHIPMENT = "bad-shipment"
    HAJR = "hajr"
    MISSING_TO = "missing-to"
    NO_TIMING = "no-timing"
    NO_WAIT = "no-wait"
    NOT_ENOUGH_SPICE = "not-enough-spice"
    TIMING = "timing"
    WAIT_AND_MOVE = "wait-and-move"
    # nexus
    ALLIANCE_TOO_BIG = "alliance-too-big"
    ALLY_OCCUPIER = "ally-occupier"                # 001 4.10.09
    FACTION_TWICE = "faction-twice"
    # orders
    FACTION_NOT_ALLOWED = "faction-not-allowed"
    MISSING_FACTION = "missing-faction"
    MISSING_FORCES = "missing-forces"
    MISSING_TERRITORY = "missing-territory"
    NOT_FILED = "not-filed"
    NOT_NOW = "not-now"
    NOTHING_TO_DECIDE = "nothing-to-decide"
    OUT_OF_RANGE = "out-of-range"
    REPLACED = "replaced"
    TERRITORY_NOT_ALLOWED = "territory-not-allowed"
    UNKNOWN_FACTION = "unknown-faction"
    UNKNOWN_TERRITORY = "unknown-territory"
    WRONG_SECTOR = "wrong-sector"
    # plan_conditions
    BAD_CONDITION = "bad-condition"
    KARAMA_TOO_LATE = "karama-too-late"
    NO_CONDITION_NOW = "no-condition-now"
    NOT_ASKED = "not-asked"
    NOT_VOICED = "not-voiced"
    PRESCIENCE_BOUND = "prescience-bound"
    VOICE_BROKEN = "voice-broken"
    # prescience
    BAD_PRESCIENCE = "bad-prescience"
    BAD_QUESTION = "bad-question"       # 001 2.11.17.02 (B), 2.11.17.06 (B)
    # reach
    ALLY_THERE = "ally-there"
    DESTINATION_IN_STORM = "destination-in-storm"
    GROUP_NEEDED = "group-needed"
    KARAMA_RESERVE_ONLY = "karama-reserve-only"
    NO_FORCES = "no-forces"
    NOT_ENOUGH_FORCES = "not-enough-forces"
    NOT_ENOUGH_RESERVE = "not-enough-reserve"
    OUT_OF_REACH = "out-of-reach"
    PLACE_SHUT = "place-shut"                      # 001 2.07.21
    SAME_TERRITORY = "same-territory"
    SECTOR_NEEDED = "sector-needed"
    SHIPMENT_KIND = "shipment-kind"
    STORM_HOLDS = "storm-holds"
    STRONGHOLD_FULL = "stronghold-full"
    TERRITORY_OCCUPIED = "territory-occupied"      # 001 2.12.03
    STRONGHOLD_PLACEMENT = "stronghold-placement"  # 001 2.13.03
    BAD_WAY_IN = "bad-way-in"                      # 001 2.13.08
    BAD_WAY_OUT = "bad-way-out"                    # 001 2.13.09
    BAD_TUNNELS = "bad-tunnels"                    # 001 2.13.10
    BAD_AUCTION = "bad-auction"                    # 001 2.13.05
    BAD_SCRAP = "bad-scrap"                        # 001 2.13.14
    MOVE_BARRED = "move-barred"                 # 001 2.09.08 (A), 2.09.11 (B): Baliset
    # revival_orders
    BAD_FORCES = "bad-forces"
    BAD_SUPPORT = "bad-support"
    GHOLA_REVIVAL = "ghola-revival"
    KARAMA_REVIVAL = "karama-revival"
    LEADER_COST = "leader-cost"
    LEADER_NOT_IN_TANKS = "leader-not-in-tanks"
    LEADER_NOT_REVIVABLE = "leader-not-revivable"
    LEADER_TWICE = "leader-twice"
    NO_GHOLA = "no-ghola"
    NO_KARAMA = "no-karama"
    NO_SUPPORT = "no-support"
    NO_GRANT = "no-grant"
    NOT_IN_TANKS = "not-in-tanks"
    REVIVAL_LIMIT = "revival-limit"     # more of a kind than it revives a turn
    TOO_MANY_FORCES = "too-many-forces"
    WHICH_ALLY = "which-ally"
    # set_up
    INCOMPLETE = "incomplete"
    NO_FEDAYKIN = "no-fedaykin"
    NOT_IN_DRAW = "not-in-draw"
    PLACEMENT_TOTAL = "placement-total"
    TOO_MANY_FEDAYKIN = "too-many-fedaykin"
    # players (003 "Playing with two or three")
    NOT_YOURS_TO_SWAP = "not-yours-to-swap"
    # spice_blow
    RIDE_NOT_ALLOWED = "ride-not-allowed"
    # truthtrance
    BAD_ANSWER = "bad-answer"
    MISSING_QUESTION = "missing-question"
    WHICH_QUESTION = "which-question"
    # voice
    BAD_VOICE = "bad-voice"
    VOICE_CHEAP_HERO = "voice-cheap-hero"
    VOICE_WORTHLESS_PLACE = "voice-worthless-place"
