"""The shape of a game of classic Dune's state: TypedDicts over plain JSON data.

The state is a plain JSON value (``state.py`` reads and changes it); these declare its keys,
a faction's sheet and each phase's ``step``, for readers and type checkers.  A test walks real
games and checks every key against them (``tests/dune/test_schema.py``), so they cannot drift.
JSON has no tuples: a ``tuple[...]`` here is a list of that fixed length.
"""

# No ``from __future__ import annotations``: TypedDict reads ``NotRequired`` only from
# evaluated annotations (Python 3.11).
from typing import Any, NotRequired, TypedDict

Forces = dict[str, int]                 # kind of force -> how many, never 0 (``forces.Counts``)


class Storm(TypedDict):
    sector: int | None                  # None before the first storm
    dialers: list[str]                  # the two factions who last used the wheels (000 VI.B)
    dials: dict[str, int]               # secret until used
    marker: int | None                  # the Fremen's next weather marker (000 XVI), or under
    #                                     GF9 their storm card (001 2.04.14); secret


class Prediction(TypedDict):
    faction: str
    turn: int


class KwisatzHaderach(TypedDict):
    losses: int                         # the Atreides forces lost in battles in the game
    tanks: bool                         # whether the Kwisatz Haderach was killed (000 line 762)


class Sheet(TypedDict):
    """A faction's private sheet, ``state["factions"][seat]``."""

    spice: int
    reserve: Forces
    tanks: Forces
    to_place: int                       # forces still to be placed at set-up
    hand: list[str]                     # card ids
    traitors: list[str]
    traitor_draw: list[str]             # leaders drawn at set-up
    leaders: dict[str, str]     # leader -> where: ``alive``, ``tanks``, ``face down``, ``captured``
    # the leaders revived since the faction last began reviving leaders, for 000 IX.D.5
    # (``leaders.py``)
    leaders_revived: list[str]
    charity_declined: NotRequired[bool]  # GF9: it calls no CHOAM Charity (``deals``)
    prediction: Prediction | None       # the Bene Gesserit's (000 line 780)
    # the Bene Gesserit's advisors: territory -> how they stand (``coexistence``)
    advisors: NotRequired[dict[str, str]]
    # the Atreides' Kwisatz Haderach (``battle``)
    kwisatz_haderach: NotRequired[KwisatzHaderach]
    # the leaders the Harkonnen hold captured, leader -> owner (``capture``; absent until the
    # first capture)
    captured: NotRequired[dict[str, str]]
    # the territories where the Bene Gesserit's forces coexist (000 XV.B.4-5), in board order
    coexisting: NotRequired[list[str]]
    # the faction used its special Karama power, where that is once a game (001 1.14.01)
    karama_power_used: NotRequired[bool]
    # Richese: the turn of their last No-Field revealed at will (001 2.10.13, ``richese_no_fields``)
    no_field_revealed: NotRequired[int]
    # Richese: the No-Field they lend to their ally's next shipment (001 2.10.20)
    no_field_lent: NotRequired[str]
    # a Semuta Drug's holder: the card it takes when another discards (001 3.03.10: a name, or
    # ``ANY``), standing until played (``cards.semuta``)
    semuta: NotRequired[str]
    # a Juice of Sapho's holder: its place in storm order and the phase (001 3.03.03: ``place``
    # first or last, ``phase``), standing until played (``cards.sapho``)
    sapho: NotRequired[dict[str, str]]
    # Recruits' holder: its word to play it as the next revival phase begins (001 3.04.03,
    # ``cards.recruits``), standing until played
    recruits: NotRequired[bool]
    # Long Live the Fighters' holder: its word to play it as the next revival phase begins
    # (001 3.09.03, ``cards.long_live_the_fighters``), standing until played
    fighters: NotRequired[bool]
    # the Carryall's holder: its word to play it as the next collection phase begins (001
    # 3.08.02, ``cards.carryall``): ``territory`` (or None) and ``count`` (or None: all)
    carryall: NotRequired[dict[str, Any]]
    # the Heighliner's holder: its word to play it as the next shipment and movement begins
    # (001 3.07.04, ``cards.heighliner``): a stronghold or ``RATES``
    heighliner: NotRequired[str]
    # its word on the discovery tokens it reveals before Spice Collection (001 4.06.06.02,
    # ``variants.discovery_tokens``): ``all``, ``none`` or token values; unset, all
    discovery: NotRequired[str | list[str]]
    # its standing vote for a Nexus at a Great Maker (001 4.06.09.02, ``variants.great_maker``):
    # True for yes; unset, no
    maker: NotRequired[bool]
    # a Water of Life's holder: the two factions whose player markers it swaps (001 3.06.07),
    # standing until played (``cards.water_of_life``)
    water_of_life: NotRequired[list[str]]
    # the powers of another faction a Nexus card played lends it, each with the phase at whose
    # end it is given back (001 4.03.07: ``variants.nexus_cards.lend``; public), which
    # ``factions.has`` answers for
    nexus_lent: NotRequired[dict[str, str]]
    # its own powers a Nexus card's Betrayal withholds, each with the phase at whose end it is
    # given back (001 4.03.07.08; public), which ``factions.has`` answers no for
    nexus_withheld: NotRequired[dict[str, str]]
    # the leaders the Tleilaxu Nexus card's GHOLAS gave it, each with his faction's seat, to
    # War Continues (001 4.03.07.09 B: ``factions.nexus_ghola``; public)
    nexus_gholas: NotRequired[dict[str, str]]
    # the card of its hand its TOP CARD or ALTERNATE SUPPLY CHAIN line named, discarded if its
    # hand goes over its limit (001 4.03.07.06, .08 B: ``variants.nexus_cards``; secret)
    nexus_discard: NotRequired[str]
    # the use its Nexus card is set for, carried out at the end of the use's phase (001 4.03.07:
    # ``NexusPlay.at``; secret), until then or until the card leaves its hand
    nexus_set: NotRequired[str]


