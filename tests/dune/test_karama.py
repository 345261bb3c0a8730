"""Karama cards outside battle (000 player aid B.6, lines 946-975; XVII, lines 523-528; the
shields' Karama lines; WBC clarification XVII, lines 1334-1360, and the player-aid
clarifications, lines 1386-1412; Q&A XXV.A.4, A.7, A.8): the cards a faction may play as a
Karama, the bidding round's KARAMA lines, the movement round's, and the spice blow's Karama
against the Fremen's worm.  The rulings are pinned by the scenarios karama_a*, karama_b6b4_*,
qa_a7_*, harkonnen_karama_*, wbc_xvii_the_fremen_*, wbc_player_aid_15_*."""

from __future__ import annotations

import json
import random

import pytest
from dune_rounds import mail_round
from dune_seats import SEAT_FACTIONS

from pbem.game import Event, waiting_for
from pbem.games import dune
from pbem.games.dune.cards import bidding_karama, karama, move_karama
from pbem.games.dune.data import Ability
from pbem.games.dune.orders.language import KINDS
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.view import seat_view
from pbem.templating import environment

AT, BG, EM, FR, GU, HA = SEAT_FACTIONS


def position(seats, phase, hands, ruleset="classic", forces=None, turn=2, **extra):
    """A phase entered at the given position (storm at sector 1: classic storm order is the
    seats' order)."""
    options = extra.pop("options", {})
    return load_scenario({
        "game": "dune", "seats": list(seats), "ruleset": ruleset, "options": options,
        "seed": "karama",
        "position": {"turn": turn, "phase": phase, "storm": {"sector": 1},
                     "forces": forces or {},
                     "factions": {seat: {"hand": cards, **extra.pop(seat, {})}
                                  for seat, cards in hands.items()}, **extra}}).state


def step(state, **texts):
    """One mail round: the given orders by seat (``_`` for ``-``), defaults for the rest."""
    return mail_round(state, texts, 7)


def codes(events):
    return [e.code for e in events]


def refused(state, seat, text):
    (error,) = dune.parse(state, seat, text).errors
    return error


# --- the cards played as a Karama
def test_player_aid_a7_the_bene_gesserit_worthless_cards_count_only_with_the_special_powers():
    """Player aid A.7 (line 932) "(Optional Rule)"; shield line 788 and B.6.B.4 (line 970):
    the Bene Gesserit's special Karama power (XVII): a worthless card as a Karama, spent before
    their Karama card (ruling, karama.py).  Nobody else's worthless cards count."""
    hand = ["Karama #1", "Baliset"]
    assert karama.cards_for("classic", hand, BG, karama_powers=True) == ["Baliset", "Karama #1"]
    assert karama.cards_for("classic", hand, BG, karama_powers=False) == ["Karama #1"]
    assert karama.cards_for("classic", hand, AT, karama_powers=True) == ["Karama #1"]


def test_wbc_player_aid_6_each_karama_use_takes_a_card():
    """WBC line 1386: "once" is once per Karama played: two lines need two cards."""
    state = position([AT, EM], "bidding", {AT: ["Shield"], EM: ["Karama"]})
    error = refused(state, EM, "KARAMA PRESCIENCE\nKARAMA SPICE DECK")
    assert error.code == "not-enough-cards"


