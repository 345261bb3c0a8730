"""Mail rounds per round of War for Arrakis played through the moderator, engaged players beside
reactive ones (issue 36: at most 4 mail rounds per game round with engaged players).

Each game is a real installation in a temporary folder (the demo's configuration: Maildir in
and out, maps in the reports), on a clock moved by hand, played to its end (or to the end of
round ``--rounds``).  Bots answer the mail from their own seat's view (the ``basic`` bot).  A
mail round is one exchange: the moderator ticks until nothing changes, then every seat it
waits for sends one mail.  An *engaged* player's mail answers its open decisions and sends
its decisions to come (``pbem.game.OrdersAhead``: the Harkonnen's spice and next vehicles,
the Atreides' End of the Round claims), and a seat mailed decisions to come it has not sent
yet sends them in the same round, though nobody waits for it; a *reactive* player answers only
what it is asked.  A plan of the round's actions is one mail either way (its fallbacks and
standing choices in it); the moderator asks again only when a plan cannot go on.

For each seating and each kind of player it prints, over the games, the mean of: the rounds
per game round (``rounds``), split by phase (vehicles, actions, harvest, end); the mails the
moderator sent to a seat's address per seat per game round, and their kilobytes.

    .venv/bin/python benchmarks/wfa_mail_rounds.py --games 10 --seed rounds --jobs 2
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean

from pbem.ahead import ahead_prompts, bot_turn
from pbem.game import waiting_for

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mail_table import open_table, options_of, play_all, report, unsent  # noqa: E402

GAME = "war_for_arrakis"
SEATINGS = {"two players": ("standard", 2), "four in teams": ("standard", 4),
            "solo": ("mahdi", 1)}
PLAYERS = ("engaged", "reactive")
PHASES = ("vehicles", "actions", "harvest", "end")
MAX_ROUNDS = 600


@dataclass
class Played:
    """What one game measured: rounds by (game round, phase), mails and bytes by round."""

    rounds_played: int = 0
    seats: int = 0
    rounds: Counter = field(default_factory=Counter)
    mails: Counter = field(default_factory=Counter)
    size: Counter = field(default_factory=Counter)
    gm_mails: Counter = field(default_factory=Counter)
    gm_size: Counter = field(default_factory=Counter)
    refused: int = 0
    seconds: float = 0.0


def play(seating: str, players: str, seed: str, rounds: int | None, options: dict | None = None
         ) -> Played:
    """One game by mail to its end (or the end of round ``rounds``), with ``options``
    (``--option``)."""
    start = time.perf_counter()
    game = Played()
    ruleset, count = SEATINGS[seating]
    engaged = players == "engaged"
    with tempfile.TemporaryDirectory(prefix="pbem-wfa-rounds-") as folder:
        table = open_table(Path(folder), GAME, count, seed, ruleset,
                           options={**(options or {}), **({"rounds": rounds} if rounds else {})})
        addresses = table.addresses
        game.seats = len(addresses)
        rng = random.Random(seed)
        sent: dict[str, set[str]] = {seat: set() for seat in addresses}
        number = table.record.state["round"]
        for _ in range(MAX_ROUNDS):
            table.settle(game)
            mailed = table.outgoing.collect(game, number)
            record = table.reload()
            state = record.state
            if record.finished:
                break
            answered = table.moderator.store.pending(record.id, record.step)
            seats = list(waiting_for(record.prompts(), answered))
            if not seats:
                raise RuntimeError(f"{seed}: nobody to wait for at step {record.step}")
            number = state["round"]
            phase = state["phase"] if state["phase"] in PHASES else "actions"
            game.rounds[(number, phase)] += 1
            if engaged:
                seats += [s for s, a in addresses.items() if s not in seats and a in mailed
                          and unsent(record, s, sent[s])]
            for seat in seats:
                prompts = [p for p in record.prompts()
                           if p.seat == seat and p.key not in answered]
                coming = ahead_prompts(record.rules, state, seat) if engaged else []
                sent[seat].update(p.key for p in coming)
                table.drop(seat, "\n".join(bot_turn(record.rules, state, seat, prompts, rng,
                                                     coming=coming)))
        else:
            raise RuntimeError(f"{seed}: the game did not end in {MAX_ROUNDS} mail rounds")
        game.rounds_played = state["round"]
    game.seconds = time.perf_counter() - start
    return game


def figures(games: list[Played]) -> dict:
    def per_round(game: Played, counts: Counter, keep=lambda key: True) -> float:
        return sum(n for key, n in counts.items() if keep(key)) / game.rounds_played

    return {
        "games": len(games),
        "rounds_played": mean(g.rounds_played for g in games),
        "rounds_per_round": mean(per_round(g, g.rounds) for g in games),
        "rounds_by_phase": {phase: mean(per_round(g, g.rounds, lambda k, p=phase: k[1] == p)
                                        for g in games) for phase in PHASES},
        "mails_per_seat_per_round": mean(per_round(g, g.mails) / g.seats for g in games),
        "kb_per_seat_per_round": mean(per_round(g, g.size) / g.seats / 1000 for g in games),
        "mails_refused": sum(g.refused for g in games),
        "seconds_per_game": mean(g.seconds for g in games),
    }


def run(args: argparse.Namespace) -> dict[str, dict]:
    seatings = [args.seating] if args.seating else list(SEATINGS)
    tasks = [(seating, players, f"{args.seed}-{n}") for seating in seatings
             for players in PLAYERS for n in range(args.games)]
    calls = [(seating, players, seed, args.rounds, options_of(args))
             for seating, players, seed in tasks]
    games = play_all(play, calls, args.jobs)
    results = {}
    for seating in seatings:
        for players in PLAYERS:
            mine = [g for (s, p, _), g in zip(tasks, games, strict=True)
                    if (s, p) == (seating, players)]
            results[f"{seating}, {players}"] = {"seating": seating, "players": players,
                                                **figures(mine)}
    return results


def table(results: dict[str, dict], args: argparse.Namespace) -> str:
    lines = [f"War for Arrakis by mail, seed {args.seed}, basic bots; per game round"
             + (f", rounds 1 to {args.rounds}" if args.rounds else ", whole games"),
             f"{'seating, players':<26} {'games':>5} {'rounds':>6} {'mail rounds':>11} "
             + " ".join(f"{p:>8}" for p in PHASES) + f" {'mails':>6} {'kB':>5} {'s/game':>7}"]
    for name, r in results.items():
        lines.append(
            f"{name:<26} {r['games']:>5} {r['rounds_played']:>6.1f} "
            f"{r['rounds_per_round']:>11.2f} "
            + " ".join(f"{r['rounds_by_phase'][p]:>8.2f}" for p in PHASES)
            + f" {r['mails_per_seat_per_round']:>6.2f} {r['kb_per_seat_per_round']:>5.0f}"
            f" {r['seconds_per_game']:>7.1f}")
        if r["mails_refused"]:
            lines.append(f"  {name}: the moderator refused {r['mails_refused']} bot mails")
    lines.append("rounds: game rounds played; mail rounds: exchanges of mail per game round "
                 "(by phase after it); mails and kB: sent to a seat's address, per seat")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", default="rounds")
    parser.add_argument("--seating", choices=list(SEATINGS), help="run only this seating")
    parser.add_argument("--rounds", type=int, help="stop after this game round")
    report(parser, argv, run, table)


if __name__ == "__main__":
    main()
