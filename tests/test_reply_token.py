"""Replying to the moderator's mail proves the seat's secret (issue 16, P2).

A player who just replies to a prompt from a mail client quotes it, and quoted
text is not read, so the ``SECRET`` line of the quoted order template is lost.
The reply's ``In-Reply-To`` and ``References`` carry the Message-ID of the mail
answered, which carries the seat's reply token (``pbem.reply_token``): a reply
from a real-looking client is accepted the first time, and a forged one is
refused like a wrong secret.
"""

from __future__ import annotations

import base64
import re
import secrets
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from installation import SEATS, Installation, player
from players import GM, MODERATOR, drop, order_mail, text

from pbem.definition import create_game, game_definition
from pbem.mail.sinks import MaildirSink


@pytest.fixture
def site(tmp_path):
    return Installation(tmp_path)


def welcome(site, seat: str, game: str = "auction-1") -> EmailMessage:
    return next(m for m in site.sent(player(seat)) if str(m["Subject"]) == f"[{game}] Welcome")


def quoted(prompt: EmailMessage) -> str:
    return "\n".join(f"> {line}".rstrip() for line in text(prompt).splitlines())


def gmail_reply(sender: str, prompt: EmailMessage, top: str) -> EmailMessage:
    """A reply as Gmail writes it: the new text, "On ... wrote:" and the prompt quoted
    with "> ", plain text and HTML, ``References`` the prompt's and its Message-ID."""
    mail = EmailMessage()
    mail["MIME-Version"] = "1.0"
    mail["References"] = " ".join([*str(prompt["References"] or "").split(),
                                   str(prompt["Message-ID"])])
    mail["In-Reply-To"] = str(prompt["Message-ID"])
    mail["From"] = f"A Player <{sender}>"
    mail["Date"] = "Sun, 22 Nov 2026 15:33:19 +0100"
    mail["Message-ID"] = make_msgid(domain="mail.gmail.com")
    mail["Subject"] = f"Re: {prompt['Subject']}"
    mail["To"] = f"Test Moderator <{MODERATOR}>"
    mail.set_content(f"{top}\n\nOn Sun, Nov 22, 2026 at 12:00 PM Test Moderator <\n"
                     f"{MODERATOR}> wrote:\n\n{quoted(prompt)}\n")
    lines = "".join(f"<div>{line}</div>" for line in top.splitlines())
    mail.add_alternative(f'<div dir="ltr">{lines}</div><br><div class="gmail_quote">'
                         f'<blockquote class="gmail_quote">{text(prompt)}</blockquote></div>',
                         subtype="html")
    return mail


def outlook_reply(sender: str, prompt: EmailMessage, top: str) -> EmailMessage:
    """A reply as Outlook writes it: top-posted above a separator and the prompt's header
    block, with ``Thread-Index``; ``References`` only the prompt's Message-ID."""
    mail = EmailMessage()
    mail["From"] = f"A Player <{sender}>"
    mail["To"] = f"Test Moderator <{MODERATOR}>"
    mail["Subject"] = f"RE: {prompt['Subject']}"
    mail["Thread-Topic"] = str(prompt["Subject"])
    mail["Thread-Index"] = "AQHaDm8sXy0t2v4aS0u6cX7hK0Pm3w=="
    mail["Date"] = "Sun, 22 Nov 2026 16:11:09 +0000"
    mail["Message-ID"] = make_msgid(domain="eurprd02.prod.outlook.com")
    mail["References"] = str(prompt["Message-ID"])
    mail["In-Reply-To"] = str(prompt["Message-ID"])
    mail.set_content(f"{top}\n\nA Player\n\n________________________________\n"
                     f"From: Test Moderator <{MODERATOR}>\nSent: Sunday, November 22, 2026 "
                     f"12:00 PM\nTo: A Player <{sender}>\nSubject: {prompt['Subject']}\n\n"
                     f"{text(prompt)}\n")
    return mail


CLIENTS = {"gmail": gmail_reply, "outlook": outlook_reply}


def pending(site, game: str = "auction-1") -> dict[str, str]:
    rows = site.moderator().store.all("select seat, text from pending_orders where game_id = ?",
                                      (game,))
    return {row["seat"]: row["text"] for row in rows}


def outcomes(site) -> list[str]:
    return [row["outcome"] for row in site.moderator().store.all(
        "select outcome from inbound order by id")]