# --- the bidding round
def test_qa_a4_a_karama_stops_the_atreides_seeing_every_card_left_this_turn():
    """Player aid B.6.A.1 (line 950); WBC line 1388; Q&A XXV.A.4 (line 634): all the cards up
    for bid; played when the card up is sold, so from the next card on."""
    state = position([AT, EM, HA], "bidding", {AT: ["Shield"], EM: ["Karama"], HA: ["Snooper"]},
                     decks={"treachery": ["Lasgun", "Hajr", "Ghola"]})
    assert seat_view(state, AT)["own"]["up_for_bid"] == ["Lasgun"]
    (prompt,) = [p for p in dune.prompts(state) if p.key == "karama:emperor"]
    assert "KARAMA PRESCIENCE" in prompt.legal and "KARAMA SPICE DECK" in prompt.legal
    state, events = step(state, emperor="KARAMA PRESCIENCE", atreides="BID 1")
    assert "karama" in codes(events) and "card-seen" not in codes(events)
    assert "up_for_bid" not in seat_view(state, AT)["own"]
    state, events = step(state, harkonnen="BID 1")
    assert "card-up" in codes(events) and "card-seen" not in codes(events)
    assert not any(p.key.startswith("karama:") for p in dune.prompts(state))


def test_karama_a1_no_prescience_line_in_the_whole_round_mode_and_for_the_last_card():
    """The whole_round mode shows the Atreides every card at once, before any Karama; per card
    the line is offered only while a card is still to come."""
    whole = position([AT, EM], "bidding", {AT: ["Shield"], EM: ["Karama"]},
                     options={"bidding": "whole_round"})
    (prompt,) = [p for p in dune.prompts(whole) if p.kind == "bidding-karama"]
    assert "PRESCIENCE" not in prompt.legal and "SPICE DECK" in prompt.legal
    last = position([AT, EM], "bidding", {AT: ["Shield", "Snooper", "Kulon", "Baliset"],
                                          EM: ["Karama"]})          # one card dealt
    assert bidding_karama.uses(last, EM) == ["spice-deck"]


def test_karama_a1_the_spice_deck_look_is_prevented_for_this_turn_only():
    """WBC line 1388: "prevent looking at the next spice blow card this turn"."""
    state = position([AT, EM], "bidding", {AT: ["Shield"], EM: ["Karama"]})
    state, events = step(state, emperor="KARAMA SPICE DECK")
    assert karama.prevented(state, Ability.PRESCIENCE_SPICE_DECK)
    state["turn"] += 1
    assert not karama.prevented(state, Ability.PRESCIENCE_SPICE_DECK)


def test_karama_a2_the_free_card_karama_waits_for_the_harkonnen_to_buy():
    """WBC line 1410: "any time before the identity of the free card is seen": the Karama
    stands ready and is played only when the Harkonnen buy a card with room for a free one."""
    state = position([AT, EM, HA], "bidding", {AT: ["Shield"], EM: ["Karama"], HA: ["Snooper"]},
                     decks={"treachery": ["Lasgun", "Hajr", "Ghola"]})
    state, events = step(state, emperor="KARAMA FREE CARD", atreides="BID 1")
    assert "karama" not in codes(events) and state["factions"][EM]["hand"] == ["Karama #1"]
    assert "free-card" not in bidding_karama.uses(state, EM)     # standing ready already
    state, events = step(state, harkonnen="BID 1")
    assert "karama" in codes(events) and "free-card" not in codes(events)
    assert state["factions"][HA]["hand"] == ["Snooper #1", "Hajr"]


def test_qa_a7_a_cancelled_worthless_karama_bid_is_void_and_both_cards_are_discarded():
    """Player aid B.6.A.3 (line 954); WBC line 1398; Q&A XXV.A.7 (line 640): both cards are
    discarded; the card goes as if the Bene Gesserit had passed (ruling, bidding_karama.py)."""
    state = position([BG, EM, AT], "bidding", {BG: ["Baliset"], EM: ["Karama"], AT: ["Shield"]},
                     options={"karama_powers": True},
                     decks={"treachery": ["Lasgun", "Hajr", "Ghola"]})
    state, events = step(state, bene_gesserit="BID KARAMA", emperor="KARAMA WORTHLESS",
                         atreides="BID 2")
    assert codes(events)[:3] == ["karama", "karama-cancelled", "card-sold"]
    sold = next(e for e in events if e.code == "card-sold")
    assert sold.data["buyer"] == AT and not sold.data["karama"]
    assert {"Baliset", "Karama #1"} <= set(state["decks"]["treachery_discard"])


