"""The Nexus cards (001 4.03; the gf9 option ``nexus_cards``): the deck on the token layer, the
draw after a Nexus by the unallied, the choices of 4.03.02-05, the uses their factions' modules
fill, by mail (echo, orders ahead, both bots) and in whole games (invariants, secrets).  The
scenario files ``tests/dune/scenarios/gf9_4_03_*`` play each rule; the differential test over a
card held is in ``test_hidden_card_differential.py``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from dune_leaks import leaked
from dune_mail import GAME, BotTable, address, flat, game_at, open_prompts, send
from installation import Installation
from players import others_mail, text

from pbem.game import load_game, step_rng
from pbem.games.dune.cards import nexus_cards as playing
from pbem.games.dune.data import NexusUse
from pbem.games.dune.factions import atreides_prescience as prescience
from pbem.games.dune.factions import power
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders import move_orders
from pbem.games.dune.rules import make_rules, rules_of
from pbem.games.dune.scenario import run_scenario
from pbem.games.dune.scenario.format import ScenarioError
from pbem.games.dune.state import ruleset_data
from pbem.games.dune.variants import nexus_cards

SCENARIOS = Path(__file__).parent / "scenarios"
DUNE = load_game("dune")
OPTION = {"nexus_cards": True}
AT, HA, FR, EM = "atreides", "harkonnen", "fremen", "emperor"
EXPANSIONS = {"ixians_tleilaxu": True, "choam_richese": True, "ecaz_moritani": True}


def played(name: str) -> dict:
    """A scenario file of ``tests/dune/scenarios`` played, its expectations all met."""
    result = run_scenario(yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8")))
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]
    return result["state"]


def cards(state: dict) -> dict[str, tuple]:
    return {t["value"]: (t["owner"], t["at"], t["face"]) for t in nexus_cards.records(state)}


# --- the deck (4.03.01, 4.03.07)
def test_001_4_03_07_the_deck_holds_one_card_for_each_faction_of_the_game():
    """4.03.07.02-13: twelve cards, one for each faction of the base game and the three
    expansions, whose values are those factions' seats; the Free Traders have none."""
    kind = ruleset_data("gf9").token_kind(nexus_cards.KIND)
    seats = {faction.seat for faction in ruleset_data("gf9").factions
             if faction.expansion != "free_traders"}      # 001 2.13: a homebrew, no card
    assert {token.value for token in kind.tokens} == seats
    assert len(kind.tokens) == 12 and kind.option == "nexus_cards"


def test_001_4_03_01_the_deck_is_set_up_face_down_with_the_option_only():
    """4.03.01: shuffled face down at Determine Variants; a game without the option has none,
    and its Nexus asks nothing of them (a stored game keeps its form)."""
    state = DUNE.setup("gf9", OPTION, [AT, HA, FR], step_rng("nx", 0))
    assert set(cards(state).values()) == {(None, "aside", "down")}
    assert len(cards(state)) == 12 and violations(state) == []
    plain = DUNE.setup("gf9", {}, [AT, HA, FR], step_rng("nx", 0))
    assert "tokens" not in plain
    assert not playing.rides(make_rules("gf9", {}))


def test_001_4_03_01_the_discards_restock_an_empty_deck():
    """4.03.01: "reshuffled to restock the Nexus deck as necessary"."""
    played("gf9_4_03_01_the_discards_restock_an_empty_nexus_deck")


# --- the draw and the choices after a Nexus (4.03.02-05)
def test_001_4_03_04_after_a_nexus_the_unallied_draw():
    state = played("gf9_4_03_04_after_a_nexus_the_unallied_draw_a_nexus_card")
    assert cards(state)[EM] == (FR, "behind", "down")


def test_001_4_03_04_no_alliance_no_draw():
    played("gf9_4_03_04_no_alliance_no_nexus_card_is_drawn")


def test_001_4_03_04_a_card_held_is_kept_or_replaced():
    """4.03.04: "draw one ... or discard one they are holding and draw a new one": one at most."""
    played("gf9_4_03_04_a_nexus_card_held_is_kept_by_default")
    played("gf9_4_03_04_a_nexus_card_replaced_by_a_new_one")


def test_001_4_03_04_a_choice_stands_through_a_further_round_of_the_nexus():
    """4.03.04 with 1.10.02.06-07: the choice given in the first round of a Nexus is not lost
    when the faction is asked again in its further round and says nothing of it."""
    played("gf9_4_03_04_a_nexus_card_choice_stands_through_a_further_round")


def test_001_4_03_02_joining_an_alliance_discards_the_card():
    played("gf9_4_03_02_joining_an_alliance_discards_the_nexus_card_held")


def test_001_4_03_03_a_card_discarded_unused_after_a_nexus():
    played("gf9_4_03_03_a_nexus_card_discarded_unused_after_a_nexus")


def test_001_4_03_05_one_s_own_card_redrawn_and_revealed():
    played("gf9_4_03_05_one_s_own_nexus_card_redrawn_and_revealed")


# --- the uses (4.03.06-07)
def test_001_4_03_06_the_use_follows_from_the_card_and_its_holder():
    """4.03.06.02-04: one's own card for its Cunning, a seated faction's for its Betrayal, a
    faction not in the game's for its Secret Ally."""
    state = {"seats": [AT, HA, FR], "rules": make_rules("gf9", OPTION).to_json()}
    assert nexus_cards.use_of(state, FR, FR) is NexusUse.CUNNING
    assert nexus_cards.use_of(state, FR, HA) is NexusUse.BETRAYAL
    assert nexus_cards.use_of(state, FR, "choam") is NexusUse.SECRET_ALLY


def test_001_4_03_06_a_use_not_played_by_mail_is_refused_and_the_card_kept():
    played("gf9_4_03_06_a_card_with_no_use_by_mail_is_refused")


def test_001_4_03_07_04_the_emperor_secret_ally_revives_three_more():
    played("gf9_4_03_07_04_the_emperor_card_s_secret_ally_revives_three_forces_more")


def test_001_4_03_07_05_the_fremen_secret_ally_raises_the_free_revival():
    played("gf9_4_03_07_05_the_fremen_card_s_secret_ally_raises_the_free_revival_to_three")


def test_001_4_03_07_06_the_harkonnen_cunning_swaps_a_traitor():
    state = played("gf9_4_03_07_06_the_harkonnen_card_s_cunning_swaps_a_traitor")
    assert "Duncan Idaho" in state["decks"]["traitors"]      # the weakest, shuffled back


def test_001_4_03_07_09_the_tleilaxu_cunning_replaces_revealed_face_dancers():
    state = played("gf9_4_03_07_09_the_tleilaxu_card_s_cunning_replaces_revealed_face_dancers")
    assert {"Feyd-Rautha", "Piter DeVries"} <= set(state["decks"]["traitors"])


def test_001_4_03_07_10_the_choam_betrayal_discards_at_random():
    played("gf9_4_03_07_10_the_choam_card_s_betrayal_makes_choam_discard_at_random")


def test_001_4_03_07_12_the_ecaz_secret_ally_asks_about_traitors():
    played("gf9_4_03_07_12_the_ecaz_card_s_secret_ally_asks_about_traitors")


def test_001_4_03_07_12_the_ecaz_betrayal_sends_the_ally_home():
    played("gf9_4_03_07_12_the_ecaz_card_s_betrayal_sends_the_ecaz_ally_home")


def test_001_4_03_07_13_the_moritani_betrayal_takes_a_terror_token_back():
    played("gf9_4_03_07_13_the_moritani_card_s_betrayal_takes_a_terror_token_back")


