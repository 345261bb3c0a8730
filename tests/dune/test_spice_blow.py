"""The spice blow of classic Dune: 000 VII (lines 264-277), XXI (lines 558-575), the Fremen's
worms (shield lines 828-840; XV line 996), Q&A XXV.C.1 and XXV.E.4-5 (lines 674-706), WBC
clarifications VII (000 lines 1121-1138; 004 lines 227-235) and WBC house rule 4 (000 line
1045).  The Nexus itself is tested in test_nexus.py."""

from __future__ import annotations

import random

import pytest
from dune_seats import CLASSIC, SEAT_FACTIONS

from pbem.games.dune.decks import spice_discards
from pbem.games.dune.forces import add, add_forces, all_of, count_in, counts_of, plain, take, total
from pbem.games.dune.orders.language import parse_orders
from pbem.games.dune.phases import spice_blow
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import data

ALL = list(SEAT_FACTIONS)
NOT_FREMEN = [seat for seat in ALL if seat != "fremen"]
WORM1, WORM2, WORM3 = "Shai-Hulud #1", "Shai-Hulud #2", "Shai-Hulud #3"
EVERY_CARD = sorted(card.id for card in CLASSIC.spice_deck)


class Stacked(random.Random):
    """A generator whose shuffles put the given cards on top, in that order (the test decides
    what the shuffled deck turns up; everything else stays random)."""

    def __init__(self, *top: str) -> None:
        super().__init__(0)
        self.top = top

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        super().shuffle(x)
        x.sort(key=lambda card: -self.top.index(card) if card in self.top else -99)


def game(ruleset="classic", seats=ALL, turn=2, storm=1, seed=1, **options):
    """A game at the start of a spice blow, with an empty map (every force in reserve) and no
    spice on it."""
    state = new_game(make_rules(ruleset, options), list(seats), random.Random(seed))
    for sectors in state["forces"].values():
        for by_faction in sectors.values():
            for faction, counts in by_faction.items():
                add(state["factions"][faction]["reserve"], counts)
    state.update(forces={}, spice={}, turn=turn, phase="spice_blow", step={})
    state["storm"]["sector"] = storm
    for seat, sheet in state["factions"].items():
        add(sheet["reserve"], {plain(state, seat): sheet["to_place"]})
        sheet["to_place"] = 0
    return state


def arrange(state, top=(), piles=None):
    """Put ``top`` on the spice deck (``top[0]`` turned first) and the discard piles as given;
    every other card lies in the deck below them."""
    decks, names = state["decks"], spice_discards(state)
    piles = piles or [[] for _ in names]
    placed = [*top, *(card for pile in piles for card in pile)]
    rest = [card for card in EVERY_CARD if card not in placed]
    decks["spice"] = rest + list(reversed(top))
    for name, pile in zip(names, piles, strict=True):
        decks[name] = list(pile)
        state["spice_last"][name] = spice_blow.last_territory(state, pile)


def discards(state):
    """The spice discard piles the game uses, in order (``decks.spice_discards``)."""
    return [state["decks"][pile] for pile in spice_discards(state)]


def last_blows(state):
    """The territory each of them last turned up (000 XXI.B.2), in order."""
    return [state["spice_last"][pile] for pile in spice_discards(state)]


def station(state, faction, territory, sector, normal, starred=0):
    """Forces of a faction from its reserve onto the map."""
    counts = counts_of(state, faction, (normal, starred))
    take(state["factions"][faction]["reserve"], counts)
    add_forces(state, faction, territory, sector, counts)


def codes(events):
    return [event.code for event in events]


def keys(state):
    return sorted(prompt.key for prompt in spice_blow.prompts(state))


def passes(state):
    """Every faction PASSes the open Nexus."""
    return {key: None for key in keys(state)}


def order(state, seat, text):
    """The value of one order as the seat's mail would give it (asserting it reads)."""
    parsed = parse_orders(state, seat, text, spice_blow.prompts(state))
    assert not parsed.errors, parsed.errors
    (read,) = parsed.orders
    return read.value


def cards_conserved(state):
    return sorted(state["decks"]["spice"] + [c for pile in discards(state) for c in pile]) == \
        EVERY_CARD


# --- territory cards
def test_vii_a_1_a_territory_card_places_its_spice_on_the_territory():
    """000 VII.A.1: "the amount of spice indicated on the card is placed ... onto the
    territory in the sector containing the asterisk"."""
    state = game()
    arrange(state, top=["The Great Flat"])
    events = spice_blow.begin(state, random.Random(0))
    assert state["spice"] == {"The Great Flat": 10}
    assert discards(state) == [["The Great Flat"]]
    assert codes(events) == ["spice-card", "spice-placed"]
    assert events[1].data == {"territory": "The Great Flat", "sector": 15, "amount": 10}
    assert all(event.to is None for event in events)
    assert spice_blow.done(state) and not spice_blow.prompts(state)


