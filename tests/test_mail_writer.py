"""The mail pbem writes without the ``email`` package (``pbem.mail.mime``, issue 20) is the mail
that package wrote before: every mail of games by mail, composed both ways (the old way is
``tests/email_package_mail.py``), reads the same to the ``email`` package under
``policy.default``, header by header and part by part, and is the same bytes but for the MIME
boundaries, which are random in both."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from email import policy
from email.parser import BytesParser
from email.utils import format_datetime
from itertools import zip_longest

import email_package_mail as before
import pytest
import yaml
from dune_mail import SIX
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from installation import Installation, player
from players import GM, drop, order_mail, text

from pbem import flood, reports
from pbem.config import Moderator, load_config
from pbem.definition import create_game, game_definition
from pbem.league import notify
from pbem.mail import mime
from pbem.mail.compose import Mail, Picture, compose
from pbem.mail.headers import COMPOSE_POLICY

BOUNDARY = re.compile(r"={15}[0-9]{19}==")
PARSER = BytesParser(policy=policy.default)
NAME = "Modérateur de la Démo, Arrakis"
LONG_SUBJECT = ("[auction-1] Mes ordres pour l'enchère — « premier lot » avec des caractères "
                "accentués, et un sujet bien plus long qu'une ligne")


@pytest.fixture
def composed(monkeypatch) -> list[dict]:
    """Every mail composed while the test runs: the arguments of ``compose``, the ``Mail``,
    and the files attached to it afterwards (a finished game's record)."""
    calls: list[dict] = []

    def recording(*args, **kwargs):
        mail = compose(*args, **kwargs)
        calls.append({"args": args, "kwargs": kwargs, "mail": mail, "attached": []})
        return mail

    for module in (reports, flood, notify):
        monkeypatch.setattr(module, "compose", recording)
    attach = Mail.add_attachment

    def attaching(self, *args, **kwargs):
        for call in calls:   # compose's own attachments come before the call is recorded
            if call["mail"] is self:
                call["attached"].append((args, kwargs))
        attach(self, *args, **kwargs)

    monkeypatch.setattr(Mail, "add_attachment", attaching)
    return calls


def the_old_way(call: dict) -> bytes:
    """The same mail composed by the ``email`` package, as before issue 20."""
    message = before.compose(*call["args"], **call["kwargs"])
    for args, kwargs in call["attached"]:
        before.add_attachment(message, *args, **kwargs)
    return before.boundaries_set(message).as_bytes()


def unbounded(data: bytes) -> bytes:
    """``data`` with each MIME boundary named by its order of appearance."""
    names: dict[bytes, bytes] = {}
    return re.sub(BOUNDARY.pattern.encode(),
                  lambda found: names.setdefault(found.group(0), b"B%d" % len(names)), data)


def assert_same_mail(new: bytes, old: bytes) -> None:
    """Both read the same (every header's name and value, every part's type and content, in
    order), and are the same bytes but for the boundaries."""
    for mine, theirs in zip_longest(PARSER.parsebytes(new).walk(),
                                    PARSER.parsebytes(old).walk()):
        assert mine is not None and theirs is not None, "not the same parts"
        assert read_headers(mine) == read_headers(theirs)
        assert not mine.defects and not theirs.defects
        if not mine.is_multipart():
            assert mine.get_content() == theirs.get_content()
    assert unbounded(new) == unbounded(old)


def read_headers(part) -> list[tuple[str, str]]:
    """A part's headers as ``policy.default`` reads them, boundaries named alike; a header the
    standard library's own parser fails on (a display name such as ``. \\x80`` raises inside
    ``email._header_value_parser``) reads as that failure, so both mails must fail alike."""
    read = []
    for name, raw in part.raw_items():
        try:
            value = str(part.policy.header_fetch_parse(name, raw))
        except Exception as error:  # noqa: BLE001 -- the standard library's fault, compared
            value = f"unreadable ({type(error).__name__})"
        read.append((name, BOUNDARY.sub("B", value)))
    return read


def named(site: Installation, name: str) -> None:
    """The installation's moderator signs with ``name``."""
    settings = yaml.safe_load(site.config_path.read_text())
    settings["moderator"]["name"] = name
    site.config_path.write_text(yaml.safe_dump(settings))
    site.config = load_config(site.config_path)


def gm_secret(site: Installation) -> str:
    welcome = next(m for m in site.sent(GM) if m["Subject"] == "[auction-1] GM welcome")
    return re.search(r"GM secret of this game is: (\S+)", text(welcome)).group(1)


def test_every_mail_of_an_auction_by_mail_is_the_mail_the_email_package_wrote(tmp_path,
                                                                             composed):
    """Welcomes, acknowledgements quoting a bad line, a refusal answering a long non-ASCII
    subject, press, the GM's answer and notices (one with a word longer than a line: the
    mail's only quoted-printable parts), the reports and the last report with the
    game's record attached, from a moderator with a non-ASCII name."""
    site = Installation(tmp_path)
    named(site, NAME)
    site.new_game(lots=1)
    drop(site.inbox, order_mail(player("north"), f"SECRET {site.secret('north')}\nBID 3\n"
                                "ENCHÈRE 4 pour le lot « un »", subject=LONG_SUBJECT))
    drop(site.inbox, order_mail(player("east"), "BID 2", subject=LONG_SUBJECT.replace(
        "auction-1", "nowhere-9")))
    drop(site.inbox, order_mail(player("south"), f"SECRET {site.secret('south')}\n"
                                "PRESS ALL Salut à tous — qui veut le lot ? " + "☺ " * 40))
    drop(site.inbox, order_mail(GM, f"SECRET {gm_secret(site)}\nBROADCAST La partie "
                                "continue lundi, à l'heure habituelle : "
                                f"https://pbem.test/{'calendrier/' * 8}",
                                subject="[auction-1] commands"))
    site.moderator().tick()
    for seat, bid in (("east", 1), ("south", 2)):
        drop(site.inbox, order_mail(player(seat), f"SECRET {site.secret(seat)}\nBID {bid}"))
    site.moderator().tick()
    (keep,) = site.record().prompts()   # the lot's winner keeps it or gifts it
    drop(site.inbox, order_mail(player(keep.seat),
                                f"SECRET {site.secret(keep.seat)}\n{keep.template}"))
    site.moderator().tick()
    assert site.record().finished

    subjects = [call["mail"]["Subject"] for call in composed]
    assert {"[auction-1] Welcome", "[auction-1] GM welcome", "[auction-1] Orders received",
            "[auction-1] GM commands", "[auction-1] Message from the GM",
            "[auction-1] Press from south", "Re: " + LONG_SUBJECT.replace("auction-1",
                                                                         "nowhere-9")
            } <= set(subjects)
    assert any(args for call in composed for args, _ in call["attached"])   # the record
    for call in composed:
        assert_same_mail(call["mail"].as_bytes(), the_old_way(call))
    kinds = {part.get_content_type() for call in composed
             for part in PARSER.parsebytes(call["mail"].as_bytes()).walk()}
    assert {"text/plain", "text/html", "application/json"} <= kinds
    encodings = {part["Content-Transfer-Encoding"] for call in composed
                 for part in PARSER.parsebytes(call["mail"].as_bytes()).walk()}
    assert {"8bit", "quoted-printable", "base64"} <= encodings


def test_the_reports_of_dune_with_their_map_are_the_mail_the_email_package_wrote(tmp_path,
                                                                                composed):
    """A step of Dune by mail: each seat's report with the map, its PNG attached to the short
    report of the set-up's second round (issue 33, item 12: inline beside little text, it
    reads as spam); the GM's copy without it."""
    site = Installation(tmp_path)
    definition = game_definition({
        "id": "dune-1", "game": "dune", "ruleset": "wbc", "seed": "writer", "auth": "address",
        "seats": [{"seat": seat, "address": player(seat)} for seat in SIX]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()
    record = site.record("dune-1")
    for seat in SIX:
        prompts = [p for p in record.prompts() if p.seat == seat]
        if prompts:
            drop(site.inbox, order_mail(player(seat), "\n".join(p.template for p in prompts),
                                        subject="[dune-1] orders"))
    assert site.moderator().tick().steps
    shown = [call for call in composed if call["kwargs"]["pictures"]]
    assert len(shown) >= len(SIX)
    for call in composed:
        assert_same_mail(call["mail"].as_bytes(), the_old_way(call))
    parts = {(part.get_content_type(), part.get_content_disposition()) for call in shown
             for part in PARSER.parsebytes(call["mail"].as_bytes()).walk()}
    assert ("image/png", "attachment") in parts    # a short report's map: attached (issue 33)


# Any text a header may hold but line breaks (which ``compose`` refuses as the email package
# did), with the characters that make the standard library fold, quote or encode.
HEADER_TEXT = st.text(st.one_of(st.sampled_from(' "(),:;<>@[\\]=?._-\t'), st.characters(
    blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028"
                                                       "\u2029")), max_size=120)
ASCII_TEXT = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7e), max_size=90)
WORDS = st.lists(st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7e), min_size=1,
                         max_size=90), min_size=1, max_size=12).map(" ".join)
