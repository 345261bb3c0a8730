"""Mail out: a local Maildir or an SMTP server.

A sink opens a session (one SMTP connection for a whole delivery run) and
sends raw messages through it.  The Maildir sink names each file after the
message's Message-ID, so writing the same message twice leaves one file.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pbem.config import ConfigError, Credentials, MailOut, SmtpOut

if TYPE_CHECKING:  # imported when a session opens: not for an idle tick (issue 20)
    import smtplib
    import ssl


class DeliveryError(Exception):
    """A message could not be delivered; ``connection_lost`` if no later one can be either,
    ``permanent`` if the server refused it for good (an SMTP 5xx: retrying cannot help)."""

    def __init__(self, message: str, connection_lost: bool = False, permanent: bool = False):
        super().__init__(message)
        self.connection_lost = connection_lost
        self.permanent = permanent


class Session(Protocol):
    def send(self, message: bytes, sender: str, recipients: list[str]) -> Refused: ...


# The recipients a server refused while it took the message for the others (or for none):
# address -> (SMTP code, its text).  Each is answered on its own (issue 34, item 8).
Refused = dict[str, tuple[int, str]]


class Sink(Protocol):
    def session(self) -> Iterator[Session]: ...


def _message_id(message: bytes) -> str:
    """The Message-ID of an outgoing message, unfolded (a long one is written on the line
    after its name), else a digest of the message."""
    head = message.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    found = re.search(rb"^message-id:((?:.*)(?:\r?\n[ \t].*)*)", head, re.IGNORECASE | re.MULTILINE)
    if found and found.group(1).strip():
        return b" ".join(found.group(1).split()).decode("ascii", "replace")
    return hashlib.sha256(message).hexdigest()


class MaildirSink:
    """Writes each outgoing message into one local Maildir (tmp/ then new/)."""

    def __init__(self, path: Path):
        self.path = Path(path)

    def ensure(self) -> None:
        for sub in ("tmp", "new", "cur"):
            (self.path / sub).mkdir(parents=True, exist_ok=True)

    @contextmanager
    def session(self) -> Iterator[MaildirSink]:
        self.ensure()
        yield self

    def send(self, message: bytes, sender: str, recipients: list[str]) -> Refused:
        """Write the message once; a repeat of the same Message-ID is a no-op."""
        name = "pbem-" + hashlib.sha256(_message_id(message).encode()).hexdigest()[:32]
        if (self.path / "new" / name).exists() or any((self.path / "cur").glob(name + ":*")):
            return {}
        temporary = self.path / "tmp" / f"{name}.{os.getpid()}"
        try:
            with open(temporary, "wb") as handle:
                handle.write(message)
                handle.flush()
                os.fsync(handle.fileno())
            os.rename(temporary, self.path / "new" / name)
        except OSError as error:
            raise DeliveryError(f"cannot write to {self.path}: {error}", True) from error
        return {}


def token_from_command(command: str) -> str:
    """Run the configured token command and return the access token it prints."""
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=60)
    if done.returncode != 0 or not done.stdout.strip():
        raise DeliveryError(f"oauth2_token_command failed ({done.returncode}): "
                            f"{done.stderr.strip()[:200]}", True)
    return done.stdout.strip()


def tls_context(ca_file: Path | None) -> ssl.SSLContext:
    """A verifying TLS context, trusting ``ca_file`` if given."""
    import ssl

    return ssl.create_default_context(cafile=str(ca_file) if ca_file else None)


class SmtpSink:
    """Submits messages to an SMTP server, with TLS or STARTTLS and optional auth."""

    def __init__(self, settings: SmtpOut):
        self.settings = settings

    def _connect(self) -> smtplib.SMTP:
        s = self.settings
        if s.security == "tls":
            client = client_class(True)(s.host, s.default_port(), timeout=s.timeout,
                                        context=tls_context(s.ca_file))
        else:
            client = client_class(False)(s.host, s.default_port(), timeout=s.timeout)
            if s.security == "starttls":
                client.starttls(context=tls_context(s.ca_file))
        _login(client, s.auth)
        return client

    @contextmanager
    def session(self) -> Iterator[_SmtpSession]:
        import smtplib

        try:
            client = self._connect()
        except (OSError, smtplib.SMTPException, ConfigError) as error:
            raise DeliveryError(f"cannot reach SMTP server {self.settings.host}:"
                                f"{self.settings.default_port()}: {error}", True) from error
        try:
            yield _SmtpSession(client)
        finally:
            try:
                client.quit()
            except (OSError, smtplib.SMTPException):
                client.close()


@cache
def client_class(secure: bool) -> type[smtplib.SMTP]:
    """smtplib's client (over TLS if ``secure``) quoting each address once per process in
    MAIL and RCPT: smtplib quotes the sender and every recipient of every mail by parsing them
    again (``email.utils.parseaddr``: a few per cent of a tick's own CPU, issue 20)."""
    import smtplib

    class Client(smtplib.SMTP_SSL if secure else smtplib.SMTP):
        def mail(self, sender: str, options=()):
            if any(option.lower() == "smtputf8" for option in options):
                return super().mail(sender, options)  # smtplib checks the server's extension
            self.putcmd("mail", f"FROM:{_quoted(sender)}{_option_list(self, options)}")
            return self.getreply()

        def rcpt(self, recip: str, options=()):
            self.putcmd("rcpt", f"TO:{_quoted(recip)}{_option_list(self, options)}")
            return self.getreply()

    return Client


@lru_cache(maxsize=1024)
def _quoted(address: str) -> str:
    import smtplib

    return smtplib.quoteaddr(address)


def _option_list(client: smtplib.SMTP, options) -> str:
    """The ESMTP options as smtplib writes them after an address."""
    return " " + " ".join(options) if options and client.does_esmtp else ""


def _login(client: smtplib.SMTP, auth: Credentials) -> None:
    if auth.oauth2_token_command:
        token = token_from_command(auth.oauth2_token_command)
        client.ehlo_or_helo_if_needed()
        client.auth("XOAUTH2", lambda challenge=None:
                    f"user={auth.user}\x01auth=Bearer {token}\x01\x01", initial_response_ok=True)
    elif auth.user:
        client.login(auth.user, auth.password() or "")


class _SmtpSession:
    def __init__(self, client: smtplib.SMTP):
        self.client = client

    def send(self, message: bytes, sender: str, recipients: list[str]) -> Refused:
        """Submit one message; returns the recipients refused (``Refused``).  SMTP wants CRLF
        line ends, which smtplib leaves to us for bytes (two replaces: a tenth of the regular
        expression's time, issue 20)."""
        import smtplib

        crlf = message.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        try:
            refused = self.client.sendmail(sender, recipients, crlf)
        except smtplib.SMTPRecipientsRefused as error:
            refused = error.recipients
        except smtplib.SMTPServerDisconnected as error:
            raise DeliveryError(f"connection lost: {error}", True) from error
        except smtplib.SMTPResponseException as error:
            # SMTP errors are OSErrors too: a refusal of one message must not read as a lost
            # connection, or every message behind it would wait.  421: the server is closing.
            raise DeliveryError(f"server refused the message: {error}",
                                connection_lost=error.smtp_code == 421,
                                permanent=error.smtp_code >= 500) from error
        except smtplib.SMTPException as error:
            raise DeliveryError(f"server refused the message: {error}") from error
        except OSError as error:  # a timeout or a reset connection
            raise DeliveryError(f"connection lost: {error}", True) from error
        return {address: (code, text.decode("utf-8", "replace") if isinstance(text, bytes)
                          else str(text)) for address, (code, text) in refused.items()}


def make_sink(settings: MailOut) -> MaildirSink | SmtpSink:
    """The sink the configuration asks for."""
    if settings.transport == "smtp":
        return SmtpSink(settings.smtp)
    return MaildirSink(settings.maildir.path)