# pile -> its cards, top last: every pile of every deck of the game's data (``decks.py``,
# ``data/classic/decks.yaml``: treachery, treachery_discard, treachery_removed, spice,
# spice_discard, spice_discard_2, traitors)
Decks = dict[str, list[str]]


class TokenRecord(TypedDict):
    """A token on the token layer (``tokens.py``): its kind and value (hidden face down), its
    owner, its place (``at``: board, front, behind, aside; on the board a territory and a
    sector), its face, and spice lying on it."""

    kind: str
    value: str
    owner: str | None
    at: str
    face: str
    territory: NotRequired[str]
    sector: NotRequired[int]
    spice: NotRequired[int]
    leader: NotRequired[str]            # a leader skill card's leader (001 4.07.03)
    used: NotRequired[str]              # a skill's once-a-phase top half used: "<turn>:<phase>"
    asks: NotRequired[str]              # the Mentat's standing question (001 4.07.15.06)
    tanks: NotRequired[list[str]]       # drawn for a revival: its holder's leaders then in the
    #                                     tanks (001 4.07.12)
    chosen: NotRequired[bool]           # drawn for a revival: the one its holder would keep
    copy: NotRequired[str]              # the card the HMS card copies (001 4.04.04.05)


class Question(TypedDict):
    asker: str
    asked: str
    question: str


class Result(TypedDict):
    victory: str
    winners: list[str]
    turn: int
    strongholds_held: dict[str, list[str]]
    ranking: NotRequired[list[str]]     # v3: the winners, then the others, by spice (003)


# --- each phase's step
class SetUpStep(TypedDict):
    round: int


class StormStep(TypedDict):
    moved: bool
    revealed: NotRequired[bool]         # the dials are revealed
    decided: NotRequired[list[str]]     # the holders of storm cards who answered (``storm_cards``)
    control: NotRequired[int | None]    # the sectors Weather Control moves the storm


