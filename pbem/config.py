"""The moderator's configuration: a YAML file read into frozen dataclasses.

Every key is checked: a wrong type or value names the key and what was
expected, an unknown key is an error, and every fault is reported at once.
Relative paths are taken from the folder of the configuration file.
Passwords never need to be in the YAML: they come from an environment
variable, a file, or (for XOAUTH2) a command that prints an access token.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from pbem.schema import SchemaError, build

CONFIG_ENV = "PBEM_CONFIG"
DEFAULT_CONFIG_NAME = "pbem.yaml"


class ConfigError(SchemaError):
    """The configuration is wrong; ``problems`` lists every fault as "key: reason"."""


@dataclass(frozen=True)
class Credentials:
    """How to log in to a mail server; the secret itself is never in the YAML."""

    user: str | None = None
    password_env: str | None = None
    password_file: Path | None = None
    oauth2_token_command: str | None = None

    def password(self) -> str | None:
        """The password from the environment variable or the file, if one is set."""
        if self.password_env:
            value = os.environ.get(self.password_env)
            if value is None:
                raise ConfigError("credentials", [
                    f"password_env: environment variable {self.password_env} is not set"])
            return value
        if self.password_file:
            return self.password_file.read_text(encoding="utf-8").strip()
        return None


@dataclass(frozen=True)
class MaildirIn:
    """A local Maildir that players' mail is delivered into."""

    path: Path = Path("pbem-data/mail/inbox")


@dataclass(frozen=True)
class ImapIn:
    """An IMAP mailbox, read incrementally by UIDVALIDITY and UID."""

    host: str
    port: int | None = None
    security: Literal["tls", "starttls", "none"] = "tls"
    auth: Credentials = field(default_factory=Credentials)
    folder: str = "INBOX"
    processed_folder: str | None = None
    ca_file: Path | None = None
    timeout: int = 30

    def default_port(self) -> int:
        return self.port or (993 if self.security == "tls" else 143)


@dataclass(frozen=True)
class RateLimit:
    """How many messages one sender may send in a window before the rest are only archived."""

    messages: int = 30
    per_minutes: int = 60


@dataclass(frozen=True)
class CommandLimits:
    """How many commands a seat's mail may hold, and a seat may give in a day.

    ``press`` counts PRESS, DEAL and BRIBE (relayed to other seats), ``replies`` STATUS,
    HISTORY and STANDINGS (mailed to the seat; a day counts the mails they sent).  A day
    is a calendar day in the configuration's ``timezone``, read on the moderator's clock.
    """

    per_mail: int = 30
    press_per_mail: int = 5
    press_per_day: int = 40
    replies_per_mail: int = 3
    replies_per_day: int = 20


@dataclass(frozen=True)
class Dkim:
    """DKIM verification of inbound mail (needs the ``dkim`` extra: dkimpy).

    Mail from a domain in ``required_for`` (``"*"``: every domain) is read only
    if it carries a valid DKIM signature of its From domain.
    """

    required_for: tuple[str, ...] = ()

    def required(self, sender: str) -> bool:
        """Whether mail from ``sender`` must carry a valid signature."""
        domain = sender.rpartition("@")[2].lower()
        return any(wanted in ("*", domain) for wanted in self.required_for)


@dataclass(frozen=True)
class MailIn:
    """Where the moderator reads mail from."""

    transport: Literal["maildir", "imap"] = "maildir"
    maildir: MaildirIn = field(default_factory=MaildirIn)
    imap: ImapIn | None = None
    max_message_bytes: int = 1_000_000
    rate_limit: RateLimit = field(default_factory=RateLimit)
    command_limits: CommandLimits = field(default_factory=CommandLimits)
    dkim: Dkim = field(default_factory=Dkim)
    # Answer mail from an address that is no seat, GM or observer of any game (once a day per
    # mail domain, with nothing it said); off: such mail is archived and never answered.
    answer_strangers: bool = True


@dataclass(frozen=True)
class MaildirOut:
    """A local Maildir that outgoing mail is written into."""

    path: Path = Path("pbem-data/mail/outbox")


@dataclass(frozen=True)
class SmtpOut:
    """An SMTP server that outgoing mail is submitted to."""

    host: str
    port: int | None = None
    security: Literal["tls", "starttls", "none"] = "starttls"
    auth: Credentials = field(default_factory=Credentials)
    ca_file: Path | None = None
    timeout: int = 30

    def default_port(self) -> int:
        return self.port or {"tls": 465, "starttls": 587, "none": 25}[self.security]


@dataclass(frozen=True)
class Retry:
    """How undeliverable mail is retried: backoff doubles up to a ceiling."""

    first_delay_seconds: int = 60
    max_delay_seconds: int = 6 * 3600
    max_attempts: int = 20


