"""CHOAM's tokens on the charity: the Inflation token (001 2.09.10-14 (A)) and the Earnings
tokens (001 2.09.06-08 (B)), on the token layer (``data/choam/tokens.yaml``,
``data/choam_landsraad/tokens.yaml``).

- INFLATION (A 2.09.10): at War Continues (the Mentat Pause) CHOAM may put its Inflation
  token on the CHOAM Charity phase, Double or Cancel up.  WELFARE STATE (2.09.11): with Double
  up CHOAM's income and everyone's charity are doubled that turn; MARKET CRASH (2.09.12): with
  Cancel up both are nothing.  INFLATION FLUXUATION (2.09.13): before War Continues the token
  is flipped; flipped once already, it leaves the game.  CORRUPT OFFICIALS (2.09.14): no bribes
  while Double is up (``bribes_barred``).
- CONSENSUS ESTIMATE (B 2.09.06): at War Continues CHOAM may put one Earnings token face down
  on the Charity phase; QUARTERLIES (2.09.07): it is turned up as the Charity begins;
  DIVIDENDS (2.09.08): CHOAM then collects its value for each player instead of 2, and pays
  each other faction's charity up to that value.

By mail CHOAM's choice is a standing order, carried out at the next War Continues, riding on
any mail round in which CHOAM is asked (``Faction.standing_prompts``): ``INFLATION DOUBLE``,
``INFLATION CANCEL`` (A), ``EARNINGS <value>`` (B), ``INFLATION NONE`` / ``EARNINGS NONE``.

Rulings (docs/rules-coverage.md):

- "On the phase track" is in front of CHOAM's shield on the token layer: public.
- An Earnings token, once turned up and used, leaves the game (001 says "one of your Earnings
  tokens": each is played once).
- Doubled charity: what a faction collects is doubled (a faction with 1 spice collects 2).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import tokens
from ..codes import ErrorCode, EventCode
from ..data import Ability, Face, TokenPlace
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..prompt_key import PromptKey
from ..state import State

INFLATION, EARNINGS = "inflation", "earnings"       # the kinds of token and of decision
DOUBLE, CANCEL = "double", "cancel"
WAR_CONTINUES = "mentat_pause"      # 001 1.09: War Continues, the end of the Mentat Pause


def kind_of(ability: Ability) -> str:
    return INFLATION if ability is Ability.INFLATION else EARNINGS


def behind(state: State, seat: str, kind: str) -> list[str]:
    """The values of its tokens of ``kind`` still behind its shield, unused."""
    return [token["value"] for token in tokens.held(tokens.of(state), seat, kind)
            if token["at"] == TokenPlace.BEHIND]


def showing(state: State, kind: str) -> dict[str, Any] | None:
    """The token of ``kind`` on the Charity phase (in front of the shield), if any."""
    return next((token for token in tokens.of(state)
                 if token["kind"] == kind and token["at"] == TokenPlace.FRONT), None)


# --- the standing order
def prompt(state: State, seat: str, kind: str) -> Prompt:
    """CHOAM's optional choice for the next War Continues."""
    now = state["factions"][seat].get(kind)
    if kind == INFLATION:
        legal = ("INFLATION DOUBLE or INFLATION CANCEL: at the next War Continues put your "
                 "Inflation token on the CHOAM Charity phase, that side up (001 2.09.10-12: "
                 "your income and every charity doubled, or nothing); INFLATION NONE: not yet.")
    else:
        held = ", ".join(sorted(behind(state, seat, kind), key=int))
        legal = (f"EARNINGS <value> (yours: {held}): at the next War Continues put that Earnings "
                 "token face down on the CHOAM Charity phase (001 2.09.06-08: its value a "
                 "player instead of 2, and the most you pay of a charity); EARNINGS NONE: not yet.")
    return Prompt(str(PromptKey(kind, seat)), seat, kind, True, legal, now, text(state, now, kind),
                  f"{kind.upper()} NONE", optional=True,
                  options={"values": behind(state, seat, kind)},
                  title=f"your {kind} token at War Continues")


def _reader(kind: str):
    def read(state: State, prompt_: Prompt, words: list[str]) -> str | None:
        said = " ".join(words).strip().lower()
        values = behind(state, prompt_.seat, kind)
        valid = (f"{kind.upper()} NONE", *(f"{kind.upper()} {value.upper()}" for value in values))
        if said == "none":
            return None
        if said not in values:
            raise OrderProblem(ErrorCode.BAD_TOKEN, f"expected {' or '.join(valid)}", valid)
        return said
    return read