def test_karama_lines_are_played_after_the_sale_with_the_cards_left():
    """A faction that bids Karama and plays its only Karama on a KARAMA line too: the sale
    takes the card; the line is not played and the faction is told."""
    state = position([AT, EM], "bidding", {AT: ["Shield"], EM: ["Karama"]},
                     decks={"treachery": ["Lasgun", "Hajr"]})
    state, events = step(state, emperor="BID KARAMA\nKARAMA PRESCIENCE")
    (unplayed,) = [e for e in events if e.code == "karama-unplayed"]
    assert unplayed.to == (EM,) and unplayed.data == {"use": "prescience"}


def test_wbc_xvii_the_harkonnen_steal_then_give_back_as_many_from_their_original_hand():
    """Harkonnen shield (line 886); WBC clarification XVII (lines 1336-1346): at random, then
    seen, then as many given back from the Harkonnen's original hand; meanwhile the round
    waits and the cards lie aside (the invariants count them)."""
    state = position([AT, HA], "bidding", {AT: ["Lasgun", "Shield", "Stunner"],
                                           HA: ["Karama", "Baliset", "Kulon"]},
                     options={"karama_powers": True},
                     decks={"treachery": ["Hajr", "Ghola"]})
    error = refused(state, HA, "KARAMA STEAL 3 FROM Atreides")
    assert error.code == "out-of-range" and error.valid == ("1 to 2",)
    state, events = step(state, harkonnen="KARAMA STEAL 2 FROM Atreides")
    stolen = next(e for e in events if e.code == "stolen")
    assert stolen.to == (HA,) and len(stolen.data["cards"]) == 2
    assert state["step"]["aside"] == stolen.data["cards"]
    (prompt,) = dune.prompts(state)
    assert prompt.key == "steal-return:harkonnen" and prompt.default == ["Baliset", "Kulon"]
    error = refused(state, HA, "RETURN Baliset")
    assert error.code == "return-count"
    errors = dune.parse(state, HA, "RETURN Hajr\nRETURN Baliset").errors
    assert errors[0].code == "not-in-hand" and errors[0].valid == ("RETURN Baliset",
                                                                   "RETURN Kulon")
    state, events = step(state, harkonnen="RETURN kulon\nRETURN Baliset")
    assert sorted(state["factions"][HA]["hand"]) == sorted(stolen.data["cards"])
    assert len(state["factions"][AT]["hand"]) == 3
    assert {"Kulon", "Baliset"} <= set(state["factions"][AT]["hand"])
    received = next(e for e in events if e.code == "cards-received")
    assert received.to == (AT,)


def test_bidding_karama_orders_print_canonically_and_refuse_what_is_not_open():
    state = position([AT, HA, EM], "bidding", {AT: ["Shield"], HA: ["Karama", "Baliset"],
                                               EM: ["Snooper"]},
                     options={"karama_powers": True})
    kind = KINDS["bidding-karama"]
    (prompt,) = [p for p in dune.prompts(state) if p.key == "karama:harkonnen"]
    for text in ("KARAMA NONE", "KARAMA PRESCIENCE", "KARAMA STEAL 1 FROM Emperor"):
        value = kind.combine(state, prompt, [kind.read(state, prompt, text.split()[1:])])
        assert kind.text(state, value) == text
    error = refused(state, HA, "KARAMA FREE CARD")      # their own free card
    assert error.code == "karama" and "KARAMA PRESCIENCE" in error.valid
    assert refused(state, HA, "KARAMA PRESCIENCE\nKARAMA PRESCIENCE").code == "twice"


