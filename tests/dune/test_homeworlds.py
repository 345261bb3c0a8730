"""Homeworlds (001 4.10, the gf9 option ``homeworlds``): each seated faction's homeworld on the
board layer, off the planet; the side of its card by the forces on it; its card's numbers as
cited data; bot games keeping every invariant; shipments to homeworlds by mail, echoed, refused
with the rule quoted, and shown in every seat's report.  The rules' scenario files are
``tests/dune/scenarios/gf9_4_10_*``; the map's, ``test_board_map.py``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import yaml
from dune_mail import game_at, send
from dune_rounds import bot_orders
from installation import Installation

from pbem import selfplay
from pbem.game import Event, load_game, step_rng
from pbem.games import dune
from pbem.games.dune import factions, variants
from pbem.games.dune.board import homeworlds, layer
from pbem.games.dune.factions import bene_gesserit_coexistence as coexistence
from pbem.games.dune.factions import bene_gesserit_voice as voice
from pbem.games.dune.factions import choam_multipurpose as multipurpose
from pbem.games.dune.factions import choam_tupile as tupile
from pbem.games.dune.factions import duke_vidal
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders.language import KINDS
from pbem.games.dune.scenario import load_scenario, run_scenario
from pbem.games.dune.state import data
from pbem.games.dune.variants import (
    caladan,
    facing,
    grumman,
    homeworld_move,
    junction,
    kaitain,
    richese_pick,
)
from pbem.games.dune.variants import homeworld_sends as sends
from pbem.games.dune.variants.homeworlds import Homeworlds
from pbem.templating import render

SIX = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]


def flat(mail: str) -> str:
    return re.sub(r"\s+", " ", mail)


def test_001_4_10_01_each_seated_factions_homeworld_is_a_place_off_the_planet():
    """4.10.01: each faction's homeworld holds its reserves; Salusa Secundus only in the
    advanced game (4.10.12 "Kaitain"), its Sardaukar kept there; 4.10.11: a homeworld touches
    no territory.  Without the option a game has no places at all."""
    basic = dune.setup("gf9", {"homeworlds": True}, ["atreides", "harkonnen", "emperor"],
                       step_rng("hw", 0))
    assert homeworlds.off_planet(basic) == ("Caladan", "Giedi Prime", "Kaitain")
    board = layer.board(basic)
    assert all(not board[name].borders for name in homeworlds.off_planet(basic))
    assert "places" not in dune.setup("gf9", {}, ["atreides", "harkonnen"], step_rng("hw", 0))
    advanced = dune.setup("gf9", {"homeworlds": True, "advanced": True},
                          ["emperor", "fremen"], step_rng("hw", 0))
    assert homeworlds.off_planet(advanced) == ("Kaitain", "Salusa Secundus", "Southern Hemisphere")
    kaitain, salusa = (homeworlds.home(advanced, n) for n in ("Kaitain", "Salusa Secundus"))
    assert homeworlds.kept(advanced, salusa) == {"sardaukar"}
    assert homeworlds.kept(advanced, kaitain) == {"force"}
    assert homeworlds.natives_on(advanced, salusa) == {"sardaukar": 5}


def test_001_4_10_12_01_the_card_turns_to_its_low_side_below_its_high_number():
    """4.10.12.01: "Low Threshold for when their reserves are less than the indicated number
    on the High Threshold side" (Caladan: 6)."""
    state = dune.setup("gf9", {"homeworlds": True}, ["atreides", "harkonnen"], step_rng("hw", 0))
    caladan = homeworlds.home(state, "Caladan")
    state["factions"]["atreides"]["reserve"] = {"force": 6}
    assert homeworlds.side(state, caladan) == homeworlds.HIGH
    state["factions"]["atreides"]["reserve"] = {"force": 5}
    assert homeworlds.side(state, caladan) == homeworlds.LOW
    assert homeworlds.low_bonus(state, "atreides") and not homeworlds.low_bonus(state,
                                                                                "harkonnen")


def test_001_4_10_12_every_homeworld_card_cites_its_section_of_001():
    """Each card's numbers come with their sources (docs/sources.md's keys), 001 4.10.12
    first; all twelve factions of 001 have theirs (Salusa Secundus the Emperor's second)."""
    state = dune.setup("gf9", {"homeworlds": True}, ["atreides", "harkonnen"], step_rng("hw", 0))
    places = [p for p in data(state).board.places if p.homeworld]
    assert len(places) == 13
    assert len({p.owner for p in places}) == 12
    for place in places:
        assert place.homeworld.sources[0].startswith("001 4.10.12"), place.name


def test_001_4_10_12_wallach_ix_occupied_the_voice_is_not_given_to_the_occupier_or_ally():
    """4.10.12 "Wallach IX" (Occupied): "Occupier and their ally are immune to the Voice": with
    the Harkonnen on Wallach IX and no Bene Gesserit there, the Voice is open against nobody of
    that alliance (a VOICE line is refused, not a decision open); the Fremen, not allied, are
    still voiced (the scenario ``gf9_4_10_12_wallach_ix_occupied_...`` plays the battle)."""
    state = dune.setup("gf9", {"homeworlds": True}, ["bene-gesserit", "harkonnen", "fremen",
                                                      "atreides"], step_rng("hw", 0))
    battle = {"aggressor": "bene-gesserit", "defender": "harkonnen"}
    assert voice.voicer(state, battle) == ("bene-gesserit", "harkonnen")
    bg = state["factions"]["bene-gesserit"]
    bg["reserve"], moved = {}, bg["reserve"]
    state["forces"]["Polar Sink"] = {"0": {"bene-gesserit": moved}}
    state["forces"]["Wallach IX"] = {"0": {"harkonnen": {"force": 1}}}
    state["factions"]["harkonnen"]["reserve"]["force"] -= 1
    state["alliances"] = [["harkonnen", "atreides"]]
    assert homeworlds.occupiers(state, homeworlds.home(state, "Wallach IX")) == ["harkonnen"]
    assert voice.voicer(state, battle) is None
    assert voice.voicer(state, {"aggressor": "bene-gesserit", "defender": "atreides"}) is None
    assert voice.voicer(state, {"aggressor": "fremen", "defender": "bene-gesserit"}) == (
        "bene-gesserit", "fremen")
    assert violations(state) == []


