"""War for Arrakis by mail: a game file made, the players scripted from their seat's view
(the bots' orders as mail text), ticks until the game ends."""

from __future__ import annotations

import random

from players import drop, order_mail

from pbem.definition import create_game, game_definition
from pbem.game import load_game
from pbem.record import GameRecord

GAME = "arrakis-1"
WFA = load_game("war_for_arrakis")


def address(seat: str) -> str:
    return f"{seat}@players.test"


def new_game(site, seats, ruleset="standard", options=None, seed="mail", commanded=None,
             bots=None, **settings):
    """A game of the seats by mail; ``commanded``: seat -> the seat whose player commands
    it; ``bots``: seat -> the style of the bot that plays it from the start; ``settings``:
    more keys of the game file (deadlines, civil_disorder)."""
    commanded, bots = commanded or {}, bots or {}
    rows = [{"seat": s, "commanded_by": commanded[s]} if s in commanded
            else {"seat": s, "bot": bots[s]} if s in bots
            else {"seat": s, "address": address(s)} for s in seats]
    definition = game_definition({"id": GAME, "game": "war_for_arrakis", "ruleset": ruleset,
                                  "seed": seed, "options": options or {}, "auth": "address",
                                  "seats": rows, **settings})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()


def record(site) -> GameRecord:
    return GameRecord.load(site.moderator().store, GAME)


def answer_all(site, rng, style="basic", who=None) -> None:
    """Each open prompt answered by its seat's player, from the seat's view."""
    current = record(site)
    seats = {row["seat"]: row for row in current.seats}
    for prompt in current.prompts():
        body = WFA.bot_order(WFA.view(current.state, prompt.seat), prompt, rng, style)
        sender = seats[prompt.seat]["address"]
        if not sender or (who is not None and prompt.seat not in who):
            continue                    # no address: a bot seat, the moderator's bot answers
        drop(site.inbox, order_mail(sender, f"SEAT {prompt.seat}\n{body}",
                                    subject=f"[{GAME}] orders"))


def play_by_mail(site, seed=1, style="basic", limit=600) -> list:
    """Answer every open prompt by mail and tick until the game ends; a ``wfa_leaks.Mark``
    before the first tick and after each."""
    from wfa_leaks import marks_now

    rng = random.Random(seed)
    store = site.moderator().store
    marks = [marks_now(store, GAME)]
    for _ in range(1, limit):
        if record(site).finished:
            return marks
        answer_all(site, rng, style)
        summary = site.moderator().tick()
        assert not summary.errors and summary.rejected == 0, summary
        marks.append(marks_now(site.moderator().store, GAME))
    raise AssertionError("the game did not end")
