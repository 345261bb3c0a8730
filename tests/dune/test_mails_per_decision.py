"""A new game played by mail the way people write mail needs no more mails than its decisions
(the issue "A real game by mail, tried as players would", its closing check).

Six seats of classic Dune under ``ruleset: wbc``, and of Dune 2019 under ``ruleset: gf9``
(issue 33), with ``auth: both``, set-up and two turns.  Each
player replies to the moderator's latest mail that asks them something: ``Re:`` subject,
In-Reply-To and References to that mail, the prompt quoted below with ``> `` and a signature,
the order template the mail offers written in mixed case, from the registered address and
WITHOUT a SECRET line (the reply token proves the seat, docs/orders.md "Replying proves the
secret").  Every mail a player sends is one decision: none is refused or sent again.
"""

from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from installation import Installation
from players import MODERATOR, drop, text

from pbem.definition import create_game, game_definition

SEATS = ("atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen")
GAME = "dune-6"
TEMPLATE = re.compile(r"this template is accepted as it is:\n\n(.+?)\n\n", re.S)


def address(seat: str) -> str:
    return f"{seat}@players.test"


def written(template: str, n: int) -> str:
    """The template as a player types it: no SECRET line, each line in mixed case."""
    lines = [line for line in template.splitlines() if not line.upper().startswith("SECRET")]
    case = (str.lower, str.title, str.capitalize)[n % 3]
    return "\n".join(case(line) for line in lines)


def reply(seat: str, prompt: EmailMessage, orders: str) -> EmailMessage:
    """A mail client's reply: the orders, a signature, "... wrote:" and the prompt quoted."""
    mail = EmailMessage()
    mail["From"] = f"{seat.title()} Player <{address(seat)}>"
    mail["To"] = MODERATOR
    mail["Subject"] = f"Re: {prompt['Subject']}"
    mail["Message-ID"] = make_msgid(domain="players.test")
    mail["In-Reply-To"] = str(prompt["Message-ID"])
    mail["References"] = " ".join([*str(prompt["References"] or "").split(),
                                   str(prompt["Message-ID"])])
    quoted = "\n".join(f"> {line}".rstrip() for line in text(prompt).splitlines())
    mail.set_content(f"{orders}\n\nCheers,\n{seat.title()}\n\nOn Sun, 22 Nov 2026, Test "
                     f"Moderator <{MODERATOR}> wrote:\n{quoted}\n")
    return mail


def asks(mail: EmailMessage) -> re.Match | None:
    """The template a mail offers, if it asks its reader something (an answer to an order
    mail repeats the template: it asks nothing new)."""
    return None if "Orders received" in str(mail["Subject"]) else TEMPLATE.search(text(mail))


@pytest.fixture(scope="module", params=["wbc", "gf9"])
def played(tmp_path_factory, request):
    """The game played to its end: each seat's mails sent, and the steps it was asked in."""
    site = Installation(tmp_path_factory.mktemp("mails-per-decision"), maps=False)
    moderator = site.moderator()
    definition = game_definition({
        "id": GAME, "game": "dune", "ruleset": request.param, "seed": "mails-per-decision",
        "options": {"turns": 2}, "auth": "both", "deadlines": {"resolve_delay_minutes": 1},
        "seats": [{"seat": s, "address": address(s)} for s in SEATS]})
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()
    seen: set[str] = set()
    sent = dict.fromkeys(SEATS, 0)
    asked: dict[str, set] = {seat: set() for seat in SEATS}
    ticks = 0
    for _ in range(400):
        if site.record(GAME).finished:
            break
        record = site.record(GAME)
        for n, seat in enumerate(SEATS):
            if any(p.seat == seat for p in record.prompts()):
                asked[seat].add(record.step)
            mails = [m for m in site.sent(address(seat)) if m["Message-ID"] not in seen]
            seen |= {m["Message-ID"] for m in mails}
            offers = [(m, found) for m in mails if (found := asks(m))]
            if offers:
                mail, found = offers[-1]
                drop(site.inbox, reply(seat, mail, written(found.group(1), n + sent[seat])))
                sent[seat] += 1
        site.clock.advance(minutes=1)
        summary = site.moderator().tick()
        ticks += 1
        assert not summary.errors, summary.errors
    return site, sent, asked, ticks


def answers(site, seat: str) -> list[str]:
    return [text(m) for m in site.sent(address(seat)) if "Orders received" in str(m["Subject"])]


def test_each_mail_a_player_sends_is_one_decision(played):
    """Per seat, mails sent = the steps that asked it something; the game ends within the
    first deadline (no decision left to a default)."""
    site, sent, asked, ticks = played
    assert site.record(GAME).finished
    assert sent == {seat: len(steps) for seat, steps in asked.items()}
    assert sum(sent.values()) >= 30 and ticks < 60


def test_every_mail_is_accepted_the_first_time_and_refuses_no_line(played):
    """Each reply is filed (its seat proven by the reply token, no SECRET line), and its
    answer shows every order line read: none refused, none to send again."""
    site, sent, _, _ = played
    outcomes = [row["outcome"] for row in site.moderator().store.all(
        "select outcome from inbound where game_id = ?", (GAME,))]
    assert len(outcomes) == sum(sent.values())
    assert [o for o in outcomes if not re.fullmatch(r"[1-9][0-9]* orders, 0 errors", o)] == []
    for seat in SEATS:
        replies = answers(site, seat)
        assert len(replies) == sent[seat]
        assert not [r for r in replies if "Not accepted" in r or "refused" in r.lower()]
