"""The whole flow through real servers on loopback: players send orders by SMTP,
the moderator reads its IMAP mailbox (Dovecot) and answers by SMTP, and the
players read the answers from their own IMAP mailboxes."""

from __future__ import annotations

import smtplib

import pytest
from installation import SEATS, Installation, player
from mailservers import SmtpRelay
from players import GM, MODERATOR, order_mail, secret_in, text

from pbem.mail.text import parse_message

PASSWORD_ENV = "PBEM_TEST_IMAP_PASSWORD"


def imap_settings(dovecot, **overrides) -> dict:
    settings = {
        "host": "127.0.0.1", "port": dovecot.imap_port, "security": "starttls",
        "auth": {"user": MODERATOR, "password_env": PASSWORD_ENV},
        "ca_file": str(dovecot.cert_path), "processed_folder": "pbem-processed",
    }
    settings.update(overrides)
    return {"transport": "imap", "imap": settings}


def smtp_settings(relay, **overrides) -> dict:
    settings = {"host": "127.0.0.1", "port": relay.port, "security": "none"}
    settings.update(overrides)
    return {"transport": "smtp", "smtp": settings,
            "retry": {"first_delay_seconds": 60, "max_delay_seconds": 600, "max_attempts": 5}}


@pytest.fixture
def mailboxes(dovecot, monkeypatch):
    """The moderator's, the GM's and every player's mailbox on the Dovecot server."""
    monkeypatch.setenv(PASSWORD_ENV, "moderator-password")
    dovecot.add_user(MODERATOR, "moderator-password")
    dovecot.add_user(GM, "gm-password")
    for seat in SEATS:
        dovecot.add_user(player(seat), f"{seat}-password")
    return dovecot


def inbox(dovecot, address):
    return [parse_message(raw) for raw in dovecot.messages(address)]


def send_by_smtp(relay, mail):
    with smtplib.SMTP("127.0.0.1", relay.port) as client:
        client.send_message(mail)


def play_first_lot(site, dovecot, relay):
    secrets = {seat: secret_in(next(m for m in inbox(dovecot, player(seat))
                                    if "Welcome" in m["Subject"])) for seat in SEATS}
    for seat, bid in zip(SEATS, (14, 22, 9), strict=True):
        send_by_smtp(relay, order_mail(player(seat), f"SECRET {secrets[seat]}\nBID {bid}"))
    return site.moderator().tick()


def test_orders_by_smtp_are_read_over_imap_and_answered_by_smtp(tmp_path, mailboxes,
                                                                  smtp_relay):
    site = Installation(tmp_path, imap_settings(mailboxes), smtp_settings(smtp_relay))
    site.new_game()
    summary = play_first_lot(site, mailboxes, smtp_relay)
    assert (summary.messages, summary.accepted, summary.steps) == (3, 3, 1)
    # Three answers, the report to the winner (the one seat with a decision, pbem.digest),
    # the GM's public report.
    assert summary.sent == 3 + 1 + 1 and summary.waiting == 0
    for seat in SEATS:
        subjects = [str(m["Subject"]) for m in inbox(mailboxes, player(seat))]
        report = ["[auction-1] Step 2: Lot 1 of 2: keep or gift"] if seat == "east" else []
        assert subjects == ["[auction-1] Welcome", "[auction-1] Orders received", *report]
    report = inbox(mailboxes, player("east"))[-1]
    assert "Lot 1 is sold to east" in text(report)
    assert "public report" in text(inbox(mailboxes, GM)[-1])
    # Processed mail was moved out of the inbox, and nothing is read twice.
    assert mailboxes.messages(MODERATOR) == []
    assert len(mailboxes.messages(MODERATOR, "pbem-processed")) == 3
    again = site.moderator().tick()
    assert (again.messages, again.sent) == (0, 0)


def test_without_a_processed_folder_mail_is_flagged_and_read_incrementally(
        tmp_path, mailboxes, smtp_relay):
    settings = imap_settings(mailboxes, processed_folder=None, security="tls",
                             port=mailboxes.imaps_port)
    site = Installation(tmp_path, settings, smtp_settings(smtp_relay))
    site.new_game()
    assert play_first_lot(site, mailboxes, smtp_relay).accepted == 3
    with mailboxes.imap(MODERATOR) as client:
        client.select_folder("INBOX", readonly=True)
        flagged = client.search(["KEYWORD", "$PbemProcessed"])
        assert len(flagged) == 3
    store = site.moderator().store
    (row,) = store.all("select * from mail_sources")
    assert row["last_uid"] == max(flagged)
    assert site.moderator().tick().messages == 0
    # A rebuilt mailbox (new UIDVALIDITY) is read again; nothing is filed twice.
    store.db.execute("update mail_sources set uidvalidity = 1, last_uid = 0")
    store.db.conn.commit()
    again = site.moderator().tick()
    assert (again.messages, again.sent) == (0, 0)
    assert store.one("select count(*) as n from inbound")["n"] == 3


def test_the_moderator_logs_in_with_xoauth2_from_a_token_command(tmp_path, mailboxes,
                                                                 smtp_relay):
    mailboxes.add_oauth_token("token-from-the-provider", MODERATOR)
    settings = imap_settings(mailboxes, auth={
        "user": MODERATOR, "oauth2_token_command": "echo token-from-the-provider"})
    site = Installation(tmp_path, settings, smtp_settings(smtp_relay))
    site.new_game()
    assert play_first_lot(site, mailboxes, smtp_relay).accepted == 3


