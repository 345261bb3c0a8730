"""Discovery tokens (001 4.06; the gf9 option ``discovery_tokens``): eight tokens of the token
layer, four Hiereg and four Smuggler (``data/gf9/tokens.yaml``), face down beside the board
(4.06.04: aside, owned by nobody), and six Discovery spice cards shuffled into the spice deck
(4.06.02; ``data/gf9/discovery.yaml``, ``Rules.extra_spice_cards``).

- A Discovery card turned (4.06.05, ``spice_card_turned``): the spice and every force already in
  its territory are destroyed (to the bank, to the tanks), then its 6 spice are placed as a
  territory card's are (``spice_blow.place_spice``: not under the storm), and a token of its
  type drawn at random from those aside goes face down onto the territory and sector the card
  names (public: the type and the place, never which token).
- Who sees a face-down token (``tokens.seen``): the Fremen every Hiereg (4.06.07.01), the
  Spacing Guild every Smuggler (4.06.08.01), and a seat that looked at it (``tokens.LOOKED``).
- Before Spice Collection (4.06.06.02, ``phase_begins`` of the collection phase): each faction
  with forces in a territory holding a face-down token, advisors apart (``state.occupants``),
  in storm order, looks at it (told to it alone) and reveals it if its standing word says so
  (``DISCOVERY REVEAL ALL``, the default; ``DISCOVERY REVEAL NONE``; ``DISCOVERY REVEAL
  <token>, <token>``: those alone), a word riding on any round it is asked something in, so the
  choice made ahead follows what it sees and costs no mail round.
- A token revealed (4.06.08.01: "When a Discovery token is revealed that is not a territory
  immediately perform it's ability"): the Spice Stash gives its revealer 7 spice from the bank
  (4.06.08.04) and the Treachery Card Stash a treachery card (4.06.08.03), each then out of
  the game (aside); the Ornithopter goes face up in front of its revealer's shield and, on a
  later turn, gives one movement action of three territories by ``ORNITHOPTER MOVE``, as the
  Richese Ornithopter's first choice does (4.06.08.05: ``flight``, ``flown``; the card first
  where the faction holds both), then leaves the game; the five locations stay face up where
  they are and become places of the board (4.06.06.03: ``variants.discovery_locations``).

Rulings (docs/rules-coverage.md, "001 GF9 variants: discovery tokens"): the destruction and the
token come whatever the storm (only the spice is kept off a sector under the storm, as for
every card); a face-down token standing for forces (a No-Field) is no force and stays; with no
token of its type left aside the card places none; a full hand draws the stash's card and
discards that same card (001: "discard any card", chosen by mail ahead: the card drawn, which
keeps the hand as it was); the Discovery cards stay in the deck when it is reshuffled (001 is
silent; TO takes them out).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import tokens
from ..cards import cache_words
from ..codes import ErrorCode, EventCode
from ..data import SpiceCard
from ..data.loader import discovery
from ..decks import draw_treachery
from ..discard_pile import discard
from ..forces import remove_forces, to_tanks
from ..orders.language import OrderProblem, order_kind
from ..state import State, data, occupants, sheet, state_rng, storm_order
from .base import Variant

AMOUNT = 6                  # 001 4.06.05: "place 6 spice in the indicated territory"
STASH_SPICE = 7             # 001 4.06.08.04: "Gain 7 spice from the Spice Bank"
KINDS = ("hiereg", "smuggler")
SPICE_STASH, CARD_STASH, ORNITHOPTER = "spice-stash", "treachery-card-stash", "ornithopter"
KIND = "discovery"          # the standing word's decision kind, and its key in a sheet
ALL, NONE = "all", "none"


def _cards() -> dict[str, Any]:
    return {card.id: card for card in discovery("gf9", "gf9")}


class DiscoveryTokens(Variant):
    """001 4.06, as the module docstring says."""

    option = "discovery_tokens"

    def spice_card(self, card_id: str) -> SpiceCard | None:
        """4.06.05: a Discovery card, its spice on its territory's spice blow site."""
        card = _cards().get(card_id)
        return None if card is None else SpiceCard(card_id, card.territory, card.spice_sector,
                                                   AMOUNT)

    def spice_card_turned(self, state: State, card: SpiceCard, rng: random.Random
                          ) -> list[Event]:
        """4.06.05: the territory's spice and forces destroyed, then a token of the card's type
        face down where the card says (public: its type and place)."""
        found = _cards().get(card.id)
        if found is None:
            return []
        territory = found.territory
        lost = state["spice"].pop(territory, 0)
        killed: dict[str, dict[str, int]] = {}
        for sector, by_faction in list(state["forces"].get(territory, {}).items()):
            for seat, counts in list(by_faction.items()):
                counts = dict(counts)
                remove_forces(state, seat, territory, int(sector), counts)
                to_tanks(state, seat, counts)
                for name, count in counts.items():
                    killed.setdefault(seat, {})[name] = killed.get(seat, {}).get(name, 0) + count
        events = [Event(EventCode.DISCOVERY_BLOW, {"territory": territory, "spice": lost,
                                                   "forces": killed})]
        waiting = [t for t in tokens.of(state)
                   if t["kind"] == found.kind and t["at"] == tokens.ASIDE and t["face"] == "down"]
        words = tokens.kind_of(state, found.kind).words
        if not waiting:
            return events + [Event(EventCode.DISCOVERY_NONE_LEFT, {"what": words})]
        record = rng.choice(waiting)
        tokens.place(record, None, tokens.BOARD, found.at, found.sector)
        return events + [Event(EventCode.DISCOVERY_PLACED, {"what": words, "territory": found.at,
                                                            "sector": found.sector})]

    def phase_begins(self, state: State) -> list[Event]:
        """4.06.06.02: before Spice Collection, the looks and the reveals (module docstring)."""
        if state["phase"] != "collection":
            return []
        events: list[Event] = []
        for seat in storm_order(state):
            for record in _face_down(state):
                if seat in occupants(state, record["territory"]):
                    events += _look(state, seat, record)
        return events


    def flight(self, game: State | dict[str, Any], seat: str) -> bool:
        """4.06.08.05: the Ornithopter in front of ``seat``'s shield."""
        return _ornithopter(game, seat) is not None

    def flown(self, state: State, seat: str) -> list[Event]:
        """4.06.08.05: "3 Movement instead of your normal movement for one movement action.
        Then remove this token from the game"."""
        record = _ornithopter(state, seat)
        assert record is not None, seat
        tokens.place(record, None, tokens.ASIDE)
        return [Event(EventCode.DISCOVERY_FLOWN, {"faction": seat})]


