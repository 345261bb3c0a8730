"""The pbem command line: thin commands over the library.

Each command imports what it needs when it runs: cron starts ``pbem tick`` every few
minutes, and an idle tick should not pay for loading the games, the archive, the league,
Jinja or Pillow (benchmarks/idle_tick.py).
"""

from __future__ import annotations

import importlib
import json
import logging
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pbem.config import ConfigError, load_config
from pbem.games import GAMES
from pbem.lock import TickBusy

if TYPE_CHECKING:
    from pbem.moderator import Moderator
    from pbem.record import GameRecord
    from pbem.store import Store


class App:
    """What every command shares: the configuration, opened on first use, and the clock
    (the system's, or a test's handed in as ``obj``)."""

    def __init__(self, config_path: str | None, clock=None):
        self.config_path = config_path
        self.clock = clock
        self._config = None

    @property
    def config(self):
        if self._config is None:
            try:
                self._config = load_config(self.config_path)
            except ConfigError as error:
                raise click.ClickException(f"bad configuration {error}") from None
        return self._config

    def moderator(self) -> Moderator:
        from pbem.moderator import Moderator

        return Moderator(self.config, clock=self.clock)


pass_app = click.make_pass_decorator(App)


class LazyGroup(click.Group):
    """A group whose sub-groups in ``lazy`` (name: "module.attribute") are imported only when
    one of them is asked for."""

    def __init__(self, *args, lazy: dict[str, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            module, _, attribute = self.lazy[name].rpartition(".")
            return getattr(importlib.import_module(module), attribute)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, lazy={"league": "pbem.league.cli.league",
                                  "archive": "pbem.archive.cli.archive"})
@click.option("--config", "config_path", envvar="PBEM_CONFIG", type=click.Path(dir_okay=False),
              help="Configuration file (default: $PBEM_CONFIG, else ./pbem.yaml, else "
                   "built-in defaults with local Maildirs under ./pbem-data).")
@click.option("-v", "--verbose", is_flag=True, help="Log what happens to stderr.")
@click.version_option(package_name="pbem")
@click.pass_context
def main(ctx: click.Context, config_path: str | None, verbose: bool) -> None:
    """pbem: a play-by-email moderator for Dune and its relatives.

    \b
    Example:
      pbem --config /etc/pbem.yaml tick
    """
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    ctx.obj = App(config_path, clock=ctx.obj)


@main.command()
@pass_app
def init(app: App) -> None:
    """Create the database and the local Maildirs the configuration names.

    \b
    Example:
      pbem --config pbem.yaml init
    """
    from pbem.mail.sinks import MaildirSink
    from pbem.mail.sources import MaildirSource
    from pbem.store import Store

    config = app.config
    Store(config.database).close()
    click.echo(f"database: {config.database}")
    if config.mail_in.transport == "maildir":
        MaildirSource(config.mail_in.maildir.path).close()
        click.echo(f"mail in (Maildir): {config.mail_in.maildir.path}")
    if config.mail_out.transport == "maildir":
        MaildirSink(config.mail_out.maildir.path).ensure()
        click.echo(f"mail out (Maildir): {config.mail_out.maildir.path}")


@main.group()
def game() -> None:
    """Create games.

    \b
    Example:
      pbem game new games/dune-7.yaml
    """


@game.command("new")
@click.argument("game_file", type=click.Path(exists=True, dir_okay=False))
@pass_app
def game_new(app: App, game_file: str) -> None:
    """Create a game from a game file and mail each seat its welcome; say the pace of its
    mail modes (docs/game-files.md).

    \b
    Example:
      pbem game new auction-1.yaml
    """
    from pbem.definition import GameFileError, create_game, read_game_file

    moderator = app.moderator()
    try:
        definition = read_game_file(game_file)
        with moderator.exclusive():
            record = create_game(moderator.store, app.config, definition, moderator.clock())
            summary = moderator.send_outbox()
    except GameFileError as error:
        raise click.ClickException(f"bad game file {error}") from None
    except TickBusy as busy:
        raise click.ClickException(f"{busy}: no game was created; try again") from None
    click.echo(f"game {record.id}: {record.row['game']} ({record.row['ruleset']}), "
               f"{len(record.seats)} seats, seed {record.row['seed']}; "
               f"{summary.sent} welcome mails sent, {summary.waiting} waiting")
    if record.pace:
        click.echo(record.pace)


@main.command()
@pass_app
def tick(app: App) -> None:
    """Run one full cycle: read mail, file orders, resolve steps, send mail.

    Meant for cron; prints a one-line summary.  Exits non-zero only when the
    mailbox could not be read or a message or game failed.

    \b
    Example (crontab, every five minutes):
      */5 * * * * pbem --config /srv/pbem/pbem.yaml tick
    """
    try:
        summary = app.moderator().tick()
    except TickBusy as busy:
        click.echo(f"tick: skipped, {busy}")
        return
    except sqlite3.OperationalError as error:  # locked by another program, or the disk full
        click.echo(f"tick: stopped, database {app.config.database}: {error}; what was "
                   "committed stays, the next tick goes on from there", err=True)
        sys.exit(1)
    click.echo(summary.line())
    for error in summary.errors:
        click.echo(f"error: {error}", err=True)
    if summary.errors:
        sys.exit(1)


@main.command()
@click.argument("game_id", required=False)
@pass_app
def status(app: App, game_id: str | None) -> None:
    """Show the games, or one game's seats and who has sent orders.

    Orders themselves are never shown.

    \b
    Examples:
      pbem status
      pbem status dune-7
    """
    from pbem.game import owed
    from pbem.record import GameRecord
    from pbem.store import Store

    store = Store(app.config.database)
    if game_id is None:
        games = store.games()
        if not games:
            click.echo("no games")
        for row in games:
            record = GameRecord.load(store, row["id"])
            click.echo(_status_line(store, record))
        return
    try:
        record = GameRecord.load(store, game_id)
    except LookupError as error:
        raise click.ClickException(str(error)) from None
    click.echo(_status_line(store, record))
    pending = store.pending(record.id, record.step)
    prompts = owed(record.prompts())
    for seat in record.seats:
        mine = [p for p in prompts if p.seat == seat["seat"]]
        done = sum(1 for p in mine if p.key in pending)
        state = f"{done}/{len(mine)} orders in" if mine else "nothing to decide"
        click.echo(f"  {seat['seat']:<12} {seat['address']:<32} {state}")
    if record.finished:
        click.echo(f"  result: {json.dumps(json.loads(record.row['result']))}")


def _status_line(store: Store, record: GameRecord) -> str:
    from pbem.definition import salting_seats
    from pbem.fairness import unrevealed
    from pbem.game import waiting_for
    from pbem.store import parse_utc

    deadline = store.deadline(record.id, record.step)
    pending = store.pending(record.id, record.step)
    waiting = waiting_for(record.prompts(), pending)
    text = (f"{record.id}: {record.row['game']}/{record.row['ruleset']} {record.row['status']}, "
            + record.step_title())
    if record.dealing:
        salted = json.loads(record.row["salts"] or "{}")
        digests = json.loads(record.row["salt_digests"] or "{}")
        if record.row["reveal_at"]:
            missing, what, due = unrevealed(digests, salted), "reveals", "reveal_at"
        else:
            missing = [seat for seat in salting_seats(record)
                       if seat not in salted and seat not in digests]
            what, due = "salts", "deal_at"
        return (text + f", waiting for {what} from {', '.join(missing) or 'nobody'}, until "
                + parse_utc(record.row[due]).strftime("%Y-%m-%d %H:%M UTC"))
    if not record.finished:
        text += f", waiting for {', '.join(waiting) or 'nobody'}"
        if deadline:
            text += f", deadline {deadline.strftime('%Y-%m-%d %H:%M UTC')}"
    return text


@main.command("gm")
@click.argument("game_id")
@click.argument("words", nargs=-1, required=True)
@pass_app
def gm(app: App, game_id: str, words: tuple[str, ...]) -> None:
    """Run a GM command on a game, as the GM would by mail.

    The commands are listed in docs/commands.md (and by ``pbem gm GAME HELP``).

    \b
    Examples:
      pbem gm dune-7 PAUSE
      pbem gm dune-7 EXTEND 24 the Atreides player is travelling
    """
    from pbem.commands import GM_COMMANDS, CommandError
    from pbem.moderator import run_gm_command

    moderator = app.moderator()
    try:
        with moderator.exclusive():
            answers = run_gm_command(moderator, game_id, " ".join(words))
            report = moderator.send_outbox()
    except TickBusy as busy:
        raise click.ClickException(f"{busy}: the command was not run; try again") from None
    except LookupError as error:
        raise click.ClickException(str(error)) from None
    except CommandError as error:
        command = GM_COMMANDS.get(words[0].upper())
        usage = f"\nusage: {command.usage}" if command else ""
        raise click.ClickException(f"{error}{usage}") from None
    for answer in answers:
        click.echo(answer)
    if report.sent:
        click.echo(f"{report.sent} mails sent")


@main.group(invoke_without_command=True)
@click.option("--all", "show_all", is_flag=True, help="Include mail already sent.")
@click.pass_context
def outbox_group(ctx: click.Context, show_all: bool) -> None:
    """List the outbox (mail waiting, failed, or with --all sent too).

    \b
    Examples:
      pbem outbox
      pbem outbox --all
      pbem outbox retry
    """
    if ctx.invoked_subcommand is not None:
        return
    from pbem.store import Store

    app = ctx.find_object(App)
    store = Store(app.config.database)
    where = "" if show_all else "where status != 'sent'"
    rows = store.all(f"select id, status, attempts, next_attempt_at, recipients, subject, "
                     f"last_error from outbox {where} order by id")
    if not rows:
        click.echo("outbox empty" if show_all else "nothing waiting in the outbox")
    for row in rows:
        line = (f"{row['id']:>5} {row['status']:<8} tries {row['attempts']:<3} "
                f"{', '.join(json.loads(row['recipients']))}: {row['subject']}")
        if row["status"] == "pending" and row["attempts"]:
            line += f" (next try {row['next_attempt_at']})"
        click.echo(line)
        if row["last_error"] and row["status"] != "sent":
            click.echo(f"        last error: {row['last_error']}")


main.add_command(outbox_group, name="outbox")


@outbox_group.command("retry")
@click.argument("ids", nargs=-1, type=int)
@pass_app
def outbox_retry(app: App, ids: tuple[int, ...]) -> None:
    """Send waiting and failed mail now (all of it, or the messages with these ids).

    \b
    Examples:
      pbem outbox retry
      pbem outbox retry 12 13
    """
    from pbem import outbox

    moderator = app.moderator()
    try:
        with moderator.exclusive():
            retried = outbox.retry_now(moderator.store, moderator.clock(), list(ids) or None)
            report = moderator.send_outbox(retried)
    except TickBusy as busy:
        retried = outbox.retry_now(moderator.store, moderator.clock(), list(ids) or None)
        raise click.ClickException(f"{busy}: nothing sent here; {len(retried)} messages are "
                                   "due now, and the next tick sends them") from None
    for missing in sorted(set(ids) - set(retried)):
        click.echo(f"{missing:>5} not in the outbox, or already sent")
    for row in outbox.fates(moderator.store, retried):
        if row["status"] == "sent":
            click.echo(f"{row['id']:>5} sent: {row['subject']}")
        elif row["status"] == "pending":
            click.echo(f"{row['id']:>5} still waiting, next try {row['next_attempt_at']}: "
                       f"{row['last_error']}")
        else:
            click.echo(f"{row['id']:>5} given up after {row['attempts']} tries: "
                       f"{row['last_error']}")
    click.echo(f"{len(retried)} messages retried: {report.sent} sent, {report.deferred} still "
               f"waiting, {report.failed} given up")


@main.group()
def scenario() -> None:
    """Scenario files: a position and the orders played from it, to check a ruling.

    \b
    Example:
      pbem scenario run tests/dune/scenarios/storm_kills_in_sand.yaml
    """


@scenario.command("run")
@click.argument("scenario_file", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def scenario_run(scenario_file: str, as_json: bool) -> None:
    """Play a scenario file's orders from its position and print what follows.

    Prints the final position with every faction's private sheet, the orders
    and events of each step, and the open prompts (all of it as JSON with
    --json).  Exits 1 if an expectation of the file's expect: section fails,
    naming each one.  The format is described in docs/scenarios.md.

    \b
    Example:
      pbem scenario run tests/dune/scenarios/storm_kills_in_sand.yaml --json
    """
    from pbem.schema import SchemaError

    data, module = _scenario_file(scenario_file)
    try:
        result = module.run_scenario(data)
    except SchemaError as error:
        raise click.ClickException(f"bad scenario {scenario_file}:\n  "
                                   + "\n  ".join(error.problems)) from None
    failed = result["expect"]["failed"]
    if as_json:
        click.echo(json.dumps(result, indent=2))
        for failure in failed:
            click.echo(f"expectation failed: {failure}", err=True)
    else:
        click.echo(module.scenario_report(result))
    if failed:
        sys.exit(1)


def _scenario_file(path: str):
    """A scenario file's data and the scenarios of the game its ``game:`` key names."""
    import yaml

    from pbem.game import Scenarios, UnknownGame, capability, load_game

    try:
        with open(path, encoding="utf-8") as file:
            data = yaml.safe_load(file)
    except (OSError, yaml.YAMLError) as error:
        raise click.ClickException(f"cannot read {path}: {error}") from None
    if not isinstance(data, dict) or "game" not in data:
        raise click.ClickException(f"bad scenario {path}: expected a mapping with a game: key")
    try:
        module = load_game(str(data["game"]))
    except UnknownGame as error:
        raise click.ClickException(f"bad scenario {path}: game: {error}") from None
    scenarios = capability(module, Scenarios)
    if scenarios is None:
        raise click.ClickException(f"bad scenario {path}: game {data['game']} has no scenarios")
    return data, scenarios


def _options(pairs: tuple[str, ...]) -> dict:
    """``key=value`` pairs as a game's options, each value read as YAML."""
    import yaml

    options = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key:
            raise click.BadParameter(f"expected key=value, got {pair!r}", param_hint="--option")
        try:
            options[key] = yaml.safe_load(value)
        except yaml.YAMLError as error:
            raise click.BadParameter(f"{pair!r}: {error}", param_hint="--option") from None
    return options


@main.command()
@click.option("--game", "game_name", type=click.Choice(sorted(GAMES)), default="dune",
              show_default=True, help="The game to play.")
@click.option("--games", default=100, show_default=True, type=click.IntRange(1),
              help="How many whole games to play.")
@click.option("--seed", default="selfplay", show_default=True,
              help="The run's seed; game N is played from seed SEED-N.")
@click.option("--ruleset", help="The ruleset (default: the game's first).")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A game option, its value read as YAML; repeat for more.")
@click.option("--out", default="selfplay-failures", show_default=True,
              type=click.Path(file_okay=False),
              help="Folder for the replayable files of failing games.")
@click.option("--bot", "style", default="random", show_default=True,
              help="The bots that play: random, or another style the game has (basic).")
@click.option("--seats", "seat_list", default=None, metavar="SEAT,SEAT...",
              help="The seats of every game (default: drawn from each game's seed).")
@click.option("--count", "counted", multiple=True, metavar="CODE[:KEY[=VALUE]]",
              help="Count the events of this code (whose data has the key, of that value) "
                   "over every step, printed on the summary line; repeat for more.")
@click.option("--seat-count", "seat_count", default=None, metavar="MIN-MAX",
              help="Draw each game's seats only as many as MIN to MAX (within what the "
                   "game may seat).")
@click.option("--first", default=0, show_default=True, type=click.IntRange(0),
              help="The number of the first game (to play again game N alone: --first N "
                   "--games 1).")
def selfplay(game_name: str, games: int, seed: str, ruleset: str | None,
             option_pairs: tuple[str, ...], out: str, style: str,
             seat_list: str | None, counted: tuple[str, ...], seat_count: str | None,
             first: int) -> None:
    """Play whole games by the bots, checking the game's invariants after every step.

    Each game has seats drawn from its seed among those the game may seat (2 to 6 of
    Dune's factions, up to 13 with GF9's expansions and the Free Traders, as many as
    --seat-count allows; one of War for Arrakis's seatings), or --seats; every bot
    order goes through the order parser.  A game that breaks an invariant, crashes,
    has a bot order refused or does not replay to the same state is saved in --out
    as JSON.  Prints one summary line; exits 1 if anything broke.  Game N of a run
    is played again alone with --first N --games 1.

    \b
    Example:
      pbem selfplay --game dune --games 200 --seed 7 --ruleset classic \\
        --option advanced=true --option turns=5 --out /tmp/selfplay
      pbem selfplay --game auction --games 20 --seats north,east,south \\
        --option 'commanders={south: north}' --option pass_command=true
    """
    from pbem.game import Bots, capability, load_game
    from pbem.selfplay import BadSetup, play_games

    game_module = load_game(game_name)
    ruleset = ruleset or game_module.rulesets[0]
    if ruleset not in game_module.rulesets:
        raise click.BadParameter(f"{ruleset!r}: {game_name} has rulesets "
                                 f"{', '.join(game_module.rulesets)}", param_hint="--ruleset")
    bots = capability(game_module, Bots)
    if bots is None or style not in bots.bot_styles:
        raise click.BadParameter(f"{style!r}: {game_name} has bots "
                                 f"{', '.join(bots.bot_styles) if bots else 'none'}",
                                 param_hint="--bot")
    try:
        seats = [s.strip() for s in seat_list.split(",")] if seat_list else None
        summary = play_games(game_module, ruleset, _options(option_pairs), games, seed, out=out,
                             style=style, seats=seats, count=counted,
                             seat_count=_seat_count(seat_count), first=first)
    except BadSetup as error:
        raise click.ClickException(f"bad set-up: {error}") from None
    for violation in summary.violations:
        click.echo(f"violation: {violation}", err=True)
    click.echo(summary.line())
    if summary.violations:
        sys.exit(1)


def _seat_count(text: str | None) -> tuple[int, int] | None:
    """``--seat-count MIN-MAX`` (or a single number) read."""
    if text is None:
        return None
    low, _, high = text.partition("-")
    try:
        fewest, most = int(low), int(high or low)
    except ValueError:
        raise click.BadParameter(f"{text!r}: expected MIN-MAX, as 6-8",
                                 param_hint="--seat-count") from None
    if not 1 <= fewest <= most:
        raise click.BadParameter(f"{text!r}: expected 1 <= MIN <= MAX",
                                 param_hint="--seat-count")
    return fewest, most


@main.command()
@click.option("--dir", "directory", type=click.Path(file_okay=False),
              help="Scratch directory (default: a new temporary one).")
@click.option("--game", "game_name",
              type=click.Choice(["dune", "auction", "war_for_arrakis"]),
              default="dune", show_default=True,
              help="A short game of classic Dune (WBC rules), two small auctions, or a game "
                   "of War for Arrakis.")
@click.option("--seats", type=click.IntRange(1, 6), default=None,
              help="How many scripted players (per game); default 6 for Dune, 3 for the "
                   "auctions, 2 for War for Arrakis (3 or 4: teams; 1: --ruleset mahdi).")
@click.option("--seed", default="demo", show_default=True, help="The game's random seed.")
@click.option("--bots", is_flag=True,
              help="Every seat a bot (bot: random): the moderator plays alone, no mail.")
@click.option("--turns", type=click.IntRange(1), default=2, show_default=True,
              help="Dune: end after this many turns (10: a whole game under WBC); War for "
                   "Arrakis: after this many rounds.")
@click.option("--no-maps", "no_maps", is_flag=True,
              help="Text-only reports, without the map of the board (faster).")
@click.option("--ruleset", default=None,
              help="Dune: the ruleset played (default: wbc; gf9: the 2019 edition); War for "
                   "Arrakis: standard, or mahdi (the solo mode).")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="Dune: a game option, its value read as YAML; repeat for more.")
@click.option("--seat", "names", multiple=True, metavar="SEAT",
              help="Dune: a seat of the game (default: the ruleset's first --seats); repeat "
                   "for more.")
@pass_app
def demo(app: App, directory: str | None, game_name: str, seats: int | None, seed: str,
         bots: bool, turns: int, no_maps: bool, ruleset: str | None,
         option_pairs: tuple[str, ...], names: tuple[str, ...]) -> None:
    """Play an example game by mail in a scratch directory: two turns of Dune.

    Scripted players read their mail from a local Maildir and answer by mail;
    ticks run until the game is over.  Prints where to read the mails, each
    player's and the GM's, and what to try next.

    \b
    Examples:
      pbem demo --dir /tmp/pbem-demo
      pbem demo --turns 10
      pbem demo --bots --turns 10
      pbem demo --ruleset gf9
      pbem demo --ruleset gf9 --option advanced=true --seat <seat> --seat <seat>
      pbem demo --game auction
      pbem demo --game war_for_arrakis --seats 4
      pbem demo --game war_for_arrakis --ruleset mahdi
    """
    from pbem.demo import run_demo
    from pbem.game import load_game

    if ruleset is not None:
        rulesets = load_game(game_name).rulesets
        if game_name == "auction" or ruleset not in rulesets:
            raise click.BadParameter(f"{ruleset!r}: {game_name} has rulesets "
                                     f"{', '.join(rulesets) or 'none'}",
                                     param_hint="--ruleset")
    seats = seats or {"dune": 6, "auction": 3}.get(game_name, 2)
    if (option_pairs or names) and game_name != "dune":
        raise click.BadParameter("only the Dune demo takes options and seats",
                                 param_hint="--option")
    run_demo(directory, game_name, seats, seed, click.echo, bots, turns, app.clock,
             maps=not no_maps, ruleset=ruleset, options=_options(option_pairs),
             names=names)


@main.command()
@click.argument("record", type=click.Path(exists=True))
@click.option("--commitment", metavar="SHA256",
              help="The commitment of your welcome mail, to check the revealed seed against.")
@click.option("--archive", "archive_dir", type=click.Path(exists=True, file_okay=False),
              help="The game's folder of the archive site: each turn page is checked too.")
@click.option("--mail", "mails", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="A mail of the game you kept (the file your mail program saves): the "
                   "record's log must give the digest it shows.  May be given again.")
def verify(record: str, commitment: str | None, archive_dir: str | None,
           mails: tuple[str, ...]) -> None:
    """Check a finished game's published record: that it has every part, the commitment,
    the seed, every GM intervention, the replay of the log, the result, the archive's
    public pages, and the digest of each mail you kept.

    RECORD is the game record (the archive's download, or the final report's attachment),
    or the game's folder of the archive (its record and pages are checked).  It runs
    offline; it exits non-zero and names what failed if the game was not dealt and played
    as committed, and it says what it could not check without more (docs/fairness.md).

    \b
    Examples:
      pbem verify dune-7.json --commitment 3f0c...e1 --mail step-40.eml
      pbem verify site/dune-7
    """
    from pbem.game import UnknownGame
    from pbem.verify import DEAL_CHECKS, read_mail, verify_record

    path = Path(record)
    if path.is_dir():
        archive_dir = archive_dir or str(path)
        found = sorted(path.glob("*.json"))
        if len(found) != 1:
            raise click.ClickException(f"{path} holds {len(found)} game records, not one")
        path = found[0]
    try:
        kept = [read_mail(Path(mail).read_bytes(), mail) for mail in mails]
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        result = verify_record(data, commitment, Path(archive_dir) if archive_dir else None,
                               kept)
    except (ValueError, KeyError, TypeError, UnknownGame) as error:
        raise click.ClickException(f"bad game record {path}: {error!r}") from None
    before = [check for check in result.checks if check.what in DEAL_CHECKS]
    for check in before:
        click.echo(f"{check.what}: {'ok' if check.ok else 'FAILED'}: {check.detail}")
    click.echo(f"GM interventions: {len(result.interventions) or 'none'}")
    for line in result.interventions:
        click.echo(f"  {line}")
    for check in result.checks:
        if check not in before:
            click.echo(f"{check.what}: {'ok' if check.ok else 'FAILED'}: {check.detail}")
    for what in result.unchecked:
        click.echo(f"not checked: {what}")
    if not result.ok:
        failed = ", ".join(check.what for check in result.failed)
        click.echo(f"NOT verified: {data.get('id')} failed on {failed}")
        sys.exit(1)
    click.echo(f"verified: {data['id']} was dealt and played as committed")
