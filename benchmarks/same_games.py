"""Whether two checkouts play the same games: one line per self-played game, to diff.

For each rule mix and bot style it plays GAMES whole games as ``pbem selfplay`` does (seeds
``same-0``, ``same-1``...) and prints the game's steps, its result and a hash of its decision
log and final state (sorted JSON).  Run it with each checkout's interpreter and compare the
outputs: the same lines mean the same games, step for step.

With ``--values`` the bots' orders are handed over as values (``bot_decisions``, as the
self-play benchmark plays), not written as mail and read by the parser: the output must be
the same as with mail.  With ``--rules-version N`` the games are played by that earlier rules
version (``pbem.game.Game.setup``): a checkout's games of version 4 must be those of a checkout
of version 4.  The hash leaves out the version the state records (``rules.version``), which
checkouts before rules version 5 did not record.

Usage: python benchmarks/same_games.py [--games 10] [--values] [--rules-version 4] > games.txt
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
         ("gf9 advanced+tournament batched", "gf9",
          {"advanced": True, "tournament": True, "movement": "batched"})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--values", action="store_true",
                        help="the bots' orders as values, not as mail")
    parser.add_argument("--rules-version", default=None,
                        help="play by this earlier rules version (default: this checkout's)")
    args = parser.parse_args()
    dune = load_game("dune")
    for label, ruleset, options in MIXES:
        for style in ("random", "basic"):
            for number in range(args.games):
                seed = f"same-{number}"
                run = selfplay._Run(dune, ruleset, dict(options),
                                    list(selfplay._draw_seats(dune, seed)), seed, {}, style,
                                    mail=not args.values)
                if args.rules_version is not None:
                    run.rules_version = args.rules_version
                problems = selfplay._play(run, selfplay.SelfplaySummary())
                state = {**run.state, "rules": {key: value for key, value in
                                                run.state["rules"].items() if key != "version"}}
                digest = hashlib.sha256(json.dumps([run.log, state], sort_keys=True)
                                        .encode()).hexdigest()[:16]
                result = json.dumps(run.state["result"], sort_keys=True)
                print(f"{label} | {style} | {seed} | {len(run.log)} steps | {digest} | "
                      f"{result} | {problems}")


if __name__ == "__main__":
    main()
