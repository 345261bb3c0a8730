"""What a seat may see of a game of classic Dune, built from an allow-list.

Public (000 XIII.B and the board): the rules and options, the turn and phase, the
storm, storm order, forces on the map, spice on the map, the Tleilaxu Tanks (forces and
leaders; of the leaders face down only how many, GF9 001 2.05.11.02: their owner sees which, in
his own leaders), alliances (000 XII.C.3), where the Bene Gesserit coexist (declared
aloud, 000 XV.B.5), the victory territories each faction holds now (derived from the forces
on the map, 000 IV), how many forces each faction has in reserve (derived too: each faction
has 20, the faction sheets, e.g. 000 line 796, and those on the map and in the tanks are public)
and how many treachery cards it holds (open in the bidding round, 000 VIII.F line 297, and
"can be kept secret at all other times", XIII.B line 477; ruling: shown at all times, as every
change to it after the bidding is announced to all, so the count is known anyway), the
treachery discard pile (anyone may look at it, 000 clarification VIII, line 1164), what every
seat sees of each deck's piles (``decks``: the size of a face-down one, the cards of a face-up
one, as the data says), who has
ornithopters this turn (WBC IX: who held the cities after the storm), worms seen, the Shield
Wall, the tokens where they lie (``tokens``: a face-down token's value only to its owner), the
forces the Atreides lost in battles (the Kwisatz Haderach, line 762), in the battle round the
battle under way and the leaders who fought (000 X), the result.  Behind a faction's
shield, seen only by that faction (000 XIII.A-B): its spice, its reserves, its treachery cards,
its traitors and its traitor draw (the Bene Gesserit's only once they have
predicted, 000 line 780), its prediction, the Fremen's next weather marker (000
XVI.B) or GF9 storm card (001 2.04.15), for the Atreides the treachery card up for bid (000
line 756), for the Harkonnen the leaders they hold captured (line 884; WBC line 1262: not
public; the owner sees his leader's place, ``captured``), the values of its face-down tokens
(``tokens.own``).  Nothing of any deck's order."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from . import decks, leaders, tokens
from .cards import carryall, heighliner, karama_reach, long_live_the_fighters, recruits
from .data import Ability
from .factions import battle_support, duke_vidal, has, nexus_ghola, power
from .factions.atreides import kwisatz_haderach
from .factions.base import LENT, WITHHELD
from .factions.bene_gesserit_coexistence import coexisting
from .phases.battle import public_battle
from .phases.bidding import cards_seen, hand_has_room, public_bidding
from .phases.storm import storm_card_seen
from .phases.victory import strongholds_held
from .rules import rules_of
from .state import State, data, faction_name, storm_order

PHASE_NAMES = {
    "setup": "set-up",
    "storm": "storm",
    "spice_blow": "spice blow",
    "bidding": "bidding",
    "revival": "revival",
    "movement": "shipment and movement",
    "battle": "battles",
    "collection": "spice collection",
    "end_of_turn": "end of turn",
    "charity": "CHOAM Charity",                 # GF9 (001 1.03)
    "mentat_pause": "Mentat Pause",             # GF9 (001 1.09)
    "control": "Control",                       # v3 (003 "Round 8: Control")
}


def public_view(state: State) -> dict[str, Any]:
    """Everything every seat (and the public archive) may see; in the bidding round, the
    numbers of the cards up for bid and how many cards each faction holds (000 VIII.F); in the
    battle round, the battle under way and the leaders who fought (000 X)."""
    return {key: _PUBLIC[key](state) for key in _public_keys(state)}


def _public_keys(state: State) -> list[str]:
    """The parts of the public view of this state, in their order: the bribes where they lie in
    front of the shields (001 1.12.03), the places on the board where the game has put any (the
    board layer, ``board/layer.py``), the bidding or the battle in their rounds."""
    keys = list(_ALWAYS)
    rules = rules_of(state)
    if rules.bribes_in_front_of_shield:
        keys.append("bribes")
    if state.get("places"):
        keys.append("places")
    if state.get("occupied"):
        keys.append("occupied")         # 001 4.10.12.08: this turn's occupiers, for all to see
    if "tokens" in state:
        keys.append("tokens")
    if duke_vidal.KEY in state:
        keys.append(duke_vidal.KEY)
    if recruits.PLAYED in state:
        keys.append(recruits.PLAYED)    # 001 3.04.03: the turn Recruits was played, public
    if long_live_the_fighters.PLAYED in state:
        keys.append(long_live_the_fighters.PLAYED)      # 001 3.09.03: its turn and player
    if carryall.PLAYED in state:
        keys.append(carryall.PLAYED)    # 001 3.08.02: its turn, player and word, public
    if heighliner.PLAYED in state:
        keys.append(heighliner.PLAYED)  # 001 3.07.04: its turn, player and option, public
    if rules.bonus_cards:
        keys.append("bonus_cards")
    if state.get("commanders"):
        keys.append("commanders")
    if rules.main_leader_gates:
        keys.append("out")
    if state["phase"] in ("bidding", "battle"):
        keys.append(state["phase"])
    return keys


def _public_factions(state: State) -> dict[str, dict[str, Any]]:
    return {seat: {**{key: read(state, seat) for key, read in _FACTION.items()},
                   **{key: dict(found) for key in _LENDING
                      if (found := state["factions"][seat].get(key))},
                   **power(seat, state).in_front(state)}
            for seat in state["seats"]}


# Each faction's public entries (``_public_factions``), in order: these, its leaders lent and
# withheld (``_LENDING``, where it has any), then its power's (``Faction.in_front``).
_FACTION: dict[str, Callable[[State, str], Any]] = {
    "name": lambda state, seat: faction_name(seat, state),
    "dot": lambda state, seat: state["dots"][seat],
    "tanks": lambda state, seat: dict(state["factions"][seat]["tanks"]),
    "reserve": lambda state, seat: dict(state["factions"][seat]["reserve"]),
    "cards": lambda state, seat: len(state["factions"][seat]["hand"]),
    "leaders_in_tanks": lambda state, seat: sorted(
        name for name, where in state["factions"][seat]["leaders"].items()
        if where == leaders.TANKS),
    "leaders_face_down": lambda state, seat: len(
        leaders.face_down(state["factions"][seat]["leaders"])),
    "leaders_revived": lambda state, seat: list(state["factions"][seat]["leaders_revived"]),
}
_LENDING = (LENT, WITHHELD, nexus_ghola.KEY)


# The allow-list: each part of the public view and how it is read from the state, in order.
_PUBLIC: dict[str, Callable[[State], Any]] = {
    "turn": lambda state: state["turn"],
    "last_turn": lambda state: state["rules"]["turns"],
    "ruleset": lambda state: state["rules"]["ruleset"],
    "rules": lambda state: dict(state["rules"]),
    "seats": lambda state: list(state["seats"]),
    "phase": lambda state: PHASE_NAMES.get(state["phase"], state["phase"]),
    "storm": lambda state: state["storm"]["sector"],
    "storm_order": storm_order,
    "factions": _public_factions,
    "forces": lambda state: {territory: {sector: {faction: dict(counts)
                                                  for faction, counts in by_faction.items()}
                                         for sector, by_faction in sectors.items()}
                             for territory, sectors in sorted(state["forces"].items())},
    "spice": lambda state: dict(sorted(state["spice"].items())),
    "spice_sectors": lambda state: spice_sectors(state),
    "alliances": lambda state: [list(alliance) for alliance in state["alliances"]],
    "strongholds": strongholds_held,
    "discard": lambda state: list(state["decks"]["treachery_discard"]),
    "decks": decks.public,
    "coexisting": coexisting,
    "ornithopters": lambda state: list(state["ornithopters"]),
    "worms": lambda state: state["worms"],
    "shield_wall": lambda state: state["shield_wall"],
    "kwisatz_haderach": lambda state: dict(kwisatz_haderach(state)),
    "result": lambda state: state["result"],
    "bribes": lambda state: dict(state["bribes"]),
    "places": lambda state: {name: list(at) for name, at in sorted(state["places"].items())},
    "occupied": lambda state: {name: list(seats)
                               for name, seats in sorted(state["occupied"].items())},
    "tokens": tokens.public,
    duke_vidal.KEY: duke_vidal.place,      # a leader of no faction's, once moved (001 2.11.17.12)
    recruits.PLAYED: lambda state: state[recruits.PLAYED],     # 001 3.04.03
    long_live_the_fighters.PLAYED: lambda state: list(state[long_live_the_fighters.PLAYED]),
    carryall.PLAYED: lambda state: dict(state[carryall.PLAYED]),
    heighliner.PLAYED: lambda state: dict(state[heighliner.PLAYED]),
    "commanders": lambda state: dict(state["commanders"]),
    "out": lambda state: list(state.get("out", [])),
    "bonus_cards": lambda state: {seat: list(cards)
                                  for seat, cards in state["bonus_cards"].items()},
    "bidding": public_bidding,
    "battle": public_battle,
}
_ALWAYS = tuple(_PUBLIC)[:tuple(_PUBLIC).index("bribes")]
# How a ``PublicView`` reads its parts: the forces (which bots read most) and the rules (which
# ``rules_of`` then knows at once) as the state holds them, not copied; each faction's entries
# when first read (``_PublicFaction``).
_READ = {**_PUBLIC, "rules": lambda state: state["rules"],
         "forces": lambda state: dict(sorted(state["forces"].items())),
         "factions": lambda state: {seat: _PublicFaction(state, seat) for seat in state["seats"]}}


class PublicView(Mapping[str, Any]):
    """``public_view`` of a state read part by part, each worked out when first read (issue
    20: a bot reads a few of its two dozen parts); the state must not change meanwhile, nor
    its reader change the parts (``_READ``: some are the state's own)."""

    def __init__(self, state: State) -> None:
        # the rules read at once: nearly every bot reads them (``rules_of``), as they lie
        self._state, self._found = state, {"rules": state["rules"]}
        self._keys = dict.fromkeys(_public_keys(state))     # in order, asked at once

    def __getitem__(self, key: str) -> Any:
        found = self._found.get(key, _UNREAD)
        if found is _UNREAD:
            if key not in self._keys:
                raise KeyError(key)
            found = self._found[key] = _READ[key](self._state)
        return found

    def get(self, key: str, default: Any = None) -> Any:
        """``Mapping.get`` without its exception for a part the view has not (the seams ask
        ``get`` of the bots' views for parts a classic game never has: places, tokens)."""
        found = self._found.get(key, _UNREAD)
        if found is not _UNREAD:
            return found
        if key not in self._keys:
            return default
        found = self._found[key] = _READ[key](self._state)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


_UNREAD = object()      # a part of a view not read yet (``PublicView.get``)
_ABSENT = object()      # a part read and found to be none (``_ReadOnce``)


class _ReadOnce(Mapping[str, Any]):
    """A part of a view whose entries are each read when first asked (``_read``: the entry,
    or ``_ABSENT``), then kept (``_found``), whether found or not."""

    __slots__ = ("_found",)

    def __getitem__(self, key: str) -> Any:
        found = self._found.get(key, _UNREAD)
        if found is _UNREAD:
            found = self._found[key] = self._read(key)
        if found is _ABSENT:
            raise KeyError(key)
        return found

    def get(self, key: str, default: Any = None) -> Any:
        """``Mapping.get`` without its exception for an entry it has not (the seams and the
        bots ask ``get`` of entries a classic game never has: the Nexus Gholas, the leaders
        lent, ``cancelled``, ``karama_power_used``...)."""
        found = self._found.get(key, _UNREAD)
        if found is _UNREAD:
            found = self._found[key] = self._read(key)     # either way not asked again
        return default if found is _ABSENT else found

    def _read(self, key: str) -> Any:
        raise NotImplementedError

    def __len__(self) -> int:
        return sum(1 for _ in self)


class _PublicFaction(_ReadOnce):
    """A faction's public entries in a ``PublicView`` (``_public_factions``), each read when
    first asked (a bot reads one or two of them: the tanks, the Nexus Gholas)."""

    __slots__ = ("_state", "_seat", "_front")

    def __init__(self, state: State, seat: str) -> None:
        self._state, self._seat, self._found, self._front = state, seat, {}, None

    def _read(self, key: str) -> Any:
        if key in _FACTION:
            return _FACTION[key](self._state, self._seat)
        if key in _LENDING:
            found = self._state["factions"][self._seat].get(key)
            return dict(found) if found else _ABSENT
        return self._in_front().get(key, _ABSENT)

    def _in_front(self) -> dict[str, Any]:
        if self._front is None:
            self._front = power(self._seat, self._state).in_front(self._state)
        return self._front

    def __iter__(self) -> Iterator[str]:
        yield from _FACTION
        yield from (key for key in _LENDING if self.get(key, _ABSENT) is not _ABSENT)
        yield from self._in_front()


def spice_sectors(state: State) -> dict[str, int]:
    """The sector of the spice in each territory with spice that lies in several sectors (its
    spice blow site, 000 VII.A.1): where it is collected and the storm takes it."""
    return {territory: blow.sector for territory in sorted(state["spice"])
            if len((board := data(state).board[territory]).sectors) > 1
            and (blow := board.spice_blow) is not None}


def seat_view(state: State, seat: str, public: Mapping[str, Any] | None = None
              ) -> Mapping[str, Any]:
    """The public view and what lies behind this seat's own shield.  ``public``: the state's
    public view built already, shared by every seat's view of the same state (its parts are
    not copied: read them, never change them); a ``PublicView`` gives a view read part by
    part, the state unchanged meanwhile (the bots', ``bot_decisions``)."""
    if isinstance(public, PublicView):
        return _SeatView(seat, _Private(state, seat), public)
    private = {key: found for key, read in _BEHIND.items()
               if (found := read(state, seat)) is not None}
    private.update(power(seat, state).behind_shield(state))
    private.update((key, found) for key, read in _SELDOM.items()
                   if (found := read(state, seat)) is not None)
    return {**(public_view(state) if public is None else public), "seat": seat, "own": private}


def _traitor_draw(state: State, seat: str) -> list[str] | None:
    """The traitors drawn at the set-up, once the faction has predicted if it predicts."""
    own = state["factions"][seat]
    if state["phase"] == "setup" and (own["prediction"]
                                      or not has(state, seat, Ability.PREDICTION)):
        return list(own["traitor_draw"])
    return None


# What lies behind a seat's shield, each there when not None, in this order: these, then the
# faction's power's (``Faction.behind_shield``), then ``_SELDOM``'s.
_BEHIND: dict[str, Callable[[State, str], Any]] = {
    "spice": lambda state, seat: state["factions"][seat]["spice"],
    "reserve": lambda state, seat: dict(state["factions"][seat]["reserve"]),
    "hand": lambda state, seat: list(state["factions"][seat]["hand"]),
    "traitors": lambda state, seat: list(state["factions"][seat]["traitors"]),
    "leaders": lambda state, seat: dict(state["factions"][seat]["leaders"]),
    "traitor_draw": _traitor_draw,
    "prediction": lambda state, seat: None if (found := state["factions"][seat]["prediction"])
    is None else dict(found),
    # 001 1.14.01: once a game
    "karama_power_used": lambda state, seat: True
    if state["factions"][seat].get("karama_power_used") else None,
    # 001 1.03.02: ``deals``
    "charity_declined": lambda state, seat: True
    if state["factions"][seat].get("charity_declined") else None,
    # 001 3.01.12.02: unseen until played
    "karamas": lambda state, seat: karama_reach.standing(state, seat) or None,
    # 001 3.01.12.02: retaken without them
    "cancelled": lambda state, seat: karama_reach.cancelled_for(state, seat) or None,
}
# The last parts behind a seat's shield, each there when not None, in this order.
_SELDOM: dict[str, Callable[[State, str], Any]] = {
    # 001 2.09.16: CHOAM pays for its ally
    "battle_support": lambda state, seat: battle_support(state, seat) or None,
    # its face-down tokens' values (``tokens``)
    "tokens": lambda state, seat: tokens.own(state, seat) or None,
    # 001 2.04.15: the Fremen alone
    "storm_card": storm_card_seen,
    # the Atreides, 000 line 756
    "up_for_bid": lambda state, seat: cards_seen(state, seat) or None,
    # 000 VIII.G (line 299): it passes on every card
    "hand_full": lambda state, seat: True if state["phase"] == "bidding"
    and not hand_has_room(state, seat) else None,
}


class _Private(_ReadOnce):
    """What lies behind a seat's shield in a ``PublicView``'s seat view, as ``seat_view``'s,
    each part read from the state when first asked (a bot reads a few)."""

    __slots__ = ("_state", "_seat", "_powers")

    def __init__(self, state: State, seat: str) -> None:
        self._found: dict[str, Any] = {}
        self._state, self._seat, self._powers = state, seat, None

    def _read(self, key: str) -> Any:
        read = _BEHIND.get(key) or _SELDOM.get(key)
        if read is None:
            return self._behind_shield().get(key, _ABSENT)
        found = read(self._state, self._seat)
        return _ABSENT if found is None else found

    def _behind_shield(self) -> dict[str, Any]:
        if self._powers is None:
            self._powers = power(self._seat, self._state).behind_shield(self._state)
        return self._powers

    def __iter__(self) -> Iterator[str]:
        yield from (key for key in _BEHIND if self.get(key, _ABSENT) is not _ABSENT)
        yield from self._behind_shield()
        yield from (key for key in _SELDOM if self.get(key, _ABSENT) is not _ABSENT)


class _SeatView(dict[str, Any]):
    """``seat_view`` over a ``PublicView``: a dict of the seat, what lies behind its shield and
    the public parts read already, each read at once (a bot's reads, some 20,000 in ten games,
    without a call); a public part not read yet is read from the shared ``PublicView`` when
    first asked (``__missing__``), and ``get``, ``in``, iteration and length answer for every
    part of the view, read or not (a dict's own ``copy``, ``==`` and ``repr`` see the parts
    read only)."""

    __slots__ = ("_public", "_keys")

    def __init__(self, seat: str, own: Mapping[str, Any], public: PublicView) -> None:
        super().__init__(public._found)
        self["seat"], self["own"] = seat, own
        self._public, self._keys = public, public._keys

    def __missing__(self, key: str) -> Any:
        found = self[key] = self._public[key]
        return found

    def get(self, key: str, default: Any = None) -> Any:
        """``Mapping.get`` as ``PublicView.get``."""
        found = _get(self, key, _UNREAD)
        if found is not _UNREAD:
            return found
        return self.__missing__(key) if key in self._keys else default

    def __contains__(self, key: object) -> bool:
        return key in self._keys or key in ("seat", "own")

    def __iter__(self) -> Iterator[str]:
        yield from self._public
        yield from ("seat", "own")

    def __len__(self) -> int:
        return len(self._public) + 2

    keys = Mapping.keys         # every part's, through ``__iter__`` and ``__getitem__``
    items = Mapping.items
    values = Mapping.values


_get = dict.get     # a dict's own ``get`` (``_SeatView.get``: the parts read already)
