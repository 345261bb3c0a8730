"""The Dune reports' templates (issue 6): every event code and every prompt kind renders in its
own words, every prompt's order template parses as it is, and the table fits 78 columns."""

from __future__ import annotations

import copy
import importlib.util
import itertools
import random
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from dune_rounds import bot_orders
from dune_seats import SEAT_FACTIONS

from pbem.game import Event, replay_states, step_rng
from pbem.games import dune
from pbem.games.dune import turn
from pbem.games.dune.codes import EventCode
from pbem.games.dune.orders.language import KINDS
from pbem.games.dune.scenario import load_scenario
from pbem.templating import MAIL_WIDTH, environment, render, wrap_lines

RULES = Path(dune.__file__).parent
EVENTS = RULES / "templates" / "events.txt.j2"
# A v3 game of two players (003 "Playing with two or three") in the seats' own order: the
# Atreides and the Fremen primary, each with two allied factions.
TWO_PLAYERS = {"emperor": "atreides", "guild": "atreides", "bene-gesserit": "fremen",
               "harkonnen": "fremen"}
GAMES = [("wbc", {}, 11), ("classic", {"optional": True, "advanced": True}, 12),
         ("wbc", {"bidding": "whole_round", "movement": "batched"}, 13),
         ("classic", {"advantages": True, "weather": True}, 14),
         ("v3", {"advanced": True, "commanders": TWO_PLAYERS}, 15)]
MIXES = [("classic", {}), ("classic", {"optional": True, "advanced": True}), ("wbc", {}),
         ("wbc", {"bidding": "whole_round", "movement": "batched"}),
         ("classic", {"advantages": True, "weather": True}),
         ("classic", {"optional": True, "movement": "batched"})]


def played(ruleset: str, options: dict, seed: int, turns: int = 4):
    """Every state of a whole random game of six factions (bots from their own views)."""
    rng = random.Random(seed)
    options = {**options, "turns": turns}
    seats = list(SEAT_FACTIONS)
    state = dune.setup(ruleset, options, seats, step_rng(str(seed), 0))
    batches, events = [], []
    while dune.result(state) is None:
        orders = bot_orders(state, rng)
        batches.append(orders)
        state, new = dune.apply(state, orders, step_rng(str(seed), len(batches)))
        events.extend(new)
    return list(replay_states(dune, ruleset, options, seats, str(seed), batches)), events


@pytest.fixture(scope="module")
def games():
    return [played(ruleset, options, seed) for ruleset, options, seed in GAMES]


def event_codes_in_the_rules() -> set[str]:
    """Every event code the rules can produce: their catalogue (``codes.py``), which
    ``test_codes`` keeps the very list of the codes in their source."""
    return {code.value for code in EventCode}


def test_every_event_code_of_the_rules_has_its_own_words():
    """A test that fails when a new event code has no rendering: each code the rules'
    source can produce has its own branch in events.txt.j2 (the fallback prints raw data)."""
    template = EVENTS.read_text()
    codes = event_codes_in_the_rules()
    assert len(codes) > 60
    missing = sorted(code for code in codes if f'event.code == "{code}"' not in template)
    assert missing == []


def test_every_event_of_played_games_renders_without_the_fallback(games):
    """Each event of whole random games renders, for the public or its audience, in words
    (not the fallback's "code: key value" dump), and within the mail width once wrapped."""
    seen = {}
    for _, events in games:
        for event in events:
            seen.setdefault(event.code, event)
    assert len(seen) > 40
    for code, event in seen.items():
        reader = event.to[0] if event.to else None
        text = render("dune", "events.txt.j2", events=[event], seat=reader)
        fallback = f"{code.replace('-', ' ')}: "
        assert text.strip() and not text.startswith(fallback), (code, text)
        assert all(len(line) <= MAIL_WIDTH for line in wrap_lines(text).splitlines())


def test_the_fallback_still_shows_an_unknown_event():
    text = render("dune", "events.txt.j2", events=[Event("new-thing", {"faction": "fremen"})],
                  seat=None)
    assert text.strip() == "new thing: faction Fremen"