def test_001_4_03_07_every_use_offered_is_its_faction_s_module_s():
    """No phase names a faction: each use played by mail is its faction's ``nexus_uses``, and
    a faction whose card's uses are all left has none (the prompt says so)."""
    rules = make_rules("gf9", {**OPTION, **EXPANSIONS})
    offered = {seat: sorted(set(power(seat, rules).nexus_uses) - {NexusUse.NAMED})
               for seat in (faction.seat for faction in ruleset_data("gf9").factions)}
    named = {seat for seat in offered if NexusUse.NAMED in power(seat, rules).nexus_uses}
    assert named == {"choam", FR, EM, AT, "bene-gesserit", HA, "guild", "ixians", "tleilaxu",
                     "richese", "moritani", "ecaz"}    # every card: INTERNAL AUDIT ... SABOTAGE
    all_three = [NexusUse.BETRAYAL, NexusUse.CUNNING, NexusUse.SECRET_ALLY]
    assert offered[AT] == all_three
    assert offered["richese"] == offered["guild"] == offered[FR] == all_three
    assert offered["ixians"] == offered[HA] == offered["tleilaxu"] == offered[EM] == all_three
    assert offered["moritani"] == offered["choam"] == offered["ecaz"] == all_three
    assert offered["bene-gesserit"] == all_three


# --- by mail
def _nexus_position(holder_card: str | None = None) -> dict:
    """Three seats at turn 3's storm, a worm to come in the spice blow: every card but the
    Emperor's and the Moritani's in the discard pile, the Fremen holding ``holder_card``."""
    names = {t.value: t.name for t in ruleset_data("gf9").token_kind(nexus_cards.KIND).tokens}
    placed = {name: {"at": "aside", "face": "up"} for value, name in names.items()
              if value not in (EM, "moritani")}
    if holder_card:
        placed[names[holder_card]] = {"owner": FR, "at": "behind", "face": "down"}
    return {"game": "dune", "seats": [AT, HA, FR], "ruleset": "gf9", "seed": "nexus-by-mail",
            "options": OPTION,
            "position": {"turn": 3, "phase": "storm",
                         "storm": {"sector": 1, "dialers": [AT, HA]},
                         "spice": {"Red Chasm": 8},
                         "decks": {"spice_discard": ["Red Chasm"],
                                   "spice": ["Shai-Hulud", "Hagga Basin"]},
                         "tokens": placed}}


def test_001_4_03_04_the_choice_is_sent_ahead_with_the_nexus_orders_and_echoed(tmp_path):
    """4.03.04 by mail: the Fremen, holding the Emperor's card, send NEXUS REPLACE under FOR
    NEXUS while the storm is dialled; the answer echoes it as held; the Nexus opens and is
    resolved with no mail round of its own for it, the card replaced by the Moritani's; the
    Fremen's report names their new card, the others' only that they drew one."""
    site = Installation(tmp_path, maps=False)
    game_at(site, _nexus_position(EM))
    answer = flat(send(site, FR, "FOR NEXUS\nPASS\nNEXUS REPLACE"))
    assert "NEXUS REPLACE" in answer and "held for your Nexus card after the Nexus" in answer
    for seat in (AT, HA):
        send(site, seat, "FOR NEXUS\nALLY " + ("harkonnen" if seat == AT else "atreides"))
    for seat in (AT, HA):
        owed = [p for p in open_prompts(site, seat) if not p.optional]
        send(site, seat, "\n".join(p.template for p in owed))
    state = site.record(GAME).state
    assert state["phase"] == "bidding", state["phase"]
    assert cards(state)[EM] == (None, "aside", "up")
    assert cards(state)["moritani"] == (FR, "behind", "down")
    fremen = flat("\n".join(text(m) for m in site.sent(address(FR))))
    assert "Your Nexus card: the Moritani Nexus card" in fremen
    for seat in (AT, HA):
        mails = flat("\n".join(text(m) for m in site.sent(address(seat))))
        assert "Fremen draw a Nexus card" in mails
        assert "Moritani Nexus card" not in mails


def test_001_4_03_07_05_a_revival_use_is_sent_ahead_under_for_revival(tmp_path):
    """4.03.06 by mail: a use of a round's own (the Fremen card's Secret Ally, in the Revival
    phase) is sent ahead with that round's orders; a line a card cannot take is refused,
    quoting it."""
    position = _nexus_position()
    position["seats"] = [AT, HA, EM]
    position["position"]["tokens"] = {"Fremen Nexus card": {"owner": AT, "at": "behind",
                                                            "face": "down"}}
    position["position"]["factions"] = {AT: {"tanks": 5, "spice": 0}}
    site = Installation(tmp_path, maps=False)
    game_at(site, position)
    state = site.record(GAME).state
    coming = {p.key for p in DUNE.ahead(state, AT) if p.kind == playing.CHOICE}
    assert coming == {"nexus-card@3:atreides", "nexus-card@revival-3:atreides"}
    assert not [p for p in DUNE.ahead(state, HA) if p.key.endswith("revival-3:harkonnen")]
    answer = flat(send(site, AT, "FOR REVIVAL\nREVIVE 2\nNEXUS PLAY"))
    assert "NEXUS PLAY" in answer and "held for playing your Nexus card" in answer
    refused = flat(send(site, HA, "FOR REVIVAL\nNEXUS PLAY"))      # no card, no revival
    assert "Not accepted: line 1: FOR REVIVAL" in refused
    for _ in range(12):
        if site.record(GAME).state["phase"] == "movement":
            break
        for seat in (AT, HA, EM):
            owed = [p for p in open_prompts(site, seat) if not p.optional]
            if owed:
                send(site, seat, "\n".join(p.template for p in owed))
    state = site.record(GAME).state
    assert state["phase"] == "movement"
    assert cards(state)[FR] == (None, "aside", "up")
    assert state["factions"][AT]["tanks"] == {"force": 2}   # 2 free, 1 by the card


# --- whole games
@pytest.mark.whole_game
@pytest.mark.parametrize("style", ["random", "basic"])
def test_001_4_03_whole_games_with_nexus_cards_break_no_invariant(style):
    """Bots play six-faction GF9 games with every expansion and the Nexus cards to the end:
    no invariant broken at any step (the deck conserved, one card a faction, none allied),
    cards drawn after Nexuses, discarded and played (both bots answer the choice and the play
    as the random bot does: ``cards/nexus_cards._random``)."""
    seen: set[str] = set()
    for game in range(4):
        seats = ([AT, "choam", "ecaz", FR, EM, HA] if game % 2
                 else [AT, "bene-gesserit", "guild", FR, "tleilaxu", "moritani"])
        state = DUNE.setup("gf9", {**OPTION, **EXPANSIONS, "advanced": style == "basic",
                                   "turns": 8}, seats, step_rng(f"nx-{style}-{game}", 0))
        state["alliances"] = [seats[:2]]        # so that the others draw after a Nexus
        bots = random.Random(f"{style}{game}")
        step = 0
        while state["result"] is None:
            step += 1
            state, events = DUNE.apply(state, DUNE.bot_decisions(state, bots, style),
                                       step_rng(f"nx-{style}-{game}", step))
            seen |= {event.code for event in events}
            assert violations(state) == [], (game, step)
    assert {"nexus-card-drawn", "nexus-card-seen"} <= seen, seen
    if style == "basic":
        assert {"nexus-card-played", "nexus-card-discarded"} <= seen, seen


@pytest.mark.whole_game
def test_001_4_03_a_six_faction_game_by_mail_keeps_every_nexus_card_secret(tmp_path):
    """A six-faction GF9 game with the Nexus cards played by the basic bots through the
    moderator to its end: cards are drawn, and no seat's mail names another seat's card held
    face down (``dune_leaks``: a face-down token's name is its owner's secret)."""
    seats = [AT, HA, FR, EM, "choam", "ecaz"]
    run = BotTable(tmp_path, "nx", "nexus-by-mail", seats,
                   {**OPTION, "choam_richese": True, "ecaz_moritani": True, "turns": 10})
    run.play(lambda r: r.gm('ADJUST /alliances = [["atreides", "harkonnen"]] -- an alliance, '
                            "so that the others draw after each Nexus"))
    assert run.record().state["result"]["winners"]
    held, shown, events = run.secrets(seats)
    codes = {event["code"] for step in events for event in step}
    assert "nexus-card-drawn" in codes
    for seat in seats:
        mails = run.text_of(seat)
        assert mails and not leaked(mails, seat, held, shown), seat


