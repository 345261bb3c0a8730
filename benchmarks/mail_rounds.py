"""Mail rounds, mails and kilobytes per turn of six-faction Dune (GF9 and WBC), played through
the moderator by three kinds of player.

Each game is a real installation in a temporary folder (the demo's configuration: Maildir in
and out, maps in the seats' reports), on a clock moved by hand.  The players choose their
orders with the ``basic`` bot, from their own view, and answer the mail as people do:

- a *reactive* player answers only what a mail asks of it: when the moderator waits for the
  seat, one mail with an order for each of its open decisions and each decision its mail
  asks for now (``pbem.ahead.asked_prompts``: the turn form), nothing from "Later this turn";
- an *engaged* player (today's bots) answers all that and, once the game offers orders ahead
  (``pbem.game.OrdersAhead``), every decision the turn sheet offers, with the passing order
  after ``ELSE`` where the decision may be passed; a seat that was mailed decisions to come it
  has not sent answers them too, in the same round, though nobody waits for it;
- a *mixed* table: the first two seats engaged, the other four reactive;
- a *passive* player answers only the decisions open now, leaving every block of a turn form
  as it is (so it is asked each decision when it opens).

With ``--optional`` a reactive player also uses the powers its mail offers: each mail it sends
answers too the optional decisions to come that "Later this turn" offers it (an Ambassador or
a Terror token to place, a Nexus card, a card it may keep), never sent before this turn, as a
player who means to use its faction's tokens writes them in with the rest; they never make it
mail (nobody waits for an optional decision).  Without it such a player never places a token,
since an optional decision is never asked in the turn form and its moment passes unwaited.

A mail round is one exchange: the moderator ticks until nothing changes, then every seat it
waits for (and every engaged seat with something new to send) sends its mail.

For each ruleset, mode and kind of table it prints, set-up left out (turns 1 to the end), the
mean over the games of: ``rounds_per_turn``; ``mails_per_seat_per_turn``, every mail the
moderator sent to a seat's address (reports, answers, notices); ``kb_per_seat_per_turn``,
their size as sent (the message files of the outgoing Maildir, in units of 1000 bytes); the
GM's mails and kB per turn; and the rounds per turn of each phase (docs/orders.md, "Mail
rounds").  The modes: ``default`` (the game file names no mode) and ``fastest``
(``bidding: whole_round``, ``movement: batched``).

    .venv/bin/python benchmarks/mail_rounds.py --games 4 --turns 4 --jobs 2 [--json]

``--count CODE[:KEY[=VALUE]]`` counts the games' events of that code (as ``pbem selfplay
--count``: with the key in their data, of that value), summed over the games of each line, to
show an option was played (Nexus cards drawn, discovery tokens revealed, say).

``--standing LINE`` replaces the standing orders the bots advise (Richese's cache offer,
``bot_standing``) with this one (again for each).  ``--option NAME[=VALUE]`` adds a game option
and ``--seat FACTION`` (six of them) chooses the factions: CHOAM and Richese seated against
the Guild and the Bene Gesserit, say, with
``--option choam_richese --seat atreides --seat harkonnen ... --seat choam --seat richese``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean

import pbem.ahead
from pbem.ahead import ahead_prompts, bot_turn
from pbem.game import Event, waiting_for
from pbem.record import GameRecord
from pbem.selfplay import counted

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mail_table import open_table, options_of, play_all, report, unsent  # noqa: E402

RULESETS = {"gf9": {"advanced": True}, "wbc": {}}
MODES = {"default": {}, "fastest": {"bidding": "whole_round", "movement": "batched"}}
# Each kind of table: how each of its six seats plays, in seat order.
KINDS = {"reactive": ("reactive",) * 6, "engaged": ("engaged",) * 6,
         "mixed": ("engaged",) * 2 + ("reactive",) * 4, "passive": ("passive",) * 6}
PHASES = ("storm", "spice_blow", "bidding", "revival", "movement", "battle", "others")
SEATS = 6
MAX_ROUNDS = 2000         # a whole game of reactive players in the default modes: about 400


@dataclass
class Game:
    """What one game measured: rounds by (turn, phase), mails and bytes to the seats and to the
    GM by turn."""

    turns: int = 0
    rounds: Counter = field(default_factory=Counter)
    mails: Counter = field(default_factory=Counter)
    size: Counter = field(default_factory=Counter)
    gm_mails: Counter = field(default_factory=Counter)
    gm_size: Counter = field(default_factory=Counter)
    refused: int = 0
    seconds: float = 0.0
    counts: Counter = field(default_factory=Counter)


def form_unsent(record: GameRecord, seat: str, sent: set[str]) -> list:
    """The decisions to come the seat's mail asks for that it has neither sent nor had held."""
    held = {row["name"] for row in record.held_by(seat) if row["refused"] is None}
    return [p for p in asked(record, seat) if p.key not in sent | held]


