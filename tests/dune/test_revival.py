"""The revival round of classic Dune: forces (000 IX.B, lines 313-319), leaders (IX.D, lines
351-362; Q&A XXV.D, lines 683-690), starred forces (lines 806, 982, 1000), the Tleilaxu Ghola
(player aid B.4, line 942), the Emperor's Karama (line 808, XVII, line 974) and his alliance
power (line 810), WBC clarification IX (lines 1170-1172) and the invariants they keep."""

from __future__ import annotations

import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.game import Event
from pbem.games.dune import leaders, turn
from pbem.games.dune.forces import add, add_forces, counts_of, plain, take, total
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders.language import parse_orders
from pbem.games.dune.orders.revival_orders import random_revival, revival_text
from pbem.games.dune.phases import revival
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import data, only_sector, storm_order
from pbem.games.dune.view import seat_view
from pbem.templating import render

ALL = list(SEAT_FACTIONS)
AT, BG, EM, FR, GU, HA = ALL


def game(seats=(AT, EM, FR, HA), ruleset="classic", alliances=(), **options):
    """A game at the start of a revival round, with nothing in the tanks."""
    state = new_game(make_rules(ruleset, options), list(seats), random.Random(1))
    state.update(turn=3, phase="revival", step={"done": False})
    state["storm"]["sector"] = 1
    for seat in seats:
        own = state["factions"][seat]
        add(own["reserve"], {plain(state, seat): own["to_place"]})
        own["to_place"] = 0
    state["alliances"] = [list(a) for a in alliances]
    return state


def kill(state, seat, normal, starred=0):
    """Forces from the reserve into the tanks."""
    own, dying = state["factions"][seat], counts_of(state, seat, (normal, starred))
    take(own["reserve"], dying)
    add(own["tanks"], dying)


def dead(state, seat, *names):
    for name in names:
        state["factions"][seat]["leaders"][data(state).leader(name).name] = "tanks"


def all_dead(state, seat):
    dead(state, seat, *state["factions"][seat]["leaders"])


def give(state, seat, card):
    """A treachery card into a faction's hand, from wherever it is."""
    for pile in [state["decks"]["treachery"],
                 *(state["factions"][s]["hand"] for s in state["seats"])]:
        if card in pile:
            pile.remove(card)
    state["factions"][seat]["hand"].append(card)


def keys(state):
    return [p.key for p in revival.prompts(state)]


def prompt_of(state, seat):
    (found,) = [p for p in revival.prompts(state) if p.seat == seat]
    return found


def read(state, seat, text):
    """The order value a seat's mail gives, and the errors (code, message, valid)."""
    parsed = parse_orders(state, seat, text, revival.prompts(state))
    return ([o.value for o in parsed.orders],
            [(e.code, e.message, e.valid) for e in parsed.errors])


def play(state, **texts):
    """One revival round: the given seats' mails (seat with _ for -), defaults for the rest;
    returns the events, the state changed in place."""
    orders = {}
    for found in revival.prompts(state):
        text = texts.get(found.seat.replace("-", "_"))
        if text is None:
            orders[found.key] = found.default
            continue
        values, errors = read(state, found.seat, text)
        assert not errors, errors
        orders[found.key] = values[0]
    events = revival.apply(state, orders, random.Random(2))
    assert violations(state) == []
    return events


def spice_everywhere(state):
    return sum(state["factions"][seat]["spice"] for seat in state["seats"])


# --- who is asked
def test_ix_b_only_factions_with_something_to_decide_are_asked():
    """000 IX.B: "all players may revive up to three tokens from the 'Tleilaxu Tanks'"; by mail
    only a faction with forces or a revivable leader in the tanks gets a prompt."""
    state = game()
    kill(state, FR, 2)
    all_dead(state, HA)
    dead(state, AT, "Duncan Idaho")               # not revivable: four leaders are alive
    assert keys(state) == ["revival:fremen", "revival:harkonnen"]
    assert all(p.kind == "revival" and p.secret for p in revival.prompts(state))


def test_ix_b_nobody_to_ask_the_round_passes_at_once():
    """With nothing in any tank the round asks nobody and play goes on."""
    state = game()
    assert revival.begin(state, random.Random(3)) == [] and revival.prompts(state) == []
    after, _ = turn.advance(state, {}, random.Random(3))
    assert after["phase"] != "revival"


def test_each_prompt_states_the_numbers_and_its_template_parses():
    """The prompt says what is legal with the numbers worked out; its template parses as is."""
    state = game()
    kill(state, AT, 5)
    state["factions"][AT]["spice"] = 5
    found = prompt_of(state, AT)
    assert "you may revive 0 to 3 forces: 2 free, then 2 spice each; you have 5 spice" \
        in found.legal
    assert found.template == found.default_text == "REVIVE 2"
    assert read(state, AT, found.template) == ([found.default], [])


