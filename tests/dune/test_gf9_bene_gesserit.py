"""The Bene Gesserit under GF9 (001 2.02): what the scenario files cannot reach
(``tests/dune/scenarios/gf9_2_02_*.yaml`` pin the rest)."""

from __future__ import annotations

import random

from pbem.games.dune.data import CardType
from pbem.games.dune.factions import bene_gesserit_voice as voice
from pbem.games.dune.phases import battle
from pbem.games.dune.rules import make_rules

from .test_battle import AT, BG, HA, fight, game, of, plan_of, read


def gf9(forces, hands, **options):
    return game(forces, seats=(BG, HA), ruleset="gf9", hands=hands, **options)


def test_001_2_02_07_the_voice_names_a_cheap_hero_and_the_gf9_defenses():
    """001 2.02.07: "poison weapon, projectile weapon, poison defense, projectile defense, a
    worthless card, a Cheap Hero, a specific special weapon by name": under GF9 a Cheap Hero
    may be commanded, and a projectile defense is a Shield, a poison defense a Snooper; the
    classic Voice refuses the Cheap Hero (WBC X, line 1248)."""
    state, _ = gf9({"Carthag": {BG: 5, HA: 5}}, {HA: ["Cheap Hero", "Chaumas"]})
    assert read(state, BG, "VOICE PLAY CHEAP HERO")[0] == [{"play": True, "kind": "cheap_hero"}]
    assert read(state, BG, "VOICE NOT CHEAP HEROINE")[0] == [
        {"play": False, "kind": "cheap_hero"}]
    assert read(state, BG, "VOICE NOT PROJECTILE DEFENSE")[0] == [
        {"play": False, "kind": "shield"}]
    assert read(state, BG, "VOICE PLAY POISON DEFENSE")[0] == [{"play": True, "kind": "snooper"}]
    assert read(state, BG, "VOICE PLAY LASGUN")[0] == [{"play": True, "kind": "lasgun"}]
    (prompt,) = [p for p in battle.prompts(state) if p.kind == "voice"]
    assert "001 2.02.07" in prompt.legal and "CHEAP HERO" in prompt.legal
    classic, _ = game({"Carthag": {BG: 5, HA: 5}}, seats=(BG, HA), hands={HA: ["Cheap Hero"]})
    assert read(classic, BG, "VOICE PLAY CHEAP HERO")[1][0][0] == "voice-cheap-hero"
    assert voice.text({"play": True, "kind": "cheap_hero"}) == "VOICE PLAY CHEAP HERO"


