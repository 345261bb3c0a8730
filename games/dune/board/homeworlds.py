"""The homeworlds on the board layer (001 4.10): which lie off the planet, whose each is, the
forces of its faction on it (its reserves of the kinds it keeps, 4.10.01, and those brought out
to fight on it), the side its card is on (4.10.12.01-03), its invaders and occupiers
(4.10.12.08), and what every seat sees of them.  Asked by the variant's rules
(``variants.homeworlds``), the factions' own cards' effects, the map and the reports; a game
(a state or a view) without homeworlds has none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..data import OFF_PLANET, Ability, Place
from ..state import ally_of, data, sheet

HIGH, LOW = "high", "low"
SEND = "homeworld_send"     # a sheet's standing word: where its revived forces go at once
FACING = "homeworld_facing"  # a sheet's standing word: whom it fights of Ecaz and their ally
PICK = "homeworld_pick"     # a sheet's standing word: the card of another's pile it has sold
MOVED = "homeworld_moved"   # a sheet's reserves on a homeworld not keeping their kind, by name
OFFER = "homeworld_offer"   # a sheet's standing word: its cross-planet shipment offered others
Counts = dict[str, int]     # as ``forces.Counts``: kind -> how many (this module stays shallow)


def off_planet(game: Mapping[str, Any]) -> tuple[str, ...]:
    """The places on the board layer that lie off the planet (the homeworlds), by name."""
    places = game.get("places")
    return tuple(sorted(name for name, at in places.items() if at[0] == OFF_PLANET)
                 ) if places else ()


def in_game(game: Mapping[str, Any]) -> bool:
    """Whether any place lies on the game's board layer beside the printed map (a homeworld
    among them): asked first, so that a game without any asks no more."""
    return bool(game.get("places"))


def _add(into: Counts, counts: Mapping[str, int]) -> None:
    for name, count in counts.items():
        into[name] = into.get(name, 0) + count


def forces_on(game: Mapping[str, Any], seat: str, territory: str) -> Counts:
    """The seat's forces on the board in the territory, all sectors together."""
    found: Counts = {}
    for by_faction in game["forces"].get(territory, {}).values():
        _add(found, by_faction.get(seat, {}))
    return found


def placed(game: Mapping[str, Any]) -> tuple[Place, ...]:
    """The homeworlds on the game's board layer (a state or a view)."""
    names = off_planet(game)
    return tuple(p for p in data(game).board.places if p.name in names) if names else ()


def is_homeworld(game: Mapping[str, Any], territory: str) -> bool:
    """Whether the territory is a homeworld on the board layer."""
    return territory in off_planet(game)


def native(game: Mapping[str, Any], place: Place) -> str:
    """The seat whose homeworld it is."""
    return next(seat for seat in game["seats"] if sheet(seat, game).name == place.owner)


def of(game: Mapping[str, Any], seat: str) -> tuple[Place, ...]:
    """The seat's own homeworlds in play (none asked of its sheet in a game without any)."""
    if not in_game(game):
        return ()
    name = sheet(seat, game).name
    return tuple(p for p in placed(game) if p.owner == name)


def home(game: Mapping[str, Any], territory: str) -> Place | None:
    """The homeworld of that name in play, if it is one."""
    return next((p for p in placed(game) if p.name == territory), None)


def kept(game: Mapping[str, Any], place: Place) -> frozenset[str]:
    """The kinds of its faction's forces kept on the homeworld: its card's, or every kind no
    other homeworld of the faction in play keeps (4.10.12 "Salusa Secundus")."""
    assert place.homeworld is not None
    if place.homeworld.kinds:
        return frozenset(place.homeworld.kinds)
    seat = native(game, place)
    others = {k for p in of(game, seat) if p != place and p.homeworld
              for k in p.homeworld.kinds}
    return frozenset(name for name, _ in sheet(seat, game).kinds if name not in others)


def reserves_on(game: Mapping[str, Any], place: Place) -> Counts:
    """Its faction's reserves on the homeworld (4.10.01): those of the kinds kept there, but
    for those moved to its other homeworld, and those moved there from it (the sheet's
    ``MOVED``, 4.10.12 "Salusa Secundus"; ruling: forces leave the reserves first from the
    homeworld keeping their kind)."""
    seat = native(game, place)
    moved = game["factions"][seat].get(MOVED, {})
    found: Counts = {}
    for kind, count in game["factions"][seat]["reserve"].items():
        if kind in kept(game, place):
            found[kind] = count - min(count, sum(n.get(kind, 0) for name, n in moved.items()
                                                 if name != place.name))
        elif (here := min(count, moved.get(place.name, {}).get(kind, 0))):
            found[kind] = here
    return found