# --- forces (000 IX.B)
def test_ix_b_1_the_free_revival_costs_nothing_and_each_further_force_two_spice_to_the_bank():
    """000 IX.B.1: "A certain number of tokens are revived for free as stated on the shield
    ... at a cost of two spice per token.  All spice expended ... is placed in the spice bank";
    the Atreides revive 2 free (line 752)."""
    state = game()
    kill(state, AT, 5)
    before = spice_everywhere(state)
    events = play(state, atreides="REVIVE 3")
    assert state["factions"][AT]["spice"] == 8
    assert spice_everywhere(state) == before - 2            # to the bank, nobody else
    assert [(e.code, e.data, e.to) for e in events] == [
        ("forces-revived", {"faction": AT, "forces": {"force": 3}, "spice": 2}, None)]


def test_ix_b_the_default_is_the_free_revival_and_a_player_may_order_fewer():
    """By mail the deadline takes the shield's free revival; PASS or a smaller REVIVE takes
    fewer (000 IX.B: "may revive")."""
    state = game()
    kill(state, AT, 5)
    kill(state, FR, 5)
    kill(state, HA, 5)
    play(state, fremen="PASS", harkonnen="REVIVE 1")
    assert state["factions"][AT]["tanks"] == {"force": 3}          # the default: 2 free
    assert state["factions"][FR]["tanks"] == {"force": 5}
    assert state["factions"][HA]["tanks"] == {"force": 4}


def test_ix_b_2_never_more_than_three_forces_a_turn_and_the_error_says_what_is_legal():
    """000 IX.B.2: "A player can never revive more than three tokens per turn except by
    treachery card"."""
    state = game()
    kill(state, AT, 5)
    state["factions"][AT]["spice"] = 5
    _, errors = read(state, AT, "REVIVE 4")
    ((code, message, valid),) = errors
    assert code == "too-many-forces"
    assert "you may revive 0 to 3 forces: 2 free, then 2 spice each; you have 5 spice" in message
    assert valid == ("PASS", "REVIVE 1", "REVIVE 2", "REVIVE 3")


def test_ix_b_1_a_revival_the_spice_cannot_pay_is_refused():
    state = game()
    kill(state, HA, 5)
    state["factions"][HA]["spice"] = 1
    _, [(code, message, valid)] = read(state, HA, "REVIVE 3")
    assert code == "spice" and "you have 1 spice" in message
    assert valid == ("PASS", "REVIVE 1", "REVIVE 2")


def test_ix_b_no_more_forces_than_the_tanks_hold():
    """000 IX.B: forces are revived "from the 'Tleilaxu Tanks'"."""
    state = game()
    kill(state, HA, 1)
    _, [(code, message, _)] = read(state, HA, "REVIVE 2")
    assert code == "not-in-tanks" and "you have 1 force in the tanks" in message


def test_ix_b_3_revived_forces_go_to_the_reserve():
    """000 IX.B.3: "Revived tokens must be placed in the player's reserve"."""
    state = game()
    kill(state, HA, 4)
    reserve = dict(state["factions"][HA]["reserve"])
    play(state, harkonnen="REVIVE 2")
    assert state["factions"][HA]["reserve"] == {"force": reserve["force"] + 2}
    assert state["factions"][HA]["tanks"] == {"force": 2}


@pytest.mark.parametrize("seat,free", [(AT, 2), (BG, 1), (EM, 1), (FR, 3), (GU, 1), (HA, 2)])
def test_the_free_revival_of_each_shield(seat, free):
    """The shields' free revival (000 lines 752, 776, 800, 820, 850, 876), taken by default."""
    state = game(seats=ALL)
    kill(state, seat, 5)
    spice = state["factions"][seat]["spice"]
    play(state)
    assert state["factions"][seat]["tanks"] == {"force": 5 - free}
    assert state["factions"][seat]["spice"] == spice


def test_wbc_ix_revival_is_applied_in_storm_order():
    """WBC clarification IX (000 line 1172; 004 IX.1): "All players take revival (in player
    dot order if it matters)"."""
    state = game()
    state["storm"]["sector"] = 9
    for seat in state["seats"]:
        kill(state, seat, 2)
    events = play(state)
    assert [e.data["faction"] for e in events] == storm_order(state) != state["seats"]


# --- starred forces
def test_sardaukar_revive_as_one_force_and_only_one_a_turn():
    """Emperor shield 2 (000 line 806) and the additional advantages (line 982): the starred
    tokens "are treated as one token in revival.  Only one starred token can be revived per
    turn"."""
    state = game(advantages=True)
    kill(state, EM, 3, 2)
    _, [(code, message, _)] = read(state, EM, "REVIVE 2*")
    assert code == "revival-limit" and "1 Sardaukar at most" in message
    events = play(state, emperor="REVIVE 2 1*")
    assert state["factions"][EM]["tanks"] == {"force": 1, "sardaukar": 1}
    assert events[0].data == {"faction": EM, "forces": {"force": 2, "sardaukar": 1}, "spice": 4}


