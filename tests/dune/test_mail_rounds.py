"""Two turns of a six-faction game of classic Dune by mail, in each mail mode of the bidding
and movement rounds (issue 4; docs/orders.md, "Mail rounds"): every order mail is accepted,
and the mail rounds each phase took are counted from the moderator's own log."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from installation import Installation
from players import drop, order_mail

from pbem.definition import create_game, game_definition
from pbem.games import dune
from pbem.record import GameRecord

pytestmark = pytest.mark.whole_game

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]


def address(seat):
    return f"{seat}@players.test"


def play_two_turns(tmp_path, bidding, movement):
    """Play by mail until turn 3 begins; (turn, phase) -> the mail rounds it took."""
    site = Installation(tmp_path, maps=False)
    definition = game_definition({
        "id": "dune-6", "game": "dune", "ruleset": "wbc", "seed": f"rounds-{movement}",
        "options": {"bidding": bidding, "movement": movement}, "auth": "address",
        "seats": [{"seat": s, "address": address(s)} for s in SEATS]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()
    rng = random.Random(movement)
    rounds: Counter = Counter()
    for _ in range(300):
        record = GameRecord.load(site.moderator().store, "dune-6")
        if record.state["turn"] >= 3 or record.finished:
            break
        where = (record.state["turn"], record.state["phase"])
        for seat in sorted({p.seat for p in record.prompts()}):
            view = dune.view(record.state, seat)
            text = "\n".join(dune.bot_order(view, p, rng)
                             for p in record.prompts() if p.seat == seat)
            drop(site.inbox, order_mail(address(seat), text, subject="[dune-6] orders"))
        summary = site.moderator().tick()
        assert not summary.errors and summary.rejected == 0, summary
        # one step a round; a step whose decisions are all optional (a card's holder's, such
        # as Weather Control's) waits for nobody and resolves in the same tick
        assert summary.steps >= 1, (where, summary)
        rounds[where] += 1
    assert GameRecord.load(site.moderator().store, "dune-6").state["turn"] >= 3
    return rounds


def test_sequential_movement_takes_a_round_per_faction(tmp_path):
    """000 IX.C: in storm order, each faction seeing the moves before it; the Guild (XV, Guild
    shield 5) may add rounds by waiting, the Bene Gesserit one to declare coexistence."""
    rounds = play_two_turns(tmp_path, "per_card", "sequential")
    for turn in (1, 2):
        assert len(SEATS) <= rounds[(turn, "movement")] <= len(SEATS) + 2 + len(SEATS)
        assert rounds[(turn, "bidding")] >= 1


@pytest.mark.parametrize("bidding", ["per_card", "whole_round"])
def test_batched_movement_takes_one_round(tmp_path, bidding):
    """The batched mode: every faction's turn in one mail round, carried out in storm order."""
    rounds = play_two_turns(tmp_path, bidding, "batched")
    for turn in (1, 2):
        assert rounds[(turn, "movement")] == 1
        if bidding == "whole_round":
            assert rounds[(turn, "bidding")] <= 1
