"""The account of an order mail's lines that its answer gives: every non-blank line of the
order text (after the quote, the signature and the routing lines are taken out) is in exactly
one place: part of an order read, refused (with the reason, on the line at fault), a command
(answered by the commands), a decision to come left for later (a block of the turn form sent
back as it was), or not read as an order ("thx").  Nothing is dropped unsaid, but for the
lines that start with ``#``: the order templates' comments, which say nothing."""

from __future__ import annotations

from dataclasses import dataclass

from pbem.game import NotRead, Order, OrderError, Parsed


@dataclass(frozen=True)
class ReadOrder:
    """An order read, and the mail's lines it was read from (number and text)."""

    order: Order
    lines: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Echo:
    """Every non-blank line of a mail, each in one of the four places."""

    read: tuple[ReadOrder, ...]
    refused: tuple[OrderError, ...]
    commands: tuple[int, ...]
    unread: tuple[NotRead, ...]
    left: tuple[NotRead, ...] = ()

    @property
    def orders(self) -> list[Order]:
        return [read.order for read in self.read]


def echo(text: str, parsed: Parsed, commands: list[int], command_errors: list[OrderError]
         ) -> Echo:
    """The account of ``text`` (the order text, its command lines among it): the game's
    reading (``parsed``), the numbers of the command lines and the commands' refusals.  A line
    that the game left out of its reading is put with the lines not read, so none is lost."""
    lines = dict(enumerate(text.splitlines(), start=1))
    read = tuple(ReadOrder(order, tuple((n, lines.get(n, "")) for n in order.lines))
                 for order in parsed.orders)
    refused = tuple(sorted(parsed.errors + parsed.not_filed + command_errors,
                           key=lambda e: e.line_no))
    placed = ({n for order in parsed.orders for n in order.lines} | set(commands)
              | {e.line_no for e in refused} | {u.line_no for u in parsed.unread}
              | {u.line_no for u in parsed.left})
    unread = sorted([*(u for u in parsed.unread if not comment(u.line)),
                     *(NotRead(n, line) for n, line in lines.items()
                       if line.strip() and n not in placed and not comment(line))],
                    key=lambda u: u.line_no)
    return Echo(read, refused, tuple(commands), tuple(unread), tuple(parsed.left))


def comment(line: str) -> bool:
    """Whether a line is a comment of an order template (``# SHIP 3 TO Arrakeen``)."""
    return line.lstrip().startswith("#")
