"""Commands by mail: the framework, the GM's mail, and the first commands (docs/commands.md)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from installation import Installation, player
from players import GM, drop, order_mail, text

from pbem.cli import main
from pbem.commands import GM_COMMANDS, PLAYER_COMMANDS
from pbem.game import load_game, step_rng
from pbem.games import GAMES


@pytest.fixture
def site(tmp_path):
    site = Installation(tmp_path)
    site.new_game()
    return site


def gm_secret(site):
    welcome = next(m for m in site.sent(GM) if m["Subject"] == "[auction-1] GM welcome")
    return re.search(r"GM secret of this game is: (\S+)", text(welcome)).group(1)


@pytest.mark.parametrize("name,seats", [("auction", ["north", "east"]),
                                        ("dune", ["atreides", "fremen", "bene-gesserit"])])
def test_command_words_are_never_orders_of_a_game(name, seats):
    """A command line is taken out before the game reads the orders: no game may read a
    command word as an order."""
    assert name in GAMES
    rules = load_game(name)
    state = rules.setup(rules.rulesets[0], {}, seats, step_rng("words", 0))
    for prompt in rules.prompts(state):
        for word in [*PLAYER_COMMANDS, *GM_COMMANDS]:
            assert rules.parse(state, prompt.seat, f"{word} 1").orders == [], (name, word)


def test_a_command_and_orders_in_one_mail_are_both_answered(site):
    drop(site.inbox, order_mail(player("north"), f"SECRET {site.secret('north')}\nHELP\nBID 7"))
    assert site.moderator().tick().accepted == 1
    answer = text(site.sent(player("north"))[-1])
    assert "Read from your mail:\n  BID 7" in answer
    assert "Orders open to you now:\n  bid: BID 0 to 100" in answer and "HELP:" in answer


def test_the_gm_pauses_and_resumes_by_mail(site):
    secret = gm_secret(site)
    drop(site.inbox, order_mail(GM, f"SECRET {secret}\nPAUSE"))
    site.moderator().tick()
    assert site.moderator().store.game("auction-1")["status"] == "paused"
    assert "Game auction-1 is paused." in text(site.sent(GM)[-1])
    for seat in ("north", "east", "south"):
        drop(site.inbox, order_mail(player(seat), f"SECRET {site.secret(seat)}\nBID 3"))
    assert site.moderator().tick().steps == 0, "a paused game takes orders, resolves nothing"
    drop(site.inbox, order_mail(GM, f"SECRET {secret}\nRESUME\nFLY AWAY"))
    assert site.moderator().tick().steps == 1
    answer = text([m for m in site.sent(GM) if m["Subject"] == "[auction-1] GM commands"][-1])
    assert "Game auction-1 resumes." in answer and "line 3: FLY AWAY" in answer


def test_a_gm_mail_without_the_gm_secret_is_no_gm_command(site):
    drop(site.inbox, order_mail(GM, "SECRET guess\nPAUSE"))
    assert site.moderator().tick().rejected == 1
    assert site.moderator().store.game("auction-1")["status"] == "active"


def test_pbem_gm_runs_the_same_commands(site):
    result = CliRunner().invoke(main, ["--config", str(site.config_path), "gm", "auction-1",
                                       "pause"], obj=site.clock)
    assert result.exit_code == 0 and "is paused" in result.output
    again = CliRunner().invoke(main, ["--config", str(site.config_path), "gm", "auction-1",
                                      "PAUSE"], obj=site.clock)
    assert again.exit_code == 1 and "the game is paused, not active" in again.output