def test_001_4_03_07_04_the_emperor_secret_ally_keeps_the_spice_of_a_card_bought():
    played("gf9_4_03_07_04_the_emperor_card_s_secret_ally_keeps_the_spice_of_a_card_bought")


def test_001_4_03_07_08_the_ixians_secret_ally_swaps_a_card_just_bought():
    played("gf9_4_03_07_08_the_ixians_card_s_secret_ally_swaps_a_card_just_bought")


def test_001_4_03_07_07_the_guild_secret_ally_ships_at_guild_rates():
    """The powers lent end with the Shipment and Movement phase: the next turn's storm finds
    the Harkonnen without them."""
    state = played("gf9_4_03_07_07_the_guild_card_s_secret_ally_ships_at_guild_rates")
    assert state["phase"] == "storm" and "nexus_lent" not in state["factions"][HA]


def test_001_4_03_07_06_the_harkonnen_secret_ally_swaps_two_traitors_at_war_continues():
    """Two traitors drawn and the two weakest of the four shuffled back, the holder keeping
    two."""
    state = played("gf9_4_03_07_06_the_harkonnen_card_s_secret_ally_swaps_two_traitors_at_"
                   "war_continues")
    assert len(state["factions"][AT]["traitors"]) == 2
    assert "Piter DeVries" not in state["factions"][AT]["traitors"]     # 3: of the weakest


def test_001_4_03_07_10_the_choam_secret_ally_sells_a_worthless_card_at_collection():
    played("gf9_4_03_07_10_the_choam_card_s_secret_ally_sells_a_worthless_card_at_collection")


def test_001_4_03_07_09_the_tleilaxu_secret_ally_revives_a_leader_free():
    played("gf9_4_03_07_09_the_tleilaxu_card_s_secret_ally_revives_a_leader_free")


def test_001_4_03_07_13_the_moritani_secret_ally_keeps_a_card_on_losing():
    played("gf9_4_03_07_13_the_moritani_card_s_secret_ally_keeps_a_card_on_losing")


def test_001_4_03_07_11_the_richese_secret_ally_ships_five_as_one():
    """Five forces from reserves at the price of one; the price lent ends with the phase."""
    state = played("gf9_4_03_07_11_the_richese_card_s_secret_ally_ships_five_as_one")
    assert state["phase"] == "storm" and "nexus_lent" not in state["factions"][HA]


def test_001_4_03_07_04_the_emperor_betrayal_makes_the_emperor_pay_for_his_ally_s_card():
    played("gf9_4_03_07_04_the_emperor_card_s_betrayal_makes_the_emperor_pay_for_his_ally_s_"
           "card")


def test_001_4_03_07_03_the_bg_cunning_flips_advisors_to_fighters():
    played("gf9_4_03_07_03_the_bg_card_s_cunning_flips_advisors_to_fighters")


def test_001_4_03_07_08_the_ixians_cunning_counts_suboids_full():
    played("gf9_4_03_07_08_the_ixians_card_s_cunning_counts_suboids_full")


def test_001_4_03_07_05_the_fremen_secret_ally_spares_forces_from_a_worm():
    played("gf9_4_03_07_05_the_fremen_card_s_secret_ally_spares_forces_from_a_worm")


def test_001_4_03_07_02_the_atreides_betrayal_stops_prescience_in_a_battle():
    played("gf9_4_03_07_02_the_atreides_card_s_betrayal_stops_prescience_in_a_battle")


def test_001_4_03_07_03_the_bg_betrayal_stops_the_voice_in_a_battle():
    played("gf9_4_03_07_03_the_bg_card_s_betrayal_stops_the_voice_in_a_battle")


def test_001_4_03_07_07_the_guild_betrayal_takes_a_shipment_s_payment():
    played("gf9_4_03_07_07_the_guild_card_s_betrayal_takes_a_shipment_s_payment")


def test_001_4_03_07_05_the_fremen_cunning_rides_a_worm_from_afar():
    """The worm where no forces are is ridden from the desert territory named; the bots name
    such a territory; without the card played nobody is asked to ride it."""
    name = "gf9_4_03_07_05_the_fremen_card_s_cunning_rides_a_worm_from_afar"
    played(name)
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text())
    state = run_scenario({**scenario, "orders": [], "expect": {}})["state"]
    assert power(FR, state).nexus_targets(state, NexusUse.CUNNING, FR) == ["The Great Flat"]
    unplayed = [{AT: "DIAL 1", FR: "DIAL 1"}, *scenario["orders"][1:]]
    with pytest.raises(ScenarioError, match="'RIDE Carthag': RIDE is not a decision open"):
        run_scenario({**scenario, "orders": unplayed, "expect": {}})


def test_001_4_03_07_07_the_guild_cunning_ships_a_second_time_after_the_move():
    """The second SHIP of a plan is shipped after the move, the card played with it and its
    line echoed back; without the card set the same line is refused, quoting it."""
    name = "gf9_4_03_07_07_the_guild_card_s_cunning_ships_a_second_time_after_the_move"
    played(name)
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text())
    state = run_scenario({**scenario, "orders": scenario["orders"][:3], "expect": {}})["state"]
    parsed = DUNE.parse(state, "guild", "SHIP 1 TO Sihaya Ridge\nSHIP 2 TO Arrakeen")
    assert not parsed.errors
    plan = parsed.orders[0].value["plans"][0]
    assert plan["ship"]["forces"] == {"force": 1} and plan["extra_ship"]["to"] == "Arrakeen"
    assert move_orders.text(state, parsed.orders[0].value).splitlines() == [
        "SHIP 1 TO Sihaya Ridge", "SHIP 2 TO Arrakeen"]
    state["spice"]["The Minor Erg"] = 6         # the echo's note names the second shipment
    parsed = DUNE.parse(state, "guild", "SHIP 1 TO Sihaya Ridge\nSHIP 2 TO The Minor Erg")
    assert parsed.orders[0].notes == (
        "SHIP 2 TO The Minor Erg: read as sector 8, where the spice is",)
    unset = [{"guild": "PASS"}, *scenario["orders"][1:]]
    with pytest.raises(ScenarioError, match="line 3 'SHIP 4 TO Arrakeen': one SHIP per plan"):
        run_scenario({**scenario, "orders": unset, "expect": {}})


def test_001_4_03_07_07_the_random_bot_ships_a_second_time_with_the_card_set():
    """The Guild's bot, its card set, plans now and then a second shipment, with the plan
    without it to fall back on: some turns ship twice and play the card, none breaks an
    invariant; with no card set it plans none."""
    name = "gf9_4_03_07_07_the_guild_card_s_cunning_ships_a_second_time_after_the_move"
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text())
    state = run_scenario({**scenario, "orders": scenario["orders"][:3], "expect": {}})["state"]
    twice = 0
    for seed in range(30):
        orders = DUNE.bot_decisions(state, random.Random(seed), "random")
        if "extra_ship" not in orders["move:guild"]["plans"][0]:
            continue
        after, events = DUNE.apply(state, orders, step_rng("bot-ships-twice", seed))
        assert violations(after) == []
        shipped = [e for e in events if e.code == "shipment" and e.data["faction"] == "guild"]
        twice += len(shipped) == 2
    assert twice
    state["factions"]["guild"].pop(nexus_cards.SET)
    assert not any("extra_ship" in plan for seed in range(30) for plan in DUNE.bot_decisions(
        state, random.Random(seed), "random")["move:guild"]["plans"])


