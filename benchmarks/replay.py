"""How long a Dune game's log takes to replay from its seed, and how that grows with its length.

It replays the logs of the stored games (``tests/dune/records``: a 171-step six-faction WBC
game played by the basic bots, and a 211-step, 15-turn six-faction classic game with every
option, played by the random bots), whole and cut at 25, 50 and 100 steps, REPEAT times each,
and prints the median CPU time of one replay, and of a step.  The logs were written once and
are never regenerated, so the same replays measure any checkout.

Usage: python benchmarks/replay.py [--repeat 5] [--steps 25,50,100,all] [--json]

It runs against whichever pbem the interpreter imports, so two checkouts can be measured side
by side with their own interpreters and this one script.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from pbem.game import load_game, replay

RECORDS = Path(__file__).resolve().parent.parent / "tests/dune/records/main-75c5b2d.json"


def replays(repeat: int, lengths: list[str]) -> list[dict]:
    """Each stored game's replay figures, for each length of log asked (``all``: the whole)."""
    dune = load_game("dune")
    figures = []
    for record in json.loads(RECORDS.read_text())["records"]:
        log = record["log"]
        for length in lengths:
            steps = len(log) if length == "all" else min(int(length), len(log))
            times = []
            for _ in range(repeat):
                start = time.process_time()
                replay(dune, record["ruleset"], record["options"], record["seats"],
                       record["seed"], log[:steps])
                times.append(time.process_time() - start)
            median = statistics.median(times)
            figures.append({"game": f"{record['ruleset']} six factions", "steps": steps,
                            "replay_cpu_ms": round(median * 1000, 1),
                            "per_step_cpu_ms": round(median * 1000 / max(steps, 1), 3),
                            "runs_cpu_ms": [round(t * 1000, 1) for t in times]})
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--steps", default="25,50,100,all",
                        help="the lengths of log replayed, comma-separated (all: the whole log)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = replays(args.repeat, args.steps.split(","))
    if args.json:
        print(json.dumps({"repeat": args.repeat, "replays": figures}, indent=1))
        return
    for figure in figures:
        print(f"replay of the stored {figure['game']} game, {figure['steps']:3d} steps: "
              f"{figure['replay_cpu_ms']:7.1f} ms CPU ({figure['per_step_cpu_ms']:.2f} ms a step; "
              f"median of {args.repeat})")


if __name__ == "__main__":
    main()