def text(game: Any, value: str | None, kind: str) -> str:
    return f"{kind.upper()} {(value or 'none').upper()}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    values = prompt_.options.get("values", [])
    return rng.choice(values) if values and rng.random() < 0.3 else None


for _kind in (INFLATION, EARNINGS):
    order_kind(OrderKind(_kind, (_kind.upper(),), _reader(_kind),
                         lambda game, value, kind=_kind: text(game, value, kind),
                         random=_random))


def given(state: State, seat: str, kind: str, value: str | None) -> list[Event]:
    """The choice kept as CHOAM's word until War Continues (told to it alone)."""
    before = state["factions"][seat].get(kind)
    if value:
        state["factions"][seat][kind] = value
    else:
        state["factions"][seat].pop(kind, None)
    if value == before:
        return []
    return [Event(EventCode.STANDING_SET, {"order": text(state, value, kind)}, to=(seat,))]


# --- War Continues and the Charity
def war_continues(state: State, seat: str, kind: str) -> list[Event]:
    """FLUXUATION (A 2.09.13) first, then the token chosen put on the Charity phase."""
    events = []
    own = state["factions"][seat]
    if kind == INFLATION and (token := showing(state, kind)) is not None:
        records = {t["value"]: t for t in tokens.of(state) if t["kind"] == kind}
        other = records[CANCEL if token["value"] == DOUBLE else DOUBLE]
        tokens.place(token, None, TokenPlace.ASIDE)
        if own.get("inflation_flipped"):
            own.pop("inflation_flipped")
            events.append(Event(EventCode.INFLATION, {"faction": seat, "side": None}))
        else:
            tokens.place(other, seat, TokenPlace.FRONT)
            tokens.turn(other, Face.UP)
            own["inflation_flipped"] = True
            events.append(Event(EventCode.INFLATION, {"faction": seat, "side": other["value"],
                                                      "flipped": True}))
    value = own.pop(kind, None)
    if value is None or value not in behind(state, seat, kind) or showing(state, kind):
        return events
    for token in tokens.held(tokens.of(state), seat, kind):
        if token["value"] == value:
            tokens.place(token, seat, TokenPlace.FRONT)
            tokens.turn(token, Face.UP if kind == INFLATION else Face.DOWN)
        elif kind == INFLATION:
            tokens.place(token, None, TokenPlace.ASIDE)         # the other side of it
    events.append(Event(EventCode.INFLATION if kind == INFLATION else EventCode.EARNINGS,
                        {"faction": seat, "side": value if kind == INFLATION else None}))
    return events


def income(state: State, rate: int) -> int:
    """CHOAM's income a faction with the token showing: doubled or nothing (A 2.09.11-12),
    the Earnings token's value (B 2.09.08)."""
    token = showing(state, INFLATION)
    if token is not None:
        return rate * 2 if token["value"] == DOUBLE else 0
    token = showing(state, EARNINGS)
    return int(token["value"]) if token is not None and token["face"] == Face.UP else rate


def charity(state: State, choam: str, seat: str, amount: int) -> int:
    """The charity ``seat`` collects with the token showing: doubled or nothing (A), at most
    the Earnings token's value from CHOAM (B)."""
    token = showing(state, INFLATION)
    if token is not None:
        return amount * 2 if token["value"] == DOUBLE else 0
    token = showing(state, EARNINGS)
    if token is not None and token["face"] == Face.UP and seat != choam:
        return min(amount, int(token["value"]))
    return amount


def turned_up(state: State) -> list[Event]:
    """QUARTERLIES (B 2.09.07): the Earnings token turned up as the Charity begins."""
    token = showing(state, EARNINGS)
    if token is None or token["face"] == Face.UP:
        return []
    tokens.turn(token, Face.UP)
    return [Event(EventCode.EARNINGS_SHOWN, {"faction": token["owner"],
                                             "value": int(token["value"])})]


def charity_over(state: State) -> None:
    """An Earnings token used leaves the game (our ruling)."""
    token = showing(state, EARNINGS)
    if token is not None and token["face"] == Face.UP:
        tokens.place(token, None, TokenPlace.ASIDE)


def doubled(state: State) -> bool:
    """Whether Double shows (CORRUPT OFFICIALS, A 2.09.14: no bribes)."""
    token = showing(state, INFLATION)
    return token is not None and token["value"] == DOUBLE
