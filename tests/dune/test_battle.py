"""The battle round of classic Dune: which battles (000 X.A, lines 366-379), the battle plan
(X.B, lines 381-389), resolution (X.C, lines 391-411), traitors (X.D, lines 413-421), advanced
combat (XXII, lines 578-589), the Q&A on battles (XXV.B, lines 649-671), the battle cards
(player aid A, lines 918-932), the shields' battle powers (lines 762, 806, 888, 1000), WBC house
rule 6 (line 1059) and WBC clarifications X (lines 1207-1273) and XV (lines 1298-1300)."""

from __future__ import annotations

import random

import pytest
from dune_seats import CLASSIC, SEAT_FACTIONS

from pbem.game import Event, step_rng
from pbem.games.dune import combat, turn
from pbem.games.dune.forces import add, add_forces, count_in, counts_of, kinds, plain, take
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders import battle_plan
from pbem.games.dune.orders.language import KINDS, parse_orders
from pbem.games.dune.phases import battle
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import Classic, make_rules
from pbem.games.dune.state import copy_state, data, only_sector, storm_order
from pbem.games.dune.view import seat_view
from pbem.templating import environment

ALL = list(SEAT_FACTIONS)
AT, BG, EM, FR, GU, HA = ALL


def game(forces, seats=(AT, HA, FR, EM), ruleset="classic", storm=1, alliances=(),
         hands=None, spice=None, coexisting=(), check=True, **options):
    """A game at the start of a battle round: ``forces`` maps "Territory [SECTOR n]" to
    faction -> a number of its first kind of force, or numbers in the order of its kinds
    ((normal, starred)); nobody holds cards or traitors unless given."""
    state = new_game(make_rules(ruleset, options), list(seats), random.Random(1))
    state.update(turn=3, phase="battle", step={})
    state["storm"]["sector"] = storm
    for seat in seats:
        own = state["factions"][seat]
        add(own["reserve"], {plain(state, seat): own["to_place"]})
        own["to_place"] = 0
        own["traitors"] = []
        state["decks"]["treachery"] += own["hand"]
        own["hand"] = []
        own["spice"] = (spice or {}).get(seat, 10)
    for sectors in state["forces"].values():        # the set-up's forces back to the reserve
        for by_faction in sectors.values():
            for seat, counts in by_faction.items():
                add(state["factions"][seat]["reserve"], counts)
    state["forces"] = {}
    for where, by_faction in forces.items():
        territory, _, sector = where.partition(" SECTOR ")
        at = int(sector) if sector else only_sector("classic", territory)
        for seat, count in by_faction.items():
            counts = counts_of(state, seat, (count,) if isinstance(count, int) else count)
            take(state["factions"][seat]["reserve"], counts)
            add_forces(state, seat, territory, at, counts)
    for seat, cards in (hands or {}).items():
        for name in cards:
            give(state, seat, name)
    state["alliances"] = [list(a) for a in alliances]
    if BG in seats:
        state["factions"][BG]["coexisting"] = list(coexisting)
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
                if data(state).treachery_card(c).name == name)
    state["decks"]["treachery"].remove(card)
    state["factions"][seat]["hand"].append(card)


def names(state, seat):
    return sorted(data(state).treachery_card(c).name for c in state["factions"][seat]["hand"])


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
        parsed = parse_orders(state, prompt.seat, text, battle.prompts(state))
        assert not parsed.errors, parsed.errors
        found = [o.value for o in parsed.orders if o.prompt == prompt.key]
        orders[prompt.key] = found[0] if found else prompt.default
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
    return count_in(state, seat, territory)


# --- which battles (000 X.A)
def test_x_a_1_factions_in_the_same_territory_battle():
    """000 X.A.1: "Battles must occur between players whose tokens occupy the same
    territory"; factions in different territories do not fight."""
    state, events = game({"Arrakeen": {AT: 5, HA: 3}, "Carthag": {FR: 4}})
    aggressor = next(s for s in storm_order(state) if s in (AT, HA))
    assert current(state) == ("Arrakeen", aggressor, AT if aggressor == HA else HA)
    assert codes(events) == ["battle"]
    assert [p.key for p in battle.prompts(state)] == [f"battle-plan:{aggressor}",
                                                      f"battle-plan:{current(state)[2]}",
                                                      "prescience:atreides"]
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
    assert on_map(state, HA, "False Wall East") == {"force": 4}
    assert battle.done(state)


def test_qa_b_1_forces_in_several_sectors_fight_as_one_group():
    """Q&A XXV.B.1 (line 652): a player's tokens in different sectors "must fight as a single
    group (if storm permits)": the dial reaches all of them and the loser loses them all."""
    state, _ = game({"Imperial Basin SECTOR 9": {AT: 2}, "Imperial Basin SECTOR 11": {AT: 3},
                     "Imperial Basin SECTOR 10": {HA: 2}})
    side = battle_plan.side_of_state(state, AT)
    assert (side.strength.count, side.strength.most(0)) == (5, 5)
    fight(state, atreides="LEADER Duncan Idaho\nDIAL 0", harkonnen="LEADER Feyd-Rautha\nDIAL 2")
    assert on_map(state, AT, "Imperial Basin") == {}
    assert on_map(state, HA, "Imperial Basin") == {}


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
    keys = [p.key for p in battle.prompts(state) if not p.key.startswith("prescience")]
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
        assert len([s for s in state["seats"] if on_map(state, s, territory)]) <= 1


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


