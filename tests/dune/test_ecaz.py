"""Ecaz (001 2.11) in GF9 games: seated only with the Ecaz & Moritani expansion, their set-up,
their Ambassadors on the token layer (drawn into the supply face up, placed face down, their
values theirs alone), and the seam of tokens that trigger on entry with their owner's standing
answers (``token_triggers``); the scenario files (``tests/dune/scenarios/gf9_2_11_*``) play the
rules move by move."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pbem.game import load_game, step_rng
from pbem.games import dune
from pbem.games.dune import token_triggers, tokens
from pbem.games.dune.board.board_map import board_svg
from pbem.games.dune.factions import ecaz
from pbem.games.dune.factions import ecaz_ambassadors as ambassadors
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders.language import KINDS, OrderProblem
from pbem.games.dune.scenario import run_scenario
from pbem.games.dune.view import public_view, seat_view

GAME = load_game("dune")
SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "ecaz"]


def new(options: dict | None = None) -> dict:
    return GAME.setup("gf9", {"ecaz_moritani": True, **(options or {})}, SEATS,
                      step_rng("ecaz", 0))


def set_up(state: dict) -> dict:
    """The set-up played by the bots to its end."""
    import random

    rng = random.Random(1)
    step = 0
    while state["phase"] == "setup":
        orders = {}
        for prompt in dune.prompts(state):
            text = dune.bot_order(dune.view(state, prompt.seat), prompt, rng)
            (order,) = [o for o in dune.parse(state, prompt.seat, text).orders
                        if o.prompt == prompt.key]
            orders[prompt.key] = order.value
        step += 1
        state, _ = dune.apply(state, orders, step_rng("ecaz", step))
    return state


def test_001_2_11_01_ecaz_are_a_seat_only_with_the_expansion():
    """001 2.11, setup 11: a GF9 game seats Ecaz only with ``ecaz_moritani``; without it the
    game has no Ambassadors (no token layer at all)."""
    assert "ecaz" not in dune.seating("gf9", {}).names
    assert "ecaz" in dune.seating("gf9", {"ecaz_moritani": True}).names
    plain = GAME.setup("gf9", {}, SEATS[:5], step_rng("ecaz", 0))
    assert "tokens" not in plain


def test_001_2_11_02_03_twelve_spice_six_forces_in_the_imperial_basin_fourteen_in_reserve():
    """001 2.11.02: 12 spice; 2.11.03: 6 forces in the Imperial Basin (its centre sector, 10)
    and 14 in reserve."""
    state = new()
    own = state["factions"]["ecaz"]
    assert own["spice"] == 12 and own["reserve"] == {"force": 14}
    assert state["forces"]["Imperial Basin"] == {"10": {"ecaz": {"force": 6}}}
    assert sorted(own["leaders"]) == ["Bindikk Narvi", "Ilesa Ecaz", "Rivvy Dinari",
                                      "Sanya Ecaz", "Whitmore Bludd"]
    assert violations(state) == []


def test_001_2_11_04_the_supply_is_their_own_ambassador_and_five_at_random_face_up():
    """001 2.11.04: the Ecaz Ambassador and five random ones face up in front of the shield;
    the other five wait aside.  Eleven Ambassadors in all, whoever is seated."""
    state = set_up(new())
    supply = ambassadors.supply(state, "ecaz")
    assert len(supply) == 6 and "ecaz" in supply
    ambassadors_ = [t for t in tokens.of(state) if t["kind"] == "ambassador"]
    assert len(ambassadors_) == 11
    assert {(t["at"], t["face"]) for t in ambassadors_ if t["value"] in supply} == {("front", "up")}
    assert all(t["at"] == "aside" and t["owner"] is None for t in ambassadors_
               if t["value"] not in supply)
    assert violations(state) == []


def on_board(state: dict, value: str, territory: str = "Arrakeen", sector: int = 10) -> dict:
    token = tokens.find(state, "ambassador", value)
    tokens.place(token, "ecaz", tokens.BOARD, territory, sector)
    tokens.turn(token, tokens.DOWN)
    return state


def test_001_2_11_06_a_placed_ambassador_is_ecaz_s_alone_to_see():
    """001 2.11.06 (ruling: placed face down): the Emperor Ambassador in Arrakeen and the
    Atreides in Carthag, or the other way round: every other seat's view and the public map are
    the same (the others know which two left the supply, not which went where); Ecaz's names
    them."""
    emperor = on_board(on_board(new(), "emperor"), "atreides", "Carthag", 11)
    atreides = on_board(on_board(new(), "atreides"), "emperor", "Carthag", 11)
    assert public_view(emperor) == public_view(atreides)
    for seat in SEATS[:5]:
        assert seat_view(emperor, seat) == seat_view(atreides, seat)
    own = [t for t in seat_view(emperor, "ecaz")["own"]["tokens"] if t["at"] == "board"]
    assert [(t["name"], t["territory"]) for t in own] == [("Emperor Ambassador", "Arrakeen"),
                                                          ("Atreides Ambassador", "Carthag")]
    svg = board_svg(public_view(emperor))
    assert "Emperor Ambassador" not in svg and board_svg(public_view(atreides)) == svg


def test_001_2_11_08_standing_answers_the_most_particular_rules():
    """001 2.11.08 "you may trigger": the owner's standing answers, a token's over every
    token's, a faction's over every faction's; with none given every token triggers."""
    state = new()
    assert token_triggers.wanted(state, "ecaz", "emperor", "harkonnen")
    kind = ambassadors.kind_of(state)
    read = [token_triggers.read(state, kind, "ecaz", line.split()) for line in (
        "ALL EXCEPT Harkonnen", "Emperor ONLY Harkonnen, Fremen", "Atreides NONE")]
    token_triggers.answered(state, "ecaz", read)
    assert not token_triggers.wanted(state, "ecaz", "tleilaxu", "harkonnen")
    assert token_triggers.wanted(state, "ecaz", "tleilaxu", "fremen")
    assert token_triggers.wanted(state, "ecaz", "emperor", "harkonnen")
    assert not token_triggers.wanted(state, "ecaz", "emperor", "atreides")
    assert not token_triggers.wanted(state, "ecaz", "atreides", "fremen")
    assert [token_triggers.text(state, kind, answer) for answer in read] == [
        "TRIGGER ALL EXCEPT Harkonnen", "TRIGGER Emperor ONLY Fremen, Harkonnen",
        "TRIGGER Atreides NONE"]
    token_triggers.answered(state, "ecaz", [token_triggers.read(state, kind, "ecaz", ["NONE"])])
    assert state["factions"]["ecaz"]["triggers"] == {"*": {"*": False}}, "ALL replaces all"


