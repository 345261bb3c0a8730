"""The battle round of classic Dune: which battles (000 X.A, lines 366-379), the battle plan
(X.B, lines 381-389), resolution (X.C, lines 391-411), traitors (X.D, lines 413-421), advanced
combat (XXII, lines 578-589), the Q&A on battles (XXV.B, lines 649-671), the battle cards
(player aid A, lines 918-932), the shields' battle powers (lines 762, 806, 888, 1000), WBC house
rule 6 (line 1059) and WBC clarifications X (lines 1207-1273) and XV (lines 1298-1300)."""

from __future__ import annotations

import random

import pytest

from pbem.game import Event
from pbem.games.dune import battle, battle_orders, combat, turn
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders import KINDS, parse_orders
from pbem.games.dune.rules import make_rules
from pbem.games.dune.set_up import new_game
from pbem.games.dune.state import SEAT_FACTIONS, add_forces, data, only_sector, storm_order
from pbem.games.dune.view import seat_view
from pbem.templating import environment

ALL = list(SEAT_FACTIONS)
AT, BG, EM, FR, GU, HA = ALL


def game(forces, seats=(AT, HA, FR, EM), ruleset="classic", storm=1, alliances=(),
         hands=None, spice=None, coexisting=(), check=True, **options):
    """A game at the start of a battle round: ``forces`` maps "Territory [SECTOR n]" to
    faction -> normal or (normal, starred); nobody holds cards or traitors unless given."""
    state = new_game(make_rules(ruleset, options), list(seats), random.Random(1))
    state.update(turn=3, phase="battle", step={})
    state["storm"]["sector"] = storm
    for seat in seats:
        own = state["factions"][seat]
        own["reserve"][0] += own["to_place"]
        own["to_place"] = 0
        own["traitors"] = []
        state["decks"]["treachery"] += own["hand"]
        own["hand"] = []
        own["spice"] = (spice or {}).get(seat, 10)
    for sectors in state["forces"].values():        # the set-up's forces back to the reserve
        for by_faction in sectors.values():
            for seat, (normal, starred) in by_faction.items():
                own = state["factions"][seat]
                own["reserve"] = [own["reserve"][0] + normal, own["reserve"][1] + starred]
    state["forces"] = {}
    for where, by_faction in forces.items():
        territory, _, sector = where.partition(" SECTOR ")
        at = int(sector) if sector else only_sector(territory)
        for seat, count in by_faction.items():
            normal, starred = (count, 0) if isinstance(count, int) else count
            own = state["factions"][seat]
            own["reserve"] = [own["reserve"][0] - normal, own["reserve"][1] - starred]
            add_forces(state, seat, territory, at, normal, starred)
    for seat, cards in (hands or {}).items():
        for name in cards:
            give(state, seat, name)
    state["alliances"] = [list(a) for a in alliances]
    state["coexisting"] = list(coexisting)
    events = battle.begin(state, random.Random(2))
    assert not check or violations(state) == []
    return state, events


def order_of(seats, storm=1):
    """Storm order of a game of these seats with the storm at ``storm``."""
    state = new_game(make_rules("classic", {}), list(seats), random.Random(1))
    state["storm"]["sector"] = storm
    return storm_order(state)


def give(state, seat, name):
    """A copy of the named treachery card from the deck into a faction's hand."""
    card = next(c for c in state["decks"]["treachery"]
                if data().treachery_card(c).name == name)
    state["decks"]["treachery"].remove(card)
    state["factions"][seat]["hand"].append(card)


def names(state, seat):
    return sorted(data().treachery_card(c).name for c in state["factions"][seat]["hand"])


def read(state, seat, text):
    """The order values a seat's mail gives, and the errors (code, message)."""
    parsed = parse_orders(state, seat, text, battle.prompts(state))
    return [o.value for o in parsed.orders], [(e.code, e.message) for e in parsed.errors]


def fight(state, **texts):
    """One mail round of the battle round: the given seats' mails, defaults for the rest;
    returns the events, the state changed in place."""
    orders = {}
    for prompt in battle.prompts(state):
        text = texts.get(prompt.seat.replace("-", "_"))
        if text is None:
            orders[prompt.key] = prompt.default
            continue
        values, errors = read(state, prompt.seat, text)
        assert not errors, errors
        orders[prompt.key] = values[0]
    events = battle.apply(state, orders, random.Random(3))
    assert violations(state) == []
    return events


def current(state):
    found = state["step"]["battle"]
    return None if found is None else (found["territory"], found["aggressor"], found["defender"])


def codes(events):
    return [e.code for e in events]


def of(events, code):
    return [e.data for e in events if e.code == code]


def dead(state, seat):
    return sorted(n for n, where in state["factions"][seat]["leaders"].items() if where == "tanks")


def on_map(state, seat, territory):
    return [sum(v.get(seat, (0, 0))[i] for v in state["forces"].get(territory, {}).values())
            for i in (0, 1)]


# --- which battles (000 X.A)
def test_x_a_1_factions_in_the_same_territory_battle():
    """000 X.A.1: "Battles must occur between players whose tokens occupy the same
    territory"; factions in different territories do not fight."""
    state, events = game({"Arrakeen": {AT: 5, HA: 3}, "Carthag": {FR: 4}})
    aggressor = next(s for s in storm_order(state) if s in (AT, HA))
    assert current(state) == ("Arrakeen", aggressor, AT if aggressor == HA else HA)
    assert codes(events) == ["battle"]
    assert [p.key for p in battle.prompts(state)] == [f"battle-plan:{aggressor}",
                                                      f"battle-plan:{current(state)[2]}"]
    assert all(p.secret for p in battle.prompts(state))


def test_x_a_2_b_no_battle_in_the_polar_sink():
    """000 X.A.2.b: "Players cannot battle in the Polar Sink. It is a free haven"."""
    state, _ = game({"Polar Sink": {AT: 5, HA: 3}})
    assert battle.done(state) and battle.prompts(state) == []


