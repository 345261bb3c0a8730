"""The shipment and movement round (000 IX.C, lines 321-349; XII.E.4-5; XV.B; the shields; WBC
clarifications IX, XV and XVII): what the parser refuses and what it says is legal, the mail
modes' prompts, canonical order text, and random bot turns.  The rulings carried out are pinned
by the scenario files ``tests/dune/scenarios/`` (ix_c*, wbc_ix_*, xv_b*, wbc_xv_*, guild_*,
fremen_*, bg_2_*, hajr_*, karama_b6a6_*, atreides_2_*)."""

from __future__ import annotations

import random

import pytest
from dune_seats import CLASSIC, SEAT_FACTIONS

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune import factions, turn
from pbem.games.dune.factions import bene_gesserit_coexistence
from pbem.games.dune.orders import move_orders
from pbem.games.dune.orders.language import KINDS
from pbem.games.dune.phases import moves
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import copy_state, storm_order

AT, BG, EM, FR, GU, HA = SEAT_FACTIONS


def position(seats, forces, ruleset="classic", storm=1, **extra):
    """A movement round at its start (turn 2), entered as the game enters it."""
    options = extra.pop("options", {})
    marker = {"marker": 1} if ruleset == "wbc" else {}     # WBC plays the weather (000 XVI.C)
    scenario = {"game": "dune", "seats": list(seats), "ruleset": ruleset, "options": options,
                "seed": "movement",
                "position": {"turn": 2, "phase": "movement", "forces": forces,
                             "storm": {"sector": storm, "dialers": list(seats[:2]), **marker},
                             **extra}}
    return load_scenario(scenario)


def basic(**extra):
    """Harkonnen, Atreides, Guild, Fremen in storm order; the Harkonnen's turn is open."""
    return position([HA, AT, GU, FR], {"Carthag": {HA: 10}, "Arrakeen": {AT: 10},
                                       "Tuek's Sietch": {GU: 5}, "Sietch Tabr": {FR: 10}},
                    **extra).state


def refused(state, seat, text):
    """The one error of a mail, as (code, message, valid)."""
    parsed = dune.parse(state, seat, text)
    assert not parsed.orders, parsed.orders
    (error,) = parsed.errors
    return error.code, error.message, error.valid


def value_of(state, seat, text):
    parsed = dune.parse(state, seat, text)
    assert not parsed.errors, parsed.errors
    (order,) = [o for o in parsed.orders if o.prompt.startswith("move:")]
    return order.value


# --- refused orders: the error names the rule and what is legal
def test_ix_c1a_one_shipment_a_turn():
    """000 IX.C.1.a (line 325): "one shipment"; a second SHIP needs ELSE (another plan)."""
    code, message, valid = refused(basic(), HA, "SHIP 2 TO Carthag\nSHIP 3 TO Tuek's Sietch")
    assert code == "twice" and "one SHIP per plan (000 IX.C)" in message
    assert valid == ("ELSE",)


def test_ix_c2b_one_move_a_turn():
    """000 IX.C.2.b (line 341): "Each player may make only one move per turn"."""
    code, message, _ = refused(basic(), HA, "MOVE 2 FROM Carthag TO Arsunt SECTOR 11\n"
                                            "MOVE 2 FROM Carthag TO Tsimpo SECTOR 11")
    assert code == "twice" and "one MOVE per plan" in message


def test_ix_c1d_no_shipment_back_to_the_reserves_but_for_the_guild():
    """000 IX.C.1.d (line 331): "No player may ship tokens from the board back to his
    reserves"; only the Guild may (Guild shield 1, line 854)."""
    code, message, valid = refused(basic(), HA, "SHIP 2 FROM Carthag TO RESERVES")
    assert code == "shipment-kind"
    assert "only the Guild and its allies ship back to the reserve" in message
    assert valid == ("SHIP <forces> TO <territory>",)


def test_wbc_ix_9_fremen_shipment_never_ends_off_the_board():
    """WBC clarification IX (000 line 1196; 004 IX.9, line 261): "Fremen shipment or movement
    may not end off the board"; the Fremen arrive near the Great Flat only (shield 2)."""
    state = position([FR, AT], {"Sietch Tabr": {FR: 10}, "Arrakeen": {AT: 10}}, "wbc").state
    assert [p.key for p in dune.prompts(state)] == ["move:fremen"]
    code, message, valid = refused(state, FR, "SHIP 2 FROM Sietch Tabr TO RESERVES")
    assert code == "shipment-kind"
    assert valid == ("SHIP <forces> TO <territory near the Great Flat>",)
    assert "only the Guild and its allies ship back" in message