@pytest.mark.parametrize("line", ["Moritani ALL", "ALL MAYBE", "ALL EXCEPT"])
def test_001_2_11_08_a_bad_trigger_line_is_refused(line):
    state = new()
    with pytest.raises(OrderProblem):
        token_triggers.read(state, ambassadors.kind_of(state), "ecaz", line.split())


def test_001_2_11_06_the_decision_is_optional_and_read_line_by_line():
    """001 2.11.06-08 by mail: one optional decision of the revival round, never waited for;
    its lines read back as written."""
    state = set_up(new())
    state["phase"], state["step"] = "revival", {"done": False}
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "ambassadors"]
    assert prompt.optional and prompt.seat == "ecaz"
    held = ambassadors.kind_of(state).token(
        sorted(v for v in ambassadors.supply(state, "ecaz") if v != "ecaz")[0]).name
    short = held.removesuffix(" Ambassador")
    parsed = dune.parse(state, "ecaz", f"AMBASSADOR {short} IN Carthag\n"
                                       "TRIGGER ALL EXCEPT Harkonnen")
    assert not parsed.errors
    (order,) = parsed.orders
    assert order.value == {"place": [[ambassadors.kind_of(state).token(
        sorted(v for v in ambassadors.supply(state, "ecaz") if v != "ecaz")[0]).value,
        "Carthag"]], "trigger": [["*", {"*": True, "harkonnen": False}]]}
    refused = dune.parse(state, "ecaz", "AMBASSADOR Emperor IN The Great Flat")
    assert refused.errors


# --- the Ambassadors whose effect takes Ecaz's choice (2.11.17.03-10), and 2.11.09-10
SCENARIOS = Path(__file__).parent / "scenarios"


def played(name: str) -> dict:
    """A scenario file of ``tests/dune/scenarios`` played, its expectations all met."""
    result = run_scenario(yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8")))
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]
    return result["state"]


def test_001_2_11_17_03_the_bene_gesserit_ambassador_takes_an_effect_not_in_the_supply():
    """2.11.17.03: by default the Emperor's (not among the five drawn), or the one Ecaz named
    ahead (``AS CHOAM``); either way the Bene Gesserit Ambassador is out of the game."""
    for name in ("gf9_2_11_17_03_the_bene_gesserit_ambassador_takes_the_emperor_s_effect",
                 "gf9_2_11_17_03_the_bene_gesserit_ambassador_takes_the_effect_named_ahead"):
        state = played(name)
        assert state["factions"]["ecaz"]["removed"] == ["bene-gesserit"]
        assert violations(state) == []


def test_001_2_11_17_03_it_never_takes_an_effect_of_the_supply():
    """2.11.17.03 "not part of your supply": with the Emperor's among the five drawn the
    default passes it by for the next of ``COPY_ORDER`` that does something (Tleilaxu's:
    forces in the tanks)."""
    state = on_board(new(), "bene-gesserit")
    own = state["factions"]["ecaz"]
    own["drawn"], own["tanks"] = ["bene-gesserit", "emperor", "atreides", "fremen", "guild"], {
        "force": 3}
    spice = own["spice"]
    token = tokens.find(state, "ambassador", "bene-gesserit")
    state["step"] = {}
    events = ambassadors.entered(state, "ecaz", token, "harkonnen", False)
    assert [e.data["token"] for e in events if e.code == "ambassador-copied"] == [
        "Tleilaxu Ambassador"]
    assert own["spice"] == spice and not own["tanks"].get("force")


def test_001_2_11_17_05_the_fremen_ambassador_moves_a_group_subject_to_occupancy():
    for name in ("gf9_2_11_17_05_the_fremen_ambassador_moves_ecaz_s_largest_group_in",
                 "gf9_2_11_17_05_the_fremen_ambassador_moves_the_group_named_ahead",
                 "gf9_2_11_17_05_the_fremen_ambassador_keeps_the_occupancy_limit"):
        assert violations(played(name)) == []


def test_001_2_11_17_07_the_spacing_guild_ambassador_sends_four_of_the_reserve_free():
    for name in ("gf9_2_11_17_07_the_spacing_guild_ambassador_sends_four_free",
                 "gf9_2_11_17_07_the_spacing_guild_ambassador_sends_where_named_ahead"):
        assert violations(played(name)) == []


def test_001_2_11_17_08_the_ixian_ambassador_discards_then_draws():
    state = played("gf9_2_11_17_08_the_ixian_ambassador_swaps_a_worthless_card")
    assert state["decks"]["treachery_discard"][-1] == "Baliset"
    state = played("gf9_2_11_17_08_the_ixian_ambassador_with_nothing_to_discard_stays_face_down")
    assert state["factions"]["ecaz"]["triggered"] == []


def test_001_2_11_17_10_the_choam_ambassador_pays_3_spice_a_card():
    state = played("gf9_2_11_17_10_the_choam_ambassador_buys_the_cards_named_ahead")
    assert state["decks"]["treachery_discard"][-2:] == ["Lasgun", "Kulon"]


def test_001_2_11_09_all_five_triggered_five_more_drawn_never_the_bene_gesserit():
    state = played("gf9_2_11_09_all_five_triggered_a_new_supply_is_drawn")
    supply = ambassadors.supply(state, "ecaz")
    assert len(supply) == 6 and "ecaz" in supply and "bene-gesserit" not in supply
    assert state["factions"]["ecaz"]["triggered"] == []
    assert sorted(state["factions"]["ecaz"]["drawn"]) == sorted(v for v in supply if v != "ecaz")
    assert violations(state) == []


def test_001_2_11_10_the_storm_or_an_explosion_sends_an_ambassador_back_to_the_supply():
    for name, back in (
            ("gf9_2_11_10_an_ambassador_caught_by_the_storm_goes_back_to_the_supply", "emperor"),
            ("gf9_2_11_10_an_ambassador_caught_in_an_explosion_goes_back_to_the_supply",
             "richese")):
        state = played(name)
        assert back in ambassadors.supply(state, "ecaz")
        assert violations(state) == []


