"""How many machine instructions self-play takes per game: a figure a loaded machine does not
change, to compare two checkouts side by side where CPU time is too noisy.

For each rule mix it runs a Python process under Valgrind's callgrind twice, once playing
GAMES whole bot games (orders as values, the invariants after every step, no replay check:
``benchmarks/selfplay.py``'s figure) and once playing none, each after the same two games
to warm it up; the difference, divided by GAMES, is the instructions (callgrind's ``Ir``) of
one game.  The same seeds play the same games in every checkout that plays alike
(``benchmarks/same_games.py``).

The mix ``replay`` replays the stored games instead (``tests/dune/records``: a six-faction WBC
game and a 15-turn classic one, as ``benchmarks/replay.py`` does), GAMES times each after
one warm-up replay: the instructions of one replay of the two.

Usage: python benchmarks/instructions.py [--games 5] [--mix basic,adv,wbc,replay] [--json]
Needs valgrind.  The Python processes hash with a fixed seed (``PYTHONHASHSEED=0``): a random
one moves the figure by millions between runs of one checkout.  Measures whichever pbem the
interpreter imports (give another checkout's interpreter to measure it).  Each mix takes
about a minute for 5 games.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

MIXES = {"basic": ("classic", {}),
         "adv": ("classic", {"advanced": True, "optional": True}),
         "wbc": ("wbc", {})}
RECORDS = str(Path(__file__).resolve().parent.parent / "tests/dune/records/main-75c5b2d.json")

PLAY = """
import json, sys
from pbem.game import load_game
from pbem.selfplay import play_games
import pbem.selfplay as selfplay
selfplay._replay_check = lambda run, summary: []      # timed apart in selfplay.py
dune = load_game("dune")
play_games(dune, "classic", {}, 2, "warm", mail=False)
ruleset, options, games = json.loads(sys.argv[1])
play_games(dune, ruleset, options, games, "bench", mail=False)
"""

REPLAY = """
import json, sys
from pbem.game import load_game, replay
dune = load_game("dune")
path, times = json.loads(sys.argv[1])
records = json.load(open(path))["records"]
for _ in range(1 + times):
    for record in records:
        replay(dune, record["ruleset"], record["options"], record["seats"], record["seed"],
               record["log"])
"""


def instructions(mix: str, games: int) -> int:
    """The instructions of a process that plays ``games`` games of the mix (after the warm-up),
    or replays the stored games ``games`` times (mix ``replay``)."""
    code, given = (REPLAY, [RECORDS, games]) if mix == "replay" else (PLAY, [*MIXES[mix], games])
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", code, json.dumps(given)],
                         capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"})
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--mix", default="basic,adv,wbc")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = []
    for mix in args.mix.split(","):
        played, idle = instructions(mix, args.games), instructions(mix, 0)
        figures.append({"mix": mix, "games": args.games,
                        "instructions_per_game": (played - idle) // args.games})
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    for mix in figures:
        what = "replay of the two stored games" if mix["mix"] == "replay" else "game"
        print(f"{mix['mix']:<6} {mix['instructions_per_game'] / 1e6:9.1f} million instructions "
              f"per {what} ({mix['games']} games)")


if __name__ == "__main__":
    main()