def test_vii_a_1_spice_adds_to_spice_already_there():
    """000 VII.A.1 places the card's spice; XI.B: "Uncollected spice remains where it is"."""
    state = game()
    state["spice"]["Red Chasm"] = 3
    arrange(state, top=["Red Chasm"])
    spice_blow.begin(state, random.Random(0))
    assert state["spice"] == {"Red Chasm": 11}


def test_vii_a_1_no_spice_is_placed_when_its_sector_is_in_storm():
    """000 VII.A.1: "If the asterisk sector is currently in storm, no spice is placed that
    turn"; the card is still the last territory turned up (VII.A.2)."""
    state = game(storm=15)
    arrange(state, top=["The Great Flat"])
    events = spice_blow.begin(state, random.Random(0))
    assert state["spice"] == {}
    assert codes(events) == ["spice-card", "spice-in-storm"]
    assert spice_blow.last_territory(state, discards(state)[0]) == "The Great Flat"


# --- worms
def test_vii_a_2_a_worm_devours_spice_and_forces_of_the_last_territory_turned_up():
    """000 VII.A.2: "all spice and tokens in the territory last turned up in the spice deck are
    removed to the spice bank and tanks, respectively, AND another card is turned over"."""
    state = game(seats=NOT_FREMEN, advantages=True)
    state["spice"]["Red Chasm"] = 8
    station(state, "harkonnen", "Red Chasm", 7, 5)
    station(state, "emperor", "Red Chasm", 7, 2, 1)
    station(state, "atreides", "Arrakeen", 10, 10)
    arrange(state, top=[WORM1, "Broken Land"], piles=[["Red Chasm"]])
    spice_blow.begin(state, random.Random(0))
    events = spice_blow.apply(state, passes(state), random.Random(0))
    assert "Red Chasm" not in state["spice"] and "Red Chasm" not in state["forces"]
    assert state["factions"]["harkonnen"]["tanks"] == {"force": 5}
    assert state["factions"]["emperor"]["tanks"] == {"force": 2, "sardaukar": 1}
    assert count_in(state, "atreides", "Arrakeen") == {"force": 10}
    devoured = next(e for e in events if e.code == "worm-devoured")
    assert devoured.to is None
    assert devoured.data == {"card": WORM1, "territory": "Red Chasm", "spice": 8,
                             "forces": {"emperor": {"force": 2, "sardaukar": 1},
                                        "harkonnen": {"force": 5}}}
    assert state["spice"] == {"Broken Land": 8}
    assert discards(state) == [["Red Chasm", WORM1, "Broken Land"]]
    assert spice_blow.done(state)


def test_wbc_vii_8_worms_eat_only_after_the_nexus_is_resolved():
    """WBC VII (000 line 1138): "Worms eat tokens only after the Nexus is resolved"; 000 XII.A-B:
    "play stops immediately" and then continues "with the worm devouring"."""
    state = game(seats=NOT_FREMEN)
    state["spice"]["Red Chasm"] = 8
    station(state, "harkonnen", "Red Chasm", 7, 5)
    arrange(state, top=[WORM1, "Broken Land"], piles=[["Red Chasm"]])
    events = spice_blow.begin(state, random.Random(0))
    assert codes(events) == ["spice-card", "nexus"]
    assert events[1].data == {"card": WORM1, "territory": "Red Chasm"}
    assert keys(state) == sorted(f"nexus:{seat}" for seat in NOT_FREMEN)
    assert count_in(state, "harkonnen", "Red Chasm") == {"force": 5}
    assert state["spice"] == {"Red Chasm": 8} and not spice_blow.done(state)


def test_vii_c_additional_worms_of_a_blow_are_ignored():
    """000 VII.C: "If a worm card is drawn, any additional worm cards drawn that round are
    ignored"; under AH only the first brings a Nexus (module ruling)."""
    state = game(seats=NOT_FREMEN)
    station(state, "harkonnen", "Red Chasm", 7, 5)
    arrange(state, top=[WORM1, WORM2, WORM3, "Broken Land"], piles=[["Red Chasm"]])
    events = spice_blow.begin(state, random.Random(0))
    events += spice_blow.apply(state, passes(state), random.Random(0))
    assert codes(events).count("nexus") == 1
    assert codes(events).count("worm-devoured") == 1
    assert [e.data["card"] for e in events if e.code == "worm-ignored"] == [WORM2, WORM3]
    assert state["worms"] == 3
    assert state["spice"] == {"Broken Land": 8} and spice_blow.done(state)


def test_vii_a_2_a_worm_with_no_territory_turned_up_before_it_devours_nothing():
    """000 VII.A.2 devours "the territory last turned up": after a fresh deck there is none."""
    state = game(seats=NOT_FREMEN, no_alliances=True)
    arrange(state, top=[WORM1, "Broken Land"])
    events = spice_blow.begin(state, random.Random(0))
    assert codes(events) == ["spice-card", "worm-ignored", "spice-card", "spice-placed"]