def test_001_4_03_07_07_the_random_bot_s_second_shipment_takes_what_the_first_left():
    """The Cunning's extra shipment is "subject to your shipment rules" after the first: the
    Guild's bot, writing its turn as mail, ships the second time from the reserve and spice
    the first left, so the parser reads every turn it writes (self-play game
    x1k-13-b-basic-random-124, step 62: SHIP 6 then SHIP 15 of a reserve of 15)."""
    name = "gf9_4_03_07_07_the_guild_card_s_cunning_ships_a_second_time_after_the_move"
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text())
    state = run_scenario({**scenario, "orders": scenario["orders"][:3], "expect": {}})["state"]
    (prompt,) = [p for p in DUNE.prompts(state) if p.key == "move:guild"]
    twice = 0
    for seed in range(60):
        text = DUNE.bot_order(DUNE.view(state, "guild"), prompt, random.Random(seed), "random")
        parsed = DUNE.parse(state, "guild", text)
        assert not parsed.errors, text
        plan = parsed.orders[0].value["plans"][0]
        twice += "extra_ship" in plan
    assert twice


def test_001_4_03_07_11_the_richese_cunning_ships_two_no_fields():
    """The No-Field named lands face down, the highest of the supply revealed at once in front
    of the shield with its forces; without the card set the same shipment takes one."""
    state = played("gf9_4_03_07_11_the_richese_card_s_cunning_ships_two_no_fields")
    assert nexus_cards.SET not in state["factions"]["richese"] and violations(state) == []
    scenario = yaml.safe_load((SCENARIOS / "gf9_4_03_07_11_the_richese_card_s_cunning_ships_"
                                           "two_no_fields.yaml").read_text())
    unplayed = [{"richese": "PASS"}, *scenario["orders"][1:]]
    state = run_scenario({**scenario, "orders": unplayed, "expect": {}})["state"]
    assert {t["value"]: (t["at"], t.get("territory")) for t in state["tokens"]
            if t["kind"] == "no_field"} == {"0": ("board", "Arrakeen"), "3": ("behind", None),
                                            "5": ("behind", None)}
    assert "Arrakeen" not in state["forces"] or not state["forces"]["Arrakeen"].get("richese")


def test_001_4_03_07_05_a_card_set_for_the_worm_and_played_in_the_revival_is_set_no_more():
    """A card set for one half of its use (the Fremen card's Secret Ally, for the next worm)
    and played at once for the other (the revival) is gone, and with it what it was set for:
    no invariant finds a use set without a card (self-play found one)."""
    scenario = yaml.safe_load((SCENARIOS / "gf9_4_03_07_05_the_fremen_card_s_secret_ally_"
                                           "raises_the_free_revival_to_three.yaml").read_text())
    state = run_scenario({**scenario, "orders": [], "expect": {}})["state"]
    state["factions"][AT][nexus_cards.SET] = str(NexusUse.SECRET_ALLY)     # set in the storm
    orders = DUNE.bot_decisions(state, random.Random(0), "random")
    orders.update({f"nexus-card:{AT}": {"play": True, "target": None},
                   f"revival:{AT}": {**orders[f"revival:{AT}"], "forces": {"force": 2}}})
    state, events = DUNE.apply(state, orders, step_rng("set-then-played", 1))
    assert "nexus-forces-revived" in {event.code for event in events}
    assert nexus_cards.SET not in state["factions"][AT] and violations(state) == []


def test_001_4_03_07_09_the_tleilaxu_secret_ally_raises_the_revival_limit_and_cuts_the_price():
    played("gf9_4_03_07_09_the_tleilaxu_card_s_secret_ally_raises_the_revival_limit_and_cuts_"
           "the_price")


def test_001_4_03_07_12_the_ecaz_cunning_lends_duke_vidal_for_the_turn():
    """He is Ecaz's for the turn, then aside at its end."""
    state = played("gf9_4_03_07_12_the_ecaz_card_s_cunning_lends_duke_vidal_for_the_turn")
    assert state["phase"] == "storm" and state["duke_vidal"] == {"at": "aside", "until": None}


def test_001_4_03_07_04_the_emperor_betrayal_stops_the_sardaukar_in_a_battle():
    played("gf9_4_03_07_04_the_emperor_card_s_betrayal_stops_the_sardaukar_in_a_battle")


def test_001_4_03_07_08_the_ixians_betrayal_withholds_their_supply_chain():
    """The row is dealt without the Ixians' card more (two, not three) and they are asked
    nothing of it; with the card unplayed the same game deals three, the Ixians to choose."""
    state = played("gf9_4_03_07_08_the_ixians_card_s_betrayal_withholds_their_supply_chain")
    assert state["step"].get("stock") is None and len(state["step"]["row"]) == 2


def test_001_4_03_04_b_the_revised_draw_reveals_the_cards_and_deals_them():
    """The two revealed cards end one behind each drawer's shield, face down."""
    state = played("gf9_4_03_04_b_the_revised_draw_reveals_the_cards_and_deals_them")
    assert sorted((cards(state)["ecaz"][0], cards(state)["moritani"][0])) == [EM, FR]
    assert cards(state)["ecaz"][1:] == cards(state)["moritani"][1:] == ("behind", "down")


def test_001_4_03_07_05_the_fremen_betrayal_keeps_them_off_the_worm():
    """Played before the end of the spice blow, the ride withheld to the turn's end (the
    Fremen still not devoured): with the card unplayed the same game asks the Fremen to ride."""
    name = "gf9_4_03_07_05_the_fremen_card_s_betrayal_keeps_them_off_the_worm"
    state = played(name)
    assert state["factions"][FR]["nexus_withheld"] == {"beast_of_burden": "mentat_pause"}
    unplayed = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    unplayed["orders"][0][AT] = "DIAL 1"
    unplayed["expect"] = {}
    result = run_scenario(unplayed)
    assert f"worm-ride:{FR}" in [p["key"] for p in result["prompts"]]


def test_001_4_03_07_05_the_fremen_betrayal_takes_their_second_territory():
    """Played after the spice blow, the Movement withheld to the end of Shipment and Movement:
    one territory in reach, given back as the phase ends."""
    state = played("gf9_4_03_07_05_the_fremen_card_s_betrayal_takes_their_second_territory")
    assert "nexus_withheld" not in state["factions"][FR]


def test_001_4_03_07_06_the_harkonnen_betrayal_cancels_a_traitor():
    """The traitor card back in the deck, the Harkonnen drawing one at War Continues: they
    hold one traitor, not Duncan Idaho unless drawn again, and none is owed any more."""
    state = played("gf9_4_03_07_06_the_harkonnen_card_s_betrayal_cancels_a_traitor")
    own = state["factions"][HA]
    assert len(own["traitors"]) == 1 and nexus_cards.REDRAW_TRAITORS not in own


def test_001_4_03_07_09_the_tleilaxu_betrayal_cancels_a_face_dancer():
    played("gf9_4_03_07_09_the_tleilaxu_card_s_betrayal_cancels_a_face_dancer")


def test_001_4_03_07_06_a_betrayal_set_for_a_traitor_waits_for_one_called():
    """The card set for a traitor stays set through a battle where no Harkonnen traitor is
    called on its holder (ruling: the next one called), told to nobody else."""
    name = "gf9_4_03_07_06_the_harkonnen_card_s_betrayal_cancels_a_traitor"
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    scenario["position"]["factions"][HA]["traitors"] = ["Thufir Hawat"]
    scenario["expect"] = {"no_events": ["nexus-card-played", "nexus-traitor-cancelled"]}
    result = run_scenario(scenario)
    assert not result["expect"]["failed"], result["expect"]
    assert result["state"]["factions"][AT][nexus_cards.SET] == "betrayal"
    assert cards(result["state"])[HA] == (AT, "behind", "down")


def test_001_4_03_07_04_the_emperor_cunning_counts_five_forces_as_sardaukar():
    """Without the card the same plan's DIAL 9 is refused: six forces support 6 at most."""
    name = "gf9_4_03_07_04_the_emperor_card_s_cunning_counts_five_forces_as_sardaukar"
    played(name)
    unplayed = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    unplayed["orders"][0][EM] = "PASS"
    unplayed["expect"] = {"refused": [{"step": 4, "seat": EM, "line": 2, "text": "0 to 6"}]}
    result = run_scenario(unplayed)
    assert not result["expect"]["failed"], result["expect"]