def test_a_bad_token_is_a_failed_tick_that_loses_nothing(tmp_path, mailboxes, smtp_relay):
    settings = imap_settings(mailboxes, auth={"user": MODERATOR,
                                              "oauth2_token_command": "echo expired"})
    site = Installation(tmp_path, settings, smtp_settings(smtp_relay))
    site.new_game()
    summary = play_first_lot(site, mailboxes, smtp_relay)
    assert summary.messages == 0 and summary.errors
    assert len(mailboxes.messages(MODERATOR)) == 3


def test_smtp_with_starttls_and_a_password(tmp_path, mailboxes, monkeypatch):
    monkeypatch.setenv("PBEM_TEST_SMTP_PASSWORD", "relay-secret")
    with SmtpRelay(mailboxes, auth={"user": "pbem", "password": "relay-secret"},
                   starttls=True) as relay:
        out = smtp_settings(relay, security="starttls", ca_file=str(mailboxes.cert_path),
                            auth={"user": "pbem", "password_env": "PBEM_TEST_SMTP_PASSWORD"})
        site = Installation(tmp_path, imap_settings(mailboxes), out)
        site.new_game()
        assert [str(m["Subject"]) for m in inbox(mailboxes, player("east"))] == [
            "[auction-1] Welcome"]


def test_when_smtp_is_down_mail_waits_and_goes_out_once_when_it_is_back(
        tmp_path, mailboxes, smtp_relay):
    site = Installation(tmp_path, imap_settings(mailboxes), smtp_settings(smtp_relay))
    site.new_game()
    for seat in SEATS:
        secret = secret_in(inbox(mailboxes, player(seat))[0])
        send_by_smtp(smtp_relay, order_mail(player(seat), f"SECRET {secret}\nBID 5"))
    smtp_relay.stop()
    summary = site.moderator().tick()
    assert (summary.accepted, summary.steps, summary.sent) == (3, 1, 0)
    assert summary.waiting == 5 and not summary.errors     # no report to the seats that wait
    store = site.moderator().store
    waiting = store.all("select attempts, last_error from outbox where status = 'pending'")
    assert all(row["attempts"] == 1 and "cannot reach" in row["last_error"] for row in waiting)
    smtp_relay.start()
    assert site.moderator().tick().sent == 0, "the backoff has not passed yet"
    site.clock.advance(minutes=2)
    assert site.moderator().tick().sent == 5
    site.clock.advance(hours=1)
    assert site.moderator().tick().sent == 0
    (winner,) = {prompt.seat for prompt in site.record().prompts()}
    for seat in SEATS:
        subjects = [str(m["Subject"]) for m in inbox(mailboxes, player(seat))]
        assert subjects.count("[auction-1] Orders received") == 1
        assert subjects.count("[auction-1] Step 2: Lot 1 of 2: keep or gift") == (
            1 if seat == winner else 0)


@pytest.mark.parametrize(("batch", "moves"), [(200, [[1, 2, 3]]), (2, [[1, 2], [3]])])
def test_each_fetched_batch_is_moved_to_the_processed_folder_by_one_command(
        tmp_path, mailboxes, smtp_relay, monkeypatch, batch, moves):
    """Issue 20: one IMAP MOVE per batch of messages fetched, after all of them are filed;
    a MOVE per message cost a round trip each."""
    from imapclient import IMAPClient

    from pbem.mail import sources

    monkeypatch.setattr(sources, "FETCH_BATCH", batch)
    real_move, seen = IMAPClient.move, []

    def move(client, messages, folder):
        seen.append(sorted(messages))
        return real_move(client, messages, folder)

    monkeypatch.setattr(IMAPClient, "move", move)
    site = Installation(tmp_path, imap_settings(mailboxes), smtp_settings(smtp_relay))
    site.new_game()
    summary = play_first_lot(site, mailboxes, smtp_relay)
    assert (summary.messages, summary.accepted, summary.errors) == (3, 3, [])
    first = min(uid for uids in seen for uid in uids)
    assert [[uid - first + 1 for uid in uids] for uids in seen] == moves
    assert mailboxes.messages(MODERATOR) == []
    assert len(mailboxes.messages(MODERATOR, "pbem-processed")) == 3


@pytest.mark.parametrize("secure", [False, True])
def test_the_smtp_client_writes_mail_and_rcpt_as_smtplib_does(secure, monkeypatch):
    """The client quotes each address once per process (issue 20); the commands it writes are
    smtplib's, for plain addresses, named ones, odd ones and every option."""
    from pbem.mail.sinks import client_class

    addresses = [MODERATOR, f"The GM <{GM}>", "<odd@x.test>", "", "a b@c", '"q u"@x.test']
    written = {}
    for name, made in (("ours", client_class(secure)), ("smtplib", smtplib.SMTP)):
        client = made.__new__(made)
        client.does_esmtp, client.esmtp_features = True, {"smtputf8": ""}
        lines = written[name] = []
        monkeypatch.setattr(client, "putcmd", lambda cmd, args="", lines=lines:
                            lines.append(f"{cmd} {args}"), raising=False)
        monkeypatch.setattr(client, "getreply", lambda: (250, b"ok"), raising=False)
        for address in addresses:
            for options in ((), ("size=10",), ("SMTPUTF8", "size=10")):
                assert client.mail(address, options) == (250, b"ok")
                assert client.rcpt(address, options[1:]) == (250, b"ok")
    assert written["ours"] == written["smtplib"]
    assert f"mail FROM:<{GM}> size=10" in written["ours"]
