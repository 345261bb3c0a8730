"""The invariants of classic Dune: what must hold after every step, whatever was ordered.

``violations(state)`` lists each one broken as a short message that names the
invariant and where it broke; an empty list means the state is sound.  The
random-game tests and self-play (``pbem selfplay``) call it after every step.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import KeysView
from typing import Any

from . import decks, factions, tokens, variants
from .board import layer
from .cards import heighliner
from .cards.karama_reach import REACHES, TURN
from .data import OFF_PLANET, Ability, DeckCards
from .factions import duke_vidal
from .factions import harkonnen_capture as capture
from .factions.atreides import kwisatz_haderach
from .forces import Counts, at_start, plain
from .forces import on_map as on_map_of
from .leaders import ALIVE, CAPTURED, GHOLA, HOSTAGE, IN_TANKS, LENT
from .phases.battle import forces_in
from .phases.storm import WEATHER_MARKERS, uses_weather
from .rules import Rules, rules_of
from .state import (
    State,
    ally_of,
    data,
    layered_data,
    occupants,
    sheet,
)

# Under GF9 allies are parted at the end of each one's shipment and movement (001 1.06.07).
ALLIES_APART_AFTER_MOVEMENT = ("battle", "collection", "mentat_pause", "control")


def violations(state: State) -> list[str]:
    """Every invariant the state breaks, one message each (empty: none)."""
    rules = rules_of(state)                     # asked once, handed to each check below
    on_map, on_the_map = _walk(state)
    counted, sheets = _sheets(state, rules, on_map)
    found = [*counted, *sheets, *_cards(state, rules),
             *_map(state, rules, on_the_map), *_leaders(state, rules),
             *_strongholds(state, rules), *_battle(state), *_storm_card(state),
             *_karamas(state)]
    # the parts of v3's and GF9's layers, each checked only in a state that has it (issue 29)
    if state.get("bonus_cards"):
        found += _bonus_cards(state)
    if state.get("commanders"):
        found += _command(state)
    if state.get("out"):
        found += _out(state)
    found += _traitor_cards(state)
    found += tokens.violations(state)
    if state.get("places"):
        found += _places(state)
    found += duke_vidal.violations(state)
    found += variants.violations(state)
    for faction in factions.in_play(state, "violations"):
        found += faction.violations(state)
    return found


def _bonus_cards(state: State) -> list[str]:
    """v3 (003 "Claiming Bonus Cards"): bonus cards only of the kinds in play, held by factions
    of the game, no more of a kind than the board's territories give."""
    kinds = rules_of(state).bonus_cards
    held = state["bonus_cards"]
    given = Counter(card.value for t in data(state).board.territories for card in t.bonus_cards
                    if card.value in kinds)
    counted = Counter(card for cards in held.values() for card in cards)
    problems = [f"bonus cards: {seat} is no faction of the game" for seat in held
                if seat not in state["seats"]]
    problems += [f"bonus cards: {counted[card]} {card}, the board gives {given[card]} (003)"
                 for card in counted if counted[card] > given[card]]
    return problems


def _command(state: State) -> list[str]:
    """v3 of two or three players (003 "Playing with two or three", ``players``): each allied
    faction run by a player's primary faction, two or three players with as many factions each,
    and each player's factions one alliance."""
    chiefs = state["commanders"]
    primaries = [seat for seat in state["seats"] if seat not in chiefs]
    problems = [f"commanders: {seat} run by {chief}, no player's primary faction"
                for seat, chief in chiefs.items() if chief not in primaries]
    sizes = {1 + list(chiefs.values()).count(p) for p in primaries}
    if len(primaries) not in (2, 3) or len(sizes) != 1:
        problems.append(f"commanders: {len(primaries)} players running {sorted(sizes)} factions")
    groups = sorted(sorted([p, *(s for s, c in chiefs.items() if c == p)]) for p in primaries)
    if sorted(sorted(a) for a in state["alliances"]) != groups:
        problems.append(f"commanders: the alliances {state['alliances']} are not the players' "
                        f"factions {groups}")
    return problems


