"""The basic bot (``bot: basic``; games/dune/bots/basic_bot.py): its rules of thumb, and that every
order it writes is read by the parser and keeps the invariants over whole games."""

from __future__ import annotations

import random

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune.bots.basic_bot import basic_order
from pbem.games.dune.factions import tleilaxu_face_dancers as face_dancers
from pbem.games.dune.scenario import load_scenario
from pbem.selfplay import play_games


def position(phase, forces, factions=None, turn=2, options=None, **extra):
    scenario = {"game": "dune", "seats": ["atreides", "harkonnen", "fremen"], "seed": "basic",
                "options": options or {},
                "position": {"turn": turn, "phase": phase, "forces": forces,
                             "storm": {"sector": 1, "dialers": ["atreides", "harkonnen"]},
                             "factions": factions or {}, **extra}}
    return load_scenario(scenario).state


def order(state, seat, kind):
    (prompt,) = [p for p in dune.prompts(state) if p.seat == seat and p.kind == kind]
    text = dune.bot_order(dune.view(state, seat), prompt, random.Random(0), "basic")
    parsed = dune.parse(state, seat, text)
    assert not parsed.errors, (text, parsed.errors)
    return text


def test_it_bids_a_third_of_its_spice_on_each_card():
    """A third of its spice, at least 1, within what it holds (000 VIII.C)."""
    state = position("bidding", {"Arrakeen": {"atreides": 10}, "Carthag": {"harkonnen": 10}},
                     {"atreides": {"spice": 12}, "harkonnen": {"spice": 2},
                      "fremen": {"spice": 0}})
    assert order(state, "atreides", "bid") == "BID 4"
    assert order(state, "harkonnen", "bid") == "BID 1"


def test_it_ships_into_an_open_stronghold_and_moves_a_group_to_one_in_reach():
    """Up to five forces for at most half its spice, into a stronghold nobody else holds and
    it does not hold yet; the group outside the strongholds into one in reach (with
    ornithopters, 000 IX.C.2.a) that no other faction holds."""
    state = position("movement", {"Arrakeen": {"atreides": 10}, "Carthag": {"harkonnen": 10},
                                  "Imperial Basin SECTOR 9": {"atreides": 3},
                                  "Sietch Tabr": {"fremen": 10}},
                     {"atreides": {"spice": 10}})
    assert dune.prompts(state)[0].seat == "atreides"
    text = order(state, "atreides", "move")
    ship, move = text.splitlines()
    assert ship.startswith("SHIP 5 TO ")            # 5 forces for 5 of its 10 spice
    assert ship.split(" TO ")[1] in ("Habbanya Ridge Sietch", "Tuek's Sietch")
    assert move.startswith("MOVE 3 FROM Imperial Basin SECTOR 9 TO ")
    assert move.split(" TO ")[1] in ("Arrakeen", "Tuek's Sietch", "Habbanya Ridge Sietch")


def test_whole_games_of_basic_bots_keep_every_invariant_and_replay():
    for ruleset, options in (("wbc", {}), ("classic", {"movement": "batched"})):
        summary = play_games(dune, ruleset, {**options, "turns": 4}, 8, "basic",
                             style="basic")
        assert summary.games == 8 and summary.violations == []


# --- battles (issue 8: "fights with its best leader, calls traitors")
def battle(forces, factions, options=None):
    """A battle round with no traitors anywhere, unless given."""
    factions = {seat: {"traitors": [], "hand": [], **factions.get(seat, {})}
                for seat in ("atreides", "harkonnen", "fremen")}
    return position("battle", forces, factions, turn=3, options=options)


def test_it_fights_with_its_best_leader_a_weapon_a_defense_and_half_its_strength():
    """000 X.B: its strongest leader free to fight, a weapon and a defense it holds, a dial of
    half its forces; it calls traitors and keeps its cards (the defaults, X.D, X.C.6)."""
    state = battle({"Arrakeen": {"atreides": 6, "harkonnen": 4}},
                   {"atreides": {"hand": ["Crysknife", "Shield", "Baliset"]},
                    "harkonnen": {"leaders_in_tanks": ["Feyd-Rautha"]}})
    assert order(state, "atreides", "battle-plan").splitlines() == [
        "LEADER Lady Jessica", "DIAL 3", "WEAPON Crysknife", "DEFENSE Shield"]
    assert order(state, "harkonnen", "battle-plan").splitlines() == [
        "LEADER Beast Rabban", "DIAL 2"]        # TRAITOR CALL and KEEP ALL: the defaults


