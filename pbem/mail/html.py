"""The HTML version of a moderator's mail, made from its plain text.

The plain text is the mail (templates write only it); the HTML part shows the
same words for clients that prefer HTML: ``== Title ==`` lines become headings,
indented runs of lines (the tables) and the order template stay preformatted,
other lines become paragraphs, and a picture (the map) can be shown inline
through its Content-ID.  Every character of the text is escaped, so text a
player wrote can never become markup.
"""

from __future__ import annotations

import re
from html import escape

_HEADING = re.compile(r"^== (.+) ==$")
_STYLE = ("body{font-family:sans-serif;max-width:50em}"
          "pre{font-family:monospace;background:#f6f1e7;padding:.4em}"
          "img{max-width:100%;height:auto}")


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
            body.append(f'<p><img src="cid:{escape(cid)}" alt="{escape(alt)}"></p>')
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def _blocks(text: str, verbatim: tuple[str, ...]) -> list[list[str]]:
    """The HTML of each paragraph (lines up to a blank line) of ``text``."""
    blocks = []
    whole = [v.strip("\n") for v in verbatim if v.strip()]
    for paragraph in re.split(r"\n\s*\n", text.strip("\n")):
        if paragraph.strip("\n") in whole:
            blocks.append([f"<pre>{escape(paragraph.strip(chr(10)))}</pre>"])
        elif paragraph.strip():
            blocks.append(_paragraph(paragraph.split("\n")))
    return blocks


def _paragraph(lines: list[str]) -> list[str]:
    """A heading, then runs of plain lines (a paragraph) and indented lines (preformatted)."""
    html = []
    if match := _HEADING.match(lines[0]):
        html.append(f"<h2>{escape(match.group(1))}</h2>")
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
    if lines[0].startswith(" "):
        return "<pre>" + escape("\n".join(lines)) + "</pre>"
    return "<p>" + "<br>\n".join(escape(line) for line in lines) + "</p>"