def test_001_4_10_12_wallach_ix_advisors_two_is_an_order_only_with_the_homeworld():
    """4.10.12 "Wallach IX" (High): "you may send 2": with the homeworld the policy's prompt
    offers ADVISORS TWO, reads it and writes it back (the echo); without homeworlds the line is
    refused, quoting the choices; both bots may choose it (the basic bot plays this kind as the
    random bot does)."""
    for options, offered in (({"homeworlds": True}, True), ({}, False)):
        state = load_scenario({
            "game": "dune", "seats": ["bene-gesserit", "emperor"], "ruleset": "gf9",
            "options": options, "seed": "advisors-two",
            "position": {"turn": 2, "phase": "movement", "storm": {"sector": 1}}}).state
        (prompt,) = [p for p in dune.prompts(state) if p.kind == "coexistence"]
        assert ("ADVISORS TWO" in prompt.legal) is offered
        parsed = dune.parse(state, "bene-gesserit", "ADVISORS TWO Emperor")
        assert (parsed.errors == []) is offered
        if offered:
            (order,) = parsed.orders
            assert order.value["advisors"] == {"emperor": "TWO"}
            assert order.text == "ADVISORS TWO Emperor"
            chosen = {coexistence.random_value(state, prompt, random.Random(seed))["advisors"]["*"]
                      for seed in range(40)}
            assert "TWO" in chosen
        else:
            assert "ADVISORS TWO" in str(parsed.errors[0])


def test_001_4_10_12_caladan_reinforce_is_a_standing_word_only_with_the_homeworld():
    """4.10.12 "Caladan" (High): "you may add one force": with the homeworld the Atreides'
    optional standing word rides on their mail round, is read and echoed, and both bots answer
    it (the basic bot as the random bot); without homeworlds it is not offered and the line is
    refused."""
    for options, offered in (({"homeworlds": True}, True), ({}, False)):
        state = load_scenario({
            "game": "dune", "seats": ["atreides", "emperor"], "ruleset": "gf9",
            "options": options, "seed": "caladan-word",
            "position": {"turn": 2, "phase": "movement", "storm": {"sector": 1}}}).state
        prompts = [p for p in dune.prompts(state) if p.kind == "caladan"]
        assert bool(prompts) is offered
        parsed = dune.parse(state, "atreides", "CALADAN REINFORCE")
        assert (parsed.errors == []) is offered
        if offered:
            (prompt,) = prompts
            assert prompt.optional and prompt.template == "CALADAN NONE"
            (order,) = parsed.orders
            assert order.value is True and order.text == "CALADAN REINFORCE"
            assert {caladan.read(state, prompt, ["none"]), caladan._random(
                state, prompt, random.Random(1)), caladan._random(
                state, prompt, random.Random(2))} == {False, True}
            assert "CALADAN REINFORCE" in str(dune.parse(state, "atreides",
                                                         "CALADAN MAYBE").errors[0])


def test_001_4_10_12_kaitain_discard_is_a_standing_word_only_with_the_homeworld():
    """4.10.12 "Kaitain" (High): "you may pay 2 spice per card to discard": with the homeworld
    the Emperor's optional standing word rides on their mail round, names the cards of their
    hand (commas or not), is echoed, and both bots answer it; a card not held is refused,
    quoting the choices; without homeworlds it is not offered."""
    for options, offered in (({"homeworlds": True}, True), ({}, False)):
        state = load_scenario({
            "game": "dune", "seats": ["atreides", "emperor"], "ruleset": "gf9",
            "options": options, "seed": "kaitain-word",
            "position": {"turn": 2, "phase": "bidding", "storm": {"sector": 1},
                         "factions": {"emperor": {"hand": ["Baliset", "Crysknife"]}}}}).state
        prompts = [p for p in dune.prompts(state) if p.kind == "kaitain"]
        assert bool(prompts) is offered
        parsed = dune.parse(state, "emperor", "KAITAIN DISCARD Baliset Crysknife")
        assert (parsed.errors == []) is offered
        if offered:
            (prompt,) = prompts
            assert prompt.optional and prompt.template == "KAITAIN NONE"
            (order,) = parsed.orders
            assert order.value == ["Baliset", "Crysknife"]
            assert order.text == "KAITAIN DISCARD Baliset, Crysknife"
            (error,) = dune.parse(state, "emperor", "KAITAIN DISCARD Lasgun").errors
            assert "KAITAIN DISCARD Baliset" in str(error)
            chosen = [kaitain._random(state, prompt, random.Random(seed)) for seed in range(30)]
            assert [] in chosen and any(chosen)


def test_001_4_10_12_every_card_effect_reads_in_the_report():
    """Each event of the cards' effects has its own words in the report (4.10.12), and the
    spiritual advisor's line reads as before when one goes (the stored games' reports)."""
    events = [
        Event("payment-halved", {"faction": "emperor", "homeworld": "Kaitain", "paid": 5,
                                 "spice": 2, "to": "harkonnen"}),
        Event("payment-halved", {"faction": "guild", "homeworld": "Junction", "paid": 5,
                                 "spice": 2, "to": "bank"}),
        Event("occupier-free-card", {"faction": "atreides", "from": "harkonnen"}),
        Event("homeworld-picked", {"faction": "atreides", "seller": "richese"}),
        Event("homeworld-moved", {"faction": "emperor", "forces": {"sardaukar": 4},
                                  "from": "Salusa Secundus", "to": "Kaitain"}),
        Event("occupier-half", {"faction": "atreides", "from": "richese", "homeworld": "Richese",
                                "paid": 5, "spice": 2}),
        Event("homeworld-reinforced", {"faction": "atreides", "territory": "The Great Flat",
                                       "forces": {"force": 1}}),
        Event("homeworld-revival", {"faction": "ixians", "homeworld": "Ix",
                                    "forces": {"suboid": 2}}),
        Event("homeworld-discards", {"faction": "emperor", "cards": ["Baliset", "Kulon"],
                                     "spice": 4}),
        Event("homeworld-sent", {"faction": "fremen", "territory": "Sietch Tabr",
                                 "forces": {"fedaykin": 1}}),
        Event("poison-bounty", {"faction": "ecaz", "homeworld": "Ecaz", "spice": 3,
                                "cards": ["Chaumas"]}),
        Event("tupile-question", {"faction": "choam", "of": "harkonnen"}),
        Event("tupile-answer", {"faction": "harkonnen", "spice": 7, "weapons": 1,
                                "defenses": 2}),
        Event("hand-limit-discard", {"faction": "atreides", "card": "Shield", "rule": "4.10.12"}),
        Event("advisor-sent", {"with": "harkonnen", "territory": "Polar Sink", "count": 2}),
        Event("advisor-sent", {"with": "harkonnen", "territory": "Polar Sink"}),
        Event("duke-vidal-taken", {"faction": "atreides", "why": "occupied"}),
        Event("duke-vidal-aside", {"faction": "atreides", "why": "occupied"}),
        Event("duke-vidal-taken", {"faction": "atreides", "why": "occupied-tanks"}),
        Event("homeworld-token", {"faction": "moritani", "territory": "Arrakeen", "added": True,
                                  "spice": 4, "kind": "Terror token"}),
        Event("homeworld-token", {"faction": "moritani", "territory": "Carthag",
                                  "added": False, "spice": 4, "kind": "Terror token"})]
    text = flat(render("dune", "events.txt.j2", seat=None, events=events))
    for words in ("only half of a payment of 5 spice, Kaitain on its Low Threshold side: 2 to "
                  "Harkonnen, occupying it", "2 to the bank",
                  "the free card the Harkonnen would draw",
                  "1 force from their reserves to The Great Flat",
                  "free with the Cyborgs paid for, Ix on its High Threshold side",
                  "Baliset, Kulon for 4 spice to the bank as the bidding ends",
                  "the Harkonnen tell them their spice and how many weapons",
                  "revived at once in Sietch Tabr",
                  "3 spice from the bank for the poison weapons discarded (Chaumas)",
                  "hold 7 spice, 1 weapon and 2 defenses",
                  "Shield at random, over their hand limit (001 4.10.12)",
                  "send 2 spiritual advisors to Polar Sink",
                  "send a spiritual advisor to Polar Sink",
                  "they occupy the Ecaz homeworld, to the end of the turn (001 4.10.12 \"Ecaz\")",
                  "at the end of the turn the Ecaz homeworld was occupied",
                  "revived from the tanks by them, occupying the Ecaz homeworld",
                  "add a Terror token face down to Arrakeen, and take 4 spice from the bank",
                  "take a Terror token face down off the board from Carthag, back behind their "
                  "shield, and take 4 spice",
                  "choose the card of the Richese's cache they sell this round",
                  "4 forces (4 starred) of their reserves from Salusa Secundus to Kaitain, their",
                  "Richese, take 2 of the 5 spice paid to the Richese for a card of their cache"):
        assert words in text, words


