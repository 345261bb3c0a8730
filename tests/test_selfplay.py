"""Self-play: hundreds of bot games with every invariant checked, a broken rule caught,
saved and replayed, and ``pbem selfplay`` end to end."""

from __future__ import annotations

import json
import types

import pytest
from click.testing import CliRunner

from pbem import selfplay
from pbem.cli import main
from pbem.game import check_invariants, step_rng
from pbem.games import auction, dune
from pbem.games.dune.phases import collection, storm
from pbem.selfplay import play_games, replay_saved

MIXES = [
    ("classic", {}),
    ("classic", {"optional": True}),
    ("classic", {"advanced": True, "optional": True}),
    ("classic", {"no_alliances": True, "more_strongholds": True, "shield_wall_victory": True}),
    ("wbc", {}),
    ("wbc", {"three_faction_alliances": True}),
    ("gf9", {}),
]


@pytest.mark.whole_game
@pytest.mark.parametrize("ruleset,options", MIXES, ids=[f"{r}-{o}" for r, o in MIXES])
def test_fifty_short_games_per_mix_break_no_invariant(ruleset, options, tmp_path):
    summary = play_games(dune, ruleset, {**options, "turns": 3}, 50, "mix", out=tmp_path)
    assert summary.violations == []
    assert summary.games == 50 and summary.steps > 50 * 3
    assert len(summary.replay_seconds) == 50 and not list(tmp_path.iterdir())


GF9_RULES = [{}, {"advanced": True}, {"tournament": True}, {"advanced": True, "tournament": True}]
GF9_MODES = [{}, {"bidding": "whole_round"}, {"movement": "batched"},
             {"bidding": "whole_round", "movement": "batched"}]
GF9_MIXES = [{**rules, **mode} for rules in GF9_RULES for mode in GF9_MODES]


@pytest.mark.whole_game
@pytest.mark.parametrize("style", ["random", "basic"])
@pytest.mark.parametrize("options", GF9_MIXES, ids=[str(o) for o in GF9_MIXES])
def test_whole_gf9_games_of_every_option_mix_break_no_invariant(options, style, tmp_path):
    """Issue 19's proof in small: whole GF9 games (001, setup 3: 10 turns) of every option mix
    (basic, advanced 1.13, tournament 4.1, both; each mail mode) and both bots, 2 to 6
    factions, three games each; docs/reliability.md records the runs of 1,000 and more."""
    summary = play_games(dune, "gf9", options, 3, f"gf9-{style}", out=tmp_path, style=style)
    assert summary.violations == [] and summary.games == 3 and summary.steps > 3 * 10
    assert not list(tmp_path.iterdir())


# Dune v3.0 (003): each option of Part II (each set of the expanded treachery among them, one
# in part) and the house rules, and the games of two and three players (003 "Playing with two
# or three"), seated as 003 asks.
V3_OPTIONS = [{}, {"advanced_abilities": True, "advanced_combat": True, "the_duel": True},
              {"collection_bonuses": True, "diversified_victory": True, "spice_harvest": True},
              {"main_leaders": True, "advanced_abilities": True, "main_leader_reduction": True,
               "the_general": True},
              {"house_rules": True, "advanced_combat": True, "movement": "batched",
               "bidding": "whole_round", "expanded_treachery": True,
               "break_imperial_conditioning": True, "treachery_left_out": ["Thumper"]}]
V3_TABLES = {
    "factions": (None, {}),
    "three-players": (["atreides", "emperor", "fremen", "bene-gesserit", "harkonnen", "guild"],
                      {"bene-gesserit": "atreides", "guild": "fremen", "emperor": "harkonnen"}),
    "two-players": (["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"],
                    {"emperor": "atreides", "guild": "atreides", "bene-gesserit": "fremen",
                     "harkonnen": "fremen"})}


@pytest.mark.whole_game
@pytest.mark.parametrize("table", V3_TABLES)
@pytest.mark.parametrize("options", V3_OPTIONS, ids=[str(o) for o in V3_OPTIONS])
def test_003_whole_v3_games_of_every_option_mix_and_table_break_no_invariant(
        options, table, tmp_path):
    """Issue 35's proof in small: whole v3 games (003: 15 turns, here 6) of the advanced
    rules and the house rules, of one faction a player and of two and three players with the
    command changing at each Nexus, both bots; docs/reliability.md records the runs of 1,000."""
    seats, commanders = V3_TABLES[table]
    settings = {**options, "turns": 6, **({"commanders": commanders} if commanders else {})}
    for style in ("random", "basic"):
        summary = play_games(dune, "v3", settings, 2, f"v3-{table}-{style}", seats=seats,
                             out=tmp_path, style=style)
        assert summary.violations == [] and summary.games == 2
    assert not list(tmp_path.iterdir())


