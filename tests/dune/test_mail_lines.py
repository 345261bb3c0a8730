"""Every line of an order mail in exactly one place of the answer (``pbem.echo``): part of an
order read, refused, or not read as an order.  Mails are built from the bots' legal orders at
positions of random games, with junk lines put among them: chat, broken orders, orders for
decisions not open, punctuation."""

from __future__ import annotations

import random

import pytest

from pbem.echo import comment, echo
from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune.orders.language import parse_orders

SIX = ["harkonnen", "atreides", "bene-gesserit", "emperor", "fremen", "guild"]
JUNK = ["thx", "sorry for the delay", "Hi all,", "...", "# my plan", "cheers, Paul",
        "DIAL lots", "LEADER Nobody", "SHIP 5 TO Nowhere", "MOVE 3 FROM Carthag", "BID",
        "REVIVE 99", "PASS PASS", "KARAMA", "IF VOICED", "WEAPON Crysknife", "TRAITOR",
        "Dial: 3.", "PLACE Arrakeen", "BATTLE Carthag AGAINST Nobody", "ally?"]


def places(text: str, parsed) -> dict[int, list[str]]:
    """Each non-blank line's places in the game's reading of the mail (``echo`` would put a
    line the reading left out with the lines not read: it must find none; it says nothing of
    a comment, ``# my plan``)."""
    assert echo(text, parsed, [], []).unread == tuple(
        line for line in parsed.unread if not comment(line.line))
    found: dict[int, list[str]] = {n: [] for n, line in enumerate(text.splitlines(), 1)
                                   if line.strip()}
    for order in parsed.orders:
        for number in order.lines:
            found[number].append("read")
    for error in parsed.errors + parsed.not_filed:
        found[error.line_no].append(error.code)
    for line in parsed.unread:
        found[line.line_no].append("not read")
    return found


@pytest.mark.parametrize("seed", range(4))
def test_every_line_of_a_mail_is_in_exactly_one_place(seed):
    """For random mails of legal orders and junk lines, at every step of random games, each
    non-blank line is read, refused or not read, once; and an order is filed only when none
    of its decision's lines is refused."""
    rng = random.Random(seed)
    ruleset = ("classic", "wbc")[seed % 2]
    state = dune.setup(ruleset, {}, SIX, step_rng(f"lines-{seed}", 0))
    for step in range(1, 70):
        prompts = dune.prompts(state)
        if not prompts or dune.result(state):
            break
        batch = {}
        for seat in dict.fromkeys(p.seat for p in prompts):
            mine = [p for p in prompts if p.seat == seat]
            view = dune.view(state, seat)
            legal = [dune.bot_order(view, p, rng) for p in mine]
            batch |= {o.prompt: o.value
                      for o in parse_orders(state, seat, "\n".join(legal), prompts).orders}
            lines = "\n".join(legal).splitlines()
            for _ in range(rng.randint(1, 4)):
                lines.insert(rng.randint(0, len(lines)), rng.choice(JUNK))
            text = "\n".join(lines)
            parsed = parse_orders(state, seat, text, prompts)
            for number, where in places(text, parsed).items():
                assert len(where) == 1, (step, seat, text, number, where)
            for order in parsed.orders:
                assert not {e.line_no for e in parsed.errors} & set(order.lines), (text, order)
        state, _ = dune.apply(state, batch, step_rng(f"lines-{seed}", step))
