"""The classic board against the seed: 000_7222511ea66831c6.txt (II.A, VI, IX, XI, XIX, the
Player Aid Pad and the ASCII map, lines 1433-1497), plus the facts board.yaml takes from
treachery.online where the seed's map is unclear."""

import pytest

from pbem.games.dune.data import StormShelter, TerritoryType

STRONGHOLDS = {"Arrakeen", "Carthag", "Sietch Tabr", "Habbanya Ridge Sietch", "Tuek's Sietch"}


def test_eighteen_sectors_six_player_dots_and_the_storm_start(data):
    """000 II.A.2-3 (lines 169-171): 18 sectors, six player dots; the map (lines 1438-1484)
    numbers the sectors 1-18 and marks the dots (2), (5), (8), (11), (14), (17).  The storm
    start sector (VI.A, line 257) is not printed on the seed's map: sector 1, from
    treachery.online, between the dots of 17 and 2."""
    board = data.board
    assert board.sectors == 18
    assert board.player_dots == (2, 5, 8, 11, 14, 17)
    assert board.storm_start_sector == 1
    covered = {sector for territory in board.territories for sector in territory.sectors}
    assert covered == set(range(1, 19))


def test_the_storm_moves_counterclockwise_to_higher_sectors(data):
    """000 VI.A-B (lines 257-259): the storm moves counterclockwise; the map numbers sectors
    counterclockwise, so the storm goes 18 -> 1 -> 2."""
    board = data.board
    assert board.sector_after(16, 3) == 1
    assert board.sector_after(1, 0) == 1
    assert board.sector_after(board.storm_start_sector, 20) == 3


def test_territory_types(data):
    """000 II.A.1 (lines 163-167) and the map key (lines 1488-1497): five strongholds, one
    Polar Sink; the rock territories are those the key marks (Imperial Basin aside, see VI.C)
    plus Pasty Mesa and Plastic Basin (treachery.online)."""
    by_type = {kind: set() for kind in TerritoryType}
    for territory in data.board.territories:
        by_type[territory.type].add(territory.name)
    assert len(data.board.territories) == 42
    assert by_type[TerritoryType.STRONGHOLD] == STRONGHOLDS
    assert {t.name for t in data.board.strongholds} == STRONGHOLDS
    assert by_type[TerritoryType.POLAR_SINK] == {"Polar Sink"}
    assert by_type[TerritoryType.ROCK] == {
        "False Wall East",
        "False Wall South",
        "False Wall West",
        "Rim Wall West",
        "Shield Wall",
        "Pasty Mesa",
        "Plastic Basin",
    }
    assert len(by_type[TerritoryType.SAND]) == 29
    assert "Imperial Basin" in by_type[TerritoryType.SAND]


def test_storm_shelter(data):
    """000 VI.C (line 261): the storm kills forces in sand, except in the Imperial Basin;
    Player Aid B.5 (line 944): the Shield Wall protects the Imperial Basin, Arrakeen and
    Carthag until Family Atomics; IX.C.2.e (line 347): the Polar Sink is never in storm."""
    board = data.board
    shield_wall = {t.name for t in board.territories if t.storm_shelter is StormShelter.SHIELD_WALL}
    assert shield_wall == {"Imperial Basin", "Arrakeen", "Carthag"}
    for territory in board.territories:
        exposed = territory.storm_shelter is StormShelter.EXPOSED
        assert exposed == (territory.is_sand and territory.name != "Imperial Basin")
    assert board["Polar Sink"].sectors == ()
    assert board["Polar Sink"].storm_shelter is StormShelter.SHELTERED


def test_arrakeen_carthag_and_tueks_sietch(data):
    """000 IX.C.2.a (lines 337-339): ornithopters from Arrakeen or Carthag; XI.A (line 427):
    three spice per force there; XIX (lines 543-546): increased spice flow of 2 in Arrakeen
    and Carthag, 1 in Tuek's Sietch."""
    board = data.board
    assert {t.name for t in board.territories if t.ornithopters} == {"Arrakeen", "Carthag"}
    assert {t.name: t.collection_rate for t in board.territories if t.collection_rate} == {
        "Arrakeen": 3,
        "Carthag": 3,
    }
    assert {t.name: t.spice_flow for t in board.territories if t.spice_flow} == {
        "Arrakeen": 2,
        "Carthag": 2,
        "Tuek's Sietch": 1,
    }


