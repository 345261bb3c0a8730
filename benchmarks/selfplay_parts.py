"""Where self-play's CPU time goes, part by part: the bots' side (the open prompts by round,
the views, the choices by kind of decision), the steps applied, the invariants and the replay
check, summed over GAMES whole games of a rule mix (as ``benchmarks/selfplay.py`` plays them:
the bots' orders as values), the least of REPEAT runs of each part.

Each part is timed by wrapping the function that does it (``time.thread_time``, the figure the
load of other processes least disturbs): a call costs the same in any checkout, so two
checkouts can be compared part by part with their own interpreters and this one script.

Usage: python benchmarks/selfplay_parts.py [--games 10] [--repeat 3] [--mix basic|adv|wbc]
       [--seed bench] [--json]
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from collections.abc import Callable
from typing import Any

from pbem.game import load_game
from pbem.selfplay import play_games

MIXES = {"basic": ("classic", {}), "adv": ("classic", {"advanced": True, "optional": True}),
         "wbc": ("wbc", {})}
# (module, function, the part's name, what names a call's share of it, if anything)
PARTS: list[tuple[str, str, str, Callable[..., str] | None]] = [
    ("pbem.selfplay", "_bot_decisions", "bots", None),
    ("pbem.games.dune.turn", "open_prompts", "bots: open prompts",
     lambda state: f"round {state['phase']}"),
    ("pbem.games.dune", "PublicView", "bots: public views", None),
    ("pbem.games.dune", "seat_view", "bots: seat views", None),
    ("pbem.games.dune", "_bot_choice", "bots: choices",
     lambda view, prompt, *_: f"kind {prompt.kind}"),
    ("pbem.selfplay", "_apply", "steps applied, with their invariants", None),
    ("pbem.selfplay", "_checked", "invariants", None),
    ("pbem.selfplay", "_replay_check", "replay checks", None),
]


def _timed(spent: dict[str, float], part: str, run: Callable[..., Any],
           share: Callable[..., str] | None) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return run(*args, **kwargs)
        finally:
            took = time.thread_time() - start
            spent[part] = spent.get(part, 0.0) + took
            if share is not None:
                name = f"{part}, {share(*args, **kwargs)}"
                spent[name] = spent.get(name, 0.0) + took
    return timed


def parts(mix: str, games: int, repeat: int, seed: str) -> dict[str, float]:
    """Each part's least CPU seconds over ``repeat`` runs of ``games`` games, and the runs'."""
    spent: dict[str, float] = {}
    for module, name, part, share in PARTS:
        found = importlib.import_module(module)
        setattr(found, name, _timed(spent, part, getattr(found, name), share))
    ruleset, options = MIXES[mix]
    dune = load_game("dune")
    play_games(dune, ruleset, dict(options), 1, "warm-up", mail=False)
    least: dict[str, float] = {}
    for _ in range(repeat):
        spent.clear()
        start = time.thread_time()
        play_games(dune, ruleset, dict(options), games, seed, mail=False)
        spent["all"] = time.thread_time() - start
        least = {part: min(took, least.get(part, took)) for part, took in spent.items()}
    return least


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--mix", default="basic", choices=list(MIXES))
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found = parts(args.mix, args.games, args.repeat, args.seed)
    if args.json:
        print(json.dumps({"mix": args.mix, "games": args.games, "ms": {
            part: round(took * 1000, 1) for part, took in found.items()}}, indent=1))
        return
    for part, took in sorted(found.items()):
        print(f"{took * 1000:9.1f} ms  {part}")


if __name__ == "__main__":
    main()
