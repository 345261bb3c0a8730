"""CHOAM's powers one by one (001 2.09): its sheet under either text, the Auditor's disc and
traitor card, his protections, and the hooks the phases call."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import yaml

from pbem.games import dune
from pbem.games.dune import factions
from pbem.games.dune.board import reach
from pbem.games.dune.bots import basic_bot
from pbem.games.dune.factions import choam_multipurpose as multipurpose
from pbem.games.dune.factions import harkonnen_capture
from pbem.games.dune.factions.base import RevivalTerms
from pbem.games.dune.factions.choam import Choam
from pbem.games.dune.forces import kinds
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import data
from pbem.games.dune.view import seat_view

SCENARIOS = Path(__file__).parent / "scenarios"
SEATS = ["atreides", "choam", "emperor", "fremen", "guild", "harkonnen"]
FIVE = {"Viscount Tull", "Duke Verdun", "Rajiv Londine", "Lady Jalma", "Frankos Aru"}


def _game(options: dict | None = None, seed: int = 7) -> dict:
    rules = make_rules("gf9", {"choam_richese": True, **(options or {})})
    return new_game(rules, list(SEATS), random.Random(seed))


def _traitor_cards(state: dict) -> set[str]:
    return ({name for seat in SEATS for name in state["factions"][seat]["traitor_draw"]}
            | set(state["decks"]["traitors"]))


def test_001_2_09_17_the_auditor_and_his_traitor_card_only_in_the_advanced_game():
    """2.09.17 (A), 2.09.22 (B): "Gain the Auditor Leader Disc and shuffle the Auditor Traitor
    card into the Traitor deck", an advanced ability (2.09.01)."""
    basic, advanced = _game(), _game({"advanced": True})
    assert set(basic["factions"]["choam"]["leaders"]) == FIVE
    assert set(advanced["factions"]["choam"]["leaders"]) == FIVE | {"Auditor"}
    assert "Auditor" not in _traitor_cards(basic)
    assert "Auditor" in _traitor_cards(advanced)
    revised = _game({"advanced": True, "choam_landsraad": True})
    assert set(revised["factions"]["choam"]["leaders"]) == FIVE | {"Auditor"}


def test_001_2_09_20_the_harkonnen_never_capture_the_auditor():
    """2.09.20 (A) PROTECTIONS: "The Auditor can not be ... captured by the Harkonnens"."""
    state = _game({"advanced": True})
    state["step"] = {"fought": {}}
    assert set(harkonnen_capture.candidates(state, "choam", "Arrakeen")) == FIVE


def test_001_2_09_12_b_elite_mercenaries_are_a_kind_of_the_revision_only():
    """2.09.12 (B) HIGHER CONTRACTS: nine of CHOAM's twenty are Elite Mercenaries, worth two
    (2.09.14); the published text's twenty are one kind, revived at 1 spice (2.09.09)."""
    published, revised = _game(), _game({"choam_landsraad": True})
    assert published["factions"]["choam"]["reserve"] == {"mercenary": 20}
    assert revised["factions"]["choam"]["reserve"] == {"mercenary": 11, "elite_mercenary": 9}
    elite = data(make_rules("gf9", {"choam_landsraad": True})).force_kind("elite_mercenary")
    assert (elite.strength, elite.revival_cost, elite.revived_per_turn) == (2, 2, 3)
    assert [kind.name for kind in kinds(revised, "choam")] == ["mercenary", "elite_mercenary"]


def test_choam_plays_only_where_its_expansion_is_seated():
    """001 setup 11: the expansion's factions only with it; the class answers for every
    ruleset whose data has CHOAM."""
    assert isinstance(factions.registry("gf9")["choam"], Choam)
    assert "choam" not in factions.registry("classic")
    assert "choam" not in new_game(make_rules("gf9", {}), ["atreides", "harkonnen"],
                                   random.Random(1))["factions"]


def test_001_2_09_06_choam_holds_five_cards():
    """2.09.06 (A), 2.09.09 (B) TREACHERY: "You may hold up to 5 Treachery Cards"."""
    for options in ({}, {"choam_landsraad": True}):
        rules = make_rules("gf9", {"choam_richese": True, **options})
        assert data(rules).by_seat["choam"].hand_limit == 5


def _with_effect(effect: dict, options: dict | None = None) -> dict:
    state = _game(options)
    state["factions"]["choam"][multipurpose.EFFECTS] = [effect]
    return state


