"""A scenario's position: changes made to a game just set up, every name read loosely and
every fault collected by its key (``SchemaError``)."""

from __future__ import annotations

from typing import Any

from ...common.names import NameLookupError
from ..data import MARKERS, RESULTS, UNIT_KINDS
from ..dice import new_dashboard
from ..state import GENERIC, SIDES, State, data, new_legion

KEYS = ("clear", "legions", "sietch_ranks", "revealed", "settlements", "harvesters", "air",
        "wormsigns", "sandworms", "wild_maker", "stations", "hands", "leaders", "supremacy",
        "prescience", "imperium", "bans", "bene_gesserit", "prescience_row", "objectives",
        "standing", "dice", "atomics", "round", "bag", "reinforcements", "target",
        "harvesting", "decks", "old_man", "old_man_worms")


class Problems(list):
    def name(self, kind: str, text: str, key: str) -> Any:
        finders = {"area": lambda t: data().board.area(t).id, "leader": data().leader,
                   "card": data().card, "prescience": data().prescience_card}
        try:
            return finders[kind](text)
        except NameLookupError as error:
            self.append(f"{key}: {error}")
            return None


def _old_man(state: State, position: dict[str, Any], problems: Problems) -> None:
    """The Old Man of the Desert in a sector (its name), the sandworms before the Atreides: a
    game with the optional rule only (002 OLD MAN OF THE DESERT (OPTIONAL))."""
    wanted = {key: position[key] for key in ("old_man", "old_man_worms") if key in position}
    if wanted and "old_man" not in state:
        problems.append("position.old_man: the game needs the option old_man: true")
        return
    if wanted.get("old_man") is not None:
        found = [s.id for s in data().board.sectors.values() if s.name == wanted["old_man"]]
        if not found:
            problems.append(f"position.old_man: no sector {wanted['old_man']!r}")
            return
        state["old_man"] = found[0]
    if "old_man_worms" in wanted:
        state["old_man_worms"] = int(wanted["old_man_worms"])


