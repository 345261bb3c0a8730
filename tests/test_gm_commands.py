"""GM commands end to end: the GM's mail dropped into the Maildir, a tick, the mail sent
(docs/commands.md).  The game is an auction of two lots among north, east and south."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from click.testing import CliRunner
from installation import SEATS, Installation, player
from players import GM, drop, order_mail, text

from pbem.cli import main
from pbem.commands import GM_COMMANDS, Command, CommandError
from pbem.definition import create_game, game_definition
from pbem.game import Adjustment, replay
from pbem.record import GameRecord, log_entry
from pbem.store import parse_utc

WATCHER = "watcher@observers.test"


@pytest.fixture
def site(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    return site


def gm_secret(site, game: str) -> str:
    welcome = next(m for m in site.sent(GM) if m["Subject"] == f"[{game}] GM welcome")
    return re.search(r"GM secret of this game is: (\S+)", text(welcome)).group(1)


def gm(site, *lines: str, game: str = "auction-1") -> str:
    """The GM mails these command lines; one tick; the GM's answer."""
    drop(site.inbox, order_mail(GM, "\n".join([f"SECRET {gm_secret(site, game)}", *lines]),
                                subject=f"[{game}] commands"))
    site.moderator().tick()
    return text(mails(site, GM, f"[{game}] GM commands")[-1])


def pbem_gm(site, *words: str):
    return CliRunner().invoke(main, ["--config", str(site.config_path), "gm", "auction-1",
                                     *words], obj=site.clock)


def send(site, seat: str, body: str) -> None:
    drop(site.inbox, order_mail(player(seat), f"SECRET {site.secret(seat)}\n{body}"))


def play(site, *orders: tuple[str, str]) -> None:
    """Seats send their orders; one tick."""
    for seat, body in orders:
        send(site, seat, body)
    site.moderator().tick()


def mails(site, address: str, subject: str) -> list:
    return [m for m in site.sent(address) if subject in str(m["Subject"])]


def store(site):
    return site.moderator().store


def log_replay(site) -> dict:
    """The state rebuilt from the seed and the stored log, as an auditor would."""
    entries = [log_entry(row) for row in store(site).decisions("auction-1")]
    return replay(site.record().rules, "standard", {"lots": 2}, list(SEATS), "fixed", entries)


def everything(site) -> dict:
    """Every row the moderator keeps about the game, but its mail."""
    db = store(site).db
    return {table: list(db.query(f"select * from {table} where game_id = 'auction-1'"))
            for table in ("seats", "decisions", "pending_orders", "deadlines", "observers")
            } | {"games": store(site).game("auction-1")}


def test_help_lists_every_gm_command(site):
    answer = gm(site, "HELP")
    assert all(command.usage in answer for command in GM_COMMANDS.values())


def test_a_command_that_fails_leaves_nothing_half_done(site, monkeypatch):
    def half_done(context, args):
        context.store.db["games"].update("auction-1", {"status": "paused"})
        raise CommandError("half done")
    monkeypatch.setitem(GM_COMMANDS, "HALF", Command("HALF", "HALF", "a test", half_done))
    assert "half done" in gm(site, "HALF")
    assert store(site).game("auction-1")["status"] == "active"


# --- EXTEND
def test_extend_moves_the_deadline_and_tells_every_seat_in_its_own_zone(site):
    store(site).db["seats"].update(("auction-1", "north"), {"timezone": "America/New_York"})
    answer = gm(site, "EXTEND 24 the east player is travelling")
    assert "The deadline of Step 1: Lot 1 of 2: bidding is now Wed 25 Nov 2026 12:00 GMT." in answer
    assert store(site).deadline("auction-1", 0) == parse_utc("2026-11-25T12:00:00Z")
    for seat, shown in (("north", "Wed 25 Nov 2026 07:00 EST (12:00 UTC)"),
                        ("east", "Wed 25 Nov 2026 12:00 GMT")):
        (notice,) = mails(site, player(seat), "Deadline extended by the GM")
        body = text(notice)
        assert "moved the deadline of this step 24 hours later" in body
        assert "Reason: the east player is travelling" in body
        assert f"Deadline: {shown}" in body
    assert sum(s.steps for s in site.cron(hours=71)) == 0, "the old deadline no longer counts"
    assert sum(s.steps for s in site.cron(hours=1)) == 1


