"""The moderator's SQLite store: games, seats, inbound mail, the decision log,
pending orders, deadlines and the outbox.

The schema is versioned by ``PRAGMA user_version`` and brought up to date by
the numbered migrations below, in order, each in its own transaction.
A state change and the mail it causes are written in one ``atomic()`` block.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sqlite_utils

INSTALLATION_KEY = "installation-key"
BLOB_PIECE = 1 << 20  # raw mail is written to the database a MiB at a time


@lru_cache(maxsize=64)
def utc_text(moment: datetime) -> str:
    """A UTC time as stored: ISO 8601 to the second, sortable as text.  Worked out once per
    moment: a tick writes its clock's time hundreds of times (issue 20)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_utc(text: str) -> datetime:
    """The inverse of ``utc_text`` (not ``strptime``, whose first call costs a tick 1 ms)."""
    return datetime.fromisoformat(text).astimezone(UTC)


def _migration_1(db: sqlite_utils.Database) -> None:
    """The first schema."""
    db["games"].create({
        "id": str, "game": str, "ruleset": str, "options": str, "rules_version": str,
        "seed": str, "status": str, "step": int, "state": str, "settings": str,
        "result": str, "created_at": str, "updated_at": str,
    }, pk="id", not_null={"game", "ruleset", "seed", "status", "step", "state"})
    db["seats"].create({
        "game_id": str, "seat": str, "address": str, "secret": str, "player": str,
        "timezone": str, "thread_id": str,
    }, pk=("game_id", "seat"), foreign_keys=[("game_id", "games", "id")])
    db["seats"].create_index(["address"])
    db["inbound"].create({
        "id": int, "message_id": str, "source": str, "source_key": str, "received_at": str,
        "size": int, "raw": bytes, "status": str, "outcome": str, "game_id": str, "seat": str,
        "sender": str, "subject": str, "processed_at": str,
    }, pk="id", not_null={"message_id", "raw", "status"})
    db["inbound"].create_index(["message_id"], unique=True)
    db["inbound"].create_index(["status"])
    db["decisions"].create({
        "game_id": str, "step": int, "orders": str, "defaulted": str, "events": str,
        "applied_at": str,
    }, pk=("game_id", "step"), foreign_keys=[("game_id", "games", "id")])
    db["pending_orders"].create({
        "game_id": str, "step": int, "prompt": str, "seat": str, "value": str, "text": str,
        "inbound_id": int, "updated_at": str,
    }, pk=("game_id", "step", "prompt"))
    db["deadlines"].create({
        "game_id": str, "step": int, "opened_at": str, "due_at": str,
    }, pk=("game_id", "step"))
    db["outbox"].create({
        "id": int, "message_id": str, "game_id": str, "seat": str, "kind": str,
        "sender": str, "recipients": str, "subject": str, "message": bytes, "status": str,
        "attempts": int, "next_attempt_at": str, "last_error": str, "created_at": str,
        "sent_at": str,
    }, pk="id", not_null={"message_id", "message", "status", "recipients"})
    db["outbox"].create_index(["message_id"], unique=True)
    db["outbox"].create_index(["status", "next_attempt_at"])
    db["mail_sources"].create({"name": str, "uidvalidity": int, "last_uid": int}, pk="name")


def _migration_2(db: sqlite_utils.Database) -> None:
    """The pace of play: reminders, grace and waits per deadline; missed deadlines, civil
    disorder and preferences per seat; observers; the moderator's last tick."""
    for column, kind in (("reminded_at", str), ("late_notice_at", str), ("all_in_at", str),
                         ("waits", str), ("extended_by", str)):
        db["deadlines"].add_column(column, kind)
    for column, kind in (("missed", int), ("disorder", str), ("preferences", str)):
        db["seats"].add_column(column, kind)
    db["observers"].create({"game_id": str, "address": str}, pk=("game_id", "address"))
    db["meta"].create({"key": str, "value": str}, pk="key")


def _migration_3(db: sqlite_utils.Database) -> None:
    """GM adjudications in the decision log, and press between players."""
    db["decisions"].add_column("kind", str, not_null_default="orders")
    db["decisions"].add_column("note", str)
    db["press"].create({
        "id": int, "game_id": str, "sender": str, "recipients": str, "anonymous": int,
        "text": str, "created_at": str,
    }, pk="id")