def test_ix_c1c_no_shipment_into_a_sector_in_storm_lists_where_it_may_land():
    """000 IX.C.1.c (line 329): "No player may ship into a sector in storm"; the error gives
    the cost there and every place the shipment may land, not the sector under the storm."""
    code, message, valid = refused(basic(), HA, "SHIP 2 TO Cielago North SECTOR 1")
    assert code == "destination-in-storm"
    assert message == ("sector 1 of Cielago North is under the storm: no shipment lands there "
                       "(000 IX.C.1.c); 2 forces cost 4 spice there")
    assert "Cielago North SECTOR 2" in valid and "Cielago North SECTOR 1" not in valid
    assert "Polar Sink" in valid and "Arrakeen" in valid


def test_ix_c1c_no_shipment_into_a_stronghold_two_other_factions_hold():
    """000 IX.C.1.c (line 329): not "into a stronghold already occupied by two other
    players"."""
    state = position([EM, HA, AT], {"Arrakeen": {AT: 10, HA: 2}, "Carthag": {HA: 8}}).state
    code, message, valid = refused(state, EM, "SHIP 3 TO Arrakeen")
    assert code == "stronghold-full"
    assert message.startswith("Arrakeen is held by Harkonnen and Atreides: no one ships or "
                              "moves into a stronghold two other factions occupy")
    assert "Arrakeen" not in valid and "Carthag" in valid


def test_ix_c1b_a_shipment_the_faction_cannot_pay_is_refused():
    """000 IX.C.1.b (line 327): a shipment must be paid (WBC line 1184: "the full cost of the
    shipment must be able to be paid somehow")."""
    code, message, valid = refused(basic(), HA, "SHIP 8 TO Imperial Basin SECTOR 9")
    assert (code, message, valid) == ("not-enough-spice", "it costs 16 spice; you have 10",
                                      ("at most 10 spice",))


def test_ix_c2d_the_sector_must_be_named_where_a_territory_spans_several():
    """000 IX.C.2.d (line 345): "When ending a move in a territory lying in several sectors,
    a player must make clear in which sector of the territory he chooses to leave his
    tokens"; so for a shipment."""
    code, message, valid = refused(basic(), HA, "MOVE 2 FROM Carthag TO Arsunt")
    assert code == "sector-needed"
    assert message == "Arsunt spans sectors 11, 12: name the sector (000 IX.C.2.d)"
    assert valid == ("Arsunt SECTOR 11", "Arsunt SECTOR 12")
    code, _, valid = refused(basic(), HA, "SHIP 2 TO Imperial Basin")
    assert code == "sector-needed" and valid == tuple(
        f"Imperial Basin SECTOR {s}" for s in (9, 10, 11))


def test_ix_c2a_a_move_out_of_reach_names_the_territories_in_reach():
    """000 IX.C.2.a.2 (line 339): without ornithopters, one adjacent territory."""
    state = position([HA, AT], {"Hagga Basin SECTOR 12": {HA: 5},
                                "Tuek's Sietch": {AT: 10}}).state
    code, message, valid = refused(state, HA, "MOVE 5 FROM Hagga Basin TO Broken Land SECTOR 12")
    assert code == "out-of-reach"
    assert "moves through up to 1 territory (000 IX.C.2.a)" in message
    assert message.endswith("in reach: Polar Sink, Carthag, Arsunt, Tsimpo, Plastic Basin, "
                            "Wind Pass")
    assert "Tsimpo SECTOR 12" in valid and "Broken Land SECTOR 12" not in valid


def test_ix_c2c_no_move_out_of_a_sector_in_storm():
    """000 IX.C.2.c (line 343): no token may move "out of" a sector in storm."""
    state = position([HA, AT], {"Tsimpo SECTOR 12": {HA: 5}, "Tuek's Sietch": {AT: 10}},
                     storm=12).state
    code, message, _ = refused(state, HA, "MOVE 5 FROM Tsimpo TO Broken Land SECTOR 11")
    assert code == "storm-holds"
    assert message.startswith("the storm covers Tsimpo SECTOR 12: forces under the storm "
                              "cannot leave it")


