"""``pbem league``: store a league, print or mail its standings, draw a heat
(docs/leagues.md).  Thin commands over ``pbem.league``."""

from __future__ import annotations

from pathlib import Path

import click
import yaml

from pbem.league import LeagueError
from pbem.league.definition import read_league_file, save_league, stored_league
from pbem.league.draw import draw_heat, draw_notes
from pbem.league.notify import mail_standings
from pbem.league.standings import standings, standings_html, standings_text
from pbem.lock import TickBusy


@click.group()
def league() -> None:
    """Leagues and tournaments: results, standings, heat draws.

    \b
    Example:
      pbem league new wbc-2026.yaml
      pbem league standings wbc-2026
    """



@league.command("new")
@click.argument("league_file", type=click.Path(exists=True, dir_okay=False))
@click.pass_obj
def league_new(app, league_file: str) -> None:
    """Store a league from its file, or replace it with the file's new version.

    \b
    Example:
      pbem league new wbc-2026.yaml
    """
    moderator = app.moderator()
    try:
        found = read_league_file(league_file)
        with moderator.store.atomic():
            new = save_league(moderator.store, found, moderator.clock())
    except LeagueError as error:
        raise click.ClickException(f"bad league file {error}") from None
    click.echo(f"league {found.id}: {'stored' if new else 'updated'}, {len(found.players)} "
               f"players, {len(found.games)} games, scored by {found.scoring}")


@league.command("standings")
@click.argument("league_id")
@click.option("--html", "html_path", type=click.Path(dir_okay=False),
              help="Also write the standings as an HTML page to this file.")
@click.option("--mail", is_flag=True, help="Mail the standings to every player of the league.")
@click.pass_obj
def league_standings(app, league_id: str, html_path: str | None, mail: bool) -> None:
    """Print a league's standings (within 78 columns).

    \b
    Examples:
      pbem league standings wbc-2026
      pbem league standings wbc-2026 --html standings.html --mail
    """
    moderator = app.moderator()
    now = moderator.clock()
    try:
        with moderator.store.atomic():
            found = stored_league(moderator.store, league_id)
            table = standings(moderator.store, found, now)
            sent = mail_standings(app.config, moderator.store, found, now) if mail else 0
    except LeagueError as error:
        raise click.ClickException(str(error)) from None
    click.echo(standings_text(table), nl=False)
    if html_path:
        Path(html_path).write_text(standings_html(table), encoding="utf-8")
        click.echo(f"HTML: {html_path}")
    if mail:
        try:
            report = moderator.send_outbox()
        except TickBusy as busy:
            click.echo(f"mailed to {sent} players; {busy}: the mail waits for the next tick")
            return
        click.echo(f"mailed to {sent} players; {report.sent} mails sent, "
                   f"{report.waiting} waiting")


@league.command("draw")
@click.argument("league_id")
@click.argument("heat")
@click.option("--seed", required=True, help="The draw's seed: the same seed, the same draw.")
@click.option("--player", "players", multiple=True,
              help="A player of this heat (repeat); default: every player not disqualified.")
@click.option("--final", is_flag=True, help="The final: 15 turns instead of 10.")
@click.option("--out", "out_dir", default=".", show_default=True,
              type=click.Path(file_okay=False), help="Where to write the game files.")
@click.pass_obj
def league_draw(app, league_id: str, heat: str, seed: str, players: tuple[str, ...],
                final: bool, out_dir: str) -> None:
    """Group players at random into tables of 5-6 and draw their factions (WBC), writing a
    game file per table for `pbem game new`.

    \b
    Example:
      pbem league draw wbc-2026 heat-2 --seed 2026-07-21 --out games/
    """
    moderator = app.moderator()
    try:
        with moderator.store.atomic():
            found = stored_league(moderator.store, league_id)
            barred = set(standings(moderator.store, found, moderator.clock()).disqualified)
        players = players or tuple(p.name for p in found.players if p.name not in barred)
        if barred & set(players):                      # 004 line 191
            raise LeagueError(f"disqualified (dropped out): {', '.join(sorted(barred))}")
        tables = draw_heat(found, heat, seed, list(players), final)
    except LeagueError as error:
        raise click.ClickException(str(error)) from None
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for table in tables:
        path = out / f"{table.game_id}.yaml"
        path.write_text(yaml.safe_dump(table.game_file(found, heat, final, seed),
                                       sort_keys=False), encoding="utf-8")
        names = ", ".join(f"{seat} {player.name}" for seat, player in table.seats)
        click.echo(f"{path}: {names}")
    for note in draw_notes(tables):
        click.echo(f"note: {note}")
    entry = {"name": heat, **({"final": True} if final else {}),
             "games": [{"id": t.game_id, "seats": {seat: p.name for seat, p in t.seats}}
                       for t in tables]}
    click.echo("add to the league file under heats:\n"
               + yaml.safe_dump([entry], sort_keys=False).rstrip())
