"""Seating and faction draws for a new heat: players grouped at random "creating as many
6-player games as possible, but requiring every game to have at least five players, if at all
possible" (004 line 111; the same in 001 4.1.2, line 855), and the factions drawn (WBC house
rule 1, 004 line 91), from a seed so that the GM can show the draw was fair.  The result is
game files ready for ``pbem game new``.

Rulings:

- Table sizes: as few tables as hold everyone at six at most, the players spread evenly (45
  players: five tables of six and three of five, as 004's example).  When five each is
  impossible (seven players), the smaller tables are "at the GM's discretion" (line 111): the
  draw says so.
- Each table draws its factions, one each, from the seats a game of the scoring system's
  ruleset and options may have (``Game.seating``); a 5-player table leaves one out.
- The ruleset and options of the games are the scoring system's (``RULESET``,
  ``game_options``): WBC heats of 10 turns (004 line 134), the final 15 (line 168); GF9 games
  with the tournament rules (001 4.1).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from pbem.game import load_game
from pbem.league import LeagueError
from pbem.league.definition import League, Player, league_scoring, slug

TABLE_MAX, TABLE_MIN = 6, 5


def table_sizes(players: int) -> list[int]:
    """The sizes of the tables for that many players, largest first (004 line 111)."""
    if players < 2:
        raise LeagueError(f"{players} players make no game of Dune (2 to 6 a table)")
    tables = math.ceil(players / TABLE_MAX)
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


@dataclass(frozen=True)
class Table:
    """One game of the draw: its id and each faction's player."""

    game_id: str
    seats: tuple[tuple[str, Player], ...]

    def game_file(self, league: League, heat: str, final: bool, seed: str) -> dict[str, Any]:
        """A game file (docs/game-files.md) for ``pbem game new``."""
        system = league_scoring(league).scoring_systems[league.scoring]
        return {
            "id": self.game_id, "game": league.game, "ruleset": system.RULESET,
            "title": f"{league.title or league.id}, {heat}",
            "seed": f"{seed}/{self.game_id}",
            "options": system.game_options(final),
            "seats": [{"seat": seat, "address": player.address, "player": player.name}
                      if player.address else {"seat": seat, "bot": "basic"}
                      for seat, player in self.seats],
        }


def draw_heat(league: League, heat: str, seed: str, players: list[str] | None = None,
              final: bool = False) -> list[Table]:
    """The tables of a heat (``final``: of the final): ``players`` (names; by default every
    player of the league) grouped and given factions at random, from ``seed``, the league and
    the heat's name.  A player without an address is a bot (``bot: basic``)."""
    names = players if players is not None else [p.name for p in league.players]
    unknown = [n for n in names if n not in {p.name for p in league.players}]
    if unknown:
        raise LeagueError(f"not players of league {league.id}: {', '.join(unknown)}")
    system = league_scoring(league).scoring_systems[league.scoring]
    seat_names = list(load_game(league.game).seating(system.RULESET,
                                                     system.game_options(final)).names)
    rng = random.Random(f"{seed}/{league.id}/{heat}")
    drawn = list(names)
    rng.shuffle(drawn)
    tables, start = [], 0
    for number, size in enumerate(table_sizes(len(drawn)), start=1):
        group = drawn[start:start + size]
        start += size
        factions = rng.sample(seat_names, size)
        seats = sorted(zip(factions, (league.player(n) for n in group), strict=True),
                       key=lambda pair: seat_names.index(pair[0]))
        tables.append(Table(f"{slug(league.id)}-{slug(heat)}-{number}", tuple(seats)))
    return tables


def draw_notes(tables: list[Table]) -> list[str]:
    """What the GM must know of a draw: tables below five players (004 line 111)."""
    return [f"{t.game_id} has {len(t.seats)} players: fewer than five is at the GM's "
            "discretion (004 line 111)" for t in tables if len(t.seats) < TABLE_MIN]
