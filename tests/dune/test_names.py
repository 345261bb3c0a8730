"""Territory, faction and leader names as players write them (DESIGN.md, "Orders by mail"):
full names, the abbreviations of the seed's ASCII map (000_7222511ea66831c6.txt, key lines
1486-1497), synonyms from the data, unambiguous prefixes, any case and punctuation."""

import pytest

from pbem.games.dune.data import AmbiguousName, NameLookupError, UnknownName, normalise

# The key of the seed's map (lines 1488-1497) and the map's own labels (lines 1438-1484).
MAP_ABBREVIATIONS = {
    "ARR": "Arrakeen",
    "ARS": "Arsunt",
    "BAS": "Basin",
    "BL": "Broken Land",
    "BOTC": "Bight of the Cliff",
    "CAR": "Carthag",
    "CD": "Cielago Depression",
    "CE": "Cielago East",
    "CN": "Cielago North",
    "CS": "Cielago South",
    "CW": "Cielago West",  # map only, line 1476
    "FP": "Funeral Plain",
    "FWE": "False Wall East",
    "FWS": "False Wall South",
    "FWW": "False Wall West",
    "GK": "Gara Kulon",
    "HB": "Hagga Basin",
    "HE": "Habbanya Erg",
    "HITR": "Hole in the Rock",
    "HR": "Hole in the Rock",  # map only, line 1454
    "HP": "Harg Pass",  # map only, line 1475
    "HRF": "Habbanya Ridge Flat",
    "HRS": "Habbanya Ridge Sietch",
    "IB": "Imperial Basin",
    "MER": "Meridian",
    "OG": "Old Gap",
    "PB": "Plastic Basin",
    "PM": "Pasty Mesa",
    "PS": "Polar Sink",
    "RC": "Red Chasm",
    "RO": "Rock Outcroppings",
    "RWW": "Rim Wall West",
    "SM": "South Mesa",
    "SR": "Sihaya Ridge",
    "ST": "Sietch Tabr",
    "SW": "Shield Wall",
    "TGERF": "The Greater Flat",
    "THERF": "The Greater Flat",  # the map's spelling, line 1456
    "TGF": "The Great Flat",
    "TME": "The Minor Erg",
    "TSI": "Tsimpo",
    "TS": "Tuek's Sietch",
    "WP": "Wind Pass",
    "WPN": "Wind Pass North",
}


def test_every_territory_by_its_full_name(data):
    """Each territory is found by its own name, exactly."""
    for territory in data.board.territories:
        assert data.board.territory(territory.name) is territory


@pytest.mark.parametrize(("abbreviation", "name"), MAP_ABBREVIATIONS.items())
def test_abbreviations_of_the_seed_map(data, abbreviation, name):
    """000 ASCII map key (lines 1486-1497) and labels: every abbreviation names its territory,
    in any case."""
    assert data.board.territory(abbreviation).name == name
    assert data.board.territory(abbreviation.lower()).name == name
    assert abbreviation in data.board[name].abbreviations


def test_every_territory_has_an_abbreviation_from_the_map(data):
    """000 ASCII map (lines 1438-1497): all 42 territories are labelled."""
    labelled = set(MAP_ABBREVIATIONS.values())
    assert labelled == {territory.name for territory in data.board.territories}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("tueks sietch", "Tuek's Sietch"),  # apostrophe dropped
        ("TUEK\u2019S SIETCH", "Tuek's Sietch"),  # the seed's own apostrophe, line 846
        ("  polar   sink. ", "Polar Sink"),  # extra spaces and punctuation
        ("hole-in-the-rock", "Hole in the Rock"),
        ("holeintherock", "Hole in the Rock"),
        ("Hagg", "Hagga Basin"),  # prefix
        ("hab r f", "Habbanya Ridge Flat"),  # prefix word by word
        ("wind pass", "Wind Pass"),  # an exact name beats being a prefix of Wind Pass North
        ("great flat", "The Great Flat"),  # synonym in board.yaml
        ("seitch tabr", "Sietch Tabr"),  # the key's spelling, line 1495
        ("Shaya", "Sihaya Ridge"),  # prefix of the key's spelling, line 1495
        ("blight of the cliff", "Bight of the Cliff"),  # the key's spelling, line 1488
        ("habbanya sietch", "Habbanya Ridge Sietch"),  # 001_877c6631520a1bc9.txt line 398
    ],
)
def test_names_written_loosely(data, text, name):
    """Names in any case, with or without punctuation, by prefix or by a synonym of the data."""
    assert data.board.territory(text).name == name


