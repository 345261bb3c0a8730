"""Deadlines, reminders, grace, missed orders and civil disorder, with a clock the test moves."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from installation import SEATS, Installation, player
from players import GM, drop, order_mail, text

from pbem.deadlines import DeadlinePolicy, due_at
from pbem.definition import GameFileError, game_definition
from pbem.record import GameRecord

MONDAY_NOON = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def test_the_longest_kind_of_the_step_sets_its_hours():
    policy = DeadlinePolicy(hours=48, per_kind={"battle-plan": 24, "bid": 72})
    assert due_at(MONDAY_NOON, ["battle-plan"], policy, "UTC").day == 24
    assert due_at(MONDAY_NOON, ["battle-plan", "bid"], policy, "UTC").day == 26
    assert due_at(MONDAY_NOON, [], policy, "UTC").day == 25


def test_a_deadline_rounds_up_to_the_time_of_day_in_the_games_zone():
    policy = DeadlinePolicy(hours=24, time_of_day="20:00")
    due = due_at(MONDAY_NOON, ["bid"], policy, "America/New_York")
    assert due.astimezone().isoformat() == "2026-11-25T01:00:00+00:00"  # 20:00 EST, Tuesday


def test_a_deadline_moves_on_to_an_allowed_weekday():
    friday = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
    policy = DeadlinePolicy(hours=24, weekdays=("mon", "tue", "wed", "thu", "fri"))
    assert due_at(friday, ["bid"], policy, "UTC") == datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def test_rounding_keeps_the_wall_clock_across_a_change_of_summer_time():
    before_change = datetime(2026, 10, 24, 12, 0, tzinfo=UTC)       # Saturday, BST
    policy = DeadlinePolicy(hours=24, time_of_day="18:00")
    due = due_at(before_change, ["bid"], policy, "Europe/London")
    assert due == datetime(2026, 10, 25, 18, 0, tzinfo=UTC)           # 18:00 GMT on Sunday


def test_a_bad_deadline_policy_names_each_key():
    with pytest.raises(GameFileError) as caught:
        game_definition({"id": "x", "game": "auction", "seats": [],
                         "deadlines": {"time_of_day": "8pm", "weekdays": ["funday"],
                                       "per_kind": {"bid": 0}, "hours": 0}})
    found = caught.value.problems
    assert "deadlines.time_of_day: expected HH:MM, got '8pm'" in found
    assert any(p.startswith("deadlines.weekdays: expected days among mon") for p in found)
    assert "deadlines.per_kind.bid: expected a number of hours of at least 1, got 0" in found
    assert "deadlines.hours: expected at least 1" in found


def send(site, seat, body):
    drop(site.inbox, order_mail(player(seat), f"SECRET {site.secret(seat)}\n{body}"))


def subjects(site, seat):
    return [str(m["Subject"]) for m in site.sent(player(seat))]


def test_reminders_go_once_and_only_to_seats_without_orders(tmp_path):
    site = Installation(tmp_path)
    site.new_game(deadlines={"hours": 48, "reminder_hours": 12})
    send(site, "north", "BID 4")
    site.cron(hours=35)
    assert "[auction-1] Reminder: your orders are due" not in subjects(site, "east")
    site.cron(hours=2)
    for seat in ("east", "south"):
        assert subjects(site, seat).count("[auction-1] Reminder: your orders are due") == 1
    assert "[auction-1] Reminder: your orders are due" not in subjects(site, "north")
    site.cron(hours=5)
    assert subjects(site, "east").count("[auction-1] Reminder: your orders are due") == 1


def test_grace_late_notices_and_orders_accepted_until_the_grace_ends(tmp_path):
    site = Installation(tmp_path)
    site.new_game(deadlines={"hours": 24, "grace_hours": 6, "reminder_hours": 1})
    send(site, "north", "BID 4")
    send(site, "east", "BID 5")
    summaries = site.cron(hours=24)
    assert sum(s.steps for s in summaries) == 0
    assert "[auction-1] Late: your orders are overdue" in subjects(site, "south")
    others = [m for m in site.sent(player("north"))
              if m["Subject"] == "[auction-1] Waiting for late orders"]
    assert len(others) == 1 and "the game waits for: south" in text(others[0])
    send(site, "south", "BID 6")
    assert site.moderator().tick().steps == 1
    decision = site.moderator().store.decisions("auction-1")[0]
    assert json.loads(decision["defaulted"]) == []


def test_without_orders_the_grace_ends_in_defaults(tmp_path):
    site = Installation(tmp_path)
    site.new_game(deadlines={"hours": 24, "grace_hours": 6})
    summaries = site.cron(hours=31)
    steps = [s.steps for s in summaries]
    assert steps.index(1) == 30 * 2 - 1 and sum(steps) == 1


def test_a_step_with_every_order_in_waits_for_the_resolve_delay(tmp_path):
    site = Installation(tmp_path)
    site.new_game(deadlines={"resolve_delay_minutes": 60})
    for seat in SEATS:
        send(site, seat, "BID 3")
    assert site.moderator().tick().steps == 0
    summaries = site.cron(hours=1, every_minutes=20)
    assert [s.steps for s in summaries] == [0, 0, 1]


@pytest.mark.parametrize("policy", ["defaults", "bot", "wait"])
def test_missed_deadlines_in_a_row_put_a_seat_in_civil_disorder(tmp_path, policy):
    site = Installation(tmp_path)
    site.new_game(lots=3, missed_limit=2, civil_disorder=policy, deadlines={"hours": 24})
    for _ in range(2):                         # lot 1: south misses the bid, then keep/gift
        for seat in ("north", "east"):
            send(site, seat, "BID 50")
        site.cron(hours=25)
        record = site.record()
        winner = record.prompts()[0].seat if record.prompts() else None
        if winner and winner != "south":
            send(site, winner, "KEEP")
            site.moderator().tick()
    store = site.moderator().store
    south = store.seat("auction-1", "south")
    assert south["missed"] >= 2 and south["disorder"] == policy
    gm_reports = "\n".join(text(m) for m in site.sent(GM))
    assert "south has missed 2 deadlines in a row and is in civil disorder" in gm_reports
    game = store.game("auction-1")
    if policy == "wait":
        assert game["status"] == "paused"
    if policy == "bot":
        prompts = site.record().prompts()
        assert any(p.seat == "south" for p in prompts)
        for prompt in prompts:
            if prompt.seat != "south":
                send(site, prompt.seat, prompt.template)
        assert site.moderator().tick().steps >= 1, "the bot's order is in at once"


def test_after_an_outage_passed_deadlines_are_extended_and_everyone_told(tmp_path):
    site = Installation(tmp_path)
    site.new_game(deadlines={"hours": 24, "outage_grace_hours": 12})
    site.moderator().tick()
    site.clock.advance(days=3)                 # the moderator was down for three days
    summary = site.moderator().tick()
    assert summary.steps == 0 and summary.extended == 1
    for seat in SEATS:
        (notice,) = [m for m in site.sent(player(seat))
                     if m["Subject"] == "[auction-1] Deadline extended"]
        assert "The moderator did not run from" in text(notice)
    steps = [s.steps for s in site.cron(hours=12)]
    assert steps.index(1) == 12 * 2 - 1


def test_a_game_not_ready_is_not_loaded_again_until_its_rows_or_its_deadline_change(
        tmp_path, monkeypatch):
    """Issue 20: a tick asks the database alone whether a game found not ready may be ready
    now; an order, or the deadline, makes it look again."""
    site = Installation(tmp_path)
    site.new_game(deadlines={"hours": 48})
    site.moderator().tick()
    loaded = []
    load = GameRecord.load
    monkeypatch.setattr(GameRecord, "load", classmethod(
        lambda cls, store, game_id: loaded.append(game_id) or load(store, game_id)))
    assert sum(s.steps for s in site.cron(hours=12)) == 0
    assert loaded == []
    for seat in SEATS:
        send(site, seat, "BID 3")
    assert site.moderator().tick().steps == 1
    loaded.clear()
    steps = [s.steps for s in site.cron(hours=49)]       # nobody answers the next decision
    assert steps.index(1) == 48 * 2 - 1 and sum(steps) == 1
    assert len(loaded) < 20                               # not once a tick: 98 ticks


def test_a_clock_that_jumps_backwards_never_resolves_early(tmp_path):
    site = Installation(tmp_path)
    site.new_game(deadlines={"hours": 24})
    site.cron(hours=23)
    site.clock.advance(hours=-30)
    assert sum(s.steps for s in site.cron(hours=20)) == 0
    assert site.moderator().store.decisions("auction-1") == []


def test_a_whole_game_at_the_pace_of_its_deadlines(tmp_path):
    """Across a whole game with a fake clock: north answers at once, south late in the grace
    period, east never: east is reminded, told it is late, defaulted, falls into civil
    disorder after two missed deadlines, and a bot plays it to the end."""
    site = Installation(tmp_path)
    site.new_game(lots=3, missed_limit=2, civil_disorder="bot",
                  deadlines={"hours": 24, "grace_hours": 6, "reminder_hours": 6})
    answered: set[tuple[int, str]] = set()
    for _ in range(24 * 20):
        record = site.record()
        if record.finished:
            break
        due = site.moderator().store.deadline(record.id, record.step)
        for prompt in record.prompts():
            if (record.step, prompt.seat) in answered:
                continue
            late_enough = site.clock.now >= due + timedelta(hours=1)
            if prompt.seat == "north" or (prompt.seat == "south" and late_enough):
                send(site, prompt.seat, prompt.template)
                answered.add((record.step, prompt.seat))
        site.cron(hours=1, every_minutes=60)
    record = site.record()
    assert record.finished
    store = site.moderator().store
    east = store.seat("auction-1", "east")
    assert east["disorder"] == "bot"
    assert store.seat("auction-1", "south")["disorder"] is None
    east_subjects = subjects(site, "east")
    assert "[auction-1] Reminder: your orders are due" in east_subjects
    assert "[auction-1] Late: your orders are overdue" in east_subjects
    gm = "\n".join(text(m) for m in site.sent(GM))
    assert "east has missed 2 deadlines in a row and is in civil disorder" in gm
    south_defaults = [json.loads(d["defaulted"]) for d in store.decisions("auction-1")]
    assert not any("south" in key for keys in south_defaults for key in keys)
