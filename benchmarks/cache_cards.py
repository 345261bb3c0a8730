"""Self-play of GF9 games with Richese seated (the CHOAM & Richese expansion, ``choam_richese``),
under text A and text B advanced and by both bots: the invariants broken
(``pbem.selfplay.play_games``, every bot order written as mail and read by the parser, each
game replayed from its log at the end), and how often the cache cards whose effects issue 30
built were played, counted from the events of those same games as they are applied.

Usage: python benchmarks/cache_cards.py [--games 50] [--seed cachecards] [--json]
"""

from __future__ import annotations

import argparse
import json
import resource
from collections import Counter
from typing import Any

from pbem import selfplay
from pbem.game import load_game

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "richese"]
MIXES = [("a", {"choam_richese": True}),
         ("b", {"choam_richese": True, "richese_revised": True, "advanced": True})]
EVENTS = {"desert-seeded-water": "Desert Seeded Water", "axolotl-tank": "Axolotl Tank",
          "leader-poisoned": "Residual Poison", "juice-of-sapho": "Juice of Sapho",
          "forces-sent-home": "Amtal (a loser sent home)"}
WEAPONS = ("Stone Burner", "Amtal")


def counted(apply: Any, counts: Counter[str], replaying: list[bool]) -> Any:
    """A game's ``apply``, counting the cards' plays in the events it returns as a game is
    played (not as self-play replays its log to check it)."""
    def counting(state: Any, batch: Any, rng: Any) -> Any:
        state, events = apply(state, batch, rng)
        for event in [] if replaying[0] else events:
            code = str(event.code)
            if code == "move" and event.data.get("card"):
                counts["Ornithopter (three territories)"] += 1
            elif code == "battle-plans":
                counts.update(f"{plan['weapon']} (in a plan)" for plan in event.data[
                    "plans"].values() if plan.get("weapon") in WEAPONS)
            elif code in EVENTS:
                counts[EVENTS[code]] += 1
        return state, events
    return counting


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", default="cachecards")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = load_game("dune")
    apply, check = game.apply, selfplay._replay_check
    replaying = [False]

    def checked(run: Any, summary: Any) -> list[str]:
        replaying[0] = True
        try:
            return check(run, summary)
        finally:
            replaying[0] = False

    rows = []
    selfplay._replay_check = checked
    try:
        for text, options in MIXES:
            for style in ("random", "basic"):
                counts: Counter[str] = Counter()
                game.apply = counted(apply, counts, replaying)
                before = resource.getrusage(resource.RUSAGE_SELF).ru_utime
                summary = selfplay.play_games(game, "gf9", options, args.games,
                                              f"{args.seed}-{text}-{style}", SEATS, style=style)
                rows.append({"text": text.upper(), "bots": style, "games": summary.games,
                             "steps": summary.steps, "violations": len(summary.violations),
                             "cpu": round(resource.getrusage(resource.RUSAGE_SELF).ru_utime
                                          - before),
                             "played": dict(sorted(counts.items()))})
    finally:
        game.apply, selfplay._replay_check = apply, check
    if args.json:
        print(json.dumps(rows))
        return
    for row in rows:
        played = ", ".join(f"{name} {n}" for name, n in row["played"].items())
        print(f"text {row['text']}, {row['bots']}: {row['games']} games, {row['steps']} steps, "
              f"{row['violations']} violations, {row['cpu']} s CPU; played: {played}")


if __name__ == "__main__":
    main()