@pytest.mark.parametrize("line, value", [
    ("Fremen ALL TO Arrakeen FROM Old Gap",
     ["fremen", {"*": True}, {"to": "Arrakeen", "from": "Old Gap"}]),
    ("Spacing Guild EXCEPT Harkonnen TO Carthag", ["guild", {"*": True, "harkonnen": False},
                                                   {"to": "Carthag"}]),
    ("Bene Gesserit ALL AS Emperor", ["bene-gesserit", {"*": True}, {"as": "emperor"}]),
    ("CHOAM ONLY Atreides DISCARD Trip to Gamont Kulon",
     ["choam", {"*": False, "atreides": True}, {"discard": ["Trip to Gamont", "Kulon"]}]),
    ("Ixian ALL DISCARD ALL", ["ixians", {"*": True}, {"discard": ["*"]}]),
    ("Emperor ALL FOR ALLY", ["emperor", {"*": True}, {"ally": True}]),
    ("Fremen NONE TO Arrakeen FOR ALLY", ["fremen", {"*": False},
                                          {"to": "Arrakeen", "ally": True}]),
    ("Ecaz ALL ALLIANCE", ["ecaz", {"*": True}, {"alliance": True}]),
])
def test_001_2_11_17_a_standing_answer_carries_the_effect_s_choices(line, value):
    """2.11.17 by mail: the choices an effect needs, after the answer, read and written back
    the same, kept beside the answers and replaced with them."""
    state = set_up(new())
    state["phase"], state["step"] = "revival", {"done": False}
    parsed = dune.parse(state, "ecaz", f"TRIGGER {line}")
    assert not parsed.errors, parsed.errors
    (order,) = parsed.orders
    assert order.value["trigger"] == [value]
    assert ecaz.text(state, order.value) == f"TRIGGER {line}".replace("Trip to Gamont Kulon",
                                                                      "Trip to Gamont, Kulon")
    token_triggers.answered(state, "ecaz", order.value["trigger"])
    assert token_triggers.parameters(state, "ecaz", value[0]) == value[2]
    token_triggers.answered(state, "ecaz", [[value[0], {"*": True}]])
    assert token_triggers.parameters(state, "ecaz", value[0]) == {}


@pytest.mark.parametrize("line", ["ALL TO Arrakeen", "Emperor ALL TO Arrakeen",
                                  "Bene Gesserit ALL AS Ecaz", "CHOAM ALL DISCARD Nothing Here",
                                  "Fremen ALL TO Nowhere", "Ecaz ALL ALLIANCE NOW",
                                  "Emperor ALL ALLIANCE"])
def test_001_2_11_17_a_bad_choice_is_refused(line):
    state = set_up(new())
    state["phase"], state["step"] = "revival", {"done": False}
    assert dune.parse(state, "ecaz", f"TRIGGER {line}").errors


def test_001_2_11_26_loyalty_sets_a_traitor_card_of_theirs_aside_face_up():
    """2.11.26 LOYALTY (advanced): before the traitors, one of Ecaz's leaders at random is set
    aside face up, seen by all, and nobody draws him; not in the basic game."""
    for seed in range(4):
        state = GAME.setup("gf9", {"ecaz_moritani": True, "advanced": True}, SEATS,
                           step_rng("ecaz-loyal", seed))
        loyal = state["factions"]["ecaz"]["loyal"]
        assert loyal in state["factions"]["ecaz"]["leaders"]
        assert all(loyal not in state["factions"][s]["traitor_draw"] for s in SEATS)
        assert loyal not in state["decks"]["traitors"]
        for seat in SEATS:
            assert seat_view(state, seat)["factions"]["ecaz"]["loyal"] == loyal
        assert public_view(state)["factions"]["ecaz"]["loyal"] == loyal
    assert "loyal" not in new()["factions"]["ecaz"]


def test_001_1_14_12_the_ecaz_karama_adds_the_leader_discs_difference_without_cards():
    """1.14.12 (A): KARAMA DIAL in the plan adds the difference of the leader discs to Ecaz's
    dial when they play neither weapon nor defense; beside a weapon the card is not played and
    the power is kept."""
    state = played("gf9_1_14_12_the_ecaz_karama_adds_the_leader_discs_difference")
    assert any(card.startswith("Karama") for card in state["decks"]["treachery_discard"])
    state = played("gf9_1_14_12_no_ecaz_karama_beside_a_weapon")
    assert not state["factions"]["ecaz"].get("karama_power_used")


def test_001_2_11_25_the_ally_takes_a_triggered_ambassador_s_effect():
    """2.11.25: ``FOR ALLY`` in the standing answer gives the effect to their ally."""
    state = played("gf9_2_11_25_the_ally_takes_a_triggered_ambassador_s_effect")
    assert state["factions"]["ecaz"]["triggered"] == ["emperor"]


def test_001_2_11_17_12_duke_vidal_is_no_faction_s_leader():
    """2.11.17.12: Duke Vidal is in no faction's five (no traitor card, no leader disc at
    set-up); aside until a power moves him, in nobody's view until then; one of a faction's
    Active Leaders he is among the leaders its plan may name, and the view shows where he is."""
    from pbem.games.dune.factions import duke_vidal
    from pbem.games.dune.orders.battle_plan import side_of_state
    from pbem.templating import render

    state = set_up(new())
    assert duke_vidal.KEY not in state and duke_vidal.at(state) == duke_vidal.ASIDE
    assert all(duke_vidal.NAME not in state["factions"][s]["leaders"]
               and duke_vidal.NAME not in state["factions"][s]["traitor_draw"] for s in SEATS)
    assert duke_vidal.KEY not in public_view(state)
    played_state = played("gf9_2_11_17_12_duke_vidal_fights_for_ecaz_then_is_set_aside")
    assert public_view(played_state)[duke_vidal.KEY] == {"at": "aside", "until": None}
    state = played("gf9_2_11_17_12_the_ecaz_ambassador_makes_duke_vidal_ecaz_s_leader")
    for seat in state["seats"]:
        assert seat_view(state, seat)[duke_vidal.KEY] == {"at": "ecaz", "until": "battle"}
        table = render("dune", "view.txt.j2", view=dune.view(state, seat), seat=seat)
        assert ("Duke Vidal: an Active Leader of the Ecaz, until he fights a battle"
                in table)
    assert violations(state) == []
    state["forces"] = {"Carthag": {"9": {"ecaz": {"force": 2}, "harkonnen": {"force": 2}}}}
    state["phase"] = "battle"
    state["step"] = {"battle": {"territory": "Carthag", "sectors": [9], "aggressor": "ecaz",
                                "defender": "harkonnen"}, "fought": {}, "kh_used": False}
    assert duke_vidal.NAME in side_of_state(state, "ecaz").leaders
    assert duke_vidal.NAME not in side_of_state(state, "harkonnen").leaders
    state[duke_vidal.KEY] = {"at": "ecaz", "until": None}
    assert violations(state)