def test_fedaykin_revive_as_one_force_and_only_one_a_turn():
    """Additional advantages, Fremen 4 (000 line 1000): "They are treated as one token in
    revival.  Only one Fedaykin token can be revived per turn"; the default takes one."""
    state = game(advantages=True)
    kill(state, FR, 4, 2)
    assert prompt_of(state, FR).default_text == "REVIVE 2 1*"
    play(state)
    assert state["factions"][FR]["tanks"] == {"force": 2, "fedaykin": 1}
    assert state["factions"][FR]["spice"] == 3


def test_without_the_advantages_no_force_is_starred():
    """000 XV: starred forces only with the optional advantages: without them the Emperor
    has no kind of force with a mark, and ``1*`` names none of his."""
    state = game()
    kill(state, EM, 3)
    _, [(code, _, _)] = read(state, EM, "REVIVE 1*")
    assert code == "bad-forces"


# --- leaders (000 IX.D)
def test_ix_d_1_no_leader_is_revived_while_one_is_alive():
    """000 IX.D.1: "If all 5 of a player's leaders are in the 'tanks', a player may revive one
    leader per turn"."""
    state = game()
    dead(state, AT, "Duncan Idaho", "Thufir Hawat", "Gurney Halleck", "Lady Jessica")
    kill(state, AT, 1)
    assert "a leader is revived only when none of yours is left to fight" in \
        prompt_of(state, AT).legal
    _, [(code, message, valid)] = read(state, AT, "REVIVE LEADER Duncan Idaho")
    assert code == "leader-not-revivable" and "000 IX.D.1" in message and valid == ()


def test_ix_d_1_all_five_in_the_tanks_one_a_turn_until_all_are_back():
    """000 IX.D.1: "... one leader per turn until all of his leaders have been revived"."""
    state = game()
    all_dead(state, AT)
    _, [(code, _, _)] = read(state, AT, "REVIVE LEADER Duncan\nREVIVE LEADER Yueh")
    assert code == "one-leader"
    play(state, atreides="REVIVE LEADER Duncan Idaho")
    state["step"] = {"done": False}
    assert prompt_of(state, AT)                    # Duncan is alive, the others still wait
    play(state, atreides="REVIVE LEADER Yueh")
    assert leaders.in_tanks(state["factions"][AT]["leaders"]) == [
        "Lady Jessica", "Thufir Hawat", "Gurney Halleck"]


def test_ix_d_2_a_leader_costs_his_fighting_value_paid_to_the_bank():
    """000 IX.D.2: "To revive a leader, a player must pay that leader's fighting value in spice
    to the spice bank"."""
    state = game()
    all_dead(state, EM)
    before = spice_everywhere(state)
    events = play(state, emperor="REVIVE LEADER Count Hasimir Fenring")
    assert state["factions"][EM]["spice"] == 4 and spice_everywhere(state) == before - 6
    assert state["factions"][EM]["leaders"]["Count Hasimir Fenring"] == "alive"
    assert [(e.code, e.data) for e in events] == [
        ("leader-revived", {"faction": EM, "leader": "Count Hasimir Fenring", "spice": 6})]
    state = game()
    all_dead(state, EM)
    state["factions"][EM]["spice"] = 5
    _, [(code, message, valid)] = read(state, EM, "REVIVE LEADER Hasimir")
    assert code == "leader-cost" and "costs 6 spice" in message
    assert "REVIVE LEADER Bashar" in valid


def test_ix_d_3_qa_d_1_a_revived_leader_is_still_a_traitor():
    """000 IX.D.3: "A revived leader ... is still subject to being a traitor"; Q&A D.1 (line
    686): "Once a leader is in a player's pay, he (she) is in his pay for the entire game even
    if revived"."""
    state = game()
    state["factions"][HA]["traitors"] = ["Duncan Idaho"]
    all_dead(state, AT)
    play(state, atreides="REVIVE LEADER Duncan Idaho")
    assert state["factions"][HA]["traitors"] == ["Duncan Idaho"]


def test_ix_d_4_by_mail_leaders_are_revived_in_the_revival_round_under_both_rulesets():
    """000 IX.D.4 ("only at the end of his move") and WBC IX ("All players take revival"):
    by mail the revival round takes leader revival under either ruleset (revival.py ruling)."""
    for ruleset in ("classic", "wbc"):
        state = game(ruleset=ruleset)
        all_dead(state, HA)
        play(state, harkonnen="REVIVE LEADER Umman Kudu")
        assert state["factions"][HA]["leaders"]["Umman Kudu"] == "alive"


def test_ix_d_5_a_leader_killed_again_waits_for_the_other_leaders():
    """000 IX.D.5: "If a revived leader is again killed ... it cannot be revived again until
    all of the player's other revivable leaders have been revived, killed and sent to the
    'tanks' again"."""
    state = game()
    all_dead(state, AT)
    state["factions"][AT]["leaders_revived"] = ["Lady Jessica"]   # revived, then killed again
    assert "Lady Jessica 5" not in prompt_of(state, AT).legal
    _, [(code, message, _)] = read(state, AT, "REVIVE LEADER Jessica")
    assert code == "leader-not-revivable" and "000 IX.D.5" in message
    play(state, atreides="REVIVE LEADER Thufir Hawat")
    assert state["factions"][AT]["leaders_revived"] == ["Lady Jessica", "Thufir Hawat"]