def test_001_4_10_12_tupile_ask_is_offered_once_a_faction_on_the_low_side():
    """4.10.12 "Tupile" (Low): the question is offered while CHOAM may put it (Tupile on its
    Low side, not occupied, a faction on it), read and echoed, answered by both bots; once
    asked, that faction is no longer offered and the line is refused, quoting the choices."""
    state = load_scenario({
        "game": "dune", "seats": ["harkonnen", "choam"], "ruleset": "gf9",
        "options": {"choam_richese": True, "homeworlds": True}, "seed": "tupile-word",
        "position": {"turn": 3, "phase": "storm", "storm": {"sector": 1, "dialers": [
            "harkonnen", "choam"]}, "forces": {"Tupile": {"harkonnen": 1},
                                               "Carthag": {"choam": 15}}}}).state
    (prompt,) = [p for p in dune.prompts(state) if p.kind == "tupile"]
    assert prompt.optional and prompt.options["targets"] == ["harkonnen"]
    (order,) = [o for o in dune.parse(state, "choam", "TUPILE ASK Harkonnen").orders]
    assert order.value == "harkonnen" and order.text == "TUPILE ASK Harkonnen"
    assert {tupile._random(state, prompt, random.Random(seed)) for seed in range(20)} == {
        None, "harkonnen"}
    state["factions"]["choam"]["tupile_asked"] = ["harkonnen"]
    assert not [p for p in dune.prompts(state) if p.kind == "tupile"]
    assert tupile.askable(state, "choam") == []
    state["factions"]["choam"]["tupile_asked"] = []
    state["forces"]["Carthag"] = {"0": {"choam": {"mercenary": 20}}}     # Tupile occupied:
    state["factions"]["choam"]["reserve"] = {}                          # no CHOAM there
    assert homeworlds.occupier_of(state, "choam") == ["harkonnen"]
    assert tupile.askable(state, "choam") == []


@pytest.mark.parametrize("seat, word, options, position, place, refused", [
    ("fremen", "FEDAYKIN", {"advanced": True}, {"Sietch Tabr": {"fremen": [5, 1]}},
     "Sietch Tabr", "Giedi Prime"),
    ("tleilaxu", "TLEILAX", {"ixians_tleilaxu": True}, {"Sietch Tabr": {"tleilaxu": 3}},
     "Giedi Prime", None)], ids=["southern-hemisphere", "tleilax"])
def test_001_4_10_12_send_words_are_standing_words_only_with_the_homeworld(
        seat, word, options, position, place, refused):
    """4.10.12 "Southern Hemisphere" (High): the Fedaykin "placed immediately into any
    territory where you have forces"; "Tleilax" (High): "to any one territory or homeworld":
    with the homeworld the faction's optional standing word rides on its mail round, names a
    place (the Fremen's never a homeworld: refused, quoting the choices), is echoed, and both
    bots answer it (the basic bot as the random bot); without homeworlds it is not offered."""
    for hw, offered in (({"homeworlds": True}, True), ({}, False)):
        state = load_scenario({
            "game": "dune", "seats": [seat, "harkonnen"], "ruleset": "gf9",
            "options": {**options, **hw}, "seed": "send-word",
            "position": {"turn": 2, "phase": "bidding", "storm": {"sector": 1, "marker": 2},
                         "forces": position}}).state
        prompts = [p for p in dune.prompts(state) if p.kind == word.lower()]
        assert bool(prompts) is offered
        parsed = dune.parse(state, seat, f"{word} TO {place}")
        assert (parsed.errors == []) is offered
        if offered:
            (prompt,) = prompts
            assert prompt.optional and prompt.template == f"{word} NONE"
            (order,) = parsed.orders
            assert order.value == place and order.text == f"{word} TO {place}"
            assert {sends._random(state, prompt, random.Random(seed))
                    for seed in range(20)} == {None, "Sietch Tabr"}
            if refused:
                (error,) = dune.parse(state, seat, f"{word} TO {refused}").errors
                assert f"{word} TO Sietch Tabr" in str(error) and "4.10.11" in str(error)


def test_001_4_10_bots_play_games_with_homeworlds_keeping_every_invariant():
    """Random legal play with homeworlds, basic and advanced, every step's invariants checked
    and the game replayed exactly from its log."""
    for seed, options in ((1, {"homeworlds": True, "turns": 3}),
                          (2, {"homeworlds": True, "advanced": True, "turns": 3})):
        rng = random.Random(seed)
        state = first = dune.setup("gf9", options, SIX, step_rng(str(seed), 0))
        batches = []
        while dune.result(state) is None:
            batches.append(bot_orders(state, rng))
            state, _ = dune.apply(state, batches[-1], step_rng(str(seed), len(batches)))
            assert violations(state) == [], len(batches)
        assert homeworlds.off_planet(state)
        again = first
        for step, orders in enumerate(batches, 1):
            again, _ = dune.apply(again, orders, step_rng(str(seed), step))
        assert again == state


EVERY = {"homeworlds": True, "ixians_tleilaxu": True, "choam_richese": True,
         "ecaz_moritani": True, "turns": 5}


