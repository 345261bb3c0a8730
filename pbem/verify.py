"""``pbem verify``: check a published game record offline (docs/fairness.md).

It checks the commitment against the GM's seed revealed (and against the one the player
kept from their welcome mail, if given), derives the played seed from it and the salts,
lists every GM intervention and checks the adjustments of the log against them, replays the
log step by step comparing each step's public events with those reported, ends with the
result, and, given the game's archive folder, checks each turn page (the public report,
its table and its map) against the pages the replay makes.  Each failure names what failed.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem import chain, fairness
from pbem.archive.game_file import FORMAT, FORMATS
from pbem.game import Adjustment, Event, Game, State, apply_logged, load_game, step_rng
from pbem.store import Store

DEAL_CHECKS = ("format", "record", "commitment", "commitment mailed", "rules version", "salts",
               "seed", "seat draw")
# Every part a record of this format must have: one missing fails (issue 34, item 3).
RECORD_PARTS = ("id", "game", "ruleset", "rules_version", "options", "seats", "seed", "gm_seed",
                "commitment", "salts", "interventions", "log", "result")
ORDERS_PARTS = ("step", "orders", "defaulted", "public")
ADJUSTMENT_PARTS = ("step", "adjustment", "was", "note")
PAGES_MADE_AT = datetime(2000, 1, 1, tzinfo=UTC)   # the game's pages do not show it


@dataclass(frozen=True)
class Check:
    """One thing checked: what (``commitment``, ``seed``, ``step 12``, ``result``, a page),
    whether it held, and what was found."""

    what: str
    ok: bool
    detail: str


@dataclass
class Verification:
    """Every check made, the GM's interventions as read from the record, and what was not
    checked (and what would check it)."""

    checks: list[Check] = field(default_factory=list)
    interventions: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    @property
    def failed(self) -> list[Check]:
        return [check for check in self.checks if not check.ok]

    def add(self, what: str, ok: bool, detail: str) -> bool:
        self.checks.append(Check(what, ok, detail))
        return ok


def verify_record(data: dict[str, Any], commitment: str | None = None,
                  archive: Path | None = None, mails: list[Mail] = ()) -> Verification:
    """Check a game record (``pbem.archive.game_file``); ``commitment``: the one the player
    was mailed; ``archive``: the game's folder of the archive site; ``mails``: the digests of
    mails the player kept (``read_mail``).  A record missing a part it must have fails."""
    found = Verification()
    if data.get("format") not in FORMATS:
        found.add("format", False, f"not a pbem game record (format {data.get('format')!r})")
        return found
    if not _parts(found, data):
        return found
    rules = load_game(data["game"])
    _commitment(found, data, commitment, rules)
    if "salt_digests" in data:
        _salts(found, data)
    else:
        found.unchecked.append("that each salt is the one its seat committed to (the record "
                               "was made before salts were committed by digest)")
    _seed(found, data)
    _draw(found, data)
    _interventions(found, data)
    final = _replay(found, data, rules)
    if final is not None:
        _result(found, data, rules, final)
        if archive is not None:
            _pages(found, data, final, archive)
    _mails(found, data, mails)
    if commitment is None:
        found.unchecked.append("that the commitment is the one your welcome mail showed "
                               "(give --commitment)")
    if not mails:
        found.unchecked.append("that the log is the one your mails were written from (give "
                               "--mail with a mail of the game you kept)")
    if archive is None:
        found.unchecked.append("the archive's turn pages (give the game's archive folder)")
    return found


def _parts(found: Verification, data: dict[str, Any]) -> bool:
    """Every part the record must have is there: its own, and each log entry's."""
    missing = [part for part in RECORD_PARTS if part not in data]
    if data["format"] == FORMAT and "salt_digests" not in data:
        missing.append("salt_digests")
    for number, entry in enumerate(data.get("log") or [], start=1):
        parts = ADJUSTMENT_PARTS if "adjustment" in entry else ORDERS_PARTS
        missing += [f"log entry {number}: {part}" for part in parts if part not in entry]
    for number, item in enumerate(data.get("interventions") or [], start=1):
        missing += [f"intervention {number}: {part}" for part in
                    ("command", "step", "at", "reason", "details") if part not in item]
    if missing:
        found.add("record", False, "parts missing: " + ", ".join(missing[:10])
                  + (f" and {len(missing) - 10} more" if len(missing) > 10 else ""))
        return False
    found.add("record", True, f"every part there: {len(data['log'])} log entries, each with "
                              f"its orders and public events or its adjustment, and "
                              f"{len(data['interventions'])} GM interventions")
    return True


