"""GF9: the Karama against a faction ability (001 3.01.12.02-03, ``cards/karama_reach``):
what the scenario files cannot reach (``tests/dune/scenarios/gf9_3_01_12_02_*.yaml`` pin each
ability's cancellation and its retaking)."""

from __future__ import annotations

import pytest

from pbem.game import Event
from pbem.games.dune.cards import karama, karama_reach, move_karama
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders.problem import OrderProblem
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.view import public_view, seat_view
from pbem.templating import environment

FR, AT, GU = "fremen", "atreides", "guild"


def position(ruleset="gf9", hand=("Karama",), **extra):
    """A movement round of turn 2 with the Fremen, the Atreides (holding ``hand``) and the
    Guild."""
    return load_scenario({
        "game": "dune", "seats": [AT, FR, GU], "seed": "karama-reach", "ruleset": ruleset,
        "position": {"turn": 2, "phase": "movement", "storm": {"sector": 1},
                     "forces": {"Sietch Tabr": {FR: 6}, "Rim Wall West": {AT: 10},
                                "Tuek's Sietch": {GU: 5}},
                     "factions": {AT: {"hand": list(hand)}}, **extra}}).state


def test_001_3_01_12_02_every_ability_a_karama_reaches_has_its_words_in_the_report():
    """Each word of ``REACHES`` renders its own sentence naming the ability and its 001
    section (events.txt.j2), never the fallback."""
    template = environment("dune").get_template("events.txt.j2")
    for word, found in karama_reach.REACHES.items():
        event = Event("karama-against", {"faction": AT, "target": FR, "ability": word,
                                         "retake": True})
        text = template.render(events=[event], seat=None)
        assert found.section in text and "retake" in text, (word, text)
        assert "karama against" not in text


def test_001_3_01_12_02_the_lines_open_to_a_faction_name_the_factions_that_have_the_ability():
    """The Atreides may stand ready against the Fremen's move of two and the Guild's shipping
    (001 2.04.07, 2.06.05-07); under AH no such line exists (000 player aid B.6.A)."""
    state = position()
    targets = karama_reach.targets(state, AT)
    assert targets["movement"] == [FR]
    assert targets["half-price"] == targets["off-planet"] == targets["cross-ship"] == [GU]
    assert targets["payment"] == [AT]         # its own shipment; the Fremen ship free
    assert "charity" not in targets            # no Bene Gesserit in the game
    assert "movement" in move_karama.uses(state, AT)
    assert karama_reach.uses(position(ruleset="classic"), AT) == []


def test_001_3_01_12_02_a_karama_line_reads_back_as_it_prints():
    """``KARAMA <WORD> [<faction>]``: the faction may be left out when only one may be named;
    printing the part and reading it again gives the same part (STYLE 3)."""
    state = position()
    part = move_karama.read(state, AT, "movement", [])
    assert part == ["movement", FR]
    assert move_karama.text(state, part) == "KARAMA MOVEMENT Fremen"
    assert move_karama.read(state, AT, "movement", ["Fremen"]) == part


def test_001_3_01_12_02_without_a_karama_card_or_under_classic_the_line_is_refused():
    """The refusal says why and cites 001; a classic game refuses the GF9 line."""
    with pytest.raises(OrderProblem, match="hold no Karama"):
        move_karama.read(position(hand=()), AT, "movement", ["Fremen"])
    with pytest.raises(OrderProblem, match="only under GF9.*001 2.04.07"):
        move_karama.read(position(ruleset="classic"), AT, "movement", ["Fremen"])


def test_001_3_01_12_02_a_use_cancelled_is_lifted_and_a_line_stands_until_used():
    """A line stands ready (unseen) until its use; the cancelled use is lifted once its action
    is over, and the invariant flags one left over outside its round."""
    state = position()
    karama_reach.stand_ready(state, AT, [["movement", FR]])
    assert state["karamas"] == [[AT, "movement", FR]]
    assert karama.ready_against(state, "movement", FR) == AT
    events = karama.play_against(state, "movement", FR, retake=True)
    assert [e.code for e in events] == ["karama-against"] and state["karamas"] == []
    assert karama.cancelled(state, "movement", FR) and violations(state) == []
    assert seat_view(state, FR)["own"]["cancelled"] == ["movement"]     # it retakes knowing
    state["phase"] = "battle"
    assert any(v.startswith("karamas:") for v in violations(state))
    karama_reach.lift_turn(state)
    assert not karama.cancelled(state, "movement", FR) and violations(state) == []


def test_001_3_01_12_02_a_line_lapses_when_its_player_holds_no_karama_at_the_use():
    """"Play at anytime ... then discard" (3.01.12.01): a faction that spent its card
    elsewhere plays nothing, and its line is dropped."""
    state = position()
    karama_reach.stand_ready(state, AT, [["movement", FR]])
    state["factions"][AT]["hand"] = []
    assert karama.play_against(state, "movement", FR) == []
    assert state["karamas"] == [] and not karama.cancelled(state, "movement", FR)


def test_001_3_01_12_02_a_line_standing_ready_is_seen_by_its_player_alone():
    """Unseen until played: the line is in its player's own view and report, in no other."""
    state = position()
    karama_reach.stand_ready(state, AT, [["half-price", GU]])
    assert seat_view(state, AT)["own"]["karamas"] == [["half-price", GU]]
    assert "karamas" not in seat_view(state, GU)["own"]
    assert "karamas" not in public_view(state)
    report = environment("dune").get_template("view.txt.j2").render(
        view=seat_view(state, AT), seat=AT)
    assert "KARAMA HALF-PRICE Spacing Guild" in report