def prompts_text(prompt, template: str) -> str:
    """The "Your orders" part of a mail for one prompt, as the seat reads it."""
    return wrap_lines(render("dune", "mail/_prompts.txt.j2", prompts=[prompt], result=None,
                             asked=[prompt], standing_text={}, form=[],
                             deadline=None, timezone="UTC", seat=prompt.seat,
                             game=SimpleNamespace(waits=[]), template=template,
                             waiting_for=[prompt.seat]))


def words(text: str) -> str:
    return " ".join(text.split())


def rare_positions() -> list:
    """Positions that ask what random play seldom reaches: an ally's Karama in a battle he is
    not in (``battle_karama``, player aid B.6); the GF9 Fremen's Karama worm (001 1.14.04) and
    the setting of the Ixians & Tleilaxu expansion's Amal (001 3.02.02), as their scenario
    files stand."""
    spec = importlib.util.spec_from_file_location("battle_positions",
                                                  Path(__file__).parent / "test_battle.py")
    positions = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(positions)             # its ``game``: a battle round set up
    bg, harkonnen, atreides = "bene-gesserit", "harkonnen", "atreides"
    state, _ = positions.game({"Carthag": {harkonnen: 5, atreides: 5}},
                              seats=(bg, harkonnen, atreides), alliances=[(bg, harkonnen)],
                              hands={bg: ["Karama"], atreides: ["Karama"]})
    folder = Path(__file__).parent / "scenarios"
    summon = folder / "gf9_1_14_04_the_fremen_karama_worm_devours_and_calls_the_nexus.yaml"
    reveal = folder / "gf9_2_08_06_a_face_dancer_revealed_replaces_the_winners_forces.yaml"
    amal = folder / "gf9_3_02_02_amal_halves_every_factions_spice_at_the_phase_named.yaml"
    # The Tleilaxu's terms in the revival round and their SHUFFLE at War Continues (001
    # 2.08.12, 2.08.08)
    terms = folder / "gf9_2_08_12_the_tleilaxu_raise_a_limit_by_mail.yaml"
    shuffle = folder / "gf9_2_08_08_the_tleilaxu_replace_a_face_dancer_at_war_continues.yaml"
    # The Tleilaxu's REVEAL (001 2.08.06); setting Amal (001 3.02.02); the Ixians' decisions
    # (001 2.07): the pocket cards at set-up, the HMS's move, the supply chain with TECHNOLOGY;
    # the HMS deployed once the first storm is placed; their Karama power on the HMS (1.14.08);
    # their ally's REDRAW word in the auction (2.07.22), once the supply chain's card is back.
    ixians = [load_scenario(yaml.safe_load((folder / name).read_text())).state for name in (
        "gf9_2_07_04_nobody_holds_a_starting_card_before_the_ixians_choose.yaml",
        "gf9_2_07_19_the_hms_moves_before_the_storm.yaml",
        "gf9_2_07_23_technology_swaps_the_card_coming_up.yaml",
        "gf9_1_14_08_a_karama_moves_the_hms_two_territories_after_their_turn.yaml",
        "gf9_2_07_22_the_ixians_ally_discards_a_card_bought_and_draws_again.yaml")]
    ixians[-1], _ = dune.apply(ixians[-1], {p.key: p.default for p in dune.prompts(ixians[-1])},
                               random.Random(0))
    # CHOAM's standing orders (001 2.09): the Open Market's SELL and the Inflation token (A),
    # the Earnings token (B), the card TRADE with its ally; the AUDIT answer in a battle.
    choam = [load_scenario(yaml.safe_load((folder / name).read_text())).state for name in (
        "gf9_2_09_07_choam_sells_a_worthless_card_at_the_end_of_the_phase.yaml",
        "gf9_2_09_10b_choam_sells_no_surplus_copy_under_the_revision.yaml",
        "gf9_2_09_15_choam_and_its_ally_swap_a_card_at_the_end_of_a_phase.yaml",
        "gf9_2_09_18_the_auditor_looks_at_two_cards_of_the_opponents_hand.yaml",
        "gf9_2_09_23b_a_killed_auditor_audits_choams_estimate.yaml")]
    # CHOAM's Karama flip (001 1.14.10 (B)) and FUND for its ally (2.09.16): asked on its turn
    # of the movement round, once the factions before it have passed.
    # Its LEND AUDITOR (2.09.21 (B)), asked on its turn of the movement round, too.
    for name, before in (("gf9_1_14_10b_choam_karama_flips_its_forces_to_elite_mercenaries.yaml",
                          1), ("gf9_2_09_16_choam_pays_for_its_allys_forces_in_battle.yaml", 2),
                         ("gf9_2_09_21b_choam_lends_the_auditor_to_its_ally.yaml", 2)):
        moving = load_scenario(yaml.safe_load((folder / name).read_text())).state
        for _ in range(before):
            moving = dune.apply(moving, {p.key: p.default for p in dune.prompts(moving)},
                                random.Random(0))[0]
        choam.append(moving)
    deploying = copy.deepcopy(ixians[0])
    deploying.update(turn=1, phase="storm", step={"moved": True})
    deploying["storm"]["sector"] = 3
    # Richese (001 2.10): their cache's auction and Karama power, then the bids on the card.
    offering = load_scenario(yaml.safe_load(
        (folder / "gf9_1_14_11_richese_karama_takes_a_cache_card_secretly.yaml").read_text()
    )).state
    answers = {p.key: p.default for p in dune.prompts(offering)}
    answers["cache-offer:richese"] = ["Distrans", "silent", "right", "first"]
    offered, _ = turn.advance(offering, answers, step_rng("offer", 0))
    # v3's standing word for the Cone of Silence and the Residual Poison (003)
    cone = folder / "v3_expanded_treachery_the_cone_of_silence_keeps_a_faction_from_bidding.yaml"
    # the Richese cache's Distrans, in the hand of the first faction asked (001 3.03.02)
    distrans = load_scenario(yaml.safe_load(
        (folder / "gf9_3_03_02_distrans_gives_a_card_to_another_faction.yaml").read_text())).state
    distrans["factions"]["atreides"]["hand"] = ["Distrans", "Baliset"]
    # The leader skill pick at set-up (001 4.07.02-03); the stronghold cards' Carthag send and
    # HMS copy (001 4.04.04.03, .05).
    skills = dune.setup("gf9", {"leader_skills": True}, ["atreides", "harkonnen"],
                        step_rng("skills", 0))
    send = folder / "gf9_4_04_04_03_carthag_s_holder_sends_a_force_there_before_the_first_turn.yaml"
    copy_ = folder / "gf9_4_04_04_05_the_hms_holder_may_name_a_card_to_copy_in_the_bidding.yaml"
    # Richese's standing orders and decisions (001 2.10.03 B, 2.10.13, 2.10.20-22 B).
    richese = [load_scenario(yaml.safe_load((folder / name).read_text())).state for name in (
        "gf9_2_10_03_text_b_richese_place_a_no_field_in_the_polar_sink.yaml",
        "gf9_2_10_13_richese_reveal_a_no_field_at_will.yaml",
        "gf9_2_10_20_richese_lend_a_no_field_to_their_ally.yaml",
        "gf9_2_10_21_richese_give_their_ally_a_richese_card.yaml",
        "gf9_2_10_22_b_disrupted_supply_chain_slots_a_seen_card_into_the_row.yaml")]
    # Ecaz (001 2.11.06-08): their Ambassadors and standing answers in the revival round
    ambassadors = (folder
                   / "gf9_2_11_06_07_ambassadors_are_placed_after_revival_at_a_rising_price.yaml")
    # The Moritani (001 2.12.03, 2.12.08): their forces placed after all others at set-up,
    # their Terror tokens at War Continues
    terror = folder / "gf9_2_12_08_a_terror_token_is_placed_face_down_at_war_continues.yaml"
    extortion = folder / "gf9_2_12_14_04_extortion_comes_back_at_war_continues.yaml"
    # and the acceptance terms of Enemy of My Enemy, riding on a mover's mail (001 2.12.15-16)
    enemy = folder / "gf9_2_12_14_02_assassination_sends_a_leader_to_the_tanks.yaml"
    late = dune.setup("gf9", {"ecaz_moritani": True}, ["atreides", "harkonnen", "moritani"],
                      step_rng("late", 0))
    while late["phase"] == "setup" and not any(p.kind == "late-placement"
                                               for p in dune.prompts(late)):
        late, _ = dune.apply(late, {p.key: p.default for p in dune.prompts(late)},
                             random.Random(0))
    # and a mover's consent to the Ecaz Ambassador's alliance, riding on its mail of the
    # movement round (001 2.11.17.12)
    consent = load_scenario(yaml.safe_load(
        (folder / "gf9_2_11_17_12_the_ecaz_ambassador_allies_ecaz_with_the_mover.yaml")
        .read_text())).state
    while consent["phase"] != "movement":
        consent, _ = dune.apply(consent, {p.key: p.default for p in dune.prompts(consent)},
                                random.Random(0))
    # The two leader skills drawn at a revival (001 4.07.12)
    drawn = folder / "gf9_4_07_12_a_faction_without_a_skill_reviving_a_leader_draws_two.yaml"
    # The Nexus cards' choice, offered in a Nexus (001 4.03.03-05)
    nexus = folder / "gf9_4_03_04_after_a_nexus_the_unallied_draw_a_nexus_card.yaml"
    # The Semuta Drug's and the Juice of Sapho's standing words (001 3.03.10, 3.03.03)
    semuta = folder / "gf9_3_03_10_the_semuta_drug_takes_a_card_another_discards.yaml"
    sapho = folder / "gf9_3_03_03_juice_of_sapho_puts_its_player_first_even_before_the_guild.yaml"
    # Recruits' standing word (001 3.04.03); the discovery tokens' word and the Great Maker's
    # vote, offered to every faction asked (001 4.06.06.02, 4.06.09.02)
    recruits = folder / "gf9_3_04_03_recruits_doubles_every_free_revival.yaml"
    # Long Live the Fighters' standing word (001 3.09.03), asked with the Richese cache's offer
    fighters = folder / "gf9_3_09_03_long_live_the_fighters_doubles_its_players_free_revival.yaml"
    # the Carryall's standing word (001 3.08.02), asked with a battle plan at a table of eleven
    # the Heighliner's standing word (001 3.07.04), asked with a revival at a table of ten
    heighliner = folder / "gf9_3_07_04_the_heighliner_ships_into_a_stronghold_two_others_hold.yaml"
    carryall = folder / ("gf9_3_08_02_the_carryall_doubles_the_collection_and_carries_forces_"
                         "home.yaml")
    discovery = (folder / "gf9_4_06_06_03_a_location_token_stays_face_up_and_a_word_keeps_"
                 "one_hidden.yaml")
    # The Water of Life's standing word (001 3.06.07), asked with a storm dial
    water = folder / ("gf9_3_06_07_the_water_of_life_swaps_two_player_markers_before_the_"
                      "bidding.yaml")
    # The Butlerian Jihad's and the Spice Blow card's words (001 3.05.02, 3.06.05), asked with
    # a storm dial
    jihad = folder / ("gf9_3_05_02_the_butlerian_jihad_halves_every_spice_and_goes_to_the_"
                      "biggest_loser.yaml")
    blow = folder / "gf9_3_06_05_the_spice_blow_card_adds_a_blow_every_turn_until_a_nexus.yaml"
    # The Free Traders (001 2.13): their placement with the first bids, Way In with their
    # revival, their Karama on Smugglers; every seat's Black Market answers, their Way Out,
    # Tunnels and Scrap Heap riding on a battle round's mails
    traders = [folder / name for name in (
        "gf9_2_13_03_the_five_forces_land_after_the_first_spice_blow.yaml",
        "gf9_2_13_08_smugglers_way_in_ships_the_revived_forces_to_their_own.yaml",
        "gf9_1_14_14_the_free_traders_karama_flips_their_smugglers_to_fight.yaml",
        "gf9_2_13_14_scrap_heap_swaps_a_weapon_for_the_losers.yaml")]
    # The homeworld cards' standing words (001 4.10.12): Caladan's, Kaitain's, Tupile's, the
    # Southern Hemisphere's, Tleilax's, Ecaz's Low side's (FACING), Richese's occupier's
    # (RICHESE, with the storm dial), Junction's (JUNCTION, with the Guild's revival) and
    # Grumman's
    homeworlds = [folder / f"gf9_4_10_12_{name}.yaml" for name in (
        "richese_occupied_the_occupier_picks_the_card_and_takes_half",
        "junction_high_the_guild_ship_another_faction_cross_planet",
        "caladan_high_a_force_from_the_reserves_joins_a_battle_won",
        "kaitain_high_the_emperor_discard_cards_for_2_spice_each",
        "tupile_low_choam_question_a_faction_on_tupile",
        "southern_hemisphere_high_revived_fedaykin_placed_at_once",
        "tleilax_high_free_revived_forces_sent_at_once",
        "ecaz_low_the_opponent_chooses_who_fights")]                 # FACING, every other seat's
    # Ecaz's text B question by their Atreides Ambassador, with their first battle plan
    # (001 2.11.17.02 B)
    question = folder / "gf9_2_11_17_02_b_the_atreides_ambassador_asks_about_a_weapon_type.yaml"
    # Ecaz's text B Karama power, riding on the movement round's first mail (001 1.14.12 B)
    cooccupy = folder / ("gf9_1_14_12_b_the_ecaz_karama_co_occupies_a_stronghold_whose_control_"
                         "counts_for_them.yaml")
    grumman = load_scenario({                     # GRUMMAN, riding on the Moritani's revival
        "game": "dune", "seats": ["atreides", "moritani"], "ruleset": "gf9",
        "options": {"ecaz_moritani": True, "homeworlds": True}, "seed": "grumman-word",
        "position": {"turn": 2, "phase": "revival", "storm": {"sector": 1},
                     "factions": {s: {"tanks": 1} for s in ("atreides", "moritani")},
                     "tokens": {"Sabotage": {"owner": "moritani", "at": "Arrakeen",
                                             "face": "down"}}}}).state
    salusa = load_scenario({                      # SALUSA, riding on the Emperor's storm dial
        "game": "dune", "seats": ["atreides", "emperor"], "ruleset": "gf9",
        "options": {"homeworlds": True, "advanced": True}, "seed": "salusa-word",
        "position": {"turn": 2, "phase": "storm",
                     "storm": {"sector": 1, "dialers": ["atreides", "emperor"]}}}).state
    return [state, distrans, grumman, salusa,
            *(load_scenario(yaml.safe_load(path.read_text())).state
                               for path in (summon, reveal, amal, terms, shuffle, cone, send,
                                            copy_, ambassadors, terror, extortion, enemy,
                                            drawn, nexus, semuta, sapho, recruits, fighters,
                                            carryall, heighliner, discovery, water, jihad,
                                            blow, question, cooccupy, *traders,
                                            *homeworlds)),
            *ixians, deploying, *choam, offering, offered, skills, *richese, late, consent]