def test_001_1_07_05_05_gf9_the_cheap_hero_is_mandatory_with_no_leader():
    """001 1.07.05.05: "A player must always play either a leader or a Cheap Hero card ... if
    possible"; 3.01.05: the Cheap Hero "must be played when you have no leaders available"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, ruleset="gf9", hands={AT: ["Cheap Hero"]})
    for name in state["factions"][AT]["leaders"]:
        state["factions"][AT]["leaders"][name] = "tanks"
    (error,) = read(state, AT, "DIAL 3")[1]
    assert error[0] == "leader-required"
    (plan,), errors = read(state, AT, "CHEAP HERO\nDIAL 3")
    assert errors == [] and plan["cheap_hero"] == "Cheap Hero" and plan["leader"] is None


def test_001_4_1_17_gf9_tournament_with_no_leader_the_cheap_hero_is_not_required():
    """001 4.1.17: "You are not required to play a Cheap Hero in a battle when you have no
    Active Leaders. You still must announce that you are playing no leader" (by mail the plan
    revealed shows none); with neither, no treachery card (1.07.05.06)."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, ruleset="gf9", tournament=True,
                    hands={AT: ["Cheap Hero", "Crysknife"]})
    for name in state["factions"][AT]["leaders"]:
        state["factions"][AT]["leaders"][name] = "tanks"
    prompt = next(p for p in battle.prompts(state) if p.seat == AT)
    assert "001 4.1.17" in prompt.legal
    (plan,), errors = read(state, AT, "DIAL 3")
    assert errors == [] and plan["leader"] is plan["cheap_hero"] is None
    assert read(state, AT, "DIAL 3\nWEAPON Crysknife")[1][0][0] == "no-leader-no-cards"
    (plan,), errors = read(state, AT, "CHEAP HERO\nDIAL 3\nWEAPON Crysknife")
    assert errors == [] and plan["cheap_hero"] == "Cheap Hero" and plan["weapon"] == "Crysknife"


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
    """000 X.B.3: "either a weapon or defense treachery card or both"; under the classic rules
    a second is refused when read (under WBC, clarification X line 1256, one of two is taken at
    random at the reveal: ``test_wbc_x_1256_...``)."""
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
        assert leader in battle_plan.side_of_state(state, first).leaders
        fight(state, **{first: f"LEADER {leader}\nDIAL 1"})
    assert current(state) == ("Funeral Plain", first, second)
    assert leader not in battle_plan.side_of_state(state, first).leaders
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
    deck = CLASSIC
    assert combat.kills(deck, "Crysknife", None) and not combat.kills(deck, "Crysknife", "Shield")
    assert combat.kills(deck, "Crysknife", "Snooper") and combat.kills(deck, "Chaumas", "Shield")
    assert not combat.kills(deck, "Chaumas", "Snooper") and not combat.kills(deck, "Kulon", None)
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
    assert on_map(state, AT, "Arrakeen") == {"force": 2}
    assert state["factions"][AT]["tanks"] == {"force": 4}
    assert on_map(state, HA, "Arrakeen") == {} and state["factions"][HA]["tanks"] == {"force": 5}
    assert names(state, AT) == ["Crysknife"] and names(state, HA) == []
    assert dead(state, HA) == [] and dead(state, AT) == []
    assert sorted(data(state).treachery_card(c).name for c in state["decks"]["treachery_discard"]) \
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
    assert state["factions"][BG]["tanks"] == {"force": 2}          # coexisting: XV.B.4
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
    assert on_map(state, AT, "Arrakeen") == {"force": 6} and on_map(state, HA, "Arrakeen") == {}
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
    assert on_map(state, AT, "Arrakeen") == {"force": 6} and names(state, AT) == ["Shield"]


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
    ten = combat.Strength((combat.Troop("force", 10, 1),), advanced=True)
    for spice, dial in ((1, 5), (3, 6), (6, 7.5), (9, 9)):
        assert ten.dial_ok(dial, spice)
        assert ten.losses(dial, spice) == [{"force": 9}]
    assert ten.most(0) == 5 and ten.most(10) == 10 and not ten.dial_ok(5.5, 0)


def test_xxii_c_the_winner_loses_any_mix_that_agrees_with_dial_and_spice():
    """000 XXII.C (line 589): one Fedaykin and five tokens, dial 3, one spice: a Fedaykin
    and two tokens, or five tokens."""
    fremen = combat.Strength((combat.Troop("force", 5, 1), combat.Troop("fedaykin", 1, 2)),
                             advanced=True)
    options = fremen.losses(3, 1)
    assert {"force": 2, "fedaykin": 1} in options and {"force": 5} in options
    assert fremen.default_losses(options) == {"force": 5}


def test_xxii_a_1_spice_backs_forces_and_qa_b_4_one_spice_for_a_starred_force():
    """000 XXII.A.1: full strength with one spice, half without; Q&A B.4 (line 661): "just one
    spice per token" for Fedaykin and Sardaukar."""
    state, _ = game({"Arrakeen": {AT: 4, EM: (2, 2)}}, seats=(AT, EM), advanced_combat=True,
                    advantages=True)
    emperor = battle_plan.side_of_state(state, EM)
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
    fremen = battle_plan.side_of_state(state, FR)
    assert fremen.strength.free and fremen.strength.most(0) == 7
    assert battle_plan.side_of_state(state, HA).strength.most(0) == 2
    state, _ = game({"Arrakeen": {AT: 4, HA: 4}}, seats=(AT, HA, FR), ruleset="wbc",
                    alliances=[(AT, FR)])
    assert battle_plan.side_of_state(state, AT).strength.most(0) == 4
    assert read(state, AT, "LEADER Duncan\nDIAL 4\nSPICE 1")[1][0][0] == "no-spice"


def test_starred_forces_count_two_and_sardaukar_one_against_the_fremen():
    """Emperor shield 2 (line 806): Sardaukar "worth two normal tokens in battle and in taking
    losses against all opponents except Fremen"; Fedaykin two (line 1000)."""
    sardaukar, fedaykin = (data("classic").force_kind(name) for name in ("sardaukar", "fedaykin"))
    assert sardaukar.worth("Atreides") == 2 and sardaukar.worth("Fremen") == 1
    assert fedaykin.worth("Emperor") == 2
    assert [kind.name for kind in kinds(make_rules("classic", {"advantages": True}), AT)] == [
        "force"]
    state, _ = game({"Arrakeen": {EM: (1, 2), AT: 9}}, seats=(AT, EM), advantages=True)
    assert battle_plan.side_of_state(state, EM).strength.most(0) == 5
    fight(state, emperor="LEADER Hasimir\nDIAL 4\nLOSE 0 2*", atreides="LEADER Yueh\nDIAL 0")
    assert on_map(state, EM, "Arrakeen") == {"force": 1}
    assert state["factions"][EM]["tanks"] == {"sardaukar": 2}


