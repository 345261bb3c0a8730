"""The Orange Catholic Bible (001 3.06.04): "You can only discard it by playing it in your
Battle Plan": the powers' and variants' discards of a worthless card or a card of choice pass
it by (``cards.orange_catholic_bible``)."""

from __future__ import annotations

from pbem.games.dune.cards.orange_catholic_bible import only_in_a_plan
from pbem.games.dune.factions import choam, ecaz_ambassadors
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.state import data

NINE = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen", "choam",
        "ecaz", "moritani"]


def _state(hand: list[str]) -> dict:
    return load_scenario({
        "game": "dune", "seats": NINE, "ruleset": "gf9",
        "options": {"choam_richese": True, "ecaz_moritani": True, "landsraad_9_cards": True},
        "seed": "bible", "position": {"turn": 2, "phase": "bidding", "storm": {"sector": 1},
                                      "factions": {"choam": {"hand": hand, "spice": 5}}}}).state


def _ids(state: dict, names: list[str]) -> list[str]:
    return [next(c for c in state["factions"]["choam"]["hand"]
                 if data(state).treachery_card(c).name == name) for name in names]


def test_001_3_06_04_the_bible_is_discarded_by_no_power_of_choice():
    """Its card is ``only_in_a_plan``; a worthless card sold (CHOAM's Secret Ally, 001
    4.03.07.10) or discarded by an Ambassador (2.11.17.08, .10) is another worthless card, and
    with the Bible alone none is."""
    state = _state(["Orange Catholic Bible", "Baliset"])
    bible, baliset = _ids(state, ["Orange Catholic Bible", "Baliset"])
    assert only_in_a_plan(state, bible) and not only_in_a_plan(state, baliset)
    hand = state["factions"]["choam"]["hand"]
    assert ecaz_ambassadors._discards(state, hand, None, every=True) == [baliset]
    assert choam._worthless_sold(state, "choam") is not None
    assert hand == [bible]
    assert ecaz_ambassadors._discards(state, hand, None, every=True) == []
    assert choam._worthless_sold(state, "choam") is None and hand == [bible]