def test_wbc_vii_1_a_nexus_for_every_worm_revealed():
    """WBC VII (000 line 1124): "A Nexus is caused for every worm that is revealed ...
    regardless of ... how many worms have appeared that turn"."""
    state = game("wbc", seats=NOT_FREMEN)
    arrange(state, top=[WORM1, WORM2, "Broken Land"], piles=[["Red Chasm"], ["Old Gap"]])
    events = spice_blow.begin(state, random.Random(0))
    events += spice_blow.apply(state, passes(state), random.Random(0))
    assert codes(events).count("nexus") == 2 and keys(state)
    events += spice_blow.apply(state, passes(state), random.Random(0))
    assert codes(events).count("nexus") == 2
    assert [e.data["card"] for e in events if e.code == "worm-ignored"] == [WORM2]


def test_xii_a_no_nexus_on_turn_1_and_vii_d_its_worms_go_back_into_the_deck():
    """000 XII.A: a Nexus "on the second or subsequent turns"; VII.D: "During the first turn's
    spice blow only, all worm cards turned over are reshuffled back into the spice deck".  The
    worms seen still count (WBC house rule 4, 000 line 1045)."""
    for ruleset in ("classic", "wbc"):
        state = game(ruleset, turn=1, storm=2)
        station(state, "harkonnen", "Red Chasm", 7, 5)
        arrange(state, top=[WORM1, "Red Chasm"])
        events = spice_blow.begin(state, Stacked("Red Chasm"))
        assert codes(events)[:4] == ["spice-card", "worm-reshuffled", "spice-card",
                                     "spice-placed"]
        assert "nexus" not in codes(events) and spice_blow.done(state)
        assert state["worms"] == codes(events).count("worm-reshuffled") >= 1
        assert discards(state)[0] == ["Red Chasm"]
        assert all(card.id in state["decks"]["spice"]
                   for card in data(state).spice_deck if card.is_shai_hulud)
        assert count_in(state, "harkonnen", "Red Chasm") == {"force": 5}
        assert cards_conserved(state)


def test_xxi_a_3_double_blow_turn_1_worms_go_back_for_both_piles():
    """000 XXI.A.3: "For the first round only, all worm cards turned over are shuffled back into
    the spice deck" - for each pile."""
    state = game(turn=1, storm=2, double_blow=True)
    arrange(state, top=["Red Chasm", WORM1], piles=[[], []])
    events = spice_blow.begin(state, Stacked("Old Gap"))
    assert [e.data["card"] for e in events if e.code == "spice-card"] == [
        "Red Chasm", WORM1, "Old Gap"]
    assert discards(state) == [["Red Chasm"], ["Old Gap"]]
    assert WORM1 in state["decks"]["spice"] and cards_conserved(state)


def test_worms_seen_are_counted_for_wbc_house_rule_4():
    """WBC house rule 4 (000 line 1045): the Shield Wall counts "immediately after the 6th worm
    appears"; the spice blow counts every worm card turned."""
    state = game(no_alliances=True, seats=NOT_FREMEN)
    state["worms"] = 4
    arrange(state, top=[WORM1, WORM2, "Old Gap"], piles=[["Red Chasm"]])
    spice_blow.begin(state, random.Random(0))
    assert state["worms"] == 6


def test_xviii_a_1_no_alliances_means_no_nexus_and_the_worm_eats_at_once():
    """000 XVIII.A.1: "Eliminate alliances" - no Nexus orders at all."""
    state = game(no_alliances=True, seats=NOT_FREMEN)
    station(state, "harkonnen", "Red Chasm", 7, 5)
    arrange(state, top=[WORM1, "Old Gap"], piles=[["Red Chasm"]])
    events = spice_blow.begin(state, random.Random(0))
    assert "nexus" not in codes(events) and spice_blow.done(state)
    assert state["factions"]["harkonnen"]["tanks"] == {"force": 5}


# --- running out of cards
def test_xxi_b_1_an_empty_deck_is_restocked_from_every_discard_pile():
    """000 XXI.B.1: "Once the deck has been completely used up, all spice cards, including the
    territory card last turned up, are reshuffled"; Q&A XXV.E.4: the entire deck.  The basic
    game does the same (module ruling)."""
    for options in ({}, {"double_blow": True}):
        state = game(seats=NOT_FREMEN, turn=9, **options)
        piles = [EVERY_CARD[:10], EVERY_CARD[10:]] if options else [EVERY_CARD]
        arrange(state, piles=piles)
        events = spice_blow.begin(state, Stacked("Habbanya Erg", "Old Gap"))
        assert codes(events)[0] == "spice-deck-reshuffled"
        assert events[0].data == {"cards": 21}
        expected = [["Habbanya Erg"], ["Old Gap"]] if options else [["Habbanya Erg"]]
        assert discards(state) == expected
        assert cards_conserved(state)