def test_ix_d_5_once_all_were_revived_and_killed_again_a_new_round_of_revival_begins():
    state = game()
    all_dead(state, AT)
    everyone = list(state["factions"][AT]["leaders"])
    state["factions"][AT]["leaders_revived"] = list(everyone)
    play(state, atreides="REVIVE LEADER Jessica")
    assert state["factions"][AT]["leaders_revived"] == ["Lady Jessica"]


def test_ix_d_1_revival_goes_on_while_a_leader_of_the_round_is_in_the_tanks():
    """Once begun, leader revival goes on "until all of his leaders have been revived", with
    leaders alive again; when all are back, it needs every leader unavailable again."""
    places = {"A": "alive", "B": "tanks", "C": "tanks"}
    assert leaders.may_revive(places, ["A"], until_all_back=True)
    assert leaders.revivable(places, ["A"], until_all_back=True) == ["B", "C"]
    assert not leaders.may_revive({"A": "alive", "B": "tanks"}, ["A", "B"], until_all_back=True)
    assert not leaders.may_revive(places, [], until_all_back=True)


def test_001_1_05_04_gf9_revives_a_leader_only_with_no_active_leader():
    """001 1.05.04: "When a player has no Active Leaders they may revive 1 face up leader per
    Turn": a revival begun does not go on once a revived leader is alive, as under 000 IX.D.1;
    with no leader alive it does."""
    places = {"A": "alive", "B": "tanks", "C": "tanks"}
    assert not leaders.may_revive(places, ["A"], until_all_back=False)
    assert leaders.revivable(places, ["A"], until_all_back=False) == []
    everyone_dead = {"A": "tanks", "B": "tanks", "C": "tanks"}
    assert leaders.revivable(everyone_dead, ["A"], until_all_back=False) == ["B", "C"]


def test_qa_d_2_no_leader_free_to_fight_is_enough_to_begin():
    """Q&A XXV.D.2 (line 689): "A player can begin to revive his leaders if he doesn't have
    any of his own leaders available to play in battle" (some captured by the Harkonnen):
    ``leaders`` reads the places, so a captured leader is not available."""
    places = {"A": "captured", "B": "tanks", "C": "tanks"}
    assert leaders.may_revive(places, [], until_all_back=True)
    assert leaders.revivable(places, [], until_all_back=True) == ["B", "C"]


# --- cards
def test_xvii_the_emperor_karama_revives_three_forces_free_beyond_the_limit():
    """Emperor shield (000 line 808) and player aid B.6.B.6 (line 974): "use a Karama card to
    revive up to three tokens or one leader for free"; the card is then discarded; with the
    ordinary three that makes six (IX.B.2: "except by treachery card")."""
    state = game(karama_powers=True)
    kill(state, EM, 7)
    give(state, EM, "Karama #2")
    spice = state["factions"][EM]["spice"]
    events = play(state, emperor="REVIVE 3\nKARAMA REVIVE 3")
    assert state["factions"][EM]["tanks"] == {"force": 1}
    assert state["factions"][EM]["spice"] == spice - 4
    assert "Karama #2" not in state["factions"][EM]["hand"]
    assert state["decks"]["treachery_discard"][-1] == "Karama #2"
    assert ("card-revival", {"faction": EM, "card": "Karama", "forces": {"force": 3},
                             "leader": None}) in [(e.code, e.data) for e in events]


def test_xvii_the_emperor_karama_revives_any_leader_free():
    """The card sets no condition on the leader (revival.py and leaders.py rulings)."""
    state = game(karama_powers=True)
    dead(state, EM, "Caid")
    give(state, EM, "Karama #1")
    assert prompt_of(state, EM)
    spice = state["factions"][EM]["spice"]
    play(state, emperor="KARAMA REVIVE LEADER Caid")
    assert state["factions"][EM]["leaders"]["Caid"] == "alive"
    assert state["factions"][EM]["spice"] == spice
    assert state["factions"][EM]["leaders_revived"] == []     # outside IX.D


def test_xvii_karama_revival_needs_the_option_the_emperor_and_a_card():
    state = game()
    kill(state, EM, 2)
    give(state, EM, "Karama #1")
    assert read(state, EM, "KARAMA REVIVE 1")[1][0][0] == "no-karama"
    assert "not in play" in read(state, EM, "KARAMA REVIVE 1")[1][0][1]
    state = game(karama_powers=True)
    kill(state, HA, 2)
    give(state, HA, "Karama #1")
    assert "only the Emperor" in read(state, HA, "KARAMA REVIVE 1")[1][0][1]
    kill(state, EM, 2)
    state["decks"]["treachery_discard"] += state["factions"][EM]["hand"]
    state["factions"][EM]["hand"] = []
    assert read(state, EM, "KARAMA 1")[1][0][1] == "you hold no Karama card"


