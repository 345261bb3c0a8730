"""The leader skills of rules version 7 (001 4.07.15.02-.12, 4.07.12) where the scenario files
(``gf9_4_07_*.yaml``) cannot reach: the once-a-phase limits and the rulings on allies, the lines
refused, the draw at a revival seen by its faction alone and given back, the older deck of a
game of rules version 6, and by mail, the Mentat's question changing no other seat's mail."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml
from dune_mail import BotTable

from pbem.game import load_game, step_rng
from pbem.games.dune import tokens, turn
from pbem.games.dune.bots import basic_bot
from pbem.games.dune.invariants import violations
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.variants import leader_skills, skill_powers
from pbem.templating import render

GAME = load_game("dune")
OPTION = {"leader_skills": True}
SEATS = ["atreides", "harkonnen", "fremen"]

SCENARIOS = Path(__file__).parent / "scenarios"


def _position(phase: str, held: dict[str, tuple[str, str]], **more) -> dict:
    """A scenario's state: ``held``: skill -> (faction, leader), face up in front."""
    return load_scenario({
        "game": "dune", "seats": SEATS, "ruleset": "gf9", "seed": "lsm", "options": OPTION,
        "position": {"turn": 3, "phase": phase, "storm": {"sector": 1}, **more,
                     "tokens": {skill: {"owner": seat, "face": "up", "leader": leader}
                                for skill, (seat, leader) in held.items()}}}).state


def test_001_4_07_15_02_the_bureaucrat_once_a_phase_and_never_on_an_ally():
    """4.07.15.02: "Once per Phase", "another player", "to any player other than you", "at
    least 5"; ruling: never on a payment by or to its holder's ally."""
    state = _position("movement", {"Bureaucrat": ("harkonnen", "Umman Kudu")})
    for seat in SEATS:
        state["factions"][seat]["spice"] = 20
    assert skill_powers.paid(state, "atreides", "fremen", 4) == []           # under 5
    assert skill_powers.paid(state, "atreides", None, 9) == []               # the bank
    assert skill_powers.paid(state, "atreides", "harkonnen", 9) == []        # to the holder
    assert skill_powers.paid(state, "harkonnen", "fremen", 9) == []          # by the holder
    state["alliances"] = [["harkonnen", "fremen"]]
    assert skill_powers.paid(state, "atreides", "fremen", 9) == []           # to its ally
    state["alliances"] = []
    assert [e.code for e in skill_powers.paid(state, "atreides", "fremen", 5)] == [
        "skill-diverted"]
    assert state["factions"]["fremen"]["spice"] == 18
    assert skill_powers.paid(state, "fremen", "atreides", 9) == []           # once a phase
    state["phase"] = "battle"
    assert [e.code for e in skill_powers.paid(state, "fremen", "atreides", 9)] == [
        "skill-diverted"]


def test_001_4_07_15_12_the_spice_banker_once_a_phase_not_on_its_own_payment():
    """4.07.15.12: "Once per PHASE, when another player makes a payment to the Spice Bank of
    at least 4 spice": the spice in front of the holder's shield."""
    state = _position("movement", {"Spice Banker": ("harkonnen", "Umman Kudu")})
    assert skill_powers.paid(state, "harkonnen", None, 9) == []
    assert skill_powers.paid(state, "atreides", None, 3) == []
    assert skill_powers.paid(state, "atreides", "fremen", 9) == []           # no bank
    assert [e.code for e in skill_powers.paid(state, "atreides", None, 4)] == ["skill-banked"]
    assert state["bribes"]["harkonnen"] == 1
    assert skill_powers.paid(state, "fremen", None, 9) == []
    state["factions"]["harkonnen"]["leaders"]["Umman Kudu"] = "captured"   # 4.07.13
    state["phase"] = "battle"
    assert skill_powers.paid(state, "fremen", None, 9) == []


