"""Smoke tests: the loopback Dovecot and SMTP relay really carry mail."""

import smtplib
import socket
from email.message import EmailMessage

import pytest
from imapclient import IMAPClient
from imapclient.exceptions import LoginError
from mailservers import Dovecot, SmtpRelay, process_group

NORTH = "north@players.test"


def message(subject: str, to: str = NORTH) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "moderator@pbem.test"
    msg["To"] = to
    msg["Subject"] = subject
    msg.set_content("Orders for turn 1.\n")
    return msg


def subjects(dc: Dovecot, address: str) -> list[str]:
    return [
        line.split(b":", 1)[1].strip().decode()
        for raw in dc.messages(address)
        for line in raw.splitlines()
        if line.startswith(b"Subject:")
    ]


def test_smtp_to_imap_over_plain_starttls_and_imaps(dovecot, smtp_relay):
    dovecot.add_user(NORTH, "dune")
    with smtplib.SMTP("127.0.0.1", smtp_relay.port) as smtp:
        smtp.send_message(message("Turn 1"))
    assert smtp_relay.accepted == 1
    assert subjects(dovecot, NORTH) == ["Turn 1"]
    for tls in ("plain", "starttls", "imaps"):
        with dovecot.imap(NORTH, tls=tls) as client:
            client.select_folder("INBOX", readonly=True)
            (uid,) = client.search("ALL")
            body = client.fetch([uid], ["BODY.PEEK[]"])[uid][b"BODY[]"]
            assert b"Orders for turn 1." in body
            if tls != "plain":
                assert client.socket().version().startswith("TLS")


def test_deliver_and_folders(dovecot):
    dovecot.add_user(NORTH, "dune")
    dovecot.deliver(NORTH, message("Direct").as_bytes())
    assert subjects(dovecot, NORTH) == ["Direct"]
    assert dovecot.folders(NORTH) == ["INBOX"]
    with pytest.raises(smtplib.SMTPRecipientsRefused):
        dovecot.deliver("nobody@players.test", b"Subject: x\r\n\r\nx\r\n")


def test_unknown_recipient_is_refused_by_relay(dovecot, smtp_relay):
    dovecot.add_user(NORTH, "dune")
    with smtplib.SMTP("127.0.0.1", smtp_relay.port) as smtp:
        refused = smtp.sendmail("m@pbem.test", [NORTH, "ghost@players.test"], b"Subject: x\r\n\r\n")
    assert refused["ghost@players.test"][0] == 550
    assert smtp_relay.accepted == 1
    assert len(dovecot.messages(NORTH)) == 1


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
@pytest.mark.parametrize("starttls", [True, False])
def test_relay_with_auth(dovecot, starttls):
    dovecot.add_user(NORTH, "dune")
    with SmtpRelay(dovecot, auth={"user": "gm", "password": "s3cret"}, starttls=starttls) as relay:
        with smtplib.SMTP("127.0.0.1", relay.port) as smtp:
            if starttls:
                smtp.starttls(context=dovecot.ssl_context())
            with pytest.raises(smtplib.SMTPSenderRefused) as exc:
                smtp.send_message(message("no auth"))
            assert exc.value.smtp_code == 530
            with pytest.raises(smtplib.SMTPAuthenticationError) as exc:
                smtp.login("gm", "wrong")
            assert exc.value.smtp_code == 535
            smtp.login("gm", "s3cret")
            smtp.send_message(message("with auth"))
        assert relay.accepted == 1
    assert subjects(dovecot, NORTH) == ["with auth"]


def test_xoauth2_login(dovecot):
    dovecot.add_user(NORTH, "dune")
    dovecot.add_user("south@players.test", "arrakis")
    dovecot.add_oauth_token("good-token", NORTH)
    with IMAPClient("127.0.0.1", dovecot.imap_port, ssl=False) as client:
        assert b"AUTH=XOAUTH2" in client.capabilities()
        client.oauth2_login(NORTH, "good-token")
        assert client.select_folder("INBOX")[b"EXISTS"] == 0
    with IMAPClient("127.0.0.1", dovecot.imaps_port, ssl_context=dovecot.ssl_context()) as client:
        client.oauthbearer_login(NORTH, "good-token")
    for user, token in [(NORTH, "bad-token"), ("south@players.test", "good-token")]:
        client = IMAPClient("127.0.0.1", dovecot.imap_port, ssl=False)
        with client, pytest.raises(LoginError):
            client.oauth2_login(user, token)


def test_relay_stop_and_start_on_same_port(dovecot, smtp_relay):
    dovecot.add_user(NORTH, "dune")
    port = smtp_relay.port
    smtp_relay.stop()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=2)
    smtp_relay.start()
    assert smtp_relay.port == port
    with smtplib.SMTP("127.0.0.1", port) as smtp:
        smtp.send_message(message("after restart"))
    assert smtp_relay.accepted == 1
    assert subjects(dovecot, NORTH) == ["after restart"]


def test_dovecot_stops_without_leftovers(tmp_path):
    with Dovecot(tmp_path) as dc:
        dc.add_user(NORTH, "dune")
        dc.deliver(NORTH, b"Subject: x\r\n\r\nx\r\n")
        assert len(process_group(dc.pid)) >= 4  # master, log, config, anvil, lmtp...
    assert process_group(dc.pid) == []
    for port in (dc.imap_port, dc.imaps_port, dc.lmtp_port):
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", port), timeout=2)


def test_a_relay_whose_port_was_taken_meanwhile_listens_on_another(dovecot):
    """Another test's server may bind the port free_port() found before the relay does."""
    dovecot.add_user(NORTH, "dune")
    relay = SmtpRelay(dovecot)
    taken = relay.port
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", taken))
        squatter.listen()
        with relay:
            assert relay.port != taken
            with smtplib.SMTP("127.0.0.1", relay.port) as smtp:
                smtp.send_message(message("moved"))
    assert subjects(dovecot, NORTH) == ["moved"]


def test_a_dovecot_whose_port_was_taken_meanwhile_starts_on_others(tmp_path, monkeypatch):
    """The first ports handed out are already listened on: Dovecot starts on the next ones."""
    import mailservers

    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        handed = []
        real = mailservers.free_ports

        def first_taken(count):
            ports = real(count)
            if not handed:
                ports[0] = taken
            handed.append(ports)
            return ports

        monkeypatch.setattr(mailservers, "free_ports", first_taken)
        with Dovecot(tmp_path / "dc") as dc:
            assert len(handed) == 2 and dc.imap_port != taken
            dc.add_user(NORTH, "dune")
            dc.deliver(NORTH, message("Direct").as_bytes())
            assert subjects(dc, NORTH) == ["Direct"]