class Worm(TypedDict):
    card: str
    territory: str | None
    controlled: bool
    placed: bool
    stages: list[str]                   # what is left of the worm: Nexus, placement, ...
    rides: NotRequired[list[str]]       # GF9: the rides still to come after the Nexus
    summon: NotRequired[bool]           # GF9: the Karama worm's decision (001 1.14.04)
    by: NotRequired[str]                # GF9: who decides it


class SpiceBlowStep(TypedDict):
    pile: int                           # the discard pile turned up now
    pile_worms: int                     # the worms turned up on it
    worm: Worm | None
    done: bool
    aside: NotRequired[list[str]]       # GF9: the worms of turn 1 set aside (001 1.02.03)
    nexus: NotRequired[str]             # GF9: the worm that calls the Nexus at the end (001
                                        # 1.02.07)
    ended: NotRequired[bool]            # GF9: every pile has its spice, the Nexus is open
    rides: NotRequired[list[str]]       # GF9: the territories of the worms the Fremen ride
                                        # after the Nexus (001 2.04.09)
    summoned: NotRequired[bool]         # GF9: the Karama worm was asked this phase (1.14.04)
    nexus_again: NotRequired[list[str]]  # GF9: a further Nexus round for these (001 1.10.02.06)
    nexus_allied: NotRequired[list[str]]  # GF9: who allied in this Nexus (001 1.10.02.02)


class Stealing(TypedDict("_Stealing", {"from": str})):
    faction: str


class BiddingStep(TypedDict):
    row: list[str]                      # the cards dealt and not yet sold
    dealt: int
    opener: str | None
    promised: dict[str, int]            # spice promised to an ally's bids (000 XII.C)
    paid: dict[str, int]
    spent: dict[str, int]
    done: bool
    aside: list[str]                    # the cards a Karama steals, set aside (``bidding_karama``)
    stealing: Stealing | None
    no_free_card: list[str]
    cancel_worthless: list[str]
    offering: NotRequired[str]          # who the round waits for to offer a card (``offers``)
    offer: NotRequired[dict[str, Any]]  # the card offered, not yet sold (001 2.10.06-09)
    offer_up: NotRequired[bool]         # its auction open
    # a once-around auction paused for one bidder's turn (``BID ON MY TURN``, 001 2.10.09.02):
    # who, the bids given, the top bid so far and its bidder (``offers``)
    asking: NotRequired[dict[str, Any]]


class RevivalStep(TypedDict):
    done: bool
    retake: NotRequired[list[str]]      # GF9: who retakes its revival (001 3.01.12.02)
    withheld: NotRequired[list[str]]    # GF9: whose free revival of 3 the Fremen withheld
                                        # (001 2.04.12)


class GuildTurn(TypedDict):
    until: str | None
    asked: str | None


class MovementStep(TypedDict):
    mode: str
    queue: list[str]
    guild: GuildTurn | None             # the Guild's turn when it wants (000 XV.E)
    moved: list[str]
    support: dict[str, int]
    stop: list[str]
    declared: dict[str, bool]           # this turn's coexistence declarations (``coexistence``)
    ahead: dict[str, bool]
    no_advisor: list[tuple[str, str]]
    cancel_worthless: list[str]
    coexisted: list[str]
    bg_asked: bool
    done: bool
    opening: bool
    retaken: NotRequired[list[str]]     # GF9: who retook its turn (001 3.01.12.02), once each
    carthag: NotRequired[bool]          # whether Carthag's holder sent a force (001 4.04.04.03)
    unmovable: NotRequired[dict[str, dict[str, int]]]   # forces sent that may not move
    #                                                     (001 4.04.04.06)


class Voice(TypedDict):
    by: str
    to: str
    kind: str
    play: bool
    cancelled: bool


class PrescienceQuestion(TypedDict("_For", {"for": str})):
    by: str
    to: str
    element: str
    cancelled: bool


class Bound(TypedDict):
    seat: str
    element: str