def test_001_2_09_08_an_effect_in_force_is_public_and_read_from_any_view():
    """2.09.08 (A) MULTIPURPOSE PRODUCT: Baliset's bar and Kulon's extra territory lie in front
    of CHOAM's shield (``choam_multipurpose``): every seat's view shows them, and the rules
    read them alike from the state and from a view (the bots' reach)."""
    state = _with_effect({"user": "choam", "card": "Baliset", "faction": "fremen",
                          "territory": "Carthag"})
    for seat in SEATS:
        view = seat_view(state, seat)
        assert view["factions"]["choam"][multipurpose.EFFECTS][0]["territory"] == "Carthag"
        assert "Carthag" in multipurpose.moves_barred(view, "choam", "fremen")
    assert set(reach.moves_barred(state, "fremen")) == {"Carthag"}
    assert reach.moves_barred(state, "atreides") == {}
    kulon = _with_effect({"user": "choam", "card": "Kulon"})
    assert reach.move_range(kulon, "choam") == reach.move_range(_game(), "choam") + 1
    multipurpose.moved(kulon, "choam", "choam")        # spent on its first move
    assert reach.move_range(kulon, "choam") == reach.move_range(_game(), "choam")


def test_001_2_09_08_la_la_la_takes_the_free_revival_and_2_09_11_b_adds_one():
    """2.09.08 (A): "Prevent a player's Free Revival ability"; 2.09.11 (B): "Increase your
    revival limit by 1": the revival terms the hook gives."""
    terms = RevivalTerms()
    published = _with_effect({"user": "choam", "card": "La La La", "faction": "fremen"})
    assert Choam().revival_terms(published, "fremen", terms).no_free
    assert not Choam().revival_terms(published, "atreides", terms).no_free
    revised = _with_effect({"user": "atreides", "card": "La La La"}, {"choam_landsraad": True})
    assert Choam().revival_terms(revised, "atreides", terms).forces == terms.forces + 1


def test_001_2_09_08_la_la_la_stands_whatever_hooks_follow_choams():
    """2.09.08 (A): La La La's bar on a free revival is one of the revival terms every
    faction's hook passes on: the Tleilaxu's (2.08.16, their ally's half price), asked after
    CHOAM's, keep it for their ally and for themselves."""
    rules = make_rules("gf9", {"choam_richese": True, "ixians_tleilaxu": True})
    seats = ["choam", "fremen", "tleilaxu", "atreides", "harkonnen", "emperor"]
    state = new_game(rules, seats, random.Random(7))
    state["alliances"] = [["fremen", "tleilaxu"]]
    for seat in ("fremen", "tleilaxu"):
        state["factions"]["choam"][multipurpose.EFFECTS] = [
            {"user": "choam", "card": "La La La", "faction": seat}]
        powers = factions.ordered(state, "revival", "revival_terms")
        assert [power.seat for power in powers].index("tleilaxu") > [
            power.seat for power in powers].index("choam")
        terms = RevivalTerms()
        for power in powers:
            terms = power.revival_terms(state, seat, terms)
        assert terms.no_free


def test_001_2_09_08_the_effects_end_with_their_phase():
    """An effect carried out at the end of the phase before acts in the next phase only: the
    Shipment and Movement effects end with it, La La La with the Revival."""
    state = _with_effect({"user": "choam", "card": "Kulon"})
    state["phase"] = "movement"
    multipurpose.phase_ends(state, "choam")
    assert multipurpose.EFFECTS not in state["factions"]["choam"]


def test_001_2_09_08_the_basic_bot_keeps_one_worthless_card_for_its_effect():
    """The basic bot keeps a Kulon for its own effect (2.09.08 (A)) and sells the other
    Worthless cards on the Open Market (2.09.07)."""
    state = _game()
    cards = {card.name: card.id for card in data(state).treachery_deck}
    state["factions"]["choam"]["hand"] = [cards["Kulon"], cards["Baliset"]]   # a test's hand
    view = seat_view(state, "choam")
    prompts = {p.kind: p for p in factions.power("choam", state).standing_prompts(
        state, [multipurpose.prompt(state, "choam")]) if p.seat == "choam"}
    rng = random.Random(1)
    assert basic_bot.basic_order(view, prompts[multipurpose.KIND], rng) == "USE KULON"
    assert basic_bot.basic_order(view, prompts["market"], rng) == "SELL Baliset"