def _ornithopter(game: Any, seat: str) -> dict[str, Any] | None:
    return next((t for t in tokens.of(game) if t.get("value") == ORNITHOPTER
                 and t["owner"] == seat and t["at"] == tokens.FRONT), None)


def _face_down(state: State) -> list[dict[str, Any]]:
    return [t for t in tokens.of(state) if t["kind"] in KINDS and t["at"] == tokens.BOARD
            and t["face"] == "down"]


def _look(state: State, seat: str, record: dict[str, Any]) -> list[Event]:
    """``seat`` looks at the token (told to it alone) and reveals it if its word says so."""
    kind = tokens.kind_of(state, record["kind"])
    name = kind.token(record["value"]).name
    if sheet(seat, state).name != kind.seen_by and seat not in record.get(tokens.LOOKED, []):
        record.setdefault(tokens.LOOKED, []).append(seat)
    events = [Event(EventCode.DISCOVERY_LOOKED, {"territory": record["territory"],
                                                 "name": name}, to=(seat,))]
    word = state["factions"][seat].get(KIND, ALL)
    if word == NONE or (word != ALL and record["value"] not in word):
        return events
    tokens.turn(record, tokens.UP)
    record.pop(tokens.LOOKED, None)
    events.append(Event(EventCode.DISCOVERY_REVEALED, {"faction": seat, "name": name,
                                                       "territory": record["territory"]}))
    return events + _perform(state, seat, record, name)