def test_xxi_b_2_worms_after_the_reshuffle_devour_the_last_territory_of_the_previous_turn():
    """000 XXI.B.1-2 (turn 8): the last territory card goes to pile 1, the worms left "will
    affect discard pile 2", the deck is reshuffled, and worms turned then "do affect the last
    territory turned over in the previous turn"."""
    state = game(seats=NOT_FREMEN, turn=8, double_blow=True, no_alliances=True)
    station(state, "harkonnen", "Broken Land", 12, 4)
    station(state, "emperor", "Red Chasm", 7, 3)
    territories = [c for c in EVERY_CARD if not c.startswith("Shai")
                   and c not in ("Funeral Plain", "Red Chasm", "Broken Land")]
    arrange(state, top=["Funeral Plain"],
            piles=[[WORM1, WORM2, WORM3, *territories[:6], "Red Chasm"],
                   ["Shai-Hulud #4", "Shai-Hulud #5", "Shai-Hulud #6", *territories[6:],
                    "Broken Land"]])
    events = spice_blow.begin(state, Stacked("Shai-Hulud #6", "Funeral Plain"))
    turned = [e.data["card"] for e in events if e.code == "spice-card"]
    assert turned == ["Funeral Plain", "Shai-Hulud #6", "Funeral Plain"]
    assert state["factions"]["harkonnen"]["tanks"] == {"force": 4}     # pile 2's last territory
    assert count_in(state, "emperor", "Red Chasm") == {"force": 3}     # pile 1's is spared
    assert state["spice"] == {"Funeral Plain": 12}               # "a second spice blow"
    assert cards_conserved(state)


def test_xxi_b_1_worms_left_in_the_deck_affect_pile_2_before_the_reshuffle():
    """000 XXI.B.1: "Any cards remaining in the spice deck are worm cards which must be turned
    over and will affect discard pile 2"; VII.C: the second of them is ignored."""
    state = game(seats=NOT_FREMEN, turn=8, double_blow=True, no_alliances=True)
    station(state, "harkonnen", "Broken Land", 12, 4)
    territories = [c for c in EVERY_CARD if not c.startswith("Shai")
                   and c not in ("Funeral Plain", "Red Chasm", "Broken Land")]
    arrange(state, top=["Funeral Plain", "Shai-Hulud #4", "Shai-Hulud #5"],
            piles=[[WORM1, WORM2, WORM3, *territories[:6], "Red Chasm"],
                   ["Shai-Hulud #6", *territories[6:], "Broken Land"]])
    events = spice_blow.begin(state, Stacked("Old Gap"))
    assert codes(events) == [
        "spice-card", "spice-placed", "spice-card", "worm-devoured", "spice-card",
        "worm-ignored", "spice-deck-reshuffled", "spice-card", "spice-placed"]
    assert state["factions"]["harkonnen"]["tanks"] == {"force": 4}
    assert discards(state) == [[], ["Old Gap"]] and cards_conserved(state)


# --- two piles
def test_xxi_a_4_worms_on_one_pile_have_no_effect_on_the_other():
    """000 XXI.A.4: "Worm cards for one discard pile have absolutely no effect on the other";
    Q&A XXV.E.5: "each discard pile is treated seperately"."""
    state = game(seats=NOT_FREMEN, turn=3, double_blow=True)
    station(state, "harkonnen", "Red Chasm", 7, 5)
    station(state, "emperor", "Old Gap", 10, 2)
    arrange(state, top=["South Mesa", WORM1, "Sihaya Ridge"],
            piles=[["Red Chasm"], ["Old Gap"]])
    events = spice_blow.begin(state, random.Random(0))
    events += spice_blow.apply(state, passes(state), random.Random(0))
    assert state["factions"]["emperor"]["tanks"] == {"force": 2}       # pile 2's last: Old Gap
    assert count_in(state, "harkonnen", "Red Chasm") == {"force": 5}   # not pile 1's Red Chasm
    assert state["spice"] == {"South Mesa": 10, "Sihaya Ridge": 6}
    assert discards(state) == [["Red Chasm", "South Mesa"],
                                              ["Old Gap", WORM1, "Sihaya Ridge"]]
    assert [e.data["pile"] for e in events if e.code == "spice-card"] == [1, 2, 2]


def test_xxi_a_4_the_first_worm_of_each_pile_is_a_first_worm_with_its_nexus():
    """000 XXI.A.4 and Q&A XXV.E.5: a worm on pile 2 after one on pile 1 is not an "additional"
    worm (VII.C): it devours and brings a Nexus of its own."""
    state = game(seats=NOT_FREMEN, turn=3, double_blow=True)
    station(state, "harkonnen", "Red Chasm", 7, 5)
    station(state, "emperor", "Old Gap", 10, 2)
    arrange(state, top=[WORM1, "South Mesa", WORM2, "Sihaya Ridge"],
            piles=[["Red Chasm"], ["Old Gap"]])
    events = spice_blow.begin(state, random.Random(0))
    events += spice_blow.apply(state, passes(state), random.Random(0))
    events += spice_blow.apply(state, passes(state), random.Random(0))
    assert codes(events).count("nexus") == 2
    assert [e.data["territory"] for e in events if e.code == "worm-devoured"] == [
        "Red Chasm", "Old Gap"]
    assert spice_blow.done(state)