def test_001_4_03_07_04_the_emperor_cunning_waits_for_a_battle_without_sardaukar():
    """With a Sardaukar in the battle the card stays set (``if you have none in that
    battle``), and the dial counts their forces as they are."""
    name = "gf9_4_03_07_04_the_emperor_card_s_cunning_counts_five_forces_as_sardaukar"
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    scenario["position"]["forces"]["Carthag"][EM] = {"force": 5, "sardaukar": 1}
    scenario["orders"][3][EM] = "LEADER Caid\nDIAL 7\nSPICE 6"
    scenario["expect"] = {"no_events": ["nexus-card-played", "nexus-sardaukar-loaned"]}
    result = run_scenario(scenario)
    assert not result["expect"]["failed"], result["expect"]
    assert result["state"]["factions"][EM][nexus_cards.SET] == "cunning"


def test_001_4_03_07_13_the_moritani_cunning_places_a_terror_token_anywhere():
    """Any territory on Arrakis, a sand one of many sectors too; the power given back at the
    end of the Mentat Pause."""
    name = "gf9_4_03_07_13_the_moritani_card_s_cunning_places_a_terror_token_anywhere"
    state = played(name)
    assert "nexus_lent" not in state["factions"]["moritani"]
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    scenario["orders"][-1]["moritani"] = "TERROR Atomics IN Hagga Basin"
    placed = {"owner": "moritani", "at": "Hagga Basin SECTOR 12"}
    scenario["expect"] = {"tokens": {"Atomics": placed}}
    result = run_scenario(scenario)
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]


def test_001_4_03_07_08_the_ixians_betrayal_withholds_their_technology():
    """NEXUS PLAY TECHNOLOGY withholds the Technology, not the Supply Chain; a word of neither
    is refused, quoting the choice, and the card kept."""
    name = "gf9_4_03_07_08_the_ixians_card_s_betrayal_withholds_their_technology"
    state = played(name)
    assert state["factions"]["ixians"]["nexus_withheld"] == {"technology": "bidding"}
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    scenario["orders"] = scenario["orders"][:1]
    scenario["orders"][0][AT] = "DIAL 1\nNEXUS PLAY KARAMA"
    scenario["expect"] = {"refused": [{"step": 1, "seat": AT, "line": 2, "code": "bad-special",
                                       "text": "SUPPLY CHAIN or TECHNOLOGY"}],
                          "tokens": {"Ixian Nexus card": {"owner": AT, "at": "behind"}}}
    result = run_scenario(scenario)
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]


def test_001_4_03_07_10_the_choam_secret_ally_looks_at_the_loser_s_hand():
    """Set by NEXUS PLAY LOOK for the next battle won, not for the end of Spice Collection;
    NEXUS PLAY WORTHLESS is the first half, as NEXUS PLAY alone."""
    name = "gf9_4_03_07_10_the_choam_card_s_secret_ally_looks_at_the_loser_s_hand"
    state = played(name)
    assert nexus_cards.SET_TARGET not in state["factions"][AT]
    assert state["factions"][HA]["hand"] and len(state["factions"][HA]["hand"]) == 1
    name = "gf9_4_03_07_10_the_choam_card_s_secret_ally_sells_a_worthless_card_at_collection"
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    scenario["orders"][0][AT] = "PASS\nNEXUS PLAY WORTHLESS"
    assert not run_scenario(scenario)["expect"]["failed"]


def test_001_4_03_07_11_the_richese_betrayal_cancels_their_alternate_income():
    state = played("gf9_4_03_07_11_the_richese_card_s_betrayal_cancels_their_alternate_income")
    assert violations(state) == []


def test_001_4_03_07_11_the_richese_betrayal_discards_the_card_they_buy():
    """The card discarded unpaid, every treachery card still counted (the invariants)."""
    state = played("gf9_4_03_07_11_the_richese_card_s_betrayal_discards_the_card_they_buy")
    assert violations(state) == []


# --- the revision's named effects (001 4.03.07.02-13, text B; option ``nexus_cards_named``)
def test_001_4_03_07_b_native_resiliency_revives_three_more():
    played("gf9_4_03_07_b_native_resiliency_revives_three_more")


def test_001_4_03_07_b_internal_audit_takes_six_spice():
    state = played("gf9_4_03_07_b_internal_audit_takes_six_spice")
    assert state["factions"][AT]["spice"] >= 7


def test_001_4_03_07_b_sardaukar_on_loan_doubles_five_forces():
    played("gf9_4_03_07_b_sardaukar_on_loan_doubles_five_forces")


def test_001_4_03_07_b_each_card_is_played_for_its_named_effect_whoever_holds_it():
    """With the option every card's use is its named effect, one's own faction's, a seated
    one's or not; a line its named effect cannot play is refused, and the card kept; a game
    without the option plays the three uses."""
    named = {**OPTION, "nexus_cards_named": True}
    rules = make_rules("gf9", named)
    game = {"rules": rules.to_json(), "seats": [AT, HA]}
    assert {nexus_cards.use_of(game, holder, value) for holder in (AT, HA)
            for value in (AT, HA, EM)} == {NexusUse.NAMED}
    assert nexus_cards.use_of({"rules": make_rules("gf9", OPTION).to_json(), "seats": [AT, HA]}, AT,
                              EM) == NexusUse.SECRET_ALLY
    name = "gf9_4_03_07_b_internal_audit_takes_six_spice"
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    scenario["position"]["tokens"] = {"Tleilaxu Nexus card": {
        "owner": AT, "at": "behind", "face": "down"}}         # GHOLAS: no leader named
    scenario["expect"] = {"refused": [{"step": 1, "seat": AT, "line": 2,
                                       "code": "unknown-leader"}],
                          "tokens": {"Tleilaxu Nexus card": {"owner": AT, "at": "behind"}}}
    result = run_scenario(scenario)
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]


def test_001_4_03_07_10_the_choam_cunning_pays_a_worthless_effect_with_any_card():
    """Without the card played the line is refused (CHOAM hold no Trip to Gamont, and WITH
    needs the Cunning), the Lasgun kept; the Cunning spent by the one use, the power not left
    lent."""
    name = "gf9_4_03_07_10_the_choam_card_s_cunning_pays_a_worthless_effect_with_any_card"
    state = played(name)
    assert "nexus_lent" not in state["factions"]["choam"]
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    scenario["orders"][0]["choam"] = "REVIVE 0"
    scenario["expect"] = {"refused": [{"step": 3, "seat": "choam", "line": 2,
                                       "code": "bad-special", "text": "001 4.03.07.10"}],
                          "forces": {"Arrakeen": {AT: 5}}}
    result = run_scenario(scenario)
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]


def _holding(tmp_path: Path, position: dict, card: str) -> tuple[Installation, object]:
    """The game at ``position`` by mail, the Atreides holding ``card``, and their Nexus
    prompt."""
    position["position"]["tokens"] = {card: {"owner": AT, "at": "behind", "face": "down"}}
    site = Installation(tmp_path, maps=False)
    game_at(site, position)
    return site, next(p for p in open_prompts(site, AT) if p.kind == playing.CHOICE)


def test_001_4_03_07_08_a_use_s_word_by_mail_is_offered_echoed_and_refused_when_wrong(tmp_path):
    """By mail: the holder's prompt names the words a use takes (the first the default); the
    answer echoes NEXUS PLAY TECHNOLOGY as understood; a word of neither is refused, quoting
    the line; the other seat reads neither the words nor which card is held."""
    position = _nexus_position()
    position["options"] = {**OPTION, "ixians_tleilaxu": True, "advanced": True}
    position["seats"] = [AT, "ixians"]
    position["position"]["storm"]["dialers"] = [AT, "ixians"]
    site, offered = _holding(tmp_path, position, "Ixian Nexus card")
    assert "NEXUS PLAY [SUPPLY CHAIN or TECHNOLOGY]" in offered.legal
    refused = flat(send(site, AT, "DIAL 1\nNEXUS PLAY KARAMA"))
    assert "NEXUS PLAY KARAMA" in refused and "SUPPLY CHAIN or TECHNOLOGY" in refused
    answer = flat(send(site, AT, "DIAL 1\nNEXUS PLAY TECHNOLOGY"))
    assert "NEXUS PLAY TECHNOLOGY" in answer
    ixians = flat("\n".join(text(m) for m in site.sent(address("ixians"))))
    assert "TECHNOLOGY" not in ixians and "Ixian Nexus card" not in ixians


