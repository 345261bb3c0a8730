"""The storm round (000 VI; Fremen advantages 000 lines 832-836 and 994-998 with XV; weather
000 XVI; WBC clarifications VI, 000 lines 1095-1118 and 004 lines 215-225).

Turn 1 (000 VI.A): the storm marker goes from the storm start sector counterclockwise by the
sum of the two first-storm dials of set-up; no decision.  Later turns: the two factions who
last used the wheels dial 1-3 each, secretly, by mail (000 VI.B), or, with weather (000 XVI),
the Fremen's weather marker drawn the turn before is revealed and used instead.

The round runs in the order of WBC clarification VI (000 lines 1098-1106): reveal the dials
or the weather marker, play Weather Control, play Family Atomics, move the storm; under the
classic rules Weather Control comes first, "at the start of a storm round" (player aid B.2,
line 938).  The cards (``storm_cards``) may add a mail round for their holders: Weather Control
replaces ``movement`` (WBC: "instead of the normal storm movement", 000 line 1112) and Family
Atomics sets ``state["shield_wall"]`` to ``destroyed`` before ``move_storm``; under WBC neither
is played on turn 1 (000 line 1110).  ``state["step"]``: ``revealed`` (the dials or the marker
are public), ``decided`` (the cards whose holders have answered), ``control`` (the Weather
Control move, or None), ``moved``.

Ruling, AH turn 1: 000 VI.A moves the storm marker "from the 'at start' sector
counterclockwise that number of sectors" and VI.C (line 261) destroys tokens in sand "over
which the storm passes or stops" with no exception for the first round, so under the classic
rules the first storm kills in the sectors it moves into; as in Q&A XXV.A.1 (line 626: "the
sector which the storm currently occupies is never affected"), the start sector is not one of
them.  Only a Bene Gesserit token placed on sand with XV (000 line 500) can be there then.
WBC clarification VI (000 line 1114) rules otherwise: nothing dies on turn 1.

Ruling, Fremen half losses (XV, 000 lines 836 and 998, "only half of your tokens are killed
(any fractions are rounded up)"): the killed half is rounded up, counted over the Fremen forces
caught in one territory, and normal forces die before Fedaykin (the choice that keeps the
stronger forces, taken for the Fremen rather than asking by mail).

Under GF9 (001 1.01) the round is the same but for the storm's kill: it takes the forces on
sand where the storm starts too (1.01.04, ``Rules.storm_kills_where_it_starts``); the dials
(1.01.03: the two "who last used the Battle Wheels", 1-3 after turn 1) are 000 VI.B's.

Ruling, weather without the Fremen: 000 XVI.D suggests not using the rule, so the storm then
moves by the dials of 000 VI.B as without the option.

Under GF9 the weather is the Fremen's advanced STORM RULE (001 2.04.14, ``Rules.storm_deck``,
``Ability.STORM_RULE``), not an option: the dials move the storm on turn 1, then the Fremen
draw a card of the Storm Deck (cards 1 to 6, as 000 XVI's markers), revealed at the next storm
phase, which it moves; the card goes back, the deck is shuffled and the next one drawn, with
the step's seeded generator.  THERE'S A STORM COMING (2.04.15, ``Ability.STORM_FORESIGHT``):
the Fremen see it at the end of the storm phase, when it is drawn, and they alone.  Ruling,
001 silent: Weather Control (3.01.24, "‑treachery_weathercontrol") moves the storm instead of
the card, which is still revealed, returned and replaced, as with 000 XVI's marker.
"""

from __future__ import annotations

import math
import random
from typing import Any

from pbem.game import Event, Prompt

from .. import bonus_cards, factions, variants
from ..cards import karama, storm_cards
from ..codes import EventCode
from ..data import Ability, BonusCard, StormShelter, Territory
from ..forces import Counts, first_of, plus, remove_forces, spread, to_tanks, total
from ..orders.language import OrderKind, order_kind, read_number
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, data, factions_in, forces_at, occupants

STORM_DIAL = (1, 3)                      # 000 VI.B
WEATHER_MARKERS = (1, 2, 3, 4, 5, 6)     # 000 II.G: six storm movement markers, 1 to 6
PHASE = "storm"        # its name in ``turn.PHASES``: the factions' own decisions asked in it