def test_qa_b1_groups_in_different_sectors_need_the_sector_they_leave_from():
    """000 Q&A XXV.B.1 (lines 651-652): tokens in different sectors of a territory "must move
    and ship independently of one another"."""
    state = position([HA, AT], {"Old Gap SECTOR 9": {HA: 3}, "Old Gap SECTOR 11": {HA: 3},
                                "Tuek's Sietch": {AT: 10}}).state
    code, message, valid = refused(state, HA, "MOVE 3 FROM Old Gap TO Arrakeen")
    assert code == "group-needed"
    assert "name the sector they leave from" in message
    assert valid == ("Old Gap SECTOR 9", "Old Gap SECTOR 11")
    code, message, _ = refused(state, HA, "MOVE 5 FROM Old Gap TO Arrakeen")
    assert code == "not-enough-forces"
    assert "you have 3 forces in Old Gap SECTOR 9; 3 forces in Old Gap SECTOR 11" in message


def test_xii_e5_no_shipment_or_move_where_an_ally_is():
    """000 XII.E.5 (line 467): allies may not enter a territory where an ally is, but the
    Polar Sink."""
    state = position([HA, AT], {"Rim Wall West": {HA: 5}, "Arrakeen": {AT: 10}},
                     alliances=[[AT, HA]]).state
    code, message, valid = refused(state, HA, "MOVE 5 FROM Rim Wall West TO Arrakeen")
    assert code == "ally-there"
    assert message == ("your ally Atreides is in Arrakeen: allies may not enter a territory "
                       "where an ally is, but the Polar Sink (000 XII.E.5)")
    assert "Arrakeen" not in valid and "Old Gap SECTOR 9" in valid
    assert refused(state, HA, "SHIP 1 TO Arrakeen")[0] == "ally-there"


def test_fremen_2_no_arrival_beyond_two_territories_of_the_great_flat():
    """000 Fremen shield 2 (line 826): within two territories of the Great Flat (Q&A XXV.E.7,
    line 712: not counting it)."""
    state = position([FR, AT], {"Sietch Tabr": {FR: 10}, "Arrakeen": {AT: 10}}).state
    code, message, valid = refused(state, FR, "SHIP 3 TO Carthag")
    assert code == "out-of-reach"
    assert message.startswith("the Fremen arrive only within two territories of the Great "
                              "Flat (000 Fremen shield 2): Polar Sink, Sietch Tabr, ")
    assert "Tsimpo SECTOR 12" in valid and "Carthag" not in valid


def test_hajr_and_karama_need_the_card():
    """000 player aid B.3 (line 940) and B.6.A.6 (line 960): the card must be held."""
    assert refused(basic(), HA, "MOVE 2 FROM Carthag TO Arsunt SECTOR 11\n"
                                "HAJR MOVE 2 FROM Carthag TO Tsimpo SECTOR 11")[0] == "no-card"
    assert refused(basic(), HA, "KARAMA SHIP 2 TO Tuek's Sietch")[0] == "no-card"


def test_xvii_only_the_guild_stops_a_shipment_and_only_with_the_special_karama_powers():
    """000 Guild shield, Karama (line 864) is the Guild's special Karama power (optional rule
    XVII, line 526; player aid B.6.B.3, line 968): KARAMA STOP without it is refused."""
    state = position([GU, HA, AT], {"Tuek's Sietch": {GU: 5}, "Carthag": {HA: 10},
                                    "Arrakeen": {AT: 10}},
                     factions={"guild": {"hand": ["Karama"]}}).state
    code, message, valid = refused(state, GU, "KARAMA STOP Harkonnen")
    assert code == "karama" and valid == ("KARAMA SHIP 5 TO Arrakeen",)
    assert message == "a Karama card here ships at the Guild's rate"


def test_wbc_xvii_7_the_guild_cannot_stop_the_fremen():
    """000 Guild shield, Karama (line 864): "stop an off-planet shipment (thus not Fremen)";
    WBC clarification XVII (000 line 1356; 004 XVII.7, line 334): "The Guild can not play a
    Karama to cancel the Fremen's shipment."  The error lists whom the Guild may stop."""
    state = position([GU, HA, FR], {"Tuek's Sietch": {GU: 5}, "Carthag": {HA: 10},
                                    "Sietch Tabr": {FR: 10}}, "wbc",
                     factions={"guild": {"hand": ["Karama"]}}).state
    assert [p.key for p in dune.prompts(state)] == ["move:guild"]
    (error,) = dune.parse(state, GU, "DEFER\nKARAMA STOP Fremen").errors
    assert (error.code, error.message, error.valid) == (
        "faction-not-allowed", "Fremen is not a choice here", ("Harkonnen",))
    assert value_of(state, GU, "DEFER\nKARAMA STOP Harkonnen")["stop"] == [HA]


