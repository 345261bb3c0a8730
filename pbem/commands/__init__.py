"""Commands by mail: lines a player or the GM writes that are not orders for the game.

A player's mail may mix orders and commands (``STATUS``, ``PRESS Fremen ...``):
the command lines are taken out before the game reads the orders, run in the
same transaction as the orders, and answered in the same reply.  The GM
writes from the GM's address with the game's GM secret on a ``SECRET`` line;
every other line of such a mail is a GM command.  The command line ``pbem gm``
runs the same GM commands.

Each command is a function registered under its word with ``player_command``
or ``gm_command``; ``run`` gets the context and the words after the command
word, adds lines to the answer, and may queue mail of its own.  The command modules
register themselves (``registry``) when this package imports them.
"""

from pbem.commands import gm, log, player, press, replace, resolve, rollback, salt, settings  # noqa: F401,I001,E501
from pbem.commands.registry import (
    GM_COMMANDS,
    PLAYER_COMMANDS,
    Command,
    CommandContext,
    CommandError,
    CommandLine,
    gm_command,
    player_command,
    run_commands,
    split_commands,
)
from pbem.league import commands as league_commands  # noqa: F401

__all__ = ["GM_COMMANDS", "PLAYER_COMMANDS", "Command", "CommandContext", "CommandError",
           "CommandLine", "gm_command", "player_command", "run_commands", "split_commands"]
