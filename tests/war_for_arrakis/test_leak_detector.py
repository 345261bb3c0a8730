"""The leak detector of the War for Arrakis mail tests (``tests/wfa_leaks.py``) finds what it
looks for: another seat's hand card, the Atreides' Secret Objective before the game's end
reveals it; and not a seat's own card, nor a card shown to it."""

from __future__ import annotations

from wfa_leaks import REVEAL, leaked, secrets_over

from pbem.game import load_game, step_rng
from pbem.games.war_for_arrakis.state import data

WFA = load_game("war_for_arrakis")


def _game():
    state = WFA.setup("standard", {}, ["atreides", "harkonnen"], step_rng("leaks", 0))
    return state, secrets_over([state])


def test_another_seats_hand_card_named_in_a_mail_is_a_leak():
    state, (held, objectives, public) = _game()
    (card, *_) = state["hidden"]["hands"]["harkonnen"]
    name = data().cards[card].name
    mail = f"Your hand:\n  {name}\n"
    assert leaked([mail], "atreides", held, objectives, public) == {name}
    assert leaked([mail], "harkonnen", held, objectives, public) == set()
    assert leaked([mail], "atreides", held, objectives, public | {card}) == set()


def test_002_setup_14_the_secret_objective_is_a_leak_until_the_end_reveals_it():
    state, (held, objectives, public) = _game()
    (objective,) = state["hidden"]["objectives"]
    name = data().objectives[objective].name
    assert leaked([f"Aim: {name}."], "harkonnen", held, objectives, public) == {name}
    assert leaked([f"Aim: {name}."], "atreides", held, objectives, public) == set()
    assert leaked([f"{REVEAL} was: {name}."], "harkonnen", held, objectives, public) == set()
