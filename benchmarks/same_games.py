"""Whether two checkouts play the same games: one line per game, to diff.

For each rule mix and bot style it plays GAMES whole games as ``pbem selfplay`` does (seeds
``same-0``, ``same-1``...) and prints the game's steps, its result and two digests that hold
whatever the shape of the state: of the canonical text of every decision of its log (each
order kind's ``text``), and of what the reports say (each step's events as every reader sees
them, ``events.txt.j2``; at the end each reader's table, ``view.txt.j2``, and the map).  Run it
with each checkout's interpreter and compare the outputs: the same lines mean the same games,
step for step, worded alike.

With ``--values`` the bots' orders are handed over as values (``bot_decisions``, as the
self-play benchmark plays), not written as mail and read by the parser: the output must be
the same as with mail.  With ``--rules-version N`` the games are played by that earlier rules
version (``pbem.game.Game.setup``): a checkout's games of version 4 must be those of a checkout
of version 4.  With ``--by-mail TURNS`` it also plays one six-faction game of each ruleset
through the moderator, its seats played by the bots on a fake clock, and prints a digest of
every mail the moderator sent (recipient, subject and every part's bytes).

Usage: python benchmarks/same_games.py [--games 10] [--values] [--rules-version 4]
                                       [--by-mail 4] > games.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path

from pbem import selfplay
from pbem.game import load_game, step_rng
from pbem.games.dune.orders.language import KINDS
from pbem.templating import render

MIXES = [("classic basic", "classic", {}),
         ("classic advanced+optional", "classic", {"advanced": True, "optional": True}),
         ("wbc", "wbc", {}),
         ("gf9 basic", "gf9", {}),
         ("gf9 advanced+tournament batched", "gf9",
          {"advanced": True, "tournament": True, "movement": "batched"})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--values", action="store_true",
                        help="the bots' orders as values, not as mail")
    parser.add_argument("--rules-version", default=None,
                        help="play by this earlier rules version (default: this checkout's)")
    parser.add_argument("--by-mail", type=int, default=0, metavar="TURNS",
                        help="also play a game of each ruleset by mail, of so many turns")
    parser.add_argument("--mail-dir", type=Path, default=None,
                        help="write each mail played by mail there too, to diff them")
    args = parser.parse_args()
    dune = load_game("dune")
    for label, ruleset, options in MIXES:
        for style in ("random", "basic"):
            for number in range(args.games):
                seed = f"same-{number}"
                seats = selfplay._draw_seats(dune.seating(ruleset, options), seed)
                run = selfplay._Run(dune, ruleset, dict(options), list(seats), seed, {}, style,
                                    mail=not args.values)
                if args.rules_version is not None:
                    run.rules_version = args.rules_version
                problems = selfplay._play(run, selfplay.SelfplaySummary())
                orders, reports = _digests(dune, run)
                result = json.dumps(run.state["result"], sort_keys=True)
                print(f"{label} | {style} | {seed} | {len(run.log)} steps | orders {orders} | "
                      f"reports {reports} | {result} | {problems}", flush=True)
    for ruleset in dict.fromkeys(ruleset for _, ruleset, _ in MIXES) if args.by_mail else ():
        mails, count = _by_mail(ruleset, args.by_mail, args.mail_dir)
        print(f"{ruleset} by mail | {args.by_mail} turns | {count} mails | {mails}", flush=True)


def _digests(dune, run) -> tuple[str, str]:
    """The digests of a self-played game's orders and of its reports, replayed step by step."""
    orders, reports = hashlib.sha256(), hashlib.sha256()
    readers = [None, *run.seats]
    version = () if getattr(run, "rules_version", None) is None else (run.rules_version,)
    state = dune.setup(run.ruleset, run.options, run.seats, step_rng(run.seed, 0), *version)
    for step, batch in enumerate(run.log, start=1):
        kinds = {prompt.key: prompt.kind for prompt in dune.prompts(state)}
        for key in sorted(batch):
            orders.update(f"{key}\n{KINDS[kinds[key]].text(state, batch[key])}\n".encode())
        state, events = dune.apply(state, batch, step_rng(run.seed, step))
        for reader in readers:
            seen = [event for event in events if event.visible_to(reader)]
            reports.update(render("dune", "events.txt.j2", events=seen, seat=reader,
                                  view=dune.view(state, reader)).encode())
    for reader in readers:
        reports.update(render("dune", "view.txt.j2", view=dune.view(state, reader),
                              seat=reader).encode())
    reports.update(dune.map_svg(state).encode())
    return orders.hexdigest()[:16], reports.hexdigest()[:16]


