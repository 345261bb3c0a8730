"""Whether two checkouts play the same games: one line per self-played game, to diff.

For each rule mix and bot style it plays GAMES whole games as ``pbem selfplay`` does (seeds
``same-0``, ``same-1``...) and prints the game's steps, its result and a hash of its decision
log and final state (sorted JSON).  Run it with each checkout's interpreter and compare the
outputs: the same lines mean the same games, step for step.

With ``--values`` the bots' orders are handed over as values (``bot_decisions``, as the
self-play benchmark plays), not written as mail and read by the parser: the output must be
the same as with mail.

Usage: python benchmarks/same_games.py [--games 10] [--values] > games.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json

from pbem import selfplay
from pbem.game import load_game

MIXES = [("classic basic", "classic", {}),
         ("classic advanced+optional", "classic", {"advanced": True, "optional": True}),
         ("wbc", "wbc", {}),
         ("gf9 basic", "gf9", {}),
         ("gf9 advanced+tournament", "gf9", {"advanced": True, "tournament": True})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--values", action="store_true",
                        help="the bots' orders as values, not as mail")
    args = parser.parse_args()
    dune = load_game("dune")
    for label, ruleset, options in MIXES:
        for style in ("random", "basic"):
            for number in range(args.games):
                seed = f"same-{number}"
                run = selfplay._Run(dune, ruleset, dict(options),
                                    list(selfplay._draw_seats(dune, seed)), seed, {}, style,
                                    mail=not args.values)
                problems = selfplay._play(run, selfplay.SelfplaySummary())
                digest = hashlib.sha256(json.dumps([run.log, run.state], sort_keys=True)
                                        .encode()).hexdigest()[:16]
                result = json.dumps(run.state["result"], sort_keys=True)
                print(f"{label} | {style} | {seed} | {len(run.log)} steps | {digest} | "
                      f"{result} | {problems}")


if __name__ == "__main__":
    main()