@pytest.mark.parametrize("client", CLIENTS)
@pytest.mark.parametrize("auth", ["both", "secret"])
def test_a_reply_quoting_the_prompt_is_accepted_the_first_time(site, auth, client):
    """The welcome's order template, SECRET line included, is quoted and so not read; the
    reply's headers prove the seat.  A second reply, to the answer, is accepted too."""
    site.new_game(auth=auth)
    prompt = welcome(site, "north")
    assert f"SECRET {site.secret('north')}" in quoted(prompt)
    drop(site.inbox, CLIENTS[client](player("north"), prompt, "BID 7"))
    assert site.moderator().tick().accepted == 1
    assert pending(site) == {"north": "BID 7"}
    answer = site.sent(player("north"))[-1]
    assert str(answer["Subject"]) == "[auction-1] Orders received"
    drop(site.inbox, CLIENTS[client](player("north"), answer, "BID 9"))
    assert site.moderator().tick().accepted == 1
    assert pending(site) == {"north": "BID 9"}


def test_under_the_secret_policy_a_reply_proves_its_seat_from_any_address(site):
    """``auth: secret`` asks nothing of the address: the token, like the SECRET line,
    names the seat whose mail was answered."""
    site.new_game(auth="secret")
    drop(site.inbox, gmail_reply("north.at.work@office.test", welcome(site, "east"), "BID 4"))
    assert site.moderator().tick().accepted == 1
    assert pending(site) == {"east": "BID 4"}