# --- the Kwisatz Haderach (Atreides shield 4; WBC XV)
def test_atreides_4_wbc_xv_the_kwisatz_haderach_after_seven_losses_the_same_turn():
    """Atreides shield 4 (line 762): after losing 7 tokens in battles the Kwisatz Haderach adds
    +2 to one leader a turn; WBC XV (line 1298): usable "in a later battle in the same game
    turn that it is gained"."""
    state, _ = game({"Arrakeen": {AT: 7, HA: 9}, "Carthag": {AT: 3, HA: 1}}, seats=(AT, HA),
                    advantages=True)
    while current(state) is None or current(state)[0] != "Arrakeen":
        fight(state)
    assert battle_plan.side_of_state(state, AT).kh is False
    events = fight(state, atreides="LEADER Duncan\nDIAL 0", harkonnen="LEADER Nefud\nDIAL 9")
    assert state["factions"]["atreides"]["kwisatz_haderach"]["losses"] == 7
    assert "kwisatz-haderach" in codes(events)
    while not battle.done(state) and (current(state) is None
                                      or current(state)[0] != "Carthag"):
        fight(state)
    if battle.done(state):
        pytest.skip("the Atreides fought Carthag first")
    assert battle_plan.side_of_state(state, AT).kh
    events = fight(state, atreides="LEADER Yueh\nKWISATZ HADERACH\nDIAL 0",
                   harkonnen="LEADER Umman Kudu\nDIAL 1")
    assert of(events, "battle-result")[0]["totals"] == {AT: 3, HA: 2} or \
        of(events, "battle-result")[0]["totals"] == {HA: 2, AT: 3}


def test_atreides_4_the_kwisatz_haderach_once_a_turn_no_traitor_dies_only_blown_up():
    """Line 762: once a turn; "A leader accompanied by Kwisatz Haderach cannot turn traitor";
    it "can only be killed if blown up by a laser gun-shield explosion"."""
    state, _ = game({"Arrakeen": {AT: 7, HA: 9}}, seats=(AT, HA), advantages=True,
                    hands={AT: ["Lasgun"], HA: ["Shield"]})
    state["factions"]["atreides"]["kwisatz_haderach"]["losses"] = 7
    state["factions"][HA]["traitors"] = ["Gurney Halleck"]
    assert read(state, HA, "LEADER Piter\nDIAL 1\nKH")[1][0][0] == "no-kwisatz-haderach"
    assert read(state, AT, "KH\nDIAL 1")[1][0][0] == "kh-alone" or \
        read(state, AT, "KH\nDIAL 1")[1][0][0] == "leader-required"
    events = fight(state, atreides="LEADER Gurney\nKWISATZ HADERACH\nDIAL 1\nWEAPON Lasgun",
                   harkonnen="LEADER Piter\nDIAL 1\nDEFENSE Shield")
    assert of(events, "traitor-called") == [] and of(events, "explosion")
    assert state["factions"]["atreides"]["kwisatz_haderach"]["tanks"] is True
    assert {"faction": AT, "leader": "Kwisatz Haderach"} in of(events, "leader-killed")
    assert battle.done(state) and state["step"]["kh_used"]


# --- WBC corrections at the reveal (clarification X, lines 1252-1258)
def test_wbc_x_7_a_missing_leader_is_the_lowest_available_and_the_default_plays_it():
    """WBC X (line 1252; 004 X.7): "his lowest-value available leader disk must be played"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, seats=(AT, HA))
    side = battle_plan.side_of_state(state, AT)
    plan, notes = battle_plan.correct(side, {"dial": 2})
    assert plan["leader"] == "Dr. Wellington Yueh" and notes == ["leader-added"]
    events = fight(state)
    plans = of(events, "battle-plans")[0]["plans"]
    assert plans[AT]["leader"] == "Dr. Wellington Yueh" and plans[HA]["leader"] == "Umman Kudu"


def test_wbc_x_8_an_unsupportable_dial_is_cut_and_invalid_parts_are_removed():
    """WBC X (lines 1254-1258; 004 X.8): a dial higher than tokens and spice allow is reduced
    to the highest supportable; "any other invalid element ... must be removed"."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, seats=(AT, HA), advanced_combat=True)
    side = battle_plan.side_of_state(state, AT)
    plan, notes = battle_plan.correct(side, {"leader": "Duncan Idaho", "dial": 9, "spice": 3,
                                               "weapon": "Lasgun", "kh": True})
    assert (plan["dial"], plan["weapon"], plan["kh"]) == (4, None, False)
    assert notes == ["weapon-removed", "dial-reduced", "kh-removed"]
    events = battle.apply(state, {"battle-plan:atreides": {**battle_plan.empty_plan(),
                                                           "leader": "Duncan Idaho", "dial": 9},
                                  "battle-plan:harkonnen": battle_plan.empty_plan()},
                          random.Random(1))
    assert of(events, "plan-corrected")[0] == {"faction": AT, "corrections": ["dial-reduced"]}


def test_wbc_x_1256_of_two_weapons_the_steps_generator_chooses_one_the_same_on_replay():
    """000 clarification X (line 1256): of two weapons "one will be chosen randomly ... and
    the other one will be returned to the player's hand".  The choice is the step's generator's
    (``pbem.game.step_rng``): the same step replayed chooses the same card, and over steps
    either card may be chosen."""
    state, _ = game({"Arrakeen": {AT: 5, HA: 3}}, seats=(AT, HA), ruleset="wbc",
                    hands={AT: ["Chaumas", "Crysknife"]})
    text = "LEADER Duncan Idaho\nDIAL 1\nWEAPON Chaumas\nWEAPON Crysknife"
    (order,) = [o for o in parse_orders(state, AT, text, battle.prompts(state)).orders
                if o.prompt == "battle-plan:atreides"]
    assert order.value["second"] == {"weapon": "Crysknife"}

    def chosen(step):
        orders = {p.key: p.default for p in battle.prompts(state)}
        orders["battle-plan:atreides"] = order.value
        events = battle.apply(copy_state(state), orders, step_rng("replay", step))
        (plans,) = [e.data["plans"] for e in events if e.code == "battle-plans"]
        return plans[AT]["weapon"]
    choices = [chosen(step) for step in range(16)]
    assert choices == [chosen(step) for step in range(16)]
    assert set(choices) == {"Chaumas", "Crysknife"}


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
                text = KINDS[prompt.kind].text(state, value)
                values, errors = read(state, prompt.seat, text)
                assert errors == [] and values == [value], (text, errors)
                orders[prompt.key] = value
            battle.apply(state, orders, rng)
            assert violations(state) == []


