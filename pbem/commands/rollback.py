"""GM commands on the decision log: going back in it (ROLLBACK), and adjudicating the state
as a step of it (ADJUST) (docs/commands.md).

An adjustment is logged in ``decisions`` with ``kind = 'adjust'``: the path, the new value
(and the old one, for the record) in ``orders``, the reason in ``note``.  It takes a step
number like a batch of orders, so replaying the log, and so rolling back, makes it again.
"""

from __future__ import annotations

import json
from typing import Any

from pbem.chain import log_json
from pbem.commands.gm import deadline_text, reload, require_playing, tell_everyone
from pbem.commands.registry import CommandContext, CommandError, gm_command
from pbem.deadlines import due_at
from pbem.fairness import log_intervention
from pbem.game import Adjustment, Game, Order, State, owed
from pbem.record import GameRecord
from pbem.resolution import policy_of
from pbem.store import Store, utc_text
from pbem.wording import plural

MAX_CHANGES_SHOWN = 20
MAX_KEYS_SHOWN = 30
_MISSING = object()


# --- ROLLBACK
@gm_command("ROLLBACK", "ROLLBACK <step> <reason>",
            "go back to that step, before its decision of the log (1: the first); the later "
            "decisions and every order are dropped; never in a finished game")
def rollback(context: CommandContext, args: str) -> None:
    """The state is replayed from the seed up to the decision; every seat is told."""
    record, store = context.record, context.store
    if record.finished:
        raise CommandError(f"game {record.id} is finished: its seed and log are public (its "
                           "final reveal and game record in the archive), so playing it again "
                           "from that seed would show everyone every hidden card")
    number, reason = _decision_and_reason(args, record.step)
    state = record.replay(store, number - 1)
    log_intervention(store, record.id, record.step, "ROLLBACK", {
        "to": number, "dropped": [log_json(row) for row in store.decisions(record.id)
                                  if row["step"] >= number]}, reason, context.now)
    store.db.execute("delete from decisions where game_id = ? and step >= ?", (record.id, number))
    store.db.execute("delete from pending_orders where game_id = ?", (record.id,))
    store.db.execute("delete from deadlines where game_id = ? and step >= ?",
                     (record.id, number - 1))
    store.db.execute("update seats set reported_step = ? where game_id = ? and reported_step "
                     ">= ?", (number - 1, record.id, number - 1))   # told by the notice
    status = record.row["status"]
    store.save_game_state(record.id, number - 1, state, status, context.now)
    reload(context)
    _open_deadline(context)
    record = reload(context)
    told = tell_everyone(context, "rollback", reason, step=number)
    context.answer(f"Rolled back to before decision {number}: the game is at "
                   f"{record.step_title()} ({status}), deadline {deadline_text(context)}. {told}")


def _decision_and_reason(args: str, applied: int) -> tuple[int, str]:
    if applied == 0:
        raise CommandError("no decision has been applied yet: there is nothing to roll back")
    word, _, reason = args.partition(" ")
    if not word.isdigit() or not 1 <= int(word) <= applied:
        open_now = (f" (step {applied + 1} is the one open now, not decided yet)"
                    if word == str(applied + 1) else "")
        raise CommandError(f"expected the number of a decision, 1 to {applied}, got "
                           f"{word!r}{open_now}")
    if not reason.strip():
        raise CommandError("give the reason after the decision: every seat is told it")
    return int(word), reason.strip()


def _open_deadline(context: CommandContext) -> None:
    """A fresh deadline for the current step, from now."""
    record = context.record
    kinds = [p.kind for p in owed(record.prompts())]
    due = due_at(context.now, kinds, policy_of(record), record.settings["timezone"])
    context.store.db["deadlines"].insert({
        "game_id": record.id, "step": record.step, "opened_at": utc_text(context.now),
        "due_at": utc_text(due)})


# --- ADJUST
@gm_command("ADJUST", "ADJUST <path> = <JSON value> -- <reason>",
            "replace the value at a JSON Pointer path of the state; logged and replayed; each "
            "seat is told only what it may see")
def adjust(context: CommandContext, args: str) -> None:
    """The adjustment is a step of the log; the step's orders are read again on the new state."""
    require_playing(context)
    record, store = context.record, context.store
    pointer, value, reason = _adjust_args(args)
    path, old = locate(record.state, pointer)
    if _kind(old) != _kind(value) and None not in (old, value):
        raise CommandError(f"{pointer} holds a {_kind(old)}, not a {_kind(value)}")
    adjustment = Adjustment(path, value)
    before, after = record.state, adjustment.apply(record.state)
    _check_position(record.rules, after, [s["seat"] for s in record.seats])
    step = record.step + 1
    log_intervention(store, record.id, record.step, "ADJUST",
                     {"decision": step, "path": list(path), "was": old, "value": value},
                     reason, context.now)
    store.db["decisions"].insert({
        "game_id": record.id, "step": step, "kind": "adjust", "note": reason,
        "orders": json.dumps({**adjustment.to_json(), "was": old}, sort_keys=True),
        "defaulted": "[]", "events": "[]", "applied_at": utc_text(context.now)})
    dropped = _carry_orders(store, record, after, step)
    store.db.execute("update deadlines set step = ? where game_id = ? and step = ?",
                     (step, record.id, record.step))
    result = record.rules.result(after)
    store.save_game_state(record.id, step, after, "finished" if result else record.row["status"],
                          context.now, result)
    reload(context)
    told = tell_everyone(context, "adjust", reason, each=lambda seat: {
        "changes": view_changes(record.rules, before, after, seat),
        "dropped": dropped.get(seat, [])})
    lost = sum(map(len, dropped.values()))
    context.answer(f"Decision {step}: {pointer} was {json.dumps(old)}, is now "
                   f"{json.dumps(value)}. " + (f"Dropped {plural(lost, 'pending order')} no "
                                              "longer valid. " if lost else "") + told)


