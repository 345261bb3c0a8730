"""The six faction sheets and thirty leaders against 000_7222511ea66831c6.txt: the Leaders
list (lines 71-103), set-up (III.E, lines 217-227) and the Player Shields (lines 738-889)."""

from collections import Counter

import pytest

from pbem.games.dune.data import Ability

FACTIONS = ["Atreides", "Bene Gesserit", "Emperor", "Fremen", "Spacing Guild", "Harkonnen"]

# The Leaders list of the seed, lines 74-103: name, strength, faction.
LEADERS = {
    "Lady Jessica": (5, "Atreides"),
    "Thufir Hawat": (5, "Atreides"),
    "Gurney Halleck": (4, "Atreides"),
    "Duncan Idaho": (2, "Atreides"),
    "Dr. Wellington Yueh": (1, "Atreides"),
    "Alia": (5, "Bene Gesserit"),
    "Lady Margot Fenring": (5, "Bene Gesserit"),
    "Princess Irulan": (5, "Bene Gesserit"),
    "Rev. Mother Ramallo": (5, "Bene Gesserit"),
    "Wanna Marcus": (5, "Bene Gesserit"),
    "Count Hasimir Fenring": (6, "Emperor"),
    "Captain Aramsham": (5, "Emperor"),
    "Burseg": (3, "Emperor"),
    "Caid": (3, "Emperor"),
    "Bashar": (2, "Emperor"),
    "Stilgar": (7, "Fremen"),
    "Chani": (6, "Fremen"),
    "Otheym": (5, "Fremen"),
    "Shadout Mapes": (3, "Fremen"),
    "Jamis": (2, "Fremen"),
    "Staban Tuek": (5, "Spacing Guild"),
    "Esmar Tuek": (3, "Spacing Guild"),
    "Master Bewt": (3, "Spacing Guild"),
    "Soo Soo Sook": (2, "Spacing Guild"),
    "Guild Representative": (1, "Spacing Guild"),
    "Feyd-Rautha": (6, "Harkonnen"),
    "Beast Rabban": (4, "Harkonnen"),
    "Piter DeVries": (3, "Harkonnen"),
    "Captain Iakin Nefud": (2, "Harkonnen"),
    "Umman Kudu": (1, "Harkonnen"),
}


def test_thirty_leaders_five_per_faction_with_the_seeds_strengths(data):
    """000 II.B.1.b (line 179): five leader discs per faction; Leaders (lines 74-103)."""
    assert len(data.leaders) == 30
    assert {x.name: (x.strength, x.faction) for x in data.leaders} == LEADERS
    assert Counter(leader.faction for leader in data.leaders) == dict.fromkeys(FACTIONS, 5)
    assert [x.name for x in data.leaders_of("Fremen")] == [
        "Stilgar",
        "Chani",
        "Otheym",
        "Shadout Mapes",
        "Jamis",
    ]


def test_six_factions_with_twenty_forces_each(data):
    """000 II.B.1.c (line 180): 20 tokens per character set; the shields (lines 748-872) put
    some on the board and the rest in reserve."""
    assert [faction.name for faction in data.factions] == FACTIONS
    for faction in data.factions:
        assert faction.forces == 20


def test_starting_spice_and_free_revival(data):
    """000 III.E.3 (line 223) and the shields: "Start with ... spice" and "Free Revival"
    (Atreides lines 750-752, Bene Gesserit 774-776, Emperor 798-800, Fremen 818-820, Guild
    848-850, Harkonnen 874-876)."""
    spice = {f.name: f.spice for f in data.factions}
    assert spice == dict(zip(FACTIONS, [10, 5, 10, 3, 5, 10], strict=True))
    revival = {f.name: f.free_revival for f in data.factions}
    assert revival == dict(zip(FACTIONS, [2, 1, 1, 3, 1, 2], strict=True))


@pytest.mark.parametrize(
    ("faction", "start", "reserve"),
    [
        ("Atreides", [(10, ("Arrakeen",))], 10),  # line 748
        ("Bene Gesserit", [(1, ("Polar Sink",))], 19),  # line 772
        ("Emperor", [], 20),  # line 796
        ("Fremen", [(10, ("Sietch Tabr", "False Wall South", "False Wall West"))], 10),  # 816
        ("Spacing Guild", [(5, ("Tuek's Sietch",))], 15),  # line 846
        ("Harkonnen", [(10, ("Carthag",))], 10),  # line 872
    ],
)
def test_forces_at_start(data, faction, start, reserve):
    """000 III.E.4 (line 225): forces go on the board as each shield's "At Start" says; the
    Fremen spread theirs as they like over three territories (line 816)."""
    sheet = data.faction(faction)
    assert [(p.forces, p.territories) for p in sheet.start] == start
    assert sheet.reserve == reserve
    for placement in sheet.start:
        assert all(name in data.board for name in placement.territories)


def test_hands_and_traitors(data):
    """000 VIII.G (line 299): four cards at most; III.E.2 (line 221): draw four leaders and
    keep one traitor; III.E.5 (line 227): one card at start.  Harkonnen (lines 880-882):
    keeps every other faction's leader drawn, holds up to 8 cards, starts with 2."""
    for faction in data.factions:
        harkonnen = faction.name == "Harkonnen"
        assert faction.hand_limit == (8 if harkonnen else 4)
        assert faction.treachery_cards_at_start == (2 if harkonnen else 1)
        assert (faction.traitors_drawn, faction.traitors_kept) == (4, 4 if harkonnen else 1)
    assert Ability.FREE_CARD_ON_PURCHASE in data.faction("Harkonnen").abilities