# The "!" of the seed's map (lines 1438-1484), read against its sector numbers, and the
# amounts of the Spice Deck (lines 54-68).
SPICE_DOTS = {
    "Cielago South": (2, 12),  # line 1481, left of the sector border at "(2)"
    "Cielago North": (3, 8),  # line 1475
    "South Mesa": (5, 10),  # line 1482, by "(5)"
    "Red Chasm": (7, 8),  # line 1465, row "7"
    "The Minor Erg": (8, 8),  # line 1459, row "(8)"
    "Sihaya Ridge": (9, 6),  # line 1454, row "9"
    "Old Gap": (10, 6),  # line 1440, under "10"
    "Broken Land": (12, 8),  # line 1440, under "12"
    "Hagga Basin": (13, 6),  # line 1447, under "13"
    "Rock Outcroppings": (14, 6),  # line 1440, under "(14)"
    "Funeral Plain": (15, 6),  # line 1452, row "15"
    "The Great Flat": (15, 10),  # line 1454, row "15"
    "Habbanya Erg": (16, 8),  # line 1459, row "16"
    "Wind Pass North": (17, 6),  # line 1464, row "(17)"
    "Habbanya Ridge Flat": (18, 10),  # line 1471, row "18"
}


def test_spice_blow_sites_are_the_spice_dots_of_the_map(data):
    """000 ASCII map (lines 1438-1487, "! = spice dot") and Spice Deck (lines 54-68): fifteen
    spice blow sites, each in the sector of its dot, with its card's amount."""
    sites = {
        t.name: (t.spice_blow.sector, t.spice_blow.amount)
        for t in data.board.territories
        if t.spice_blow is not None
    }
    assert sites == SPICE_DOTS
    for name, (sector, _) in SPICE_DOTS.items():
        assert sector in data.board[name].sectors
        assert data.board[name].is_sand


def test_borders_are_symmetric(data):
    """Adjacency goes both ways (DESIGN.md, Data): every border a territory lists, its
    neighbour lists with the sectors swapped."""
    board = data.board
    for territory in board.territories:
        for border in territory.borders:
            back = board.borders(border.territory, territory.name)
            assert (border.their_sector, border.sector) in {
                (b.sector, b.their_sector) for b in back
            }
            assert territory in board.neighbours(border.territory)


def test_the_board_is_connected(data):
    """000 IX.C.2 (lines 333-349): every territory can be reached by moving; the Polar Sink
    "connects to most territories by short routes" (XXVII, line 609)."""
    board = data.board
    names = {t.name for t in board.territories}
    for territory in board.territories:
        assert board.within(territory.name, len(names)) == names
    assert board.within("Polar Sink", 4) == names


# Pairs that touch on the seed's map (lines 1438-1484), or that its rules say touch.
NEIGHBOURS = [
    ("Tuek's Sietch", "Pasty Mesa"),  # IX.C.2.a.1 example, line 337
    ("Pasty Mesa", "Shield Wall"),  # same example
    ("Shield Wall", "Imperial Basin"),  # same example
    ("Rock Outcroppings", "Broken Land"),  # line 1440
    ("Broken Land", "Old Gap"),  # line 1440
    ("Rock Outcroppings", "Plastic Basin"),  # lines 1440-1442
    ("Sietch Tabr", "Plastic Basin"),  # lines 1442-1444
    ("Sietch Tabr", "Bight of the Cliff"),  # lines 1443-1446
    ("Tsimpo", "Carthag"),  # line 1444
    ("Carthag", "Arsunt"),  # lines 1445-1448
    ("Hagga Basin", "Arsunt"),  # lines 1447-1448
    ("Funeral Plain", "The Great Flat"),  # lines 1452-1454
    ("The Great Flat", "The Greater Flat"),  # lines 1454-1456
    ("The Greater Flat", "Habbanya Erg"),  # lines 1456-1459
    ("Rim Wall West", "Basin"),  # lines 1450-1452
    ("Hole in the Rock", "Sihaya Ridge"),  # line 1454
    ("Shield Wall", "Gara Kulon"),  # line 1456
    ("False Wall East", "The Minor Erg"),  # lines 1463-1465
    ("Pasty Mesa", "Red Chasm"),  # line 1465
    ("Habbanya Ridge Sietch", "Habbanya Ridge Flat"),  # lines 1466-1469
    ("Wind Pass North", "Polar Sink"),  # lines 1469-1471
    ("Cielago North", "Polar Sink"),  # lines 1473-1475
    ("Cielago West", "Cielago North"),  # line 1475
    ("Cielago North", "Cielago Depression"),  # line 1477
    ("Cielago Depression", "Cielago South"),  # line 1479
    ("Meridian", "Cielago South"),  # line 1481
    ("Cielago South", "Cielago East"),  # line 1481
    ("Tuek's Sietch", "South Mesa"),  # lines 1480-1482
]

