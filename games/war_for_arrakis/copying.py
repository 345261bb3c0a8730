"""States copied whole: canonical JSON through orjson, so that a replay plays exactly as the
moderator did (a copy is the state serialised and read back)."""

from __future__ import annotations

import orjson

from .state import State


def copy_state(state: State) -> State:
    return orjson.loads(orjson.dumps(state))
