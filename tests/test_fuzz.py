"""Fuzzers: hostile bytes through a whole tick, and random text through the Dune order parser.

The MIME fuzzers drop generated messages (arbitrary bytes, mangled headers, odd charsets
and transfer encodings, nested multiparts, damaged real-client mail) into the inbox of a
running installation and tick: no message may crash a tick or end "failed"; every one is
archived raw and answered or recorded (processed, rejected or ignored).  The parser
fuzzers read random order text against the open prompts of states met in bot games:
no text raises, an order only ever answers the writer's own prompts, and an order's
canonical text reads back to the same order.

Example counts: the ``pbem-fuzz-ci`` profile (the default, derandomised for CI) runs
``CI_EXAMPLES`` examples per fuzzer; ``PBEM_FUZZ=pbem-fuzz-long`` runs ``LONG_EXAMPLES``
with fresh randomness (docs/reliability.md).
"""

from __future__ import annotations

import base64
import json
import os
import quopri
import random
import re
from pathlib import Path

import pytest
from dune_seats import CLASSIC, SEAT_FACTIONS
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from installation import Installation, player
from players import MODERATOR, drop

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune.orders.language import KINDS
from pbem.mail.envelope import read_envelope
from pbem.mail.headers import message_id, message_id_of
from pbem.mail.text import parse_message

CI_EXAMPLES = 150
LONG_EXAMPLES = 1000
_COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow,
                                                        HealthCheck.data_too_large]}
settings.register_profile("pbem-fuzz-ci", max_examples=CI_EXAMPLES, derandomize=True,
                          database=None, **_COMMON)
settings.register_profile("pbem-fuzz-long", max_examples=LONG_EXAMPLES, **_COMMON)
FUZZ = settings.get_profile(os.environ.get("PBEM_FUZZ", "pbem-fuzz-ci"))
MESSAGES = Path(__file__).parent / "messages"
SECRET = "@SECRET@"  # replaced by north's secret when the message is dropped
FRESH = "@FRESH@"  # replaced by a number never used before (hypothesis repeats its draws)


# --- a running installation that every example of a fuzzer ticks --------------------------

class FuzzSite:
    def __init__(self, root: Path):
        self.site = Installation(root, mail_in={  # no rate limit: every example is read
            "transport": "maildir", "maildir": {"path": str(root / "inbox")},
            "rate_limit": {"messages": 10**9}})
        self.site.new_game(lots=10)
        self.secret = self.site.secret("north").encode()
        self.dropped = 0

    def tick_with(self, raw: bytes) -> None:
        """Drop one message, tick, and check it was archived raw and answered or recorded."""
        self.dropped += 1
        raw = raw.replace(SECRET.encode(), self.secret).replace(FRESH.encode(),
                                                                str(self.dropped).encode())
        store = self.site.moderator().store
        envelope = read_envelope(raw, self.site.config.mail_in.max_message_bytes)
        known = store.inbound_by_content(envelope.message_id, envelope.digest)
        before = store.one("select count(*) as n from inbound")["n"]
        drop(self.site.inbox, raw)
        summary = self.site.moderator().tick()
        assert summary.errors == [], summary.errors
        rows = store.all("select raw, status, outcome from inbound where id > ?", (before,))
        if known:
            assert rows == [], "a known message is never archived twice"
            return
        (row,) = rows
        assert bytes(row["raw"]) == raw
        assert row["status"] in ("processed", "rejected", "ignored") and row["outcome"]
        event(f"{row['status']}: {row['outcome'].split(',')[0]}")
        assert store.all("select id from outbox where status != 'sent'") == []


@pytest.fixture(scope="module")
def fuzz_site(tmp_path_factory):
    return FuzzSite(tmp_path_factory.mktemp("fuzz"))


# --- generated mail -------------------------------------------------------------------------

CHARSETS = ["utf-8", "us-ascii", "iso-8859-1", "windows-1252", "koi8-r", "utf-16", "utf-7",
            "iso-2022-jp", "shift_jis", "gb18030", "x-unknown", "", "utf-8\x00", "hex",
            "rot13", "base64", '"utf-8', "utf-8'en'"]
ENCODINGS = ["", "7bit", "8bit", "binary", "quoted-printable", "base64", "x-uuencode",
             "bogus", "BASE64 ", "quoted-printable; x"]
TYPES = ["text/plain", "text/html", "text/enriched", "application/octet-stream",
         "message/rfc822", "message/delivery-status", "image/png", "text", "", "/",
         "text/plain; format=flowed; delsp=yes", "text/plain; name*=utf-8''%ff%fe"]
DISPOSITIONS = ["", "inline", "attachment", 'attachment; filename="orders.txt"',
                "attachment; filename*=utf-8''%ff%fe", "inline; filename*0*=x"]
ORDER_BODIES = [f"SECRET {SECRET}\nBID 7\n", f"SECRET {SECRET}\nBID 999999999999\n",
                f"secret: {SECRET}\r\nbid 3\r\nPRESS east hello\r\n",
                f"<p>SECRET {SECRET}</p><p>BID 4</p>", "STATUS\n", "BID\n", ""]