def _commitment(found: Verification, data: dict[str, Any], mailed: str | None,
                rules: Game) -> None:
    if not data.get("commitment") or not data.get("gm_seed"):
        found.add("commitment", False, "the record has no commitment: the game was made "
                                       "before commitments, its deal cannot be checked")
        return
    made = fairness.commitment(data["gm_seed"], data["id"], data["game"], data["ruleset"],
                               data["options"], data["rules_version"])
    found.add("commitment", made == data["commitment"],
              f"{made} is the SHA-256 of the GM's seed {data['gm_seed']!r}, the game and its "
              "options" + ("" if made == data["commitment"] else
                           f", but the record says {data['commitment']}"))
    if mailed is not None:
        found.add("commitment mailed", mailed.strip().lower() == made,
                  "the commitment of the welcome mail" + (
                      " is the record's" if mailed.strip().lower() == made else
                      f" is {mailed.strip()}: the revealed seed is not the committed one"))
    try:
        rules.setup(data["ruleset"], data["options"], data["seats"], step_rng(data["seed"], 0),
                    data["rules_version"])
    except ValueError as error:
        found.add("rules version", False, f"the game was played under rules version "
                                          f"{data['rules_version']}; this pbem has "
                                          f"{rules.rules_version} and cannot replay it: {error}")


def _salts(found: Verification, data: dict[str, Any]) -> None:
    """Each salt revealed is the one its seat committed to by digest (format 3)."""
    digests = data["salt_digests"]
    wrong = [seat for seat, text in sorted(data["salts"].items()) if text is not None
             and digests.get(seat) != fairness.salt_digest(text)]
    hidden = fairness.unrevealed(digests, data["salts"])
    given = [seat for seat, text in data["salts"].items() if text is not None]
    found.add("salts", not wrong,
              (f"not the salt committed to: {', '.join(wrong)}" if wrong else
               "each salt revealed has the digest its seat committed to" if given else
               "no seat gave a salt")
              + (f"; committed and not revealed, so dealt without: {', '.join(hidden)}"
                 if hidden else ""))


def _seed(found: Verification, data: dict[str, Any]) -> None:
    if not data.get("gm_seed"):
        return
    salts = data.get("salts") or {}
    seed = fairness.played_seed(data["gm_seed"], salts)
    given = ", ".join(f"{seat} {text!r}" for seat, text in sorted(salts.items())
                      if text is not None) or "none"
    found.add("seed", seed == data["seed"],
              f"the GM's seed and the salts ({given}) give {seed}"
              + ("" if seed == data["seed"] else
                 f", but the game was played with {data['seed']}"))


def _draw(found: Verification, data: dict[str, Any]) -> None:
    """The seat draw the seed played gives (``fairness.seat_draw``), for each player to
    compare with the seat of its welcome: its number in the draw was in its commitment mail."""
    if not data.get("draw_seats"):
        return
    seats = data["seats"]
    drawn = fairness.seat_draw(len(seats), data["seed"])
    found.add("seat draw", True, "from the seed played: " + ", ".join(
        f"player {drawn[index] + 1} got {seat}" for index, seat in
        sorted(enumerate(seats), key=lambda pair: drawn[pair[0]])))


def _interventions(found: Verification, data: dict[str, Any]) -> None:
    """List them, and check each adjustment of the log against the one announced."""
    announced: dict[int, dict[str, Any]] = {}
    for item in data.get("interventions", []):
        details = item["details"]
        found.interventions.append(
            f"{item['at']} {item['command']} at step {item['step'] + 1}: "
            f"{json.dumps(details, sort_keys=True)}"
            + (f" -- {item['reason']}" if item["reason"] else ""))
        if item["command"] == "ADJUST":
            announced[details["decision"]] = details
        elif item["command"] == "DROPOUT":
            first, last = details["decisions"]
            for number in range(first, last + 1):
                announced[number] = {"dropout": details["seat"]}
    for entry in data["log"]:
        if "adjustment" not in entry:
            continue
        told = announced.get(entry["step"])
        adjustment = entry["adjustment"]
        if told is None:
            found.add(f"step {entry['step']}", False,
                      "an adjustment of the log that no GM intervention announced")
        elif "path" in told and (told["path"] != adjustment["path"]
                                 or told["value"] != adjustment["value"]
                                 or told["was"] != entry.get("was")):
            found.add(f"step {entry['step']}", False,
                      f"the log's adjustment {json.dumps(adjustment, sort_keys=True)} is not "
                      f"the one announced {json.dumps(told, sort_keys=True)}")


