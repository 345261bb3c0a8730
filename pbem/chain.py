"""The running digest of a game (docs/fairness.md, "The running digest").

Every mail of a game carries it: a chain of HMAC-SHA-256 links, keyed with the seed played,
over the deal (the game, its commitment, the salts and the seats) and then each entry of the
decision log as the record publishes it (``log_json``: its orders and public events, or a
GM's adjustment).  The key is secret until the record is published, so a digest tells nobody
anything about the orders it covers; once it is, a player holding any one mail checks that
the record's log up to that mail is the one played (``pbem.verify``).  Each decision keeps its
link in the store (``decisions.chain``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # the chain only asks the store for rows: it sits below everything else
    from pbem.store import Store

CHAIN_FORMAT = "pbem-chain/1"
DIGEST_CHARS = 20       # of a link's 64 hex characters, shown in a mail: 80 bits
DIGEST_HEADER = "X-PBEM-Digest"
# The line every mail of a game ends with; its header holds "<game> <decision> <digest>".
DIGEST_LINE = re.compile(r"Game digest of (?P<game>\S+) after decision (?P<step>[0-9]+): "
                         rf"(?P<digest>[0-9a-f]{{{DIGEST_CHARS},64}})")


def canonical(data: Any) -> bytes:
    """The canonical encoding that is hashed: JSON with the keys sorted, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


def log_json(row: dict[str, Any]) -> dict[str, Any]:
    """A row of the decision log as the published record holds it: the orders of a step
    (with those defaulted, and its public events: what the public report said), or a GM's
    adjustment (its path, the value before and after, the reason).  Written from the stored
    JSON alone (``pbem.game``'s ``Adjustment`` and ``Event`` encode so)."""
    data = json.loads(row["orders"])
    if row["kind"] == "adjust":
        return {"step": row["step"], "note": row["note"], "was": data.get("was"),
                "adjustment": {"path": list(data["path"]), "value": data["value"]}}
    events = json.loads(row["events"] or "[]")
    return {"step": row["step"], "orders": data, "defaulted": json.loads(row["defaulted"] or "[]"),
            "public": [{"code": e["code"], "data": e.get("data", {}), "to": None}
                       for e in events if not e.get("to")]}


def chain_start(seed: str, game_id: str, commitment: str | None, salts: dict[str, Any],
                seats: list[str]) -> str:
    """The chain before any decision: the game's id, its commitment, the salts and the
    seats as dealt, keyed with the seed played."""
    return _link(seed, {"commitment": commitment, "format": CHAIN_FORMAT, "id": game_id,
                        "salts": salts, "seats": seats})


def chain_link(seed: str, previous: str, entry: dict[str, Any]) -> str:
    """The chain after one more entry of the log (``log_json``)."""
    return _link(seed, {"entry": entry, "previous": previous})


def _link(seed: str, data: dict[str, Any]) -> str:
    return hmac.new(seed.encode("utf-8"), canonical(data), hashlib.sha256).hexdigest()


def chain_head(store: Store, game: dict[str, Any], seats: list[str]) -> tuple[int, str]:
    """The game's chain after its last decision: (the decision's number, the link).  Each
    decision keeps its link; those without one (made before this, or by a GM command) get
    it here, from the link before them."""
    last = store.one("select step, chain from decisions where game_id = ? order by step desc "
                     "limit 1", (game["id"],))
    if last is not None and last["chain"]:
        return last["step"], last["chain"]
    link = chain_start(game["seed"], game["id"], game["commitment"],
                       json.loads(game["salts"] or "{}"), seats)
    step = 0
    for row in store.decisions(game["id"]):
        step = row["step"]
        if row["chain"]:
            link = row["chain"]
            continue
        link = chain_link(game["seed"], link, log_json(row))
        store.update("decisions", {"game_id": game["id"], "step": step}, {"chain": link})
    return step, link


def digest_line(game_id: str, step: int, link: str) -> str:
    """The line a mail shows the chain by (``DIGEST_LINE``)."""
    return f"Game digest of {game_id} after decision {step}: {link[:DIGEST_CHARS]}"
