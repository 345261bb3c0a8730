"""The ``expect:`` checks: each key given becomes a check of the run's result, names read
as in a position; only what is given is checked.  ``_refusals`` reads the order lines that
must be refused (``expect.refused``), which the run needs before it reads each step.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from typing import Any

from pbem.game import Event
from pbem.schema import build

from .. import factions, leaders, tokens, turn
from ..data import Ability
from ..factions import duke_vidal
from ..factions import ecaz_embassy as embassy
from ..factions.atreides import kwisatz_haderach
from ..factions.bene_gesserit_coexistence import coexisting
from ..factions.harkonnen_capture import held
from ..forces import count_in
from ..forces import kind as force_kind
from ..orders.language import words_of
from ..rules import Rules
from ..state import State, faction_name
from .format import (
    Decks,
    EventSeen,
    Expect,
    FactionPosition,
    KwisatzHaderach,
    Refused,
    StormPosition,
)
from .values import (
    Cards,
    _count,
    _dials,
    _duke_vidal,
    _factions,
    _leaders,
    _mapping,
    _places,
    _seat,
    _spice_site,
    _spot,
    _territory_name,
    _token,
    _token_place,
    _traitors,
    _whole,
    spice_cards,
    treachery_cards,
)

CODE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")      # an OrderError code: "leader-fought"

# A check of ``expect``: given the run's result, a failure message or None.
Check = Callable[[dict[str, Any]], str | None]


# --- expectations
def _expectations(expect: Expect, seats: list[str], rules: Rules, problems: list[str]
                  ) -> list[Check]:
    """The checks of ``expect``, names read as in a position (``refused``: ``_refusals``)."""
    checks: list[Check] = []
    if expect.phase is not None and expect.phase not in turn.PHASES:
        problems.append(f"expect.phase: expected one of {', '.join(turn.PHASES)}, "
                        f"got {expect.phase!r}")
    for name in ("turn", "phase", "worms", "shield_wall"):
        if getattr(expect, name) is not None:
            checks.append(_equal(f"expect.{name}", getattr(expect, name),
                                 lambda r, name=name: r["state"][name]))
    if expect.storm is not None:
        checks += _storm_checks(rules, expect.storm, seats, problems)
    for place, by_faction in (expect.forces or {}).items():
        checks += _force_checks(rules, str(place), by_faction, seats, problems)
    for place, amount in (expect.spice or {}).items():
        territory = _spice_site(rules, str(place), f"expect.spice.{place}", problems)
        if not _whole(amount):
            problems.append(f"expect.spice.{place}: expected an amount of spice, got {amount!r}")
        checks.append(_equal(f"expect.spice.{place}", amount,
                             lambda r, t=territory: r["state"]["spice"].get(t, 0)))
    given_factions = _factions(rules, expect.factions, seats, "expect.factions", problems)
    for seat, given in given_factions.items():
        checks += _faction_checks(rules, seat, given, seats, problems)
    if expect.alliances is not None:
        wanted = sorted(sorted(s for i, name in enumerate(members) if (s := _seat(rules,
            name, seats, f"expect.alliances[{n}][{i}]", problems)))
            for n, members in enumerate(expect.alliances))
        checks.append(_equal("expect.alliances", wanted, lambda r: sorted(
            sorted(alliance) for alliance in r["state"]["alliances"])))
    if expect.places is not None:
        wanted = {name: list(spot) for name, spot in _places(
            rules, expect.places, "expect.places", problems).items()}
        checks.append(_equal("expect.places", wanted,
                             lambda r: dict(r["state"].get("places") or {})))
    if expect.coexisting is not None:
        wanted = sorted(t for i, name in enumerate(expect.coexisting) if (
            t := _territory_name(rules, name, f"expect.coexisting[{i}]", problems)))
        checks.append(_equal("expect.coexisting", wanted,
                             lambda r: sorted(coexisting(r["state"]))))
    if expect.winners is not None:
        wanted = sorted(s for i, name in enumerate(expect.winners)
                        if (s := _seat(rules, name, seats, f"expect.winners[{i}]", problems)))
        checks.append(_equal("expect.winners", wanted, lambda r: _winners(r["state"])))
    if expect.victory is not None:
        checks.append(_equal("expect.victory", expect.victory,
                             lambda r: (r["state"]["result"] or {}).get("victory")))
    if expect.prompts is not None:
        checks.append(_equal("expect.prompts", sorted(expect.prompts),
                             lambda r: sorted(p["key"] for p in r["prompts"])))
    checks += _event_checks(rules, expect.events or (), seats, problems)
    checks += [_never(f"expect.no_events[{i}]", code)
               for i, code in enumerate(expect.no_events or ())]
    if expect.decks is not None:
        checks += _deck_checks(expect.decks, rules, problems)
    if expect.kwisatz_haderach is not None:
        checks += _kwisatz_haderach_checks(rules, expect.kwisatz_haderach, seats, problems)
    if expect.captured is not None:
        wanted = sorted(n for n, _ in _leaders(rules, expect.captured, "expect.captured", problems))
        checks.append(_equal("expect.captured", wanted,
                             lambda r: sorted(held(r["state"]))))
    for name, where in (expect.tokens or {}).items():
        checks += _token_checks(f"expect.tokens.{name}", name, where, seats, rules, problems)
    return checks + _v3_checks(expect, seats, rules, problems)


def _v3_checks(expect: Expect, seats: list[str], rules: Rules, problems: list[str]
               ) -> list[Check]:
    """The checks of v3's state (003): bonus cards, who runs which faction, the ranking by
    spice, the factions out of the game."""
    checks: list[Check] = []

    def seat(name: Any, key: str) -> str | None:
        return _seat(rules, name, seats, key, problems)
    if expect.bonus_cards is not None:
        wanted = {s: sorted(cards) for name, cards in expect.bonus_cards.items()
                  if (s := seat(name, f"expect.bonus_cards.{name}"))}
        checks.append(_equal("expect.bonus_cards", wanted, lambda r: {
            s: sorted(cards) for s, cards in r["state"].get("bonus_cards", {}).items()}))
    if expect.commanders is not None:
        wanted = {s: c for name, chief in expect.commanders.items()
                  if (s := seat(name, f"expect.commanders.{name}"))
                  and (c := seat(chief, f"expect.commanders.{name}"))}
        checks.append(_equal("expect.commanders", wanted,
                             lambda r: r["state"].get("commanders", {})))
    if expect.ranking is not None:
        wanted = [s for i, name in enumerate(expect.ranking)
                  if (s := seat(name, f"expect.ranking[{i}]"))]
        checks.append(_equal("expect.ranking", wanted,
                             lambda r: (r["state"]["result"] or {}).get("ranking")))
    if expect.duke_vidal is not None:
        found = _duke_vidal(rules, expect.duke_vidal, seats, "expect.duke_vidal", problems)
        wanted = {k: v for k, v in (found or {}).items() if k in expect.duke_vidal}
        checks.append(_equal("expect.duke_vidal", wanted,
                             lambda r: {k: v for k, v in duke_vidal.place(r["state"]).items()
                                        if k in expect.duke_vidal}))
    if expect.out is not None:
        wanted = sorted(s for i, name in enumerate(expect.out)
                        if (s := seat(name, f"expect.out[{i}]")))
        checks.append(_equal("expect.out", wanted,
                             lambda r: sorted(r["state"].get("out", []))))
    return checks


def _token_checks(key: str, name: str, where: Any, seats: list[str], rules: Rules,
                  problems: list[str]) -> list[Check]:
    """Where a token lies at the end: its owner and place, and its face and the spice on it
    where given (no spice: none on it)."""
    found, place = (_token(name, rules, key, problems),
                    _token_place(rules, where, seats, key, problems))
    if found is None or place is None:
        return []
    wanted = {"spice": 0, **place}

    def actual(result: dict[str, Any]) -> dict[str, Any]:
        record = tokens.find(result["state"], *found)
        return {"spice": 0, **{k: record[k] for k in wanted if k in record}}
    return [_equal(key, wanted, actual)]


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


def _event_checks(rules: Rules, events: tuple[Any, ...], seats: list[str], problems: list[str]
                  ) -> list[Check]:
    """Each event expected: a code, or ``{code, seen_by, data}``."""
    checks = []
    for index, given in enumerate(events):
        key = f"expect.events[{index}]"
        if isinstance(given, str):
            checks.append(_happened(key, given))
        elif not isinstance(given, dict):
            problems.append(f"{key}: expected an event code, or a mapping with code, seen_by "
                            f"and data, got {given!r}")
        elif (seen := build(EventSeen, given, f"{key}.", problems)) is not None:
            audience = _audience(rules, seen.seen_by, seats, f"{key}.seen_by", problems)
            checks.append(_shown(key, seen.code, audience, seen.data or {}, seats))
    return checks


def _audience(rules: Rules, given: Any, seats: list[str], key: str, problems: list[str]
              ) -> str | list[str] | None:
    """Who an event must be shown to: ``public``, the factions (sorted), or None: anyone."""
    if given is None or given == "public":
        return given
    if not isinstance(given, list) or not given:
        problems.append(f"{key}: expected public, or a list of the factions in play "
                        f"({', '.join(seats)}), got {given!r}")
        return None
    return sorted(s for i, name in enumerate(given)
                  if (s := _seat(rules, name, seats, f"{key}[{i}]", problems)))


def _seen_by(event: Event, seats: list[str], public: bool) -> str | list[str]:
    """Who sees an event: ``public`` (if asked so), else the seats in play it is shown to."""
    if public and event.visible_to(None):
        return "public"
    return sorted(seat for seat in seats if event.visible_to(seat))


def _shown(key: str, code: str, audience: str | list[str] | None, data: dict[str, Any],
           seats: list[str]) -> Check:
    """A check that an event of this code, holding these data, was shown to exactly this
    audience (``Event.visible_to``) at some step."""
    def check(result: dict[str, Any]) -> str | None:
        found = [Event.from_json(e) for step in result["events"] for e in step
                 if e["code"] == code]
        fitting = [e for e in found if all(e.data.get(k) == v for k, v in data.items())]
        if fitting and audience is None or any(
                _seen_by(e, seats, audience == "public") == audience for e in fitting):
            return None
        if not found:
            return f"{key}: no {code!r} event happened"
        wanted = (f" with {json.dumps(data, sort_keys=True)}" if data else "") + (
            f" shown to {_audience_text(audience)}" if audience is not None else "")
        return (f"{key}: no {code!r} event{wanted} happened; those that did: " + "; ".join(
            f"{json.dumps(e.data, sort_keys=True)} shown to "
            f"{_audience_text(_seen_by(e, seats, True))}" for e in found))
    return check


def _audience_text(audience: str | list[str]) -> str:
    return "the public" if audience == "public" else ", ".join(audience) or "nobody"


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


def _storm_checks(rules: Rules, storm: StormPosition, seats: list[str], problems: list[str]
                  ) -> list[Check]:
    checks = []
    if storm.sector is not None:
        checks.append(_equal("expect.storm.sector", storm.sector,
                             lambda r: r["state"]["storm"]["sector"]))
    if storm.dialers is not None:
        wanted = [_seat(rules, s, seats, f"expect.storm.dialers[{i}]", problems)
                  for i, s in enumerate(storm.dialers)]
        checks.append(_equal("expect.storm.dialers", sorted(filter(None, wanted)),
                             lambda r: sorted(r["state"]["storm"]["dialers"])))
    if storm.dials is not None:
        checks.append(_equal("expect.storm.dials", _dials(rules, storm.dials, seats,
                                                          "expect.storm.dials", problems),
                             lambda r: r["state"]["storm"]["dials"]))
    if storm.marker is not None:
        checks.append(_equal("expect.storm.marker", storm.marker,
                             lambda r: r["state"]["storm"]["marker"]))
    return checks


def _force_checks(rules: Rules, place: str, by_faction: Any, seats: list[str], problems: list[str]
                  ) -> list[Check]:
    """Forces in a territory (all its sectors, unless the place names one)."""
    key = f"expect.forces.{place}"
    spot = _spot(rules, place, key, problems, sector_needed=False)
    checks = []
    for name, value in _mapping(by_faction, key, problems).items():
        seat = _seat(rules, name, seats, f"{key}.{name}", problems)
        count = _count(value, f"{key}.{name}", seat, rules, problems) if seat else None
        if spot is not None and seat is not None and count is not None:
            checks.append(_equal(f"{key}.{name}", count,
                                 lambda r, s=seat: _forces_at(r["state"], *spot, s)))
    return checks


def _forces_at(state: State, territory: str, sector: int | None, seat: str) -> dict[str, int]:
    """A faction's forces in a territory, or in one sector of it."""
    if sector is None:
        return count_in(state, seat, territory)
    return dict(state["forces"].get(territory, {}).get(str(sector), {}).get(seat, {}))


