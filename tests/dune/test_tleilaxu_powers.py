"""The Tleilaxu's decisions of their own (001 2.08.08, 2.08.12, 2.08.14, 1.14.09) beyond the
scenario files: sent ahead, asked of nobody else, played by the bots, and absent from games of
an earlier rules version."""

from __future__ import annotations

import random

from pbem.game import owed
from pbem.games.dune import bot_decisions, factions, turn
from pbem.games.dune.ahead import _powers_to_come, decisions, parse_mail
from pbem.games.dune.invariants import violations
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario.run import load_scenario
from pbem.games.dune.view import seat_view

SEATS = ["atreides", "harkonnen", "tleilaxu"]


def _position(phase: str, **factions_) -> dict:
    """A GF9 game with the Tleilaxu at a phase of turn 3."""
    return load_scenario({
        "game": "dune", "title": "t", "seats": SEATS, "ruleset": "gf9",
        "options": {"ixians_tleilaxu": True, "advanced": True}, "seed": "tleilaxu-powers",
        "position": {"turn": 3, "phase": phase, "storm": {"sector": 1},
                     "factions": {"tleilaxu": {"face_dancers": ["Stilgar", "Bashar", "Otheym"],
                                               **factions_.get("tleilaxu", {})},
                                  **{k: v for k, v in factions_.items() if k != "tleilaxu"}}},
        "orders": [], "expect": {}}).state


def test_001_2_08_08_the_replacement_is_sent_ahead_for_the_mentat_pause():
    """War Continues asks nobody else, so its optional decision is folded into the step
    before by the moderator: the Tleilaxu send it ahead, ``FOR MENTAT PAUSE``, from any
    earlier round of the turn."""
    state = _position("revival", atreides={"tanks": 2})
    coming = [d for d in decisions(state, "tleilaxu") if d.header == "MENTAT PAUSE"]
    assert [d.prompt.key for d in coming] == ["replace:tleilaxu"]
    assert not any(d.header == "MENTAT PAUSE" for d in decisions(state, "atreides"))
    parsed = parse_mail(state, "tleilaxu", "FOR MENTAT PAUSE\nSHUFFLE Bashar",
                              turn.prompts(state))
    assert [(o.prompt, o.value) for o in parsed.orders] == [("replace:tleilaxu", "Bashar")]
    assert not parsed.errors


def test_001_2_08_08_the_replacement_is_optional_and_never_waited_for():
    """Who is waited for never depends on the Tleilaxu's secret decisions: at War Continues
    they are asked only optionally."""
    state = _position("mentat_pause")
    prompts = turn.prompts(state)
    assert [p.key for p in prompts if p.seat == "tleilaxu" and p.kind == "replace"] == \
        ["replace:tleilaxu"]
    assert not owed(prompts)


def test_001_2_08_12_14_the_terms_are_optional_and_never_waited_for():
    """In the revival round the Tleilaxu's terms and Karama are an optional decision: who is
    waited for is who has a revival to order."""
    state = _position("revival", atreides={"tanks": 2}, tleilaxu={"hand": ["Karama"]})
    prompts = turn.prompts(state)
    terms = [p for p in prompts if p.kind == "terms"]
    assert [(p.seat, p.optional, p.secret) for p in terms] == [("tleilaxu", True, True)]
    assert "STOP <faction>" in terms[0].legal
    assert {p.seat for p in owed(prompts)} == {"atreides"}


def test_001_2_08_12_14_a_raise_and_prices_are_public_in_front_of_the_shield():
    """Their terms are told to all: every seat's view shows them."""
    state = _position("revival", tleilaxu={"revival_raised": ["atreides"],
                                           "leader_prices": {"ALL": 3}})
    for seat in SEATS:
        entry = seat_view(state, seat)["factions"]["tleilaxu"]
        assert entry["raised"] == ["atreides"] and entry["prices"] == {"*": 3}


def test_rules_version_5_games_ask_the_factions_nothing_of_their_own():
    """A game dealt under rules version 5 replays as it was played: no terms, no replacement
    (``TleilaxuGF9Version5``)."""
    state = _position("mentat_pause")
    state["rules"] = make_rules("gf9", {"ixians_tleilaxu": True}, 5).to_json()
    assert factions.power("tleilaxu", state).decisions(state, "mentat_pause") == []
    assert turn.open_keys(state) == []
    assert _powers_to_come(state, "tleilaxu", ["mentat_pause"]) == []


def test_the_bots_play_the_tleilaxus_new_decisions_legally():
    """The random bots' terms, Karama, Gholas and leaders revived are legal orders, and the
    state keeps every invariant after them, over many draws (2.08.09, 2.08.12, 2.08.14,
    2.08.17, 1.14.09)."""
    seen = set()
    for seed in range(40):
        state = _position("revival", atreides={"tanks": 3},
                          harkonnen={"leaders_in_tanks": ["Feyd-Rautha"]},
                          tleilaxu={"hand": ["Karama"], "spice": 10,
                                    "leaders_in_tanks": ["Wykk", "Blin"]})
        rng = random.Random(seed)
        orders = bot_decisions(state, rng, "random")
        assert "terms:tleilaxu" in orders
        state, events = turn.advance(state, orders, rng)
        assert not violations(state), violations(state)
        seen |= {event.code for event in events}
        seen |= {"more"} if orders.get("revival:tleilaxu", {}).get("more") else set()
    assert {"ghola-revived", "revival-stopped", "revival-terms", "more"} <= seen, seen
