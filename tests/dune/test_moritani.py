"""The Moritani (001 2.12) in GF9 games: seated only with the Ecaz & Moritani expansion, their
set-up (their forces placed after everyone's), their Terror tokens on the token layer (behind
their shield and placed face down, their values theirs alone), the Atomics' cut of the hand
limits and their decision by mail; the scenario files (``tests/dune/scenarios/gf9_2_12_*``)
play the rules move by move."""

from __future__ import annotations

import random

import pytest

from pbem.ahead import read_held
from pbem.game import load_game, step_rng
from pbem.games import dune
from pbem.games.dune import factions, tokens, turn
from pbem.games.dune.ahead import decisions, parse_mail
from pbem.games.dune.board.board_map import board_svg
from pbem.games.dune.combat import Outcome
from pbem.games.dune.factions import moritani
from pbem.games.dune.factions import moritani_alliance as alliance
from pbem.games.dune.factions import moritani_assassins as assassins
from pbem.games.dune.factions import moritani_terror as terror
from pbem.games.dune.forces import add_forces, plain
from pbem.games.dune.invariants import violations
from pbem.games.dune.phases import battle, nexus
from pbem.games.dune.phases import set_up as setup_phase
from pbem.games.dune.prompt_key import PromptKey
from pbem.games.dune.state import copy_state, data, sheet
from pbem.games.dune.view import public_view, seat_view

GAME = load_game("dune")
SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "moritani"]


def new(options: dict | None = None) -> dict:
    return GAME.setup("gf9", {"ecaz_moritani": True, **(options or {})}, SEATS,
                      step_rng("moritani", 0))


def set_up(state: dict, stop: str | None = None) -> dict:
    """The set-up played by the bots to its end (or to a round asking ``stop``)."""
    rng = random.Random(1)
    step = 0
    while state["phase"] == "setup":
        prompts = dune.prompts(state)
        if stop is not None and any(p.kind == stop for p in prompts):
            return state
        orders = {}
        for prompt in prompts:
            text = dune.bot_order(dune.view(state, prompt.seat), prompt, rng)
            (order,) = [o for o in dune.parse(state, prompt.seat, text).orders
                        if o.prompt == prompt.key]
            orders[prompt.key] = order.value
        step += 1
        state, _ = dune.apply(state, orders, step_rng("moritani", step))
    return state


def test_001_2_12_01_the_moritani_are_a_seat_only_with_the_expansion():
    """001 2.12, setup 11: a GF9 game seats the Moritani only with ``ecaz_moritani``."""
    assert "moritani" not in dune.seating("gf9", {}).names
    assert "moritani" in dune.seating("gf9", {"ecaz_moritani": True}).names


def test_001_2_12_02_03_06_07_twelve_spice_twenty_forces_six_terror_tokens_behind_the_shield():
    """001 2.12.02: 12 spice; 2.12.03: 20 forces, 6 to place; 2.12.06: the Terror tokens (six in
    text A, seven in text B: Hostage, Ambush and Duke Vidal) behind their shield; 2.12.07: 2
    forces revived free; their five leaders."""
    state = new()
    own = state["factions"]["moritani"]
    assert own["spice"] == 12 and own["reserve"] == {"force": 14} and own["to_place"] == 6
    assert sheet("moritani", state).free_revival == 2
    assert sorted(own["leaders"]) == ["Grieu Kronos", "Hiih Resser", "Lupino Ord",
                                      "Trin Kronos", "Vando Terboli"]
    held = [t for t in tokens.of(state) if t["kind"] == terror.TOKEN]
    assert sorted(t["value"] for t in held) == ["assassination", "atomics", "extortion",
                                                "robbery", "sabotage", "sneak_attack"]
    assert {(t["owner"], t["at"], t["face"]) for t in held} == {("moritani", "behind", "down")}
    assert violations(state) == []
    text_b = new({"moritani_text_b": True})             # 2.12.06 B: seven, 2.12.14.02-08 B
    assert sorted(t["value"] for t in tokens.of(text_b) if t["kind"] == terror.TOKEN) == [
        "ambush", "atomics", "duke_vidal", "extortion", "hostage", "robbery", "sabotage"]


