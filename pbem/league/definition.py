"""League files: a GM's YAML list of the players, the heats (or rounds) and their games, and
how they are scored (docs/leagues.md).  Checked like game files: every fault named with its
key, unknown keys refused.  ``pbem league new`` stores the checked league in the database, so
that the tick knows which leagues a finishing game belongs to."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

import yaml

from pbem.definition import GAME_ID
from pbem.game import LeagueScoring, UnknownGame, capability, load_game
from pbem.league import LeagueError
from pbem.schema import SchemaError, build
from pbem.store import Store, utc_text


class LeagueFileError(SchemaError, LeagueError):
    """A league file is wrong; ``problems`` lists every fault."""


@dataclass(frozen=True)
class Player:
    """A player of the league: the name shown in the standings and the mail address."""

    name: str
    address: str | None = None


@dataclass(frozen=True)
class LeagueGame:
    """A game of a heat; ``seats`` (seat -> player name) when the seats' addresses do not say
    who played (bot seats, or a player with two addresses)."""

    id: str
    seats: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Heat:
    """A heat or round of games; ``final`` for the final (WBC: places, not QPs)."""

    name: str
    games: tuple[Any, ...] = ()
    final: bool = False


@dataclass(frozen=True)
class League:
    """A league file."""

    id: str
    players: tuple[Player, ...]
    heats: tuple[Heat, ...] = ()
    title: str | None = None
    game: str = "dune"                 # the game of its games, which scores them
    scoring: Literal["wbc", "gf9"] = "wbc"
    excused: tuple[str, ...] = ()
    mail_standings: bool = True

    @property
    def games(self) -> list[tuple[Heat, LeagueGame]]:
        """Every game of the league with its heat, in the file's order."""
        return [(heat, _game(entry)) for heat in self.heats for entry in heat.games]

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    def player_by_address(self, address: str | None) -> Player | None:
        return next((p for p in self.players
                     if address and p.address and p.address.lower() == address.lower()), None)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["heats"] = [{**heat, "games": [asdict(_game(g)) for g in heat["games"]]}
                         for heat in data["heats"]]
        return data


def league_scoring(league: League) -> LeagueScoring:
    """What the league's game gives leagues (checked when the league was read)."""
    scoring = capability(load_game(league.game), LeagueScoring)
    assert scoring is not None, league.game
    return scoring


def _game(entry: Any) -> LeagueGame:
    return LeagueGame(entry) if isinstance(entry, str) else LeagueGame(**entry)


def read_league_file(path: Path | str) -> League:
    """Read and check a league file."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise LeagueFileError(str(path), [f"cannot read the file: {error.strerror}"]) from None
    except yaml.YAMLError as error:
        raise LeagueFileError(str(path), [f"not valid YAML: {error}"]) from None
    return league_definition(data, str(path))


def league_definition(data: Any, source: str = "league") -> League:
    """Check parsed YAML as a league, reporting every fault at once."""
    problems: list[str] = []
    league = build(League, data, "", problems)
    if league is not None:
        problems += _checks(league)
    if problems:
        raise LeagueFileError(source, problems)
    return league


def _checks(league: League) -> list[str]:
    problems = []
    try:
        scoring = capability(load_game(league.game), LeagueScoring)
    except UnknownGame as error:
        problems.append(f"game: {error}")
    else:
        if scoring is None:
            problems.append(f"game: {league.game} has no league scoring")
        elif league.scoring not in scoring.scoring_systems:
            problems.append(f"scoring: {league.game} scores by "
                            f"{', '.join(scoring.scoring_systems)}, not {league.scoring}")
    if not GAME_ID.match(league.id):
        problems.append(f"id: expected letters, digits, '-', '_' or '.', got {league.id!r}")
    names = [p.name for p in league.players]
    problems += [f"players: {name!r} is listed twice" for name in sorted(set(names))
                 if names.count(name) > 1]
    addresses = [p.address.lower() for p in league.players if p.address]
    problems += [f"players: the address {a!r} is listed twice" for a in sorted(set(addresses))
                 if addresses.count(a) > 1]
    problems += [f"excused: {name!r} is not a player" for name in league.excused
                 if name not in names]
    seen: set[str] = set()
    for h, heat in enumerate(league.heats):
        for g, entry in enumerate(heat.games):
            where = f"heats[{h}].games[{g}]"
            problems += _game_problems(entry, where, names)
            game_id = entry if isinstance(entry, str) else (entry or {}).get("id")
            if game_id in seen:
                problems.append(f"{where}: game {game_id!r} is listed twice")
            seen.add(game_id)
    if sum(heat.final for heat in league.heats) > 1:
        problems.append("heats: only one heat may be the final")
    return problems


def _game_problems(entry: Any, where: str, names: list[str]) -> list[str]:
    if isinstance(entry, str):
        return [] if GAME_ID.match(entry) else [f"{where}: expected a game id, got {entry!r}"]
    problems: list[str] = []
    game = build(LeagueGame, entry, f"{where}.", problems)
    if game is None:
        return problems
    problems += [f"{where}.seats.{seat}: {name!r} is not a player"
                 for seat, name in game.seats.items() if name not in names]
    if not GAME_ID.match(str(game.id)):
        problems.append(f"{where}.id: expected a game id, got {game.id!r}")
    return problems


# --- the leagues stored
def save_league(store: Store, league: League, now: datetime) -> bool:
    """Store (or replace) a league; returns whether it was new."""
    new = store.one("select id from leagues where id = ?", (league.id,)) is None
    store.db["leagues"].upsert({"id": league.id, "definition": json.dumps(league.to_json()),
                                "updated_at": utc_text(now)}, pk="id")
    return new


def stored_league(store: Store, league_id: str) -> League:
    """A stored league; LeagueError if there is none."""
    row = store.one("select definition from leagues where id = ?", (league_id,))
    if row is None:
        known = [r["id"] for r in store.all("select id from leagues order by id")]
        raise LeagueError(f"no league {league_id!r}; leagues: {', '.join(known) or 'none'} "
                          "(pbem league new FILE stores one)")
    return league_definition(json.loads(row["definition"]), league_id)


def leagues_of_game(store: Store, game_id: str) -> list[League]:
    """The stored leagues a game belongs to."""
    leagues = [stored_league(store, row["id"])
               for row in store.all("select id from leagues order by id")]
    return [league for league in leagues
            if any(game.id == game_id for _, game in league.games)]


def slug(text: str) -> str:
    """Text as a part of a game id."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "x"