def test_001_4_10_12_09_the_basic_bots_occupy_empty_homeworlds_breaking_no_invariant():
    """The basic bots, six factions with homeworlds, advanced: each step's invariants checked
    (``homeworlds`` among them); a homeworld left empty by its faction draws a force for its
    occupier income (``basic_bot._empty_homeworld``), taken in Spice Collection."""
    summary = selfplay.play_games(load_game("dune"), "gf9",
                                  {"homeworlds": True, "advanced": True, "turns": 6}, 3,
                                  "hw-basic", seats=SIX, style="basic",
                                  count=("occupier-income", "homeworld-charity"))
    assert summary.games == 3 and summary.violations == []
    assert summary.counts["occupier-income"] > 0


def test_001_4_10_01_games_of_every_faction_with_homeworlds_break_no_invariant():
    """Bot games of both styles, basic and advanced, seats drawn from all twelve factions of
    the expansions, with homeworlds: the Ixians' HMS and Ix both theirs (``layer.owned``: the
    places on the planet), no invariant broken."""
    for style in ("random", "basic"):
        for advanced in (False, True):
            summary = selfplay.play_games(load_game("dune"), "gf9",
                                          {**EVERY, "advanced": advanced}, 3,
                                          f"hw-every-{style}-{advanced}", style=style)
            assert summary.games == 3 and summary.violations == [], summary.violations


SHIPPING = {
    "game": "dune", "seats": ["atreides", "harkonnen"], "ruleset": "gf9",
    "options": {"homeworlds": True},
    "seed": "hw-mail",
    "position": {"turn": 2, "phase": "movement",
                 "storm": {"sector": 1, "dialers": ["atreides", "harkonnen"]},
                 "forces": {"Arrakeen": {"atreides": 10}, "Carthag": {"harkonnen": 10}},
                 "factions": {"atreides": {"spice": 10}}}}


def test_001_4_10_06_a_shipment_to_a_homeworld_by_mail_is_echoed_and_shown_to_all(tmp_path):
    """4.10.06-07 by mail: the Atreides' shipment from Caladan to Giedi Prime is echoed with
    its cost; a shipment to their own homeworld is refused, the bad line quoted with 4.10.04;
    the Harkonnen's report shows the invaders on Giedi Prime and both cards' sides."""
    site = Installation(tmp_path, maps=False)
    game_at(site, SHIPPING)
    refused = flat(send(site, "atreides", "SHIP 2 TO Caladan"))
    assert "SHIP 2 TO Caladan" in refused and "001 4.10.04" in refused
    answer = flat(send(site, "atreides", "SHIP 3 TO Giedi Prime\nPASS"))
    assert "SHIP 3 TO Giedi Prime" in answer
    report = flat(send(site, "harkonnen", "STATUS"))
    assert "Homeworlds, each faction's reserves on its own (001 4.10.01):" in report
    assert "Giedi Prime, of the Harkonnen: High Threshold (7 or more for High" in report
    assert "Caladan, of the Atreides: High Threshold" in report


def test_001_4_10_06_a_shipment_to_a_homeworld_sent_ahead_is_held_and_filed(tmp_path):
    """Orders ahead: in the revival round the Atreides send their shipment to Giedi Prime
    under ``FOR MOVEMENT``; it is held, and filed when their turn opens: 3 forces land there at
    3 spice (4.10.06-07) without asking them again."""
    site = Installation(tmp_path, maps=False)
    revival = {**SHIPPING, "position": {
        **SHIPPING["position"], "phase": "revival", "storm": {"sector": 5},
        "factions": {"atreides": {"spice": 10, "tanks": 2}}}}
    game_at(site, revival)
    answer = flat(send(site, "atreides", "REVIVE 2\nFOR MOVEMENT\nSHIP 3 TO Giedi Prime"))
    assert "held for your shipment and movement" in answer
    state = site.record("dune-1").state
    while state["phase"] == "movement" and "Giedi Prime" not in state["forces"]:
        send(site, "harkonnen", "PASS")
        state = site.record("dune-1").state
    assert state["forces"]["Giedi Prime"] == {"0": {"atreides": {"force": 3}}}
    assert state["factions"]["atreides"]["spice"] == 7


def test_001_4_10_a_worthless_card_s_use_names_a_territory_of_the_planet_only():
    """001 2.09.08 with 4.10: the bots' use of a Worthless card naming a territory where its
    player has forces picks one of Arrakis, never a homeworld off it (self-play found the
    random bot's choice asking the printed map for Junction)."""
    state = dune.setup("gf9", {"homeworlds": True, "choam_richese": True},
                       ["choam", "harkonnen", "guild"], step_rng("hw", 0))
    state["forces"]["Junction"] = {"1": {"choam": {"force": 2}}}    # occupying the Guild's
    view = load_game("dune").view(state, "choam")
    assert "Junction" in view["forces"] and "Junction" not in data(state).board
    for seed in range(5):
        value = multipurpose.use_of(view, multipurpose.BALISET, random.Random(seed))
        assert value is None or value["territory"] in data(state).board


def test_001_4_10_12_ecaz_occupied_duke_vidal_stays_with_the_occupier_to_the_turns_end():
    """4.10.12 "Ecaz" (Occupied): the occupier "gains Duke Vidal ..., overriding Ecaz and
    Moritani's Duke Vidal advantage": held by the occupier, neither the Moritani's two battles
    (2.12.17) nor the Ecaz Ambassador (2.11.17.12) take him; as the turn ends he is set aside
    (ruling), the invariants holding throughout."""
    state = load_scenario({
        "game": "dune", "seats": ["atreides", "moritani", "ecaz"], "ruleset": "gf9",
        "options": {"ecaz_moritani": True, "homeworlds": True}, "seed": "vidal-occupied",
        "position": {"turn": 3, "phase": "movement", "storm": {"sector": 1},
                     "forces": {"Ecaz": {"atreides": 1}, "Sietch Tabr": {"ecaz": 20}}}}).state
    hooks = Homeworlds()
    (taken,) = hooks.phase_ends(state, random.Random(0))
    assert taken.code == "duke-vidal-taken" and taken.data == {"faction": "atreides",
                                                               "why": "occupied"}
    assert duke_vidal.take(state, "moritani", duke_vidal.MENTAT_PAUSE, "battles") == []
    assert duke_vidal.take(state, "ecaz", duke_vidal.BATTLE, "ambassador") == []
    assert duke_vidal.at(state) == "atreides" and violations(state) == []
    state["phase"] = "mentat_pause"                     # the turn's last phase
    assert [e.code for e in hooks.phase_ends(state, random.Random(0))] == ["duke-vidal-aside"]
    assert duke_vidal.at(state) == duke_vidal.ASIDE and violations(state) == []