def test_001_2_12_03_their_forces_go_after_everyone_s_where_nobody_is():
    """001 2.12.03: "Place 6 Forces in any unoccupied Territory after all other factions have
    placed Forces": a set-up round of their own after the others'; an occupied territory is
    refused, quoting the rule."""
    state = set_up(new(), stop="late-placement")
    (prompt,) = dune.prompts(state)
    assert prompt.seat == "moritani" and prompt.kind == "late-placement"
    assert state["factions"]["fremen"]["to_place"] == 0, "the Fremen placed before them"
    taken = next(t for t, sectors in state["forces"].items() if sectors)
    refused = dune.parse(state, "moritani", f"PLACE {taken}")
    assert refused.errors and "001 2.12.03" in str(refused.errors[0])
    free = setup_phase.unoccupied(state)
    assert taken not in free
    state, _ = dune.apply(state, {prompt.key: dune.parse(
        state, "moritani", "PLACE Pasty Mesa SECTOR 5").orders[0].value}, step_rng("m", 9))
    assert state["phase"] != "setup"
    assert state["forces"]["Pasty Mesa"] == {"5": {"moritani": {"force": 6}}}
    assert state["factions"]["moritani"]["to_place"] == 0
    assert violations(state) == []


def test_001_2_12_08_a_placed_terror_token_is_the_moritani_s_alone_to_see():
    """001 2.12.08 (placed face down): Robbery in Arrakeen and Atomics in Carthag, or the other
    way round: every other seat's view and the public map are the same; the Moritani's name
    them."""
    def placed(first: str, second: str) -> dict:
        state = new()
        for value, territory, sector in ((first, "Arrakeen", 10), (second, "Carthag", 11)):
            tokens.place(tokens.find(state, "terror", value), "moritani", tokens.BOARD,
                         territory, sector)
        return state

    robbery, atomics = placed("robbery", "atomics"), placed("atomics", "robbery")
    assert public_view(robbery) == public_view(atomics)
    for seat in SEATS[:5]:
        assert seat_view(robbery, seat) == seat_view(atomics, seat)
    own = [t for t in seat_view(robbery, "moritani")["own"]["tokens"] if t["at"] == "board"]
    assert [(t["name"], t["territory"]) for t in own] == [("Robbery", "Arrakeen"),
                                                          ("Atomics", "Carthag")]
    svg = board_svg(public_view(robbery))
    assert "Robbery" not in svg and board_svg(public_view(atomics)) == svg


def test_001_2_12_08_the_decision_is_optional_and_read_line_by_line():
    """001 2.12.08-09 by mail: one optional decision at War Continues, never waited for; its
    lines read back as written; a second Terrorize action is refused."""
    state = set_up(new())
    state["phase"], state["step"], state["turn"] = "mentat_pause", {}, 1
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "terror"]
    assert prompt.optional and prompt.seat == "moritani"
    parsed = dune.parse(state, "moritani", "TERROR Robbery IN Carthag\n"
                                           "TRIGGER ALL EXCEPT Harkonnen\nROBBERY CARD")
    assert not parsed.errors
    (order,) = parsed.orders
    assert order.value == {"place": ["robbery", "Carthag"], "move": None, "robbery": "card",
                           "sabotage": None, "assassinate": None, "offer": None,
                           "bounty": False, "cash": None,
                           "trigger": [["*", {"*": True, "harkonnen": False}]]}
    assert moritani.text(state, order.value) == ("TERROR Robbery IN Carthag\nTRIGGER ALL "
                                                 "EXCEPT Harkonnen\nROBBERY CARD")
    assert dune.parse(state, "moritani", "TERROR Robbery IN The Great Flat").errors
    assert dune.parse(state, "moritani", "ROBBERY MAYBE").errors
    assert dune.parse(state, "moritani", "TERROR Robbery IN Carthag\n"
                                         "TERROR Atomics IN Arrakeen").errors


def _revival_b() -> dict:
    """A text B game set up, in its revival round, the Robbery in Carthag and the Sabotage
    face up in front of the Moritani's shield."""
    state = set_up(new({"moritani_text_b": True}))
    state["phase"], state["step"], state["turn"] = "revival", {"done": False}, 1
    for token in state["tokens"]:
        if token["kind"] == "terror" and token["value"] == "robbery":
            tokens.place(token, "moritani", tokens.BOARD, "Carthag", 11)
        if token["kind"] == "terror" and token["value"] == "sabotage":
            tokens.place(token, "moritani", tokens.FRONT)
            tokens.turn(token, tokens.UP)
    return state