def test_every_prompt_kind_renders_its_legal_choices_and_template(games):
    """Each kind of decision (orders.KINDS) is asked in whole random games (played until every
    kind was asked) or in a position made for it, and its prompt renders what is legal, the
    default and the order template, within the mail width."""
    first = {}
    more = (played(*MIXES[seed % len(MIXES)], seed) for seed in range(100, 130))
    for states, _ in itertools.chain([(rare_positions(), [])], games, more):
        for state in states:
            for prompt in dune.prompts(state):
                first.setdefault(prompt.kind, prompt)
        if set(first) == set(KINDS):
            break
    assert set(first) == set(KINDS)
    for kind, prompt in first.items():
        text = prompts_text(prompt, prompt.template)
        assert words(prompt.legal) in words(text), kind
        default = prompt.default_text.replace("\n", " / ")    # several lines on one
        assert f"If you send nothing: {words(default)}" in words(text), kind
        for line in prompt.template.splitlines():
            assert line in text.splitlines(), (kind, line)
        assert all(len(line) <= MAIL_WIDTH for line in text.splitlines()), kind


def test_every_order_template_of_played_games_parses_as_it_is(games):
    """The template of every prompt of whole random games, all of a seat's prompts of a step
    in one mail as the reports offer them, reads back as an order for each prompt, without an
    error; no template line is wider than the mail (templates are never wrapped)."""
    checked = 0
    for states, _ in games:
        for state in states:
            prompts = dune.prompts(state)
            for seat in sorted({p.seat for p in prompts}):
                mine = [p for p in prompts if p.seat == seat]
                text = "\n".join(p.template for p in mine)
                parsed = dune.parse(state, seat, text)
                assert parsed.errors == [], (text, parsed.errors)
                assert {o.prompt for o in parsed.orders} == {p.key for p in mine}, text
                assert all(len(line) <= MAIL_WIDTH for line in text.splitlines())
                checked += 1
    assert checked > 300


