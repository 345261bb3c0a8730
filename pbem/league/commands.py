"""Mail commands for leagues and tournaments (docs/commands.md, docs/leagues.md):

- ``STANDINGS`` (player): the standings of the game's leagues, mailed to the player;
- ``STANDINGS`` (GM): the same, mailed to every player of those leagues;
- ``DROPOUT <seat> -- <reason>`` (GM): the player leaves the game (004 "Dropouts", lines
  189-193): the game's ``drop_out`` takes the faction out of play, the change is logged as
  adjustments (replayed like ADJUST), the seat's defaults are filed at once from then on
  (civil disorder ``dropout``), and the league standings disqualify the player;
- ``ADJUDICATE [wbc|gf9] -- <reason>`` (GM): the game ends, won by the adjudication of the
  scoring system (WBC: the best normalised PPs, with their alliance, 004 line 137; GF9: the
  most win attempts, then the tie-breakers, 001 4.1.10); by default the system of the game's
  league, else WBC.
"""

from __future__ import annotations

import json

from pbem.commands.gm import end, reload, require_playing, tell_everyone
from pbem.commands.limits import Budget
from pbem.commands.registry import CommandContext, CommandError, gm_command, player_command
from pbem.commands.rollback import _carry_orders, _check_position, view_changes
from pbem.fairness import log_intervention
from pbem.game import Adjustment, Dropouts, LeagueScoring, capability
from pbem.league import TieError
from pbem.league.definition import League, leagues_of_game
from pbem.league.notify import mail_standings
from pbem.league.results import replayed_states
from pbem.store import utc_text
from pbem.wording import plural


def _leagues(context: CommandContext) -> list[League]:
    leagues = leagues_of_game(context.store, context.record.id)
    if not leagues:
        raise CommandError(f"game {context.record.id} belongs to no league")
    return leagues


@player_command("STANDINGS", "STANDINGS", "the standings of this game's league, mailed to you",
                Budget.REPLIES)
def player_standings(context: CommandContext, args: str) -> None:
    address = context.record.seat(context.seat)["address"]
    for league in _leagues(context):
        mail_standings(context.config, context.store, league, context.now, to=[address])
        context.answer(f"The standings of league {league.id} follow in a mail of their own.")


@gm_command("STANDINGS", "STANDINGS", "mail the standings of this game's leagues to every "
                                      "player of them")
def gm_standings(context: CommandContext, args: str) -> None:
    for league in _leagues(context):
        sent = mail_standings(context.config, context.store, league, context.now)
        context.answer(f"The standings of league {league.id} were mailed to "
                       f"{plural(sent, 'player')}.")


# --- DROPOUT
@gm_command("DROPOUT", "DROPOUT <seat> -- <reason>",
            "the player leaves the game: the faction's forces, leaders, spice and cards leave "
            "play, its defaults are filed at once, the player is disqualified in the league")
def dropout(context: CommandContext, args: str) -> None:
    """The faction is taken out of play as a few logged adjustments; every seat is told."""
    require_playing(context)
    record, store = context.record, context.store
    dropouts = capability(record.rules, Dropouts)
    if dropouts is None:
        raise CommandError(f"{record.row['game']} has no dropouts")
    seat, reason = _seat_and_reason(args, [s["seat"] for s in record.seats])
    if seat in record.state.get("dropouts", []):
        raise CommandError(f"{seat} has dropped out already")
    before = record.state
    after, events = dropouts.drop_out(before, seat)
    _check_position(record.rules, after, [s["seat"] for s in record.seats])
    note = f"dropout of {seat}: {reason}"
    changed = [key for key in after if before.get(key) != after[key]]
    step = record.step
    for number, key in enumerate(changed, start=1):
        adjustment = Adjustment((key,), after[key])
        store.db["decisions"].insert({
            "game_id": record.id, "step": step + number, "kind": "adjust", "note": note,
            "orders": json.dumps({**adjustment.to_json(), "was": before.get(key)},
                                 sort_keys=True),
            "defaulted": "[]", "applied_at": utc_text(context.now),
            "events": json.dumps([e.to_json() for e in events] if number == len(changed)
                                 else [], sort_keys=True)})
    last = step + len(changed)
    log_intervention(store, record.id, step, "DROPOUT",
                     {"seat": seat, "decisions": [step + 1, last], "changed": changed},
                     reason, context.now)
    dropped = _carry_orders(store, record, after, last)
    store.db.execute("update deadlines set step = ? where game_id = ? and step = ?",
                     (last, record.id, step))
    store.db["seats"].update((record.id, seat), {"disorder": "dropout"})
    result = record.rules.result(after)
    store.save_game_state(record.id, last, after, "finished" if result else record.row["status"],
                          context.now, result)
    reload(context)
    told = tell_everyone(context, "adjust", f"{seat} has dropped out of the game (004 line "
                                            f"193): {reason}", each=lambda reader: {
        "changes": view_changes(record.rules, before, after, reader),
        "dropped": dropped.get(reader, [])})
    context.answer(f"{seat} has dropped out: decisions {step + 1} to {last}; its defaults "
                   f"are filed at once from now on. {told}")


def _seat_and_reason(args: str, seats: list[str]) -> tuple[str, str]:
    seat, _, reason = args.partition(" ")
    seat, reason = seat.lower(), reason.strip().removeprefix("--").strip()
    if seat not in seats:
        raise CommandError(f"no seat {seat!r} in this game; seats: {', '.join(seats)}")
    if not reason:
        raise CommandError("give the reason after the seat, after --: every seat is told it")
    return seat, reason


# --- ADJUDICATE
@gm_command("ADJUDICATE", "ADJUDICATE [wbc|gf9] -- <reason>",
            "end the game won by the scoring system's adjudication (WBC: best normalised PP "
            "and his alliance; GF9: most win attempts, then the tie-breakers)")
def adjudicate(context: CommandContext, args: str) -> None:
    require_playing(context)
    record, store = context.record, context.store
    system, _, reason = args.partition(" ")
    if system.lower() not in ("wbc", "gf9"):
        system, reason = "", args
    reason = reason.strip().removeprefix("--").strip()
    if not reason:
        raise CommandError("give the reason after --: every seat is told it")
    leagues = leagues_of_game(store, record.id)
    system = system.lower() or (leagues[0].scoring if leagues else "wbc")
    scoring = capability(record.rules, LeagueScoring)
    if scoring is None:
        raise CommandError(f"{record.row['game']} has no tournament scores to adjudicate by")
    events = [e for row in store.decisions(record.id) for e in json.loads(row["events"] or "[]")]
    scores = {**scoring.tournament_summary(record.state, replayed_states(store, record), events),
              "seats": {s["seat"]: {} for s in record.seats}, "players": len(record.seats)}
    try:
        winners = scoring.scoring_systems[system].adjudicated_winners(scores)
    except TieError as error:
        raise CommandError(str(error)) from None
    end(context, f"{','.join(winners)} -- adjudicated by {system.upper()} scores: {reason}")