def _out(state: State) -> list[str]:
    """v3's Main Leaders (003 "Main Leaders"): a faction out of the game has no force on the
    board or in reserve, no card, no spice, and every leader of its own in the tanks (or held
    captive)."""
    problems = []
    for seat in state["out"]:
        own = state["factions"][seat]
        if on_map_of(state, seat) or own["reserve"] or own["hand"] or own["spice"]:
            problems.append(f"out: {seat} is out of the game but keeps forces, cards or spice")
        if ALIVE in own["leaders"].values():
            problems.append(f"out: {seat} is out of the game with a leader alive")
    return problems


def _karamas(state: State) -> list[str]:
    """GF9 (001 3.01.12.02, ``karama_reach``): a Karama stands ready against another faction's
    ability (its own payment to the Guild aside), and a use it cancelled lasts only while its
    action may be retaken: a turn's in the movement round, the free revival in the revival
    round."""
    found = []
    for player, word, target in state.get("karamas", []):
        if word not in REACHES or {player, target} - set(state["seats"]) or (
                player == target and word != "payment"):
            found.append(f"karamas: {player} stands ready with {word} against {target}")
    for key in state["prevented"]:
        word, _, seat = key.partition(":")
        if seat and (word not in REACHES or state["phase"] != {
                TURN: "movement", "revival": "revival"}.get(REACHES[word].at)):
            found.append(f"karamas: the {word} of {seat} is still cancelled in {state['phase']}")
    return found


def _storm_card(state: State) -> list[str]:
    """The weather marker or storm card face down for the next storm is one of the six (000
    II.G, XVI.B; GF9 001 2.04.14), and only while a faction draws them."""
    card = state["storm"]["marker"]
    if card is not None and card not in WEATHER_MARKERS:
        return [f"storm card: {card}, not one of {WEATHER_MARKERS}"]
    if card is not None and not uses_weather(state):
        return [f"storm card: {card} drawn, but nobody draws them (000 XVI.D, 001 2.04.14)"]
    return []


def _walk(state: State) -> tuple[dict[str, Counts], list[str]]:
    """One pass over the map (issue 20): each seat's forces on it per kind (the sums of
    ``forces.on_map`` asked seat by seat); and the forces found off a territory's sectors, of
    no kind of their faction's, or counted none or fewer (``_map``)."""
    found: dict[str, Counts] = {seat: {} for seat in state["seats"]}
    sectors_of = _sectors(layer.key(state))
    problems = []
    for territory, sectors in state["forces"].items():
        known = sectors_of.get(territory, ())
        for sector, by_faction in sectors.items():
            if sector not in known:
                problems.append(f"forces: {territory} has no sector {sector}")
            for seat, counts in by_faction.items():
                mine = found.get(seat, {})
                if not counts:
                    problems.append(f"forces: {seat} has {counts} in {territory} sector {sector}")
                for name, count in counts.items():
                    if name in mine:
                        mine[name] += count
                    else:
                        mine[name] = count
                    if count < 1 and (fewer := f"forces: {seat} has {counts} in {territory} "
                                      f"sector {sector}") not in problems:
                        problems.append(fewer)          # once for the counts
    return found, problems


@functools.lru_cache(maxsize=64)
def _sectors(board: layer.Key) -> dict[str, frozenset[str]]:
    """Territory -> its sectors as the state's keys write them (the Polar Sink's and a placed
    place's: 0), on the board as it lies (the board layer)."""
    return {t.name: frozenset(str(s) for s in t.sectors or (0,))
            for t in layer.board_of(board).territories}


def _places(state: State) -> list[str]:
    """Each place on the board is one of the data's, its owner in play (a discovery location is
    nobody's, 001 4.06.06.03), pointing at a sector of a territory it may point at (001
    2.07.05, 2.07.19: never a stronghold)."""
    placed = state["places"]
    found = []
    printed = data(state).board
    owners = {sheet(seat, state).name for seat in state["seats"]}
    for name, (territory, sector) in placed.items():
        place = next((p for p in printed.places if p.name == name), None)
        if place is None or (place.owner and place.owner not in owners):
            found.append(f"places: {name} is no place of a faction in play")
        elif place.homeworld is not None:       # 001 4.10.11: off the planet, touching nothing
            if territory != OFF_PLANET:
                found.append(f"places: the homeworld {name} points at {territory}")
        elif (territory not in printed or printed[territory].is_stronghold
              or sector not in printed[territory].sectors):
            found.append(f"places: {name} points at {territory} sector {sector}")
    return found


