"""The tech tokens (001 4.05, option ``tech_tokens``) where the scenario files cannot reach: the
battle plan's ``TECH`` line (its prompt, its echo, both bots), the income only in its own
phase, the reports' words, and whole games of bots.  The rules themselves are pinned by the
scenario files ``tests/dune/scenarios/gf9_4_05_*.yaml`` (docs/rules-coverage.md, "001 4.05")."""

from __future__ import annotations

import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.game import load_game, step_rng
from pbem.games.dune import tokens, turn, variants
from pbem.games.dune.data import Act
from pbem.games.dune.invariants import violations
from pbem.games.dune.scenario import load_scenario
from pbem.templating import render

GAME = load_game("dune")


def battle(tokens_: dict[str, str], seats=("atreides", "fremen", "harkonnen")) -> dict:
    """A GF9 tech-token game at the Atreides' battle plan against the Harkonnen in Carthag."""
    return load_scenario({
        "game": "dune", "seats": list(seats), "ruleset": "gf9", "seed": "tech-plan",
        "options": {"tech_tokens": True},
        "position": {"turn": 3, "phase": "battle",
                     "storm": {"sector": 1, "dialers": ["atreides", "harkonnen"]},
                     "forces": {"Carthag": {"atreides": 6, "harkonnen": 5},
                                **({"Sietch Tabr": {"fremen": 5}} if "fremen" in seats else {})},
                     "tokens": tokens_}}).state


def plan_prompt(state: dict, seat: str):
    (prompt,) = [p for p in turn.prompts(state) if p.key == f"battle-plan:{seat}"]
    return prompt


def test_001_4_05_02_the_plan_offers_tech_against_a_faction_holding_two_or_more():
    """The Atreides' plan prompt names the Harkonnen's tokens and the default; its template
    has the line commented; the Harkonnen, against the Atreides holding none, are offered
    nothing."""
    state = battle({"Heighliners": "harkonnen", "Spice Production": "harkonnen",
                    "Axlotl Tanks": "fremen"})
    atreides = plan_prompt(state, "atreides")
    assert ("If you win, you take one of the Harkonnen's tech tokens, your choice (001 "
            "4.05.02): TECH Heighliners or TECH Spice Production (default: Heighliners)."
            in atreides.legal)
    assert atreides.template.endswith("\n# TECH Heighliners or Spice Production")
    harkonnen = plan_prompt(state, "harkonnen")
    assert "TECH" not in harkonnen.legal and "TECH" not in harkonnen.template
    one = battle({"Heighliners": "harkonnen", "Spice Production": "atreides",
                  "Axlotl Tanks": "fremen"})
    assert "TECH" not in plan_prompt(one, "atreides").legal


def test_001_4_05_02_a_tech_line_reads_loosely_and_its_echo_reads_back():
    state = battle({"Heighliners": "harkonnen", "Spice Production": "harkonnen",
                    "Axlotl Tanks": "fremen"})
    parsed = GAME.parse(state, "atreides", "LEADER Duncan Idaho\nDIAL 5\nTECH spice prod")
    assert parsed.errors == []
    (order,) = [o for o in parsed.orders if o.prompt == "battle-plan:atreides"]
    assert order.value["tech"] == "Spice Production"
    assert "TECH Spice Production" in order.text.splitlines()
    echo = GAME.parse(state, "atreides", order.text)
    assert [o.value for o in echo.orders if o.prompt == order.prompt] == [order.value]
    wrong = GAME.parse(state, "atreides", "LEADER Duncan Idaho\nDIAL 5\nTECH Axlotl Tanks")
    (error,) = wrong.errors
    assert error.code == "no-tech-token" and "TECH Heighliners" in error.valid


@pytest.mark.parametrize("style", ["random", "basic"])
def test_001_4_05_02_both_bots_choose_a_token_to_take(style):
    """The random bot picks one of the opponent's tokens; the basic bot the one whose income
    comes soonest after the battles (Spice Production: CHOAM Charity comes before revival and
    shipment), and its order reads back."""
    state = battle({"Heighliners": "harkonnen", "Spice Production": "harkonnen",
                    "Axlotl Tanks": "harkonnen"})
    chosen = set()
    for seed in range(12):
        decisions = GAME.bot_decisions(state, random.Random(seed), style)
        chosen.add(decisions["battle-plan:atreides"]["tech"])
        assert "tech" not in decisions["battle-plan:harkonnen"]
    assert chosen == ({"Spice Production"} if style == "basic"
                      else {"Axlotl Tanks", "Heighliners", "Spice Production"})


