"""Mail rounds per turn of classic Dune, by phase, in each mail mode (docs/orders.md).

Plays whole six-faction games with the random bots (every order through the parser, as a
player's mail) and counts the steps applied in each phase: each step is one mail round, the
moderator waiting for every open decision of it.  Prints one line per mode with the mean
rounds per turn of bidding, revival, shipment and movement, and of the whole turn (the
set-up's two rounds left out).

    .venv/bin/python benchmarks/mail_rounds.py --games 20 --seed rounds
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from statistics import mean

from pbem.game import Order, step_rng
from pbem.games import dune

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]
PHASES = ("bidding", "revival", "movement")
MODES = [("per_card", "sequential"), ("per_card", "batched"), ("whole_round", "batched")]


def play(seed: str, ruleset: str, bidding: str, movement: str) -> tuple[Counter, int]:
    """One game to its end: (phase -> steps applied in it, turns played)."""
    options = {"bidding": bidding, "movement": movement}
    state = dune.setup(ruleset, options, SEATS, step_rng(seed, 0))
    rng = random.Random(seed)
    rounds: Counter = Counter()
    step = 0
    while dune.result(state) is None:
        prompts = dune.prompts(state)
        phase = state["phase"]
        orders: dict[str, Order] = {}
        for seat in sorted({p.seat for p in prompts}):
            mine = [p for p in prompts if p.seat == seat]
            text = "\n".join(dune.bot_order(dune.view(state, seat), p, rng) for p in mine)
            parsed = dune.parse(state, seat, text)
            if parsed.errors:
                raise SystemExit(f"{seed}: the parser refused a bot's order: {parsed.errors}")
            orders.update({order.prompt: order for order in parsed.orders})
        values = {p.key: orders[p.key].value if p.key in orders else p.default
                  for p in prompts}
        step += 1
        state, _ = dune.apply(state, values, step_rng(seed, step))
        rounds[phase] += 1
    return rounds, state["turn"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", default="rounds")
    parser.add_argument("--ruleset", default="wbc", choices=dune.rulesets)
    args = parser.parse_args()
    print(f"{args.games} six-faction games per mode, ruleset {args.ruleset}: "
          "mean mail rounds per turn")
    print(f"{'bidding':<12} {'movement':<11} " + " ".join(f"{p:>9}" for p in PHASES)
          + f" {'turn':>6}")
    for bidding, movement in MODES:
        per_turn: dict[str, list[float]] = {phase: [] for phase in (*PHASES, "turn")}
        for number in range(args.games):
            rounds, turns = play(f"{args.seed}-{number}", args.ruleset, bidding, movement)
            for phase in PHASES:
                per_turn[phase].append(rounds[phase] / turns)
            per_turn["turn"].append(sum(n for phase, n in rounds.items()
                                        if phase != "setup") / turns)
        print(f"{bidding:<12} {movement:<11} "
              + " ".join(f"{mean(per_turn[p]):>9.2f}" for p in PHASES)
              + f" {mean(per_turn['turn']):>6.2f}")


if __name__ == "__main__":
    main()
