"""Weather Control and Family Atomics, the treachery cards of the storm round (player aid B.2
and B.5, 000 lines 938 and 944; Q&A XXV.A.1-2, lines 625-629; WBC clarification VI, 000 lines
1098-1116, 004 VI.1-4; WBC house rule 4, 000 line 1053, and clarification VIII, line 1144).

- Weather Control: its player "control[s] the storm that round and move[s] it from 0 to 10
  sectors in a counterclockwise direction"; the number replaces the dials or the weather
  marker (WBC line 1112: "instead of the normal storm movement").  Then discarded.
- Family Atomics: played by a faction with forces on the Shield Wall or in a territory next
  to it (line 944), even if the storm is over either (Q&A XXV.A.2; under GF9 only "with no
  storm between your Sector and the Wall", 001 3.01.08).  Every force on the Shield
  Wall goes to the tanks, wherever the storm is (WBC house rule 4, line 1053), and
  ``state["shield_wall"]`` becomes ``destroyed``: from this storm's move on, the Imperial
  Basin, Arrakeen and Carthag are exposed (``storm.sheltered``), but not the sector the storm
  is over now (Q&A XXV.A.1: only the sectors it moves into).  The card leaves the game
  (line 944: "placed off the board"; WBC line 1144), into ``decks.treachery_removed``.  The
  Shield Wall itself stays rock, safe from storm and worm, and under WBC still counts for
  victory from the 6th worm (house rule 4; ``victory.victory_territories`` does not look at
  the wall).

When each is played, by mail (the storm round's rounds are ``storm``'s):

- classic: Weather Control "at the start of a storm round" (line 938), so before the dials or
  the weather marker are revealed: its holder is asked in the storm round's first mail round,
  with the dialers (or alone, when the weather marker moves the storm).  Family Atomics "just
  after the storm has been dialed but before it has been moved (optional rule -- played just
  after storm movement marker is revealed)" (line 944): its holder is asked once the dials or
  the marker are revealed, knowing how far the storm will go.
- wbc: "Reveal storm marker, Play Weather Control, Play Family Atomics, Move storm" (000
  lines 1098-1106): both holders are asked after the reveal; the holder of Weather Control
  first, then the holder of Family Atomics knowing whether Weather Control was played; one
  faction holding both answers for both in one round.  Neither card on turn 1 (line 1110).

Only a holder who may play a card now is asked, so a storm round gains a mail round only when
someone holds one of these cards (and, for Family Atomics, stands by the Shield Wall); ``HOLD``
answers it (also as a standing order, docs/commands.md: no other decision reads ``HOLD``).  A
faction dialing the storm and holding Weather Control under the classic rules answers both in
the same mail.  The coexisting Bene Gesserit do not count for Family Atomics: they are "treated
as if they are not even on the board" (000 XV.B.4, line 506; ``state.occupants``).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt
from pbem.wording import plural

from ..codes import ErrorCode, EventCode
from ..data import CardType
from ..discard_pile import discard
from ..forces import Counts, add, to_tanks, total
from ..orders.language import OrderKind, OrderProblem, order_kind, read_number
from ..rules import cite, rules_of
from ..state import State, data, forces_at, occupants

SHIELD_WALL = "Shield Wall"
WEATHER_CONTROL = (0, 10)                # player aid B.2: "from 0 to 10 sectors"
WEATHER, ATOMICS = "weather_control", "family_atomics"
CARD_TYPES = {WEATHER: CardType.WEATHER_CONTROL, ATOMICS: CardType.FAMILY_ATOMICS}


# --- who may play what, and when
def holder(state: State, card: str) -> str | None:
    """The faction holding the card (there is one of each), if it may play it now: not on
    turn 1 under WBC (line 1110); Family Atomics only with the Shield Wall standing and forces
    on it or next to it (line 944)."""
    if state["turn"] == 1 and not rules_of(state).storm_cards_on_turn_one:
        return None
    ids = data(state).card_ids(CARD_TYPES[card])
    seat = next((s for s in state["seats"]
                 if not ids.isdisjoint(state["factions"][s]["hand"])), None)
    if seat is None or card == WEATHER:
        return seat
    return seat if state["shield_wall"] == "standing" and by_the_wall(state, seat) else None


def _held(state: State, seat: str, card: str) -> str | None:
    ids = data(state).card_ids(CARD_TYPES[card])
    return next((c for c in state["factions"][seat]["hand"] if c in ids), None)


def by_the_wall(state: State, seat: str) -> bool:
    """The faction occupies the Shield Wall or a territory next to it (player aid B.5), even
    with the storm over either (Q&A XXV.A.2); under GF9 a territory next to it counts only
    "with no storm between your Sector and the Wall" (001 3.01.08, ``_clear_of_storm``)."""
    places = [SHIELD_WALL, *(t.name for t in data(state).board.neighbours(SHIELD_WALL))]
    near = [place for place in places if seat in occupants(state, place)]
    if not rules_of(state).atomics_clear_of_storm:
        return bool(near)
    return any(place == SHIELD_WALL or _clear_of_storm(state, seat, place) for place in near)


def _clear_of_storm(state: State, seat: str, territory: str) -> bool:
    """Ruling on 001 3.01.08: the faction's forces in ``territory`` stand in a sector from which
    they could reach the Shield Wall without entering the storm's sector: along the territory's
    sectors to a border with the Wall, neither side of it under the storm.  The forces on the
    Wall itself have nothing between them and it."""
    board, storm = data(state).board, state["storm"]["sector"]
    sectors = board[territory].sectors
    crossings = [b.their_sector for b in board[SHIELD_WALL].borders
                 if b.territory == territory and storm not in (b.sector, b.their_sector)]
    for sector, by_faction in forces_at(state, territory).items():
        if seat not in by_faction or int(sector) == storm:
            continue
        start = sectors.index(int(sector))
        for crossing in crossings:
            end = sectors.index(crossing)
            if storm not in sectors[min(start, end):max(start, end) + 1]:
                return True
    return False


def due(state: State) -> dict[str, list[str]]:
    """Seat -> the cards it is asked about now (module docstring: classic, Weather Control
    before the reveal and Family Atomics after it; WBC, both after it, Weather Control
    first)."""
    step = state["step"]
    after_reveal = rules_of(state).weather_control_after_reveal
    asked: dict[str, list[str]] = {}
    weather = None if WEATHER in step["decided"] else holder(state, WEATHER)
    if weather is not None and step["revealed"] == after_reveal:
        asked[weather] = [WEATHER]
    atomics = None if ATOMICS in step["decided"] else holder(state, ATOMICS)
    if atomics is not None and step["revealed"] and weather in (None, atomics):
        asked.setdefault(atomics, []).append(ATOMICS)
    return asked


# --- playing them
def play(state: State, seat: str, value: dict[str, Any]) -> list[Event]:
    """A holder's answer: Weather Control sets the storm's move, Family Atomics goes off; the
    cards asked about are decided either way."""
    step = state["step"]
    asked = due(state).get(seat, [])
    step["decided"] = step["decided"] + asked
    events = []
    if WEATHER in asked and value.get(WEATHER) is not None:
        card = _held(state, seat, WEATHER)
        state["factions"][seat]["hand"].remove(card)
        discard(state, seat, card)
        step["control"] = value[WEATHER]
        events.append(Event(EventCode.WEATHER_CONTROL, {"faction": seat,
                                                        "sectors": value[WEATHER]}))
    if ATOMICS in asked and value.get(ATOMICS):
        events += family_atomics(state, seat)
    return events


def family_atomics(state: State, seat: str) -> list[Event]:
    """The Shield Wall is destroyed with every force on it (player aid B.5; WBC house rule 4);
    the card leaves the game (WBC line 1144)."""
    card = _held(state, seat, ATOMICS)
    state["factions"][seat]["hand"].remove(card)
    state["decks"]["treachery_removed"].append(card)
    state["shield_wall"] = "destroyed"
    killed: dict[str, Counts] = {}
    for by_faction in state["forces"].pop(SHIELD_WALL, {}).values():
        for faction, counts in by_faction.items():
            add(killed.setdefault(faction, {}), counts)
            to_tanks(state, faction, counts)
    return [Event(EventCode.FAMILY_ATOMICS, {"faction": seat, "killed": {
        s: killed[s] for s in state["seats"] if s in killed}})]


# --- the order
def prompt(state: State, seat: str, cards: list[str], movement: str) -> Prompt:
    """The holder's choice; ``movement`` says how far the storm goes otherwise.  Held ahead
    as ``storm-card@<turn>:<seat>``, for each time its holder is asked in that storm round.
    Optional (``Prompt.optional``): only the holder is asked, so the step waits for nobody
    on it and its wait tells nobody who holds the card."""
    lines = []
    if WEATHER in cards:
        low, high = WEATHER_CONTROL
        lines.append(f"WEATHER CONTROL <{low}-{high}>: play Weather Control and move the storm "
                     f"that many sectors from sector {state['storm']['sector']} instead "
                     f"({movement}) ({cite(state, '000 player aid B.2')})")
    if ATOMICS in cards:
        on_wall = sum(total(counts) for by_faction in forces_at(state, SHIELD_WALL).values()
                      for counts in by_faction.values())
        lines.append(f"FAMILY ATOMICS: destroy the Shield Wall and the {plural(on_wall, 'force')} "
                     "on it; "
                     "the storm then reaches the Imperial Basin, Arrakeen and Carthag "
                     f"({movement}) ({cite(state, '000 player aid B.5')})")
    lines.append("HOLD: play neither, keep the cards")
    return Prompt(f"storm-card:{seat}", seat, "storm-card", True, "; ".join(lines) + ".",
                  {}, "HOLD", "HOLD", options={"cards": [c for c in (WEATHER, ATOMICS)
                                                         if c in cards]},
                  optional=True, ahead=f"storm-card@{state['turn']}:{seat}")


def _read(state: State, prompt_: Prompt, words: list[str]) -> dict[str, Any]:
    """The cards the prompt asks about (``due`` when it opens; as the position stands, for
    orders ahead) played or held."""
    verb, rest = words[0], [w.upper() for w in words[1:]]
    cards = prompt_.options["cards"]
    low, high = WEATHER_CONTROL
    valid = tuple([f"WEATHER CONTROL {low} to {high}"] * (WEATHER in cards)
                  + ["FAMILY ATOMICS"] * (ATOMICS in cards) + ["HOLD"])
    if verb == "HOLD":
        return {}
    if verb == "WEATHER":
        if WEATHER not in cards:
            raise OrderProblem(ErrorCode.NOT_NOW, "you may not play Weather Control now", valid)
        number = rest[1:] if rest[:1] == ["CONTROL"] else rest
        return {WEATHER: read_number(number[0] if len(number) == 1 else " ".join(number),
                                     *WEATHER_CONTROL, "the storm's move")}
    if ATOMICS not in cards:
        raise OrderProblem(ErrorCode.NOT_NOW,
                           "you may not play Family Atomics now "
                           f"({cite(state, '000 player aid B.5')}: forces on the Shield Wall or "
                           "next to it)", valid)
    return {ATOMICS: True}


def _combine(state: State, prompt_: Prompt, parts: list[dict[str, Any]]) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for part in parts:
        value.update(part)
    return value


def _text(value: dict[str, Any]) -> str:
    lines = ([f"WEATHER CONTROL {value[WEATHER]}"] if value.get(WEATHER) is not None else []) + (
        ["FAMILY ATOMICS"] if value.get(ATOMICS) else [])
    return "\n".join(lines) or "HOLD"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> dict[str, Any]:
    """A bot plays each card it is asked about now and then."""
    value: dict[str, Any] = {}
    if WEATHER in prompt_.options["cards"] and rng.random() < 0.4:
        value[WEATHER] = rng.randint(*WEATHER_CONTROL)
    if ATOMICS in prompt_.options["cards"] and rng.random() < 0.4:
        value[ATOMICS] = True
    return value


order_kind(OrderKind("storm-card", ("WEATHER", "FAMILY", "ATOMICS", "HOLD"), _read,
                     lambda _, value: _text(value),
                     combine=_combine, random=_random, with_verb=True))