def apply_position(state: State, position: dict[str, Any], problems: Problems) -> None:
    for key in position:
        if key not in KEYS:
            problems.append(f"position.{key}: unknown key (expected one of: {', '.join(KEYS)})")
    if position.get("clear"):
        for area in list(state["legions"]):
            for leader in state["legions"][area]["leaders"]:
                if leader in state["leaders"]:
                    state["leaders"][leader].update(status="aside", area=None)
        state["legions"] = {}
    for text, spec in (position.get("legions") or {}).items():
        area = problems.name("area", text, f"position.legions.{text}")
        if area is not None:
            _legion(state, area, spec, problems, f"position.legions.{text}")
    for text, rank in (position.get("sietch_ranks") or {}).items():
        area = problems.name("area", text, f"position.sietch_ranks.{text}")
        if area in state["sietches"]:
            state["hidden"]["sietch_ranks"][state["sietches"][area]["token"]] = rank
        elif area is not None:
            problems.append(f"position.sietch_ranks.{text}: no sietch there")
    for text in position.get("revealed") or []:
        area = problems.name("area", text, "position.revealed")
        if area in state["sietches"]:
            sietch = state["sietches"][area]
            sietch["rank"] = state["hidden"]["sietch_ranks"][sietch["token"]]
    for text, value in (position.get("settlements") or {}).items():
        area = problems.name("area", text, f"position.settlements.{text}")
        if area is None:
            continue
        if value == "absent":
            state["settlements"].pop(area, None)
            state["sietches"].pop(area, None)
        else:
            state["settlements"][area] = value
    if "harvesters" in position:
        state["harvesters"] = [a for t in position["harvesters"]
                               if (a := problems.name("area", t, "position.harvesters"))]
    if "air" in position:
        state["air"] = {}
        for text, kind in position["air"].items():
            zones = {z.name.lower(): z.id for z in data().board.zones.values()}
            zone = zones.get(text.lower(), text if text in data().board.zones else None)
            if zone is None:
                problems.append(f"position.air.{text}: no air zone")
            else:
                state["air"][zone] = kind
    if "wormsigns" in position:
        _wormsigns(state, position["wormsigns"], problems)
    if "sandworms" in position:
        state["sandworms"] = [a for t in position["sandworms"]
                              if (a := problems.name("area", t, "position.sandworms"))]
    if position.get("wild_maker"):
        state["wild_maker"] = problems.name("area", position["wild_maker"], "position.wild_maker")
    _old_man(state, position, problems)
    for text, marker in (position.get("stations") or {}).items():
        area = problems.name("area", text, f"position.stations.{text}")
        if area in state["stations"]:
            state["hidden"]["stations"][state["stations"][area]] = marker
        elif area is not None and marker == "absent":
            pass
    for seat, cards in (position.get("hands") or {}).items():
        _hand(state, seat, cards, problems)
    for text, spec in (position.get("leaders") or {}).items():
        leader = problems.name("leader", text, f"position.leaders.{text}")
        if leader is not None:
            status = spec if isinstance(spec, str) else spec.get("status", "aside")
            state["leaders"][leader].update(status=status, area=None, spent=bool(
                isinstance(spec, dict) and spec.get("spent")))
            if status == "tank":
                tank = state["tank"][data().leaders[leader].faction]
                tank[spec.get("slot", 0) if isinstance(spec, dict) else 0] = leader
    for key in ("supremacy", "round", "atomics"):
        if key in position:
            value = position[key]
            if key == "atomics":
                value = problems.name("area", value, "position.atomics")
            state[key] = value
    for key, keys in (("prescience", MARKERS), ("imperium", ("choam", "guild", "landsraad")),
                      ("bene_gesserit", (*SIDES, "reserve"))):
        for name, value in (position.get(key) or {}).items():
            if name not in keys:
                problems.append(f"position.{key}.{name}: one of {', '.join(keys)}")
            else:
                state[key][name] = value
    if "bans" in position:
        state["bans"] = list(position["bans"])
    if "prescience_row" in position:
        _row(state, position["prescience_row"], problems)
    if "objectives" in position:
        state["hidden"]["objective_deck"] = [o for o in data().objectives
                                              if o not in position["objectives"]]
        state["hidden"]["objectives"] = list(position["objectives"])
    solo = state["hidden"]["solo"]
    if ("target" in position or "harvesting" in position or "reinforcements" in position) \
            and not solo:
        problems.append("position: target, harvesting and reinforcements are the solo mode's")
    elif solo:
        if "target" in position:
            solo["target"] = problems.name("area", position["target"], "position.target")
        if "harvesting" in position:
            solo["harvesting"] = position["harvesting"]
        if "reinforcements" in position:
            _reinforcements(state, position["reinforcements"], problems)
    for seat, standing in (position.get("standing") or {}).items():
        state["hidden"]["standing"][seat] = dict(standing)
    if "bag" in position:
        state["hidden"]["bag"] = state["hidden"]["bag"][:position["bag"]]
        state["bag"] = len(state["hidden"]["bag"])
    for deck, cards in (position.get("decks") or {}).items():
        found = [c for t in cards if (c := problems.name("card", t, f"position.decks.{deck}"))]
        pile = state["hidden"]["decks"][deck]
        for card in found:
            if card in pile:
                pile.remove(card)
        state["discards"][deck] += pile           # the rest were played before: discarded
        state["hidden"]["decks"][deck] = list(reversed(found))   # the first named on top
        state["decks"][deck] = len(found)