def test_issue_29_the_homeworld_words_are_the_variants_not_the_factions():
    """The cards' standing words (4.10.12 "Caladan", "Kaitain", "Southern Hemisphere",
    "Tleilax") are asked and carried out through the homeworlds variant's hooks: no faction
    class overrides a hook for them (Caladan's after a battle, Kaitain's as a phase ends), and
    without the option no variant in play asks any."""
    seats = ["atreides", "emperor", "fremen", "tleilaxu"]
    game = dune.setup("gf9", {"ixians_tleilaxu": True}, seats, step_rng("hw", 0))
    words = ("standing_prompts", "standing_keys", "standing_decision")
    for seat, hooks in zip(seats, ((*words, "after_battle"), (*words, "phase_ends"), words,
                                   words), strict=True):
        cls = type(factions.power(seat, game))
        for hook in hooks:
            assert getattr(cls, hook) is getattr(factions.Faction, hook), (seat, hook)
    kinds = {"caladan", "kaitain", "fedaykin", "tleilax"}
    for options, asked in (({"homeworlds": True, "advanced": True, "ixians_tleilaxu": True},
                            kinds), ({"advanced": True, "ixians_tleilaxu": True}, set())):
        state = load_scenario({
            "game": "dune", "seats": seats, "ruleset": "gf9", "options": options,
            "seed": "words", "position": {
                "turn": 2, "phase": "revival", "storm": {"sector": 1, "marker": 1},
                "factions": {seat: {"tanks": 1} for seat in seats}}}).state
        assert {p.kind for p in dune.prompts(state)} & kinds == asked
        assert bool(variants.in_play(state)) is bool(asked)


def test_001_4_10_12_kaitain_discards_a_poison_weapon_that_ecaz_are_paid_for():
    """4.10.12 "Kaitain" (High) discards as the bidding ends; "Ecaz" (High) pays 3 spice "each
    time a poison weapon is discarded": a Chaumas so discarded is counted in the same phase's
    end (the variant's words carried out before the bounty)."""
    state = load_scenario({
        "game": "dune", "seats": ["emperor", "ecaz", "atreides"], "ruleset": "gf9",
        "options": {"ecaz_moritani": True, "homeworlds": True}, "seed": "kaitain-poison",
        "position": {"turn": 2, "phase": "bidding", "storm": {"sector": 1},
                     "factions": {"emperor": {"hand": ["Chaumas"], "spice": 5},
                                  "ecaz": {"spice": 0}}}}).state
    hooks = Homeworlds()
    hooks.phase_begins(state)
    kaitain.given(state, "emperor", ["Chaumas"])
    codes = [e.code for e in hooks.phase_ends(state, random.Random(0))]
    assert codes == ["homeworld-discards", "poison-bounty"]
    assert state["factions"]["ecaz"]["spice"] == 3 and state["factions"]["emperor"]["spice"] == 3


def test_001_4_10_12_grumman_word_is_a_standing_word_only_with_the_homeworld():
    """4.10.12 "Grumman" (High): "You may add a Terror token ... or remove a Terror token":
    with the homeworld the Moritani's optional standing word rides on their mail round, names
    their tokens to them alone, is read and echoed, and both bots answer it; a token not theirs
    there is refused, quoting the choices; without homeworlds it is not offered."""
    for options, offered in (({"ecaz_moritani": True, "homeworlds": True}, True),
                             ({"ecaz_moritani": True}, False)):
        state = load_scenario({
            "game": "dune", "seats": ["atreides", "moritani"], "ruleset": "gf9",
            "options": options, "seed": "grumman-word",
            "position": {"turn": 2, "phase": "revival", "storm": {"sector": 1},
                         "factions": {s: {"tanks": 1} for s in ("atreides", "moritani")},
                         "tokens": {"Sabotage": {"owner": "moritani", "at": "Arrakeen",
                                                 "face": "down"}}}}).state
        prompts = [p for p in dune.prompts(state) if p.kind == "grumman"]
        assert bool(prompts) is offered
        parsed = dune.parse(state, "moritani", "GRUMMAN ADD Robbery TO Arrakeen")
        assert (parsed.errors == []) is offered
        if offered:
            (prompt,) = prompts
            assert prompt.seat == "moritani" and prompt.optional
            assert prompt.template == "GRUMMAN NONE" and "Sabotage in Arrakeen" in prompt.legal
            (order,) = parsed.orders
            assert order.value == {"add": "Robbery", "to": "Arrakeen"}
            assert order.text == "GRUMMAN ADD Robbery TO Arrakeen"
            (order,) = dune.parse(state, "moritani", "grumman remove sabotage").orders
            assert order.text == "GRUMMAN REMOVE Sabotage"
            (error,) = dune.parse(state, "moritani", "GRUMMAN REMOVE Robbery").errors
            assert "GRUMMAN REMOVE Sabotage" in str(error)
            chosen = [grumman._random(state, prompt, random.Random(seed)) for seed in range(30)]
            assert None in chosen and {"remove": "Sabotage"} in chosen
            assert {"add", "to"} in [set(c) for c in chosen if c]


def test_001_4_10_12_grumman_token_added_is_told_to_no_other_seat():
    """The differential test of 4.10.12 "Grumman" (High): the same position with the Moritani's
    word adding the Robbery or the Atomics beside the Sabotage in Arrakeen; as the Spice
    Collection round ends every other seat reads the same events and the same view, the
    Moritani's own view differing (the token face down, 2.12.06)."""
    seen = []
    for token in ("Robbery", "Atomics"):
        state = load_scenario({
            "game": "dune", "seats": ["atreides", "harkonnen", "moritani"], "ruleset": "gf9",
            "options": {"ecaz_moritani": True, "homeworlds": True}, "seed": "grumman-secret",
            "position": {"turn": 2, "phase": "mentat_pause", "storm": {"sector": 1},
                         "tokens": {"Sabotage": {"owner": "moritani", "at": "Arrakeen",
                                                 "face": "down"}}}}).state
        state["phase"] = "collection"          # the round's end, which asks nobody anything
        word = grumman.given(state, "moritani", {"add": token, "to": "Arrakeen"})
        assert [e.to for e in word] == [("moritani",)]
        events = Homeworlds().phase_ends(state, random.Random(0))
        assert [e.code for e in events] == ["homeworld-token"]
        assert token not in json.dumps(events[0].data)
        assert violations(state) == []
        seen.append({seat: (dune.seat_view(state, seat),
                            [(e.code, e.data) for e in word + events
                             if not e.to or seat in e.to]) for seat in state["seats"]})
    one, other = seen
    assert one["atreides"] == other["atreides"] and one["harkonnen"] == other["harkonnen"]
    assert one["moritani"] != other["moritani"]


