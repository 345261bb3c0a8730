"""Press between seats and public declarations, relayed by the moderator (docs/commands.md).

``PRESS`` relays a message to some seats with the sender's seat named, or
unnamed (``PRESS ANON``) where the game file sets ``press: anonymous``; a
game with ``press: none`` has no press.  ``DEAL`` and ``BRIBE`` declare a deal
or bribe to every seat and the GM: in Dune, deals and bribes must be stated
aloud to bind (000 XIII.C).  Every message is archived in the ``press`` table.
A relayed mail is written from scratch by the moderator: nothing of the
sender's mail goes out but the text of the command line.
"""

from __future__ import annotations

import json
import re

from pbem import reports
from pbem.commands.limits import Budget
from pbem.commands.registry import CommandContext, CommandError, player_command
from pbem.definition import GameDefinition
from pbem.store import utc_text
from pbem.templating import render

# "<seat>[, <seat>...] <text>": the seats, then the message.
ADDRESSED = re.compile(r"([^\s,]+(?:\s*,\s*[^\s,]+)*)\s+(\S.*)")


def _seat_named(context: CommandContext, word: str) -> str:
    """The seat a word names: its name, or an unambiguous beginning of it, in any case."""
    seats = [s["seat"] for s in context.record.seats]
    found = [s for s in seats if s == word.lower()] or [
        s for s in seats if s.startswith(word.lower())]
    if len(found) != 1:
        raise CommandError(f"no seat {word!r} in this game; seats: {', '.join(seats)}, or ALL")
    return found[0]


def _addressed(context: CommandContext, args: str) -> tuple[list[str], str]:
    """The seats a press line is for (ALL: every seat, the sender too) and its text."""
    match = ADDRESSED.fullmatch(args.strip())
    if match is None:
        raise CommandError("expected the seats to write to, then the message")
    names = re.split(r"\s*,\s*", match.group(1))
    if [name.upper() for name in names] == ["ALL"]:
        return [s["seat"] for s in context.record.seats], match.group(2)
    seats = list(dict.fromkeys(_seat_named(context, name) for name in names))
    if context.seat in seats:
        raise CommandError("you cannot send press to yourself")
    return seats, match.group(2)


def _archive(context: CommandContext, seats: list[str], text: str, anonymous: bool) -> None:
    context.store.db["press"].insert({
        "game_id": context.record.id, "sender": context.seat, "recipients": json.dumps(seats),
        "anonymous": int(anonymous), "text": text, "created_at": utc_text(context.now)})


@player_command("PRESS", "PRESS [ANON] <seat>[,<seat>...]|ALL <text>",
                "a message to other seats, relayed with your seat named (ANON: unnamed, "
                "where the game allows it)", Budget.PRESS)
def press(context: CommandContext, args: str) -> None:
    """Relay a message to each seat it is for, in that seat's thread, and archive it."""
    allowed = context.record.settings.get("press", GameDefinition.press)
    if allowed == "none":
        raise CommandError("this game has no press between players")
    first, _, rest = args.partition(" ")
    anonymous = first.upper() == "ANON"
    if anonymous and allowed != "anonymous":
        raise CommandError("this game has no anonymous press; write PRESS <seat> <text>")
    seats, text = _addressed(context, rest if anonymous else args)
    everyone = len(seats) == len(context.record.seats)
    named_to = "every seat" if everyone else ", ".join(seats)
    for seat in seats:
        to = "you" if anonymous and not everyone else named_to
        mail = reports.press(context.config, context.record, seat, text, to,
                             None if anonymous else context.seat, context.now)
        context.send(mail, "press", seat)
    _archive(context, seats, text, anonymous)
    how = "anonymously " if anonymous else ""
    context.answer(f"Press relayed {how}to {named_to}: {text}")


def _declare(context: CommandContext, kind: str, text: str) -> None:
    """Send a declaration to every seat and the GM, archive it, and answer."""
    if not text:
        raise CommandError(f"write the {kind} after {kind.upper()}")
    record = context.record
    seats = [s["seat"] for s in record.seats]
    for seat in seats:
        context.send(reports.declaration(context.config, record, seat, kind, context.seat, text,
                                         context.now), kind, seat)
    if record.settings.get("gm_address"):
        context.send(reports.declaration(context.config, record, None, kind, context.seat,
                                         text, context.now), kind)
    _archive(context, seats, f"{kind.upper()} {text}", anonymous=False)
    context.answer(render(record.row["game"], "mail/declared.txt.j2", game=record,
                          kind=kind).strip())


@player_command("DEAL", "DEAL <text>", "declare a deal: every seat and the GM get it",
                Budget.PRESS)
def deal(context: CommandContext, args: str) -> None:
    _declare(context, "deal", args)


@player_command("BRIBE", "BRIBE <text>", "declare a bribe: every seat and the GM get it",
                Budget.PRESS)
def bribe(context: CommandContext, args: str) -> None:
    _declare(context, "bribe", args)
