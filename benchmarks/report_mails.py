"""The weight of the report mails to the seats of a game of Dune by mail (docs/reports.md).

Plays a six-faction WBC game to its end through the moderator, its seats played by the
random bots (civil disorder ``bot``) and the maps on, and prints how many report mails the
seats got, how many brought the map, and their median, mean and total size in bytes as
sent, and the mean size of those with the map and of those without.  ``--every-step`` gives
every seat ``SET DIGEST OFF`` and ``SET MAP SVG`` (a report after every step, the SVG too),
for comparison; ``--json`` prints the figures as JSON.

    .venv/bin/python benchmarks/report_mails.py --turns 3 --seed size [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from installation import Installation  # noqa: E402
from players import text  # noqa: E402

from pbem.definition import create_game, game_definition  # noqa: E402

SEATS = ("atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen")
GAME = "weight"


def play(turns: int, seed: str, every_step: bool) -> list:
    """The report mails the seats got in one game to its end."""
    site = Installation(Path(tempfile.mkdtemp(prefix="report-mails-")))
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition({
        "id": GAME, "game": "dune", "ruleset": "wbc", "seed": seed, "auth": "address",
        "options": {"turns": turns}, "deadlines": {"resolve_delay_minutes": 1},
        "seats": [{"seat": s, "address": f"{s}@players.test"} for s in SEATS]}), site.clock())
    preferences = json.dumps({"digest": "off", "map": "svg"}) if every_step else None
    with moderator.store.atomic():
        moderator.store.db.execute("update seats set disorder = 'bot', preferences = ? "
                                   "where game_id = ?", (preferences, GAME))
    while not site.record(GAME).finished:
        site.clock.advance(minutes=1)
        site.moderator().tick()
    return [mail for mail in site.sent() if mail["To"].endswith("@players.test")
            and "== What happened ==" in text(mail)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--seed", default="size")
    parser.add_argument("--every-step", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    mails = play(args.turns, args.seed, args.every_step)
    sizes = [len(mail.as_bytes()) for mail in mails]
    mapped = [any(part.get_content_type() == "image/png" for part in mail.walk())
              for mail in mails]
    with_map = [size for size, has in zip(sizes, mapped, strict=True) if has]
    without = [size for size, has in zip(sizes, mapped, strict=True) if not has]
    figures = {"reports": len(mails), "seats": len(SEATS), "turns": args.turns,
               "with_the_map": len(with_map),
               "median_kB": round(statistics.median(sizes) / 1000, 1),
               "mean_kB": round(statistics.mean(sizes) / 1000, 1),
               "mean_with_the_map_kB": round(statistics.mean(with_map) / 1000, 1)
               if with_map else None,
               "mean_without_kB": round(statistics.mean(without) / 1000, 1) if without else None,
               "total_MB": round(sum(sizes) / 1e6, 1)}
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"{len(mails)} reports to {len(SEATS)} seats in {args.turns} turns, {len(with_map)} "
          f"with the map: median {figures['median_kB']:.1f} kB, mean {figures['mean_kB']:.1f} "
          f"kB (with the map {figures['mean_with_the_map_kB']} kB, without "
          f"{figures['mean_without_kB']} kB), total {figures['total_MB']:.1f} MB")


if __name__ == "__main__":
    main()
