"""How many bytecodes self-play (or a replay) runs, in all and per function: a profile that
neither a loaded machine nor the profiler's own cost changes, to find where two checkouts
differ (``instructions.py`` counts the machine's instructions, but not per function).

It plays GAMES whole bot games of the mix (orders as values, the invariants after every step,
no replay check: ``benchmarks/selfplay.py``'s figure) after one warm-up game of the mix, or
with the mix ``replay`` replays the stored games once (``tests/dune/records``) after a warm-up,
under ``sys.settrace`` with opcode events, and counts each function's own bytecodes and those
of the calls it makes (a generator's resumptions count as calls).  The same seeds play the
same games in every checkout that plays alike (``benchmarks/same_games.py``).  The figure is
an interpreter's count, not time: a call into C (a dict's ``get``, ``orjson``) is one.

Usage: python benchmarks/bytecodes.py [--games 3] [--mix basic|adv|wbc|replay] [--top 30]
                                      [--json]
Measures whichever pbem the interpreter imports (give another checkout's interpreter, run from
that checkout, to measure it).  About 15 seconds for 3 games.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pbem
from pbem import selfplay
from pbem.game import load_game, replay
from pbem.selfplay import play_games

MIXES = {"basic": ("classic", {}),
         "adv": ("classic", {"advanced": True, "optional": True}),
         "wbc": ("wbc", {})}
RECORDS = Path(__file__).resolve().parent.parent / "tests/dune/records/main-75c5b2d.json"


class Counts:
    """Each function's own bytecodes, those with its calls', and its calls, by
    ``file:qualified name`` (the file relative to the checkout)."""

    def __init__(self, root: str) -> None:
        self.own: Counter[str] = Counter()
        self.inclusive: Counter[str] = Counter()
        self.calls: Counter[str] = Counter()
        self.root = root
        self.stack: list[list] = []         # [code, own count, callees' count]

    def name(self, code) -> str:
        return f"{code.co_filename.replace(self.root, '')}:{code.co_qualname}"

    def call(self, frame, event, arg):
        if event != "call":
            return None
        frame.f_trace_opcodes = True
        self.stack.append([frame.f_code, 0, 0])
        self.calls[self.name(frame.f_code)] += 1
        return self.step

    def step(self, frame, event, arg):
        if event == "opcode":
            self.stack[-1][1] += 1
        elif event == "return":
            code, own, callees = self.stack.pop()
            name = self.name(code)
            self.own[name] += own
            self.inclusive[name] += own + callees
            if self.stack:
                self.stack[-1][2] += own + callees
        return self.step


def warmed(mix: str) -> Callable[[int], None]:
    """What plays ``games`` games of the mix (or one replay of the stored games), once run
    for a warm-up (``calls.py`` measures the same)."""
    dune = load_game("dune")
    records = json.loads(RECORDS.read_text())["records"]
    selfplay._replay_check = lambda run, summary: []      # timed apart in selfplay.py

    def run(games: int) -> None:
        if mix != "replay":
            play_games(dune, *MIXES[mix], games, "bench", mail=False)
            return
        for record in records:
            replay(dune, record["ruleset"], record["options"], record["seats"],
                   record["seed"], record["log"])
    run(1)
    return run


def count(mix: str, games: int) -> Counts:
    """The counts of playing ``games`` games of the mix (or of one replay of the stored
    games), after a warm-up."""
    run = warmed(mix)
    found = Counts(str(Path(pbem.__file__).resolve().parent.parent) + "/")
    sys.settrace(found.call)
    try:
        run(games)
    finally:
        sys.settrace(None)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--mix", default="basic", choices=[*MIXES, "replay"])
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--json", action="store_true", help="print every function's counts")
    args = parser.parse_args()
    found = count(args.mix, args.games)
    total = sum(found.own.values())
    if args.json:
        print(json.dumps({"mix": args.mix, "games": args.games, "bytecodes": total,
                          "own": found.own, "inclusive": found.inclusive,
                          "calls": found.calls}, indent=1))
        return
    what = "one replay of the stored games" if args.mix == "replay" else f"{args.games} games"
    print(f"{args.mix}: {total / 1e6:.2f} million bytecodes ({what})")
    print(f"{'own':>10} {'inclusive':>10} {'calls':>7}  function")
    for name, own in found.own.most_common(args.top):
        print(f"{own:10d} {found.inclusive[name]:10d} {found.calls[name]:7d}  {name}")


if __name__ == "__main__":
    main()
