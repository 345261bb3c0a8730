"""The Richese cache's own card effects (001 3.03) that the scenario files
``gf9_3_03_*`` and ``gf9_2_10_04_text_b_*`` do not pin."""

from __future__ import annotations

import random

import pytest

from pbem.games.dune import combat
from pbem.games.dune.orders.battle_plan import empty_plan
from pbem.games.dune.rules import CHEAP_HERO_TRAITOR, make_rules
from pbem.games.dune.state import data

DECK = data({"rules": make_rules("gf9", {"choam_richese": True, "richese_revised": True,
                                         "cheap_hero_traitor": True}).to_json()})


def test_001_3_03_14_levenbrech_is_never_a_traitor():
    """001 3.03.14: "Levenbrech cannot be traitored": the Cheap Hero traitor card (4.09.02)
    matches a Cheap Hero in the leader's place, never the Levenbrech."""
    hero = {**empty_plan(), "cheap_hero": "Cheap Hero"}
    levenbrech = {**empty_plan(), "cheap_hero": "Levenbrech"}
    assert combat.betrays(hero, {CHEAP_HERO_TRAITOR})
    assert not combat.betrays(levenbrech, {CHEAP_HERO_TRAITOR})


def test_001_3_03_05_two_mirror_weapons_copy_nothing():
    """001 3.03.05: a Mirror Weapon copies the opponent's weapon "if they reveal one": against
    another Mirror Weapon there is nothing to copy, and nobody dies."""
    weapons = combat.mirrored(DECK, {"a": "Mirror Weapon", "b": "Mirror Weapon"},
                              {"a": "b", "b": "a"})
    assert weapons == {"a": None, "b": None}
    assert combat.mirrored(DECK, {"a": "Mirror Weapon", "b": "Lasgun"},
                           {"a": "b", "b": "a"}) == {"a": "Lasgun", "b": "Lasgun"}


def test_001_3_03_02_distrans_is_not_offered_during_the_bidding():
    """001 3.03.02: Distrans is played "at any time (other than during a bid)": by mail it is
    offered in any round its holder is asked something but the bidding round's, whose mail
    rounds are all bids (``cache_specials``); the Nullentropy Box is offered there too."""
    from pathlib import Path

    import yaml

    from pbem.games.dune import turn
    from pbem.games.dune.cards import cache_specials
    from pbem.games.dune.scenario.run import load_scenario

    path = (Path(__file__).parent / "scenarios"
            / "gf9_3_03_02_distrans_gives_a_card_to_another_faction.yaml")
    state = load_scenario(yaml.safe_load(path.read_text())).state
    state["factions"]["richese"]["hand"] += ["Nullentropy Box"]
    asked = [p for p in turn.prompts(state) if p.kind != cache_specials.KIND]
    (offered,) = cache_specials.prompts(state, [*asked, *_asked("richese")])
    assert offered.options["cards"] == ["Distrans", "Nullentropy Box"]
    state["phase"] = "bidding"
    (offered,) = cache_specials.prompts(state, _asked("richese"))
    assert offered.options["cards"] == ["Nullentropy Box"]


def _asked(seat):
    from pbem.game import Prompt
    return [Prompt(f"bid:{seat}", seat, "bid", False, "", None, "PASS", "PASS")]


def _scenario(name):
    from pathlib import Path

    import yaml
    return yaml.safe_load((Path(__file__).parent / "scenarios" / f"{name}.yaml").read_text())


def test_001_3_03_16_desert_seeded_water_lays_the_first_named_on_top():
    """001 3.03.16: the cards picked go on top "in the order you choose": the first named is
    the next card turned (the deck's top is its list's end), the rest shuffled beneath."""
    from pbem.games.dune.scenario.run import run_scenario

    result = run_scenario(_scenario("gf9_3_03_16_desert_seeded_water_stacks_the_spice_deck"))
    deck = result["state"]["decks"]["spice"]
    assert deck[-2:] == ["Red Chasm", "Old Gap"]
    assert "Old Gap" not in deck[:-2] and "Red Chasm" not in deck[:-2]
    assert {"Funeral Plain", "South Mesa", "The Minor Erg"} <= set(deck[:-2])