def test_001_4_03_07_02_the_atreides_secret_ally_asks_a_prescience_question():
    """Without the card played the Fremen have no question to put: the line is refused."""
    name = "gf9_4_03_07_02_the_atreides_card_s_secret_ally_asks_a_prescience_question"
    played(name)
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    scenario["orders"][0][FR] = "PASS"
    scenario["orders"] = scenario["orders"][:4]
    scenario["expect"] = {"refused": [{"step": 4, "seat": FR, "line": 1, "code": "not-now"}]}
    result = run_scenario(scenario)
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]


def test_001_4_03_07_03_the_bg_secret_ally_gives_the_voice_in_a_battle():
    """Without the card played the Fremen have no Voice to give: the line is refused, and the
    Crysknife kills Stilgar."""
    name = "gf9_4_03_07_03_the_bg_card_s_secret_ally_gives_the_voice_in_a_battle"
    played(name)
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    scenario["orders"][0][FR] = "PASS"
    scenario["expect"] = {"refused": [{"step": 4, "seat": FR, "line": 1, "code": "not-now"}],
                          "factions": {FR: {"leaders_in_tanks": ["Stilgar"]}}}
    result = run_scenario(scenario)
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]


def test_001_4_03_07_b_prescience_asks_the_opponent_s_weapon():
    played("gf9_4_03_07_b_prescience_asks_the_opponent_s_weapon")


# --- the Atreides card's Cunning (001 4.03.07.02)
CUNNING = "gf9_4_03_07_02_the_atreides_card_s_cunning_asks_a_second_prescience_question"


def _cunning(change) -> dict:
    """The Cunning's scenario changed by ``change`` (a scenario -> None), played."""
    scenario = yaml.safe_load((SCENARIOS / f"{CUNNING}.yaml").read_text("utf-8"))
    change(scenario)
    result = run_scenario(scenario)
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]
    return result


def test_001_4_03_07_02_the_atreides_cunning_asks_a_second_prescience_question():
    """Both answers bind: the Harkonnen's line for the dial holds, the one that would change
    the weapon already shown does not (the scenario's answers); the card is gone once
    played."""
    state = played(CUNNING)
    assert nexus_cards.held(state, AT) is None


def test_001_4_03_07_02_without_the_cunning_a_second_question_is_refused():
    """Without the card played a second question is refused, quoting the line."""
    def unplayed(scenario):
        scenario["orders"][0][AT] = "PASS"
        scenario["orders"] = scenario["orders"][:4]
        scenario["expect"] = {"refused": [{"step": 4, "seat": AT, "line": 1,
                                           "code": "bad-prescience", "text": "4.03.07.02"}]}
    _cunning(unplayed)


def test_001_4_03_07_02_the_same_element_twice_is_refused():
    def twice(scenario):
        scenario["orders"][3][AT] = scenario["orders"][3][AT].replace("THEN DIAL", "THEN WEAPON")
        scenario["orders"] = scenario["orders"][:4]
        scenario["expect"] = {"refused": [{"step": 4, "seat": AT, "line": 1,
                                           "code": "bad-prescience"}]}
    _cunning(twice)


def test_001_4_03_07_02_no_second_question_after_a_weapon_not_played():
    """PRESCIENCE: "If you choose to ask about a weapon or defense and your opponent tells you
    that they are not playing that element during this battle, you may not then ask to see a
    different element": the Harkonnen play no weapon, so the dial is not asked and their line
    for it holds not (the Atreides win with 5 + 6 against Feyd-Rautha's 6 and a dial of 4)."""
    def unarmed(scenario):
        scenario["orders"][3][HA] = scenario["orders"][3][HA].replace(
            "WEAPON Crysknife\n", "")
        scenario["orders"][4][AT] = "LEADER Lady Jessica\nDIAL 6"
        scenario["expect"] = {"events": [
            {"code": "prescience-answer", "seen_by": [AT],
             "data": {"element": "weapon", "answer": None}},
            "battle-second-round", {"code": "battle-result", "data": {"winner": AT}}]}
    result = _cunning(unarmed)
    asked = [e for step in result["events"] for e in step
             if e["code"] in ("prescience", "prescience-answer")]
    assert [e["data"]["element"] for e in asked] == ["weapon", "weapon"]


def test_001_4_03_07_02_a_karama_cancels_the_first_question_not_the_cunning_s():
    """4.03.06.03: a Cunning "cannot be cancelled or prevented by a Karama": the Harkonnen's
    Karama on prescience cancels the weapon question, the dial is still asked and binds."""
    def karama(scenario):
        scenario["position"]["factions"][HA]["hand"].append("Karama")
        scenario["orders"][3][HA] += "KARAMA PRESCIENCE\n"
        scenario["expect"] = {"events": [
            {"code": "prescience", "data": {"element": "weapon"}},
            {"code": "prescience", "data": {"element": "dial"}},
            {"code": "prescience-answer", "seen_by": [AT],
             "data": {"element": "dial", "answer": 6}}]}
    result = _cunning(karama)
    answers = [e["data"]["element"] for step in result["events"] for e in step
               if e["code"] == "prescience-answer"]
    assert answers == ["dial"]


def test_001_4_03_07_02_both_bots_play_the_cunning_and_ask_twice():
    """By the bots: the Atreides' card's Cunning is a play both offer (the nexus choice's
    ``playable``); in the battle it opened the random bot now and then asks two different
    elements, a legal order echoed as written; the basic bot, as the random bot; the question
    never holds the step (optional)."""
    from pbem.games import dune

    def battle_opens(scenario):
        scenario["orders"] = scenario["orders"][:3]
        scenario["expect"] = {"events": [{"code": "nexus-prescience-twice"}]}
    state = _cunning(battle_opens)["state"]
    assert prescience.twice(state["step"]["battle"])
    (prompt,) = [p for p in dune.prompts(state) if p.key == f"prescience:{AT}"]
    assert prompt.optional and "THEN" in prompt.legal
    texts = {style: [dune.bot_order(dune.view(state, AT), prompt, random.Random(seed),
                                    style=style) for seed in range(30)]
             for style in ("random", "basic")}
    for style, written in texts.items():
        for line in written:
            assert not dune.parse(state, AT, line).errors, (style, line)
        assert any(" THEN " in line for line in written), style
    read = prescience.read_questions(["leader", "then", "dial"], rules_of(state), state)
    assert prescience.text(read) == "PRESCIENCE LEADER THEN DIAL"
    position = yaml.safe_load((SCENARIOS / f"{CUNNING}.yaml").read_text("utf-8"))
    start = run_scenario({**position, "orders": [], "expect": {}})["state"]
    (choice,) = [p for p in dune.prompts(start) if p.key == f"{playing.CHOICE}:{AT}"]
    assert choice.options["playable"] and "Cunning" in choice.legal


