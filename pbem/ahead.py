"""Orders given ahead (docs/orders.md, "Orders ahead"): a seat's orders for a decision of the
turn that is not open yet, held until it opens.

The game says which decisions a seat may decide ahead (``OrdersAhead.ahead``) and reads their
lines with the mail (``parse``).  Such an order is checked at once as far as the position
allows, held under the decision's name (one per seat and name: a later one replaces it), and
read again when a decision it answers opens (``Prompt.held_as``): filed if it is legal then,
else the seat is asked as usual, and its next mail quotes the held text with the reason.
Lines ``ELSE`` alone split a held order into fallbacks, tried in turn.  A held order whose
decision will not come any more (a battle not fought) is dropped the same way, with the
reason.  An order for a decision that may open several times in a row (``DecisionKind.again``:
Dune's Nexus at each worm) is kept once filed, and answers each time, until its decision is no
longer to come; then it is dropped quietly.  Nothing here changes what anyone knows: only the
seat sees its held orders.
"""

from __future__ import annotations

import json
import random
from datetime import datetime

from pbem.decisions import decision_kind, is_pass, read_for
from pbem.game import Bots, Game, Order, OrdersAhead, Prompt, State, capability
from pbem.record import GameRecord
from pbem.store import Store, utc_text

NOT_COME = "that decision did not come: nothing was filed"


def ahead_prompts(game: Game, state: State, seat: str | None) -> list[Prompt]:
    """The seat's decisions still to come that it may decide now (none for the public, a game
    over, or a game without orders ahead)."""
    kind = capability(game, OrdersAhead)
    if kind is None or seat is None or game.result(state) is not None:
        return []
    return kind.ahead(state, seat)


def asked_prompts(record: GameRecord, seat: str) -> list[Prompt]:
    """The seat's decisions to come that its mails have asked for in their turn form
    (``pbem.reports``: each decision to come that is no optional one, in the first mail that
    offers it), still to come and not held: a player who answers what it is asked answers
    these along with its open decisions."""
    shown = set(json.loads(record.seat(seat)["ahead_shown"] or "[]"))
    held = {row["name"] for row in record.held_by(seat) if row["refused"] is None}
    return [p for p in ahead_prompts(record.rules, record.state, seat)
            if not p.optional and p.key in shown and p.key not in held]


def bot_turn(game: Game, state: State, seat: str, prompts: list[Prompt], rng: random.Random,
             style: str = "basic", coming: list[Prompt] | None = None) -> list[str]:
    """A bot's mail for its whole turn, as an engaged player writes it: an order for each of
    ``prompts`` (its open decisions), then for each decision to come (``coming``; by default
    all it may send now) its header line and order, with the order that passes it after
    ``ELSE`` where it may be passed."""
    bots = capability(game, Bots)
    view = game.view(state, seat)
    lines = [bots.bot_order(view, prompt, rng, style) for prompt in prompts]
    if coming is None:
        coming = ahead_prompts(game, state, seat)
    for prompt in coming:
        lines += [prompt.template.splitlines()[0], bots.bot_order(view, prompt, rng, style)]
        passing = decision_kind(game, prompt.kind).passing
        if passing:                          # should the order no longer be legal, pass
            lines += ["ELSE", passing]
    return lines


def hold(store: Store, record: GameRecord, seat: str, orders: list[Order],
         ahead: dict[str, Prompt], text: str, inbound_id: int, now: datetime) -> None:
    """Hold each of ``orders`` (read from ``text`` for decisions in ``ahead``) under its
    decision's name, as the lines the seat wrote."""
    lines = text.splitlines()
    for order in orders:
        prompt = ahead[order.prompt]
        written = "\n".join(lines[n - 1].strip() for n in order.lines if 0 < n <= len(lines))
        store.db["held_orders"].upsert({
            "game_id": record.id, "seat": seat, "name": prompt.key, "title": prompt.title,
            "text": written or order.text, "inbound_id": inbound_id, "held_at": utc_text(now),
            "refused": None, "refused_step": None, "filed_step": None},
            pk=("game_id", "seat", "name"))


