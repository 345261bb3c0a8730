"""Mail rounds, mails and kilobytes per turn of six-faction WBC Dune, played through the moderator.

Each game is a real installation in a temporary folder (the demo's configuration: Maildir in
and out, maps in the reports), on a clock moved by hand.  Bots answer the mail as an engaged
player would: whenever the moderator waits for a seat, the seat sends one mail with an order
for each of its open decisions (the ``basic`` bot, from its own view), and, once the game
offers orders ahead (``pbem.game.OrdersAhead``), its orders for the decisions it may send
ahead; a seat that was mailed decisions to come it has not sent yet answers them too, in the
same round, though nobody waits for it.  A mail round is one such exchange: the moderator
ticks until nothing changes, then every seat it waits for sends its mail.

For each preset it prints, set-up left out (turns 1 to the end), the mean over the games of:
``rounds_per_turn``; ``mails_per_seat_per_turn``, every mail the moderator sent to a seat's
address (reports, acknowledgements, notices); ``kb_per_seat_per_turn``, their size as sent
(the message files of the outgoing Maildir, in units of 1000 bytes); and the rounds per turn
of each phase (docs/orders.md, "Mail rounds").

    .venv/bin/python benchmarks/mail_rounds.py --games 20 --seed rounds --jobs 2
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

import pbem.game
from pbem.ahead import ahead_prompts, bot_turn
from pbem.config import load_config
from pbem.definition import create_game, game_definition
from pbem.demo import demo_games, write_files
from pbem.game import waiting_for
from pbem.moderator import Moderator
from pbem.record import GameRecord
from pbem.resolution import policy_of

PRESETS = {
    "faithful default": {"bidding": "per_card", "movement": "sequential"},
    "fastest preset": {"bidding": "whole_round", "movement": "batched"},
}
PHASES = ("bidding", "revival", "movement", "battle", "others")
SEATS = 6
MAX_ROUNDS = 2000         # a whole game of the faithful default takes about 250
MAX_TICKS = 50            # ticks of one round before the moderator must be still


class Clock:
    """A clock moved by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Game:
    """What one game measured: rounds by (turn, phase), mails and bytes to the seats by turn."""

    turns: int = 0
    rounds: Counter = field(default_factory=Counter)
    mails: Counter = field(default_factory=Counter)
    size: Counter = field(default_factory=Counter)
    refused: int = 0
    seconds: float = 0.0


class Outgoing:
    """The moderator's outgoing Maildir, read as its files arrive: each new file is put down
    to the round that caused it, once for every seat address it is sent to."""

    def __init__(self, path: Path, addresses: set[str]):
        self.path = path
        self.addresses = addresses
        self.seen: set[Path] = set()

    def collect(self, game: Game, turn: int) -> set[str]:
        """Count the new files; returns the seat addresses they went to."""
        parser = BytesHeaderParser(policy=policy.default)
        mailed: set[str] = set()
        for sub in ("new", "cur"):
            for path in (self.path / sub).iterdir():
                if path in self.seen:
                    continue
                self.seen.add(path)
                raw = path.read_bytes()
                headers = parser.parsebytes(raw)
                to = {a.lower() for _, a in getaddresses(
                    headers.get_all("To", []) + headers.get_all("Cc", []))}
                seats = len(to & self.addresses)
                mailed |= to & self.addresses
                game.mails[turn] += seats
                game.size[turn] += seats * len(raw)
        return mailed


def settle(moderator: Moderator, clock: Clock, delay: timedelta, game: Game) -> None:
    """Tick, the clock moved past the resolve delay each time, until a tick changes nothing."""
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


def unsent(record: GameRecord, seat: str, ahead: bool, sent: set[str]) -> bool:
    """Whether the seat has decisions to come it has neither sent nor had held."""
    held = {row["name"] for row in record.held_by(seat) if row["refused"] is None}
    return ahead and any(p.key not in sent | held
                         for p in ahead_prompts(record.rules, record.state, seat))


def bot_mail(record: GameRecord, seat: str, answered, rng: random.Random, ahead: bool,
             sent: set[str]) -> str:
    """An engaged player's mail (``pbem.ahead.bot_turn``): an order for each of the seat's
    open decisions, then, with orders ahead, each decision to come; their names go into
    ``sent``."""
    prompts = [p for p in record.prompts() if p.seat == seat and p.key not in answered]
    coming = ahead_prompts(record.rules, record.state, seat) if ahead else []
    sent.update(p.key for p in coming)
    return "\n".join(bot_turn(record.rules, record.state, seat, prompts, rng, coming=coming))