def test_001_4_07_15_lines_of_a_skill_not_held_are_refused_with_the_line_quoted():
    """MENTAT, BANKER and RETREAT are for a faction holding that skill (4.07.15.06, .12,
    .03); a Mentat asks for a weapon."""
    state = _position("movement", {"Mentat": ("atreides", "Duncan Idaho")})
    state["step"]["queue"] = ["harkonnen", "atreides", "fremen"]
    parsed = GAME.parse(state, "harkonnen", "PASS\nMENTAT Lasgun")
    assert [e.line for e in parsed.errors] == ["MENTAT Lasgun"]
    assert "Mentat skill" in parsed.errors[0].message
    state["step"]["queue"] = ["atreides", "harkonnen", "fremen"]
    parsed = GAME.parse(state, "atreides", "PASS\nMENTAT Shield")
    assert [e.line for e in parsed.errors] == ["MENTAT Shield"]
    assert "no weapon" in parsed.errors[0].message
    assert not GAME.parse(state, "atreides", "PASS\nMENTAT crysknife").errors
    battle = _position("battle", {"Spice Banker": ("atreides", "Duncan Idaho")},
                       forces={"The Great Flat": {"atreides": 5, "harkonnen": 5}},
                       factions={"atreides": {"spice": 2}})
    parsed = GAME.parse(battle, "harkonnen", "LEADER Umman Kudu\nDIAL 1\nBANKER 2")
    assert [e.line for e in parsed.errors] == ["BANKER 2"]
    parsed = GAME.parse(battle, "atreides", "LEADER Duncan Idaho\nDIAL 1\nBANKER 3")
    assert parsed.errors and "BANKER" in str(parsed.errors[0])               # 2 spice held
    parsed = GAME.parse(battle, "atreides", "LEADER Thufir Hawat\nDIAL 1\nBANKER 1")
    assert parsed.errors                                                     # not his leader
    assert not GAME.parse(battle, "atreides", "LEADER Duncan Idaho\nDIAL 1\nBANKER 2").errors
    parsed = GAME.parse(battle, "atreides", "LEADER Duncan Idaho\nDIAL 1\nRETREAT Funeral Plain")
    assert [e.line for e in parsed.errors] == ["RETREAT Funeral Plain"]


def test_001_4_07_15_07_a_move_joining_two_groups_goes_no_further():
    """4.07.15.07: one territory more "OR" two groups in one movement: a joining move has the
    faction's own reach; a second MOVE is refused without the skill, or to another place."""
    state = _position("movement", {"Planetologist": ("harkonnen", "Umman Kudu")},
                      forces={"The Great Flat": {"harkonnen": 3},
                              "Plastic Basin SECTOR 13": {"harkonnen": 2},
                              "Arrakeen": {"atreides": 10}})
    state["step"]["queue"] = ["harkonnen", "atreides"]
    far = GAME.parse(state, "harkonnen", "MOVE 3 FROM The Great Flat TO Bight of the Cliff "
                     "SECTOR 14\nMOVE 2 FROM Plastic Basin TO Bight of the Cliff SECTOR 14")
    assert far.errors and "Bight of the Cliff" in str(far.errors[0])
    elsewhere = GAME.parse(state, "harkonnen", "MOVE 3 FROM The Great Flat TO Funeral Plain\n"
                           "MOVE 2 FROM Plastic Basin TO Wind Pass SECTOR 14")
    assert elsewhere.errors and "same one" in str(elsewhere.errors[0])
    record = next(r for r in leader_skills.records(state) if r["value"] == "planetologist")
    tokens.place(record, None, tokens.ASIDE)
    alone = GAME.parse(state, "harkonnen", "MOVE 3 FROM The Great Flat TO Funeral Plain\n"
                       "MOVE 2 FROM Plastic Basin TO Funeral Plain")
    assert alone.errors and "one MOVE per plan" in str(alone.errors[0])