# --- the phase
def begin(state: State, rng: random.Random) -> list[Event]:
    """Enter the storm round: on turn 1 and with weather the storm moves at once, unless a
    holder of Weather Control or Family Atomics is to be asked; otherwise the dialers are asked
    for their dials."""
    state["step"] = {"moved": False, "revealed": False, "decided": [], "control": None}
    return _storm_round(state, rng)


def prompts(state: State) -> list[Prompt]:
    """The storm dials of the two factions who last used the wheels (000 VI.B), the
    holders of the storm's cards whose moment has come (``storm_cards``), and the factions'
    own decisions of the round (``Faction.decisions``: a place of the board layer to put
    down after the first storm or to move before the storm moves)."""
    if done(state):
        return []
    if state["step"].get("moved"):
        return factions.decisions(state, PHASE)
    rule = rules_of(state).cite("000 VI.B")
    return ([dial_prompt(seat, rule) for seat in _dialing(state)]
            + [storm_cards.prompt(state, seat, cards, _movement_text(state))
               for seat, cards in storm_cards.due(state).items()]
            + factions.decisions(state, PHASE))


def keys(state: State) -> list[str]:
    """The keys of ``prompts``, in their order, without their text (issue 20)."""
    if done(state):
        return []
    if state["step"].get("moved"):
        return _own_keys(state)
    return ([str(PromptKey("storm-dial", seat)) for seat in _dialing(state)]
            + [str(PromptKey("storm-card", seat)) for seat in storm_cards.due(state)]
            + _own_keys(state))


def _own_keys(state: State) -> list[str]:
    """The keys of the factions' own decisions of the round (``Faction.decision_keys``)."""
    return factions.decision_keys(state, PHASE)


def _dialing(state: State) -> list[str]:
    """The dialers still to send their dials this storm round."""
    if not needs_dials(state) or state["storm"]["dials"]:
        return []
    return list(state["storm"]["dialers"])


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """The dials revealed together (000 VI.B: "simultaneously reveal") and the cards played,
    then the round goes on to its next decision or the storm's move."""
    events: list[Event] = []
    keys = {PromptKey.parse(key): value for key, value in orders.items()}
    dialed = {key.seat: value for key, value in keys.items() if key.kind == "storm-dial"}
    if dialed:
        assert set(dialed) == set(state["storm"]["dialers"]), sorted(orders)
        state["storm"]["dials"] = dialed
    for key, value in keys.items():
        if key.kind == "storm-card":
            events += storm_cards.play(state, key.seat, value)
        elif key.kind not in ("storm-dial", "storm-card"):
            events += factions.decide(state, PHASE, str(key), value, rng)
    if state["step"].get("moved"):
        return events
    return events + _storm_round(state, rng)


def done(state: State) -> bool:
    """The storm has moved and no faction has a decision of its own left in the round."""
    return state["step"].get("moved", False) and not _own_keys(state)


def needs_dials(state: State) -> bool:
    """Whether this storm round waits for dials: every turn after the first, unless the
    weather markers move the storm (000 VI.B, XVI.C)."""
    return state["turn"] > 1 and not uses_weather(state)


def uses_weather(state: State) -> bool:
    """Option XVI is on and the Fremen play (XVI.D: without them the dials stay in use); under
    GF9 the Fremen play with their advanced STORM RULE (001 2.04.14); under v3 always, the
    storm deck drawn by nobody (003 "Moving the Storm")."""
    return rules_of(state).storm_deck_unseen or weather_drawer(state) is not None


def weather_drawer(state: State) -> str | None:
    """The faction in play that draws the weather markers (the Fremen, 000 XVI.B-C), if any;
    under GF9 the one with the STORM RULE, which draws the Storm Deck (001 2.04.14)."""
    rules = rules_of(state)
    if rules.storm_deck:
        return factions.holder(state, Ability.STORM_RULE)
    return next((f.seat for f in factions.in_play(state, "draws_weather")
                 if f.draws_weather()), None) if rules.weather else None