def test_x_a_2_a_forces_the_storm_separates_do_not_battle():
    """000 X.A.2.a: no battle between tokens "separated by a sector in storm"; WBC VI (line
    1118): the storm between them or over one of them."""
    state, _ = game({"False Wall East SECTOR 5": {AT: 5}, "False Wall East SECTOR 9": {HA: 3}},
                    storm=7)
    assert battle.done(state)
    state, _ = game({"False Wall East SECTOR 5": {AT: 5}, "False Wall East SECTOR 7": {HA: 3}},
                    storm=7)
    assert battle.done(state)
    state, _ = game({"False Wall East SECTOR 5": {AT: 5}, "False Wall East SECTOR 6": {HA: 3}},
                    storm=7)
    assert current(state)[0] == "False Wall East"
    assert state["step"]["battle"]["sectors"] == [5, 6]


def test_wbc_x_under_the_storm_only_forces_in_the_same_sector_battle():
    """WBC X (line 1244; 004 X.4): "Tokens under the storm may only battle with tokens in the
    same space and sector"; the loser loses only the forces of that sector."""
    state, events = game({"False Wall East SECTOR 7": {AT: 5, HA: 3},
                          "False Wall East SECTOR 5": {HA: 4}}, storm=7)
    assert state["step"]["battle"]["sectors"] == [7]
    assert of(events, "battle")[0]["sectors"] == [7]
    fight(state, atreides="LEADER Thufir Hawat\nDIAL 2", harkonnen="LEADER Umman Kudu\nDIAL 0")
    assert on_map(state, HA, "False Wall East") == [4, 0]
    assert battle.done(state)


def test_qa_b_1_forces_in_several_sectors_fight_as_one_group():
    """Q&A XXV.B.1 (line 652): a player's tokens in different sectors "must fight as a single
    group (if storm permits)": the dial reaches all of them and the loser loses them all."""
    state, _ = game({"Imperial Basin SECTOR 9": {AT: 2}, "Imperial Basin SECTOR 11": {AT: 3},
                     "Imperial Basin SECTOR 10": {HA: 2}})
    side = battle_orders.side_of_state(state, AT)
    assert (side.strength.normal, side.strength.most(0)) == (5, 5)
    fight(state, atreides="LEADER Duncan Idaho\nDIAL 0", harkonnen="LEADER Feyd-Rautha\nDIAL 2")
    assert on_map(state, AT, "Imperial Basin") == [0, 0]
    assert on_map(state, HA, "Imperial Basin") == [0, 0]


def test_xv_b_4_coexisting_bene_gesserit_fight_no_battle():
    """000 XV.B.4 (line 506): coexisting Bene Gesserit "are treated as if they are not even on
    the board": no battle; not coexisting, they fight."""
    forces = {"Arrakeen": {AT: 5, BG: 2}}
    state, _ = game(forces, seats=(AT, BG), coexisting=["Arrakeen"], advantages=True)
    assert battle.done(state)
    state, _ = game(forces, seats=(AT, BG), advantages=True)
    assert current(state)[0] == "Arrakeen"


def test_xii_e_5_allies_never_battle():
    """000 XII.E.5 (line 467): allies "may never battle one another" (sharing a territory when
    they allied, they stay in peace); their enemy there fights each of them."""
    state, _ = game({"The Great Flat": {FR: 5, AT: 3}}, alliances=[(AT, FR)], check=False)
    assert battle.done(state)
    state, _ = game({"The Great Flat": {FR: 5, AT: 3, HA: 4}}, alliances=[(AT, FR)],
                    check=False)
    pairs = {(b[1], b[2]) for b in [current(state)]}
    assert all(HA in pair for pair in pairs)


def test_x_a_3_the_first_player_is_the_aggressor_and_orders_his_battles():
    """000 X.A.3: the first player is aggressor until his battles are fought and "chooses the
    order"; by mail he names it ahead (BATTLE lines), in a round of its own as he is first."""
    state, events = game({"Arrakeen": {AT: 5, HA: 3}, "Carthag": {AT: 4, HA: 6}},
                         seats=(AT, HA))
    first = storm_order(state)[0]
    assert events == [] and current(state) is None
    (prompt,) = battle.prompts(state)
    assert prompt.key == f"battle-order:{first}" and prompt.kind == "battle-order"
    assert prompt.default_text.splitlines()[0].startswith("BATTLE Arrakeen AGAINST")
    other = SEAT_FACTIONS[HA if first == AT else AT]
    events = fight(state, **{first: f"BATTLE Carthag AGAINST {other}"})
    assert current(state)[:2] == ("Carthag", first)
    fight(state)
    assert current(state)[:2] == ("Arrakeen", first)


def test_x_a_3_later_aggressors_give_their_order_with_the_first_battles_plans():
    """By mail the order of a later aggressor with a choice rides along with the first
    battle's plans: no extra mail round (docs/orders.md, "Battles")."""
    first, second, later, last = order_of((AT, HA, FR, GU))
    state, _ = game({"Tuek's Sietch": {first: 5, second: 2}, "Arrakeen": {later: 5, last: 3},
                     "Carthag": {later: 4, last: 6}}, seats=(AT, HA, FR, GU))
    keys = [p.key for p in battle.prompts(state)]
    assert keys == [f"battle-plan:{first}", f"battle-plan:{second}", f"battle-order:{later}"]
    fight(state)
    assert f"battle-order:{later}" not in [p.key for p in battle.prompts(state)]


