"""The whole flow over local Maildirs: welcome, orders, answers, resolution, reports."""

from __future__ import annotations

import json

import pytest
from installation import SEATS, Installation, player
from players import GM, drop, order_mail, text

from pbem.game import replay
from pbem.moderator import TickSummary


@pytest.fixture
def site(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    return site


def send(site, seat, body, subject="[auction-1] orders", secret=True, **kwargs):
    lines = [f"SECRET {site.secret(seat)}"] if secret else []
    mail = order_mail(player(seat), "\n".join([*lines, body]), subject=subject, **kwargs)
    drop(site.inbox, mail)
    return mail


def tick(site) -> TickSummary:
    return site.moderator().tick()


def latest(site, seat, word):
    return [m for m in site.sent(player(seat)) if word in str(m["Subject"])][-1]


def test_each_seat_gets_a_welcome_with_its_secret_and_an_order_template(site):
    for seat in SEATS:
        welcome = latest(site, seat, "Welcome")
        body = text(welcome)
        assert f"You play {seat}" in body
        assert "BID 0" in body and f"GAME auction-1\nSECRET {site.secret(seat)}" in body
        assert str(welcome["Subject"]).startswith("[auction-1]")
        assert welcome["X-PBEM-Loop"] == "moderator@pbem.test"


def test_orders_are_answered_at_once_with_their_canonical_reading(site):
    sent = send(site, "north", "bid   17")
    summary = tick(site)
    assert (summary.messages, summary.accepted, summary.steps) == (1, 1, 0)
    answer = latest(site, "north", "Orders received")
    assert answer["In-Reply-To"] == sent["Message-ID"]
    body = text(answer)
    assert "Read from your mail:\n  BID 17" in body
    assert "Waiting for: east, south." in body
    assert "SECRET" in body and "BID 17" in body.split("Order template:")[1]


def test_a_bad_line_is_quoted_with_the_reason_and_the_good_lines_are_kept(site):
    send(site, "north", "BID 5\nBUY lot 2\nBID 500")
    tick(site)
    body = text(latest(site, "north", "Orders received"))
    assert "line 3: BUY lot 2" in body
    assert "line 4: BID 500" in body and "BID 0 to 100" in body
    assert "Your orders now standing for this step:\n  BID 5" in body


def test_the_latest_order_replaces_the_earlier_one_and_is_echoed(site):
    send(site, "north", "BID 5")
    tick(site)
    send(site, "north", "BID 9")
    tick(site)
    body = text(latest(site, "north", "Orders received"))
    assert "Your orders now standing for this step:\n  BID 9" in body
    assert "BID 5" not in body


def test_when_all_orders_are_in_the_step_resolves_and_every_seat_gets_a_report(site):
    """With SET DIGEST OFF even the seats with nothing to decide next get it."""
    for seat, bid in zip(SEATS, (10, 30, 20), strict=True):
        send(site, seat, f"BID {bid}\nSET DIGEST OFF")
    summary = tick(site)
    assert summary.steps == 1
    for seat in SEATS:
        report = latest(site, seat, "keep or gift")
        assert "Lot 1 is sold to east" in text(report) and "for 30 coins." in text(report)
    gm_copy = [m for m in site.sent(GM)][-1]
    assert "public report" in text(gm_copy)
    assert "(secret)" not in text(gm_copy).split("==")[1]
    assert "KEEP" in text(latest(site, "east", "keep or gift"))
    assert "Nothing for you to decide now; waiting for: east." in text(
        latest(site, "north", "keep or gift"))


def test_a_whole_game_replays_from_its_log_to_the_stored_state(site):
    for seat, bid in zip(SEATS, (10, 30, 20), strict=True):
        send(site, seat, f"BID {bid}")
    tick(site)
    send(site, "east", "GIFT north")
    tick(site)
    for seat in SEATS:
        send(site, seat, "PASS")
    tick(site)
    record = site.record()
    prompts = record.prompts()
    send(site, prompts[0].seat, "KEEP")
    tick(site)
    record = site.record()
    assert record.finished and json.loads(record.row["result"])["winners"]
    store = site.moderator().store
    batches = [json.loads(row["orders"]) for row in store.decisions("auction-1")]
    rebuilt = replay(record.rules, "standard", {"lots": 2}, list(SEATS), "fixed", batches)
    assert rebuilt == record.state
    send(site, "north", "BID 1")
    tick(site)
    assert "is over" in text(site.sent(player("north"))[-1])


def test_after_the_deadline_missing_orders_get_their_defaults(site):
    send(site, "north", "BID 10")
    tick(site)
    assert tick(site).steps == 0
    summaries = site.cron(hours=49)
    assert [s.steps for s in summaries].index(1) == 48 * 2 - 1   # the tick at 48 hours
    assert sum(s.steps for s in summaries) == 1
    report = latest(site, "north", "keep or gift")      # the winner, who decides next
    assert "No orders from east for bid by the deadline" in text(report)
    store = site.moderator().store
    decision = store.decisions("auction-1")[0]
    assert sorted(json.loads(decision["defaulted"])) == ["lot1.bid.east", "lot1.bid.south"]


def test_a_wrong_secret_is_answered_to_the_registered_address_not_the_sender(site):
    mail = order_mail("intruder@evil.test", "SEAT north\nSECRET guessed\nBID 99")
    drop(site.inbox, mail)
    summary = tick(site)
    assert summary.rejected == 1
    assert site.sent("intruder@evil.test") == []
    warning = site.sent(player("north"))[-1]
    assert "wrong" in text(warning) and "intruder@evil.test" in text(warning)
    assert site.moderator().store.pending("auction-1", 0) == {}


def test_a_wrong_secret_from_the_registered_address_is_not_filed(site):
    drop(site.inbox, order_mail(player("north"), "SECRET nope\nBID 99"))
    tick(site)
    assert "wrong secret" in text(site.sent(player("north"))[-1])
    assert site.moderator().store.pending("auction-1", 0) == {}


def test_the_game_may_be_named_on_a_game_line_instead_of_the_subject(site):
    send(site, "south", "GAME auction-1\nBID 3", subject="my bid")
    assert tick(site).accepted == 1


def test_mail_naming_no_game_or_an_unknown_game_is_answered_with_the_senders_games(site):
    drop(site.inbox, order_mail(player("south"), "BID 3", subject="hello"))
    drop(site.inbox, order_mail(player("south"), "BID 3", subject="[auction-9] bid"))
    summary = tick(site)
    assert summary.rejected == 2
    answers = [text(m) for m in site.sent(player("south"))[-2:]]
    assert "names no game" in answers[0] and "auction-1" in answers[0]
    assert 'no game called "auction-9"' in answers[1]


def test_a_stranger_is_told_the_address_is_not_a_player(site):
    drop(site.inbox, order_mail("stranger@else.test", "BID 3"))
    tick(site)
    assert "plays, runs and watches no game here" in " ".join(
        text(site.sent("stranger@else.test")[-1]).split())


def test_auto_replies_bounces_and_our_own_mail_are_archived_and_never_answered(site):
    vacation = order_mail(player("north"), "I am away until Monday.", subject="Out of office")
    vacation["Auto-Submitted"] = "auto-replied"
    drop(site.inbox, vacation)
    drop(site.inbox, order_mail("MAILER-DAEMON@mx.players.test", "Delivery failed"))
    own = site.sent(player("east"))[0]
    drop(site.inbox, own)
    before = len(site.sent())
    summary = tick(site)
    assert summary.ignored == 3
    assert len(site.sent()) == before
    rows = site.moderator().store.all("select status, outcome from inbound order by id")
    assert [row["status"] for row in rows] == ["ignored"] * 3


def test_every_message_is_archived_raw_and_a_repeat_is_filed_once(site):
    mail = send(site, "north", "BID 4")
    drop(site.inbox, mail)
    summary = tick(site)
    assert summary.messages == 1
    row = site.moderator().store.one("select raw, status from inbound")
    assert row["raw"] == mail.as_bytes() and row["status"] == "processed"
    assert len([m for m in site.sent(player("north")) if "Orders received" in m["Subject"]]) == 1


def test_the_address_policy_needs_no_secret_and_the_secret_policy_no_address(tmp_path):
    site = Installation(tmp_path)
    site.new_game("open-1", auth="address")
    site.new_game("secret-1", auth="secret")
    drop(site.inbox, order_mail(player("north"), "BID 2", subject="[open-1] bid"))
    drop(site.inbox, order_mail("north.elsewhere@other.test",
                                f"SECRET {site.secret('north', 'secret-1')}\nBID 2",
                                subject="[secret-1] bid"))
    assert tick(site).accepted == 2
    store = site.moderator().store
    assert list(store.pending("open-1", 0)) == ["lot1.bid.north"]
    assert list(store.pending("secret-1", 0)) == ["lot1.bid.north"]


def test_a_seat_never_sees_another_seats_valuations_or_bids_before_the_reveal(site):
    """Secrecy: every mail to a seat is checked for other seats' hidden cards and
    for bids that were not yet revealed."""
    record = site.record()
    for seat, bid in zip(SEATS, (11, 37, 23), strict=True):
        send(site, seat, f"BID {bid}")
        tick(site)
        if seat != SEATS[-1]:
            for other in SEATS:
                if other != seat:
                    for mail in site.sent(player(other)):
                        assert f"BID {bid}" not in text(mail), (other, bid)
    state = record.state
    for seat in SEATS:
        private = state["valuations"][seat] if "valuations" in state else None
        assert private is not None
        own_lines = {f"Lot {n + 1}: {v:>2}" for n, v in enumerate(private)}
        for other in SEATS:
            if other == seat:
                continue
            theirs = {f"Lot {n + 1}: {v:>2}" for n, v in
                      enumerate(state["valuations"][other])}
            for mail in site.sent(player(seat)):
                body = text(mail)
                leaked = [line for line in theirs - own_lines if line in body]
                assert not leaked, (seat, other, leaked)


def test_one_game_is_one_conversation_for_each_seat(site):
    """Every mail to a seat refers to its welcome, so mail clients thread them."""
    send(site, "north", "BID 3")
    tick(site)
    welcome, *later = site.sent(player("north"))
    assert later
    for mail in later:
        assert welcome["Message-ID"] in mail["References"].split()


def test_a_message_over_the_size_limit_is_archived_and_its_sender_told(tmp_path):
    site = Installation(tmp_path, mail_in={"transport": "maildir", "max_message_bytes": 2000,
                                           "maildir": {"path": str(tmp_path / "inbox")}})
    site.new_game()
    drop(site.inbox, order_mail(player("north"), f"SECRET {site.secret('north')}\nBID 3\n"
                                + "padding line\n" * 300))
    assert tick(site).rejected == 1
    assert "too large" in text(site.sent(player("north"))[-1])
    row = site.moderator().store.one("select status, outcome, size from inbound")
    assert (row["status"], row["outcome"]) == ("rejected", "too-large") and row["size"] > 2000


def test_each_message_is_parsed_once_in_the_tick_that_files_it(site, monkeypatch):
    """Archived and filed in the same tick, a message is parsed once: its envelope and its
    filing read the same parsed message (issue 20)."""
    import email

    for seat, bid in (("north", 3), ("east", 2)):
        send(site, seat, f"BID {bid}")
    parsed = []
    parse = email.message_from_bytes
    monkeypatch.setattr(email, "message_from_bytes",
                        lambda raw, **kwargs: parsed.append(raw) or parse(raw, **kwargs))
    summary = tick(site)
    assert summary.accepted == 2 and len(parsed) == 2
    assert all(b"BID" in raw for raw in parsed)   # each one whole, not its headers alone