def _storm_round(state: State, rng: random.Random) -> list[Event]:
    """Reveal, let the cards be played, move, and with weather draw the next marker (WBC VI
    order, 000 lines 1098-1106; 000 XVI.C: the marker is returned and the next one drawn after
    the move); stop where a decision is open."""
    events: list[Event] = []
    if keys(state):
        return events
    if not state["step"]["revealed"]:
        events += reveal(state)
        state["step"]["revealed"] = True
        if keys(state):
            return events
    control = state["step"]["control"]
    sectors = movement(state) if control is None else control
    if control is None and state["turn"] > 1:           # 001 4.06.07.04: not Weather Control
        sectors, shifted = variants.storm_shift(state, sectors)
        events += shifted
    if state["turn"] == 1:
        events += place_storm(state, sectors)
        events += variants.storm_placed(state, rng)     # 001 4.05.04.02: the tech tokens
    else:
        events += move_storm(state, sectors)
    state["storm"]["dials"] = {}
    if uses_weather(state):
        events += draw_marker(state, rng)
    events += bonus_cards.claim(state)          # 003 "Claiming Bonus Cards"
    state["ornithopters"] = ornithopter_holders(state)
    state["step"] = {"moved": True}
    return events


def ornithopter_holders(state: State) -> list[str]:
    """The factions controlling Arrakeen or Carthag now, at the end of the storm round: under
    WBC they have ornithopters in this turn's movement (clarification IX, 000 line 1184); under
    v3 those holding an Ornithopter bonus card (003 "Claiming Bonus Cards")."""
    if rules_of(state).bonus_cards:
        return bonus_cards.holders(state, BonusCard.ORNITHOPTER)
    cities = [t.name for t in data(state).board.territories if t.ornithopters]
    return [seat for seat in state["seats"]
            if any(seat in occupants(state, city) for city in cities)]


# --- how far the storm moves
def reveal(state: State) -> list[Event]:
    """Show what moves the storm this turn: the dials (000 VI.A-B) or the weather marker drawn
    the turn before (000 XVI.C: "In the next storm round the number is revealed")."""
    if state["turn"] > 1 and uses_weather(state):
        rules = rules_of(state)
        code = (EventCode.STORM_CARD_REVEALED if rules.storm_deck_unseen
                else EventCode.STORM_DECK_REVEALED if rules.storm_deck
                else EventCode.WEATHER_MARKER_REVEALED)
        return [Event(code, {"marker": state["storm"]["marker"]})]
    dials = state["storm"]["dials"]
    assert set(dials) == set(state["storm"]["dialers"]), dials
    return [Event(EventCode.STORM_DIALS, {"dials": {seat: dials[seat]
                                            for seat in state["storm"]["dialers"]}})]


def movement(state: State) -> int:
    """The sectors the storm moves this turn: the sum of the two dials (000 VI.A-B), or after
    turn 1 with weather the revealed marker (000 XVI.C).  Weather Control replaces this."""
    if state["turn"] > 1 and uses_weather(state):
        assert state["storm"]["marker"] in WEATHER_MARKERS, state["storm"]["marker"]
        return state["storm"]["marker"]
    return sum(state["storm"]["dials"].values())


def draw_marker(state: State, rng: random.Random) -> list[Event]:
    """The Fremen draw next turn's weather marker from the cup of six, seen by them alone
    (000 XVI.B-C; Fremen advantage, 000 line 994); under GF9 a card of the shuffled Storm
    Deck, put face down, which they may look at as the storm phase ends (001 2.04.14-15);
    under v3 a card of the shuffled storm deck put face down unseen (003 "Moving the Storm":
    "without looking at it"; its six cards 1 to 6 are 000 II.G's markers, a ruling)."""
    marker = rng.choice(WEATHER_MARKERS)
    state["storm"]["marker"] = marker
    if rules_of(state).storm_deck_unseen:
        return [Event(EventCode.STORM_CARD_DRAWN, {})]
    drawer = weather_drawer(state)
    assert drawer is not None
    if not rules_of(state).storm_deck:
        return [Event(EventCode.WEATHER_MARKER_DRAWN, {"faction": drawer}),
                Event(EventCode.WEATHER_MARKER, {"marker": marker}, to=(drawer,))]
    seen = factions.has(state, drawer, Ability.STORM_FORESIGHT)
    return [Event(EventCode.STORM_DECK_DRAWN, {"faction": drawer}),
            *([Event(EventCode.STORM_DECK_SEEN, {"marker": marker}, to=(drawer,))]
              if seen else [])]