class Battle(TypedDict):
    territory: str
    sectors: list[int]
    aggressor: str
    defender: str
    round: int
    voice: Voice | None
    question: PrescienceQuestion | None
    cancelled: dict[str, list[str]]     # seat -> the Karama uses cancelled (``battle_karama``)
    replan: list[str]
    committed: list[str]
    bound: Bound | None
    revealed: NotRequired[list[str]]    # in it by a No-Field revealed (001 2.10.17)


Plan = TypedDict("Plan", {
    "leader": str | None, "cheap_hero": str | None, "weapon": str | None,
    "defense": str | None, "dial": float, "spice": int, "kh": bool, "call": bool,
    "discard": list[str], "lose": Forces | None, "capture": str,
    "karama_capture": list[str] | None, "if": list[tuple[str, dict[str, Any]]],
    "no_leader": bool, "karama": list[str]})


class BattleStep(TypedDict):
    queue: list[str]                    # the aggressors still to fight, in storm order
    orders: dict[str, list[Any]]        # each aggressor's order of battles
    asked: list[str]
    battle: Battle | None
    fought: dict[str, dict[str, str]]   # seat -> leader -> the territory it fought in
    kh_used: bool
    kh_territory: NotRequired[str]      # where it fought this turn (GF9, 001 2.01.12)
    done: bool
    plans: NotRequired[dict[str, Plan]]
    answer: NotRequired[str | float | None]   # the prescience answer


class EmptyStep(TypedDict):
    """The step of a phase that asks nothing (collection, the end of the turn)."""


STEPS: dict[str, type] = {
    "setup": SetUpStep, "storm": StormStep, "spice_blow": SpiceBlowStep,
    "bidding": BiddingStep, "revival": RevivalStep, "movement": MovementStep,
    "battle": BattleStep, "collection": EmptyStep, "end_of_turn": EmptyStep,
    "charity": EmptyStep, "mentat_pause": EmptyStep, "control": EmptyStep,
}


