"""Data per ruleset: the base (``data/classic/``) with a ruleset's overlay folders merged in by
name, checked as the base is, and looked up per game, cached per ruleset (issue 17, "Data per
ruleset"; the loader's module docstring).  The overlay here is a test-only one
(``tests/dune/overlay/``): no ruleset changes the classic data today."""

import dataclasses
from pathlib import Path

import pytest
import yaml
from dune_seats import SEAT_FACTIONS

from pbem.games import dune
from pbem.games.dune import combat
from pbem.games.dune.data import CLASSIC, Ability, DataError, Effect, FaultCode, load
from pbem.games.dune.rules import RULESETS, make_rules
from pbem.games.dune.state import data, ruleset_data

OVERLAY = Path(__file__).parent / "overlay"


def test_an_overlay_adds_replaces_and_removes_entries_by_name(data):
    merged = load(CLASSIC, OVERLAY)
    ids = [card.id for card in merged.treachery_deck]
    assert "Baliset" not in ids                                  # removed
    assert "Spice Beer" in ids                                   # added, at the end
    assert ids[-1] == "Spice Beer"
    kulon = [card for card in merged.treachery_deck if card.name == "Kulon"]
    assert len(kulon) == 2                                        # replaced: two copies now
    assert merged.leader("Duncan Idaho").strength == 3            # replaced
    assert merged.leader("Gurney Halleck") == data.leader("Gurney Halleck")
    assert merged.board == data.board and merged.factions == data.factions
    classic_order = [c.name for c in data.treachery_deck if c.name not in ("Baliset", "Kulon")]
    assert [c.name for c in merged.treachery_deck
            if c.name not in ("Spice Beer", "Kulon")] == classic_order


def test_an_overlay_is_loaded_once_per_list_of_folders():
    assert load(CLASSIC, OVERLAY) is load(CLASSIC, OVERLAY)
    assert load(CLASSIC) is load() is not load(CLASSIC, OVERLAY)


def write(folder: Path, name: str, content) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(yaml.safe_dump(content, sort_keys=False), encoding="utf-8")
    return folder


def test_a_fault_an_overlay_brings_is_reported_as_the_same_fault_in_the_base(data_copy,
                                                                             tmp_path):
    """The merged data goes through the base's checks: an Atreides sheet of 21 forces is the
    same fault whether the base says so or an overlay replaces the sheet."""
    atreides = next(f for f in yaml.safe_load((CLASSIC / "factions.yaml").read_text())
                    ["factions"] if f["name"] == "Atreides")
    overlay = write(tmp_path / "broken", "factions.yaml",
                    {"factions": [{**atreides, "reserve": 11}]})
    data_copy.edit("factions.yaml",
                   lambda content: data_copy.entry(content["factions"], "Atreides")
                   .update(reserve=11))
    with pytest.raises(DataError) as from_overlay:
        load(CLASSIC, overlay)
    with pytest.raises(DataError) as from_base:
        load(data_copy.path)
    assert from_overlay.value.faults == from_base.value.faults
    assert [f.code for f in from_overlay.value.faults] == [FaultCode.FORCE_COUNT]
    assert from_overlay.value.faults[0].file == "factions.yaml"


def test_an_overlay_removing_an_entry_the_base_lacks_is_a_fault(tmp_path):
    overlay = write(tmp_path / "mistaken", "leaders.yaml",
                    {"leaders": [{"name": "Duncan Idahoe", "remove": True}]})
    with pytest.raises(DataError) as error:
        load(CLASSIC, overlay)
    (fault,) = error.value.faults
    assert (fault.file, fault.where, fault.code) == ("mistaken/leaders.yaml", "leaders",
                                                     FaultCode.OVERLAY_NAME)


def test_an_overlay_amends_only_the_keys_it_gives(tmp_path, data):
    """``amend: true``: the entry keeps every key the overlay does not give (v3's house-rule
    layers give only what differs)."""
    overlay = write(tmp_path / "stronger", "leaders.yaml",
                    {"leaders": [{"name": "Duncan Idaho", "amend": True, "strength": 3}]})
    merged = load(CLASSIC, overlay)
    assert merged.leader("Duncan Idaho") == dataclasses.replace(data.leader("Duncan Idaho"),
                                                                strength=3)
    assert merged.leaders == tuple(dataclasses.replace(leader, strength=3)
                                   if leader.name == "Duncan Idaho" else leader
                                   for leader in data.leaders)


def test_an_overlay_amending_an_entry_the_base_lacks_is_a_fault(tmp_path):
    overlay = write(tmp_path / "mistaken", "leaders.yaml",
                    {"leaders": [{"name": "Duncan Idahoe", "amend": True, "strength": 3}]})
    with pytest.raises(DataError) as error:
        load(CLASSIC, overlay)
    (fault,) = error.value.faults
    assert (fault.file, fault.code) == ("mistaken/leaders.yaml", FaultCode.OVERLAY_NAME)


def test_an_overlay_file_that_is_not_yaml_is_a_fault_of_that_file(tmp_path):
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "spice.yaml").write_text("cards: [\n", encoding="utf-8")
    with pytest.raises(DataError) as error:
        load(CLASSIC, tmp_path / "bad")
    assert [(f.file, f.code) for f in error.value.faults] == [("bad/spice.yaml", FaultCode.FILE)]


