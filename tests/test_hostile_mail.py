"""Hostile and broken mail: forged senders, replays, orders for another game's seats, loops
between auto-responders, floods, attachments, header and template injection, look-alike
letters, and DKIM as a stronger sender check.  Each message is archived raw; none is
filed to a seat it does not belong to, and none makes the moderator write what it must not.

Covered elsewhere and not repeated here: a wrong secret answered to the registered
address (test_flow_maildir.py), auto-replies, bounces and our own mail never answered
(test_flow_maildir.py, test_mail_text.py), oversized mail (test_flow_maildir.py), a
repeat of one Message-ID in the same tick (test_flow_maildir.py).
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
from email.message import EmailMessage

import dkim
import pytest
import sqlite_utils
from installation import SEATS, Installation, player
from players import GM, MODERATOR, drop, order_mail, text

from pbem.definition import create_game, game_definition
from pbem.mail.dkim import aligned, signed_by_sender
from pbem.mail.envelope import read_envelope
from pbem.mail.text import parse_message
from pbem.moderator import run_gm_command
from pbem.store import MIGRATIONS, Store


@pytest.fixture
def site(tmp_path):
    site = Installation(tmp_path, mail_in={
        "transport": "maildir", "maildir": {"path": str(tmp_path / "inbox")},
        "rate_limit": {"messages": 5, "per_minutes": 60}})
    site.new_game()
    return site


def orders(site, seat: str, body: str, **kwargs) -> EmailMessage:
    return order_mail(player(seat), f"SECRET {site.secret(seat)}\n{body}", **kwargs)


def pending(site, game: str = "auction-1") -> dict[str, str]:
    rows = site.moderator().store.all("select seat, text from pending_orders where game_id = ?",
                                      (game,))
    return {row["seat"]: row["text"] for row in rows}


def inbound(site) -> list[dict]:
    return site.moderator().store.all("select * from inbound order by id")


def answers_to(site, address: str) -> list[EmailMessage]:
    return [m for m in site.sent(address) if "Welcome" not in str(m["Subject"])]


# --- forged senders, replays, other games -------------------------------------------------

def test_a_forged_from_without_the_seats_secret_files_nothing(site):
    drop(site.inbox, order_mail(player("north"), "BID 30"))
    drop(site.inbox, order_mail(player("north"), "SECRET guessed\nBID 31"))
    drop(site.inbox, order_mail(player("north"), f"SECRET {site.secret('east')}\nBID 32"))
    summary = site.moderator().tick()
    assert (summary.rejected, summary.accepted) == (3, 0)
    assert pending(site) == {}
    assert [row["outcome"] for row in inbound(site)] == [
        "missing-secret", "wrong-secret", "wrong-secret"]


def test_a_replayed_message_is_archived_once_and_never_filed_again(site):
    mail = orders(site, "north", "BID 12")
    drop(site.inbox, mail)
    site.moderator().tick()
    answered = len(answers_to(site, player("north")))
    for _ in range(3):
        drop(site.inbox, mail)
        assert site.moderator().tick().messages == 0
    assert len(inbound(site)) == 1
    assert len(answers_to(site, player("north"))) == answered


def test_old_orders_sent_again_after_their_step_are_read_against_the_open_step(site):
    for seat, bid in zip(SEATS, (12, 31, 27), strict=True):
        drop(site.inbox, orders(site, seat, f"BID {bid}"))
    assert site.moderator().tick().steps == 1
    decided = site.moderator().store.decisions("auction-1")
    drop(site.inbox, orders(site, "north", "BID 12"))  # a new Message-ID, the old text
    assert site.moderator().tick().rejected == 1
    assert pending(site) == {}
    assert site.moderator().store.decisions("auction-1") == decided
    assert "Not accepted:\n  line 2: BID 12\n" in text(answers_to(site, player("north"))[-1])


def test_orders_for_a_seat_of_another_game_are_not_filed(site):
    site.new_game("auction-2", seats=("west", "up", "down"))
    north = site.secret("north")
    drop(site.inbox, order_mail(player("north"), f"SEAT west\nSECRET {north}\nBID 5",
                                subject="[auction-2] orders"))
    drop(site.inbox, order_mail(player("north"), f"SECRET {site.secret('west', 'auction-2')}"
                                "\nBID 6", subject="[auction-2] orders"))
    summary = site.moderator().tick()
    assert summary.rejected == 2
    assert pending(site, "auction-2") == {} and pending(site) == {}
    warned = answers_to(site, player("west"))
    assert len(warned) == 1 and "wrong secret" in text(warned[0])


# --- loops and floods -------------------------------------------------------------------------

def naive_reply(to_us: EmailMessage, sender: str) -> EmailMessage:
    """What a badly written vacation responder sends back: no Auto-Submitted, no Precedence."""
    return order_mail(sender, "I am away until Monday.", subject=f"Re: {to_us['Subject']}",
                      in_reply_to=str(to_us["Message-ID"]))


def test_a_loop_with_a_naive_auto_responder_ends_at_the_rate_limit(site):
    """A player's responder answers every mail of ours; its replies carry our reply token, so
    they prove the seat and count: five answers, one warning, then silence (issue 34, item 1:
    only such mail counts)."""
    responder = player("north")
    drop(site.inbox, orders(site, "north", "BID 3"))
    seen = 0
    for _ in range(20):
        site.moderator().tick()
        new = site.sent(responder)[seen:]
        seen += len(new)
        for mail in new:
            drop(site.inbox, naive_reply(mail, responder))
    answers = answers_to(site, responder)
    subjects = [str(m["Subject"]) for m in answers]
    assert subjects[:5] == ["[auction-1] Orders received"] * 5
    assert "more than 5 messages in 60 minutes" in text(answers[5]), "then one warning"
    # Its reply to the warning carries no seat's token: refused for the secret, within that
    # bound (a refusal, a notice), then silence.
    assert len(answers) == 8 and seen == len(site.sent(responder))
    outcomes = [row["outcome"] for row in inbound(site)]
    assert outcomes[5:7] == ["rate-limited"] * 2 and set(outcomes[7:]) == {"missing-secret"}


def test_a_loop_with_a_strangers_naive_auto_responder_ends_at_the_first_answer(site):
    """Issue 34, item 6: a stranger's responder gets one answer a day for its whole domain."""
    responder = "away@else.test"
    drop(site.inbox, order_mail(responder, "Hello?", subject="[auction-1] hello"))
    seen = 0
    for _ in range(5):
        site.moderator().tick()
        new = site.sent(responder)[seen:]
        seen += len(new)
        for mail in new:
            drop(site.inbox, naive_reply(mail, responder))
    assert len(site.sent(responder)) == 1
    assert [row["outcome"] for row in inbound(site)] == ["unknown-sender", "no-game"]