def test_x_a_4_the_aggressor_picks_whom_he_fights_first_and_fights_on_while_he_survives():
    """000 X.A.4: "the aggressor picks who he will battle first, second, etc., for as long as
    he survives"."""
    state, _ = game({"The Great Flat": {AT: 5, HA: 3, FR: 4}}, seats=(AT, HA, FR))
    order = storm_order(state)
    first = order[0]
    rest = [s for s in order if s != first]
    (prompt,) = battle.prompts(state)
    last = SEAT_FACTIONS[rest[1]]
    fight(state, **{first.replace("-", "_"): f"BATTLE Great Flat AGAINST {last}"})
    assert current(state) == ("The Great Flat", first, rest[1])


def test_wbc_x_1_battles_go_in_player_dot_order_whatever_the_guilds_timing():
    """WBC X (line 1210; 004 X.1): battles "in player dot order as written (regardless of when
    the Guild actually chose to take his movement turn)": the aggressors are storm order."""
    state, _ = game({"Tuek's Sietch": {GU: 5, HA: 2}}, seats=(AT, HA, GU), ruleset="wbc")
    assert state["step"]["queue"][:len(storm_order(state))] == storm_order(state)
    aggressor = next(s for s in storm_order(state) if s in (GU, HA))
    assert current(state)[1] == aggressor


def test_x_a_2_battles_go_on_until_one_faction_is_left_in_each_territory():
    """000 X.A.2: "Battles continue until just one player's tokens or no tokens remain"."""
    state, _ = game({"The Great Flat": {AT: 5, HA: 3, FR: 4}, "Arrakeen": {AT: 2, EM: 3}})
    rounds = 0
    while not battle.done(state):
        fight(state)
        rounds += 1
    assert rounds >= 3
    for territory in ("The Great Flat", "Arrakeen"):
        assert len([s for s in state["seats"] if sum(on_map(state, s, territory))]) <= 1


# --- the battle plan (000 X.B; X.C.8-10)
def test_each_plan_prompt_states_the_numbers_and_its_template_parses():
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, hands={AT: ["Crysknife", "Shield"]})
    prompt = next(p for p in battle.prompts(state) if p.seat == AT)
    assert "DIAL 0 to 5: your 5 forces in Arrakeen" in prompt.legal
    assert "LEADER Lady Jessica 5, Thufir Hawat 5, Gurney Halleck 4" in prompt.legal
    assert "WEAPON: Crysknife." in prompt.legal and "DEFENSE: Shield." in prompt.legal
    assert read(state, AT, prompt.template) == ([prompt.default], [])
    assert prompt.default["leader"] == "Dr. Wellington Yueh" and prompt.default["dial"] == 0


def test_x_b_1_the_dial_goes_from_zero_to_the_forces_there():
    """000 X.B.1: "dials a number from zero to the number of tokens he has in the disputed
    territory"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}})
    assert read(state, AT, "LEADER Duncan\nDIAL 5")[1] == []
    error = read(state, AT, "LEADER Duncan\nDIAL 6")[1][0]
    assert error[0] == "dial" and "DIAL 0 to 5: your 5 forces in Arrakeen" in error[1]
    assert read(state, AT, "LEADER Duncan")[1][0][0] == "dial-required"
    assert read(state, AT, "LEADER Duncan\nDIAL 2.5")[1][0][0] == "bad-dial"


def test_x_c_9_a_leader_or_cheap_hero_must_be_played():
    """000 X.C.9: "he must use one in the battle plan"; a cheap hero(ine) may stand in."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, hands={AT: ["Cheap Heroine"]})
    (error,) = read(state, AT, "DIAL 3")[1]
    assert error[0] == "leader-required"
    (plan,), errors = read(state, AT, "CHEAP HERO\nDIAL 3")
    assert errors == [] and plan["cheap_hero"] == "Cheap Heroine" and plan["leader"] is None
    assert read(state, AT, "LEADER Duncan Idaho\nCHEAP HEROINE\nDIAL 3")[1][0][0] == \
        "one-leader"


def test_x_c_10_without_a_leader_the_dial_alone_and_no_cards():
    """000 X.C.10: with no leader to play "he cannot play any treachery cards ... His total is
    simply the number of tokens he dials"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, hands={AT: ["Crysknife"]})
    for name in state["factions"][AT]["leaders"]:
        state["factions"][AT]["leaders"][name] = "tanks"
    prompt = next(p for p in battle.prompts(state) if p.seat == AT)
    assert "no leader to play" in prompt.legal and prompt.default_text == "DIAL 0"
    assert read(state, AT, "DIAL 4\nWEAPON Crysknife")[1][0][0] == "no-leader-no-cards"
    events = fight(state, atreides="DIAL 4", harkonnen="LEADER Umman Kudu\nDIAL 2")
    assert of(events, "battle-result")[0]["totals"] == {AT: 4, HA: 3} or \
        of(events, "battle-result")[0]["totals"] == {HA: 3, AT: 4}


def test_x_b_3_one_weapon_and_one_defense_at_most_and_only_cards_held():
    """000 X.B.3: "either a weapon or defense treachery card or both"; WBC X (line 1256) takes
    one of two at random at the reveal, by mail a second is refused when read."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}},
                    hands={AT: ["Crysknife", "Chaumas", "Shield", "Kulon"]})
    plan, errors = read(state, AT, "LEADER Gurney\nDIAL 2\nWEAPON crys\nDEFENSE shield")
    assert errors == [] and (plan[0]["weapon"], plan[0]["defense"]) == ("Crysknife", "Shield")
    assert read(state, AT, "LEADER Gurney\nDIAL 2\nWEAPON Crysknife\nWEAPON Chaumas")[1][0][0] \
        == "two-weapons"
    assert read(state, AT, "LEADER Gurney\nDIAL 2\nWEAPON Lasgun")[1][0][0] == "card-not-held"
    assert read(state, AT, "LEADER Gurney\nDIAL 2\nWEAPON Shield")[1][0][0] == "wrong-place"


