"""Fixtures for real mail servers on loopback (see mailservers.py)."""

import sys
from pathlib import Path

import pytest

# --import-mode=importlib does not put tests/ on sys.path; helpers live there.
sys.path.insert(0, str(Path(__file__).parent))
from mailservers import Dovecot, SmtpRelay, find_dovecot  # noqa: E402


@pytest.fixture
def dovecot(tmp_path):
    """A fresh private Dovecot (IMAP, IMAPS, LMTP, XOAUTH2) for one test."""
    if find_dovecot() is None:
        pytest.fail(
            "Dovecot is not installed: the test suite needs real mail servers "
            "(apt-get install dovecot-imapd dovecot-lmtpd).",
            pytrace=False,
        )
    dc = Dovecot(tmp_path / "dovecot").start()
    yield dc
    dc.stop(wait=False)  # Dovecot's 1 s shutdown sleep runs in the background


@pytest.fixture
def smtp_relay(dovecot):
    """A plain SMTP relay (no AUTH, no TLS) delivering to `dovecot` over LMTP."""
    with SmtpRelay(dovecot) as relay:
        yield relay