# --- the Fremen and their worms
def fremen_game(ruleset="classic", **options):
    """Turn 3; the last territory turned up is The Minor Erg (sectors 5-8, spice in 8)."""
    state = game(ruleset, turn=3, storm=1, **options)
    state["spice"]["The Minor Erg"] = 8
    piles = [["The Minor Erg"], ["Old Gap"]] if len(discards(state)) == 2 \
        else [["The Minor Erg"]]
    arrange(state, top=[WORM1, "Broken Land"], piles=piles)
    return state


def test_fremen_shield_3_fremen_are_not_devoured_and_may_ride_the_worm():
    """Fremen shield (000 line 828): "If a worm appears in a territory where you have tokens,
    they are not devoured but, immediately upon conclusion of the nexus, may move to any one
    territory on the board"; Q&A XXV.C.1: the worm move is made in the spice blow."""
    state = fremen_game(advantages=True)
    station(state, "fremen", "The Minor Erg", 8, 4, 1)
    station(state, "fremen", "The Minor Erg", 7, 2)
    station(state, "harkonnen", "The Minor Erg", 8, 3)
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    assert state["factions"]["harkonnen"]["tanks"] == {"force": 3}
    assert count_in(state, "fremen", "The Minor Erg") == {"force": 6, "fedaykin": 1}
    assert keys(state) == ["worm-ride:fremen"]
    ride = order(state, "fremen", "RIDE Habbanya Erg sector 16")
    assert ride == ["Habbanya Erg", 16]
    events = spice_blow.apply(state, {"worm-ride:fremen": ride}, random.Random(0))
    assert "The Minor Erg" not in state["forces"]
    assert state["forces"]["Habbanya Erg"] == {"16": {"fremen": {"force": 6, "fedaykin": 1}}}
    assert events[0].code == "worm-ride" and events[0].to is None
    assert events[0].data == {"faction": "fremen", "from": "The Minor Erg",
                              "to": "Habbanya Erg", "sector": 16,
                              "forces": {"force": 6, "fedaykin": 1}}
    assert total(all_of(state, "fremen")) == 20
    assert state["spice"] == {"Broken Land": 8} and spice_blow.done(state)


def test_wbc_vii_4_nothing_is_eaten_where_the_riders_arrive():
    """WBC VII (000 line 1130): "When the Fremen rides a worm, tokens and/or spice in the
    destination space are not eaten"."""
    state = fremen_game()
    station(state, "fremen", "The Minor Erg", 8, 4)
    station(state, "harkonnen", "Red Chasm", 7, 3)
    state["spice"]["Red Chasm"] = 8
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    spice_blow.apply(state, {"worm-ride:fremen": ["Red Chasm", 7]}, random.Random(0))
    assert count_in(state, "harkonnen", "Red Chasm") == {"force": 3}
    assert count_in(state, "fremen", "Red Chasm") == {"force": 4}
    assert state["spice"]["Red Chasm"] == 8


def test_fremen_shield_3_the_default_is_to_stay():
    """The ride is a "may" (000 line 828): STAY, the default, leaves the Fremen in place."""
    state = fremen_game()
    station(state, "fremen", "The Minor Erg", 8, 4)
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    (prompt,) = spice_blow.prompts(state)
    assert prompt.default is None and prompt.default_text == "STAY"
    events = spice_blow.apply(state, {prompt.key: prompt.default}, random.Random(0))
    assert count_in(state, "fremen", "The Minor Erg") == {"force": 4}
    assert "worm-ride" not in codes(events)


def test_wbc_vii_5_riders_under_the_storm_stay_and_may_not_ride_into_it():
    """WBC VII (000 line 1132): "Fremen worm riders may not leave or enter a space under the
    storm"; 000 IX.C.2.c: "No token may move into, out of, or through a sector in storm"."""
    state = fremen_game()
    state["storm"]["sector"] = 6
    station(state, "fremen", "The Minor Erg", 6, 3)
    station(state, "fremen", "The Minor Erg", 8, 2)
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    assert spice_blow.riders(state, "fremen") == {"force": 2}
    prompts = spice_blow.prompts(state)
    for text in ("RIDE Pasty Mesa sector 6", "RIDE False Wall East sector 6"):
        parsed = parse_orders(state, "fremen", text, prompts)
        assert [e.code for e in parsed.errors] == ["ride-not-allowed"]
    spice_blow.apply(state, {"worm-ride:fremen": ["Pasty Mesa", 7]}, random.Random(0))
    assert state["forces"]["The Minor Erg"] == {"6": {"fremen": {"force": 3}}}
    assert count_in(state, "fremen", "Pasty Mesa") == {"force": 2}


