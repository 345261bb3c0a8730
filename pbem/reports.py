"""The mail the moderator writes: welcomes, answers to orders, refusals and
step reports.  Each is rendered from one seat's view (or the public view for
the GM), never from the full state.
"""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage

from pbem.config import Config
from pbem.game import Event, OrderError, Prompt
from pbem.mail.compose import compose, new_message_id
from pbem.mail.text import body_text
from pbem.record import GameRecord
from pbem.routing import Refusal
from pbem.templating import render


def order_template(record: GameRecord, seat: str, prompts: list[Prompt],
                   standing: dict[str, str]) -> str:
    """Order text for a seat's open prompts that the moderator accepts as it is.

    A prompt already answered shows the standing order, so that the template
    can be sent back with only what the player wants to change.
    """
    lines = [f"GAME {record.id}"]
    if record.settings["auth"] != "address":
        lines.append(f"SECRET {record.seat(seat)['secret']}")
    lines.extend(standing.get(p.key, p.template) for p in prompts)
    return "\n".join(lines)


def _seat_context(record: GameRecord, seat: str | None, deadline: datetime | None,
                  answered: frozenset[str] = frozenset(),
                  standing: dict[str, str] | None = None) -> dict:
    """What every mail to a seat shows: its view, its prompts, who the step waits for.

    ``answered`` names the prompts of this step that have orders (any seat's);
    ``standing`` maps the reader's own answered prompts to their order text.
    """
    standing = standing or {}
    prompts = [p for p in record.prompts() if p.seat == seat]
    return {
        "game": record,
        "seat": seat,
        "view": record.rules.view(record.state, seat),
        "prompts": prompts,
        "waiting_for": sorted({p.seat for p in record.prompts() if p.key not in answered}),
        "template": order_template(record, seat, prompts, standing) if prompts else "",
        "deadline": deadline,
        "timezone": record.timezone_of(seat),
        "result": record.result(),
    }


def _subject(record: GameRecord, what: str) -> str:
    return f"[{record.id}] {what}"


def _mail(config: Config, record: GameRecord, seat: str | None, subject: str, text: str,
          now: datetime, in_reply_to: str | None = None, opens_thread: bool = False,
          observer: str | None = None) -> EmailMessage:
    """A mail in the seat's thread of the game (for ``seat=None``: the GM's thread, or the
    observers' thread when an ``observer`` address is given)."""
    if observer is not None:
        to, thread = [observer], f"<pbem.{record.id}.observers@{config.moderator.domain}>"
    elif seat is None:
        to = [record.settings["gm_address"]]
        thread = f"<pbem.{record.id}@{config.moderator.domain}>"
    else:
        to, thread = [record.seat(seat)["address"]], record.seat(seat)["thread_id"]
    if opens_thread:
        return compose(config.moderator, to, subject, text, now, thread)
    return compose(config.moderator, to, subject, text, now,
                   new_message_id(config.moderator.domain, record.id),
                   in_reply_to=in_reply_to or thread, references=[thread])


def welcome(config: Config, record: GameRecord, seat: str, deadline: datetime | None,
            now: datetime, replacing: bool = False, reason: str | None = None
            ) -> EmailMessage:
    """The first mail to a seat's player: how to play by mail, the secret, the view and
    prompts (``replacing``: the player takes over a seat of a game under way)."""
    context = _seat_context(record, seat, deadline)
    text = render(record.row["game"], "mail/welcome.txt.j2", moderator=config.moderator,
                  secret=record.seat(seat)["secret"], events=[], notes=[],
                  replacing=replacing, reason=reason, **context)
    return _mail(config, record, seat, _subject(record, "Welcome"), text, now,
                 opens_thread=True)


def step_report_text(config: Config, record: GameRecord, seat: str | None,
                     events: list[Event], notes: list[str], deadline: datetime | None) -> str:
    """The text of a step report for one seat (None: the public report)."""
    visible = [e for e in events if e.visible_to(seat)]
    context = _seat_context(record, seat, deadline)
    return render(record.row["game"], "mail/report.txt.j2", moderator=config.moderator,
                  events=visible, notes=notes, **context)


