"""The Nexus of classic Dune: alliances (000 XII, lines 432-469), the longer game without them
(XVIII.A.1, line 536) and WBC house rule 2 on their size (000 line 1041; 004 line 97)."""

from __future__ import annotations

import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.games.dune.forces import count_in
from pbem.games.dune.orders.language import parse_orders
from pbem.games.dune.phases import nexus
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules

ALL = list(SEAT_FACTIONS)
AT, BG, EM, FR, GU, HA = ALL


def game(ruleset="classic", seats=ALL, alliances=(), **options):
    state = new_game(make_rules(ruleset, options), list(seats), random.Random(1))
    state.update(turn=3, phase="spice_blow")
    state["alliances"] = [list(a) for a in alliances]
    return state


def nexus_round(state, **wanted):
    """Every faction's Nexus order: the given ones (seat with _ for -), PASS for the rest."""
    orders = {f"nexus:{seat}": None for seat in state["seats"]}
    orders.update({f"nexus:{seat.replace('_', '-')}": value for seat, value in wanted.items()})
    return nexus.resolve(state, orders)


def read(state, seat, text):
    """The value of a Nexus order as the seat's mail gives it, and the errors."""
    parsed = parse_orders(state, seat, text, nexus.prompts(state))
    return [order.value for order in parsed.orders], [error.code for error in parsed.errors]


# --- forming, joining, breaking
def test_xii_c_an_alliance_forms_when_its_members_name_each_other():
    """000 XII.B: "All players have a chance to make, join or break alliances"; XII.C.3: "The
    members of an alliance must be revealed to all"."""
    state = game()
    events = nexus_round(state, atreides=[FR], fremen=[AT])
    assert state["alliances"] == [[AT, FR]]
    assert [(e.code, e.data, e.to) for e in events] == [
        ("alliance-formed", {"alliance": [AT, FR]}, None)]


def test_xii_c_a_proposal_nobody_answers_changes_nothing_and_is_not_published():
    """000 XII.C.1: players agree among themselves; the Nexus orders are secret prompts, and
    only alliances made are public (XII.C.3)."""
    state = game()
    assert all(prompt.secret for prompt in nexus.prompts(state))
    events = nexus_round(state, atreides=[FR], fremen=[HA])
    assert state["alliances"] == [] and events == []


def test_xii_c_4_several_alliances_form_but_nobody_is_in_two():
    """000 XII.C.4: "Several alliance can be formed during a nexus but no player ban be a member
    of more than one"."""
    state = game()
    nexus_round(state, atreides=[FR], fremen=[AT], emperor=[GU], guild=[EM], harkonnen=[AT])
    assert state["alliances"] == [[AT, FR], [EM, GU]]


def test_xii_b_joining_an_alliance_takes_every_member():
    """000 XII.B: players may "join" alliances; XII.C.2: "An alliance may contain any number of
    players" (AH)."""
    state = game(alliances=[[AT, FR]])
    events = nexus_round(state, atreides=[FR, HA], fremen=[AT, HA], harkonnen=[AT, FR])
    assert state["alliances"] == [[AT, FR, HA]]
    assert [e.code for e in events] == ["alliance-ended", "alliance-formed"]


def test_a_declined_join_leaves_the_old_alliance_standing():
    """A proposal is conditional (nexus.py ruling): allies inviting a third faction stay allied
    if it does not accept."""
    state = game(alliances=[[AT, FR]])
    events = nexus_round(state, atreides=[FR, HA], fremen=[AT, HA])
    assert state["alliances"] == [[AT, FR]] and events == []


def test_xii_d_1_any_player_may_break_an_alliance():
    """000 XII.D.1: "Any player may break an alliance during a nexus. He just announces that he
    is breaking from the alliance"."""
    state = game(alliances=[[AT, FR]])
    assert read(state, AT, "ALLY NONE") == ([[]], [])
    events = nexus_round(state, atreides=[])
    assert state["alliances"] == []
    assert [(e.code, e.data, e.to) for e in events] == [
        ("alliance-ended", {"alliance": [AT, FR]}, None)]


def test_xii_d_1_a_member_leaving_a_larger_alliance_leaves_the_others_allied():
    """000 XII.D.1: the one who breaks leaves; the others stay together."""
    state = game(alliances=[[AT, FR, HA]])
    nexus_round(state, harkonnen=[])
    assert state["alliances"] == [[AT, FR]]


def test_xii_d_2_who_breaks_may_form_a_new_alliance_in_the_same_nexus():
    """000 XII.D.2: "Players who break from an alliance have an opportunity to immediately join
    or form a new alliance"."""
    state = game(alliances=[[AT, FR]])
    events = nexus_round(state, fremen=[HA], harkonnen=[FR])
    assert state["alliances"] == [[FR, HA]]
    assert [(e.code, e.data) for e in events] == [
        ("alliance-ended", {"alliance": [AT, FR]}), ("alliance-formed", {"alliance": [FR, HA]})]


def test_xii_d_2_a_refused_switch_keeps_the_old_ally():
    """A proposal is conditional (nexus.py ruling): the faction stays with its ally when the
    one it named does not name it."""
    state = game(alliances=[[AT, FR]])
    nexus_round(state, fremen=[HA], harkonnen=None)
    assert state["alliances"] == [[AT, FR]]


def test_xii_d_2_allies_may_break_and_ally_again_with_each_other():
    """000 XII.D: breaking and forming in one Nexus; naming one's own ally keeps the alliance."""
    state = game(alliances=[[AT, FR]])
    events = nexus_round(state, atreides=[FR], fremen=[AT])
    assert state["alliances"] == [[AT, FR]] and events == []