ATOM = st.text("abcXYZ019!#$%&'*+/=?^_`{|}~-", min_size=1, max_size=6)
DOT_ATOM = st.lists(ATOM, min_size=1, max_size=3).map(".".join)
ADDRESS = st.builds("{}@{}".format, DOT_ATOM, DOT_ATOM)
MAILBOX = ADDRESS | st.builds("{} <{}>".format, st.lists(ATOM, min_size=1, max_size=3).map(
    " ".join), ADDRESS)
HEADERS = st.one_of(
    st.tuples(st.sampled_from(["Subject", "To", "From", "In-Reply-To", "References",
                               "Message-ID", "Content-ID", "X-PBEM-Loop", "Date"]),
              HEADER_TEXT | ASCII_TEXT | WORDS),
    st.tuples(st.sampled_from(["To", "From"]),
              st.lists(MAILBOX, min_size=1, max_size=3).map(", ".join)),
    st.tuples(st.just("Message-ID"), ADDRESS.map("<{}>".format)),
    st.tuples(st.just("Date"), st.datetimes(timezones=st.just(UTC)).map(format_datetime)))


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(header=HEADERS)
def test_a_header_is_written_as_the_email_package_folds_it(header):
    """RFC 5322 folding and RFC 2047 encoding: a plain header (plain text, plain addresses, a
    plain Message-ID) is written as it is, any other as the standard library writes it;
    either way the same line(s)."""
    name, value = header
    try:
        expected = COMPOSE_POLICY.header_factory(name, value).fold(policy=COMPOSE_POLICY)
    except Exception:  # noqa: BLE001 -- what the standard library cannot write, we need not
        return
    assert mime.header_line(name, value) == expected