def test_it_plays_the_lasgun_only_without_another_weapon_and_never_with_its_shield():
    """Player aid A.5 (line 928): a lasgun and a shield in one battle explode, killing its own
    forces too; a worthless card fills a slot (A.7: "the only way they may be discarded")."""
    state = battle({"Arrakeen": {"atreides": 6, "harkonnen": 4}},
                   {"atreides": {"hand": ["Lasgun", "Shield", "Baliset"]},
                    "harkonnen": {"hand": ["La La La", "Chaumas", "Snooper"]}})
    atreides = order(state, "atreides", "battle-plan").splitlines()
    assert "WEAPON Lasgun" in atreides and "DEFENSE Baliset" in atreides
    harkonnen = order(state, "harkonnen", "battle-plan").splitlines()
    assert "WEAPON Chaumas" in harkonnen and "DEFENSE Snooper" in harkonnen


def test_it_backs_a_third_of_its_spice_and_dials_half_of_what_it_supports():
    """000 XXII.A: with 9 spice it backs 3 of its 10 forces; they support 6.5, and it dials
    4 (XXII.B: half steps)."""
    state = battle({"Arrakeen": {"atreides": 10, "harkonnen": 4}},
                   {"atreides": {"spice": 9}}, options={"advanced_combat": True})
    plan = order(state, "atreides", "battle-plan").splitlines()
    assert "SPICE 3" in plan and "DIAL 4" in plan


def test_the_harkonnen_never_play_a_captured_leader_against_his_owner_and_keep_one_if_short():
    """WBC X (line 1266): a captured leader against his owner "may always be called as a
    traitor", so the Harkonnen play their own; line 884: with fewer than three of their own
    leaders alive they keep a leader they capture, else kill him for 2 spice."""
    state = battle({"Arrakeen": {"atreides": 3, "harkonnen": 4}},
                   {"harkonnen": {"leaders_in_tanks": ["Feyd-Rautha", "Beast Rabban",
                                                      "Piter DeVries"]}},
                   options={"advantages": True})
    state["factions"]["harkonnen"]["captured"] = {"Lady Jessica": "atreides"}
    state["factions"]["atreides"]["leaders"]["Lady Jessica"] = "captured"
    plan = order(state, "harkonnen", "battle-plan").splitlines()
    assert plan[0] == "LEADER Captain Iakin Nefud" and "CAPTURE KEEP" in plan
    state["factions"]["harkonnen"]["leaders"]["Feyd-Rautha"] = "alive"
    plan = order(state, "harkonnen", "battle-plan").splitlines()
    assert plan[0] == "LEADER Feyd-Rautha" and "CAPTURE KEEP" not in plan     # CAPTURE KILL
    state = battle({"Arrakeen": {"fremen": 3, "harkonnen": 4}},
                   {"harkonnen": {"leaders_in_tanks": ["Feyd-Rautha"]}},
                   options={"advantages": True})
    state["factions"]["harkonnen"]["captured"] = {"Lady Jessica": "atreides"}
    state["factions"]["atreides"]["leaders"]["Lady Jessica"] = "captured"
    assert order(state, "harkonnen", "battle-plan").splitlines()[0] == "LEADER Lady Jessica"


def test_it_fights_its_stronghold_battles_first_then_where_it_is_strongest():
    """000 X.A.3: the aggressor orders his battles: strongholds first, then by its forces."""
    state = battle({"Arrakeen": {"atreides": 2, "harkonnen": 4},
                    "The Great Flat": {"atreides": 3, "fremen": 2},
                    "Sietch Tabr": {"atreides": 5, "fremen": 4},
                    "Carthag": {"atreides": 6, "harkonnen": 1}},
                   {})
    assert [p.key for p in dune.prompts(state)] == ["battle-order:atreides"]
    text = order(state, "atreides", "battle-order")
    assert text.splitlines() == ["BATTLE Carthag AGAINST Harkonnen",
                                 "BATTLE Sietch Tabr AGAINST Fremen",
                                 "BATTLE Arrakeen AGAINST Harkonnen",
                                 "BATTLE The Great Flat AGAINST Fremen"]


