"""Seats a bot plays from the start (``bot: random`` in the game file; issue 8): checked in
the game file, never mailed, and playing through the same order text as people."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from installation import Clock, Installation, player
from players import drop, order_mail

from pbem.cli import main
from pbem.definition import GameFileError, create_game, game_definition


def definition(seats):
    return game_definition({"id": "auction-1", "game": "auction", "seed": "bots",
                            "options": {"lots": 2}, "auth": "address", "seats": seats})


def test_a_bot_seat_has_no_address_and_a_human_seat_needs_one():
    definition([{"seat": "north", "address": player("north")},
                {"seat": "east", "bot": "random"}])
    with pytest.raises(GameFileError) as error:
        definition([{"seat": "north"}, {"seat": "east", "bot": "random",
                                        "address": player("east")}])
    assert error.value.problems == [
        "seats[0].address: expected one plain mail address (or bot: random), got None",
        "seats[1]: a bot seat has no address; give address or bot"]
    with pytest.raises(GameFileError) as error:
        definition([{"seat": "north", "bot": "clever"}])
    assert "seats[0].bot" in error.value.problems[0]


def test_people_and_a_bot_play_a_game_to_its_end_and_the_bot_gets_no_mail(tmp_path):
    site = Installation(tmp_path)
    moderator = site.moderator()
    create_game(moderator.store, site.config,
                definition([{"seat": "north", "address": player("north")},
                            {"seat": "east", "bot": "random"},
                            {"seat": "south", "address": player("south")}]), site.clock())
    moderator.send_outbox()
    rng = random.Random(1)
    for _ in range(20):
        record = site.record()
        if record.finished:
            break
        for prompt in record.prompts():
            if prompt.seat != "east":
                text = record.rules.bot_order(record.rules.view(record.state, prompt.seat),
                                              prompt, rng)
                drop(site.inbox, order_mail(player(prompt.seat), text))
        summary = site.moderator().tick()
        assert not summary.errors and summary.rejected == 0
    record = site.record()
    assert record.finished
    assert record.seat("east")["disorder"] == "bot"
    assert site.sent(player("north")) and site.sent(player("south"))
    recipients = {str(m["To"]) for m in site.sent()}
    assert all("east" not in to for to in recipients), recipients


@pytest.mark.whole_game
def test_pbem_demo_plays_a_whole_game_of_dune_with_bots_only(tmp_path):
    result = CliRunner().invoke(main, ["demo", "--dir", str(tmp_path / "demo"), "--game",
                                       "dune", "--seats", "6", "--bots", "--turns", "10"],
                                obj=Clock())
    assert result.exit_code == 0, result.output
    assert "demo: game dune-demo with 6 bots" in result.output
    assert "demo: dune-demo: Game over after" in result.output
    assert "'winners': [" in result.output
