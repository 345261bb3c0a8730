"""A game of Dune by mail at a position: the moderator plays it from there, mail in and mail
out, as a game that reached the position by play (the scenario machinery builds the position,
``games/dune/scenario``)."""

from __future__ import annotations

import json

from players import drop, order_mail, text

from pbem.definition import create_game, game_definition
from pbem.games.dune.scenario import load_scenario

GAME = "dune-1"


def address(seat: str) -> str:
    return f"{seat}@players.test"


def game_at(site, scenario: dict) -> None:
    """Create the game of a scenario (its seats, ruleset, options and seed) from a game file,
    then put it at the scenario's position: its state replaced, outside the decision log (such
    a game is not replayed from its seed).  The welcome mails are sent and forgotten."""
    definition = game_definition({
        "id": GAME, "game": "dune", "ruleset": scenario["ruleset"], "seed": scenario["seed"],
        "options": scenario.get("options", {}), "auth": "address",
        "seats": [{"seat": s, "address": address(s)} for s in scenario["seats"]]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    state = load_scenario(scenario).state
    with moderator.store.atomic() as store:
        store.db["games"].update(GAME, {"state": json.dumps(state, sort_keys=True)})
    moderator.send_outbox()


def send(site, seat: str, body: str) -> str:
    """A seat's mail, read at a tick; the text of the moderator's answer to it."""
    before = len(site.sent(address(seat)))
    drop(site.inbox, order_mail(address(seat), body, subject=f"[{GAME}] orders"))
    summary = site.moderator().tick()
    assert not summary.errors, summary.errors
    (answer,) = site.sent(address(seat))[before:before + 1]
    return text(answer)