@dataclass(frozen=True)
class MailOut:
    """Where the moderator sends mail."""

    transport: Literal["maildir", "smtp"] = "maildir"
    maildir: MaildirOut = field(default_factory=MaildirOut)
    smtp: SmtpOut | None = None
    retry: Retry = field(default_factory=Retry)


@dataclass(frozen=True)
class Reports:
    """What the reports carry."""

    map: bool = True


@dataclass(frozen=True)
class Moderator:
    """The moderator's own mail identity."""

    address: str = "moderator@pbem.localhost"
    name: str = "pbem moderator"

    @property
    def domain(self) -> str:
        return self.address.rpartition("@")[2] or "pbem.localhost"


@dataclass(frozen=True)
class Config:
    """The whole configuration."""

    moderator: Moderator = field(default_factory=Moderator)
    gm_address: str | None = None
    database: Path = Path("pbem-data/pbem.db")
    timezone: str = "UTC"
    mail_in: MailIn = field(default_factory=MailIn)
    mail_out: MailOut = field(default_factory=MailOut)
    reports: Reports = field(default_factory=Reports)
    outage_minutes: int = 60
    lock_wait_seconds: int = 60
    salt_hours: int = 24
    source: str = "built-in defaults"

    @property
    def lock_path(self) -> Path:
        return self.database.with_name(self.database.name + ".lock")


def load_config(path: str | os.PathLike | None = None) -> Config:
    """Read the configuration from ``path``, ``$PBEM_CONFIG``, ``./pbem.yaml``, or defaults."""
    if path is None:
        path = os.environ.get(CONFIG_ENV) or None
    if path is None and Path(DEFAULT_CONFIG_NAME).exists():
        path = DEFAULT_CONFIG_NAME
    if path is None:
        return _resolve_paths(Config(), Path.cwd())
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(str(path), [f"cannot read the file: {error.strerror}"]) from None
    except UnicodeDecodeError as error:
        raise ConfigError(str(path), [f"not UTF-8 text (byte {error.start})"]) from None
    try:
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as error:
        raise ConfigError(str(path), [f"not valid YAML: {error}"]) from None
    return config_from_dict(data, source=str(path), base=path.resolve().parent)


def config_from_dict(data: Any, source: str = "config", base: Path | None = None) -> Config:
    """Build a checked ``Config`` from parsed YAML; relative paths are taken from ``base``."""
    problems: list[str] = []
    config = build(Config, data, "", problems, skip={"source"})
    if config is not None:
        problems.extend(_cross_checks(config))
    if problems:
        raise ConfigError(source, problems)
    config = dataclasses.replace(config, source=source)
    return _resolve_paths(config, base or Path.cwd())


def _cross_checks(config: Config) -> list[str]:
    """The checks across keys.  A section that could not be built (its fault is reported
    already) counts as its defaults here, so that no fault hides or breaks the others."""
    problems = []
    mail_in, mail_out = config.mail_in or MailIn(), config.mail_out or MailOut()
    if mail_in.transport == "imap" and mail_in.imap is None:
        problems.append("mail_in.imap: required when mail_in.transport is imap")
    if mail_out.transport == "smtp" and mail_out.smtp is None:
        problems.append("mail_out.smtp: required when mail_out.transport is smtp")
    limit = mail_in.rate_limit or RateLimit()
    if not (limit.messages and limit.per_minutes):
        problems.append("mail_in.rate_limit: messages and per_minutes must be at least 1")
    if (mail_in.dkim or Dkim()).required_for and importlib.util.find_spec("dkim") is None:
        problems.append("mail_in.dkim.required_for: DKIM needs dkimpy "
                        "(pip install 'pbem[dkim]')")
    if isinstance(config.salt_hours, int) and config.salt_hours < 0:
        problems.append("salt_hours: expected 0 (deal at once) or more hours")
    try:
        ZoneInfo(config.timezone)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        problems.append(f"timezone: unknown time zone {config.timezone!r} "
                        "(expected an IANA name such as Europe/London)")
    for key, address in (("moderator.address", (config.moderator or Moderator()).address),
                         ("gm_address", config.gm_address)):
        if isinstance(address, str) and "@" not in address:
            problems.append(f"{key}: expected a mail address, got {address!r}")
    return problems


def _resolve_paths(value: Any, base: Path) -> Any:
    """Make every relative Path in the (nested) dataclass absolute from ``base``."""
    if not dataclasses.is_dataclass(value):
        return value
    changes = {}
    for item in dataclasses.fields(value):
        current = getattr(value, item.name)
        if isinstance(current, Path) and not current.is_absolute():
            changes[item.name] = base / current
        elif dataclasses.is_dataclass(current):
            changes[item.name] = _resolve_paths(current, base)
    return dataclasses.replace(value, **changes)