def test_guild_5_wait_in_the_sequential_mode_timing_in_the_batched_mode():
    """000 Guild shield 5 (line 862): by mail the Guild say DEFER (sequential mode) or give a
    TIMING (batched mode); each refuses the other's word, naming its own."""
    forces = {"Tuek's Sietch": {GU: 5}, "Carthag": {HA: 10}, "Arrakeen": {AT: 10}}
    sequential = position([HA, GU, AT], forces, options={"advantages": True}).state
    assert [p.key for p in dune.prompts(sequential)] == ["move:guild"]
    assert refused(sequential, GU, "TIMING FIRST")[:2] == (
        "no-timing", "TIMING is for the batched mode; here the Guild is asked before each "
                     "turn (DEFER)")
    assert refused(sequential, GU, "DEFER\nSHIP 2 TO Carthag")[0] == "wait-and-move"
    batched = position([HA, GU, AT], forces,
                       options={"advantages": True, "movement": "batched"}).state
    assert refused(batched, GU, "DEFER") == ("no-wait", "the Guild must take its turn now",
                                            ("PASS",))
    assert value_of(batched, GU, "TIMING AFTER Harkonnen\nPASS")["timing"] == ["after", HA]


def test_batched_mode_refuses_at_once_what_no_earlier_turn_can_mend():
    """Batched mode (games/dune/orders/move_orders.py ``check_now``): a plan is kept for its turn
    unless it fails on the faction's own forces, reserve, spice or cards; plan numbers are
    named."""
    state = basic(options={"movement": "batched"})
    text = "SHIP 3 TO Arrakeen\nELSE\nSHIP 15 TO Arrakeen"
    code, message, _ = refused(state, HA, text)
    assert code == "not-enough-reserve" and message.startswith("plan 2: you have 10 forces")
    value = value_of(state, HA, "SHIP 3 TO Cielago North SECTOR 1\nELSE\nPASS")
    assert len(value["plans"]) == 2


# --- the mail modes' prompts
def test_the_sequential_mode_asks_one_faction_at_a_time_in_storm_order():
    """000 IX.C (line 321): the first player moves first, then to the right; by mail, one
    faction is asked at a time (sequential mode), each prompt public."""
    seats = [AT, HA, FR, EM, BG]
    loaded = position(seats, {"Arrakeen": {AT: 10}, "Carthag": {HA: 10},
                              "Sietch Tabr": {FR: 10}, "Polar Sink": {BG: 1}}, storm=9)
    state = loaded.state
    asked = []
    for number in range(1, 10):
        open_ = turn.prompts(state)
        if state["phase"] != "movement":
            break
        movers = [p for p in open_ if p.kind == move_orders.KIND]
        assert len(movers) == 1 and not movers[0].secret
        asked.append(movers[0].seat)
        state, _ = turn.advance(state, {p.key: p.default for p in open_},
                                step_rng("movement", number))
    assert asked == storm_order(loaded.state) == [EM, BG, AT, HA, FR]


def test_the_batched_mode_asks_every_faction_at_once_in_secret():
    """Batched mode (docs/orders.md, "Mail rounds"): one mail round, every faction's turn
    asked at once, secret until carried out; the Bene Gesserit's declarations with it; each
    faction but the first in storm order is told others may move before it (issue 33)."""
    state = position([AT, HA, BG], {"Arrakeen": {AT: 10, BG: 1}, "Carthag": {HA: 10}},
                     options={"movement": "batched", "advantages": True}).state
    open_ = turn.prompts(state)
    assert sorted(p.key for p in open_) == ["coexistence:bene-gesserit", "move:atreides",
                                            "move:bene-gesserit", "move:harkonnen"]
    assert all(p.secret for p in open_)
    first = storm_order(state)[0]
    turns = [p for p in open_ if p.kind == move_orders.KIND]
    assert all(("may move before you" in p.legal) == (p.seat != first) for p in turns)