def test_001_2_12_08_01_b_terrorize_actions_are_judged_in_the_order_written():
    """001 2.12.08.01-04 (B) by mail: up to three Plot, Plan and Scheme lines in the revival
    round, "in any order and in any combination", each judged after those before it (a token
    schemed back may then be plotted); read back as written; a plot of a token on the board,
    a scheme of one behind the shield, a token where one lies and the HMS refused; under text
    A and at War Continues under text B, refused, quoting the rule."""
    state = _revival_b()
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "terror"]
    assert prompt.optional and prompt.options["plot"]
    assert prompt.options["front"] == ["sabotage"]
    lines = ("TERROR SCHEME Sabotage\nTERROR PLOT Sabotage IN Funeral Plain\n"
             "TERROR PLAN Carthag TO Arrakeen")
    parsed = dune.parse(state, "moritani", lines)
    assert not parsed.errors
    (order,) = parsed.orders
    assert order.value["schemes"] == [["scheme", "sabotage"],
                                      ["plot", "sabotage", "Funeral Plain"],
                                      ["plan", "Carthag", "Arrakeen"]]
    assert moritani.text(state, order.value) == lines
    for bad, said in (("TERROR PLOT Robbery IN Arrakeen", "not behind your shield"),
                      ("TERROR SCHEME Atomics", "not in front of your shield"),
                      ("TERROR PLOT Atomics IN Carthag", "a Terror token lies in Carthag"),
                      ("TERROR PLAN Arrakeen TO Habbanya Sietch", "no Terror token lies in"),
                      ("TERROR PLOT Sabotage IN Funeral Plain", "not behind your shield"),
                      ("TERROR PLOT Atomics", "expected TERROR PLOT")):
        (error,) = dune.parse(state, "moritani", bad).errors
        assert said in error.message, (bad, error.message)
    war = _revival_b()
    war["phase"], war["step"] = "mentat_pause", {}
    (error,) = dune.parse(war, "moritani", "TERROR Robbery IN Arrakeen").errors
    assert "2.12.08 B" in error.message
    assert "2.12.08 B" in dune.parse(war, "moritani", "TERROR SCHEME Sabotage").errors[0].message
    text_a = set_up(new())
    text_a["phase"], text_a["step"], text_a["turn"] = "revival", {"done": False}, 1
    (error,) = dune.parse(text_a, "moritani", "TERROR PLOT Robbery IN Carthag").errors
    assert "text B" in error.message


def test_001_2_12_08_03_b_two_tokens_in_one_territory_are_each_planned_away():
    """001 2.12.08.03 (B) PLAN: "Move a Terror token to any Territory on the board"; where
    Grumman's High side added a second token to a stronghold holding one (001 4.10.12), two
    PLAN lines from it are read and both carried out, a third refused (self-play game
    x1k-13-b-basic-random-120, step 92); the bots' actions are read there too (none plotted
    where the second still lies)."""
    state = _revival_b()
    atomics = tokens.find(state, "terror", "atomics")
    tokens.place(atomics, "moritani", tokens.BOARD, "Carthag", 11)
    lines = "TERROR PLAN Carthag TO Arrakeen\nTERROR PLAN Carthag TO Funeral Plain"
    parsed = dune.parse(state, "moritani", lines)
    assert not parsed.errors
    (order,) = parsed.orders
    assert order.value["schemes"] == [["plan", "Carthag", "Arrakeen"],
                                      ["plan", "Carthag", "Funeral Plain"]]
    (error,) = dune.parse(state, "moritani", lines + "\nTERROR PLAN Carthag TO Tuek's "
                          "Sietch").errors
    assert "no Terror token lies in Carthag" in error.message
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "terror"]
    for seed in range(40):
        for style in ("random", "basic"):
            text = dune.bot_order(dune.view(state, "moritani"), prompt, random.Random(seed),
                                  style)
            assert not dune.parse(state, "moritani", text).errors, text
    terror.schemed(state, "moritani", order.value["schemes"])
    assert sorted(terror.placed(state)) == ["Arrakeen", "Funeral Plain"]


def test_001_2_12_08_b_both_bots_take_terrorize_actions_that_are_read_back():
    """001 2.12.08.01-04 (B): the random and the basic bots' Terrorize actions in the revival
    round are orders the game reads (and the basic bot's take the token in front back)."""
    state = _revival_b()
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "terror"]
    taken = set()
    for seed in range(40):
        for style in ("random", "basic"):
            text = dune.bot_order(dune.view(state, "moritani"), prompt, random.Random(seed),
                                  style)
            parsed = dune.parse(state, "moritani", text)
            assert not parsed.errors, text
            taken |= {action[0] for order in parsed.orders
                      for action in order.value.get("schemes", [])}
    assert taken == {"plot", "plan", "scheme"}
    basic = dune.bot_order(dune.view(state, "moritani"), prompt, random.Random(0), "basic")
    assert basic.startswith("TERROR SCHEME Sabotage\nTERROR PLOT")
    assert basic.endswith("TERROR MOVES ALL")           # 2.12.15 B


