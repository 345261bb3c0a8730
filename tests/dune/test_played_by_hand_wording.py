"""The six-seat WBC game played by hand (issue "A real game by mail"), P9: the reports' wording,
played again through the moderator.  Verbs agree with the faction named (factions.yaml
``singular``: 000 lines 1152, 1178, "The Emperor receives", "The Guild receives") and counts
with their noun ("1 force", "2 forces")."""

from __future__ import annotations

import pytest
from dune_mail import game_at, send
from installation import Installation
from players import text

SIX = ["harkonnen", "atreides", "bene-gesserit", "emperor", "fremen", "guild"]


def flat(text: str) -> str:
    """A mail's text with its lines joined (long lines are wrapped at 78 columns)."""
    return " ".join(text.split())


@pytest.fixture
def harkonnen_turn(tmp_path):
    """Turn 2's movement round, the storm over Carthag (sector 11); the Harkonnen hold
    Carthag and Red Chasm and have 1 force in reserve; the Guild lets them go first."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {
        "game": "dune", "seats": SIX, "ruleset": "wbc", "seed": "by-hand",
        "position": {"turn": 2, "phase": "movement", "storm": {"sector": 11, "marker": 1},
                     "forces": {"Carthag": {"harkonnen": 10}, "Red Chasm": {"harkonnen": 9},
                                "Arrakeen": {"atreides": 10},
                                "Tuek's Sietch": {"guild": 5}, "Sietch Tabr": {"fremen": 10},
                                "Polar Sink": {"bene-gesserit": 1},
                                "Habbanya Sietch": {"emperor": 5}}}})
    send(site, "guild", "DEFER")
    return site


def test_p9_one_force_in_reserve_is_one_force(harkonnen_turn):
    """The movement prompt counts the reserve with its noun: "1 force", never "1 forces"."""
    send(harkonnen_turn, "bene-gesserit", "ADVISORS SINK")
    prompt = flat(send(harkonnen_turn, "harkonnen", "STATUS"))
    assert "10 spice and 1 force in reserve" in prompt
    assert "1 forces" not in prompt


def test_p9_the_guild_takes_a_singular_verb(harkonnen_turn):
    """The Spacing Guild (singular, as the Emperor) waits; the Harkonnen, a house, still
    "go first" (plural)."""
    site = harkonnen_turn
    send(site, "bene-gesserit", "ADVISORS SINK")
    send(site, "harkonnen", "MOVE 5 FROM Red Chasm TO Polar Sink")
    log = " ".join(flat(text(mail)) for mail in site.sent())
    assert "The Spacing Guild waits; Harkonnen go first" in log


def test_p9_a_group_in_the_storm_is_told_why_it_moves_nowhere(harkonnen_turn):
    """000 IX.C.2.c (line 343): "No token may move into, out of, or through a sector in
    storm": the Harkonnen in Carthag, under the storm, read why they may move nowhere, not a
    bare "nowhere"."""
    send(harkonnen_turn, "bene-gesserit", "ADVISORS SINK")
    prompt = flat(send(harkonnen_turn, "harkonnen", "STATUS"))
    assert "from Carthag: nowhere: it stands in the storm" in prompt
    assert "from Red Chasm: nowhere" not in prompt


def test_p9_the_template_gives_examples_from_the_seats_own_position(harkonnen_turn):
    """The order template's examples are orders this seat could send: its reserve shipped
    (a stronghold first), its group in Red Chasm moved; never the fixed Carthag example, and
    never the group the storm holds."""
    send(harkonnen_turn, "bene-gesserit", "ADVISORS SINK")
    prompt = send(harkonnen_turn, "harkonnen", "STATUS")
    assert "# MOVE 3 FROM Carthag TO Imperial Basin" not in prompt
    assert "# SHIP 1 TO " in prompt and "# MOVE 9 FROM Red Chasm TO " in prompt
    assert "# MOVE 10 FROM Carthag" not in prompt
