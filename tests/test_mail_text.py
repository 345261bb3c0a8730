"""Reading what a player wrote, on messages as real mail clients send them.

The fixtures in tests/messages/ are whole messages, headers and all, in the
shapes Gmail, Outlook, Thunderbird, Apple Mail and others produce.  Most
answer the moderator's turn report, which offers the template lines
"SECRET ______" and "BID 11": those must never reach the order text.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.mail.text import (
    automatic_reason,
    body_text,
    html_to_text,
    order_text,
    parse_message,
    sender_address,
    strip_quoted,
)

MESSAGES = Path(__file__).parent / "messages"
MODERATOR = "moderator@dune.example.org"
HUMAN = [
    "alternative_gmail.eml",
    "attachment_thunderbird.eml",
    "bogus_charset_oe.eml",
    "flowed_delsp_applemail.eml",
    "flowed_thunderbird.eml",
    "gmail_inline_reply.eml",
    "html_outlook_mac.eml",
    "iphone.eml",
    "iso2022jp_becky.eml",
    "koi8r_thebat.eml",
    "latin1_thunderbird.eml",
    "outlook_top_posted.eml",
    "oversize_paste.eml",
    "plain_mutt.eml",
    "qp_outlook.eml",
    "signature_evolution.eml",
    "utf8_base64_gmail.eml",
    "windows1252_outlook.eml",
]
AUTOMATIC = {
    "ooo_gmail_vacation.eml": "auto-submitted",
    "oof_exchange.eml": "auto-reply",
    "bounce_postfix.eml": "bounce",
    "loop_redirect.eml": "loop",
}


def load(name: str):
    return parse_message((MESSAGES / name).read_bytes())


def message(headers: str, body: str = "BID 12\n") -> bytes:
    """A small message from a player, with extra ``headers`` (one per line)."""
    head = ["From: Alice <alice@example.com>", "To: moderator@dune.example.org", "Subject: orders"]
    return "\n".join([*head, *headers.splitlines(), "", body]).encode("utf-8")


def test_every_fixture_is_used():
    assert {path.name for path in MESSAGES.glob("*.eml")} == {*HUMAN, *AUTOMATIC}


# -- where the text is and how it is encoded ------------------------------------


def test_plain_text_message():
    msg = load("plain_mutt.eml")
    assert body_text(msg) == "GAME [auction-1]\nSECRET h7k2m9\nBID 12\n"
    assert order_text(msg) == "GAME [auction-1]\nSECRET h7k2m9\nBID 12"
    assert sender_address(msg) == "paul@arrakis.example.net"


def test_html_only_outlook_drops_head_style_and_blockquote():
    body = body_text(load("html_outlook_mac.eml"))
    assert body == (
        "GAME [auction-1]\nSECRET h7k2m9\nBID 14\n\n"
        "I can\u2019t go higher than 14 \u2014 sorry & good luck.\n\nJessica\n\n"
        "From: Dune Moderator <moderator@dune.example.org>\n"
        "Date: Tuesday, 3 November 2026 at 12:00\n"
        "To: Jessica Atreides <jessica@caladan.example.com>\n"
        "Subject: [auction-1] Turn 3: bidding"
    )


def test_html_only_outlook_order_text_ends_before_the_header_block():
    assert order_text(load("html_outlook_mac.eml")) == (
        "GAME [auction-1]\nSECRET h7k2m9\nBID 14\n\n"
        "I can\u2019t go higher than 14 \u2014 sorry & good luck.\n\nJessica"
    )


def test_multipart_alternative_prefers_plain_text():
    body = body_text(load("alternative_gmail.eml"))
    # Gmail writes a link as "text <url>" only in the plain part.
    assert "the rules <https://dune.example.org/rules>)" in body
    assert order_text(load("alternative_gmail.eml")) == (
        "GAME [auction-1]\nSECRET p4x8q1\nBID 15\nGIFT south\n\n"
        "(GIFT as agreed, see the rules <https://dune.example.org/rules>)"
    )


def test_quoted_printable_soft_breaks_are_joined():
    lines = body_text(load("qp_outlook.eml")).split("\n")
    assert lines[:3] == ["GAME [auction-1]", "SECRET q9w3e7", "BID 13"]
    assert lines[4] == (
        "Note for the moderator: I\u2019m travelling on Thursday, so please treat this as "
        "my final bid for the whole turn even if somebody else raises before the deadline."
    )


def test_format_flowed_without_delsp_unwraps_and_unstuffs():
    body = body_text(load("flowed_thunderbird.eml"))
    assert body.split("\n")[3] == (
        "> Highest bid so far: 10 spice, by south. You have 24 spice. To bid, reply "
        "with your game, your secret and your bid."
    )
    assert order_text(load("flowed_thunderbird.eml")) == (
        "GAME [auction-1]\nSECRET m3n5b7\nBID 16\n\n"
        "From the look of it south is bluffing, so I am going a little higher than usual "
        "this turn; if this fails I will pass on the next card.\n"
        "  (an indented note)"
    )


def test_format_flowed_with_delsp_removes_the_added_space():
    assert order_text(load("flowed_delsp_applemail.eml")) == (
        "GAME [auction-1]\nSECRET c5v6b8\nBID 15\n\n"
        "I am bidding only fifteen because I want to keep enough spice for the last card. "
        "The bidding rules at "
        "https://dune.example.org/games/auction-1/rules/bidding-and-passing.html "
        "say a tie goes to the earlier bid."
    )


def test_format_flowed_keeps_the_signature_separator_fixed():
    body = body_text(load("flowed_thunderbird.eml"))
    assert body.endswith("\n-- \nDuncan Idaho\n")


@pytest.mark.parametrize(
    ("name", "orders"),
    [
        (
            "latin1_thunderbird.eml",
            "GAME [auction-1]\nSECRET k4l5m6\nBID 13\n\n"
            "Bonne chance \u00e0 tous, et d\u00e9sol\u00e9 pour le retard !\n\nCh\u00e9rie",
        ),
        (
            "windows1252_outlook.eml",
            "GAME [auction-1]\nSECRET f3g4h5\nBID 15\n\n"
            "\u201cFifteen\u201d is my limit\u2026 that card is worth 20 \u20ac to me, no more.",
        ),
        (
            "iso2022jp_becky.eml",
            "モデレーター様\n\nGAME [auction-1]\nSECRET j1k2l3\nBID 18\n\n"
            "今回はこれで最後の入札です。\n\nシャッダム",
        ),
        ("koi8r_thebat.eml", "Здравствуйте,\n\nGAME [auction-1]\nSECRET w5e6r7\nBID 19"),
        (
            "utf8_base64_gmail.eml",
            "GAME [auction-1]\nSECRET s9d8f7\nBID 20\n\n祝大家好运 \U0001f3b2\n文慧",
        ),
        (
            "bogus_charset_oe.eml",
            "GAME [auction-1]\nSECRET a1s2d3\nBID 10\n\n\u00a1\u00daltimo intento, se\u00f1ores!",
        ),
    ],
)
def test_charsets_are_decoded(name, orders):
    assert order_text(load(name)) == orders


def test_wrongly_declared_utf8_falls_back_to_windows_1252():
    raw = message('Content-Type: text/plain; charset="utf-8"', "") + "BID 12 \x96 caf\xe9\n".encode(
        "latin-1"
    )
    assert body_text(parse_message(raw)) == "BID 12 \u2013 caf\u00e9\n"


def test_undeclared_8bit_text_is_read_as_utf8():
    raw = message("", "GIFT s\u00fcd\n")
    assert body_text(parse_message(raw)) == "GIFT s\u00fcd\n"


def test_attachments_are_not_read():
    msg = load("attachment_thunderbird.eml")
    assert order_text(msg) == (
        "GAME [auction-1]\nSECRET u7i8o9\nBID 14\n\n"
        "My notes and the house rules are attached, in case of a dispute."
    )
    assert "BID 99" not in body_text(msg)


def test_a_message_without_text_has_an_empty_body():
    raw = message(
        'Content-Type: application/pdf; name="orders.pdf"\nContent-Transfer-Encoding: base64',
        "JVBERi0xLjQK\n",
    )
    assert body_text(parse_message(raw)) == ""


def test_an_empty_plain_part_gives_way_to_the_html_one():
    raw = message(
        'Content-Type: multipart/alternative; boundary="b"',
        "--b\nContent-Type: text/plain\n\n\n--b\nContent-Type: text/html\n\n"
        "<p>BID 12</p><p>GIFT south</p>\n--b--\n",
    )
    assert body_text(parse_message(raw)) == "BID 12\nGIFT south"


@pytest.mark.parametrize("name", HUMAN)
def test_line_endings_are_normalised(name):
    body = body_text(load(name))
    assert body and "\r" not in body


def test_oversize_body_is_truncated():
    msg = load("oversize_paste.eml")
    full = body_text(msg)
    assert len(full) > 7000
    assert body_text(msg, max_chars=300) == full[:300]
    assert order_text(msg, max_chars=38) == "GAME [auction-1]\nSECRET b2n3m4\nBID 21"


def test_default_limit_is_100_000_characters():
    raw = message("", "BID 12\n" + "x" * 150_000 + "\n")
    body = body_text(parse_message(raw))
    assert len(body) == 100_000
    assert body.startswith("BID 12\nxxx")


# -- quotes, attributions, signatures ---------------------------------------------


def test_outlook_top_posted_reply_keeps_orders_and_drops_the_report():
    msg = load("outlook_top_posted.eml")
    assert "BID 11" in body_text(msg)  # the quoted report is in the body...
    assert order_text(msg) == "GAME [auction-1]\nSECRET t2y4u6\nBID 17\n\nThufir"


def test_outlook_original_message_separator():
    msg = load("windows1252_outlook.eml")
    assert "-----Original Message-----" in body_text(msg)
    assert "BID 11" not in order_text(msg)


def test_gmail_inline_reply_with_wrapped_attribution():
    assert order_text(load("gmail_inline_reply.eml")) == (
        "GAME [auction-1]\nSECRET h7k2m9\n\nBID 12\n\nThanks!\nAlia"
    )


def test_signature_after_dash_dash_space_is_dropped():
    assert order_text(load("signature_evolution.eml")) == (
        "GAME [auction-1]\nSECRET z1x2c3\nGIFT south"
    )


def test_sent_from_my_iphone_and_the_quote_below_are_dropped():
    assert order_text(load("iphone.eml")) == "GAME [auction-1]\nSECRET r8t9y0\nBID 11"


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("BID 12\n> BID 11\n>> SECRET ______\nGIFT south", "BID 12\nGIFT south"),
        (
            "On Mon, 3 Nov 2026 at 10:00, Moderator <moderator@dune.example.org> wrote:\n"
            "> BID 11\n\nBID 12",
            "BID 12",
        ),
        (
            "BID 12\n\nOn Mon, 3 Nov 2026 at 10:00, Dune Moderator <moderator@dune.example.org>\n"
            "wrote:\n\n> BID 11",
            "BID 12",
        ),
        (
            "Le lun. 3 nov. 2026 à 10:00, Dune Moderator <moderator@dune.example.org> "
            "a écrit :\n> BID 11\nBID 12",
            "BID 12",
        ),
        (
            "Am 03.11.2026 um 10:00 schrieb Dune Moderator <moderator@dune.example.org>:\n"
            "> BID 11\nBID 12",
            "BID 12",
        ),
        ("Dune Moderator wrote:\n> BID 11\nBID 12", "BID 12"),
        ("BID 12\nAs the rules wrote:\nGIFT south", "BID 12\nAs the rules wrote:\nGIFT south"),
        (
            "BID 12\n-----Original Message-----\nFrom: Dune Moderator\nBID 11",
            "BID 12",
        ),
        (
            "BID 12\n\nFrom: Dune Moderator <moderator@dune.example.org>\n"
            "Sent: Monday, November 3, 2026 10:00 AM\nTo: Alice\n\nBID 11",
            "BID 12",
        ),
        (
            "BID 12\n________________________________\n\nFrom: Dune Moderator\n"
            "Sent: Monday\nBID 11",
            "BID 12",
        ),
        ("BID 12\n________________________________\nGIFT south", None),
        ("BID 12\nFrom: Atreides\nTo: Harkonnen\nGIFT south", None),
        ("BID 12\n--\nAlice\nBID 11", "BID 12"),
        ("BID 12\n\nSent from my iPhone\n\n", "BID 12"),
        ("BID 12\nGet Outlook for iOS<https://aka.ms/o0ukef>", "BID 12"),
        ("Sent from my iPhone\nBID 12", None),
        (
            "On Monday we agreed on GIFT south\n"
            "On Mon, 3 Nov 2026 at 10:00, Moderator <moderator@dune.example.org> wrote:\n"
            "> BID 11",
            "On Monday we agreed on GIFT south",
        ),
        ("BID 12   \n\n\n\nGIFT south  ", "BID 12\n\nGIFT south"),
        ("BID 12\r\nGIFT south\r\n", "BID 12\nGIFT south"),
        ("", ""),
    ],
)
def test_strip_quoted(text, kept):
    assert strip_quoted(text) == (text if kept is None else kept)


# -- HTML -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("html", "text"),
    [
        ("<div>BID 12</div><div>GIFT south</div>", "BID 12\nGIFT south"),
        (
            "BID 12<br>SECRET&nbsp;h7k2m9<br/><br>GIFT&#32;south",
            "BID 12\nSECRET h7k2m9\n\nGIFT south",
        ),
        ("<p>  BID\n   12 </p>\n\n<p>GIFT south</p>", "BID 12\nGIFT south"),
        ("<pre>BID 12\nGIFT south</pre>", "BID 12\nGIFT south"),
        ("<table><tr><td>BID</td><td>12</td></tr></table>", "BID 12"),
        ("<head><title>Re: orders</title><body>BID 12", "BID 12"),
        ("<script>var bid = 11;</script>BID 12", "BID 12"),
        ("BID 12<blockquote>BID 11<blockquote>BID 10</blockquote>BID 9</blockquote>", "BID 12"),
        ("<![if !supportLists]>BID 12<![endif]>", "BID 12"),
        ("BID 12<![bogus[x]]><p>GIFT south</p>", "BID 12\nGIFT south"),
    ],
)
def test_html_to_text(html, text):
    assert html_to_text(html) == text


# -- mail that must not be answered -----------------------------------------------


@pytest.mark.parametrize(("name", "reason"), AUTOMATIC.items())
def test_automatic_messages(name, reason):
    assert automatic_reason(load(name), [MODERATOR]) == reason


@pytest.mark.parametrize("name", HUMAN)
def test_player_messages_are_not_automatic(name):
    assert automatic_reason(load(name), [MODERATOR]) is None


def test_loop_header_counts_before_anything_else():
    # The redirected report is also from us and Auto-Submitted: "loop" wins.
    msg = load("loop_redirect.eml")
    assert automatic_reason(msg, []) == "loop"
    assert automatic_reason(msg, [], loop_header="X-Other-Loop") == "auto-submitted"


def test_bounce_ignores_our_loop_header_in_the_returned_headers():
    msg = load("bounce_postfix.eml")
    assert automatic_reason(msg, [MODERATOR]) == "bounce"
    assert sender_address(msg) == "mailer-daemon@mx.dune.example.org"


@pytest.mark.parametrize(
    ("headers", "reason"),
    [
        ("Auto-Submitted: no", None),
        ("Auto-Submitted: auto-generated", "auto-submitted"),
        ("Auto-Submitted: Auto-Replied; owner-email=alice@example.com", "auto-submitted"),
        ("Precedence: bulk", "precedence"),
        ("Precedence: junk", "precedence"),
        ("Precedence: list", "precedence"),
        ("Precedence: auto_reply", "precedence"),
        ("Precedence: first-class", None),
        ("X-Autoreply: yes", "auto-reply"),
        ("X-Autorespond: Vacation", "auto-reply"),
        ("X-Auto-Response-Suppress: OOF, DR, RN, NRN", "auto-reply"),
        ("X-Auto-Response-Suppress: All", "auto-reply"),
        ("X-Auto-Response-Suppress: DR, RN", None),
        ("List-Id: Dune players <dune-players.lists.example.org>", "list"),
        ("List-Unsubscribe: <mailto:leave@lists.example.org>", "list"),
        ("Return-Path: <>", "null-sender"),
        ("Return-Path: <alice@example.com>", None),
        ("X-PBEM-Loop: moderator@dune.example.org", "loop"),
        (
            "Content-Type: multipart/report; report-type=disposition-notification; boundary=b",
            "report",
        ),
    ],
)
def test_automatic_headers(headers, reason):
    assert automatic_reason(parse_message(message(headers)), [MODERATOR]) == reason


@pytest.mark.parametrize(
    "sender",
    ["MAILER-DAEMON@mx.example.org", "Mail Delivery System <Postmaster@example.com>"],
)
def test_mailer_daemon(sender):
    raw = f"From: {sender}\nSubject: failure notice\n\nSorry.\n".encode()
    assert automatic_reason(parse_message(raw), [MODERATOR]) == "mailer-daemon"


def test_mail_from_our_own_address():
    raw = b"From: Dune Moderator <Moderator@Dune.Example.org>\nSubject: hi\n\nBID 12\n"
    own = ["Dune Moderator <moderator@dune.example.org>"]
    assert automatic_reason(parse_message(raw), own) == "own-address"
    assert automatic_reason(parse_message(raw), ["gm@dune.example.org"]) is None


@pytest.mark.parametrize(
    ("header", "address"),
    [
        ("From: Alice <Alice@Example.COM>", "alice@example.com"),
        ("From: =?utf-8?q?evil@example.net?= <alice@example.com>", "alice@example.com"),
        ('From: "Smith, Alice" <alice@example.com>', "alice@example.com"),
        ('From: "Smith, Alice" <alice@example.com>, bob@example.com', ""),  # several: none
        ("From: alice@", ""),
        ("From: <>", ""),
        ("Subject: no sender", ""),
        ("From: Ålice <ålice@exämple.com>", "ålice@exämple.com"),
    ],
)
def test_sender_address(header, address):
    raw = (header + "\n\nbody\n").encode("utf-8")
    assert sender_address(parse_message(raw)) == address


# -- robustness -------------------------------------------------------------------


def read_everything(raw: bytes) -> None:
    msg = parse_message(raw)
    assert isinstance(body_text(msg), str)
    assert isinstance(order_text(msg, max_chars=5000), str)
    assert automatic_reason(msg, [MODERATOR]) in {
        None, "loop", "own-address", "bounce", "report", "mailer-daemon", "auto-submitted",
        "auto-reply", "precedence", "list", "null-sender",
    }  # fmt: skip
    assert isinstance(sender_address(msg), str)
    assert all(isinstance(str(value), str) for value in msg.values())


def test_headers_the_stdlib_cannot_parse_do_not_raise():
    raw = message("Content-Type: text/plain; b*\nContent-Disposition: inline; x*", "BID 12\n")
    msg = parse_message(raw)
    assert body_text(msg) == "BID 12\n"
    assert str(msg["Content-Type"]) == "text/plain; b*"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_arbitrary_bytes_never_raise(raw):
    read_everything(raw)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(MESSAGES.glob("*.eml"))), st.randoms(use_true_random=False))
def test_damaged_fixtures_never_raise(path, rng: random.Random):
    data = bytearray(path.read_bytes())
    for _ in range(rng.randint(1, 20)):
        data[rng.randrange(len(data))] = rng.choice(b";=\"'<>@:*\\\r\n -\x00\xff" + b"abc")
    read_everything(bytes(data))
