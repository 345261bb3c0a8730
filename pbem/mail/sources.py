"""Mail in: a local Maildir or an IMAP mailbox.

A source yields new messages in batches of ``Incoming`` items and is told, after
the moderator has committed its processing of every message of a batch, to mark the
batch done: the Maildir source flags each message seen (moving it to cur/; a batch
is one message, since a rename marks one at a time), the IMAP source flags the
batch or moves it to the processed folder with one command, and remembers the last
UID, keyed by UIDVALIDITY.  An IMAP batch fetches its bodies as it is read, a few at a
time, so memory is bounded by one message whatever the batch holds.  Until then a
message stays where it was, so a crash never loses it: the next tick reads it again,
finds it archived, and marks it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pbem.config import ConfigError, ImapIn, MailIn
from pbem.mail.sinks import DeliveryError, tls_context, token_from_command

if TYPE_CHECKING:
    import imapclient

SEEN = rb"\Seen"
PROCESSED_KEYWORD = b"$PbemProcessed"
FETCH_BATCH = 200


class SourceError(Exception):
    """The mailbox could not be read."""


@dataclass(frozen=True)
class Incoming:
    """A message found in a source: its key there and its raw bytes."""

    key: str
    raw: bytes


class Source(Protocol):
    name: str

    def fetch(self) -> Iterator[Iterable[Incoming]]: ...

    def mark_done(self, batch: Iterable[Incoming]) -> None: ...

    def close(self) -> None: ...


class MaildirSource:
    """Players' mail delivered into a local Maildir.

    A message is new until it carries the Maildir "seen" flag: marking it
    done renames it into cur/ with the flag, which is atomic.
    """

    def __init__(self, path: Path):
        self.path = Path(path)
        self.name = f"maildir:{self.path}"
        for sub in ("tmp", "new", "cur"):
            (self.path / sub).mkdir(parents=True, exist_ok=True)

    def fetch(self) -> Iterator[list[Incoming]]:
        """Every message not yet flagged seen, in delivery order, one per batch."""
        found = []
        for sub in ("new", "cur"):
            for path in (self.path / sub).iterdir():
                if path.name.startswith(".") or "S" in _maildir_flags(path.name):
                    continue
                try:
                    found.append((path.stat().st_mtime_ns, path.name, f"{sub}/{path.name}"))
                except FileNotFoundError:
                    continue
        for _, _, key in sorted(found):
            try:
                raw = (self.path / key).read_bytes()
            except FileNotFoundError:
                continue
            yield [Incoming(key, raw)]

    def mark_done(self, items: list[Incoming]) -> None:
        for item in items:
            sub, _, name = item.key.partition("/")
            base, _, _ = name.partition(":2,")
            flags = "".join(sorted(set(_maildir_flags(name)) | {"S"}))
            with contextlib.suppress(FileNotFoundError):
                os.rename(self.path / sub / name, self.path / "cur" / f"{base}:2,{flags}")

    def close(self) -> None:
        """Nothing to close."""


def _maildir_flags(name: str) -> str:
    return name.partition(":2,")[2]


class ImapSource:
    """A mailbox on an IMAP server, read incrementally by UIDVALIDITY and UID."""

    def __init__(self, settings: ImapIn, store):
        # imapclient (and imaplib, ssl) are imported when an IMAP mailbox is opened: a
        # Maildir installation's tick never loads them (30 ms of an idle tick, issue 20).
        # imapclient's errors are imaplib's (``IMAPClientError`` is ``IMAP4.error``).
        from imaplib import IMAP4

        self.error = IMAP4.error
        self.settings = settings
        self.store = store
        self.name = f"imap:{settings.auth.user}@{settings.host}/{settings.folder}"
        self.client: imapclient.IMAPClient | None = None
        self.uidvalidity = 0

    def _connect(self) -> imapclient.IMAPClient:
        import imapclient

        s = self.settings
        # No TLS context without TLS: making one reads the system's CA store (~20 ms).
        context = tls_context(s.ca_file) if s.security != "none" else None
        client = imapclient.IMAPClient(s.host, port=s.default_port(), ssl=s.security == "tls",
                                       ssl_context=context, timeout=s.timeout)
        if s.security == "starttls":
            client.starttls(context)
        if s.auth.oauth2_token_command:
            client.oauth2_login(s.auth.user, token_from_command(s.auth.oauth2_token_command))
        else:
            client.login(s.auth.user, s.auth.password() or "")
        return client

    def fetch(self) -> Iterator[ImapBatch]:
        """Every message above the last UID done, in UID order, in batches of at most
        ``FETCH_BATCH``.  Of a batch only the flags and sizes are fetched at once; the bodies
        come as the batch is read, a few at a time (``ImapBatch``), so a tick holds one large
        message at most, whatever the batch holds (issue 34, item 7).  A message sent without
        its body ends the fetch (``SourceError``) after the messages before it."""
        try:
            self.client = self._connect()
            status = self.client.select_folder(self.settings.folder)
            if self.settings.processed_folder and not self.client.folder_exists(
                    self.settings.processed_folder):
                self.client.create_folder(self.settings.processed_folder)
        except (self.error, OSError, DeliveryError, ConfigError) as error:  # SSLError is an OSError
            raise SourceError(f"cannot read {self.name}: {error}") from error
        self.uidvalidity = int(status[b"UIDVALIDITY"])
        known_validity, last_uid = self.store.source_position(self.name)
        if known_validity != self.uidvalidity:
            last_uid = 0  # the mailbox was rebuilt: start over, Message-IDs dedupe
        try:
            uids = [uid for uid in self.client.search(["UID", f"{last_uid + 1}:*"])
                    if uid > last_uid]
        except (self.error, OSError) as error:
            raise SourceError(f"cannot search {self.name}: {error}") from error
        for start in range(0, len(uids), FETCH_BATCH):
            batch = ImapBatch(self, sorted(uids[start:start + FETCH_BATCH]))
            yield batch
            if batch.problem is not None:
                raise batch.problem

    def _sizes(self, uids: list[int]) -> dict[int, int]:
        """The size of each message of ``uids`` not yet flagged processed (one no longer in
        the mailbox is left out)."""
        try:
            data = self.client.fetch(uids, ["FLAGS", "RFC822.SIZE"])
        except (self.error, OSError) as error:
            raise SourceError(f"cannot fetch from {self.name}: {error}") from error
        return {uid: int(data[uid].get(b"RFC822.SIZE") or 0) for uid in uids
                if uid in data and PROCESSED_KEYWORD not in data[uid].get(b"FLAGS", ())}

    def _bodies(self, uids: list[int]) -> dict[int, dict]:
        """The bodies of a few messages, fetched with one command (as the server sent them:
        ``BODY[]`` may be missing, ``_body_alone``)."""
        try:
            return self.client.fetch(uids, ["BODY.PEEK[]"])
        except (self.error, OSError) as error:
            raise SourceError(f"cannot fetch from {self.name}: {error}") from error

    def _body_alone(self, uid: int) -> bytes:
        """A message the server listed without its body, fetched again alone; if it still
        comes without one, the fetch stops here (``SourceError``: the tick goes on without
        new mail, and the message is read by a later tick, never skipped)."""
        try:
            body = self.client.fetch([uid], ["BODY.PEEK[]"]).get(uid, {}).get(b"BODY[]")
        except (self.error, OSError) as error:
            raise SourceError(f"cannot fetch message {uid} from {self.name}: {error}"
                              ) from error
        if not body:
            raise SourceError(f"the server sent message {uid} of {self.name} without its "
                              "body; it is read again at the next tick")
        return body

    def mark_done(self, batch: ImapBatch) -> None:
        """Move (or flag) the messages read of a batch with one command, then remember the
        last UID before which every message of the batch is done: read and marked, or flagged
        processed before.  The position never passes a message not yet read (issue 34, item
        9: a flagged message above unread ones in a rebuilt mailbox)."""
        uids = [int(item.key) for item in batch.read]
        try:
            if uids and self.settings.processed_folder:
                self.client.move(uids, self.settings.processed_folder)
            elif uids:
                self.client.add_flags(uids, [SEEN, PROCESSED_KEYWORD])
        except (self.error, OSError) as error:
            named = ", ".join(map(str, uids))
            raise SourceError(f"cannot mark messages {named} done in {self.name}: {error}"
                              ) from error
        done = set(uids) | batch.processed_before
        position = None
        for uid in batch.uids:
            if uid not in done:
                break
            position = uid
        if position is not None:
            self.store.set_source_position(self.name, self.uidvalidity, position)

    def close(self) -> None:
        if self.client is not None:
            with contextlib.suppress(self.error, OSError):
                self.client.logout()
            self.client = None


BODY_BYTES = 2**20  # the bodies fetched with one command, at most (one larger message alone)


class ImapBatch:
    """A batch of UIDs read lazily: iterating it fetches the bodies of the messages not yet
    processed, a few at a time up to ``BODY_BYTES`` (one larger message alone), and keeps
    none of them; ``read`` are the items handed out (without their bodies), ``problem`` the
    ``SourceError`` that ended the reading, if one did."""

    def __init__(self, source: ImapSource, uids: list[int]):
        self.source = source
        self.uids = uids
        self.sizes = source._sizes(uids)
        self.processed_before = set(uids) - set(self.sizes)
        self.read: list[Incoming] = []
        self.problem: SourceError | None = None

    def __iter__(self) -> Iterator[Incoming]:
        try:
            for group in self._groups():
                bodies = self.source._bodies(group)
                for uid in group:
                    item = bodies.pop(uid, None)
                    if item is None:
                        continue  # expunged meanwhile: nothing to read
                    body = item.get(b"BODY[]") or self.source._body_alone(uid)
                    del item
                    self.read.append(Incoming(str(uid), b""))
                    yield Incoming(str(uid), body)
                    del body
        except SourceError as error:
            self.problem = error

    def _groups(self) -> Iterator[list[int]]:
        group, size = [], 0
        for uid, length in self.sizes.items():
            if group and size + length > BODY_BYTES:
                yield group
                group, size = [], 0
            group.append(uid)
            size += length
        if group:
            yield group


def make_source(settings: MailIn, store) -> MaildirSource | ImapSource:
    """The source the configuration asks for."""
    if settings.transport == "imap":
        return ImapSource(settings.imap, store)
    return MaildirSource(settings.maildir.path)