def test_extend_through_pbem_gm_and_its_errors(site):
    done = pbem_gm(site, "extend", "12")
    assert done.exit_code == 0, done.output
    assert ("The deadline of Step 1: Lot 1 of 2: bidding is now Wed 25 Nov 2026 00:00 GMT"
            in done.output)
    assert "3 mails sent" in done.output
    assert store(site).deadline("auction-1", 0) == parse_utc("2026-11-25T00:00:00Z")
    wrong = pbem_gm(site, "EXTEND", "soon")
    assert wrong.exit_code == 1
    assert "expected a whole number of hours from 1 to 720, got 'soon'" in wrong.output
    assert "usage: EXTEND <hours> [reason]" in wrong.output
    answer = gm(site, "EXTEND")
    assert "line 2: EXTEND" in answer and "Valid here: EXTEND <hours> [reason]" in answer


# --- RESOLVE and PREVIEW
def test_resolve_applies_the_step_now_with_defaults_for_missing_orders(site):
    play(site, ("north", "BID 10"))
    answer = gm(site, "RESOLVE the others agreed to pass")
    assert "1 step resolved; the game is at Step 2: Lot 1 of 2: keep or gift" in " ".join(
        answer.split())
    (decision,) = store(site).decisions("auction-1")
    assert json.loads(decision["orders"]) == {"lot1.bid.east": 0, "lot1.bid.north": 10,
                                              "lot1.bid.south": 0}
    assert sorted(json.loads(decision["defaulted"])) == ["lot1.bid.east", "lot1.bid.south"]
    for address in (player("north"), GM):
        body = text(mails(site, address, "keep or gift")[-1])
        assert "The GM resolved this step at once: the others agreed to pass." in body
        assert "Lot 1 is sold to north" in body
    assert site.record().state == log_replay(site)
    # East and south decide nothing now: they read it in their next report.
    assert mails(site, player("east"), "keep or gift") == []
    play(site, ("north", "KEEP"))
    for seat in ("east", "south"):
        body = " ".join(text(mails(site, player(seat), "Lot 2 of 2: bidding")[-1]).split())
        assert "The GM resolved this step at once: the others agreed to pass." in body
        assert "Lot 1 is sold to north" in body


def test_resolve_refuses_a_paused_game(site):
    answer = gm(site, "PAUSE", "RESOLVE")
    assert "the game is paused: RESUME it first" in answer
    assert store(site).decisions("auction-1") == []


def test_preview_mails_only_the_gm_and_changes_nothing(site):
    play(site, ("north", "BID 10"), ("east", "BID 7"))
    before, sent_before = everything(site), len(site.sent())
    answer = gm(site, "PREVIEW")
    assert "A preview of 1 step (to Step 2: Lot 1 of 2: keep or gift) is mailed to you" in " ".join(
        answer.split())
    assert everything(site) == before
    new = site.sent()[sent_before:]
    assert {tuple(m.get_all("To")) for m in new} == {(GM,)}
    (preview,) = mails(site, GM, "PREVIEW, nothing resolved")
    body = text(preview)
    assert "======== PREVIEW: public report ========" in body
    assert "======== PREVIEW: report for north ========" in body     # north wins the lot
    for seat in ("east", "south"):
        assert (f"======== PREVIEW: report for {seat}, not mailed: no news for it yet "
                "========") in body
    assert body.count("Your valuations (secret):") == 3
    assert ("No orders from south for bid before the GM resolved the step: the default was "
            "applied") in " ".join(body.split())
    gm(site, "RESOLVE")
    public = text(mails(site, GM, "keep or gift")[-1])
    public = public.rpartition("\n\nGame digest of")[0]      # the mail's own, at its foot
    assert public.strip() in body, "the preview is what RESOLVE then sends"


# --- ROLLBACK
def test_rollback_restores_the_state_before_the_decision_as_a_replay_does(site):
    play(site, ("north", "BID 10"), ("east", "BID 30"), ("south", "BID 20"))
    after_first = site.record().state
    play(site, ("east", "GIFT north"))
    play(site, ("north", "BID 5"))                        # pending in lot 2's bidding
    site.clock.advance(hours=3)
    answer = gm(site, "ROLLBACK 2 east meant to keep the lot")
    assert ("Rolled back to before decision 2: the game is at Step 2: Lot 1 of 2: keep or gift"
            in " ".join(answer.split()))
    record = site.record()
    assert record.step == 1 and record.state == after_first == log_replay(site)
    assert record.state == record.replay(store(site))
    assert len(store(site).decisions("auction-1")) == 1
    assert store(site).db["pending_orders"].count == 0
    deadline = store(site).one("select * from deadlines where game_id = 'auction-1' "
                               "and step = 1")
    assert parse_utc(deadline["due_at"]) == site.clock() + timedelta(hours=48)
    assert deadline["reminded_at"] is None
    assert store(site).one("select count(*) as n from deadlines where step > 1")["n"] == 0
    for seat in SEATS:
        body = text(mails(site, player(seat), "The GM rolled the game back")[-1])
        assert "back to step 2, the position before decision 2 of its log" in " ".join(
            body.split())
        assert "Reason: east meant to keep the lot" in body
        assert "Your valuations (secret):" in body
    assert "KEEP" in text(mails(site, player("east"), "rolled the game back")[-1])
    play(site, ("east", "KEEP"))
    assert site.record().state["sales"][0]["holder"] == "east"