@pytest.mark.parametrize("header,value", [
    ("X-Loop", MODERATOR), ("Auto-Submitted", "auto-replied"), ("Precedence", "bulk"),
    ("X-Autoreply", "yes"), ("X-PBEM-Loop", "moderator@elsewhere.test"),
])
def test_a_responder_that_marks_its_mail_automatic_is_never_answered(site, header, value):
    drop(site.inbox, order_mail("away@else.test", "Hello?", subject="[auction-1] hello"))
    site.moderator().tick()
    (ours,) = site.sent("away@else.test")
    assert ours["Auto-Submitted"] == "auto-generated" and ours["X-PBEM-Loop"] == MODERATOR
    reply = naive_reply(ours, "away@else.test")
    reply[header] = value
    drop(site.inbox, reply)
    assert site.moderator().tick().ignored == 1
    assert len(site.sent("away@else.test")) == 1


def test_a_flood_from_one_player_is_archived_and_warned_once_and_the_limit_passes(site):
    for bid in range(1, 13):
        drop(site.inbox, orders(site, "north", f"BID {bid}"))
    summary = site.moderator().tick()
    assert (summary.messages, summary.accepted, summary.ignored) == (12, 5, 7)
    assert len(inbound(site)) == 12
    assert pending(site) == {"north": "BID 5"}
    answers = answers_to(site, player("north"))
    assert [str(m["Subject"]) for m in answers].count("[auction-1] Orders received") == 5
    assert sum("messages in 60 minutes" in text(m) for m in answers) == 1
    site.clock.advance(minutes=61)
    drop(site.inbox, orders(site, "north", "BID 20"))
    assert site.moderator().tick().accepted == 1
    assert pending(site) == {"north": "BID 20"}


