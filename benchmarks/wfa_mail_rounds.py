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
import json
import mailbox
import random
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from email.utils import getaddresses, make_msgid
from pathlib import Path
from statistics import mean

from pbem.ahead import ahead_prompts, bot_turn
from pbem.config import load_config
from pbem.definition import create_game, game_definition
from pbem.demo import demo_games, write_files
from pbem.game import waiting_for
from pbem.moderator import Moderator
from pbem.record import GameRecord
from pbem.resolution import policy_of

GAME = "war_for_arrakis"
SEATINGS = {"two players": ("standard", 2), "four in teams": ("standard", 4),
            "solo": ("mahdi", 1)}
PLAYERS = ("engaged", "reactive")
PHASES = ("vehicles", "actions", "harvest", "end")
MAX_ROUNDS = 600
MAX_TICKS = 50


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Played:
    """What one game measured: rounds by (game round, phase), mails and bytes by round."""

    rounds_played: int = 0
    seats: int = 0
    rounds: Counter = field(default_factory=Counter)
    mails: Counter = field(default_factory=Counter)
    size: Counter = field(default_factory=Counter)
    refused: int = 0
    seconds: float = 0.0


def collect(path: Path, seen: set[Path], addresses: set[str], game: Played, number: int
            ) -> set[str]:
    """The new files of the outgoing Maildir counted for game round ``number``; the seat
    addresses they went to."""
    parser = BytesHeaderParser(policy=policy.default)
    mailed: set[str] = set()
    for sub in ("new", "cur"):
        for file in (path / sub).iterdir():
            if file in seen:
                continue
            seen.add(file)
            raw = file.read_bytes()
            headers = parser.parsebytes(raw)
            to = {a.lower() for _, a in getaddresses(headers.get_all("To", []))} & addresses
            mailed |= to
            game.mails[number] += len(to)
            game.size[number] += len(to) * len(raw)
    return mailed


def settle(moderator: Moderator, clock: Clock, delay: timedelta, game: Played) -> None:
    for _ in range(MAX_TICKS):
        clock.now += delay
        summary = moderator.tick()
        if summary.errors:
            raise RuntimeError(f"the moderator failed: {summary.errors}")
        game.refused += summary.rejected
        if not (summary.messages or summary.steps or summary.sent):
            return
    raise RuntimeError(f"the moderator was still busy after {MAX_TICKS} ticks")


def order_mail(sender: str, to: str, game_id: str, body: str) -> bytes:
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = to
    mail["Subject"] = f"[{game_id}] orders"
    mail["Message-ID"] = make_msgid(domain="players.demo")
    mail.set_content(body)
    return mail.as_bytes()


def play(seating: str, players: str, seed: str, rounds: int | None) -> Played:
    """One game by mail to its end (or the end of round ``rounds``)."""
    start = time.perf_counter()
    game = Played()
    ruleset, count = SEATINGS[seating]
    engaged = players == "engaged"
    with tempfile.TemporaryDirectory(prefix="pbem-wfa-rounds-") as folder:
        root = Path(folder)
        config_path, _ = write_files(root, GAME, count, seed, ruleset=ruleset)
        config = load_config(config_path)
        clock = Clock()
        moderator = Moderator(config, clock=clock)
        data = demo_games(GAME, count, seed, ruleset=ruleset)[0]
        data.update(auth="address", options={"rounds": rounds} if rounds else {})
        record = create_game(moderator.store, config, game_definition(data), clock())
        moderator.send_outbox()
        addresses = {s["seat"]: s["address"] for s in record.seats}
        game.seats = len(addresses)
        outbox = Path(config.mail_out.maildir.path)
        seen: set[Path] = set()
        incoming = mailbox.Maildir(config.mail_in.maildir.path, factory=None)
        delay = timedelta(minutes=policy_of(record).resolve_delay_minutes + 1)
        rng = random.Random(seed)
        sent: dict[str, set[str]] = {seat: set() for seat in addresses}
        number = record.state["round"]
        for _ in range(MAX_ROUNDS):
            settle(moderator, clock, delay, game)
            mailed = collect(outbox, seen, set(addresses.values()), game, number)
            record = GameRecord.load(moderator.store, record.id)
            state = record.state
            if record.finished:
                break
            answered = moderator.store.pending(record.id, record.step)
            seats = list(waiting_for(record.prompts(), answered))
            if not seats:
                raise RuntimeError(f"{seed}: nobody to wait for at step {record.step}")
            number = state["round"]
            phase = state["phase"] if state["phase"] in PHASES else "actions"
            game.rounds[(number, phase)] += 1
            if engaged:
                seats += [s for s, a in addresses.items() if s not in seats and a in mailed
                          and _unsent(record, s, sent[s])]
            for seat in seats:
                prompts = [p for p in record.prompts()
                           if p.seat == seat and p.key not in answered]
                coming = ahead_prompts(record.rules, state, seat) if engaged else []
                sent[seat].update(p.key for p in coming)
                body = "\n".join(bot_turn(record.rules, state, seat, prompts, rng,
                                          coming=coming))
                incoming.add(order_mail(addresses[seat], config.moderator.address,
                                        record.id, body))
        else:
            raise RuntimeError(f"{seed}: the game did not end in {MAX_ROUNDS} mail rounds")
        game.rounds_played = state["round"]
    game.seconds = time.perf_counter() - start
    return game


def _unsent(record: GameRecord, seat: str, sent: set[str]) -> bool:
    held = {row["name"] for row in record.held_by(seat) if row["refused"] is None}
    return any(p.key not in sent | held
               for p in ahead_prompts(record.rules, record.state, seat))


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
    calls = [(seating, players, seed, args.rounds) for seating, players, seed in tasks]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(play, *zip(*calls, strict=True)))
    else:
        games = [play(*call) for call in calls]
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
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    results = run(args)
    print(json.dumps(results, indent=2) if args.json else table(results, args))


if __name__ == "__main__":
    main()