TECH_MIXES = [{"tech_tokens": True}, {"tech_tokens": True, "advanced": True,
                                      "tournament": True, "movement": "batched"}]


@pytest.mark.whole_game
@pytest.mark.parametrize("style", ["random", "basic"])
@pytest.mark.parametrize("options", TECH_MIXES, ids=[str(o) for o in TECH_MIXES])
def test_whole_gf9_games_with_the_tech_tokens_break_no_invariant(options, style, tmp_path):
    """001 4.05: whole GF9 games with the tech tokens, 2 to 6 factions, three games a mix and
    bot; docs/reliability.md records the run of 1,024."""
    summary = play_games(dune, "gf9", options, 3, f"tech-{style}", out=tmp_path, style=style)
    assert summary.violations == [] and summary.games == 3 and summary.steps > 3 * 10
    assert not list(tmp_path.iterdir())


VARIANT_MIXES = [
    {"shield_wall_stronghold": True, "cheap_hero_traitor": True, "stronghold_cards": True},
    {"shield_wall_stronghold": True, "cheap_hero_traitor": True, "stronghold_cards": True,
     "ixians_tleilaxu": True, "advanced": True, "movement": "batched"}]


@pytest.mark.whole_game
@pytest.mark.parametrize("style", ["random", "basic"])
@pytest.mark.parametrize("options", VARIANT_MIXES, ids=[str(o) for o in VARIANT_MIXES])
def test_whole_gf9_games_with_the_variants_break_no_invariant(options, style, tmp_path):
    """001 4.02, 4.04, 4.09.02: whole GF9 games with the Shield Wall Stronghold, the stronghold
    cards and the Cheap Hero traitor, alone and with the Ixians and Tleilaxu seated, 2 to 6
    factions, three games a mix and bot; docs/reliability.md records the run of 1,000."""
    summary = play_games(dune, "gf9", options, 3, f"variants-{style}", out=tmp_path,
                         style=style)
    assert summary.violations == [] and summary.games == 3 and summary.steps > 3 * 10
    assert not list(tmp_path.iterdir())


@pytest.mark.whole_game
def test_a_dial_bound_by_prescience_is_kept_with_spice_once_a_karama_cancels_free_strength(
        tmp_path):
    """The 1,024-game GF9 run of docs/reliability.md found game f-adv-batched-random-29: the
    Fremen answered the Atreides' prescience with dial 1, a Karama then cancelled their free
    strength (001 3.01.12.02, 2.04.22), and the second round's default cut the dial to 0.5,
    breaking the answer that binds it (001 2.01.09), so no order could be filed.  The default
    now pays the spice the bound dial needs."""
    summary = play_games(dune, "gf9", {"advanced": True, "movement": "batched"}, 30,
                         "f-adv-batched-random", out=tmp_path)
    assert summary.violations == [] and summary.games == 30
    assert not list(tmp_path.iterdir())


def test_seats_are_two_to_six_drawn_from_the_seed_unless_given():
    drawn = [play_games(dune, "classic", {"turns": 1}, 1, seed).steps for seed in range(20)]
    assert drawn == [play_games(dune, "classic", {"turns": 1}, 1, s).steps for s in range(20)]
    given = play_games(dune, "wbc", {"turns": 1}, 3, "x", seats=["fremen", "guild"])
    assert given.violations == []


def test_a_game_without_invariants_is_played_and_replayed(tmp_path):
    assert check_invariants(auction, auction.setup("standard", {}, ["north", "east"],
                                                   step_rng("a", 0))) == []
    summary = play_games(auction, "standard", {}, 30, "a", out=tmp_path)
    assert summary.violations == [] and summary.games == 30


def lose_a_force(monkeypatch):
    """Collection that sends one reserve force of the first seat nowhere."""
    begin = collection.begin

    def leaky(state, rng):
        reserve = state["factions"][state["seats"][0]]["reserve"]
        reserve["force"] = reserve.get("force", 0) - 1
        return begin(state, rng)
    monkeypatch.setattr(collection, "begin", leaky)


def test_a_lost_force_is_caught_saved_and_replayed_from_the_file(monkeypatch, tmp_path):
    lose_a_force(monkeypatch)
    summary = play_games(dune, "classic", {"turns": 3}, 4, "leak", out=tmp_path)
    assert len(summary.saved) == 4 and summary.games == 4
    saved = json.loads(summary.saved[0].read_text())
    assert saved["game"] == "dune" and saved["seed"] == "leak-0"
    assert saved["step"] == len(saved["log"]) and saved["options"] == {"turns": 3}
    assert any(v.split(": ", 1)[1].startswith("forces: ") and "(000 II.B.1.c" in v
               for v in saved["violations"])
    assert f"game leak-0: {saved['violations'][0]}" in summary.violations
    assert replay_saved(summary.saved[0]) == saved["violations"]


