"""Stage 1: read digest files and split each one into paper items.

A digest comes in one of a few layouts (see DESIGN section 2); each layout has
its own small splitter and ``split_digest`` picks one by looking at the text.
Nothing here knows about entities: the output is plain text in dataclasses.
"""

from __future__ import annotations

import codecs
import datetime
import html
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .vocab import ontology_dir

DIGEST_SUFFIXES = (".txt", ".md")
MAX_TITLE_CHARS = 200  # a longer title runs on into its description; the rest goes to the body
MAX_ITEM_CHARS = 1_000_000  # spaCy's Language.max_length: the pipeline refuses a longer text (E088)
# A weekly digest is tens of kilobytes (the largest of 122 real weeks: 18 KB); a file past this is
# something else, and would hold the pipeline for minutes before failing.
MAX_DIGEST_BYTES = 8 * 1024 * 1024


class IngestError(ValueError):
    """A digest input that cannot be read; the message is one line for the user."""


@dataclass(frozen=True)
class PaperItem:
    """One paper (or report, release) described in one digest."""

    digest_file: str
    position: int  # 1-based order in the digest
    title: str
    body: str  # description; lines kept, so a line break ends a sentence
    affiliations: tuple[str, ...] = ()  # only when the layout states them apart from the prose


@dataclass(frozen=True)
class Digest:
    source_file: str  # path relative to what was given (see collect_digest_files): the digest's identity
    title: str
    date_range: str | None
    date: str | None  # ISO date: from the file name, else a dated header line, else the one given when reading
    layout: str
    items: tuple[PaperItem, ...] = field(default_factory=tuple)


# ---------------------------------------------------------------- reading files


def collect_paths(inputs: list[Path]) -> list[Path]:
    """Expand files and folders into a sorted, de-duplicated list of digest files."""
    found: set[Path] = set()
    for path in inputs:
        if path.is_dir():
            found.update(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in DIGEST_SUFFIXES)
        elif path.is_file():
            if path.suffix.lower() not in DIGEST_SUFFIXES:
                raise IngestError(f"{path}: not a digest (expected a .txt or .md file)")
            found.add(path)
        elif path.is_symlink() and not path.exists():
            raise IngestError(f"{path}: a link to nothing (broken or looping symbolic link)")
        elif path.exists():
            raise IngestError(f"{path}: not a regular file or folder")  # a FIFO or device would block or never end
        else:
            raise IngestError(f"{path}: no such file or folder")
    if not found:
        raise IngestError("no .txt or .md digests found in " + ", ".join(str(p) for p in inputs))
    # Sorting by name keeps output independent of file-system order.
    return sorted(found, key=lambda p: (p.name, str(p)))


_BYTE_ORDER_MARKS = (  # UTF-32's marks first: UTF-32-LE's begins with UTF-16-LE's
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
)


@dataclass(frozen=True)
class DigestFile:
    """A digest file and its name in the graph: its path relative to the input that named it."""

    source_file: str  # '/'-separated; a file given by itself is named by its file name
    path: Path


def collect_digest_files(inputs: list[Path]) -> list[DigestFile]:
    """The digest files of some inputs, each named by its path relative to the input that holds it, so that
    d/w1/digest.txt and d/w2/digest.txt are two digests; sorted by name (output never depends on file-system order)."""
    named: dict[str, Path] = {}
    for path in collect_paths(inputs):
        name = _relative_name(path, inputs)
        if name in named and named[name] != path:
            raise IngestError(f"{named[name]} and {path} are both named {name!r} relative to their inputs; "
                              "give a folder that holds both, so their paths tell them apart")
        named[name] = path
    return [DigestFile(name, named[name]) for name in sorted(named)]


def _relative_name(path: Path, inputs: list[Path]) -> str:
    for given in inputs:  # the first input that holds a file names it
        if path == given:
            return path.name
        if given in path.parents:
            return path.relative_to(given).as_posix()
    return path.name


def read_bytes(path: Path) -> bytes:
    """The bytes of a digest file; every failure is an IngestError with a one-line message."""
    try:
        size = path.stat().st_size
        if size > MAX_DIGEST_BYTES:
            raise IngestError(f"{path}: {size:,} bytes, more than a digest may have ({MAX_DIGEST_BYTES:,}); "
                              "a weekly digest is tens of kilobytes")
        return path.read_bytes()
    except OSError as err:
        raise IngestError(f"{path}: cannot read ({err.strerror or err})") from None


def read_digest(path: Path, source_file: str | None = None, default_date: str | None = None) -> Digest:
    return parse_digest(source_file or path.name, read_bytes(path), where=path, default_date=default_date)