def _sheets(state: State, rules: Rules, on_map: dict[str, Counts]
            ) -> tuple[list[str], list[str]]:
    """Each faction's sheet read once (issue 29), for two lists of problems.  The forces':
    every faction has its sheet's forces, kind by kind, between the map, its reserve, the
    tanks and those still to be placed (000 II.B.1.c: "20 small tokens", "the starred tokens";
    with the advantages the Emperor's 5 Sardaukar and the Fremen's 3 Fedaykin, lines 806, 982
    and 1000; ``forces.all_of``): its sheet's ``kinds``.  The others': spice, reserves and
    tanks never negative (000 II.D.1); hands within the faction's hand limit (000 VIII.G and
    the Harkonnen shield); GF9 bribes waiting in front of a shield in the game, none of 0
    (001 1.12.03)."""
    counted, problems = [], []
    starts = _starts(rules)[0]
    turning = {faction.seat: faction for faction in factions.in_play(state, "forces_now")}
    limits = factions.hand_limits(state)
    every = state["factions"]
    for seat in state["seats"]:
        own, found = every[seat], on_map[seat]
        if own["spice"] < 0:
            problems.append(f"spice: {seat} holds {own['spice']} (000 II.D.1)")
        for pile in ("reserve", "tanks"):
            held = own[pile]
            for name, count in held.items():
                if name in found:
                    found[name] += count
                else:
                    found[name] = count
                if count < 1 and (fewer := f"{pile}: {seat} has {held}") not in problems:
                    problems.append(fewer)      # once for the pile
        if len(own["hand"]) > limits[seat]:
            problems.append(f"hand limit: {seat} holds {len(own['hand'])} cards, "
                            f"more than {limits[seat]} (000 VIII.G)")
        if own["to_place"]:
            found[plain(rules, seat)] = found.get(plain(rules, seat), 0) + own["to_place"]
        expected = starts[seat]
        if seat in turning:
            expected = turning[seat].forces_now(state, expected)
        if found != expected:
            counted.append(f"forces: {seat} has {found}, not {expected} (000 II.B.1.c, "
                           "lines 806, 982 and 1000)")
    if rules.bribes_in_front_of_shield:
        problems += [f"bribes: {amount} spice in front of {seat}'s shield (001 1.12.03)"
                     for seat, amount in state["bribes"].items()
                     if seat not in state["seats"] or amount <= 0]
    return counted, problems


def _starts(rules: Rules) -> tuple[dict[str, Counts], dict[str, list[str]]]:
    """Each seat's forces at the start (``at_start``) and its leaders (``_shipped_leaders``) by
    these rules: found again only when the rules change (read them, never change them)."""
    if rules is not _last_starts[0]:
        seats = data(rules).by_seat
        _last_starts[:] = [rules, (
            {seat: at_start(rules, seat) for seat in seats},
            {seat: _shipped_leaders(rules.layers, rules.main_leader_gates, rules.advantages,
                                    seat) for seat in seats})]
    return _last_starts[1]


_last_starts: list[Any] = [None, None]      # the rules last asked and their ``_starts``


def _cards(state: State, rules: Rules) -> list[str]:
    """The state has every pile of its data's decks and no other (``decks``); and the cards of
    each deck of treachery or spice cards are conserved (000 III.C) across its piles (the deck,
    the discard piles, the cards out of the game: Family Atomics, WBC line 1144) and, for the
    treachery cards, the hands and the cards up for bid in the bidding round.  A traitor deck
    is not counted: its leaders are drawn again under AH (000 III.E.2), and the leaders kept
    and drawn stay behind the shields."""
    piles = state["decks"]
    kept, counted = _counted(rules)
    if piles.keys() != kept:
        return decks.pile_problems(state, data(state))
    problems = []
    for name, cards, pile_names, shipped in counted:
        found: list[str] = []
        for pile in pile_names:                 # each pile added whole, not card by card
            found += piles.get(pile, ())
        if cards is DeckCards.TREACHERY:
            found += _held_treachery(state)
        elif "sandtrout" in state:                                          # 001 4.08.02
            found.append(state["sandtrout"])
        problems += _conserved(name, found, shipped)
    return problems


