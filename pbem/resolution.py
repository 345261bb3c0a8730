"""Resolving a game's steps: when a step is ready, applying it, and what missing orders cost.

A step is ready when every decision it waits for has an order (after the
game's resolve delay, and not before the deadline if a seat asked to WAIT), or
when its deadline and grace have passed: then each missing order takes its
prompt's default.  An optional decision (``Prompt.optional``: a card its
holder may keep) is never waited for: it takes its default when the step
resolves, unnoted, and counts as no missed deadline, so that neither the
timing of a step nor its report tells anyone who holds the card.  A seat that
misses ``missed_limit`` deadlines in a row falls into civil disorder, as the
game's policy says: its defaults go on (``defaults``), a bot plays it
(``bot``), or the game is paused until the GM replaces the player (``wait``).
Each applied step is logged with its orders, the decisions defaulted, and the
events; the next step gets its deadline.
A seat within a declared absence (ABSENCE) has its defaults filed at once:
they wait for no deadline and count as no missed deadline.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from pbem.ahead import expire, file_held_orders
from pbem.chain import chain_head
from pbem.command import commander
from pbem.deadlines import DeadlinePolicy, due_at, final_due
from pbem.game import (
    Bots,
    Event,
    Prompt,
    State,
    capability,
    only_optional,
    owed,
    step_rng,
    waiting_for,
)
from pbem.preferences import absent, preferences
from pbem.record import GameRecord
from pbem.standing import standing_order
from pbem.store import Store, parse_utc, utc_text

MAX_STEPS_PER_TICK = 1000
QUIET = "quiet:"  # meta key prefix: a game found not ready, and until when it stays so


@dataclass
class Resolved:
    """What resolving one game did in this tick (``logged``: how many of the notes are
    stored with their step's decision)."""

    steps: int = 0
    events: list[Event] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    logged: int = 0
    commanders: dict[str, str] = field(default_factory=dict)


def policy_of(record: GameRecord) -> DeadlinePolicy:
    return DeadlinePolicy.from_json(record.settings["deadlines"])


def resolve_ready_steps(store: Store, record: GameRecord, now: datetime) -> Resolved:
    """Apply every step of the game that is ready, in place; call inside a transaction.
    ``commanders`` says who commanded which seat before (``pbem.command``)."""
    done = Resolved(commanders={seat["seat"]: commander(seat) for seat in record.seats})
    while record.row["status"] == "active" and ready(store, record, now):
        apply_step(store, record, now, done)
        done.steps += 1
        if done.steps > MAX_STEPS_PER_TICK:
            raise RuntimeError(f"game {record.id} ran {done.steps} steps without a decision")
    return done


def resolve_now(store: Store, record: GameRecord, now: datetime, note: str) -> Resolved:
    """Apply the current step at once, whatever its deadline and waits (the GM's RESOLVE):
    orders still missing take their defaults; then every step ready after it.  ``note``
    opens the report."""
    assert record.rules.result(record.state) is None, "the game is over"
    prompts = record.rules.prompts(record.state)
    file_moderator_orders(store, record, prompts, now)
    done = Resolved(steps=1, notes=[note],
                    commanders={seat["seat"]: commander(seat) for seat in record.seats})
    due = store.deadline(record.id, record.step)
    apply_step(store, record, now, done,
               missed="by the deadline" if due is None or due <= now else "before the GM "
               "resolved the step")
    after = resolve_ready_steps(store, record, now)
    return Resolved(done.steps + after.steps, done.events + after.events,
                    done.notes + after.notes, commanders=done.commanders)


def ready(store: Store, record: GameRecord, now: datetime) -> bool:
    """Whether the current step may be applied now."""
    if record.rules.result(record.state) is not None:
        return False
    prompts = record.rules.prompts(record.state)
    pending = file_moderator_orders(store, record, prompts, now)
    row = store.one("select * from deadlines where game_id = ? and step = ?",
                    (record.id, record.step))
    due = parse_utc(row["due_at"])
    if not waiting_for(prompts, pending):
        if json.loads(row["waits"] or "[]"):
            return now >= due
        if row["all_in_at"] is None:
            store.update("deadlines", {"game_id": record.id, "step": record.step},
                         {"all_in_at": utc_text(now)})
            all_in = now
        else:
            all_in = parse_utc(row["all_in_at"])
        return now >= all_in + timedelta(minutes=policy_of(record).resolve_delay_minutes)
    return now >= final_due(due, policy_of(record))


def _inputs(store: Store, game: dict) -> tuple[str, list[dict], dict | None]:
    """A digest of every row that ``ready`` reads (the game's, its seats', its held and
    pending orders', its deadline's), with the seats and the deadline row."""
    seats = store.seats(game["id"])
    deadline = store.one("select * from deadlines where game_id = ? and step = ?",
                         (game["id"], game["step"]))
    rows = (game, seats, store.held_orders(game["id"]), store.pending(game["id"], game["step"]),
            deadline)
    return hashlib.blake2b(repr(rows).encode(), digest_size=16).hexdigest(), seats, deadline


def quiet(store: Store, game: dict, now: datetime) -> bool:
    """Whether a game was found not ready and none of what that depends on has changed
    since: no row that ``ready`` reads, and no time it depends on has come.  Read from the
    database alone (no game loaded): an idle tick loads no game for this (issue 20)."""
    stamp = store.meta(QUIET + game["id"])
    if stamp is None:
        return False
    found = json.loads(stamp)
    return (parse_utc(found["since"]) <= now < parse_utc(found["until"])
            and found["inputs"] == _inputs(store, game)[0])


def note_quiet(store: Store, game_id: str, now: datetime) -> None:
    """Remember that a game is not ready at ``now``, until the first time that could change
    that by itself: its deadline, or the start or end of a seat's absence (and not for a
    clock set back before ``now``).  A game whose orders are all in and waits for its
    resolve delay is not remembered."""
    game = store.game(game_id)
    inputs, seats, deadline = _inputs(store, game)
    if game["status"] != "active" or deadline is None or deadline["all_in_at"] is not None:
        return
    times = [parse_utc(deadline["due_at"])]
    if times[0] <= now:  # past the deadline: its grace may end at any tick
        return
    for seat in seats:
        absence = preferences(seat).get("absence")
        if absence is not None:
            times += [parse_utc(absence["starts_at"]), parse_utc(absence["ends_at"])]
    until = min(t for t in times if t > now)
    with store.atomic():
        store.set_meta(QUIET + game_id, json.dumps(
            {"inputs": inputs, "since": utc_text(now), "until": utc_text(until)}))


def file_moderator_orders(store: Store, record: GameRecord, prompts: list[Prompt],
                          now: datetime) -> dict[str, dict[str, Any]]:
    """The orders the moderator files for seats at once: orders held for the decisions that
    opened (``pbem.ahead``), standing orders, a bot's orders in civil disorder, and defaults
    in a declared absence.  Returns the step's pending orders by prompt key
    (``Store.pending``), these included: read once for all four (each adds the keys it
    files to ``answered``), and again only if one of them filed an order."""
    pending = store.pending(record.id, record.step)
    answered = set(pending)
    for filer in (file_held_orders, file_standing_orders, file_bot_orders,
                  file_absence_defaults):
        filer(store, record, prompts, now, answered)
    return pending if len(answered) == len(pending) else store.pending(record.id, record.step)


def file_standing_orders(store: Store, record: GameRecord, prompts: list[Prompt],
                         now: datetime, answered: set[str]) -> None:
    """A seat's standing orders (SET STANDING) answer the open decisions of the kinds they
    name, where the seat has not answered them (``answered``: the keys of the step's pending
    orders) and the order is legal now (``pbem.standing``)."""
    seats = {seat["seat"]: seat for seat in record.seats}
    for prompt in prompts:
        if prompt.key in answered:
            continue
        order = standing_order(record.rules, record.state, seats[prompt.seat], prompt)
        if order is not None:
            _file_order(store, record, prompt, order.value, order.text, now, answered)


def file_bot_orders(store: Store, record: GameRecord, prompts: list[Prompt],
                    now: datetime, answered: set[str]) -> None:
    """Seats a bot plays (civil disorder ``bot``, or ``bot:<style>``) get their orders at once,
    from their view; should the parser refuse a bot's text, the decision's default."""
    bots = {s["seat"]: (s["disorder"].partition(":")[2] or "random") for s in record.seats
            if (s["disorder"] or "").partition(":")[0] == "bot"}
    players = capability(record.rules, Bots)     # a game file gives bots only to games with them
    for prompt in prompts if players is not None else []:
        if prompt.seat not in bots or prompt.key in answered:
            continue
        rng = random.Random(f"{record.row['seed']}/{record.step}/bot/{prompt.key}")
        text = players.bot_order(record.rules.view(record.state, prompt.seat), prompt, rng,
                                 bots[prompt.seat])
        orders = [o for o in record.rules.parse(record.state, prompt.seat, text).orders
                  if o.prompt == prompt.key]
        value, text = ((orders[0].value, orders[0].text) if orders
                       else (prompt.default, prompt.default_text))
        _file_order(store, record, prompt, value, text, now, answered)


def file_absence_defaults(store: Store, record: GameRecord, prompts: list[Prompt],
                          now: datetime, answered: set[str]) -> None:
    """Seats within a declared absence, and seats whose player dropped out (civil disorder
    ``dropout``, ``pbem.league.commands``), get their defaults at once, where they sent
    nothing."""
    away = {s["seat"] for s in record.seats if absent(s, now) or s["disorder"] == "dropout"}
    for prompt in prompts:
        if prompt.seat in away and prompt.key not in answered:
            _file_order(store, record, prompt, prompt.default, prompt.default_text, now,
                        answered)


def _file_order(store: Store, record: GameRecord, prompt: Prompt, value, text: str,
                now: datetime, answered: set[str]) -> None:
    """A pending order the moderator files for a seat (no mail of the seat behind it)."""
    store.upsert("pending_orders", {
        "game_id": record.id, "step": record.step, "prompt": prompt.key, "seat": prompt.seat,
        "value": json.dumps(value), "text": text, "inbound_id": None,
        "updated_at": utc_text(now)}, pk=("game_id", "step", "prompt"))
    answered.add(prompt.key)


def apply_step(store: Store, record: GameRecord, now: datetime, done: Resolved,
               missed: str = "by the deadline") -> None:
    """Apply one step to ``record`` in place, logging it; defaults fill missing orders (the
    notes say they were ``missed`` "by the deadline", or when else the step resolved)."""
    prompts = record.rules.prompts(record.state)
    pending = store.pending(record.id, record.step)
    orders, defaulted = {}, []
    for prompt in prompts:
        if prompt.key in pending:
            orders[prompt.key] = json.loads(pending[prompt.key]["value"])
        elif prompt.optional:
            orders[prompt.key] = prompt.default          # a card kept, as nobody may know
        else:
            orders[prompt.key] = prompt.default
            defaulted.append(prompt.key)
            done.notes.append(f"No orders from {prompt.seat} for {prompt.kind} {missed}: "
                              f"the default was applied ({prompt.default_text}).")
    count_missed(store, record, prompts, set(defaulted), done)
    step = record.step + 1
    rng = step_rng(record.row["seed"], step)
    state, events = record.rules.apply(record.state, orders, rng)
    batches = [orders] + _folded(store, record, state, rng, now, events)
    state = record.state
    store.insert("decisions", {
        "game_id": record.id, "step": step,
        "orders": json.dumps(batches if len(batches) > 1 else orders, sort_keys=True),
        "defaulted": json.dumps(defaulted), "applied_at": utc_text(now),
        "events": json.dumps([e.to_json() for e in events], sort_keys=True),
        "notes": json.dumps(done.notes[done.logged:]),
    })
    done.logged = len(done.notes)
    store.execute("delete from pending_orders where game_id = ? and step = ?",
                  (record.id, record.step))
    record.row = {**record.row, "step": step}
    record.chain = chain_head(store, record.row, [seat["seat"] for seat in record.seats])
    record.follow_command()
    kinds = [p.kind for p in owed(record.rules.prompts(state))]
    due = due_at(now, kinds, policy_of(record), record.settings["timezone"])
    store.upsert("deadlines", {"game_id": record.id, "step": step,
                               "opened_at": utc_text(now), "due_at": utc_text(due)},
                 pk=("game_id", "step"))
    expire(store, record)
    done.events.extend(events)


def _folded(store: Store, record: GameRecord, state: State, rng: random.Random,
            now: datetime, events: list[Event]) -> list[dict[str, Any]]:
    """The moments after a step that ask only optional decisions (a card its holder may
    play), applied within the step, in place, from the same generator: each takes the orders
    the moderator files at once (held, standing, a bot's), else its default.  Were such a
    moment a step of its own, every later step number, subject and archive heading would
    tell everyone that somebody holds the card (issue 34, item 2).  Returns their batches;
    ``record.state`` ends as the step's last state, ``events`` gets theirs."""
    folded: list[dict[str, Any]] = []
    while only_optional(prompts := record.rules.prompts(state)):
        store.execute("delete from pending_orders where game_id = ? and step = ?",
                      (record.id, record.step))
        record.state = state
        pending = file_moderator_orders(store, record, prompts, now)
        batch = {p.key: json.loads(pending[p.key]["value"]) if p.key in pending else p.default
                 for p in prompts}
        state, more = record.rules.apply(state, batch, rng)
        events.extend(more)
        folded.append(batch)
    record.state = state
    return folded


def count_missed(store: Store, record: GameRecord, prompts: list[Prompt], defaulted: set[str],
                 done: Resolved) -> None:
    """Missed deadlines in a row per seat, and civil disorder when they reach the limit; a
    seat asked only optional decisions was not asked (its count says nothing of its cards)."""
    asked = {p.seat for p in owed(prompts)}
    late = {p.seat for p in prompts if p.key in defaulted}
    for seat in record.seats:
        if seat["seat"] not in asked:
            continue
        missed = (seat["missed"] or 0) + 1 if seat["seat"] in late else 0
        changes = {"missed": missed}
        if (missed >= record.settings["missed_limit"] and not seat["disorder"]):
            policy = record.settings["civil_disorder"]
            changes["disorder"] = policy
            note = (f"{seat['seat']} has missed {missed} deadlines in a row and is in civil "
                    f"disorder: {DISORDER_WORDS[policy]}.")
            done.notes.append(note)          # the GM reads it in the public report
            if policy == "wait":
                record.row = {**record.row, "status": "paused"}
        store.update("seats", {"game_id": record.id, "seat": seat["seat"]}, changes)
        seat.update(changes)


DISORDER_WORDS = {
    "defaults": "its defaults are played until the GM replaces the player",
    "bot": "a bot plays it until the GM replaces the player",
    "wait": "the game is paused until the GM replaces the player",
}