def parse_digest(source_file: str, raw: bytes, where: Path | None = None, default_date: str | None = None) -> Digest:
    """A digest from a file's bytes (a store keeps these bytes and re-reads them through here); errors name
    ``where`` the bytes came from, or the digest. ``default_date`` dates a digest whose name and header carry none."""
    label = where or source_file
    # UTF-8, with or without a byte-order mark; a file saved as UTF-16 or UTF-32 says so by its mark.
    encoding = next((name for bom, name in _BYTE_ORDER_MARKS if raw.startswith(bom)), "utf-8-sig")
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        raise IngestError(f"{label}: not {'UTF-8' if encoding == 'utf-8-sig' else encoding.upper()} text") from None
    if "\x00" in text:
        raise IngestError(f"{label}: looks like a binary file, not a digest")
    return split_digest(source_file, text, default_date)


# ---------------------------------------------------------------- normalising text

_BIDI_CONTROLS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>|<![^<>]*>")  # elements, and <!DOCTYPE ...>, <!-- ... -->
# Script and style blocks hold code, never digest text. [^<>]* keeps each attempt short.
_CODE_BLOCK = re.compile(r"<(script|style)\b[^<>]*>", re.IGNORECASE)
# Spans are bounded (and a link's text stops at the next '['): unbounded, a line of unclosed '*' or '['
# made these patterns quadratic (a 100 KB line took minutes).
_MD_LINK = re.compile(r"\[([^\[\]]{1,300})\]\([^()\s]{0,500}\)")
# Each span stops at its own delimiter, so every attempt ends at the next '*', '_' or '`'.
_MD_EMPHASIS = re.compile(r"\*\*(?=\S)([^*\n]{1,300}?)(?<=\S)\*\*|\*(?=\S)([^*\n]{1,300}?)(?<=\S)\*|"
                          r"__(?=\S)([^_\n]{1,300}?)(?<=\S)__|`(?=\S)([^`\n]{1,300}?)(?<=\S)`")


_CODE_BLOCK_END = {"script": re.compile(r"</script\s*>", re.IGNORECASE), "style": re.compile(r"</style\s*>", re.IGNORECASE)}


def _drop_code_blocks(text: str) -> str:
    """Remove <script> and <style> elements with their content; each search starts where the last ended."""
    kept: list[str] = []
    pos = 0
    while (opening := _CODE_BLOCK.search(text, pos)) is not None:
        closing = _CODE_BLOCK_END[opening.group(1).lower()].search(text, opening.end())
        if closing is None:
            break  # an unclosed block: leave the rest to the tag stripper
        kept.append(text[pos : opening.start()])
        pos = closing.end()
    kept.append(text[pos:])
    return "".join(kept)


def clean_text(text: str) -> str:
    """Remove HTML-ish and Markdown leftovers, keep line structure."""
    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\r", "\n")
    text = text.replace("\u00a0", " ").replace("\u200b", "").replace("\u2010", "-").replace("\u2011", "-")
    # Bidirectional embedding, override and isolate controls reorder what a reader sees
    # ("Trojan Source"); a title or name is stored as the characters it shows.
    text = text.translate(_BIDI_CONTROLS)
    text = _TAG.sub("", _drop_code_blocks(text))
    text = html.unescape(text)
    text = _MD_LINK.sub(r"\1", text)
    text = _MD_EMPHASIS.sub(lambda m: next(g for g in m.groups() if g is not None), text)
    lines = []
    for line in text.split("\n"):
        line = re.sub(r"^\s{0,3}#{1,6}\s+", "", line)  # markdown headings
        line = re.sub(r"[ \t]+", " ", line).strip()
        lines.append(line)
    return "\n".join(lines)


# ---------------------------------------------------------------- layouts