NOT_NEIGHBOURS = [
    ("Arrakeen", "Carthag"),  # lines 1443-1446: the Imperial Basin lies between
    ("Polar Sink", "Arrakeen"),  # line 1449: Arsunt and the Imperial Basin lie between
    ("Sietch Tabr", "Tuek's Sietch"),  # opposite edges of the map
    ("Cielago Depression", "Polar Sink"),  # line 1477: Cielago North lies between
]


@pytest.mark.parametrize(("one", "other"), NEIGHBOURS)
def test_neighbours_seen_on_the_seed_map(data, one, other):
    """Territories that share a border on the seed's ASCII map (000, lines 1438-1484)."""
    assert other in data.board[one].neighbours
    assert one in data.board[other].neighbours


@pytest.mark.parametrize(("one", "other"), NOT_NEIGHBOURS)
def test_territories_apart_on_the_seed_map(data, one, other):
    """Territories the seed's ASCII map (000, lines 1438-1484) keeps apart."""
    assert other not in data.board[one].neighbours
    assert data.board.borders(one, other) == ()


def test_ornithopter_example_reaches_the_imperial_basin_in_three_moves(data):
    """000 IX.C.2.a.1 (line 337): from Tuek's Sietch through Pasty Mesa and Shield Wall to the
    Imperial Basin, "where they must stop": three territories away, not fewer."""
    board = data.board
    assert "Imperial Basin" in board.within("Tuek's Sietch", 3)
    assert "Imperial Basin" not in board.within("Tuek's Sietch", 2)


def test_family_atomics_can_be_played_from_the_shield_wall_neighbours(data):
    """000 Player Aid B.5 (line 944): Family Atomics needs forces on the Shield Wall or a
    territory adjacent to it; the map shows its neighbours around line 1456."""
    assert set(data.board["Shield Wall"].neighbours) == {
        "False Wall East",
        "Gara Kulon",
        "Hole in the Rock",
        "Imperial Basin",
        "Pasty Mesa",
        "Sihaya Ridge",
        "The Minor Erg",
    }


def test_borders_give_the_sectors_that_touch(data):
    """000 IX.C.2.c (line 343): a group may cross a territory partly in storm only outside
    the storm's sectors, so borders carry their sectors (treachery.online): the Shield Wall
    touches the Imperial Basin only in sector 9; Arrakeen (10) touches Rim Wall West (9)."""
    board = data.board
    assert [(b.sector, b.their_sector) for b in board.borders("Shield Wall", "Imperial Basin")] == [
        (9, 9)
    ]
    assert [(b.sector, b.their_sector) for b in board.borders("Arrakeen", "Rim Wall West")] == [
        (10, 9)
    ]
    assert {b.their_sector for b in board.borders("Polar Sink", "Wind Pass")} == {14, 15, 16}
    assert {b.sector for b in board.borders("Polar Sink", "Wind Pass")} == {None}


def test_sectors_of_territories_that_cross_the_storm_start(data):
    """000 ASCII map, lines 1474-1482: Cielago West and Meridian lie by sector 1 at the
    bottom left; Cielago West also reaches sector 18 on the left edge."""
    board = data.board
    assert board["Cielago West"].sectors == (18, 1)
    assert board["Meridian"].sectors == (1, 2)
    in_sector_1 = {t.name for t in board.in_sector(1)}
    assert in_sector_1 == {"Cielago West", "Meridian", "Cielago North", "Cielago Depression"}