def test_the_flood_check_and_the_limits_read_recent_mail_by_index_not_the_whole_archive(site):
    """Issue 20: the flood check counts the sender's mail of the window for every new message;
    the index on ``inbound`` (sender, received_at), migration 9, keeps it from reading the
    whole archive, which made each mail cost 48 ms at 40k archived mails (1.3 ms at 1k)."""
    moderator = site.moderator()
    statements = []
    moderator.store.db.conn.set_trace_callback(statements.append)
    # STATUS mails the seat: the limits count the day's answers to it (a mail of orders alone
    # has nothing to count).
    drop(site.inbox, orders(site, "north", "BID 3\nSTATUS"))
    assert moderator.tick().accepted == 1
    moderator.store.db.conn.set_trace_callback(None)
    (query,) = [sql for sql in statements if "from inbound where sender = " in sql]
    plan = " ".join(row[3] for row in moderator.store.db.execute(f"explain query plan {query}"))
    assert "USING INDEX idx_inbound_sender_received_at" in plan, plan
    assert "SCAN inbound" not in plan, plan
    # And the answers of the day to the sender's address (the command limits), by the index on
    # the outbox (kind, created_at), not the whole outbox.
    (query,) = [sql for sql in statements if "from outbox where lower(recipients)" in sql]
    plan = " ".join(row[3] for row in moderator.store.db.execute(f"explain query plan {query}"))
    assert "USING INDEX idx_outbox_kind_created_at" in plan, plan


def test_forged_mail_never_uses_up_the_seats_allowance_nor_floods_the_seat_with_refusals(site):
    """D2: 31 forgeries in north's name (limit 5 a window here) and then north's real mail."""
    for n in range(31):
        secret = "" if n % 2 else "SECRET guessed\n"
        drop(site.inbox, order_mail(player("north"), f"{secret}BID {n}"))
    drop(site.inbox, orders(site, "north", "BID 40"))
    summary = site.moderator().tick()
    assert (summary.messages, summary.rejected, summary.accepted) == (32, 31, 1)
    assert pending(site) == {"north": "BID 40"}
    answers = answers_to(site, player("north"))
    assert [str(m["Subject"]) for m in answers].count("[auction-1] Orders received") == 1
    refusals = [m for m in answers if "Orders received" not in str(m["Subject"])]
    assert len(refusals) == 2, "one refusal, then one notice that more are ignored"
    assert "wrong secret" in text(refusals[0])
    assert "further mails" in text(refusals[1]).lower()
    told = [m for m in site.sent(GM) if "GM welcome" not in str(m["Subject"])]
    assert len(told) == 1 and player("north") in text(told[0])
    drop(site.inbox, order_mail(player("north"), "BID 41"))
    site.moderator().tick()
    assert len(answers_to(site, player("north"))) == len(answers), "silence, in the window"
    site.clock.advance(minutes=61)
    drop(site.inbox, order_mail(player("north"), "BID 42"))
    site.moderator().tick()
    assert "SECRET <your secret>" in text(answers_to(site, player("north"))[-1])


FORGERIES = {
    "no game tag": dict(body="BID 1", subject="orders"),
    "an unknown game": dict(body="BID 1", subject="[auction-9] orders"),
    "an unknown seat": dict(body="SEAT west\nBID 1"),
    "Auto-Submitted": dict(body="BID 1", headers={"Auto-Submitted": "auto-replied"}),
}


@pytest.mark.parametrize("sender", ["north", "gm"])
def test_no_mail_that_did_not_prove_its_sender_counts_against_its_rate_limit(site, sender):
    """Issue 34, item 1: forgeries refused for a missing or wrong secret no longer counted, but
    those refused for any other reason did (no game tag, an unknown game, an unknown seat,
    ``Auto-Submitted``): after 31 of them from north's address (or the GM's), the real mail
    with the right secret was dropped as rate-limited, for an hour.  Only mail that proved its
    sender counts now; a forger's refusals to a player's address stay bounded by the limit."""
    address = player("north") if sender == "north" else GM
    for n in range(32):
        kind = FORGERIES[sorted(FORGERIES)[n % len(FORGERIES)]]
        mail = order_mail(address, kind["body"], subject=kind.get("subject", "[auction-1] orders"))
        for header, value in kind.get("headers", {}).items():
            mail[header] = value
        drop(site.inbox, mail)
    if sender == "north":
        drop(site.inbox, orders(site, "north", "BID 40"))
    else:
        secret = site.record().settings["gm_secret"]
        drop(site.inbox, order_mail(GM, f"SECRET {secret}\nEXTEND 24 the GM is here",
                                    subject="[auction-1] commands"))
    summary = site.moderator().tick()
    assert summary.accepted == 1, [row["outcome"] for row in inbound(site)]
    assert "rate-limited" not in [row["outcome"] for row in inbound(site)]
    if sender == "north":
        assert pending(site) == {"north": "BID 40"}
    else:
        assert "The deadline of Step 1" in text(site.sent(GM)[-1])
    refusals = [m for m in answers_to(site, address) if "refused" in text(m) or
                "no orders" in text(m).lower() or "not read" in text(m).lower()]
    assert len(refusals) <= 5, "a forger's refusals to one address stay within the limit"