def _cunning_by_mail(root: Path, card: str, play: bool) -> tuple[list, list[str]]:
    """The Cunning's position played by mail, the Atreides holding ``card`` (played with their
    revival order if ``play``), asking two elements where they may, else one: the mail every
    other seat got (``others_mail``) and the Atreides' answers."""
    scenario = yaml.safe_load((SCENARIOS / f"{CUNNING}.yaml").read_text("utf-8"))
    scenario["position"]["tokens"] = {card: {"owner": AT, "at": "behind", "face": "down"}}
    site = Installation(root, maps=False)
    game_at(site, scenario)
    plans = {AT: ["LEADER Lady Jessica\nDIAL 5", "LEADER Lady Jessica\nDIAL 8\nDEFENSE Shield"],
             HA: ["LEADER Feyd-Rautha\nDIAL 4\nWEAPON Crysknife\nIF ASKED DIAL: DIAL 6"]}
    answers, first = [], True
    for _ in range(8):
        if site.record(GAME).state["phase"] not in ("revival", "movement", "battle"):
            break
        for seat in (HA, AT):
            owed = [p for p in open_prompts(site, seat) if not p.optional]
            if not owed:
                continue
            lines = [plans[seat].pop(0) if p.kind == "battle-plan" else p.template
                     for p in owed]
            if seat == AT and first:
                lines.append("NEXUS PLAY" if play else "NEXUS NONE")
                first = False
            battle = site.record(GAME).state["step"].get("battle") or {}
            if seat == AT and any(p.kind == "battle-plan" for p in owed) and battle.get(
                    "round") == 1:
                lines.insert(0, "PRESCIENCE WEAPON THEN DIAL" if play else "PRESCIENCE WEAPON")
            answers.append(flat(send(site, seat, "\n".join(lines))))
    store = site.moderator().store
    secrets = {row["secret"] for row in store.seats(GAME) if row["secret"]}
    secrets.add(site.record(GAME).settings["gm_secret"])
    return others_mail(store, AT, address(AT), secrets), answers


def test_001_4_03_07_02_the_cunning_by_mail_is_echoed_and_kept_secret_until_played(tmp_path):
    """By mail: NEXUS PLAY and PRESCIENCE WEAPON THEN DIAL echoed to the Atreides as
    understood.  Secrets stay secret (TEAM.md; 001 4.03.04: "keep it secret until used"): the
    Harkonnen read the same mail, word for word, whether the Atreides hold their own card or
    the Bene Gesserit's, unplayed; with their own card set, the same up to the battle that
    plays it, where the table learns it."""
    held, _ = _cunning_by_mail(tmp_path / "own", "Atreides Nexus card", play=False)
    other, _ = _cunning_by_mail(tmp_path / "other", "Bene Gesserit Nexus card", play=False)
    assert held == other and any("Lady Jessica" in mail[3] for mail in held)
    set_, answers = _cunning_by_mail(tmp_path / "set", "Atreides Nexus card", play=True)
    assert any("NEXUS PLAY" in answer for answer in answers)
    assert any("PRESCIENCE WEAPON THEN DIAL" in answer for answer in answers)
    differ = next(i for i, (one, two) in enumerate(zip(held, set_, strict=False)) if one != two)
    assert "Nexus card's Cunning" in flat(set_[differ][3])
    before = flat("".join(mail[3] for mail in set_[:differ]))
    assert "Cunning" not in before and "Atreides Nexus card" not in before
    assert any("second element" in mail[3] for mail in set_[differ:])


def test_001_4_03_07_b_top_card_draws_a_card_with_each_bought():
    """TOP CARD (4.03.07.06 B): a card free with each card bought to the bidding's end, the
    card the line named discarded over the hand limit; every treachery card still counted."""
    state = played("gf9_4_03_07_b_top_card_draws_a_card_with_each_bought")
    assert violations(state) == []


def test_001_4_03_07_b_alternate_supply_chain_keeps_one_of_three():
    """ALTERNATE SUPPLY CHAIN (4.03.07.08 B): the two cards not kept back in the deck,
    shuffled, every treachery card still counted (the invariants)."""
    state = played("gf9_4_03_07_b_alternate_supply_chain_keeps_one_of_three")
    assert {"Baliset", "Crysknife", "Stunner"} <= set(state["decks"]["treachery"])
    assert violations(state) == []


def test_001_4_03_07_b_gholas_takes_a_leader_until_war_continues():
    """GHOLAS (4.03.07.09 B): the leader taken is the holder's to play (``captives``), public;
    at War Continues (the Mentat Pause's end) he goes back to his faction's tanks; killed
    before, he goes to them as a killed leader does and is not sent back again."""
    state = played("gf9_4_03_07_b_gholas_takes_a_leader_from_the_tanks")
    assert "Feyd-Rautha" in power(AT, state).captives(state)
    assert violations(state) == []
    back = {**state, "phase": "mentat_pause"}
    events = nexus_cards.NexusCards().phase_ends(back, random.Random(1))
    assert [e.data for e in events if e.code == "nexus-ghola-returned"] == [
        {"faction": AT, "leader": "Feyd-Rautha", "owner": HA}]
    assert state["factions"][HA]["leaders"]["Feyd-Rautha"] == "tanks"
    assert power(AT, state).captives(state) == [] and violations(state) == []


def test_001_4_03_07_b_a_ghola_killed_goes_to_his_faction_s_tanks():
    state = played("gf9_4_03_07_b_gholas_takes_a_leader_from_the_tanks")
    assert power(AT, state).captive_killed(state, "Feyd-Rautha") == HA
    assert state["factions"][HA]["leaders"]["Feyd-Rautha"] == "tanks"
    assert nexus_cards.NexusCards().phase_ends({**state, "phase": "mentat_pause"},
                                               random.Random(1)) == []


def test_001_4_03_07_b_cross_ship_ships_from_one_territory_to_another():
    played("gf9_4_03_07_b_cross_ship_ships_from_one_territory_to_another")


def test_001_4_03_07_b_named_lines_by_mail_are_offered_echoed_and_refused_when_wrong(tmp_path):
    """By mail (4.03.07.08-09 B): the holder's prompt says what its line names, a card of its
    hand (ALTERNATE SUPPLY CHAIN) or a leader in the tanks (GHOLAS, with the leaders it may
    take); a card not in the hand or a leader not there is refused, quoting the line; a line
    read is echoed; the other seat reads neither the words nor which card is held."""
    position = _nexus_position()
    position["options"] = {**OPTION, "nexus_cards_named": True}
    position["seats"] = [AT, HA]
    position["position"]["factions"] = {AT: {"hand": ["Shield", "Kulon"]},
                                        HA: {"leaders_in_tanks": ["Feyd-Rautha"]}}
    site, offered = _holding(tmp_path, position, "Ixian Nexus card")
    assert "NEXUS PLAY [<card of your hand>]" in offered.legal
    refused = flat(send(site, AT, "DIAL 1\nNEXUS PLAY Lasgun"))
    assert "NEXUS PLAY Lasgun" in refused and "NEXUS PLAY Kulon" in refused
    answer = flat(send(site, AT, "DIAL 1\nNEXUS PLAY Kulon"))
    assert "NEXUS PLAY Kulon" in answer
    harkonnen = flat("\n".join(text(m) for m in site.sent(address(HA))))
    assert "Kulon" not in harkonnen and "Ixian Nexus card" not in harkonnen
    site, offered = _holding(tmp_path / "gholas", position, "Tleilaxu Nexus card")
    assert "NEXUS PLAY <leader>" in offered.legal and offered.options["targets"] == ["Feyd-Rautha"]
    refused = flat(send(site, AT, "DIAL 1\nNEXUS PLAY Duncan Idaho"))
    assert "NEXUS PLAY Duncan Idaho" in refused and "NEXUS PLAY Feyd-Rautha" in refused
    assert "NEXUS PLAY Feyd-Rautha" in flat(send(site, AT, "DIAL 1\nNEXUS PLAY Feyd"))


@pytest.mark.parametrize("name, holder", [
    ("gf9_4_03_07_b_top_card_draws_a_card_with_each_bought", FR),
    ("gf9_4_03_07_b_alternate_supply_chain_keeps_one_of_three", AT),
    ("gf9_4_03_07_b_gholas_takes_a_leader_from_the_tanks", AT),
    ("gf9_4_03_07_b_cross_ship_ships_from_one_territory_to_another", AT)])
