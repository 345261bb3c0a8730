"""The loader checks the data when it loads it and reports every fault at once (DESIGN.md,
Data: "checked at load time (every adjacency symmetric, every card counted)"), against the
counts of 000_7222511ea66831c6.txt: 33 treachery and 21 spice cards (II.D, lines 186-190),
5 leaders and 20 forces per faction (II.B.1, lines 177-180)."""

import pytest

from pbem.games.dune.data import CLASSIC, DataError, FaultCode, load


def test_the_classic_data_is_loaded_once(data):
    """load() reads and checks the files once, then hands out the same value."""
    assert load() is data
    assert load(CLASSIC) is load(CLASSIC)


def test_a_faithful_copy_loads_equal(data_copy, data):
    """The directory argument loads another copy; an unchanged copy gives equal data."""
    copy = load(data_copy.path)
    assert copy is not data
    assert copy == data


def break_everything(copy):
    """One fault (or more) in every file of the copy; returns the faults expected."""

    def board(content):
        territories = content["territories"]
        old_gap = copy.entry(territories, "Old Gap")
        old_gap["borders"] = [b for b in old_gap["borders"] if b["territory"] != "Arrakeen"]
        copy.entry(territories, "Basin")["sectors"] = [19]
        copy.entry(territories, "Red Chasm")["spice_blow"]["sector"] = 3
        copy.entry(territories, "Gara Kulon")["borders"].append(
            {"territory": "Atlantis", "sector": 8, "their_sector": 8}
        )
        copy.entry(territories, "Meridian")["abbreviations"].append("ARR")
        copy.entry(territories, "Tsimpo")["colour"] = "red"
        copy.entry(territories, "Cielago West")["sectors"] = [18, 2]
        content["storm_start_sector"] = 0

    def treachery(content):
        content["cards"] = [card for card in content["cards"] if card["name"] != "Baliset"]

    def spice(content):
        copy.entry(content["cards"], "South Mesa", key="territory")["amount"] = 9

    def leaders(content):
        copy.entry(content["leaders"], "Jamis")["faction"] = "Sardaukar"

    def factions(content):
        sheets = content["factions"]
        copy.entry(sheets, "Atreides")["reserve"] = 11
        copy.entry(sheets, "Spacing Guild")["start"][0]["territories"] = ["Tueks Sietch"]
        copy.entry(content["force_kinds"], "sardaukar")["strength_against"] = {"Fremn": 1}
        copy.entry(content["force_kinds"], "fedaykin")["strength"] = 1.25
        copy.entry(sheets, "Harkonnen")["kinds"] = {"force": 19, "cyborg": 1}
        copy.entry(sheets, "Bene Gesserit")["abilities"].append("mind_control")

    copy.edit("board.yaml", board)
    copy.edit("treachery.yaml", treachery)
    copy.edit("spice.yaml", spice)
    copy.edit("leaders.yaml", leaders)
    copy.edit_text("leaders.yaml", "per_faction: 5\n", "per_faction: 5\nper_faction: 5\n")
    copy.edit("factions.yaml", factions)
    return {
        ("board.yaml", FaultCode.BORDER_NOT_SYMMETRIC, "Arrakeen, border with Old Gap"),
        ("board.yaml", FaultCode.SECTOR_RANGE, "Basin, sectors"),
        ("board.yaml", FaultCode.SECTOR_RANGE, "storm_start_sector"),
        ("board.yaml", FaultCode.SPICE_SITE, "Red Chasm"),
        ("board.yaml", FaultCode.UNKNOWN_TERRITORY, "Gara Kulon, border with Atlantis"),
        ("board.yaml", FaultCode.DUPLICATE_NAME, "territories"),
        ("board.yaml", FaultCode.UNKNOWN_KEY, "Tsimpo"),
        ("board.yaml", FaultCode.SECTORS_NOT_CONTIGUOUS, "Cielago West"),
        ("treachery.yaml", FaultCode.CARD_COUNT, "types.worthless"),
        ("treachery.yaml", FaultCode.CARD_COUNT, "cards"),
        ("spice.yaml", FaultCode.SPICE_CARD, "South Mesa"),
        ("leaders.yaml", FaultCode.DUPLICATE_KEY, "line 2"),
        ("leaders.yaml", FaultCode.UNKNOWN_FACTION, "Jamis"),
        ("leaders.yaml", FaultCode.LEADER_COUNT, "Fremen"),
        ("factions.yaml", FaultCode.FORCE_COUNT, "Atreides"),
        ("factions.yaml", FaultCode.UNKNOWN_TERRITORY, "Spacing Guild, start[0]"),
        ("factions.yaml", FaultCode.UNKNOWN_FACTION, "sardaukar"),
        ("factions.yaml", FaultCode.BAD_VALUE, "fedaykin"),
        ("factions.yaml", FaultCode.UNKNOWN_KIND, "Harkonnen, kinds"),
        ("factions.yaml", FaultCode.BAD_VALUE, "Bene Gesserit"),
    }