@pytest.mark.parametrize("ruleset", ["classic", "wbc", "gf9"])
def test_each_ruleset_has_its_data_loaded_once_and_checked(ruleset):
    """A ruleset's data is its layers merged (``data_layers``), cached per ruleset; WBC has no
    overlay: none of its house rules (000 lines 1034-1063) changes a sheet, deck or board.
    GF9's overlay (``data/gf9/``) cites 001 3.01: the same cards as classic by id, name, type
    and place in a plan; the board and leaders are classic's, and so are the sheets' numbers
    (001 2.01-2.06 items 2-5): an overlay sheet changes only its abilities (``state.sheet``
    reads a game's own ruleset's sheets); the Emperor's alliance also pays for his ally's
    forces beyond its limit (001 2.03.08).  The expansion's layer (``data/ixians/``) adds the
    Ixians (001 2.07): their sheet and leaders after the Tleilaxu, and their Hidden Mobile
    Stronghold as a place of the board (001 2.07.18), the printed territories unchanged; the
    layer ``data/richese/`` adds Richese (001 2.10) after them, ``data/ecaz/`` Ecaz (001 2.11),
    ``data/moritani/`` the Moritani (001 2.12)."""
    assert ruleset_data(ruleset) is ruleset_data(ruleset)
    if RULESETS[ruleset].data_layers == ("classic",):
        assert ruleset_data(ruleset) is load()
        return
    ours, base = ruleset_data(ruleset), load()
    classic = {f.name for f in base.factions}
    assert (dataclasses.replace(ours.board, places=()), ours.spice_deck) == (
        base.board, base.spice_deck)
    assert [p.name for p in ours.board.places] == ["Hidden Mobile Stronghold"]
    assert tuple(x for x in ours.leaders if x.faction in classic) == base.leaders
    assert {x.faction for x in ours.leaders if x.faction not in classic} == {
        "Ixians", "Tleilaxu", "CHOAM", "Richese", "Ecaz", "Moritani", "Free Traders"}
    assert [f.name for f in ours.factions if f.name not in classic] == [
        "Tleilaxu", "Ixians", "CHOAM", "Richese", "Ecaz", "Moritani", "Free Traders"]
    flags = {"abilities": frozenset(), "optional_abilities": frozenset(), "alliance": frozenset(),
             "karama_power": None}
    assert [dataclasses.replace(f, **flags) for f in ours.factions if f.name in classic] == [
        dataclasses.replace(f, **flags) for f in base.factions]
    emperor = ours.faction("Emperor")
    assert emperor.alliance == base.faction("Emperor").alliance | {Ability.ALLY_EXTRA_REVIVAL}
    assert [(c.id, c.name, c.type, c.slots) for c in ours.treachery_in_play(())] == [
        (c.id, c.name, c.type, c.slots) for c in base.treachery_deck]


def test_001_3_01_07_the_gf9_deck_has_the_ellaca_drug_stopped_by_a_shield():
    """001 3.01.07: the Ellaca Drug, a poison, is stopped by a projectile defense; 3.01.02: a
    worthless card does not say "Discard after use" (player aid A.7 of 000 discards it)."""
    gf9, classic = ruleset_data("gf9"), load()
    assert combat.kills(classic, "Ellaca Drug", "Shield")
    assert not combat.kills(classic, "Ellaca Drug", "Snooper")
    assert not combat.kills(gf9, "Ellaca Drug", "Shield")
    assert combat.kills(gf9, "Ellaca Drug", "Snooper")
    assert combat.kills(gf9, "Chaumas", "Shield") and not combat.kills(gf9, "Chaumas", "Snooper")
    assert Effect.DISCARD_AFTER_PLAY in classic.card_named("Kulon").effects
    assert Effect.DISCARD_AFTER_PLAY not in gf9.card_named("Kulon").effects
    assert Effect.DISCARD_AFTER_PLAY in gf9.card_named("Cheap Hero").effects


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_looks_its_data_up_by_its_ruleset(ruleset):
    """``data(state)`` (a state, or a view: anything with ``rules``) is its ruleset's data,
    whatever the options."""
    for options in ({}, {"turns": 3}):
        state = {"rules": make_rules(ruleset, options).to_json()}
        assert data(state) is data({"rules": dict(state["rules"])}) is ruleset_data(ruleset)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_seat_names_are_data(ruleset):
    """factions.yaml gives each faction its seat name (game files, SEAT lines, state keys):
    the seats a game of each ruleset may have are its data's, the six of 000 (lines 745-889)
    in the published rulesets, 2 to 6 of them (000 line 115); an expansion's factions (001 2.07,
    the Ixians; 2.08, the Tleilaxu; 2.10, Richese) only in a game with its option."""
    seating = dune.seating(ruleset, {})
    base = tuple(f.seat for f in data(ruleset).factions if f.expansion is None)
    assert seating.names == base == tuple(f.seat for f in load().factions)
    assert {f.seat: f.name for f in data(ruleset).factions if f.expansion is None} == SEAT_FACTIONS
    assert list(seating.names) == ["atreides", "bene-gesserit", "emperor", "fremen", "guild",
                                   "harkonnen"]
    assert (seating.fewest, seating.most) == (2, 6)
    if ruleset == "gf9":
        expanded = dune.seating(ruleset, {"ixians_tleilaxu": True})
        assert expanded.names == (*base, "tleilaxu", "ixians")
        both = dune.seating(ruleset, {"ixians_tleilaxu": True, "choam_richese": True})
        assert both.names == (*base, "tleilaxu", "ixians", "choam", "richese")
        every = dune.seating(ruleset, {"ixians_tleilaxu": True, "choam_richese": True,
                                       "ecaz_moritani": True})
        assert every.names == (*both.names, "ecaz", "moritani")
        traders = dune.seating(ruleset, {"free_traders": True})     # 001 2.13
        assert traders.names == (*base, "free-traders")
        assert (*every.names, "free-traders") == data(ruleset).seats