def test_001_4_10_12_ix_occupied_the_supply_chain_is_the_occupiers_alone():
    """4.10.12 "Ix" (Occupied): "Occupier takes control of your Bidding advantage" (2.07.08):
    the row with its card more is named in the occupier's prompt alone, the Ixians' view shows
    none of it and they are asked nothing, TECHNOLOGY (2.07.23, advanced) included (ruling);
    both bots answer the occupier's prompt from it."""
    state = load_scenario({
        "game": "dune", "seats": ["atreides", "ixians"], "ruleset": "gf9",
        "options": {"ixians_tleilaxu": True, "homeworlds": True, "advanced": True},
        "seed": "ix-occupied",
        "position": {"turn": 2, "phase": "bidding", "storm": {"sector": 1},
                     "forces": {"Ix": {"atreides": 1}, "Carthag": {"ixians": [13, 7]}},
                     "factions": {"ixians": {"hand": ["Chaumas"]}},
                     "decks": {"treachery": ["Lasgun", "Baliset", "Shield"]}}}).state
    prompts = {p.key: p for p in dune.prompts(state)}
    assert not [k for k in prompts if k.endswith(":ixians")]
    supply = prompts["supply:atreides"]
    assert "Baliset" in supply.legal and "Lasgun" in supply.legal
    assert "stock" not in dune.seat_view(state, "ixians")["own"]
    view = dune.seat_view(state, "atreides")
    assert dune.basic_order(view, supply, random.Random(0)).startswith("SUPPLY ")
    card, end = KINDS["supply"].random(view, supply, random.Random(0))
    assert card in state["step"]["row"] and end in ("TOP", "BOTTOM")


def test_001_4_10_12_ecaz_low_facing_is_a_standing_word_only_with_the_homeworld():
    """4.10.12 "Ecaz" (Low): "your opponent chooses which one of you fights": with the
    homeworld every other faction's optional standing word rides on its mail round, names Ecaz
    or their ally, is read and echoed, and both bots answer it; another faction is refused,
    quoting the choices; Ecaz are not offered it, nor anyone without homeworlds."""
    for options, offered in (({"ecaz_moritani": True, "homeworlds": True}, True),
                             ({"ecaz_moritani": True}, False)):
        state = load_scenario({
            "game": "dune", "seats": ["atreides", "harkonnen", "ecaz"], "ruleset": "gf9",
            "options": options, "seed": "facing-word",
            "position": {"turn": 2, "phase": "revival", "storm": {"sector": 1},
                         "alliances": [["atreides", "ecaz"]],
                         "factions": {s: {"tanks": 1} for s in ("atreides", "harkonnen",
                                                                "ecaz")}}}).state
        prompts = {p.seat: p for p in dune.prompts(state) if p.kind == "facing"}
        assert set(prompts) == ({"atreides", "harkonnen"} if offered else set())
        parsed = dune.parse(state, "harkonnen", "FACING Atreides")
        assert (parsed.errors == []) is offered
        if offered:
            prompt = prompts["harkonnen"]
            assert prompt.optional and prompt.template == "FACING NONE"
            (order,) = parsed.orders
            assert order.value == "atreides" and order.text == "FACING Atreides"
            (error,) = dune.parse(state, "harkonnen", "FACING Harkonnen").errors
            assert error.line == "FACING Harkonnen" and error.valid == ("Ecaz", "Atreides")
            chosen = {facing._random(state, prompt, random.Random(seed)) for seed in range(30)}
            assert chosen == {None, "atreides", "ecaz"}


def test_001_4_10_12_ecaz_occupied_only_the_occupier_revives_duke_vidal():
    """4.10.12 "Ecaz" (Occupied): the occupier "may revive him from the Tanks", "overriding
    Ecaz and Moritani's Duke Vidal advantage" (2.11.23): while Ecaz is occupied their REVIVE
    LEADER Duke Vidal is refused and the occupier's read; unoccupied, the other way round."""
    for occupied in (True, False):
        forces = {"Ecaz": {"atreides": 1}, "Sietch Tabr": {"ecaz": 20}} if occupied else {}
        state = load_scenario({
            "game": "dune", "seats": ["atreides", "harkonnen", "ecaz"], "ruleset": "gf9",
            "options": {"ecaz_moritani": True, "homeworlds": True}, "seed": "vidal-revival",
            "position": {"turn": 2, "phase": "revival", "storm": {"sector": 5},
                         "forces": forces, "factions": {"atreides": {"spice": 7},
                                                        "ecaz": {"spice": 7}},
                         "duke_vidal": {"at": "tanks"}}}).state
        for seat, may in (("atreides", occupied), ("ecaz", not occupied)):
            parsed = dune.parse(state, seat, "REVIVE LEADER Duke Vidal")
            assert (parsed.errors == []) is may, (occupied, seat, parsed.errors)


SCENARIOS = Path(__file__).parent / "scenarios"
RICHESE_OCCUPIED = "gf9_4_10_12_richese_occupied_the_occupier_picks_the_card_and_takes_half.yaml"


def _richese_occupied(options: dict, word: str | None = None, steps: int = 1) -> dict:
    """The scenario of 4.10.12 "Richese" (Occupied), with these options, the Atreides' word
    beside their storm dial (None: none) and its first ``steps`` mail rounds."""
    scenario = yaml.safe_load((SCENARIOS / RICHESE_OCCUPIED).read_text())
    scenario["options"] = options
    if not options.get("homeworlds"):
        scenario["position"]["forces"]["Carthag"] = scenario["position"]["forces"].pop("Richese")
    scenario["orders"] = scenario["orders"][:steps]
    scenario["orders"][0]["atreides"] = "DIAL 1" + (f"\n{word}" if word else "")
    scenario.pop("expect")
    return scenario


def test_001_4_10_12_richese_occupied_sell_is_a_standing_word_only_of_the_occupier():
    """4.10.12 "Richese" (Occupied): "Occupier chooses which Richese Treachery Card is sold":
    the occupier alone is offered the optional standing word, the cache listed in its prompt;
    it is read and echoed, a card outside the cache refused quoting the choices, and both bots
    answer it; nobody is offered it without the homeworlds."""
    for options, offered in (({"choam_richese": True, "homeworlds": True}, True),
                             ({"choam_richese": True}, False)):
        state = load_scenario(_richese_occupied(options)).state
        prompts = [p for p in dune.prompts(state) if p.kind == richese_pick.KIND]
        assert [p.seat for p in prompts] == (["atreides"] if offered else [])
        parsed = dune.parse(state, "atreides", "RICHESE SELL Ornithopter")
        assert (parsed.errors == []) is offered
        if not offered:
            continue
        (prompt,) = prompts
        assert prompt.optional and prompt.template == "RICHESE NONE"
        assert "Ornithopter" in prompt.legal and "Mirror Weapon" in prompt.legal
        (order,) = parsed.orders
        assert order.text == "RICHESE SELL Ornithopter"
        assert data(state).treachery_card(order.value).name == "Ornithopter"
        (error,) = dune.parse(state, "atreides", "RICHESE SELL Lasgun").errors
        assert "RICHESE SELL Distrans" in str(error)
        assert dune.parse(state, "emperor", "RICHESE SELL Ornithopter").errors
        view = dune.seat_view(state, "atreides")
        chosen = {richese_pick._random(view, prompt, random.Random(seed)) for seed in range(30)}
        assert None in chosen and chosen - {None} <= set(state["decks"]["richese_cache"])
        assert dune.basic_order(view, prompt, random.Random(0)) is None   # as the random bot
        texts = {KINDS[richese_pick.KIND].text(state, card) for card in chosen}
        assert "RICHESE NONE" in texts and any(t.startswith("RICHESE SELL ") for t in texts)