def test_001_2_11_23_duke_vidal_is_revived_by_mail_for_5():
    """2.11.23 by mail: Ecaz's revival prompt prices Duke Vidal at 5 while he is in the tanks;
    ``REVIVE LEADER Vidal`` is read and echoed with his name; another faction naming him is
    refused; a bot reviving a leader may choose him."""
    import random

    from pbem.games.dune.factions import duke_vidal
    from pbem.games.dune.orders.language import KINDS

    state = set_up(new())
    state["phase"], state["step"] = "revival", {"done": False}
    state["factions"]["ecaz"]["spice"] = 10
    assert "revival:ecaz" not in [p.key for p in dune.prompts(state)]     # nothing to revive
    state[duke_vidal.KEY] = {"at": duke_vidal.TANKS, "until": None}
    (prompt,) = [p for p in dune.prompts(state) if p.key == "revival:ecaz"]
    assert "Duke Vidal 5" in prompt.legal
    parsed = dune.parse(state, "ecaz", "REVIVE LEADER Vidal")
    assert not parsed.errors
    (order,) = [o for o in parsed.orders if o.prompt == prompt.key]
    assert order.value["leader"] == duke_vidal.NAME
    assert KINDS["revival"].text(state, order.value) == "REVIVE LEADER Duke Vidal"
    assert dune.parse(state, "harkonnen", "REVIVE LEADER Duke Vidal").errors
    rng = random.Random(3)
    chosen = {KINDS["revival"].random(dune.view(state, "ecaz"), prompt, rng)["leader"]
              for _ in range(40)}
    assert duke_vidal.NAME in chosen


def test_001_2_11_18_ecaz_and_their_ally_sharing_a_territory_break_no_invariant():
    """2.11.18 OCCUPY: Ecaz and their ally in one territory after the movement round keep the
    invariants (allies apart after their movement, 1.06.07, but for them)."""
    from pbem.games.dune.state import occupants

    state = played("gf9_2_11_18_ecaz_and_their_ally_occupy_one_territory")
    state["phase"] = "collection"           # where allies must be apart (1.06.07)
    assert state["alliances"] == [["atreides", "ecaz"]]
    assert occupants(state, "Arrakeen") == ["ecaz", "atreides"]
    assert violations(state) == []


def test_001_2_11_17_12_the_mover_consents_ahead_to_the_ecaz_ambassador_s_alliance():
    """001 2.11.17.12 (A): "form an alliance with the faction triggering the token (if neither
    of you are allied and they agree ...)".  The consent, ``AMBASSADOR ALLIANCE ACCEPT`` or
    ``REFUSE``, rides on the mail of the movement round of every faction that could be offered
    it: not Ecaz, neither allied, and only while Ecaz's own Ambassador lies on the board
    (public: their supply lies face up); read, written back the same, kept in the mover's own
    sheet, seen by nobody else."""
    from pbem.games.dune import factions
    from pbem.games.dune.factions import ecaz_alliance as alliance
    from pbem.games.dune.prompt_key import PromptKey

    state = set_up(new())
    state["phase"] = "movement"
    power = factions.power("ecaz", state)
    asked = [str(PromptKey("move", s)) for s in SEATS]
    assert power.standing_keys(state, asked) == []          # their own Ambassador not placed
    token = tokens.find(state, "ambassador", "ecaz")
    tokens.place(token, "ecaz", tokens.BOARD, "Carthag", 11)
    tokens.turn(token, tokens.DOWN)
    state["alliances"] = [["atreides", "fremen"]]
    assert power.standing_keys(state, asked) == [
        "ambassador-alliance:bene-gesserit", "ambassador-alliance:emperor",
        "ambassador-alliance:harkonnen"]
    state["phase"] = "bidding"
    assert power.standing_keys(state, asked) == []
    state["phase"] = "movement"
    assert power.standing_prompts(state, []) == []          # nothing asked, nothing rides
    prompt = alliance.prompt(state, "harkonnen")
    assert prompt.optional and prompt.default is False and prompt.key in power.standing_keys(
        state, asked)
    (order,) = dune.parse_decision(state, prompt, "AMBASSADOR ALLIANCE ACCEPT").orders
    assert order.value is True
    assert KINDS[alliance.KIND].text(state, True) == "AMBASSADOR ALLIANCE ACCEPT"
    assert dune.parse_decision(state, prompt, "AMBASSADOR ALLIANCE MAYBE").errors
    power.standing_decision(state, prompt.key, True)
    assert state["factions"]["harkonnen"][alliance.CONSENT] is True
    assert alliance.CONSENT not in str(public_view(state))
    assert alliance.CONSENT not in str(seat_view(state, "ecaz"))
    power.standing_decision(state, prompt.key, False)
    assert alliance.CONSENT not in state["factions"]["harkonnen"]


def test_001_2_11_19_20_ecaz_fighting_their_co_occupied_battle_dial_their_ally_s_forces():
    """001 2.11.19: Ecaz "decide which of you is considered the faction in the battle"; 2.11.20:
    "regardless of who fights the battle, your ally's Forces are the ones dialed".  With their
    standing FIGHTER ECAZ, the battle in Carthag is Ecaz's against the Harkonnen (not the
    Atreides'), their side counts the Atreides' 3 forces, not their own 4, from the state and
    from Ecaz's own view (the bots'), and a dial of 4 is refused; with FIGHTER ALLY (the
    default) the Atreides fight it.  The choice is read and written back the same."""
    from pbem.games.dune.orders import battle_plan
    from pbem.games.dune.phases import battle
    from pbem.games.dune.scenario.run import load_scenario

    path = (Path(__file__).parent / "scenarios"
            / "gf9_2_11_19_20_ecaz_fight_the_co_occupied_battle_with_their_ally_s_forces.yaml")
    state = load_scenario(yaml.safe_load(path.read_text(encoding="utf-8"))).state
    current = state["step"]["battle"]
    assert {current["aggressor"], current["defender"]} == {"ecaz", "harkonnen"}
    side = battle_plan.side_of_state(state, "ecaz")
    assert side.strength.count == 3
    assert [t.kind for t in side.strength.troops] == ["force"]
    assert battle_plan.side_of_view(dune.view(state, "ecaz"), "ecaz").strength.count == 3
    (prompt,) = [p for p in dune.prompts(state) if p.seat == "ecaz" and p.kind == "battle-plan"]
    assert dune.parse_decision(state, prompt, "LEADER Sanya Ecaz\nDIAL 4").errors
    assert not dune.parse_decision(state, prompt, "LEADER Sanya Ecaz\nDIAL 3").errors
    state["factions"]["ecaz"]["fighter"] = "ally"
    options = battle.all_options({**state, "step": {**state["step"],
                                                    "queue": ["atreides", "harkonnen", "ecaz"]}})
    assert [o[2] for o in options["atreides"]] == ["harkonnen"]
    assert options["harkonnen"] == [] and options["ecaz"] == []
    state["phase"], state["step"] = "revival", {"done": False}
    (order,) = dune.parse(state, "ecaz", "FIGHTER ECAZ").orders
    assert order.value["fighter"] == "ecaz" and ecaz.text(state, order.value) == "FIGHTER ECAZ"
    assert dune.parse(state, "ecaz", "FIGHTER HARKONNEN").errors