def test_the_table_and_the_shield_fit_78_columns_in_every_state(games):
    """The public table and each seat's private part, for every state of the games."""
    view_template = environment("dune").get_template("view.txt.j2")
    for states, _ in games[:2]:
        for state in states[::3]:
            for seat in [None, *state["seats"]]:
                text = wrap_lines(view_template.render(view=dune.view(state, seat), seat=seat))
                too_wide = [line for line in text.splitlines() if len(line) > MAIL_WIDTH]
                assert too_wide == []


def test_the_public_table_shows_every_faction_and_hides_the_shields(games):
    """Forces on the map, in reserve and in the tanks, the cards held (their number only, open
    in the bidding round, 000 VIII.F line 297, and known from the events at other times),
    leaders in the tanks, strongholds held, the treachery discard pile (000 clarification VIII,
    line 1164), the storm, spice, turn and phase; no card in a hand (000 XIII.B line 477)."""
    states, _ = games[0]
    state = states[len(states) // 2]
    text = render("dune", "view.txt.j2", view=dune.view(state, None), seat=None)
    assert f"turn {state['turn']} of 4 (WBC rules)" in text
    for seat in state["seats"]:
        faction = state["factions"][seat]
        row = next(line for line in text.splitlines()
                   if line.startswith(f"  {SEAT_FACTIONS[seat]} "))
        assert row.split()[-1] == str(len(faction["hand"]))
        for card in faction["hand"]:
            assert card not in text
    assert "Behind your shield" not in text
    assert "Strongholds held:" in text and "Leaders in the tanks:" in text
    discard = state["decks"]["treachery_discard"]
    assert discard and f"Treachery discard pile: {', '.join(discard)}." in words(text)


def test_the_private_part_shows_the_seats_own_shield(games):
    """The seat's spice, hand, traitors, leaders and reserves (000 XIII.A)."""
    states, _ = games[1]
    state = states[len(states) // 2]
    for seat in state["seats"]:
        own = state["factions"][seat]
        text = words(render("dune", "view.txt.j2", view=dune.view(state, seat), seat=seat))
        assert f"Spice: {own['spice']}." in text
        assert f"Treachery cards ({len(own['hand'])}): {', '.join(own['hand']) or 'none'}." \
            in text
        assert f"Traitors: {', '.join(own['traitors']) or 'none'}." in text
        for leader in own["leaders"]:
            assert leader in text


def test_a_captured_leader_shows_to_the_harkonnen_and_his_owner_only(games):
    """000 Harkonnen shield 3 (line 884); WBC clarification X (line 1262): the name of the
    leader the Harkonnen hold is no public matter; the owner sees his leader's place."""
    state = copy.deepcopy(games[0][0][0])
    leader = next(iter(state["factions"]["atreides"]["leaders"]))
    state["factions"]["harkonnen"]["captured"] = {leader: "atreides"}
    state["factions"]["atreides"]["leaders"][leader] = "captured"

    def shown(seat):
        return words(render("dune", "view.txt.j2", view=dune.view(state, seat), seat=seat))

    assert f"Leaders you hold captured: {leader} (Atreides)." in shown("harkonnen")
    assert f"{leader} (captured by the Harkonnen)" in shown("atreides")
    assert leader not in shown(None) and "captured" not in shown("fremen")
