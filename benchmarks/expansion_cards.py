"""Self-play of GF9 games with the Ixians & Tleilaxu treachery cards (001 3.02) in the deck
(and in two mixes its Sandtrout, 001 4.08.02, in the spice deck; in the last mix the third
expansion's cards too, 001 3.04), across option mixes and both
bots: the invariants broken (``pbem.selfplay.play_games``, every bot order written as mail and
read by the parser, each game replayed from its log at the end), and how often each new card
was played, counted from the events of the same games played again step by step
(``bot_decisions``, the same seeds).

Usage: python benchmarks/expansion_cards.py [--games 50] [--seed cards302] [--mix sandtrout]
                                            [--json]
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from typing import Any

from pbem.game import load_game, step_rng
from pbem.selfplay import play_games

CARDS = {"ixians_tleilaxu_cards": True}
MIXES = [("gf9 basic", {**CARDS}),
         ("gf9 advanced sandtrout", {**CARDS, "advanced": True, "sandtrout": True}),
         ("gf9 advanced+tournament batched", {**CARDS, "advanced": True, "tournament": True,
                                              "movement": "batched"}),
         ("gf9 sandtrout whole_round", {**CARDS, "sandtrout": True,
                                        "bidding": "whole_round"}),
         ("gf9 advanced third expansion cards", {**CARDS, "advanced": True,
                                                 "ecaz_moritani_cards": True})]
NEW = {"Amal", "Artillery Strike", "Basilia Weapon", "Chemistry", "Harvester", "Hunter Seeker",
       "Poison Blade", "Poison Tooth", "Shield Snooper", "Thumper", "Weirding Way",
       "Kull Wahad", "Harass and Withdraw", "Reinforcements"}


def plays(game: Any, options: dict[str, Any], seed: str, style: str) -> Counter[str]:
    """The new cards played in one game: in battle plans, and Amal, Harvester, Thumper."""
    seating = game.seating("gf9", options)                        # as self-play draws
    rng, names = random.Random(f"{seed}/seats"), list(seating.names)
    seats = rng.sample(names, rng.randint(seating.fewest, min(seating.most, len(names))))
    state = game.setup("gf9", options, seats, step_rng(seed, 0))
    bots = random.Random(f"{seed}/bots")
    found: Counter[str] = Counter()
    step = 0
    while game.result(state) is None and step < 3000:
        batch = game.bot_decisions(state, bots, style)
        state, events = game.apply(state, batch, step_rng(seed, step + 1))
        step += 1
        for event in events:
            if event.code == "battle-plans":
                for plan in event.data["plans"].values():
                    found.update(c for c in (plan["weapon"], plan["defense"]) if c in NEW)
            elif event.code in ("amal", "harvester", "thumper", "sandtrout", "recruits"):
                found[event.code.capitalize()] += 1
            elif event.code == "weapon-withheld":
                found["Poison Tooth withheld"] += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", default="cards302")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--mix", default=None, help="only the mixes whose name holds this")
    args = parser.parse_args()
    dune = load_game("dune")
    rows = []
    for label, options in [m for m in MIXES if args.mix is None or args.mix in m[0]]:
        for style in ("random", "basic"):
            summary = play_games(dune, "gf9", options, args.games, f"{args.seed}-{style}",
                                 style=style)
            counted: Counter[str] = Counter()
            for number in range(args.games):
                counted += plays(dune, options, f"{args.seed}-{style}-{number}", style)
            rows.append({"mix": label, "bot": style, "games": summary.games,
                         "steps": summary.steps, "violations": len(summary.violations),
                         "played": dict(sorted(counted.items()))})
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        played = ", ".join(f"{name} {n}" for name, n in row["played"].items())
        print(f"{row['mix']:34} {row['bot']:6} {row['games']:4} games {row['steps']:6} steps "
              f"{row['violations']} violations; played: {played}")


if __name__ == "__main__":
    main()