LINK = "http://evil.test/claim-your-prize"


@pytest.mark.parametrize("answer", [True, False])
def test_refusals_to_strangers_carry_nothing_they_wrote_once_a_day_per_domain(tmp_path, answer):
    """Issue 34, item 6 (backscatter): mail forged from outside addresses was answered with a
    refusal repeating the subject and ``GAME`` line, once per address: 20 of 20 forgeries
    carried a link out from the moderator's domain.  Now a stranger's refusal has fixed
    words, no subject or reference of the mail, and goes once a day per mail domain; with
    ``answer_strangers: false`` none goes at all.  A player's own mistakes are still answered
    as before."""
    site = Installation(tmp_path, mail_in={
        "transport": "maildir", "maildir": {"path": str(tmp_path / "inbox")},
        "answer_strangers": answer})
    site.new_game()
    for n in range(20):
        drop(site.inbox, order_mail(f"victim-{n}@target.test", f"GAME {LINK}\nBID 1",
                                    subject=f"[auction-1] {LINK} {n}"))
    drop(site.inbox, order_mail("other@elsewhere.test", "BID 1", subject=f"{LINK}"))
    drop(site.inbox, order_mail(player("north"), "BID 1", subject="no tag"))
    site.moderator().tick()
    strangers = [m for m in site.sent() if "target.test" in str(m["To"])
                 or "elsewhere" in str(m["To"])]
    assert len(strangers) == (2 if answer else 0)
    for mail in strangers:
        whole = mail.as_string()
        assert "evil" not in whole and "claim" not in whole and "auction-1" not in whole
        assert mail["In-Reply-To"] is None and mail["References"] is None
        assert "was not read" in str(mail["Subject"])
    assert "names no game" in text(answers_to(site, player("north"))[-1])
    site.clock.advance(hours=25)
    drop(site.inbox, order_mail("victim-0@target.test", "BID 1"))
    site.moderator().tick()
    assert len([m for m in site.sent() if "target.test" in str(m["To"])]) == (2 if answer else 0)


# --- attachments, injection, look-alike letters ------------------------------------------------

def test_attachments_are_never_read_as_orders(site):
    mail = orders(site, "north", "BID 4")
    mail.add_attachment(b"BID 99\n", maintype="text", subtype="plain", filename="orders.txt")
    mail.add_attachment(b"MZ\x90\x00" * 64, maintype="application", subtype="octet-stream",
                        filename="run-me.exe")
    inner = order_mail(player("north"), f"SECRET {site.secret('north')}\nBID 77")
    mail.add_attachment(inner)
    drop(site.inbox, mail)
    assert site.moderator().tick().accepted == 1
    assert pending(site) == {"north": "BID 4"}
    answer = text(answers_to(site, player("north"))[-1])
    assert "99" not in answer and "77" not in answer
    assert bytes(inbound(site)[0]["raw"]) == mail.as_bytes()


INJECTED_SUBJECT = b"=?utf-8?q?[auction-1]_orders=0D=0ABcc:_victim@evil.test?="


@pytest.mark.parametrize("sender", [player("north"), "stranger@evil.test"])
def test_cr_lf_in_a_subject_or_message_id_never_becomes_a_header(site, sender):
    raw = (f"From: {sender}\r\nTo: {MODERATOR}\r\nSubject: ".encode() + INJECTED_SUBJECT
           + b"\r\nMessage-ID: =?utf-8?q?<m1@p>=0D=0ABcc:_victim2@evil.test?=\r\n\r\n"
           + f"SECRET {site.secret('north')}\r\nBID 3\r\n".encode())
    drop(site.inbox, raw)
    summary = site.moderator().tick()
    assert summary.errors == [] and summary.messages == 1
    (answer,) = answers_to(site, sender)
    assert answer.get_all("Bcc") is None and answer["To"] == sender
    assert "\n" not in str(answer["Subject"]) and "\r" not in str(answer["Subject"])
    # A stranger's answer refers to nothing of the mail (issue 34, item 6).
    assert answer["In-Reply-To"] == (None if "evil" in sender else "<m1@p>")
    sent = site.moderator().store.one("select recipients from outbox where message_id = ?",
                                      (answer["Message-ID"],))
    assert json.loads(sent["recipients"]) == [sender]


