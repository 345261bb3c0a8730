"""Forces counted per kind (``forces``, the data's ``ForceKind``): the words orders read and
reports write, the arithmetic of kinds no faction of the base game has (the Ixians' Cyborgs and
Suboids, 001 2.07.10-24: the record must fit them), and stored games counted as pairs by earlier
code upgraded (``upgrade``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pbem.game import Adjustment, Event, load_game, replay
from pbem.games.dune import combat
from pbem.games.dune.data import ForceKind
from pbem.games.dune.forces import (
    add_forces,
    all_of,
    at_start,
    count_text,
    faces,
    first_of,
    kinds,
    order_text,
    size,
    spread,
)
from pbem.games.dune.orders.language import read_forces
from pbem.games.dune.orders.problem import OrderProblem
from pbem.games.dune.orders.revival_orders import Allowance
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import ruleset_data
from pbem.games.dune.upgrade import upgrade_orders, upgrade_state
from pbem.templating import render

GAME = load_game("dune")
FOLDER = Path(__file__).parent / "records"
# Stored by earlier code (rules version 4): forces as pairs; a classic and a WBC game, and a
# GF9 one with the advanced game (Sardaukar and Fedaykin in play).
RECORDS = {"records": [record for name in ("main-75c5b2d.json", "main-9896c06-gf9.json")
                       for record in json.loads((FOLDER / name).read_text())["records"]]}
# The Ixians' kinds as 001 gives them (2.07.10-15, 2.07.24), for the arithmetic only: no
# faction of the data has them yet.
CYBORG = ForceKind("cyborg", "Cyborg", "Cyborgs", mark="*", face="starred", strength=2,
                   revival_cost=3, collection=3)
SUBOID = ForceKind("suboid", "Suboid", "Suboids", strength=0.5, spiced=False)


def fremen_kinds():
    return kinds(make_rules("classic", {"advantages": True}), "fremen")


# --- the data
def test_ii_b_1_c_a_faction_starts_with_its_kinds_and_without_the_advantages_all_are_plain():
    """000 II.B.1.c: "the starred tokens have no significance in the Basic Game"; with the
    advantages (000 XV; GF9 advanced, 001 1.13.01) the Fremen have 3 Fedaykin of their 20."""
    basic, advanced = make_rules("classic", {}), make_rules("gf9", {"advanced": True})
    assert at_start(basic, "fremen") == {"force": 20}
    assert at_start(advanced, "fremen") == {"force": 17, "fedaykin": 3}
    assert [k.name for k in kinds(basic, "emperor")] == ["force"]
    assert [k.name for k in kinds(advanced, "emperor")] == ["force", "sardaukar"]
    state = new_game(advanced, ["emperor", "fremen", "atreides"], random.Random(1))
    assert all(all_of(state, seat) == at_start(advanced, seat) for seat in state["seats"])


def test_001_2_03_09_and_2_04_19_gf9_cites_its_own_sections_for_the_same_kinds():
    """The GF9 overlay gives Sardaukar and Fedaykin again, from 001, alike in every fact."""
    for name in ("sardaukar", "fedaykin", "force"):
        assert ruleset_data("gf9").force_kind(name) == ruleset_data("classic").force_kind(name)


# --- orders
@pytest.mark.parametrize(("words", "counts"), [
    ("5", {"force": 5}), ("2*", {"fedaykin": 2}), ("5 2*", {"force": 5, "fedaykin": 2}),
    ("2+1*", {"force": 2, "fedaykin": 1}), ("2 1 starred", {"force": 2, "fedaykin": 1}),
    ("3 forces and 1 Fedaykin", {"force": 3, "fedaykin": 1}), ("1 fedaykin", {"fedaykin": 1}),
    ("0", {})])
def test_orders_name_kinds_by_their_mark_or_their_words(words, counts):
    """Orders read a kind by its mark ("2*") or any of its words in the data (its name, its
    face, its synonyms); a bare number is the faction's plain forces; canonical text writes
    the marks."""
    found, rest = read_forces([*words.split(), "FROM", "Carthag"], fremen_kinds())
    assert (found, rest) == (counts, ["FROM", "Carthag"])
    assert read_forces(order_text(found).split() or ["0"], fremen_kinds())[0] == counts


def test_orders_refuse_a_kind_given_twice_or_a_word_without_a_number():
    with pytest.raises(OrderProblem) as twice:
        read_forces(["2*", "1", "Fedaykin"], fremen_kinds())
    assert twice.value.code == "bad-forces" and "Fedaykin twice" in twice.value.message
    with pytest.raises(OrderProblem) as alone:
        read_forces(["Fedaykin", "2"], fremen_kinds())
    assert alone.value.code == "bad-forces"
    with pytest.raises(OrderProblem) as none:
        read_forces(["FROM", "Carthag"], fremen_kinds(), least=1)
    assert none.value.code == "missing-forces" and none.value.valid == ("5", "2*", "5 2*")


# --- words in reports
def test_reports_name_a_kind_by_its_face_and_its_mark():
    """The events (``faces``), the table (``count_text``) and the map's chips write a kind
    from its data: "7 forces (2 starred)", "5+2*"."""
    assert (size({"force": 5, "fedaykin": 2}), faces({"force": 5, "fedaykin": 2})) == (
        7, " (2 starred)")
    assert faces({"force": 5}) == ""
    assert count_text({"force": 5, "sardaukar": 2}) == "5+2*"
    assert count_text({"sardaukar": 2}) == "2*" and count_text({"sardaukar": 2}, True) == "0+2*"
    assert count_text({}) == "0"


# --- the arithmetic of kinds no faction has yet (001 2.07)
def test_001_2_07_10_24_a_cyborg_counts_two_and_a_suboid_a_half_never_spiced():
    """001 2.07.10: Cyborgs "worth two normal Forces in battle and in taking losses"; 2.07.15
    and 2.07.24: Suboids "worth ½", "always considered half strength for dialing. You can not
    increase the effectiveness of Suboids in battle by paying Spice" (1.13.05 spice dialing
    backs the others)."""
    troops = (combat.Troop("suboid", 4, SUBOID.strength, SUBOID.spiced),
              combat.Troop("cyborg", 2, CYBORG.strength, CYBORG.spiced))
    basic = combat.Strength(troops, advanced=False)
    assert basic.most(0) == 6 and basic.half_steps and basic.on_step(5.5)
    dialing = combat.Strength(troops, advanced=True)
    assert dialing.most_spice(10) == 2                      # only the Cyborgs take spice
    assert (dialing.most(0), dialing.most(1), dialing.most(2)) == (4, 5, 6)
    assert {"cyborg": 1} in dialing.losses(1, 0) and {"suboid": 2} in dialing.losses(1, 0)
    assert dialing.default_losses(dialing.losses(1, 0)) == {"suboid": 2}


def test_001_2_07_11_12_14_a_kind_prices_its_revival_and_collects_its_own_rate():
    """001 2.07.11: "Each Cyborg costs 3 spice to revive"; 2.07.12 "treated as one Force in
    revival"; 2.07.14: Cyborgs "collect 3 spice instead of 2"; the free revival takes the
    dearest forces first (2.07.07: it may revive Suboids and/or Cyborgs)."""
    found = Allowance(seat="ixians", kinds=(SUBOID, CYBORG), tanks={"suboid": 3, "cyborg": 2},
                      free=1, spice=10, leaders={}, revived=(), karama=None,
                      karama_refusal="", ghola=None, allies=(), supported=False,
                      until_all_back=True)
    assert found.cost({"cyborg": 2}) == 3 and found.cost({"suboid": 2, "cyborg": 1}) == 4
    assert found.weight({"suboid": 1, "cyborg": 2}) == 3 and found.most_forces == 3
    assert (CYBORG.collects(2), CYBORG.collects(3), SUBOID.collects(2)) == (3, 3, 2)


def test_losses_of_a_number_go_by_the_kinds_order_and_spread_over_places():
    """000 line 836 (half the Fremen's forces in the storm): normal forces die before Fedaykin;
    forces taken from several sectors, each sector in turn."""
    state = new_game(make_rules("classic", {"advantages": True}), ["fremen", "atreides"],
                     random.Random(1))
    assert first_of(state, "fremen", {"force": 1, "fedaykin": 2}, 2) == {"force": 1,
                                                                          "fedaykin": 1}
    assert spread({"force": 3, "fedaykin": 1},
                  [(1, {"force": 2}), (2, {"force": 4, "fedaykin": 1})]) == [
        (1, {"force": 2}), (2, {"force": 1, "fedaykin": 1})]


# --- stored games
def _paired(counts: dict[str, int], seat: str) -> list[int]:
    """Counts as earlier code stored them: [normal, starred]."""
    return [counts.get("force", 0), sum(n for k, n in counts.items() if k != "force")]


def test_a_state_of_pairs_upgrades_to_counts_per_kind():
    """Earlier code stored [normal, starred] on the board, in the reserves and tanks and in a
    battle plan's losses: ``upgrade`` counts them per kind (the seat's first kind, its
    second)."""
    state = new_game(make_rules("classic", {"advantages": True}),
                     ["emperor", "fremen", "atreides"], random.Random(1))
    add_forces(state, "emperor", "Carthag", 11, {"force": 2, "sardaukar": 1})
    state["factions"]["emperor"]["reserve"] = {"force": 13, "sardaukar": 4}
    state["step"] = {"plans": {"emperor": {"lose": {"sardaukar": 1}, "if": [
        ["voiced", {"lose": {"force": 2}}]]}}}
    stored = json.loads(json.dumps(state))
    for sectors in stored["forces"].values():
        for by_faction in sectors.values():
            for seat in by_faction:
                by_faction[seat] = _paired(by_faction[seat], seat)
    for seat, sheet in stored["factions"].items():
        sheet["reserve"], sheet["tanks"] = (_paired(sheet[p], seat) for p in ("reserve", "tanks"))
    stored["step"]["plans"]["emperor"] = {"lose": [0, 1], "if": [["voiced", {"lose": [2, 0]}]]}
    assert upgrade_state(stored) == state
    assert upgrade_state(json.loads(json.dumps(state))) == state        # today's: as it is


def test_orders_of_a_stored_log_upgrade_to_counts_per_kind():
    state = new_game(make_rules("classic", {"advantages": True}), ["emperor", "fremen"],
                     random.Random(1))
    stored = {
        "move:fremen": {"plans": [{"move": {"forces": [2, 1], "from": "A", "to": "B"}},
                                  {"ship": {"forces": [3, 0], "to": "C"}}]},
        "revival:emperor": {"forces": [1, 1], "karama": {"forces": [2, 0], "leader": None},
                            "ghola": None, "leader": None, "support": {}},
        "fremen-placement:fremen": [["Sietch Tabr", 14, 8, 2]],
        "worm-ride:fremen": ["Polar Sink", 0, [2, 1]],
        "battle-plan:emperor": {"lose": [1, 2], "if": []}}
    upgraded = upgrade_orders(state, stored)
    assert upgraded["move:fremen"]["plans"] == [
        {"move": {"forces": {"force": 2, "fedaykin": 1}, "from": "A", "to": "B"}},
        {"ship": {"forces": {"force": 3}, "to": "C"}}]
    assert upgraded["revival:emperor"]["forces"] == {"force": 1, "sardaukar": 1}
    assert upgraded["revival:emperor"]["karama"]["forces"] == {"force": 2}
    assert upgraded["fremen-placement:fremen"] == [["Sietch Tabr", 14,
                                                    {"force": 8, "fedaykin": 2}]]
    assert upgraded["worm-ride:fremen"] == ["Polar Sink", 0, {"force": 2, "fedaykin": 1}]
    assert upgraded["battle-plan:emperor"]["lose"] == {"force": 1, "sardaukar": 2}
    assert stored["move:fremen"]["plans"][0]["move"]["forces"] == [2, 1]    # left as it was
    assert upgrade_orders(state, upgraded) == upgraded


def test_a_stored_game_with_a_gms_adjustment_of_pairs_replays():
    """A GM's adjustment (or a dropout's) stored by earlier code set a value of pairs: the
    replay brings the state to today's shape after it (``pbem.game.replay_states``)."""
    record = RECORDS["records"][0]
    log = record["log"][:3]
    played = replay(GAME, record["ruleset"], record["options"], record["seats"],
                    record["seed"], log, "4")
    seat = record["seats"][0]
    paired = _paired(played["factions"][seat]["reserve"], seat)
    adjusted = replay(GAME, record["ruleset"], record["options"], record["seats"],
                      record["seed"], [*log, Adjustment(("factions", seat, "reserve"), paired)],
                      "4")
    assert adjusted == played


