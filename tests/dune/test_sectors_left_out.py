"""SECTOR left out of a worm ride by mail, where the rules make the sector clear (the issue "A
real game by mail, tried as players would", P5): as for SHIP and MOVE (test_played_by_hand)."""

from __future__ import annotations

import pytest
from dune_mail import game_at, send
from installation import Installation


def flat(text: str) -> str:
    """A mail's text with its lines joined (long lines are wrapped at 78 columns)."""
    return " ".join(text.split())


@pytest.fixture
def worm(tmp_path):
    """Turn 3's spice blow, the storm over sector 12: a worm surfaces in The Minor Erg under
    the Fremen's five forces (sector 8); the Nexus passed, the Fremen may ride it.  Spice lies
    in Habbanya Erg (sectors 16, 17, its spice in 16)."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {
        "game": "dune", "seats": ["atreides", "fremen"], "ruleset": "wbc", "seed": "rides",
        "position": {"turn": 3, "phase": "spice_blow",
                     "storm": {"sector": 12, "dialers": ["atreides", "fremen"], "marker": 1},
                     "forces": {"The Minor Erg SECTOR 8": {"fremen": 5},
                                "Arrakeen": {"atreides": 10}},
                     "spice": {"Habbanya Erg": 8},
                     "decks": {"spice_discard": ["The Minor Erg"],
                               "spice": ["Shai-Hulud", "Old Gap", "Broken Land"]}}})
    send(site, "atreides", "PASS")
    send(site, "fremen", "PASS")
    return site


def fremen_at(site, territory: str) -> dict[str, list[int]]:
    """Sector -> the Fremen's forces there."""
    forces = site.record("dune-1").state["forces"].get(territory, {})
    return {sector: f["fremen"] for sector, f in forces.items() if "fremen" in f}


def test_ix_c_2_d_a_ride_lands_where_the_spice_lies(worm):
    """000 IX.C.2.d (line 345): a player ending in a territory of several sectors "must make
    clear in which sector"; riders go "to any one territory" (Fremen shield 3, line 828): the
    spice makes Habbanya Erg's sector clear (16), and the answer says so."""
    answer = flat(send(worm, "fremen", "ride habbanya erg"))
    assert "Not accepted" not in answer
    assert "(RIDE Habbanya Erg: read as sector 16, where the spice is)" in answer
    assert fremen_at(worm, "Habbanya Erg") == {"16": {"force": 5}}


def test_wbc_vii_5_a_ride_lands_in_the_one_sector_out_of_the_storm(worm):
    """000 IX.C.2.d (line 345); WBC VII.5 (000 line 1132, 004 VII.5): riders "may not leave or
    enter a space under the storm": of Arsunt (11, 12) only 11 is open with the storm over 12."""
    answer = flat(send(worm, "fremen", "RIDE Arsunt"))
    assert "(RIDE Arsunt: read as sector 11, the only one open to it)" in answer
    assert fremen_at(worm, "Arsunt") == {"11": {"force": 5}}


def test_ix_c_2_d_a_real_choice_is_asked_with_the_sectors_open(worm):
    """000 IX.C.2.d (line 345): no spice in Wind Pass North (17, 18), both out of the storm:
    the sector must be named, and the answer lists the rides open."""
    answer = flat(send(worm, "fremen", "RIDE Wind Pass North"))
    assert ("Wind Pass North spans sectors 17, 18: name the sector (000 IX.C.2.d)"
            in answer)
    assert ("Valid here: RIDE Wind Pass North SECTOR 17, RIDE Wind Pass North SECTOR 18"
            in answer)
    assert fremen_at(worm, "The Minor Erg") == {"8": {"force": 5}}
