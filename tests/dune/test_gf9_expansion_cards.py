"""The Ixians & Tleilaxu expansion's treachery cards (001 3.02): the GF9 option that shuffles
them into the deck, their data, the decisions that set Amal, Harvester and Thumper, and the
secrets they keep (the differential test is in test_hidden_card_differential.py).  Each
card's play is pinned by the scenarios gf9_3_02_*; a whole GF9 game
by mail with the cards is in test_dune_by_mail.py, self-play in benchmarks/expansion_cards.py.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune.cards import spice_specials
from pbem.games.dune.data import CardType, Effect
from pbem.games.dune.invariants import violations
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import ruleset_data

AT, FR, HA = "atreides", "fremen", "harkonnen"
SET = "ixians_tleilaxu"
OPTION = {"ixians_tleilaxu_cards": True}
NAMES = ["Amal", "Artillery Strike", "Basilia Weapon", "Chemistry", "Harvester",
         "Hunter Seeker", "Poison Blade", "Poison Tooth", "Shield", "Shield Snooper", "Snooper",
         "Thumper", "Weirding Way", "Kull Wahad"]
SCENARIOS = Path(__file__).parent / "scenarios"
GF9_YAML = Path(dune.__file__).parent / "data" / "gf9" / "treachery.yaml"


def all_cards(state):
    decks = state["decks"]
    return (decks["treachery"] + decks["treachery_discard"] + decks["treachery_removed"]
            + [c for seat in state["seats"] for c in state["factions"][seat]["hand"]])


def test_001_3_02_the_set_has_fourteen_cards_each_with_its_sources():
    """001 3.02.02-15: fourteen cards (DB ExpansionTreacheryCards.csv, TO ids 33-46): the
    fifth Shield and Snooper as copies of the base cards, every entry citing its sources."""
    cards = [c for c in ruleset_data("gf9").treachery_deck if c.expansion == SET]
    assert sorted(c.name for c in cards) == sorted(NAMES)
    assert {c.id for c in cards} >= {"Shield #5", "Snooper #5"}
    entries = yaml.safe_load(GF9_YAML.read_text())["sets"][SET]
    assert all(any(s.startswith("001 3.02.") for s in e["source"]) for e in entries["cards"])
    assert all(e["source"] for e in entries["types"].values())


def test_001_3_02_the_option_shuffles_them_into_the_gf9_deck():
    """With the option the deck holds 47 cards, without it the base 33, dealt alike; the option
    is GF9's (the classic rulesets fix their decks)."""
    seats = [AT, FR, HA]
    plain = dune.setup("gf9", {}, seats, step_rng("cards", 0))
    with_cards = dune.setup("gf9", OPTION, seats, step_rng("cards", 0))
    assert len(all_cards(plain)) == 33 and len(all_cards(with_cards)) == 47
    assert set(all_cards(with_cards)) - set(all_cards(plain)) == {
        c.id for c in ruleset_data("gf9").treachery_deck if c.expansion == SET}
    assert violations(with_cards) == []
    with pytest.raises(ValueError, match="ixians_tleilaxu_cards"):
        make_rules("classic", OPTION)


def test_001_3_02_the_invariants_count_the_new_cards():
    """The deck is conserved with the new cards: one lost from a hand is a violation."""
    state = dune.setup("gf9", OPTION, [AT, HA], step_rng("cards", 0))
    assert violations(state) == []
    for pile in [state["decks"]["treachery"], *(state["factions"][s]["hand"] for s in (AT, HA))]:
        if "Shield #5" in pile:
            pile.remove("Shield #5")
    assert any("Shield #5" in v for v in violations(state))


def test_001_3_02_effects_as_data():
    """The effects the combat code reads: the Poison Blade needs both defenses, the Poison Tooth
    only Chemistry, the Artillery Strike only a card counting as a Shield; the Weirding Way and
    Chemistry fit both places of a plan; the Shield Snooper counts as a Shield."""
    deck = ruleset_data("gf9")
    assert Effect.STOPPED_BY_BOTH in deck.card_named("Poison Blade").effects
    assert {Effect.KILLS_BOTH_LEADERS, Effect.STOPPED_BY_ANTIDOTE, Effect.MAY_BE_WITHHELD} <= \
        deck.card_named("Poison Tooth").effects
    assert Effect.ANTIDOTE in deck.card_named("Chemistry").effects
    assert Effect.COUNTS_AS_SHIELD in deck.card_named("Shield Snooper").effects
    assert Effect.COUNTS_AS_SHIELD not in deck.card_named("Weirding Way").effects
    for name in ("Weirding Way", "Chemistry"):
        assert len(deck.card_named(name).slots) == 2
    assert deck.card_named("Hunter Seeker").type is CardType.PROJECTILE_WEAPON
    assert deck.card_named("Basilia Weapon").type is CardType.POISON_WEAPON


