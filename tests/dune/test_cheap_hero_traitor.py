"""The Cheap Hero traitor card (001 4.09.02, option ``cheap_hero_traitor``) where the scenario
files (``gf9_4_09_02_*.yaml``) cannot reach: the deal at set-up, the set-up order, both bots, the
invariant, the plan's prompt, the reports' words and whole games of bots."""

from __future__ import annotations

import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.game import load_game, step_rng
from pbem.games.dune import turn
from pbem.games.dune.factions import tleilaxu_face_dancers as face_dancers
from pbem.games.dune.invariants import violations
from pbem.games.dune.rules import CHEAP_HERO_TRAITOR, make_rules
from pbem.games.dune.scenario import load_scenario
from pbem.templating import render

GAME = load_game("dune")
OPTION = {"cheap_hero_traitor": True}
SEATS = ["atreides", "harkonnen", "emperor", "fremen"]


def dealt(options: dict, seed: int = 0) -> dict:
    return GAME.setup("gf9", options, SEATS, step_rng(f"cht-{seed}", 0))


def places(state: dict) -> list[str]:
    """Where the Cheap Hero traitor lies: the deck, or the draws it was dealt into."""
    found = ["deck"] * state["decks"]["traitors"].count(CHEAP_HERO_TRAITOR)
    return found + [seat for seat in state["seats"]
                    if CHEAP_HERO_TRAITOR in state["factions"][seat]["traitor_draw"]]


def with_card_drawn(seat: str) -> dict:
    """A set-up where ``seat`` drew the Cheap Hero traitor."""
    for seed in range(200):
        state = dealt(OPTION, seed)
        if places(state) == [seat]:
            return state
    raise AssertionError("never drawn")


def test_001_4_09_02_the_traitor_deck_holds_one_cheap_hero_traitor_with_the_option():
    """001 4.09.02 "Adds a Traitor for the Cheap Hero card": with the option the traitor deck
    holds it once (in the deck or a draw); without it, never; a stored game keeps its rules."""
    for seed in range(6):
        assert len(places(dealt(OPTION, seed))) == 1
        assert places(dealt({}, seed)) == []
    assert make_rules("gf9", OPTION).traitor_cards == (CHEAP_HERO_TRAITOR,)
    assert "cheap_hero_traitor" not in make_rules("gf9", {}).to_json()
    assert make_rules("classic", {}).traitor_cards == ()


def test_001_4_09_02_the_set_up_offers_and_reads_the_cheap_hero_traitor():
    """The faction that drew it may keep it (any faction may: it is no one's leader): the
    prompt names it and what it does, ``TRAITOR cheap hero`` reads, its echo reads back;
    another faction naming it is refused, quoting its own draw."""
    state = with_card_drawn("atreides")
    (prompt,) = [p for p in turn.prompts(state) if p.key == "traitor:atreides"]
    assert CHEAP_HERO_TRAITOR in prompt.legal and "001 4.09.02" in prompt.legal
    parsed = GAME.parse(state, "atreides", "traitor cheap  hero")
    assert parsed.errors == []
    (order,) = parsed.orders
    assert (order.value, order.text) == (CHEAP_HERO_TRAITOR, "TRAITOR Cheap Hero")
    assert [o.value for o in GAME.parse(state, "atreides", order.text).orders] == [order.value]
    (error,) = GAME.parse(state, "emperor", "TRAITOR Cheap Hero").errors
    assert error.code == "not-in-draw"
    assert set(error.valid) <= set(state["factions"]["emperor"]["traitor_draw"])


@pytest.mark.parametrize("style", ["random", "basic"])
def test_001_4_09_02_both_bots_may_keep_the_cheap_hero_traitor(style):
    state = with_card_drawn("atreides")
    kept = {GAME.bot_decisions(state, random.Random(seed), style)["traitor:atreides"]
            for seed in range(20)}
    assert kept <= set(state["factions"]["atreides"]["traitor_draw"])
    assert CHEAP_HERO_TRAITOR in kept


