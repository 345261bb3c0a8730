"""The ``expect:`` checks: each key given becomes a check of the run's result, names read
as in a position; only what is given is checked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import turn
from ..state import State, count_in
from .format import Expect, FactionPosition, StormPosition
from .values import (
    _dials,
    _factions,
    _leaders,
    _mapping,
    _seat,
    _spice_site,
    _spot,
    _territory_name,
    _whole,
    treachery_cards,
)

# A check of ``expect``: given the run's result, a failure message or None.
Check = Callable[[dict[str, Any]], str | None]


# --- expectations
def _expectations(expect: Expect, seats: list[str], problems: list[str]) -> list[Check]:
    """The checks of ``expect``, names read as in a position."""
    checks: list[Check] = []
    if expect.phase is not None and expect.phase not in turn.PHASES:
        problems.append(f"expect.phase: expected one of {', '.join(turn.PHASES)}, "
                        f"got {expect.phase!r}")
    for name in ("turn", "phase", "worms", "shield_wall"):
        if getattr(expect, name) is not None:
            checks.append(_equal(f"expect.{name}", getattr(expect, name),
                                 lambda r, name=name: r["state"][name]))
    if expect.storm is not None:
        checks += _storm_checks(expect.storm, seats, problems)
    for place, by_faction in (expect.forces or {}).items():
        checks += _force_checks(str(place), by_faction, seats, problems)
    for place, amount in (expect.spice or {}).items():
        territory = _spice_site(str(place), f"expect.spice.{place}", problems)
        if not _whole(amount):
            problems.append(f"expect.spice.{place}: expected an amount of spice, got {amount!r}")
        checks.append(_equal(f"expect.spice.{place}", amount,
                             lambda r, t=territory: r["state"]["spice"].get(t, 0)))
    for seat, given in _factions(expect.factions, seats, "expect.factions", problems).items():
        checks += _faction_checks(seat, given, seats, problems)
    if expect.alliances is not None:
        wanted = sorted(sorted(s for i, name in enumerate(members) if (s := _seat(
            name, seats, f"expect.alliances[{n}][{i}]", problems)))
            for n, members in enumerate(expect.alliances))
        checks.append(_equal("expect.alliances", wanted, lambda r: sorted(
            sorted(alliance) for alliance in r["state"]["alliances"])))
    if expect.coexisting is not None:
        wanted = sorted(t for i, name in enumerate(expect.coexisting) if (
            t := _territory_name(name, f"expect.coexisting[{i}]", problems)))
        checks.append(_equal("expect.coexisting", wanted,
                             lambda r: sorted(r["state"]["coexisting"])))
    if expect.winners is not None:
        wanted = sorted(s for i, name in enumerate(expect.winners)
                        if (s := _seat(name, seats, f"expect.winners[{i}]", problems)))
        checks.append(_equal("expect.winners", wanted, lambda r: _winners(r["state"])))
    if expect.victory is not None:
        checks.append(_equal("expect.victory", expect.victory,
                             lambda r: (r["state"]["result"] or {}).get("victory")))
    if expect.prompts is not None:
        checks.append(_equal("expect.prompts", sorted(expect.prompts),
                             lambda r: sorted(p["key"] for p in r["prompts"])))
    checks += [_happened(f"expect.events[{i}]", code) for i, code in enumerate(expect.events or ())]
    checks += [_never(f"expect.no_events[{i}]", code)
               for i, code in enumerate(expect.no_events or ())]
    return checks


def _equal(key: str, expected: Any, actual: Callable[[dict[str, Any]], Any]) -> Check:
    """A check that the value ``actual`` finds in the result is ``expected``."""
    def check(result: dict[str, Any]) -> str | None:
        got = actual(result)
        return None if got == expected else f"{key}: expected {expected!r}, got {got!r}"
    return check


def _happened(key: str, code: str) -> Check:
    """A check that an event of this code happened at some step."""
    def check(result: dict[str, Any]) -> str | None:
        codes = {event["code"] for step in result["events"] for event in step}
        return None if code in codes else f"{key}: no {code!r} event happened"
    return check


def _never(key: str, code: str) -> Check:
    """A check that no event of this code happened at any step."""
    def check(result: dict[str, Any]) -> str | None:
        found = [event for step in result["events"] for event in step if event["code"] == code]
        return f"{key}: a {code!r} event happened: {found[0]['data']}" if found else None
    return check


def _winners(state: State) -> list[str] | None:
    """The winners of a finished game, sorted; None while it goes on."""
    result = state["result"]
    return None if result is None else sorted(result["winners"])


def _storm_checks(storm: StormPosition, seats: list[str], problems: list[str]) -> list[Check]:
    checks = []
    if storm.sector is not None:
        checks.append(_equal("expect.storm.sector", storm.sector,
                             lambda r: r["state"]["storm"]["sector"]))
    if storm.dialers is not None:
        wanted = [_seat(s, seats, f"expect.storm.dialers[{i}]", problems)
                  for i, s in enumerate(storm.dialers)]
        checks.append(_equal("expect.storm.dialers", sorted(filter(None, wanted)),
                             lambda r: sorted(r["state"]["storm"]["dialers"])))
    if storm.dials is not None:
        checks.append(_equal("expect.storm.dials", _dials(storm.dials, seats,
                                                          "expect.storm.dials", problems),
                             lambda r: r["state"]["storm"]["dials"]))
    if storm.marker is not None:
        checks.append(_equal("expect.storm.marker", storm.marker,
                             lambda r: r["state"]["storm"]["marker"]))
    return checks


def _force_checks(place: str, by_faction: Any, seats: list[str], problems: list[str]
                  ) -> list[Check]:
    """Forces in a territory (all its sectors, unless the place names one)."""
    key = f"expect.forces.{place}"
    spot = _spot(place, key, problems, sector_needed=False)
    checks = []
    for name, value in _mapping(by_faction, key, problems).items():
        seat = _seat(name, seats, f"{key}.{name}", problems)
        count = _expected_count(value, f"{key}.{name}", problems)
        if spot is not None and seat is not None and count is not None:
            checks.append(_equal(f"{key}.{name}", count,
                                 lambda r, s=seat: _forces_at(r["state"], *spot, s)))
    return checks


def _expected_count(value: Any, key: str, problems: list[str]) -> list[int] | None:
    if _whole(value):
        return [value, 0]
    if isinstance(value, list) and len(value) == 2 and all(map(_whole, value)):
        return list(value)
    problems.append(f"{key}: expected a number of forces or [normal, starred], got {value!r}")
    return None


def _forces_at(state: State, territory: str, sector: int | None, seat: str) -> list[int]:
    """A faction's [normal, starred] in a territory, or in one sector of it."""
    if sector is None:
        return list(count_in(state, seat, territory))
    return list(state["forces"].get(territory, {}).get(str(sector), {}).get(seat, [0, 0]))


