"""How many Python calls self-play (or a replay) makes, in all and per function: the figure
that tracks CPU time where the bytecodes no longer do (``docs/performance.md``, "A fifth
pass"): a call's own cost, a ``dict.get`` or a ``functools.cache`` lookup, counts here as one
call each, where ``bytecodes.py`` counts it as one bytecode of its caller.

It plays the mixes of ``benchmarks/bytecodes.py`` (GAMES whole bot games after a warm-up, or
one replay of the stored games) under ``cProfile`` and prints the calls by function, most
called first.  A count, not a time: neither the load nor the profiler changes it.

Usage: python benchmarks/calls.py [--games 3] [--mix basic|adv|wbc|replay] [--top 30] [--json]
Measures whichever pbem the interpreter imports (give another checkout's interpreter, run from
that checkout, to measure it).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bytecodes import MIXES, warmed  # noqa: E402

from pbem import selfplay  # noqa: E402


def count(mix: str, games: int) -> dict[str, int]:
    """Each function's calls (``file:line(name)``, built-ins by name) in playing ``games``
    games of the mix (or one replay of the stored games), after a warm-up."""
    run = warmed(mix)
    profile = cProfile.Profile()
    profile.runcall(run, games)
    stats = pstats.Stats(profile).stats
    root = str(Path(selfplay.__file__).resolve().parent.parent) + "/"
    return {f"{file.replace(root, '')}:{line}({name})": calls
            for (file, line, name), (_, calls, *_) in stats.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--mix", default="basic", choices=[*MIXES, "replay"])
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--json", action="store_true", help="print every function's calls")
    args = parser.parse_args()
    found = count(args.mix, args.games)
    total = sum(found.values())
    if args.json:
        print(json.dumps({"mix": args.mix, "games": args.games, "calls": total,
                          "by_function": found}, indent=1))
        return
    what = "one replay of the stored games" if args.mix == "replay" else f"{args.games} games"
    print(f"{args.mix}: {total / 1e3:.1f} thousand calls ({what})")
    for name, calls in sorted(found.items(), key=lambda item: -item[1])[:args.top]:
        print(f"{calls:8d}  {name}")


if __name__ == "__main__":
    main()
