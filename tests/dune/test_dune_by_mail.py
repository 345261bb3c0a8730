"""Classic Dune played by mail through the moderator, every mail checked for secrets."""

from __future__ import annotations

import random

from dune_leaks import leaked, secrets_over, shown_in_battles
from installation import Installation
from players import drop, order_mail, text

from pbem.definition import create_game, game_definition
from pbem.games import dune
from pbem.games.dune.state import data
from pbem.record import GameRecord

SEATS = ["atreides", "bene-gesserit", "fremen", "harkonnen"]


def address(seat):
    return f"{seat}@players.test"


def new_dune_game(site, ruleset="wbc"):
    definition = game_definition({
        "id": "dune-1", "game": "dune", "ruleset": ruleset, "seed": "mail",
        "options": {"turns": 3}, "auth": "address",
        "seats": [{"seat": s, "address": address(s)} for s in SEATS]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()


def test_a_game_of_dune_by_mail_to_its_end_leaks_no_secret(tmp_path):
    site = Installation(tmp_path)
    new_dune_game(site)
    rng = random.Random(5)
    for _ in range(200):
        record = GameRecord.load(site.moderator().store, "dune-1")
        if record.finished:
            break
        for prompt in record.prompts():
            view = dune.view(record.state, prompt.seat)
            drop(site.inbox, order_mail(address(prompt.seat),
                                        dune.bot_order(view, prompt, rng),
                                        subject="[dune-1] orders"))
        summary = site.moderator().tick()
        assert not summary.errors and summary.rejected == 0
    record = GameRecord.load(site.moderator().store, "dune-1")
    assert record.finished and record.rules.result(record.state)["winners"]
    held, played = secrets_over(record.replay_states(site.moderator().store), SEATS)
    played |= shown_in_battles(site.moderator().store, "dune-1")    # 000 X.B.4
    prediction = record.state["factions"]["bene-gesserit"]["prediction"]
    for seat in SEATS:
        mails = "\n".join(text(m) for m in site.sent(address(seat)))
        assert not leaked(mails, seat, held, played, prediction), seat
    assert all(card.id not in text(site.sent("gm@pbem.test")[0])
               for card in data().treachery_deck)