def _counted(rules: Rules) -> tuple[KeysView[str], tuple[_Counted, ...]]:
    """The piles a game of these rules has, and the decks of treachery and spice cards whose
    cards ``_cards`` counts: found again only when the rules change."""
    if rules is not _last_counted[0]:
        found = data(rules)
        _last_counted[:] = [rules, (decks.in_play(rules).keys(), tuple(
            (f"{deck.name} cards", deck.cards, deck.pile_names,
             _shipped_cards(rules.layers, deck.name, rules.card_sets, rules.extra_spice_cards,
                            rules.cards_left_out))
            for deck in found.decks if deck.cards in (DeckCards.TREACHERY, DeckCards.SPICE)))]
    return _last_counted[1]


# A deck counted: its name as the invariant says it, its kind of cards, its piles and its
# cards' ids sorted
_Counted = tuple[str, DeckCards, tuple[str, ...], list[str]]
_last_counted: list[Any] = [None, None]     # the rules last asked and their ``_counted``


def _traitor_cards(state: State) -> list[str]:
    """Each traitor card that is no leader's (001 4.09.02: the Cheap Hero's) lies in one
    place: the traitor deck, or one faction's traitors or Face Dancers (a draw set aside beside
    a shield is no place: GF9 keeps it there for reference, setup 12)."""
    problems = []
    for card in rules_of(state).traitor_cards:
        held = [seat for seat in state["seats"] for pile in ("traitors", "face_dancers",
                                                              "revealed")
                if card in state["factions"][seat].get(pile, [])]
        places = len(held) + state["decks"].get("traitors", []).count(card)
        if places > 1:
            problems.append(f"traitor cards: the {card} traitor lies in {places} places "
                            f"(held by {', '.join(held) or 'nobody'}) (001 4.09.02)")
    return problems


def _held_treachery(state: State) -> list[str]:
    """The treachery cards in the hands and up for bid in the bidding round."""
    hands: list[str] = []
    every = state["factions"]
    for seat in state["seats"]:
        hands += every[seat]["hand"]
    step = state["step"]
    up_for_bid = (step["row"] + step["aside"]                       # aside: a Karama steal
                  + ([step["offer"]["card"]] if step.get("offer") else [])  # ``offers``
                  if state["phase"] == "bidding" else [])
    return hands + up_for_bid


@functools.cache
def _shipped_cards(layers: tuple[str, ...], deck: str, sets: tuple[str, ...],
                   extra: tuple[str, ...], left_out: tuple[str, ...]) -> list[str]:
    """The ids of a deck's cards in the game's layers of data, with its expansions'
    ``sets`` of treachery cards but those ``left_out`` (003 "Expanded Treachery") and its
    ``extra`` spice cards (the Sandtrout, 001 4.08.02), sorted (read them, never change
    them)."""
    found = layered_data(layers)
    return sorted(found.deck_cards(found.deck(deck), sets, extra, left_out))


def _conserved(name: str, found: list[str], shipped: list[str]) -> list[str]:
    """The cards missing from or added to a deck's ``shipped`` cards (sorted), if any."""
    if sorted(found) == shipped:                # the usual answer, at once
        return []
    missing = Counter(shipped) - Counter(found)
    extra = Counter(found) - Counter(shipped)
    problems = []
    if missing:
        problems.append(f"{name}: missing {sorted(missing.elements())} (000 III.C)")
    if extra:
        problems.append(f"{name}: extra {sorted(extra.elements())} (000 III.C)")
    return problems


def _map(state: State, rules: Rules, on_the_map: list[str]) -> list[str]:
    """Spice on the map positive; the storm on a sector or not yet placed (000 VI.A); forces
    only on a territory's sectors (``on_the_map``: what ``_walk`` found of them); allies never
    in one territory but the Polar Sink (000 XII.E.5: asked only where forces lie in more than
    one sector or of more than one faction)."""
    problems = [f"spice on the map: {territory} has {amount}"
                for territory, amount in state["spice"].items() if amount <= 0]
    storm = state["storm"]["sector"]
    if storm is not None and not 1 <= storm <= (sectors := data(state).board.sectors):
        problems.append(f"storm: on sector {storm}, not 1 to {sectors} (000 VI.A)")
    problems += on_the_map
    if state["alliances"] and not (rules.ally_constraint
                                   and state["phase"] not in ALLIES_APART_AFTER_MOVEMENT):
        for territory, sectors in state["forces"].items():
            if territory != "Polar Sink" and sum(map(len, sectors.values())) > 1:
                problems += _allies_apart(state, territory)
    return problems


