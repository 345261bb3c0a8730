"""Mail in: a local Maildir or an IMAP mailbox.

A source yields new messages in batches of ``Incoming`` items and is told, after
the moderator has committed its processing of every message of a batch, to mark the
batch done: the Maildir source flags each message seen (moving it to cur/; a batch
is one message, since a rename marks one at a time), the IMAP source flags the
batch or moves it to the processed folder with one command, and remembers the last
UID, keyed by UIDVALIDITY.  Until then a message stays where it was, so a crash
never loses it: the next tick reads it again, finds it archived, and marks it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
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

    def fetch(self) -> Iterator[list[Incoming]]: ...

    def mark_done(self, items: list[Incoming]) -> None: ...

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

    def fetch(self) -> Iterator[list[Incoming]]:
        """Every message above the last UID done, in UID order, in batches of at most
        ``FETCH_BATCH``.  A message sent without its body ends the fetch (``SourceError``)
        after the batch of the messages before it."""
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
            batch = sorted(uids[start:start + FETCH_BATCH])
            try:
                data = self.client.fetch(batch, ["BODY.PEEK[]", "FLAGS"])
            except (self.error, OSError) as error:
                raise SourceError(f"cannot fetch from {self.name}: {error}") from error
            items, problem = [], None
            for uid in batch:
                item = data.get(uid)
                if item is None:
                    continue
                if PROCESSED_KEYWORD in item.get(b"FLAGS", ()):
                    self.store.set_source_position(self.name, self.uidvalidity, uid)
                    continue
                try:
                    items.append(Incoming(str(uid), item.get(b"BODY[]")
                                          or self._body_alone(uid)))
                except SourceError as error:
                    problem = error
                    break
            if items:
                yield items
            if problem is not None:
                raise problem

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

    def mark_done(self, items: list[Incoming]) -> None:
        """Move (or flag) a whole batch with one command, then remember its last UID."""
        uids = [int(item.key) for item in items]
        try:
            if self.settings.processed_folder:
                self.client.move(uids, self.settings.processed_folder)
            else:
                self.client.add_flags(uids, [SEEN, PROCESSED_KEYWORD])
        except (self.error, OSError) as error:
            named = ", ".join(map(str, uids))
            raise SourceError(f"cannot mark messages {named} done in {self.name}: {error}"
                              ) from error
        self.store.set_source_position(self.name, self.uidvalidity, max(uids))

    def close(self) -> None:
        if self.client is not None:
            with contextlib.suppress(self.error, OSError):
                self.client.logout()
            self.client = None


def make_source(settings: MailIn, store) -> MaildirSource | ImapSource:
    """The source the configuration asks for."""
    if settings.transport == "imap":
        return ImapSource(settings.imap, store)
    return MaildirSource(settings.maildir.path)
