"""Writing the archive: a static web site of the moderator's games.

``index.html`` lists every game (ruleset, factions, players, status, winners).  Each game
has a folder named by its id: ``index.html`` (the game, its turns, and once it is over the
final reveal and the downloadable game record), a page per turn (``turn-N.html``: the
public events of each step, the public table and the map, if the game draws one, at the
last position still within the turn) and the map itself (``map-N.svg``).

Before a game is over its pages are made only of public things: the public view, the
events addressed to everyone, the game's public map.  Its seed, its decision log and what
lay behind each seat's shield appear once the game is finished.  Every text of a game or a
player is escaped (the pages' templates escape all they are given).
"""

from __future__ import annotations

import functools
import json
import shutil
from dataclasses import dataclass
from datetime import datetime
from importlib.resources import files
from pathlib import Path
from typing import Any

import jinja2
import yaml

from pbem.game import MapPicture, capability
from pbem.league.standings import write_standings_pages
from pbem.record import DEALING, GameRecord
from pbem.store import Store
from pbem.templating import render

from .game_file import game_file
from .history import History, Step, Turn, history, winners


@functools.cache
def _pages() -> jinja2.Environment:
    """The archive's HTML templates (``templates/archive``), escaping everything."""
    folder = files("pbem.templates").joinpath("archive")
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True,
                              lstrip_blocks=True, keep_trailing_newline=True)


def _write(path: Path, template: str, **context: Any) -> None:
    path.write_text(_pages().get_template(template).render(**context), encoding="utf-8")


@dataclass(frozen=True)
class GameSummary:
    """A game's line in the index."""

    id: str
    title: str
    game: str
    ruleset: str
    seats: list[str]
    players: list[str]
    status: str
    step: str
    winners: list[str]

    @classmethod
    def of(cls, record: GameRecord) -> GameSummary:
        return cls(record.id, record.title, record.row["game"], record.row["ruleset"],
                   [seat["seat"] for seat in record.seats],
                   [seat["player"] or "" for seat in record.seats], record.row["status"],
                   record.step_name(), winners(record.result()))


class Archive:
    """The site in folder ``out``, built from the games of ``store``."""

    def __init__(self, store: Store, out: Path | str, now: datetime):
        self.store = store
        self.out = Path(out)
        self.now = now

    def game_ids(self) -> list[str]:
        """Every game dealt (one waiting for its salts has nothing to show yet)."""
        return [row["id"] for row in self.store.games() if row["status"] != DEALING]

    def write_index(self) -> list[GameSummary]:
        """The list of every game, and the style sheet."""
        self.out.mkdir(parents=True, exist_ok=True)
        games = [GameSummary.of(GameRecord.load(self.store, game_id))
                 for game_id in self.game_ids()]
        _write(self.out / "style.css", "style.css.j2")
        leagues = write_standings_pages(self.store, self.out, self.now)
        _write(self.out / "index.html", "index.html.j2", games=games, leagues=leagues, root="")
        return games

    def write_game(self, game_id: str) -> Path:
        """A game's folder, written anew (pages of steps rolled back do not linger)."""
        record = GameRecord.load(self.store, game_id)
        folder = self.out / record.id
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        past, summary = history(self.store, record), GameSummary.of(record)
        drawn = capability(record.rules, MapPicture)
        for turn in past.turns:
            if drawn:
                (folder / f"map-{turn.number}.svg").write_text(
                    drawn.map_svg(turn.state), encoding="utf-8")
            _write(folder / turn.page, "turn.html.j2", game=summary,
                   turn=turn, turns=past.turns, steps=[_step(record, s) for s in turn.steps],
                   table=_table(record, turn), map=f"map-{turn.number}.svg" if drawn else None,
                   reached=record.rules.step_name(turn.state), root="../")
        download = None
        if record.finished:
            download = f"{record.id}.json"
            (folder / download).write_text(_web_json(game_file(self.store, record)),
                                           encoding="utf-8")
        _write(folder / "index.html", "game.html.j2", game=summary,
               turns=past.turns, reveal=_reveal(past) if record.finished else None,
               seed=record.row["seed"] if record.finished else None,
               rules_version=record.row["rules_version"], download=download, root="../")
        return folder


def _web_json(data: Any) -> str:
    """JSON for the site: the same data, with <, > and & written as escapes, so that no text
    of a game or a player reads as markup whatever a browser takes the file for."""
    text = json.dumps(data, indent=1, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _step(record: GameRecord, step: Step) -> dict[str, Any]:
    """A step as its page shows it: its name and its public events as the reports word them."""
    text = render(record.row["game"], "events.txt.j2", events=step.events, seat=None)
    return {"number": step.number, "name": step.name, "adjusted": step.adjusted,
            "continued": step.continued, "text": text.strip()}


def _table(record: GameRecord, turn: Turn) -> str:
    """The public table at a turn's last position, as the public report shows it."""
    view = record.rules.view(turn.state, None)
    return render(record.row["game"], "view.txt.j2", view=view, seat=None).strip()


def _reveal(past: History) -> list[dict[str, Any]]:
    """What lay behind each seat's shield at the end: its view less the public one."""
    rules, final = past.record.rules, past.final
    public = rules.view(final, None)
    shown = []
    for seat in past.record.seats:
        own = {key: value for key, value in rules.view(final, seat["seat"]).items()
               if key != "seat" and public.get(key) != value}
        if len(own) == 1 and isinstance(only := next(iter(own.values())), dict):
            own = only                              # Dune: the sheet behind the shield
        shown.append({"seat": seat["seat"], "player": seat["player"] or "",
                      "text": yaml.safe_dump(own, sort_keys=False, allow_unicode=True,
                                             default_flow_style=None, width=60).strip()})
    return shown


def build_archive(store: Store, out: Path | str, now: datetime, game_id: str | None = None
                  ) -> list[GameSummary]:
    """Write the site as it stands at ``now``: the pages of one game (or of every game) and
    the index of all."""
    archive = Archive(store, out, now)
    for one in [game_id] if game_id else archive.game_ids():
        archive.write_game(one)
    return archive.write_index()