def test_player_aid_b_4_the_ghola_revives_up_to_five_forces_free():
    """Player aid B.4 (000 line 942): the Ghola, "played at any time ... revive up to 5 tokens
    from the 'tanks' to his reserves"; free, beyond IX.B.2's three, then discarded."""
    state = game()
    kill(state, HA, 10)
    give(state, HA, "Ghola")
    spice = state["factions"][HA]["spice"]
    play(state, harkonnen="REVIVE 2\nTLEILAXU GHOLA 5")
    assert state["factions"][HA]["tanks"] == {"force": 3}
    assert state["factions"][HA]["spice"] == spice
    assert "Ghola" in state["decks"]["treachery_discard"]
    state = game()
    kill(state, HA, 10)
    give(state, HA, "Ghola")
    assert read(state, HA, "GHOLA 6")[1][0][0] == "ghola-revival"


def test_player_aid_b_4_the_ghola_recovers_one_leader_free():
    """Player aid B.4: "immediately recover one leader from the 'tanks' without payment";
    not a leader and forces both."""
    state = game()
    dead(state, FR, "Stilgar")
    give(state, FR, "Ghola")
    assert read(state, FR, "GHOLA 1 LEADER Stilgar")[1][0][0] == "ghola-revival"
    play(state, fremen="GHOLA LEADER Stilgar")
    assert state["factions"][FR]["leaders"]["Stilgar"] == "alive"


def test_wbc_the_ghola_revives_only_the_players_own_leader():
    """WBC player aid clarification (000 line 1374; 004 player aid 2): "The Tleilaxu Ghola card
    effect may only be used to revive tokens (or a leader) owned by the player"."""
    state = game()
    dead(state, FR, "Stilgar")
    dead(state, AT, "Duncan Idaho")
    give(state, FR, "Ghola")
    assert read(state, FR, "GHOLA LEADER Duncan Idaho")[1][0][0] == "not-your-leader"


def test_one_starred_force_a_turn_even_with_cards():
    """revival.py ruling: the shields' one starred force a turn has no card exception."""
    state = game(advantages=True)
    kill(state, FR, 2, 2)
    give(state, FR, "Ghola")
    assert read(state, FR, "REVIVE 1*\nGHOLA 1*")[1][0][0] == "revival-limit"


# --- the Emperor pays for his ally
def test_emperor_alliance_power_pays_for_his_allys_forces():
    """Emperor shield (000 line 810): "You may give spice to your allies ... to revive tokens";
    WBC house rule 5 (line 1057).  That he paid is public, the amount private (WBC XIII, line
    1284)."""
    state = game(alliances=[[AT, EM]])
    kill(state, AT, 5)
    state["factions"][AT]["spice"] = 0
    assert "SUPPORT <spice> <ally>" in prompt_of(state, EM).legal
    events = play(state, atreides="REVIVE 3", emperor="SUPPORT 4")
    assert state["factions"][AT]["tanks"] == {"force": 2}
    assert state["factions"][EM]["spice"] == 8 and state["factions"][AT]["spice"] == 0
    assert [(e.code, e.data, e.to) for e in events] == [
        ("forces-revived", {"faction": AT, "forces": {"force": 3}, "spice": 2}, None),
        ("revival-supported", {"faction": EM, "ally": AT}, None),
        ("revival-support", {"faction": EM, "ally": AT, "spice": 2}, (EM, AT))]


def test_the_ally_pays_from_its_own_spice_first():
    """revival.py ruling, as for shipments: SUPPORT covers what the ally's spice does not."""
    state = game(alliances=[[AT, EM]])
    kill(state, AT, 5)
    state["factions"][AT]["spice"] = 3
    events = play(state, atreides="REVIVE 3", emperor="SUPPORT 4")
    assert state["factions"][AT]["spice"] == 1 and state["factions"][EM]["spice"] == 10
    assert [e.code for e in events] == ["forces-revived"]
    state["step"] = {"done": False}
    kill(state, AT, 1)
    state["factions"][AT]["spice"] = 1
    play(state, atreides="REVIVE 3", emperor="SUPPORT 4")
    assert state["factions"][AT]["spice"] == 0 and state["factions"][EM]["spice"] == 9


def test_an_emperors_ally_may_order_beyond_its_spice_and_what_nobody_pays_for_is_cut():
    """revival.py ruling: the Emperor's spice is secret, so his ally may order more than its
    own spice pays for; forces nobody pays for stay in the tanks, and the ally is told."""
    state = game(alliances=[[HA, EM]])
    kill(state, HA, 5)
    state["factions"][HA]["spice"] = 0
    assert read(state, HA, "REVIVE 3")[1] == []
    events = play(state, harkonnen="REVIVE 3", emperor="PASS")
    assert state["factions"][HA]["tanks"] == {"force": 3}
    assert ("revival-cut", {"ordered": {"force": 3}, "forces": {"force": 2}}, (HA,)) in [
        (e.code, e.data, e.to) for e in events]


def test_the_emperor_may_not_promise_more_than_his_spice():
    """Emperor shield (000 line 810): he gives his own spice; his revival and his support
    must fit it when he orders (revival.py ruling)."""
    state = game(alliances=[[AT, EM]])
    kill(state, AT, 5)
    kill(state, EM, 3)
    state["factions"][EM]["spice"] = 5
    _, [(code, message, _)] = read(state, EM, "REVIVE 3\nSUPPORT 2 Atreides")
    assert code == "spice" and "you pay 2 for your ally" in message


