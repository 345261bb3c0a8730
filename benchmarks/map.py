"""How long the map of Arrakis takes to paint for the reports, and how much it weighs.

Replays the stored six-faction WBC game (``tests/dune/records``), or with ``--game
war_for_arrakis`` a two-player game of War for Arrakis its basic bots play from the seed
``map``, and takes MAPS states in a row from its second turn (round) on whose map differs
from the state before (the steps whose reports bring a new map).  Each round runs in a fresh
process, which draws those maps one after the other as the reports do
(``pbem.reports.map_pictures``: the drawing that tells whether the map changed, and the
pictures), and times each in CPU time: the PNG alone (a
seat's report, the default) or, in other rounds, the PNG with the SVG (``SET MAP SVG``, the
GM's and observers' public reports).  The first map of a process, which builds what is
built once per process, is timed apart.  It prints the median over REPEAT rounds of each
round's median per map, the first map, and the mean size of the PNG and the SVG; ``--json``
prints the figures as JSON, ``--save DIR`` writes the PNGs and SVGs (to look at, or to
compare two checkouts' byte for byte).

Usage: python benchmarks/map.py [--game war_for_arrakis] [--maps 40] [--repeat 5] [--json]
                                [--save DIR]

It runs against whichever pbem the interpreter imports, so two checkouts can be measured
side by side with their own interpreters and this one script.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

RECORDS = Path(__file__).resolve().parent.parent / "tests/dune/records/main-75c5b2d.json"


def game_states(game: str) -> list[dict]:
    """Every state of the stored WBC game, or of War for Arrakis's game (as the docstring)."""
    from pbem import selfplay
    from pbem.game import load_game, replay_states

    if game == "dune":
        record = next(r for r in json.loads(RECORDS.read_text())["records"]
                      if r["ruleset"] == "wbc")
    else:
        run = selfplay._Run(load_game(game), "standard", {}, ["atreides", "harkonnen"],
                            "map", {}, "basic", mail=False)
        assert not selfplay._play(run, selfplay.SelfplaySummary())
        record = {"ruleset": run.ruleset, "options": run.options, "seats": run.seats,
                  "seed": run.seed, "log": run.log}
    return list(replay_states(load_game(game), record["ruleset"], record["options"],
                              record["seats"], record["seed"], record["log"]))


def changed_maps(game: str, count: int) -> list[int]:
    """The indexes of ``count`` states in a row, from the second turn on, whose map differs
    from the state before's."""
    from pbem.game import load_game

    rules, last, found = load_game(game), None, []
    for index, state in enumerate(game_states(game)):
        drawing = rules.map_svg(state)
        if drawing != last and (rules.turn_of(state) or 0) >= 2:
            found.append(index)
        last = drawing
    return found[:count]


def one_round(game: str, indexes: list[int], svg: bool, save: Path | None) -> dict:
    """Draw the maps of the states at ``indexes`` in order, in this process."""
    from pbem import reports
    from pbem.game import load_game

    rules, states = load_game(game), game_states(game)
    times, sizes = [], {"png": [], "svg+xml": []}
    for index in indexes:
        record = SimpleNamespace(rules=rules, state=states[index], id="map", step=index)
        start = time.process_time()
        pictures = reports.map_pictures(record, svg=svg)
        times.append(time.process_time() - start)
        for picture in pictures:
            sizes[picture.subtype].append(len(picture.data))
            if save is not None:
                save.mkdir(parents=True, exist_ok=True)
                suffix = picture.subtype.split("+")[0]
                (save / f"map-{index:03d}.{suffix}").write_bytes(picture.data)
    return {"first_ms": times[0] * 1000, "median_ms": statistics.median(times[1:]) * 1000,
            "png_kB": statistics.mean(sizes["png"]) / 1000,
            "svg_kB": statistics.mean(sizes["svg+xml"]) / 1000 if sizes["svg+xml"] else None}


def measure(game: str, maps: int, repeat: int, save: Path | None) -> dict:
    indexes = changed_maps(game, maps)
    figures: dict = {"game": game, "maps": len(indexes), "repeat": repeat, "states": indexes}
    for label, svg in (("png", False), ("png_and_svg", True)):
        rounds = []
        for _ in range(repeat):
            command = [sys.executable, __file__, "--game", game, "--round",
                       json.dumps(indexes)]
            command += ["--svg"] if svg else []
            command += ["--save", str(save)] if save is not None else []
            rounds.append(json.loads(subprocess.run(command, check=True, capture_output=True,
                                                    text=True).stdout))
        figures[label] = {
            "cpu_ms_per_map": round(statistics.median(r["median_ms"] for r in rounds), 1),
            "rounds_ms": [round(r["median_ms"], 1) for r in rounds],
            "first_map_ms": round(statistics.median(r["first_ms"] for r in rounds), 1),
            "png_kB_mean": round(rounds[0]["png_kB"], 1)}
        if svg:
            figures[label]["svg_kB_mean"] = round(rounds[0]["svg_kB"], 1)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=("dune", "war_for_arrakis"), default="dune")
    parser.add_argument("--maps", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--save", type=Path, help="write each map's PNG and SVG here")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--round", help=argparse.SUPPRESS)
    parser.add_argument("--svg", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.round:
        print(json.dumps(one_round(args.game, json.loads(args.round), args.svg, args.save)))
        return
    figures = measure(args.game, args.maps, args.repeat, args.save)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    played = ("the stored WBC game" if args.game == "dune"
              else "a two-player game of War for Arrakis")
    print(f"{figures['maps']} changed maps in a row of {played}, drawn as the "
          f"reports draw them; CPU time per map, median of {args.repeat} rounds:")
    for label, name in (("png", "PNG alone (a seat's report)"),
                        ("png_and_svg", "PNG and SVG (a public report)")):
        found = figures[label]
        print(f"  {name:<32} {found['cpu_ms_per_map']:6.1f} ms (rounds: "
              f"{', '.join(map(str, found['rounds_ms']))}); the first map of the process "
              f"{found['first_map_ms']:.1f} ms")
    print(f"  PNG {figures['png']['png_kB_mean']:.1f} kB, SVG "
          f"{figures['png_and_svg']['svg_kB_mean']:.1f} kB (means)")


if __name__ == "__main__":
    main()