def test_rollback_of_a_finished_game_is_refused_because_its_seed_and_log_are_public(site):
    """A finished game's archive page publishes its seed and its whole log
    (docs/archive.md): played again from the same seed, every hand and deck would be known."""
    play(site, ("north", "BID 10"), ("east", "BID 30"), ("south", "BID 20"))
    gm(site, "END east -- concession")
    before = everything(site)
    answer = " ".join(gm(site, "ROLLBACK 1 the concession was a mistake").split())
    assert "game auction-1 is finished: its seed and log are public" in answer
    assert everything(site) == before
    result = pbem_gm(site, "ROLLBACK", "1", "the", "concession", "was", "a", "mistake")
    assert result.exit_code == 1 and "its seed and log are public" in result.output
    assert everything(site) == before and site.record().finished


def test_rollback_needs_a_decision_of_the_log_and_a_reason(site):
    assert "nothing to roll back" in gm(site, "ROLLBACK 1 oops")
    play(site, ("north", "BID 10"), ("east", "BID 30"), ("south", "BID 20"))
    assert "expected the number of a decision, 1 to 1, got '2'" in gm(site, "ROLLBACK 2 x")
    assert "give the reason after the decision" in gm(site, "ROLLBACK 1")


# --- ADJUST
def test_adjust_of_a_public_value_is_logged_and_shown_to_everyone(site):
    answer = gm(site, "ADJUST /coins/north = 80 -- north paid a fine")
    assert "Decision 1: /coins/north was 100, is now 80." in answer
    (decision,) = store(site).decisions("auction-1")
    assert decision["kind"] == "adjust" and decision["note"] == "north paid a fine"
    assert json.loads(decision["orders"]) == {"path": ["coins", "north"], "value": 80,
                                              "was": 100}
    assert site.record().state["coins"]["north"] == 80 == log_replay(site)["coins"]["north"]
    for seat in SEATS:
        body = text(mails(site, player(seat), "The GM adjusted the game")[-1])
        assert "What you see changed:\n  /coins/north: 100 -> 80" in body
        assert "Reason: north paid a fine" in body


def test_adjust_of_a_hidden_value_is_shown_only_to_who_may_see_it(site):
    gm(site, "OBSERVE " + WATCHER)
    old = site.record().state["valuations"]["east"][1]
    gm(site, f"ADJUST /valuations/east/1 = {old % 20 + 1} -- east was dealt two cards")
    east = text(mails(site, player("east"), "The GM adjusted the game")[-1])
    assert f"/valuations/1: {old} -> {old % 20 + 1}" in east
    for address in (player("north"), player("south"), WATCHER):
        body = text(mails(site, address, "The GM adjusted the game")[-1])
        assert "Nothing you can see has changed." in body
        assert "/valuations" not in body and "Reason: east was dealt two cards" in body
    assert "valuations" not in text(mails(site, WATCHER, "adjusted")[-1]).lower()


def test_adjust_drops_pending_orders_that_no_longer_read(site):
    play(site, ("north", "BID 90"), ("east", "BID 20"))
    gm(site, "ADJUST /coins/north = 50 -- coins miscounted")
    pending = store(site).pending("auction-1", 1)
    assert [row["text"] for row in pending.values()] == ["BID 20"]
    body = text(mails(site, player("north"), "The GM adjusted the game")[-1])
    assert 'Your order "BID 90" is no longer valid after the adjustment' in body
    assert store(site).deadline("auction-1", 1) == parse_utc("2026-11-24T12:00:00Z")


