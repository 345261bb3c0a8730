"""``pbem archive``: write the static web site of the games, and replay a published game
record (docs/archive.md).  Thin commands over ``pbem.archive``."""

from __future__ import annotations

import json

import click

from pbem.game import UnknownGame, load_game

from .game_file import replay_game_file
from .site import Archive


@click.group()
def archive() -> None:
    """The archive: a static web site of every game.

    \b
    Example:
      pbem archive build --out /var/www/dune
    """


@archive.command("build")
@click.argument("game_id", required=False)
@click.option("--out", required=True, type=click.Path(file_okay=False),
              help="The folder to write the site into (made if missing).")
@click.pass_obj
def archive_build(app, game_id: str | None, out: str) -> None:
    """Write the site: the index of all games, and the pages of GAME (default: every game).

    Before a game is over its pages show only what every player saw: the public reports
    and the map.  Once it is over they add the final reveal and the game record.

    \b
    Examples:
      pbem archive build --out site
      pbem archive build dune-7 --out site
    """
    moderator = app.moderator()
    site = Archive(moderator.store, out, moderator.clock())
    ids = site.game_ids()
    if game_id is not None:
        if game_id not in ids:
            raise click.ClickException(f"no game {game_id!r}")
        ids = [game_id]
    with click.progressbar(ids, label="archive", show_pos=True,
                           item_show_func=lambda one: one) as games:
        for one in games:
            site.write_game(one)
    listed = site.write_index()
    click.echo(f"archive: {len(ids)} games written, {len(listed)} listed in "
               f"{site.out / 'index.html'}")


@archive.command("replay")
@click.argument("record_file", type=click.File("r", encoding="utf-8"))
def archive_replay(record_file) -> None:
    """Replay a game record downloaded from the archive and print how the game ended.

    \b
    Example:
      pbem archive replay dune-7.json
    """
    try:
        data = json.load(record_file)
        state = replay_game_file(data)
        rules = load_game(data["game"])
    except (ValueError, KeyError, UnknownGame) as error:
        raise click.ClickException(f"bad game record: {error}") from None
    click.echo(f"{data['id']}: {len(data['log'])} steps replayed; {rules.step_name(state)}; "
               f"result {json.dumps(rules.result(state), sort_keys=True)}")