def _by_mail(ruleset: str, turns: int, out: Path | None) -> tuple[str, int]:
    """The digest of every mail of a game of the most seats the ruleset's first factions
    give (six: those of the base game), played by the bots through the moderator, and how
    many mails it sent."""
    seating = load_game("dune").seating(ruleset, {})
    seats = seating.names[:seating.most]
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from installation import Installation

    from pbem.definition import create_game, game_definition

    site = Installation(Path(tempfile.mkdtemp(prefix="same-games-")))
    moderator = site.moderator()
    create_game(moderator.store, site.config, game_definition({
        "id": "same", "game": "dune", "ruleset": ruleset, "seed": f"same-{ruleset}",
        "auth": "address", "options": {"turns": turns},
        "deadlines": {"resolve_delay_minutes": 1},
        "seats": [{"seat": s, "address": f"{s}@players.test"} for s in seats]}), site.clock())
    with moderator.store.atomic():
        moderator.store.db.execute("update seats set disorder = 'bot' where game_id = 'same'")
    while not site.record("same").finished:
        site.clock.advance(minutes=1)
        site.moderator().tick()
    secret = site.record("same").settings.get("gm_secret", "")
    digest, mails = hashlib.sha256(), site.sent()
    for number, mail in enumerate(mails):
        whole = f"{mail['To']}\n{mail['Subject']}\n".encode() + b"".join(
            _part(part, secret) for part in mail.walk() if not part.is_multipart())
        digest.update(whole)
        if out is not None:
            (out / ruleset).mkdir(parents=True, exist_ok=True)
            (out / ruleset / f"{number:04d}.eml").write_bytes(whole)
    return digest.hexdigest()[:16], len(mails)


def _part(part, secret: str) -> bytes:
    """A mail part as compared: its bytes, the GM's secret (drawn afresh for each game) left
    out; the game record (``application/json``) with its force counts written as pairs."""
    payload = part.get_payload(decode=True) or b""
    if secret:
        payload = payload.replace(secret.encode(), b"<gm secret>")
    if part.get_content_type() != "application/json":
        return payload
    return json.dumps(_as_pairs(json.loads(payload)), sort_keys=True, indent=1).encode()


KINDS_OF_FORCE = {"force", "sardaukar", "fedaykin"}
COUNTED = {"forces", "lose", "ordered", "reserve", "tanks"}


def _as_pairs(value, key: str = ""):
    """A game record's values with forces counted per kind written as the pairs [normal,
    starred] the code before kinds wrote, so that records of both compare: a count of kinds
    (none: under a key that counts forces), a placement's [territory, sector, counts] (the
    pairs then flat) and the storm's losses (``normal`` and ``starred``)."""
    if isinstance(value, dict):
        if (value and set(value) <= KINDS_OF_FORCE) or (not value and key in COUNTED):
            return [value.get("force", 0), sum(n for k, n in value.items() if k != "force")]
        found = {k: _as_pairs(v, k) for k, v in value.items()}
        if found.get("code") == "storm-losses" and "forces" in found.get("data", {}):
            normal, starred = found["data"].pop("forces")
            found["data"].update(normal=normal, starred=starred)
        return found
    if isinstance(value, list):
        if key == "placements" or key.startswith("fremen-placement"):
            return [[*p[:2], *_as_pairs(p[2], "forces")]
                    if isinstance(p, list) and len(p) == 3 else p for p in value]
        return [_as_pairs(v, key) for v in value]
    return value


if __name__ == "__main__":
    main()
