"""Queueing the reports of resolved steps to everyone they concern: each seat with news its
own report (``pbem.digest``), the GM and every observer the public one (the GM's without
the map, unless the game file says ``gm_maps: true``).

Call it inside the transaction that resolved the steps, so that the new state
and its reports are stored together.
"""

from __future__ import annotations

from datetime import datetime

from pbem import digest, outbox, reports
from pbem.command import commander
from pbem.config import Config
from pbem.record import GameRecord
from pbem.resolution import Resolved
from pbem.store import Store


def save_steps(store: Store, record: GameRecord, now: datetime) -> GameRecord:
    """Store the state the steps reached (finished, with its result, if the rules say so);
    returns the game as stored."""
    result = record.rules.result(record.state)
    status = "finished" if result is not None else record.row["status"]
    store.save_game_state(record.id, record.step, record.state, status, now, result)
    return GameRecord.load(store, record.id)


def report_steps(config: Config, store: Store, record: GameRecord, done: Resolved,
                 now: datetime) -> None:
    """Save the steps resolved and queue their reports: to each seat with news, covering the
    steps since its last report (``pbem.digest``), to the GM and to every observer; a game that
    finished has its result recorded for its leagues (``pbem.league``)."""
    record = save_steps(store, record, now)
    published = None
    if record.finished:
        from pbem.archive.game_file import game_file  # these two only when a game ends
        from pbem.league.notify import game_finished

        game_finished(config, store, record, now)
        published = game_file(store, record) if record.row["commitment"] else None
    deadline = store.deadline(record.id, record.step)
    pending = store.pending(record.id, record.step)      # held and standing orders filed
    for seat in record.seats:
        news = digest.news_since(store, record, seat, done.events, done.notes, done.steps)
        taken = commander(seat) != done.commanders.get(seat["seat"], commander(seat))
        if taken:       # its new commander's player learns the seat from this report
            news.notes.append(f"{seat['seat']} is now commanded by the player of "
                              f"{commander(seat)}.")
        elif not digest.has_news(record, seat, news, pending):
            if seat["reported_step"] is None:   # a game begun before the digest: mailed so far
                digest.reported(store, record, seat, record.step - done.steps)
            continue
        pictures = digest.report_pictures(store, record, seat) if config.reports.map else ()
        mail = reports.step_report(config, record, seat["seat"], news.events, news.notes,
                                   deadline, now, pictures=pictures,
                                   published=published, pending=pending)
        outbox.enqueue(store, mail, now, "report", record.id, seat["seat"])
        digest.reported(store, record, seat, record.step)
        digest.offered(store, record, seat)
    if record.settings.get("gm_address"):
        pictures = None if record.settings.get("gm_maps") else ()
        mail = reports.step_report(config, record, None, done.events, done.notes, deadline, now,
                                   published=published, pending=pending,
                                   pictures=pictures)
        outbox.enqueue(store, mail, now, "report", record.id)
    for address in store.observers(record.id):
        mail = reports.step_report(config, record, None, done.events, done.notes, deadline, now,
                                   observer=address, published=published,
                                   pending=pending)
        outbox.enqueue(store, mail, now, "observer-report", record.id)
