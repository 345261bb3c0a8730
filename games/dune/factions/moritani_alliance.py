"""The Moritani's ENEMY OF MY ENEMY (001 2.12.15-16, text A), by mail.

- 2.12.15: when a faction other than Ecaz would trigger a Terror token, the Moritani may offer
  it an alliance before the token is revealed.
- 2.12.16: if it accepts, the two are allied at once, breaking any alliance either was in, and
  the token goes back behind the Moritani's shield unrevealed; if not, the token is triggered.

A mail moderator cannot stop a move to ask two players in turn: both decide ahead, by standing
orders, so the offer costs nobody a mail round and nobody learns a face-down token from a wait.

- The Moritani's offer terms, a standing word of their optional decision of War Continues and
  of the revival round (``moritani.read``): ``OFFER ALLIANCE ALL``, ``NONE`` (the default),
  ``EXCEPT <faction>, ...`` or ``ONLY <faction>, ...``; kept behind their shield.
- Every other faction's acceptance terms: ``ENEMY OF MY ENEMY ACCEPT`` or ``REFUSE``, an
  optional decision riding on its mail rounds of the movement round while a Terror token lies on
  the board (``Faction.standing_prompts``: sent with its shipment and move it stands for them),
  kept in its own sheet, seen by nobody else.

Rulings (docs/rules-coverage.md, "001 GF9 expansions: Moritani"): where the mover gave no
acceptance terms nothing ahead answers the offer, and the offer is refused: asking it then would
hold the movement round for the whole table, its wait telling everyone that a token was about
to go off; the token is triggered as 2.12.16 says of a refusal.  The offer is made only where
the Moritani's standing answers would trigger the token (``token_triggers.wanted``), as "would
trigger" reads; the offer, its answer and the new alliance are public, the token's face is
not.  An alliance so made is one of two whatever the alliance limit (2.12.16 makes it "at
once").
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import tokens
from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..orders.language import OrderKind, OrderProblem, order_kind, read_factions
from ..prompt_key import PromptKey
from ..state import State, ally_of, faction_name
from .base import has

KIND = "terror-alliance"        # the others' acceptance terms, ``terror-alliance:<seat>``
ACCEPTANCE = "enemy_of_my_enemy"    # its place in the mover's sheet
ALL = "*"
ECAZ = "Ecaz"                   # 2.12.15: "a faction (other than Ecaz)"
EXAMPLES = ("OFFER ALLIANCE NONE", "OFFER ALLIANCE ALL", "OFFER ALLIANCE ONLY Harkonnen")
PHASE = "movement"              # where tokens trigger (2.12.09): the acceptance rides there
TOKEN = "terror"


# --- the Moritani's offer terms
def read_offer(game: Any, owner: str, words: list[str]) -> dict[str, bool]:
    """``ALLIANCE ALL | NONE | EXCEPT <faction>, ... | ONLY <faction>, ...`` (after OFFER):
    ``{seat or *: bool}``."""
    said = [w.upper() for w in words]
    if said[:1] != ["ALLIANCE"] or len(said) < 2:
        raise OrderProblem(ErrorCode.BAD_TERROR, "expected OFFER ALLIANCE ALL, NONE, EXCEPT "
                           "<faction>, ... or ONLY <faction>, ... (001 2.12.15)", EXAMPLES)
    if said[1:] in (["ALL"], ["NONE"]):
        return {ALL: said[1] == "ALL"}
    if said[1] not in ("EXCEPT", "ONLY") or len(said) < 3:
        raise OrderProblem(ErrorCode.BAD_TERROR, "expected OFFER ALLIANCE ALL, NONE, EXCEPT "
                           "<faction>, ... or ONLY <faction>, ... (001 2.12.15)", EXAMPLES)
    named = read_factions(game, words[2:], [s for s in game["seats"] if s != owner])
    return {ALL: said[1] == "EXCEPT", **{s: said[1] == "ONLY" for s in named}}


def offer_text(game: Any, value: dict[str, bool]) -> str:
    named = [faction_name(s, game) for s in game["seats"] if s in value]
    if not named:
        return f"OFFER ALLIANCE {'ALL' if value.get(ALL) else 'NONE'}"
    return (f"OFFER ALLIANCE {'EXCEPT' if value.get(ALL) else 'ONLY'} "
            f"{', '.join(named)}")


def offer(game: Any, seat: str) -> dict[str, bool]:
    """Their standing offer terms now (none given: no offer)."""
    return dict(game["factions"][seat].get("alliance_offer") or {ALL: False})


def random_offer(view: dict[str, Any], seat: str, rng: random.Random) -> dict[str, bool]:
    """A bot's: to nobody, to all, or to one faction."""
    others = [s for s in view["seats"] if s != seat]
    return rng.choice([{ALL: False}, {ALL: True}, {ALL: False, rng.choice(others): True}])