def test_riders_may_not_enter_a_stronghold_held_by_two_other_factions():
    """Fremen shield (000 line 828): "subject to storm and occupancy rules"; 000 IX.C.2.f:
    tokens cannot be moved into a stronghold "if tokens of two other players are already
    there".  (WBC VII.6, the coexisting Bene Gesserit exception: not yet.)"""
    state = fremen_game()
    station(state, "fremen", "The Minor Erg", 8, 4)
    station(state, "atreides", "Arrakeen", 10, 5)
    station(state, "harkonnen", "Arrakeen", 10, 5)
    station(state, "emperor", "Carthag", 11, 5)
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    parsed = parse_orders(state, "fremen", "RIDE Arrakeen", spice_blow.prompts(state))
    assert [e.code for e in parsed.errors] == ["ride-not-allowed"]
    assert ("Arrakeen", 10) not in spice_blow.ride_destinations(state, "fremen")
    assert ("Carthag", 11) in spice_blow.ride_destinations(state, "fremen")


def test_xii_e_5_riders_may_not_join_an_ally_but_in_the_polar_sink():
    """000 XII.E.5: "Allies may not enter any territory (except the Polar Sink) in which one of
    their allies already has a token(s)"."""
    state = fremen_game()
    state["alliances"] = [["atreides", "fremen"]]
    station(state, "fremen", "The Minor Erg", 8, 4)
    station(state, "atreides", "Arrakeen", 10, 5)
    station(state, "atreides", "Polar Sink", 0, 2)
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    prompts = spice_blow.prompts(state)
    parsed = parse_orders(state, "fremen", "RIDE Arrakeen", prompts)
    assert [e.code for e in parsed.errors] == ["ride-not-allowed"]
    assert "XII.E.5" in parsed.errors[0].message
    assert order(state, "fremen", "RIDE Polar Sink") == ["Polar Sink", 0]
    parsed = parse_orders(state, "fremen", "RIDE The Minor Erg sector 5", prompts)
    assert [e.code for e in parsed.errors] == ["ride-not-allowed"]


def test_fremen_shield_alliance_allies_of_the_fremen_are_not_devoured_nor_ride():
    """Fremen shield (000 line 840): "Your allies are not devoured by worms"; WBC VII (000 line
    1136): "Tokens owned by an ally of the Fremen are safe from being eaten by worms ... but
    they may not ride worms as the Fremen do"."""
    state = fremen_game()
    state["alliances"] = [["atreides", "fremen"]]
    station(state, "atreides", "The Minor Erg", 8, 4)
    station(state, "harkonnen", "The Minor Erg", 7, 2)
    spice_blow.begin(state, random.Random(0))
    events = spice_blow.apply(state, passes(state), random.Random(0))
    assert count_in(state, "atreides", "The Minor Erg") == {"force": 4}
    assert state["factions"]["harkonnen"]["tanks"] == {"force": 2}
    assert "The Minor Erg" not in state["spice"]
    assert not spice_blow.prompts(state) and spice_blow.done(state)
    assert next(e for e in events if e.code == "worm-devoured").data["forces"] == {
        "harkonnen": {"force": 2}}


def test_an_alliance_made_in_the_nexus_protects_from_the_worm_and_a_broken_one_does_not():
    """000 XII.B: after the Nexus "play continues with the worm devouring"; WBC VII.8 (000 line
    1138): worms eat only after it, so the Fremen's allies are those of the new alliances."""
    state = fremen_game()
    state["alliances"] = [["emperor", "fremen"]]
    station(state, "atreides", "The Minor Erg", 8, 4)
    station(state, "emperor", "The Minor Erg", 7, 3)
    spice_blow.begin(state, random.Random(0))
    votes = passes(state)
    votes.update({"nexus:atreides": ["fremen"], "nexus:fremen": ["atreides"]})
    spice_blow.apply(state, votes, random.Random(0))
    assert state["alliances"] == [["atreides", "fremen"]]
    assert count_in(state, "atreides", "The Minor Erg") == {"force": 4}
    assert state["factions"]["emperor"]["tanks"] == {"force": 3}


def test_xv_fremen_may_send_additional_worms_to_any_sand_territory():
    """000 XV, Fremen 2 (line 996): "all additional worms which appear after the first worm can
    be placed by you in any territory you wish"; WBC VII.3 (000 line 1128): Fremen there "may
    ride the worm normally"."""
    state = game(turn=3, advantages=True)
    arrange(state, top=[WORM1, WORM2, "Broken Land"], piles=[["Red Chasm"]])
    state["spice"]["Habbanya Erg"] = 5
    station(state, "harkonnen", "Habbanya Erg", 16, 3)
    station(state, "fremen", "Habbanya Erg", 17, 2)
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))   # the first worm: Red Chasm
    assert keys(state) == ["worm-placement:fremen"]
    placed = order(state, "fremen", "WORM habbanya erg")
    events = spice_blow.apply(state, {"worm-placement:fremen": placed}, random.Random(0))
    assert codes(events) == ["worm-placed", "worm-devoured"]
    assert events[0].data == {"faction": "fremen", "territory": "Habbanya Erg"}
    assert state["factions"]["harkonnen"]["tanks"] == {"force": 3}
    assert "Habbanya Erg" not in state["spice"]
    assert keys(state) == ["worm-ride:fremen"]
    spice_blow.apply(state, {"worm-ride:fremen": ["Polar Sink", 0]}, random.Random(0))
    assert count_in(state, "fremen", "Polar Sink") == {"force": 2}
    assert state["spice"] == {"Broken Land": 8} and spice_blow.done(state)