def test_an_adjustment_survives_a_rollback_to_a_later_step_and_a_replay(site):
    gm(site, "ADJUST /coins/north = 80 -- north paid a fine")
    play(site, ("north", "BID 70"), ("east", "BID 30"), ("south", "BID 20"))
    play(site, ("north", "KEEP"))
    play(site, ("north", "BID 1"), ("east", "BID 2"), ("south", "BID 3"))
    assert len(store(site).decisions("auction-1")) == 4
    gm(site, "ROLLBACK 3 the lot 2 bids were read wrong")
    record = site.record()
    assert record.step == 2 and record.state["coins"]["north"] == 10
    assert record.state == log_replay(site) == record.replay(store(site))
    entries = [log_entry(row) for row in store(site).decisions("auction-1")]
    assert entries[0] == Adjustment(("coins", "north"), 80)


def test_adjust_works_on_any_games_state_by_its_keys(tmp_path):
    """Dune: keys with spaces and dots; a public and a hidden part of the state."""
    site = Installation(tmp_path)
    seats = ("atreides", "fremen", "harkonnen")
    create_game(site.moderator().store, site.config, game_definition({
        "id": "dune-1", "game": "dune", "seed": "gm", "auth": "address",
        "seats": [{"seat": s, "address": player(s)} for s in seats]}), site.clock())
    site.moderator().send_outbox()
    gm(site, "ADJUST /factions/atreides/leaders/Dr. Wellington Yueh = \"tanks\" -- lost in "
             "a battle", "ADJUST /factions/fremen/spice = 12 -- a missed payment", game="dune-1")
    state = GameRecord.load(store(site), "dune-1").state
    assert state["factions"]["atreides"]["leaders"]["Dr. Wellington Yueh"] == "tanks"
    assert state == GameRecord.load(store(site), "dune-1").replay(store(site))
    yueh = '/factions/atreides/leaders_in_tanks/0: (none) -> "Dr. Wellington Yueh"'
    for seat in seats:
        leader, spice = (text(m) for m in mails(site, player(seat), "The GM adjusted"))
        assert yueh in leader
        assert ("/own/spice: 3 -> 12" in spice) == (seat == "fremen")
        assert ("Nothing you can see has changed." in spice) == (seat != "fremen")


@pytest.mark.parametrize("line,error", [
    ("ADJUST /coins/west = 1 -- x", "/coins has no key 'west'; its keys: east, north, south"),
    ("ADJUST /sales/0 = 1 -- x", "/sales is a list of 0: no index '0'"),
    ("ADJUST coins/north = 1 -- x", "a path starts with /"),
    ('ADJUST /coins/north = "many" -- x', "/coins/north holds a whole number, not a text"),
    ("ADJUST /coins/north = 1,5 -- x", "expected a space, -- and the reason after the value"),
    ("ADJUST /coins/north = 80", "give the reason after the value"),
    ("ADJUST /coins/north = eighty -- x", "the value is not JSON"),
    ('ADJUST /step = "won" -- x', "the game cannot go on from the adjusted state"),
])
def test_adjust_refuses_what_it_cannot_do(site, line, error):
    answer = gm(site, line)
    assert error in answer and "Valid here: ADJUST <path> = <JSON value> -- <reason>" in answer
    assert store(site).decisions("auction-1") == []


# --- REPLACE
def test_replace_gives_the_seat_to_a_new_player_and_resumes_a_game_waiting_for_it(tmp_path):
    site = Installation(tmp_path)
    site.new_game(missed_limit=1, civil_disorder="wait", deadlines={"hours": 24})
    old_secret = site.secret("south")
    play(site, ("north", "BID 50"), ("east", "BID 40"))
    site.cron(hours=25)
    assert store(site).game("auction-1")["status"] == "paused"
    state = site.record().state
    answer = gm(site, "REPLACE south new.south@players.test the player left")
    assert "new.south@players.test now plays south (was south@players.test)" in answer
    assert "The game resumes." in " ".join(answer.split())     # a long line, wrapped
    seat = store(site).seat("auction-1", "south")
    assert (seat["address"], seat["missed"], seat["disorder"]) == ("new.south@players.test",
                                                                   0, None)
    assert seat["secret"] != old_secret
    record = site.record()
    assert record.row["status"] == "active" and record.state == state == log_replay(site)
    (welcome,) = mails(site, "new.south@players.test", "Welcome")
    body = text(welcome)
    assert "You take over south from its previous player (the player left)." in body
    assert f"Your secret is: {seat['secret']}" in body and "Your valuations (secret):" in body
    assert "Nothing for you to decide now; waiting for: north." in body
    (farewell,) = mails(site, player("south"), "You no longer play in this game")
    assert "Another player takes over south" in text(farewell)
    assert "Your valuations" not in text(farewell)
    drop(site.inbox, order_mail(player("south"), f"SECRET {old_secret}\nBID 1"))
    assert site.moderator().tick().rejected == 1
    play(site, ("north", "KEEP"))
    drop(site.inbox, order_mail("new.south@players.test", f"SECRET {seat['secret']}\nBID 1"))
    assert site.moderator().tick().accepted == 1


