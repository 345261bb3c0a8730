"""The tick: read new mail, file orders, resolve steps, deliver mail.

Each inbound message is archived raw (committed) before it is read; filing
it (reading its game, its orders, the answer to its sender, and the message's
new status) is one transaction; only then, with the rest of its batch, is it marked done
in its mailbox.  Resolving a game's steps, with the reports they cause, is one
transaction per game.  So a
crash at any point leaves every accepted order in place, and the next tick
finishes the work without doing any of it twice.
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import signal
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING

from pbem import clock as clocks
from pbem import outbox, pace
from pbem.command import players_first
from pbem.config import Config
from pbem.lock import tick_lock
from pbem.mail.sinks import make_sink
from pbem.mail.sources import Incoming, SourceError, make_source
from pbem.record import DEALING, GameRecord
from pbem.resolution import file_moderator_orders, note_quiet, quiet, resolve_ready_steps
from pbem.store import Store, utc_text

# What reads a mail and writes the answers (the ``email`` package, the routing, the
# reports, the commands) is imported by the method that needs it: an idle tick loads none
# of it (benchmarks/idle_tick.py, issue 20).
if TYPE_CHECKING:
    from pbem.mail.envelope import Envelope
    from pbem.routing import RoutingLines

log = logging.getLogger("pbem")

CRASH_ENV = "PBEM_CRASH_AT"


def crash_point_from_env() -> callable:
    """Fault injection for tests: ``PBEM_CRASH_AT=archived:2`` kills the process
    the second time it reaches the point named ``archived``."""
    spec = os.environ.get(CRASH_ENV)
    if not spec:
        return lambda point: None
    name, _, count = spec.partition(":")
    remaining = {name: int(count or 1)}

    def crash(point: str) -> None:
        if point in remaining:
            remaining[point] -= 1
            if remaining[point] == 0:
                os.kill(os.getpid(), signal.SIGKILL)
    return crash


@dataclass
class TickSummary:
    """What one tick did, for the one-line summary cron mails the GM."""

    messages: int = 0
    accepted: int = 0
    rejected: int = 0
    ignored: int = 0
    steps: int = 0
    sent: int = 0
    deferred: int = 0
    failed: int = 0
    waiting: int = 0
    notices: int = 0
    extended: int = 0
    errors: list[str] = field(default_factory=list)

    def line(self) -> str:
        text = (f"tick: {self.messages} new messages ({self.accepted} accepted, "
                f"{self.rejected} rejected, {self.ignored} ignored), {self.steps} steps "
                f"resolved, {self.sent} mails sent, {self.waiting} waiting in the outbox")
        if self.notices:
            text += f", {self.notices} reminders and late notices"
        if self.extended:
            text += f", {self.extended} deadlines extended after an outage"
        if self.failed:
            text += f", {self.failed} given up"
        if self.errors:
            text += f"; {len(self.errors)} errors"
        return text


class Moderator:
    """One installation: its configuration, store and clock."""

    def __init__(self, config: Config, store: Store | None = None, clock=None, crash=None,
                 dns=None):
        self.config = config
        self.store = store or Store(config.database)
        self.clock = clock or clocks.system_now
        self.crash = crash or crash_point_from_env()
        self.dns = dns  # the DKIM check's TXT lookup; None: the system's resolver
        self._holding = False

    @contextmanager
    def exclusive(self, wait_seconds: float | None = None) -> Iterator[None]:
        """Hold the installation's lock (the tick's) for the block, waiting up to
        ``wait_seconds`` (default: the configuration's ``lock_wait_seconds``); raises
        ``TickBusy`` if another process keeps it.  A block inside another holds it already."""
        if self._holding:
            yield
            return
        wait = self.config.lock_wait_seconds if wait_seconds is None else wait_seconds
        with tick_lock(self.config.lock_path, wait):
            self._holding = True
            try:
                yield
            finally:
                self._holding = False

    def tick(self) -> TickSummary:
        """One full cycle; raises ``TickBusy`` at once if another process holds the lock."""
        summary = TickSummary()
        with self.exclusive(wait_seconds=0):
            summary.extended = pace.extend_after_outage(self.store, self.config, self.clock())
            self.intake(summary)
            self.deal_due(summary)
            self.resolve_due(summary)
            summary.notices = pace.send_reminders_and_late_notices(self.store, self.config,
                                                                   self.clock())
            self.deliver(summary)
        return summary

    # --- mail in
    def intake(self, summary: TickSummary) -> None:
        """Archive and file every new message of the configured source, and mark each
        batch done in its mailbox once all its messages are filed."""
        source = make_source(self.config.mail_in, self.store)
        try:
            for batch in source.fetch():
                for item in batch:
                    self.crash("fetched")
                    inbound_id, status, envelope = self.archive(source.name, item, summary)
                    del item  # the next message's body comes while this one is let go
                    self.crash("archived")
                    if status == "new":
                        self.process(inbound_id, summary, envelope)
                    del envelope
                    self.crash("processed")
                self.store.make_durable()  # on disk before the mailbox forgets the batch
                source.mark_done(batch)  # one IMAP command for the batch
                self.crash("marked")
        except SourceError as error:
            summary.errors.append(str(error))
            log.error("%s", error)
        finally:
            source.close()
        for inbound_id in self.store.unprocessed_inbound():
            self.process(inbound_id, summary)

    def archive(self, source_name: str, item: Incoming, summary: TickSummary
                ) -> tuple[int, str, Envelope | None]:
        """Store the raw message, unless the same one is known; returns its id, its status and
        its envelope as read (its sender and the message parsed: handed to the filing, so the
        message is parsed once).

        Only its headers are read here (``pbem.mail.envelope``); a message whose headers
        cannot be read is archived as failed.
        """
        from pbem.mail.envelope import read_envelope

        envelope = read_envelope(item.raw, self.config.mail_in.max_message_bytes)
        known = self.store.inbound_by_content(envelope.message_id, envelope.digest)
        if known:
            return known["id"], known["status"], None
        with self.store.atomic():
            inbound_id = self.store.archive_inbound({
                "message_id": envelope.message_id, "digest": envelope.digest,
                "source": source_name, "source_key": item.key,
                "received_at": utc_text(self.clock()), "size": len(item.raw),
                "status": "new", "sender": envelope.sender, "subject": envelope.subject,
            }, item.raw)
            if envelope.error:
                summary.messages += 1
                self._fail(inbound_id, envelope.error, summary)
        return inbound_id, "failed" if envelope.error else "new", envelope

    def process(self, inbound_id: int, summary: TickSummary, envelope: Envelope | None = None
                ) -> None:
        """File one archived message (``envelope``: as read when it was archived); a fault in
        it never stops the tick."""
        summary.messages += 1
        try:
            outcome = self._file(inbound_id, envelope)
        except sqlite3.OperationalError:
            raise  # the database is locked or full: the message stays new for the next tick
        except Exception as error:  # one bad message must not stop the others
            log.exception("message %s", inbound_id)
            with self.store.atomic():
                self._fail(inbound_id, f"internal error: {error!r}", summary)
            return
        if outcome == "accepted":
            summary.accepted += 1
        elif outcome == "ignored":
            summary.ignored += 1
        else:
            summary.rejected += 1

    def _fail(self, inbound_id: int, reason: str, summary: TickSummary) -> None:
        """Mark a message failed for good, and tell the GM once (inside a transaction)."""
        from pbem import reports

        reason = reason[:300]
        summary.errors.append(f"message {inbound_id}: {reason}")
        self.store.update("inbound", {"id": inbound_id}, {
            "status": "failed", "outcome": reason, "processed_at": utc_text(self.clock())})
        if self.config.gm_address:
            row = self.store.one("select id, sender, subject, size from inbound where id = ?",
                                 (inbound_id,))
            mail = reports.failed_message(self.config, row, reason, self.clock())
            outbox.enqueue(self.store, mail, self.clock(), "failed-message")

    def _finish(self, inbound_id: int, status: str, outcome: str, game_id=None,
                seat=None) -> None:
        self.store.update("inbound", {"id": inbound_id}, {
            "status": status, "outcome": outcome, "game_id": game_id, "seat": seat,
            "processed_at": utc_text(self.clock())})

    def _file(self, inbound_id: int, envelope: Envelope | None = None) -> str:
        from pbem.mail.dkim import signed_by_sender as dkim_signed
        from pbem.mail.envelope import header_block
        from pbem.mail.sender import read_sender
        from pbem.mail.text import automatic_reason, order_text, parse_message
        from pbem.reply_token import claimed_tokens
        from pbem.routing import read_routing_lines

        row = self.store.inbound(inbound_id)
        limit = self.config.mail_in.max_message_bytes
        too_large = row["size"] > limit
        message = envelope and envelope.message
        if message is None:
            # Of mail over the limit only the headers are read: it costs no more memory.
            raw = self.store.inbound_raw(inbound_id, limit if too_large else -1)
            message = parse_message(header_block(raw, limit) if too_large else raw)
        now = self.clock()
        author = (envelope and envelope.author) or read_sender(message)
        reason = automatic_reason(message, [self.config.moderator.address],
                                  sender=author.address)
        if reason:
            with self.store.atomic():
                self._finish(inbound_id, "ignored", reason)
            return "ignored"
        sender = row["sender"]
        subject = row["subject"] or ""
        in_reply_to = row["message_id"]
        if author.problem is not None:  # answered only at the real address, if it has one
            return self._refuse(inbound_id, author.address, author.problem, subject,
                                in_reply_to, sender=author.address, shown=author.shown)
        if too_large:
            return self._refuse(inbound_id, sender, "too-large", subject, in_reply_to)
        if self.config.mail_in.dkim.required(sender) and not dkim_signed(
                self.store.inbound_raw(inbound_id, -1), sender, self.dns):
            return self._refuse(inbound_id, sender, "unsigned", subject, in_reply_to)
        lines = read_routing_lines(order_text(message))
        tokens = claimed_tokens(message, self.config.moderator.domain)
        self.crash("filing")
        # The game is read in the transaction that files the mail: a command that changed
        # it before is seen, one that comes later waits, so the orders are filed in the
        # step they were read against and the answer says what will count.
        with self.store.atomic():
            return self._route(inbound_id, row, lines, tokens, now)

    def _route(self, inbound_id: int, row: dict, lines: RoutingLines, tokens: tuple[str, ...],
               now: datetime) -> str:
        """File a mail in its game: the GM's commands, or a seat's orders; or refuse it.

        ``tokens`` are the reply tokens the mail carries (``pbem.reply_token``)."""
        from pbem import flood
        from pbem.reply_token import replied_before, replied_seats
        from pbem.routing import SUBJECT_TAG, Refusal, find_seat, game_from_subject

        sender, subject, in_reply_to = row["sender"], row["subject"] or "", row["message_id"]
        known = {game["id"] for game in self.store.all("select id from games")}
        game_id = (game_from_subject(subject, known) or lines.game
                   or next(iter(SUBJECT_TAG.findall(subject)), None))
        if not game_id or game_id not in known:
            reason = Refusal.UNKNOWN_GAME if game_id else Refusal.NO_GAME
            return self._refuse(inbound_id, sender, reason, subject, in_reply_to,
                                game=game_id, games=self._games_of(sender))
        record = GameRecord.load(self.store, game_id)
        if self._from_gm(record, sender, lines.secret):
            if flood.held(self.config, self.store, row, now):   # counted once proven
                return "ignored"
            return self._gm_mail(inbound_id, record, lines.orders, in_reply_to, now)
        routed = find_seat(record.seats, record.settings["auth"], sender, lines,
                           replied_seats(record.key, record.id, record.seats, tokens),
                           replied_before(record.key, record.id, record.seats, tokens))
        if routed.refusal in flood.SECRET_REFUSALS:
            return self._refuse_secret(inbound_id, record, routed, sender, subject,
                                       in_reply_to, lines.seat)
        if routed.refusal is not None:
            return self._refuse(inbound_id, routed.notify, routed.refusal, subject,
                                in_reply_to if routed.notify == sender else None,
                                game=game_id, sender=sender,
                                seat=(routed.seat or lines.seat
                                      or self._seat_of(record, routed.notify)))
        if flood.held(self.config, self.store, row, now):     # counted once proven
            return "ignored"
        if record.finished:
            return self._refuse(inbound_id, sender, "game-over", subject, in_reply_to,
                                game=game_id)
        if record.dealing:
            return self._before_deal(inbound_id, record, routed.seat, lines.orders,
                                     in_reply_to, now)
        return self._accept(inbound_id, record, routed.seat, lines.orders, in_reply_to, now)

    @staticmethod
    def _from_gm(record: GameRecord, sender: str, secret: str | None) -> bool:
        """The GM's address with the game's GM secret."""
        gm = record.settings.get("gm_address")
        return (gm is not None and secret is not None and sender == gm.lower()
                and hmac.compare_digest(secret.encode(), record.settings["gm_secret"].encode()))

    def _gm_mail(self, inbound_id: int, record: GameRecord, text: str, in_reply_to: str,
                 now: datetime) -> str:
        """Every line of a GM mail is a GM command; the GM is answered with the results."""
        from pbem import reports
        from pbem.commands import GM_COMMANDS, CommandContext, run_commands, split_commands
        from pbem.game import OrderError

        commands, rest = split_commands(text, GM_COMMANDS)
        unknown = [OrderError(n, line, "unknown-command", "not a GM command",
                              tuple(sorted(GM_COMMANDS)))
                   for n, line in enumerate(rest.splitlines(), start=1) if line.strip()]
        with self.store.atomic():
            context = CommandContext(self.config, self.store, record, None, now)
            errors = sorted(run_commands(context, commands, GM_COMMANDS) + unknown,
                            key=lambda e: e.line_no)
            mail = reports.gm_answer(self.config, record, context.answers, errors,
                                     in_reply_to, now)
            outbox.enqueue(self.store, mail, now, "gm-answer", record.id)
            self._finish(inbound_id, "processed",
                         f"GM: {len(commands)} commands, {len(errors)} errors", record.id)
        return "accepted" if commands else "rejected"

    def _games_of(self, sender: str) -> list[str]:
        return sorted({s["game_id"] for s in self.store.seats_of_address(sender)})

    @staticmethod
    def _seat_of(record: GameRecord, address: str | None) -> str | None:
        return next((s["seat"] for s in players_first(record.seats) if s["address"] == address),
                    None)

    def _refuse(self, inbound_id: int, to: str | None, reason, subject: str,
                in_reply_to: str | None, kind: str | None = None, **context) -> str:
        """Refuse a mail, answering ``to`` with the answer of ``kind``; without a kind, within
        the bounds of ``flood.refusal_answer`` (to a stranger: nothing the mail said)."""
        from pbem import flood, reports

        code = reason.value if isinstance(reason, Enum) else reason
        now = self.clock()
        with self.store.atomic():
            if to and kind is None:
                kind = flood.refusal_answer(self.config, self.store, to, now)
            if to and kind == flood.STRANGER_REFUSAL:
                outbox.enqueue(self.store, reports.stranger_refusal(self.config, to, reason, now),
                               now, kind)
            elif to and kind:
                mail = reports.refusal(self.config, to, reason, subject, now,
                                       in_reply_to=in_reply_to, **context)
                outbox.enqueue(self.store, mail, now, kind, context.get("game"))
            self._finish(inbound_id, "rejected", code, context.get("game"))
        return "rejected"

    def _refuse_secret(self, inbound_id: int, record: GameRecord, routed, sender: str,
                       subject: str, in_reply_to: str, seat: str | None) -> str:
        """A mail refused for a missing or wrong secret, answered within the bound of
        ``flood.secret_answer``: the refusal, or the notice that further such mails are not
        answered (with a word to the GM), or nothing."""
        from pbem import flood, reports

        to, now = routed.notify, self.clock()
        seat = seat or self._seat_of(record, to)
        reply = in_reply_to if to == sender else None
        kind = flood.secret_answer(self.config, self.store, to, now) if to else None
        if kind != flood.SECRET_IGNORED:
            return self._refuse(inbound_id, to if kind else None, routed.refusal, subject,
                                reply, kind=kind, game=record.id, sender=sender, seat=seat)
        gm = record.settings.get("gm_address")
        with self.store.atomic():
            outbox.enqueue(self.store, reports.secret_flood(
                self.config, to, subject, now, record.id, seat, to, reply), now, kind, record.id)
            if gm:
                outbox.enqueue(self.store, reports.secret_flood(
                    self.config, gm, subject, now, record.id, seat, to), now,
                    flood.SECRET_FLOOD, record.id)
            self._finish(inbound_id, "rejected", routed.refusal.value, record.id)
        return "rejected"

    def _accept(self, inbound_id: int, record: GameRecord, seat: str, text: str,
                in_reply_to: str, now: datetime) -> str:
        # The commands (and the league's among them) are loaded by the first mail, not by
        # an idle tick (benchmarks/idle_tick.py).
        from pbem import digest, reports
        from pbem.ahead import ahead_prompts, hold
        from pbem.commands import PLAYER_COMMANDS, CommandContext, run_commands, split_commands
        from pbem.commands.limits import within_limits
        from pbem.confusables import plain_letters
        from pbem.decisions import read_orders
        from pbem.echo import echo

        found, orders = split_commands(text, PLAYER_COMMANDS)
        parsed, notes = read_orders(record.rules, record.state, seat, plain_letters(orders),
                                    record.prompts())
        open_prompts = {p.key: p for p in record.prompts()}
        ahead = {p.key: p for p in ahead_prompts(record.rules, record.state, seat)}
        later = [order for order in parsed.orders if order.prompt not in open_prompts]
        with self.store.atomic():
            if later:  # held now: the record's held orders, loaded in this transaction, change
                hold(self.store, record, seat, later, ahead, orders, inbound_id, now)
                record.held = self.store.held_orders(record.id)
            for order in parsed.orders:
                if order in later:
                    continue
                assert open_prompts[order.prompt].seat == seat, order
                self.store.execute(
                    "insert into pending_orders (game_id, step, prompt, seat, value, text, "
                    "inbound_id, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?) "
                    "on conflict (game_id, step, prompt) do update set seat = excluded.seat, "
                    "value = excluded.value, text = excluded.text, "
                    "inbound_id = excluded.inbound_id, updated_at = excluded.updated_at",
                    (record.id, record.step, order.prompt, seat, json.dumps(order.value),
                     order.text, inbound_id, utc_text(now)))
            self.crash("recorded")  # inside the transaction: a kill here files nothing
            # Commands run after the orders are filed, so that they see this mail's orders.
            context = CommandContext(self.config, self.store, record, seat, now, list(notes))
            commands, over = within_limits(context, found, PLAYER_COMMANDS)
            command_errors = run_commands(context, commands, PLAYER_COMMANDS) + over
            # A standing order just set, or a held order for a decision open now, is filed
            # at once: the answer shows it in, and nobody reads the seat as waited for.
            file_moderator_orders(self.store, record, record.prompts(), now)
            standing = list(self.store.pending(record.id, record.step).values())
            lines = echo(text, parsed, [c.line_no for c in found], command_errors)
            mail = reports.acknowledgement(
                self.config, record, seat, lines, standing,
                self.store.deadline(record.id, record.step), in_reply_to, now,
                answers=context.answers)
            outbox.enqueue(self.store, mail, now, "acknowledgement", record.id, seat)
            digest.offered(self.store, record, record.seat(seat), ahead)
            outcome = "accepted" if parsed.orders or commands or notes else "rejected"
            self._finish(inbound_id, "processed",
                         f"{len(parsed.orders)} orders, {len(parsed.errors)} errors",
                         record.id, seat)
        return outcome

    def _before_deal(self, inbound_id: int, record: GameRecord, seat: str, text: str,
                     in_reply_to: str, now: datetime) -> str:
        """A seat's mail to a game waiting for its salts: its SALT (and HELP) run, every
        other line is answered as not read yet (docs/fairness.md)."""
        from pbem import reports
        from pbem.commands import PLAYER_COMMANDS, CommandContext, run_commands, split_commands
        from pbem.commands.limits import within_limits
        from pbem.game import OrderError

        found, rest = split_commands(text, PLAYER_COMMANDS)
        unread = [OrderError(n, line, "not-dealt", "the game is not dealt yet: only SALT "
                             "is read until the deal") for n, line in
                  enumerate(rest.splitlines(), start=1) if line.strip()]
        with self.store.atomic():
            context = CommandContext(self.config, self.store, record, seat, now)
            commands, over = within_limits(context, found, PLAYER_COMMANDS)
            errors = sorted(run_commands(context, commands, PLAYER_COMMANDS) + over + unread,
                            key=lambda e: e.line_no)
            mail = reports.before_deal_answer(self.config, record, seat, context.answers,
                                              errors, in_reply_to, now)
            outbox.enqueue(self.store, mail, now, "acknowledgement", record.id, seat)
            self._finish(inbound_id, "processed",
                         f"before the deal: {len(commands)} commands, {len(errors)} errors",
                         record.id, seat)
        return "accepted" if commands else "rejected"

    def deal_due(self, summary: TickSummary) -> None:
        """Open the reveal round of every game waiting for salts whose seats have all committed
        or whose salt window has passed, and deal every game whose salts are all revealed or
        whose reveal window has passed (``pbem.definition.salts_due``); one game that fails to
        deal fails alone."""
        games = self.store.games(DEALING)
        if not games:
            return
        from pbem.definition import DEAL, REVEAL, deal, open_reveal, salts_due

        for game in games:
            try:
                record = GameRecord.load(self.store, game["id"])
                due = salts_due(record, self.clock())
                if due == REVEAL:
                    open_reveal(self.store, self.config, record, self.clock())
                elif due == DEAL:
                    deal(self.store, self.config, record.id, self.clock())
            except Exception as error:  # one broken game must not stop the others
                log.exception("game %s", game["id"])
                summary.errors.append(f"game {game['id']}: {error!r}")

    # --- resolution
    def resolve_due(self, summary: TickSummary) -> None:
        """Resolve every active game whose step has all its orders or is past its deadline.

        A game found not ready is not loaded again while nothing it depends on changes
        (``pbem.resolution.quiet``)."""
        for game in self.store.games("active"):
            try:
                if not quiet(self.store, game, self.clock()):
                    steps = self.resolve(game["id"])
                    summary.steps += steps
                    if not steps:
                        note_quiet(self.store, game["id"], self.clock())
            except Exception as error:  # one broken game must not stop the others
                log.exception("game %s", game["id"])
                summary.errors.append(f"game {game['id']}: {error!r}")
            self.crash("resolved")

    def resolve(self, game_id: str) -> int:
        """Apply every step of one game that is ready, and queue the reports; returns the count.

        Steps that need nobody's decision follow on at once, so one tick may
        resolve several steps; the seats then get one report covering them all, and
        the GM and every observer the public report.
        """
        now = self.clock()
        with self.store.atomic():
            record = GameRecord.load(self.store, game_id)
            done = resolve_ready_steps(self.store, record, now)
            self.crash("applied")  # inside the transaction: a kill here applies nothing
            if done.steps:
                from pbem.announce import report_steps

                report_steps(self.config, self.store, record, done, now)
            self.crash("enqueued")
        return done.steps

    # --- mail out
    def send_outbox(self, only: list[int] | None = None) -> outbox.DeliveryReport:
        """Send what is due in the outbox (of the messages ``only``, if given), holding the
        lock: two processes sending at once would both send every message due.  Raises
        ``TickBusy`` if another process keeps the lock; the mail then waits for the next tick."""
        with self.exclusive():
            return outbox.deliver(self.store, make_sink(self.config.mail_out),
                                  self.config.mail_out.retry, self.clock(),
                                  self.config.moderator.address, self.crash, only)

    def deliver(self, summary: TickSummary) -> None:
        report = self.send_outbox()
        summary.sent += report.sent
        summary.deferred += report.deferred
        summary.failed += report.failed
        summary.waiting = report.waiting


def run_gm_command(moderator: Moderator, game_id: str, line: str) -> list[str]:
    """Run one GM command line on a game (the ``pbem gm`` command); returns the answers.

    Raises ``LookupError`` for an unknown game and ``CommandError`` for a bad command.
    """
    from pbem.commands import (
        GM_COMMANDS,
        CommandContext,
        CommandError,
        run_commands,
        split_commands,
    )

    now = moderator.clock()
    with moderator.store.atomic():
        record = GameRecord.load(moderator.store, game_id)
        commands, _ = split_commands(line, GM_COMMANDS)
        if not commands:
            raise CommandError(f"not a GM command: {line!r}; GM commands: "
                               f"{', '.join(sorted(GM_COMMANDS))}")
        context = CommandContext(moderator.config, moderator.store, record, None, now)
        errors = run_commands(context, commands, GM_COMMANDS)
        if errors:
            raise CommandError(errors[0].message)
    return context.answers
