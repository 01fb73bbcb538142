"""What a translation must keep of its original: layout, numbers, glossary terms, Markdown.

The translator workflow: ``rulebook translate import`` refuses a catalog,
and ``rulebook check`` warns about stored translations, when any of these rules
is broken. Both work one *translatable unit* at a time, and both use the
functions here, so the two can never disagree.

Units
    :func:`split_markdown` cuts a Markdown body into units — paragraphs, list
    items, table cells, headings — and the *skeleton* between them (blank
    lines, list markers, indentation, table pipes and separator rows). Joining
    the skeleton with the units gives the text back exactly, so a translated
    body is rebuilt on the skeleton of its original and its block structure
    cannot drift. A unit never begins or ends with whitespace; a paragraph or
    list item continued on further lines keeps those lines, newlines included.

Numbers
    :func:`numbers_in` reads every number the way the text's language writes
    it (``2,5`` in German is ``2.5`` in English; ``1.000`` and ``1,000`` are
    both a thousand; Hungarian and Russian group thousands with spaces), and
    the original and the translation must hold the same numbers, compared as
    multisets (:class:`collections.Counter`): no number may be missing or new,
    and no occurrence may move from one number to another (``bis zu 4`` made
    ``bis zu 7`` where the text also has another ``4`` and a ``7``). A pure
    repetition is no change: a translation may repeat a number the original
    states once, as when it glosses a quoted card text, or state once what an
    English note repeats in a gloss of its quote. A dot sequence that is no number of the language (``8.1.1``,
    ``30.11.2012``) stays one token. Ranges (``7-10``) and dice (``1d10``) are
    their numbers; an ordinal's dot (``1941.``) is punctuation; a minus sign
    counts where it stands at the start of a word (``-1``, ``−1``), a plus
    sign changes no value (``+2`` is ``2``). Link targets
    are not text and are skipped.

Glossary
    A term is *used* by a text when one of the term's renderings in the text's
    language occurs in it (:func:`compile_glossary`): case-insensitively,
    treating ``ё`` as ``е``, starting at the beginning of a word, with any run
    of whitespace between the words of a multi-word rendering. A rendering
    matches whole words, except that a word ending in ``*`` is a stem and
    matches every word that begins with it. Stems are how Hungarian and
    Russian case endings are covered without listing each one (``akcióver*``
    matches ``akcióverem``, ``akcióvermet``, ``akcióveremben``; ``зенитн*
    оруди*`` matches ``зенитным орудием``), how German and Dutch compounds
    that begin with a term count as its use (``Stapel*``), and how separable
    verbs are written (``zieh* sich zurück``). A use that lies inside the use
    of a longer term (``снабжения`` inside ``источники снабжения``) counts
    only for the longer term. When the original uses a term, the translation
    must use one of the term's renderings in the target language.

Markdown
    Within a unit, the translation must keep the original's links with their
    targets, its strong and emphasis markers, its code spans, and (in table
    cells) its pipes; it must not open a block of its own (a blank line, a list
    marker, a heading or a quote at the start of a line). Across a body, the
    translation's skeleton must equal the original's.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from rulebook.content.model import Language, Term

__all__ = [
    "GlossaryTerm",
    "Layout",
    "UnitKind",
    "compare_layouts",
    "compile_glossary",
    "glossary_problems",
    "markdown_problems",
    "number_problems",
    "numbers_in",
    "split_markdown",
    "terms_used",
    "unit_problems",
]


class UnitKind(str, Enum):
    """What sort of block a translatable unit of a Markdown text is."""

    PARAGRAPH = "paragraph"
    LIST_ITEM = "list item"
    TABLE_CELL = "table cell"
    HEADING = "heading"


# ---------------------------------------------------------------- units


_TABLE_ROW = re.compile(r"^([ \t]*\|)(.*)$")
_SEPARATOR_CELL = re.compile(r"[ \t]*:?-+:?[ \t]*|[ \t]*")
_HEADING = re.compile(r"^( {0,3}#{1,6}[ \t]+)(.*?)((?:[ \t]+#+)?[ \t]*)$")
_LIST_ITEM = re.compile(r"^([ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)(\S.*)$")
_BLOCK_START = re.compile(r"^(?:[ \t]*\||[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S| {0,3}#{1,6}[ \t]|[ \t]*>)")
_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


@dataclass(frozen=True)
class Layout:
    """A Markdown text cut into translatable units and the literal skeleton around them.

    ``skeleton`` has one piece more than ``units``: the text is ``skeleton[0]
    + units[0] + skeleton[1] + … + units[-1] + skeleton[-1]``.

    >>> layout = split_markdown("Intro:\\n\\n- one\\n- two\\n")
    >>> layout.units
    ('Intro:', 'one', 'two')
    >>> layout.skeleton
    ('', '\\n\\n- ', '\\n- ', '\\n')
    >>> layout.join(["Einleitung:", "eins", "zwei"])
    'Einleitung:\\n\\n- eins\\n- zwei\\n'
    """

    skeleton: tuple[str, ...]
    units: tuple[str, ...]
    kinds: tuple[UnitKind, ...]

    def join(self, units: Sequence[str] | None = None) -> str:
        """The text with ``units`` (default: its own) laid out on this skeleton."""
        chosen = self.units if units is None else tuple(units)
        if len(chosen) != len(self.units):
            raise ValueError(f"the layout has {len(self.units)} units, got {len(chosen)}")
        pieces = [self.skeleton[0]]
        for unit, literal in zip(chosen, self.skeleton[1:], strict=True):
            pieces.append(unit)
            pieces.append(literal)
        return "".join(pieces)

    def describe(self) -> str:
        """The block structure in words, for error messages.

        >>> split_markdown("Text\\n\\n| a | b |\\n|---|---|\\n| 1 | 2 |\\n\\n- x").describe()
        '1 paragraph, 1 list item, 1 table (3 rows × 2 columns)'
        """
        counts = Counter(self.kinds)
        parts = [
            f"{counts[kind]} {kind.value}{'s' if counts[kind] != 1 else ''}"
            for kind in (UnitKind.HEADING, UnitKind.PARAGRAPH, UnitKind.LIST_ITEM)
            if counts[kind]
        ]
        tables = _table_shapes(self.join())
        if tables:
            shapes = ", ".join(
                f"{rows} row{'s' if rows != 1 else ''} × {columns} column{'s' if columns != 1 else ''}"
                for rows, columns in tables
            )
            parts.append(f"{len(tables)} table{'s' if len(tables) != 1 else ''} ({shapes})")
        return ", ".join(parts) or "no text"


def _table_shapes(text: str) -> list[tuple[int, int]]:
    """(rows, columns) of each table in ``text``; columns is the widest row."""
    shapes: list[tuple[int, int]] = []
    rows: list[int] = []
    for line in text.split("\n") + [""]:
        match = _TABLE_ROW.match(line)
        if match:
            cells = _UNESCAPED_PIPE.split(match.group(2))
            if cells and not cells[-1].strip():
                cells = cells[:-1]
            rows.append(len(cells))
        elif rows:
            shapes.append((len(rows), max(rows)))
            rows = []
    return shapes


def split_markdown(text: str) -> Layout:
    """Cut ``text`` into translatable units and the skeleton between them.

    The split is exact: ``split_markdown(text).join() == text`` for every text.

    >>> split_markdown("| Dobás | Eredmény |\\n|---|---|\\n| 1 | Pánik |").units
    ('Dobás', 'Eredmény', '1', 'Pánik')
    >>> split_markdown("1. Basiszone\\n\\n   (Karten)\\n").kinds
    (<UnitKind.LIST_ITEM: 'list item'>, <UnitKind.PARAGRAPH: 'paragraph'>)
    >>> split_markdown("zwei\\nZeilen  \\n").units
    ('zwei\\nZeilen',)
    """
    skeleton: list[str] = []
    units: list[str] = []
    kinds: list[UnitKind] = []
    literal: list[str] = []

    def emit(unit: str, kind: UnitKind) -> None:
        skeleton.append("".join(literal))
        literal.clear()
        units.append(unit)
        kinds.append(kind)

    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            pass_through = line
            literal.append(pass_through)
        elif (row := _TABLE_ROW.match(line)) is not None:
            literal.append(row.group(1))
            cells = _UNESCAPED_PIPE.split(row.group(2))
            separator = all(_SEPARATOR_CELL.fullmatch(cell) for cell in cells)
            for position, cell in enumerate(cells):
                if position:
                    literal.append("|")
                content = cell.strip()
                if separator or not content:
                    literal.append(cell)
                    continue
                literal.append(cell[: len(cell) - len(cell.lstrip())])
                emit(content, UnitKind.TABLE_CELL)
                literal.append(cell[len(cell.rstrip()) :])
        elif (heading := _HEADING.match(line)) is not None and heading.group(2).strip():
            literal.append(heading.group(1))
            emit(heading.group(2), UnitKind.HEADING)
            literal.append(heading.group(3))
        else:
            item = _LIST_ITEM.match(line)
            if item is not None:
                prefix, first, kind = item.group(1), item.group(2), UnitKind.LIST_ITEM
            else:
                first = line.lstrip()
                prefix, kind = line[: len(line) - len(first)], UnitKind.PARAGRAPH
            unit_lines = [first]
            while index + 1 < len(lines) and lines[index + 1].strip() and not _BLOCK_START.match(lines[index + 1]):
                index += 1
                unit_lines.append(lines[index])
            unit = "\n".join(unit_lines)
            content = unit.rstrip()
            literal.append(prefix)
            emit(content, kind)
            literal.append(unit[len(content) :])
        if index < len(lines) - 1:
            literal.append("\n")
        index += 1
    skeleton.append("".join(literal))
    return Layout(tuple(skeleton), tuple(units), tuple(kinds))


def compare_layouts(original: Layout, translation: Layout) -> str | None:
    """Why ``translation`` does not have the block structure of ``original``, or ``None``.

    >>> compare_layouts(split_markdown("a\\n\\n- b\\n- c"), split_markdown("A\\n\\n- B"))
    'the original has 1 paragraph, 2 list items; the translation has 1 paragraph, 1 list item'
    >>> compare_layouts(split_markdown("- a\\n- b"), split_markdown("* A\\n* B"))
    "the layout differs at unit 1: the original has '- ', the translation '* '"
    """
    if original.skeleton == translation.skeleton and original.kinds == translation.kinds:
        return None
    if original.kinds != translation.kinds or len(original.skeleton) != len(translation.skeleton):
        described = (original.describe(), translation.describe())
        if described[0] == described[1]:
            return f"the blocks are in a different order: {described[0]}"
        return f"the original has {described[0]}; the translation has {described[1]}"
    for position, (ours, theirs) in enumerate(zip(original.skeleton, translation.skeleton, strict=True)):
        if ours != theirs:
            where = f"unit {position + 1}" if position < len(original.units) else "the end"
            return f"the layout differs at {where}: the original has {ours!r}, the translation {theirs!r}"
    return None  # pragma: no cover - kinds and skeleton equal means equal layouts


# ---------------------------------------------------------------- numbers


_DECIMAL_SEPARATOR = {Language.EN: "."}
"""The decimal separator where it is not the comma."""
_GROUP_SEPARATORS = {
    Language.EN: ",",
    Language.DE: ".",
    Language.NL: ".",
    Language.HU: " \u00a0\u202f.",
    Language.RU: " \u00a0\u202f",
}
"""Characters that group thousands in each language."""
_SPACES = " \u00a0\u202f"
_NUMBER = re.compile(
    r"(?:(?:^|(?<=[\s(\[/]))(?P<sign>[+\-\u2212]))?(?<!\d)(?P<digits>\d+(?:[.,]\d+|[ \u00a0\u202f]\d{3}(?!\d))*)"
)
_LINK_TARGET = re.compile(r"\]\([^)\s]*\)")


def _canonical_number(token: str, lang: Language) -> list[str]:
    """The canonical spellings of one numeric token (several when spaces did not group thousands)."""
    groups = _GROUP_SEPARATORS[lang]
    decimal = _DECIMAL_SEPARATOR.get(lang, ",")
    parts = re.split(r"([.,\s\u00a0\u202f])", token)
    digits, separators = parts[0::2], parts[1::2]
    if any(sep in _SPACES and sep not in groups for sep in separators):
        # A space that does not group thousands in this language separates two numbers.
        pieces = re.split(r"[\s\u00a0\u202f]", token)
        return [number for piece in pieces for number in _canonical_number(piece, lang)]
    fraction = ""
    if separators and separators[-1] == decimal:
        fraction = digits[-1]
        digits, separators = digits[:-1], separators[:-1]
    grouped = (
        bool(separators)
        and all(sep in groups for sep in separators)
        and len(set(separators)) == 1
        and 1 <= len(digits[0]) <= 3
        and all(len(group) == 3 for group in digits[1:])
    )
    if grouped or not separators:
        integer = "".join(digits)
        return [f"{integer}.{fraction}" if fraction else integer]
    return [".".join(parts[0::2])]


def numbers_in(text: str, lang: Language | str) -> Counter[str]:
    """Every number of ``text``, spelled canonically, with how often it occurs.

    >>> numbers_in("2,5 HPP; 1.000 Punkte; Abschnitt 8.1.1", "de") == numbers_in(
    ...     "2.5 HPP; 1,000 points; section 8.1.1", "en")
    True
    >>> sorted(numbers_in("1941. június, 7-10 hexa, 1d10, 2 500 HPP", "hu").elements())
    ['1', '10', '10', '1941', '2500', '7']
    >>> sorted(numbers_in("-1 auf den Wurf, [Abschnitt](ref:us.10-2-1)", "de").elements())
    ['-1']
    """
    language = Language(lang)
    found: Counter[str] = Counter()
    for match in _NUMBER.finditer(_LINK_TARGET.sub("]()", text)):
        sign = "-" if match.group("sign") in ("-", "\u2212") else ""
        for number in _canonical_number(match.group("digits"), language):
            found[sign + number] += 1
            sign = ""
    return found


def number_problems(original: str, original_lang: Language | str, translation: str, lang: Language | str) -> list[str]:
    """What is wrong with the numbers of ``translation`` (empty when they match).

    The numbers are compared as multisets (see the module docstring): a number
    missing or new is wrong, and so is a shift of occurrences from one number
    to another — one number fewer times than in the original while another is
    there more often — which is what replacing one of two equal numbers does.

    >>> number_problems("Kostet 5 HPP.", "de", "Costs 3 HPP.", "en")
    ['number 5 of the original is missing from the translation', 'number 3 is only in the translation']
    >>> number_problems("2,5 Felder", "de", "2.5 hexes", "en")
    []
    >>> number_problems("bis zu 4 Einheiten, 7 Felder weit; 4 TW", "de",
    ...                 "up to 7 units, 7 hexes away; 4 TW", "en")  # doctest: +NORMALIZE_WHITESPACE
    ['a number was changed: the original has 4 twice and 7 once, the translation 4 once and 7 twice']
    >>> number_problems("Die 227-Pfund Bombe", "de", "The 227-Pfund Bombe (227-pound bomb)", "en")
    []
    """
    expected = numbers_in(original, original_lang)
    found = numbers_in(translation, lang)
    problems = []
    missing, extra = sorted(set(expected) - set(found)), sorted(set(found) - set(expected))
    if missing:
        plural = len(missing) > 1
        problems.append(
            f"number{'s' if plural else ''} {', '.join(missing)} of the original {'are' if plural else 'is'} missing "
            "from the translation"
        )
    if extra:
        plural = len(extra) > 1
        problems.append(
            f"number{'s' if plural else ''} {', '.join(extra)} {'are' if plural else 'is'} only in the translation"
        )
    fewer = sorted(number for number in expected if 0 < found[number] < expected[number])
    more = sorted(number for number in expected if found[number] > expected[number])
    if fewer and more:
        shifted = [*fewer, *more]
        problems.append(
            "a number was changed: the original has "
            + " and ".join(f"{number} {_times(expected[number])}" for number in sorted(shifted))
            + ", the translation "
            + " and ".join(f"{number} {_times(found[number])}" for number in sorted(shifted))
        )
    return problems


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


# ---------------------------------------------------------------- glossary


def _fold(text: str) -> str:
    """Text as glossary matching sees it: NFC, ``ё`` read as ``е``."""
    return unicodedata.normalize("NFC", text).replace("ё", "е").replace("Ё", "Е")


def _variant_pattern(variant: str) -> str:
    words = [
        re.escape(word[:-1]) + r"\w*" if word.endswith("*") else re.escape(word) + r"(?!\w)"
        for word in _fold(variant).split()
    ]
    return r"(?<!\w)" + r"\s+".join(words)


@dataclass(frozen=True)
class GlossaryTerm:
    """A glossary term ready for matching: one pattern per language over all its renderings.

    >>> from rulebook.content.model import TermRendering
    >>> term = Term(id="aktionsstapel", games=["hell-of-a-war"], rendering={
    ...     "de": TermRendering(text="Aktionsstapel", forms=["Aktionsstapeln"]),
    ...     "hu": TermRendering(text="akcióverem", forms=["akcióver*"]),
    ...     "en": TermRendering(text="action stack", forms=["action stacks"]),
    ...     "ru": TermRendering(text="стек действий"), "nl": TermRendering(text="actiestapel")})
    >>> [glossary] = compile_glossary([term])
    >>> glossary.find("Im AKTIONSSTAPELN liegen", "de"), glossary.find("az akcióvermet", "hu")
    ('AKTIONSSTAPELN', 'akcióvermet')
    >>> glossary.find("Aktionsstapelregel", "de") is None, glossary.find("two action\\nstacks", "en")
    (True, 'action\\nstacks')
    """

    term_id: str
    games: frozenset[str]
    renderings: dict[Language, tuple[str, ...]]
    patterns: dict[Language, re.Pattern[str]]

    def find(self, text: str, lang: Language | str) -> str | None:
        """The first use of the term in ``text`` (written in ``lang``), or ``None``."""
        match = self.patterns[Language(lang)].search(_fold(text))
        return None if match is None else match.group(0)

    def spans(self, text: str, lang: Language | str) -> list[tuple[int, int]]:
        """Where the term is used in ``text``, as (start, end) offsets."""
        pattern = self.patterns.get(Language(lang))
        return [] if pattern is None else [match.span() for match in pattern.finditer(_fold(text))]


def compile_glossary(terms: Iterable[Term]) -> tuple[GlossaryTerm, ...]:
    """Matching patterns for every term, in the order given."""
    compiled = []
    for term in terms:
        renderings = {lang: (rendering.text, *rendering.forms) for lang, rendering in term.rendering.items()}
        # Longest variant first, so the match reported is the fullest one.
        patterns = {
            lang: re.compile(
                "|".join(_variant_pattern(v) for v in sorted(variants, key=len, reverse=True)), re.IGNORECASE
            )
            for lang, variants in renderings.items()
        }
        compiled.append(GlossaryTerm(term.id, frozenset(term.games), renderings, patterns))
    return tuple(compiled)


def terms_used(
    original: str,
    original_lang: Language | str,
    glossary: Iterable[GlossaryTerm],
    target_lang: Language | str | None = None,
) -> list[tuple[GlossaryTerm, str]]:
    """The terms ``original`` uses, each once with its first use, in order of appearance.

    A use inside the use of a longer term counts only for the longer one. With
    ``target_lang``, only terms that have a rendering in that language.
    """
    source_lang = Language(original_lang)
    folded = _fold(original)
    uses = [
        (term, span)
        for term in glossary
        if target_lang is None or Language(target_lang) in term.patterns
        for span in term.spans(original, source_lang)
    ]
    found: dict[str, tuple[int, GlossaryTerm, str]] = {}
    for term, (start, end) in uses:
        inside_longer = any(
            other is not term
            and other_start <= start
            and end <= other_end
            and (other_end - other_start) > (end - start)
            for other, (other_start, other_end) in uses
        )
        if inside_longer or term.term_id in found:
            continue
        found[term.term_id] = (start, term, (original if len(original) == len(folded) else folded)[start:end])
    return [(term, used) for _start, term, used in sorted(found.values(), key=lambda item: item[0])]


def glossary_problems(
    original: str,
    original_lang: Language | str,
    translation: str,
    lang: Language | str,
    glossary: Iterable[GlossaryTerm],
    allowed: Collection[str] = (),
) -> list[str]:
    """Terms the original uses whose rendering the translation lacks (empty when none).

    ``allowed`` holds the ids of terms a translator declared false hits for this
    text (``term_ok`` in the content, ``# rulebook-term-ok:`` in a catalog).

    >>> from rulebook.content.model import TermRendering
    >>> term = Term(id="tw", games=["hell-of-a-war"], rendering={
    ...     language: TermRendering(text=text, forms=["TW"]) for language, text in
    ...     [("de", "Technologiewert"), ("en", "technology value"), ("hu", "technológiai érték"),
    ...      ("ru", "технологическое очко"), ("nl", "technologiewaarde")]})
    >>> glossary_problems(
    ...     "Er hat genug TW.", "de", "He has enough points.", "en", compile_glossary([term])
    ... )  # doctest: +NORMALIZE_WHITESPACE
    ["the original uses glossary term 'tw' ('TW') but the translation has none of its en renderings:
      'technology value', 'TW'"]
    """
    target_lang = Language(lang)
    problems = []
    for term, used in terms_used(original, original_lang, glossary, target_lang):
        if term.term_id in allowed:
            continue
        if term.find(translation, target_lang) is None:
            wanted = ", ".join(repr(variant) for variant in term.renderings[target_lang])
            problems.append(
                f"the original uses glossary term {term.term_id!r} ({used!r}) but the translation has none of its "
                f"{target_lang.value} renderings: {wanted}"
            )
    return problems


# ---------------------------------------------------------------- markdown


_LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]*)\)")
_CODE_SPAN = re.compile(r"(?<!\\)`+")
_DELIMITER_RUN = re.compile(r"(?<!\\)(?:\*+|_+)")


def _emphasis_runs(text: str) -> tuple[int, int]:
    """(strong, emphasis) delimiter runs of ``text``, as CommonMark would read them.

    A run of ``*`` or ``_`` counts when it touches text on at least one side;
    an underscore between two letters (``foo_bar``) is part of the word.
    """
    strong = emphasis = 0
    for match in _DELIMITER_RUN.finditer(text):
        run = match.group(0)
        before = text[match.start() - 1] if match.start() else " "
        after = text[match.end()] if match.end() < len(text) else " "
        if before.isspace() and after.isspace():
            continue
        if run[0] == "_" and before.isalnum() and after.isalnum():
            continue
        strong += len(run) // 2
        emphasis += len(run) % 2
    return strong, emphasis


def _inline_signature(text: str) -> dict[str, object]:
    strong, emphasis = _emphasis_runs(re.sub(r"`[^`]*`", "", _LINK_TARGET.sub("]()", text)))
    return {
        "links": sorted(_LINK.findall(text)),
        "strong": strong,
        "emphasis": emphasis,
        "code": len(_CODE_SPAN.findall(text)),
    }


def _block_markers(text: str) -> list[str]:
    """Block syntax a unit would open: blank lines and markers at the start of a line."""
    markers = []
    for line in text.split("\n"):
        if not line.strip():
            markers.append("a blank line")
        elif _BLOCK_START.match(line):
            markers.append(repr(line.split()[0]))
    return markers


def markdown_problems(original: str, translation: str, kind: UnitKind | None = None) -> list[str]:
    """How the inline Markdown of ``translation`` differs from ``original`` (empty when it matches).

    ``kind`` is the unit's block kind; ``None`` for plain-text fields (titles),
    where only a line break is wrong: Markdown is not rendered there.

    >>> markdown_problems("Siehe [Sabotage](ref:how.sabotage) und **nie**.",  # doctest: +NORMALIZE_WHITESPACE
    ...                   "See [sabotage](ref:how.sabotge) and never.", UnitKind.PARAGRAPH)
    ["links differ: the original links to ['ref:how.sabotage'], the translation to ['ref:how.sabotge']",
     'strong emphasis differs: the original has 2 ** markers, the translation 0']
    >>> markdown_problems("Eins", "One\\n\\n- two", UnitKind.PARAGRAPH)
    ["the translation opens blocks the original does not have: a blank line, '-'"]
    """
    if kind is None:
        return (
            ["the translation has a line break the original does not have"]
            if "\n" in translation and "\n" not in original
            else []
        )
    problems = []
    ours, theirs = _inline_signature(original), _inline_signature(translation)
    if ours["links"] != theirs["links"]:
        problems.append(f"links differ: the original links to {ours['links']}, the translation to {theirs['links']}")
    if ours["strong"] != theirs["strong"]:
        problems.append(
            f"strong emphasis differs: the original has {ours['strong']} ** markers, the translation {theirs['strong']}"
        )
    if ours["emphasis"] != theirs["emphasis"]:
        problems.append(
            f"emphasis differs: the original has {ours['emphasis']} * or _ markers, the translation "
            f"{theirs['emphasis']}"
        )
    if ours["code"] != theirs["code"]:
        problems.append(
            f"code spans differ: the original has {ours['code']} backtick runs, the translation {theirs['code']}"
        )
    allowed = Counter(_block_markers(original))
    opened = []
    for marker in _block_markers(translation):
        if allowed[marker]:
            allowed[marker] -= 1
        else:
            opened.append(marker)
    if opened:
        problems.append(f"the translation opens blocks the original does not have: {', '.join(opened)}")
    if kind is UnitKind.TABLE_CELL:
        pipes = (len(_UNESCAPED_PIPE.findall(original)), len(_UNESCAPED_PIPE.findall(translation)))
        if pipes[0] != pipes[1]:
            problems.append(
                f"the table cell has {pipes[1]} unescaped '|' (the original {pipes[0]}); escape it as '\\|'"
            )
    return problems


def unit_problems(
    original: str,
    original_lang: Language | str,
    translation: str,
    lang: Language | str,
    glossary: Iterable[GlossaryTerm],
    kind: UnitKind | None = None,
    allowed_terms: Collection[str] = (),
) -> list[str]:
    """Every number, glossary and Markdown problem of one translated unit."""
    return [
        *number_problems(original, original_lang, translation, lang),
        *glossary_problems(original, original_lang, translation, lang, glossary, allowed_terms),
        *markdown_problems(original, translation, kind),
    ]
