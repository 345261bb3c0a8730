"""The Fremen's GF9 rules that a scenario file cannot pin (001 2.04, 1.14.04): who sees the
storm card, and the Karama worm's decision; ``tests/dune/scenarios/gf9_2_04_*.yaml`` and
``gf9_1_14_04_*.yaml`` pin the rest."""

from dune_leaks import leaked

from pbem.games import dune
from pbem.games.dune.ahead import decisions, parse_mail
from pbem.games.dune.cards import move_karama
from pbem.games.dune.orders.language import parse_orders
from pbem.games.dune.phases import spice_blow
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.view import public_view
from pbem.templating import render

SEATS = ["atreides", "fremen", "harkonnen"]


def position(options=None, **position):
    return load_scenario({"game": "dune", "seats": SEATS, "ruleset": "gf9", "seed": "fremen",
                          "options": {"advanced": True} if options is None else options,
                          "position": position}).state


def test_001_2_04_15_the_storm_card_is_seen_by_the_fremen_alone():
    """001 2.04.14: the storm card is put "face down"; 2.04.15: "you may secretly look at the
    Storm Card".  The Fremen's view and report hold it; no other seat's, nor the public view,
    and the leak detector finds it in another seat's mail."""
    state = position(turn=3, phase="bidding", storm={"sector": 4, "marker": 5})
    assert dune.view(state, "fremen")["own"]["storm_card"] == 5
    for seat in ("atreides", "harkonnen"):
        assert "storm_card" not in dune.view(state, seat)["own"]
    assert "5" not in str(public_view(state)["storm"])
    texts = {seat: render("dune", "view.txt.j2", view=dune.view(state, seat), seat=seat)
             for seat in SEATS}
    assert "storm card, face down for the next storm: 5" in texts["fremen"]
    held = {seat: set() for seat in SEATS}
    assert leaked(texts["fremen"], "atreides", held, set()) == {"the Fremen's storm card"}
    assert not leaked(texts["atreides"], "atreides", held, set())
    assert not leaked(texts["fremen"], "fremen", held, set())


def test_001_2_04_14_the_basic_game_draws_no_storm_card():
    """001 2.04.01: the STORM RULE is advanced; in the basic game nobody draws a card."""
    state = position(options={}, turn=3, phase="bidding", storm={"sector": 4})
    assert "storm_card" not in dune.view(state, "fremen")["own"]
    assert state["storm"]["marker"] is None


def blow(options=None, turn=3, hand=("Karama",)):
    """A GF9 spice blow that turns no worm, the Fremen holding ``hand``."""
    return position(options, turn=turn, phase="spice_blow",
                    storm={"sector": 1, "dialers": ["atreides", "harkonnen"], "marker": 2},
                    factions={"fremen": {"hand": list(hand)}},
                    decks={"spice_discard": ["Red Chasm", "Habbanya Erg"],
                           "spice": ["Old Gap", "Sihaya Ridge"]})


def keys(state):
    """The decisions open, but the deals that ride along with every one (001 1.12.01)."""
    return [prompt.key for prompt in dune.prompts(state) if prompt.kind != "deal"]


def test_001_1_14_04_the_karama_worm_is_asked_after_turn_1_with_a_karama_once_a_game():
    """001 1.14.04: "after turn 1", with a Karama Card; 1.14.01: "once in a game"; 1.13.01:
    an advanced rule.  Asked once the piles are turned; not on turn 1, not without a Karama,
    not in the basic game, not once the power is used (``spice_blow.summoner``)."""
    assert keys(blow()) == ["worm-summon:fremen"]
    assert keys(blow(hand=["Shield"])) == ["bid:atreides", "bid:fremen", "bid:harkonnen"]
    assert "worm-summon:fremen" not in keys(blow(options={}))
    used = blow()
    used["factions"]["fremen"]["karama_power_used"] = True
    used["step"]["summoned"] = False
    assert spice_blow.summoner(used) is None
    assert "worm-summon:fremen" not in keys(blow(turn=1))


