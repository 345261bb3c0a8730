"""Player commands by mail, end to end: a player's mail dropped into the moderator's Maildir
(or sent through real SMTP and IMAP servers), a tick, and the mail the players get back
(docs/commands.md)."""

from __future__ import annotations

import json
from email.utils import make_msgid

import pytest
import test_flow_imap_smtp
from installation import SEATS, Installation, player
from players import GM, drop, order_mail, secret_in, text
from test_flow_imap_smtp import imap_settings, inbox, send_by_smtp, smtp_settings

from pbem.definition import GameFileError, create_game, game_definition
from pbem.games.auction.table import view
from pbem.mail.text import parse_message

NORA = "Nora Northcott"             # north's player, in the games with player names
mailboxes = test_flow_imap_smtp.mailboxes   # the real servers' fixture, shared


@pytest.fixture
def site(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    return site


def named_game(site, **settings):
    """An auction whose seats have player names, as a GM's game file would give them."""
    names = {"north": NORA, "east": "Erin East", "south": "Sam South"}
    definition = game_definition({
        "id": "auction-1", "game": "auction", "seed": "fixed", "options": {"lots": 2},
        "seats": [{"seat": s, "address": player(s), "player": names[s]} for s in SEATS],
        **settings})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()


def dune_game(site, ruleset, seats):
    """A game of Dune whose seats are known by their addresses."""
    definition = game_definition({
        "id": "dune-1", "game": "dune", "ruleset": ruleset, "seed": "commands",
        "auth": "address", "seats": [{"seat": s, "address": player(s)} for s in seats]})
    moderator = site.moderator()
    record = create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()
    return record


def send(site, seat, body, **kwargs):
    """A player's mail with the seat's secret, dropped into the moderator's inbox."""
    mail = order_mail(player(seat), f"SECRET {site.secret(seat)}\n{body}", **kwargs)
    drop(site.inbox, mail)
    return mail


def tick(site):
    summary = site.moderator().tick()
    assert not summary.errors, summary.errors
    return summary


def mails(site, seat, subject):
    """The mails a seat got with this subject (the game tag left out)."""
    return [m for m in site.sent(player(seat)) if m["Subject"] == f"[auction-1] {subject}"]


def answer(site, seat):
    """The text of the last answer to the seat's mail."""
    return text(mails(site, seat, "Orders received")[-1])


def flat(body):
    """A mail's text with its lines wrapped again into one."""
    return " ".join(body.split())


def store(site):
    return site.moderator().store


def mark_secrets(site, game_id="auction-1"):
    """Give east and south valuations no other number in a mail could be: north must never
    see them."""
    state = site.record(game_id).state
    state["valuations"]["east"] = [987654, 876543]
    state["valuations"]["south"] = [765432, 654321]
    with store(site).atomic() as db:
        db.db["games"].update(game_id, {"state": json.dumps(state, sort_keys=True)})
    return ["987654", "876543", "765432", "654321", site.secret("east"), site.secret("south")]


def play_lot_one(site):
    """Everyone bids on lot 1 (east wins); the lot is sold."""
    for seat, bid in zip(SEATS, (4, 9, 2), strict=True):
        send(site, seat, f"BID {bid}")
    assert tick(site).steps == 1


# --- HELP, STATUS, ORDERS


def test_help_shows_each_open_prompt_its_legal_choices_and_an_order_line(site):
    send(site, "north", "HELP")
    tick(site)
    body = answer(site, "north")
    assert ("Orders open to you now:\n  bid: BID 0 to 100\n"
            "    secret: nobody sees it before the step resolves\n"
            "    for example: BID 0\n    if you send nothing: BID 0\n") in body
    for usage in ("STATUS:", "ORDERS:", "HISTORY [n]:", "WAIT:", "NOWAIT:", "PRESS [ANON]",
                  "DEAL <text>:", "BRIBE <text>:", "SET [TIMEZONE", "ABSENCE <from"):
        assert usage in body


def test_help_in_a_game_of_dune_gives_the_phases_order_lines(tmp_path):
    site = Installation(tmp_path)
    record = dune_game(site, "classic", ["atreides", "bene-gesserit", "fremen"])
    drop(site.inbox, order_mail(player("bene-gesserit"), "HELP", subject="[dune-1] help"))
    tick(site)
    body = text(site.sent(player("bene-gesserit"))[-1])
    for prompt in record.prompts():
        if prompt.seat == "bene-gesserit":
            assert f"  {prompt.kind}: {prompt.legal}\n" in body
            assert f"    for example: {prompt.template}\n" in body


def test_status_mails_my_view_and_prompts_again_and_nothing_of_the_others(site):
    secrets = mark_secrets(site)
    send(site, "north", "BID 7\nSTATUS")
    tick(site)
    assert "Your status follows in a mail of its own" in answer(site, "north")
    (status,) = mails(site, "north", "Status: Step 1: Lot 1 of 2: bidding")
    body = text(status)
    north = view(site.record().state, "north")
    assert "Your valuations (secret):" in body
    assert all(f"Lot {n}: {v:2d}" in body for n, v in enumerate(north["valuations"], 1))
    assert f"SECRET {site.secret('north')}\nBID 7" in body, "the template has my standing order"
    assert "== What happened ==" not in body
    assert not [s for s in secrets if s in status.as_string()]
    assert mails(site, "east", "Status: Lot 1 of 2: bidding") == []


def test_orders_lists_each_decision_with_its_standing_order_or_its_default(site):
    send(site, "north", "ORDERS")
    tick(site)
    assert ("Your orders for this step (Lot 1 of 2: bidding):\n"
            "  bid: none yet; if you send nothing: BID 0") in answer(site, "north")
    send(site, "north", "ORDERS\nBID 12")
    tick(site)
    assert "Your orders for this step (Lot 1 of 2: bidding):\n  bid: BID 12" in answer(
        site, "north")
    send(site, "east", "BID 30")
    send(site, "south", "BID 1")
    tick(site)
    send(site, "north", "ORDERS")
    tick(site)
    assert ("You have no decision to make in this step (Lot 1 of 2: keep or gift)."
            in answer(site, "north"))


# --- HISTORY


def test_history_lists_my_reports_and_resends_one_in_my_thread(site):
    secrets = mark_secrets(site)
    send(site, "north", "SET DIGEST OFF")       # a report after every step, news or not
    tick(site)
    play_lot_one(site)
    send(site, "east", "KEEP")
    tick(site)
    send(site, "north", "HISTORY")
    tick(site)
    listing = answer(site, "north")
    assert ("Reports sent to you, by turn, the last on Sun 22 Nov 2026 12:00 GMT (HISTORY n "
            "sends report n again):") in " ".join(listing.split())
    assert "  Lot 1 of 2: keep or gift (1)\n  Lot 2 of 2: bidding (2)\n" in listing
    first = mails(site, "north", "Step 2: Lot 1 of 2: keep or gift")[0]
    send(site, "north", "HISTORY 1")
    tick(site)
    again = mails(site, "north", "Step 2: Lot 1 of 2: keep or gift")
    assert len(again) == 2
    copy = again[-1]
    assert text(copy) == text(first)
    assert copy["Message-ID"] != first["Message-ID"]
    thread = store(site).seat("auction-1", "north")["thread_id"]
    assert thread in copy["References"] and copy["To"] == player("north")
    assert not [s for s in secrets if s in copy.as_string() or s in listing]
    assert len(mails(site, "east", "Step 2: Lot 1 of 2: keep or gift")) == 1, "nobody else gets it"
    send(site, "north", "HISTORY 3")
    tick(site)
    assert "expected a report number from 1 to 2, not '3'" in answer(site, "north")


# --- WAIT and NOWAIT


def test_wait_holds_a_step_with_every_order_in_until_its_deadline(tmp_path):
    site = Installation(tmp_path)
    site.new_game(deadlines={"hours": 24})
    send(site, "north", "WAIT\nBID 3")
    send(site, "east", "BID 4")
    send(site, "south", "BID 5")
    assert tick(site).steps == 0
    assert "You asked this step to wait until its deadline" in answer(site, "north")
    assert json.loads(store(site).one("select waits from deadlines")["waits"]) == ["north"]
    others = answer(site, "south")
    assert "This step waits until its deadline, even once every order is in." in others
    assert "You asked" not in others
    steps = [s.steps for s in site.cron(hours=24)]
    assert steps.index(1) == 24 * 2 - 1 and sum(steps) == 1, "it resolves at the deadline"
    assert json.loads(store(site).decisions("auction-1")[0]["defaulted"]) == []


def test_nowait_withdraws_the_wait_and_the_step_resolves_once_all_is_in(tmp_path):
    site = Installation(tmp_path)
    site.new_game(deadlines={"hours": 24})
    send(site, "north", "WAIT")
    tick(site)
    send(site, "north", "NOWAIT\nBID 3")
    send(site, "east", "BID 4")
    send(site, "south", "BID 5")
    assert tick(site).steps == 1
    assert "You no longer ask this step to wait" in answer(site, "north")
    assert "waits until its deadline" not in answer(site, "south")


# --- PRESS, DEAL and BRIBE


def relays(site, seat, subject):
    return mails(site, seat, subject)


def test_press_goes_to_the_seats_named_in_their_threads_with_the_sender_named(site):
    sent = send(site, "north", "PRESS east, SOU Shall we leave lot 2 to each other?")
    tick(site)
    assert "Press relayed to east, south: Shall we leave lot 2" in answer(site, "north")
    for seat in ("east", "south"):
        (relay,) = relays(site, seat, "Press from north")
        body = text(relay)
        assert body.startswith("Press from north to east, south:\n\n"
                               "Shall we leave lot 2 to each other?\n")
        assert 'To answer, send the moderator a line "PRESS north <your text>"' in body
        assert relay["To"] == player(seat) and relay["From"] == "Test Moderator " \
            "<moderator@pbem.test>"
        thread = store(site).seat("auction-1", seat)["thread_id"]
        assert relay["In-Reply-To"] == thread
        assert sent["Message-ID"] not in relay.as_string()
        assert "valuations" not in body and "Coins" not in body, "no game state"
    assert relays(site, "north", "Press from north") == []
    (row,) = store(site).all("select * from press")
    assert (row["sender"], json.loads(row["recipients"]), row["anonymous"]) == (
        "north", ["east", "south"], 0)


def test_press_to_all_reaches_every_seat(site):
    send(site, "south", "PRESS ALL Good luck, everyone")
    tick(site)
    for seat in SEATS:
        (relay,) = relays(site, seat, "Press from south")
        assert "Press from south to every seat:\n\nGood luck, everyone" in text(relay)


def test_anonymous_press_never_tells_the_sender(tmp_path):
    site = Installation(tmp_path)
    named_game(site, press="anonymous")
    own_id = make_msgid(domain="nora.example")
    mail = order_mail(f"{NORA} <{player('north')}>",
                      f"SECRET {site.secret('north')}\nPRESS ANON east Beware of south.\n"
                      "PRESS ANON ALL Someone here bids high.\n\n"
                      "On Sun, Nov 22, Test Moderator wrote:\n> quoted report",
                      subject="[auction-1] plotting as Nora", message_id=own_id)
    mail["X-Mailer"] = "Nora's mailer"
    drop(site.inbox, mail)
    tick(site)
    assert "Press relayed anonymously to east: Beware of south." in answer(site, "north")
    to_east = relays(site, "east", "Anonymous press")
    assert len(to_east) == 2
    assert text(to_east[0]).startswith("Anonymous press to you:\n\nBeware of south.\n")
    assert "Anonymous press to every seat:\n\nSomeone here bids high." in text(to_east[1])
    relayed = to_east + relays(site, "south", "Anonymous press")
    assert len(relayed) == 3
    for message in relayed:
        whole = message.as_string().lower()
        for clue in ("north", "nora", "northcott", own_id.lower(), "plotting", "mailer",
                     "quoted report"):
            assert clue not in whole, (clue, message["Subject"])
    (own_copy,) = relays(site, "north", "Anonymous press")
    assert text(own_copy) == text(to_east[1]), "to ALL, the sender's copy is the same"
    rows = store(site).all("select * from press order by id")
    assert [(r["sender"], r["anonymous"]) for r in rows] == [("north", 1), ("north", 1)]


@pytest.mark.parametrize("press,line,reason", [
    ("named", "PRESS ANON east hello", "this game has no anonymous press"),
    ("none", "PRESS east hello", "this game has no press between players"),
    ("named", "PRESS west hello", "no seat 'west' in this game; seats: north, east, south"),
    ("named", "PRESS east,north hello", "you cannot send press to yourself"),
    ("named", "PRESS east", "expected the seats to write to, then the message"),
])
def test_press_the_game_does_not_allow_is_refused_and_relays_nothing(tmp_path, press, line,
                                                                      reason):
    site = Installation(tmp_path)
    site.new_game(press=press)
    send(site, "north", line)
    tick(site)
    assert reason in answer(site, "north")
    assert [m["Subject"] for m in site.sent(player("east"))] == ["[auction-1] Welcome"]
    assert store(site).all("select * from press") == []


def test_a_game_file_names_its_press(tmp_path):
    with pytest.raises(GameFileError) as caught:
        game_definition({"id": "x", "game": "auction", "seats": [], "press": "loud"})
    assert "press: expected one of named, anonymous, none, got 'loud'" in caught.value.problems


@pytest.mark.parametrize("word", ["DEAL", "BRIBE"])
def test_a_deal_or_bribe_is_declared_to_every_seat_and_the_gm(site, word):
    send(site, "north", f"{word} north gives east 10 coins if east gifts lot 1 to north")
    tick(site)
    kind = word.lower()
    assert f"Your {kind} is declared to every seat and the GM." in answer(site, "north")
    subject = f"[auction-1] {kind.capitalize()} declared by north"
    for address in [*map(player, SEATS), GM]:
        (declared,) = [m for m in site.sent(address) if m["Subject"] == subject]
        assert (f"north declares a {kind}, made public to every seat:\n\n"
                "north gives east 10 coins if east gifts lot 1 to north") in text(declared)
    (row,) = store(site).all("select * from press")
    assert row["text"].startswith(f"{word} north gives") and row["anonymous"] == 0


def test_one_mail_of_many_press_deal_and_status_lines_is_held_to_its_limits(site):
    """D6: 100 DEAL lines, 100 PRESS ALL lines and 100 STATUS lines in one mail (the
    defaults: 5 press lines and 3 replies per mail)."""
    queued = len(store(site).all("select id from outbox"))
    lines = ([f"DEAL north gives east {n} coins" for n in range(100)]
             + [f"PRESS ALL hello {n}" for n in range(100)] + ["STATUS"] * 100)
    send(site, "north", "\n".join(lines))
    tick(site)
    kinds = [row["kind"] for row in store(site).all("select kind from outbox order by id")[queued:]]
    assert sorted(kinds) == sorted(["deal"] * 5 * 4 + ["status"] * 3 + ["acknowledgement"])
    body = answer(site, "north")
    assert body.count("\n  line ") == 2, "one refusal for each limit passed"
    assert ("line 7: DEAL north gives east 5 coins at most 5 PRESS, DEAL and BRIBE lines "
            "in one mail: this line and 194 more like it were not done") in flat(body)
    assert ("line 205: STATUS at most 3 STATUS, HISTORY and STANDINGS lines in one "
            "mail: this line and 96 more like it were not done") in flat(body)


def test_press_a_seat_sends_in_a_day_is_held_to_the_daily_limit_until_midnight(tmp_path):
    """D6: a day is a calendar day in the installation's time zone, on its clock."""
    site = Installation(tmp_path, mail_in={
        "transport": "maildir", "maildir": {"path": str(tmp_path / "inbox")},
        "rate_limit": {"messages": 10**9}, "command_limits": {"press_per_day": 6}})
    site.new_game()
    send(site, "north", "\n".join(f"PRESS east morning {n}" for n in range(5)))
    tick(site)
    site.clock.advance(hours=11, minutes=59)     # 23:59 in London
    send(site, "north", "PRESS east evening 1\nDEAL evening 2\nPRESS east evening 3")
    tick(site)
    assert len(relays(site, "east", "Press from north")) == 6
    assert ("line 3: DEAL evening 2 at most 6 PRESS, DEAL and BRIBE lines a day "
            "(Europe/London time): this line and 1 more like it were not done; send again "
            "tomorrow") in flat(answer(site, "north"))
    site.clock.advance(minutes=1)                # midnight: a new day
    send(site, "north", "PRESS east the next day")
    tick(site)
    assert len(relays(site, "east", "Press from north")) == 7


def test_the_limits_read_a_days_use_only_for_the_budgets_a_mail_spends(site):
    """D6: a mail of orders alone reads neither the day's press nor the day's answers; a
    mail with PRESS reads the press alone (issue 20: two queries a mail saved)."""
    moderator = site.moderator()
    statements: list[str] = []
    moderator.store.conn.set_trace_callback(statements.append)
    send(site, "north", "BID 3")
    moderator.tick()
    send(site, "east", "BID 4\nPRESS north hello")
    moderator.tick()
    moderator.store.conn.set_trace_callback(None)
    press = [sql for sql in statements if "from press where" in sql]
    answers = [sql for sql in statements if "from outbox where lower(recipients)" in sql]
    assert (len(press), answers) == (1, [])
    assert len(relays(site, "north", "Press from east")) == 1


def test_in_a_wbc_game_of_dune_the_answer_says_when_spice_changes_hands(tmp_path):
    site = Installation(tmp_path)
    dune_game(site, "wbc", ["atreides", "harkonnen"])
    drop(site.inbox, order_mail(player("atreides"), "BRIBE 5 spice to the Harkonnen",
                                subject="[dune-1] bribe"))
    tick(site)
    body = text(site.sent(player("atreides"))[-1])
    assert "Your bribe is declared to every seat and the GM." in body
    assert "only in a future spice collection round" in body


# --- SET


def test_set_timezone_shows_my_deadlines_in_that_zone(site):
    send(site, "north", "SET TIMEZONE america/new_york")
    tick(site)
    body = answer(site, "north")
    assert "Deadlines are shown to you in America/New_York now; this step's is " in body
    assert "Deadline: Tue 24 Nov 2026 07:00 EST (12:00 UTC)" in body
    assert store(site).seat("auction-1", "north")["timezone"] == "America/New_York"
    send(site, "north", "SET TIMEZONE Mars/Olympus_Mons")
    tick(site)
    assert "unknown time zone 'Mars/Olympus_Mons'" in answer(site, "north")


def test_set_format_is_kept_though_only_text_exists_and_set_lists_my_settings(site):
    send(site, "north", "SET FORMAT html\nSET")
    tick(site)
    body = answer(site, "north")
    assert "Only plain text mail exists so far" in body
    assert ("Your settings:\n  TIMEZONE none: the game's, Europe/London\n  FORMAT html\n"
            "  DIGEST ON\n  MAP PNG\n  STANDING none\n  ABSENCE none") in body
    preferences = store(site).seat("auction-1", "north")["preferences"]
    assert json.loads(preferences) == {"format": "html"}
    send(site, "north", "SET FORMAT pdf\nSET COLOUR blue")
    tick(site)
    body = answer(site, "north")
    assert "expected SET FORMAT text or SET FORMAT html" in body
    assert "line 3: SET COLOUR blue" in body


def test_standing_orders_answer_the_decisions_of_the_kinds_they_name(site):
    """SET STANDING <kind> <order>: filed for the seat whenever a decision of that kind opens;
    orders sent replace them; <kind> NONE clears one, NONE all; with no kind it is refused,
    naming the kinds (the issue's P1: a standing PASS answered every decision)."""
    send(site, "north", "SET STANDING PASS")
    tick(site)
    body = answer(site, "north")
    assert "line 2: SET STANDING PASS" in body and "name the kind of decision" in body
    assert "BID" in body and "KEEP" in body
    send(site, "north", "SET STANDING BID PASS\nSET STANDING KEEP")
    tick(site)
    body = " ".join(answer(site, "north").split())
    assert "Standing order for BID: PASS. It answers: bid (your sealed bid on each lot)" in body
    assert "Standing order for KEEP: KEEP. It answers: keep (whether you keep" in body
    pending = store(site).pending("auction-1", 0)
    assert pending["lot1.bid.north"]["text"] == "BID 0"
    for seat in ("east", "south"):
        send(site, seat, "BID 0")
    tick(site)                                   # all bid 0: the tie is broken by the seed
    record = site.record()
    mine = [p for p in record.prompts() if p.seat == "north"]
    pending = store(site).pending("auction-1", record.step)
    assert mine, "north won lot 1 and kept it at once, or bids on lot 2"
    assert all(pending[p.key]["text"] in ("BID 0", "KEEP") for p in mine)
    send(site, "north", "SET STANDING KEEP NONE\nSET")
    tick(site)
    body = answer(site, "north")
    assert "You have no standing order for KEEP now." in body and "  STANDING BID PASS\n" in body
    send(site, "north", "SET STANDING NONE\nSET")
    tick(site)
    assert "  STANDING none" in answer(site, "north")


def test_standing_orders_of_the_old_form_keep_answering_what_they_answered(site):
    """A standing order stored before kinds were named (a list of order lines) is read as
    the kinds its lines answer, and SET shows them so."""
    store(site).db["seats"].update(("auction-1", "north"),
                                   {"preferences": json.dumps({"standing": ["PASS"]})})
    send(site, "north", "SET")
    tick(site)
    assert "  STANDING BID PASS\n" in answer(site, "north")
    assert store(site).pending("auction-1", 0)["lot1.bid.north"]["text"] == "BID 0"


# --- ABSENCE


def test_an_absent_seat_takes_its_defaults_at_once_and_misses_no_deadline(site):
    send(site, "north", "ABSENCE 2026-11-22 2026-11-24 travelling")
    send(site, "east", "BID 4")
    send(site, "south", "BID 5")
    assert tick(site).steps == 1, "the step did not wait for north's deadline"
    assert "You are away from 2026-11-22 to 2026-11-24" in answer(site, "north")
    (decision,) = store(site).decisions("auction-1")
    assert json.loads(decision["defaulted"]) == []
    assert json.loads(decision["orders"])["lot1.bid.north"] == 0
    assert store(site).seat("auction-1", "north")["missed"] == 0
    send(site, "north", "SET")
    tick(site)
    assert "  ABSENCE 2026-11-22 to 2026-11-24 (travelling)" in answer(site, "north")
    site.clock.advance(days=3)                 # the absence is over: north is waited for
    send(site, "south", "KEEP")
    tick(site)
    send(site, "east", "BID 4")
    send(site, "south", "BID 5")
    assert tick(site).steps == 0


def test_an_absence_to_come_changes_nothing_yet_and_none_withdraws_it(site):
    send(site, "north", "ABSENCE 2026-11-23 2026-11-24")
    send(site, "east", "BID 4")
    send(site, "south", "BID 5")
    assert tick(site).steps == 0
    send(site, "north", "ABSENCE NONE")
    tick(site)
    assert "You have no absence declared now." in answer(site, "north")
    assert json.loads(store(site).seat("auction-1", "north")["preferences"]) == {}
    site.clock.advance(days=1)
    assert tick(site).steps == 0


def test_an_absence_to_come_files_the_defaults_when_it_starts_without_a_new_mail(site):
    """Issue 20: a tick that found the step not ready looks again when the absence starts,
    though no row changed (``pbem.resolution.quiet``)."""
    send(site, "north", "ABSENCE 2026-11-23 2026-11-24")
    send(site, "east", "BID 4")
    send(site, "south", "BID 5")
    assert tick(site).steps == 0
    assert tick(site).steps == 0
    site.clock.advance(days=1)
    assert tick(site).steps == 1
    (decision,) = store(site).decisions("auction-1")
    assert json.loads(decision["orders"])["lot1.bid.north"] == 0


@pytest.mark.parametrize("line,reason", [
    ("ABSENCE 2026-11-22 2026-12-06", "15 days is longer than this game allows: 14 days at "
                                      "most; ask the GM"),
    ("ABSENCE 2026-11-25 2026-11-24", "the absence ends (2026-11-24) before it starts"),
    ("ABSENCE 2026-11-21 2026-11-24", "the absence starts in the past: today is 2026-11-22"),
    ("ABSENCE 2026-11-31 2026-12-02", "not a date"),
    ("ABSENCE tomorrow", "expected two dates YYYY-MM-DD (in your time zone), or NONE"),
])
def test_an_absence_too_long_or_ill_dated_is_refused(site, line, reason):
    send(site, "north", line)
    tick(site)
    assert reason in answer(site, "north")
    assert store(site).seat("auction-1", "north")["preferences"] is None


def test_the_game_file_sets_the_longest_absence(tmp_path):
    site = Installation(tmp_path)
    site.new_game(max_absence_days=3)
    send(site, "north", "ABSENCE 2026-11-22 2026-11-25")
    tick(site)
    assert "4 days is longer than this game allows: 3 days at most" in answer(site, "north")
    send(site, "north", "ABSENCE 2026-11-22 2026-11-24")
    tick(site)
    assert "You are away from 2026-11-22 to 2026-11-24" in answer(site, "north")


# --- through real mail servers


def test_anonymous_press_and_status_through_smtp_and_imap(tmp_path, mailboxes, smtp_relay):
    site = Installation(tmp_path, imap_settings(mailboxes), smtp_settings(smtp_relay))
    named_game(site, press="anonymous")
    secret = secret_in(inbox(mailboxes, player("north"))[0])
    mail = order_mail(f"{NORA} <{player('north')}>",
                      f"SECRET {secret}\nSTATUS\nPRESS ANON east,south Lot 2 is mine.")
    send_by_smtp(smtp_relay, mail)
    summary = site.moderator().tick()
    assert (summary.accepted, summary.errors) == (1, [])
    subjects = [m["Subject"] for m in inbox(mailboxes, player("north"))]
    assert subjects == ["[auction-1] Welcome", "[auction-1] Status: Step 1: Lot 1 of 2: bidding",
                        "[auction-1] Orders received"]
    for seat in ("east", "south"):
        (relay,) = [parse_message(raw) for raw in mailboxes.messages(player(seat))
                    if b"Anonymous press" in raw]
        assert "Anonymous press to you:\n\nLot 2 is mine." in text(relay)
        whole = relay.as_string().lower()
        assert "north" not in whole and "nora" not in whole and mail["Message-ID"].lower() \
            not in whole