def test_001_1_14_10_a_karama_sale_carried_out_leaves_the_logged_order_as_given():
    """1.14.10 (A): CHOAM's Karama sale, a line of its Open Market order, is carried out at the
    end of the phase; the order's value the step was applied with (the log's) is left as
    given, so the game replays from its log (a run of self-play found it emptied)."""
    path = SCENARIOS / "gf9_1_14_10_choam_karama_discards_cards_for_3_spice_each.yaml"
    scenario = yaml.safe_load(path.read_text())
    state = load_scenario(scenario).state
    batch = {}
    for seat, text in scenario["orders"][0].items():
        batch.update({o.prompt: o.value for o in dune.parse(state, seat, text).orders})
    batch = {p.key: batch.get(p.key, p.default) for p in dune.prompts(state)}
    logged = copy.deepcopy(batch)
    played, _ = dune.apply(state, batch, random.Random(0))
    assert batch == logged
    assert played["factions"]["choam"]["karama_power_used"]


def test_001_1_14_10_the_sale_kept_is_a_copy_of_the_order():
    """CHOAM's standing sale is kept in its sheet as a copy: the Karama sale taken out of it
    at the phase's end (001 1.14.10 (A), ``choam_karama``) leaves the order the game's log
    keeps as it was sent, so the game replays (a self-play replay check found it)."""
    from pbem.games.dune.factions import choam_market

    state = _game()
    order = {"worthless": False, "cards": [], "karama": ["ALL"]}
    choam_market.given(state, "choam", order)
    state["factions"]["choam"]["market"].pop("karama")
    assert order == {"worthless": False, "cards": [], "karama": ["ALL"]}


def test_001_2_09_11_b_the_jubba_cloak_moves_through_the_storm_never_out_of_it():
    """2.09.11 (B): "your Forces may move through" the storm: a group under the storm still
    may not move (000 IX.C), in the bots' reach as in the orders' (self-play found a bot's move
    out of the storm refused)."""
    state = _with_effect({"user": "choam", "card": "Jubba Cloak"}, {"choam_landsraad": True})
    state["storm"]["sector"] = 8
    state["forces"]["False Wall East"] = {"8": {"choam": {"mercenary": 1}}}
    place = ("False Wall East", 8)
    assert reach.through_storm(state, "choam")
    assert reach.destinations_by_place(state, "choam", {place[0]: [place[1]]})[place] == {}
    assert reach.move_destinations(state, "choam", *place) == {}


def test_001_2_09_21_b_the_auditor_lent_is_the_allys_leader_in_state_and_view():
    """2.09.21 (B) ALLIANCE: "You may add the Auditor to your ally's leader pool during the
    Shipment and Movement Phase": CHOAM's standing LEND asked only under the revision while
    allied; carried out as the phase ends, the Auditor then in the ally's pool (its plan from
    the state and from its own view, public), not CHOAM's, and back as the battle phase ends."""
    from pbem.games.dune.factions import choam_audit as audit
    from pbem.games.dune.invariants import violations
    published = _game({"advanced": True})
    published["alliances"] = [["atreides", "choam"]]
    assert not audit.lending(published, "choam")
    state = _game({"advanced": True, "choam_landsraad": True})
    assert not audit.lending(state, "choam")                 # no ally
    state["alliances"] = [["atreides", "choam"]]
    assert audit.lending(state, "choam")
    assert audit.lend_given(state, "choam", True)[0].to == ("choam",)       # secret until made
    state["phase"] = "movement"
    events = audit.phase_ends(state, "choam")
    assert [(e.code, e.to) for e in events] == [("auditor-lent", None)]
    assert state["factions"]["choam"]["leaders"]["Auditor"] == "lent"
    assert factions.lent_to(state, "atreides") == {"Auditor": "choam"}
    assert factions.lent_to(state, "choam") == {}
    assert not audit.lending(state, "choam")
    state["phase"] = "battle"
    state["forces"] = {"The Great Flat": {"9": {"atreides": {"force": 3}, "harkonnen": {
        "force": 2}}}}
    battle = {"aggressor": "atreides", "defender": "harkonnen", "territory": "The Great Flat",
              "sectors": [9]}
    state["step"] = {"battle": battle, "fought": {}, "queue": [], "kh_used": False}
    view = seat_view(state, "atreides")
    assert view["factions"]["choam"][audit.LENT_TO] == "atreides"
    assert factions.lent_to(view, "atreides") == {"Auditor": "choam"}
    assert audit.open_against(state, "choam", battle) == "harkonnen"
    assert audit.estimating(state, "choam", "atreides")
    assert not audit.estimating(state, "choam", "choam")
    assert not [v for v in violations(state) if "Auditor" in v]
    state["factions"]["choam"].pop(audit.LENT_TO)
    assert [v for v in violations(state) if "Auditor" in v]
    state["factions"]["choam"][audit.LENT_TO] = "atreides"
    back = audit.phase_ends(state, "choam")
    assert [(e.code, e.data["back"]) for e in back] == [("auditor-lent", True)]
    assert state["factions"]["choam"]["leaders"]["Auditor"] == "alive"
    assert factions.lent_to(state, "atreides") == {}