def optional_unsent(record: GameRecord, seat: str, sent: set[str]) -> list:
    """The optional decisions to come the seat's mail offers ("Later this turn": its tokens to
    place, its cards to play) that it has neither sent nor had held."""
    held = {row["name"] for row in record.held_by(seat) if row["refused"] is None}
    return [p for p in ahead_prompts(record.rules, record.state, seat)
            if p.optional and p.key not in sent | held]


def asked(record: GameRecord, seat: str) -> list:
    """The decisions to come that the seat's mail asks for now (the turn form), if the
    moderator has one (``pbem.ahead.asked_prompts``); else none."""
    ask = getattr(pbem.ahead, "asked_prompts", None)
    return ask(record, seat) if ask is not None else []


def standing_lines(record: GameRecord, seat: str, instead: tuple[str, ...] = ()) -> list[str]:
    """The standing orders a player who knows the game sends with its first mail
    (``bot_standing``, where the game has it: Dune's Richese their cache offer), or ``instead``
    where it advises some (``--standing``), as ``SET STANDING`` lines."""
    advise = getattr(record.rules, "bot_standing", None)
    if advise is None:
        return []
    lines = advise(record.rules.view(record.state, seat))
    return [f"SET STANDING {line}" for line in (list(instead) if lines and instead else lines)]


def player_mail(record: GameRecord, seat: str, answered, rng: random.Random, player: str,
                sent: set[str], first: bool = False, standing: tuple[str, ...] = (),
                optional: bool = False) -> str:
    """A player's mail (``pbem.ahead.bot_turn``): its standing orders in its ``first`` mail
    (``standing_lines``), an order for each of the seat's open decisions, then each decision
    to come its mail asks for (a reactive player; with ``optional``, the optional ones its
    mail offers too) or that it may send now (an engaged one); their names go into
    ``sent``."""
    prompts = [p for p in record.prompts() if p.seat == seat and p.key not in answered]
    coming = []
    if player == "engaged":
        coming = ahead_prompts(record.rules, record.state, seat)
    elif player == "reactive":
        coming = form_unsent(record, seat, sent) + (
            optional_unsent(record, seat, sent) if optional else [])
    sent.update(p.key for p in coming)
    return "\n".join((standing_lines(record, seat, standing) if first else [])
                     + bot_turn(record.rules, record.state, seat, prompts, rng, coming=coming))


