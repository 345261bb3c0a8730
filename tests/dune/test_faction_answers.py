"""A rule question that is one faction's power is that faction's, answered by its class for
each ruleset (issue 29, seam 5): a test per answer, naming the seed rule, for every ruleset and
the options it depends on (STYLE 11, 14), as ``test_rulesets.py`` asks the rule questions."""

from __future__ import annotations

import pytest

from pbem.games.dune import factions
from pbem.games.dune import rules as dune_rules
from pbem.games.dune.factions.base import Faction, rules_key
from pbem.games.dune.rules import make_rules

CLASSIC = make_rules("classic", {})
CLASSIC_ALL = make_rules("classic", {"advanced": True, "optional": True})
WBC = make_rules("wbc", {})
GF9 = make_rules("gf9", {})
GF9_ADVANCED = make_rules("gf9", {"advanced": True})
GF9_TOURNAMENT = make_rules("gf9", {"advanced": True, "tournament": True})
GF9_4 = make_rules("gf9", {"advanced": True}, version=4)
V3 = make_rules("v3", {})
V3_ALL = make_rules("v3", {"advanced": True, "house_rules": True})
RULES = {"classic": CLASSIC, "classic all": CLASSIC_ALL, "wbc": WBC, "gf9": GF9,
         "gf9 advanced": GF9_ADVANCED, "gf9 tournament": GF9_TOURNAMENT, "gf9 v4": GF9_4,
         "v3": V3, "v3 all": V3_ALL}

# (seat, question) -> (the seed rule, {rules: answer}); every rules of RULES not named answers
# as "classic" does.
ANSWERS: dict[tuple[str, str], tuple[str, dict[str, object]]] = {
    ("fremen", "special_kinds_at_start"): (
        "000 line 816; WBC clarification III, 000 line 1080; 001 2.04.03, 2.04.19; 003 "
        '"Ability Commentary"',
        {"classic": False, "wbc": True, "gf9": False, "gf9 advanced": True,
         "gf9 tournament": True, "gf9 v4": True, "v3 all": True}),
    ("fremen", "rides_after_nexus"): (
        "000 line 828, Q&A XXV.C.1; 001 2.04.09",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True,
         "gf9 v4": True}),
    ("fremen", "riders_may_split"): (
        "000 line 828; 001 2.04.09",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True,
         "gf9 v4": True}),
    ("fremen", "worms_on_sand_only"): (
        "000 line 996; 001 2.04.16",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True,
         "gf9 v4": True}),
    ("fremen", "karama_worm_in_spice_blow"): (
        "000 line 838, Q&A XXV.A.8; 001 1.14.04",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True,
         "gf9 v4": True}),
    ("fremen", "also_ships_reserves"): (
        "000 line 866; WBC 000 lines 1192, 1200", {"classic": False, "wbc": True}),
    ("fremen", "grants_free_revival_at_discretion"): (
        "001 2.04.12; rules version 4 always granted it (issue 32)",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True,
         "gf9 v4": False}),
    ("fremen", "default_bars_spare_ally"): (
        "000 line 830; 001 2.04.10.03, 4.1.20",
        {"classic": False, "gf9 tournament": True}),
    ("harkonnen", "captives_in_owners_pay"): (
        "000 line 884; WBC X, line 1266; 001 1.07.07.07, 2.05.14; rules version 4 (issue 32)",
        {"classic": True, "gf9": False, "gf9 advanced": False, "gf9 tournament": False}),
    ("harkonnen", "killed_captives_face_down"): (
        "000 line 884; 001 2.05.11.02, 1.05.04-05; rules version 4 (issue 32)",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True}),
    ("harkonnen", "karama_steal_limit"): (
        '000 line 886, player aid B.6.A.1; 003 house rule "Harkonnen Karama"',
        {"classic": None, "v3 all": 2}),
    ("atreides", "kwisatz_haderach_per_territory"): (
        "000 line 762; WBC XV, line 1298; 001 2.01.12",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True,
         "gf9 v4": True}),
    ("bene-gesserit", "advisor_sides"): (
        "000 XV.B.5; 001 2.02.11-22",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True,
         "gf9 v4": True}),
    ("bene-gesserit", "advisors_flip_when_alone"): (
        "000 XV.B.5; 001 2.02.22, 4.1.15",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": False,
         "gf9 v4": True}),
    ("bene-gesserit", "coexist_by_default"): (
        "000 XV.B.5; WBC 000 line 1304; 001 2.02.16, 2.02.18",
        {"classic": True, "wbc": False, "gf9": False, "gf9 advanced": False,
         "gf9 tournament": False, "gf9 v4": False}),
    ("bene-gesserit", "coexistence_rule"): (
        "000 XV.B.5; WBC XV, 000 line 1304",
        {"classic": "000 XV.B.5", "wbc": "WBC XV, line 1304"}),
    ("bene-gesserit", "coexistence_declared_each_round"): (
        "000 XV.B.5; WBC 000 line 1305, clarification VII line 1134",
        {"classic": False, "wbc": True}),
    ("bene-gesserit", "coexisting_fly"): (
        '000 XV.B.4; WBC 000 line 1328; 003 "Claiming Bonus Cards" (ruling: any group of its '
        "holder)", {"classic": False, "wbc": True, "v3": True, "v3 all": True}),
    ("free-traders", "ships_coexisting"): (
        "001 2.13.06 SMUGGLERS", {"classic": False, "gf9": True, "gf9 advanced": True,
                                  "gf9 tournament": True, "gf9 v4": True}),
    ("free-traders", "coexisting_mark"): (
        "001 2.13.06 SMUGGLERS (the map's word)",
        {"classic": "adv", "gf9": "smug", "gf9 advanced": "smug", "gf9 tournament": "smug",
         "gf9 v4": "smug"}),
    ("bene-gesserit", "admits_ally"): (
        "000 XII.E.5; WBC 000 line 1314", {"classic": False, "wbc": True}),
    ("bene-gesserit", "voice_names_cheap_hero"): (
        "000 line 784; WBC 000 line 1248; 001 2.02.07",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True,
         "gf9 v4": True}),
    ("bene-gesserit", "voice_names_special_cards"): (
        "001 2.02.07 with 3.02; rules version 6 (issue 29)",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True,
         "gf9 v4": False}),
    ("ixians", "alliance_and_karama_by_mail"): (
        "001 2.07.22, 1.14.08; rules version 6 (issue 29)",
        {"classic": False, "gf9": True, "gf9 advanced": True, "gf9 tournament": True,
         "gf9 v4": False}),
    ("bene-gesserit", "charity_always_from_turn"): (
        "000 XV.B.2; 001 2.02.10",
        {"classic": 2, "gf9": 1, "gf9 advanced": 1, "gf9 tournament": 1, "gf9 v4": 1}),
}