def test_001_2_11_20_ecaz_never_dial_coexisting_advisors():
    """001 2.11.20 with 000 XV.B.4: their ally's forces are dialed only where it occupies the
    territory; the Bene Gesserit's coexisting advisors fight nobody's battle, so Ecaz beside
    them dial their own."""
    from pbem.games.dune import factions
    from pbem.games.dune.forces import add_forces, plain

    state = new()
    state["alliances"] = [["bene-gesserit", "ecaz"]]
    state["forces"].pop("Carthag", None)
    for seat, count in (("ecaz", 2), ("bene-gesserit", 1), ("harkonnen", 3)):
        add_forces(state, seat, "Carthag", 11, {plain(state, seat): count})
    battle = {"territory": "Carthag", "sectors": [11], "aggressor": "ecaz",
              "defender": "harkonnen"}
    assert factions.dialer(state, "ecaz", battle) == "bene-gesserit"
    state["factions"]["bene-gesserit"]["coexisting"] = ["Carthag"]
    assert factions.dialer(state, "ecaz", battle) == "ecaz"
    assert factions.dialer(state, "harkonnen", battle) == "harkonnen"


def test_001_2_11_18_b_text_b_revives_duke_vidal_for_6_without_text_a_s_dropped_powers():
    """001 2.11.18 (B) REVIVAL: Duke Vidal revived for 6 under text B (``ecaz_text_b``, its
    layer ``data/ecaz_b``), 5 under text A (2.11.23 A), offered so by mail; text A's powers that
    text B drops, the A alliance (2.11.25 A) and the A Karama (1.14.12 A, B's own in its place),
    are not theirs under B; what both texts give (OCCUPY, LOYALTY) is; the Ambassadors are text
    A's tokens under A, text B's forces under B (2.11.06 B)."""
    from pbem.games.dune.data import Ability
    from pbem.games.dune.factions import ecaz_vidal_revival
    from pbem.games.dune.factions.base import has
    from pbem.games.dune.state import data

    for options, price in (({}, 5), ({"ecaz_text_b": True}, 6)):
        state = new({"advanced": True, **options})
        state["duke_vidal"] = {"at": "tanks", "until": None}
        assert ("Duke Vidal", price) in ecaz_vidal_revival.offers(state, "ecaz")
        sheet = data(state).faction("Ecaz")
        b = bool(options)
        assert sheet.karama_power is (Ability.COOCCUPY_TERRITORY if b     # 1.14.12 B
                                      else Ability.LEADER_DIFFERENCE)
        assert (not sheet.alliance) == b
        assert has(state, "ecaz", Ability.OCCUPY) and has(state, "ecaz", Ability.LOYALTY)
        assert has(state, "ecaz", Ability.AMBASSADORS) != b
        assert has(state, "ecaz", Ability.AMBASSADOR_FORCES) == b


# --- text B: the Ambassadors as forces (001 2.11.04-15 B, option ecaz_text_b)
def test_001_2_11_04_b_twelve_ambassadors_face_up_one_with_the_starting_forces():
    """001 2.11.04 (B): "your 12 Ambassador tokens face up in front of your player shield, then
    Place one face up in the same territory and sector as your starting Forces": their reserve
    holds 14 forces and 11 Ambassadors, the Imperial Basin's sector 10 their six forces and
    their own Ambassador (ruling); no token of text A's supply is drawn.  Their 32 pieces are
    all accounted for (the invariants' count of every kind)."""
    from pbem.games.dune.factions import ecaz_embassy as embassy
    from pbem.games.dune.forces import all_of, at_start

    state = set_up(new({"ecaz_text_b": True}))
    own = state["factions"]["ecaz"]
    assert own["reserve"]["force"] == 14 and own["tanks"] == {}
    assert sorted(n for n in own["reserve"] if embassy.is_ambassador(n)) == sorted(
        n for n in at_start(state, "ecaz") if embassy.is_ambassador(n) and n != embassy.OWN)
    assert state["forces"]["Imperial Basin"]["10"]["ecaz"] == {"force": 6, embassy.OWN: 1}
    assert sum(all_of(state, "ecaz").values()) == 32
    assert not ambassadors.supply(state, "ecaz") and not violations(state)
    codes = [e.code for e in state.get("log", [])]
    assert "ambassadors-drawn" not in codes
    # text A's set-up unchanged: the supply of six drawn, no Ambassador among the forces
    plain = set_up(new())
    assert len(ambassadors.supply(plain, "ecaz")) == 6
    assert plain["forces"]["Imperial Basin"]["10"]["ecaz"] == {"force": 6}


def test_001_2_11_15_b_diplomatic_immunity_an_ambassador_to_the_tanks_goes_to_the_reserve():
    """001 2.11.15 (B), Diplomatic immunity: "When your Ambassadors would go to the tanks from
    the board for any reason instead Put them face up in front of your Player Shield": the
    storm kills Ecaz's forces and their Ambassador in a sector; the forces go to the tanks, the
    Ambassador to their reserve, face up (no longer on the face-down list)."""
    from pbem.games.dune.factions import ecaz_embassy as embassy
    from pbem.games.dune.phases import storm

    state = set_up(new({"ecaz_text_b": True}))
    state["factions"]["ecaz"]["face_down"] = [embassy.OWN]
    state["forces"]["The Great Flat"] = {"15": {"ecaz": {"force": 2, "ambassador_fremen": 1}}}
    state["factions"]["ecaz"]["reserve"]["force"] -= 2
    state["factions"]["ecaz"]["reserve"].pop("ambassador_fremen")
    assert not violations(state)
    storm.forces_lost(state, {15})
    own = state["factions"]["ecaz"]
    assert own["tanks"] == {"force": 2} and own["reserve"]["ambassador_fremen"] == 1
    assert "The Great Flat" not in state["forces"] or not state["forces"]["The Great Flat"]
    assert not violations(state)