_DIGEST_TITLE = re.compile(r"papers of the week", re.I)
_DATE_RANGE = re.compile(r"\(([^()]*\d[^()]*)\)\s*$")
_FILE_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})")
_NUMBERED = re.compile(r"^(\d{1,2})\.\s+(\S.*)$")
_AUTHORS = re.compile(r"^(?P<authors>[^\[\]]{2,80}? et al\.?)\s*\[(?P<affiliations>[^\]]+)\]\s*$")
_LIKES = re.compile(r"^(♥|❤|♡)\s*[\d.,]+k?\b")
_EDITORIAL_START = re.compile(
    r"^(editor'?s? message|sponsor(ed)?( message)?|advertisement|partner message|"
    r"industry news in 1 line|.*\bnews in (one|1) line)\b",
    re.I,
)
_PROMO = re.compile(
    r"\b(discount|promo code|use code|sign up|subscribe|subscribers|enrol+|our (new )?(live )?course)\b",
    re.I,
)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
# "May 5, 2025", "5 May 2025", "Sep 1 2025": a header date is only taken when it states its year.
_HEADER_DATE = re.compile(r"\b(?:(?P<m1>[A-Z][a-z]{2,8})\.? (?P<d1>\d{1,2})(?:st|nd|rd|th)?,? (?P<y1>(?:19|20)\d\d)"
                          r"|(?P<d2>\d{1,2}) (?P<m2>[A-Z][a-z]{2,8}),? (?P<y2>(?:19|20)\d\d))\b")
_BLOG_DATE = re.compile(r"^[A-Z][a-z]{2,8} \d{1,2}(st|nd|rd|th)?\s*[~\-–]\s*[A-Z][a-z]{2,8} \d{1,2}(st|nd|rd|th)?$")


def split_digest(source_file: str, text: str, default_date: str | None = None) -> Digest:
    lines = clean_text(text).split("\n")
    found = _FILE_DATE.search(source_file)
    date = found.group(1) if found else (_header_date(lines[:8]) or default_date)
    title, date_range = _digest_title(lines)
    if any(_AUTHORS.match(line) for line in lines):
        layout, items = "blog", _split_blog(source_file, lines)
    elif _numbered_titles(lines):
        layout, items = "numbered", _split_numbered(source_file, lines)
    else:
        layout, items = "headlines", _split_headlines(source_file, lines)
    if not _looks_like_digest(layout, items):
        raise IngestError(f"{source_file}: no numbered or headlined paper items with a description (is this a digest?)")
    for item in items:
        size = len(item.title) + 1 + len(item.body)
        if size > MAX_ITEM_CHARS:
            raise IngestError(f"{source_file}: item {item.position} has {size:,} characters, more than one item may have "
                              f"({MAX_ITEM_CHARS:,})")
    if layout == "blog":
        title = next((line for line in lines if line), source_file)
        date_range = next((line for line in lines if _BLOG_DATE.match(line)), None)
    return Digest(
        source_file=source_file,
        title=title or source_file,
        date_range=date_range,
        date=date,
        layout=layout,
        items=tuple(items),
    )


# ---------------------------------------------------------------- is it a digest?

# Characters that are frequent in code, markup and tables and rare in prose.
_CODE_CHARS = frozenset("{}<>=|`$\\")
_CODE_LINE = re.compile(r"^(//|/\*|\*|#!|<!--|\$ )|[─│├└┌┐┘]")


def _is_code(line: str) -> bool:
    """A line of code, markup or a table: a comment or tree line, or dense in code characters and short of
    words (prose that quotes some markup, as a digest about web attacks may, still has its words)."""
    if _CODE_LINE.search(line):
        return True
    dense = sum(ch in _CODE_CHARS for ch in line) > 0.02 * len(line)
    return dense and sum(word.isalpha() for word in line.split()) < 8


def _is_description(line: str) -> bool:
    """A line of prose: a few words (or, in a script without spaces, a few letters), mostly letters."""
    letters = sum(ch.isalpha() for ch in line)
    spaces = line.count(" ")
    return (len(line.split()) >= 3 or letters >= 12) and letters + spaces >= 0.6 * len(line) and not _is_code(line)


def _is_title(title: str) -> bool:
    """A title names something: it has a letter, and is not a line of wrapped prose, which opens
    mid-sentence with a lowercase word ('rStar2-Agent' and 'o3-mini' are names, 'introduces which method' is
    not) or stops at a small word ('... a baseline measured in the')."""
    words = title.split()
    if not words or not any(ch.isalpha() for ch in title):
        return False
    opens_lowercase = words[0][:1].islower() and not any(ch.isupper() or ch.isdigit() for ch in words[0])
    return not opens_lowercase and words[-1] not in title_small_words()


def _looks_like_digest(layout: str, items: list[PaperItem]) -> bool:
    """Items of a digest have titles and descriptions; the 'items' a README, a web page or a note splits
    into are mostly lines of code, wrapped prose or one heading."""
    described = [i for i in items if _is_title(i.title) and any(_is_description(line) for line in i.body.split("\n"))]
    if not described or 2 * len(described) < len(items):
        return False
    # Unnumbered headlines need two of them: one heading and a paragraph is a note.
    return layout != "headlines" or len(items) >= 2