def _reinforcements(state: State, cards: list[str], problems: Problems) -> None:
    """The solo Harkonnen's Reinforcements deck: these cards, taken from their decks."""
    hidden = state["hidden"]
    pile = hidden["solo"]["reinforcements"]
    for card in pile:
        hidden["decks"][data().cards[card].deck].append(card)
    pile.clear()
    for text in cards:
        card = problems.name("card", text, "position.reinforcements")
        if card is None:
            continue
        deck = hidden["decks"][data().cards[card].deck]
        if card not in deck:
            problems.append(f"position.reinforcements: no {card} left in its deck")
            continue
        deck.remove(card)
        pile.append(card)
    for deck, cards_left in hidden["decks"].items():
        state["decks"][deck] = len(cards_left)
    hidden["solo"]["reinforcements_count"] = len(pile)


def _legion(state: State, area: str, spec: dict[str, Any], problems: Problems, key: str) -> None:
    side = spec.get("side")
    if side not in SIDES:
        problems.append(f"{key}.side: atreides or harkonnen")
        return
    legion = new_legion(side)
    for kind in UNIT_KINDS:
        legion[kind] = spec.get(kind, 0)
    for number, contents in enumerate(spec.get("tokens") or [], start=1):
        token = f"p{area[:4]}{number}" if side == "atreides" else f"black-9{number}"
        state["hidden"]["tokens"][token] = dict(contents)
        legion["tokens"].append(token)
    for text in spec.get("leaders") or []:
        if text.lower() in GENERIC.values():
            legion["leaders"].append(text.lower())
            continue
        leader = problems.name("leader", text, f"{key}.leaders")
        if leader is not None:
            legion["leaders"].append(leader)
            state["leaders"][leader].update(status="board", area=area)
    state["legions"][area] = legion


def _wormsigns(state: State, spec: dict[str, str], problems: Problems) -> None:
    hidden = state["hidden"]
    for area in list(state["wormsigns"]):
        hidden["wormsign_pool"].append(state["wormsigns"].pop(area))
    for text, kind in spec.items():
        area = problems.name("area", text, f"position.wormsigns.{text}")
        token = next((t for t in hidden["wormsign_pool"] if hidden["wormsigns"][t] == kind),
                     None)
        if token is None:
            problems.append(f"position.wormsigns.{text}: no {kind} token left")
        elif area is not None:
            hidden["wormsign_pool"].remove(token)
            state["wormsigns"][area] = token


def _hand(state: State, seat: str, cards: list[str], problems: Problems) -> None:
    hidden = state["hidden"]
    if seat not in hidden["hands"]:
        problems.append(f"position.hands.{seat}: no such seat")
        return
    for card in hidden["hands"][seat]:
        hidden["decks"][data().cards[card].deck].append(card)
    hidden["hands"][seat] = []
    for text in cards:
        card = problems.name("card", text, f"position.hands.{seat}")
        if card is None:
            continue
        pile = hidden["decks"][data().cards[card].deck]
        if card not in pile:
            problems.append(f"position.hands.{seat}: no {card} left in its deck")
            continue
        pile.remove(card)
        hidden["hands"][seat].append(card)
    for deck, pile in hidden["decks"].items():
        state["decks"][deck] = len(pile)
    state["hands"][seat] = len(hidden["hands"][seat])


def _row(state: State, cards: list[str], problems: Problems) -> None:
    hidden = state["hidden"]
    hidden["prescience_deck"] += state["prescience_row"]
    state["prescience_row"] = []
    for text in cards:
        card = problems.name("prescience", text, "position.prescience_row")
        if card in hidden["prescience_deck"]:
            hidden["prescience_deck"].remove(card)
            state["prescience_row"].append(card)
    state["prescience_deck"] = len(hidden["prescience_deck"])


def set_dice(state: State, dice: dict[str, list[str]], problems: Problems) -> None:
    """The round's dice as given, placed on the dashboards (no roll)."""
    for board, results in dice.items():
        bad = [r for r in results if r not in RESULTS]
        if bad:
            problems.append(f"position.dice.{board}: not results: {bad}")
            continue
        state["dice"][board] = new_dashboard()
        state["dice"][board]["pool"] = list(results)