def test_only_the_emperor_pays_for_an_ally():
    """The Emperor's alliance power (000 line 810); other allies pay for shipments and cards
    (XII.E.3-4), not for revival."""
    state = game(alliances=[[AT, HA]])
    kill(state, AT, 5)
    kill(state, HA, 5)
    _, [(code, message, _)] = read(state, HA, "SUPPORT 2")
    assert code == "no-support" and "only the Emperor" in message


# --- the order text
@pytest.mark.parametrize("text,canonical", [
    ("REVIVE 3", "REVIVE 3"),
    ("revive 2 +1*", "REVIVE 2 1*"),
    ("Revive 2+1*", "REVIVE 2 1*"),
    ("REVIVE 2 1 starred", "REVIVE 2 1*"),
    ("REVIVE 2 forces +1 Sardaukar", "REVIVE 2 1*"),
    ("REVIVE 1 SARDAUKAR", "REVIVE 1*"),
    ("REVIVE 0", "PASS"),
    ("PASS", "PASS"),
    ("REVIVE Bashar", "REVIVE LEADER Bashar"),
    ("REVIVE 1 LEADER bashar", "REVIVE 1\nREVIVE LEADER Bashar"),
    ("KARAMA 2", "KARAMA REVIVE 2"),
    ("karama revive leader caid", "KARAMA REVIVE LEADER Caid"),
    ("SUPPORT 3", "SUPPORT 3 Atreides"),
    ("SUPPORT Atreides 3", "SUPPORT 3 Atreides"),
    ("REVIVE 1\nREVIVE 1*\nSUPPORT 1", "REVIVE 1 1*\nSUPPORT 1 Atreides"),
])
def test_revival_orders_read_loosely_and_print_canonically(text, canonical):
    """DESIGN.md "Orders by mail": loose reading, canonical echo that reads back the same."""
    state = game(karama_powers=True, advantages=True, alliances=[[AT, EM]])
    kill(state, EM, 3, 2)
    kill(state, AT, 5)
    all_dead(state, EM)
    give(state, EM, "Karama #1")
    values, errors = read(state, EM, text)
    assert errors == []
    assert revival_text(state, values[0]) == canonical
    assert read(state, EM, canonical) == (values, [])


def test_a_bad_line_says_what_is_legal_and_the_good_lines_are_not_filed_with_it():
    """STYLE.md 7: one bad line never drops the good lines of a mail unsaid.  A revival is one
    decision: filed whole or not at all, the good line echoed as not filed, naming the bad."""
    state = game()
    kill(state, AT, 5)
    parsed = parse_orders(state, AT, "REVIVE lots\nREVIVE 1", revival.prompts(state))
    assert parsed.orders == []
    assert [(e.line_no, e.code) for e in parsed.errors] == [(1, "unknown-leader")]
    [held] = parsed.not_filed
    assert (held.line_no, held.code) == (2, "not-filed")
    assert held.message == "not filed: the REVIVE on line 1 was refused, send both again"


# --- events, views and bots
def test_every_revival_event_renders_for_its_readers():
    """Each revival event code has its own words in events.txt.j2."""
    events = [Event("forces-revived", {"faction": EM, "forces": {"force": 2, "sardaukar": 1},
                                       "spice": 4}),
              Event("forces-revived", {"faction": AT, "forces": {"force": 1}, "spice": 0}),
              Event("leader-revived", {"faction": AT, "leader": "Duncan Idaho", "spice": 2}),
              Event("card-revival", {"faction": FR, "card": "Tleilaxu Ghola",
                                     "forces": {"force": 4, "fedaykin": 1}, "leader": None}),
              Event("card-revival", {"faction": EM, "card": "Karama", "forces": {},
                                     "leader": "Caid"}),
              Event("revival-supported", {"faction": EM, "ally": AT}),
              Event("revival-support", {"faction": EM, "ally": AT, "spice": 2}, to=(EM, AT)),
              Event("revival-cut", {"ordered": {"force": 3}, "forces": {"force": 2}}, to=(AT,))]
    text = render("dune", "events.txt.j2", events=events, seat=AT)
    assert text.splitlines() == [
        "Emperor revives 3 forces (1 starred) from the tanks for 4 spice.",
        "Atreides revive 1 force from the tanks, free.",
        "Atreides revive Duncan Idaho from the tanks for 2 spice.",
        "Fremen play Tleilaxu Ghola and revive 5 forces (1 starred) from the tanks, free.",
        "Emperor plays Karama and revive Caid from the tanks, free.",
        "Emperor pays toward the revival of Atreides.",
        "Emperor pays 2 spice toward the revival of Atreides.",
        "Nobody paid for all the forces you ordered revived: 2 revived of 3."]


