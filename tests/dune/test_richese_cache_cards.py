"""The Richese cache's own card effects (001 3.03) that the scenario files
``gf9_3_03_*`` and ``gf9_2_10_04_text_b_*`` do not pin."""

from __future__ import annotations

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