@settings(max_examples=60, deadline=None)
@given(name=HEADER_TEXT, subject=HEADER_TEXT, body=HEADER_TEXT.map(lambda s: s * 3),
       html=st.none() | HEADER_TEXT, filename=HEADER_TEXT.filter(str.strip),
       inline=st.booleans(), lines=st.integers(1, 30))
def test_a_mail_is_written_as_the_email_package_wrote_it(name, subject, body, html, filename,
                                                         inline, lines):
    """Any moderator name, subject, text (long lines: quoted-printable or base64), HTML and
    picture name give the same mail both ways."""
    call = {"args": (Moderator(name=name, address="moderator@pbem.test"),
                     ["a@players.test", "b@players.test"], subject, "\n".join([body] * lines),
                     datetime(2026, 11, 22, 12, 0, tzinfo=UTC), "<m.1@pbem.test>"),
            "kwargs": {"in_reply_to": "<x@players.test>", "references": ["<t@pbem.test>"],
                       "html": html, "pictures": (
                           Picture(b"\x89PNG" * 50, "png", f"{filename}.png",
                                   cid="map@pbem" if inline else None),
                           Picture(b"<svg/>", "svg+xml", f"{filename}.svg"))},
            "attached": [((b'{"a": 1}', "application", "json"), {"filename": "g.json"})]}
    mail = compose(*call["args"], **call["kwargs"])
    mail.add_attachment(b'{"a": 1}', "application", "json", filename="g.json")
    assert_same_mail(mail.as_bytes(), the_old_way(call))