def test_a_bot_order_the_parser_refuses_is_a_violation(monkeypatch, tmp_path):
    monkeypatch.setattr(dune, "bot_order",
                        lambda view, prompt, rng, style="random": "FLY TO CALADAN")
    summary = play_games(dune, "classic", {"turns": 2}, 2, "bad", out=tmp_path)
    assert summary.steps == 0 and len(summary.saved) == 2
    saved = json.loads(summary.saved[0].read_text())
    assert saved["step"] == 0 and "not read: " in saved["violations"][0]
    assert all(v.startswith("step 1: bot order ") for v in saved["violations"])
    assert replay_saved(summary.saved[0]) == saved["violations"]


def test_a_crash_of_the_rules_is_caught_at_its_step(monkeypatch, tmp_path):
    def broken(state, orders, rng):
        raise AssertionError("dial lost")
    monkeypatch.setattr(storm, "apply", broken)
    summary = play_games(dune, "classic", {"turns": 3}, 1, "crash", out=tmp_path)
    saved = json.loads(summary.saved[0].read_text())
    assert saved["violations"] == [f"step {saved['step']}: exception: AssertionError: dial lost"]
    assert replay_saved(summary.saved[0]) == saved["violations"]


def test_a_game_that_does_not_replay_to_the_same_state_is_caught():
    calls = iter(range(10_000))

    def apply(state, orders, rng):
        state, events = dune.apply(state, orders, rng)
        return {**state, "calls": next(calls)}, events
    drifting = types.SimpleNamespace(**{k: getattr(dune, k) for k in dir(dune)
                                        if not k.startswith("_")})
    drifting.apply = apply
    summary = play_games(drifting, "classic", {"turns": 1}, 1, "drift")
    (violation,) = summary.violations
    assert "replay: the state rebuilt from the log differs in ['calls']" in violation


def test_a_game_that_crashes_on_its_replay_is_that_games_finding_and_the_run_goes_on(
        monkeypatch):
    """A replay that raises (say a state's power changed an order the log keeps) is saved as
    the game's violation; the run plays its other games."""
    def broken(*args):
        raise RuntimeError("the log was changed")
    monkeypatch.setattr(selfplay, "replay", broken)
    summary = play_games(dune, "classic", {"turns": 1}, 2, "fragile")
    assert summary.games == 2 and len(summary.violations) == 2
    assert all(v.endswith("replay: exception: RuntimeError: the log was changed")
               for v in summary.violations)


@pytest.mark.parametrize("corrupt,expected", [
    (lambda s, a, b: s["factions"][a]["reserve"].__setitem__(0, 3), "forces: "),
    (lambda s, a, b: s["factions"][a].__setitem__("spice", -1), "spice: "),
    (lambda s, a, b: s["factions"][a]["hand"].extend(s["decks"]["treachery"][:5]),
     "hand limit: "),
    (lambda s, a, b: s["decks"]["treachery"].pop(), "treachery cards: missing"),
    (lambda s, a, b: s["decks"]["spice"].append(s["decks"]["spice"][0]), "spice cards: extra"),
    (lambda s, a, b: s["storm"].__setitem__("sector", 19), "storm: on sector 19"),
    (lambda s, a, b: s["spice"].__setitem__("Broken Land", 0), "spice on the map: "),
])
def test_violations_name_each_broken_invariant(corrupt, expected):
    state = dune.setup("classic", {}, ["atreides", "harkonnen"], step_rng("c", 0))
    assert dune.invariants(state) == []
    corrupt(state, "atreides", "harkonnen")
    assert [v for v in dune.invariants(state) if v.startswith(expected)], dune.invariants(state)


def test_violations_name_allies_sharing_a_territory_and_forces_off_its_sectors():
    state = dune.setup("classic", {}, ["atreides", "harkonnen"], step_rng("c", 0))
    state["alliances"] = [["atreides", "harkonnen"]]
    state["forces"]["Arrakeen"] = {"9": {"atreides": {"force": 1}},
                                   "10": {"harkonnen": {"force": 1}}}
    assert [v for v in dune.invariants(state) if "Arrakeen" in v] == [
        "forces: Arrakeen has no sector 9",
        "allies: atreides, harkonnen share Arrakeen (000 XII.E.5)"]