def test_001_2_11_08_b_the_decision_under_text_b_is_optional_and_read_line_by_line():
    """001 2.11.08 B, 2.11.12 B, 2.11.19 by mail under text B: one optional decision of the
    revival round, never waited for, naming their face-up Ambassadors to turn face down, their
    standing hostility and their fighter; text A's lines (placing, triggers) refused, quoting
    the line; an Ambassador not face up on the board refused."""
    state = set_up(new({"ecaz_text_b": True}))
    state["phase"], state["step"] = "revival", {"done": False}
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "ambassadors"]
    assert prompt.optional and prompt.options == {"face_up": ["ambassador_ecaz"]}
    parsed = dune.parse(state, "ecaz", "AMBASSADOR EC FACE DOWN\nHOSTILE Emperor, Fremen\n"
                                       "FIGHTER ECAZ\nAMBASSADOR ALLIANCE OFFER\n"
                                       "AMBASSADOR FREMEN TO Arrakeen")
    assert not parsed.errors
    (order,) = parsed.orders
    assert order.value == {"place": [], "trigger": [], "face_down": ["ambassador_ecaz"],
                           "hostile": ["emperor", "fremen"], "fighter": "ecaz",
                           "alliance": True, "worm_to": "Arrakeen"}
    assert KINDS["ambassadors"].text(state, order.value).splitlines() == [
        "AMBASSADOR EC FACE DOWN", "HOSTILE Emperor, Fremen", "AMBASSADOR ALLIANCE OFFER",
        "AMBASSADOR FREMEN TO Arrakeen", "FIGHTER ECAZ"]
    # the Fremen Ambassador's mark read as the Ambassador turned face down, not its worm answer
    state["forces"]["Carthag"] = {"11": {"ecaz": {"ambassador_fremen": 1}}}
    state["factions"]["ecaz"]["reserve"].pop("ambassador_fremen")
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "ambassadors"]
    (order,) = dune.parse(state, "ecaz", "AMBASSADOR FR FACE DOWN").orders
    assert order.value["face_down"] == ["ambassador_fremen"]
    for line in ("AMBASSADOR Emperor IN Carthag", "TRIGGER ALL ALL",
                 "AMBASSADOR EM FACE DOWN", "AMBASSADOR FREMEN TO", "AMBASSADOR ALLIANCE YES"):
        refused = dune.parse(state, "ecaz", line)
        assert refused.errors and not refused.orders, line


def test_001_2_11_08_b_both_bots_answer_the_text_b_decision():
    """The random bot now and then turns an Ambassador face down (2.11.08 B), sets a standing
    hostility (2.11.12 B) and its fighter (2.11.19); the basic bot keeps them face up and names
    its fighter; every answer reads back through the order parser."""
    import random

    state = set_up(new({"ecaz_text_b": True}))
    state["phase"], state["step"] = "revival", {"done": False}
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "ambassadors"]
    view = dune.view(state, "ecaz")
    seen: set[str] = set()
    rng = random.Random(3)
    for _ in range(60):
        value = ecaz.random_value(view, prompt, rng)
        seen |= {key for key in ("face_down", "hostile", "fighter") if key in value}
        text = KINDS["ambassadors"].text(state, value)
        assert not dune.parse(state, "ecaz", text).errors, text
    assert seen == {"face_down", "hostile", "fighter"}
    basic = dune.bot_order(view, prompt, rng, style="basic")
    assert basic.startswith("FIGHTER ") and not dune.parse(state, "ecaz", basic).errors


def test_001_2_11_17_05_b_forces_with_the_fremen_ambassador_are_spared_by_the_worm():
    """001 2.11.17.05 B: "Forces in the same territory as this Ambassador are not destroyed by
    the worm"; elsewhere, and with the Ambassador face down (2.11.08 B), the worm takes Ecaz's
    forces, the Ambassador going to their reserve (Diplomatic immunity, 2.11.15 B)."""
    from pbem.games.dune.phases import spice_blow

    for face_down in (False, True):
        state = set_up(new({"ecaz_text_b": True}))
        own = state["factions"]["ecaz"]
        state["forces"]["The Great Flat"] = {"15": {"ecaz": {"force": 3,
                                                             "ambassador_fremen": 1}}}
        own["reserve"]["force"] -= 3
        own["reserve"].pop("ambassador_fremen")
        own["face_down"] = ["ambassador_fremen"] if face_down else []
        spice_blow.devour(state, {"territory": "The Great Flat", "card": "Shai-Hulud",
                                  "controlled": False})
        left = state["forces"].get("The Great Flat", {}).get("15", {}).get("ecaz", {})
        if face_down:
            assert not left and own["tanks"] == {"force": 3}
            assert own["reserve"]["ambassador_fremen"] == 1
        else:
            assert left == {"force": 3, "ambassador_fremen": 1} and own["tanks"] == {}
        assert not violations(state)


def test_001_2_11_b_ecaz_s_standing_answers_change_no_other_seats_view_or_prompts():
    """Secrets under text B (001 2.11.08 B, 2.11.12 B, 2.11.17.12 B): Ecaz's standing hostility,
    their standing offer of alliance and the Ambassadors they chose to turn face down at the
    round's end are theirs until carried out: the differential, the same revival round with and
    without them, every other seat's view, prompts and the public view the same; Ecaz's own
    view differs.  (A face-down Ambassador's face is public under B, the ruling of its row.)"""
    import copy

    from pbem.games.dune.factions.base import PromptKey

    state = set_up(new({"ecaz_text_b": True}))
    state["phase"], state["step"] = "revival", {"done": False}
    other = copy.deepcopy(state)
    ecaz.Ecaz().decide(other, "revival", PromptKey.parse("ambassadors:ecaz"), {
        "place": [], "trigger": [], "face_down": ["ambassador_ecaz"],
        "hostile": ["emperor"], "alliance": True}, None)
    assert other["factions"]["ecaz"]["hostile"] == ["emperor"]
    assert other["step"]["face_down"] == ["ambassador_ecaz"]
    assert public_view(state) == public_view(other)
    for seat in SEATS:
        same = (seat_view(state, seat) == seat_view(other, seat)
                and [(p.key, str(p.legal), p.options) for p in dune.prompts(state)
                     if p.seat == seat]
                == [(p.key, str(p.legal), p.options) for p in dune.prompts(other)
                    if p.seat == seat])
        assert same == (seat != "ecaz"), seat


