"""How fast self-play plays whole games of Dune, and how long a game's log takes to replay.

For each rule mix (classic basic, classic advanced with the optional rules, wbc)
it plays GAMES whole games by the random bots with ``pbem.selfplay.play_games`` (the
bots' orders handed over as values, ``bot_decisions``; with ``--mail`` written as text and
read by the parser; the invariants after every step and the replay check at the end, all
of it timed) and prints games per second and per CPU-second, steps per
second, the median time to replay one game's log from its seed, and the
replay checks' CPU time in all, and its share of the run's; and games per CPU-second
without the replay checks (the issue's figure: "the replay check is timed and reported
separately").  It then
replays the logs of the stored games (``tests/dune/records``: a whole six-faction
WBC game and a 15-turn classic one) REPEAT times each and prints the median CPU
time of one replay.

Usage: python benchmarks/selfplay.py [--games 50] [--seed bench] [--repeat 5] [--mail] [--json]
       python benchmarks/selfplay.py --replay-only [--repeat 7]

It runs against whichever pbem the interpreter imports, so two checkouts can be
measured side by side with their own interpreters and this one script.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from pbem.game import load_game, replay
from pbem.selfplay import play_games

MIXES = [
    ("classic basic", "classic", {}),
    ("classic advanced+optional", "classic", {"advanced": True, "optional": True}),
    ("wbc", "wbc", {}),
]
RECORDS = Path(__file__).resolve().parent.parent / "tests/dune/records/main-75c5b2d.json"


def self_play(games: int, seed: str, mail: bool = False) -> list[dict]:
    """Each mix's figures over ``games`` whole bot games."""
    dune = load_game("dune")
    figures = []
    for label, ruleset, options in MIXES:
        wall, cpu = time.perf_counter(), time.process_time()
        # With --mail, play_games as every checkout has it (one from before ``mail`` too).
        summary = play_games(dune, ruleset, options, games, seed, **({} if mail else
                                                                     {"mail": False}))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        assert not summary.violations, summary.violations[:5]
        figures.append({"mix": label, "games": summary.games, "steps": summary.steps,
                        "mail": mail, "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
                        "games_per_cpu_s": round(summary.games / cpu, 3),
                        "games_per_cpu_s_without_replay": round(
                            summary.games / (cpu - sum(summary.replay_seconds)), 3),
                        "steps_per_cpu_s": round(summary.steps / cpu, 1),
                        "replay_median_ms": round(
                            statistics.median(summary.replay_seconds) * 1000, 1),
                        "replay_total_s": round(sum(summary.replay_seconds), 3),
                        "replay_share": round(sum(summary.replay_seconds) / cpu, 3)})
    return figures


def stored_replays(repeat: int) -> list[dict]:
    """The median CPU time of replaying each stored game's whole log."""
    dune = load_game("dune")
    figures = []
    for record in json.loads(RECORDS.read_text())["records"]:
        times = []
        for _ in range(repeat):
            start = time.process_time()
            replay(dune, record["ruleset"], record["options"], record["seats"], record["seed"],
                   record["log"])
            times.append(time.process_time() - start)
        figures.append({"game": f"{record['ruleset']} six factions",
                        "steps": len(record["log"]),
                        "replay_cpu_ms": round(statistics.median(times) * 1000, 1)})
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--mail", action="store_true",
                        help="the bots' orders as mail text, read by the parser")
    parser.add_argument("--replay-only", action="store_true",
                        help="only the replays of the stored games")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = {"self_play": [] if args.replay_only else self_play(args.games, args.seed,
                                                                   args.mail),
               "stored_replays": stored_replays(args.repeat)}
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    if figures["self_play"]:
        print(f"games per rule mix: {args.games}, seed: {args.seed}, whole games (default turns), "
              f"random bots, their orders {'as mail' if args.mail else 'as values'}")
    for mix in figures["self_play"]:
        print(f"{mix['mix']:<26} {mix['games'] / mix['wall_s']:6.2f} games/s "
              f"{mix['games_per_cpu_s']:6.2f} games/CPU-s {mix['steps_per_cpu_s']:7.1f} "
              f"steps/CPU-s ({mix['steps'] / mix['games']:.1f} steps per game); "
              f"{mix['games_per_cpu_s_without_replay']:6.2f} games/CPU-s without the replay "
              f"checks; replay of a "
              f"game's log: {mix['replay_median_ms']:.1f} ms (median), the replay checks "
              f"{mix['replay_total_s']:.2f} s in all ({mix['replay_share']:.0%} of the run)")
    for game in figures["stored_replays"]:
        print(f"replay of the stored {game['game']} game ({game['steps']} steps): "
              f"{game['replay_cpu_ms']:.1f} ms CPU (median of {args.repeat})")


if __name__ == "__main__":
    main()