def storm_card_seen(state: State, seat: str) -> int | None:
    """The Storm Deck card face down for the next storm, if ``seat`` may look at it: the
    drawer with THERE'S A STORM COMING, from the end of the storm phase it was drawn in (GF9,
    001 2.04.14-15); nobody else."""
    card = state["storm"]["marker"]
    if (card is None or not rules_of(state).storm_deck or seat != weather_drawer(state)
            or not factions.has(state, seat, Ability.STORM_FORESIGHT)):
        return None
    return card


# --- the storm on the map
def place_storm(state: State, sectors: int) -> list[Event]:
    """Turn 1: the storm marker from the storm start sector (000 VI.A).  Under WBC it begins
    over that sector and has not moved (000 line 1114); under AH it moves there (ruling above)."""
    board = data(state).board
    start = board.storm_start_sector
    if not rules_of(state).first_storm_moves:
        state["storm"]["sector"] = board.sector_after(start, sectors)
        return [Event(EventCode.STORM_PLACED, {"sector": state["storm"]["sector"]})]
    state["storm"]["sector"] = start
    return move_storm(state, sectors)


def move_storm(state: State, sectors: int) -> list[Event]:
    """Move the storm counterclockwise; what it passes over or stops on is lost (000 VI.B-C),
    and under GF9 the forces where it starts too (001 1.01.04: "starts, passes, or ends on";
    the spice only where it "passes over or stops"; a storm that does not move kills
    nothing, "When the Storm Marker moves")."""
    board = data(state).board
    start = state["storm"]["sector"]
    swept = {board.sector_after(start, step) for step in range(1, sectors + 1)}
    state["storm"]["sector"] = board.sector_after(start, sectors)
    moved = Event(EventCode.STORM_MOVES, {"sectors": sectors, "from": start,
                                  "to": state["storm"]["sector"]})
    origin = start if sectors and rules_of(state).storm_kills_where_it_starts else None
    return [moved, *forces_lost(state, swept, origin), *spice_lost(state, swept)]


def sheltered(state: State, territory: Territory) -> bool:
    """Whether the storm spares forces in a territory: rock, strongholds and the Polar Sink
    (000 VI.C, IX.C.3.e); the Imperial Basin (VI.C), and Arrakeen and Carthag, only while the
    Shield Wall stands (Player Aid B.5, 000 line 944; WBC VI, 000 line 1116)."""
    if territory.storm_shelter is StormShelter.SHIELD_WALL:
        return state["shield_wall"] == "standing"
    return territory.storm_shelter is StormShelter.SHELTERED


def forces_lost(state: State, swept: set[int], origin: int | None = None) -> list[Event]:
    """Send to the Tleilaxu Tanks the forces in the swept sectors of every exposed territory
    (000 VI.C), and in the ``origin`` sector the storm started from (GF9, 001 1.01.04); starred
    forces die like others.  One public event per faction and territory.

    Ruling, 001 2.04.17: forces whose storm losses are halved (the Fremen's) are spared in the
    sector the storm starts from: "A storm landing on your Forces then moving in a subsequent
    Turn does not destroy half of your Forces a second time"; those sent into the storm at
    half loss (2.04.18) have paid it as well."""
    exposing = factions.in_play(state, "exposed")          # 001 2.10.15: a No-Field revealed
    reached = {territory.name: sectors for territory in data(state).board.territories
               if (sectors := [s for s in territory.sectors if s in swept])} if exposing else {}
    events = [event for f in exposing for event in f.exposed(state, reached, "storm")]
    sweeping = factions.in_play(state, "swept")             # 001 2.11.10: an Ambassador
    if sweeping:
        places = {territory.name: sectors for territory in data(state).board.territories
                  if (sectors := [s for s in territory.sectors if s in swept or s == origin])
                  and not sheltered(state, territory)}
        events += [event for f in sweeping for event in f.swept(state, places, "storm")]
    for territory in data(state).board.territories:
        sectors = [s for s in territory.sectors if s in swept or s == origin]
        if not sectors or sheltered(state, territory):
            continue
        for seat in factions_in(state, territory.name):
            caught = sectors
            if origin in sectors and factions.has(state, seat, Ability.STORM_HALF_LOSSES):
                caught = [s for s in sectors if s != origin]
            spared = [e for f in factions.in_play(state, "storm_shelter")    # 001 2.09.08 (A)
                      for e in f.storm_shelter(state, seat, territory.name)] if any(
                          forces_at(state, territory.name).get(str(s), {}).get(seat)
                          for s in caught) else []
            events.extend(spared or (_faction_caught(state, seat, territory.name, caught)
                                     if caught else []))
    karama.lift(state, "storm")   # one use: this storm (001 3.01.12.02)
    return events