def _revival(options: dict | None = None, version: str | None = None) -> dict:
    spec = {"game": "dune", "seats": SEATS, "ruleset": "gf9", "seed": "lsm-rev",
            "options": {**OPTION, **(options or {})},
            "position": {"turn": 5, "phase": "revival", "storm": {"sector": 5},
                         "factions": {"atreides": {"spice": 10, "leaders_in_tanks": [
                             "Lady Jessica", "Thufir Hawat", "Gurney Halleck", "Duncan Idaho",
                             "Yueh"]}}}}
    if version is not None:
        spec["rules_version"] = int(version)
    return load_scenario(spec).state


def test_001_4_07_12_the_cards_drawn_are_seen_by_the_reviver_alone():
    """4.07.12 by mail: the two cards drawn lie behind the Atreides' shield face down: their
    view and prompt name them, no other seat's view does; the draw itself is public."""
    state = _revival()
    drawn = [leader_skills.skill_name(state, r["value"])
             for r in leader_skills.dealt(state, "atreides")]
    assert len(drawn) == 2
    prompt = next(p for p in turn.open_prompts(state) if p.kind == leader_skills.DRAW)
    assert prompt.seat == "atreides" and prompt.secret
    assert all(name in str(prompt.legal) for name in drawn)
    for seat in [*SEATS, None]:
        shown = " ".join(render("dune", "view.txt.j2", view=GAME.view(state, seat),
                                seat=seat).split())
        assert all((name in shown) == (seat == "atreides") for name in drawn), seat


def test_001_4_07_12_a_faction_reviving_no_leader_gives_both_back():
    """4.07.12: only "whenever you revive any leader": revived none, both cards go back into
    the deck, face down, nobody's."""
    state = _revival()
    orders = GAME.bot_decisions(state, random.Random(1))
    orders["revival:atreides"] = GAME.parse(state, "atreides", "PASS").orders[0].value
    state, events = GAME.apply(state, orders, step_rng("lsm-rev", 1))
    assert "skill-kept" not in {e.code for e in events}
    assert leader_skills.skilled(state, "atreides") is None
    assert not [r for r in leader_skills.records(state) if r["owner"] == "atreides"]
    assert all(not set(r) & set(leader_skills.STANDING) for r in leader_skills.records(state))
    assert violations(state) == []


def test_001_4_07_a_game_of_rules_version_6_keeps_its_deck_and_draws_nothing():
    """A stored game dealt under rules version 6 replays as it was dealt: its deck is the seven
    skills then built, and a revival draws nothing (``rules.GF9Version6``)."""
    state = _revival(version="6")
    assert len(leader_skills.records(state)) == 7
    assert not leader_skills.dealt(state, "atreides")
    assert not [p for p in turn.open_prompts(state) if p.kind == leader_skills.DRAW]


MAIL_SEATS = ["atreides", "harkonnen", "fremen", "emperor"]


def _mentat_to_atreides(table: BotTable) -> None:
    """After the set-up, the GM gives the Atreides the Mentat with Duncan Idaho (their card
    kept goes back to the deck): the same command in both runs."""
    records = table.record().state["tokens"]
    for record in records:
        if record["kind"] != leader_skills.KIND:
            continue
        if record["value"] == "mentat":
            record.update({"owner": "atreides", "at": "front", "face": "up",
                           "leader": "Duncan Idaho"})
        elif record["owner"] in ("atreides", None) or record["value"] == "mentat":
            record.update({"owner": None, "at": "aside", "face": "down"})
            record.pop("leader", None)
    table.gm(f"ADJUST /tokens = {json.dumps(records)} -- the Mentat under test")