def test_pass_keeps_every_alliance():
    """PASS, the default of every Nexus prompt, keeps what each faction has."""
    state = game(alliances=[[AT, FR], [EM, HA]])
    for prompt in nexus.prompts(state):
        assert (prompt.default, prompt.default_text, prompt.template) == (None, "PASS", "PASS")
    assert nexus_round(state) == []
    assert state["alliances"] == [[AT, FR], [EM, HA]]


def test_xii_e_5_factions_sharing_a_territory_may_ally_and_nothing_moves():
    """000 XII.E.5 forbids allies to *enter* a territory where an ally is; no rule moves forces
    when factions already together ally (nexus.py ruling)."""
    state = game()
    state["forces"] = {"Red Chasm": {"7": {AT: {"force": 3}, FR: {"force": 2}}}}
    nexus_round(state, atreides=[FR], fremen=[AT])
    assert state["alliances"] == [[AT, FR]]
    assert count_in(state, AT, "Red Chasm") == {"force": 3}
    assert count_in(state, FR, "Red Chasm") == {"force": 2}


# --- the size of alliances
def test_xii_c_2_ah_alliances_may_hold_any_number_of_players():
    """000 XII.C.2: "An alliance may contain any number of players"."""
    state = game()
    assert nexus.alliance_limit(state) is None
    others = [s for s in ALL if s != GU]
    (value,), errors = read(state, GU, "ALLY " + ", ".join(SEAT_FACTIONS[s] for s in others))
    assert value == others and not errors
    wanted = {seat.replace("-", "_"): [s for s in ALL if s != seat] for seat in ALL}
    nexus_round(state, **wanted)
    assert state["alliances"] == [ALL]


def test_wbc_house_rule_2_alliances_of_two_factions():
    """WBC house rule 2 (000 line 1041): "Alliances may consist of up to 2 factions"."""
    state = game("wbc")
    assert nexus.alliance_limit(state) == 2
    values, errors = read(state, AT, "ALLY Fremen, Harkonnen")
    assert (values, errors) == ([], ["alliance-too-big"])
    assert read(state, AT, "ALLY Fremen") == ([[FR]], [])


def test_wbc_house_rule_2_three_factions_only_in_six_player_games_by_consent():
    """WBC house rule 2: "Alliances may be extended to 3 factions ONLY in 6-player games IF all
    players at the table consent at the start of the game"."""
    state = game("wbc", three_faction_alliances=True)
    assert nexus.alliance_limit(state) == 3
    (value,), errors = read(state, AT, "ALLY Fremen, Harkonnen")
    assert sorted(value) == [FR, HA] and not errors
    assert read(state, AT, "ALLY Fremen, Harkonnen, Guild")[1] == ["alliance-too-big"]
    five = game("wbc", seats=ALL[:5], three_faction_alliances=True)
    assert read(five, AT, "ALLY Fremen, Guild")[1] == ["alliance-too-big"]


def test_wbc_house_rule_2_limits_alliances_only_in_games_of_at_least_four_players():
    """WBC house rule 2 (000 line 1041): up to 2 factions "for all games with at least 4
    players"; a 3-player game has no such limit."""
    three = game("wbc", seats=["atreides", "fremen", "harkonnen"])
    assert nexus.alliance_limit(three) is None
    (value,), errors = read(three, AT, "ALLY Fremen, Harkonnen")
    assert sorted(value) == [FR, HA] and not errors
    assert nexus.alliance_limit(game("wbc", seats=ALL[:4])) == 2


# --- order text
@pytest.mark.parametrize("text,value", [
    ("PASS", None),
    ("ALLY", None),
    ("ALLY NONE", []),
    ("ally none", []),
    ("ALLY Fremen", [FR]),
    ("ALLY bene gesserit guild", [BG, GU]),
    ("ALLY BG and Spacing Guild", [BG, GU]),
    ("ALLY Harkonnen, Emperor, Fremen", [EM, FR, HA]),
    ("ally harkonnen spacing guild", [GU, HA]),
])
def test_nexus_orders_read_back_the_same(text, value):
    """Order text round trip (STYLE 3): every reading prints as canonical text that reads as the
    same value; factions in seat order."""
    state = game()
    (read_value,), errors = read(state, AT, text)
    assert read_value == value and not errors
    (again,), _ = read(state, AT, nexus.nexus_text(state, read_value))
    assert again == value


@pytest.mark.parametrize("text,code", [
    ("ALLY Atreides", "faction-not-allowed"),
    ("ALLY Fremen Fremen", "faction-twice"),
    ("ALLY Tleilaxu", "unknown-faction"),
])
def test_nexus_orders_that_cannot_be_read(text, code):
    """An order error names its cause (STYLE 5): oneself, twice, or no such faction."""
    state = game()
    assert read(state, AT, text) == ([], [code])


def test_factions_not_in_the_game_cannot_be_named():
    """Only factions in play may ally (000 XII.C)."""
    state = game(seats=[AT, FR, HA])
    assert read(state, AT, "ALLY Guild") == ([], ["faction-not-allowed"])


def test_every_nexus_order_of_every_faction_reads_back_the_same():
    """Order text round trip (STYLE 3) over every set of partners of every faction (AH, any
    size: 000 XII.C.2)."""
    state = game()
    for seat in ALL:
        others = [s for s in ALL if s != seat]
        values = [None, []] + [[s for i, s in enumerate(others) if mask >> i & 1]
                               for mask in range(1, 2 ** len(others))]
        for value in values:
            assert read(state, seat, nexus.nexus_text(state, value)) == ([value], [])