def _faction_checks(rules: Rules, seat: str, given: FactionPosition, seats: list[str],
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
            count = _count(getattr(given, name), f"{key}.{name}", seat, rules, problems)
            checks.append(_equal(f"{key}.{name}", count, lambda r, n=name: sheet_of(r)[n]))
    if given.hand is not None:
        cards = treachery_cards(rules)
        wanted = [c for i, text in enumerate(given.hand)
                  if (c := cards.read(text, f"{key}.hand[{i}]", problems))]
        exact = {card for _, card in wanted if card is not None}
        names = {card: name for name, ids in cards.copies.items() for card in ids}
        checks.append(_equal(f"{key}.hand", sorted(card or name for name, card in wanted),
                             lambda r: sorted(c if c in exact else names[c]
                                              for c in sheet_of(r)["hand"])))
    if given.traitors is not None:
        named, cards = _traitors(rules, given.traitors, f"{key}.traitors", problems)
        wanted = sorted([n for n, _ in named] + cards)
        checks.append(_equal(f"{key}.traitors", wanted,
                             lambda r: sorted(sheet_of(r)["traitors"])))
    if given.leaders_in_tanks is not None:
        wanted = sorted(n for n, _ in _leaders(rules, given.leaders_in_tanks,
                                               f"{key}.leaders_in_tanks", problems))
        checks.append(_equal(f"{key}.leaders_in_tanks", wanted, lambda r: sorted(
            leaders.in_tanks(sheet_of(r)["leaders"]))))
    if given.leaders_face_down is not None:
        wanted = sorted(n for n, _ in _leaders(rules, given.leaders_face_down,
                                               f"{key}.leaders_face_down", problems))
        checks.append(_equal(f"{key}.leaders_face_down", wanted, lambda r: sorted(
            leaders.face_down(sheet_of(r)["leaders"]))))
    if given.leaders_revived is not None:
        wanted = sorted(n for n, _ in _leaders(rules, given.leaders_revived,
                                               f"{key}.leaders_revived", problems))
        checks.append(_equal(f"{key}.leaders_revived", wanted,
                             lambda r: sorted(sheet_of(r)["leaders_revived"])))
    if given.prediction is not None:
        faction = _seat(rules, given.prediction.faction, seats, f"{key}.prediction.faction",
                        problems)
        checks.append(_equal(f"{key}.prediction", {"faction": faction,
                                                   "turn": given.prediction.turn},
                             lambda r: sheet_of(r)["prediction"]))
    if given.karama_power_used is not None:
        checks.append(_equal(f"{key}.karama_power_used", given.karama_power_used,
                             lambda r: sheet_of(r).get("karama_power_used", False)))
    if given.flipped is not None:
        checks.append(_equal(f"{key}.flipped", given.flipped,
                             lambda r: sheet_of(r).get("flipped", 0)))
    if given.cooccupied is not None:            # Ecaz's, text B (001 2.11.07 B)
        wanted_b = sorted(t for i, name in enumerate(given.cooccupied) if (
            t := _territory_name(rules, name, f"{key}.cooccupied[{i}]", problems)))
        checks.append(_equal(f"{key}.cooccupied", wanted_b, lambda r: sorted(
            r["state"]["factions"][seat].get("coexisting", []))))
    if given.face_down is not None:
        checks.append(_equal(f"{key}.face_down", sorted(given.face_down), lambda r: sorted(
            force_kind(n).mark for n in embassy.face_down(r["state"], seat))))
    if given.smugglers is not None:             # the Free Traders' Smugglers (001 2.13.06)
        wanted = sorted(t for i, name in enumerate(given.smugglers) if (
            t := _territory_name(rules, name, f"{key}.smugglers[{i}]", problems)))
        checks.append(_equal(f"{key}.smugglers", wanted,
                             lambda r: sorted(factions.power(seat, r["state"]).coexisting(
                                 r["state"]))))
    if given.revival_raised is not None:        # the Tleilaxu's terms (001 2.08.12)
        wanted = [_seat(rules, name, seats, f"{key}.revival_raised", problems)
                  for name in given.revival_raised]
        checks.append(_equal(f"{key}.revival_raised", wanted,
                             lambda r: sheet_of(r).get("raised", [])))
    if given.no_field_lent is not None:         # (001 2.10.20)
        checks.append(_equal(f"{key}.no_field_lent", str(given.no_field_lent),
                             lambda r: sheet_of(r).get("no_field_lent")))
    if given.gholas is not None:                # (001 2.08.17)
        wanted = sorted(n for n, _ in _leaders(rules, given.gholas, f"{key}.gholas", problems))
        checks.append(_equal(f"{key}.gholas", wanted,
                             lambda r: sorted(sheet_of(r).get("gholas", {}))))
    if given.leader_prices is not None:         # (001 2.08.14)
        prices = {("*" if str(name).upper() == "ALL" else name):
                  ("value" if str(price).upper() == "VALUE" else price)
                  for name, price in given.leader_prices.items()}
        checks.append(_equal(f"{key}.leader_prices", prices,
                             lambda r: sheet_of(r).get("prices", {})))
    return checks


def _deck_checks(decks: Decks, rules: Rules, problems: list[str]) -> list[Check]:
    """The top cards of each deck and pile named, in order, top first; a bare name matches
    any copy (the state keeps each pile's top card last)."""
    if decks.spice_discard_2 and not rules.double_blow:
        problems.append("expect.decks.spice_discard_2: there is a second discard pile only "
                        "with the double_blow option (000 XXI)")
    piles: list[tuple[str, Cards, Callable[[State], list[str]]]] = [
        ("treachery", treachery_cards(rules), lambda s: s["decks"]["treachery"]),
        ("treachery_discard", treachery_cards(rules), lambda s: s["decks"]["treachery_discard"]),
        ("richese_cache", treachery_cards(rules), lambda s: s["decks"].get("richese_cache", [])),
        ("spice", spice_cards(rules), lambda s: s["decks"]["spice"]),
        ("spice_discard", spice_cards(rules), lambda s: s["decks"]["spice_discard"]),
        ("spice_discard_2", spice_cards(rules), lambda s: s["decks"]["spice_discard_2"])]
    checks = []
    for name, cards, pile in piles:
        given = getattr(decks, name)
        if not given:
            continue
        key = f"expect.decks.{name}"
        wanted = [c for i, text in enumerate(given)
                  if (c := cards.read(text, f"{key}[{i}]", problems))]
        exact = {card for _, card in wanted if card is not None}
        checks.append(_equal(key, [card or n for n, card in wanted],
                             _top(pile, len(wanted), exact, cards)))
    return checks


def _top(pile: Callable[[State], list[str]], count: int, exact: set[str], cards: Cards
         ) -> Callable[[dict[str, Any]], list[str]]:
    """The top ``count`` cards of a pile, top first: ids named exactly, else their names."""
    names = {card: name for name, ids in cards.copies.items() for card in ids}
    return lambda r: [c if c in exact else names[c] for c in pile(r["state"])[::-1][:count]]


def _kwisatz_haderach_checks(rules: Rules, given: KwisatzHaderach, seats: list[str],
                             problems: list[str]
                             ) -> list[Check]:
    """The Atreides' losses in battles and whether the Kwisatz Haderach is in the tanks."""
    owner = factions.owner(rules, Ability.KWISATZ_HADERACH)
    if owner not in seats:
        problems.append("expect.kwisatz_haderach: the "
                        f"{faction_name(owner, rules)} are not in play "
                        f"(seats: {', '.join(seats)})")
    return [_equal(f"expect.kwisatz_haderach.{name}", getattr(given, name),
                   lambda r, n=name: kwisatz_haderach(r["state"])[n])
            for name in ("losses", "tanks") if getattr(given, name) is not None]


# --- the lines that must be refused
def _refusals(rules: Rules, refused: tuple[Refused, ...], steps: list[dict[str, str]],
              seats: list[str],
              problems: list[str]) -> tuple[list[Refused], list[Check]]:
    """The lines ``expect.refused`` names (their seats read), and their checks: each is a
    step, a seat that wrote in it and a line of its orders, refused with the code and/or a
    message holding the text given."""
    found, checks = [], []
    for index, given in enumerate(refused):
        key = f"expect.refused[{index}]"
        if given is None:
            continue
        if not 1 <= given.step <= len(steps):
            problems.append(f"{key}.step: expected a step 1 to {len(steps)} (step n is "
                            f"orders[n-1]), got {given.step}" if steps else
                            f"{key}.step: the file has no orders, so no step to refuse")
            continue
        texts = steps[given.step - 1]
        seat = _seat(rules, given.seat, seats, f"{key}.seat", problems)
        if seat is None:
            continue
        step = f"step {given.step} (orders[{given.step - 1}])"
        if seat not in texts:
            problems.append(f"{key}.seat: the {faction_name(seat, rules)} write no orders in "
                            f"{step}; "
                            f"those who do: {', '.join(texts) or 'none'}")
            continue
        lines = _order_lines(texts[seat])
        if given.line is not None and given.line not in lines:
            problems.append(f"{key}.line: expected a line of the "
                            f"{faction_name(seat, rules)}'s orders "
                            f"in {step}: " + ", ".join(f"{n} {text!r}" for n, text in
                                                        lines.items()) + f"; got {given.line}")
            continue
        if given.code is None and given.text is None:
            problems.append(f"{key}: give the refusal's code, a text its message holds, or both")
            continue
        if given.code is not None and not CODE.fullmatch(given.code):
            problems.append(f"{key}.code: expected an error code, lower-case words joined by "
                            f"'-' (as leader-fought), got {given.code!r}")
            continue
        expected = dataclasses.replace(given, seat=seat)
        where = f"{step} {seat}" + (f" line {given.line} {lines[given.line]!r}"
                                    if given.line is not None else "")
        found.append(expected)
        checks.append(_refused(key, expected, where))
    return found, checks


def _order_lines(text: str) -> dict[int, str]:
    """The lines of an order text that hold an order, by number (as ``parse_orders`` counts)."""
    return {number: line.strip() for number, line in enumerate(text.splitlines(), start=1)
            if (words := words_of(line)) and not words[0].startswith("#")}


def _refused(key: str, expected: Refused, where: str) -> Check:
    """A check that a line expected refused was, with its code and text."""
    def check(result: dict[str, Any]) -> str | None:
        at = [r for r in result["refused"][expected.step]
              if expected.covers(r["seat"], r["line"])]
        if not at:
            return f"{key}: {where} was not refused"
        if any(expected.code in (None, r["code"]) and (expected.text or "") in r["message"]
               for r in at):
            return None
        wanted = " and ".join(part for part in (
            expected.code and f"code {expected.code}",
            expected.text and f"a message holding {expected.text!r}") if part)
        return (f"{key}: {where} was refused, but not with {wanted}: " + "; ".join(
            f"line {r['line']} {r['code']}: {r['message']}" for r in at))
    return check
