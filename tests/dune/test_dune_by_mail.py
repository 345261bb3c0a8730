"""Whole games of classic Dune played by mail through the moderator (issue 5: "a 6-faction game
under the ``wbc`` preset, and one under plain basic rules, play from setup to a winner (or the
turn limit and the default victory) by mail"), every mail checked for secrets.

The players are scripted: each reads its seat's view and answers every prompt of the step with
order text in a mail, as a person would (the ``basic`` bot's rule of thumb, random legal play
where it has none), so the whole game also goes through the order parser.
"""

from __future__ import annotations

import random

import pytest
from dune_leaks import leaked, secrets_over, shown_in_battles
from dune_seats import CLASSIC, SEAT_FACTIONS
from installation import Installation
from players import addressed_to, drop, order_mail, text

from pbem.definition import create_game, game_definition
from pbem.games import dune
from pbem.games.dune.rules import RULESETS, rules_of
from pbem.record import GameRecord

pytestmark = pytest.mark.whole_game

SIX = sorted(SEAT_FACTIONS)


def address(seat):
    return f"{seat}@players.test"


def new_dune_game(site, ruleset, seats, options):
    definition = game_definition({
        "id": "dune-1", "game": "dune", "ruleset": ruleset, "seed": "mail",
        "options": options, "auth": "address",
        "seats": [{"seat": s, "address": address(s)} for s in seats]})
    moderator = site.moderator()
    create_game(moderator.store, site.config, definition, site.clock())
    moderator.send_outbox()


def play_by_mail(site, seed, style):
    """Answer every open prompt by mail and tick until the game ends; the ticks taken."""
    rng = random.Random(seed)
    for ticks in range(1, 2000):
        record = GameRecord.load(site.moderator().store, "dune-1")
        if record.finished:
            return ticks
        for prompt in record.prompts():
            view = dune.view(record.state, prompt.seat)
            drop(site.inbox, order_mail(address(prompt.seat),
                                        dune.bot_order(view, prompt, rng, style),
                                        subject="[dune-1] orders"))
        summary = site.moderator().tick()
        assert not summary.errors and summary.rejected == 0
    raise AssertionError("the game did not end")


def assert_no_leaks(site, seats):
    record = GameRecord.load(site.moderator().store, "dune-1")
    held, played = secrets_over(record.replay_states(site.moderator().store), seats)
    played |= shown_in_battles(site.moderator().store, "dune-1")    # 000 X.B.4
    prediction = record.state["factions"]["bene-gesserit"]["prediction"]
    sent = site.sent()
    for seat in seats:
        mails = "\n".join(text(m) for m in addressed_to(sent, address(seat)))
        assert not leaked(mails, seat, held, played, prediction), seat
    assert all(card.id not in text(addressed_to(sent, "gm@pbem.test")[0])
               for card in CLASSIC.treachery_deck)


@pytest.mark.parametrize(("ruleset", "options"), [
    ("wbc", {}), ("classic", {}), ("gf9", {}), ("gf9", {"advanced": True}),
    ("gf9", {"tournament": True}), ("gf9", {"advanced": True, "tournament": True}),
    ("gf9", {"advanced": True, "ixians_tleilaxu_cards": True})])
def test_a_six_faction_game_by_mail_plays_from_setup_to_its_end(tmp_path, ruleset, options):
    """000 V (the turn sequence to the last turn), 000 XIII (victory: a winner, or the default
    victory after the last turn; 15 turns classic, 10 under WBC, 004 heats); GF9, basic and
    advanced (001 1.01-1.09 the nine phases, 1.13 the advanced game, 1.09.06 the end of play,
    setup 3: 10 turns), and the GF9 tournament game with and without the advanced rules (001 setup
    3, 4.1.13-20: the Shield Wall stronghold, the tournament's rules on advisors, the Cheap Hero
    and the Truthtrance), each to a winner; and an advanced GF9 game with the Ixians &
    Tleilaxu treachery cards in the deck (001 3.02).  The WBC game is the one whole game whose
    reports carry the map."""
    site = Installation(tmp_path, maps=ruleset == "wbc")
    new_dune_game(site, ruleset, SIX, options)
    play_by_mail(site, seed=ruleset + "-tournament" * options.get("tournament", False)
                 + "-cards302" * options.get("ixians_tleilaxu_cards", False), style="basic")
    record = GameRecord.load(site.moderator().store, "dune-1")
    assert getattr(rules_of(record.state), "tournament", False) == options.get("tournament",
                                                                              False)
    result = record.rules.result(record.state)
    assert record.finished and result["winners"]
    assert 1 <= record.state["turn"] <= RULESETS[ruleset].turns
    battles = [row for row in site.moderator().store.decisions("dune-1")
               if '"battle-plans"' in (row["events"] or "")]
    assert battles, "a whole game of six factions fights battles"
    assert_no_leaks(site, SIX)
    final = text(site.sent(address(SIX[0]))[-1])         # parsed once, by assert_no_leaks
    assert "The game is over" in final
    assert all(SEAT_FACTIONS[winner] in final for winner in result["winners"])


def test_a_game_of_dune_by_mail_to_its_end_leaks_no_secret(tmp_path):
    """Four factions and random legal play for three turns: every mail is checked for the other
    seats' secrets (the leak detector of tests/dune_leaks.py)."""
    seats = ["atreides", "bene-gesserit", "fremen", "harkonnen"]
    site = Installation(tmp_path, maps=False)
    new_dune_game(site, "wbc", seats, {"turns": 3})
    play_by_mail(site, seed=5, style="random")
    record = GameRecord.load(site.moderator().store, "dune-1")
    assert record.finished and record.rules.result(record.state)["winners"]
    assert_no_leaks(site, seats)