def _adjust_args(args: str) -> tuple[str, Any, str]:
    """``<path> = <JSON value> -- <reason>`` read; the ``--`` may be left out."""
    pointer, equals, rest = args.partition("=")
    if not equals or not pointer.strip():
        raise CommandError("expected a path, =, a JSON value, -- and the reason")
    try:
        value, end = json.JSONDecoder().raw_decode(rest.strip())
    except json.JSONDecodeError as error:
        raise CommandError(f"the value is not JSON ({error.msg}); write text in double "
                           "quotes, numbers, true, false, null, [lists] or {objects}") from None
    after = rest.strip()[end:]
    if after and not after[0].isspace():
        raise CommandError(f"expected a space, -- and the reason after the value, not "
                           f"{after.split()[0]!r}")
    reason = after.strip().removeprefix("--").strip()
    if not reason:
        raise CommandError("give the reason after the value, after --: every seat is told it")
    return pointer.strip(), value, reason


def locate(state: State, pointer: str) -> tuple[tuple[str | int, ...], Any]:
    """The path a JSON Pointer (RFC 6901) names in the state, and the value there; the
    path must exist."""
    if not pointer.startswith("/"):
        raise CommandError(f"a path starts with /, such as /coins/north; got {pointer!r}")
    path: list[str | int] = []
    node = state
    for part in pointer[1:].split("/"):
        key: str | int = part.replace("~1", "/").replace("~0", "~")
        where = "/" + "/".join(str(p) for p in path)
        if isinstance(node, list):
            if not key.isdigit() or int(key) >= len(node):
                raise CommandError(f"{where} is a list of {len(node)}: no index {key!r}")
            key = int(key)
        elif isinstance(node, dict):
            if key not in node:
                keys = ", ".join(list(map(str, node))[:MAX_KEYS_SHOWN])
                more = ", ..." if len(node) > MAX_KEYS_SHOWN else ""
                raise CommandError(f"{where} has no key {key!r}; its keys: {keys}{more}")
        else:
            raise CommandError(f"{where} holds a {_kind(node)}: it has no {key!r}")
        path.append(key)
        node = node[key]
    return tuple(path), node


def _kind(value: Any) -> str:
    """The JSON kind of a value, as the GM reads it."""
    if value is None:
        return "null"
    for kind, name in ((bool, "true/false"), (int, "whole number"), (float, "number"),
                       (str, "text"), (list, "list"), (dict, "object")):
        if isinstance(value, kind):
            return name
    raise TypeError(value)


def _check_position(rules: Game, state: State, seats: list[str]) -> None:
    """Refuse an adjusted state that the game cannot show or play on."""
    try:
        rules.step_name(state)
        if rules.result(state) is None:
            rules.prompts(state)
        for seat in [None, *seats]:
            rules.view(state, seat)
    except Exception as error:  # the rules' own checks, whatever they raise
        raise CommandError(f"the game cannot go on from the adjusted state: {error!r}") from None


def _carry_orders(store: Store, record: GameRecord, state: State, step: int
                  ) -> dict[str, list[str]]:
    """Move the step's pending orders on to the adjusted step, each read again on the new
    state; returns, by seat, the order texts that no longer read and were dropped."""
    over = record.rules.result(state) is not None
    open_keys = set() if over else {p.key for p in record.rules.prompts(state)}
    dropped: dict[str, list[str]] = {}
    for key, row in store.pending(record.id, record.step).items():
        store.db["pending_orders"].delete((record.id, record.step, key))
        order = _read_again(record.rules, state, row) if key in open_keys else None
        if order is None:
            dropped.setdefault(row["seat"], []).append(row["text"])
        else:
            store.db["pending_orders"].insert({**row, "step": step, "text": order.text,
                                               "value": json.dumps(order.value)})
    return dropped


def _read_again(rules: Game, state: State, row: dict[str, Any]) -> Order | None:
    """A pending order read again on another state, or None if it no longer reads."""
    orders = rules.parse(state, row["seat"], row["text"]).orders
    return next((order for order in orders if order.prompt == row["prompt"]), None)


def view_changes(rules: Game, before: State, after: State, seat: str | None) -> list[str]:
    """What changed in the seat's own view (None: the public view), one line per value."""
    old, new = _leaves(rules.view(before, seat)), _leaves(rules.view(after, seat))
    lines = [f"{path}: {_shown(old, path)} -> {_shown(new, path)}"
             for path in dict.fromkeys([*old, *new])
             if old.get(path, _MISSING) != new.get(path, _MISSING)]
    if len(lines) > MAX_CHANGES_SHOWN:
        lines[MAX_CHANGES_SHOWN:] = [f"and {len(lines) - MAX_CHANGES_SHOWN} more"]
    return lines


def _leaves(value: Any, path: str = "") -> dict[str, Any]:
    """Every value of a nested view by its JSON Pointer."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return {path or "/": value}
    found: dict[str, Any] = {}
    for key, item in items:
        part = str(key).replace("~", "~0").replace("/", "~1")
        found.update(_leaves(item, f"{path}/{part}"))
    return found


def _shown(leaves: dict[str, Any], path: str) -> str:
    return json.dumps(leaves[path]) if path in leaves else "(none)"