def _faction_checks(seat: str, given: FactionPosition, seats: list[str],
                    problems: list[str]) -> list[Check]:
    """Checks of a faction's sheet; hands match copies named exactly, else any copy."""
    key = f"expect.factions.{seat}"

    def sheet_of(result: dict[str, Any]) -> dict[str, Any]:
        return result["state"]["factions"][seat]

    checks = []
    if given.spice is not None:
        checks.append(_equal(f"{key}.spice", given.spice, lambda r: sheet_of(r)["spice"]))
    for name in ("reserve", "tanks"):
        if getattr(given, name) is not None:
            count = _expected_count(getattr(given, name), f"{key}.{name}", problems)
            checks.append(_equal(f"{key}.{name}", count, lambda r, n=name: sheet_of(r)[n]))
    if given.hand is not None:
        cards = treachery_cards()
        wanted = [c for i, text in enumerate(given.hand)
                  if (c := cards.read(text, f"{key}.hand[{i}]", problems))]
        exact = {card for _, card in wanted if card is not None}
        names = {card: name for name, ids in cards.copies.items() for card in ids}
        checks.append(_equal(f"{key}.hand", sorted(card or name for name, card in wanted),
                             lambda r: sorted(c if c in exact else names[c]
                                              for c in sheet_of(r)["hand"])))
    if given.traitors is not None:
        wanted = sorted(n for n, _ in _leaders(given.traitors, f"{key}.traitors", problems))
        checks.append(_equal(f"{key}.traitors", wanted,
                             lambda r: sorted(sheet_of(r)["traitors"])))
    if given.leaders_in_tanks is not None:
        wanted = sorted(n for n, _ in _leaders(given.leaders_in_tanks,
                                               f"{key}.leaders_in_tanks", problems))
        checks.append(_equal(f"{key}.leaders_in_tanks", wanted, lambda r: sorted(
            name for name, where in sheet_of(r)["leaders"].items() if where == "tanks")))
    if given.leaders_revived is not None:
        wanted = sorted(n for n, _ in _leaders(given.leaders_revived,
                                               f"{key}.leaders_revived", problems))
        checks.append(_equal(f"{key}.leaders_revived", wanted,
                             lambda r: sorted(sheet_of(r)["leaders_revived"])))
    if given.prediction is not None:
        faction = _seat(given.prediction.faction, seats, f"{key}.prediction.faction", problems)
        checks.append(_equal(f"{key}.prediction", {"faction": faction,
                                                   "turn": given.prediction.turn},
                             lambda r: sheet_of(r)["prediction"]))
    return checks
