"""Fixtures for real mail servers on loopback (see mailservers.py), and the guard that
keeps every test on a clock of its own."""

import sys
from pathlib import Path

import pytest
from hypothesis import settings

import pbem.clock

# Hypothesis in the suite: the same examples on every run (``derandomize``, no example
# database), and no per-example deadline, which reads the real clock: on this shared
# machine an example of a few milliseconds now and then took over the default 200 ms and
# failed a run that its reruns passed.  The long fuzzing profile of tests/test_fuzz.py
# (``PBEM_FUZZ=pbem-fuzz-long``) still draws at random.
settings.register_profile("pbem-suite", deadline=None, derandomize=True, database=None)
settings.load_profile("pbem-suite")

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


@pytest.fixture(autouse=True)
def no_system_clock(request, monkeypatch):
    """Fail a test that lets pbem read the system's clock: a test's moderator runs on the
    installation's clock (tests/installation.py), or on one the test freezes, so that the
    suite passes on any date.  A test that means the real clock is marked ``real_clock``."""
    if request.node.get_closest_marker("real_clock"):
        yield
        return
    readings = []

    def system_now():
        readings.append(request.node.nodeid)
        return real_now()

    real_now = pbem.clock.system_now
    monkeypatch.setattr(pbem.clock, "system_now", system_now)
    monkeypatch.delenv(pbem.clock.NOW_ENV, raising=False)
    yield
    if readings:
        pytest.fail(f"pbem read the system's clock {len(readings)} times; give the moderator "
                    "the test's clock (Installation.clock, or obj= for the command line)",
                    pytrace=False)


def pytest_collection_modifyitems(items):
    """A test that starts the real mail servers is marked ``mailserver``, and such tests run
    one after another on one worker (``--dist loadgroup``): on a loaded machine, with
    several Dovecots at once, Dovecot answered "Internal error" now and then."""
    for item in items:
        if {"dovecot", "smtp_relay"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.mailserver)
            item.add_marker(pytest.mark.xdist_group("mailserver"))