def test_001_2_11_17_09_b_the_tleilaxu_ambassador_s_leader_from_the_tanks_for_both_bots():
    """001 2.11.17.09 B: "During Battle Plans, with this Ambassador you may take an Ecaz or
    Tleilaxu leader from the tanks, and use it in this battle": before the plans, the leader
    is theirs to play (every leader of theirs in the tanks: the bots must lead with him), the
    others see him taken (the tanks are public); "At the end of the battle the taken leader is
    returned to the tanks": still there, no longer theirs."""
    import random

    from pbem.games.dune.orders.battle_plan import side_of_view

    scenario = yaml.safe_load((SCENARIOS / "gf9_2_11_17_09_b_the_tleilaxu_ambassador_lends_a_"
                               "leader_from_the_tanks.yaml").read_text("utf-8"))
    scenario["orders"] = []
    del scenario["expect"]
    state = run_scenario(scenario)["state"]
    assert seat_view(state, "harkonnen")["factions"]["ecaz"]["tanks_leader"] == [
        "Sanya Ecaz", "ecaz"]
    assert side_of_view(dune.view(state, "ecaz"), "ecaz").leaders == ["Sanya Ecaz"]
    (prompt,) = [p for p in dune.prompts(state) if p.key == "battle-plan:ecaz"]
    for style in ("random", "basic"):
        text = dune.bot_order(dune.view(state, "ecaz"), prompt, random.Random(3), style=style)
        assert "LEADER Sanya Ecaz" in text and not dune.parse(state, "ecaz", text).errors
    assert violations(state) == []
    after = played("gf9_2_11_17_09_b_the_tleilaxu_ambassador_lends_a_leader_from_the_tanks")
    assert "tanks_leader" not in after["factions"]["ecaz"]
    assert after["factions"]["ecaz"]["leaders"]["Sanya Ecaz"] == "tanks"
    assert violations(after) == []


def test_001_2_11_17_07_b_the_spacing_guild_ambassador_ships_from_the_board_only_face_up():
    """001 2.11.17.07 B: "You may ship this Ambassador and any number of Forces from the
    Territory with this Ambassador to any other Territory on the board (subject to storm and
    Occupancy Limit)": with it face up, a cross shipment is theirs, told in their prompt; face
    down (2.11.08 B: no ability) or under text A, none; the shipment takes it along."""
    from pbem.games.dune.board import reach

    state = set_up(new({"ecaz_text_b": True}))
    own = state["factions"]["ecaz"]
    assert "cross" not in reach.shipment_kinds(state, "ecaz")
    (sector,) = state["forces"]["Carthag"]
    state["forces"]["Carthag"][sector]["ecaz"] = {"force": 2, "ambassador_guild": 1}
    own["reserve"]["force"] -= 2
    own["reserve"].pop("ambassador_guild")
    assert reach.shipment_kinds(state, "ecaz") == ("reserve", "cross")
    assert reach.check_shipment(state, "ecaz", "cross", "Arrakeen", None,
                                {"force": 2, "ambassador_guild": 1}, "Carthag") == 3
    with pytest.raises(OrderProblem, match="001 2.11.17.07 B"):
        reach.check_shipment(state, "ecaz", "cross", "Arrakeen", None, {"force": 2},
                             "Carthag")
    own["face_down"] = ["ambassador_guild"]
    assert reach.shipment_kinds(state, "ecaz") == ("reserve",)
    assert not violations(state)


def test_001_2_11_17_07_b_the_random_bot_ships_the_spacing_guild_ambassador_now_and_then():
    """001 2.11.17.07 B by the bots: the random bot now and then ships the Spacing Guild
    Ambassador's whole group from the board, a legal order; the basic bot ships from its
    reserve only (ruling: its forces in place stay)."""
    import random
    import re

    scenario = yaml.safe_load((SCENARIOS / "gf9_2_11_17_07_b_the_spacing_guild_ambassador_"
                               "ships_with_its_forces.yaml").read_text("utf-8"))
    scenario["orders"] = scenario["orders"][:2]
    del scenario["expect"]
    state = run_scenario(scenario)["state"]
    (prompt,) = [p for p in dune.prompts(state) if p.key == "move:ecaz"]
    crossed = 0
    for seed in range(40):
        text = dune.bot_order(dune.view(state, "ecaz"), prompt, random.Random(seed))
        assert not dune.parse(state, "ecaz", text).errors, text
        crossed += bool(re.search(r"SHIP 3 1SG FROM Carthag TO ", text))
    assert crossed
    basic = dune.bot_order(dune.view(state, "ecaz"), prompt, random.Random(0), style="basic")
    assert not re.search(r"SHIP [^\n]*FROM", basic) and not dune.parse(state, "ecaz", basic).errors


def test_001_2_11_20_b_the_ecaz_ambassador_co_occupies_with_their_ally_alone():
    """001 2.11.20 B, ALLIANCE: "You may Co-Occupy with your ally using the Ecaz Ambassador"
    (ruling: always, while it lies face up there): beside their ally's forces Ecaz are
    co-occupied, coexisting (no battle, no occupancy); beside another's, or face down, not."""
    from pbem.games.dune.factions import ecaz_embassy as embassy
    from pbem.games.dune.state import occupants

    state = set_up(new({"ecaz_text_b": True}))
    own = state["factions"]["ecaz"]
    (basin,) = state["forces"]["Imperial Basin"]        # set up there (2.11.04 B)
    state["forces"]["Imperial Basin"][basin]["ecaz"].pop("ambassador_ecaz")
    state["forces"]["Arrakeen"]["10"]["ecaz"] = {"force": 1, "ambassador_ecaz": 1}
    state["forces"]["Imperial Basin"][basin]["ecaz"]["force"] -= 1
    embassy.settle(state, "ecaz")
    assert not violations(state)
    assert "Arrakeen" not in embassy.cooccupied(state, "ecaz")
    assert "ecaz" in occupants(state, "Arrakeen")
    state["alliances"] = [["atreides", "ecaz"]]
    embassy.settle(state, "ecaz")
    assert "Arrakeen" in embassy.cooccupied(state, "ecaz")
    assert "ecaz" not in occupants(state, "Arrakeen")
    own["face_down"] = ["ambassador_ecaz"]
    embassy.settle(state, "ecaz")
    assert "Arrakeen" not in embassy.cooccupied(state, "ecaz")
    state["alliances"] = [["emperor", "ecaz"]]
    own["face_down"] = []
    embassy.settle(state, "ecaz")
    assert "Arrakeen" not in embassy.cooccupied(state, "ecaz")


def _question_scenario(traitor: str, orders: int | None = None) -> dict:
    scenario = yaml.safe_load((SCENARIOS / "gf9_2_11_17_06_b_the_harkonnen_ambassador_asks_"
                               "about_a_traitor.yaml").read_text("utf-8"))
    scenario["position"]["factions"]["atreides"]["traitors"] = [traitor]
    if orders is not None:
        scenario["orders"] = scenario["orders"][:orders]
    del scenario["expect"]
    return run_scenario(scenario)