def _header_date(lines: list[str]) -> str | None:
    """The first full date (with its year) in the digest's opening lines, as YYYY-MM-DD."""
    for line in lines:
        for match in _HEADER_DATE.finditer(line):
            month = (match["m1"] or match["m2"]).lower()
            number = next((i + 1 for i, name in enumerate(_MONTHS) if name.startswith(month)), None)
            if number is None:
                continue
            day, year = int(match["d1"] or match["d2"]), int(match["y1"] or match["y2"])
            try:
                return datetime.date(year, number, day).isoformat()
            except ValueError:
                continue
    return None


def _digest_title(lines: list[str]) -> tuple[str | None, str | None]:
    titles = [line for line in lines[:6] if _DIGEST_TITLE.search(line)]
    if not titles:
        return None, None
    # Prefer the line that carries the week ("The Top AI Papers of the Week (May 5 - 11)").
    dated = [t for t in titles if _DATE_RANGE.search(t)]
    best = (dated or titles)[-1]
    match = _DATE_RANGE.search(best)
    return _strip_emoji(best), (match.group(1).strip() if match else None)


def _strip_emoji(line: str) -> str:
    return "".join(ch for ch in line if unicodedata.category(ch)[0] != "S" or ch in "+-&").strip()


def _is_header(line: str) -> bool:
    return bool(_DIGEST_TITLE.search(line)) and len(line) < 90


def _drop_editorial(body_lines: list[str]) -> list[str]:
    """Cut editorial blocks (adverts, course promotions) out of an item's lines."""
    kept: list[str] = []
    skipping = False
    for line in body_lines:
        if _EDITORIAL_START.match(line):
            skipping = True
        if skipping or _PROMO.search(line):
            continue
        kept.append(line)
    return kept


def _make_item(source_file: str, position: int, title: str, body_lines: list[str], affiliations=()) -> PaperItem:
    title, rest = _cut_long_title(title.strip())
    body = "\n".join(line for line in _drop_editorial([rest, *body_lines]) if line)
    return PaperItem(source_file, position, title, body, tuple(affiliations))


def _numbered_titles(lines: list[str]) -> list[int]:
    """Indexes of the lines that start numbered items 1, 2, 3... in sequence.

    Every line "N. text" is a candidate for item N, but a digest's own items are told from a numbered
    list inside an item by their shape: a short title line scores highest, a long line whose title
    part can be split from its description next, any other line least. The chain 1, 2, 3... with the
    highest total wins (then the longest, then the earliest), so a run-on title still starts its item
    while a list inside an item cannot take the place of the items around it."""
    best: dict[int, tuple[int, int, int]] = {}  # number -> (total score, length, line) of the best chain so far
    chains: dict[int, tuple[int, int, int | None]] = {}  # line -> (total, length, previous line)
    for i, line in enumerate(lines):
        match = _NUMBERED.match(line)
        if not match:
            continue
        number = int(match.group(1))
        score = _title_score(match.group(2))
        chain: tuple[int, int, int | None]
        if number == 1:
            chain = (score, 1, None)
        elif number - 1 in best:
            total, length, previous = best[number - 1]
            chain = (total + score, length + 1, previous)
        else:
            continue
        chains[i] = chain
        if number not in best or chain[:2] > best[number][:2]:
            best[number] = (chain[0], chain[1], i)
    if not best:
        return []
    total, length, last = max(best.values(), key=lambda b: (b[0], b[1], -b[2]))
    starts = []
    row: int | None = last
    while row is not None:
        starts.append(row)
        row = chains[row][2]
    return starts[::-1] if len(starts) >= 2 else []


def _title_score(text: str) -> int:
    if len(text) <= MAX_TITLE_CHARS and not text.endswith((".", ":")):
        return 3  # a title line
    if _description_start(text) is not None:
        return 2  # a title that runs on into its description
    return 1  # a sentence, or a title with no visible end: still an item when nothing better is numbered N


def _split_numbered(source_file: str, lines: list[str]) -> list[PaperItem]:
    starts = _numbered_titles(lines)
    items = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        match = _NUMBERED.match(lines[start])
        assert match is not None  # _numbered_titles only returns numbered lines
        title, description = _split_run_on(match.group(2))
        items.append(_make_item(source_file, n + 1, title, [description, *lines[start + 1 : end]]))
    return items


@lru_cache(maxsize=1)
def title_small_words() -> frozenset[str]:
    """Words a title in title case leaves lowercase (ontology/lexicon/title-small-words.txt)."""
    path = ontology_dir() / "lexicon" / "title-small-words.txt"
    words = (line.strip().lower() for line in path.read_text(encoding="utf-8").splitlines())
    return frozenset(w for w in words if w and not w.startswith("#"))