def _allies_apart(state: State, territory: str) -> list[str]:
    """Allies sharing a territory (000 XII.E.5), as one message per alliance; Bene Gesserit
    coexisting there are not counted (XV.B.4: "as if they are not even on the board"; WBC
    clarification XV, lines 1312-1320: they coexist with their ally, who may join them).
    Under GF9 allies may share a territory until the end of their shipment and movement
    (001 1.06.07, 1.10.03.07), so only from the battle round on; and those a power lets share
    one (001 2.11.18, Ecaz's OCCUPY) always (``_map`` asks only in those rounds)."""
    present = set(occupants(state, territory))
    if len(present) < 2 or territory in state.get("met", ()):   # ``players.met``
        return []
    sharing = factions.in_play(state, "occupies_with_ally")     # 001 2.11.18: Ecaz's OCCUPY
    return [f"allies: {', '.join(here)} share {territory} (000 XII.E.5)"
            for alliance in state["alliances"]
            if len(here := sorted(present & set(alliance))) > 1
            and not any(power.occupies_with_ally(state, here[0], other)
                        for power in sharing for other in here[1:])]


LEADER_PLACES = (ALIVE, *IN_TANKS, CAPTURED, GHOLA, LENT, HOSTAGE)
# The places of a leader that ask nothing more of ``_leaders``: a sheet of these alone is
# sound (its leaders not captured, none a hostage), not read leader by leader.
_PLAIN_PLACES = frozenset((ALIVE, *IN_TANKS, GHOLA, LENT))


@functools.cache
def _shipped_leaders(layers: tuple[str, ...], main: bool, advantages: bool, seat: str
                     ) -> list[str]:
    """The names of a faction's five leaders in the game's data, and with v3's Main Leaders
    its sixth (003 "Main Leaders"), sorted (read them, never change them)."""
    found = layered_data(layers)
    faction = found.by_seat[seat].name
    chief = found.main_leader(faction) if main else None
    return sorted(leader.name for leader in (*found.leaders_of(faction, advantages),
                                             *([chief] if chief else [])))


def _leaders(state: State, rules: Rules) -> list[str]:
    """Each faction's five leaders are each in exactly one place, alive, in the tanks or held
    by the Harkonnen (000 II.B.1.b, "5 leader discs"; IX.D; line 884), and the leaders noted
    revived are its own, once each (000 IX.D.5).  Each sheet's leaders read once (issue 20)."""
    problems, marked = [], set()
    every = _starts(rules)[1]
    sheets = state["factions"]
    for seat in state["seats"]:
        own = sheets[seat]
        leaders = own["leaders"]
        shipped = every[seat]
        if sorted(leaders) != shipped:
            problems.append(f"leaders: {seat} has {sorted(leaders)}, not its "
                            f"{shipped} (000 II.B.1.b; 003 \"Main Leaders\")")
        if not _PLAIN_PLACES.issuperset(leaders.values()):     # else the usual sheet
            problems += _placed(state, seat, leaders, marked)
        revived = own["leaders_revived"]
        if revived and (len(set(revived)) < len(revived) or not set(revived) <= set(leaders)):
            problems.append(f"leaders revived: {seat} notes {revived} (000 IX.D.5)")
    return _captured(state, marked) + problems


def _placed(state: State, seat: str, leaders: dict[str, str], marked: set[tuple[str, str]]
            ) -> list[str]:
    """A sheet's leaders each in a place of ``LEADER_PLACES``, a hostage only in the battle
    that holds him; each captured one noted in ``marked`` (leader, owner)."""
    problems = []
    for name, where in leaders.items():
        if where == CAPTURED:
            marked.add((name, seat))
        elif where == HOSTAGE and _hostage(state) != name:
            problems.append(f"leaders: {seat}'s {name} is a hostage outside the battle "
                            "that holds him (001 2.12.14.02 B)")
        elif where not in LEADER_PLACES:
            problems.append(f"leaders: {seat}'s {name} is {where!r}, not one of "
                            f"{', '.join(LEADER_PLACES)} (000 IX.D)")
    return problems