def test_the_leaders_revived_are_public():
    """Leader revival happens at the table (000 IX.D), so which leaders came back is public
    (view.py), and bots can tell which may be revived (IX.D.5)."""
    state = game()
    state["factions"][AT]["leaders_revived"] = ["Duncan Idaho"]
    assert seat_view(state, HA)["factions"][AT]["leaders_revived"] == ["Duncan Idaho"]


def random_position(rng):
    """A revival round with random tanks, dead leaders, cards and alliances."""
    options = rng.choice([{}, {"optional": True}, {"advantages": True}])
    seats = rng.sample(ALL, rng.randint(2, 6))
    ruleset = "wbc" if rng.random() < 0.3 else "classic"
    state = game(seats=seats, ruleset=ruleset, **({} if ruleset == "wbc" else options))
    deck = state["decks"]["treachery"]
    for seat in seats:
        own = state["factions"][seat]
        kill(state, seat, rng.randint(0, 6), rng.randint(0, total(own["reserve"]) - own[
            "reserve"].get("force", 0)))
        own["spice"] = rng.randint(0, 12)
        names = list(own["leaders"])
        dying = rng.sample(names, rng.choice([0, 1, 5, 5]))
        dead(state, seat, *dying)
        own["leaders_revived"] = rng.sample(names, rng.choice([0, 0, 1, 2, 5]))
        for card in ("Ghola", "Karama #1", "Karama #2"):
            if card in deck and rng.random() < 0.3:
                deck.remove(card)
                own["hand"].append(card)
    if len(seats) >= 2 and rng.random() < 0.6:
        state["alliances"] = [rng.sample(seats, 2)]
    return state


def test_random_revival_orders_are_legal_read_back_and_keep_the_invariants():
    """The bots' orders (``random_revival``, from the seat's view only) always parse, print
    canonically and read back the same; the round keeps every invariant."""
    rng = random.Random(4)
    played = set()
    for _ in range(300):
        state = random_position(rng)
        orders = {}
        for found in revival.prompts(state):
            value = random_revival(seat_view(state, found.seat), found, rng)
            values, errors = read(state, found.seat, revival_text(state, value))
            assert errors == [], (revival_text(state, value), errors)
            assert values == [value]
            orders[found.key] = value
        events = revival.apply(state, orders, rng)
        played |= {e.code for e in events}
        assert violations(state) == []
    assert played >= {"forces-revived", "leader-revived", "card-revival", "revival-supported",
                      "revival-cut"}


# --- invariants
def test_invariant_leaders_are_conserved():
    """Each faction's five leaders, each in one place (000 II.B.1.b)."""
    state = game()
    del state["factions"][AT]["leaders"]["Duncan Idaho"]
    state["factions"][HA]["leaders"]["Duncan Idaho"] = "alive"
    state["factions"][FR]["leaders"]["Stilgar"] = "lost"
    state["factions"][EM]["leaders_revived"] = ["Stilgar"]
    found = violations(state)
    assert len(found) == 4 and all("leader" in v for v in found)
    assert any("000 II.B.1.b" in v for v in found) and any("000 IX.D.5" in v for v in found)


def test_invariant_starred_forces_are_counted_right():
    """5 Sardaukar and 3 Fedaykin with the advantages, none without (000 lines 806, 982,
    1000)."""
    state = game(advantages=True)
    assert violations(state) == []
    add(state["factions"][EM]["tanks"], {"sardaukar": 1})
    take(state["factions"][EM]["reserve"], {"force": 1})
    assert violations(state) == ["forces: emperor has {'force': 14, 'sardaukar': 6}, not "
                                 "{'force': 15, 'sardaukar': 5} (000 II.B.1.c, lines 806, 982 "
                                 "and 1000)"]
    state = game()
    state["factions"][FR]["reserve"] = {"force": 19, "fedaykin": 1}
    assert violations(state) == ["forces: fremen has {'force': 19, 'fedaykin': 1}, not "
                                 "{'force': 20} (000 II.B.1.c, lines 806, 982 and 1000)"]


def test_invariant_no_stronghold_holds_three_factions():
    """000 IX.C.1.c and IX.C.2.f; the Bene Gesserit may be a third where they stopped
    coexisting (XV.B.5), and coexisting they occupy nothing (XV.B.4)."""
    state = game(seats=(AT, BG, FR, HA))
    for seat in (HA, FR):
        add_forces(state, seat, "Arrakeen", only_sector(state, "Arrakeen"), {"force": 1})
        take(state["factions"][seat]["reserve"], {"force": 1})
    assert violations(state) == ["stronghold: Arrakeen is occupied by atreides, fremen, "
                                 "harkonnen (000 IX.C.1.c, IX.C.2.f)"]
    state = game(seats=(AT, BG, FR, HA))
    for seat in (BG, FR):
        add_forces(state, seat, "Arrakeen", only_sector(state, "Arrakeen"), {"force": 1})
        take(state["factions"][seat]["reserve"], {"force": 1})
    assert violations(state) == []
    state["factions"][BG]["coexisting"] = ["Arrakeen"]
    assert violations(state) == []


