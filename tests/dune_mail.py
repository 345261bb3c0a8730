"""A game of Dune by mail at a position: the moderator plays it from there, mail in and mail
out, as a game that reached the position by play (the scenario machinery builds the position,
``games/dune/scenario``)."""

from __future__ import annotations

import json

from installation import Installation
from players import drop, order_mail, text

from pbem.definition import create_game, game_definition
from pbem.games.dune.scenario import load_scenario

GAME = "dune-1"
SIX = ["harkonnen", "atreides", "bene-gesserit", "emperor", "fremen", "guild"]


def flat(mail: str) -> str:
    """A mail's text with its lines joined (long lines are wrapped at 78 columns)."""
    return " ".join(mail.split())


def bidding_of_turn_2(tmp_path, factions=None, seed="by-hand"):
    """A six-seat WBC game at the start of turn 2's bidding round."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": SIX, "ruleset": "wbc", "seed": seed,
                   "position": {"turn": 2, "phase": "bidding",
                                "storm": {"sector": 12, "marker": 2},
                                "factions": factions or {}}})
    return site


def bot_game(root, game_id: str, seed: str, options: dict, seats: list[str],
             ruleset: str = "gf9") -> Installation:
    """A site with a game of ``seats`` every one of which the bots play (their digests off),
    a step a minute: the whole-game secrecy tests drive it tick by tick."""
    site = Installation(root, maps=False)
    moderator = site.moderator()
    definition = game_definition({
        "id": game_id, "game": "dune", "ruleset": ruleset, "seed": seed,
        "options": options, "auth": "address", "deadlines": {"resolve_delay_minutes": 1},
        "seats": [{"seat": s, "address": f"{s}@players.test"} for s in seats]})
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.store.db.execute("update seats set disorder = 'bot', preferences = ? "
                               "where game_id = ?", (json.dumps({"digest": "off"}), game_id))
    return site


def open_prompts(site, seat):
    """The seat's decisions open now that have no order yet."""
    record = site.record(GAME)
    pending = site.moderator().store.pending(GAME, record.step)
    return [p for p in record.prompts() if p.seat == seat and p.key not in pending]


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