@pytest.mark.parametrize("style", ["random", "basic"])
def test_001_4_03_07_b_both_bots_play_the_named_effects(name, holder, style):
    """Both bots play TOP CARD, ALTERNATE SUPPLY CHAIN, GHOLAS and CROSS-SHIP (4.03.07.06-09
    B) from the position of their scenario files, the card played or set, no invariant
    broken."""
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    state = run_scenario({**scenario, "orders": [], "expect": {}})["state"]
    plays = 0
    for seed in range(12):
        orders = DUNE.bot_decisions(state, random.Random(seed), style)
        if not (orders.get(f"nexus-card:{holder}") or {}).get("play"):
            continue
        after, events = DUNE.apply(state, orders, step_rng(f"named-{style}", seed))
        assert violations(after) == [], seed
        plays += any(e.code in ("nexus-card-played", "nexus-card-set") for e in events)
    assert plays


def test_001_4_03_07_b_the_random_bot_cross_ships_with_the_card_set():
    """The random bot, its Guild card set for CROSS-SHIP, now and then ships its largest group
    from the board at half price, the card played with it; none breaks an invariant."""
    name = "gf9_4_03_07_b_cross_ship_ships_from_one_territory_to_another"
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text())
    state = run_scenario({**scenario, "orders": scenario["orders"][:2], "expect": {}})["state"]
    crossed = 0
    for seed in range(40):
        after, events = DUNE.apply(state, DUNE.bot_decisions(state, random.Random(seed),
                                                             "random"),
                                   step_rng("bot-cross-ships", seed))
        assert violations(after) == []
        crossed += any(e.code == "shipment" and e.data["kind"] == "cross" for e in events)
    assert crossed


def test_001_4_03_07_b_nullentropy_box_takes_a_card_from_the_discard_pile():
    """The card named taken, the invariants (every treachery card counted) kept; a card not in
    the pile, or a Nullentropy Box, is refused quoting the line, the Nexus card kept."""
    state = played("gf9_4_03_07_b_nullentropy_box_takes_a_card_from_the_discard_pile")
    assert violations(state) == []
    name = "gf9_4_03_07_b_nullentropy_box_takes_a_card_from_the_discard_pile"
    for line in ("NEXUS PLAY Chaumas", "NEXUS PLAY Nullentropy Box"):
        _played_instead(name, f"DIAL 1\n{line}", None, {
            "refused": [{"step": 1, "seat": AT, "line": 2, "text": "may name"}],
            "tokens": {"Richese Nexus card": {"owner": AT, "at": "behind"}}})


def _played_instead(name: str, first: str, steps: int | None, expect: dict) -> None:
    """A scenario file played with the Atreides' first orders ``first`` instead, its first
    ``steps`` steps only (None: all), ``expect`` met instead of its own."""
    scenario = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text("utf-8"))
    scenario["orders"][0][AT] = first
    scenario["orders"] = scenario["orders"][:steps]
    scenario["expect"] = expect
    result = run_scenario(scenario)
    assert result["expect"]["checked"] and not result["expect"]["failed"], result["expect"]


def test_001_4_03_07_b_sabotage_takes_a_card_and_gives_one():
    """The swap after the battle, every treachery card still counted (the invariants); the
    card to give must be one of the hand: another is refused, quoting the line."""
    name = "gf9_4_03_07_b_sabotage_takes_a_card_and_gives_one"
    state = played(name)
    assert violations(state) == []
    _played_instead(name, "PASS\nNEXUS PLAY Lasgun", 1, {
        "refused": [{"step": 1, "seat": AT, "line": 2, "text": "may name"}],
        "tokens": {"Moritani Nexus card": {"owner": AT, "at": "behind"}}})


@pytest.mark.parametrize(("card", "line", "hand", "shown"), [
    ("Richese Nexus card", "NEXUS PLAY Lasgun", ["Shield"], "NULLENTROPY BOX"),
    ("Moritani Nexus card", "NEXUS PLAY Chaumas", ["Chaumas"], "SABOTAGE")])
def test_001_4_03_07_b_nullentropy_box_and_sabotage_by_mail_and_by_both_bots(
        tmp_path, card, line, hand, shown):
    """001 4.03.07.11, .13 (B) by mail: the holder's prompt offers NEXUS PLAY <card> with the
    effect's name; the answer echoes the line as understood; the other seat reads neither the
    card held nor its effect; each bot, random and basic, plays it now and then, naming a card
    its line may take (the discard pile's, the hand's), which the orders read."""
    position = yaml.safe_load((SCENARIOS / "gf9_4_03_07_b_internal_audit_takes_six_spice.yaml"
                               ).read_text("utf-8"))
    position["options"] = {**OPTION, "nexus_cards_named": True}
    position["position"]["factions"] = {AT: {"spice": 5, "hand": hand}}
    position["position"]["decks"]["treachery_discard"] = ["Lasgun"]
    position["position"]["tokens"] = {card: {"owner": AT, "at": "behind", "face": "down"}}
    site = Installation(tmp_path, maps=False)
    game_at(site, position)
    (offered,) = [p for p in open_prompts(site, AT) if p.kind == playing.CHOICE]
    assert "NEXUS PLAY <card>" in offered.legal and shown in offered.legal
    state, before = site.record(GAME).state, len(site.sent(address(HA)))
    view = DUNE.view(state, AT)
    for style in ("random", "basic"):
        lines = {DUNE.bot_order(view, offered, random.Random(n), style) for n in range(40)}
        plays = {said for said in lines if said.startswith("NEXUS PLAY")}
        assert plays == {line}, (style, lines)
        assert not DUNE.parse_decision(state, offered, line).errors
    answer = flat(send(site, AT, f"DIAL 1\n{line}"))
    assert line in answer
    send(site, HA, "DIAL 1")
    other = flat("\n".join(text(m) for m in site.sent(address(HA))[before:]))
    assert "DIAL 1" in other
    if shown == "SABOTAGE":         # set, its holder alone told, until the battle is over
        assert card not in other and shown not in other and "Chaumas" not in other
    else:                           # played at once, in the open; the card taken hidden
        assert shown in other and "Lasgun" not in other


def test_001_4_03_07_b_co_occupied_ignores_the_limit_and_battles_last():
    """The Atreides ship into a stronghold two others occupy; without the card the shipment
    is refused, quoting the line; the invariants kept through the battles."""
    name = "gf9_4_03_07_b_co_occupied_ignores_the_limit_and_battles_last"
    state = played(name)
    assert violations(state) == []
    _played_instead(name, "PASS", 2, {"refused": [{"step": 2, "seat": AT, "line": 1,
                                                  "text": "two other factions occupy"}]})


def test_001_4_03_07_b_co_occupied_by_mail_and_by_both_bots(tmp_path):
    """001 4.03.07.12 (B) by mail: the holder's prompt offers NEXUS PLAY <territory> for
    CO-OCCUPIED; the answer echoes it; each bot, random and basic, plays it now and then on the
    stronghold two others occupy, which the orders read; a territory that is none is refused."""
    position = yaml.safe_load((SCENARIOS / "gf9_4_03_07_b_co_occupied_ignores_the_limit_and_"
                               "battles_last.yaml").read_text("utf-8"))
    site = Installation(tmp_path, maps=False)
    game_at(site, position)
    (offered,) = [p for p in open_prompts(site, AT) if p.kind == playing.CHOICE]
    assert "NEXUS PLAY <territory>" in offered.legal and "CO-OCCUPIED" in offered.legal
    state = site.record(GAME).state
    view = DUNE.view(state, AT)
    for style in ("random", "basic"):
        lines = {DUNE.bot_order(view, offered, random.Random(n), style) for n in range(40)}
        assert {said for said in lines if said.startswith("NEXUS PLAY")} == {
            "NEXUS PLAY Carthag"}, (style, lines)
    assert DUNE.parse_decision(state, offered, "NEXUS PLAY Nowhere").errors
    answer = flat(send(site, AT, "PASS\nNEXUS PLAY Carthag"))
    assert "NEXUS PLAY Carthag" in answer
