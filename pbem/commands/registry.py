"""The command registry: the context a command runs in, and the words that name commands."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from pbem import outbox
from pbem.config import Config
from pbem.game import OrderError

if TYPE_CHECKING:
    from pbem.commands.limits import Budget
    from pbem.mail.compose import Mail
from pbem.record import GameRecord
from pbem.store import Store


class CommandError(ValueError):
    """A command that cannot be done; the message says why and what would be valid."""


@dataclass
class CommandContext:
    """What a command may use: the game, who asked (``seat`` None for the GM), and the
    answer being written."""

    config: Config
    store: Store
    record: GameRecord
    seat: str | None
    now: datetime
    answers: list[str] = field(default_factory=list)

    def answer(self, text: str) -> None:
        """Add text to the reply to the mail that held the command."""
        self.answers.append(text)

    def send(self, mail: Mail, kind: str, seat: str | None = None) -> None:
        """Queue a mail of the command's own (in the command's transaction)."""
        outbox.enqueue(self.store, mail, self.now, kind, self.record.id, seat)


@dataclass(frozen=True)
class Command:
    """A command word, how it is written, what it does, the function that does it, and the
    budget of ``pbem.commands.limits`` its lines count against (None: only the total)."""

    word: str
    usage: str
    summary: str
    run: Callable[[CommandContext, str], None]
    budget: Budget | None = None


PLAYER_COMMANDS: dict[str, Command] = {}
GM_COMMANDS: dict[str, Command] = {}
BEFORE_DEAL = ("SALT", "HELP")   # the commands a game waiting for its salts runs


def _register(table: dict[str, Command], word: str, usage: str, summary: str,
              budget: Budget | None = None):
    def register(run: Callable[[CommandContext, str], None]):
        assert word not in table, word
        table[word] = Command(word, usage, summary, run, budget)
        return run
    return register


def player_command(word: str, usage: str, summary: str, budget: Budget | None = None):
    """Register a player command (``budget``: the limit its lines count against)."""
    return _register(PLAYER_COMMANDS, word, usage, summary, budget)


def gm_command(word: str, usage: str, summary: str):
    """Register a GM command."""
    return _register(GM_COMMANDS, word, usage, summary)


@dataclass(frozen=True)
class CommandLine:
    """A command found in a mail: its line number, the line, the word and the rest."""

    line_no: int
    line: str
    word: str
    args: str


def command_words(line: str) -> tuple[str, str]:
    """A line's first word and the rest, as people write commands: a colon or an equals sign
    after the word (``salt: golden lion throne``, ``SET: DIGEST OFF``) is left out, as after
    an order's verb."""
    match = re.match(r"\s*([A-Za-z]+)\s*[:=]\s*(.*)", line)
    if match:
        return match.group(1), match.group(2).strip()
    word, _, args = line.strip().partition(" ")
    return word, args


def split_commands(text: str, table: dict[str, Command]) -> tuple[list[CommandLine], str]:
    """The command lines of a text, and the text with them blanked (line numbers kept)."""
    found, kept = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        word, args = command_words(line)
        if word.upper() in table:
            found.append(CommandLine(number, line, word.upper(), args.strip()))
            kept.append("")
        else:
            kept.append(line)
    return found, "\n".join(kept)


def run_commands(context: CommandContext, commands: list[CommandLine],
                 table: dict[str, Command]) -> list[OrderError]:
    """Run each command in turn; a command that fails is reported like a bad order line, and
    what it wrote before failing is undone (a savepoint)."""
    errors = []
    for command in commands:
        try:
            if context.record.dealing and command.word not in BEFORE_DEAL:
                raise CommandError("the game is not dealt yet: it waits for the seats' salts "
                                   f"(only {' and '.join(BEFORE_DEAL)} are read until then)")
            with context.store.atomic():
                table[command.word].run(context, command.args)
        except CommandError as error:
            errors.append(OrderError(command.line_no, command.line, "bad-command", str(error),
                                     (table[command.word].usage,)))
    return errors