@pytest.mark.parametrize("mode", ["per_card", "whole_round"])
def test_bots_play_legal_bidding_karamas(mode):
    state = position([AT, BG, HA], "bidding", {AT: ["Karama"], BG: ["Baliset"],
                                               HA: ["Karama", "Kulon"]},
                     options={"karama_powers": True, "bidding": mode})
    for seed in range(30):
        for prompt in dune.prompts(state):
            text = dune.bot_order(seat_view(state, prompt.seat), prompt, random.Random(seed))
            assert not dune.parse(state, prompt.seat, text).errors, text


def test_a_faction_that_may_bid_only_with_its_karama_is_not_waited_for():
    """000 player aid B.6.A (BID KARAMA, line 958) by mail: a faction with no spice is asked
    for a bid only when it holds a Karama, so that bid is optional (``Prompt.optional``): the
    others read the same "Waiting for" with the card or a worthless one (the review's D5)."""
    waited = {}
    for card in ("Karama #1", "Baliset"):
        state = position([AT, FR, HA], "bidding", {AT: ["Shield #1"], FR: [], HA: [card]},
                         harkonnen={"spice": 0}, decks={"treachery": ["Lasgun", "Hajr", "Ghola"]})
        state, _ = step(state, harkonnen="BID 2", fremen="BID 1")     # 2 spice of charity
        assert state["factions"][HA]["spice"] == 0
        waited[card] = waiting_for(dune.prompts(state), set())
    assert waited["Karama #1"] == waited["Baliset"] == [AT, FR]


# --- the movement round
def movement(seats, forces, hands, **extra):
    return position(seats, "movement", hands, forces=forces, **extra)


def test_wbc_player_aid_11_an_advisor_karama_waits_for_an_advisor():
    """WBC line 1396: "immediately after the advisor is announced": a KARAMA ADVISOR for a
    shipment the Bene Gesserit send no advisor with is not played."""
    state = movement([HA, AT, BG], {"Carthag": {HA: 10}, "Arrakeen": {AT: 10}},
                     {HA: ["Karama"], AT: ["Shield"], BG: ["Snooper"]})
    error = refused(state, HA, "KARAMA ADVISOR Bene Gesserit")
    assert error.code == "faction-not-allowed"
    state, events = step(state, harkonnen="SHIP 2 TO Carthag\nKARAMA ADVISOR Atreides",
                         bene_gesserit="ADVISORS NONE Harkonnen\nADVISORS SINK")
    assert "karama" not in codes(events) and "advisor-sent" not in codes(events)
    assert state["step"]["no_advisor"] == [[HA, AT]]
    state, events = step(state, atreides="SHIP 1 TO Arrakeen")
    assert "karama" in codes(events) and "advisor-sent" not in codes(events)
    assert state["factions"][HA]["hand"] == []


def test_player_aid_b6a6_karama_guild_only_before_the_guilds_place_and_while_it_chooses():
    """WBC line 1408: "any time before the player who would move after the Guild has begun
    his turn": in the sequential mode, in the turn of a faction before the Guild's place."""
    forces = {"Carthag": {HA: 10}, "Tuek's Sietch": {GU: 5}, "Arrakeen": {AT: 10}}
    hands = {HA: ["Snooper"], GU: ["Shield"], AT: ["Karama"]}
    state = movement([HA, GU, AT], forces, hands, options={"advantages": True})
    state, _ = step(state, guild="DEFER LAST")
    state, _ = step(state, harkonnen="PASS")
    error = refused(state, AT, "KARAMA GUILD")
    assert error.code == "karama" and "before their place in storm order" in error.message
    unforced = movement([HA, GU, AT], forces, hands)      # no advantages: the Guild keep place
    assert "guild" not in move_karama.uses(unforced, AT)