def test_001_2_12_15_b_terror_moves_is_a_standing_word_of_text_b():
    """001 2.12.15 (B) by mail: TERROR MOVES ALL or NONE, a line of their decision in either
    round, read back as written, kept in their sheet and shown behind their shield; the random
    bot sets it now and then; refused under text A."""
    state = _revival_b()
    (order,) = dune.parse(state, "moritani", "TERROR MOVES ALL").orders
    assert order.value["rides"] is True
    assert moritani.text(state, order.value) == "TERROR MOVES ALL"
    (error,) = dune.parse(state, "moritani", "TERROR MOVES SOME").errors
    assert "TERROR MOVES NONE" in error.message
    orders = {"terror:moritani": order.value}
    for prompt in dune.prompts(state):
        if prompt.key not in orders:
            text = dune.bot_order(dune.view(state, prompt.seat), prompt, random.Random(0))
            orders[prompt.key] = next(o.value for o in dune.parse(state, prompt.seat, text)
                                      .orders if o.prompt == prompt.key)
    state, _ = dune.apply(state, orders, step_rng("m", 1))
    assert state["factions"]["moritani"]["terror_moves"] is True
    assert seat_view(state, "moritani")["own"]["terror_moves"] is True
    revival = _revival_b()
    (prompt,) = [p for p in dune.prompts(revival) if p.kind == "terror"]
    said = {dune.parse(revival, "moritani", dune.bot_order(
        dune.view(revival, "moritani"), prompt, random.Random(seed))).orders[0].value.get(
            "rides") for seed in range(30)}
    assert said == {None, True, False}
    text_a = set_up(new())
    text_a["phase"], text_a["step"], text_a["turn"] = "revival", {"done": False}, 1
    (error,) = dune.parse(text_a, "moritani", "TERROR MOVES ALL").errors
    assert "2.12.15 B" in error.message


def _two_battles(triggers: dict | None = None) -> dict:
    """A text B game set up, its forces cleared, then the Moritani facing the Harkonnen in
    Arrakeen and the Atreides in Carthag, a face-down token in each, the battle round opened."""
    state = set_up(new({"moritani_text_b": True}))
    state["forces"] = {}
    for territory, sector, other, value in (("Arrakeen", 10, "harkonnen", "sabotage"),
                                            ("Carthag", 11, "atreides", "extortion")):
        for seat in ("moritani", other):
            add_forces(state, seat, territory, sector, {plain(state, seat): 2})
        token = tokens.find(state, "terror", value)
        tokens.place(token, "moritani", tokens.BOARD, territory, sector)
    if triggers is not None:
        state["factions"]["moritani"]["triggers"] = triggers
    state["phase"], state["turn"] = "battle", 2
    events = battle.begin(state, random.Random(0))
    for seat in battle.waiting_for_order(state):        # the Moritani's order of battles
        state["step"]["orders"][seat] = [["Arrakeen", "harkonnen"], ["Carthag", "atreides"]]
        state["step"]["asked"].append(seat)
        events += battle.next_battle(state, random.Random(0))
    state["_events"] = events
    return state


def test_001_2_12_09_b_organized_strike_by_standing_answers_and_never_on_a_trial():
    """001 2.12.09 (B) by mail: the first battle opens with its token revealed, by the
    Moritani's standing answers, no mail round added; the copy of the game a later battle's
    orders ahead are built on (``battle.opened``) springs no face-down token; with the standing
    answer NONE no token goes off."""
    state = _two_battles()
    first = state["step"]["battle"]
    struck = [e for e in state.pop("_events") if e.code == "terror-struck"]
    assert [e.data["territory"] for e in struck] == [first["territory"]]
    later = [b for b in battle.later_battles(state) if b[0] != first["territory"]]
    (territory, _, aggressor, defender) = later[0]
    trial = battle.opened(state, aggressor, territory, defender)
    assert trial is not None
    assert [t["face"] for t in trial["tokens"] if t["kind"] == "terror"
            and t.get("territory") == territory] == ["down"]
    quiet = _two_battles({"*": {"*": False}})
    assert not [e for e in quiet.pop("_events") if e.code == "terror-struck"]
    assert all(t["face"] == "down" for t in quiet["tokens"]
               if t["kind"] == "terror" and t["at"] == "board")


def test_001_2_12_16_b_both_bots_may_revive_duke_vidal():
    """001 2.12.16 (B): under text B, Duke Vidal in the tanks, the Moritani's revival offers
    him, and the random bot's orders revive him now and then, every order read; with Ecaz
    seated (2.11.23 A) he is not offered them (ruling)."""
    state = set_up(new({"moritani_text_b": True}))
    state["phase"], state["step"], state["turn"] = "revival", {"done": False}, 2
    state["duke_vidal"] = {"at": "tanks", "until": None}
    state["factions"]["moritani"]["spice"] = 10
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "revival"
                 and p.seat == "moritani"]
    assert "Duke Vidal" in prompt.legal
    revived = set()
    for seed in range(40):
        for style in ("random", "basic"):
            text = dune.bot_order(dune.view(state, "moritani"), prompt, random.Random(seed),
                                  style)
            parsed = dune.parse(state, "moritani", text)
            assert not parsed.errors, text
            revived |= {o.value.get("leader") for o in parsed.orders if o.prompt == prompt.key}
    assert "Duke Vidal" in revived
    ecaz = GAME.setup("gf9", {"ecaz_moritani": True, "moritani_text_b": True},
                      ["atreides", "ecaz", "moritani"], step_rng("moritani", 0))
    ecaz = set_up(ecaz)
    ecaz["phase"], ecaz["step"], ecaz["turn"] = "revival", {"done": False}, 2
    ecaz["duke_vidal"] = {"at": "tanks", "until": None}
    assert not [p for p in dune.prompts(ecaz) if p.seat == "moritani" and p.kind == "revival"]


