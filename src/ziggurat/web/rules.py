"""Each game's rules as a web page, `/rules/<game>`, which the table's "How to play" opens.

The rules are written once, in the "## Rules" section of `docs/games/<game>.md`, which the package
reaches through its link `ziggurat/web/rules_md` (a built wheel holds copies of those files). That
section is turned into HTML here, once at start, by a small Markdown reader that knows what those
sections use: headings, paragraphs, lists (nested by indentation), tables, **bold**, *italic*, `code`
and links. A game without such a page has no rules address.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent / "rules_md"  # -> docs/games in a checkout
_INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<em>\1</em>"),
    (re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)"), r'<a href="\2">\1</a>'),
]
_ITEM = re.compile(r"^( *)(?:[-*]|(\d+)\.) (.*)$")


def inline(text: str) -> str:
    out = html.escape(text, quote=False).replace("\\|", "|")
    for pattern, repl in _INLINE:
        out = pattern.sub(repl, out)
    return out


def _cells(row: str) -> list[str]:
    row = row.strip().removeprefix("|").removesuffix("|")
    return [c.strip() for c in re.split(r"(?<!\\)\|", row)]


def markdown(text: str) -> str:
    """HTML for the Markdown the rules sections use (not a general Markdown implementation)."""
    lines = text.splitlines()
    out: list[str] = []
    para: list[str] = []  # the paragraph, or the list item's text, being read
    lists: list[tuple[int, str]] = []  # open lists, outermost first: (indent, "ul" | "ol")

    def flush() -> None:
        if para:
            body = inline(" ".join(para))
            out.append(body if lists else f"<p>{body}</p>")
            para.clear()

    def close(indent: int = -1) -> None:
        while lists and lists[-1][0] > indent:
            out.append(f"</li></{lists.pop()[1]}>")

    i = 0
    while i < len(lines):
        line = lines[i]
        item = _ITEM.match(line)
        heading = re.match(r"^(#{1,4}) (.*)$", line)
        if not line.strip():
            flush()
        elif heading:
            flush()
            close()
            level = len(heading.group(1))
            out.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
        elif line.startswith("|") and i + 1 < len(lines) and re.match(r"^\|[-| :]+\|$", lines[i + 1]):
            flush()
            close()
            head = "".join(f"<th>{inline(c)}</th>" for c in _cells(line))
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in _cells(lines[i])) + "</tr>")
                i += 1
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
            continue
        elif item:
            flush()
            indent, kind = len(item.group(1)), "ol" if item.group(2) else "ul"
            close(indent)
            if lists and lists[-1] == (indent, kind):
                out.append("</li><li>")
            else:
                if lists and lists[-1][0] == indent:  # another kind of list at the same depth
                    out.append(f"</li></{lists.pop()[1]}>")
                out.append(f"<{kind}><li>")
                lists.append((indent, kind))
            para.append(item.group(3))
        elif lists and line.startswith(" "):  # the list item goes on
            para.append(line.strip())
        else:
            if lists:
                flush()
                close()
            para.append(line.strip())
        i += 1
    flush()
    close()
    return "\n".join(out)


def rules_section(page: str) -> tuple[str, str] | None:
    """(the game's name, its "## Rules" section without the heading) of a game's docs page."""
    title = re.search(r"^# (.+)$", page, re.M)
    m = re.search(r"^## Rules\n(.*?)(?=^## |\Z)", page, re.M | re.S)
    if not (title and m):
        return None
    return title.group(1).strip(), m.group(1)


def rules_pages(stylesheet: str, docs: Path = DOCS) -> dict[str, bytes]:
    """game id → the HTML page of its rules, for every docs page with a Rules section: styled by the
    client's stylesheet alone (its `.rules-page` rules; the site's CSP refuses inline styles)."""
    pages = {}
    for path in sorted(docs.glob("*.md")) if docs.is_dir() else []:
        found = rules_section(path.read_text())
        if found is None:
            continue
        name, body = found
        pages[path.stem] = (
            '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>How to play {html.escape(name)} · Ziggurat</title>\n"
            '<link rel="icon" href="/static/img/logo.svg" type="image/svg+xml">\n'
            f'<link rel="stylesheet" href="{stylesheet}">\n</head>\n'
            f'<body>\n<main class="app rules-page">\n<article class="panel">\n'
            f'<p><a href="/">Ziggurat</a></p>\n<h1>How to play {html.escape(name)}</h1>\n'
            f"{markdown(body)}\n</article>\n</main>\n</body>\n</html>\n"
        ).encode()
    return pages