@pytest.mark.whole_game
def test_001_4_07_15_06_the_mentats_question_changes_no_other_seats_mail(
        tmp_path, monkeypatch):
    """The differential test (4.07.15.06: the question is its holder's, the card shown the two
    combatants'): the same game by mail twice, the Atreides' Mentat asking for another weapon
    in each; every other seat's mail is the same but for the lines telling an opponent of the
    Atreides what it showed them, the Atreides' own mail differs."""
    runs = []
    for name, weapon in (("one", "Lasgun"), ("other", "Crysknife")):
        monkeypatch.setattr(basic_bot, "_feared", lambda view, w=weapon: w)
        table = BotTable(tmp_path / name, "mq", "mentat-by-mail", MAIL_SEATS,
                         {**OPTION, "turns": 3})
        table.play(_mentat_to_atreides)
        store = table.site.moderator().store
        events = [e for row in store.decisions("mq") for e in json.loads(row["events"] or "[]")]
        shown = [e["data"] for e in events if e["code"] == "skill-shown"]
        runs.append(({seat: table.mails(seat) for seat in MAIL_SEATS}, shown))
    (one, shown_one), (other, shown_other) = runs
    assert shown_one and {d["asked"] for d in shown_one} == {"Lasgun"}
    assert {d["asked"] for d in shown_other} == {"Crysknife"}
    for seat in MAIL_SEATS[1:]:         # an opponent's mail differs by the card it showed alone
        assert _unshown(one[seat]) == _unshown(other[seat]), seat
    fought = {d["opponent"] for d in shown_one}
    assert all(_unshown(one[seat]) != one[seat] for seat in fought)
    assert one["atreides"] != other["atreides"]


def _unshown(mails: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The mails without the lines telling the card a Mentat was shown (``skill-shown``, its
    wrapped lines indented)."""
    found = []
    for subject, body in mails:
        kept, skipping = [], False
        for line in body.splitlines():
            skipping = "Mentat asked" in line or (skipping and line.startswith("  "))
            if not skipping:
                kept.append(line)
        found.append((subject, "\n".join(kept)))
    return found


def test_001_4_07_15_03_the_diplomat_retreats_whole_forces_after_a_half_dial():
    """4.07.15.03: "your undialed Forces up to the strength of this leader": a dial with a half
    (advanced combat's half-strength forces) counts its forces rounded up, and what retreats
    is a whole number of forces (self-play found 1.0 of a force moved)."""
    path = SCENARIOS / "gf9_4_07_15_03_diplomat_retreats_undialed_forces_on_losing.yaml"
    state = load_scenario(yaml.safe_load(path.read_text())).state
    plan = {"leader": "Gurney Halleck", "dial": 1.5, "spice": 0}
    count = skill_powers.retreating(state, "atreides", plan, {"force": 5})
    assert count == 3 and type(count) is int


def test_001_4_07_15_09_4_09_02_the_decipherer_weighs_the_cheap_hero_traitor_as_0():
    """001 4.07.15.09 with the Cheap Hero traitor (4.09.02, "treat it the same as a normal
    traitor", the Cheap Hero's strength 0): the Atreides hold it as their one traitor, win with
    their Rihani Decipherer, draw two and keep the stronger in its place, the Cheap Hero card
    shuffled back; a self-played twelve-seat game with every variant crashed here, looking the
    card up as a leader."""
    from pbem.games.dune.scenario import run_scenario

    name = "gf9_4_07_15_09_rihani_decipherer_looks_at_and_draws_traitors_on_winning.yaml"
    scenario = yaml.safe_load((SCENARIOS / name).read_text())
    scenario["options"] = {**scenario["options"], "cheap_hero_traitor": True}
    scenario["position"]["factions"]["atreides"]["traitors"] = ["Cheap Hero"]
    scenario["expect"] = {"events": [
        {"code": "battle-result", "data": {"winner": "atreides"}},
        {"code": "skill-traitor", "data": {"faction": "atreides", "returned": "Cheap Hero"}}]}
    result = run_scenario(scenario)
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]
    state = result["state"]
    assert "Cheap Hero" in state["decks"]["traitors"] and violations(state) == []
