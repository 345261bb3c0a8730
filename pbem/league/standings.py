"""A league's standings: its games' results scored by the league's system (WBC or GF9), as a
fixed-width text table (mail and the command line, within 78 columns) and as an HTML page
(the archive site).

Who played which seat: the league file's ``seats`` for a game, else the league player whose
address the seat has.  A player who dropped out of a game is disqualified from the league
(004 line 191) unless the league file excuses him (``excused``: "unless the game is extending
beyond the scheduled time limit and the player has another commitment").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from importlib.resources import files
from pathlib import Path
from types import ModuleType
from typing import Any

from pbem.game import LeagueScoring
from pbem.league.definition import League, LeagueGame, league_scoring, stored_league
from pbem.league.results import result_of
from pbem.record import GameRecord
from pbem.store import Store
from pbem.templating import wrap_lines

WIDTH = 78


@dataclass
class SeatScore:
    """One seat of one game: who played it and what it scored."""

    seat: str
    player: str
    points: float | None = None        # WBC QPs or GF9 points; None while the game is played
    pp: float | None = None            # WBC: normalised PPs
    pp_total: str = ""                 # WBC: how they were worked out, "8.5/10"
    score: tuple[float, ...] = ()      # GF9: the game's score with its tie-breakers
    place: int | None = None           # the WBC final's place
    dropped: bool = False


@dataclass
class GameLine:
    """A game of the league: its heat, state and seats."""

    heat: str
    game_id: str
    final: bool
    status: str                        # "not created", "active", "paused", "finished"
    seats: list[SeatScore] = field(default_factory=list)
    result: dict[str, Any] | None = None
    summary: str = ""                  # the status, or how the game ended (``_summary``)


def _summary(scoring: LeagueScoring, result: dict[str, Any]) -> str:
    """How a game ended, in the game's words: ``turn 7, stronghold victory: Atreides``."""
    code = result["victory"]
    victory = scoring.victory_words.get(code, code) or "over"
    winners = ", ".join(scoring.seat_words.get(s, s) for s in result["winners"]) or "none"
    turn = f"turn {result['turn']}, " if result.get("turn") else ""
    return f"{turn}{victory}: {winners}"


@dataclass
class Row:
    """A player's line of the table."""

    place: int
    player: str
    games: int
    points: float
    detail: str                        # WBC: best normalised PP; GF9: victories by weight
    best: str                          # WBC: status; GF9: the best game's score
    tied: bool = False


@dataclass
class Standings:
    """A league's standings, ready to print."""

    league: League
    scoring: LeagueScoring
    rows: list[Row]
    games: list[GameLine]
    disqualified: list[str]
    awards: list[tuple[str, str, float, str]] = field(default_factory=list)
    final: list[tuple[int, str, str, int, float]] = field(default_factory=list)
    # the final: place, player, seat, strongholds held at the end, normalised PP

    @property
    def finished(self) -> int:
        return sum(1 for game in self.games if game.result is not None)


# --- working them out
def standings(store: Store, league: League, now: datetime) -> Standings:
    """The league's standings from the games in the store, scored by the system the league's
    game provides (``LeagueScoring``)."""
    scoring = league_scoring(league)
    system = scoring.scoring_systems[league.scoring]
    games = [_game_line(store, league, scoring, heat.name, heat.final, game, now)
             for heat, game in league.games]
    dropped = {s.player for g in games for s in g.seats if s.dropped}
    disqualified = sorted(dropped - set(league.excused))
    if league.scoring == "gf9":
        rows = _gf9_rows(system, league, games)
        return Standings(league, scoring, rows, games, disqualified)
    rows, awards = _wbc_rows(system, league, games, set(disqualified))
    return Standings(league, scoring, rows, games, disqualified, awards, _final(games))


def _game_line(store: Store, league: League, scoring: LeagueScoring, heat: str, final: bool,
               game: LeagueGame, now: datetime) -> GameLine:
    row = store.game(game.id)
    if row is None:
        return GameLine(heat, game.id, final, "not created", summary="not created")
    result = result_of(store, game.id, now)
    if result is None:
        record = GameRecord.load(store, game.id)
        seats = {s["seat"]: s["address"] for s in record.seats}
        dropouts = record.state.get("dropouts", [])
    else:
        seats = {seat: info["address"] for seat, info in result["seats"].items()}
        dropouts = result.get("dropouts", [])
    line = GameLine(heat, game.id, final, row["status"], result=result,
                    summary=row["status"] if result is None else _summary(scoring, result))
    for seat, address in seats.items():
        player = game.seats.get(seat)
        if player is None:
            found = league.player_by_address(address)
            player = found.name if found else (address or f"({seat})")
        line.seats.append(SeatScore(seat, player, dropped=seat in dropouts))
    if result is not None:
        _score(scoring.scoring_systems[league.scoring], league, line, result)
    return line


