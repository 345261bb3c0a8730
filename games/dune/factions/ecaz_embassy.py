"""Ecaz's Ambassadors as forces: 001 2.11's text B (the Landsraad revision, option
``ecaz_text_b``, ``Ability.AMBASSADOR_FORCES``).

Each Ambassador is a force kind of one piece of their sheet (``data/ecaz_b``): shipped, moved,
flown, fighting, collecting and controlling as any force (2.11.06 B), sent to their reserve
where it would go to the tanks (``immune``: Diplomatic immunity, 2.11.15 B).  What is theirs
alone is here:

- Set-up (2.11.04 B): the twelve face up in front of their shield (their reserve), one placed
  face up with their starting forces.
- Co-occupation (2.11.07 B): where a face-up Ambassador of theirs lies with forces of the
  faction it depicts, their forces there are co-occupied: they coexist (the sheet's
  ``coexisting``, the seam the Bene Gesserit advisors use: ``state.occupants`` leaves them
  out, so they fight no battle, collect no spice, control nothing and count for no occupancy
  limit); once that faction's forces are gone they are not (Defending Foreign Soil, 2.11.13
  B).  ``settle`` keeps the list true wherever forces come or go (arrivals, losses, battles,
  each phase's end).
- Face down (2.11.08 B): at the end of the revival round they may turn Ambassadors on the
  board face down, normal forces without co-occupation; one shipped or sent again is face up
  (2.11.06 B: "you must ship it face up").
- More than one face-up Ambassador in a territory (not the Polar Sink) outside their own
  shipment and movement: those beyond one back to their reserve (2.11.14 B); the CHOAM
  Ambassador allows one other beside it (2.11.17.10 B).

Rulings (docs/rules-coverage.md, "001 GF9 expansions: Ecaz"):

- Which Ambassador 2.11.04 B places with the starting forces: their own, the Ecaz Ambassador
  (authored; by mail not asked).
- A face-down Ambassador's face is no secret: every one came to the board face up (2.11.06 B)
  and is turned in everyone's sight at the end of the revival round, so the board shows which
  lie face down, and every seat sees which Ambassador each is.
- Which face-up Ambassadors 2.11.14 B keeps: one that co-occupies first, then the first of
  their sheet's order (authored).
- A faction entering where Ecaz's Ambassador of it lies is judged by the occupancy of the
  territory before it enters (Ecaz counted unless already co-occupied there).
"""

from __future__ import annotations

from typing import Any

from pbem.game import Event, Prompt

from ..codes import EventCode
from ..data import Ability
from ..forces import add, add_forces, kind, remove_forces, take
from ..state import POLAR_SINK, State, factions_in, sheet
from .base import has

PREFIX = "ambassador_"
OWN = "ambassador_ecaz"             # 2.11.17.12 (B)
CHOAM = "ambassador_choam"          # 2.11.17.10 (B): "one other face up Ambassador"
KIND = "ambassadors"                # their decision's kind (``ecaz_ambassadors.KIND``)


def is_ambassador(name: str) -> bool:
    """Whether a kind of force is one of their Ambassadors."""
    return name.startswith(PREFIX)


def depicts(name: str) -> str:
    """The seat of the faction an Ambassador kind depicts."""
    return name.removeprefix(PREFIX).replace("_", "-")


def name_of(name: str) -> str:
    """An Ambassador kind's name in reports: ``Emperor Ambassador``."""
    return kind(name).singular


def on_board(game: Any, seat: str) -> dict[str, tuple[str, int]]:
    """Each of their Ambassadors on the board: kind -> (territory, sector), in board order."""
    found = {}
    for territory, sectors in game["forces"].items():
        for sector, by_faction in sectors.items():
            for name, count in by_faction.get(seat, {}).items():
                if count and is_ambassador(name):
                    found[name] = (territory, int(sector))
    return found


def face_down(game: Any, seat: str) -> list[str]:
    """Their Ambassadors lying face down on the board (2.11.08 B), public (module
    docstring)."""
    placed = on_board(game, seat)
    return [name for name in game["factions"][seat].get("face_down", []) if name in placed]


def face_up(game: Any, seat: str) -> dict[str, tuple[str, int]]:
    """Their face-up Ambassadors on the board and where each lies."""
    down = set(face_down(game, seat))
    return {name: at for name, at in on_board(game, seat).items() if name not in down}


# --- set-up
def set_up(state: State, seat: str) -> list[Event]:
    """2.11.04 B: "your 12 Ambassador tokens face up in front of your player shield, then
    Place one face up in the same territory and sector as your starting Forces": their own
    (ruling, module docstring)."""
    if not has(state, seat, Ability.AMBASSADOR_FORCES):
        return []
    start = sheet(seat, state).start[0]
    territory, sector = start.territories[0], start.sector
    take(state["factions"][seat]["reserve"], {OWN: 1})
    add_forces(state, seat, territory, sector, {OWN: 1})
    settle(state, seat)
    return [Event(EventCode.AMBASSADOR_SET_UP, {"faction": seat, "territory": territory,
                                                "token": name_of(OWN)})]