def natives_on(game: Mapping[str, Any], place: Place) -> Counts:
    """Its faction's forces on the homeworld: its reserves there (``reserves_on``), and those
    brought onto the board for a battle there."""
    found = reserves_on(game, place)
    seat = native(game, place)
    for by_faction in game["forces"].get(place.name, {}).values():
        _add(found, by_faction.get(seat, {}))
    return found


def side(game: Mapping[str, Any], place: Place) -> str:
    """HIGH while its faction's forces on it are at least the card's number, else LOW
    (4.10.12.01-02)."""
    assert place.homeworld is not None
    return HIGH if sum(natives_on(game, place).values()) >= place.homeworld.high else LOW


def number(game: Mapping[str, Any], place: Place, pair: tuple[int, int]) -> int:
    """A card's number of the side it is on (4.10.12.06-07: "(High) ... (Low) ...")."""
    return pair[0] if side(game, place) == HIGH else pair[1]


def invaders(game: Mapping[str, Any], place: Place) -> list[str]:
    """The other factions with forces on the homeworld, in seat order."""
    seat = native(game, place)
    here = {s for by_faction in game["forces"].get(place.name, {}).values() for s in by_faction}
    return [s for s in game["seats"] if s in here and s != seat]


def occupiers(game: Mapping[str, Any], place: Place) -> list[str]:
    """The factions occupying the homeworld now or earlier this turn (4.10.12.08: forces there
    and no native forces; "for the duration of that turn")."""
    now = invaders(game, place) if not natives_on(game, place) else []
    earlier = (game.get("occupied") or {}).get(place.name, [])
    return [s for s in game["seats"] if s in now or s in earlier]


def occupier_of(game: Mapping[str, Any], seat: str) -> list[str]:
    """The factions occupying any of the seat's homeworlds this turn."""
    return [s for p in of(game, seat) for s in occupiers(game, p)]


def low_bonus(game: Mapping[str, Any], seat: str) -> bool:
    """Whether a homeworld of the seat whose card gives the Low side's bonuses is on its Low
    side (4.10.12.04-05; Salusa Secundus gives none)."""
    return any(p.homeworld and p.homeworld.low_bonus and side(game, p) == LOW
               for p in of(game, seat))


