"""The third expansion's treachery cards (001 3.04): the GF9 option that shuffles them into the
deck, their data, Recruits' standing word, the refusals of the Special-Battle cards and the
bots playing them.  Each card's play is pinned by the scenarios gf9_3_04_*; the secrets they
keep by test_hidden_card_differential.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune import combat
from pbem.games.dune.bots import basic_bot
from pbem.games.dune.cards import recruits, special_battle
from pbem.games.dune.data import CardType, Effect, Slot, Timing
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders import battle_plan
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import data, ruleset_data
from pbem.games.dune.view import seat_view

AT, FR, HA = "atreides", "fremen", "harkonnen"
SET = "ecaz_moritani"
OPTION = {"ecaz_moritani_cards": True}
NAMES = ["Harass and Withdraw", "Recruits", "Reinforcements"]
SCENARIOS = Path(__file__).parent / "scenarios"
GF9_YAML = Path(dune.__file__).parent / "data" / "gf9" / "treachery.yaml"


def all_cards(state):
    decks = state["decks"]
    return (decks["treachery"] + decks["treachery_discard"] + decks["treachery_removed"]
            + [c for seat in state["seats"] for c in state["factions"][seat]["hand"]])


def test_001_3_04_the_set_has_three_cards_each_with_its_sources():
    """001 3.04.02-04: three cards, one of each (DB EmExpansionTreacheryCards.csv, TO
    TreacheryCardManager.cs L97-99), every entry citing its sources."""
    cards = [c for c in ruleset_data("gf9").treachery_deck if c.expansion == SET]
    assert sorted(c.name for c in cards) == NAMES
    entries = yaml.safe_load(GF9_YAML.read_text())["sets"][SET]
    assert all(any(s.startswith("001 3.04.") for s in e["source"]) for e in entries["cards"])
    assert all(e["source"] for e in entries["types"].values())


def test_001_3_04_the_option_shuffles_them_into_the_gf9_deck():
    """With the option the deck holds 36 cards (50 with the first expansion's), without it the
    base 33; the option is GF9's alone (the classic rulesets fix their decks) and it is not
    ``ecaz_moritani`` (the ruling: a set of its own, as 3.02's)."""
    seats = [AT, FR, HA]
    plain = dune.setup("gf9", {}, seats, step_rng("cards", 0))
    with_cards = dune.setup("gf9", OPTION, seats, step_rng("cards", 0))
    both = dune.setup("gf9", {**OPTION, "ixians_tleilaxu_cards": True}, seats,
                      step_rng("cards", 0))
    assert len(all_cards(plain)) == 33 and len(all_cards(with_cards)) == 36
    assert len(all_cards(both)) == 50
    assert set(all_cards(with_cards)) - set(all_cards(plain)) == set(NAMES)
    assert violations(with_cards) == []
    assert "ecaz_moritani" not in make_rules("gf9", {"ecaz_moritani": True}).card_sets
    with pytest.raises(ValueError, match="ecaz_moritani_cards"):
        make_rules("classic", OPTION)


def test_001_3_04_the_invariants_count_the_new_cards():
    """The deck is conserved with the new cards: one lost from a hand or a pile is a
    violation."""
    state = dune.setup("gf9", OPTION, [AT, HA], step_rng("cards", 0))
    for pile in [state["decks"]["treachery"], *(state["factions"][s]["hand"] for s in (AT, HA))]:
        if "Recruits" in pile:
            pile.remove("Recruits")
    assert any("Recruits" in v for v in violations(state))


def test_001_3_04_effects_as_data():
    """The effects the code reads: both Special-Battle cards fit either place of a plan, kill
    nothing and stop nothing, and are discarded after use; Recruits is played in the revival."""
    deck = ruleset_data("gf9")
    for name, effect in (("Harass and Withdraw", Effect.WITHDRAWS_UNDIALED),
                         ("Reinforcements", Effect.REINFORCES)):
        card = deck.card_named(name)
        assert card.slots == frozenset({Slot.WEAPON, Slot.DEFENSE})
        assert card.effects == {effect, Effect.COUNTS_AS_NEITHER, Effect.DISCARD_AFTER_PLAY}
    recruits_card = deck.card_named("Recruits")
    assert recruits_card.type is CardType.RECRUITS and recruits_card.played is Timing.REVIVAL
    assert not recruits_card.slots


@pytest.mark.parametrize("name", ["Harass and Withdraw", "Reinforcements"])
def test_001_3_04_02_and_04_no_weapon_for_a_mirror_weapon(name):
    """001 3.04.02, .04: "in place of a weapon or defense, but does not count as either": a
    Mirror Weapon copies no weapon from it (001 3.03.05), and it leaves a Mirror Weapon
    unanswered (text B, 001 2.10.04; the scenario
    gf9_3_04_02_harass_and_withdraw_is_no_weapon_for_a_mirror_weapon)."""
    deck = data({"rules": make_rules("gf9", {"choam_richese": True, **OPTION}).to_json()})
    assert not combat.counts(deck, name) and not combat.counts(deck, None)
    assert combat.counts(deck, "Crysknife") and combat.counts(deck, "Kull Wahad")
    other = {AT: HA, HA: AT}
    assert combat.mirrored(deck, {AT: name, HA: "Mirror Weapon"}, other) == {AT: name, HA: None}
    assert combat.mirrored(deck, {AT: "Crysknife", HA: "Mirror Weapon"}, other) == {
        AT: "Crysknife", HA: "Crysknife"}


def test_001_3_04_every_card_has_a_scenario():
    """Each card of the set has a scenario of its own citing its section."""
    found = {path.name.split("_")[3] for path in SCENARIOS.glob("gf9_3_04_*.yaml")}
    assert found == {"02", "03", "04"}
    for path in SCENARIOS.glob("gf9_3_04_*.yaml"):
        assert "001 3.04.0" in path.read_text()


def _battle(hands, forces, reserve_on_board=0):
    return load_scenario({
        "game": "dune", "seats": [AT, HA, FR], "ruleset": "gf9", "options": OPTION,
        "seed": "third-expansion",
        "position": {"turn": 3, "phase": "battle", "storm": {"sector": 1},
                     "forces": {"The Great Flat": forces},
                     "factions": {seat: {"hand": cards, "traitors": [], "spice": 5}
                                  for seat, cards in hands.items()}}}).state


def test_001_3_04_02_not_on_your_own_homeworld():
    """001 3.04.02: "You may not play this when on your Homeworld": refused there, and only
    there (with 001 4.10's homeworlds, the Atreides' Caladan theirs, not the Harkonnen's);
    Reinforcements is not barred on a homeworld."""
    assert special_battle.refusal(make_rules("gf9", OPTION), "Harass and Withdraw", 10, True)
    assert special_battle.refusal(make_rules("gf9", OPTION), "Harass and Withdraw", 0,
                                  False) is None
    assert special_battle.refusal(make_rules("gf9", OPTION), "Reinforcements", 3, True) is None
    state = dune.setup("gf9", {**OPTION, "homeworlds": True}, [AT, HA], step_rng("home", 0))
    assert special_battle.at_home(state, AT, "Caladan")
    assert not special_battle.at_home(state, HA, "Caladan")
    assert not special_battle.at_home(state, AT, "Carthag")


def test_001_3_04_04_reinforcements_refused_with_fewer_than_three_in_reserve():
    """001 3.04.04: "You may not use this card if you cannot Place at least 3 Forces in the
    tanks from your reserves": the plan's problem names the rule and the count."""
    state = _battle({AT: ["Reinforcements"], HA: []}, {AT: 18, HA: 5})
    side = battle_plan.side_of_state(state, AT)
    assert side.reserve == 2
    plan = {**battle_plan.default_plan(side), "defense": "Reinforcements", "dial": 1}
    found = battle_plan.problems(side, plan)
    assert [(slot, why) for slot, _, why, _ in found] == [
        ("defense", "Reinforcements needs 3 forces in your reserves to place in the tanks; you "
                    "have 2 (001 3.04.04)")]


def test_001_3_04_03_the_word_is_asked_only_of_a_holder_asked_something_else():
    """001 3.04.03 by mail: the Recruits word rides on a round its holder is asked in anyway,
    optional (nobody waits for it), and nobody else gets it; without the option nobody."""
    state = load_scenario({
        "game": "dune", "seats": [AT, HA, FR], "ruleset": "gf9", "options": OPTION,
        "seed": "recruits",
        "position": {"turn": 2, "phase": "bidding", "storm": {"sector": 1}, "forces": {},
                     "factions": {HA: {"hand": ["Recruits"]}, AT: {"hand": ["Shield"]}},
                     "decks": {"treachery": ["Lasgun"]}}}).state
    words = [p for p in dune.prompts(state) if p.kind == recruits.KIND]
    assert [(p.seat, p.optional, p.default) for p in words] == [(HA, True, None)]
    assert not dune.parse(state, HA, "PASS\nRECRUITS").errors
    parsed = dune.parse(state, AT, "PASS\nRECRUITS")
    assert parsed.errors or parsed.unread
    assert not recruits.rides(make_rules("gf9", {}))


def test_001_3_04_03_recruits_doubles_in_the_revival_phase_only():
    """001 3.04.03: the free revival doubled and the limit 7 in the revival phase of the turn
    it was played, read from the state and from a seat's view alike; never in another turn."""
    state = load_scenario({
        "game": "dune", "seats": [AT, HA, FR], "ruleset": "gf9", "options": OPTION,
        "seed": "recruits", "position": {"turn": 2, "phase": "revival", "storm": {"sector": 1},
                                         "factions": {FR: {"tanks": 9}}}}).state
    assert recruits.terms(state, 3, 3) == (3, 3)
    state[recruits.PLAYED] = 2
    assert recruits.terms(state, 3, 3) == (6, 7)
    assert recruits.terms(seat_view(state, AT), 1, 3) == (2, 7)
    assert recruits.terms(state, 3, None) == (6, None)
    state["turn"] = 3
    assert recruits.terms(state, 3, 3) == (3, 3)


@pytest.mark.parametrize("card, reserve_forces, played", [
    ("Reinforcements", 5, True), ("Reinforcements", 18, False)])
def test_001_3_04_04_the_basic_bot_plays_reinforcements_when_it_may(card, reserve_forces,
                                                                     played):
    """The basic bot puts Reinforcements in a free place of its plan with three forces in
    reserve, and never a plan the rules refuse without them."""
    state = _battle({AT: [card], HA: []}, {AT: reserve_forces, HA: 5})
    view = seat_view(state, AT)
    prompt = next(p for p in dune.prompts(state) if p.seat == AT and p.kind == "battle-plan")
    text = basic_bot.basic_order(view, prompt, random.Random(1))
    assert text is not None
    assert (card.upper() in text.upper()) is played