def test_001_4_10_12_richese_occupied_the_occupiers_pick_is_told_to_no_other_seat():
    """The differential test of 4.10.12 "Richese" (Occupied): the same game with the
    occupier's word naming the Ornithopter, the Mirror Weapon or none; until the Richese's
    card is put up (public) every other seat reads the same events, prompts and view, the
    occupier's own differing; the Richese's choice of how and when stands."""
    seen = []
    for word in ("RICHESE SELL Ornithopter", "RICHESE SELL Mirror Weapon", None):
        result = run_scenario(_richese_occupied({"choam_richese": True, "homeworlds": True},
                                                word))
        state = result["state"]
        assert violations(state) == []
        seen.append({seat: (dune.seat_view(state, seat),
                            [(e["code"], e["data"]) for e in result["events"][1]
                             if not e["to"] or seat in e["to"]],
                            [p for p in dune.prompts(state) if p.seat == seat])
                     for seat in state["seats"]})
    for seat in ("emperor", "richese"):
        assert seen[0][seat] == seen[1][seat] == seen[2][seat]
    assert seen[0]["atreides"] != seen[1]["atreides"] != seen[2]["atreides"]
    sold = [run_scenario(_richese_occupied({"choam_richese": True, "homeworlds": True},
                                           word, steps=2))["state"]["step"]["offer"]
            for word in ("RICHESE SELL Mirror Weapon", None)]
    assert [o["card"] for o in sold] == ["Mirror Weapon", "Distrans"]
    assert sold[0]["kind"] == sold[1]["kind"] == "silent"


SALUSA_MOVE = "gf9_4_10_12_salusa_secundus_the_emperor_move_sardaukar_to_kaitain.yaml"


def _salusa(options: dict, emperor: str, steps: int = 2) -> dict:
    """The scenario of 4.10.12 "Salusa Secundus"'s move, with these options and the Emperor's
    mail of their turn, its first ``steps`` mail rounds."""
    scenario = yaml.safe_load((SCENARIOS / SALUSA_MOVE).read_text())
    scenario["options"] = options
    scenario["orders"] = scenario["orders"][:steps]
    if steps > 1:
        scenario["orders"][1]["emperor"] = emperor
    scenario.pop("expect")
    return scenario


def _standing_word(state, kind: str, seat: str, offered: bool, line: str, template: str):
    """A homeworld's standing word asked of ``seat`` (optional, ``template`` its default) and
    ``line`` read, exactly when ``offered``; its prompt and the order read, else None."""
    prompts = [p for p in dune.prompts(state) if p.kind == kind]
    assert [p.seat for p in prompts] == ([seat] if offered else [])
    parsed = dune.parse(state, seat, line)
    assert (parsed.errors == []) is offered
    if not offered:
        return None
    (prompt,) = prompts
    assert prompt.optional and prompt.template == template
    (order,) = parsed.orders
    return prompt, order


def test_001_4_10_12_salusa_secundus_move_is_a_standing_word_only_with_two_homeworlds():
    """4.10.12 "Salusa Secundus": "the Emperor can use their Movement to Move forces from
    Kaitain to Salusa Secundus (or vice versa)": with both homeworlds (the advanced game) the
    Emperor's optional standing word is offered, read and echoed, a place not theirs refused
    quoting the choices, and both bots answer it; nobody is offered it with one homeworld, nor
    without the homeworlds."""
    for options, offered in (({"homeworlds": True, "advanced": True}, True),
                             ({"homeworlds": True}, False), ({"advanced": True}, False)):
        state = run_scenario(_salusa(options, "", steps=1))["state"]     # the Emperor's turn
        found = _standing_word(state, homeworld_move.KIND, "emperor", offered,
                               "SALUSA MOVE 2 1* TO Salusa", "SALUSA NONE")
        if not offered:
            continue
        prompt, order = found
        assert order.value == {"forces": {"force": 2, "sardaukar": 1}, "to": "Salusa Secundus"}
        assert order.text == "SALUSA MOVE 2 1* TO Salusa Secundus"
        (error,) = dune.parse(state, "emperor", "SALUSA MOVE 2 TO Caladan").errors
        assert "SALUSA MOVE 1 TO Kaitain" in str(error)
        assert dune.parse(state, "atreides", "SALUSA MOVE 2 TO Kaitain").errors
        view = dune.seat_view(state, "emperor")
        chosen = [homeworld_move._random(view, prompt, random.Random(seed)) for seed in range(30)]
        assert None in chosen and {c["to"] for c in chosen if c} <= {"Kaitain", "Salusa Secundus"}
        assert dune.basic_order(view, prompt, random.Random(0)) is None   # as the random bot


def test_001_4_10_12_salusa_secundus_the_move_spends_the_emperors_movement():
    """4.10.12 "Salusa Secundus": the move "use[s] their Movement": carried out after a turn
    moving nothing on the planet, Salusa Secundus then on its Low side (4.10.12.01-02), and
    spent; a turn that moves forces on the planet moves none and the word stands (ruling); the
    forces moved leave the reserves last (ruling), and go back home as the word says."""
    options = {"homeworlds": True, "advanced": True}
    state = run_scenario(_salusa(options, "SHIP 1 TO Carthag\nSALUSA MOVE 4* TO Kaitain"))[
        "state"]
    kaitain, salusa = (homeworlds.home(state, n) for n in ("Kaitain", "Salusa Secundus"))
    assert homeworlds.natives_on(state, kaitain) == {"force": 5, "sardaukar": 4}
    assert homeworlds.natives_on(state, salusa) == {"sardaukar": 1}
    assert homeworlds.side(state, salusa) == homeworlds.LOW
    assert homeworlds_move_word(state) is None and violations(state) == []
    state["factions"]["emperor"]["reserve"]["sardaukar"] = 3      # two shipped: Salusa's first
    assert homeworlds.natives_on(state, salusa) == {"sardaukar": 0}
    assert homeworlds.natives_on(state, kaitain) == {"force": 5, "sardaukar": 3}
    moved = run_scenario(_salusa(options, "MOVE 2 FROM Arrakeen TO Imperial Basin SECTOR 10\n"
                                          "SALUSA MOVE 4* TO Kaitain"))["state"]
    assert homeworlds.natives_on(moved, homeworlds.home(moved, "Salusa Secundus")) == {
        "sardaukar": 5}
    assert homeworlds_move_word(moved) == {"forces": {"sardaukar": 4}, "to": "Kaitain"}
    events = homeworld_move.given(state, "emperor", {"forces": {"sardaukar": 2},
                                                    "to": "Salusa Secundus"})
    assert [e.to for e in events] == [("emperor",)]
    (back,) = homeworld_move.turn_taken(state, "emperor", [])
    assert back.data == {"faction": "emperor", "forces": {"sardaukar": 2}, "from": "Kaitain",
                         "to": "Salusa Secundus"}
    assert homeworlds.natives_on(state, salusa) == {"sardaukar": 2}
    assert homeworlds.natives_on(state, kaitain) == {"force": 5, "sardaukar": 1}


