"""Who commands which seat: a player may command several seats of a game, and the game may
pass a seat from one player to another (``pbem.game.Commanders``: Dune v3.0's two- and
three-player games, War for Arrakis in teams).

A seat a player plays commands itself.  A seat ``commanded_by`` another in the game file has
no player of its own: its mail goes to its commander's player, and its orders come from
that player, proved as the commander's are (address, secret, reply token).  Who commands
which is the game's to say: its state now, or before the deal the option ``commanders``
the game file made.  The moderator reads it through one place, the seats of a loaded game
(``GameRecord.seats``): a seat's row carries its ``commander``, and a commanded seat's row
the commander's address, secret and player name (its time zone and civil disorder too,
where it has none of its own), its own kept aside under ``own``.  A seat's reply token is
made with its commander's secret, so a player who no longer commands a seat cannot answer
for it by replying to its old mail.
"""

from __future__ import annotations

from typing import Any

from pbem.game import Commanders, State

OPTION = "commanders"                     # the game option that carries the game file's
PLAYER = ("address", "secret", "player")  # a commanded seat's, from its commander
FALLBACK = ("timezone", "disorder")       # its own if it has one, else its commander's


def commanders(game: Commanders, state: State, options: dict[str, Any], dealt: bool
               ) -> dict[str, str]:
    """Each commanded seat of a game to the seat whose player commands it now: the game's
    state says, or before the deal the options the game file made."""
    return dict(game.commanders(state) if dealt else options.get(OPTION) or {})


def command(rows: list[dict[str, Any]], by: dict[str, str]) -> list[dict[str, Any]]:
    """The seats' rows, each with its ``commander`` and a commanded seat with its commander's
    player (``PLAYER``, ``FALLBACK``), in place: a row commanded before gets its own back
    first, so the rows follow a game whose command changed."""
    for row in rows:
        row.update(row.pop("own", {}))
        row.pop("commander", None)
    if not by:
        return rows
    seats = {row["seat"]: row for row in rows}
    for row in rows:
        chief = seats[by.get(row["seat"], row["seat"])]
        row["commander"] = chief["seat"]
        if chief is row:
            continue
        row["own"] = {name: row[name] for name in (*PLAYER, *FALLBACK)}
        row.update({name: chief[name] for name in PLAYER})
        row.update({name: row[name] or chief[name] for name in FALLBACK})
    return rows


def commander(row: dict[str, Any]) -> str:
    """The seat whose player commands this seat's row (its own, in most games)."""
    return row.get("commander") or row["seat"]


def commanded_with(rows: list[dict[str, Any]], seat: str) -> list[str]:
    """The seats the player of ``seat`` commands now, the player's own first."""
    chief = commander(next(row for row in rows if row["seat"] == seat))
    mine = [row["seat"] for row in rows if commander(row) == chief]
    return sorted(mine, key=lambda name: name != chief)


def players_first(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with each player's own seat before the seats it commands: the seat a
    player's mail is for when it names none."""
    return sorted(rows, key=lambda row: commander(row) != row["seat"])