def test_001_1_14_13_b_their_karama_is_a_standing_word_of_text_b():
    """001 1.14.13 (B) by mail: TERROR KARAMA FOR <faction>, ... or NONE, a line of their
    decision, read back as written, shown behind their shield; the random bot sets it now and
    then; refused without the advanced game's Karama powers and under text A."""
    state = set_up(new({"moritani_text_b": True, "advanced": True}))
    state["phase"], state["step"], state["turn"] = "revival", {"done": False}, 1
    (order,) = dune.parse(state, "moritani", "TERROR KARAMA FOR Atreides, Fremen").orders
    assert order.value["karama"] == ["atreides", "fremen"]
    assert moritani.text(state, order.value) == "TERROR KARAMA FOR Atreides, Fremen"
    assert dune.parse(state, "moritani", "TERROR KARAMA NONE").orders[0].value["karama"] == []
    assert dune.parse(state, "moritani", "TERROR KARAMA MAYBE").errors
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "terror"]
    assert "1.14.13 B" in prompt.legal
    said = {tuple(v) if (v := dune.parse(state, "moritani", dune.bot_order(
        dune.view(state, "moritani"), prompt, random.Random(seed))).orders[0].value.get(
            "karama")) is not None else None for seed in range(30)}
    assert None in said and len(said) > 2
    for options in ({"moritani_text_b": True}, {"advanced": True}):
        other = set_up(new(options))
        other["phase"], other["step"], other["turn"] = "revival", {"done": False}, 1
        (error,) = dune.parse(other, "moritani", "TERROR KARAMA FOR Atreides").errors
        assert "1.14.13 B" in error.message


def test_001_2_12_20_assassinate_is_a_standing_word_of_the_advanced_game():
    """001 2.12.20 by mail: whom they assassinate is their standing word, an optional line of
    their decision (ASSASSINATE ALL the default), read back as written; refused in the basic
    game (2.12.01)."""
    state = set_up(new({"advanced": True}))
    state["phase"], state["step"], state["turn"] = "mentat_pause", {}, 1
    parsed = dune.parse(state, "moritani", "ASSASSINATE EXCEPT Atreides, Fremen")
    assert not parsed.errors
    (order,) = parsed.orders
    assert order.value["assassinate"] == {"*": True, "atreides": False, "fremen": False}
    assert moritani.text(state, order.value) == "ASSASSINATE EXCEPT Atreides, Fremen"
    assert dune.parse(state, "moritani", "ASSASSINATE ONLY Harkonnen").orders[0].value[
        "assassinate"] == {"*": False, "harkonnen": True}
    assert dune.parse(state, "moritani", "ASSASSINATE SOMETIMES").errors
    basic = set_up(new())
    basic["phase"], basic["step"], basic["turn"] = "mentat_pause", {}, 1
    (error,) = dune.parse(basic, "moritani", "ASSASSINATE ALL").errors
    assert "2.12.20" in error.message


def _lost_to(winner: str, leader: str) -> Outcome:
    return Outcome("battle", winner, "moritani", (), {winner: 5, "moritani": 0})


def test_001_2_12_20_once_against_each_faction_and_a_new_traitor_at_war_continues():
    """001 2.12.20: "This ability may only be used once against each faction in the game"; "set
    the revealed card aside face up as a marker, then draw a new Traitor Card" at War
    Continues: one card drawn for each revealed, once; the markers public; a leader the
    Moritani faced, or one in the tanks, is not assassinated."""
    state = set_up(new({"advanced": True}))
    own = state["factions"]["moritani"]
    harkonnen = [n for n in state["factions"]["harkonnen"]["leaders"]][:3]
    plans = {"harkonnen": {"leader": harkonnen[0]}, "moritani": {"leader": None}}
    own["traitors"] = [harkonnen[0]]
    assert assassins.battle_decided(state, "moritani", _lost_to("harkonnen", harkonnen[0]),
                                    plans) == []             # the leader they faced
    own["traitors"] = [harkonnen[1]]
    state["factions"]["harkonnen"]["leaders"][harkonnen[1]] = "tanks"
    assert assassins.battle_decided(state, "moritani", _lost_to("harkonnen", harkonnen[0]),
                                    plans) == []             # in the tanks
    state["factions"]["harkonnen"]["leaders"][harkonnen[1]] = "alive"
    (event,) = assassins.battle_decided(state, "moritani",
                                        _lost_to("harkonnen", harkonnen[0]), plans)
    assert event.code == "leader-assassinated" and own["traitors"] == []
    assert public_view(state)["factions"]["moritani"]["assassinations"] == {
        "harkonnen": harkonnen[1]}
    own["traitors"] = [harkonnen[2]]
    assert assassins.battle_decided(state, "moritani", _lost_to("harkonnen", harkonnen[0]),
                                    plans) == []             # once against each faction
    deck = len(state["decks"]["traitors"])
    own["traitors"] = []
    events = assassins.war_continues(state, "moritani")
    assert [e.code for e in events] == ["assassin-draws", "traitor"]
    assert events[1].to == ("moritani",) and len(own["traitors"]) == 1
    assert len(state["decks"]["traitors"]) == deck - 1
    assert assassins.war_continues(state, "moritani") == []


