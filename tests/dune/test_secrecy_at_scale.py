"""Secrecy at scale (issue 8): whole games of Dune played through the moderator by bots that
are mailed every report, and every mail each seat got checked by the leak detector
(``tests/dune_leaks.py``) against the secrets of every other seat at every step.  Zero leaks
is the bar."""

from __future__ import annotations

import json
import random

import pytest
from dune_leaks import leaked, secrets_over, shown_in_battles, shown_in_events
from dune_seats import SEAT_FACTIONS
from installation import Installation
from players import addressed_to, text

from pbem.definition import create_game, game_definition

GAMES = [  # (ruleset, options, seats): every phase so far, each mail mode, 2 to 6 factions
    ("wbc", {}, 6), ("wbc", {"bidding": "whole_round", "movement": "batched"}, 6),
    ("classic", {}, 4), ("classic", {"optional": True, "advanced": True}, 5),
    ("classic", {"advantages": True, "movement": "batched"}, 3), ("wbc", {}, 2),
    ("gf9", {}, 6), ("gf9", {"advanced": True, "movement": "batched"}, 5),
    ("gf9", {"tech_tokens": True, "advanced": True}, 6),
]


@pytest.mark.whole_game
@pytest.mark.parametrize(("number", "digest"),
                         [(number, False) for number in range(len(GAMES))] + [(0, True)])
def test_no_mail_of_a_whole_game_shows_another_seats_secret(tmp_path, number, digest):
    """Each seat is mailed every report (SET DIGEST OFF); once more the first game with the
    digest (docs/reports.md), whose reports gather the steps a seat was not mailed."""
    ruleset, options, players = GAMES[number]
    seats = random.Random(number).sample(list(SEAT_FACTIONS), players)
    site = Installation(tmp_path, maps=False)
    moderator = site.moderator()
    definition = game_definition({
        "id": "dune-s", "game": "dune", "ruleset": ruleset, "seed": f"scale-{number}",
        "options": {**options, "turns": 4}, "auth": "address",
        "deadlines": {"resolve_delay_minutes": 1},
        "seats": [{"seat": s, "address": f"{s}@players.test"} for s in seats]})
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.store.db.execute("update seats set disorder = 'bot', preferences = ? "
                               "where game_id = 'dune-s'",
                               (None if digest else json.dumps({"digest": "off"}),))
    steps = 0          # bots answer at once; each step waits a minute, so each is mailed
    while not site.record("dune-s").finished:
        site.clock.advance(minutes=1)
        summary = site.moderator().tick()
        assert not summary.errors and summary.steps <= 1
        steps += summary.steps
        assert steps < 400
    record = site.record("dune-s")
    held, played = secrets_over(record.replay_states(moderator.store), seats)
    played |= shown_in_battles(moderator.store, "dune-s")
    assert any(held.values())
    prediction = record.state["factions"].get("bene-gesserit", {}).get("prediction")
    sent = site.sent()
    for seat in seats:
        mails = addressed_to(sent, f"{seat}@players.test")
        if digest:
            assert 0 < len(mails) < steps
        else:
            assert len(mails) > steps / 2
        assert not leaked("\n".join(text(m) for m in mails), seat, held, played, prediction)


def test_the_leak_detector_finds_another_seats_card_traitor_and_prediction():
    """The detector itself: a mail naming another seat's hand card, traitor or the Bene
    Gesserit's prediction is a leak; the seat's own secrets, played cards and territory
    names that contain a card's name are not."""
    held = {"atreides": {"Lasgun", "Feyd-Rautha"}, "harkonnen": {"Shield #1", "Kulon"},
            "bene-gesserit": set()}
    prediction = {"faction": "harkonnen", "turn": 3}
    mail = "You hold Lasgun. Cards: Shield #1. Forces in Gara Kulon. Traitor: Feyd-Rautha."
    assert leaked(mail, "atreides", held, set(), prediction) == {"Shield #1"}
    assert leaked(mail, "atreides", held, {"Shield #1"}, prediction) == set()
    assert leaked("Your prediction: Harkonnen on turn 3", "atreides", held, set(),
                  prediction) == {"the Bene Gesserit prediction"}
    assert leaked("Feyd-Rautha, Lasgun", "harkonnen", held, set()) == {"Lasgun"}


def test_a_card_played_openly_and_shuffled_back_in_the_same_step_is_no_secret():
    """A storm card played openly (000 player aid B.2, GF9 001 3.01.24) may go to the discard
    pile and back into the deck in the same step (a reshuffle in the bidding), so no state
    between steps shows it discarded: its public event makes it known; a private one does
    not."""
    played = {"code": "weather-control", "data": {"faction": "fremen", "sectors": 1}, "to": None}
    assert shown_in_events([played]) == {"Weather Control"}
    assert shown_in_events([{**played, "to": ["fremen"]}]) == set()