def storm_losses(state: State, seat: str, forces: Counts) -> Counts:
    """The forces killed of those caught in one territory: all of them, or with XV only half
    of the Fremen's, rounded up (000 line 836, line 998: "only half of your tokens are killed
    (any fractions are rounded up)"), in the order of their kinds: normal forces die before
    Fedaykin.  GF9: not when a Karama cancels it for this storm (001 2.04.17, 3.01.12.02)."""
    if (not factions.has(state, seat, Ability.STORM_HALF_LOSSES)
            or karama.cancelled(state, "storm", seat)):
        return dict(forces)
    return first_of(state, seat, forces, math.ceil(total(forces) / 2))


def _faction_caught(state: State, seat: str, territory: str, sectors: list[int]) -> list[Event]:
    here = forces_at(state, territory)
    caught = [(s, here.get(str(s), {}).get(seat, {})) for s in sectors]
    everything = plus(*(counts for _, counts in caught))
    lost = storm_losses(state, seat, everything)
    played = (karama.play_against(state, "storm", seat)            # GF9 001 3.01.12.02
              if lost != everything else [])
    lost = storm_losses(state, seat, everything)
    if not lost:
        return played
    for sector, taken in spread(lost, caught):
        remove_forces(state, seat, territory, sector, taken)
    to_tanks(state, seat, lost)
    return played + [Event(EventCode.STORM_LOSSES, {"faction": seat, "territory": territory,
                                                    "forces": lost})]


def spice_lost(state: State, swept: set[int]) -> list[Event]:
    """Spice lying in a swept sector goes back to the bank (000 VI.C)."""
    events = []
    for territory, amount in list(state["spice"].items()):
        blow = data(state).board[territory].spice_blow
        assert blow is not None, territory
        if blow.sector in swept:
            del state["spice"][territory]
            events.append(Event(EventCode.STORM_SPICE_LOST, {"territory": territory,
                                                             "spice": amount}))
    return events


def _movement_text(state: State) -> str:
    """How far the storm goes without Weather Control, if that is known yet."""
    if not state["step"]["revealed"]:
        rules = rules_of(state)
        return ("the dials or the storm card are not revealed yet"
                if rules.storm_deck or rules.storm_deck_unseen
                else "the dials or the marker are not revealed yet")
    control = state["step"]["control"]
    if control is not None:
        return f"Weather Control moves it {control} sectors"
    moved_by = "the dials"
    if state["turn"] > 1 and uses_weather(state):
        rules = rules_of(state)
        moved_by = ("the storm card" if rules.storm_deck or rules.storm_deck_unseen
                    else "the marker")
    return f"{moved_by} move it {movement(state)} sectors"


# --- the dial order
def dial_prompt(seat: str, rule: str = "000 VI.B") -> Prompt:
    """A dialer's storm dial (000 VI.B; GF9 001 1.01.03, cited by ``Rules.cite``)."""
    low, high = STORM_DIAL
    return Prompt(f"storm-dial:{seat}", seat, "storm-dial", True,
                  f"DIAL <{low}-{high}>: the storm moves by your dial and the other dialer's "
                  f"together ({rule})",
                  1, "DIAL 1", "DIAL 1")


order_kind(OrderKind("storm-dial", ("DIAL",),
                     lambda state, prompt, words: read_number(words[0] if words else "",
                                                              *STORM_DIAL, "the dial"),
                     lambda _, v: f"DIAL {v}",
                     random=lambda view, prompt, rng: rng.randint(*STORM_DIAL)))
