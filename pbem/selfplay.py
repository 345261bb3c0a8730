"""Self-play: whole games played by the game's bots, every step checked.

Each game gets its own seed (``<seed>-<number>``) and, unless seats are given,
seats drawn from that seed among those the game may seat (``Game.seating``: 2 to 6 of
Dune's, up to 12 with GF9's expansions).  Every prompt is answered by the game's
``bot_order`` and the seat's lines go through ``parse`` like a player's mail,
so a bot line the parser refuses is itself a violation.  Without mail (``mail=False``,
the benchmark) the game's ``bot_decisions`` hands the same orders over as values, their
text neither written nor read.  After every applied
step the game's invariants are checked (``pbem.game.check_invariants``), and at
the end of each game the state rebuilt from the seed and the log must equal the
state played.  A game that breaks anything stops there and, when an output
folder is given, is saved as a JSON file that ``replay_saved`` replays to the
broken step.
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pbem.game import (
    BotDecisions,
    Bots,
    Game,
    Seating,
    State,
    capability,
    check_invariants,
    load_game,
    replay,
    step_rng,
)

MAX_STEPS = 2000


class BadSetup(ValueError):
    """The game refused the ruleset, options or seats it was asked to set up."""


@dataclass
class SelfplaySummary:
    """What a self-play run did: games and steps played, violations found, files saved.

    ``seconds`` is the wall time of the whole run; ``replay_seconds`` the CPU time of each
    finished game's replay check.
    """

    games: int = 0
    steps: int = 0
    violations: list[str] = field(default_factory=list)
    saved: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    replay_seconds: list[float] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        """The one-line summary the command prints (with the events counted, if asked)."""
        counted = "".join(f", {n} {what}" for what, n in self.counts.items())
        return (f"selfplay: {self.games} games played, {self.steps} steps applied, "
                f"{len(self.violations)} invariant violations, "
                f"{len(self.saved)} failing games saved{counted}")

    def count(self, events: list[Any]) -> None:
        """Count the events asked for (``counted``)."""
        for what in self.counts:
            self.counts[what] += counted(events, what)


def counted(events: list[Any], what: str) -> int:
    """How many of ``events`` are ``what``: ``code``, or ``code:key`` (those whose data has
    the key), or ``code:key=value`` (whose data's key is that value)."""
    code, _, key = what.partition(":")
    key, _, value = key.partition("=")
    return sum(1 for e in events if e.code == code and (
        not key or (key in e.data and (not value or str(e.data[key]) == value))))


@dataclass
class _Run:
    """One game being played: its set-up, its log so far and its current state."""

    game: Game
    ruleset: str
    options: dict[str, Any]
    seats: list[str]
    seed: str
    state: State
    style: str = "random"
    mail: bool = True
    log: list[dict[str, Any]] = field(default_factory=list)
    refused: dict[str, str] = field(default_factory=dict)
    rules_version: str | None = None    # an earlier rules version to play by (same_games)

    def record(self, violations: list[str]) -> dict[str, Any]:
        """The replayable file of a game that broke at its current step."""
        return {"game": self.game.name, "ruleset": self.ruleset, "options": self.options,
                "seats": self.seats, "seed": self.seed, "log": self.log,
                "step": len(self.log), "refused": self.refused, "state": self.state,
                "violations": violations}


def play_games(game: Game, ruleset: str, options: dict[str, Any], games: int, seed: str | int,
               seats: list[str] | None = None, out: str | Path | None = None,
               style: str = "random", mail: bool = True, count: tuple[str, ...] = (),
               seat_count: tuple[int, int] | None = None, first: int = 0) -> SelfplaySummary:
    """Play ``games`` whole games by the bots (of ``style``), checking every step; failing
    games are saved in ``out`` (if given).  ``mail``: the bots' orders go through ``parse``
    as text; else the game's ``bot_decisions`` hands them over as values.  ``count``: the
    events to count over every step played (``SelfplaySummary.count``).  ``seat_count``:
    the fewest and most seats drawn (within the game's); ``first``: the first game's number."""
    if capability(game, Bots) is None:
        raise BadSetup(f"{game.name} has no bots to play it")
    if not mail and capability(game, BotDecisions) is None:
        raise BadSetup(f"{game.name}'s bots give their orders only as mail")
    try:
        seating = game.seating(ruleset, dict(options))
    except ValueError as error:
        raise BadSetup(str(error)) from error
    if seat_count is not None:
        fewest, most = max(seating.fewest, seat_count[0]), min(seating.most, seat_count[1])
        if fewest > most or seating.sets:
            raise BadSetup(f"{game.name} seats {seating.fewest} to {seating.most}, never "
                           f"{seat_count[0]} to {seat_count[1]}")
        seating = replace(seating, fewest=fewest, most=most)
    summary = SelfplaySummary(counts=dict.fromkeys(count, 0))
    start = time.perf_counter()
    for number in range(first, first + games):
        game_seed = f"{seed}-{number}"
        run = _Run(game, ruleset, dict(options), list(seats or _draw_seats(seating, game_seed)),
                   game_seed, {}, style, mail)
        violations = _play(run, summary)
        summary.games += 1
        if violations:
            summary.violations += [f"game {game_seed}: {v}" for v in violations]
            if out is not None:
                summary.saved.append(_save(Path(out), run.record(violations)))
    summary.seconds = time.perf_counter() - start
    return summary


def _draw_seats(seating: Seating, seed: str) -> list[str]:
    """As many of the seats a game of the ruleset and options may have as it may seat, or one
    of its sets where it seats only those (its ``Seating``), drawn from the game's seed."""
    rng = random.Random(f"{seed}/seats")
    if seating.sets:
        return list(rng.choice(seating.sets))
    names = list(seating.names)
    return rng.sample(names, rng.randint(seating.fewest, min(seating.most, len(names))))


def _play(run: _Run, summary: SelfplaySummary) -> list[str]:
    """Play one game to its end or its first broken step; the violations found."""
    try:
        run.state = run.game.setup(run.ruleset, run.options, run.seats, step_rng(run.seed, 0),
                                   run.rules_version)
    except ValueError as error:
        raise BadSetup(str(error)) from error
    bots = random.Random(f"{run.seed}/bots")
    problems = _checked(run.game, run.state, 0)
    while not problems and run.game.result(run.state) is None:
        if len(run.log) >= MAX_STEPS:
            return _no_end(len(run.log))
        if run.mail:
            batch, refused = _bot_orders(run.game, run.state, bots, run.style)
        else:
            try:
                batch, refused = _bot_decisions(run.game, run.state, bots, run.style), {}
            except ValueError as error:
                return [f"step {len(run.log) + 1}: {error}"]
        if refused:
            run.refused = refused
            return _refusals(run.game, run.state, refused, len(run.log) + 1)
        run.log.append(batch)
        problems = _apply(run, batch, summary)
        summary.steps += 1
    if problems:
        return problems
    return _replay_check(run, summary)


def _bot_orders(game: Game, state: State, bots: random.Random, style: str = "random"
                ) -> tuple[dict[str, Any], dict[str, str]]:
    """The bots' orders for every open prompt, read by ``parse`` seat by seat as mail; and
    the texts of the seats whose mail the parser did not take whole."""
    players = capability(game, Bots)
    assert players is not None, game.name      # play_games checked it
    prompts = game.prompts(state)
    batch: dict[str, Any] = {}
    refused: dict[str, str] = {}
    for seat in dict.fromkeys(p.seat for p in prompts):
        mine = [p for p in prompts if p.seat == seat]
        text = "\n".join(players.bot_order(game.view(state, seat), p, bots, style) for p in mine)
        parsed = game.parse(state, seat, text)
        answered = {o.prompt: o.value for o in parsed.orders}
        if parsed.errors or parsed.unread or set(answered) != {p.key for p in mine}:
            refused[seat] = text
        batch.update(answered)
    return batch, refused


def _bot_decisions(game: Game, state: State, bots: random.Random, style: str
                   ) -> dict[str, Any]:
    """The bots' orders for every open prompt as values, without mail (``BotDecisions``)."""
    players = capability(game, BotDecisions)
    assert players is not None, game.name      # play_games checked it
    return players.bot_decisions(state, bots, style)


def _refusals(game: Game, state: State, refused: dict[str, str], step: int) -> list[str]:
    """What the parser said of the bots' refused texts, one message per problem, in the
    order of the prompts."""
    problems = []
    prompts = game.prompts(state)
    for seat in [s for s in dict.fromkeys(p.seat for p in prompts) if s in refused]:
        parsed = game.parse(state, seat, refused[seat])
        problems += [f"step {step}: bot order refused: {seat} line {e.line_no} {e.line!r}: "
                     f"{e.code}" for e in parsed.errors]
        problems += [f"step {step}: bot order not read: {seat} line {u.line_no} {u.line!r}"
                     for u in parsed.unread]
        keys = {o.prompt for o in parsed.orders}
        problems += [f"step {step}: bot order missing: {seat} for {p.key}"
                     for p in prompts if p.seat == seat and p.key not in keys]
    return problems


def _apply(run: _Run, batch: dict[str, Any], summary: SelfplaySummary | None = None
           ) -> list[str]:
    """Apply one batch to the run's state (its events counted in ``summary``); the
    invariants then broken, or the exception."""
    step = len(run.log)
    try:
        run.state, events = run.game.apply(run.state, batch, step_rng(run.seed, step))
        if summary is not None and summary.counts:
            summary.count(events)
    except Exception as error:  # a crash of the rules is a finding like any other
        return [f"step {step}: exception: {type(error).__name__}: {error}"]
    return _checked(run.game, run.state, step)


def _no_end(step: int) -> list[str]:
    return [f"step {step}: no result after {MAX_STEPS} steps"]


def _checked(game: Game, state: State, step: int) -> list[str]:
    """The game's invariants broken after ``step``, each message naming the step."""
    return [f"step {step}: {v}" for v in check_invariants(game, state)]


def _replay_check(run: _Run, summary: SelfplaySummary) -> list[str]:
    """The state rebuilt from the seed and the log must equal the state played."""
    start = time.process_time()
    try:
        rebuilt = replay(run.game, run.ruleset, run.options, run.seats, run.seed, run.log,
                         run.rules_version)
    except Exception as error:  # a game that cannot replay is that game's finding alone
        return [f"step {len(run.log)}: replay: exception: {type(error).__name__}: {error}"]
    finally:
        summary.replay_seconds.append(time.process_time() - start)
    return _differences(rebuilt, run.state, len(run.log))


def _differences(rebuilt: State, played: State, step: int) -> list[str]:
    """A message naming the top-level keys where a replayed state differs, if it does."""
    keys = sorted(k for k in {*rebuilt, *played} if rebuilt.get(k) != played.get(k))
    return [f"step {step}: replay: the state rebuilt from the log differs in {keys}"] if keys \
        else []


def _save(out: Path, record: dict[str, Any]) -> Path:
    """Write a failing game's file into ``out``; its path."""
    out.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^\w.-]", "_", f"{record['game']}-{record['ruleset']}-{record['seed']}")
    path = out / f"{name}.json"
    path.write_text(json.dumps(record, indent=1, sort_keys=True), encoding="utf-8")
    return path


def replay_saved(path: str | Path) -> list[str]:
    """Replay a saved failing game to its broken step; the violations found there again."""
    saved = json.loads(Path(path).read_text(encoding="utf-8"))
    game = load_game(saved["game"])
    run = _Run(game, saved["ruleset"], saved["options"], saved["seats"], saved["seed"],
               game.setup(saved["ruleset"], saved["options"], saved["seats"],
                          step_rng(saved["seed"], 0)))
    problems = _checked(game, run.state, 0)
    for batch in saved["log"][:saved["step"]]:
        run.log.append(batch)
        problems = _apply(run, batch)
    if saved["refused"]:
        return _refusals(game, run.state, saved["refused"], saved["step"] + 1)
    if problems:
        return problems
    if game.result(run.state) is None:
        return _no_end(saved["step"]) if saved["step"] >= MAX_STEPS else []
    return _differences(run.state, saved["state"], saved["step"])