# --- co-occupation
def cooccupied(game: Any, seat: str) -> list[str]:
    """2.11.07 B: the territories where a face-up Ambassador of theirs "matches another
    Faction's Force(s)": that faction's forces lie there too; 2.11.13 B: once they are gone,
    no longer.  In board order."""
    seats = game["seats"]
    found = []
    for name, (territory, _) in face_up(game, seat).items():
        depicted = depicts(name)
        if (depicted != seat and depicted in seats and territory not in found
                and depicted in factions_in(game, territory)):
            found.append(territory)
    return found


def settle(state: State, seat: str) -> None:
    """Their co-occupied territories written where ``state.occupants`` reads them, and the
    face-down list kept to those on the board (one back in their reserve is face up, 2.11.06
    B, 2.11.15 B)."""
    if not has(state, seat, Ability.AMBASSADOR_FORCES):
        return
    own = state["factions"][seat]
    own["face_down"] = face_down(state, seat)
    own["coexisting"] = cooccupied(state, seat)


def extras(state: State, seat: str) -> list[Event]:
    """2.11.14 B: outside their shipment and movement, the face-up Ambassadors beyond one in a
    territory other than the Polar Sink back to their reserve (two where one is the CHOAM
    Ambassador, 2.11.17.10 B); the one kept, one that co-occupies first (ruling)."""
    if not has(state, seat, Ability.AMBASSADOR_FORCES):
        return []
    by_territory: dict[str, list[tuple[str, int]]] = {}
    for name, (territory, sector) in face_up(state, seat).items():
        if territory != POLAR_SINK:
            by_territory.setdefault(territory, []).append((name, sector))
    events = []
    for territory, here in by_territory.items():
        allowed = 2 if any(name == CHOAM for name, _ in here) else 1
        if len(here) <= allowed:
            continue
        present = factions_in(state, territory)
        kept = sorted(here, key=lambda each: (depicts(each[0]) not in present
                                              and each[0] != CHOAM, _order(state, seat, each[0])))
        back = kept[allowed:]
        for name, sector in back:
            remove_forces(state, seat, territory, sector, {name: 1})
            add(state["factions"][seat]["reserve"], {name: 1})
        events.append(Event(EventCode.AMBASSADORS_RETURNED, {
            "faction": seat, "territory": territory,
            "tokens": [name_of(name) for name, _ in sorted(back, key=lambda b: b[0])]}))
    settle(state, seat)
    return events


def _order(state: State, seat: str, name: str) -> int:
    return [k for k, _ in sheet(seat, state).kinds].index(name)


# --- face down (2.11.08 B): their decision of the revival round
def decision(state: State, seat: str) -> Prompt | None:
    """Their face-up Ambassadors to turn face down at the end of the revival round, and who
    fights their co-occupied battles (2.11.19): optional, sendable ahead."""
    if not has(state, seat, Ability.AMBASSADOR_FORCES):
        return None
    up = sorted(face_up(state, seat), key=lambda n: _order(state, seat, n))
    names = ", ".join(f"{name_of(n)} ({kind(n).mark}) in {face_up(state, seat)[n][0]}"
                      for n in up) or "none"
    legal = (f"AMBASSADOR <Ambassador> FACE DOWN, a line each: your face-up Ambassadors on the "
             f"board ({names}) turned face down at the end of this revival round, normal "
             f"forces without co-occupation nor ability until shipped or sent again (001 "
             f"2.11.08 B). FIGHTER ALLY or FIGHTER ECAZ: who fights the battles you and your "
             f"ally share against another faction, your ally's forces dialed either way (001 "
             f"2.11.19-20; ALLY until you say). AMBASSADOR NONE: none of these. Never waited "
             f"for.")
    return Prompt(f"{KIND}:{seat}", seat, KIND, True, legal, {"place": [], "trigger": []},
                  "AMBASSADOR NONE", "AMBASSADOR NONE", optional=True,
                  title="your Ambassadors", options={"face_up": up})


def read_face_down(game: Any, seat: str, words: list[str]) -> str | None:
    """The Ambassador kind ``<Ambassador> FACE DOWN`` names (its mark or its faction's
    name), or None if these words say no such thing."""
    upper = [w.upper() for w in words]
    if upper[-2:] != ["FACE", "DOWN"] or len(upper) < 3:
        return None
    said = " ".join(upper[:-2]).removesuffix(" AMBASSADOR")
    for name, _ in sheet(seat, game).kinds:
        if is_ambassador(name) and said in (kind(name).mark.upper(),
                                            kind(name).singular.upper().removesuffix(
                                                " AMBASSADOR")):
            return name
    return ""


def turned(state: State, seat: str) -> list[Event]:
    """2.11.08 B: "At the end of Revival you may flip any Ambassadors facedown": those chosen
    still face up on the board."""
    wanted = state["step"].pop("face_down", [])
    up = face_up(state, seat)
    flipped = [name for name in dict.fromkeys(wanted) if name in up]
    if not flipped:
        return []
    state["factions"][seat].setdefault("face_down", []).extend(flipped)
    settle(state, seat)
    return [Event(EventCode.AMBASSADORS_FACE_DOWN, {
        "faction": seat, "tokens": [f"{name_of(n)} in {up[n][0]}" for n in flipped]})]