def test_001_2_08_06_the_basic_tleilaxu_reveal_every_face_dancer():
    """The basic bot's word on the Face Dancers is to reveal every one that wins for another
    faction (its default, 001 2.08.06), whatever it held before."""
    state = dune.setup("gf9", {"ixians_tleilaxu": True}, ["atreides", "harkonnen", "tleilaxu"],
                       step_rng("basic-reveal", 0))
    state["step"] = {"battle": {"aggressor": "atreides", "defender": "harkonnen"}}
    prompt, _ = face_dancers.decision(state, state["step"]["battle"])
    view = dune.view(state, "tleilaxu")
    assert basic_order(view, prompt, random.Random(1)) == "REVEAL ALL"


def test_001_2_10_12_both_bots_move_a_no_field_as_one_force():
    """001 2.10.12 MOVE AS ONE: with no group outside the strongholds, the basic Richese move
    their face-down No-Field from the Polar Sink into a stronghold in reach, a bluff; the
    random bot's move options hold the token's place, and it moves it now and then; each
    order is read by the parser (``order``)."""
    scenario = {"game": "dune", "ruleset": "gf9", "seats": ["atreides", "richese"],
                "seed": "no-field-move", "options": {"choam_richese": True},
                "position": {"turn": 2, "phase": "movement", "storm": {"sector": 1},
                             "forces": {"Arrakeen": {"atreides": 10},
                                        "Carthag": {"richese": 5}},
                             "factions": {"richese": {"spice": 0}},
                             "tokens": {"No-Field 3": {"owner": "richese", "at": "Polar Sink",
                                                       "face": "down"}}}}
    state = load_scenario(scenario).state
    while dune.prompts(state)[0].seat != "richese":       # the Atreides pass their turn
        state, _ = dune.apply(state, {p.key: p.default for p in dune.prompts(state)},
                              random.Random(0))
    assert order(state, "richese", "move").startswith("MOVE NOFIELD 3 FROM Polar Sink TO ")
    (prompt,) = [p for p in dune.prompts(state) if p.seat == "richese" and p.kind == "move"]
    moved = set()
    for seed in range(40):
        text = dune.bot_order(dune.view(state, "richese"), prompt, random.Random(seed))
        assert not dune.parse(state, "richese", text).errors, text
        moved |= {line for line in text.splitlines() if "NOFIELD" in line}
    assert any(line.startswith("MOVE NOFIELD 3 FROM Polar Sink TO ") for line in moved)


def test_001_4_10_12_richese_low_the_basic_bot_moves_no_no_field():
    """001 4.10.12 "Richese": on its Low side (9 Richese forces in reserve) "You may not move a
    No-Field token": the basic Richese, with no group to move, bluff with no No-Field then
    (self-play x1k-7-b-basic-basic had its MOVE NOFIELD refused); on its High side they do."""
    def richese_turn(in_carthag: int, spice: int = 0) -> dict:
        scenario = {"game": "dune", "ruleset": "gf9", "seats": ["atreides", "richese"],
                    "seed": "no-field-low", "options": {"choam_richese": True,
                                                        "homeworlds": True},
                    "position": {"turn": 2, "phase": "movement", "storm": {"sector": 1},
                                 "forces": {"Arrakeen": {"atreides": 10},
                                            "Carthag": {"richese": in_carthag}},
                                 "factions": {"richese": {"spice": spice}},
                                 "tokens": {"No-Field 3": {"owner": "richese",
                                                           "at": "Polar Sink", "face": "down"}}}}
        state = load_scenario(scenario).state
        while dune.prompts(state)[0].seat != "richese":
            state, _ = dune.apply(state, {p.key: p.default for p in dune.prompts(state)},
                                  random.Random(0))
        return state
    assert "NOFIELD" not in order(richese_turn(11), "richese", "move")
    assert order(richese_turn(5), "richese", "move").startswith("MOVE NOFIELD 3 FROM Polar Sink")
    # 10 in reserve, High; the turn ships forces from it, which may turn it Low before the move
    # (self-play x1k-7-b-basic-basic-31): no bluff then, and the parser takes the turn
    shipped = order(richese_turn(10, spice=20), "richese", "move")
    assert shipped.startswith("SHIP") and "NOFIELD 3 FROM" not in shipped