def test_atreides_2_only_the_atreides_see_the_top_of_the_spice_deck():
    """000 Atreides shield 2 (line 758): "At the start of the movement round, you may look at
    the top card of the spice deck" -- an event to the Atreides only."""
    loaded = position([HA, AT], {"Carthag": {HA: 10}, "Arrakeen": {AT: 10}},
                      decks={"spice": ["Red Chasm"]})
    (seen,) = [e for e in loaded.events if e.code == "spice-deck-top"]
    assert seen.to == (AT,) and seen.data == {"card": "Red Chasm"}
    assert loaded.state["decks"]["spice"][-1] == "Red Chasm"
    without = position([HA, FR], {"Carthag": {HA: 10}, "Sietch Tabr": {FR: 10}})
    assert not [e for e in without.events if e.code == "spice-deck-top"]


# --- the Bene Gesserit's standing advisor policy
def test_xv_b_3_the_advisor_policy_stands_until_advisors_lines_replace_it():
    """000 XV.B.3 (line 504), WBC line 1313: sending an advisor is the Bene Gesserit's choice,
    tied to no turn, so by mail their policy stands: an answer with no ADVISORS line leaves
    it (and the prompt's template and default show it); one with ADVISORS lines replaces it
    whole."""
    state = bene_gesserit_first()
    bene_gesserit_coexistence.keep(state, {"advisors": {AT: "WITH"}})
    bene_gesserit_coexistence.keep(state, {"declare": {"Imperial Basin": True}})
    prompt = bene_gesserit_coexistence.prompt(state, factions.power("bene-gesserit", state))
    assert prompt.template == "ADVISORS WITH Atreides"
    assert prompt.default == {"advisors": {AT: "WITH"}, "declare": {}}
    bene_gesserit_coexistence.keep(state, {"advisors": {"*": "NONE"}})
    assert bene_gesserit_coexistence.standing_policy(state) == {"*": "NONE"}


# --- canonical text
def guild_first(mode="sequential"):
    """The Guild, free to choose its time, asked first; it holds a Karama and the Hajr."""
    return position([GU, HA, AT], {"Tuek's Sietch": {GU: 5}, "Old Gap SECTOR 9": {GU: 3},
                                   "Carthag": {HA: 10}, "Arrakeen": {AT: 10}},
                    options={"advantages": True, "karama_powers": True, "movement": mode},
                    factions={"guild": {"hand": ["Karama", "Hajr"], "spice": 20}}).state


def bene_gesserit_first():
    return position([BG, AT], {"Polar Sink": {BG: 3}, "Imperial Basin SECTOR 9": {AT: 10}},
                    options={"advantages": True}, factions={"bene-gesserit": {"spice": 10}}
                    ).state


def fremen_first():
    return position([FR, AT], {"Sietch Tabr": {FR: [4, 2]}, "Arrakeen": {AT: 10}},
                    options={"advantages": True}).state