def test_replace_clears_the_seats_orders_and_opens_its_prompts_to_the_new_player(site):
    play(site, ("north", "BID 10"))
    gm(site, "REPLACE north nina@players.test")
    assert store(site).pending("auction-1", 0) == {}
    body = text(mails(site, "nina@players.test", "Welcome")[-1])
    secret = store(site).seat("auction-1", "north")["secret"]
    assert f"GAME auction-1\nSECRET {secret}\nBID 0" in body
    assert site.record().state == log_replay(site)


def test_replace_names_a_seat_and_an_address(site):
    assert "no seat 'west' in this game" in gm(site, "REPLACE west w@players.test")
    assert "expected the new player's mail address" in gm(site, "REPLACE north")


# --- BROADCAST, END
def test_broadcast_reaches_every_seat_and_observer(site):
    gm(site, f"OBSERVE {WATCHER}", "BROADCAST The next game starts in May.")
    for address in (*map(player, SEATS), WATCHER):
        (message,) = mails(site, address, "Message from the GM")
        assert "A message from the GM:\n\nThe next game starts in May." in text(message)
    assert "BROADCAST needs the text" in gm(site, "BROADCAST")


def test_end_declares_the_result_and_finishes_the_game(site):
    answer = gm(site, "END north,east -- concession: south resigned")
    assert "Game auction-1 is over: winners north, east, by concession." in answer
    game = store(site).game("auction-1")
    assert game["status"] == "finished"
    assert json.loads(game["result"]) == {"winners": ["north", "east"], "victory": "concession",
                                          "reason": "concession: south resigned"}
    for seat in SEATS:
        body = text(mails(site, player(seat), "Game over")[-1])
        assert "ended the game by concession" in body and "Winners: north, east." in body
    play(site, ("south", "BID 1"))
    assert "is over" in text(site.sent(player("south"))[-1])
    assert "game auction-1 is finished" in gm(site, "EXTEND 5")


def test_end_through_pbem_gm_whose_shell_eats_the_double_dash(site):
    done = pbem_gm(site, "END", "none", "--", "the players stopped")
    assert done.exit_code == 0, done.output
    assert json.loads(store(site).game("auction-1")["result"]) == {
        "winners": [], "victory": "adjudication", "reason": "the players stopped"}


def test_end_names_seats_of_the_game(site):
    assert "no seat 'harkonnen' in this game" in gm(site, "END harkonnen -- they won")
    assert "a winner is named twice" in gm(site, "END north,north -- they won")
    assert "END needs the winners" in gm(site, "END north")
    assert store(site).game("auction-1")["status"] == "active"


# --- OBSERVE, UNOBSERVE
def test_observers_get_public_reports_and_never_a_private_view(site):
    answer = gm(site, f"OBSERVE {WATCHER.upper()}")
    assert f"{WATCHER} observes game auction-1" in answer
    assert "observes this game already" in gm(site, f"OBSERVE {WATCHER}")
    play(site, ("north", "BID 10"), ("east", "BID 30"), ("south", "BID 20"))
    play(site, ("east", "KEEP"))
    got = site.sent(WATCHER)
    assert [str(m["Subject"]) for m in got] == [
        "[auction-1] You observe this game", "[auction-1] Step 2: Lot 1 of 2: keep or gift",
        "[auction-1] Step 3: Lot 2 of 2: bidding"]
    assert "Lot 1 is sold to east for 30 coins" in text(got[1])
    for mail in got:
        body = text(mail)
        assert "public" in body
        assert "Your valuations" not in body and "SECRET" not in body
        assert "Private to" not in body and "report for" not in body
    gm(site, f"UNOBSERVE {WATCHER}")
    play(site, ("north", "BID 1"), ("east", "BID 2"), ("south", "BID 3"))
    assert [str(m["Subject"]) for m in site.sent(WATCHER)][3:] == [
        "[auction-1] You no longer observe this game"]
    assert "does not observe this game" in gm(site, f"UNOBSERVE {WATCHER}")
