"""How fast self-play plays whole games of Dune, and how long a game's log takes to replay.

For each rule mix (classic basic, classic advanced with the optional rules, wbc)
it plays GAMES whole games by the bots with ``pbem.selfplay.play_games`` (bots,
order parsing, the invariants after every step and the replay check at the end,
all of it timed) and prints games per second, steps per second, and the median
time to replay one game's log from its seed.

Usage: python benchmarks/selfplay.py [--games 50] [--seed bench]
"""

from __future__ import annotations

import argparse
import statistics

from pbem.games import dune
from pbem.selfplay import play_games

MIXES = [
    ("classic basic", "classic", {}),
    ("classic advanced+optional", "classic", {"advanced": True, "optional": True}),
    ("wbc", "wbc", {}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    print(f"games per rule mix: {args.games}, seed: {args.seed}, whole games (default turns)")
    for label, ruleset, options in MIXES:
        summary = play_games(dune, ruleset, options, args.games, args.seed)
        assert not summary.violations, summary.violations[:5]
        replay_ms = statistics.median(summary.replay_seconds) * 1000
        print(f"{label:<26} {summary.games / summary.seconds:7.1f} games/s "
              f"{summary.steps / summary.seconds:8.1f} steps/s "
              f"({summary.steps / summary.games:.1f} steps per game); "
              f"replay of a game's log: {replay_ms:.1f} ms (median)")


if __name__ == "__main__":
    main()
