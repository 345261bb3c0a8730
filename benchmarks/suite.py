"""How long the test suite takes: the whole suite and the fast loop, wall and CPU time.

Runs the suite's pytest (from the virtual environment ``tools/test.sh`` made) as a child
process, once per mode, and prints each run's wall time, its CPU time (user + system of
pytest and every process it started: workers, mail servers, the browser) and its closing
line.  ``--faketime OFFSET`` runs it under Debian's ``faketime`` with the system clock
moved (``+365d``, ``-365d``).

Usage: python benchmarks/suite.py [--mode full|fast|both] [--workers auto]
                                  [--faketime +365d] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODES = {"full": [], "fast": ["-m", "not whole_game"]}


def run(mode: str, workers: str, faketime: str | None) -> dict:
    """One run of the suite in ``mode``: its figures and closing line."""
    command = [str(ROOT / ".venv" / "bin" / "pytest"), "-q", "-p", "no:cacheprovider",
               "-n", workers, *MODES[mode]]
    if faketime:
        command = ["faketime", "-f", faketime, *command]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return {"mode": mode, "workers": workers, "faketime": faketime, "exit": done.returncode,
            "wall_seconds": round(wall, 1), "cpu_seconds": round(cpu, 1),
            "result": lines[-1].strip("= ") if lines else done.stderr[-300:]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mode", choices=["full", "fast", "both"], default="both")
    parser.add_argument("--workers", default="auto", help="pytest-xdist's -n (default auto)")
    parser.add_argument("--faketime", help="run under faketime with this offset, e.g. +365d")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    modes = ["full", "fast"] if args.mode == "both" else [args.mode]
    results = [run(mode, args.workers, args.faketime) for mode in modes]
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for result in results:
            shifted = f", clock {result['faketime']}" if result["faketime"] else ""
            print(f"{result['mode']:<5} -n {result['workers']}{shifted}: "
                  f"{result['wall_seconds']:.0f} s wall, {result['cpu_seconds']:.0f} s CPU; "
                  f"{result['result']}")
    sys.exit(max(result["exit"] for result in results))


if __name__ == "__main__":
    main()