def test_user_text_is_never_evaluated_as_a_template_or_markup(site):
    payloads = ["{{ 'ev' ~ 'aluated' }}", "{% for x in 'abc' %}evaluated{% endfor %}",
                "{{ config }}", "<script>alert(1)</script>", "${7*7}", "{{ self.__init__ }}"]
    press = "{{ 'ev' ~ 'aluated' }} <b>hi</b> {% raw %}"
    body = "\n".join(["BID 4", *payloads, f"PRESS east {press}"])
    drop(site.inbox, orders(site, "north", body, subject="[auction-1] {{ 'ev' ~ 'al' }}"))
    assert site.moderator().tick().accepted == 1
    answer = text(answers_to(site, player("north"))[-1])
    assert all(payload in answer for payload in payloads)
    assert "evaluated" not in answer.replace("{% for x in 'abc' %}evaluated{% endfor %}", "")
    (relay,) = [m for m in site.sent(player("east")) if "Press" in str(m["Subject"])]
    assert press in text(relay) and "evaluated" not in text(relay)


# NUL, a terminal's clear-screen and window-title sequences, a bell, a C1 control, and the
# bidi embeddings, overrides and isolates that reorder what a reader sees.
HOSTILE_TEXT = ("a\x00b \x1b[2Jc \x1b]0;pwned\x07d \x9b31m \u202eevil\u202c "
                "\u2066iso\u2069 \u200fmark\tend")
DROPPED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                     "\u2066-\u2069]")


def test_control_characters_and_bidi_overrides_never_reach_another_players_mail(site):
    """D10: press, a deal, a GM broadcast and a player's name with controls in them."""
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition({
        "id": "auction-2", "game": "auction", "seed": "fixed", "options": {"lots": 2},
        "seats": [{"seat": "west", "address": player("west"), "player": f"Wes {HOSTILE_TEXT}"},
                  {"seat": "up", "address": player("up")}]}), site.clock())
    moderator.send_outbox()
    drop(site.inbox, orders(site, "north", f"PRESS east {HOSTILE_TEXT}\n"
                                           f"DEAL {HOSTILE_TEXT}"))
    assert site.moderator().tick().accepted == 1
    run_gm_command(site.moderator(), "auction-1", f"BROADCAST {HOSTILE_TEXT}")
    site.moderator().send_outbox()
    for reader in (player("east"), player("south"), player("up"), GM):
        mails = site.sent(reader)
        assert mails
        for mail in mails:
            for part in mail.walk():
                if part.get_content_maintype() == "text":
                    assert not DROPPED.search(part.get_content()), (reader, mail["Subject"])
            assert not DROPPED.search(str(mail["Subject"]))
    (relay,) = [m for m in site.sent(player("east")) if "Press from" in str(m["Subject"])]
    assert "ab [2Jc ]0;pwnedd 31m evil iso mark\tend" in text(relay)


def test_an_html_mail_is_read_as_text_and_its_script_dropped(site):
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = player("north"), MODERATOR, "[auction-1] o"
    mail["Message-ID"] = "<html@players.test>"
    mail.set_content(f"<p>SECRET {site.secret('north')}</p><p>BID 6</p>"
                     "<script>document.write('BID 60')</script>", subtype="html")
    drop(site.inbox, mail)
    site.moderator().tick()
    assert pending(site) == {"north": "BID 6"}