def _answer(faction: Faction, question: str, rules: object) -> object:
    """A faction's answer in a game of ``rules``: its attribute, or its method of the rules
    (None: a faction without the power has no such answer)."""
    found = getattr(faction, question, None)
    return found(rules) if callable(found) else found


@pytest.mark.parametrize("seat,question", ANSWERS)
def test_each_faction_answers_the_rules_of_its_powers_by_its_seed_rule(seat, question):
    """Each faction's class for a ruleset (and rules version) answers as that ruleset's rules
    say, where the ruleset seats it; the other factions have no such power."""
    _rule, answers = ANSWERS[seat, question]
    for name, rules in RULES.items():
        if seat not in factions.registry(*rules_key(rules)):
            continue
        expected = answers.get(name, answers["classic"])
        assert _answer(factions.power(seat, rules), question, rules) == expected, name
    plain = _answer(Faction(), question, CLASSIC)
    for rules in RULES.values():
        assert all(_answer(faction, question, rules) == plain
                   for other, faction in factions.registry(*rules_key(rules)).items()
                   if other != seat), question


def test_wbc_house_rule_6_lends_the_fremens_free_support_to_their_ally():
    """WBC house rule 6 (000 line 1059), with advanced combat: the Fremen and their ally in its
    own battles count full without spice; AH has no such rule."""
    wbc = factions.power("fremen", WBC)
    assert wbc.counts_full_without_spice(WBC, False, "Arrakeen")
    assert wbc.counts_full_without_spice(WBC, True, "The Great Flat")
    plain = dune_rules.WBC(advanced_combat=False)
    assert not wbc.counts_full_without_spice(plain, False, "The Great Flat")
    assert not factions.power("fremen", CLASSIC_ALL).counts_full_without_spice(
        CLASSIC_ALL, False, "The Great Flat")


def test_001_2_04_22_battle_hardened_is_the_fremens_own_in_the_advanced_game():
    """001 2.04.22 BATTLE HARDENED, an advanced ability: "Your Forces", not their ally's."""
    gf9 = factions.power("fremen", GF9_ADVANCED)
    assert gf9.counts_full_without_spice(GF9_ADVANCED, False, "Arrakeen")
    assert not gf9.counts_full_without_spice(GF9_ADVANCED, True, "Arrakeen")
    assert not gf9.counts_full_without_spice(GF9, False, "Arrakeen")


def test_003_house_rule_fremen_combat_off_the_strongholds_with_strategic_combat():
    """003 house rule "Fremen Combat": "your units ... in any non-Stronghold territory", with
    advanced combat; not without the house rule."""
    v3 = factions.power("fremen", V3_ALL)
    assert v3.counts_full_without_spice(V3_ALL, False, "The Great Flat")
    assert not v3.counts_full_without_spice(V3_ALL, False, "Arrakeen")
    assert not v3.counts_full_without_spice(V3_ALL, True, "The Great Flat")
    assert not v3.counts_full_without_spice(make_rules("v3", {"advanced": True}), False,
                                            "The Great Flat")


def test_a_factions_class_for_an_earlier_rules_version_keeps_its_answers():
    """A GF9 game dealt under an earlier rules version keeps the answers a later one changed,
    the factions' as the ruleset's (``rules.GF9Version4``; issue 29's decisions and powers by
    mail, version 6): each such class answers otherwise than the class after it, and a game of
    its version is played by it."""
    earlier = [cls for cls in factions.CLASSES if cls.until is not None]
    assert {cls.until for cls in earlier} == {4, 5}
    for cls in earlier:
        changed = [name for name in vars(cls) if not name.startswith("_")
                   and name not in ("until", "rulesets")]
        then = factions.power(cls.seat, make_rules("gf9", {"advanced": True}, cls.until))
        later = factions.power(cls.seat, make_rules("gf9", {"advanced": True}, cls.until + 1))
        assert type(then) is cls and type(later) is cls.__mro__[1]
        assert changed and all(getattr(then, name) != getattr(later, name) for name in changed)