def test_ii_b_1_c_each_faction_counts_its_forces_per_kind(data):
    """000 II.B.1.c (line 180): 20 tokens each, "the starred tokens" among them: Sardaukar
    (line 806 and line 982): five, worth two forces except against the Fremen; Fedaykin (line
    1000): three, worth two; each revived as one force, one a turn, with the advantages only
    (000 XV); every other faction's forces are of one plain kind."""
    assert data.faction("Emperor").kinds == (("force", 15), ("sardaukar", 5))
    assert data.faction("Fremen").kinds == (("force", 17), ("fedaykin", 3))
    others = [f.name for f in data.factions if f.kinds == (("force", 20),)]
    assert others == ["Atreides", "Bene Gesserit", "Spacing Guild", "Harkonnen"]
    sardaukar, fedaykin, force = (data.force_kind(n) for n in ("sardaukar", "fedaykin", "force"))
    assert (sardaukar.strength, sardaukar.worth("Fremen"), sardaukar.worth("Atreides")) == (
        2, 1, 2)
    assert (fedaykin.strength, fedaykin.worth("Emperor")) == (2, 2)
    for kind in (sardaukar, fedaykin):
        assert (kind.revived_per_turn, kind.revival_weight, kind.revival_cost) == (1, 1, 2)
        assert kind.optional and kind.spiced and (kind.mark, kind.face) == ("*", "starred")
    assert (force.strength, force.revived_per_turn, force.optional, force.mark) == (
        1, None, False, "")


def test_fremen_movement_arrival_and_default_victory(data):
    """000 Fremen shield (lines 824-830): moves two territories; brings reserves within two
    territories of the Great Flat; wins at the end if it (or nobody) holds Sietch Tabr and
    Habbanya Ridge Sietch and no Harkonnen, Atreides or Emperor holds Tuek's Sietch."""
    fremen = data.faction("Fremen")
    assert fremen.movement == 2
    assert all(f.movement == 1 for f in data.factions if f is not fremen)
    assert fremen.native_arrival is not None
    assert (fremen.native_arrival.territory, fremen.native_arrival.range) == ("The Great Flat", 2)
    victory = fremen.default_victory
    assert victory is not None
    assert victory.own_or_empty == ("Sietch Tabr", "Habbanya Ridge Sietch")
    assert victory.barred_territories == ("Tuek's Sietch",)
    assert set(victory.barred_factions) == {"Harkonnen", "Atreides", "Emperor"}


def test_guild_wins_by_default_without_condition(data):
    """000 Guild shield (line 860): if nobody has won by the end, the Guild wins; only the
    Guild and the Fremen have a default victory (Q&A XXV.E.3, line 699)."""
    guild = data.faction("Spacing Guild").default_victory
    assert guild is not None
    assert (guild.own_or_empty, guild.barred_territories, guild.barred_factions) == ((), (), ())
    with_default = {f.name for f in data.factions if f.default_victory is not None}
    assert with_default == {"Fremen", "Spacing Guild"}


def test_abilities_as_flags(data):
    """000 shields (lines 754-888): the advantages, Karama powers (XVII, lines 523-528: one
    each) and alliance powers, named by flags."""
    assert data.faction("Atreides").abilities == {
        Ability.PRESCIENCE_BIDDING,
        Ability.PRESCIENCE_SPICE_DECK,
        Ability.PRESCIENCE_BATTLE,
    }
    assert data.faction("Bene Gesserit").abilities == {
        Ability.PREDICTION,
        Ability.SPIRITUAL_ADVISORS,
        Ability.VOICE,
    }
    assert Ability.COEXISTENCE in data.faction("Bene Gesserit").optional_abilities
    assert Ability.GUILD_SHIPMENT in data.faction("Spacing Guild").abilities
    assert Ability.KWISATZ_HADERACH in data.faction("Atreides").optional_abilities
    powers = [faction.karama_power for faction in data.factions]
    assert len(set(powers)) == 6
    assert data.faction("Fremen").karama_power is Ability.SUMMON_WORM
    assert Ability.ALLY_WORM_IMMUNITY in data.faction("Fremen").alliance


def test_the_holder_of_an_advantage_is_the_first_faction_in_seat_order_that_has_it():
    """``factions.holder`` asks only the factions whose sheet lists the advantage (issue 20):
    the same answer as asking every faction in seat order, for every advantage of every
    ruleset, options on and off, seats in two orders, with and without an alliance, the
    special Karama powers used or not."""
    import random

    from pbem.game import load_game
    from pbem.games.dune import factions

    dune = load_game("dune")
    mixes = [("classic", {}), ("classic", {"advanced": True, "optional": True}), ("wbc", {}),
             ("gf9", {}), ("gf9", {"advanced": True})]
    asked = 0
    for ruleset, options in mixes:
        state = dune.setup(ruleset, options, list(factions.FACTIONS), random.Random(ruleset))
        for seats in (list(factions.FACTIONS), list(reversed(factions.FACTIONS))):
            for allied in ([], [seats[:2]], [seats[1:3], seats[3:5]]):
                for used in (False, True):
                    state["seats"], state["alliances"] = seats, allied
                    for seat in seats:
                        state["factions"][seat]["karama_power_used"] = used
                    for ability in Ability:
                        every = next((s for s in seats if factions.has(state, s, ability)), None)
                        assert factions.holder(state, ability) == every, (ruleset, ability)
                        asked += 1
    assert asked == 5 * 2 * 3 * 2 * len(Ability)