def read_held(game: Game, state: State, prompt: Prompt, text: str) -> tuple[Order | None, str]:
    """A held order read for its decision now: the first of its fallbacks (``ELSE``) that is
    legal; else None and why the first was not."""
    reasons = []
    for part in fallbacks(text) or [text]:
        order = read_for(game, state, prompt, part)
        if order is not None:
            return order, ""
        errors = game.parse_decision(state, prompt, part).errors
        reasons.append("; ".join(f"{e.line.strip()}: {e.message}" for e in errors)
                       or "it is no order for this decision")
    return None, reasons[0]


def passes(game: Game, text: str) -> bool:
    """Whether a held order only passes its decision: its lines PASS or NONE, but for ELSE
    and the lines that are no order (the header it was sent under)."""
    verbs = {verb for kind in game.decision_kinds for verb in kind.verbs}
    orders = [line for line in text.splitlines()
              if is_pass(line) or (line.split() or [""])[0].upper() in verbs]
    return bool(orders) and all(is_pass(line) for line in orders)


def fallbacks(text: str) -> list[str]:
    """The parts of a held order between lines ``ELSE`` alone (none if it has no such line)."""
    parts, part = [], []
    for line in text.splitlines():
        if line.strip().upper() == "ELSE":
            parts.append("\n".join(part))
            part = []
        else:
            part.append(line)
    return [p for p in [*parts, "\n".join(part)] if p.strip()] if parts else []


def file_held_orders(store: Store, record: GameRecord, prompts: list[Prompt],
                     now: datetime, answered: set[str]) -> None:
    """File the held orders that answer open decisions with no order yet (``answered``: the
    keys of the step's pending orders, to which it adds those it files); one not legal now
    is kept with the reason (the seat is asked, and told)."""
    for prompt in prompts:
        if prompt.key in answered:
            continue
        row = store.one("select * from held_orders where game_id = ? and seat = ? and name = ? "
                        "and refused is null", (record.id, prompt.seat, prompt.held_as))
        if row is None:
            continue
        order, reason = read_held(record.rules, record.state, prompt, row["text"])
        key = (record.id, prompt.seat, prompt.held_as)
        if order is None:
            store.db["held_orders"].update(key, {"refused": reason,
                                                 "refused_step": record.step})
            continue
        store.db["pending_orders"].upsert({
            "game_id": record.id, "step": record.step, "prompt": prompt.key,
            "seat": prompt.seat, "value": json.dumps(order.value), "text": order.text,
            "inbound_id": row["inbound_id"], "updated_at": utc_text(now),
        }, pk=("game_id", "step", "prompt"))
        answered.add(prompt.key)
        if decision_kind(record.rules, prompt.kind).again:
            store.db["held_orders"].update(key, {"filed_step": record.step})
        else:
            store.db["held_orders"].delete(key)


def expire(store: Store, record: GameRecord) -> None:
    """After a step: the reasons told before are dropped, and a held order whose decision is
    neither open nor still to come is dropped with the reason, for the seat's next mail (or
    quietly, if it was filed: ``DecisionKind.again``, or if it only passed: a bid of PASS on a
    card that never came up)."""
    store.db.execute("delete from held_orders where game_id = ? and refused_step < ?",
                     (record.id, record.step))
    rows = store.all("select seat, name, text, filed_step from held_orders where game_id = ? "
                     "and refused is null", (record.id,))
    prompts = record.prompts()
    for seat in sorted({row["seat"] for row in rows}):
        names = ({p.held_as for p in prompts if p.seat == seat}
                 | {p.key for p in ahead_prompts(record.rules, record.state, seat)})
        for row in rows:
            if row["seat"] != seat or row["name"] in names:
                continue
            key = (record.id, seat, row["name"])
            if row["filed_step"] is not None or passes(record.rules, row["text"]):
                store.db["held_orders"].delete(key)     # filed, or a pass to no purpose
            else:
                store.db["held_orders"].update(key, {"refused": NOT_COME,
                                                     "refused_step": record.step})