# --- the others' acceptance terms
def eligible(state: State, moritani: str, seat: str) -> bool:
    """Whether ``seat`` may be offered their alliance: another faction, not their ally, not
    Ecaz (2.12.15), in a game where their tokens may lie on the board (public: a token lies
    there)."""
    return (seat != moritani and seat not in ally_of(state, moritani)
            and faction_name(seat, state) != ECAZ
            and has(state, moritani, Ability.ENEMY_OF_MY_ENEMY)
            and any(t["kind"] == TOKEN and t["at"] == tokens.BOARD for t in tokens.of(state)))


def key(seat: str) -> str:
    return str(PromptKey(KIND, seat))


def prompt(state: State, seat: str) -> Prompt:
    """A faction's acceptance terms, optional, riding on its mail of the movement round."""
    now = bool(state["factions"][seat].get(ACCEPTANCE))
    said = _text(state, now)
    return Prompt(key(seat), seat, KIND, True,
                  "ENEMY OF MY ENEMY ACCEPT or ENEMY OF MY ENEMY REFUSE: should the Moritani "
                  "offer you an alliance as your forces are about to set off one of their Terror "
                  "tokens (001 2.12.15-16), accepted, the two of you are allied at once (any "
                  "other alliance broken) and the token goes back unrevealed; refused, it goes "
                  f"off.  It stands until changed; now {said} (REFUSE until you say).  Never "
                  "waited for.", now, said, said, optional=True,
                  title="the Moritani's alliance offer")


def accepted(state: State, seat: str, value: bool) -> list[Event]:
    """The acceptance terms kept in the faction's own sheet (its alone: no event); refusal,
    the default, leaves none there."""
    if value:
        state["factions"][seat][ACCEPTANCE] = True
    else:
        state["factions"][seat].pop(ACCEPTANCE, None)
    return []


def _read(state: State, prompt_: Prompt, words: list[str]) -> bool:
    said = [w.upper() for w in words]
    if said not in (["OF", "MY", "ENEMY", "ACCEPT"], ["OF", "MY", "ENEMY", "REFUSE"]):
        raise OrderProblem(ErrorCode.BAD_TERROR, "expected ENEMY OF MY ENEMY ACCEPT or ENEMY "
                           "OF MY ENEMY REFUSE (001 2.12.15-16)",
                           ("ENEMY OF MY ENEMY ACCEPT", "ENEMY OF MY ENEMY REFUSE"))
    return said[-1] == "ACCEPT"


def _text(game: Any, value: bool) -> str:
    return f"ENEMY OF MY ENEMY {'ACCEPT' if value else 'REFUSE'}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> bool:
    """Now and then terms changed, either way."""
    return rng.choice([True, False]) if rng.random() < 0.3 else prompt_.default


order_kind(OrderKind(KIND, ("ENEMY",), _read, _text, random=_random))


# --- the offer (2.12.15-16)
def offered(state: State, moritani: str, token: dict[str, Any], mover: str
            ) -> tuple[list[Event], bool]:
    """Their token about to go off against ``mover``: the offer made if their terms say so,
    and answered by the mover's terms; returns the events and whether the token still goes
    off."""
    terms = offer(state, moritani)
    if (not eligible(state, moritani, mover)
            or not terms.get(mover, terms.get(ALL, False))):
        return [], True
    where = {"faction": moritani, "to": mover, "territory": token["territory"]}
    if not state["factions"][mover].get(ACCEPTANCE):
        return [Event(EventCode.TERROR_ALLIANCE_REFUSED, where)], True
    before = [list(a) for a in state["alliances"]]
    state["alliances"] = [a for a in before if moritani not in a and mover not in a]
    left = [[s for s in a if s not in (moritani, mover)] for a in before
            if moritani in a or mover in a]
    state["alliances"] += [rest for rest in left if len(rest) >= 2]
    pair = [s for s in state["seats"] if s in (moritani, mover)]
    state["alliances"].append(pair)
    tokens.place(token, moritani, tokens.BEHIND)
    tokens.turn(token, tokens.DOWN)
    ended = [Event(EventCode.ALLIANCE_ENDED, {"alliance": a}, concerns=tuple(a))
             for a in before if moritani in a or mover in a]
    return [Event(EventCode.TERROR_ALLIANCE, where), *ended,
            Event(EventCode.ALLIANCE_FORMED, {"alliance": pair}, concerns=tuple(pair))], False
