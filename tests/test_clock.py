"""The clock: pbem reads the system's time in one place, and no test reads it at all
(issue 14: the suite passes on any date)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import pbem.clock

ROOT = Path(__file__).resolve().parent.parent
# Ways Python code reads the time of day or the date (a monotonic timer for a timeout is
# no reading of the date, and perf_counter measures, it never decides).
READS_THE_CLOCK = re.compile(
    r"datetime\.(now|utcnow|today)\(|date\.today\(|time\.(time|localtime|gmtime|ctime)\("
    r"|formatdate\(|\.fromtimestamp\(")


def clock_readings(folder: str) -> list[str]:
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if READS_THE_CLOCK.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


@pytest.mark.parametrize("folder", ["pbem", "games", "tests", "benchmarks"])
def test_only_the_clock_module_reads_the_system_time(folder):
    allowed = {"pbem/clock.py", "tests/test_clock.py"}
    readings = [r for r in clock_readings(folder) if r.split(":")[0] not in allowed]
    assert readings == []


@pytest.mark.real_clock
def test_pbem_now_fixes_the_clock_of_a_child_process(monkeypatch):
    monkeypatch.setenv(pbem.clock.NOW_ENV, "2031-02-03T04:05:06+00:00")
    assert pbem.clock.system_now() == datetime(2031, 2, 3, 4, 5, 6, tzinfo=UTC)
    monkeypatch.setenv(pbem.clock.NOW_ENV, "2031-02-03T04:05:06")
    assert pbem.clock.system_now().tzinfo is UTC


@pytest.mark.real_clock
def test_without_pbem_now_the_clock_is_the_systems(monkeypatch):
    monkeypatch.delenv(pbem.clock.NOW_ENV, raising=False)
    assert abs(pbem.clock.system_now() - datetime.now(UTC)) < timedelta(minutes=1)


def test_hypothesis_draws_the_same_examples_on_every_run_and_times_none():
    """The suite's hypothesis profile (tests/conftest.py): no per-example deadline, which
    times each example on the real clock and failed a loaded machine's run once, and the
    same examples on every run, so that a failure repeats."""
    from hypothesis import settings
    assert settings.default.deadline is None
    assert settings.default.derandomize and settings.default.database is None