# --- the Kwisatz Haderach (Atreides shield 4, line 762)
def test_atreides_4_the_kwisatz_haderach_is_revived_like_any_other_leader():
    """Line 762: "If killed Kwisatz Haderach must be revived like any other leader.  If not
    killed, it has no effect on Atreides leader revival": for its value, 2 spice (IX.D.2), as
    the one leader of the turn, once no leader of theirs is free to fight (IX.D.1)."""
    state = game(advantages=True)
    state["factions"]["atreides"]["kwisatz_haderach"]["tanks"] = True
    dead(state, AT, "Duncan Idaho")
    assert AT not in [p.seat for p in revival.prompts(state)]      # Atreides leaders alive
    all_dead(state, AT)
    assert "Kwisatz Haderach 2" in prompt_of(state, AT).legal
    assert read(state, AT, "REVIVE KH\nREVIVE LEADER Yueh")[1][0][0] == "one-leader"
    kill(state, EM, 1)
    assert read(state, EM, "REVIVE LEADER Kwisatz Haderach")[1][0][0] == "not-your-leader"
    events = play(state, atreides="REVIVE LEADER Kwisatz Haderach")
    assert state["factions"]["atreides"]["kwisatz_haderach"]["tanks"] is False
    assert state["factions"][AT]["spice"] == 10 - 2
    assert state["factions"][AT]["leaders_revived"] == []        # not one of the five
    assert [e.data for e in events if e.data["faction"] == AT] == [
        {"faction": AT, "leader": "Kwisatz Haderach", "spice": 2}]


def test_atreides_4_alive_the_kwisatz_haderach_keeps_no_leader_from_revival():
    """Line 762: "If not killed, it has no effect on Atreides leader revival"."""
    state = game(advantages=True)
    all_dead(state, AT)
    play(state, atreides="REVIVE LEADER Yueh")
    assert state["factions"][AT]["leaders"]["Dr. Wellington Yueh"] == "alive"


def test_atreides_4_a_ghola_brings_the_kwisatz_haderach_back_like_a_leader():
    """Line 762 with player aid B.4 (line 942): the Ghola recovers "one leader", the Kwisatz
    Haderach too, whenever it is in the tanks."""
    state = game(advantages=True)
    state["factions"]["atreides"]["kwisatz_haderach"]["tanks"] = True
    give(state, AT, "Ghola")
    play(state, atreides="GHOLA LEADER KH")
    assert state["factions"]["atreides"]["kwisatz_haderach"]["tanks"] is False


def test_qa_a_5_a_leader_the_ghola_revives_is_back_before_the_battle_round():
    """Q&A XXV.A.5 (lines 637-638): a leader revived during a battle round fights in the next
    battle round at the earliest.  By mail the Ghola revives only in the revival round (ruling
    in ``revival``): the battle round after it is the next one, and he may fight in it."""
    state = game()
    dead(state, FR, "Stilgar")
    give(state, FR, "Ghola")
    assert [p.kind for p in revival.prompts(state) if p.seat == FR] == ["revival"]
    play(state, fremen="GHOLA LEADER Stilgar")
    assert "Stilgar" in leaders.available(state["factions"][FR]["leaders"])


def test_001_2_03_08_the_emperors_ally_revives_three_more_under_gf9_only():
    """001 2.03.08: the Emperor "may pay spice for the revival of up to 3 extra of your ally's
    Forces beyond their current limit"; under AH his ally revives three at most (000 IX.B.2)."""
    for ruleset, limit in (("classic", 3), ("gf9", 6)):
        state = game(ruleset=ruleset, alliances=[[AT, EM]])
        kill(state, AT, 8)
        assert read(state, AT, f"REVIVE {limit}")[1] == []
        assert read(state, AT, f"REVIVE {limit + 1}")[1][0][0] == "too-many-forces"
    state = game(ruleset="gf9", alliances=[[AT, HA]])
    kill(state, AT, 8)
    assert read(state, AT, "REVIVE 4")[1][0][0] == "too-many-forces"


def test_001_2_03_08_random_revivals_of_the_emperors_ally_read_back_and_go_beyond_three():
    """The bots' revivals of a GF9 Emperor and his ally parse and read back, keep the
    invariants, and now and then revive more than three forces of the ally."""
    rng = random.Random(5)
    most = 0
    for _ in range(200):
        state = game(seats=(AT, EM, HA), ruleset="gf9", alliances=[[AT, EM]])
        kill(state, AT, rng.randint(0, 8))
        state["factions"][AT]["spice"] = rng.randint(0, 6)
        state["factions"][EM]["spice"] = rng.randint(0, 12)
        before = state["factions"][AT]["tanks"].get("force", 0)
        orders = {}
        for found in revival.prompts(state):
            value = random_revival(seat_view(state, found.seat), found, rng)
            values, errors = read(state, found.seat, revival_text(state, value))
            assert errors == [] and values == [value], (revival_text(state, value), errors)
            orders[found.key] = value
        revival.apply(state, orders, rng)
        assert violations(state) == []
        most = max(most, before - state["factions"][AT]["tanks"].get("force", 0))
    assert most > 3
