"""Orders ahead (docs/orders.md, "War for Arrakis"; ``pbem.game.OrdersAhead``): the decisions
of the round still to come that a seat may send now, and a mail read with them.

To come: the Harkonnen's spice (``FOR HARVEST``) until the Spice Harvesting opens; the
Atreides' End of the Round claims (``FOR CLAIMS``) until the End of the Round; a seat's
discards down to its hand's limit (``FOR END``) while its hand is over the limit; the
Harkonnen's vehicles of the next round (``FOR VEHICLES``, a list in order of preference)
from the Action Resolution on.
Each is the prompt it will be, named by the key it will have.  The lines after a ``FOR``
header, to the next header, are orders for that decision; lines ``ELSE`` alone split them
into fallbacks (``pbem.ahead``).  A line outside any header whose verb no open decision
takes, and one decision to come does, goes to that one.  Nothing is told that the seat may
not know now: the prompts are worked out from the state as it stands."""

from __future__ import annotations

from dataclasses import replace

from pbem.game import NotRead, OrderError, Parsed, Prompt

from ...common.language import LanguageCode, line_words
from ..codes import ErrorCode
from ..state import ATREIDES, HARKONNEN, State, automaton, data, hand, hand_limit, house_seat
from . import LANGUAGE
from .decisions import claims_prompt, end_prompt, harvest_prompt, vehicles_prompt

BEFORE_HARVEST = ("start", "vehicles", "roll", "actions", "hazards")
BEFORE_END = (*BEFORE_HARVEST, "harvest")
NOT_NOW = (LanguageCode.NOTHING_TO_DECIDE, ErrorCode.NOT_NOW)


def ahead(state: State, seat: str) -> list[Prompt]:
    """The seat's decisions to come that it may send now (``OrdersAhead``)."""
    if state["result"] is not None or seat not in state["seats"]:
        return []
    found = []
    phase = state["phase"]
    if seat == house_seat(state, HARKONNEN) and not automaton(state, HARKONNEN):
        if phase in BEFORE_HARVEST:
            prompt = harvest_prompt(state, f"r{state['round']}.harvest", seat, None)
            found.append(_headed(prompt, "HARVEST", "your spice this round (the spice "
                                 "harvested is not known yet: list what to do in order)"))
        if phase in ("actions", "hazards", "harvest", "end") and not _last_round(state):
            row = data().rows[max(state["imperium"].values())]
            probe = {**state, "harvesters": [], "air": {}, "round": state["round"] + 1}
            prompt = vehicles_prompt(probe, f"r{state['round'] + 1}.vehicles", seat,
                                     dict(row.vehicles))
            found.append(_headed(prompt, "VEHICLES", "your vehicles next round (how many "
                                 "depends on the Imperium markers after the harvest)"))
    if seat == house_seat(state, ATREIDES) and phase in BEFORE_END:
        prompt = claims_prompt(state, f"r{state['round']}.claims.{seat}", seat, [])
        found.append(_headed(prompt, "CLAIMS", "your End of the Round claims"))
    ending = phase in ("actions", "hazards", "harvest") or (
        phase == "end" and state["step"].get("stage") == "claims")
    if ending and len(hand(state, seat)) > hand_limit(state, seat):
        prompt = end_prompt(state, f"r{state['round']}.end.{seat}", seat)
        found.append(_headed(prompt, "END", "your discards at the End of the Round (your "
                             "hand is over its limit now)"))
    return found


def _last_round(state: State) -> bool:
    limit = state["options"].get("rounds")
    return bool(limit) and state["round"] >= limit


def _headed(prompt: Prompt, header: str, title: str) -> Prompt:
    """A prompt to come: its template under its ``FOR`` header."""
    return replace(prompt, template=f"FOR {header}\n{prompt.template}", title=title)


def header_of(prompt: Prompt) -> str:
    return prompt.template.splitlines()[0][len("FOR "):]