def test_the_battle_round_is_a_phase_of_the_turn_between_movement_and_collection():
    """000 V.E: the battle round follows movement and comes before collection."""
    assert Classic.phases.index("battle") == Classic.phases.index("movement") + 1
    assert Classic.phases.index("collection") == Classic.phases.index("battle") + 1
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
        Event("battle-losses", {"faction": EM, "territory": "Arrakeen",
                                "forces": {"force": 1, "sardaukar": 1}}),
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


# --- before the plans: the Voice, prescience, Karamas, the WBC sequence (000 X; WBC X)
def prompt_keys(state):
    return [p.key for p in battle.prompts(state)]


def plan_of(events, seat):
    (plans,) = of(events, "battle-plans")
    return plans["plans"][seat]


def test_bg_3_the_voice_is_published_and_the_plans_if_voiced_line_answers_it_in_one_round():
    """000 BG shield 3 (line 784): the Voice commands the opponent to play or not play a kind
    of card; WBC X (lines 1214-1242): plans may change after the Voice.  By mail the Voice comes
    with the plans and the voiced side's IF VOICED line answers it: one mail round."""
    state, _ = game({"Carthag": {BG: 5, HA: 5}}, seats=(BG, HA),
                    hands={HA: ["Crysknife", "Chaumas"]})
    assert prompt_keys(state) == [f"battle-plan:{current(state)[1]}",
                                  f"battle-plan:{current(state)[2]}", "voice:bene-gesserit"]
    (prompt,) = [p for p in battle.prompts(state) if p.kind == "voice"]
    assert prompt.secret and prompt.optional and prompt.default is None
    events = fight(state, bene_gesserit="LEADER Alia\nDIAL 1\nVOICE PLAY POISON",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 1\nWEAPON Crysknife\n"
                             "IF VOICED PLAY POISON: WEAPON Chaumas")
    assert of(events, "voice") == [{"faction": BG, "to": HA, "play": True,
                                    "kind": "poison_weapon"}]
    assert next(e for e in events if e.code == "voice").to is None          # public
    assert plan_of(events, HA)["weapon"] == "Chaumas"
    assert "battle-second-round" not in codes(events) and battle.done(state)


