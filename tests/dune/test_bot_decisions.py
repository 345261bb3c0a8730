"""Self-play without mail (``bot_decisions``, issue 20): the bots' orders handed over as
values play the very games their order text, read by the parser, plays."""

from __future__ import annotations

import random

import pytest

from pbem import selfplay
from pbem.game import load_game, replay_states, step_rng
from pbem.games.dune.orders.language import KINDS, parse_orders
from pbem.games.dune.view import PublicView, public_view, seat_view

DUNE = load_game("dune")
MIXES = [
    ("classic", {}),
    ("classic", {"advanced": True, "optional": True, "movement": "batched"}),
    ("wbc", {}),
    ("gf9", {}),
]


def _played(ruleset, options, seed, style, mail):
    seats = selfplay._draw_seats(DUNE.seating(ruleset, options), seed)
    run = selfplay._Run(DUNE, ruleset, options, list(seats), seed, {}, style, mail)
    problems = selfplay._play(run, selfplay.SelfplaySummary())
    return run.log, run.state, problems


@pytest.mark.parametrize("style", ["random", "basic"])
@pytest.mark.parametrize("ruleset,options", MIXES, ids=[f"{r}-{o}" for r, o in MIXES])
def test_the_values_play_the_games_the_mail_plays(ruleset, options, style):
    for number in range(3):
        seed = f"direct-{number}"
        by_mail = _played(ruleset, {**options, "turns": 4}, seed, style, mail=True)
        direct = _played(ruleset, {**options, "turns": 4}, seed, style, mail=False)
        assert by_mail[2] == [] and direct == by_mail


def test_each_random_value_is_the_value_its_text_reads_as():
    """Each kind's ``random`` value is in its read form (move sectors named only where the
    territory lies in several, no empty Bene Gesserit declarations), so the rules get from
    the values what they get from the mail."""
    kinds = set()
    for number in range(4):
        seed = f"read-{number}"
        options = {"advanced": True, "optional": True, "turns": 3}
        seats = selfplay._draw_seats(DUNE.seating("classic", options), seed)
        state = DUNE.setup("classic", options, seats, step_rng(seed, 0))
        rng = random.Random(seed)
        step = 0
        while DUNE.result(state) is None:
            prompts = DUNE.prompts(state)
            public = public_view(state)
            batch = {}
            for prompt in prompts:
                view = seat_view(state, prompt.seat, public)
                if "battle" in prompt.options:
                    view = {**view, "battle": prompt.options["battle"]}
                kind = KINDS[prompt.kind]
                value = kind.random(view, prompt, rng)
                parsed = parse_orders(state, prompt.seat, kind.text(state, value), [prompt])
                assert [o.value for o in parsed.orders] == [value], prompt.key
                batch[prompt.key] = value
                kinds.add(prompt.kind)
            step += 1
            state, _ = DUNE.apply(state, batch, step_rng(seed, step))
    assert {"move", "coexistence", "battle-plan", "bid", "revival"} <= kinds


def test_a_seats_view_from_the_shared_public_view_is_its_view():
    state = DUNE.setup("wbc", {}, ["atreides", "bene-gesserit", "harkonnen"],
                       step_rng("view", 0))
    public = public_view(state)
    for seat in state["seats"]:
        assert seat_view(state, seat, public) == seat_view(state, seat)


@pytest.mark.parametrize("ruleset,options", MIXES, ids=[f"{r}-{o}" for r, o in MIXES])
def test_the_public_view_read_part_by_part_is_the_public_view(ruleset, options):
    """``PublicView`` (the bots' view, issue 20) has the public view's parts, in its order and
    with its values, at every state of a game (the bidding, the battles and GF9's bribes
    included), and a seat's view built on it is the seat's view, what lies behind its shield
    in the same order (``view._Private``)."""
    seed, seats = "lazy-view", list(DUNE.seating(ruleset, options).names)[:6]
    options = {**options, "turns": 5}
    run = selfplay._Run(DUNE, ruleset, options, seats, seed, {}, "random", mail=False)
    assert selfplay._play(run, selfplay.SelfplaySummary()) == []
    phases = set()
    for state in replay_states(DUNE, ruleset, options, seats, seed, run.log):
        lazy = PublicView(state)
        assert list(lazy) == list(public_view(state))
        assert dict(lazy) == public_view(state)
        for seat in state["seats"]:
            read, written = seat_view(state, seat, PublicView(state)), seat_view(state, seat)
            assert dict(read) == written
            assert list(read["own"]) == list(written["own"])
            # ``get`` as a mapping's, read or not yet read, for a part it has or has not
            fresh = seat_view(state, seat, PublicView(state))
            for key in (*written, "places", "tokens", "no such part"):
                assert fresh.get(key, "none") == written.get(key, "none"), key
        phases.add(state["phase"])
    assert {"bidding", "battle"} <= phases


def test_without_mail_a_game_with_mail_bots_only_is_refused():
    with pytest.raises(selfplay.BadSetup, match="only as mail"):
        selfplay.play_games(load_game("auction"), "standard", {}, 1, "a", mail=False)
