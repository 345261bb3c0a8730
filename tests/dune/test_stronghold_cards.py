"""The stronghold cards (001 4.04, option ``stronghold_cards``) where the scenario files
(``gf9_4_04_*.yaml``) cannot reach: the data, the stored rules, the public view of who holds
which card, the words of the reports, the battle plan's spice with the Arrakeen card, and whole
games of bots."""

from __future__ import annotations

import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.game import load_game, step_rng
from pbem.games.dune import turn
from pbem.games.dune.ahead import ahead
from pbem.games.dune.invariants import violations
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import ruleset_data
from pbem.games.dune.variants import stronghold_cards
from pbem.games.dune.variants.stronghold_cards import StrongholdCards
from pbem.templating import render

GAME = load_game("dune")
OPTION = {"stronghold_cards": True}


def position(tokens: dict, phase: str = "battle", options: dict | None = None) -> dict:
    return load_scenario({
        "game": "dune", "seats": ["atreides", "harkonnen", "fremen"], "ruleset": "gf9",
        "seed": "sc", "options": {**OPTION, **(options or {})},
        "position": {"turn": 3, "phase": phase,
                     "storm": {"sector": 1, **({"marker": 2} if options else {})},
                     "forces": {"Arrakeen": {"atreides": 5, "harkonnen": 4},
                                "Sietch Tabr": {"fremen": 3}},
                     "factions": {"atreides": {"spice": 1}},
                     "tokens": tokens}}).state


def test_001_4_04_seven_cards_set_aside_at_the_start_with_the_option():
    """001 4.04.01, 4.04.04: seven cards (the printed six and 001's Shield Wall), aside at the
    start; no card in a game without the option, whose stored rules stay as they were."""
    kind = ruleset_data("gf9").token_kind(stronghold_cards.KIND)
    assert [token.name for token in kind.tokens] == [
        "Arrakeen", "Carthag", "Habbanya Ridge Sietch", "Hidden Mobile Stronghold",
        "Shield Wall", "Sietch Tabr", "Tuek's Sietch"]
    state = GAME.setup("gf9", OPTION, ["atreides", "harkonnen"], step_rng("sc", 0))
    assert [(r["owner"], r["at"]) for r in stronghold_cards.cards(state)] == [(None, "aside")] * 7
    plain = GAME.setup("gf9", {}, ["atreides", "harkonnen"], step_rng("sc", 0))
    assert stronghold_cards.cards(plain) == []
    assert "stronghold_cards" not in make_rules("gf9", {}).to_json()


def test_001_4_04_03_every_seat_sees_who_holds_each_card():
    """001 4.04.03: the card is "in front of their player shield": every seat's view and the
    report name its holder."""
    state = position({"Arrakeen": "atreides", "Sietch Tabr": "fremen"})
    for seat in ("atreides", "harkonnen", "fremen"):
        view = GAME.view(state, seat)
        assert stronghold_cards.holder(view, "Arrakeen") == "atreides"
        text = render("dune", "view.txt.j2", view=view, seat=seat)
        assert "Arrakeen (stronghold card)" in " ".join(text.split())
        assert "Sietch Tabr (stronghold card)" in " ".join(text.split())


def test_001_4_04_the_reports_word_each_event():
    events = [
        {"code": "stronghold-card-taken", "to": None,
         "data": {"faction": "harkonnen", "card": "Carthag"}},
        {"code": "stronghold-card-set-aside", "to": None,
         "data": {"faction": "atreides", "card": "Carthag"}},
        {"code": "stronghold-card-spice", "to": None,
         "data": {"faction": "fremen", "card": "Sietch Tabr", "spice": 3}},
        {"code": "stronghold-card-pays", "to": None,
         "data": {"faction": "atreides", "card": "Arrakeen", "spice": 2}},
        {"code": "stronghold-card-saved", "to": None,
         "data": {"faction": "guild", "card": "Tuek's Sietch", "forces": {"force": 2}}}]
    words = " ".join(render("dune", "events.txt.j2", events=events, seat="fremen").split())
    assert "Harkonnen control Carthag and take its stronghold card (001 4.04.03)." in words
    assert "Atreides no longer control Carthag: its stronghold card is set aside" in words
    assert "Fremen take 3 spice from the bank by the Sietch Tabr stronghold card" in words
    assert "The bank pays 2 of the spice backing the forces of the Atreides in Arrakeen" in words
    assert "Spacing Guild sends 2 forces lost in Tuek's Sietch back to the reserve" in words


def test_001_4_04_04_02_the_plan_may_back_two_more_forces_with_the_arrakeen_card():
    """The Arrakeen card's holder, with 1 spice, may write SPICE up to 3 in Arrakeen (the bank
    pays 2, 4.04.04.02), in its prompt and its bot's view alike; without the card, 1."""
    for tokens, most in (({"Arrakeen": "atreides"}, 3), ({}, 1)):
        state = position(tokens, options={"advanced": True})
        (prompt,) = [p for p in turn.prompts(state) if p.key == "battle-plan:atreides"]
        assert f"with SPICE {most}, up to" in prompt.legal
        refused = GAME.parse(state, "atreides", "LEADER Duncan Idaho\nDIAL 3\nSPICE 3").errors
        assert bool(refused) == (most == 1)