def test_player_aid_a_7_a_worthless_card_goes_in_place_of_a_weapon_or_defense_or_both():
    """Player aid A.7 (line 932): worthless cards are "Played in place of a weapon, defense or
    both"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, hands={AT: ["Kulon", "Baliset"]})
    (plan,), errors = read(state, AT, "LEADER Gurney\nDIAL 2\nWEAPON Kulon\nDEFENSE Baliset")
    assert errors == [] and plan["weapon"] == "Kulon"
    assert read(state, AT, "LEADER Gurney\nDIAL 2\nWEAPON Kulon\nDEFENSE Kulon")[1][0][0] == \
        "card-twice"


def test_qa_b_2_a_cheap_hero_stands_only_for_a_leader():
    """Q&A XXV.B.2 (line 655): a cheap hero(ine) "may only be played as a substitute for a
    leader"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, hands={AT: ["Cheap Hero"]})
    (error,) = read(state, AT, "LEADER Gurney\nDIAL 2\nWEAPON Cheap Hero")[1]
    assert error[0] == "wrong-place" and "as a leader only (Q&A B.2)" in error[1]


def test_x_c_8_a_leader_fights_in_one_territory_a_round_but_again_in_the_same():
    """000 X.C.8: "No player may use a surviving leader in battle in another territory during
    the same round. The leader may be played in another battle in the same territory"."""
    first, second, third = order_of((AT, HA, FR))
    state, _ = game({"The Great Flat": {first: 9, second: 1, third: 1},
                     "Funeral Plain": {first: 3, second: 3}}, seats=(AT, HA, FR))
    leader = sorted(state["factions"][first]["leaders"])[0]
    mail = {first: f"BATTLE Great Flat AGAINST {SEAT_FACTIONS[second]}\n"
                   f"BATTLE Great Flat AGAINST {SEAT_FACTIONS[third]}\nBATTLE Funeral Plain"}
    fight(state, **mail)
    for opponent in (second, third):
        assert current(state) == ("The Great Flat", first, opponent)
        assert leader in battle_orders.side_of_state(state, first).leaders
        fight(state, **{first: f"LEADER {leader}\nDIAL 1"})
    assert current(state) == ("Funeral Plain", first, second)
    assert leader not in battle_orders.side_of_state(state, first).leaders
    error = read(state, first, f"LEADER {leader}\nDIAL 0")[1][0]
    assert error[0] == "leader-fought" and "fought in The Great Flat" in error[1]


# --- resolution (000 X.C)
def test_x_c_1_2_the_higher_total_wins_and_a_tie_goes_to_the_aggressor():
    """000 X.C.1: "the higher total of number dialed plus leader's fighting strength"; X.C.2:
    "In the case of a tie, the aggressor has won"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 5}}, seats=(AT, HA))
    aggressor, defender = current(state)[1:]
    texts = {AT: "LEADER Gurney Halleck\nDIAL 2", HA: "LEADER Beast Rabban\nDIAL 2"}
    events = fight(state, **{s.replace("-", "_"): t for s, t in texts.items()})
    (result,) = of(events, "battle-result")
    assert result["totals"] == {AT: 6, HA: 6}
    assert (result["winner"], result["loser"]) == (aggressor, defender)
    state, _ = game({"Arrakeen": {AT: 5, HA: 5}}, seats=(AT, HA))
    events = fight(state, atreides="LEADER Gurney Halleck\nDIAL 3",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 2")
    assert of(events, "battle-result")[0]["winner"] == HA


def test_x_c_3_a_weapon_kills_a_leader_without_the_proper_defense():
    """000 X.C.3; player aid A.1-4: a projectile is stopped by a shield, a poison by a
    snooper; a killed leader counts nothing; both may die."""
    assert combat.kills("Crysknife", None) and not combat.kills("Crysknife", "Shield")
    assert combat.kills("Crysknife", "Snooper") and combat.kills("Chaumas", "Shield")
    assert not combat.kills("Chaumas", "Snooper") and not combat.kills("Kulon", None)
    state, _ = game({"Arrakeen": {AT: 5, HA: 5}}, seats=(AT, HA),
                    hands={AT: ["Crysknife"], HA: ["Chaumas"]})
    events = fight(state, atreides="LEADER Thufir Hawat\nDIAL 1\nWEAPON Crysknife",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 2\nWEAPON Chaumas")
    (result,) = of(events, "battle-result")
    assert result["totals"] == {AT: 1, HA: 2} and result["winner"] == HA
    assert dead(state, AT) == ["Thufir Hawat"] and dead(state, HA) == ["Feyd-Rautha"]


def test_x_c_4_killed_leaders_go_to_the_tanks_and_the_winner_is_paid_their_value():
    """000 X.C.4: "The winner immediately receives their value (including his own leader, if
    killed) in spice from the spice bank"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 5}}, seats=(AT, HA),
                    hands={AT: ["Crysknife"], HA: ["Chaumas"]})
    fight(state, atreides="LEADER Thufir Hawat\nDIAL 1\nWEAPON Crysknife",
          harkonnen="LEADER Feyd-Rautha\nDIAL 2\nWEAPON Chaumas")
    assert state["factions"][HA]["spice"] == 10 + 5 + 6
    assert state["factions"][AT]["spice"] == 10
    assert seat_view(state, AT)["factions"][HA]["leaders_in_tanks"] == ["Feyd-Rautha"]


