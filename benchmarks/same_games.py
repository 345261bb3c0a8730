"""Whether two checkouts play the same games: one line per self-played game, to diff.

For each rule mix (classic, WBC, GF9) and bot style it plays GAMES whole games as ``pbem
selfplay`` does (seeds ``same-0``, ``same-1``...) and prints the game's steps, its result and a
hash of its decision log and final state (sorted JSON).  Run it with each checkout's
interpreter and compare the outputs: the same lines mean the same games, step for step.

With ``--values`` the bots' orders are handed over as values (``bot_decisions``, as the
self-play benchmark plays), not written as mail and read by the parser: the output must be
the same as with mail.

A change of the state's shape (named decks, forces by kind) changes the state's hash though
the game is the same.  Each line therefore also hashes the decision log alone, and
``--save DIR`` writes each game's final state to DIR; run with ``--against DIR`` (another
checkout's saved states), each line ends with whether that checkout's final state, brought to
this one's shape by the game's ``upgrade``, equals this one's (``upgraded same``).

Usage: python benchmarks/same_games.py [--games 10] [--values] [--save DIR] [--against DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from pbem import selfplay
from pbem.game import load_game

MIXES = [("classic basic", "classic", {}),
         ("classic advanced+optional", "classic", {"advanced": True, "optional": True}),
         ("wbc", "wbc", {}),
         ("gf9 basic", "gf9", {}),
         ("gf9 advanced", "gf9", {"advanced": True})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--values", action="store_true",
                        help="the bots' orders as values, not as mail")
    parser.add_argument("--save", type=Path, help="write each final state to this folder")
    parser.add_argument("--against", type=Path,
                        help="compare each final state with another checkout's, upgraded")
    args = parser.parse_args()
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    dune = load_game("dune")
    for label, ruleset, options in MIXES:
        for style in ("random", "basic"):
            for number in range(args.games):
                seed = f"same-{number}"
                seats = selfplay._draw_seats(dune.seating(ruleset, options), seed)
                run = selfplay._Run(dune, ruleset, dict(options), list(seats), seed, {}, style,
                                    mail=not args.values)
                problems = selfplay._play(run, selfplay.SelfplaySummary())
                digest = _digest([run.log, run.state])
                result = json.dumps(run.state["result"], sort_keys=True)
                name = f"{label.replace(' ', '_')}-{style}-{seed}.json"
                if args.save:
                    (args.save / name).write_text(json.dumps(run.state, sort_keys=True))
                line = (f"{label} | {style} | {seed} | {len(run.log)} steps | log "
                        f"{_digest(run.log)} | {digest} | {result} | {problems}")
                if args.against:
                    theirs = json.loads((args.against / name).read_text())
                    same = dune.upgrade(theirs) == run.state
                    line += f" | upgraded {'same' if same else 'differs'}"
                print(line)


def _digest(value: object) -> str:
    """A short hash of a value's sorted JSON."""
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


if __name__ == "__main__":
    main()