def step_report(config: Config, record: GameRecord, seat: str | None, events: list[Event],
                notes: list[str], deadline: datetime | None, now: datetime,
                observer: str | None = None) -> EmailMessage:
    """The report of the steps just resolved, for one seat (None: the public report, to the
    GM or to an ``observer``)."""
    text = step_report_text(config, record, seat, events, notes, deadline)
    return _mail(config, record, seat, _subject(record, record.step_name()), text, now,
                 observer=observer)


def acknowledgement(config: Config, record: GameRecord, seat: str, accepted: list,
                    errors: list[OrderError], standing: list[dict], deadline: datetime | None,
                    in_reply_to: str | None, now: datetime, answers: list[str] = ()
                    ) -> EmailMessage:
    """The answer to a seat's order mail: what was read, what was wrong, what is still open.

    ``standing`` holds every order pending in this step (of all seats: the
    others' are used only to say whom the step still waits for).
    """
    answered = frozenset(row["prompt"] for row in standing)
    standing = [row for row in standing if row["seat"] == seat]
    context = _seat_context(record, seat, deadline, answered,
                            {row["prompt"]: row["text"] for row in standing})
    text = render(record.row["game"], "mail/acknowledgement.txt.j2", moderator=config.moderator,
                  accepted=accepted, errors=errors, standing=standing, answers=list(answers),
                  still_open=[p for p in context["prompts"] if p.key not in answered],
                  **context)
    return _mail(config, record, seat, _subject(record, "Orders received"), text, now,
                 in_reply_to=in_reply_to)


def gm_answer(config: Config, record: GameRecord, answers: list[str], errors: list[OrderError],
              in_reply_to: str | None, now: datetime) -> EmailMessage:
    """The answer to a GM's mail of commands."""
    text = render(record.row["game"], "mail/gm_answer.txt.j2", moderator=config.moderator,
                  game=record, answers=answers, errors=errors)
    return _mail(config, record, None, _subject(record, "GM commands"), text, now,
                 in_reply_to=in_reply_to)


def gm_welcome(config: Config, record: GameRecord, now: datetime) -> EmailMessage:
    """The GM's first mail of a game: the GM secret and how to give commands."""
    text = render(record.row["game"], "mail/gm_welcome.txt.j2", moderator=config.moderator,
                  game=record)
    return _mail(config, record, None, _subject(record, "GM welcome"), text, now)


def status(config: Config, record: GameRecord, seat: str, standing: list[dict],
           deadline: datetime | None, now: datetime) -> EmailMessage:
    """A seat's view and open prompts again, like a report without events (STATUS).

    ``standing`` holds every order pending in this step (the others' only say
    whom the step still waits for).
    """
    answered = frozenset(row["prompt"] for row in standing)
    mine = {row["prompt"]: row["text"] for row in standing if row["seat"] == seat}
    context = _seat_context(record, seat, deadline, answered, mine)
    text = render(record.row["game"], "mail/status.txt.j2", moderator=config.moderator,
                  **context)
    return _mail(config, record, seat, _subject(record, f"Status: {record.step_name()}"),
                 text, now)


def resend(config: Config, record: GameRecord, seat: str, original: EmailMessage,
           now: datetime) -> EmailMessage:
    """A mail sent to the seat before, again: its subject and text, a new Message-ID, in the
    seat's thread, to the seat's address now (HISTORY n)."""
    return _mail(config, record, seat, str(original["Subject"]), body_text(original), now)


def press(config: Config, record: GameRecord, seat: str, text: str, to: str,
          sender: str | None, now: datetime) -> EmailMessage:
    """Press relayed to one seat: the text, and who sent it (None: anonymous) to whom.

    Only the moderator's headers and the press text go out: nothing of the
    sender's mail, and nothing of the game but its name.
    """
    body = render(record.row["game"], "mail/press.txt.j2", moderator=config.moderator,
                  game=record, text=text, to=to, sender=sender)
    what = f"Press from {sender}" if sender else "Anonymous press"
    return _mail(config, record, seat, _subject(record, what), body, now)


