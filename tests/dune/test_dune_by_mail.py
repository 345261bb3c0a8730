"""Classic Dune played by mail through the moderator, every mail checked for secrets."""

from __future__ import annotations

import random
import re

from installation import Installation
from players import drop, order_mail, text

from pbem.definition import create_game, game_definition
from pbem.games import dune
from pbem.games.dune.bidding import cards_seen
from pbem.games.dune.state import SEAT_FACTIONS, data
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


def secrets_of(state, seat):
    """What only ``seat`` may know: its hand, traitors, traitor draw and prediction, and the
    treachery cards up for bid that the Atreides see (000 line 756)."""
    own = state["factions"][seat]
    found = set(own["hand"]) | set(own["traitors"]) | set(cards_seen(state, seat))
    if state["phase"] == "setup":
        found |= set(own["traitor_draw"])
    return found


def test_a_game_of_dune_by_mail_to_its_end_leaks_no_secret(tmp_path):
    site = Installation(tmp_path)
    new_dune_game(site)
    rng = random.Random(5)
    seen_secrets = {seat: set() for seat in SEATS}
    played = set()          # cards played openly: the discard pile is open to all (000 line 1164)
    for _ in range(200):
        record = GameRecord.load(site.moderator().store, "dune-1")
        played |= set(record.state["decks"]["treachery_discard"])
        if record.finished:
            break
        for seat in SEATS:
            seen_secrets[seat] |= secrets_of(record.state, seat)
        for prompt in record.prompts():
            view = dune.view(record.state, prompt.seat)
            drop(site.inbox, order_mail(address(prompt.seat),
                                        dune.bot_order(view, prompt, rng),
                                        subject="[dune-1] orders"))
        summary = site.moderator().tick()
        assert not summary.errors and summary.rejected == 0
    record = GameRecord.load(site.moderator().store, "dune-1")
    assert record.finished and record.rules.result(record.state)["winners"]
    for seat in SEATS:                  # a card bought in the last step
        seen_secrets[seat] |= secrets_of(record.state, seat)
    prediction = record.state["factions"]["bene-gesserit"]["prediction"]
    for seat in SEATS:
        mails = "\n".join(text(m) for m in site.sent(address(seat)))
        for territory in data().board.territories:      # "Gara Kulon" is no card Kulon
            mails = mails.replace(territory.name, "")
        own_leaders = {leader.name for leader in data().leaders_of(SEAT_FACTIONS[seat])}
        others = (set().union(*(seen_secrets[s] for s in SEATS if s != seat)) - own_leaders
                  - played)
        leaked = {secret for secret in others - seen_secrets[seat]
                  if re.search(rf"\b{re.escape(secret)}\b", mails)}
        assert not leaked, (seat, leaked)
        if seat != "bene-gesserit":
            assert f"your prediction: {SEAT_FACTIONS[prediction['faction']]}" not in mails
    assert all(card.id not in text(site.sent("gm@pbem.test")[0])
               for card in data().treachery_deck)