LINES = [
    (guild_first, GU, "PASS"),
    (guild_first, GU, "SHIP 5 TO Arrakeen"),
    (guild_first, GU, "SHIP 3 TO Imperial Basin SECTOR 9"),
    (guild_first, GU, "SHIP 2 FROM Tuek's Sietch TO Carthag"),
    (guild_first, GU, "SHIP 2 FROM Old Gap SECTOR 9 TO Habbanya Erg SECTOR 16"),
    (guild_first, GU, "SHIP 4 FROM Tuek's Sietch TO RESERVES"),
    (guild_first, GU, "KARAMA SHIP 2 TO Arrakeen"),
    (guild_first, GU, "MOVE 3 FROM Tuek's Sietch TO Pasty Mesa SECTOR 5"),
    (guild_first, GU, "MOVE 3 FROM Tuek's Sietch TO Pasty Mesa SECTOR 5\n"
                      "HAJR MOVE 2 FROM Old Gap SECTOR 9 TO Basin"),
    (guild_first, GU, "SHIP 2 TO Arrakeen\nMOVE 2 FROM Old Gap TO Basin\nELSE\nPASS\n"
                      "SUPPORT 4"),
    (guild_first, GU, "SHIP 2 TO Carthag\nKARAMA STOP Atreides"),
    (guild_first, GU, "DEFER"),
    (guild_first, GU, "DEFER LAST"),
    (guild_first, GU, "DEFER Atreides\nKARAMA STOP Harkonnen"),
    (lambda: guild_first("batched"), GU, "TIMING FIRST\nPASS"),
    (lambda: guild_first("batched"), GU, "TIMING LAST\nSHIP 2 TO Arrakeen"),
    (lambda: guild_first("batched"), GU, "TIMING BEFORE Atreides\nPASS"),
    (lambda: guild_first("batched"), GU, "TIMING AFTER Harkonnen\nPASS"),
    (bene_gesserit_first, BG, "MOVE 2 FROM Polar Sink TO Imperial Basin SECTOR 10 COEXIST"),
    (bene_gesserit_first, BG, "MOVE 2 FROM Polar Sink TO Imperial Basin SECTOR 10 FIGHT"),
    (bene_gesserit_first, BG, "SHIP 2 TO Imperial Basin SECTOR 9 FIGHT"),
    (bene_gesserit_first, BG, "COEXIST Imperial Basin\nADVISORS WITH\nADVISORS NONE Atreides"),
    (fremen_first, FR, "SHIP 3 1* TO Sietch Tabr"),
    (fremen_first, FR, "MOVE 2 1* FROM Sietch Tabr TO Plastic Basin SECTOR 14"),
    (fremen_first, FR, "MOVE 2* FROM Sietch Tabr TO Plastic Basin SECTOR 14"),
    (fremen_first, FR, "MOVE 2 forces and 1 Fedaykin FROM Sietch Tabr TO Plastic Basin SECTOR 14"),
]


def test_orders_name_a_kind_of_force_by_its_mark_or_its_words():
    """A move or a shipment names a kind of force as the data words it (``force_kinds``): its
    mark (``1*``), its name, its face (``starred``); the echo writes the mark."""
    state = fremen_first()
    texts = ["MOVE 2 1* FROM Sietch Tabr TO Plastic Basin SECTOR 14",
             "MOVE 2 forces and 1 Fedaykin FROM Sietch Tabr TO Plastic Basin SECTOR 14",
             "move 2 1 starred from sietch tabr to plastic basin sector 14"]
    orders = [dune.parse(state, FR, text).orders for text in texts]
    assert all(len(found) == 1 for found in orders)
    assert {found[0].text for found in orders} == {texts[0]}
    assert orders[0][0].value["plans"][0]["move"]["forces"] == {"force": 2, "fedaykin": 1}
    refused = dune.parse(state, FR, "MOVE 1 Sardaukar FROM Sietch Tabr TO Plastic Basin")
    assert refused.errors and refused.errors[0].code == "bad-move"


@pytest.mark.parametrize("setup,seat,text", LINES, ids=[text for _, _, text in LINES])
def test_canonical_order_text_reads_back_to_the_same_value(setup, seat, text):
    """STYLE 3: printing an order and parsing the result gives the same order, for every line
    form of the round (the Bene Gesserit's declarations and advisor policy too)."""
    state = setup()
    first = dune.parse(state, seat, text)
    assert not first.errors, first.errors
    again = dune.parse(state, seat, "\n".join(order.text for order in first.orders))
    assert not again.errors, again.errors
    assert [(o.prompt, o.value) for o in again.orders] == [
        (o.prompt, o.value) for o in first.orders]
    assert [o.text for o in again.orders] == [o.text for o in first.orders]


def test_the_echoed_order_is_the_canonical_text():
    """What the moderator echoes back reads to the same order."""
    state = basic()
    text = "ship 3 to imperial basin sector 9\nmove 4 from carthag to arsunt sector 11"
    (order,) = dune.parse(state, HA, text).orders
    assert order.text == ("SHIP 3 TO Imperial Basin SECTOR 9\n"
                          "MOVE 4 FROM Carthag TO Arsunt SECTOR 11")
    (again,) = dune.parse(state, HA, order.text).orders
    assert again.value == order.value