def test_look_alike_letters_in_territory_and_leader_names_are_read_as_latin(tmp_path):
    """The ruling (pbem/confusables.py): order lines are normalised (NFKC, invisible
    characters dropped, Cyrillic and Greek look-alikes folded), and the answer echoes the
    canonical reading; the Fremen placement of 000 setup and a traitor pick."""
    site = Installation(tmp_path)
    definition = game_definition({
        "id": "dune-1", "game": "dune", "ruleset": "wbc", "seed": "confusable",
        "auth": "address", "seats": [{"seat": s, "address": player(s)}
                                     for s in ("atreides", "fremen", "harkonnen")]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()
    body = ("PLACE 6 \u0405\u0456\u0435tch \u0422abr\n"          # Cyrillic S, i, e, T
            "PLACE 4 \uff26\uff41\uff4c\uff53\uff45 Wall So\u200buth\n"  # full width, ZWSP
            "TRAITOR Pit\u0435r D\u0435Vri\u0435s\n")               # Cyrillic e
    drop(site.inbox, order_mail(player("fremen"), body, subject="[dune-1] orders"))
    assert site.moderator().tick().accepted == 1
    filed = pending(site, "dune-1")["fremen"]
    answer = text([m for m in site.sent(player("fremen")) if "received" in str(m["Subject"])][-1])
    assert "Sietch Tabr" in answer and "False Wall South" in answer
    assert filed.isascii()


# --- DKIM -------------------------------------------------------------------------------------

def make_key(tmp_path, name: str) -> tuple[bytes, bytes]:
    """A fresh 2048-bit RSA key: (private key PEM, the DNS TXT record publishing it)."""
    key = tmp_path / f"{name}.pem"
    subprocess.run(["openssl", "genrsa", "-traditional", "-out", str(key), "2048"],
                   check=True, capture_output=True)
    public = subprocess.run(["openssl", "rsa", "-in", str(key), "-pubout", "-outform", "DER"],
                            check=True, capture_output=True).stdout
    return key.read_bytes(), b"v=DKIM1; k=rsa; p=" + base64.b64encode(public)


@pytest.fixture
def keys(tmp_path):
    players_key, players_txt = make_key(tmp_path, "players")
    evil_key, evil_txt = make_key(tmp_path, "evil")
    records = {b"mail._domainkey.players.test.": players_txt,
               b"mail._domainkey.evil.test.": evil_txt}
    return {"players.test": players_key, "evil.test": evil_key}, records


def signed(raw: bytes, domain: str, key: bytes) -> bytes:
    signature = dkim.sign(raw, b"mail", domain.encode(), key,
                          include_headers=[b"from", b"to", b"subject", b"message-id"])
    return signature + raw


def test_dkim_signatures_are_checked_against_the_senders_domain(keys):
    private, records = keys
    lookup = lambda name, timeout=5: records.get(name)  # noqa: E731
    raw = order_mail(player("north"), "BID 3").as_bytes()
    assert signed_by_sender(signed(raw, "players.test", private["players.test"]),
                            player("north"), lookup)
    assert not signed_by_sender(raw, player("north"), lookup)
    assert not signed_by_sender(signed(raw, "evil.test", private["evil.test"]),
                                player("north"), lookup), "signed, but by another domain"
    tampered = signed(raw, "players.test", private["players.test"]).replace(b"BID 3",
                                                                            b"BID 9")
    assert not signed_by_sender(tampered, player("north"), lookup)
    assert aligned("players.test", "a@mx.players.test") and not aligned("test", "a@x.org")
    assert not aligned("layers.test", "a@players.test")


def test_with_dkim_required_only_signed_mail_of_the_players_domain_is_read(tmp_path, keys):
    private, records = keys
    site = Installation(tmp_path, mail_in={
        "transport": "maildir", "maildir": {"path": str(tmp_path / "inbox")},
        "dkim": {"required_for": ["players.test"]}})
    site.new_game()

    def lookup(name, timeout=5):
        return records.get(name)

    good = orders(site, "north", "BID 3").as_bytes()
    drop(site.inbox, signed(good, "players.test", private["players.test"]))
    drop(site.inbox, orders(site, "east", "BID 4"))  # unsigned: a forger knowing the secret
    drop(site.inbox, signed(orders(site, "south", "BID 5").as_bytes(), "evil.test",
                            private["evil.test"]))
    summary = site.moderator(dns=lookup).tick()
    assert (summary.accepted, summary.rejected) == (1, 2)
    assert pending(site) == {"north": "BID 3"}
    assert [row["outcome"] for row in inbound(site)][1:] == ["unsigned", "unsigned"]
    assert "no valid DKIM signature" in text(answers_to(site, player("east"))[-1])
    assert parse_message(bytes(inbound(site)[0]["raw"]))["DKIM-Signature"]


# --- poison messages: mail of any shape fails at most itself ---------------------------------

def nested_mime(depth: int) -> bytes:
    """A message of ``depth`` multiparts, each the only part of the one around it."""
    head = (f"From: {player('south')}\r\nTo: {MODERATOR}\r\nSubject: [auction-1] deep\r\n"
            "Message-ID: <deep@players.test>\r\nMIME-Version: 1.0\r\n").encode()
    opening = b"".join(b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (n, n)
                       for n in range(depth))
    return head + opening + b"Content-Type: text/plain\r\n\r\nBID 1\r\n"


def nested_comments(header: str) -> bytes:
    """A message whose ``header`` holds 600 nested comments."""
    fields = {"From": f"<{player('south')}>", "Message-ID": "<comments@players.test>",
              "X-Loop": "loop@else.test"}
    fields[header] = "(" * 600 + ")" * 600 + " " + fields[header]
    return ("".join(f"{name}: {value}\r\n" for name, value in fields.items())
            + f"To: {MODERATOR}\r\nSubject: [auction-1] x\r\n\r\nBID 1\r\n").encode()


POISON = {
    "a From of 600 nested comments": nested_comments("From"),
    "a Message-ID of 600 nested comments": nested_comments("Message-ID"),
    "an X-Loop of 600 nested comments": nested_comments("X-Loop"),
    "MIME nested 980 deep": nested_mime(980),
}


def gm_told_of_failures(site) -> list[EmailMessage]:
    return [m for m in site.sent(GM) if "could not be read" in str(m["Subject"])]


@pytest.mark.parametrize("shape", sorted(POISON))
def test_a_poison_message_fails_at_most_itself_and_the_tick_goes_on(site, shape):
    """The review's D1: a header of 600 nested comments or MIME nested 980 deep raised
    RecursionError while the message was archived, outside the per-message handling, so
    every later tick died on it.  Now it is archived raw and read, or marked failed with
    the GM told once; the mail behind it is read in the same tick and in later ones."""
    poison = POISON[shape]
    drop(site.inbox, poison)
    drop(site.inbox, orders(site, "north", "BID 12"))
    summary = site.moderator().tick()
    assert summary.accepted == 1 and summary.messages == 2
    assert pending(site) == {"north": "BID 12"}
    (row,) = [row for row in inbound(site) if bytes(row["raw"]) == poison]
    assert row["status"] in ("processed", "rejected", "ignored", "failed")
    failed = row["status"] == "failed"
    assert len(summary.errors) == failed
    drop(site.inbox, orders(site, "east", "BID 13"))
    later = site.moderator().tick()
    assert (later.messages, later.accepted, later.errors) == (1, 1, [])
    assert len(gm_told_of_failures(site)) == failed
    if failed:
        assert f"Message {row['id']} could not be read" in text(gm_told_of_failures(site)[0])
    assert shape != "MIME nested 980 deep" or failed


# --- one Message-ID, different content ------------------------------------------------------

def test_a_corrected_mail_under_a_known_message_id_is_archived_and_filed(site):
    """The review's D9: a client that sends a draft again after correcting it may keep its
    Message-ID.  Messages are known by Message-ID and content: the same bytes again are
    read once, a relay's added trace headers do not make a new message, and a different
    message under a known Message-ID is archived and filed."""
    first = orders(site, "north", "BID 12", message_id="<draft@players.test>")
    drop(site.inbox, first)
    site.moderator().tick()
    drop(site.inbox, first)
    drop(site.inbox, b"Received: from mx.players.test by mx.pbem.test; again\r\n"
         + first.as_bytes())
    assert site.moderator().tick().messages == 0
    corrected = orders(site, "north", "BID 15", message_id="<draft@players.test>")
    drop(site.inbox, corrected)
    assert site.moderator().tick().accepted == 1
    assert pending(site) == {"north": "BID 15"}
    assert [bytes(row["raw"]) for row in inbound(site)] == [first.as_bytes(),
                                                             corrected.as_bytes()]
    received = [m for m in answers_to(site, player("north"))
                if str(m["Subject"]) == "[auction-1] Orders received"]
    assert len(received) == 2 and "BID 15" in text(received[-1])


def test_the_archive_of_an_older_database_is_known_by_content_after_the_migration(tmp_path):
    """Migration 5 gives each archived message its content digest: the same bytes
    fetched again after the upgrade are still known, a corrected message is new."""
    first = order_mail(player("north"), "BID 12", message_id="<draft@players.test>")
    db = sqlite_utils.Database(tmp_path / "old.db")
    for migration in MIGRATIONS[:4]:
        migration(db)
    db.execute("PRAGMA user_version = 4")
    db["inbound"].insert({"message_id": "<draft@players.test>", "raw": first.as_bytes(),
                          "status": "processed", "size": len(first.as_bytes())})
    db.conn.commit()
    db.close()
    store = Store(tmp_path / "old.db")
    envelope = read_envelope(first.as_bytes(), 10**6)
    assert store.inbound_by_content(envelope.message_id, envelope.digest)["id"] == 1
    corrected = read_envelope(order_mail(player("north"), "BID 15",
                                         message_id="<draft@players.test>").as_bytes(), 10**6)
    assert corrected.message_id == envelope.message_id
    assert store.inbound_by_content(corrected.message_id, corrected.digest) is None
    assert store.inbound_raw(1) == first.as_bytes() and store.version == len(MIGRATIONS)


# --- the author of a message is its one real address ----------------------------------------

@pytest.fixture
def open_site(tmp_path):
    """A game under the ``address`` policy: the From address alone names the seat."""
    site = Installation(tmp_path)
    site.new_game(auth="address")
    return site


MALLORY = "mallory@players.test"
NORTH = player("north")
MISLEADING_FROMS = [f"{NORTH} <{MALLORY}>", f'"{NORTH}" <{MALLORY}>', f"{NORTH}<{MALLORY}>",
                    f"=?utf-8?q?north=40players=2Etest?= <{MALLORY}>", f"{MALLORY} ({NORTH})",
                    f"North \uff08north\uff20players.test\uff09 <{MALLORY}>"]


@pytest.mark.parametrize("sender", MISLEADING_FROMS)
def test_a_display_name_that_is_another_address_is_refused_to_the_real_one(tmp_path, sender,
                                                                            keys):
    """The review's D4: ``From: victim@x <mallory@x>`` was read as the victim's, while
    mail software, DKIM and DMARC take the address in angle brackets: a provider that
    signs for all its users gave mallory an aligned signature for the victim's seat.
    Now the sender is the real address, the mail is refused, and only that address is
    answered: never the one the display name claims."""
    private, records = keys
    open_site = Installation(tmp_path, mail_in={
        "transport": "maildir", "maildir": {"path": str(tmp_path / "inbox")},
        "dkim": {"required_for": ["players.test"]}})
    open_site.new_game(auth="address")
    mail = order_mail(MALLORY, "BID 40")
    del mail["From"]
    mail["From"] = sender
    drop(open_site.inbox, signed(mail.as_bytes(), "players.test", private["players.test"]))
    summary = open_site.moderator(dns=lambda name, timeout=5: records.get(name)).tick()
    assert (summary.rejected, summary.accepted, summary.errors) == (1, 0, [])
    assert pending(open_site) == {}
    assert answers_to(open_site, NORTH) == []
    (answer,) = open_site.sent(MALLORY)
    assert "looks like a mail address" in text(answer)
    (row,) = inbound(open_site)
    assert (row["sender"], row["outcome"]) == (MALLORY, "misleading-name")


@pytest.mark.parametrize("sender,code", [
    (f"{NORTH}, {MALLORY}", "several-senders"),
    (f"{MALLORY}, {NORTH}", "several-senders"),
    (f"Mallory <{MALLORY}> {NORTH}", "malformed-sender"),
    (f"<{NORTH}> <{MALLORY}>", "malformed-sender"),
    (f"{NORTH} {MALLORY}", "malformed-sender"),
    (f'"North" {NORTH}', "malformed-sender"),
    ("north", "malformed-sender"),
    ("north@", "malformed-sender"),
    (f"north: {NORTH};", "malformed-sender"),
    ("North Player", "malformed-sender"),
    ("undisclosed-recipients:;", "malformed-sender"),
    ("", "no-sender"),
    (f"({NORTH})", "no-sender"),
])
def test_a_from_without_exactly_one_plain_address_is_refused_and_nobody_answered(
        open_site, sender, code):
    """No single address wrote it, so no address is answered: one of them may be a
    victim's."""
    raw = (f"From: {sender}\r\nTo: {MODERATOR}\r\nSubject: [auction-1] orders\r\n"
           f"Message-ID: <from@players.test>\r\n\r\nBID 40\r\n").encode()
    drop(open_site.inbox, raw)
    summary = open_site.moderator().tick()
    assert (summary.rejected, summary.errors) == (1, [])
    assert pending(open_site) == {}
    assert answers_to(open_site, NORTH) == [] and open_site.sent(MALLORY) == []
    (row,) = inbound(open_site)
    assert (row["sender"], row["outcome"]) == ("", code)


def test_two_from_headers_are_several_senders(open_site):
    raw = (f"From: {MALLORY}\r\nFrom: {NORTH}\r\nTo: {MODERATOR}\r\n"
           "Subject: [auction-1] orders\r\n\r\nBID 40\r\n").encode()
    drop(open_site.inbox, raw)
    assert open_site.moderator().tick().rejected == 1
    assert inbound(open_site)[0]["outcome"] == "several-senders"
    assert open_site.sent(MALLORY) == [] and answers_to(open_site, NORTH) == []


@pytest.mark.parametrize("sender", [f"North Player <{NORTH}>", f"{NORTH} <{NORTH}>",
                                    f"NORTH@players.test <{NORTH}>", f"{NORTH} (North)",
                                    f'"Player, North" <{NORTH}>', f"<{NORTH}>"])
def test_a_plain_from_still_names_its_seat(open_site, sender):
    mail = order_mail(NORTH, "BID 40")
    del mail["From"]
    mail["From"] = sender
    drop(open_site.inbox, mail)
    assert open_site.moderator().tick().accepted == 1
    assert pending(open_site) == {"north": "BID 40"}
