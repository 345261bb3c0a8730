"""``Classic`` asks the rules of the game, never one faction's power (issue 29, seam 5): a rule
question that is one faction's power is its class's, per ruleset (``test_faction_answers.py``),
so the ruleset classes do not grow with every faction.

Every question the ruleset classes answer is listed here with why it is a rule of the game
(the seed rule it plays): a new one must say so, and a reviewer sees it.  And no question is
read only by one faction's modules: the phases, orders, cards or board ask it, or it is not a
question of the ruleset."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from pbem.games.dune import factions
from pbem.games.dune.rules import EARLIER, RULESETS, Rules

DUNE = Path(__file__).resolve().parents[2] / "games" / "dune"
# What a ruleset class is made of beside its questions: its options, phases, data and wiring.
MACHINERY = {"cite", "data_layers", "fixed", "from_json", "groups", "in_play", "layers",
             "list_options", "option_layers", "options_on", "own_options", "phases", "resolve",
             "to_json"}

# question -> why it is a rule of the game, not one faction's power.
RULE_QUESTIONS: dict[str, str] = {
    "seat_count": "000 line 115; 001 setup 11: how many seats a game has",
    "several_factions_per_player": '003 "Playing with two or three": who commands a seat',
    "main_leader_gates": '003 "Main Leaders": every faction\'s sixth leader',
    "homeworld_penalties": "001 4.10.12: a homeworld's Low side takes powers away (the variant)",
    "draws_seating": "WBC house rule 1: the seating drawn",
    "traitor_deck": "WBC house rule 7; 001 setup 12: how every faction's traitors are dealt",
    "own_leader_as_traitor": "001 setup 12: every faction's traitor pick",
    "first_storm_moves": "000 VI.A; WBC line 1114: the first storm",
    "storm_kills_where_it_starts": "001 1.01.04: the storm's losses",
    "storm_deck": "001 2.04.14: the weather's component after turn 1 (GF9's Storm Deck, AH's "
                  "markers of XVI); who draws it is the faction's (Faction.draws_weather, the "
                  "advantage's holder)",
    "storm_deck_unseen": '003 "Moving the Storm": a card nobody draws',
    "bonus_cards": '003 "Claiming Bonus Cards": the cities\' cards, whoever controls them',
    "storm_cards_on_turn_one": "001 3.01.08, 3.01.24: treachery cards, anyone's",
    "atomics_clear_of_storm": "001 3.01.08: a treachery card, anyone's",
    "weather_control_after_reveal": "WBC line 1110: a treachery card, anyone's",
    "ornithopters_after_shipment": "001 1.06.02, 1.06.05.05: every faction's move",
    "ornithopters_from_storm_round": "WBC clarification IX: every faction's ornithopters",
    "nexus_on_every_worm": "WBC VII.1: the Nexus",
    "nexus_at_end_of_blow": "001 1.02.06-07: the Nexus",
    "nexus_after_each_pile": "001 1.13.03.02: the Nexus with two piles",
    "spice_discard_piles": "000 XXI.A.1; 001 1.13.03: the spice blow's piles",
    "reshuffle_keeps_first_pile_top": "001 1.13.04: the spice deck",
    "reshuffle_keeps_every_pile_top": '003 "Advanced Combat": the spice deck',
    "turn_one_worms_set_aside": "001 1.02.03: the spice deck",
    "extra_spice_cards": "001 4.08.02: the spice deck's cards by option",
    "card_sets": "001 3.02: the treachery deck's cards by option",
    "cards_left_out": '003 "Expanded Treachery": the treachery deck\'s cards by option, in '
                      "part",
    "cache_sets": "001 2.10.04: the treachery cards by option (the cache's, of card_sets); "
                  "what Richese do with them is theirs (factions.richese)",
    "mirror_kept_unanswered": "001 2.10.04 (B), 3.03.05: the Mirror Weapon, a treachery card, "
                              "anyone's",
    "traitor_cards": "001 4.09.02: the traitor deck's cards by option (the Cheap Hero "
                     "traitor), anyone's",
    "charity_with_bidding": "000 VIII.I; 001 1.03: CHOAM Charity, anyone's",
    "charity_below": "001 1.03.02: CHOAM Charity, anyone's",
    "hands_declared_before_bidding": "001 1.04.02: every faction's hand",
    "karama_overbid": "001 3.01.12.05: a Karama card in bidding, anyone's",
    "leader_revival_until_all_back": "000 IX.D.1; 001 1.05.04: every faction's leaders",
    "ally_constraint": "001 1.06.07, 1.10.03.07: every alliance",
    "moves_gather_sectors": "001 1.06.05: every faction's move",
    "repositioning": "001 1.06.08: every faction's move",
    "deals_every_round": "001 1.12.01-06: deals, anyone's",
    "spice_promised": "WBC house rule 5: spice given, anyone's",
    "bribes_in_front_of_shield": "001 1.12.03: bribes, anyone's",
    "bribes_between_allies": "001 1.10.03.04, 1.12.02: every alliance (the Emperor's power to "
                             "give his ally spice is his sheet's, ALLY_SPICE_GIFTS)",
    "karama_power_once_per_game": "001 1.13.07, 1.14.01: every faction's Karama power",
    "karama_cancels_abilities": "001 3.01.12.02-03: a Karama card against any faction's "
                                "ability",
    "no_leaders_by_consent": "000 Q&A B.7; 001 1.07.05.05: every battle",
    "corrects_plans_at_reveal": "000 clarification X: every battle plan",
    "cheap_hero_required": "000 X.C.9; 001 4.1.17: every battle plan",
    "optional_hero_left_out_at_reveal": "001 4.1.17: every battle plan",
    "truthtrance_present_or_past": "001 4.1.19: a treachery card, anyone's",
    "traitor_winner_keeps_one_time_cards": "001 1.07.07.07.01: every traitor call",
    "traitor_callers_leader_back_in_pool": "001 1.07.07.07.01: every traitor call",
    "nexus_again_after_break": "001 1.10.01, 1.10.02.06-07: every alliance",
    "alliance_limit": "000 XII.C.2; WBC house rule 2; 001 1.10.02.04: every alliance",
    "alliance_limit_rule": "the citation of alliance_limit's refusal",
    "strongholds_to_win": "000 IV; 001 1.09.03; 003 control points: victory",
    "end_of_play": "000 Q&A XXV.E.3; 003 \"Game End\": the end of play",
    "ranks_by_spice": '003 "Victory by Conquest": the result',
    "first_winner_in_storm_order": "001 1.09.04: victory",
    "conditional_default_first": "001 1.09.06: the order of the default victories at the end "
                                 "of play; what each faction's needs is its sheet's "
                                 "(default_victory)",
    "shield_wall_counts": "000 XVIII.B; WBC house rule 4; 001 4.1.13: victory",
    "shield_wall_held_beside": "001 4.2.2: victory",
    "shared_strongholds_count": "000 IV; WBC house rule 4: victory",
    "allies_add_strongholds": "WBC house rule 3: victory",
    "increased_spice_flow": "000 XIX, XXIII: collection",
    "whole_skill_deck": "001 4.07.15, 4.07.12: every leader skill deck dealt, every revival",
}


def _questions() -> set[str]:
    """The questions the ruleset classes answer (each ruleset's, and its classes for earlier
    rules versions): their public names but the options and the machinery."""
    classes = (Rules, *RULESETS.values(),
               *(cls for versions in EARLIER.values() for _, cls in versions))
    options = {f.name for cls in classes for f in dataclasses.fields(cls)}
    names = {name for cls in classes for name in vars(cls) if not name.startswith("_")}
    return names - options - MACHINERY


def _faction_of(path: Path) -> str | None:
    """The faction whose module ``path`` is (``factions/<faction>.py`` or a power of it,
    ``factions/<faction>_<power>.py``), or None."""
    if path.parent.name != "factions":
        return None
    return next((seat for seat in {cls.seat for cls in factions.CLASSES}
                 if path.stem == seat.replace("-", "_")
                 or path.stem.startswith(seat.replace("-", "_") + "_")), None)


def _readers(name: str) -> set[Path]:
    pattern = re.compile(rf"\.{name}\b")
    return {path for path in [*DUNE.rglob("*.py"), *DUNE.rglob("*.j2")]
            if path.name != "rules.py" and pattern.search(path.read_text())}


def test_every_rule_question_is_a_rule_of_the_game_by_its_seed_rule():
    """The ruleset classes answer these questions and no other: one more needs its reason here
    (a faction's power goes in the faction's class instead: ``factions.base.Faction``)."""
    assert _questions() == set(RULE_QUESTIONS)


@pytest.mark.parametrize("question", sorted(RULE_QUESTIONS))
def test_no_rule_question_is_asked_only_by_one_factions_modules(question):
    """A question read only inside one faction's modules is that faction's power: its class
    answers it per ruleset."""
    readers = _readers(question)
    within = re.search(rf"self\.{question}\b", (DUNE / "rules.py").read_text())
    assert readers or within, f"{question}: nothing asks it"
    owners = {_faction_of(path) for path in readers}
    assert not (len(owners) == 1 and None not in owners), (
        f"{question}: asked only by {sorted(p.name for p in readers)}: the faction's class "
        "answers it")


def test_the_check_knows_every_factions_modules():
    """A question only one faction's modules ask is found for the expansions' factions too:
    the Ixians' powers by mail (rules version 6) are asked by their modules alone, so they are
    their class's (``Ixians.alliance_and_karama_by_mail``), as this check would demand."""
    readers = _readers("alliance_and_karama_by_mail")
    assert readers and {_faction_of(path) for path in readers} == {"ixians"}