def test_001_3_03_16_desert_seeded_water_only_between_the_nexus_and_the_movement():
    """001 3.03.16: "after Spice Blow and NEXUS Phase but before Shipment and Movement Phase":
    offered in the Charity, Bidding and Revival phases only, and only with the named cards'
    number equal to the spice blows; a card the deck does not hold (a second Old Gap) leaves it
    unplayed."""
    from pbem.games.dune.cards import cache_specials
    from pbem.games.dune.orders.language import OrderProblem
    from pbem.games.dune.scenario.run import load_scenario

    state = load_scenario(_scenario("gf9_3_03_16_desert_seeded_water_stacks_the_spice_deck")
                          ).state
    (offered,) = cache_specials.prompts(state, _asked("richese"))
    assert offered.options["cards"] == ["Desert Seeded Water"]
    with pytest.raises(OrderProblem, match="name 2 spice cards"):
        cache_specials._read(state, offered, ["DESERT", "SEEDED", "WATER", "Old", "Gap"])
    state["phase"] = "movement"
    assert cache_specials.prompts(state, _asked("richese")) == []
    state["phase"] = "revival"
    events = cache_specials.apply(state, {"cache-special:richese": [
        ["Desert Seeded Water", ["Old Gap", "Old Gap"]]]}, random.Random(1))
    assert [e.code for e in events] == ["cache-special-unplayed"]
    assert state["factions"]["richese"]["hand"] == ["Desert Seeded Water"]


def _fighting(leader, weapon, dial):
    return {**empty_plan(), "leader": leader, "weapon": weapon, "dial": dial}


def test_001_3_03_12_amtal_or_artillery_strike_by_storm_order():
    """001 3.03.12: "Against Artillery Strike or Stone Burner, use Storm Order to decide which
    effect to apply": the card of the side first in storm order acts, the other does nothing.
    First, the Amtal: the leaders decide (5 to 2), nobody dies by the strike, the loser's
    leader is killed; first, the strike: both leaders die, the dials decide (4 to 2)."""
    plans = {"a": _fighting("Duncan Idaho", "Artillery Strike", 4),
             "r": _fighting("Ein Calimar", "Amtal", 2)}
    amtal = combat.resolve(DECK, "a", "r", plans, {"a": set(), "r": set()}, None, "r")
    assert (amtal.winner, amtal.totals, amtal.killed, amtal.leaders_decided) == (
        "r", {"a": 2, "r": 5}, ("a",), True)
    strike = combat.resolve(DECK, "a", "r", plans, {"a": set(), "r": set()}, None, "a")
    assert (strike.winner, strike.totals, set(strike.killed), strike.leaders_decided) == (
        "a", {"a": 4, "r": 2}, {"a", "r"}, False)


def test_001_3_03_11_the_stone_burner_counts_undialed_forces_and_a_mirror_copies_it():
    """001 3.03.11: with a Stone Burner the undialed forces decide, the aggressor winning a
    tie; a Mirror Weapon (3.03.05) copying it changes nothing of that; the leaders die only at
    its player's word (``burn``)."""
    plans = {"a": _fighting("Duncan Idaho", "Mirror Weapon", 7),
             "r": _fighting("Lady Helena", "Stone Burner", 1)}
    tie = combat.resolve(DECK, "a", "r", plans, {"a": set(), "r": set()}, {"a": 4, "r": 4})
    assert (tie.winner, tie.killed) == ("a", ())
    plans["r"]["burn"] = True
    burnt = combat.resolve(DECK, "a", "r", plans, {"a": set(), "r": set()}, {"a": 2, "r": 4})
    assert (burnt.winner, set(burnt.killed)) == ("r", {"a", "r"})
