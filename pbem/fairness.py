"""Fairness every player can check (docs/fairness.md).

At ``pbem game new`` the moderator draws the GM's seed and mails every seat its
``commitment``: a SHA-256 over the canonical encoding of the seed, the game's id, the game,
its ruleset, options and rules version.  Each seat then commits to a salt by its digest
(``SALT COMMIT <sha256>``, ``salt_digest``), or sends the salt itself, commitment and reveal in
one (``SALT <text>``); once every seat has committed or the window has passed, the seats that
committed by digest alone are asked to reveal their salts (one more mail round, at set-up
only), and a salt revealed must be the one committed.  The seed the game plays with is
``played_seed``, derived from the GM's seed and the salts revealed, and the seat draw (which
player gets which seat) is made from it too.  The GM's interventions (ADJUST, REPLACE,
ROLLBACK, DROPOUT, EXTEND, RESOLVE, END) are kept with what they changed and when, and
published with the seed and the salts once the game is over; ``pbem verify``
(``pbem.verify``) checks all of it offline.

Every mail of a game carries the game's running digest (``pbem.chain``).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from datetime import datetime
from typing import Any

from pbem.chain import canonical
from pbem.store import Store, utc_text

COMMITMENT_FORMAT = "pbem-commitment/1"
SEED_FORMAT = "pbem-seed/1"
MAX_SALT_CHARS = 200
SALT_DIGEST = re.compile(r"[0-9a-fA-F]{64}")
NO_SALT = "NONE"


def commitment_data(gm_seed: str, game_id: str, game: str, ruleset: str,
                    options: dict[str, Any], rules_version: str) -> dict[str, Any]:
    """What the commitment is made over, as JSON data."""
    return {"format": COMMITMENT_FORMAT, "game": game, "id": game_id, "options": options,
            "rules_version": rules_version, "ruleset": ruleset, "seed": gm_seed}


def commitment(gm_seed: str, game_id: str, game: str, ruleset: str, options: dict[str, Any],
               rules_version: str) -> str:
    """The SHA-256 (hex) of the canonical encoding of ``commitment_data``."""
    data = commitment_data(gm_seed, game_id, game, ruleset, options, rules_version)
    return hashlib.sha256(canonical(data)).hexdigest()


def played_seed(gm_seed: str, salts: dict[str, str | None]) -> str:
    """The seed the game plays with: the GM's seed itself when no seat gave a salt (a seat's
    ``SALT NONE`` is kept as None), else the SHA-256 (hex) of the canonical encoding of
    ``{"format", "salts": {seat: salt}, "seed"}``, the salts keyed and so sorted by seat."""
    given = {seat: text for seat, text in salts.items() if text is not None}
    if not given:
        return gm_seed
    data = {"format": SEED_FORMAT, "salts": given, "seed": gm_seed}
    return hashlib.sha256(canonical(data)).hexdigest()


def seat_draw(count: int, seed: str) -> list[int]:
    """The seat draw from the played seed: for each seat of the game file, in its order, the
    index of the game file's player who gets it (Dune: WBC house rule 1, factions drawn
    randomly)."""
    players = list(range(count))
    random.Random(f"{seed}/seats").shuffle(players)
    return players


def salt_digest(text: str) -> str:
    """What a seat commits to: the SHA-256 (hex) of its salt as kept (``read_salt``: runs of
    white space one space, none at either end), in UTF-8."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def unrevealed(digests: dict[str, str | None], salts: dict[str, str | None]) -> list[str]:
    """The seats that committed to a salt's digest and have not revealed the salt."""
    return sorted(seat for seat, digest in digests.items()
                  if digest is not None and seat not in salts)


def read_salt(text: str) -> str | None:
    """A ``SALT`` command's text as kept: None for ``NONE``; refuses an empty or long one."""
    text = " ".join(text.split())
    if not text:
        raise ValueError(f"expected SALT and any text of yours (up to {MAX_SALT_CHARS} "
                         "characters), or SALT NONE")
    if len(text) > MAX_SALT_CHARS:
        raise ValueError(f"a salt is at most {MAX_SALT_CHARS} characters, not {len(text)}")
    return None if text.upper() == NO_SALT else text


def log_intervention(store: Store, game_id: str, step: int, command: str,
                     details: dict[str, Any], reason: str | None, now: datetime) -> None:
    """Keep a GM intervention for the record: the command, at which step (decisions applied
    so far), what it changed and why."""
    store.db["interventions"].insert({
        "game_id": game_id, "step": step, "command": command,
        "details": json.dumps(details, sort_keys=True), "reason": reason, "at": utc_text(now)})


def interventions(store: Store, game_id: str) -> list[dict[str, Any]]:
    """A game's interventions as the record publishes them."""
    return [{"command": row["command"], "step": row["step"], "at": row["at"],
             "reason": row["reason"], "details": json.loads(row["details"] or "{}")}
            for row in store.interventions(game_id)]