def _replay(found: Verification, data: dict[str, Any], rules: Game) -> State | None:
    """Replay the log from the played seed, comparing each step with the record."""
    seed = data["seed"]
    try:
        state = rules.setup(data["ruleset"], data["options"], data["seats"], step_rng(seed, 0),
                            data["rules_version"])
    except ValueError:
        return None             # its rules version is not played here: said by ``_commitment``
    for number, entry in enumerate(data["log"], start=1):
        where = f"step {number}"
        if entry.get("step") != number:
            found.add(where, False, f"the log's entry {number} is numbered {entry.get('step')}")
            return None
        name = rules.step_name(state)
        if "adjustment" in entry:
            adjustment = Adjustment.from_json(entry["adjustment"])
            try:
                before = _at(state, adjustment.path)
            except (KeyError, IndexError, TypeError):
                found.add(where, False, f"({name}) the GM's adjustment names no value of the "
                                        f"state: {entry['adjustment']['path']}")
                return None
            if before != entry["was"]:
                found.add(where, False, f"({name}) the GM's adjustment says the value was "
                                        f"{json.dumps(entry['was'])}; the replay has "
                                        f"{json.dumps(before)}")
                return None
            state = adjustment.apply(state)
            continue
        try:
            state, events = apply_logged(rules, state, entry["orders"],
                                         step_rng(seed, number))
        except Exception as error:  # the rules' own checks, whatever they raise
            found.add(where, False, f"({name}) the orders do not apply: {error!r}")
            return None
        replayed = [e.to_json() for e in events if e.visible_to(None)]
        if replayed != entry["public"]:
            difference = _difference(entry["public"], replayed)
            found.add(where, False, f"({name}) the replay diverges: {difference}")
            return None
    found.add("replay", True, f"{len(data['log'])} steps replayed; each step's public events "
                              "are those reported")
    return state


def _at(state: State, path: tuple) -> Any:
    """The value at ``path``; None for a key its parent does not have yet (an adjustment may
    add one: Dune's DROPOUT adds ``dropouts``)."""
    node: Any = state
    *parents, last = path
    for key in parents:
        node = node[key]
    return node.get(last) if isinstance(node, dict) else node[last]


def _difference(recorded: list[dict], replayed: list[dict]) -> str:
    """The first public event that differs, as recorded and as replayed."""
    for index in range(max(len(recorded), len(replayed))):
        old = recorded[index] if index < len(recorded) else None
        new = replayed[index] if index < len(replayed) else None
        if old != new:
            return (f"public event {index + 1} was reported as {_event(old)}, the replay "
                    f"gives {_event(new)}")
    return "the events differ"


def _event(event: dict | None) -> str:
    if event is None:
        return "nothing"
    return f"{event['code']} {json.dumps(Event.from_json(event).data, sort_keys=True)}"


def _result(found: Verification, data: dict[str, Any], rules: Game, final: State) -> None:
    ended = [i for i in data.get("interventions", []) if i["command"] == "END"]
    expected = ended[-1]["details"]["result"] if ended else rules.result(final)
    how = "declared by the GM (END)" if ended else "reached by the rules"
    found.add("result", expected == data["result"],
              f"{json.dumps(expected, sort_keys=True)}, {how}"
              + ("" if expected == data["result"] else
                 f"; the record says {json.dumps(data['result'], sort_keys=True)}"))


def _pages(found: Verification, data: dict[str, Any], final: State, archive: Path) -> None:
    """Each public page of the game's archive folder (a turn's report, table and map) equals
    the page the replay makes."""
    from pbem.archive.site import Archive

    pages = sorted([*archive.glob("turn-*.html"), *archive.glob("map-*.svg")])
    if not pages:
        found.add("archive", False, f"{archive} holds no turn page of the archive")
        return
    with tempfile.TemporaryDirectory() as folder:
        store = _record_store(data, final, Path(folder) / "record.db")
        made = Archive(store, Path(folder) / "site", PAGES_MADE_AT).write_game(data["id"])
        store.close()
        for page in pages:
            mine = made / page.name
            if not mine.exists():
                found.add(page.name, False, "the replay makes no such page")
            elif mine.read_text(encoding="utf-8") != page.read_text(encoding="utf-8"):
                found.add(page.name, False, "differs from the page the replay makes: "
                                            + _first_line_differing(page, mine))
        found.add("archive", True, f"{len(pages)} public pages checked")