def test_001_2_09_08_kull_wahad_stops_a_karama_and_bars_the_rest_of_the_phase():
    """2.09.08 (A): "Kull Wahad - Prevent a player from playing a Karama card this Phase as
    they attempt to do so": CHOAM's standing use naming the Harkonnen is carried out as their
    Karama is played (``karama.play``): the play has no effect, their Karama stays in their
    hand, the Kull Wahad is discarded, and they may play no Karama, from the state or any
    seat's view, until the phase ends."""
    from pbem.games.dune.cards import karama
    state = _game({"ixians_tleilaxu_cards": True})
    state["phase"] = "revival"
    cards = {card.name: card.id for card in data(state).treachery_deck}
    state["factions"]["choam"]["hand"] = [cards["Kull Wahad"]]               # a test's hand
    state["factions"]["harkonnen"]["hand"] = [cards["Karama"]]
    multipurpose.given(state, "choam", {"card": "Kull Wahad", "faction": "harkonnen"})
    events, effective = karama.play(state, "harkonnen", "steal")
    assert not effective
    assert [(e.code, e.data["target"], e.to) for e in events] == [
        ("worthless-used", "harkonnen", None)]
    assert state["factions"]["harkonnen"]["hand"] == [cards["Karama"]]
    assert state["factions"]["choam"]["hand"] == []
    assert cards["Kull Wahad"] in state["decks"]["treachery_discard"]
    assert karama.playable(state, "harkonnen") == []
    assert karama.of_view(seat_view(state, "harkonnen")) == []
    assert factions.bars_karama(seat_view(state, "atreides"), "harkonnen")
    multipurpose.phase_ends(state, "choam")
    assert karama.playable(state, "harkonnen") == [cards["Karama"]]
    played, effective = karama.play(state, "harkonnen", "steal")                # no word now
    assert effective and [e.code for e in played] == ["karama"]


def test_001_2_09_08_kull_wahad_whose_card_is_gone_lapses_and_the_karama_goes_ahead():
    """A use whose card the user no longer holds stops nothing: the Karama is played as usual,
    and the use lapses as the phase ends, told to the user alone (2.09.08 (A), the rulings of
    MULTIPURPOSE PRODUCT)."""
    from pbem.games.dune.cards import karama
    state = _game({"ixians_tleilaxu_cards": True})
    cards = {card.name: card.id for card in data(state).treachery_deck}
    state["factions"]["choam"]["hand"] = []
    state["factions"]["harkonnen"]["hand"] = [cards["Karama"]]
    multipurpose.given(state, "choam", {"card": "Kull Wahad", "faction": "harkonnen"})
    events, effective = karama.play(state, "harkonnen", "steal")
    assert effective and [e.code for e in events] == ["karama"]
    lapsed = multipurpose.phase_ends(state, "choam")
    assert [(e.code, e.to) for e in lapsed] == [("use-lapsed", ("choam",))]
    assert multipurpose.USE not in state["factions"]["choam"]


def test_001_4_03_07_10_a_use_the_cunning_paid_for_stands_and_may_be_said_again():
    """001 4.03.07.10, the CHOAM card's Cunning: a use named WITH another card stands until
    carried out, past the turn the power was lent for; said again as it stands (the prompt's
    ``Now:``, which the random bot keeps) it is kept, not refused.  Self-play found the line
    refused (``x1k-9-b-adv-random-117``, step 60: ``USE KULON WITH Snooper`` named in a
    movement round, said again next turn).  Another use WITH a card still needs the power."""
    state = _game({"nexus_cards": True})
    cards = {card.name: card.id for card in data(state).treachery_deck}
    state["factions"]["choam"]["hand"] = [cards["Lasgun"]]                   # a test's hand
    multipurpose.given(state, "choam", {"card": "Kulon", "with": "Lasgun"})  # lent last turn
    prompt = multipurpose.prompt(state, "choam")
    assert "Now: USE KULON WITH Lasgun" in prompt.legal
    kept = dune.parse_decision(state, prompt, "USE KULON WITH Lasgun")
    assert not kept.errors and [o.value for o in kept.orders] == [
        {"card": "Kulon", "with": "Lasgun"}]
    bot = dune.parse_decision(state, prompt, multipurpose.text(state, prompt.default))
    assert not bot.errors
    other = dune.parse_decision(state, prompt, "USE LA LA LA Harkonnen WITH Lasgun")
    assert [e.code for e in other.errors] == ["bad-special"]