def _score(system: ModuleType, league: League, line: GameLine, result: dict[str, Any]) -> None:
    if league.scoring == "gf9":
        for seat in line.seats:
            seat.points = system.points(result, seat.seat)
            seat.score = system.game_score(result, seat.seat)
        return
    pp, totals = system.normalised_points(result), system.performance_points(result)
    turns, players = len(result.get("turns", [])), result["players"]
    scale = f"x{players}/6" if players < 6 else ""
    places = system.final_places(result) if line.final else []
    for seat in line.seats:
        seat.points = 0.0 if line.final else system.qualification_points(result, seat.seat)
        seat.pp = pp.get(seat.seat, 0.0)
        seat.pp_total = f"{totals.get(seat.seat, 0.0):g}/{turns}{scale}"
        seat.place = places.index(seat.seat) + 1 if places else None


def _wbc_rows(wbc: ModuleType, league: League, games: list[GameLine], disqualified: set[str]
              ) -> tuple[list[Row], list[tuple[str, str, float, str]]]:
    heats = [g for g in games if g.result is not None and not g.final]
    qualifiers = []
    for player in league.players:
        mine = [s for g in heats for s in g.seats if s.player == player.name]
        qualifiers.append(wbc.Qualifier(player.name, sum(s.points for s in mine),
                                        max((s.pp for s in mine), default=0.0), len(mine),
                                        player.name in disqualified))
    # 004 line 109: one heat completed qualifies for the final.
    finalists, alternates, tied = wbc.advancement(q for q in qualifiers if q.games)
    rows = []
    for place, q in enumerate([*finalists, *alternates], start=1):
        status = "final" if place <= wbc.FINALISTS else f"alternate {place - wbc.FINALISTS}"
        rows.append(Row(place, q.player, q.games, q.qps, f"{q.best_pp:.3f}", status,
                        q.player in tied))
    rows += [Row(0, q.player, q.games, q.qps, f"{q.best_pp:.3f}",
                 "disqualified" if q.disqualified else "no game yet")
             for q in qualifiers if q.disqualified or not q.games]
    entries = [(s.seat, s.player, s.pp, g.game_id) for g in heats for s in g.seats
               if s.player not in disqualified]
    best = wbc.best_factions(entries)
    awards = [(faction, player, score, game) for faction in sorted(best)
              for player, score, game in best[faction]]
    return rows, awards


def _final(games: list[GameLine]) -> list[tuple[int, str, str, int, float]]:
    final = next((g for g in games if g.final and g.result is not None), None)
    if final is None:
        return []
    held = final.result["strongholds"]
    return sorted((s.place, s.player, s.seat, len(held.get(s.seat, [])), s.pp)
                  for s in final.seats)


def _gf9_rows(gf9: ModuleType, league: League, games: list[GameLine]) -> list[Row]:
    finished = [g for g in games if g.result is not None]
    records = []
    for player in league.players:
        mine = [s for g in finished for s in g.seats if s.player == player.name]
        categories = sorted((c for g in finished for s in g.seats if s.player == player.name
                             if (c := gf9.category(g.result, s.seat))),
                            key=gf9.WEIGHT.__getitem__)
        records.append(gf9.Record(player.name, sum(s.points for s in mine), tuple(categories),
                                  max((s.score for s in mine), default=()), len(mine)))
    ranked = gf9.rank(records)
    keys = [r.key[:3] for r in ranked]
    return [Row(place, r.player, r.games, r.points,
                "+".join(f"{gf9.CATEGORIES[c][1]:g}" for c in r.categories) or "-",
                gf9.score_text(r.best) if r.best else "-", keys.count(r.key[:3]) > 1)
            for place, r in enumerate(ranked, start=1)]