def _perform(state: State, seat: str, record: dict[str, Any], name: str) -> list[Event]:
    """4.06.08.01: a token that is no location acts at once (4.06.08.03-05)."""
    if record["value"] == SPICE_STASH:
        state["factions"][seat]["spice"] += STASH_SPICE
        tokens.place(record, None, tokens.ASIDE)
        return [Event(EventCode.DISCOVERY_SPICE, {"faction": seat, "spice": STASH_SPICE})]
    if record["value"] == CARD_STASH:
        tokens.place(record, None, tokens.ASIDE)
        card, events = draw_treachery(state, state_rng(state))
        if card is None:
            return events
        hand = state["factions"][seat]["hand"]
        hand.append(card)
        events += [Event(EventCode.DISCOVERY_CARD, {"faction": seat}),
                   Event(EventCode.DISCOVERY_CARD_SEEN, {"card": card}, to=(seat,))]
        if len(hand) > sheet(seat, state).hand_limit:          # 4.06.08.03: a full hand
            hand.remove(card)
            discard(state, seat, card)
            events.append(Event(EventCode.CARDS_DISCARDED, {"faction": seat, "cards": [card]}))
        return events
    if record["value"] == ORNITHOPTER:
        tokens.place(record, seat, tokens.FRONT)
        return [Event(EventCode.DISCOVERY_KEPT, {"faction": seat, "name": name})]
    return []       # 4.06.06.03: a location, put on the board by ``discovery_locations``


# --- the standing word
def _names(game: Any) -> dict[str, str]:
    """Every discovery token's name, in upper case, to its value."""
    return {token.name.upper(): token.value for name in KINDS
            for token in data(game).token_kind(name).tokens}


def _read(state: State, prompt: Prompt, words: list[str]) -> str | list[str]:
    said = " ".join(words).upper()
    valid = ("DISCOVERY REVEAL ALL", "DISCOVERY REVEAL NONE", "DISCOVERY REVEAL Spice Stash")
    if not said.startswith("REVEAL"):
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected DISCOVERY REVEAL ALL, NONE or "
                           "the names of discovery tokens", valid)
    rest = said.removeprefix("REVEAL").strip()
    if rest in ("ALL", "NONE"):
        return rest.lower()
    names, found = _names(state), []
    left = rest.replace(",", " ").split()
    while left:                         # the longest name first ("SPICE STASH", "SHRINE")
        size = next((n for n in range(len(left), 0, -1) if " ".join(left[:n]) in names), 0)
        if not size:
            raise OrderProblem(ErrorCode.BAD_SPECIAL, f"{' '.join(left).title()!r} is no "
                               "discovery token (001 4.06.07-08)", valid)
        found.append(names[" ".join(left[:size])])
        left = left[size:]
    if not found:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "name the discovery tokens to reveal", valid)
    return found


def _text(game: Any, value: str | list[str] | None) -> str:
    if value in (None, ALL, NONE):
        return f"DISCOVERY REVEAL {(value or ALL).upper()}"
    names = {v: n for n, v in _names(game).items()}
    return "DISCOVERY REVEAL " + ", ".join(names[v].title() for v in value)


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> Any:
    """Now and then a word (bots)."""
    return rng.choice([prompt.default, NONE, ALL, [SPICE_STASH, CARD_STASH]])


STANDING = cache_words.everyones(
    KIND, "discovery_tokens",
    ("DISCOVERY REVEAL ALL (the default), NONE, or the names of discovery tokens: before "
     "Spice Collection you look at each face-down discovery token in a territory where you "
     "have forces, and reveal those your word names (001 4.06.06.02)."),
    _text, "the discovery tokens you reveal", "DISCOVERY", _read, _random)
order_kind(STANDING.order)