def test_x_c_5_6_7_the_loser_loses_all_the_winner_his_dial_and_no_leader_dies_of_losing():
    """000 X.C.5: the loser loses all his tokens there and discards every card he played;
    X.C.6: the winner loses the tokens he dialed and may keep or discard his cards; X.C.7:
    "the loser does not lose his leader as a result of battle"."""
    state, _ = game({"Arrakeen": {AT: 6, HA: 5}}, seats=(AT, HA),
                    hands={AT: ["Crysknife", "Snooper"], HA: ["Shield", "Chaumas"]})
    events = fight(state, atreides="LEADER Thufir Hawat\nDIAL 4\nWEAPON Crysknife\n"
                   "DEFENSE Snooper\nDISCARD Snooper",
                   harkonnen="LEADER Piter\nDIAL 5\nWEAPON Chaumas\nDEFENSE Shield")
    assert of(events, "battle-result")[0]["winner"] == AT
    assert on_map(state, AT, "Arrakeen") == [2, 0] and state["factions"][AT]["tanks"] == [4, 0]
    assert on_map(state, HA, "Arrakeen") == [0, 0] and state["factions"][HA]["tanks"] == [5, 0]
    assert names(state, AT) == ["Crysknife"] and names(state, HA) == []
    assert dead(state, HA) == [] and dead(state, AT) == []
    assert sorted(data().treachery_card(c).name for c in state["decks"]["treachery_discard"]) \
        == ["Chaumas", "Shield", "Snooper"]


def test_qa_b_3_a_winners_weapon_may_be_played_again_the_same_round():
    """Q&A XXV.B.3 (line 658): the same weapon may be played in more than one battle, in the
    same round too, if victorious."""
    state, _ = game({"Arrakeen": {AT: 6, HA: 1}, "Carthag": {AT: 6, HA: 1}}, seats=(AT, HA),
                    hands={AT: ["Crysknife"]})
    if current(state) is None:
        fight(state)                          # the first aggressor's order: board order
    for _ in range(2):
        fight(state, atreides="LEADER Gurney\nDIAL 1\nWEAPON Crysknife"
              if current(state)[0] == "Arrakeen" else "LEADER Thufir\nDIAL 1\nWEAPON Crysknife")
    assert battle.done(state) and names(state, AT) == ["Crysknife"]
    assert dead(state, HA) == ["Captain Iakin Nefud", "Umman Kudu"]    # their defaults


def test_player_aid_a_6_7_a_cheap_hero_and_a_worthless_card_are_discarded_even_by_a_winner():
    """Player aid A.6: a cheap hero "Must be discarded when played"; A.7: playing a worthless
    card is "the only way they may be discarded" (ruling: the winner does not keep it)."""
    state, _ = game({"Arrakeen": {AT: 6, HA: 1}}, seats=(AT, HA),
                    hands={AT: ["Cheap Hero", "Baliset"]})
    fight(state, atreides="CHEAP HERO\nDIAL 3\nDEFENSE Baliset")
    assert names(state, AT) == []