def test_player_aid_b6a6_batched_karama_guild_is_played_only_against_a_timing():
    """Batched: the Guild's TIMING would take them out of their place: the first KARAMA GUILD
    in storm order is played and they move in storm order; a timing that keeps their place
    costs nobody a card."""
    forces = {"Carthag": {HA: 10}, "Tuek's Sietch": {GU: 5}, "Arrakeen": {AT: 10}}
    hands = {HA: ["Karama"], GU: ["Shield"], AT: ["Karama"]}
    options = {"advantages": True, "movement": "batched"}
    state = movement([HA, GU, AT], forces, hands, options=options)
    after, events = step(state, harkonnen="PASS\nKARAMA GUILD", atreides="PASS\nKARAMA GUILD",
                         guild="PASS\nTIMING LAST")
    turns = [e.data["faction"] for e in events if e.code == "turn"]
    assert turns == [HA, GU, AT] and codes(events)[0] == "karama"
    assert after["factions"][HA]["hand"] == [] and after["factions"][AT]["hand"] == ["Karama #2"]
    kept, events = step(state, harkonnen="PASS\nKARAMA GUILD", guild="PASS\nTIMING AFTER Harkonnen")
    assert "karama" not in codes(events) and kept["factions"][HA]["hand"] == ["Karama #1"]


def test_wbc_xvii_the_fremen_karama_worm_spares_their_allies_and_brings_no_nexus():
    """Fremen shield (lines 838, 840); Q&A XXV.A.8: no Nexus; the Polar Sink is never reached;
    only the Fremen, with the special Karama powers and a Karama card (not a worthless one)."""
    forces = {"Sietch Tabr": {FR: 10}, "The Great Flat": {HA: 3, AT: 2}, "Carthag": {HA: 5}}
    hands = {FR: ["Karama"], HA: ["Snooper"], AT: ["Shield"]}
    state = movement([FR, HA, AT], forces, hands, options={"karama_powers": True},
                     alliances=[[FR, AT]])
    assert refused(state, FR, "KARAMA WORM Polar Sink").code == "territory-not-allowed"
    state, events = step(state, fremen="KARAMA WORM The Great Flat")
    devoured = next(e for e in events if e.code == "worm-devoured")
    assert devoured.data["forces"] == {HA: {"force": 3}} and "nexus" not in codes(events)
    assert state["worms"] == 1
    plain = movement([FR, HA], {"Sietch Tabr": {FR: 10}}, {FR: ["Karama"], HA: ["Snooper"]})
    assert refused(plain, FR, "KARAMA WORM The Great Flat").code == "karama"


def test_wbc_player_aid_12_a_cancelled_worthless_karama_ship_pays_the_usual_rate():
    """A KARAMA WORTHLESS standing ready cancels the Bene Gesserit's worthless card on their
    KARAMA SHIP: both cards discarded, the shipment at the usual rate (ruling, karama.py)."""
    forces = {"Carthag": {HA: 10}, "Polar Sink": {BG: 1}}
    state = movement([HA, BG], forces, {HA: ["Karama"], BG: ["Baliset"]},
                     options={"karama_powers": True})
    state, _ = step(state, harkonnen="PASS\nKARAMA WORTHLESS")
    state, events = step(state, bene_gesserit="KARAMA SHIP 4 TO Arrakeen")
    assert codes(events)[1:4] == ["karama", "karama-cancelled", "shipment"]
    shipment = next(e for e in events if e.code == "shipment")
    assert shipment.data["cost"] == 4 and not shipment.data["karama"]
    assert state["factions"][BG]["spice"] == 1


def test_movement_karama_lines_read_and_print_canonically():
    forces = {"Carthag": {HA: 10}, "Tuek's Sietch": {GU: 5}, "Polar Sink": {BG: 1}}
    state = movement([HA, GU, BG], forces, {HA: ["Karama #1", "Karama #2"], GU: ["Shield"],
                                            BG: ["Baliset"]},
                     options={"advantages": True, "karama_powers": True})
    state, _ = step(state, guild="DEFER")
    (prompt,) = [p for p in dune.prompts(state) if p.seat == HA]
    assert all(line in prompt.legal for line in ("KARAMA ADVISOR", "KARAMA GUILD",
                                                 "KARAMA WORTHLESS"))
    parsed = dune.parse(state, HA, "karama advisor\nkarama guild")
    assert [o.text for o in parsed.orders if o.prompt == "move:harkonnen"] == [
        "PASS\nKARAMA ADVISOR Harkonnen\nKARAMA GUILD"]
    assert refused(state, HA, "KARAMA GUILD\nKARAMA GUILD").code == "twice"