def test_001_2_12_04_05_the_bounty_board_of_text_b_gives_their_traitor():
    """001 2.12.04-05 (B): a random traitor card of each faction in play, their own included,
    unseen, makes the Bounty Board, out of the traitor deck; the Moritani draw two from it,
    keep one and shuffle the other back; nobody sees the Board's cards, the table how many."""
    state = new({"moritani_text_b": True})
    own = state["factions"]["moritani"]
    board = list(own["bounty_board"])
    assert len(own["traitor_draw"]) == 2 and len(board) == len(SEATS) - 2
    cards = board + own["traitor_draw"]
    assert sorted(data(state).leader(c).faction for c in cards) == sorted(
        sheet(s, state).name for s in SEATS)
    assert not set(cards) & set(state["decks"]["traitors"])
    for seat in SEATS:
        if seat != "moritani":
            assert len(state["factions"][seat]["traitor_draw"]) == 4
    state = set_up(state)
    kept = own_traitors = state["factions"]["moritani"]["traitors"]
    assert len(own_traitors) == 1 and kept[0] in cards
    assert sorted(state["factions"]["moritani"]["bounty_board"]) == sorted(
        c for c in cards if c not in kept)
    for seat in SEATS:                  # the Board's cards in no seat's view, the count public
        assert "bounty_board" not in seat_view(state, seat)["own"], seat
    assert public_view(state)["factions"]["moritani"]["bounty_board"] == len(SEATS) - 1
    text_a = set_up(new())
    assert "bounty_board" not in text_a["factions"]["moritani"]
    assert len(text_a["factions"]["moritani"]["traitors"]) == 1


def test_001_2_12_17_b_a_new_traitor_from_the_bounty_board_at_the_mentat_pause():
    """001 2.12.17 (B): "In the Mentat Pause Phase you may draw a new Traitor Card from the
    Bounty Board; if you have an unrevealed Traitor Card you must first set it aside, shuffle
    the Set Aside Traitor card into the Bounty Board after you have drawn the new one": by mail
    the line BOUNTY DRAW of their decision at War Continues; refused in the revival round and
    under text A."""
    state = set_up(new({"moritani_text_b": True}))
    state["phase"], state["step"], state["turn"] = "mentat_pause", {}, 1
    own = state["factions"]["moritani"]
    (held,) = own["traitors"]
    before = sorted([held, *own["bounty_board"]])
    (order,) = dune.parse(state, "moritani", "BOUNTY DRAW").orders
    assert order.value["bounty"] is True
    assert moritani.text(state, order.value) == "BOUNTY DRAW"
    events = factions.decide(state, "mentat_pause", order.prompt, order.value,
                             random.Random(3))
    assert [e.code for e in events if e.code.startswith("bounty")] == ["bounty-redraw"]
    (new_card,) = own["traitors"]
    assert held in own["bounty_board"] and new_card not in own["bounty_board"]
    assert sorted([new_card, *own["bounty_board"]]) == before
    state["phase"] = "revival"
    assert dune.parse(state, "moritani", "BOUNTY DRAW").errors
    text_a = set_up(new())
    text_a["phase"], text_a["step"], text_a["turn"] = "mentat_pause", {}, 1
    assert dune.parse(text_a, "moritani", "BOUNTY DRAW").errors