def _hostage(state: State) -> str | None:
    """The leader the battle under way holds hostage (001 2.12.14.02 B), if any."""
    battle = state["step"].get("battle") if state["phase"] == "battle" else None
    return ((battle or {}).get("hostage") or {}).get("leader")


def _captured(state: State, marked: set[tuple[str, str]]) -> list[str]:
    """A leader is held by the Harkonnen exactly when his owner's sheet says ``captured``
    (``marked``: leader, owner), and only the Harkonnen, in the game, hold others' leaders
    (line 884)."""
    held = set(capture.held(state).items())
    problems = []
    if held != marked:
        problems.append(f"captured leaders: {sorted(held ^ marked)} held by the Harkonnen or "
                        "marked captured, not both (line 884)")
    if held and ((captor := factions.owner(state, Ability.CAPTURE_LEADERS)) not in state["seats"]
                 or captor in {seat for _, seat in held}):
        problems.append(f"captured leaders: {sorted(held)} held by no Harkonnen (line 884)")
    return problems


def _strongholds(state: State, rules: Rules) -> list[str]:
    """No stronghold is occupied by more than two factions besides the Bene Gesserit, whose
    sheet lists coexistence (000 IX.C.1.c and IX.C.2.f: nobody ships or moves into a stronghold
    "already occupied by two other players").  The Bene Gesserit may be a third: where they
    coexisted beside two others they may stop at the start of a later movement round (XV.B.5,
    line 508; under WBC they stop unless they declare again, clarification XV, line 1304), and
    the battle round settles it."""
    problems = []
    forces = state["forces"]
    for name in _stronghold_names(rules.layers):
        sectors = forces.get(name)
        if not sectors or sum(map(len, sectors.values())) < 3:
            continue                            # fewer than three factions there: at once
        held = occupants(state, name)
        if heighliner.ignored(state, name) or variants.co_occupier(
                state, name):                           # 001 3.07.04, 4.03.07.12 B: the
            continue                                    # battles settle it
        if len([seat for seat in held
                if Ability.COEXISTENCE not in sheet(seat, state).optional_abilities]) > 2:
            problems.append(f"stronghold: {name} is occupied by {', '.join(held)} "
                            "(000 IX.C.1.c, IX.C.2.f)")
    return problems


@functools.cache
def _stronghold_names(layers: tuple[str, ...]) -> tuple[str, ...]:
    """The names of the strongholds of the data's board, in its order (``_strongholds``)."""
    return tuple(territory.name for territory in layered_data(layers).board.strongholds)


def _battle(state: State) -> list[str]:
    """The battle under way is fought by two factions that are not allies (000 XII.E.5: allies
    "may never battle one another"), both with forces in its part of the territory and not
    coexisting there (000 X.A.1, XV.B.4), or with a face-down token there standing for forces
    (001 2.10.12, 2.10.17: a No-Field, even one of 0 once revealed); the Atreides' battle
    losses never fall (line 762)."""
    problems = []
    if kwisatz_haderach(state)["losses"] < 0:
        problems.append(f"kwisatz haderach: {kwisatz_haderach(state)['losses']} forces lost")
    battle = state["step"].get("battle") if state["phase"] == "battle" else None
    if battle is None:
        return problems
    sides = (battle["aggressor"], battle["defender"])
    territory = battle["territory"]
    if sides[1] in ally_of(state, sides[0]):
        problems.append(f"battle: allies {', '.join(sides)} battle in {territory} (000 XII.E.5)")
    hidden = {token["owner"] for token in tokens.occupying(state, territory)}
    hidden |= set(battle.get("revealed", ()))   # 001 2.10.17: a No-Field of 0, or no reserve
    problems += [f"battle: {seat} has no forces to fight with in {territory} (000 X.A.1)"
                 for seat in sides if seat not in hidden and (
                     seat not in occupants(state, territory)
                     or not forces_in(state, seat, territory, battle["sectors"]))]
    return problems