def _is_capitalised(word: str) -> bool:
    """'Introduces', 'This': a capital, then lowercase letters only (not 'LLMs', 'GPT-4o', 'Memory-Augmented')."""
    letters = word.rstrip(",;:")
    return len(letters) >= 2 and letters[0].isupper() and letters[1:].isalpha() and letters[1:].islower()


def _is_lowercase_word(word: str) -> bool:
    return word[:1].isalpha() and word[:1].islower()


def _description_start(text: str) -> int | None:
    """Index of the word where a run-on title's description starts, if the text shows one.

    A title is in title case; its description is a sentence. The description starts at the first
    capitalised word (not the title's first) whose next two words, skipping the small words a title
    leaves lowercase, are lowercase: "... in LLMs | Introduces a unified operating system",
    "... Workflow Graphs | This paper presents". A word right after a colon or dash opens a subtitle."""
    small = title_small_words()
    words = text.split(" ")
    for i in range(1, len(words)):
        if not _is_capitalised(words[i]) or words[i - 1].endswith((":", "-", "–", "—")) or words[i - 1] in {"-", "–", "—"}:
            continue
        following = [w for w in words[i + 1 : i + 8] if w.lower().strip(",;:") not in small][:2]
        if len(following) == 2 and all(_is_lowercase_word(w) for w in following):
            return i
    return None


def _split_run_on(text: str) -> tuple[str, str]:
    """(title, start of the description) of a numbered line; the description is empty for a plain title."""
    cut = _description_start(text) if (len(text) > MAX_TITLE_CHARS or text.endswith((".", ":")) or len(text.split()) > 8) else None
    if cut is None:
        return text, ""
    words = text.split(" ")
    return " ".join(words[:cut]), " ".join(words[cut:])


def _cut_long_title(title: str) -> tuple[str, str]:
    """A title with no visible end is cut at the last word boundary before MAX_TITLE_CHARS; the rest is body."""
    if len(title) <= MAX_TITLE_CHARS:
        return title, ""
    cut = title.rfind(" ", 0, MAX_TITLE_CHARS + 1)
    if cut <= 0:
        cut = MAX_TITLE_CHARS
    return title[:cut].rstrip(), title[cut:].strip()


def _looks_like_headline(line: str) -> bool:
    return 0 < len(line) <= 120 and not line.endswith((".", ":", ";", ",", "!")) and len(line.split()) <= 16


def _split_headlines(source_file: str, lines: list[str]) -> list[PaperItem]:
    """Unnumbered layout: a short headline line, then its paragraph(s)."""
    content = [line for line in lines if line]
    # Skip the newsletter header and its tagline.
    start = 0
    while start < len(content) and _is_header(content[start]):
        start += 1
        if start < len(content) and len(content[start]) < 100 and content[start].endswith("."):
            start += 1
    items: list[PaperItem] = []
    title: str | None = None
    body: list[str] = []
    for i in range(start, len(content)):
        line = content[i]
        following = content[i + 1] if i + 1 < len(content) else ""
        is_title = _looks_like_headline(line) and (not following or not _looks_like_headline(following))
        if is_title and (title is None or body):
            if title is not None:
                items.append(_make_item(source_file, len(items) + 1, title, body))
            title, body = line, []
        elif title is not None:
            body.append(line)
    if title is not None:
        items.append(_make_item(source_file, len(items) + 1, title, body))
    return items


def _split_blog(source_file: str, lines: list[str]) -> list[PaperItem]:
    """Blog layout: title, 'Name et al. [Affiliations]', a likes/tags line, sections."""
    author_rows = [i for i, line in enumerate(lines) if _AUTHORS.match(line)]
    title_rows = []
    for row in author_rows:
        prev = row - 1
        while prev >= 0 and not lines[prev]:
            prev -= 1
        title_rows.append(prev)
    items = []
    for n, (title_row, author_row) in enumerate(zip(title_rows, author_rows, strict=False)):
        end = title_rows[n + 1] if n + 1 < len(title_rows) else len(lines)
        body = [line for line in lines[author_row + 1 : end] if not _LIKES.match(line)]
        authors = _AUTHORS.match(lines[author_row])
        assert authors is not None  # author_rows holds the lines it matches
        affiliations = [a.strip() for a in authors.group("affiliations").split(",")]
        items.append(_make_item(source_file, n + 1, lines[title_row], body, [a for a in affiliations if a]))
    return items