class State(TypedDict):
    """The state of a game."""

    rules: dict[str, Any]               # the resolved ``Rules`` (``rules.py``)
    turn: int                           # 0 during set-up
    phase: str
    # the phase's own sub-step data: one of ``STEPS``, by phase
    step: (SetUpStep | StormStep | SpiceBlowStep | BiddingStep | RevivalStep | MovementStep
           | BattleStep | EmptyStep)
    # the factions in play, in the order of their player dots counterclockwise from the storm
    # start
    seats: list[str]
    dots: dict[str, int]                # each faction's player dot
    storm: Storm
    # territory -> sector (as text) -> faction -> its forces there per kind; the Polar Sink, which
    # lies in no sector, keeps its forces under sector ``0``
    forces: dict[str, dict[str, dict[str, Forces]]]
    spice: dict[str, int]               # territory -> spice on it (at its spice-blow sector)
    factions: dict[str, Sheet]          # faction -> its private sheet
    decks: Decks
    # spice discard pile in use -> the territory it last turned up, kept when the deck is
    # reshuffled (000 XXI.B.2)
    spice_last: dict[str, str | None]
    alliances: list[list[str]]          # lists of allied factions
    worms: int                          # worms seen (WBC 4)
    shield_wall: str                    # ``standing`` or ``destroyed`` (Family Atomics)
    # spice promised under WBC house rule 5, [giver, receiver, amount], paid at the end of the
    # collection round (``transfers``)
    transfers: list[tuple[str, str, int]]
    # GF9 (001 1.12.03): the spice of bribes in front of each receiver's shield until the Mentat
    # Pause (``transfers.bribe``); only under ``Rules.bribes_in_front_of_shield``
    bribes: NotRequired[dict[str, int]]
    # the places the game has put on the board (the board layer, ``board/layer.py``): place ->
    # [territory, sector] it points at (001 2.07.18: the Hidden Mobile Stronghold); public;
    # only once one is placed
    places: NotRequired[dict[str, list[Any]]]
    # the factions that controlled Arrakeen or Carthag at the end of the storm round (WBC IX,
    # 000 line 1184: who has ornithopters in this turn's movement)
    ornithopters: list[str]
    # v3 (003 "Claiming Bonus Cards"): seat -> the bonus cards it holds until the Control round
    # (``bonus_cards``); only under ``Rules.bonus_cards``
    bonus_cards: NotRequired[dict[str, list[str]]]
    # v3 of two or three players (003 "Playing with two or three", ``players``): each allied
    # faction -> the primary faction of the player running it; the faction each player gained
    # at the last Nexus; the territories where factions of one player met as command changed
    commanders: NotRequired[dict[str, str]]
    received: NotRequired[dict[str, str]]
    met: NotRequired[list[str]]
    # v3's Main Leaders (003, ``main_leaders``): the factions out of the game
    out: NotRequired[list[str]]
    # advantage -> the turn a Karama prevents it (``karama``); GF9 ``<word>:<seat>``, a use of
    # an ability a Karama cancelled while its action is retaken (``karama.cancel``)
    prevented: dict[str, int]
    # GF9: [player, word, target], the Karamas standing ready against an ability's next use
    # (``karama_reach``); only once one was given
    karamas: NotRequired[list[list[str]]]
    # the Truthtrance questions waiting for their answer (``truthtrance``)
    truthtrance: list[Question]
    # the Amal, Harvester and Thumper each faction set to be played at their moment, with the
    # moment (``spice_specials``; 001 3.02); only once one was set
    specials: NotRequired[dict[str, dict[str, Any]]]
    # v3: the Cone of Silence and Residual Poison each faction set by a standing word, and the
    # factions a Cone silences this turn (``standing_cards``; 003); only once one was set
    standing_cards: NotRequired[dict[str, dict[str, Any]]]
    silenced: NotRequired[dict[str, Any]]
    # the Sandtrout set aside, waiting to cancel the next worm (``phases/sandtrout``; 001
    # 4.08.02); only while it waits
    sandtrout: NotRequired[str]
    # [seat, card]: the cards discarded in the step under way while a Semuta Drug stands ready
    # (001 3.03.10, ``discard_pile.discard``); emptied as the step ends (``cards.semuta``)
    discarded: NotRequired[list[list[str]]]
    # the player a Juice of Sapho puts first or last in storm order through a phase (001
    # 3.03.03: seat, place, phase; ``cards.sapho``, read by ``state.storm_order``); only then
    storm_place: NotRequired[dict[str, str]]
    # the turn in whose revival phase Recruits was played (001 3.04.03, ``cards.recruits``):
    # every free revival doubled, the limit 7, that phase; only once played
    recruits: NotRequired[int]
    # [turn, seat] of the revival phase Long Live the Fighters was played in (001 3.09.03,
    # ``cards.long_live_the_fighters``): that seat's free revival doubled, its limit 7; only once
    # played
    fighters: NotRequired[list[int | str]]
    # the Carryall played (001 3.08.02, ``cards.carryall``): ``turn``, ``faction``, the word's
    # ``territory`` and ``count``: that phase the faction's rate doubled, as it ends the forces
    # back; only once played
    carryall: NotRequired[dict[str, Any]]
    # the Heighliner played (001 3.07.04, ``cards.heighliner``): ``turn``, ``faction`` and its
    # ``option``, a stronghold or ``RATES``, for that shipment and movement; only once played
    heighliner: NotRequired[dict[str, Any]]
    # the token layer (``tokens``): only in a game with a kind of token in play (001 4.05)
    tokens: NotRequired[list[TokenRecord]]
    # Duke Vidal, a leader of no faction's (``factions/duke_vidal``; 001 2.11.17.12): ``at``
    # aside, tanks or a seat, ``until`` when that seat sets him aside; only once he has moved
    duke_vidal: NotRequired[dict[str, str | None]]
    result: Result | None               # None, or the winners when the game is over
