"""Reports only with news (docs/reports.md, "When a seat is mailed: the digest"), by mail: a
seat with nothing to decide is not mailed, and its next report brings the news it missed;
SET DIGEST OFF mails every step; the game's end mails everyone; a database of the previous
schema, with a game under way, keeps playing after the migration."""

from __future__ import annotations

import sqlite_utils
from installation import SEATS, Installation, player
from players import drop, order_mail, text

from pbem.store import MIGRATIONS, Store


def send(site, seat, body):
    drop(site.inbox, order_mail(player(seat), f"SECRET {site.secret(seat)}\n{body}"))


def play(site, *orders: tuple[str, str]) -> None:
    for seat, body in orders:
        send(site, seat, body)
    site.moderator().tick()


def reports(site, seat) -> list[str]:
    return [" ".join(text(m).split()) for m in site.sent(player(seat))
            if "== What happened ==" in text(m)]


def first_lot(site) -> None:
    """East bids highest: after the lot, only east has a decision (keep or gift)."""
    play(site, ("north", "BID 10"), ("east", "BID 30"), ("south", "BID 20"))


def test_a_seat_with_nothing_to_decide_waits_and_then_reads_every_step_it_missed(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    first_lot(site)
    assert len(reports(site, "east")) == 1 and "KEEP" in reports(site, "east")[0]
    assert reports(site, "north") == reports(site, "south") == []
    play(site, ("east", "KEEP"))                          # lot 2's bidding: everyone decides
    for seat in ("north", "south"):
        (report,) = reports(site, seat)
        assert "Step 3: Lot 2 of 2: bidding" in report
        sold, kept = report.index("Lot 1 is sold to east"), report.index("east keeps lot 1")
        assert sold < kept, "the steps in their order"
    (_, second) = reports(site, "east")
    assert "Lot 1 is sold to east" not in second, "east had that news already"


def test_set_digest_off_mails_every_step_and_on_goes_back(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    play(site, ("north", "SET DIGEST OFF"))
    answer = " ".join(text(site.sent(player("north"))[-1]).split())
    assert "You get a report after every step now." in answer
    first_lot(site)
    (report,) = reports(site, "north")
    assert "Nothing for you to decide now; waiting for: east." in report
    play(site, ("north", "SET DIGEST ON"), ("east", "GIFT south"))
    answer = " ".join(text(site.sent(player("north"))[-2]).split())
    assert "You get a report only when there is news for you" in answer
    assert len(reports(site, "north")) == 2                  # lot 2: a decision again
    assert reports(site, "south")[0].count("Lot 1 is sold to east") == 1


def test_the_end_of_the_game_mails_every_seat(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    first_lot(site)
    play(site, ("east", "KEEP"))
    play(site, ("north", "BID 5"), ("east", "BID 0"), ("south", "BID 1"))
    before = {seat: len(reports(site, seat)) for seat in SEATS}
    assert before["east"] == 2 and before["south"] == 1, "north alone decides lot 2"
    play(site, ("north", "KEEP"))
    assert site.record().finished
    for seat in SEATS:
        assert len(reports(site, seat)) == before[seat] + 1
        assert "auction-1: Finished, report for" in reports(site, seat)[-1]


def test_a_game_under_way_in_a_database_of_the_previous_schema_goes_on(tmp_path):
    """Migration 6 adds the seats' last report and map and the decisions' notes: a seat with
    none yet counts as reported up to the step before the tick."""
    site = Installation(tmp_path)
    site.new_game()
    path = site.moderator().store.path
    db = sqlite_utils.Database(path)
    db["seats"].transform(drop={"reported_step", "map_digest", "map_turn", "ahead_shown"})
    db["decisions"].transform(drop={"notes", "chain"})           # 11's chain too
    db["held_orders"].drop()                         # migrations 7 and 8, after it
    db["interventions"].drop()                       # migration 9's, after it
    db["games"].transform(drop={"gm_seed", "commitment", "salts", "deal_at", "salt_digests",
                                "reveal_at"})        # and 11's
    db.execute("PRAGMA user_version = 5")
    db.conn.commit()
    db.close()
    first_lot(site)
    store = Store(path)
    assert store.version == len(MIGRATIONS)
    assert reports(site, "north") == [] and len(reports(site, "east")) == 1
    play(site, ("east", "KEEP"))
    (report,) = reports(site, "north")
    assert "Lot 1 is sold to east" in report and "east keeps lot 1" in report


def test_decisions_to_come_already_offered_are_not_written_again(tmp_path):
    """A seat's mails offer its decisions to come once (``ahead_shown``); a mail that offers
    the same ones again leaves the seat's row as it is (issue 20: a write a mail saved)."""
    site = Installation(tmp_path)
    site.new_game()
    send(site, "north", "BID 10")
    site.moderator().tick()
    shown = site.moderator().store.seat("auction-1", "north")["ahead_shown"]
    assert shown is not None
    moderator = site.moderator()
    statements: list[str] = []
    moderator.store.conn.set_trace_callback(statements.append)
    send(site, "north", "BID 11")
    assert moderator.tick().accepted == 1
    assert not [sql for sql in statements if "ahead_shown" in sql and "update" in sql]
    assert moderator.store.seat("auction-1", "north")["ahead_shown"] == shown
