"""Which seats a resolved tick mails, what their reports cover, and when a report brings the
map (docs/reports.md).

A seat is mailed only when there is news for it: a decision of its own is open and not
answered yet by an order held or standing (an optional one included: only its holder knows
of it, and only the holder's own mail depends on it), a decision of its own to come that
it may send now (``pbem.ahead``) appeared since its last mail offered it those (the battles
of the turn, once the board shows them: a seat may then send all its plans in the round the
first battle is ordered), an event addressed to it alone or to a few seats, or one that
changes its own position (``Event.concerns``: an alliance it joined or left), came since its
last report, the game ended, or the seat asked for every step (``SET DIGEST OFF``).
Otherwise its news waits, and its next report covers every step since its last one: the
events of those steps that it may see and their notes, in order.  So whether a seat is mailed
depends only on what that seat itself may know.

The map goes in a seat's report when its drawing changed since the map last sent to that
seat, and either a decision of the seat needs it (``DecisionKind.needs_map``), no map went
to the seat in this turn (``Turns.turn_of``; a game without turns sends every new
drawing), or the game ended.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from pbem.ahead import ahead_prompts
from pbem.decisions import decision_kind
from pbem.game import Event, Turns, capability
from pbem.mail.compose import Picture
from pbem.preferences import preferences
from pbem.record import GameRecord
from pbem.reports import map_drawing, map_pictures
from pbem.store import Store


@dataclass(frozen=True)
class News:
    """What a seat's report covers: the events it may see and the notes of the steps since
    its last report."""

    events: list[Event]
    notes: list[str]


def news_since(store: Store, record: GameRecord, seat: dict, events: list[Event],
               notes: list[str], steps: int) -> News:
    """The news for ``seat`` after a tick that resolved ``steps`` steps with ``events`` and
    ``notes``: those, after the steps logged since the seat's last report that it was not
    mailed (GM adjustments are told by their own notice, and left out).  A seat with no
    last report yet counts as reported up to the tick's first step."""
    first = record.step - steps
    since = first if seat["reported_step"] is None else min(seat["reported_step"], first)
    rows = store.all("select events, notes from decisions where game_id = ? and step > ? "
                     "and step <= ? and kind = 'orders' order by step",
                     (record.id, since, first))
    earlier = [Event.from_json(event) for row in rows for event in json.loads(row["events"])]
    noted = [note for row in rows for note in json.loads(row["notes"] or "[]")]
    name = seat["seat"]
    return News([e for e in [*earlier, *events] if e.visible_to(name)], [*noted, *notes])


def has_news(record: GameRecord, seat: dict, news: News,
             answered: Collection[str] = ()) -> bool:
    """Whether the seat is mailed now (the module's rule): it depends only on the seat's own
    decisions and events, the game's end and the seat's own setting.  A decision already
    answered (``answered``: the keys of the step's orders in, a held or standing order of the
    seat's) is no news: a bid held for the card up asks nothing."""
    name = seat["seat"]
    return (record.finished
            or preferences(seat).get("digest") == "off"
            or any(p.seat == name and p.key not in answered and not stands(record, p)
                   for p in record.prompts())
            or any(e.to is not None or name in e.concerns for e in news.events)
            or bool(new_ahead(record, seat)))


def stands(record: GameRecord, prompt) -> bool:
    """Whether an open decision is an answer standing from an earlier step, which the seat may
    change but need not be told of again (``DecisionKind.stands``, the prompt optional)."""
    return prompt.optional and decision_kind(record.rules, prompt.kind).stands


def new_ahead(record: GameRecord, seat: dict) -> list[str]:
    """The names of the seat's decisions to come, not held, that its mails have not offered
    it yet (``ahead_shown``)."""
    shown = set(json.loads(seat["ahead_shown"] or "[]"))
    held = {row["name"] for row in record.held_by(seat["seat"]) if row["refused"] is None}
    return [p.key for p in ahead_prompts(record.rules, record.state, seat["seat"])
            if p.key not in shown | held]


def offered(store: Store, record: GameRecord, seat: dict,
            coming: Iterable[str] | None = None) -> None:
    """A mail with the seat's turn sheet goes now: it offers every decision to come (their
    names, ``coming``, when the caller has them already)."""
    if coming is None:
        coming = (p.key for p in ahead_prompts(record.rules, record.state, seat["seat"]))
    names = json.dumps(sorted(coming))
    if names == seat["ahead_shown"]:
        return  # offered already: ``seat`` is its row as stored in this transaction
    store.update("seats", {"game_id": record.id, "seat": seat["seat"]}, {"ahead_shown": names})
    seat["ahead_shown"] = names


def report_pictures(store: Store, record: GameRecord, seat: dict) -> tuple[Picture, ...]:
    """The map for the seat's report now, if it goes (the module's rule), as a PNG, with the
    SVG for a seat that asked (``SET MAP SVG``); what was sent is kept with the seat."""
    wanted = preferences(seat).get("map", "png")
    drawing = map_drawing(record) if wanted != "off" else None
    if drawing is None:
        return ()
    digest = hashlib.sha256(drawing).hexdigest()
    if digest == seat["map_digest"]:
        return ()
    turns = capability(record.rules, Turns)
    turn = turns.turn_of(record.state) if turns is not None else None
    needs = {kind.kind for kind in record.rules.decision_kinds if kind.needs_map}
    if not (turns is None or seat["map_digest"] is None or seat["map_turn"] != turn
            or record.finished
            or any(p.seat == seat["seat"] and p.kind in needs for p in record.prompts())):
        return ()
    changes = {"map_digest": digest, "map_turn": turn}
    store.update("seats", {"game_id": record.id, "seat": seat["seat"]}, changes)
    seat.update(changes)
    return map_pictures(record, svg=wanted == "svg")


def reported(store: Store, record: GameRecord, seat: dict, step: int) -> None:
    """The seat has been told everything up to ``step``."""
    store.update("seats", {"game_id": record.id, "seat": seat["seat"]}, {"reported_step": step})
    seat["reported_step"] = step