def test_player_aid_a_5_lasgun_and_shield_explode_and_nobody_wins():
    """Player aid A.5: with a shield in the same battle "a nuclear explosion occurs and all
    tokens and spice (even those not involved in the battle) in the territory are lost ... as
    well as all leaders played (no spice is paid for them). All treachery cards played in the
    battle must be discarded"; WBC X (line 1270): no winner."""
    state, _ = game({"The Great Flat": {AT: 6, HA: 5, BG: 2}}, seats=(AT, HA, BG),
                    hands={AT: ["Lasgun"], HA: ["Shield"]}, coexisting=["The Great Flat"],
                    advantages=True)
    state["spice"]["The Great Flat"] = 10
    events = fight(state, atreides="LEADER Thufir\nDIAL 6\nWEAPON Lasgun",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 0\nDEFENSE Shield")
    (result,) = of(events, "battle-result")
    assert result["kind"] == "explosion" and result["winner"] is None
    assert "The Great Flat" not in state["forces"] and "The Great Flat" not in state["spice"]
    assert state["factions"][BG]["tanks"] == [2, 0]          # coexisting: XV.B.4
    assert dead(state, AT) == ["Thufir Hawat"] and dead(state, HA) == ["Feyd-Rautha"]
    assert state["factions"][AT]["spice"] == 10 and state["factions"][HA]["spice"] == 10
    assert names(state, AT) == names(state, HA) == []


# --- traitors (000 X.D)
def test_x_d_1_3_a_traitor_wins_and_his_caller_loses_nothing():
    """000 X.D.1-3: the player calls "treachery", wins at once; the opponent loses his tokens
    there, the traitor and his cards; the caller loses nothing "regardless of what was played"
    and receives the traitor's strength in spice."""
    state, _ = game({"Arrakeen": {AT: 6, HA: 5}}, seats=(AT, HA),
                    hands={AT: ["Crysknife"], HA: ["Chaumas"]})
    state["factions"][AT]["traitors"] = ["Feyd-Rautha"]
    events = fight(state, atreides="LEADER Duncan\nDIAL 4\nWEAPON Crysknife",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 5\nWEAPON Chaumas")
    assert of(events, "traitor-called") == [{"faction": AT, "leader": "Feyd-Rautha",
                                             "holder": AT}]
    assert of(events, "battle-result")[0]["winner"] == AT
    assert on_map(state, AT, "Arrakeen") == [6, 0] and on_map(state, HA, "Arrakeen") == [0, 0]
    assert dead(state, HA) == ["Feyd-Rautha"] and dead(state, AT) == []
    assert state["factions"][AT]["spice"] == 16 and names(state, AT) == ["Crysknife"]
    assert names(state, HA) == []


def test_qa_b_7_a_traitor_need_not_be_called():
    """Q&A XXV.B.7 (line 670): "you need not reveal him as your traitor"."""
    state, _ = game({"Arrakeen": {AT: 6, HA: 5}}, seats=(AT, HA))
    state["factions"][AT]["traitors"] = ["Umman Kudu"]
    events = fight(state, atreides="LEADER Duncan\nDIAL 3\nNO TRAITOR CALL",
                   harkonnen="LEADER Umman Kudu\nDIAL 5")
    assert of(events, "traitor-called") == [] and of(events, "battle-result")[0]["winner"] == HA


def test_x_d_4_two_traitors_both_lose_everything_and_nobody_is_paid():
    """000 X.D.4: "both players' tokens in the territory, their cards played and their leaders
    are lost. Neither player gets any spice"."""
    state, _ = game({"Arrakeen": {AT: 6, HA: 5}}, seats=(AT, HA), hands={HA: ["Shield"]})
    state["factions"][AT]["traitors"] = ["Piter DeVries"]
    state["factions"][HA]["traitors"] = ["Duncan Idaho"]
    events = fight(state, atreides="LEADER Duncan\nDIAL 4",
                   harkonnen="LEADER Piter\nDIAL 1\nDEFENSE Shield")
    assert of(events, "battle-result")[0]["kind"] == "traitors"
    assert "Arrakeen" not in state["forces"]
    assert dead(state, AT) == ["Duncan Idaho"] and dead(state, HA) == ["Piter DeVries"]
    assert state["factions"][AT]["spice"] == state["factions"][HA]["spice"] == 10
    assert names(state, HA) == []


def test_wbc_x_a_traitor_call_comes_before_the_explosion():
    """WBC X (line 1272; 004 X.14): "traitor calls take precedence over lasegun-shield
    explosions"."""
    state, _ = game({"Arrakeen": {AT: 6, HA: 5}}, seats=(AT, HA),
                    hands={AT: ["Shield"], HA: ["Lasgun"]})
    state["factions"][AT]["traitors"] = ["Beast Rabban"]
    events = fight(state, atreides="LEADER Duncan\nDIAL 0\nDEFENSE Shield",
                   harkonnen="LEADER Rabban\nDIAL 5\nWEAPON Lasgun")
    assert of(events, "explosion") == [] and of(events, "battle-result")[0]["winner"] == AT
    assert on_map(state, AT, "Arrakeen") == [6, 0] and names(state, AT) == ["Shield"]


def test_harkonnen_alliance_their_traitors_betray_the_allys_opponents():
    """Harkonnen shield (line 888): "Leaders in your pay may also betray your allies
    opponents"; called by the ally's plan (ruling)."""
    state, _ = game({"Arrakeen": {AT: 6, FR: 5}}, seats=(AT, HA, FR), alliances=[(HA, FR)])
    state["factions"][HA]["traitors"] = ["Gurney Halleck"]
    events = fight(state, atreides="LEADER Gurney\nDIAL 6", fremen="LEADER Jamis\nDIAL 0")
    assert of(events, "traitor-called") == [{"faction": FR, "leader": "Gurney Halleck",
                                             "holder": HA}]
    assert state["factions"][FR]["spice"] == 14


# --- advanced combat (000 XXII; Q&A B.4-5; WBC house rule 6)
def test_qa_b_5_the_dialing_examples_of_advanced_combat():
    """Q&A XXV.B.5 (line 664): with 10 tokens, using 9: 1 spice dials 5, 3 spice 6, 6 spice
    7 1/2, 9 spice 9."""
    ten = combat.Strength(10, 0, 0, advanced=True)
    for spice, dial in ((1, 5), (3, 6), (6, 7.5), (9, 9)):
        assert ten.dial_ok(dial, spice)
        assert ten.losses(dial, spice) == [(9, 0)]
    assert ten.most(0) == 5 and ten.most(10) == 10 and not ten.dial_ok(5.5, 0)


def test_xxii_c_the_winner_loses_any_mix_that_agrees_with_dial_and_spice():
    """000 XXII.C (line 589): one Fedaykin and five tokens, dial 3, one spice: a Fedaykin
    and two tokens, or five tokens."""
    fremen = combat.Strength(5, 1, 2, advanced=True)
    options = fremen.losses(3, 1)
    assert (2, 1) in options and (5, 0) in options
    assert combat.default_losses(options) == (5, 0)


def test_xxii_a_1_spice_backs_forces_and_qa_b_4_one_spice_for_a_starred_force():
    """000 XXII.A.1: full strength with one spice, half without; Q&A B.4 (line 661): "just one
    spice per token" for Fedaykin and Sardaukar."""
    state, _ = game({"Arrakeen": {AT: 4, EM: (2, 2)}}, seats=(AT, EM), advanced_combat=True,
                    advantages=True)
    emperor = battle_orders.side_of_state(state, EM)
    assert emperor.strength.most(0) == 3 and emperor.strength.most(2) == 5
    assert emperor.strength.most(4) == 6
    assert read(state, EM, "LEADER Bashar\nDIAL 5.5\nSPICE 2")[1][0][0] == "dial"
    assert read(state, EM, "LEADER Bashar\nDIAL 5\nSPICE 2")[1] == []
    assert read(state, EM, "LEADER Bashar\nDIAL 4 1/2\nSPICE 2")[0][0]["dial"] == 4.5


def test_xxii_a_2_spice_for_the_battle_is_paid_win_or_lose_but_not_by_a_traitors_caller():
    """000 XXII.A.2: "If a traitor comes up, the winner does not have to expend any spice.
    Otherwise, spice used in the battle plan must go to the spice bank, win or lose"."""
    state, _ = game({"Arrakeen": {AT: 4, HA: 4}}, seats=(AT, HA), advanced_combat=True)
    fight(state, atreides="LEADER Duncan\nDIAL 3\nSPICE 2", harkonnen="LEADER Piter\nDIAL 4\n"
          "SPICE 4")
    assert state["factions"][AT]["spice"] == 8 and state["factions"][HA]["spice"] == 6
    state, _ = game({"Arrakeen": {AT: 4, HA: 4}}, seats=(AT, HA), advanced_combat=True)
    state["factions"][AT]["traitors"] = ["Piter DeVries"]
    fight(state, atreides="LEADER Duncan\nDIAL 3\nSPICE 2", harkonnen="LEADER Piter\nDIAL 4\n"
          "SPICE 4")
    assert state["factions"][AT]["spice"] == 13 and state["factions"][HA]["spice"] == 6


def test_xxii_b_half_dials_only_in_advanced_combat():
    """000 XXII.B: "one-half increments" in advanced combat only."""
    state, _ = game({"Arrakeen": {AT: 4, HA: 4}}, seats=(AT, HA))
    assert read(state, AT, "LEADER Duncan\nDIAL 1.5")[1][0][0] == "bad-dial"
    assert read(state, AT, "LEADER Duncan\nDIAL 1\nSPICE 1")[1][0][0] == "no-spice"


def test_wbc_house_rule_6_the_fremen_and_their_ally_count_full_without_spice():
    """WBC house rule 6 (line 1059): "The Fremen may count their tokens at full strength for
    no cost in ALL battles. Additionally, the Fremen may permit their ally to do the same"."""
    state, _ = game({"The Great Flat": {FR: (3, 2), HA: 4}}, seats=(FR, HA), ruleset="wbc")
    fremen = battle_orders.side_of_state(state, FR)
    assert fremen.strength.free and fremen.strength.most(0) == 7
    assert battle_orders.side_of_state(state, HA).strength.most(0) == 2
    state, _ = game({"Arrakeen": {AT: 4, HA: 4}}, seats=(AT, HA, FR), ruleset="wbc",
                    alliances=[(AT, FR)])
    assert battle_orders.side_of_state(state, AT).strength.most(0) == 4
    assert read(state, AT, "LEADER Duncan\nDIAL 4\nSPICE 1")[1][0][0] == "no-spice"


def test_starred_forces_count_two_and_sardaukar_one_against_the_fremen():
    """Emperor shield 2 (line 806): Sardaukar "worth two normal tokens in battle and in taking
    losses against all opponents except Fremen"; Fedaykin two (line 1000)."""
    assert combat.starred_worth(EM, AT) == 2 and combat.starred_worth(EM, FR) == 1
    assert combat.starred_worth(FR, EM) == 2 and combat.starred_worth(AT, HA) == 0
    state, _ = game({"Arrakeen": {EM: (1, 2), AT: 9}}, seats=(AT, EM), advantages=True)
    assert battle_orders.side_of_state(state, EM).strength.most(0) == 5
    fight(state, emperor="LEADER Hasimir\nDIAL 4\nLOSE 0 2*", atreides="LEADER Yueh\nDIAL 0")
    assert on_map(state, EM, "Arrakeen") == [1, 0] and state["factions"][EM]["tanks"] == [0, 2]


# --- the Kwisatz Haderach (Atreides shield 4; WBC XV)
def test_atreides_4_wbc_xv_the_kwisatz_haderach_after_seven_losses_the_same_turn():
    """Atreides shield 4 (line 762): after losing 7 tokens in battles the Kwisatz Haderach adds
    +2 to one leader a turn; WBC XV (line 1298): usable "in a later battle in the same game
    turn that it is gained"."""
    state, _ = game({"Arrakeen": {AT: 7, HA: 9}, "Carthag": {AT: 3, HA: 1}}, seats=(AT, HA),
                    advantages=True)
    while current(state) is None or current(state)[0] != "Arrakeen":
        fight(state)
    assert battle_orders.side_of_state(state, AT).kh is False
    events = fight(state, atreides="LEADER Duncan\nDIAL 0", harkonnen="LEADER Nefud\nDIAL 9")
    assert state["kwisatz_haderach"]["losses"] == 7 and "kwisatz-haderach" in codes(events)
    while not battle.done(state) and (current(state) is None
                                      or current(state)[0] != "Carthag"):
        fight(state)
    if battle.done(state):
        pytest.skip("the Atreides fought Carthag first")
    assert battle_orders.side_of_state(state, AT).kh
    events = fight(state, atreides="LEADER Yueh\nKWISATZ HADERACH\nDIAL 0",
                   harkonnen="LEADER Umman Kudu\nDIAL 1")
    assert of(events, "battle-result")[0]["totals"] == {AT: 3, HA: 2} or \
        of(events, "battle-result")[0]["totals"] == {HA: 2, AT: 3}


def test_atreides_4_the_kwisatz_haderach_once_a_turn_no_traitor_dies_only_blown_up():
    """Line 762: once a turn; "A leader accompanied by Kwisatz Haderach cannot turn traitor";
    it "can only be killed if blown up by a laser gun-shield explosion"."""
    state, _ = game({"Arrakeen": {AT: 7, HA: 9}}, seats=(AT, HA), advantages=True,
                    hands={AT: ["Lasgun"], HA: ["Shield"]})
    state["kwisatz_haderach"]["losses"] = 7
    state["factions"][HA]["traitors"] = ["Gurney Halleck"]
    assert read(state, HA, "LEADER Piter\nDIAL 1\nKH")[1][0][0] == "no-kwisatz-haderach"
    assert read(state, AT, "KH\nDIAL 1")[1][0][0] == "kh-alone" or \
        read(state, AT, "KH\nDIAL 1")[1][0][0] == "leader-required"
    events = fight(state, atreides="LEADER Gurney\nKWISATZ HADERACH\nDIAL 1\nWEAPON Lasgun",
                   harkonnen="LEADER Piter\nDIAL 1\nDEFENSE Shield")
    assert of(events, "traitor-called") == [] and of(events, "explosion")
    assert state["kwisatz_haderach"]["tanks"] is True
    assert {"faction": AT, "leader": "Kwisatz Haderach"} in of(events, "leader-killed")
    assert battle.done(state) and state["step"]["kh_used"]


# --- WBC corrections at the reveal (clarification X, lines 1252-1258)
def test_wbc_x_7_a_missing_leader_is_the_lowest_available_and_the_default_plays_it():
    """WBC X (line 1252; 004 X.7): "his lowest-value available leader disk must be played"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, seats=(AT, HA))
    side = battle_orders.side_of_state(state, AT)
    plan, notes = battle_orders.correct(side, {"dial": 2})
    assert plan["leader"] == "Dr. Wellington Yueh" and notes == ["leader-added"]
    events = fight(state)
    plans = of(events, "battle-plans")[0]["plans"]
    assert plans[AT]["leader"] == "Dr. Wellington Yueh" and plans[HA]["leader"] == "Umman Kudu"


def test_wbc_x_8_an_unsupportable_dial_is_cut_and_invalid_parts_are_removed():
    """WBC X (lines 1254-1258; 004 X.8): a dial higher than tokens and spice allow is reduced
    to the highest supportable; "any other invalid element ... must be removed"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, seats=(AT, HA), advanced_combat=True)
    side = battle_orders.side_of_state(state, AT)
    plan, notes = battle_orders.correct(side, {"leader": "Duncan Idaho", "dial": 9, "spice": 3,
                                               "weapon": "Lasgun", "kh": True})
    assert (plan["dial"], plan["weapon"], plan["kh"]) == (4, None, False)
    assert notes == ["weapon-removed", "dial-reduced", "kh-removed"]
    events = battle.apply(state, {"battle-plan:atreides": {**battle_orders.empty_plan(),
                                                           "leader": "Duncan Idaho", "dial": 9},
                                  "battle-plan:harkonnen": battle_orders.empty_plan()},
                          random.Random(1))
    assert of(events, "plan-corrected")[0] == {"faction": AT, "corrections": ["dial-reduced"]}


# --- order text, bots, events
def test_plans_and_orders_read_back_from_their_canonical_text():
    """STYLE 3: printing a plan and reading the result gives the same plan; random plans are
    legal (the bots)."""
    rng = random.Random(7)
    for seed in range(40):
        state, _ = game({"Arrakeen": {AT: 5 + seed % 4, EM: (3, seed % 3)},
                         "Carthag": {AT: 2, EM: 2}}, seats=(AT, EM),
                        advantages=True, advanced_combat=seed % 2 == 0,
                        hands={AT: ["Crysknife", "Shield", "Kulon"],
                               EM: ["Cheap Hero", "Chaumas", "Snooper"]})
        while not battle.done(state):
            orders = {}
            for prompt in battle.prompts(state):
                value = KINDS[prompt.kind].random(seat_view(state, prompt.seat), prompt, rng)
                text = KINDS[prompt.kind].text(value)
                values, errors = read(state, prompt.seat, text)
                assert errors == [] and values == [value], (text, errors)
                orders[prompt.key] = value
            battle.apply(state, orders, rng)
            assert violations(state) == []


def test_the_battle_round_is_a_phase_of_the_turn_between_movement_and_collection():
    """000 V.E: the battle round follows movement and comes before collection."""
    assert turn.TURN.index("battle") == turn.TURN.index("movement") + 1
    assert turn.TURN.index("collection") == turn.TURN.index("battle") + 1
    state, _ = game({"Arrakeen": {AT: 5}})
    assert battle.done(state)
    after, events = turn.advance(state, {}, random.Random(1))
    assert after["phase"] != "battle"


def test_the_battle_under_way_is_public_and_the_invariants_catch_allies_fighting():
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, seats=(AT, HA, FR))
    view = seat_view(state, FR)
    assert view["battle"]["current"]["territory"] == "Arrakeen"
    assert view["kwisatz_haderach"] == {"losses": 0, "tanks": False}
    state["alliances"] = [[AT, HA]]
    assert any(v.startswith("battle: allies") for v in violations(state))