SENDERS = [player("north"), f"North <{player('north')}>", "stranger@else.test", "",
           "north@", "<>", "MAILER-DAEMON@mx.test", "=?utf-8?b?Tm9ydGg=?= <north@players.test>",
           "=?utf-8?q?a=0D=0AB?= <north@players.test>", '"\\\\"@x', MODERATOR]
SUBJECTS = ["[auction-1] orders", "Re: [auction-1] Lot 1 of 10", "",
            "=?utf-8?q?[auction-1]_a=0D=0ABcc:_x@evil.test?=", "=?bogus?x?abc?=",
            "[auction-1] {{ 7*7 }}", "[nope-9] orders", "[auction-1]" * 40]
EXTRA_HEADERS = ["Auto-Submitted: auto-replied", "Precedence: bulk", "X-Loop: x@y",
                 "Return-Path: <>", "MIME-Version: 1.0", "Content-Type: multipart/mixed",
                 "Date: yesterday", ": no name", "X-\xff: \xfe", "Message-ID:",
                 "In-Reply-To: <" + "a" * 500 + ">", "List-Id: <x>", "Received: from x"]

texts = st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass"))
bodies = st.one_of(st.sampled_from(ORDER_BODIES).map(str.encode), st.binary(max_size=300),
                   texts)


def _encoded(body: bytes, encoding: str, proper: bool) -> bytes:
    if proper and encoding == "base64":
        return base64.encodebytes(body)
    if proper and encoding == "quoted-printable":
        return quopri.encodestring(body)
    return body


@st.composite
def leaves(draw) -> bytes:
    kind = draw(st.sampled_from(TYPES))
    charset = draw(st.sampled_from(CHARSETS))
    encoding = draw(st.sampled_from(ENCODINGS))
    disposition = draw(st.sampled_from(DISPOSITIONS))
    head = f"Content-Type: {kind}; charset={charset}\n" if kind else ""
    head += f"Content-Transfer-Encoding: {encoding}\n" if encoding else ""
    head += f"Content-Disposition: {disposition}\n" if disposition else ""
    body = _encoded(draw(bodies), encoding, draw(st.booleans()))
    return head.encode("utf-8", "surrogateescape") + b"\n" + body


def _multipart(parts: list[bytes], subtype: str, boundary: str, closed: bool) -> bytes:
    head = f"Content-Type: multipart/{subtype}; boundary=\"{boundary}\"\n\npreamble\n"
    body = b"".join(b"--" + boundary.encode() + b"\n" + part + b"\n" for part in parts)
    return head.encode() + body + (b"--" + boundary.encode() + b"--\n" if closed else b"")


parts = st.recursive(leaves(), lambda children: st.builds(
    _multipart, st.lists(children, max_size=4),
    st.sampled_from(["mixed", "alternative", "related", "report; report-type=delivery-status",
                     "digest", "signed", "x-unknown"]),
    st.sampled_from(["b1", "=_b", "", "a b", "--", "b1\x00"]), st.booleans()), max_leaves=8)


@st.composite
def messages(draw) -> bytes:
    sender = draw(st.one_of(st.just(player("north")), st.sampled_from(SENDERS)))
    subject = draw(st.one_of(st.just(SUBJECTS[0]), st.sampled_from(SUBJECTS)))
    head = [f"From: {sender}", f"To: {MODERATOR}", f"Subject: {subject}"]
    if draw(st.booleans()):
        head.append(f"Message-ID: <fuzz.{FRESH}@players.test>")
    head += draw(st.lists(st.sampled_from(EXTRA_HEADERS), max_size=2))
    raw = "\n".join(head).encode("utf-8", "surrogateescape") + b"\n" + draw(parts)
    ending = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    return raw.replace(b"\n", ending)


@FUZZ
@given(messages())
def test_generated_mime_never_crashes_a_tick(fuzz_site, raw):
    fuzz_site.tick_with(raw)


@FUZZ
@given(st.binary(max_size=3000))
def test_arbitrary_bytes_never_crash_a_tick(fuzz_site, raw):
    fuzz_site.tick_with(raw)


_ID_PIECES = st.sampled_from(["a", "b.c", "1", ".", "..", "@", "<", ">", " ", "\t", "(", ")",
                              '"', "\\", "[", "]", ",", ";", ":", "=?utf-8?q?x?=", "\xe9",
                              "\r\n ", "x" * 300, "!#$%&'*+/=?^_`{|}~-"])


@given(st.lists(_ID_PIECES, max_size=12).map("".join), st.booleans())
def test_a_message_id_is_read_as_the_email_package_reads_it(value, twice):
    """The plain ``<local@domain>`` read without the header parser (issue 20) gives what the
    ``email`` package's parse gives, for any value, hostile ones too."""
    head = f"Message-ID: {value}\n" + ("Message-ID: <second@players.test>\n" if twice else "")
    msg = parse_message(f"From: {player('north')}\n{head}\nBID 1\n".encode(
        "utf-8", "surrogateescape"))
    assert message_id_of(msg) == message_id(msg.get("Message-ID"))