def test_001_2_02_07_commanded_to_play_a_cheap_hero_it_takes_the_leaders_place():
    """001 2.02.07: "must comply ... as well as they are able": holding a Cheap Hero, the side
    plays it in place of the leader it planned."""
    state, _ = gf9({"Carthag": {BG: 5, HA: 5}}, {HA: ["Cheap Hero", "Chaumas"]})
    events = fight(state, bene_gesserit="LEADER Alia\nDIAL 1\nVOICE PLAY CHEAP HERO",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 1\nWEAPON Chaumas")
    plan = plan_of(events, HA)
    assert plan["cheap_hero"] == "Cheap Hero" and plan["leader"] is None
    assert plan["weapon"] == "Chaumas" and "voice-not-obeyed" not in [e.code for e in events]


def test_001_2_02_07_forbidden_its_only_cheap_hero_a_side_without_leaders_plays_none():
    """001 2.02.07 over 1.07.05.05 (the Cheap Hero mandatory with no leader): "A faction's
    particular abilities always have precedence over the rules" (001 2 item 2), so a side with
    no leader to play, forbidden its Cheap Hero, plays no leader and therefore no card."""
    state, _ = gf9({"Carthag": {BG: 5, HA: 5}}, {HA: ["Cheap Hero", "Chaumas"]})
    for name in state["factions"][HA]["leaders"]:
        state["factions"][HA]["leaders"][name] = "tanks"
    events = fight(state, bene_gesserit="LEADER Alia\nDIAL 1\nVOICE NOT CHEAP HERO",
                   harkonnen="CHEAP HERO\nDIAL 1\nWEAPON Chaumas")
    plan = plan_of(events, HA)
    assert plan["cheap_hero"] is None and plan["leader"] is None and plan["weapon"] is None
    assert "voice-not-obeyed" not in [e.code for e in events]


def test_001_2_02_07_who_cannot_comply_plays_as_they_like():
    """001 2.02.07: commanded to play a card they do not hold, they are not able to comply:
    their plan stands, announced at the reveal (as WBC X, line 1250)."""
    state, _ = gf9({"Carthag": {BG: 5, HA: 5}}, {HA: ["Crysknife"]})
    events = fight(state, bene_gesserit="LEADER Alia\nDIAL 1\nVOICE PLAY CHEAP HERO",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 1\nWEAPON Crysknife")
    assert plan_of(events, HA)["leader"] == "Feyd-Rautha"
    assert of(events, "voice-not-obeyed") == [{"faction": HA}]


def test_001_2_02_07_a_plan_breaking_the_voice_it_could_obey_is_refused_citing_001():
    """001 2.02.07: an IF VOICED line that breaks the Voice it answers, when the plan could
    obey, is refused, and the refusal cites the GF9 rule: not playing a Cheap Hero is always
    possible, even with no leader left."""
    state, _ = gf9({"Carthag": {BG: 5, HA: 5}}, {HA: ["Cheap Hero"]})
    _, errors = read(state, HA, "LEADER Feyd-Rautha\nDIAL 1\n"
                                "IF VOICED PLAY CHEAP HERO: LEADER Feyd-Rautha")
    assert errors[0][0] == "voice-broken" and "001 2.02.07" in errors[0][1]
    for name in state["factions"][HA]["leaders"]:
        state["factions"][HA]["leaders"][name] = "tanks"
    _, errors = read(state, HA, "CHEAP HERO\nDIAL 1\nIF VOICED NOT CHEAP HERO: DIAL 0")
    assert errors[0][0] == "voice-broken" and "VOICE NOT CHEAP HERO" in errors[0][1]


def test_001_2_02_07_the_random_voice_names_the_rulesets_kinds():
    """The random bot's Voice draws from the kinds of the game's rules: a Cheap Hero under GF9
    only."""
    rng = random.Random(5)
    prompt = voice.prompt(BG, HA, True, make_rules("gf9", {}))
    drawn = {(voice.random_voice({"rules": make_rules("gf9", {}).to_json()}, prompt, rng)
              or {}).get("kind") for _ in range(200)}
    assert "cheap_hero" in drawn
    drawn = {(voice.random_voice({"rules": make_rules("classic", {}).to_json()}, prompt, rng)
              or {}).get("kind") for _ in range(200)}
    assert "cheap_hero" not in drawn and "lasgun" in drawn


def test_001_2_02_08_the_bene_gesserit_voice_their_allys_opponent():
    """001 2.02.08: "In your ally's battle you may use ability Voice on your ally's opponent":
    the Bene Gesserit, allied to the Atreides, Voice the Harkonnen in the Atreides' battle."""
    state, _ = game({"Carthag": {AT: 5, HA: 5}}, seats=(AT, BG, HA), ruleset="gf9",
                    alliances=[(AT, BG)], hands={HA: ["Crysknife", "Chaumas"]})
    (prompt,) = [p for p in battle.prompts(state) if p.kind == "voice"]
    assert prompt.seat == BG and "Harkonnen" in prompt.legal
    events = fight(state, bene_gesserit="VOICE PLAY POISON",
                   harkonnen="LEADER Feyd-Rautha\nDIAL 1\nWEAPON Crysknife")
    assert plan_of(events, HA)["weapon"] == "Chaumas"


def test_001_2_02_07_the_voice_names_the_expansions_special_cards_and_counts_them_by_place():
    """001 2.02.07: "a specific special weapon by name, or a specific special defense by name":
    with the expansion's cards (3.02) the Voice names them, an IF VOICED line reads their
    names, and each counts as the base kind it is where it is played (3.02.05, .08, .09, .11,
    .14); without the cards no such name is a kind, nor in a game of rules version 5."""
    rules = make_rules("gf9", {"ixians_tleilaxu_cards": True})
    assert voice.read_voice(["NOT", "POISON", "TOOTH"], rules) == {
        "play": False, "kind": "poison_tooth"}
    assert voice.read_voice(["PLAY", "SHIELD", "SNOOPER"], rules)["kind"] == "shield_snooper"
    assert voice.text({"play": True, "kind": "weirding_way"}) == "VOICE PLAY WEIRDING WAY"
    words = ["VOICED", "PLAY", "ARTILLERY", "STRIKE", "WEAPON", "NONE"]
    assert voice.phrase_end(words) == 3                       # the name is two words
    assert voice.phrase_end(["VOICED", "NOT", "POISON", "WEAPON", "NONE"]) == 2
    assert {CardType.PROJECTILE_WEAPON, CardType.POISON_WEAPON} <= voice.counted(
        CardType.POISON_BLADE, "weapon", rules)
    assert CardType.SHIELD in voice.counted(CardType.WEIRDING_WAY, "defense", rules)
    assert CardType.PROJECTILE_WEAPON in voice.counted(CardType.WEIRDING_WAY, None, rules)
    assert CardType.SNOOPER in voice.counted(CardType.CHEMISTRY, None, rules)
    assert CardType.POISON_WEAPON in voice.counted(CardType.CHEMISTRY, "weapon", rules)
    assert "POISON TOOTH" not in voice.kinds(make_rules("gf9", {}))
    version_5 = make_rules("gf9", {"ixians_tleilaxu_cards": True}, 5)     # stored games
    assert "POISON TOOTH" not in voice.kinds(version_5)
    assert voice.counted(CardType.POISON_BLADE, "weapon", version_5) == {CardType.POISON_BLADE}


def test_001_2_02_07_an_if_voiced_line_reads_chemistry_before_its_colon():
    """001 2.02.07, "a specific special defense by name": Chemistry (3.02.05, "Defense-Weapon-
    Special") is one, and ``IF VOICED NOT CHEMISTRY: DEFENSE NONE`` is read, its one-word name
    the last word before the colon (self-play x1k-12-a-adv-random-39 found it refused as
    bad-voice: the name was read with the word after it)."""
    assert voice.phrase_end(["VOICED", "NOT", "CHEMISTRY"]) == 2
    state, _ = gf9({"Carthag": {BG: 5, HA: 5}}, {HA: ["Chemistry", "Crysknife"]},
                   ixians_tleilaxu_cards=True)
    values, errors = read(state, HA, "LEADER Feyd-Rautha\nDIAL 1\nWEAPON Crysknife\n"
                          "DEFENSE Chemistry\nIF VOICED NOT CHEMISTRY: DEFENSE NONE")
    assert not errors
    (plan,) = [v for v in values if isinstance(v, dict) and "if" in v]
    assert plan["if"] == [[["voiced", False, "chemistry"], {"defense": None}]]