def test_xv_an_additional_worm_the_fremen_do_not_send_is_ignored():
    """000 VII.C: additional worms "are ignored"; WORM NONE, the default, keeps that."""
    state = game(turn=3, advantages=True)
    arrange(state, top=[WORM1, WORM2, "Broken Land"], piles=[["Red Chasm"]])
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    (prompt,) = spice_blow.prompts(state)
    assert (prompt.default, prompt.default_text) == (None, "WORM NONE")
    events = spice_blow.apply(state, {prompt.key: prompt.default}, random.Random(0))
    assert codes(events)[0] == "worm-ignored"


def test_xv_an_additional_worm_sent_to_rock_eats_nothing_but_may_be_ridden():
    """000 line 996: the Fremen send additional worms to "any territory", but a worm "cannot
    devour tokens if not in a desert territory"; WBC VII.3 (000 line 1128): Fremen where they
    send a worm may ride it; the Polar Sink "is not affected by worm" (000 line 609)."""
    state = game(turn=3, advantages=True)
    station(state, "fremen", "False Wall East", 6, 3)
    station(state, "atreides", "False Wall East", 6, 2)
    arrange(state, top=[WORM1, WORM2, "Broken Land"], piles=[["Red Chasm"]])
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    refused = parse_orders(state, "fremen", "WORM Polar Sink", spice_blow.prompts(state))
    assert [e.code for e in refused.errors] == ["territory-not-allowed"]
    (order,) = parse_orders(state, "fremen", "WORM False Wall East",
                            spice_blow.prompts(state)).orders
    events = spice_blow.apply(state, {order.prompt: order.value}, random.Random(0))
    assert [e.data["forces"] for e in events if e.code == "worm-devoured"][-1] == {}
    assert count_in(state, "atreides", "False Wall East") == {"force": 2}
    assert keys(state) == ["worm-ride:fremen"]


def test_wbc_vii_2_the_nexus_of_an_additional_worm_comes_before_the_fremen_send_it():
    """WBC VII (000 lines 1124-1126): a Nexus for every worm, and the Fremen "may send the
    additional worms to any territory"; 000 XII.A: at a worm "a nexus occurs and play stops
    immediately"."""
    state = game("wbc", turn=3, storm=1)
    arrange(state, top=[WORM1, WORM2, "Broken Land"], piles=[["Red Chasm"], ["Old Gap"]])
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    assert keys(state) == sorted(f"nexus:{seat}" for seat in ALL)
    spice_blow.apply(state, passes(state), random.Random(0))
    assert keys(state) == ["worm-placement:fremen"]


def test_no_worm_placement_without_the_optional_advantages():
    """000 XV is optional: without it the Fremen do not place additional worms (VII.C)."""
    state = game(turn=3)
    arrange(state, top=[WORM1, WORM2, "Broken Land"], piles=[["Red Chasm"]])
    spice_blow.begin(state, random.Random(0))
    events = spice_blow.apply(state, passes(state), random.Random(0))
    assert "worm-ignored" in codes(events) and spice_blow.done(state)


# --- orders
@pytest.mark.parametrize("text,value", [
    ("RIDE Polar Sink", ["Polar Sink", 0]),
    ("ride  hab erg sector 17", ["Habbanya Erg", 17]),
    ("RIDE Tuek's Sietch", ["Tuek's Sietch", 5]),
    ("STAY", None),
])
def test_ride_orders_read_back_the_same(text, value):
    """Order text round trip (STYLE 3): the canonical text reads as the same value."""
    state = fremen_game()
    station(state, "fremen", "The Minor Erg", 8, 4)
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    prompts = spice_blow.prompts(state)
    (read,) = parse_orders(state, "fremen", text, prompts).orders
    assert read.value == value
    (again,) = parse_orders(state, "fremen", read.text, prompts).orders
    assert again.value == value


def test_a_ride_into_a_territory_of_several_sectors_must_name_one():
    """000 IX.C.2.d: "a player must make clear in which sector of the territory he chooses to
    leave his tokens"."""
    state = fremen_game()
    station(state, "fremen", "The Minor Erg", 8, 4)
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    parsed = parse_orders(state, "fremen", "RIDE Habbanya Erg", spice_blow.prompts(state))
    assert [e.code for e in parsed.errors] == ["sector-needed"]
    assert "RIDE Habbanya Erg SECTOR 16" in parsed.errors[0].valid