def test_pbem_selfplay_prints_one_summary_line(tmp_path):
    result = CliRunner().invoke(main, ["selfplay", "--games", "20", "--seed", "cli",
                                       "--ruleset", "classic", "--option", "advanced=true",
                                       "--option", "turns=2", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (line,) = result.output.splitlines()
    assert line.startswith("selfplay: 20 games played, ")
    assert line.endswith(" steps applied, 0 invariant violations, 0 failing games saved")


def test_pbem_selfplay_exits_1_and_saves_the_failing_games(monkeypatch, tmp_path):
    lose_a_force(monkeypatch)
    result = CliRunner().invoke(main, ["selfplay", "--games", "3", "--option", "turns=2",
                                       "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "3 failing games saved" in result.output
    assert len(list(tmp_path.glob("dune-classic-selfplay-*.json"))) == 3


@pytest.mark.parametrize("args,message", [
    (["--option", "turns"], "expected key=value"),
    (["--option", "bogus=1"], "bad set-up: unknown option 'bogus'"),
    (["--ruleset", "deluxe"], "dune has rulesets classic, wbc"),
])
def test_pbem_selfplay_refuses_bad_options(args, message, tmp_path):
    result = CliRunner().invoke(main, ["selfplay", "--games", "1", "--out", str(tmp_path),
                                       *args])
    assert result.exit_code != 0 and message in result.output


def test_pbem_selfplay_seats_the_factions_named(tmp_path):
    """``--seats`` names every game's seats: GF9 games with the Ixians (001 2.07), seated only
    with their expansion's option."""
    result = CliRunner().invoke(main, ["selfplay", "--games", "2", "--seed", "ix",
                                       "--ruleset", "gf9", "--option", "turns=2",
                                       "--option", "ixians_tleilaxu=true",
                                       "--seats", "ixians,fremen",
                                       "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("selfplay: 2 games played, ")
    result = CliRunner().invoke(main, ["selfplay", "--games", "1", "--ruleset", "gf9",
                                       "--seats", "ixians,fremen",
                                       "--out", str(tmp_path)])
    assert result.exit_code != 0 and "ixians" in result.output
    result = CliRunner().invoke(main, ["selfplay", "--games", "1", "--ruleset", "classic",
                                       "--seats", "ixians,fremen",
                                       "--out", str(tmp_path)])
    assert result.exit_code != 0 and "ixians" in result.output


def test_selfplay_counts_the_events_asked_for():
    """``--count CODE[:KEY[=VALUE]]``: the events of a code (whose data has the key, of that
    value) over every step, on the summary line; the counts add up."""
    args = ["selfplay", "--game", "dune", "--ruleset", "classic", "--games", "2", "--seed",
            "count", "--option", "turns=2", "--count", "phase", "--count", "phase:phase",
            "--count", "phase:phase=storm", "--count", "no-such-event"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    summary = play_games(dune, "classic", {"turns": 2}, 2, "count",
                         count=("phase", "phase:phase=storm", "phase:phase=bidding"))
    assert summary.counts["phase:phase=storm"] == 4            # two turns, two games
    assert summary.counts["phase"] > summary.counts["phase:phase=bidding"] > 0
    assert (f"{summary.counts['phase']} phase, {summary.counts['phase']} phase:phase, 4 "
            "phase:phase=storm, 0 no-such-event") in result.output


def test_pbem_selfplay_draws_seats_within_seat_count_and_plays_game_n_alone(tmp_path):
    """``--seat-count MIN-MAX`` bounds the seats drawn (within what the game may seat), and
    ``--first N --games 1`` plays game N of a run alone, as the run played it."""
    seated = []
    for number in range(6):
        summary = play_games(dune, "gf9", {"turns": 1, "ixians_tleilaxu": True}, 1, "few",
                             seat_count=(3, 4), first=number)
        seated.append(summary.steps)
    whole = play_games(dune, "gf9", {"turns": 1, "ixians_tleilaxu": True}, 6, "few",
                       seat_count=(3, 4))
    assert sum(seated) == whole.steps
    seating = dune.seating("gf9", {"ixians_tleilaxu": True})
    counts = {len(selfplay._draw_seats(selfplay.replace(seating, fewest=3, most=4), f"few-{n}"))
              for n in range(20)}
    assert counts == {3, 4}
    result = CliRunner().invoke(main, ["selfplay", "--games", "1", "--ruleset", "gf9",
                                       "--option", "turns=1", "--seat-count", "7-9",
                                       "--out", str(tmp_path)])
    assert result.exit_code != 0 and "seats 2 to 6, never 7 to 9" in result.output
    result = CliRunner().invoke(main, ["selfplay", "--games", "1", "--seat-count", "x",
                                       "--out", str(tmp_path)])
    assert result.exit_code != 0 and "expected MIN-MAX" in result.output
