"""Real-world message shapes carried through a whole tick: the orders in each are
read, and quoted reports (with their order templates) are not."""

from __future__ import annotations

import json
import quopri
from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import make_msgid

import pytest
from installation import Installation, player
from players import MODERATOR, drop, text


@pytest.fixture
def site(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    return site


def headers(mail, seat="north", subject="Re: [auction-1] Welcome"):
    mail["From"] = f"{seat.title()} Player <{player(seat)}>"
    mail["To"] = MODERATOR
    mail["Subject"] = subject
    mail["Date"] = "Sun, 22 Nov 2026 12:00:00 +0000"   # pbem never reads it
    mail["Message-ID"] = make_msgid(domain="players.test")
    return mail


def raw_mail(header_lines: str, body: bytes) -> bytes:
    return header_lines.replace("\n", "\r\n").encode() + b"\r\n" + body


def standing_bid(site, seat="north"):
    pending = site.moderator().store.pending("auction-1", 0)
    return json.loads(pending[f"lot1.bid.{seat}"]["value"]) if pending else None


def test_html_only_mail(site):
    secret = site.secret("north")
    mail = headers(MIMEText(f"<html><body><div>SECRET {secret}</div><div>BID&nbsp;21</div>"
                            "<blockquote>BID 0</blockquote></body></html>", "html"))
    drop(site.inbox, mail.as_bytes())
    site.moderator().tick()
    assert standing_bid(site) == 21


def test_multipart_alternative_reads_the_plain_part(site):
    secret = site.secret("north")
    mail = headers(MIMEMultipart("alternative"))
    mail.attach(MIMEText(f"SECRET {secret}\nBID 33\n", "plain"))
    mail.attach(MIMEText(f"<p>SECRET {secret}</p><p>BID 44</p>", "html"))
    drop(site.inbox, mail.as_bytes())
    site.moderator().tick()
    assert standing_bid(site) == 33


def test_quoted_printable_and_a_non_utf8_charset(site):
    secret = site.secret("north")
    body = f"Bonjour, voilà mes ordres :\nSECRET {secret}\nBID 18\n".encode("iso-8859-1")
    mail = raw_mail(
        f"From: {player('north')}\nTo: {MODERATOR}\nSubject: [auction-1] ordres\n"
        f"Message-ID: {make_msgid()}\nMIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=iso-8859-1\n"
        "Content-Transfer-Encoding: quoted-printable\n", quopri.encodestring(body))
    drop(site.inbox, mail)
    site.moderator().tick()
    assert standing_bid(site) == 18


def test_format_flowed_with_a_wrapped_line(site):
    secret = site.secret("north")
    body = (f"Here are my orders for this lot, \r\nwrapped by my client.\r\nSECRET {secret}\r\n"
            "BID 27\r\n").encode()
    mail = raw_mail(
        f"From: {player('north')}\nTo: {MODERATOR}\nSubject: [auction-1] orders\n"
        f"Message-ID: {make_msgid()}\nMIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=utf-8; format=flowed\n"
        "Content-Transfer-Encoding: 8bit\n", body)
    drop(site.inbox, mail)
    site.moderator().tick()
    assert standing_bid(site) == 27
    answer = text(site.sent(player("north"))[-1])
    assert "line 1: Here are my orders for this lot, wrapped by my client." in answer


def test_a_top_posted_reply_quoting_the_report_and_its_template(site):
    """The quoted report holds "BID 0" in its order template: it must not count."""
    secret = site.secret("north")
    welcome = text(site.sent(player("north"))[0])
    quoted = "\n".join("> " + line for line in welcome.splitlines())
    mail = headers(EmailMessage())
    mail.set_content(f"SECRET {secret}\nBID 41\n\nCheers,\nNorth\n\n"
                     f"On Sun, 22 Nov 2026 at 12:00, Test Moderator <{MODERATOR}> wrote:\n"
                     f"{quoted}\n")
    drop(site.inbox, mail.as_bytes())
    site.moderator().tick()
    assert standing_bid(site) == 41


def test_an_outlook_reply_with_the_original_below_a_separator(site):
    secret = site.secret("north")
    welcome = text(site.sent(player("north"))[0])
    mail = headers(EmailMessage())
    mail.set_content(f"SECRET {secret}\nBID 12\n\n________________________________\n"
                     f"From: Test Moderator <{MODERATOR}>\nSent: Sunday, November 22, 2026\n"
                     f"To: {player('north')}\nSubject: [auction-1] Welcome\n\n{welcome}")
    drop(site.inbox, mail.as_bytes())
    site.moderator().tick()
    assert standing_bid(site) == 12


def test_a_signature_is_not_read_as_orders(site):
    secret = site.secret("north")
    mail = headers(EmailMessage())
    mail.set_content(f"SECRET {secret}\nBID 8\n-- \nNorth Player\nBID 99 is my lucky number\n")
    drop(site.inbox, mail.as_bytes())
    site.moderator().tick()
    assert standing_bid(site) == 8
    assert "Not accepted" not in text(site.sent(player("north"))[-1])


def test_a_koi8_r_mail_from_a_russian_client(site):
    secret = site.secret("north")
    mail = headers(MIMEText(f"Мои приказы:\nSECRET {secret}\nBID 16\n", "plain", "koi8-r"))
    drop(site.inbox, mail.as_bytes())
    site.moderator().tick()
    assert standing_bid(site) == 16
    assert "line 1: Мои приказы:" in text(site.sent(player("north"))[-1])


def test_an_auto_reply_and_a_bounce_are_never_answered(site):
    vacation = headers(EmailMessage(), subject="Automatic reply: [auction-1] Welcome")
    vacation["Auto-Submitted"] = "auto-replied"
    vacation["X-Autoreply"] = "yes"
    vacation.set_content("I am out of the office until Monday.")
    bounce = raw_mail(
        f"From: Mail Delivery System <MAILER-DAEMON@mx.players.test>\nTo: {MODERATOR}\n"
        f"Subject: Undelivered Mail Returned to Sender\nMessage-ID: {make_msgid()}\n"
        "MIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status; "
        'boundary="b1"\n',
        b"--b1\r\nContent-Type: text/plain\r\n\r\nThe mail could not be delivered.\r\n"
        b"--b1\r\nContent-Type: message/delivery-status\r\n\r\n"
        b"Reporting-MTA: dns; mx.players.test\r\n\r\nFinal-Recipient: rfc822; x@y\r\n"
        b"Action: failed\r\nStatus: 5.1.1\r\n--b1--\r\n")
    drop(site.inbox, vacation.as_bytes())
    drop(site.inbox, bounce)
    before = len(site.sent())
    summary = site.moderator().tick()
    assert summary.ignored == 2 and len(site.sent()) == before
    outcomes = [row["outcome"] for row in
                site.moderator().store.all("select outcome from inbound order by id")]
    assert outcomes[0] in {"auto-submitted", "auto-reply"} and outcomes[1] in {
        "bounce", "mailer-daemon"}


def test_the_reports_are_plain_text_and_html_and_text_reads_the_plain_part(site):
    """The moderator's mail is multipart/alternative; a player's client shows either part, and
    the tests (``players.text``) read the plain one."""
    welcome = site.sent(player("north"))[0]
    assert welcome.get_content_type() == "multipart/alternative"
    plain, html = welcome.get_body(("plain",)), welcome.get_body(("html",))
    assert text(welcome) == plain.get_content()
    assert "<pre>" in html.get_content() and "SECRET" in html.get_content()


def test_an_html_reply_quoting_the_html_report_and_its_template(site):
    """A Gmail-style HTML reply quotes our HTML report, order template and all, in a
    blockquote: only the player's own lines above it count."""
    secret = site.secret("north")
    report = site.sent(player("north"))[0].get_body(("html",)).get_content()
    quoted = report.split("<body>")[1].split("</body>")[0]
    mail = headers(MIMEText(f"<html><body><div>SECRET {secret}</div><div>BID 23</div><br>"
                            '<div class="gmail_quote">On Sun, 22 Nov 2026 at 12:00, Test '
                            f"Moderator &lt;{MODERATOR}&gt; wrote:<br>"
                            f'<blockquote class="gmail_quote">{quoted}</blockquote>'
                            "</div></body></html>", "html"))
    drop(site.inbox, mail.as_bytes())
    site.moderator().tick()
    assert standing_bid(site) == 23
    assert "Not accepted" not in text(site.sent(player("north"))[-1])
