"""The HTML version of a moderator's mail, made from its plain text.

The plain text is the mail (templates write only it); the HTML part shows the
same words for clients that prefer HTML: ``== Title ==`` lines become headings,
indented runs of lines (the tables) and the order template stay preformatted,
other lines become paragraphs, and a picture (the map) can be shown inline
through its Content-ID.  Every character of the text is escaped, so text a
player wrote can never become markup.

No line of the document is longer than 78 characters but a preformatted line that is
(a paragraph's long line is broken at its spaces, which HTML shows as the same space):
the part then goes as 7bit or 8bit, where one long line made it quoted-printable
(``pbem.mail.mime``; issue 20).
"""

from __future__ import annotations

import re
from html import escape

_HEADING = re.compile(r"^== (.+) ==$")
_PARAGRAPHS = re.compile(r"\n\s*\n")
_STYLE = ("body{font-family:sans-serif;max-width:50em}\n"
          "pre{font-family:monospace;background:#f6f1e7;padding:.4em}\n"
          "img{max-width:100%;height:auto}")
_WIDTH = 78


def text_to_html(text: str, title: str, verbatim: tuple[str, ...] = (),
                 picture: tuple[str, str] | None = None) -> str:
    """A whole HTML document showing ``text``.

    ``verbatim`` blocks (the order template) are kept preformatted as they are;
    ``picture`` is (Content-ID without brackets, alternative text), shown after
    the first paragraph.
    """
    body: list[str] = []
    for number, block in enumerate(_blocks(text, verbatim)):
        body.extend(block)
        if number == 0 and picture is not None:
            cid, alt = picture
            image = f'<p><img src="cid:{escape(cid)}" alt="{escape(alt)}"></p>'
            body.append(image if len(image.encode("utf-8")) <= _WIDTH
                        else image.replace('" alt="', '"\nalt="', 1))
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"{_fold(f'<title>{escape(title)}</title>')}\n<style>\n{_STYLE}\n</style>\n"
            "</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n")


def _blocks(text: str, verbatim: tuple[str, ...]) -> list[list[str]]:
    """The HTML of each paragraph (lines up to a blank line) of ``text``."""
    blocks = []
    whole = [v.strip("\n") for v in verbatim if v.strip()]
    for paragraph in _PARAGRAPHS.split(text.strip("\n")):
        if paragraph.strip("\n") in whole:
            blocks.append([f"<pre>{escape(paragraph.strip(chr(10)))}</pre>"])
        elif paragraph.strip():
            blocks.append(_paragraph(paragraph.split("\n")))
    return blocks


def _paragraph(lines: list[str]) -> list[str]:
    """A heading, then runs of plain lines (a paragraph) and indented lines (preformatted)."""
    html = []
    if match := _HEADING.match(lines[0]):
        html.append(_fold(f"<h2>{escape(match.group(1))}</h2>"))
        lines = lines[1:]
    run: list[str] = []
    for line in [*lines, None]:
        indented = line is not None and line.startswith(" ")
        if run and (line is None or indented != run[0].startswith(" ")):
            html.append(_run(run))
            run = []
        if line is not None:
            run.append(line)
    return html


def _run(lines: list[str]) -> str:
    text = escape("\n".join(lines))  # escaped once for the run: a line holds no "\n"
    if lines[0].startswith(" "):
        return "<pre>" + text + "</pre>"
    return _fold("<p>" + text.replace("\n", "<br>\n") + "</p>")


def _fold(html: str) -> str:
    """``html`` (text and tags without spaces in them) with each line longer than 78 octets
    in UTF-8 broken at its spaces where it fits; a word longer than a line stays whole."""
    if len(html) <= _WIDTH // 4 or (html.isascii() and len(html) <= _WIDTH
                                    and "\n" not in html):
        return html
    folded = []
    for line in html.encode("utf-8").split(b"\n"):
        while len(line) > _WIDTH:
            cut = line.rfind(b" ", 1, _WIDTH + 1)
            if cut < 0:
                cut = line.find(b" ", _WIDTH + 1)
                if cut < 0:
                    break
            folded.append(line[:cut])
            line = line[cut + 1:]
        folded.append(line)
    return b"\n".join(folded).decode("utf-8")
