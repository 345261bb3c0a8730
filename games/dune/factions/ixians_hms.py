"""The Ixians' Hidden Mobile Stronghold (001 2.07.03, 2.07.05, 2.07.18-21), a place of the board
layer (``board/layer.py``): put on the board after the first storm, moved before the storm,
collecting as it moves over spice.

- DEPLOY HMS (2.07.05): "After First Storm ... pointing it at a Sector in any non-stronghold
  Territory", with the six forces that start on it (2.07.03: three Cyborgs, three Suboids).
  By mail the Ixians place it in the storm round of turn 1, once the first storm is placed
  (``hms-placement``).
- MOBILE ARMY STRONGHOLD HAJR (2.07.19, text A, the default): "Before Storm Phase- Storm
  Movement ... as long as you have one or more Forces occupying it, you may move your Hidden
  Mobile Stronghold up to 3 territories (NOT into, out of or through the storm) pointing at a
  Sector in any non-stronghold Territory" (``hms-move``: asked with the storm's dials, secret,
  so neither side knows the other's).  Text B (the Mentat Pause) is not offered.
- HARVESTER (2.07.20): "Once per Phase when your Hidden Mobile Stronghold moves into, from, or
  through a Territory whose Sector contains spice, you may immediately collect 2 spice for
  each of your Forces in your stronghold."

Rulings (docs/rules-coverage.md, "001 2.07"):
- A sector to point at is a sector of a territory: not the Polar Sink, which lies in none;
  under the storm too at deployment (2.07.05 says nothing of the storm; treachery.online
  refuses it), though it then cannot move out until the storm leaves.
- The territories counted are those entered, as for forces (1.06.03): moving to another sector
  of the same territory enters none.  The territories it moves "through" are those of the
  shortest route the board gives first (``layer.route``): the order names where it ends.
- HARVESTER: the Ixians always collect (spice is never refused by mail); the spice comes from
  the first territory holding spice along the route, the one it leaves first, and at most
  what lies there (001 says "collect", not "from the bank": the DuneBot and treachery.online
  take it from the territory's spice).  Every force counts, Cyborg or Suboid.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds, layer
from ..cards import karama
from ..codes import ErrorCode, EventCode
from ..data import Ability, Place, Territory
from ..forces import add, add_forces, take, total
from ..orders.language import OrderKind, OrderProblem, order_kind, read_territory, where
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, forces_at, sheet
from .base import answers, has, karama_power_used

START = {"suboid": 3, "cyborg": 3}      # 2.07.03: on the token at the start
HARVEST = 2                             # 2.07.20: 2 spice for each force in it
STAY = "STAY"
PLACEMENT, MOVE = "hms-placement", "hms-move"     # the keys of its decisions: put down, moved
MENTAT_PAUSE = "mentat_pause"                     # 2.07.19 text B: moved at War Continues
KARAMA_MOVE, KARAMA_MOVES = "karama-hms", 2       # 1.14.08: moved 2 territories by a Karama


def hms(game: Any, seat: str) -> Place:
    """The seat's own place (the board's place its faction owns)."""
    (found,) = layer.owned(game, sheet(seat, game).name)
    return found


# --- which decisions are open
def placement_due(state: State, seat: str) -> bool:
    """Turn 1, the first storm placed, the HMS not yet on the board (2.07.05)."""
    return (state["turn"] == 1 and state["step"].get("moved", False)
            and layer.where(state, hms(state, seat).name) is None)


def move_due(state: State, seat: str) -> bool:
    """With forces of theirs in it (2.07.19) and somewhere to go, asked once a round: text A,
    after turn 1, before the storm moves; text B (``ixians_text_b``), at War Continues in the
    Mentat Pause."""
    if rules_of(state).ixians_text_b:
        when = state["phase"] == MENTAT_PAUSE
    else:
        when = state["phase"] == "storm" and state["turn"] > 1 and not state["step"].get("moved")
    if not when or state["step"].get("hms_asked") or homeworlds.lost(state, seat,
                                                                       Ability.MOVE_HMS):
        return False                                    # 001 4.10.12 "Ix": the Low side
    name = hms(state, seat).name
    return (layer.where(state, name) is not None and _occupied(state, seat, name)
            and bool(destinations(state, seat)))


def karama_due(state: State, seat: str) -> bool:
    """Their Karama power (1.14.08, advanced, once a game) while their turn of this movement
    round is to come, a Karama card in their hand, the HMS on the board with forces of theirs
    in it and somewhere to go."""
    return seat not in state["step"]["moved"] and _karama_may(state, seat)


def _karama_may(state: State, seat: str) -> bool:
    if (not answers(seat, state).alliance_and_karama_by_mail
            or not has(state, seat, Ability.MOVE_HMS) or not karama.playable(state, seat)
            or homeworlds.lost(state, seat, Ability.MOVE_HMS)):        # 001 4.10.12 "Ix"
        return False
    name = hms(state, seat).name
    return (layer.where(state, name) is not None and _occupied(state, seat, name)
            and bool(destinations(state, seat, KARAMA_MOVES)))


def _occupied(state: State, seat: str, name: str) -> bool:
    return any(seat in by_faction for by_faction in forces_at(state, name).values())


# --- where it may go
def _printed(state: State) -> layer.Key:
    return layer.key(state)[0], ()


def pointable(territory: Territory) -> bool:
    """A sector of a non-stronghold territory (2.07.05, 2.07.19); never the Polar Sink."""
    return not territory.is_stronghold and bool(territory.sectors)


def placements(state: State) -> dict[str, tuple[int, ...]]:
    """Territory -> the sectors the HMS may be pointed at when deployed (2.07.05)."""
    board = layer.board_of(_printed(state))
    return {t.name: t.sectors for t in board.territories if pointable(t)}


def destinations(state: State, seat: str, moves: int | None = None
                 ) -> dict[str, tuple[int, ...]]:
    """Territory -> the sectors the HMS may move to point at: up to its ``moves`` territories
    entered (``moves``: the Karama power's 2, 1.14.08), never into, out of or through the storm
    (2.07.19), a sector of a non-stronghold territory, not where it points now."""
    place = hms(state, seat)
    at = layer.where(state, place.name)
    storm = state["storm"]["sector"]
    if at is None or at[1] == storm:
        return {}
    board = layer.board_of(_printed(state))
    reached = layer.paths(at[0], (at[1],), moves or place.moves, storm, frozenset(),
                          _printed(state))
    found: dict[str, list[int]] = {}
    for (territory, sector), _ in reached.items():
        if (territory, sector) != at and pointable(board[territory]):
            found.setdefault(territory, []).append(sector)
    return {t: tuple(sorted(s)) for t, s in found.items()}


# --- the prompts
def placement_prompt(state: State, seat: str) -> Prompt:
    name = hms(state, seat).name
    first, sectors = next(iter(placements(state).items()))
    default = [first, sectors[0]]
    return Prompt(str(PromptKey(PLACEMENT, seat)), seat, PLACEMENT, False,
                  f"HMS <territory> [SECTOR <n>]: where the {name} points, a sector of any "
                  f"territory but a stronghold (001 2.07.05)",
                  default, f"HMS {where(state, *default)}", f"HMS {where(state, *default)}",
                  options={"places": {t: list(s) for t, s in placements(state).items()}})


def move_prompt(state: State, seat: str) -> Prompt:
    name = hms(state, seat).name
    ends = destinations(state, seat)
    return Prompt(str(PromptKey(MOVE, seat)), seat, MOVE, True,
                  f"HMS <territory> [SECTOR <n>] to move the {name} up to "
                  f"{hms(state, seat).moves} territories, never into, out of or through the "
                  f"storm (001 2.07.19{', text B' if rules_of(state).ixians_text_b else ''}); "
                  f"HMS {STAY} to leave it; in reach: "
                  + ", ".join(ends),
                  None, f"HMS {STAY}", f"HMS {STAY}",
                  options={"places": {t: list(s) for t, s in ends.items()}})


def karama_prompt(state: State, seat: str) -> Prompt:
    """Their Karama power, optional, offered with their turn and the turns before it."""
    name = hms(state, seat).name
    ends = destinations(state, seat, KARAMA_MOVES)
    given = state["step"].get("karama_hms")          # sent in an earlier round, it stands
    said = _text(state, given)
    return Prompt(str(PromptKey(KARAMA_MOVE, seat)), seat, KARAMA_MOVE, True,
                  f"HMS <territory> [SECTOR <n>]: your Karama power, a Karama card played to "
                  f"move the {name} up to {KARAMA_MOVES} territories once your turn of shipment "
                  f"and movement is played, never into, out of or through the storm, while your "
                  f"forces are in it (001 1.14.08; once a game); HMS {STAY}: not now; in reach: "
                  + ", ".join(ends),
                  given, said, said, optional=True, title="your Karama power on the HMS",
                  options={"places": {t: list(s) for t, s in ends.items()}})


# --- the orders
def _read(state: State, prompt: Prompt, words: list[str]) -> list[Any] | None:
    if prompt.kind != PLACEMENT and [w.upper() for w in words] == [STAY]:
        return None
    allowed = (placements(state) if prompt.kind == PLACEMENT
               else destinations(state, prompt.seat,
                                 KARAMA_MOVES if prompt.kind == KARAMA_MOVE else None))
    territory, sector = read_territory(state, words, list(allowed))
    open_ = allowed[territory.name]
    if sector is None:
        if len(open_) > 1:
            raise OrderProblem(ErrorCode.SECTOR_NEEDED, f"name the sector of {territory.name} "
                               "it points at", tuple(f"HMS {where(state, territory.name, s)}"
                                                     for s in open_))
        sector = open_[0]
    if sector not in open_:
        rule = "001 1.14.08" if prompt.kind == KARAMA_MOVE else "001 2.07.19"
        raise OrderProblem(ErrorCode.OUT_OF_REACH, f"sector {sector} of {territory.name} is out "
                           f"of its reach ({rule})",
                           tuple(f"HMS {where(state, territory.name, s)}" for s in open_))
    return [territory.name, sector]


def _text(game: Any, value: list[Any] | None) -> str:
    return f"HMS {STAY}" if value is None else f"HMS {where(game, value[0], value[1])}"


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list[Any] | None:
    places = prompt.options["places"]
    if prompt.kind != PLACEMENT and (not places or rng.random() < 0.5):
        return None
    territory = rng.choice(sorted(places))
    return [territory, rng.choice(places[territory])]


order_kind(OrderKind(PLACEMENT, ("HMS",), _read, _text, random=_random))
order_kind(OrderKind(MOVE, ("HMS",), _read, _text, random=_random))
order_kind(OrderKind(KARAMA_MOVE, ("HMS",), _read, _text, random=_random))


# --- what they do
def deploy(state: State, seat: str, value: list[Any]) -> list[Event]:
    """Point the HMS where ordered, with its six forces from the reserve (2.07.03, .05)."""
    name = hms(state, seat).name
    territory, sector = value
    layer.put(state, name, territory, sector)
    take(state["factions"][seat]["reserve"], START)
    add_forces(state, seat, name, 0, dict(START))
    return [Event(EventCode.PLACE_PUT, {"faction": seat, "place": name, "territory": territory,
                                        "sector": sector}),
            Event(EventCode.FORCES_PLACED, {"faction": seat,
                                            "placements": [[name, 0, dict(START)]]})]


def move(state: State, seat: str, value: list[Any] | None) -> list[Event]:
    """Move the HMS before the storm (2.07.19), once a storm round."""
    state["step"]["hms_asked"] = True
    return [] if value is None else _moved(state, seat, value)


def karama_move(state: State, seat: str, value: list[Any]) -> list[Event]:
    """The Karama power carried out once their turn is played (1.14.08), if it still may be:
    the Karama card played and discarded, the power used for the game, the HMS moved."""
    territory, sector = value
    if (not _karama_may(state, seat)
            or sector not in destinations(state, seat, KARAMA_MOVES).get(territory, ())):
        return [Event(EventCode.KARAMA_HMS_NOT_MADE, {"territory": territory}, to=(seat,))]
    events, effective = karama.play(state, seat, "move-hms")
    if not effective:                   # stopped as it is played (``karama.play``)
        return events
    karama_power_used(state, seat)
    return events + _moved(state, seat, value)


def _moved(state: State, seat: str, value: list[Any]) -> list[Event]:
    """The HMS moved where ordered, collecting as it goes (2.07.20)."""
    name = hms(state, seat).name
    start = layer.where(state, name)
    assert start is not None
    territory, sector = value
    route = layer.route(start, (territory, sector), state["storm"]["sector"], _printed(state))
    layer.put(state, name, territory, sector)
    events = [Event(EventCode.PLACE_MOVED, {"faction": seat, "place": name, "from": start[0],
                                            "territory": territory, "sector": sector})]
    return events + harvest(state, seat, name, route)


def harvest(state: State, seat: str, name: str, route: list[str]) -> list[Event]:
    """HARVESTER (2.07.20), once: from the first territory of the route holding spice."""
    crossed = next((t for t in route if state["spice"].get(t, 0) > 0), None)
    if crossed is None:
        return []
    inside: dict[str, int] = {}
    for by_faction in forces_at(state, name).values():
        add(inside, by_faction.get(seat, {}))
    amount = min(HARVEST * total(inside), state["spice"][crossed])
    if not amount:
        return []
    state["spice"][crossed] -= amount
    if not state["spice"][crossed]:
        del state["spice"][crossed]
    state["factions"][seat]["spice"] += amount
    return [Event(EventCode.SPICE_COLLECTED, {"faction": seat, "amount": amount,
                                              "territory": crossed, "forces": total(inside),
                                              "left": state["spice"].get(crossed, 0)})]