def test_worm_placement_orders_read_back_the_same():
    """Order text round trip (STYLE 3) for every territory a worm may be sent to, and NONE."""
    state = game(turn=3, advantages=True)
    arrange(state, top=[WORM1, WORM2, "Broken Land"], piles=[["Red Chasm"]])
    spice_blow.begin(state, random.Random(0))
    spice_blow.apply(state, passes(state), random.Random(0))
    prompts = spice_blow.prompts(state)
    for value in [None, *spice_blow.worm_destinations(state, "fremen")]:
        text = f"WORM {value or 'NONE'}"
        (read,) = parse_orders(state, "fremen", text, prompts).orders
        assert read.value == value and read.text == text


# --- many random blows
def random_position(seed):
    """A game after set-up at a random turn: random storm, forces, spice, alliances, and the
    spice cards spread at random over the deck and the discard piles."""
    rng = random.Random(seed)
    ruleset = rng.choice(["classic", "wbc"])
    options = {} if ruleset == "wbc" else {
        name: rng.random() < 0.5 for name in ("double_blow", "advantages", "no_alliances")}
    seats = rng.sample(ALL, rng.randint(2, 6))
    turn = rng.randint(1, 15)
    state = game(ruleset, seats=seats, turn=turn, storm=rng.randint(1, 18), seed=seed,
                 **options)
    sands = [t.name for t in data(state).board.territories if t.is_sand]
    for seat in seats:
        for _ in range(rng.randint(0, 3)):
            territory = data(state).board[rng.choice(sands)]
            count = rng.randint(0, state["factions"][seat]["reserve"].get("force", 0))
            if count:
                station(state, seat, territory.name, rng.choice(territory.sectors), count)
    for territory in rng.sample(sands, 4):
        if data(state).board[territory].spice_blow:
            state["spice"][territory] = rng.randint(1, 12)
    if rng.random() < 0.5:
        state["alliances"] = [rng.sample(seats, 2)]
    if turn > 1:
        cards = list(EVERY_CARD)
        rng.shuffle(cards)
        piles = [[] for _ in discards(state)]
        for card in cards[:rng.randint(0, 21)]:
            rng.choice(piles).append(card)
        arrange(state, piles=piles)
    return state, rng


@pytest.mark.parametrize("seed", range(300))
def test_random_blows_conserve_the_spice_cards_and_the_forces(seed):
    """Every spice card is in the deck or a discard pile exactly once, spice is never negative,
    every faction keeps its 20 forces (000 II.B.1.c, II.D.1), whatever the orders."""
    state, rng = random_position(seed)
    spice_blow.begin(state, rng)
    rounds = 0
    while not spice_blow.done(state):
        orders = {}
        for prompt in spice_blow.prompts(state):
            if prompt.kind == "worm-ride":
                choices = [None, *spice_blow.ride_destinations(state, prompt.seat)]
                choice = rng.choice(choices)
                orders[prompt.key] = None if choice is None else list(choice)
            elif prompt.kind == "worm-placement":
                destinations = spice_blow.worm_destinations(state, prompt.seat)
                orders[prompt.key] = rng.choice([None, *destinations])
            else:
                others = [s for s in state["seats"] if s != prompt.seat]
                orders[prompt.key] = rng.choice([None, [], [rng.choice(others)]])
        spice_blow.apply(state, orders, rng)
        rounds += 1
        assert rounds < 50
        assert cards_conserved(state)
    assert cards_conserved(state)
    assert all(amount > 0 for amount in state["spice"].values())
    assert all(total(all_of(state, seat)) == 20 for seat in state["seats"])
    assert all(len(alliance) >= 2 for alliance in state["alliances"])
    assert len({s for a in state["alliances"] for s in a}) == sum(map(len, state["alliances"]))
    piles = discards(state)     # a pile is empty after a reshuffle
    assert piles[-1] and all(not spice_blow.spice_card(state, pile[-1]).is_shai_hulud
                             for pile in piles if pile)


def test_xxi_b_2_a_pile_remembers_its_last_territory_after_the_deck_is_reshuffled():
    """000 XXI.B.2 (line 575): worms turned after the reshuffle "do affect the last territory
    turned over in the previous turn" - for pile 1 too, when pile 2's draw emptied the deck
    and every discard went back into it (XXI.B.1)."""
    state = game(turn=9, double_blow=True)
    station(state, "harkonnen", "Red Chasm", 7, 2)
    arrange(state, top=[WORM1, "Broken Land", "Old Gap"])
    state["spice_last"] = dict(zip(spice_discards(state), ["Red Chasm", "Rock Outcroppings"],
                                   strict=True))
    spice_blow.begin(state, random.Random(0))
    while spice_blow.prompts(state):
        spice_blow.apply(state, passes(state), random.Random(0))
    assert count_in(state, "harkonnen", "Red Chasm") == {}
    assert last_blows(state) == ["Broken Land", "Old Gap"]
