"""CHOAM's powers one by one (001 2.09): its sheet under either text, the Auditor's disc and
traitor card, his protections, and the hooks the phases call."""

from __future__ import annotations

import random

from pbem.games.dune import factions
from pbem.games.dune.factions import harkonnen_capture
from pbem.games.dune.factions.choam import Choam
from pbem.games.dune.forces import kinds
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import data

SEATS = ["atreides", "choam", "emperor", "fremen", "guild", "harkonnen"]
FIVE = {"Viscount Tull", "Duke Verdun", "Rajiv Londine", "Lady Jalma", "Frankos Aru"}


def _game(options: dict | None = None, seed: int = 7) -> dict:
    rules = make_rules("gf9", {"choam_richese": True, **(options or {})})
    return new_game(rules, list(SEATS), random.Random(seed))


def _traitor_cards(state: dict) -> set[str]:
    return ({name for seat in SEATS for name in state["factions"][seat]["traitor_draw"]}
            | set(state["decks"]["traitors"]))


def test_001_2_09_17_the_auditor_and_his_traitor_card_only_in_the_advanced_game():
    """2.09.17 (A), 2.09.22 (B): "Gain the Auditor Leader Disc and shuffle the Auditor Traitor
    card into the Traitor deck", an advanced ability (2.09.01)."""
    basic, advanced = _game(), _game({"advanced": True})
    assert set(basic["factions"]["choam"]["leaders"]) == FIVE
    assert set(advanced["factions"]["choam"]["leaders"]) == FIVE | {"Auditor"}
    assert "Auditor" not in _traitor_cards(basic)
    assert "Auditor" in _traitor_cards(advanced)
    revised = _game({"advanced": True, "choam_landsraad": True})
    assert set(revised["factions"]["choam"]["leaders"]) == FIVE | {"Auditor"}


def test_001_2_09_20_the_harkonnen_never_capture_the_auditor():
    """2.09.20 (A) PROTECTIONS: "The Auditor can not be ... captured by the Harkonnens"."""
    state = _game({"advanced": True})
    state["step"] = {"fought": {}}
    assert set(harkonnen_capture.candidates(state, "choam", "Arrakeen")) == FIVE


def test_001_2_09_12_b_elite_mercenaries_are_a_kind_of_the_revision_only():
    """2.09.12 (B) HIGHER CONTRACTS: nine of CHOAM's twenty are Elite Mercenaries, worth two
    (2.09.14); the published text's twenty are one kind, revived at 1 spice (2.09.09)."""
    published, revised = _game(), _game({"choam_landsraad": True})
    assert published["factions"]["choam"]["reserve"] == {"mercenary": 20}
    assert revised["factions"]["choam"]["reserve"] == {"mercenary": 11, "elite_mercenary": 9}
    elite = data(make_rules("gf9", {"choam_landsraad": True})).force_kind("elite_mercenary")
    assert (elite.strength, elite.revival_cost, elite.revived_per_turn) == (2, 2, 3)
    assert [kind.name for kind in kinds(revised, "choam")] == ["mercenary", "elite_mercenary"]


def test_choam_plays_only_where_its_expansion_is_seated():
    """001 setup 11: the expansion's factions only with it; the class answers for every
    ruleset whose data has CHOAM."""
    assert isinstance(factions.registry("gf9")["choam"], Choam)
    assert "choam" not in factions.registry("classic")
    assert "choam" not in new_game(make_rules("gf9", {}), ["atreides", "harkonnen"],
                                   random.Random(1))["factions"]


def test_001_2_09_06_choam_holds_five_cards():
    """2.09.06 (A), 2.09.09 (B) TREACHERY: "You may hold up to 5 Treachery Cards"."""
    for options in ({}, {"choam_landsraad": True}):
        rules = make_rules("gf9", {"choam_richese": True, **options})
        assert data(rules).by_seat["choam"].hand_limit == 5


def test_001_1_14_10_the_sale_kept_is_a_copy_of_the_order():
    """CHOAM's standing sale is kept in its sheet as a copy: the Karama sale taken out of it
    at the phase's end (001 1.14.10 (A), ``choam_karama``) leaves the order the game's log
    keeps as it was sent, so the game replays (a self-play replay check found it)."""
    from pbem.games.dune.factions import choam_market

    state = _game()
    order = {"worthless": False, "cards": [], "karama": ["ALL"]}
    choam_market.given(state, "choam", order)
    state["factions"]["choam"]["market"].pop("karama")
    assert order == {"worthless": False, "cards": [], "karama": ["ALL"]}
