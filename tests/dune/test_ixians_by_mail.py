"""Six-faction GF9 games with the Ixians seated (001 2.07), basic and advanced, played by mail
through the moderator to their end, every seat played by the bots and mailed every report,
and every mail each seat got checked by the leak detector (``tests/dune_leaks.py``) against
the other seats' secrets at every step: their hands and traitors, and what the Ixians' powers
show them alone, the pocket cards (2.07.04) and the supply chain's cards (2.07.08).  Who is
waited for never tells a pocket card: the pocket and supply decisions are asked whatever the
cards, and TECHNOLOGY (2.07.23) is optional, never waited for."""

from __future__ import annotations

import json

import pytest
from dune_leaks import leaked, secrets_over, shown_in_battles
from installation import Installation
from players import addressed_to, text

from pbem.definition import create_game, game_definition
from pbem.games.dune.state import data

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "ixians"]


@pytest.mark.whole_game
@pytest.mark.parametrize("options", [{}, {"advanced": True, "movement": "batched"}])
def test_001_2_07_a_six_faction_game_with_the_ixians_by_mail_leaks_no_secret(tmp_path,
                                                                            options):
    site = Installation(tmp_path, maps=False)
    moderator = site.moderator()
    definition = game_definition({
        "id": "dune-ix", "game": "dune", "ruleset": "gf9",
        "seed": f"ixians-{len(options)}", "auth": "address",
        "options": {"ixians_tleilaxu": True, **options},     # the expansion (001 setup 11)
        "deadlines": {"resolve_delay_minutes": 1},
        "seats": [{"seat": s, "address": f"{s}@players.test"} for s in SEATS]})
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.store.db.execute("update seats set disorder = 'bot', preferences = ? "
                               "where game_id = 'dune-ix'", (json.dumps({"digest": "off"}),))
    steps = 0
    while not site.record("dune-ix").finished:
        site.clock.advance(minutes=1)
        summary = site.moderator().tick()
        assert not summary.errors and summary.steps <= 1
        steps += summary.steps
        assert steps < 1500
    record = site.record("dune-ix")
    assert record.state["result"]["winners"]                         # played to a winner
    states = list(record.replay_states(moderator.store))
    assert any(s.get("places") for s in states)                      # the HMS was deployed
    held, played = secrets_over(states, SEATS)
    played |= shown_in_battles(moderator.store, "dune-ix")
    assert held["ixians"] - set(states[-1]["factions"]["ixians"]["hand"])   # pocket, stock
    sent = site.sent()
    for seat in SEATS:
        mails = addressed_to(sent, f"{seat}@players.test")
        assert len(mails) > steps / 2
        assert not leaked("\n".join(text(m) for m in mails), seat, held, played,
                          game=data("gf9"))