def test_events_stored_by_earlier_code_read_as_they_did():
    """The archive renders events as the store keeps them: those of earlier code count forces
    as pairs, and still read as they did ("3 forces (1 starred)")."""
    pairs = [Event("forces-revived", {"faction": "emperor", "forces": [2, 1], "spice": 4}),
             Event("storm-losses", {"faction": "fremen", "territory": "Meridian",
                                    "normal": 1, "starred": 1}),
             Event("forces-placed", {"faction": "fremen", "placements": [
                 ["Sietch Tabr", 14, 8, 2]]}),
             Event("worm-devoured", {"card": "Shai-Hulud #1", "territory": "Red Chasm",
                                     "spice": 8, "forces": {"harkonnen": [3, 0]}})]
    today = [Event("forces-revived", {"faction": "emperor", "forces": {
                 "force": 2, "sardaukar": 1}, "spice": 4}),
             Event("storm-losses", {"faction": "fremen", "territory": "Meridian",
                                    "forces": {"force": 1, "fedaykin": 1}}),
             Event("forces-placed", {"faction": "fremen", "placements": [
                 ["Sietch Tabr", 14, {"force": 8, "fedaykin": 2}]]}),
             Event("worm-devoured", {"card": "Shai-Hulud #1", "territory": "Red Chasm",
                                     "spice": 8, "forces": {"harkonnen": {"force": 3}}})]
    old, new = (render("dune", "events.txt.j2", events=e, seat=None) for e in (pairs, today))
    assert old == new
    assert "Emperor revives 3 forces (1 starred) from the tanks for 4 spice." in new
    assert "The storm kills 2 Fremen forces (1 starred) in Meridian." in new
    assert "10 (2 starred) in Sietch Tabr (sector 14)" in new


def test_every_stored_state_upgrades_to_its_replay_kind_by_kind():
    """The stored games of earlier code (``records/``) replay to states counted per kind whose
    forces are those of the stored pairs, and a stored state upgrades to its replay."""
    for record in RECORDS["records"]:
        step = max(map(int, record["states"]))
        stored = record["states"][str(step)]
        played = replay(GAME, record["ruleset"], record["options"], record["seats"],
                        record["seed"], record["log"][:step], "4")
        for seat in record["seats"]:
            assert _paired(played["factions"][seat]["tanks"], seat) == \
                stored["factions"][seat]["tanks"]
        assert GAME.upgrade(json.loads(json.dumps(stored))) == played
