"""CHOAM's Karama power (001 1.14.10), once a game with a Karama card (1.14.01):

- under the published text (A, ``sell_hand``): "at any time" discard any treachery cards of its
  hand, Worthless ones too, for 3 spice each from the bank;
- under the Landsraad revision (B, ``flip_elites``): in the Shipment and Movement phase, flip
  any or all of its starred forces in one territory.

By mail neither costs a mail round: each is a standing order riding on a mail round in which
CHOAM is asked anything, as its sale on the Open Market (``choam_market``), carried out at the
end of the phase:

- ``SELL WITH KARAMA <card>, <card>`` (or ``SELL WITH KARAMA ALL``: every card but the Karama
  played), a line of the Open Market's ``SELL`` order (A);
- ``FLIP UP <territory> [n]`` / ``FLIP DOWN <territory> [n]`` / ``FLIP NONE`` (B), offered in
  the Shipment and Movement phase: at its end, after the last faction's turn, up to ``n``
  (every one it may) of CHOAM's forces there turned to the starred side (Elite Mercenaries) or
  to the plain side (Mercenaries).

Rulings (docs/rules-coverage.md):

- "At any time" (A) is, by mail, at the end of any phase of the turn, as the Open Market's sale;
  the Karama sale comes first.  The card played as the Karama is no card sold; the others named
  and still held are sold (a second Karama card among them).  With no Karama card, or none of
  the named cards held, nothing is played and the word lapses, told to CHOAM alone.
- "During the Shipment and Movement Phase" (B) is, by mail, at its end, after the last turn,
  before the battles.  Only the nine two-sided tokens flip.  CHOAM's sheet counts those
  showing their plain side (``flipped``; its forces' kinds are its sheet's, less that many
  Elite Mercenaries and more as many Mercenaries: ``Choam.forces_now``), and the engine keeps
  CHOAM's plain tokens as one kind: a flip to the starred side turns at most that many of its
  Mercenaries there.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..cards import karama
from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..discard_pile import discard
from ..forces import add, kinds, plain, take
from ..orders.language import (
    OrderKind,
    OrderProblem,
    order_kind,
    read_number,
    read_territory,
)
from ..prompt_key import PromptKey
from ..state import State, data
from .base import has, karama_power_used

PRICE = 3                       # 1.14.10 (A): "gain 3 spice each"
ALL = "ALL"                     # as ``choam_market`` reads it
SALE_USE = "sell-hand"          # the Karama event's use
FLIP_USE = "flip-elites"
FLIP = "karama-flip"            # the standing order's kind (B)
TWO_SIDED = 9                   # 2.09.12 (B): "Nine of your Force tokens have two sides"
FLIPPED = "flipped"             # CHOAM's sheet: its two-sided tokens showing the plain side


# --- A: the hand sold
def may_sell(state: State, seat: str) -> bool:
    """Whether CHOAM may sell with its Karama power: its power (A) and a Karama card."""
    return has(state, seat, Ability.SELL_HAND) and bool(karama.playable(state, seat))


def sell(state: State, seat: str) -> list[Event]:
    """The end of the phase: the Karama sale standing in the Open Market's word
    (``choam_market``, ``SELL WITH KARAMA``) carried out, before the market's sale: the Karama
    played, then the named cards still held (every card left, with ``ALL``) discarded for 3
    spice each from the bank (1.14.10 (A))."""
    names = (state["factions"][seat].get("market") or {}).pop("karama", None)
    if not names:
        return []
    found = data(state)
    hand = state["factions"][seat]["hand"]
    wanted = [found.treachery_card(card).name for card in hand] if names == [ALL] else names
    if not may_sell(state, seat) or not any(
            found.treachery_card(card).name in wanted for card in hand):
        return [Event(EventCode.SALE_LAPSED, {"cards": names, "karama": True}, to=(seat,))]
    played, effective = karama.play(state, seat, SALE_USE)
    if not effective:
        return played
    karama_power_used(state, seat)
    if names == [ALL]:
        wanted = [found.treachery_card(card).name for card in hand]
    sold = []
    for name in wanted:
        copy = next((card for card in hand if found.treachery_card(card).name == name), None)
        if copy is not None:
            hand.remove(copy)
            discard(state, seat, copy)
            sold.append(name)
    state["factions"][seat]["spice"] += PRICE * len(sold)
    return [*played, Event(EventCode.KARAMA_SALE, {
        "faction": seat, "cards": sold, "spice": PRICE * len(sold), "rule": "1.14.10"})]


# --- B: the starred forces flipped
def elite(state: State | dict[str, Any], seat: str) -> str | None:
    """The name of CHOAM's starred kind in this game (B), or None."""
    starred = [kind.name for kind in kinds(state, seat) if kind.face == "starred"]
    return starred[0] if starred else None


def may_flip(state: State, seat: str) -> bool:
    """Whether the flip is open now: the power (B), a Karama card, the Shipment and Movement
    phase and a starred kind."""
    return (state["phase"] == "movement" and has(state, seat, Ability.FLIP_ELITES)
            and elite(state, seat) is not None and bool(karama.playable(state, seat)))


def flipped(game: Any, seat: str) -> int:
    """How many of CHOAM's two-sided tokens show their plain side (a state's sheet)."""
    return game["factions"][seat].get(FLIPPED, 0)


