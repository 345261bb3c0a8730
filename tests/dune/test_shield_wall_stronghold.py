"""The Shield Wall Stronghold (001 4.02) as a variant of its own, option
``shield_wall_stronghold``, where the scenario files (``gf9_4_02_*.yaml``) cannot reach."""

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune import factions
from pbem.games.dune.phases import victory
from pbem.games.dune.rules import Rules, make_rules

VARIANT = {"shield_wall_stronghold": True}


def test_001_4_02_the_shield_wall_stronghold_is_a_variant_of_its_own():
    """001 4.02 (line 900): the variant outside the tournament rules plays 4.02.1-2 as the
    tournament does (4.1.13), and sets none of the tournament's other rules (4.1.15-20)."""
    basic, variant = make_rules("gf9", {}), make_rules("gf9", VARIANT)
    tournament = make_rules("gf9", {"tournament": True})
    assert (basic.shield_wall_counts(9), variant.shield_wall_counts(3),
            variant.shield_wall_counts(4)) == (False, False, True)          # 4.02.1
    assert (basic.shield_wall_held_beside, variant.shield_wall_held_beside,
            tournament.shield_wall_held_beside) == (None, "Imperial Basin", "Imperial Basin")
    bene_gesserit, fremen = (factions.power("bene-gesserit", variant),
                             factions.power("fremen", variant))
    assert variant.cheap_hero_required and bene_gesserit.advisors_flip_when_alone(variant)
    assert not variant.tournament and not fremen.default_bars_spare_ally(variant)   # 4.1.20


def test_001_4_02_a_stored_gf9_game_without_the_variant_keeps_its_stored_rules():
    """The option is ``ADDED``: a game without it stores the rules it always stored, and a
    tournament game's stored rules stay as they were (its own group sets the Shield Wall)."""
    assert "shield_wall_stronghold" not in make_rules("gf9", {}).to_json()
    assert "shield_wall_stronghold" not in make_rules("gf9", {"tournament": True}).to_json()
    stored = make_rules("gf9", VARIANT).to_json()
    assert stored["shield_wall_stronghold"] and stored["shield_wall_victory"]
    assert Rules.from_json(stored) == make_rules("gf9", VARIANT)


def test_001_4_02_1_the_shield_wall_joins_the_victory_territories_at_the_fourth_worm():
    """001 4.02.1: every worm counts, so the fourth of any kind adds the Shield Wall to the
    territories the Mentat Pause counts; 4.02.6: a destroyed Shield Wall still counts."""
    state = dune.setup("gf9", VARIANT, ["atreides", "harkonnen"], step_rng("sws", 0))
    state["worms"] = 3
    assert "Shield Wall" not in victory.victory_territories(state)
    state["worms"] = 4
    assert "Shield Wall" in victory.victory_territories(state)
    state["shield_wall"] = "destroyed"
    assert "Shield Wall" in victory.victory_territories(state)