@pytest.mark.parametrize("style", ["random", "basic"])
def test_whole_games_with_the_stronghold_cards_break_no_invariant(style):
    """Bots play GF9 games with the stronghold cards to the end: no invariant broken at any
    step, and the cards change hands."""
    seen: set[str] = set()
    for seed in range(2):
        state = GAME.setup("gf9", {**OPTION, "advanced": seed == 1, "turns": 6},
                           list(SEAT_FACTIONS), step_rng(f"sc-{style}-{seed}", 0))
        bots = random.Random(seed)
        step = 0
        while state["result"] is None:
            step += 1
            state, events = GAME.apply(state, GAME.bot_decisions(state, bots, style),
                                       step_rng(f"sc-{style}-{seed}", step))
            seen |= {event.code for event in events}
            assert violations(state) == [], step
    assert "stronghold-card-taken" in seen


def _hms_position(phase: str, copy: str | None = None) -> dict:
    state = load_scenario({
        "game": "dune", "seats": ["atreides", "ixians"], "ruleset": "gf9", "seed": "hms",
        "options": {**OPTION, "ixians_tleilaxu": True},
        "position": {"turn": 3, "phase": phase, "storm": {"sector": 1},
                     "places": {"Hidden Mobile Stronghold": "Old Gap SECTOR 10"},
                     "forces": {"Hidden Mobile Stronghold": {"atreides": 5, "ixians": [4, 0]}},
                     "factions": {"atreides": {"traitors": []}, "ixians": {"traitors": []}},
                     "tokens": {"Hidden Mobile Stronghold": "atreides",
                                "Habbanya Ridge Sietch": "atreides"}}}).state
    if copy:
        stronghold_cards.copy(state, "atreides", copy)
    return state


def test_001_4_04_04_05_the_hms_holder_names_a_card_to_copy_in_the_bidding():
    """001 4.04.04.05: in the bidding round the HMS card's holder may name another card it
    holds (``HMS COPY``, optional: nobody waits for it); the choice is seen by every seat."""
    state = _hms_position("bidding")
    prompts = [p for p in turn.prompts(state) if p.kind == stronghold_cards.COPY]
    assert [(p.seat, p.optional) for p in prompts] == [("atreides", True)]
    parsed = GAME.parse(state, "atreides", "HMS COPY habbanya")
    assert [o.value for o in parsed.orders] == ["Habbanya Ridge Sietch"]
    assert GAME.parse(state, "atreides", "HMS COPY Carthag").errors
    events = stronghold_cards.copy(state, "atreides", "Habbanya Ridge Sietch")
    assert [e.code for e in events] == ["stronghold-card-copied"]
    assert not [p for p in turn.prompts(state) if p.kind == stronghold_cards.COPY]
    for seat in ("atreides", "ixians"):
        assert stronghold_cards.copied(GAME.view(state, seat), "atreides") == (
            "Habbanya Ridge Sietch")
        text = " ".join(render("dune", "view.txt.j2", view=GAME.view(state, seat),
                               seat=seat).split())
        assert "Hidden Mobile Stronghold (stronghold card), copying Habbanya Ridge Sietch" in text
        assert "copying <" not in text


def test_001_4_04_04_05_the_copied_advantage_works_in_the_hms_until_the_turn_ends():
    """001 4.04.04.05: copying Habbanya Ridge Sietch, the Atreides win ties in the HMS (4.04.04.04,
    "here" read as the HMS); without the copy they do not; the copy ends with the turn."""
    for copy, ties in (("Habbanya Ridge Sietch", True), (None, False)):
        state = _hms_position("battle", copy)
        plans = {"atreides": {"weapon": None, "defense": None},
                 "ixians": {"weapon": None, "defense": None}}
        StrongholdCards().at_reveal(state, "Hidden Mobile Stronghold", plans)
        assert plans["atreides"].get("wins_ties", False) is ties
    state = _hms_position("mentat_pause", "Habbanya Ridge Sietch")
    StrongholdCards().phase_ends(state, random.Random(0))
    assert stronghold_cards.copied(state, "atreides") is None


def test_001_4_04_04_03_carthags_send_may_be_sent_ahead_with_the_movement_orders():
    """001 4.04.04.03: the holder's CARTHAG SEND is a decision of the movement round's opening,
    optional, and may be sent ahead (``FOR MOVEMENT``) from an earlier round: no round is
    added for anyone."""
    state = position({"Carthag": "atreides"}, phase="bidding")
    (found,) = [p for p in ahead(state, "atreides") if p.kind == stronghold_cards.SEND]
    assert found.optional and found.template.startswith("FOR MOVEMENT\n")
    assert not [p for p in ahead(state, "harkonnen") if p.kind == stronghold_cards.SEND]