def declaration(config: Config, record: GameRecord, seat: str | None, kind: str, sender: str,
                text: str, now: datetime) -> EmailMessage:
    """A deal or bribe (``kind``) declared by ``sender``, for one seat (None: the GM)."""
    body = render(record.row["game"], "mail/declaration.txt.j2", moderator=config.moderator,
                  game=record, kind=kind, sender=sender, text=text)
    return _mail(config, record, seat, _subject(record, f"{kind.capitalize()} declared by "
                                                        f"{sender}"), body, now)


def preview(config: Config, record: GameRecord, sections: list[tuple[str, str]],
            now: datetime) -> EmailMessage:
    """What resolving the step now would mail, each report under its title, for the GM."""
    text = render(record.row["game"], "mail/preview.txt.j2", moderator=config.moderator,
                  game=record, sections=sections)
    return _mail(config, record, None, _subject(record, "PREVIEW, nothing resolved"), text, now)


GM_NOTICE_SUBJECTS = {
    "extend": "Deadline extended by the GM",
    "rollback": "The GM rolled the game back",
    "adjust": "The GM adjusted the game",
    "broadcast": "Message from the GM",
    "end": "Game over",
    "replaced": "You no longer play in this game",
    "observe": "You observe this game",
    "unobserve": "You no longer observe this game",
}


def gm_notice(config: Config, record: GameRecord, seat: str | None, kind: str, now: datetime,
              deadline: datetime | None, pending: dict[str, dict] | None = None,
              reason: str | None = None, observer: str | None = None, **details
              ) -> EmailMessage:
    """What the GM did (``kind``, with its ``details``), told to one seat from its own view,
    or to an ``observer`` from the public view; ``pending`` holds the step's orders."""
    pending = pending or {}
    standing = {key: row["text"] for key, row in pending.items() if row["seat"] == seat}
    context = _seat_context(record, seat, deadline, frozenset(pending), standing)
    text = render(record.row["game"], "mail/gm_notice.txt.j2", moderator=config.moderator,
                  kind=kind, reason=reason, observer=observer, **details, **context)
    return _mail(config, record, seat, _subject(record, GM_NOTICE_SUBJECTS[kind]), text, now,
                 observer=observer)


NOTICE_SUBJECTS = {
    "reminder": "Reminder: your orders are due",
    "late": "Late: your orders are overdue",
    "others-late": "Waiting for late orders",
    "outage": "Deadline extended",
}


def notice(config: Config, record: GameRecord, seat: str, kind: str, now: datetime,
           deadline: datetime, late: list[str] = (), down_since: datetime | None = None
           ) -> EmailMessage:
    """A reminder, a late notice, a note of who is late, or a deadline extended after an
    outage of the moderator, for one seat."""
    context = _seat_context(record, seat, deadline)
    text = render(record.row["game"], "mail/notice.txt.j2", moderator=config.moderator,
                  kind=kind, late=list(late), down_since=down_since, now=now, **context)
    return _mail(config, record, seat, _subject(record, NOTICE_SUBJECTS[kind]), text, now)


def refusal(config: Config, to: str, reason: Refusal | str, subject: str, now: datetime,
            in_reply_to: str | None = None, game: str | None = None, sender: str = "",
            games: list[str] = (), seat: str | None = None) -> EmailMessage:
    """A message that could not be filed, and why; it never repeats the message's orders."""
    code = reason.value if isinstance(reason, Refusal) else reason
    text = render("_", "mail/refusal.txt.j2", moderator=config.moderator, reason=code,
                  game=game, sender=sender, games=games, seat=seat)
    tag = f"[{game}] " if game and f"[{game}]" not in subject else ""
    return compose(config.moderator, [to], f"Re: {tag}{subject}".strip(), text, now,
                   new_message_id(config.moderator.domain), in_reply_to=in_reply_to)