def _migration_4(db: sqlite_utils.Database) -> None:
    """Leagues (their definition as checked JSON) and the results of finished games
    (``pbem.league``)."""
    db["leagues"].create({"id": str, "definition": str, "updated_at": str}, pk="id")
    db["results"].create({"game_id": str, "step": int, "result": str, "recorded_at": str},
                         pk="game_id", foreign_keys=[("game_id", "games", "id")])


def _migration_5(db: sqlite_utils.Database) -> None:
    """Inbound mail known by Message-ID and content (``pbem.mail.envelope``): a different
    message re-sent under a known Message-ID is archived and read."""
    db["inbound"].add_column("digest", str)
    for row in db.query("select id, raw from inbound"):
        raw = bytes(row["raw"])
        from pbem.mail.envelope import content_digest, header_block

        digest = content_digest(raw, header_block(raw, len(raw)))
        db["inbound"].update(row["id"], {"digest": digest})
    db.execute("drop index idx_inbound_message_id")
    db["inbound"].create_index(["message_id", "digest"], unique=True)
    # The raw bytes last: SQLite writes a zeroblob without making it in memory only in
    # the last column of a row (``Store.archive_inbound``).
    columns = [column.name for column in db["inbound"].columns if column.name != "raw"]
    db["inbound"].transform(column_order=[*columns, "raw"])


def _migration_6(db: sqlite_utils.Database) -> None:
    """Reports only with news (``pbem.digest``): per seat the last step reported to it and
    the map last sent to it (its drawing's digest, and its turn); per decision its notes
    (orders defaulted, civil disorder), for a report that covers steps not mailed at once."""
    for column, kind in (("reported_step", int), ("map_digest", str), ("map_turn", int)):
        db["seats"].add_column(column, kind)
    db["decisions"].add_column("notes", str)


def _migration_7(db: sqlite_utils.Database) -> None:
    """Orders given ahead, held until their decision opens (``pbem.ahead``): one per seat and
    name; one that could not be filed keeps the reason, for the seat's next mail."""
    db["held_orders"].create({
        "game_id": str, "seat": str, "name": str, "title": str, "text": str,
        "inbound_id": int, "held_at": str, "refused": str, "refused_step": int,
    }, pk=("game_id", "seat", "name"))


def _migration_8(db: sqlite_utils.Database) -> None:
    """Per seat the decisions to come its last mail offered (``pbem.digest``: a new one is
    news); per held order the step it was last filed at, for one that answers each time its
    decision opens (``pbem.ahead``, ``DecisionKind.again``)."""
    db["seats"].add_column("ahead_shown", str)
    db["held_orders"].add_column("filed_step", int)


def _migration_9(db: sqlite_utils.Database) -> None:
    """Fairness every player can check (docs/fairness.md): per game the GM's committed seed,
    the commitment mailed at ``game new``, the seats' salts and when the deal is due; and the
    GM's interventions, each with what it changed and when, for the published record."""
    for column in ("gm_seed", "commitment", "salts", "deal_at"):
        db["games"].add_column(column, str)
    db["interventions"].create({
        "id": int, "game_id": str, "step": int, "command": str, "details": str,
        "reason": str, "at": str,
    }, pk="id", foreign_keys=[("game_id", "games", "id")])
    db["interventions"].create_index(["game_id"])


def _migration_10(db: sqlite_utils.Database) -> None:
    """Inbound mail by sender and time, and the outbox by kind and time: for every new
    message the flood check (``pbem.flood``) counts its sender's recent mail, and the command
    limits (``pbem.commands.limits``) the answers of the day to its address; without them
    each read the whole archive or the whole outbox."""
    db["inbound"].create_index(["sender", "received_at"], if_not_exists=True)
    db["outbox"].create_index(["kind", "created_at"], if_not_exists=True)


def _migration_11(db: sqlite_utils.Database) -> None:
    """Each decision's link of the game's running digest (``pbem.chain.chain_head``;
    made when first asked for the decisions of older games); the digests of the salts the
    seats committed to, and when the round that reveals them ends (``pbem.commands.salt``)."""
    db["decisions"].add_column("chain", str)
    db["games"].add_column("salt_digests", str)
    db["games"].add_column("reveal_at", str)


MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [
    _migration_1, _migration_2, _migration_3, _migration_4, _migration_5, _migration_6,
    _migration_7, _migration_8, _migration_9, _migration_10, _migration_11]
SCHEMA_VERSION = len(MIGRATIONS)


class Store:
    """The database of one moderator installation."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # The tick's own statements go to the sqlite3 connection; sqlite-utils (and the
        # 60 ms of its imports: issue 20's idle tick) is loaded only when ``db`` is asked for.
        self.conn = sqlite3.connect(str(self.path))
        self.conn.execute("PRAGMA recursive_triggers = on")  # as sqlite-utils sets it
        self.conn.execute("PRAGMA busy_timeout = 30000")
        self.conn.execute("PRAGMA foreign_keys = ON")
        self.conn.execute("PRAGMA journal_mode = wal")
        # A commit is not synced to disk (a killed process loses nothing; a power cut may
        # undo the last commits): ``make_durable`` syncs before anything leaves the
        # machine.  docs/reliability.md, "Durability".
        self.conn.execute("PRAGMA synchronous = NORMAL")
        self._db: sqlite_utils.Database | None = None
        self.migrate()
        self._inbound_columns: str | None = None
        self._installation_key: str | None = None

    @property
    def db(self) -> sqlite_utils.Database:
        """sqlite-utils' view of the connection, for its table methods (made on first use)."""
        if self._db is None:
            import sqlite_utils

            # No sqlite-utils plugins: looking for them reads every installed package's
            # metadata.
            self._db = sqlite_utils.Database(self.conn, execute_plugins=False)
        return self._db

    def execute(self, sql: str, params: tuple | list | dict = ()) -> sqlite3.Cursor:
        """Run one statement; a write outside a transaction is committed at once (as
        sqlite-utils' ``execute`` does), one inside is part of it."""
        opened = not self.conn.in_transaction
        try:
            cursor = self.conn.execute(sql, params)
        except Exception:
            if opened and self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        if opened and self.conn.in_transaction:
            self.conn.execute("COMMIT")
        return cursor

    @property
    def version(self) -> int:
        return self.conn.execute("PRAGMA user_version").fetchone()[0]

    def migrate(self) -> None:
        """Apply every migration the database has not had yet."""
        while self.version < SCHEMA_VERSION:
            version = self.version
            with self.db.atomic():
                MIGRATIONS[version](self.db)
                self.db.execute(f"PRAGMA user_version = {version + 1}")

    @contextmanager
    def atomic(self) -> Iterator[Store]:
        """One transaction: everything inside commits together or not at all.

        The outermost block takes the write lock at once (``BEGIN IMMEDIATE``): a
        transaction that read first and wrote later would fail at once with "database
        is locked" while another process writes, instead of waiting the busy timeout.
        """
        if self.conn.in_transaction:
            with self._savepoint():  # inside the outer transaction
                yield self
            return
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    @contextmanager
    def _savepoint(self) -> Iterator[None]:
        """A nested block: undone alone if it raises, kept with its transaction if not."""
        name = f"nested_{secrets.token_hex(8)}"
        self.conn.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            # A statement that aborts the whole transaction takes the savepoint with it.
            if self.conn.in_transaction:
                self.conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
                self.conn.execute(f"RELEASE SAVEPOINT {name}")
            raise
        self.conn.execute(f"RELEASE SAVEPOINT {name}")

    def make_durable(self) -> None:
        """Sync every commit so far to disk, before an effect outside the database that
        relies on them (a message marked done in its mailbox, mail handed to a server).

        A full checkpoint: the write-ahead log is synced, copied into the database file, and
        that is synced.  Raises ``sqlite3.OperationalError`` if readers keep it from
        finishing within the busy timeout."""
        busy, _, _ = self.conn.execute("PRAGMA wal_checkpoint(FULL)").fetchone()
        if busy:
            raise sqlite3.OperationalError("database busy: cannot sync it to disk")

    @contextmanager
    def rolled_back(self) -> Iterator[Store]:
        """A savepoint always undone: to work out what a change would do, storing nothing."""
        name = f"trial_{secrets.token_hex(8)}"
        self.conn.execute(f"SAVEPOINT {name}")
        try:
            yield self
        finally:
            self.conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
            self.conn.execute(f"RELEASE SAVEPOINT {name}")

    def close(self) -> None:
        self.conn.close()

    # Rows are returned as dicts; JSON columns are decoded by the callers that need them.
    # Queries go to the connection itself: sqlite-utils wraps each in a savepoint, two more
    # statements per query (a third of a tick's statements in issue 20's count).
    def one(self, sql: str, params: tuple | dict = ()) -> dict[str, Any] | None:
        """The first row of a query, or None."""
        cursor = self.conn.execute(sql, params)
        row = cursor.fetchone()
        return dict(zip([c[0] for c in cursor.description], row, strict=True)) if row else None

    def all(self, sql: str, params: tuple | dict = ()) -> list[dict[str, Any]]:
        """Every row of a query."""
        cursor = self.conn.execute(sql, params)
        names = [c[0] for c in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def update(self, table: str, key: dict[str, Any], changes: dict[str, Any]) -> None:
        """Set ``changes`` in the row of ``table`` whose columns equal ``key``, in one
        statement (sqlite-utils' ``update`` reads the table's schema first: a fifth of a
        tick's statements in issue 20's count)."""
        sets = ", ".join(f'"{name}" = ?' for name in changes)
        where = " and ".join(f'"{name}" = ?' for name in key)
        self.execute(f'update "{table}" set {sets} where {where}',
                     [*changes.values(), *key.values()])

    def insert(self, table: str, row: dict[str, Any]) -> None:
        """Insert ``row`` into ``table`` in one statement."""
        names, marks = ", ".join(f'"{name}"' for name in row), ", ".join("?" for _ in row)
        self.execute(f'insert into "{table}" ({names}) values ({marks})', list(row.values()))

    def upsert(self, table: str, row: dict[str, Any], pk: tuple[str, ...]) -> None:
        """Insert ``row``, or set its other columns in the row whose ``pk`` columns it
        matches, in one statement (sqlite-utils' ``upsert`` reads the table's schema first)."""
        names, marks = ", ".join(f'"{name}"' for name in row), ", ".join("?" for _ in row)
        sets = ", ".join(f'"{name}" = excluded."{name}"' for name in row if name not in pk)
        keys = ", ".join(f'"{name}"' for name in pk)
        self.execute(f'insert into "{table}" ({names}) values ({marks}) '
                     f"on conflict ({keys}) do update set {sets}", list(row.values()))

    # --- games and seats
    def game(self, game_id: str) -> dict[str, Any] | None:
        return self.one("select * from games where id = ?", (game_id,))

    def games(self, status: str | None = None) -> list[dict[str, Any]]:
        if status is None:
            return self.all("select * from games order by id")
        return self.all("select * from games where status = ? order by id", (status,))

    def seats(self, game_id: str) -> list[dict[str, Any]]:
        return self.all("select * from seats where game_id = ? order by rowid", (game_id,))

    def seat(self, game_id: str, seat: str) -> dict[str, Any] | None:
        return self.one("select * from seats where game_id = ? and seat = ?", (game_id, seat))

    def observers(self, game_id: str) -> list[str]:
        """The addresses that get a game's public reports."""
        return [row["address"] for row in
                self.all("select address from observers where game_id = ? order by address",
                         (game_id,))]

    def seats_of_address(self, address: str) -> list[dict[str, Any]]:
        return self.all("select * from seats where lower(address) = lower(?)", (address,))

    def save_game_state(self, game_id: str, step: int, state: dict, status: str,
                        now: datetime, result: dict | None = None) -> None:
        self.update("games", {"id": game_id}, {
            "step": step, "state": json.dumps(state, sort_keys=True), "status": status,
            "updated_at": utc_text(now),
            "result": json.dumps(result, sort_keys=True) if result is not None else None,
        })

    def interventions(self, game_id: str) -> list[dict[str, Any]]:
        """The GM's interventions in a game, in the order made (``pbem.fairness``)."""
        return self.all("select * from interventions where game_id = ? order by id",
                        (game_id,))

    # --- decisions and pending orders
    def decisions(self, game_id: str) -> list[dict[str, Any]]:
        return self.all("select * from decisions where game_id = ? order by step", (game_id,))

    def pending(self, game_id: str, step: int) -> dict[str, dict[str, Any]]:
        """Pending orders of a step by prompt key."""
        rows = self.all("select * from pending_orders where game_id = ? and step = ?",
                        (game_id, step))
        return {row["prompt"]: row for row in rows}

    def held_orders(self, game_id: str) -> list[dict[str, Any]]:
        """A game's orders held for decisions still to come (``pbem.ahead``), by seat and
        the time held."""
        return self.all("select * from held_orders where game_id = ? order by seat, held_at, "
                        "name", (game_id,))

    def deadline(self, game_id: str, step: int) -> datetime | None:
        row = self.one("select due_at from deadlines where game_id = ? and step = ?",
                       (game_id, step))
        return parse_utc(row["due_at"]) if row else None

    # --- inbound
    def archive_inbound(self, row: dict[str, Any], raw: bytes) -> int:
        """Insert an inbound message's ``row`` and its ``raw`` bytes; returns its id.

        The bytes are written in pieces through SQLite's blob I/O: binding them whole
        would cost two more copies of the message in memory.
        """
        names, marks = ", ".join(row), ", ".join("?" for _ in row)
        inbound_id = self.execute(
            f"insert into inbound ({names}, raw) values ({marks}, zeroblob(?))",
            [*row.values(), len(raw)]).lastrowid
        with self.conn.blobopen("inbound", "raw", inbound_id) as blob:
            for start in range(0, len(raw), BLOB_PIECE):
                blob.write(memoryview(raw)[start:start + BLOB_PIECE])
        return inbound_id

    def inbound(self, inbound_id: int) -> dict[str, Any]:
        """An inbound message's row without its raw bytes (``inbound_raw``)."""
        if self._inbound_columns is None:
            columns = self.conn.execute("select name from pragma_table_info('inbound')")
            self._inbound_columns = ", ".join(name for name, in columns if name != "raw")
        return self.one(f"select {self._inbound_columns} from inbound where id = ?",
                        (inbound_id,))

    def inbound_raw(self, inbound_id: int, limit: int = -1) -> bytes:
        """An inbound message's raw bytes, or their first ``limit``, read without loading
        the rest."""
        with self.conn.blobopen("inbound", "raw", inbound_id, readonly=True) as blob:
            return blob.read(limit)

    def inbound_by_content(self, message_id: str, digest: str) -> dict[str, Any] | None:
        """The archived message of this Message-ID and content digest, if any."""
        return self.one("select id, status from inbound where message_id = ? and digest = ?",
                        (message_id, digest))

    def unprocessed_inbound(self) -> list[int]:
        return [row["id"] for row in
                self.all("select id from inbound where status = 'new' order by id")]

    # --- mail sources
    def source_position(self, name: str) -> tuple[int | None, int]:
        row = self.one("select * from mail_sources where name = ?", (name,))
        return (row["uidvalidity"], row["last_uid"]) if row else (None, 0)

    def meta(self, key: str) -> str | None:
        row = self.one("select value from meta where key = ?", (key,))
        return row["value"] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.execute("insert into meta (key, value) values (?, ?) "
                     "on conflict (key) do update set value = excluded.value", (key, value))

    def installation_key(self) -> str:
        """The installation's random key (hex), made on first use; it keys the seats'
        reply tokens (``pbem.reply_token``).  It never changes once made."""
        if self._installation_key is None:
            key = self.meta(INSTALLATION_KEY)
            if key is None:
                with self.atomic():
                    self.conn.execute("insert or ignore into meta (key, value) values (?, ?)",
                                      (INSTALLATION_KEY, secrets.token_hex(32)))
                key = self.meta(INSTALLATION_KEY)
            self._installation_key = key
        return self._installation_key

    def set_source_position(self, name: str, uidvalidity: int, last_uid: int) -> None:
        with self.atomic():
            self.conn.execute(
                "insert into mail_sources (name, uidvalidity, last_uid) values (?, ?, ?) "
                "on conflict (name) do update set uidvalidity = excluded.uidvalidity, "
                "last_uid = excluded.last_uid", (name, uidvalidity, last_uid))