def public(game: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every homeworld as all see it: its faction, side, its faction's forces on it, the
    numbers of the side it is on, the other factions' forces there and its occupiers
    (reserves are public, view module)."""
    found = []
    for place in placed(game):
        assert place.homeworld is not None
        card = place.homeworld
        found.append({"name": place.name, "faction": native(game, place),
                      "side": side(game, place), "high": card.high,
                      "natives": natives_on(game, place),
                      "battle": number(game, place, card.battle),
                      "atomic_losses": number(game, place, card.atomic_losses),
                      "occupier_income": card.occupier_income,
                      "invaders": {s: forces_on(game, s, place.name)
                                   for s in invaders(game, place)},
                      "occupiers": occupiers(game, place)})
    return found




def lost(game: Mapping[str, Any], seat: str, ability: Ability) -> bool:
    """Whether a homeworld of the seat on its Low side takes the power away (its card's
    ``low_loses``: Caladan's look at the spice deck, Wallach IX's spiritual advisors,
    Tleilax's subsidy; 4.10.12)."""
    return any(p.homeworld and ability in p.homeworld.low_loses and side(game, p) == LOW
               for p in of(game, seat))


def barred(game: Mapping[str, Any], territory: str, seat: str) -> bool:
    """Whether the territory is another faction's homeworld, where the seat calls no traitor
    nor reveals a Face Dancer (4.10.02 LOYAL NATIVES)."""
    place = home(game, territory)
    return place is not None and seat != native(game, place)


def spared(game: Mapping[str, Any], seat: str, ability: Ability, other: str) -> bool:
    """Whether the seat may not use its power against ``other``: the occupier of one of its
    homeworlds whose card spares them, or their ally (its ``occupier_spared``: 4.10.12 "Wallach
    IX", "Tleilax", "Grumman", Occupied)."""
    return any(p.homeworld and ability in p.homeworld.occupier_spared
               and other in {s for o in occupiers(game, p) for s in (o, *ally_of(game, o))}
               for p in of(game, seat))


def holds_back(game: Mapping[str, Any], token: Mapping[str, Any], mover: str, count: int
               ) -> bool:
    """Whether its owner's homeworld keeps the token from springing as ``count`` forces of
    ``mover`` enter its territory (the card's ``tokens``: 4.10.12 "Grumman", on the Low side
    fewer than ``low_least_entering``; Occupied, the occupier or their ally entering)."""
    for place in of(game, token["owner"]):
        card = place.homeworld
        if card is None or card.tokens != token["kind"]:
            continue
        if side(game, place) == LOW and count < card.low_least_entering:
            return True
        if card.occupier_spares_tokens and mover in {
                s for o in occupiers(game, place) for s in (o, *ally_of(game, o))}:
            return True
    return False


def unspiced(game: Mapping[str, Any], seat: str) -> frozenset[str]:
    """The kinds of the seat's forces at full strength without spice, its cards on their High
    side saying so (``high_unspiced``: 4.10.12 "Salusa Secundus", the Sardaukar)."""
    return frozenset(k for p in of(game, seat) if p.homeworld and side(game, p) == HIGH
                     for k in p.homeworld.high_unspiced)


def plain(game: Mapping[str, Any], seat: str) -> frozenset[str]:
    """The kinds of the seat's forces counting as normal forces, a card of theirs occupied
    (``occupied_plain``: 4.10.12 "Salusa Secundus", the Sardaukar's advantage lost)."""
    return frozenset(k for p in of(game, seat) if p.homeworld and occupiers(game, p)
                     for k in p.homeworld.occupied_plain)


def taker(game: Mapping[str, Any], seat: str, ability: Ability, room: Callable[[str], bool]
          ) -> str | None:
    """Who gains what the seat's power gives: the seat, or while a card of theirs that says so
    is occupied (``occupier_takes``: 4.10.12 "Giedi Prime", the free card) the occupier, else
    their ally, the first with ``room``; None if neither has (ruling: then nobody gains it)."""
    for place in of(game, seat):
        if place.homeworld and ability in place.homeworld.occupier_takes:
            for occupier in occupiers(game, place):
                return next((s for s in (occupier, *ally_of(game, occupier)) if room(s)), None)
    return seat


def sharers(game: Mapping[str, Any], seat: str, ability: Ability) -> list[str]:
    """The factions sharing the seat's power: the occupiers of its cards that say so
    (``occupier_shares``: 4.10.12 "Caladan", the Atreides' bidding advantage)."""
    return [s for p in of(game, seat) if p.homeworld and ability in p.homeworld.occupier_shares
            for s in occupiers(game, p)]


def advisors(game: Mapping[str, Any], seat: str, any_side: bool = False) -> int:
    """How many advisors the seat may send to the Polar Sink with a shipment: its card's
    ``high_advisors`` on its High side (``any_side``: on either; 4.10.12 "Wallach IX"), else
    one."""
    return max([p.homeworld.high_advisors for p in of(game, seat) if p.homeworld
                and (any_side or side(game, p) == HIGH)] + [1])


def reinforces(game: Mapping[str, Any], seat: str, any_side: bool = False) -> bool:
    """Whether a card of the seat adds a force from the reserves to a battle won, on its High
    side (``any_side``: on either; ``high_reinforces``: 4.10.12 "Caladan")."""
    return any(p.homeworld and p.homeworld.high_reinforces
               and (any_side or side(game, p) == HIGH) for p in of(game, seat))


def no_worthless_sale(game: Mapping[str, Any], seat: str) -> bool:
    """Whether a card of the seat on its High side bars it from selling Worthless cards for
    spice (``high_no_worthless_sale``: 4.10.12 "Tupile")."""
    return any(p.homeworld and p.homeworld.high_no_worthless_sale and side(game, p) == HIGH
               for p in of(game, seat))


def unmoved(game: Mapping[str, Any], seat: str, kind: str) -> bool:
    """Whether a card of the seat on its Low side keeps its tokens of ``kind`` from moving
    (``low_unmoved``: 4.10.12 "Richese", the No-Fields)."""
    return any(p.homeworld and p.homeworld.low_unmoved == kind and side(game, p) == LOW
               for p in of(game, seat))


def discards(game: Mapping[str, Any], seat: str, any_side: bool = False) -> bool:
    """Whether a card of the seat lets it discard cards for spice as the bidding ends, on its
    High side (``any_side``: on either; ``high_discards``: 4.10.12 "Kaitain")."""
    return any(p.homeworld and p.homeworld.high_discards
               and (any_side or side(game, p) == HIGH) for p in of(game, seat))


def hand_bonus(game: Mapping[str, Any], seat: str) -> int:
    """The cards more the seat may hold as the occupier of a card that says so, or their ally
    (``occupier_hand_bonus``: 4.10.12 "Tupile"), this turn."""
    return max([p.homeworld.occupier_hand_bonus for p in placed(game)
                if p.homeworld and p.homeworld.occupier_hand_bonus
                and seat in {s for o in occupiers(game, p) for s in (o, *ally_of(game, o))}]
               + [0])


def ships_with(game: Mapping[str, Any], seat: str, kind: str) -> bool:
    """Whether a card of the seat on its High side lets it ship forces with a token of
    ``kind`` (``high_ships_with``: 4.10.12 "Richese", the No-Fields)."""
    return any(p.homeworld and p.homeworld.high_ships_with == kind and side(game, p) == HIGH
               for p in of(game, seat))


def sends(game: Mapping[str, Any], seat: str, any_side: bool = False) -> tuple[str, ...]:
    """The kinds of the seat's forces a card of it on its High side (``any_side``: on either)
    places at once where its word (the sheet's ``SEND``) says when revived
    (``high_sends_revived``: 4.10.12 "Southern Hemisphere", the Fedaykin)."""
    return tuple(k for p in of(game, seat) if p.homeworld
                 and (any_side or side(game, p) == HIGH) for k in p.homeworld.high_sends_revived)


def sends_free(game: Mapping[str, Any], seat: str, any_side: bool = False) -> bool:
    """Whether a card of the seat on its High side (``any_side``: on either) sends the forces
    of its free revival at once where its word says (``high_sends_free_revival``: 4.10.12
    "Tleilax")."""
    return any(p.homeworld and p.homeworld.high_sends_free_revival
               and (any_side or side(game, p) == HIGH) for p in of(game, seat))


def opponent_chooses(game: Mapping[str, Any], seat: str, any_side: bool = False) -> bool:
    """Whether a card of the seat on its Low side (``any_side``: on either) lets its opponent
    choose which of it and its ally fights a co-occupied battle (``low_opponent_chooses``:
    4.10.12 "Ecaz")."""
    return any(p.homeworld and p.homeworld.low_opponent_chooses
               and (any_side or side(game, p) == LOW) for p in of(game, seat))


def picker(game: Mapping[str, Any], seat: str, pile: str) -> str | None:
    """The first occupier in seat order of a homeworld of the seat whose card lets it choose
    the card of ``pile`` sold (``occupier_picks``: 4.10.12 "Richese", the cache), if any."""
    return next((s for p in of(game, seat) if p.homeworld and p.homeworld.occupier_picks == pile
                 for s in occupiers(game, p)), None)


def picks_from(game: Mapping[str, Any], seat: str) -> tuple[str, str] | None:
    """The faction and pile whose card sold the seat chooses, occupying its homeworld (the
    inverse of ``picker``), if any."""
    return next(((native(game, p), p.homeworld.occupier_picks) for p in placed(game)
                 if p.homeworld and p.homeworld.occupier_picks
                 and picker(game, native(game, p), p.homeworld.occupier_picks) == seat), None)


def picked(game: Mapping[str, Any], seat: str, pile: list[str], name: str) -> str | None:
    """The card of ``pile`` (the seat's cards of the pile named ``name``) its occupier's word
    names, if one chooses and names a card still in it (4.10.12 "Richese", Occupied)."""
    occupier = picker(game, seat, name)
    card = game["factions"][occupier].get(PICK) if occupier else None
    return card if card in pile else None


def offer_to(game: Mapping[str, Any], seat: str) -> str | None:
    """The rate ("half" or "full") at which another faction's card on its High side offers the
    seat its cross-planet shipment, by that faction's word (the sheet's ``OFFER``: naming the
    seat, or nobody, for everyone), if any (``high_offers_shipment``: 4.10.12 "Junction")."""
    for place in placed(game):
        owner = native(game, place)
        word = game["factions"][owner].get(OFFER)
        if (place.homeworld and place.homeworld.high_offers_shipment and owner != seat and word
                and (not word["to"] or seat in word["to"]) and side(game, place) == HIGH):
            return str(word["rate"])
    return None