# --- random bots
def random_position(seed):
    """A movement round with random seats, rules, storm, forces, spice and cards."""
    rng = random.Random(seed)
    seats = rng.sample(list(SEAT_FACTIONS), rng.randint(2, 6))
    ruleset = rng.choice(["classic", "wbc"])
    options = {"movement": rng.choice(["sequential", "batched"]), "turns": 2}
    if ruleset == "classic" and rng.random() < 0.6:
        options.update(advantages=True, karama_powers=rng.random() < 0.5)
    board = CLASSIC.board
    forces: dict[str, dict[str, int]] = {}
    for seat in seats:
        for _ in range(rng.randint(1, 4)):
            territory = rng.choice(board.territories)
            name = territory.name
            if len(territory.sectors) > 1:
                name = f"{name} SECTOR {rng.choice(territory.sectors)}"
            forces.setdefault(name, {})[seat] = rng.randint(1, 3)
    cards = ["Hajr", "Karama", "Karama", "Lasgun"]
    factions = {seat: {"spice": rng.randint(0, 15),
                       "hand": [cards.pop(rng.randrange(len(cards)))] if cards else []}
                for seat in seats}
    storm = rng.randint(1, 18)
    extra = {"factions": factions, "spice": {"Habbanya Erg": 6},
             "ornithopters": [s for s in seats if rng.random() < 0.3]}
    if BG in seats:
        shared = [t.split(" SECTOR")[0] for t, by in forces.items() if BG in by and len(by) > 1]
        extra["coexisting"] = [t for t in shared if rng.random() < 0.5]
    return position(seats, forces, ruleset, storm, options=options, **extra).state


@pytest.mark.parametrize("seed", range(60))
def test_random_bot_turns_always_parse_and_are_legal(seed):
    """move_orders.random_value, from the seat's view only, gives text that parses with no
    error and a first plan that is legal as things stand, through a whole movement round."""
    state = random_position(seed)
    rng = random.Random(seed)
    for number in range(1, 20):
        if state["phase"] != "movement" or state["result"] is not None:
            return
        orders = {}
        for prompt in turn.prompts(state):
            text = dune.bot_order(dune.view(state, prompt.seat), prompt, rng)
            parsed = dune.parse(state, prompt.seat, text)
            assert not parsed.errors, (text, parsed.errors)
            (order,) = [o for o in parsed.orders if o.prompt == prompt.key]
            if prompt.kind in (move_orders.KIND, move_orders.GUILD_KIND) and "wait" not in (
                    order.value):
                moves.carry_out(copy_state(state), prompt.seat, order.value["plans"][0])
            orders[prompt.key] = order.value
        state, _ = turn.advance(state, orders, step_rng(str(seed), number))
    raise AssertionError("the movement round did not end")


def test_every_order_kind_of_the_round_has_a_random_player():
    """Bots and self-play need a random legal value for every prompt kind of the round."""
    for kind in (move_orders.KIND, move_orders.GUILD_KIND, "coexistence"):
        assert KINDS[kind].random is not None


# --- spice given (000 XIII.C-D; WBC house rule 5; transfers.py)
def test_give_names_a_faction_and_an_amount_of_spice():
    """000 XIII.D (line 481): a deal may not give cards, leaders, forces or powers: the only
    gift an order can make is spice, ``GIVE <faction> <n>``, within the spice held."""
    state = basic()
    spice = state["factions"][HA]["spice"]
    assert value_of(state, HA, "GIVE Atreides 3\nPASS")["give"] == [[AT, 3]]
    code, message, valid = refused(state, HA, "GIVE Atreides Lasgun")
    assert code == "bad-number" and valid == (f"1 to {spice}",)
    code, _, valid = refused(state, HA, f"GIVE Atreides {spice + 1}")
    assert code == "out-of-range" and f"you have {spice}" in _
    code, _, _ = refused(state, HA, "GIVE 3")
    assert code == "bad-gift"
    text = move_orders.text(state, value_of(state, HA, "give fremen 2\nPASS"))
    assert "GIVE Fremen 2" in text.splitlines()
    assert value_of(state, HA, text)["give"] == [[FR, 2]]


def test_the_refusal_quotes_the_line_at_fault():
    """Bad input gets a reply quoting the bad line (DESIGN): a plan checked as a whole is
    refused at the line of its part that cannot be carried out, not at its first line."""
    parsed = dune.parse(basic(), HA, "SHIP 2 TO Carthag\n"
                                     "MOVE 5 FROM Carthag TO Habbanya Ridge Sietch")
    (error,) = parsed.errors
    assert (error.line_no, error.code) == (2, "out-of-reach")
    assert error.line == "MOVE 5 FROM Carthag TO Habbanya Ridge Sietch"
    assert "Arrakeen" in error.valid