# --- reading a mail ----------------------------------------------------------------------------
def parse_mail(state: State, seat: str, text: str, prompts: list[Prompt]) -> Parsed:
    """A seat's mail read against its open decisions and those to come: lines under a ``FOR``
    header go to that decision; other lines to the open decisions, or to the one decision to
    come that takes their verb."""
    lines = text.splitlines()
    headed = any(words and words[0].upper() == "FOR" for words in map(line_words, lines))
    if not headed:
        parsed = LANGUAGE.parse_orders(state, seat, text, prompts)
        if not any(e.code in NOT_NOW for e in parsed.errors):
            return parsed
    coming = ahead(state, seat)
    if not coming:
        return LANGUAGE.parse_orders(state, seat, text, prompts)
    sections: dict[str, list[int]] = {}
    headers: dict[str, list[int]] = {}
    errors: list[OrderError] = []
    current = None
    main: list[int] = []
    kinds = LANGUAGE.kinds
    for number, line in enumerate(lines, start=1):
        words = line_words(line)
        verb = words[0].upper() if words else ""
        if verb == "FOR":
            named = " ".join(words[1:]).upper().rstrip(":").strip()
            current = next((header_of(p) for p in coming if header_of(p) == named), None)
            if current is None:
                errors.append(OrderError(number, line, ErrorCode.NOT_NOW,
                                         "no decision to come by that name; to come now: "
                                         + ", ".join(f"FOR {header_of(p)}" for p in coming),
                                         tuple(f"FOR {header_of(p)}" for p in coming)))
            else:
                headers.setdefault(current, []).append(number)
            continue
        owned = {v for p in coming if header_of(p) == current for v in kinds[p.kind].verbs}
        if current is not None and (verb in owned or verb == "ELSE"):
            sections.setdefault(current, []).append(number)
        else:
            main.append(number)
    parsed = LANGUAGE.parse_orders(state, seat, _only(lines, main), prompts)
    for error in [e for e in parsed.errors if e.code in NOT_NOW]:
        words = line_words(error.line)
        verb = words[0].upper() if words else ""
        takers = [p for p in coming if verb in kinds[p.kind].verbs]
        if len(takers) == 1:
            parsed.errors.remove(error)
            sections.setdefault(header_of(takers[0]), []).append(error.line_no)
    for prompt in coming:
        numbers = sorted(sections.get(header_of(prompt), []))
        if numbers:
            _section(state, seat, lines, numbers, headers.get(header_of(prompt), []), prompt,
                     parsed)
    parsed.errors = sorted(parsed.errors + errors, key=lambda e: e.line_no)
    parsed.unread.sort(key=lambda u: u.line_no)
    return parsed


def _section(state: State, seat: str, lines: list[str], numbers: list[int],
             header: list[int], prompt: Prompt, parsed: Parsed) -> None:
    """A decision to come's lines: each fallback (between ``ELSE`` lines) read on its own; the
    order is the first's, held with every line of the section."""
    elses = [n for n in numbers if lines[n - 1].strip().upper() == "ELSE"]
    parts = [[n for n in numbers if low < n < high and n not in elses]
             for low, high in zip([0, *elses], [*elses, len(lines) + 1], strict=True)]
    first = None
    for part in parts:
        if not part:
            continue
        found = LANGUAGE.parse_orders(state, seat, _only(lines, part), [prompt])
        parsed.errors += found.errors
        parsed.not_filed += found.not_filed
        parsed.unread += found.unread
        if first is None and found.orders:
            first = found.orders[0]
    if first is not None:
        parsed.orders.append(replace(first, lines=tuple(sorted({*numbers, *header}))))
    elif not any(e.line_no in numbers for e in parsed.errors):
        parsed.unread += [NotRead(n, lines[n - 1]) for n in elses]


def _only(lines: list[str], numbers: list[int]) -> str:
    """The mail with only the given lines left (the others blank), so line numbers hold."""
    keep = set(numbers)
    return "\n".join(line if n in keep else "" for n, line in enumerate(lines, start=1))