def test_bg_3_a_plan_with_no_line_for_the_voice_given_is_made_to_obey():
    """000 BG shield 3 (line 784): play or not play; a plan that answered no such Voice plays
    the first card of the kind commanded, or leaves the forbidden card out."""
    state, _ = game({"Carthag": {BG: 5, HA: 5}}, seats=(BG, HA),
                    hands={HA: ["Crysknife", "Chaumas", "Shield"]})
    events = fight(state, bene_gesserit="LEADER Alia\nDIAL 1\nVOICE NOT PROJECTILE",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 1\nWEAPON Crysknife\nDEFENSE Shield")
    assert plan_of(events, HA)["weapon"] is None and plan_of(events, HA)["defense"] == "Shield"
    state, _ = game({"Carthag": {BG: 5, HA: 5}}, seats=(BG, HA),
                    hands={HA: ["Crysknife", "Chaumas"]})
    events = fight(state, bene_gesserit="LEADER Alia\nDIAL 1\nVOICE PLAY POISON",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 1\nWEAPON Crysknife")
    assert plan_of(events, HA)["weapon"] == "Chaumas"
    assert "voice-not-obeyed" not in codes(events)


def test_wbc_x_1250_a_player_who_cannot_obey_the_voice_says_so_at_the_reveal():
    """WBC X (line 1250): "If a player is unable to comply with the Voice, s/he is not required
    to announce that fact until battle plans are revealed"; line 784: he does as he wishes."""
    state, _ = game({"Carthag": {BG: 5, HA: 5}}, seats=(BG, HA), hands={HA: ["Crysknife"]})
    events = fight(state, bene_gesserit="LEADER Alia\nDIAL 1\nVOICE PLAY LASGUN",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 1\nWEAPON Crysknife")
    assert plan_of(events, HA)["weapon"] == "Crysknife"
    assert of(events, "voice-not-obeyed") == [{"faction": HA}]
    assert codes(events).index("voice-not-obeyed") > codes(events).index("voice")


def test_wbc_x_1246_1248_a_voice_on_worthless_cards_and_none_on_a_cheap_hero():
    """WBC X (line 1246; 004 X.6): worthless cards only "play one" or "do not play one";
    (line 1248) no Voice on a cheap hero either way, but one who plays a cheap hero is not
    immune."""
    state, _ = game({"Carthag": {BG: 5, HA: 5}}, seats=(BG, HA),
                    hands={HA: ["Cheap Hero", "Chaumas", "Kulon"]})
    assert read(state, BG, "VOICE PLAY WORTHLESS")[0] == [{"play": True, "kind": "worthless"}]
    assert read(state, BG, "VOICE DO NOT PLAY WORTHLESS")[0] == [
        {"play": False, "kind": "worthless"}]
    assert read(state, BG, "VOICE PLAY WORTHLESS WEAPON")[1][0][0] == "voice-worthless-place"
    assert read(state, BG, "VOICE PLAY CHEAP HERO")[1][0][0] == "voice-cheap-hero"
    _, errors = read(state, HA, "CHEAP HERO\nDIAL 1\nIF VOICED PLAY POISON: DIAL 2")
    assert errors[0][0] == "voice-broken" and "line 784" in errors[0][1]
    events = fight(state, bene_gesserit="LEADER Alia\nDIAL 1\nVOICE PLAY WORTHLESS",
                   harkonnen="CHEAP HERO\nDIAL 1\nWEAPON Chaumas")
    assert plan_of(events, HA)["cheap_hero"] == "Cheap Hero"
    assert plan_of(events, HA)["defense"] == "Kulon"


def test_bg_3_an_if_voiced_line_that_breaks_its_voice_is_refused_quoting_the_line():
    """WBC X (line 1242): plans change only within the Voice; by mail a conditional line that
    breaks the Voice it is written for, when the plan could obey, is refused when read."""
    state, _ = game({"Carthag": {BG: 5, HA: 5}}, seats=(BG, HA),
                    hands={HA: ["Crysknife", "Chaumas"]})
    text = "LEADER Feyd-Rautha\nDIAL 1\nIF VOICED NOT PROJECTILE: WEAPON Crysknife"
    parsed = parse_orders(state, HA, text, battle.prompts(state))
    (error,) = parsed.errors
    assert error.code == "voice-broken" and error.line_no == 3
    assert "VOICE NOT PROJECTILE" in error.message
    _, errors = read(state, BG, "LEADER Alia\nDIAL 1\nIF VOICED PLAY POISON: DIAL 2")
    assert errors[0][0] == "not-voiced"


def test_bg_alliance_790_the_bene_gesserit_voice_their_allys_opponent():
    """000 BG shield (line 790): "In an alliance you may 'voice' an ally's opponent": the
    Voice is the Bene Gesserit's own decision of the battle's round, not optional."""
    state, _ = game({"Carthag": {HA: 5, AT: 5}}, seats=(BG, HA, AT), alliances=[(BG, HA)])
    (prompt,) = [p for p in battle.prompts(state) if p.kind == "voice"]
    assert prompt.seat == BG and not prompt.optional and AT.title() in prompt.legal
    events = fight(state, bene_gesserit="VOICE NOT SHIELD")
    assert of(events, "voice")[0]["to"] == AT


def test_karama_b6a3_a_karama_standing_ready_cancels_the_voice_only_if_one_is_given():
    """000 player aid B.6.A.3 (line 954); WBC line 1394: a Karama cancels the Voice after it
    is given; by mail it stands ready in the plan and is spent only on a Voice."""
    state, _ = game({"Carthag": {BG: 5, HA: 5}}, seats=(BG, HA),
                    hands={HA: ["Crysknife", "Karama"]})
    events = fight(state, harkonnen="LEADER Feyd-Rautha\nDIAL 1\nKARAMA VOICE")
    assert "Karama" in names(state, HA) and "voice" not in codes(events)
    state, _ = game({"Carthag": {BG: 5, HA: 5}}, seats=(BG, HA),
                    hands={HA: ["Crysknife", "Karama"]})
    events = fight(state, bene_gesserit="LEADER Alia\nDIAL 1\nVOICE PLAY PROJECTILE",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 1\nKARAMA VOICE\n"
                             "IF VOICED PLAY PROJECTILE: WEAPON Crysknife\n"
                             "IF VOICED PLAY PROJECTILE: DIAL 2")
    assert of(events, "karama") == [{"faction": HA, "use": "battle-voice", "worthless": False}]
    assert codes(events).index("karama") > codes(events).index("voice")
    assert plan_of(events, HA)["weapon"] is None and plan_of(events, HA)["dial"] == 1
    assert state["decks"]["treachery_discard"] and "Karama" not in names(state, HA)


def test_atreides_3_prescience_the_answer_goes_to_the_atreides_binds_and_they_plan_again():
    """000 Atreides shield 3 (line 760): the opponent shows one element of his plan; WBC X
    (lines 1214-1242; 004 X.5): the answer binds, plans change until committed.  By mail the
    Atreides plan again in a second round, knowing the answer; the table learns only that it
    was given."""
    state, _ = game({"Carthag": {AT: 5, HA: 5}}, seats=(AT, HA, FR),
                    hands={HA: ["Crysknife", "Chaumas"], AT: ["Snooper", "Shield"]})
    events = fight(state, atreides="LEADER Duncan Idaho\nDIAL 2\nPRESCIENCE WEAPON",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 1\nWEAPON Crysknife\n"
                             "IF ASKED WEAPON: WEAPON Chaumas")
    assert of(events, "prescience") == [{"faction": AT, "for": AT, "to": HA,
                                         "element": "weapon"}]
    (private,) = [e for e in events if e.code == "prescience-answer"]
    assert private.to == (AT,) and private.data["answer"] == "Chaumas"
    assert "Chaumas" not in str([e.data for e in events if e.to is None])
    assert "IF ASKED WEAPON: WEAPON Chaumas" in KINDS["battle-plan"].text(state,
        state["step"]["plans"][HA] | {"if": [[["asked", "weapon"], {"weapon": "Chaumas"}]]})
    assert codes(events)[-1] == "battle-second-round" and not battle.done(state)
    assert prompt_keys(state) == ["battle-plan:atreides"]
    (prompt,) = battle.prompts(state)
    assert "Chaumas" in prompt.legal and prompt.default["leader"] == "Duncan Idaho"
    view = seat_view(state, FR)
    assert "Chaumas" not in str(view["battle"]) and view["battle"]["current"]["bound"] == {
        "seat": HA, "element": "weapon"}
    events = fight(state, atreides="LEADER Duncan Idaho\nDIAL 2\nDEFENSE Snooper")
    assert plan_of(events, HA)["weapon"] == "Chaumas" and plan_of(events, AT)["defense"] \
        == "Snooper"
    assert "leader-killed" not in codes(events)          # the snooper stops the Chaumas


def test_atreides_alliance_766_prescience_for_the_ally_shown_to_both():
    """000 Atreides shield (line 766): the Atreides make their ally's opponent show the ally
    one element; the ally plans again knowing it."""
    state, _ = game({"Carthag": {FR: 5, HA: 5}}, seats=(AT, HA, FR), alliances=[(AT, FR)])
    (prompt,) = [p for p in battle.prompts(state) if p.kind == "prescience"]
    assert prompt.seat == AT and not prompt.optional
    events = fight(state, atreides="PRESCIENCE DIAL",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 3")
    (private,) = [e for e in events if e.code == "prescience-answer"]
    assert set(private.to) == {AT, FR} and private.data["answer"] == 3
    assert prompt_keys(state) == ["battle-plan:fremen"]


def test_karama_b6a1_a_karama_cancels_prescience_and_the_battle_takes_one_round():
    """000 player aid B.6.A.1 (line 950); WBC lines 1388-1390: a Karama cancels prescience in
    one battle after the question; no answer, no second round."""
    state, _ = game({"Carthag": {AT: 5, HA: 5}}, seats=(AT, HA), hands={HA: ["Karama"]})
    events = fight(state, atreides="LEADER Duncan Idaho\nDIAL 2\nPRESCIENCE LEADER",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 1\nKARAMA PRESCIENCE")
    assert of(events, "karama")[0]["use"] == "battle-prescience"
    assert "prescience-answer" not in codes(events) and battle.done(state)


def test_wbc_x_1242_a_plan_sent_again_keeps_the_voice_and_the_answer():
    """WBC X (line 1242): "Battle plans may be changed ... as long as no un-cancelled Voice,
    Prescience, or Truthtrance effects are violated": a second-round plan that breaks the Voice
    or changes an answered element is refused; player aid B.6.A.5 (line 958): a Karama on the
    Sardaukar lets the Emperor plan again."""
    state, _ = game({"Carthag": {AT: 5, EM: (2, 2)}}, seats=(AT, EM), advantages=True,
                    hands={AT: ["Karama", "Shield"], EM: ["Chaumas", "Crysknife"]})
    fight(state, atreides="LEADER Duncan Idaho\nDIAL 2\nPRESCIENCE WEAPON\nKARAMA SARDAUKAR",
          emperor="LEADER Bashar\nDIAL 5\nWEAPON Chaumas")
    assert state["step"]["battle"]["cancelled"] == {EM: ["starred"]}
    assert sorted(prompt_keys(state)) == ["battle-plan:atreides", "battle-plan:emperor"]
    _, errors = read(state, EM, "LEADER Bashar\nDIAL 4\nWEAPON Crysknife")
    assert errors[0][0] == "prescience-bound"
    _, errors = read(state, EM, "LEADER Bashar\nDIAL 5\nWEAPON Chaumas")
    assert errors[0][0] == "dial"                      # the Sardaukar count one now
    events = fight(state, atreides="LEADER Duncan Idaho\nDIAL 2\nDEFENSE Shield",
                   emperor="LEADER Bashar\nDIAL 4\nWEAPON Chaumas")
    assert plan_of(events, EM)["dial"] == 4 and battle.done(state)
    state, _ = game({"Carthag": {AT: 5, BG: 5}}, seats=(AT, BG), hands={AT: ["Crysknife"]})
    fight(state, atreides="LEADER Duncan Idaho\nDIAL 2\nPRESCIENCE DIAL",
          bene_gesserit="LEADER Alia\nDIAL 3\nVOICE PLAY PROJECTILE")
    assert prompt_keys(state) == ["battle-plan:atreides"]
    _, errors = read(state, AT, "LEADER Duncan Idaho\nDIAL 2")
    assert errors[0][0] == "voice-broken"
    assert battle.prompts(state)[0].default["weapon"] == "Crysknife"


def test_001_3_03_09_an_answer_no_leader_is_left_to_play_beside_binds_nothing():
    """000 X.C.10: no treachery card without a leader or a Cheap Hero.  A side whose weapon
    was answered to prescience and that has since lost every leader (a Residual Poison, 001
    3.03.09, sends one to the tanks before the plans stand) plans again without the card: the
    answer cannot bind it (self-play found the side with no plan it could send)."""
    state, _ = game({"Carthag": {AT: 5, EM: (2, 2)}}, seats=(AT, EM), advantages=True,
                    hands={AT: ["Karama", "Shield"], EM: ["Chaumas", "Crysknife"]})
    fight(state, atreides="LEADER Duncan Idaho\nDIAL 2\nPRESCIENCE WEAPON\nKARAMA SARDAUKAR",
          emperor="LEADER Bashar\nDIAL 5\nWEAPON Chaumas")
    _, errors = read(state, EM, "LEADER Bashar\nDIAL 4")
    assert errors and errors[0][0] == "prescience-bound"
    leaders = state["factions"][EM]["leaders"]
    leaders.update({name: "tanks" for name in leaders})
    _, errors = read(state, EM, "DIAL 4")
    assert errors == []


def test_atreides_karama_764_sees_a_whole_plan_which_is_committed_and_plans_after_it():
    """000 Atreides shield (line 764), player aid B.6.B.2 (line 966); WBC XVII (lines
    1350-1352; 004 XVII.4-5): the Atreides' Karama shows them alone the opponent's whole plan,
    which is committed; the Atreides commit after."""
    state, _ = game({"Carthag": {AT: 5, HA: 5}}, seats=(AT, HA, FR), karama_powers=True,
                    hands={AT: ["Karama"], HA: ["Lasgun"]})
    events = fight(state, atreides="LEADER Duncan Idaho\nDIAL 2\nKARAMA LOOK",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 4\nWEAPON Lasgun")
    (seen,) = [e for e in events if e.code == "plan-seen"]
    assert seen.to == (AT,) and seen.data["plan"]["weapon"] == "Lasgun"
    assert state["step"]["battle"]["committed"] == [HA]
    assert prompt_keys(state) == ["battle-plan:atreides"]
    events = fight(state, atreides="LEADER Duncan Idaho\nDIAL 5")
    assert plan_of(events, HA)["dial"] == 4
    state, _ = game({"Carthag": {AT: 5, HA: 5}}, seats=(AT, HA), hands={AT: ["Karama"]})
    assert read(state, AT, "LEADER Duncan Idaho\nDIAL 2\nKARAMA LOOK")[1][0][0] == \
        "karama-not-open"                    # only with the special Karama powers (XVII)


def test_karama_b6a1_the_kwisatz_haderach_cancelled_may_still_fight_in_a_later_battle():
    """000 player aid B.6.A.1 (line 950); WBC line 1392: a Karama cancels the Kwisatz
    Haderach in one battle; "This does not prevent the Atreides from using the Kwisatz
    Haderach in a different battle later in the same turn"."""
    state, _ = game({"Carthag": {AT: 5, HA: 5}, "Arrakeen": {AT: 3, FR: 2}},
                    seats=(AT, HA, FR), advantages=True, hands={HA: ["Karama"]})
    state["factions"]["atreides"]["kwisatz_haderach"]["losses"] = 7
    while current(state) is None or current(state)[0] != "Carthag":
        fight(state, atreides="BATTLE Carthag\nBATTLE Arrakeen")
    fight(state, atreides="LEADER Duncan Idaho\nKH\nDIAL 2",
          harkonnen="LEADER Feyd-Rautha\nDIAL 1\nKARAMA KH")
    assert state["step"]["battle"]["cancelled"] == {AT: ["kh"]}
    (prompt,) = battle.prompts(state)
    assert prompt.seat == AT and not prompt.default["kh"]
    _, errors = read(state, AT, "LEADER Duncan Idaho\nKH\nDIAL 2")
    assert errors[0][0] == "no-kwisatz-haderach"
    fight(state)
    assert not state["step"]["kh_used"]


def test_wbc_house_rule_6_a_karama_cancels_the_fremens_free_strength_for_one_battle():
    """WBC house rule 6 (line 1059): "This ability may be canceled for any one battle ... by a
    Karama card played by any player"."""
    state, _ = game({"Carthag": {FR: 6, HA: 5}}, seats=(FR, HA), ruleset="wbc",
                    hands={HA: ["Karama"]})
    assert battle_plan.side_of_state(state, FR).strength.free
    fight(state, fremen="LEADER Stilgar\nDIAL 6", harkonnen="LEADER Feyd-Rautha\nDIAL 1\n"
                                                           "KARAMA FREE STRENGTH")
    side = battle_plan.side_of_state(state, FR)
    assert not side.strength.free and side.strength.most(0) == 3
    assert prompt_keys(state) == ["battle-plan:fremen"]
    events = fight(state)
    assert plan_of(events, FR)["dial"] == 3                  # the default made to fit


def test_qa_b_7_by_common_consent_both_fight_without_leaders():
    """000 Q&A XXV.B.7 (line 669): "by common consent, players may choose not to play a leader
    ... only the token strength can be used" (X.C.10): both plans say NO LEADER."""
    hands = {AT: ["Crysknife"], HA: ["Chaumas"]}
    state, _ = game({"Carthag": {AT: 5, HA: 5}}, seats=(AT, HA), hands=hands)
    events = fight(state, atreides="LEADER Duncan Idaho\nDIAL 3\nWEAPON Crysknife\nNO LEADER",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 2\nNO LEADER")
    assert of(events, "no-leaders") == [{"territory": "Carthag"}]
    assert plan_of(events, AT)["leader"] is None and plan_of(events, AT)["weapon"] is None
    assert of(events, "battle-result")[0]["totals"] == {AT: 3, HA: 2}
    assert "Crysknife" in names(state, AT)
    state, _ = game({"Carthag": {AT: 5, HA: 5}}, seats=(AT, HA), hands=hands)
    events = fight(state, atreides="LEADER Duncan Idaho\nDIAL 3\nNO LEADER",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 2")
    assert "no-leaders" not in codes(events) and plan_of(events, AT)["leader"] == "Duncan Idaho"
    state, _ = game({"Carthag": {AT: 5, HA: 5}}, seats=(AT, HA), hands=hands)
    assert read(state, AT, "DIAL 3\nNO LEADER")[1][0][0] == "leader-required"


def test_a_battle_costs_no_extra_round_without_the_voice_or_a_question():
    """docs/orders.md, "Before the plans": with neither the Bene Gesserit nor the Atreides in a
    battle, or with VOICE NONE and PRESCIENCE NONE (the defaults), one mail round."""
    state, _ = game({"Carthag": {FR: 5, HA: 5}}, seats=(AT, HA, FR, BG))
    assert sorted(prompt_keys(state)) == ["battle-plan:fremen", "battle-plan:harkonnen"]
    fight(state)
    assert battle.done(state)
    state, _ = game({"Carthag": {AT: 5, BG: 5}}, seats=(AT, BG))
    assert len(battle.prompts(state)) == 4
    events = fight(state)
    assert "battle-result" in codes(events) and battle.done(state)


def test_wbc_1426_karamas_standing_ready_for_one_use_play_in_storm_order():
    """WBC miscellaneous (line 1426): simultaneous Karamas go in player dot order: the first
    in storm order plays, the other keeps his card."""
    state, _ = game({"Carthag": {HA: 5, AT: 5}}, seats=(BG, HA, AT), alliances=[(BG, HA)],
                    hands={BG: ["Karama"], AT: ["Karama"]})
    assert "battle-karama:bene-gesserit" in prompt_keys(state)
    (prompt,) = [p for p in battle.prompts(state) if p.kind == "battle-karama"]
    assert prompt.optional and "KARAMA PRESCIENCE" in prompt.legal
    events = fight(state, harkonnen="LEADER Feyd-Rautha\nDIAL 1",
                   atreides="LEADER Duncan Idaho\nDIAL 1\nKARAMA VOICE",
                   bene_gesserit="VOICE NOT SHIELD\nKARAMA PRESCIENCE")
    assert [k["use"] for k in of(events, "karama")] == ["battle-voice"]
    state, _ = game({"Carthag": {HA: 5, FR: 5}}, seats=(BG, HA, FR, AT),
                    alliances=[(AT, HA), (BG, FR)], hands={BG: ["Karama"], FR: ["Karama"]})
    events = fight(state, atreides="PRESCIENCE DIAL", fremen="LEADER Stilgar\nDIAL 1\n"
                   "KARAMA PRESCIENCE", bene_gesserit="KARAMA PRESCIENCE")
    first = next(s for s in storm_order(state) if s in (BG, FR))
    assert [k["faction"] for k in of(events, "karama")] == [first]
    other = FR if first == BG else BG
    assert "Karama" in names(state, other)


def test_the_orders_before_the_plans_read_back_from_their_canonical_text():
    """STYLE 3: the Voice, the question, the battle Karamas and conditional plans print and
    read back the same; their random values are legal."""
    state, _ = game({"Carthag": {HA: 5, AT: 5}}, seats=(BG, HA, AT), alliances=[(BG, HA)],
                    hands={BG: ["Karama"], AT: ["Crysknife", "Chaumas", "Shield", "Karama"]})
    assert "battle-karama:bene-gesserit" in prompt_keys(state)
    rng = random.Random(5)
    for _ in range(30):
        for prompt in battle.prompts(state):
            value = KINDS[prompt.kind].random(seat_view(state, prompt.seat), prompt, rng)
            text = KINDS[prompt.kind].text(state, value)
            values, errors = read(state, prompt.seat, text)
            assert errors == [] and values == [value], (text, errors)
    text = ("LEADER Duncan Idaho\nDIAL 1\nWEAPON Crysknife\nIF VOICED NOT PROJECTILE WEAPON "
            "Chaumas\nIF VOICED PLAY SHIELD: DEFENSE Shield\nif voiced not shield: weapon none"
            "\nNO LEADER\nKARAMA VOICE")
    (value, *_), errors = read(state, AT, text)
    assert errors == []
    canonical = KINDS["battle-plan"].text(state, value)
    assert "IF VOICED NOT PROJECTILE: WEAPON Chaumas" in canonical
    assert "IF VOICED NOT SHIELD: WEAPON NONE" in canonical
    assert read(state, AT, canonical)[0][0] == value


def test_karama_b6a4_a_karama_cancels_the_fedaykin_bonus_in_one_battle():
    """000 player aid B.6.A.4 (line 956), WBC line 1402: a Karama cancels the Fremen's
    starred forces' bonus in one battle, any time before the plans are committed."""
    state, _ = game({"Carthag": {FR: (2, 2), HA: 5}}, seats=(FR, HA), advantages=True,
                    hands={HA: ["Karama"]})
    assert battle_plan.side_of_state(state, FR).strength.most(0) == 6
    fight(state, fremen="LEADER Stilgar\nDIAL 6",
          harkonnen="LEADER Feyd-Rautha\nDIAL 1\nKARAMA FEDAYKIN")
    assert state["step"]["battle"]["cancelled"] == {FR: ["starred"]}
    assert battle_plan.side_of_state(state, FR).strength.most(0) == 4
    events = fight(state)
    assert plan_of(events, FR)["dial"] == 4 and battle.done(state)


def test_if_lines_read_leniently_and_refuse_what_is_no_plan_line():
    """docs/orders.md, "Before the plans": the colon may be left out, a kind may be followed
    by WEAPON; a condition needs one plan line after it, not another IF or a KARAMA."""
    state, _ = game({"Carthag": {BG: 5, HA: 5}}, seats=(BG, HA),
                    hands={HA: ["Crysknife", "Chaumas"]})
    for line in ("IF VOICED PLAY POISON WEAPON: WEAPON Chaumas",
                 "IF VOICED PLAY POISON : WEAPON Chaumas", "IF VOICED POISON WEAPON Chaumas"):
        values, errors = read(state, HA, f"LEADER Feyd-Rautha\nDIAL 1\n{line}")
        assert errors == [] and values[0]["if"] == [[["voiced", True, "poison_weapon"],
                                                     {"weapon": "Chaumas"}]], line
    for line in ("IF VOICED PLAY POISON", "IF VOICED PLAY POISON: KARAMA VOICE",
                 "IF ASKED WEAPON: WEAPON NONE", "IF RAINING: DIAL 2"):
        _, errors = read(state, HA, f"LEADER Feyd-Rautha\nDIAL 1\n{line}")
        assert errors[0][0] in ("bad-condition", "not-asked"), (line, errors)


def test_wbc_x_1242_the_bots_second_plan_keeps_the_voice_and_the_answer():
    """WBC X (line 1242): the basic and the random bots' plans of a second round obey the Voice
    (line 784) and keep an answer given to prescience (line 760), so they are never refused."""
    from pbem.games.dune.bots.basic_bot import basic_order
    state, _ = game({"Carthag": {AT: 5, BG: 5}}, seats=(AT, BG),
                    hands={AT: ["Crysknife", "Chaumas"], BG: ["Shield"]})
    fight(state, atreides="LEADER Duncan Idaho\nDIAL 2\nPRESCIENCE DIAL\nWEAPON Chaumas",
          bene_gesserit="LEADER Alia\nDIAL 3\nVOICE PLAY PROJECTILE")
    (prompt,) = battle.prompts(state)
    rng = random.Random(4)
    for _ in range(10):
        for text in (basic_order(seat_view(state, AT), prompt, rng),
                     KINDS[prompt.kind].text(state, KINDS[prompt.kind].random(
                         seat_view(state, AT), prompt, rng))):
            values, errors = read(state, AT, text)
            assert errors == [] and values[0]["weapon"] == "Crysknife", text


def test_001_3_03_03_a_juice_of_sapho_is_not_both_the_weapon_and_its_own_line():
    """001 3.03.03: the Juice of Sapho's line plays the card; a Planetologist (4.07.15.07: a
    green card as his weapon) cannot make the same one card his weapon too (self-play found
    the card discarded twice)."""
    state, _ = game({"Carthag": {AT: 5, HA: 5}}, seats=(AT, HA), ruleset="gf9",
                    hands={HA: ["Chaumas"]}, choam_richese=True, leader_skills=True)
    juice = next(c.id for c in data(state).treachery_deck if c.name == "Juice of Sapho")
    for pile in state["decks"].values():            # out of the Richese cache, into the hand
        if isinstance(pile, list) and juice in pile:
            pile.remove(juice)
    state["factions"][AT]["hand"] = [juice]
    state["tokens"] = [{"kind": "leader_skill", "value": "planetologist", "owner": AT,
                        "leader": "Duncan Idaho", "at": "front", "face": "up"}]
    plan = "LEADER Duncan Idaho\nDIAL 1\nWEAPON Juice of Sapho"
    assert read(state, AT, plan)[1] == []
    _, errors = read(state, AT, plan + "\nJUICE OF SAPHO")
    assert [code for code, _ in errors] == ["card-twice"]