def test_001_4_09_02_the_card_in_two_places_breaks_an_invariant():
    state = dealt(OPTION)
    assert violations(state) == []
    state["factions"]["atreides"]["traitors"] = [CHEAP_HERO_TRAITOR]
    state["factions"]["emperor"]["traitors"] = [CHEAP_HERO_TRAITOR]
    assert any("Cheap Hero traitor lies in" in problem for problem in violations(state))


def test_001_4_09_02_the_plan_prompt_and_the_report_say_what_the_card_does():
    """The plan's prompt says TRAITOR CALL covers a Cheap Hero too, to every combatant of a game
    with the option (so it tells nobody who holds the card); the call reads in the reports."""
    def prompt(options: dict) -> str:
        state = load_scenario({
            "game": "dune", "seats": ["atreides", "harkonnen"], "ruleset": "gf9",
            "seed": "cht-plan", "options": options,
            "position": {"turn": 3, "phase": "battle", "storm": {"sector": 1},
                         "forces": {"Carthag": {"atreides": 6, "harkonnen": 5}}}}).state
        (found,) = [p for p in turn.prompts(state) if p.key == "battle-plan:atreides"]
        return found.legal
    assert "Cheap Hero traitor card: 001 4.09.02" in prompt(OPTION)
    assert "4.09.02" not in prompt({})
    events = [{"code": "traitor-called", "to": None, "data": {
        "faction": "harkonnen", "leader": CHEAP_HERO_TRAITOR, "holder": "harkonnen"}}]
    words = render("dune", "events.txt.j2", events=events, seat="atreides")
    assert "Cheap Hero is a traitor in the pay of the Harkonnen" in words


@pytest.mark.parametrize("style", ["random", "basic"])
def test_whole_games_with_the_cheap_hero_traitor_break_no_invariant(style):
    """Bots play GF9 games with the option to the end: no invariant broken at any step."""
    for seed in range(2):
        state = GAME.setup("gf9", {**OPTION, "turns": 5}, list(SEAT_FACTIONS),
                           step_rng(f"cht-{style}-{seed}", 0))
        bots = random.Random(seed)
        step = 0
        while state["result"] is None:
            step += 1
            state, _ = GAME.apply(state, GAME.bot_decisions(state, bots, style),
                                  step_rng(f"cht-{style}-{seed}", step))
            assert violations(state) == [], step


def test_001_4_09_02_a_cheap_hero_face_dancer_is_never_revealed():
    """Ruling: the Tleilaxu may draw the card as a Face Dancer (2.08.04), but 2.08.06 reveals
    "their leader": a winner's Cheap Hero is none, so it is never revealed."""
    state = GAME.setup("gf9", {**OPTION, "ixians_tleilaxu": True},
                       ["atreides", "harkonnen", "tleilaxu"], step_rng("cht-fd", 0))
    state["factions"]["tleilaxu"]["face_dancers"] = [CHEAP_HERO_TRAITOR]
    plans = {"atreides": {"leader": None, "cheap_hero": "Cheap Hero"},
             "harkonnen": {"leader": "Feyd-Rautha", "cheap_hero": None}}
    assert face_dancers.revealed_by(state, "atreides", plans) is None


def test_001_4_09_02_the_tleilaxu_word_never_names_a_cheap_hero_face_dancer():
    """Found by self-play: the random bot named the Cheap Hero Face Dancer in its REVEAL word,
    which the reader refuses (2.08.06 reveals leaders); the word's prompt and both bots now
    offer only the Face Dancers that are leaders."""
    state = GAME.setup("gf9", {**OPTION, "ixians_tleilaxu": True},
                       ["atreides", "harkonnen", "tleilaxu"], step_rng("cht-fd", 0))
    state["factions"]["tleilaxu"]["face_dancers"] = [CHEAP_HERO_TRAITOR, "Feyd-Rautha"]
    view = GAME.view(state, "tleilaxu")
    words = [face_dancers.random_word(view, None, random.Random(seed)) for seed in range(40)]
    assert ["Feyd-Rautha"] in words
    assert not any(CHEAP_HERO_TRAITOR in word for word in words if isinstance(word, list))
    assert face_dancers.revealable(state, [CHEAP_HERO_TRAITOR, "Feyd-Rautha"]) == ["Feyd-Rautha"]
