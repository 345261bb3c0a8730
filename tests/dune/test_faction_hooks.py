"""The factions' powers as hooks (issue 29, seam 5): the registry of each ruleset's classes,
the order of the powers before the plans, who is paid, and a revival's terms."""

from __future__ import annotations

import random
from dataclasses import replace

from pbem.games.dune import factions
from pbem.games.dune.factions.atreides import Atreides
from pbem.games.dune.factions.bene_gesserit import BeneGesserit
from pbem.games.dune.factions.fremen import Fremen, FremenGF9
from pbem.games.dune.factions.tleilaxu import Tleilaxu
from pbem.games.dune.forces import kinds
from pbem.games.dune.orders.revival_orders import Allowance
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules

SIX = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]


def _game(ruleset: str, options: dict | None = None) -> dict:
    return new_game(make_rules(ruleset, options or {}), list(SIX), random.Random(7))


def test_each_ruleset_seats_its_own_class_of_a_faction_whose_powers_differ():
    """001 2.04.22: the GF9 Fremen's battle hardening is their own; the WBC's (house rule
    6, 000 line 1059) is lent to their ally."""
    assert type(factions.power("fremen", _game("classic"))) is Fremen
    assert type(factions.power("fremen", _game("gf9"))) is FremenGF9
    classic, gf9 = make_rules("classic", {"advanced": True}), make_rules("gf9", {"advanced": True})
    wbc = make_rules("wbc", {})
    assert factions.power("fremen", wbc).counts_full_without_spice(wbc, True, "Arrakeen")
    assert not Fremen().counts_full_without_spice(classic, False, "Arrakeen")
    assert FremenGF9().counts_full_without_spice(gf9, False, "Arrakeen")
    assert not FremenGF9().counts_full_without_spice(gf9, True, "Arrakeen")


def test_a_faction_is_registered_only_in_the_rulesets_whose_data_has_it():
    """The Tleilaxu (001 2.08) are GF9's expansion faction: not a classic one."""
    assert "tleilaxu" not in factions.registry("classic")
    assert type(factions.registry("gf9")["tleilaxu"]) is Tleilaxu


def test_the_powers_before_the_plans_take_their_turns_in_the_wbc_sequence():
    """000 lines 1214-1242: the Voice (steps 1-2) before the prescience question (3-6),
    whatever the seat order."""
    order = [f.seat for f in factions.ordered(_game("classic"), "before_plans")
             if f.precedence.get("before_plans")]
    assert order == [BeneGesserit.seat, Atreides.seat]


def test_the_faction_paid_is_the_first_whose_power_receives_the_payment():
    """The Emperor for cards (000 line 804), the Guild for shipments (Guild shield 3), never
    for their own; the bank for revival without the Tleilaxu (000 IX.B.1)."""
    state = _game("gf9")
    assert factions.payee(state, factions.CARD, "fremen") == "emperor"
    assert factions.payee(state, factions.CARD, "emperor") is None
    assert factions.payee(state, factions.SHIPMENT, "atreides") == "guild"
    assert factions.payee(state, factions.SHIPMENT, "guild") is None
    assert factions.payee(state, factions.REVIVAL, "atreides") is None


def _allowance(**changes) -> Allowance:
    rules = make_rules("gf9", {})
    found = Allowance(seat="atreides", kinds=kinds(rules, "atreides"), tanks={"force": 9},
                      free=2, spice=20, leaders={}, revived=(), karama=None, karama_refusal="",
                      ghola=None, allies=(), supported=False, until_all_back=False, rules=rules)
    return replace(found, **changes)


def test_001_2_08_10_half_price_revival_is_half_the_price_rounded_up():
    """Three forces beyond the free ones cost 6 at full price, 3 at half; five cost 5."""
    assert _allowance().cost({"force": 5}) == 6
    assert _allowance(half_price=True).cost({"force": 5}) == 3
    assert _allowance(half_price=True).cost({"force": 7}) == 5


def test_001_2_08_09_unlimited_revival_is_what_the_tanks_hold():
    """No limit of three forces a turn (000 IX.B.2) for a faction whose terms have none."""
    assert _allowance().limit == 3
    assert _allowance(most=None).limit == 9
    assert _allowance(most=None).most_forces == 9


def test_001_2_08_15_zoal_costs_three_whatever_the_half_price():
    """Zoal's own price ignores half price revivals; another leader's is halved, rounded up
    (001 2.08.10)."""
    found = _allowance(half_price=True)
    assert found.leader_price("Zoal") == 3
    assert found.leader_price("Hidar Fen Ajidica") == 2
    assert found.leader_price("Wykk") == 1
    assert _allowance().leader_price("Hidar Fen Ajidica") == 4
