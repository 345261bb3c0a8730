"""The leak detector of the War for Arrakis mail tests (``tests/wfa_leaks.py``) finds each
secret it looks for: the Atreides' own report, if it reached the Harkonnen, shows their hand,
their Secret Objective, their sietches' ranks and their tokens' contents; a deck's card, a
station's symbol, a face-down wormsign's face, a solo Harkonnen token, another seat's echo;
and it finds nothing in a seat's own report, nor in a card shown to it."""

from __future__ import annotations

from wfa_leaks import REVEAL, knowledge, leaked

from pbem.game import load_game, step_rng
from pbem.games.war_for_arrakis.data.model import MARKER_NAMES
from pbem.games.war_for_arrakis.legions import area_name
from pbem.games.war_for_arrakis.state import data
from pbem.templating import render

WFA = load_game("war_for_arrakis")
TWO = ["atreides", "harkonnen"]


def _game(ruleset="standard", seats=TWO):
    state = WFA.setup(ruleset, {}, seats, step_rng("leaks", 0))
    return state, {seat: knowledge([state], [[]], [seat])[0] for seat in seats}


def _report(state, seat):
    return render("war_for_arrakis", "view.txt.j2", view=WFA.view(state, seat), seat=seat)


def test_002_setup_2_14_the_atreides_report_holds_every_secret_of_theirs():
    state, _ = _game()
    state["hidden"]["hands"]["atreides"] = [next(iter(data().decks["fremen"]))]
    known = {seat: knowledge([state], [[]], [seat])[0] for seat in TWO}
    mail = _report(state, "atreides")
    found = leaked(mail, ["harkonnen"], state, known["harkonnen"], TWO)
    (card,) = state["hidden"]["hands"]["atreides"]
    (objective,) = state["hidden"]["objectives"]
    assert data().cards[card].name in found
    assert data().objectives[objective].name in found
    assert "a face-down sietch's rank" in found
    assert {f"the rank of the sietch of {a}" for a in state["sietches"]} <= found
    tokens = {t for lg in state["legions"].values() for t in lg["tokens"]}
    assert {f"deployment token {t}" for t in tokens} <= found
    assert "the secret part of atreides" in found
    assert leaked(mail, ["atreides"], state, known["atreides"], TWO) == set()
    assert leaked(_report(state, "harkonnen"), ["harkonnen"], state, known["harkonnen"],
                  TWO) == set()


def test_a_card_known_to_the_reader_is_no_leak_but_a_decks_card_is():
    state, known = _game()
    card = state["hidden"]["decks"]["corrino"][0]
    name = data().cards[card].name
    assert leaked(f"It is {name}.", ["atreides"], state, known["atreides"], TWO) == {name}
    known["atreides"].cards.add(card)
    assert leaked(f"It is {name}.", ["atreides"], state, known["atreides"], TWO) == set()


def test_002_setup_14_the_end_reveals_the_secret_objective():
    state, known = _game()
    (objective,) = state["hidden"]["objectives"]
    name = data().objectives[objective].name
    assert leaked(f"{REVEAL} was: {name}.", ["harkonnen"], state, known["harkonnen"],
                  TWO) == set()


def test_002_setup_7_10_a_stations_symbol_and_a_wormsigns_face_while_face_down():
    state, known = _game()
    area, station = next(iter(state["stations"].items()))
    symbol = MARKER_NAMES[state["hidden"]["stations"][station]]
    mail = f"The Atreides take the Ecological Testing Station in {area_name(area)}: {symbol}."
    assert leaked(mail, ["atreides"], state, known["atreides"], TWO) == {
        f"the station of {area}"}
    state["wormsigns"]["ne-1"] = state["hidden"]["wormsign_pool"].pop()
    mail = f"The wormsign in {area_name('ne-1')} is sand, a false alarm."
    assert leaked(mail, ["harkonnen"], state, known["harkonnen"], TWO) == {
        "the wormsign in ne-1"}


def test_002_special_rules_a_solo_harkonnen_token_is_nobodys_to_name():
    state, known = _game("mahdi", ["atreides"])
    token = "black-3"
    state["hidden"]["tokens"][token] = dict(state["hidden"]["solo"]["contents"][token])
    assert leaked(f"Harkonnen tokens: {token}.", ["atreides"], state, known["atreides"],
                  ["atreides"]) == {f"deployment token {token}"}


def test_another_seats_orders_echoed_are_a_leak():
    state, known = _game()
    mail = "arrakis-1: Step 3: Round 1: Spice Harvesting, orders from harkonnen"
    assert leaked(mail, ["atreides"], state, known["atreides"], TWO) == {
        "the secret part of harkonnen"}
    assert leaked(mail, ["harkonnen"], state, known["harkonnen"], TWO) == set()
