"""How much bytecode a step of a Dune game touches: the distinct functions a step runs and the
64-byte lines of their bytecode it reads, a figure neither load nor the profiler changes.

Two checkouts may run the same number of machine instructions (``instructions.py``) and yet
not the same CPU time; one cause can be code spread over more functions and modules, which
reads more memory for its bytecode each step (the processor's first-level data cache here is
32 KiB).  This replays the stored games (``tests/dune/records``: a six-faction WBC game and a
15-turn classic one) once for a warm-up, then again under ``sys.settrace`` with opcode events,
and counts for each step the functions called and the lines of their (specialised) bytecode
read; it prints the median and mean per step, and with ``--top`` the modules that read the
most lines per step.

Usage: python benchmarks/footprint.py [--top 20] [--json]
Measures whichever pbem the interpreter imports (give another checkout's interpreter, run from
that checkout, to measure it).  About half a minute.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

import pbem
from pbem.game import load_game, replay_states

RECORDS = Path(__file__).resolve().parent.parent / "tests/dune/records/main-75c5b2d.json"
LINE = 64                   # bytes of a cache line


class Step:
    """What one step touched: each function's code, and each (code, line of its bytecode)."""

    def __init__(self) -> None:
        self.lines: set[tuple[object, int]] = set()
        self.codes: set[object] = set()

    def trace(self, frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            self.lines.add((frame.f_code, frame.f_lasti * 2 // LINE))
        elif event == "call":
            self.codes.add(frame.f_code)
        return self.trace


def measure() -> tuple[list[int], list[int], Counter[str]]:
    """Per step of the stored games: the lines read and the functions run; and the lines per
    module over every step."""
    dune = load_game("dune")
    records = json.loads(RECORDS.read_text())["records"]
    root = str(Path(pbem.__file__).resolve().parent.parent) + "/"
    for record in records:          # the warm-up: caches filled, data loaded
        for _state in replay_states(dune, record["ruleset"], record["options"],
                                    record["seats"], record["seed"], record["log"]):
            pass
    lines, functions, modules = [], [], Counter()
    for record in records:
        states = replay_states(dune, record["ruleset"], record["options"], record["seats"],
                               record["seed"], record["log"])
        next(states)
        while True:
            step = Step()
            sys.settrace(step.trace)
            try:
                next(states)
            except StopIteration:
                break
            finally:
                sys.settrace(None)
            lines.append(len(step.lines))
            functions.append(len(step.codes))
            modules.update(code.co_filename.replace(root, "") for code, _line in step.lines)
    return lines, functions, modules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=0, help="the modules reading the most")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    lines, functions, modules = measure()
    steps = len(lines)
    figures = {"steps": steps,
               "lines_per_step_median": statistics.median(lines),
               "lines_per_step_mean": round(statistics.mean(lines), 1),
               "functions_per_step_median": statistics.median(functions),
               "functions_per_step_mean": round(statistics.mean(functions), 1),
               "modules": {name: round(count / steps, 1)
                           for name, count in modules.most_common(args.top)}}
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"{steps} steps of the stored games: per step, {figures['lines_per_step_median']} "
          f"lines of bytecode read (median; mean {figures['lines_per_step_mean']}), "
          f"{figures['functions_per_step_median']} functions run (median; mean "
          f"{figures['functions_per_step_mean']})")
    for name, per_step in figures["modules"].items():
        print(f"{per_step:8.1f}  {name}")


if __name__ == "__main__":
    main()