def _first_line_differing(page: Path, mine: Path) -> str:
    theirs, ours = (p.read_text(encoding="utf-8").splitlines() for p in (page, mine))
    for number, (one, two) in enumerate(zip(theirs, ours, strict=False), start=1):
        if one != two:
            return f"line {number} is {one.strip()[:100]!r}, the replay's {two.strip()[:100]!r}"
    return f"it has {len(theirs)} lines, the replay's {len(ours)}"


def _record_store(data: dict[str, Any], final: State, path: Path) -> Store:
    """A store holding only the record's game, for the archive's own page writer."""
    store = Store(path)
    store.db["games"].insert({
        "id": data["id"], "game": data["game"], "ruleset": data["ruleset"],
        "options": json.dumps(data["options"], sort_keys=True),
        "rules_version": data["rules_version"], "seed": data["seed"], "status": "finished",
        "step": len(data["log"]), "state": json.dumps(final, sort_keys=True),
        "settings": json.dumps({"title": data.get("title")}),
        "result": json.dumps(data["result"], sort_keys=True)})
    for seat in data["seats"]:
        store.db["seats"].insert({"game_id": data["id"], "seat": seat})
    for entry in data["log"]:
        adjusted = "adjustment" in entry
        store.db["decisions"].insert({
            "game_id": data["id"], "step": entry["step"], "kind": "adjust" if adjusted
            else "orders", "note": entry.get("note"),
            "orders": json.dumps({**entry["adjustment"], "was": entry.get("was")} if adjusted
                                 else entry["orders"], sort_keys=True),
            "defaulted": json.dumps(entry.get("defaulted", [])),
            "events": json.dumps(entry.get("public", []))})
    return store


@dataclass(frozen=True)
class Mail:
    """A game's running digest as a kept mail shows it: the game, the decision it was
    written after, the digest (``pbem.chain.DIGEST_LINE``), and where it was read."""

    game: str
    step: int
    digest: str
    source: str


def read_mail(raw: bytes, source: str) -> Mail:
    """The digest a kept mail carries, in its header or, forwarded or pasted, its text;
    raises ``ValueError`` if it has none."""
    from pbem.mail.text import parse_message

    message = parse_message(raw)
    header = str(message.get(chain.DIGEST_HEADER) or "").split()
    if len(header) == 3 and header[1].isdigit():
        return Mail(header[0], int(header[1]), header[2].lower(), source)
    found = chain.DIGEST_LINE.search(raw.decode("utf-8", "replace"))
    if found is None:
        raise ValueError(f"{source} carries no game digest ({chain.DIGEST_HEADER} header "
                         "or 'Game digest of ...' line)")
    return Mail(found["game"], int(found["step"]), found["digest"].lower(), source)


def chains(data: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The record's chain (``pbem.chain.chain_start``, ``chain_link``) over its log as
    published, and over the log as it stood before each ROLLBACK (the decisions it dropped
    are in the record), latest first: (what it is, the links after 0, 1, ... decisions)."""
    logs, log = [("the log", data["log"])], list(data["log"])
    for item in reversed(data["interventions"]):
        if item["command"] == "ROLLBACK":
            log = log[:item["details"]["to"] - 1] + item["details"]["dropped"]
            logs.append((f"the log before the ROLLBACK of {item['at']}", log))
    found = []
    for what, entries in logs:
        link = chain.chain_start(data["seed"], data["id"], data["commitment"],
                                    data["salts"], data["seats"])
        links = [link]
        for entry in entries:
            link = chain.chain_link(data["seed"], link, entry)
            links.append(link)
        found.append((what, links))
    return found


def _mails(found: Verification, data: dict[str, Any], mails: list[Mail]) -> None:
    """Each kept mail's digest is the record's chain after the decision it names: the log
    up to that mail is the one its mails were written from."""
    if not mails:
        return
    made = chains(data)
    for mail in mails:
        what = f"mail {mail.source}"
        if mail.game != data["id"]:
            found.add(what, False, f"is a mail of game {mail.game}, not {data['id']}")
            continue
        matching = [name for name, links in made if mail.step < len(links)
                    and links[mail.step].startswith(mail.digest)]
        if matching:
            found.add(what, True, f"its digest after decision {mail.step} ({mail.digest}) is "
                                  f"that of {matching[0]}")
            continue
        ours = made[0][1][mail.step][:len(mail.digest)] if mail.step < len(made[0][1]) else None
        found.add(what, False, f"its digest after decision {mail.step} is {mail.digest}, but "
                  + (f"the record's log gives {ours}: the record was changed after the mail "
                     "(at or before that decision)" if ours else
                     f"the record's log has only {len(made[0][1]) - 1} decisions"))