def play(seed: str, ruleset: str, options: dict, players: tuple[str, ...], turns: int | None,
         names: tuple[str, ...] = (), standing: tuple[str, ...] = (),
         count: tuple[str, ...] = (), optional: bool = False) -> Game:
    """One six-faction game by mail to its end (or to the end of turn ``turns``), each seat in
    seat order played as ``players`` says; its factions ``names`` (default: the ruleset's first
    six); ``standing``: the standing orders sent instead of the bots' advice; ``count``: the
    events to count over its steps (``counted``); ``optional``: reactive players send the
    optional decisions their mail offers (``optional_unsent``)."""
    start = time.perf_counter()
    game = Game()
    with tempfile.TemporaryDirectory(prefix="pbem-rounds-") as folder:
        table = open_table(Path(folder), "dune", SEATS, seed, ruleset, names,
                           options={**RULESETS[ruleset], **options})
        addresses = table.addresses
        kinds = dict(zip(addresses, players, strict=True))
        rng = random.Random(seed)
        sent: dict[str, set[str]] = {seat: set() for seat in addresses}
        turn = 0                                   # the turn of the round played; 0: set-up
        mailed_once: set[str] = set()              # the seats that have sent a mail
        for _ in range(MAX_ROUNDS):
            table.settle(game)
            mailed = table.outgoing.collect(game, turn)
            record = table.reload()
            state = record.state
            if record.finished or (turns is not None and state["turn"] > turns):
                break
            answered = table.moderator.store.pending(record.id, record.step)
            seats = list(waiting_for(record.prompts(), answered))
            if not seats:
                raise RuntimeError(f"{seed}: nobody to wait for at step {record.step}")
            if (0 if state["phase"] == "setup" else state["turn"]) != turn:
                sent = {seat: set() for seat in addresses}   # a decision's name comes again
            turn = 0 if state["phase"] == "setup" else state["turn"]
            phase = state["phase"] if state["phase"] in PHASES else "others"
            game.rounds[(turn, phase)] += 1
            seats += [seat for seat, address in addresses.items() if seat not in seats
                      and address in mailed and (
                          kinds[seat] == "engaged" and unsent(record, seat, sent[seat])
                          or kinds[seat] == "reactive" and form_unsent(record, seat,
                                                                       sent[seat]))]
            for seat in seats:
                table.drop(seat, player_mail(record, seat, answered, rng, kinds[seat],
                                             sent[seat], first=seat not in mailed_once,
                                             standing=standing, optional=optional))
                mailed_once.add(seat)
        else:
            raise RuntimeError(f"{seed}: the game did not end in {MAX_ROUNDS} rounds")
        game.turns = min(state["turn"], turns) if turns is not None else state["turn"]
        events = [Event.from_json(event) for row in table.moderator.store.decisions(record.id)
                  for event in json.loads(row["events"] or "[]")]
        game.counts.update({what: counted(events, what) for what in count})
    game.seconds = time.perf_counter() - start
    return game


def figures(games: list[Game]) -> dict:
    """The means over the games, set-up left out."""
    def per_turn(game: Game, counts: Counter, keep=lambda key: key != 0) -> float:
        return sum(n for key, n in counts.items() if keep(key)) / game.turns

    return {
        "games": len(games),
        "turns": mean(g.turns for g in games),
        "rounds_per_turn": mean(per_turn(g, g.rounds, lambda k: k[0] != 0) for g in games),
        "most_rounds_in_a_turn": max(
            sum(n for (t, _), n in g.rounds.items() if t == turn)
            for g in games for turn in range(1, g.turns + 1)),
        "mails_per_seat_per_turn": mean(per_turn(g, g.mails) / SEATS for g in games),
        "kb_per_seat_per_turn": mean(per_turn(g, g.size) / SEATS / 1000 for g in games),
        "gm_mails_per_turn": mean(per_turn(g, g.gm_mails) for g in games),
        "gm_kb_per_turn": mean(per_turn(g, g.gm_size) / 1000 for g in games),
        "rounds_per_turn_by_phase": {
            phase: mean(per_turn(g, g.rounds, lambda k, p=phase: k[0] != 0 and k[1] == p)
                        for g in games) for phase in PHASES},
        "mails_refused": sum(g.refused for g in games),
        "events": dict(sum((g.counts for g in games), Counter())),
        "seconds_per_game": mean(g.seconds for g in games),
    }


def presets(args: argparse.Namespace) -> list[tuple[str, str, str]]:
    """The (ruleset, mode, kind) triples to play, as the arguments choose."""
    return [(ruleset, mode, kind) for ruleset in args.ruleset or RULESETS
            for mode in args.mode or MODES
            for kind in args.kind or [k for k in KINDS if k != "passive"]]