def test_001_1_14_04_the_karama_worm_order_reads_a_sand_territory_and_reads_back():
    """001 1.14.04: "any sand Territory"; STYLE 3: the order text reads back the same."""
    state = blow()
    prompts = dune.prompts(state)
    for text, value in (("KARAMA WORM The Great Flat", "The Great Flat"),
                        ("KARAMA NONE", None)):
        (read,) = parse_orders(state, "fremen", text, prompts).orders
        assert (read.value, read.text) == (value, text)
    for text, code in (("KARAMA WORM Carthag", "territory-not-allowed"),
                       ("KARAMA CONTROL", "karama")):
        (error,) = parse_orders(state, "fremen", text, prompts).errors
        assert (error.line, error.code) == (text, code)


def test_001_1_14_04_under_gf9_the_movement_turn_has_no_karama_worm():
    """Under GF9 the Karama worm is the spice blow's (001 1.14.04), not classic's line of the
    Fremen's movement turn (000 line 838, ``move_karama``)."""
    state = position(turn=3, phase="movement", storm={"sector": 1, "marker": 2},
                     factions={"fremen": {"hand": ["Karama"]}})
    assert "worm" not in move_karama.uses(state, "fremen")


def test_001_1_14_04_the_karama_worm_may_be_sent_ahead_under_for_worm():
    """Orders ahead (docs/orders.md): the turn before, the Fremen may send their Karama worm
    under ``FOR WORM``; it is held for the next turn's spice blow."""
    state = position(turn=2, phase="revival", storm={"sector": 1, "marker": 2},
                     factions={"fremen": {"hand": ["Karama"]}})
    coming = {d.prompt.held_as: d.header for d in decisions(state, "fremen")}
    assert coming["worm-summon@3:fremen"] == "WORM"
    parsed = parse_mail(state, "fremen", "FOR WORM\nKARAMA WORM Hagga Basin",
                              dune.prompts(state))
    assert not parsed.errors
    assert [(o.prompt, o.value) for o in parsed.orders] == [
        ("worm-summon@3:fremen", "Hagga Basin")]


def test_001_2_04_12_the_fremen_are_asked_to_grant_or_withhold_and_their_ally_is_told():
    """001 2.04.12: "At your discretion, your ally's free revival is 3".  In the revival round
    the Fremen, with nothing of their own to revive, are asked while their ally has more forces
    in the tanks than its own free number; their prompt offers WITHHOLD FREE-REVIVAL, which
    reads back as written, and their ally's says the 3 may be withheld.  Without the alliance,
    or with the ally's tanks within its own free number, nobody asks the Fremen."""
    state = position(options={}, turn=2, phase="revival", storm={"sector": 5},
                     alliances=[["fremen", "harkonnen"]],
                     factions={"harkonnen": {"tanks": 5, "spice": 1}})
    prompts = {p.seat: p for p in dune.prompts(state) if p.kind == "revival"}
    assert set(prompts) == {"fremen", "harkonnen"}
    assert "WITHHOLD FREE-REVIVAL [<ally>]" in prompts["fremen"].legal
    assert "3 free by your ally's grant, which it may withhold" in prompts["harkonnen"].legal
    parsed = dune.parse(state, "fremen", "withhold free-revival harkonnen")
    assert not parsed.errors and parsed.orders[0].value["withhold"] == ["harkonnen"]
    assert dune.parse(state, "fremen", parsed.orders[0].text).orders[0].value == \
        parsed.orders[0].value
    refused = dune.parse(state, "harkonnen", "WITHHOLD FREE-REVIVAL")
    assert [e.code for e in refused.errors] == ["no-grant"]
    few = position(options={}, turn=2, phase="revival", storm={"sector": 5},
                   alliances=[["fremen", "harkonnen"]],
                   factions={"harkonnen": {"tanks": 2, "spice": 1}})
    assert {p.seat for p in dune.prompts(few) if p.kind == "revival"} == {"harkonnen"}