def test_001_4_05_06_a_token_earns_only_in_the_phase_on_its_face():
    """001 4.05.06: the token "indicates which phase the Tech Token works in": a free revival
    reported outside the revival phase puts nothing on the Axlotl Tanks."""
    state = battle({"Axlotl Tanks": "harkonnen", "Heighliners": "fremen",
                    "Spice Production": "fremen"})
    assert variants.acted(state, "atreides", Act.FREE_REVIVAL) == []
    state["phase"] = "revival"
    (event,) = variants.acted(state, "atreides", Act.FREE_REVIVAL)
    assert event.data == {"token": "Axlotl Tanks", "faction": "harkonnen", "by": "atreides",
                          "act": "free_revival", "spice": 1}
    assert variants.acted(state, "fremen", Act.FREE_REVIVAL) == []     # once a phase
    assert tokens.find(state, "tech", "axlotl-tanks")["spice"] == 1


def test_the_reports_show_the_tokens_in_front_of_the_shields_and_their_events():
    state = battle({"Heighliners": "harkonnen", "Spice Production": "harkonnen",
                    "Axlotl Tanks": "fremen"})
    tokens.find(state, "tech", "heighliners")["spice"] = 2
    text = render("dune", "view.txt.j2", view=GAME.view(state, "atreides"), seat="atreides")
    assert ("Tokens in front of the shields: Fremen: Axlotl Tanks (tech token); Harkonnen:\n"
            "  Heighliners (tech token), 2 spice on it, Spice Production (tech token).") in text
    events = [{"code": "tech-income", "to": None, "data": {
        "token": "Heighliners", "faction": "harkonnen", "by": "atreides",
        "act": "off_planet_shipment", "spice": 2}},
        {"code": "tech-token-taken", "to": None, "data": {
            "faction": "atreides", "from": "harkonnen", "token": "Heighliners"}}]
    words = render("dune", "events.txt.j2", events=events, seat="fremen")
    assert ("Atreides ship forces from off-planet: 2 spice are put on Heighliners, for the "
            "Harkonnen at the end of the phase (001 4.05.05)." in words)
    assert "Atreides take the tech token Heighliners from the Harkonnen (001 4.05.02)." in words


@pytest.mark.parametrize("style", ["random", "basic"])
def test_whole_games_with_the_tech_tokens_break_no_invariant_and_use_every_rule(style):
    """Bots play GF9 games with the tech tokens to the end: no invariant broken at any step;
    the tokens are dealt, earn and change hands."""
    seen: set[str] = set()
    for seed in range(2):
        state = GAME.setup("gf9", {"tech_tokens": True, "advanced": seed == 1, "turns": 6},
                           list(SEAT_FACTIONS), step_rng(f"tech-{style}-{seed}", 0))
        bots = random.Random(seed)
        step = 0
        while state["result"] is None:
            step += 1
            state, events = GAME.apply(state, GAME.bot_decisions(state, bots, style),
                                       step_rng(f"tech-{style}-{seed}", step))
            seen |= {event.code for event in events}
            assert violations(state) == [], step
    assert {"tech-token-dealt", "tech-income", "tech-income-collected",
            "tech-token-taken"} <= seen


EXPANSION_SEATS = ["atreides", "emperor", "fremen", "harkonnen", "ixians", "tleilaxu"]


@pytest.mark.parametrize("style", ["random", "basic"])
def test_001_4_05_whole_games_with_the_tech_tokens_and_the_ixians_and_tleilaxu(style):
    """The tech tokens with the expansion's factions seated (``tech_tokens`` and
    ``ixians_tleilaxu``; the second game advanced, with the Ixians' texts B): each token starts
    with its default owner, the Tleilaxu's Axlotl Tanks and the Ixians' Heighliners beside the
    Fremen's Spice Production (001 4.05.04.01), none lying aside to be dealt; bots play to the
    end with no invariant broken at any step (the tokens and the HMS among them); the tokens
    earn and change hands, and the Tleilaxu's free revival alone never puts spice on the
    Axlotl Tanks (4.05.05.02, the token's ``excluded``)."""
    seen: set[str] = set()
    for seed in range(2):
        options = {"tech_tokens": True, "ixians_tleilaxu": True, "turns": 6,
                   **({"advanced": True, "ixians_text_b": True} if seed else {})}
        state = GAME.setup("gf9", options, EXPANSION_SEATS, step_rng(f"tx-{style}-{seed}", 0))
        assert {t["value"]: t["owner"] for t in tokens.of(state)} == {
            "axlotl-tanks": "tleilaxu", "heighliners": "ixians", "spice-production": "fremen"}
        bots = random.Random(seed)
        step = 0
        while state["result"] is None:
            step += 1
            state, events = GAME.apply(state, GAME.bot_decisions(state, bots, style),
                                       step_rng(f"tx-{style}-{seed}", step))
            seen |= {event.code for event in events}
            assert not [e for e in events if e.code == "tech-income"
                        and (e.data["token"], e.data["by"]) == ("Axlotl Tanks", "tleilaxu")]
            assert violations(state) == [], step
    assert {"tech-income", "tech-income-collected", "place-put"} <= seen
    assert "tech-token-dealt" not in seen                  # every default owner is seated