@pytest.mark.parametrize(
    ("text", "candidates"),
    [
        (
            "cielago",
            (
                "Cielago Depression",
                "Cielago East",
                "Cielago North",
                "Cielago South",
                "Cielago West",
            ),
        ),
        ("the great", ("The Great Flat", "The Greater Flat")),
        ("hab", ("Habbanya Erg", "Habbanya Ridge Flat", "Habbanya Ridge Sietch")),
        ("false wall", ("False Wall East", "False Wall South", "False Wall West")),
    ],
)
def test_an_ambiguous_name_lists_its_candidates(data, text, candidates):
    """A prefix of several names is an error carrying the text and every candidate."""
    with pytest.raises(AmbiguousName) as raised:
        data.board.territory(text)
    assert raised.value.text == text
    assert raised.value.candidates == candidates
    assert raised.value.kind == "territory"
    for candidate in candidates:
        assert candidate in str(raised.value)


def test_an_unknown_name_lists_close_names(data):
    """A misspelt name is an error that suggests the names close to it."""
    with pytest.raises(UnknownName) as raised:
        data.board.territory("Carthage")
    assert raised.value.text == "Carthage"
    assert raised.value.candidates[0] == "Carthag"
    assert "Carthag" in str(raised.value)


def test_an_unknown_name_far_from_all_lists_every_territory(data):
    """With nothing close, the error lists every territory: what would have been legal."""
    for text in ("Caladan", "", "!!!"):
        with pytest.raises(NameLookupError) as raised:
            data.board.territory(text)
        assert isinstance(raised.value, UnknownName)
        assert len(raised.value.candidates) == 42


def test_factions_by_name_synonym_and_prefix(data):
    """000 names the Spacing Guild "Guild" (line 843) and the WBC clarifications the Bene
    Gesserit "BG" (line 1248)."""
    assert data.faction("Guild").name == "Spacing Guild"
    assert data.faction("spacing").name == "Spacing Guild"
    assert data.faction("bg").name == "Bene Gesserit"
    assert data.faction("HARK").name == "Harkonnen"
    with pytest.raises(UnknownName):
        data.faction("Ixians")


def test_leaders_by_name_synonym_and_prefix(data):
    """000 Leaders (lines 74-103): leaders by full name, prefix or a synonym of the data;
    "Captain" names two of them."""
    assert data.leader("Dr. Wellington Yueh").name == "Dr. Wellington Yueh"
    assert data.leader("dr wellington yueh").strength == 1
    assert data.leader("yueh").faction == "Atreides"
    assert data.leader("feyd").name == "Feyd-Rautha"
    assert data.leader("Piter de Vries").name == "Piter DeVries"
    with pytest.raises(AmbiguousName) as raised:
        data.leader("captain")
    assert raised.value.candidates == ("Captain Aramsham", "Captain Iakin Nefud")


def test_normalise():
    """Case, apostrophes, punctuation and spacing do not matter."""
    assert normalise("  Tuek’s   SIETCH!") == "tueks sietch"
    assert normalise("Slip-Tip") == "slip tip"
    assert normalise("Dr. Wellington Yueh") == "dr wellington yueh"


def test_a_thing_looked_up_by_its_own_name_is_found_as_by_its_normalised_spelling(data):
    """The rules look things up by their own names (issue 20: one dict read); every leader,
    faction and territory so found is the one its name finds written loosely."""
    for leader in data.leaders:
        assert data.leader(leader.name) is data.leader(leader.name.upper() + " ")
    for faction in data.factions:
        assert data.faction(faction.name) is data.faction(faction.name.lower())
    for territory in data.board.territories:
        assert data.board.territory(territory.name) is data.board.territory(territory.name.lower())