def test_001_2_12_04_17_b_the_bounty_board_s_cards_change_no_view_but_the_drawer_s():
    """The differential test of the Bounty Board (001 2.12.04: taken "without looking"): two
    games alike but for which cards lie on the Board, their count the same: every seat's view,
    the Moritani's too, and the public view are the same; after a BOUNTY DRAW at War Continues
    (2.12.17 B) only the Moritani's view differs (the card they drew), and the step's events
    differ only in what is told to them alone."""
    games = []
    for swap in (False, True):
        state = set_up(new({"moritani_text_b": True}))
        board, deck = state["factions"]["moritani"]["bounty_board"], state["decks"]["traitors"]
        if swap:                            # the Board's top card changed for one of the deck
            board[-1], deck[0] = deck[0], board[-1]
        state["phase"], state["step"], state["turn"] = "mentat_pause", {}, 1
        before = {seat: seat_view(state, seat) for seat in SEATS}
        (order,) = dune.parse(state, "moritani", "BOUNTY DRAW").orders
        events = factions.decide(state, "mentat_pause", order.prompt, order.value,
                                 random.Random(5))
        after = {seat: seat_view(state, seat) for seat in SEATS}
        games.append((before, after, public_view(state), events, board[-1:]))
    (before, after, public, events, _), (before2, after2, public2, events2, _) = games
    for seat in SEATS:
        assert str(before[seat]) == str(before2[seat]), seat
        if seat != "moritani":
            assert str(after[seat]) == str(after2[seat]), seat
    assert after["moritani"]["own"]["traitors"] != after2["moritani"]["own"]["traitors"]
    assert str(public) == str(public2)
    assert [(e.code, e.data) for e in events if e.to is None] == [
        (e.code, e.data) for e in events2 if e.to is None]
    assert {e.to for e in events if e.to is not None} == {("moritani",)}


def test_001_2_12_15_no_alliance_is_offered_to_ecaz_nor_to_their_ally():
    """001 2.12.15: "When a faction (other than Ecaz) would trigger a Terror token": Ecaz, and
    the Moritani's ally (who triggers none, 2.12.09), are asked no acceptance terms; nobody is
    while no Terror token lies on the board (public), nor outside the movement round."""
    seats = ["atreides", "ecaz", "harkonnen", "moritani"]
    state = GAME.setup("gf9", {"ecaz_moritani": True}, seats, step_rng("eome", 0))
    state["alliances"] = [["harkonnen", "moritani"]]
    assert not any(alliance.eligible(state, "moritani", s) for s in seats)
    token = tokens.find(state, "terror", "robbery")
    tokens.place(token, "moritani", tokens.BOARD, "Carthag", 11)
    assert [s for s in seats if alliance.eligible(state, "moritani", s)] == ["atreides"]
    state["phase"] = "movement"
    power = factions.power("moritani", state)
    asked = [PromptKey("move", s) for s in seats]
    assert power.standing_keys(state, [str(k) for k in asked]) == ["terror-alliance:atreides"]
    state["phase"] = "bidding"
    assert power.standing_keys(state, [str(k) for k in asked]) == []


def test_001_2_12_14_03_the_atomics_cut_the_moritani_and_their_ally_s_hand_limit():
    """001 2.12.14.03: "From this Turn forward, your hand limit is reduced by 1 (as well as your
    ally's)": one lower for the Moritani and their ally the Harkonnen (8 in GF9, 2.05.08);
    public."""
    state = new()
    assert factions.hand_limit(state, "moritani") == 4
    state["factions"]["moritani"]["atomics"] = True
    state["alliances"] = [["harkonnen", "moritani"]]
    assert [factions.hand_limit(state, s) for s in SEATS] == [4, 4, 4, 4, 7, 3]
    assert public_view(state)["factions"]["moritani"]["atomics"] is True
    assert factions.hand_limit(seat_view(state, "atreides"), "harkonnen") == 7


def test_001_2_12_14_03_an_ally_joining_after_the_atomics_discards_over_its_limit():
    """001 2.12.14.03: "your hand limit is reduced by 1 (as well as your ally's), discarding a
    random card if a hand exceeds the limit".  Ruling: a faction that becomes the Moritani's
    ally after their Atomics went off (here in a Nexus; ``Faction.allied``) has its limit cut
    then, and discards at random at once; an alliance without them discards nothing."""
    state = new()
    state["factions"]["moritani"]["atomics"] = True
    cards = ["Lasgun", "Chaumas", "Baliset", "Shield", "Snooper", "Crysknife", "Kulon", "Hajr"]
    state["factions"]["harkonnen"]["hand"] = list(cards)            # their limit 8, now 7
    state["factions"]["emperor"]["hand"] = cards[:4]                 # at their limit of 4
    state["phase"], state["step"] = "spice_blow", {}
    events = nexus.resolve(state, {"nexus:harkonnen": ["moritani"],
                                   "nexus:moritani": ["harkonnen"],
                                   "nexus:emperor": ["fremen"], "nexus:fremen": ["emperor"]})
    assert sorted(map(sorted, state["alliances"])) == [["emperor", "fremen"],
                                                      ["harkonnen", "moritani"]]
    assert [e.data["faction"] for e in events if e.code == "hand-limit-discard"] == ["harkonnen"]
    assert len(state["factions"]["harkonnen"]["hand"]) == 7
    assert state["factions"]["emperor"]["hand"] == cards[:4]