def play(seed: str, options: dict, turns: int | None, ahead: bool) -> Game:
    """One six-faction WBC game by mail to its end (or to the end of turn ``turns``)."""
    start = time.perf_counter()
    game = Game()
    with tempfile.TemporaryDirectory(prefix="pbem-rounds-") as folder:
        root = Path(folder)
        config_path, _ = write_files(root, "dune", SEATS, seed)
        config = load_config(config_path)
        clock = Clock()
        moderator = Moderator(config, clock=clock)
        data = demo_games("dune", SEATS, seed)[0]
        data.update(options=dict(options), auth="address")     # the game file's addresses
        record = create_game(moderator.store, config, game_definition(data), clock())
        moderator.send_outbox()
        addresses = {s["seat"]: s["address"] for s in record.seats}
        outgoing = Outgoing(Path(config.mail_out.maildir.path), set(addresses.values()))
        incoming = mailbox.Maildir(config.mail_in.maildir.path, factory=None)
        delay = timedelta(minutes=policy_of(record).resolve_delay_minutes + 1)
        rng = random.Random(seed)
        sent: dict[str, set[str]] = {seat: set() for seat in addresses}
        turn = 0                                   # the turn of the round played; 0: set-up
        for _ in range(MAX_ROUNDS):
            settle(moderator, clock, delay, game)
            mailed = outgoing.collect(game, turn)
            record = GameRecord.load(moderator.store, record.id)
            state = record.state
            if record.finished or (turns is not None and state["turn"] > turns):
                break
            answered = moderator.store.pending(record.id, record.step)
            seats = list(waiting_for(record.prompts(), answered))
            if not seats:
                raise RuntimeError(f"{seed}: nobody to wait for at step {record.step}")
            turn = 0 if state["phase"] == "setup" else state["turn"]
            phase = state["phase"] if state["phase"] in PHASES else "others"
            game.rounds[(turn, phase)] += 1
            seats += [seat for seat, address in addresses.items() if seat not in seats
                      and address in mailed and unsent(record, seat, ahead, sent[seat])]
            for seat in seats:
                body = bot_mail(record, seat, answered, rng, ahead, sent[seat])
                incoming.add(order_mail(addresses[seat], config.moderator.address, record.id,
                                        body))
        else:
            raise RuntimeError(f"{seed}: the game did not end in {MAX_ROUNDS} rounds")
        game.turns = min(state["turn"], turns) if turns is not None else state["turn"]
    game.seconds = time.perf_counter() - start
    return game


def figures(games: list[Game]) -> dict:
    """The means over the games, set-up left out."""
    def per_turn(game: Game, counts: Counter, keep=lambda key: True) -> float:
        return sum(n for key, n in counts.items() if keep(key)) / game.turns

    def played(key) -> bool:
        return key != 0
    return {
        "games": len(games),
        "turns": mean(g.turns for g in games),
        "rounds_per_turn": mean(per_turn(g, g.rounds, lambda k: k[0] != 0) for g in games),
        "mails_per_seat_per_turn": mean(per_turn(g, g.mails, played) / SEATS for g in games),
        "kb_per_seat_per_turn": mean(per_turn(g, g.size, played) / SEATS / 1000
                                     for g in games),
        "rounds_per_turn_by_phase": {
            phase: mean(per_turn(g, g.rounds, lambda k, p=phase: k[0] != 0 and k[1] == p)
                        for g in games) for phase in PHASES},
        "mails_refused": sum(g.refused for g in games),
        "seconds_per_game": mean(g.seconds for g in games),
    }


def run(args: argparse.Namespace) -> dict[str, dict]:
    presets = [args.preset] if args.preset else list(PRESETS)
    tasks = [(name, f"{args.seed}-{number}") for name in presets for number in range(args.games)]
    calls = [(seed, PRESETS[name], args.turns, not args.no_ahead) for name, seed in tasks]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(play, *zip(*calls, strict=True)))
    else:
        games = [play(*call) for call in calls]
    results = {}
    for name in presets:
        mine = [game for (preset, _), game in zip(tasks, games, strict=True) if preset == name]
        results[name] = {"preset": name, "options": PRESETS[name], **figures(mine)}
    return results


def table(results: dict[str, dict], args: argparse.Namespace) -> str:
    ahead = "without" if args.no_ahead or getattr(pbem.game, "OrdersAhead", None) is None \
        else "with"
    lines = [f"six-faction WBC games by mail, seed {args.seed}, bots {ahead} orders ahead; "
             "per turn, set-up left out" + (f", turns 1 to {args.turns}" if args.turns else ""),
             f"{'preset':<17} {'games':>5} {'turns':>5} {'rounds':>6} {'mails':>6} {'kB':>7}  "
             + " ".join(f"{p:>8}" for p in PHASES) + f" {'s/game':>7}"]
    for name, r in results.items():
        lines.append(
            f"{name:<17} {r['games']:>5} {r['turns']:>5.1f} {r['rounds_per_turn']:>6.2f} "
            f"{r['mails_per_seat_per_turn']:>6.2f} {r['kb_per_seat_per_turn']:>7.0f}  "
            + " ".join(f"{r['rounds_per_turn_by_phase'][p]:>8.2f}" for p in PHASES)
            + f" {r['seconds_per_game']:>7.1f}")
        if r["mails_refused"]:
            lines.append(f"  {name}: the moderator refused {r['mails_refused']} bot mails")
    lines.append("rounds: mail rounds; mails and kB: mail the moderator sent to a seat's "
                 "address, per seat; phases: rounds per turn")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="rounds")
    parser.add_argument("--preset", choices=list(PRESETS), help="run only this preset")
    parser.add_argument("--turns", type=int, help="stop after this turn (a quick run)")
    parser.add_argument("--no-ahead", action="store_true",
                        help="bots send no orders ahead")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    results = run(args)
    print(json.dumps(results, indent=2) if args.json else table(results, args))


if __name__ == "__main__":
    main()