def test_every_battle_event_renders_in_its_own_words():
    """Each event code of the round has its own line in events.txt.j2, not the fallback."""
    template = environment("dune").get_template("events.txt.j2")
    plan = {"leader": "Duncan Idaho", "cheap_hero": None, "weapon": "Crysknife",
            "defense": None, "dial": 2.5, "spice": 1, "kh": True}
    events = [
        Event("battle", {"territory": "Arrakeen", "aggressor": AT, "defender": HA,
                         "sectors": []}),
        Event("plan-corrected", {"faction": AT, "corrections": ["leader-added"]}),
        Event("battle-plans", {"territory": "Arrakeen", "plans": {AT: plan, HA: plan}}),
        Event("traitor-called", {"faction": FR, "leader": "Duncan Idaho", "holder": HA}),
        Event("battle-result", {"territory": "Arrakeen", "kind": "battle", "winner": AT,
                                "loser": HA, "totals": {AT: 4.5, HA: 2}}),
        Event("explosion", {"territory": "Arrakeen", "forces": {AT: 3}, "spice": 4}),
        Event("leader-killed", {"faction": AT, "leader": "Duncan Idaho"}),
        Event("leader-spice", {"faction": AT, "spice": 2}),
        Event("battle-losses", {"faction": AT, "territory": "Arrakeen", "forces": [1, 1]}),
        Event("cards-discarded", {"faction": AT, "cards": ["Crysknife"]}),
        Event("battle-spice", {"faction": AT, "spice": 1}),
        Event("kwisatz-haderach", {"losses": 8})]
    for e in events:
        text = template.render(events=[e], seat=None)
        fallback = f"{e.code.replace('-', ' ')}: {next(iter(e.data))} "
        assert text.strip() and fallback not in text, (e.code, text)
    text = template.render(events=events[:5], seat=None)
    assert "Atreides: Duncan Idaho with the Kwisatz Haderach, dial 2.5 backed by 1 spice" in text
    assert "Fremen call treachery: Duncan Idaho is a traitor in the pay of their ally the " \
        "Harkonnen." in text
    assert "Atreides win the battle in Arrakeen (Atreides 4.5, Harkonnen 2)." in text