def game_with_secret(site, game: str, secret: str) -> None:
    """An auction game whose north has the given secret, as a game file may set it."""
    definition = game_definition({
        "id": game, "game": "auction", "seed": "fixed", "auth": "both",
        "options": {"lots": 2},
        "seats": [{"seat": s, "address": player(s), "secret": secret if s == "north" else None}
                  for s in ("north", "east", "south")]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()


def forged(prompt_id: str, subject: str = "[auction-1] Welcome") -> EmailMessage:
    """A reply in north's name to the mail whose Message-ID is ``prompt_id``."""
    prompt = EmailMessage()
    prompt["Message-ID"], prompt["Subject"] = prompt_id, subject
    prompt.set_content("GAME auction-1\nBID 0\n")
    return gmail_reply(player("north"), prompt, "BID 50")


def test_a_forged_reply_with_a_guessed_or_anothers_token_is_refused_like_a_wrong_secret(site):
    """From north's address: a guessed token, east's token, and north's token of another
    game where north has the same secret.  Each is refused as a wrong secret, told to the
    registered address within the secret refusals' flood bound; north's own reply then
    files."""
    game_with_secret(site, "auction-1", "same-secret")
    game_with_secret(site, "auction-2", "same-secret")
    other_game = welcome(site, "north", "auction-2")["Message-ID"]
    guess = (f"<auction-1.{secrets.token_hex(6)}.rt"
             f"{base64.b32encode(secrets.token_bytes(15)).decode().lower()[:20]}@pbem.test>")
    for prompt_id in (guess, welcome(site, "east")["Message-ID"], other_game):
        drop(site.inbox, forged(prompt_id))
    summary = site.moderator().tick()
    assert (summary.rejected, summary.accepted) == (3, 0)
    assert outcomes(site) == ["wrong-secret"] * 3
    assert pending(site) == {}
    kinds = site.moderator().store.all(
        "select kind from outbox where recipients like ? and kind like 'secret-%'",
        (f"%{player('north')}%",))
    assert [row["kind"] for row in kinds] == ["secret-refusal", "secret-ignored"]
    refusal = site.sent(player("north"))[-2]
    assert "wrong secret" in text(refusal)
    drop(site.inbox, gmail_reply(player("north"), welcome(site, "north"), "BID 5"))
    assert site.moderator().tick().accepted == 1
    assert pending(site) == {"north": "BID 5"}


def test_a_mail_with_neither_secret_nor_reply_headers_is_told_how_to_answer(site):
    """A new mail with the prompt pasted in quotes: the refusal says that quoted text is not
    read, and how to answer."""
    site.new_game()
    mail = gmail_reply(player("north"), welcome(site, "north"), "BID 7")
    del mail["In-Reply-To"], mail["References"]
    drop(site.inbox, mail)
    assert site.moderator().tick().rejected == 1
    assert outcomes(site) == ["missing-secret"]
    refusal = " ".join(text(site.sent(player("north"))[-1]).lower().split())
    assert "quoted text is not read" in refusal
    assert "reply to the moderator's mail to your seat" in refusal
    assert "on a line of its own, above the quote" in refusal


def gm_secret(site) -> str:
    mail = next(m for m in site.sent(GM) if str(m["Subject"]) == "[auction-1] GM welcome")
    return re.search(r"GM secret of this game is: (\S+)", text(mail)).group(1)


def test_a_seats_token_is_in_its_own_mail_only(site):
    """Every mail to a seat carries its token; no mail to another seat, the GM or an
    observer carries it, in its headers or its text."""
    site.new_game()
    watcher = "watcher@observers.test"
    drop(site.inbox, order_mail(GM, f"SECRET {gm_secret(site)}\nOBSERVE {watcher}",
                                subject="[auction-1] commands"))
    for seat, bid in (("north", 3), ("east", 5), ("south", 4)):
        drop(site.inbox, outlook_reply(player(seat), welcome(site, seat), f"BID {bid}"))
    assert site.moderator().tick().accepted == 4
    assert len(site.sent(watcher)) == 2, "the notice and the public report"
    record = site.record()
    tokens = {seat: record.reply_token(seat) for seat in SEATS}
    for mail in site.sent():
        raw = mail.as_string()
        to = str(mail["To"])
        shown = {seat for seat, token in tokens.items() if token in raw}
        if to in (GM, watcher):
            assert shown == set(), (to, mail["Subject"])
        else:
            seat = to.split("@")[0]
            assert shown == {seat}, (to, mail["Subject"])
            assert tokens[seat] in str(mail["Message-ID"])


def test_mails_whose_long_message_ids_are_folded_are_each_written_to_the_maildir(tmp_path):
    """A Message-ID with a reply token, a longer game id and domain is folded onto the line
    after its name; the Maildir sink, which writes each Message-ID once, must still tell
    them apart."""
    sink = MaildirSink(tmp_path)
    for n in range(2):
        mail = EmailMessage()
        mail["Message-ID"] = f"<wbc-2026-final.{n:012x}.rt{'a' * 20}@dune.example.org>"
        mail.set_content("report")
        assert mail.as_bytes().splitlines()[0] == b"Message-ID:"
        with sink.session():
            sink.send(mail.as_bytes(), MODERATOR, [player("north")])
    assert len(list((tmp_path / "new").iterdir())) == 2


def test_six_dune_players_replying_to_their_welcome_are_each_accepted_the_first_time(site):
    """Issue 16, P2, as it was met: a six-seat WBC game under `auth: both`; each player
    replies to the welcome (Gmail and Outlook alike), the order template quoted, the set-up
    orders written above it.  Five of six were refused before; now none is."""
    seats = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]
    definition = game_definition({
        "id": "dune-1", "game": "dune", "ruleset": "wbc", "seed": "by-hand", "auth": "both",
        "seats": [{"seat": s, "address": player(s)} for s in seats]})
    moderator = site.moderator()
    record = create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()
    replies = 0
    for n, seat in enumerate(seats):
        orders = [p.template for p in record.prompts() if p.seat == seat]
        if not orders:
            continue
        prompt = welcome(site, seat, "dune-1")
        assert "SECRET" in quoted(prompt)
        reply = (gmail_reply, outlook_reply)[n % 2](player(seat), prompt, "\n".join(orders))
        drop(site.inbox, reply)
        replies += 1
    summary = site.moderator().tick()
    assert replies >= 4
    assert (summary.accepted, summary.rejected) == (replies, 0)


def test_a_seat_given_to_a_new_player_takes_a_new_token(site):
    """REPLACE gives the seat a new secret, so a new token: under ``auth: secret`` the old
    player's reply to an old mail is refused, the new player's reply is filed."""
    site.new_game(auth="secret")
    old = welcome(site, "north")
    drop(site.inbox, order_mail(GM, f"SECRET {gm_secret(site)}\nREPLACE north new@players.test",
                                subject="[auction-1] commands"))
    site.moderator().tick()
    drop(site.inbox, gmail_reply(player("north"), old, "BID 1"))
    assert site.moderator().tick().rejected == 1
    assert outcomes(site)[-1] == "wrong-secret"
    new = next(m for m in site.sent("new@players.test") if "Welcome" in str(m["Subject"]))
    drop(site.inbox, gmail_reply("new@players.test", new, "BID 2"))
    assert site.moderator().tick().accepted == 1
    assert pending(site) == {"north": "BID 2"}