# --- the spice blow: the Fremen's control of a worm
def spice_blow(hands, forces, **extra):
    return position([AT, HA, FR], "spice_blow", hands, forces=forces, turn=3,
                    decks={"spice_discard": ["Red Chasm"], "spice": ["Shai-Hulud", "Old Gap"]},
                    **extra)


def test_player_aid_b6a4_the_control_karama_is_asked_only_when_it_matters():
    """Only when the Fremen or their allies are where the worm is (or placed it); never the
    Fremen themselves; after the Nexus, before the worm eats (WBC line 1404)."""
    hands = {AT: ["Karama"], HA: ["Karama"], FR: ["Shield"]}
    away = spice_blow(hands, {"Red Chasm": {HA: 3}, "Sietch Tabr": {FR: 5}})
    state, _ = step(away)                                 # the Nexus
    assert state["phase"] == "bidding"
    there = spice_blow(hands, {"Red Chasm": {HA: 3, FR: 5}})
    state, _ = step(there)
    assert [p.key for p in dune.prompts(state) if p.kind == "worm-karama"] == [
        "worm-karama:atreides", "worm-karama:harkonnen"]
    state, events = step(state, atreides="KARAMA CONTROL", harkonnen="KARAMA CONTROL")
    assert codes(events)[:2] == ["karama", "worm-devoured"]
    assert state["factions"][HA]["hand"] == ["Karama #2"]     # the first in storm order plays
    ally = spice_blow(hands, {"Red Chasm": {HA: 3}, "Sietch Tabr": {FR: 5}},
                      alliances=[[FR, HA]])
    state, _ = step(ally)                     # the Fremen's ally is there: any other may play
    assert [p.seat for p in dune.prompts(state)] == [AT, HA]


# --- the events
def test_every_karama_and_card_event_renders_in_its_own_words():
    template = environment("dune").get_template("events.txt.j2")
    samples = [
        ("weather-control", {"faction": EM, "sectors": 4}),
        ("family-atomics", {"faction": HA, "killed": {EM: {"force": 3}}}),
        ("karama", {"faction": EM, "use": "prescience", "worthless": False}),
        ("karama", {"faction": BG, "use": None, "worthless": True}),
        ("karama-cancelled", {"faction": EM, "of": BG}),
        ("karama-unplayed", {"use": "steal"}),
        ("cards-stolen", {"faction": HA, "from": AT, "count": 2}),
        ("stolen", {"from": AT, "cards": ["Lasgun", "Shield #1"]}),
        ("cards-taken", {"faction": HA, "cards": ["Lasgun"]}),
        ("cards-given-back", {"faction": HA, "to": AT, "count": 1}),
        ("cards-received", {"faction": HA, "cards": ["Kulon"]}),
        ("truthtrance", {"faction": AT, "asked": HA, "question": "Do you hold a lasgun?"}),
        ("truthtrance-answer", {"faction": HA, "asker": AT, "answer": None}),
        ("truthtrance-unplayed", {}),
    ]
    for uses in (move_karama.LINES, bidding_karama.USES, {"control": ""}):
        samples += [("karama", {"faction": AT, "use": use, "worthless": False}) for use in uses
                    if use != "worthless"]       # that Karama's event is karama-cancelled
    for code, data_ in samples:
        json.dumps(data_)
        text = template.render(events=[Event(code, data_)], seat=None)
        assert text.strip() and f"{code.replace('-', ' ')}: " not in text, (code, text)