def run(args: argparse.Namespace) -> dict[str, dict]:
    chosen = presets(args)
    tasks = [(preset, f"{args.seed}-{number}") for preset in chosen
             for number in range(args.games)]
    extra, names = options_of(args), tuple(args.seat)
    calls = [(seed, ruleset, {**MODES[mode], **extra}, KINDS[kind], args.turns, names,
              tuple(args.standing), tuple(args.count), args.optional)
             for (ruleset, mode, kind), seed in tasks]
    games = play_all(play, calls, args.jobs)
    results = {}
    for preset in chosen:
        mine = [game for (each, _), game in zip(tasks, games, strict=True) if each == preset]
        ruleset, mode, kind = preset
        results[" ".join(preset)] = {"ruleset": ruleset, "mode": mode, "kind": kind,
                                     "options": {**RULESETS[ruleset], **MODES[mode], **extra},
                                     "seats": list(names), "standing": list(args.standing),
                                     "optional": args.optional,
                                     **figures(mine)}
    return results


def table(results: dict[str, dict], args: argparse.Namespace) -> str:
    lines = [f"six-faction games by mail, seed {args.seed}, {args.games} games each; per turn, "
             "set-up left out" + (f", turns 1 to {args.turns}" if args.turns else "")
             + (f"; seats {', '.join(args.seat)}" if args.seat else "")
             + (f"; options {', '.join(args.option)}" if args.option else "")
             + ("; reactive players send the optional decisions offered" if args.optional
                else ""),
             f"{'ruleset mode kind':<23} {'turns':>5} {'rounds':>6} {'most':>4} {'mails':>5} "
             f"{'kB':>5} {'GM':>4} {'GM kB':>6}  " + " ".join(f"{p[:8]:>8}" for p in PHASES)
             + f" {'s/game':>6}"]
    for name, r in results.items():
        lines.append(
            f"{name:<23} {r['turns']:>5.1f} {r['rounds_per_turn']:>6.2f} "
            f"{r['most_rounds_in_a_turn']:>4} {r['mails_per_seat_per_turn']:>5.2f} "
            f"{r['kb_per_seat_per_turn']:>5.0f} {r['gm_mails_per_turn']:>4.1f} "
            f"{r['gm_kb_per_turn']:>6.0f}  "
            + " ".join(f"{r['rounds_per_turn_by_phase'][p]:>8.2f}" for p in PHASES)
            + f" {r['seconds_per_game']:>6.1f}")
        if r["mails_refused"]:
            lines.append(f"  {name}: the moderator refused {r['mails_refused']} mails")
        if r["events"]:
            lines.append(f"  {name}: " + ", ".join(f"{n} {what}" for what, n in
                                                    r["events"].items()))
    lines.append("rounds: mail rounds (most: in the worst turn); mails and kB: mail the "
                 "moderator sent to a seat's address, per seat; GM: the GM's mails and kB; "
                 "phases: rounds per turn")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", default="rounds")
    parser.add_argument("--ruleset", choices=list(RULESETS), action="append",
                        help="play only this ruleset (may be given twice)")
    parser.add_argument("--mode", choices=list(MODES), action="append",
                        help="play only this mode")
    parser.add_argument("--kind", choices=list(KINDS), action="append",
                        help="play only this kind of table (default: all but passive)")
    parser.add_argument("--turns", type=int, help="stop after this turn (a quick run)")
    parser.add_argument("--seat", action="append", default=[], metavar="FACTION",
                        help="seat this faction (six times: the game's seats; default: the "
                        "ruleset's first six)")
    parser.add_argument("--standing", action="append", default=[], metavar="LINE",
                        help="a standing order the seats the bots advise some send instead "
                        "(again for each): Richese's 'CACHE ANY SILENT FIRST', say")
    parser.add_argument("--count", action="append", default=[], metavar="CODE[:KEY[=VALUE]]",
                        help="count the games' events of this code (again for each)")
    parser.add_argument("--optional", action="store_true",
                        help="reactive players also send the optional decisions their mail "
                        "offers for later (their tokens to place, cards to play)")
    report(parser, argv, run, table)


if __name__ == "__main__":
    main()
