"""Where Ecaz's Ambassadors lie under 001 2.11's text B (option ``ecaz_text_b``), face up or
face down, read from a state or a view alike (the board and the face-down list are public:
``ecaz_embassy``'s docstring); a module of its own so that the powers asking it
(``ecaz_embassy``, ``ecaz_questions``) stay low in the import graph; and the territory their
Karama designated (1.14.12 B, ``ecaz_karama``), co-occupied as the Ambassadors' are."""

from __future__ import annotations

from typing import Any

from ..state import factions_in

PREFIX = "ambassador_"
KARAMA_TERRITORY = "karama_territory"   # their sheet: 1.14.12 B, to the turn's end


def is_ambassador(name: str) -> bool:
    """Whether a kind of force is one of their Ambassadors."""
    return name.startswith(PREFIX)


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
    """Their Ambassadors lying face down on the board (2.11.08 B), public."""
    placed = on_board(game, seat)
    return [name for name in game["factions"][seat].get("face_down", []) if name in placed]


def face_up(game: Any, seat: str) -> dict[str, tuple[str, int]]:
    """Their face-up Ambassadors on the board and where each lies."""
    down = set(face_down(game, seat))
    return {name: at for name, at in on_board(game, seat).items() if name not in down}


def battling(battle: dict[str, Any], at: tuple[str, int] | None) -> bool:
    """Whether an Ambassador lying ``at`` is in ``battle``'s part of its territory."""
    return at is not None and at[0] == battle["territory"] and (
        not battle.get("sectors") or at[1] in battle["sectors"])


def designated(game: Any, seat: str) -> str | None:
    """1.14.12 B: the territory their Karama designated this turn, if any (a state or a view;
    ``ecaz_karama``)."""
    return game["factions"][seat].get(KARAMA_TERRITORY)


def karama_cooccupies(game: Any, seat: str, territory: str) -> bool:
    """1.14.12 B: whether their forces co-occupy the territory their Karama designated: theirs
    there, and another faction's ("all factions in the designated Territory")."""
    if designated(game, seat) != territory:
        return False
    present = factions_in(game, territory)
    return seat in present and len(present) > 1
