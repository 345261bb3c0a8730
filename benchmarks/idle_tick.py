"""What an idle ``pbem tick`` costs as a whole process, as cron runs it.

Sets up a Maildir installation with GAMES auction games whose welcomes are sent and
whose bids are not in (or, with ``--game dune``, six-seat Dune games dealt and waiting
for their first orders), then runs ``python -m pbem --config ... tick`` REPEAT times
with nothing new in the inbox, and prints the median wall and CPU time of the
process (user + system, from ``wait4``): start-up and imports included.

Usage: python benchmarks/idle_tick.py [--games 20] [--game auction|dune] [--repeat 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from installation import Installation  # noqa: E402

from pbem.definition import create_game, game_definition  # noqa: E402

DUNE_SEATS = ("harkonnen", "atreides", "bene-gesserit", "emperor", "fremen", "guild")
# Past the Dune games' salt window: the first tick deals them, the others find them idle.
AFTER_THE_SALTS = "2026-11-26T12:00:00+00:00"


def run_tick(site: Installation, now: str | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one ``pbem tick`` process, byte-compiled as an installed
    pbem is (``PYTHONDONTWRITEBYTECODE`` dropped: the warm-up run writes the caches)."""
    env = {name: value for name, value in site.env().items()
           if name != "PYTHONDONTWRITEBYTECODE"}
    if now is not None:
        env["PBEM_NOW"] = now
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "pbem", "--config", str(site.config_path),
                              "tick"], cwd=site.root, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    output = child.stdout.read().decode() + child.stderr.read().decode()
    child.stdout.close()
    child.stderr.close()
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0 or "tick: 0 new messages" not in output:
        raise SystemExit(f"the tick failed: {output}")
    return wall, usage.ru_utime + usage.ru_stime


def new_dune_game(site: Installation, number: int) -> None:
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition({
        "id": f"dune-{number}", "game": "dune", "ruleset": "wbc", "seed": str(number),
        "auth": "address", "seats": [{"seat": seat, "address": f"{seat}@players.test"}
                                     for seat in DUNE_SEATS]}), site.clock())
    moderator.send_outbox()


def measure(games: int, repeat: int, game: str = "auction") -> dict:
    with tempfile.TemporaryDirectory() as scratch:
        site = Installation(Path(scratch) / "site", maps=False)
        for number in range(games):
            if game == "dune":
                new_dune_game(site, number)
            else:
                site.new_game(f"auction-{number}", seed=str(number))
        now = AFTER_THE_SALTS if game == "dune" else None
        for _ in range(2):  # the first ticks after set-up may still have work: not counted
            run_tick(site, now)
        runs = [run_tick(site, now) for _ in range(repeat)]
    return {"games": games, "game": game, "runs": repeat,
            "wall_ms": statistics.median(w for w, _ in runs) * 1000,
            "cpu_ms": statistics.median(c for _, c in runs) * 1000,
            "wall_ms_each": [round(w * 1000, 1) for w, _ in runs],
            "cpu_ms_each": [round(c * 1000, 1) for _, c in runs]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", choices=("auction", "dune"), default="auction")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    result = measure(args.games, args.repeat, args.game)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"idle `pbem tick` process, {result['games']} {result['game']} games, nothing new, "
          f"median of {result['runs']}:")
    print(f"wall {result['wall_ms']:7.1f} ms   CPU {result['cpu_ms']:7.1f} ms")


if __name__ == "__main__":
    main()