damage = st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from(["set", "cut", "copy"]),
                   st.sampled_from(b";=\"'<>@:*\\\r\n -\x00\xff\tabc"), st.integers(1, 40))


@FUZZ
@given(st.sampled_from(sorted(MESSAGES.glob("*.eml"))), st.lists(damage, min_size=1,
                                                                  max_size=30))
def test_damaged_real_client_mail_never_crashes_a_tick(fuzz_site, path, damages):
    data_ = bytearray(path.read_bytes())
    for where, how, byte, length in damages:
        at = int(where * len(data_)) if data_ else 0
        if how == "set" and data_:
            data_[at] = byte
        elif how == "cut":
            del data_[at:at + length]
        else:
            data_[at:at] = data_[at // 2:at // 2 + length]
    fresh = f"Message-ID: <damaged.{FRESH}@players.test>\n".encode()
    fuzz_site.tick_with(fresh + bytes(data_))  # a new Message-ID, so the copy is read


# --- the Dune order parser --------------------------------------------------------------

def _states() -> list[dict]:
    """States met in two short bot games of six factions (set-up, bidding, movement, battles)."""
    found = []
    for ruleset, options, seed in (("classic", {"advanced": True, "optional": True}, "fz1"),
                                   ("wbc", {}, "fz2")):
        state = dune.setup(ruleset, {**options, "turns": 2}, list(SEAT_FACTIONS),
                           step_rng(seed, 0))
        bots = random.Random(seed)
        for step in range(1, 500):
            if dune.result(state) is not None:
                break
            found.append(json.loads(json.dumps(state)))
            orders = {}
            for prompt in dune.prompts(state):
                text = dune.bot_order(dune.view(state, prompt.seat), prompt, bots)
                parsed = dune.parse(state, prompt.seat, text)
                orders.update({o.prompt: o.value for o in parsed.orders})
                orders.setdefault(prompt.key, prompt.default)
            state, _ = dune.apply(state, orders, step_rng(seed, step))
    return found


STATES = _states()
VERBS = sorted({verb for kind in KINDS.values() for verb in kind.verbs})
NAMES = sorted({t.name for t in CLASSIC.board.territories} | {"Arrakeen", "SECTOR", "ALL",
                                                               "NONE", "PASS", "*", "YES", "NO"})
words = st.one_of(st.sampled_from(VERBS), st.sampled_from(NAMES),
                  st.integers(-3, 40).map(str), st.integers(0, 20).map(lambda n: f"{n}*"),
                  st.text(max_size=12), st.sampled_from([",", ";", "#", "\u0410rrakeen",
                                                          "\u200b", "\t", "SECRET x"]))
lines = st.lists(words, max_size=8).map(" ".join)


@st.composite
def order_texts(draw) -> tuple[dict, str, str]:
    """A state, one of its seats with prompts, and text: random words, or the seat's own
    templates and bot orders cut, repeated and mixed with random lines."""
    state = draw(st.sampled_from(STATES))
    prompts = dune.prompts(state)
    seat = draw(st.sampled_from(sorted({p.seat for p in prompts} or set(SEAT_FACTIONS))))
    mine = [p for p in prompts if p.seat == seat]
    own = [p.template for p in mine]
    rng = draw(st.randoms(use_true_random=False))
    own += [dune.bot_order(dune.view(state, seat), p, rng) for p in mine]
    pieces = draw(st.lists(st.one_of(lines, st.sampled_from(own or ["PASS"])), max_size=12))
    cut = [re.sub(r"\s\S+$", "", piece) if draw(st.booleans()) else piece for piece in pieces]
    return state, seat, "\n".join(cut)


@FUZZ
@given(order_texts())
def test_random_order_text_never_crashes_the_dune_parser(case):
    state, seat, text = case
    parsed = dune.parse(state, seat, text)
    mine = {p.key for p in dune.prompts(state) if p.seat == seat}
    assert {order.prompt for order in parsed.orders} <= mine
    assert all(1 <= error.line_no <= max(1, len(text.splitlines())) for error in parsed.errors)
    for order in parsed.orders:
        again = dune.parse(state, seat, order.text)
        assert [(o.prompt, o.value) for o in again.orders] == [(order.prompt, order.value)], (
            order.text, again.errors)


def test_docs_reliability_names_real_tests_and_the_ci_example_count():
    doc = (Path(__file__).parent.parent / "docs" / "reliability.md").read_text()
    sources = "".join(path.read_text() for path in Path(__file__).parent.rglob("test_*.py"))
    named = set(re.findall(r"`(test_\w+)`", doc))
    assert named and all(f"def {name}(" in sources for name in named), named
    assert f"{CI_EXAMPLES} examples per fuzzer" in doc