@pytest.mark.parametrize(("seed", "options", "style"), [
    (0, {}, "random"), (1, {}, "random"), (2, {}, "random"), (3, {"advanced": True}, "random"),
    (4, {"advanced": True, "moritani_text_b": True}, "random"),
    (5, {"advanced": True}, "basic"), (6, {"advanced": True, "moritani_text_b": True}, "basic")])
def test_001_2_12_a_bot_game_with_the_moritani_breaks_no_invariant(seed, options, style):
    """Whole GF9 games with the Moritani seated, basic and advanced, text A and (as far as it
    is built) text B, every decision the random or the basic bots', to their end: no invariant
    broken at any step."""
    rng = random.Random(seed)
    state = GAME.setup("gf9", {"ecaz_moritani": True, "turns": 4, **options}, SEATS,
                       step_rng("m", seed))
    step = 0
    while state["result"] is None:
        orders = {}
        for prompt in dune.prompts(state):
            text = dune.bot_order(dune.view(state, prompt.seat), prompt, rng, style)
            for order in dune.parse(state, prompt.seat, text).orders:
                if order.prompt == prompt.key:
                    orders[prompt.key] = order.value
        step += 1
        state, _ = dune.apply(state, orders, step_rng(str(seed), step))
        assert violations(state) == [], step
    assert step < 2000


def test_001_2_12_08_terrorize_sent_ahead_is_held_apart_from_the_revival_s_answers():
    """001 2.12.08 by mail: the Moritani's decision of the revival round (their standing
    answers, 2.12.09) and their Terrorize action at War Continues, both sent ahead in one mail
    (``FOR REVIVAL``, ``FOR MENTAT PAUSE``), are held under two names, each the name its
    decision opens with: the token placed at War Continues is not read (and refused) for the
    revival's decision, which took it and left War Continues with none (found by
    ``benchmarks/mail_rounds.py``'s reactive players: no Terror token ever placed by mail)."""
    state = set_up(new())
    coming = {d.header: d.prompt for d in decisions(state, "moritani")
              if d.prompt.kind == terror.KIND}
    assert set(coming) == {"REVIVAL", "MENTAT PAUSE"}
    assert coming["REVIVAL"].key != coming["MENTAT PAUSE"].key
    parsed = parse_mail(state, "moritani", "FOR REVIVAL\nTERROR NONE\nFOR MENTAT PAUSE\n"
                        "TERROR Robbery IN Carthag", turn.prompts(state))
    assert not parsed.errors
    held = {o.prompt: o.value["place"] for o in parsed.orders}
    assert held == {coming["REVIVAL"].key: None,
                    coming["MENTAT PAUSE"].key: ["robbery", "Carthag"]}
    for phase, header, step in ((terror.ANSWERS_ROUND, "REVIVAL", {"done": False}),
                                (terror.ROUND, "MENTAT PAUSE", {})):
        opened = copy_state(state)
        opened["phase"], opened["step"] = phase, step
        (prompt,) = [p for p in dune.prompts(opened) if p.kind == terror.KIND]
        assert prompt.held_as == coming[header].key
    order, _ = read_held(GAME, opened, prompt, "FOR MENTAT PAUSE\nTERROR Robbery IN Carthag")
    assert order.value["place"] == ["robbery", "Carthag"]


def test_001_2_12_14_07_b_an_ambush_in_a_territory_of_many_sectors_or_none():
    """001 2.12.14.07 (B: Ambush, Sneak Attack renamed; text B's tokens lie in any territory,
    2.12.08.01): up to 5 reserves "into that Territory ... subject to storm and occupancy
    limits": into a territory of several sectors, a sector the storm does not cover (the first
    such); into the Polar Sink, which lies in no sector; no stronghold, so no occupancy limit
    (self-play found the effect assuming a stronghold's one sector: ValueError, seed e31-5)."""
    state = set_up(new({"moritani_text_b": True}))
    board = data(state).board
    storm = state["storm"]["sector"]
    wide = next(t for t in board.territories if len(t.sectors) > 1 and t.sectors[0] == storm
                and not t.is_stronghold)
    reserve = state["factions"]["moritani"]["reserve"]["force"]
    for territory, sector in ((wide.name, wide.sectors[1]), ("Polar Sink", 0)):
        (token,) = [t for t in state["tokens"] if t["kind"] == terror.KIND
                    and t["value"] == "ambush"]
        (event,) = terror.EFFECTS["ambush"](state, "moritani", "atreides", territory, token)
        assert event.data == {"faction": "moritani", "territory": territory, "forces": 5}
        assert state["forces"][territory][str(sector)]["moritani"] == {"force": 5}
    assert state["factions"]["moritani"]["reserve"]["force"] == reserve - 10