def forces_now(game: Any, seat: str, counts: dict[str, int]) -> dict[str, int]:
    """Its sheet's forces by kind (``counts``) as the flips have turned them."""
    starred, turned = elite(game, seat), flipped(game, seat)
    if not (starred and turned):
        return counts
    found = dict(counts)
    take(found, {starred: turned})
    add(found, {plain(game, seat): turned})
    return found


def flip_key(seat: str) -> str:
    return str(PromptKey(FLIP, seat))


def flip_prompt(state: State, seat: str) -> Prompt:
    """The flip, standing until the end of the Shipment and Movement phase."""
    now = state["factions"][seat].get("karama_flip")
    places = sorted({territory for territory, sectors in state["forces"].items()
                     for by_faction in sectors.values() if seat in by_faction})
    up = sorted((t for t in places if _flippable(state, seat, _word(t, True))),
                key=lambda t: -_flippable(state, seat, _word(t, True)))
    legal = ("FLIP UP <territory> [n]: at the end of this phase play a Karama card and turn up "
             "to n (else every one you may) of your forces there to the starred side; FLIP "
             "DOWN <territory> [n]: to the plain side (001 1.14.10, your Karama power, once a "
             "game); FLIP NONE: not now.  Now: " + flip_text(state, now) + ".")
    return Prompt(flip_key(seat), seat, FLIP, True, legal, now, flip_text(state, now),
                  "FLIP NONE", optional=True, options={"places": places, "up": up},
                  title="your Karama flip of the Elite Mercenaries")


def _word(territory: str, up: bool) -> dict[str, Any]:
    return {"territory": territory, "up": up, "count": None}


def _read_flip(state: State, prompt_: Prompt, words: list[str]) -> dict[str, Any] | None:
    valid = ("FLIP UP <territory>", "FLIP DOWN <territory> 2", "FLIP NONE")
    said = [w.upper() for w in words]
    if said == ["NONE"]:
        return None
    if not said or said[0] not in ("UP", "DOWN") or len(words) < 2:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected FLIP UP <territory> [n], FLIP DOWN "
                           "<territory> [n] or FLIP NONE", valid)
    rest, count = words[1:], None
    if len(rest) > 1 and rest[-1].isdigit():
        count = read_number(rest[-1], 1, TWO_SIDED, "the forces to flip")
        rest = rest[:-1]
    territory, _ = read_territory(state, rest)
    return {"territory": territory.name, "up": said[0] == "UP", "count": count}


def flip_text(game: Any, value: dict[str, Any] | None) -> str:
    if not value:
        return "FLIP NONE"
    count = f" {value['count']}" if value.get("count") else ""
    return f"FLIP {'UP' if value['up'] else 'DOWN'} {value['territory']}{count}"


def _random_flip(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> Any:
    """A random bot flips up now and then where its forces are."""
    places = prompt_.options.get("places", [])
    if not places or rng.random() < 0.8:
        return None
    return {"territory": rng.choice(places), "up": rng.random() < 0.8, "count": None}


order_kind(OrderKind(FLIP, ("FLIP",), _read_flip, flip_text, random=_random_flip))


def set_flip(state: State, seat: str, value: dict[str, Any] | None) -> list[Event]:
    """The flip given, CHOAM's word until the phase ends, told to it alone."""
    before = state["factions"][seat].get("karama_flip")
    if value:
        state["factions"][seat]["karama_flip"] = value
    else:
        state["factions"][seat].pop("karama_flip", None)
    if value == before:
        return []
    return [Event(EventCode.STANDING_SET, {"order": flip_text(state, value)}, to=(seat,))]


def flip(state: State, seat: str) -> list[Event]:
    """The end of the Shipment and Movement phase: the standing flip carried out, if CHOAM
    still may and has forces there to flip; else it lapses, told to CHOAM alone."""
    word = state["factions"][seat].pop("karama_flip", None)
    if word is None:
        return []
    starred = elite(state, seat)
    turned = _flippable(state, seat, word) if may_flip(state, seat) and starred else 0
    if not turned:
        return [Event(EventCode.FLIP_LAPSED, {"order": flip_text(state, word)}, to=(seat,))]
    played, effective = karama.play(state, seat, FLIP_USE)
    if not effective:
        return played
    karama_power_used(state, seat)
    assert starred is not None
    own = state["factions"][seat]
    own[FLIPPED] = own.get(FLIPPED, 0) + (-turned if word["up"] else turned)
    if not own[FLIPPED]:
        del own[FLIPPED]
    source, target = (plain(state, seat), starred) if word["up"] else (starred,
                                                                       plain(state, seat))
    left = turned
    for by_faction in state["forces"][word["territory"]].values():
        counts = by_faction.get(seat, {})
        moved = min(left, counts.get(source, 0))
        if moved:
            take(counts, {source: moved})
            add(counts, {target: moved})
            left -= moved
    return [*played, Event(EventCode.ELITES_FLIPPED, {
        "faction": seat, "territory": word["territory"], "count": turned, "up": word["up"],
        "rule": "1.14.10"})]


def _flippable(state: State, seat: str, word: dict[str, Any]) -> int:
    """How many of CHOAM's forces in the territory the word turns (module docstring)."""
    starred = elite(state, seat)
    here: dict[str, int] = {}
    for by_faction in state["forces"].get(word["territory"], {}).values():
        add(here, by_faction.get(seat, {}))
    if word["up"]:
        most = min(here.get(plain(state, seat), 0), flipped(state, seat))
    else:
        most = here.get(starred or "", 0)
    return max(0, min(most, word["count"] or most))
