"""Where a replay's CPU time goes, by the round each step begins in: each step of the stored
games (``tests/dune/records``, as ``benchmarks/replay.py``) replayed REPEAT times, the least CPU
time of each step kept (the figure a loaded machine disturbs least) and summed by round (a step
also plays the rounds after it that ask nothing: a battle's step the collection and the storm).

Usage: python benchmarks/steps.py [--repeat 7] [--json]

It runs against whichever pbem the interpreter imports, so two checkouts can be measured side
by side with their own interpreters and this one script (``docs/performance.md``, "The seventh
pass").
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from pbem.game import load_game, replay_states

RECORDS = Path(__file__).resolve().parent.parent / "tests/dune/records/main-75c5b2d.json"


def least_by_round(repeat: int) -> dict[str, dict[str, float]]:
    """Round -> its steps' count and the sum of each step's least CPU time (ms) over ``repeat``
    replays of every stored game."""
    dune = load_game("dune")
    least: dict[tuple[int, int], tuple[str, int]] = {}
    records = json.loads(RECORDS.read_text())["records"]
    for _ in range(repeat):
        for number, record in enumerate(records):
            states = replay_states(dune, record["ruleset"], record["options"], record["seats"],
                                   record["seed"], record["log"])
            state = next(states)
            for step in range(1, len(record["log"]) + 1):
                began, start = state["phase"], time.thread_time_ns()
                state = next(states)
                spent = time.thread_time_ns() - start
                if (number, step) not in least or spent < least[number, step][1]:
                    least[number, step] = (began, spent)
    found: dict[str, dict[str, float]] = {}
    for began, spent in least.values():
        figures = found.setdefault(began, {"steps": 0, "cpu_ms": 0.0})
        figures["steps"] += 1
        figures["cpu_ms"] += spent / 1e6
    return {name: {"steps": f["steps"], "cpu_ms": round(f["cpu_ms"], 2)}
            for name, f in sorted(found.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    found = least_by_round(args.repeat)
    if args.json:
        print(json.dumps({"repeat": args.repeat, "rounds": found}, indent=1))
        return
    for name, figures in found.items():
        print(f"{name:12s} {figures['steps']:4d} steps  {figures['cpu_ms']:8.2f} ms")
    print(f"{'all':12s} {sum(f['steps'] for f in found.values()):4d} steps  "
          f"{sum(f['cpu_ms'] for f in found.values()):8.2f} ms")


if __name__ == "__main__":
    main()