# --- text
def standings_text(table: Standings) -> str:
    """The standings as fixed-width text within 78 columns."""
    league, words = table.league, table.scoring.seat_words
    title = f"{league.title or league.id}: standings"
    lines = [title, "=" * min(len(title), WIDTH),
             f"{league.id}: {SYSTEM_WORDS[league.scoring]}; {table.finished} of "
             f"{len(table.games)} games finished.", ""]
    if league.scoring == "gf9":
        lines.append(f"{'#':>3}  {'Player':<24} {'Games':>5} {'Points':>7}  "
                     f"{'Victories':<12} Best game")
    else:
        lines.append(f"{'#':>3}  {'Player':<24} {'Games':>5} {'QPs':>7}  "
                     f"{'Best PP':<12} Status")
    for row in table.rows:
        place = f"{row.place}{'=' if row.tied else ''}" if row.place else "-"
        lines.append(f"{place:>3}  {row.player[:24]:<24} {row.games:>5} {row.points:>7.2f}  "
                     f"{row.detail[:12]:<12} {row.best[:18]:<18}".rstrip())
    if any(row.tied for row in table.rows):
        lines.append("  = tied after the tie-breakers: a die roll decides (004 line 164)."
                     if league.scoring == "wbc" else "  = tied after every tie-breaker.")
    if table.disqualified:
        lines += ["", "Disqualified (dropped out, 004 line 191): "
                  + ", ".join(table.disqualified)]
    if table.final:
        lines += ["", "Final (places: 004 lines 151-164)"]
        lines += [f"{place:>3}  {player[:24]:<24} {words.get(seat, seat):<14} "
                  f"strongholds {held}, PP {pp:.3f}"
                  for place, player, seat, held, pp in table.final]
    if table.awards:
        lines += ["", "Best Faction (best normalised PP in one heat game)"]
        lines += [f"  {words.get(f, f):<14} {player[:24]:<24} {score:7.3f}  {game[:20]}"
                  for f, player, score, game in table.awards]
    lines += ["", "Games"]
    for game in table.games:
        lines.append(f"  {game.heat[:14]:<14} {game.game_id[:24]:<24} {game.summary}"[:WIDTH])
        for seat in game.seats:
            lines.append(f"      {words.get(seat.seat, seat.seat):<14} "
                         f"{seat.player[:24]:<24} {_seat_score(table, seat)}".rstrip())
    return wrap_lines("\n".join(lines), WIDTH) + "\n"


SYSTEM_WORDS = {"wbc": "WBC qualification points (004)", "gf9": "GF9 tournament points (001 4.1)"}


def _seat_score(table: Standings, seat: SeatScore) -> str:
    dropped = "  dropped out" if seat.dropped else ""
    if seat.points is None:
        return dropped.strip()
    if table.league.scoring == "gf9":
        gf9 = table.scoring.scoring_systems["gf9"]
        return f"{seat.points:>5g} pts  {gf9.score_text(seat.score)}{dropped}"
    if seat.place is not None:
        return f"place {seat.place}  PP {seat.pp_total} = {seat.pp:.3f}{dropped}"
    return f"{seat.points:>5g} QP  PP {seat.pp_total} = {seat.pp:.3f}{dropped}"


# --- HTML
def standings_html(table: Standings, home: str | None = None) -> str:
    """The standings as an HTML page (every value escaped), for the archive site; ``home``
    is the address of the page it links back to, if any."""
    import jinja2  # here: a tick that renders no page need not load Jinja

    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    source = files("pbem.templates").joinpath("league", "standings.html.j2").read_text("utf-8")
    return env.from_string(source).render(
        table=table, league=table.league, system=SYSTEM_WORDS[table.league.scoring],
        factions=table.scoring.seat_words, seat_score=lambda seat: _seat_score(table, seat),
        home=home)


def write_standings_pages(store: Store, out: Path, now: datetime) -> list[dict[str, str]]:
    """Every stored league's standings page, ``leagues/<id>.html`` under ``out`` (the archive
    site, linking back to its ``index.html``); returns each league's ``id``, ``title`` and
    ``page`` (relative to ``out``)."""
    pages = []
    for row in store.all("select id from leagues order by id"):
        with store.atomic():
            league = stored_league(store, row["id"])
            table = standings(store, league, now)
        page = f"leagues/{row['id']}.html"
        (out / "leagues").mkdir(parents=True, exist_ok=True)
        (out / page).write_text(standings_html(table, home="../index.html"), encoding="utf-8")
        pages.append({"id": league.id, "title": league.title or league.id, "page": page})
    return pages