def test_001_3_02_every_card_has_a_scenario():
    """Each card of the set has a scenario of its own citing its section."""
    sections = {"02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14",
                "15"}
    found = {part for path in SCENARIOS.glob("gf9_3_02_*.yaml")
             for part in path.name.split("_")[3:5] if part in sections}
    assert found == sections
    assert len(list(SCENARIOS.glob("gf9_3_02_*.yaml"))) >= 30


def storm_round(hands, turn=3):
    return load_scenario({
        "game": "dune", "seats": [AT, HA], "ruleset": "gf9", "options": OPTION,
        "seed": "specials",
        "position": {"turn": turn, "storm": {"sector": 1, "dialers": [AT, HA]},
                     "forces": {"Arrakeen": {AT: 10}, "Carthag": {HA: 10}},
                     "factions": {seat: {"hand": cards} for seat, cards in hands.items()}}}).state


def test_001_3_02_the_special_decision_is_the_holders_alone_and_optional():
    """A holder of Amal, a Harvester or a Thumper asked anything gets a decision of its own,
    optional: nobody waits for it (``pbem.game.waited_for``), nobody else gets one."""
    state = storm_round({AT: ["Amal", "Thumper"], HA: ["Shield"]})
    specials = [p for p in dune.prompts(state) if p.kind == spice_specials.KIND]
    assert [(p.seat, p.optional) for p in specials] == [(AT, True)]
    assert "AMAL" in specials[0].legal and "THUMPER" in specials[0].legal
    assert "HARVESTER" not in specials[0].legal
    parsed = dune.parse(state, AT, "DIAL 1\nAMAL BIDDING\nTHUMPER")
    assert not parsed.errors
    parsed = dune.parse(state, HA, "DIAL 1\nAMAL")
    assert parsed.errors or parsed.unread


def test_001_3_02_13_no_thumper_on_turn_1():
    """001 3.02.13: "After the first game Turn": a Thumper set waits in the hand."""
    state = storm_round({AT: ["Thumper"]})
    state["turn"] = 1
    state["specials"] = {AT: {spice_specials.THUMPER: True}}
    assert spice_specials.thumper(state) is None
    state["turn"] = 2
    events = spice_specials.thumper(state)
    assert [e.code for e in events] == ["thumper"] and "Thumper" not in \
        state["factions"][AT]["hand"]
    assert "specials" not in state


def test_001_3_02_a_card_set_that_left_the_hand_is_not_played():
    """A card set by mail stays in the hand until its moment; gone by then (a Karama steal, a
    battle's discard), it is not played and its holder alone is told."""
    state = storm_round({AT: ["Shield"]})
    spice = {seat: state["factions"][seat]["spice"] for seat in (AT, HA)}
    state["specials"] = {AT: {spice_specials.AMAL: "spice_blow"}}
    state["phase"] = "spice_blow"
    (event,) = spice_specials.at_phase_start(state)
    assert event.code == "special-unplayed" and event.to == (AT,)
    assert {seat: state["factions"][seat]["spice"] for seat in (AT, HA)} == spice
    assert "specials" not in state


def test_a_bot_sets_the_special_cards_as_values_its_text_reads_back():
    """The random bot's value for the decision is what its text reads as."""
    state = storm_round({AT: ["Amal", "Harvester", "Thumper"]})
    (prompt,) = [p for p in dune.prompts(state) if p.kind == spice_specials.KIND]
    rng = random.Random(3)
    for _ in range(30):
        value = spice_specials._random(dune.view(state, AT), prompt, rng)
        text = spice_specials._text(state, value)
        parsed = dune.parse(state, AT, "DIAL 1\n" + text)
        assert not parsed.errors, text
        assert {o.prompt: o.value for o in parsed.orders}[prompt.key] == value


def test_001_4_08_02_the_sandtrout_is_in_the_spice_deck_and_conserved():
    """001 4.08.02: with the option the spice deck holds the Sandtrout; set aside while it waits
    for a worm it is still counted, and a game without the option has none."""
    seats = [AT, HA]
    assert "Sandtrout" not in dune.setup("gf9", {}, seats, step_rng("st", 0))["decks"]["spice"]
    state = dune.setup("gf9", {"sandtrout": True}, seats, step_rng("st", 0))
    assert "Sandtrout" in state["decks"]["spice"] and violations(state) == []
    state["decks"]["spice"].remove("Sandtrout")
    assert any("Sandtrout" in v for v in violations(state))
    state["sandtrout"] = "Sandtrout"                    # aside, waiting for a worm
    assert violations(state) == []
    with pytest.raises(ValueError, match="sandtrout"):
        make_rules("wbc", {"sandtrout": True})