def test_a_broken_copy_reports_every_fault_at_once(data_copy):
    """Faults in all five files come back together in one DataError, each with its file,
    its place and its code, and the error's text lists every one."""
    expected = break_everything(data_copy)
    with pytest.raises(DataError) as raised:
        load(data_copy.path)
    error = raised.value
    found = {(fault.file, fault.code, fault.where) for fault in error.faults}
    for file, code, where in expected:
        assert any(f == file and c == code and where in w for f, c, w in found), (
            file,
            code,
            where,
        )
    for fault in error.faults:
        assert str(fault) in str(error)
    assert f"{len(error.faults)} fault(s)" in str(error)


def test_ii_b_1_c_a_faction_has_one_plain_kind_and_a_mark_for_each_other(data_copy):
    """A faction's kinds of force (``kinds``): one without a mark, its plain forces, not
    optional (000 XV: the starred tokens are plain without the advantages); each other kind
    a mark of its own, for orders name a kind by its mark ("2*"); 20 in all (000 II.B.1.c).
    The plain kind is the first whatever the order the sheet lists them in."""
    def factions(content):
        sheets = content["factions"]
        data_copy.entry(sheets, "Emperor")["kinds"] = {"sardaukar": 5, "fedaykin": 15}
        data_copy.entry(sheets, "Fremen")["kinds"] = {"fedaykin": 20}
        data_copy.entry(sheets, "Atreides")["kinds"] = {"force": 21}

    data_copy.edit("factions.yaml", factions)
    with pytest.raises(DataError) as raised:
        load(data_copy.path)
    found = {(fault.where, fault.code) for fault in raised.value.faults}
    assert found == {("Emperor, kinds", FaultCode.BAD_VALUE),
                     ("Fremen, kinds", FaultCode.BAD_VALUE),
                     ("Atreides, kinds", FaultCode.FORCE_COUNT)}


def test_a_sheet_lists_its_kinds_in_any_order(data_copy, data):
    def factions(content):
        data_copy.entry(content["factions"], "Fremen")["kinds"] = {"fedaykin": 3, "force": 17}

    data_copy.edit("factions.yaml", factions)
    assert load(data_copy.path).faction("Fremen").kinds == data.faction("Fremen").kinds == (
        ("force", 17), ("fedaykin", 3))


def test_asymmetric_border_names_both_territories(data_copy):
    """Adjacency must be symmetric: a border listed on one side only is reported with the
    sectors that touch."""

    def board(content):
        old_gap = data_copy.entry(content["territories"], "Old Gap")
        old_gap["borders"] = [b for b in old_gap["borders"] if b["territory"] != "Arrakeen"]

    data_copy.edit("board.yaml", board)
    with pytest.raises(DataError) as raised:
        load(data_copy.path)
    [fault] = raised.value.faults
    assert fault.code is FaultCode.BORDER_NOT_SYMMETRIC
    assert "Arrakeen (sector 10) touches Old Gap (sector 10)" in fault.message


def test_a_territory_cut_off_from_the_rest(data_copy):
    """The board must be connected: Sietch Tabr without borders cannot be reached."""

    def board(content):
        for territory in content["territories"]:
            territory["borders"] = [
                b
                for b in territory["borders"]
                if "Sietch Tabr" not in (territory["name"], b["territory"])
            ]

    data_copy.edit("board.yaml", board)
    with pytest.raises(DataError) as raised:
        load(data_copy.path)
    [fault] = raised.value.faults
    assert fault.code is FaultCode.NOT_CONNECTED
    assert "Sietch Tabr" in fault.message


def test_missing_and_unreadable_files(data_copy):
    """A missing file, a file that is not YAML and an empty file are all reported; the others
    are still checked (and here are sound)."""
    (data_copy.path / "spice.yaml").unlink()
    (data_copy.path / "treachery.yaml").write_text("cards: [unclosed\n", encoding="utf-8")
    (data_copy.path / "leaders.yaml").write_text("# nothing\n", encoding="utf-8")
    with pytest.raises(DataError) as raised:
        load(data_copy.path)
    found = {(fault.file, fault.code) for fault in raised.value.faults}
    assert found == {
        ("spice.yaml", FaultCode.FILE),
        ("treachery.yaml", FaultCode.FILE),
        ("leaders.yaml", FaultCode.FILE),
    }


def test_missing_keys_and_values_of_the_wrong_kind(data_copy):
    """Every key is explicit and typed: a missing key, text for a number and true for a
    number are each reported."""

    def board(content):
        del data_copy.entry(content["territories"], "Arsunt")["type"]
        data_copy.entry(content["territories"], "Tsimpo")["sectors"] = "eleven"

    def leaders(content):
        data_copy.entry(content["leaders"], "Chani")["strength"] = "six"

    def factions(content):
        data_copy.entry(content["factions"], "Fremen")["movement"] = True

    data_copy.edit("board.yaml", board)
    data_copy.edit("leaders.yaml", leaders)
    data_copy.edit("factions.yaml", factions)
    with pytest.raises(DataError) as raised:
        load(data_copy.path)
    found = {(fault.file, fault.code, fault.where) for fault in raised.value.faults}
    assert ("board.yaml", FaultCode.MISSING_KEY, "Arsunt") in found
    assert ("board.yaml", FaultCode.BAD_VALUE, "Tsimpo") in found
    assert ("leaders.yaml", FaultCode.BAD_VALUE, "Chani") in found
    assert ("factions.yaml", FaultCode.BAD_VALUE, "Fremen") in found