def homeworlds_move_word(state: dict) -> dict | None:
    """The Emperor's word on the move, as kept in their sheet."""
    return state["factions"]["emperor"].get(homeworld_move.KIND)


def test_001_4_10_12_salusa_secundus_the_word_is_told_to_no_other_seat():
    """The differential test of 4.10.12 "Salusa Secundus": the same game with the Emperor's
    word on the move sent with their shipment or not, up to their turn: the Atreides read the
    same events, prompts and view; the move, made after the turn, is public."""
    seen = []
    for word in ("\nSALUSA MOVE 4* TO Kaitain", ""):
        scenario = _salusa({"homeworlds": True, "advanced": True}, "", steps=1)
        scenario["position"]["phase"] = "storm"
        scenario["position"]["storm"]["dialers"] = ["atreides", "emperor"]
        scenario["orders"] = [{"atreides": "DIAL 1", "emperor": "DIAL 2" + word}]
        result = run_scenario(scenario)
        state = result["state"]
        seen.append({seat: (dune.seat_view(state, seat),
                            [(e["code"], e["data"]) for e in result["events"][1]
                             if not e["to"] or seat in e["to"]],
                            [p for p in dune.prompts(state) if p.seat == seat])
                     for seat in state["seats"]})
    assert seen[0]["atreides"] == seen[1]["atreides"]
    assert seen[0]["emperor"] != seen[1]["emperor"]


JUNCTION_HIGH = "gf9_4_10_12_junction_high_the_guild_ship_another_faction_cross_planet.yaml"


def _junction(options: dict, word: str, steps: int = 1, guild_on_junction: int = 10) -> dict:
    """The scenario of 4.10.12 "Junction" (High) at a table with the Harkonnen too, the Guild's
    word beside their revival, its first ``steps`` mail rounds."""
    scenario = yaml.safe_load((SCENARIOS / JUNCTION_HIGH).read_text())
    scenario["options"] = options
    scenario["seats"] = ["atreides", "harkonnen", "guild"]
    scenario["position"]["forces"]["Carthag"] = {"harkonnen": 10}
    scenario["position"]["forces"]["Tuek's Sietch"] = {"guild": 20 - guild_on_junction}
    scenario["orders"] = scenario["orders"][:steps]
    scenario["orders"][0]["guild"] = "REVIVE 0" + (f"\n{word}" if word else "")
    scenario.pop("expect")
    return scenario


def _terms(state: dict, seat: str) -> str:
    return " ".join(p.legal for p in dune.prompts(state) if p.seat == seat)


def test_001_4_10_12_junction_offer_is_a_standing_word_only_with_the_homeworld():
    """4.10.12 "Junction" (High): "You may offer to ship other factions cross-planet
    (half-price or full)": with the homeworld the Guild's optional standing word rides on their
    mail round, is read and echoed, a bad one refused quoting the choices, and both bots answer
    it; nobody is offered it without the homeworlds."""
    for options, offered in (({"homeworlds": True}, True), ({}, False)):
        scenario = _junction(options, "")
        if not offered:
            scenario["position"]["forces"].pop("Tuek's Sietch")
        state = load_scenario(scenario).state
        found = _standing_word(state, junction.KIND, "guild", offered,
                               "JUNCTION OFFER FULL TO Atreides", "JUNCTION NONE")
        if not offered:
            continue
        prompt, order = found
        assert order.value == {"rate": "full", "to": ["atreides"]}
        assert order.text == "JUNCTION OFFER FULL TO Atreides"
        (error,) = dune.parse(state, "guild", "JUNCTION OFFER SOME").errors
        assert "JUNCTION OFFER HALF" in str(error)
        assert dune.parse(state, "atreides", "JUNCTION OFFER HALF").errors
        view = dune.seat_view(state, "guild")
        chosen = [junction._random(view, prompt, random.Random(seed)) for seed in range(30)]
        assert None in chosen and {c["rate"] for c in chosen if c} == {"half", "full"}
        assert dune.basic_order(view, prompt, random.Random(0)) is None   # as the random bot


def test_001_4_10_12_junction_high_only_the_factions_offered_ship_cross_planet():
    """4.10.12 "Junction" (High): the faction offered ships cross-planet at the rate offered,
    paid to the Guild, its shipping terms saying so; one not named, or any with Junction on its
    Low side (4 Guild forces there), is refused as before."""
    options = {"homeworlds": True}
    ship = "SHIP 3 FROM Arrakeen TO Carthag"
    state = run_scenario(_junction(options, "JUNCTION OFFER FULL TO Atreides"))["state"]
    assert "Spacing Guild offer you their cross-planet shipment" in _terms(state, "atreides")
    assert "cross-planet" not in _terms(state, "harkonnen")
    assert dune.parse(state, "harkonnen", "SHIP 3 FROM Carthag TO Arrakeen").errors
    assert dune.parse(state, "atreides", ship).errors == []
    assert dune.parse(state, "atreides", "SHIP 1 FROM Arrakeen TO Giedi Prime").errors == []
    assert dune.parse(state, "atreides", "SHIP 1 FROM Arrakeen TO Caladan").errors   # 4.10.04
    after = run_scenario({**_junction(options, "JUNCTION OFFER FULL TO Atreides", steps=2)})
    own = after["state"]["factions"]
    assert (own["atreides"]["spice"], own["guild"]["spice"]) == (7, 8)    # 3 at full price
    low = run_scenario(_junction(options, "JUNCTION OFFER HALF", guild_on_junction=4))["state"]
    assert dune.parse(low, "atreides", ship).errors
    assert "cross-planet" not in _terms(low, "atreides")


def test_001_4_10_12_junction_offer_is_told_to_no_other_seat():
    """The differential test of 4.10.12 "Junction" (High): the same game with the Guild's offer
    to the Atreides or none; the Harkonnen read the same events, prompts and view, the Atreides'
    shipping terms differing."""
    seen = []
    for word in ("JUNCTION OFFER HALF TO Atreides", ""):
        result = run_scenario(_junction({"homeworlds": True}, word))
        state = result["state"]
        seen.append({seat: (dune.seat_view(state, seat),
                            [(e["code"], e["data"]) for e in result["events"][1]
                             if not e["to"] or seat in e["to"]],
                            [p for p in dune.prompts(state) if p.seat == seat])
                     for seat in state["seats"]})
    assert seen[0]["harkonnen"] == seen[1]["harkonnen"]
    assert seen[0]["atreides"] != seen[1]["atreides"]
    assert seen[0]["guild"] != seen[1]["guild"]