def test_001_2_11_17_06_b_the_answer_changes_no_other_seats_mail():
    """001 2.11.17.06 B: the answer ("yes" or "no" truthfully) from the opponent's hidden
    traitor cards is told to Ecaz and the opponent alone: the Harkonnen, a third seat, read the
    same events, prompts and view whether Sanya Ecaz is the Atreides' traitor or not; the
    second mail round is Ecaz's either way."""
    seen, answers = [], []
    for traitor in ("Sanya Ecaz", "Rivvy Dinari"):
        result = _question_scenario(traitor)
        events = [e for step in result["events"] for e in step
                  if e["to"] is None or "harkonnen" in e["to"]]
        view = seat_view(result["state"], "harkonnen")
        seen.append((events, {k: v for k, v in view.items() if k != "own"}, view["own"]))
        answers += [e["data"]["answer"] for step in result["events"] for e in step
                    if e["code"] == "ambassador-answer"]
    assert answers == [True, False]
    assert seen[0] == seen[1]


def test_001_2_11_17_02_06_b_both_bots_answer_the_ambassador_question():
    """001 2.11.17.02 B, 2.11.17.06 B by the bots: the random bot now and then asks a question
    fitting the Ambassador there, a legal order; the basic bot asks none; the question never
    holds the step (optional, as the prescience question of a fighting Atreides)."""
    import random

    state = _question_scenario("Sanya Ecaz", orders=0)["state"]
    (prompt,) = [p for p in dune.prompts(state) if p.key == "question:ecaz"]
    assert prompt.optional
    asked = 0
    for seed in range(20):
        text = dune.bot_order(dune.view(state, "ecaz"), prompt, random.Random(seed))
        assert not dune.parse(state, "ecaz", text).errors, text
        asked += text.startswith("QUESTION TRAITOR ")
    assert asked
    basic = dune.bot_order(dune.view(state, "ecaz"), prompt, random.Random(0), style="basic")
    assert basic == "QUESTION NONE"
    problems = dune.parse(state, "ecaz", "QUESTION TRAITOR Duncan Idaho").errors
    assert problems and "001 2.11.17.06 B" in problems[0].message


# --- text B's Karama power (001 1.14.12 B)
KARAMA_B = "gf9_1_14_12_b_the_ecaz_karama_co_occupies_a_stronghold_whose_control_counts_for_them"
KARAMA_B_ENTERING = ("gf9_1_14_12_b_a_faction_entering_the_designated_territory_is_co_occupied_"
                     "with")


def _karama_b_start(hand: list[str]) -> dict:
    """The movement round of the Karama B scenario as it opens, Ecaz holding ``hand``."""
    scenario = yaml.safe_load((SCENARIOS / f"{KARAMA_B}.yaml").read_text("utf-8"))
    scenario["position"]["factions"]["ecaz"]["hand"] = hand
    scenario["orders"] = []
    del scenario["expect"]
    return run_scenario(scenario)["state"]


def test_001_1_14_12_b_the_karama_co_occupies_a_territory_and_its_control_counts_for_ecaz():
    """001 1.14.12 B: the territory designated as the movement round starts, Ecaz co-occupy
    there with every faction, those there then and one entering later (ruling), no battle, and
    its holder's control counts for Ecaz too at the Mentat Pause; the card spent, the power
    used for the game (1.14.01); the territory public; every invariant kept."""
    for name in (KARAMA_B, KARAMA_B_ENTERING):
        state = played(name)
        assert public_view(state)["factions"]["ecaz"]["karama_territory"] == "Arrakeen"
        assert public_view(state)["factions"]["ecaz"]["cooccupied"] == ["Arrakeen"]
        assert violations(state) == []


def test_001_1_14_12_b_the_karama_is_optional_and_tells_nobody_of_the_card():
    """001 1.14.12 B by mail: an optional decision of the movement round's first mail round,
    offered only to Ecaz holding a Karama card: what every other seat sees and waits for, and
    whom the step waits for, is the same with the card or without it; answered NONE (or left),
    it is not offered again that round; text A's Ecaz have no such power."""
    with_card, without = _karama_b_start(["Karama"]), _karama_b_start(["Baliset"])
    key = "karama-cooccupy:ecaz"
    (offered,) = [p for p in dune.prompts(with_card) if p.key == key]
    assert offered.optional and offered.options["territories"] == ["Arrakeen"]
    assert key not in {p.key for p in dune.prompts(without)}

    def owed(state):
        return [(p.key, p.seat) for p in dune.prompts(state) if not p.optional]
    assert owed(with_card) == owed(without)
    for seat in ("atreides", "emperor"):
        assert seat_view(with_card, seat) == seat_view(without, seat)
    orders = {p.key: p.default for p in dune.prompts(with_card)}
    after, _ = dune.apply(with_card, orders, step_rng("karama-b", 1))
    assert key not in {p.key for p in dune.prompts(after)}
    assert after["factions"]["ecaz"]["hand"] == ["Karama #1"]
    text_a = load_game("dune").setup("gf9", {"ecaz_moritani": True, "advanced": True}, SEATS,
                                     step_rng("ecaz", 0))
    assert not ecaz.karama.may(text_a, "ecaz")


def test_001_1_14_12_b_the_karama_is_given_ahead_and_a_bad_territory_refused():
    """001 1.14.12 B: COOCCUPY <territory> given ahead under FOR MOVEMENT (the round's first
    decision, projected), read as it opens; a territory not on the map refused, quoting the
    line; both bots answer it with a line the orders read."""
    import random

    state = _karama_b_start(["Karama"])
    state["phase"], state["step"] = "revival", {}
    held = [p for p in dune.ahead(state, "ecaz") if p.kind == ecaz.karama.KIND]
    assert [p.held_as for p in held] == ["karama-cooccupy:ecaz"]
    parsed = dune.parse(state, "ecaz", "FOR MOVEMENT\nCOOCCUPY Arrakeen")
    assert not parsed.errors
    assert [(o.prompt, o.value) for o in parsed.orders] == [("karama-cooccupy:ecaz",
                                                             "Arrakeen")]
    start = _karama_b_start(["Karama"])
    bad = dune.parse(start, "ecaz", "COOCCUPY Nowhere Sietch")
    assert bad.errors and "COOCCUPY Nowhere Sietch" in bad.errors[0].line
    (prompt,) = [p for p in dune.prompts(start) if p.kind == ecaz.karama.KIND]
    for style in ("random", "basic"):
        for seed in range(8):
            text = dune.bot_order(dune.view(start, "ecaz"), prompt, random.Random(seed),
                                  style=style)
            assert text.startswith("COOCCUPY") and not dune.parse(start, "ecaz", text).errors
    assert dune.bot_order(dune.view(start, "ecaz"), prompt, random.Random(0),
                          style="basic") == "COOCCUPY Arrakeen"
