"""Importing a translated PO catalog into the content, and reviewing a translation.

``rulebook translate import FILE`` and ``rulebook translate review
ENTRY --lang xx``; the catalogs come from :mod:`rulebook.translation.catalog`, the rules
a translation must keep from :mod:`rulebook.translation.checks`.

Import
    A catalog is checked completely before anything is written, and refused
    with every problem listed (:class:`rulebook.errors.TranslationError`) when
    it is not valid gettext (:mod:`rulebook.translation.syntax`: an
    unterminated string, a syntax error, a duplicate ``msgctxt``), when it is
    a catalog for another language (the export record of a message names
    another language than the ``Language`` header, or ``expected_lang``
    differs), when a message is *stale* — its stored translation changed
    after the export (the record's translation digest differs) and the
    message would overwrite it; only this refusal yields to ``force``, which
    lists what it overwrote — when a ``msgctxt`` is unknown, a ``msgid`` no longer matches the current
    original, a body is only partly translated, or a changed, non-fuzzy
    message breaks a rule of :mod:`rulebook.translation.checks` (numbers,
    glossary terms, Markdown). A ``# rulebook-term-ok: <term ids>`` translator
    comment (or ``#, rulebook-term-ok: <term id>`` flag) exempts the message
    from those terms and is recorded as the entry translation's ``term_ok``.
    Only messages that change something are checked:
    translations already stored are ``rulebook check``'s business. An empty
    ``msgstr`` or a missing message keeps what is stored (import never deletes).
    A changed entry translation is written with status ``draft`` — marking it
    reviewed is the separate, explicit ``review`` command — and the current
    digest, unless one of its messages is still fuzzy: then it keeps its old
    digest and so stays outdated. The ``Last-Translator`` header, when filled
    in, is recorded as ``translator``. Files are edited with ruamel.yaml in
    round-trip mode, so everything not changed keeps its formatting and
    comments, and all files are replaced together once every one is ready
    (:func:`rulebook.content.yamlio.write_all_atomic`). Files nothing changes in are
    not touched, so importing an unedited export leaves ``content/``
    byte-identical.

Review
    ``review`` marks one translation ``reviewed`` and records the digest of the
    current original, after holding it to the same rules against that original.
    It records who reviewed (``reviewer``) and when (``reviewed_on``), and
    refuses originals and missing translations; a title-only translation is
    reviewed as its title (so an outdated heading can be cleared).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import LiteralScalarString

from rulebook.content.model import Language, Provenance, TranslationMethod, TranslationStatus
from rulebook.content.other_texts import GAME_PREFIX, SOURCE_PREFIX, OtherText, corpus_other_texts
from rulebook.content.yamlio import load_yaml_text, round_trip_yaml, write_all_atomic
from rulebook.errors import Problem, TranslationError
from rulebook.translation.catalog import (
    TERM_OK_MARKER,
    Content,
    ExportRecord,
    Unit,
    catalog_units,
    check_unit,
    entry_units,
    read_export_record,
    unit_digest,
)
from rulebook.translation.checks import GlossaryTerm, compile_glossary, split_markdown
from rulebook.translation.syntax import syntax_problems

__all__ = ["ImportSummary", "import_catalog", "review_translation"]

_PLACEHOLDER_TRANSLATOR = "FULL NAME <EMAIL@ADDRESS>"
"""What Babel writes for an unknown translator; never recorded as a name."""


@dataclass(frozen=True)
class ImportSummary:
    """What an import wrote."""

    lang: Language
    messages: int
    """Translated messages read from the catalog."""
    changed: tuple[str, ...]
    """The fields written, as ``<id>|<field>`` (entry translations as ``<id>|text``)."""
    files: tuple[Path, ...]
    """The content files replaced."""
    overwritten: tuple[str, ...] = ()
    """With ``force``: the messages whose newer stored translation the catalog replaced, with that text."""


@dataclass(frozen=True)
class _Incoming:
    text: str
    fuzzy: bool
    line: int | None
    term_ok: frozenset[str] = frozenset()


def _declared_terms(message: Message) -> set[str]:
    """Term ids of ``# rulebook-term-ok: a, b`` translator comments and ``#, rulebook-term-ok: a`` flags."""
    declared: set[str] = set()
    for text in (*message.user_comments, *message.flags):
        if text.strip().startswith(TERM_OK_MARKER):
            declared.update(part.strip() for part in text.strip()[len(TERM_OK_MARKER) :].split(",") if part.strip())
    return declared


def _target(unit: Unit) -> tuple[str, str]:
    """The field a unit is written back into, together with the other units of that field."""
    name = unit.field.split("#", 1)[0]
    if unit.owner == "entry" and name in ("title", "body"):
        return unit.item_id, "text"
    if name in ("notes", "assumptions"):
        return unit.item_id, unit.field
    return unit.item_id, name


MAX_CATALOG_BYTES = 50_000_000
"""Bytes of a PO catalog to import: all of one language's content is a few megabytes; the file is read
up to this size and no further (``/dev/zero`` is refused, not read)."""


def _read_catalog(path: Path, problems: list[Problem]) -> Catalog | None:
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_CATALOG_BYTES + 1)
    except OSError as error:
        problems.append(Problem(str(path), None, None, f"cannot read the catalog: {error.strerror}"))
        return None
    if len(data) > MAX_CATALOG_BYTES:
        problems.append(
            Problem(
                str(path),
                None,
                None,
                f"the catalog is larger than {MAX_CATALOG_BYTES} bytes, the limit; "
                "check that this is a catalog exported by `rulebook translate export`",
            )
        )
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        problems.append(Problem(str(path), None, None, "not UTF-8; save the catalog as UTF-8", line))
        return None
    syntax = syntax_problems(text)
    problems.extend(Problem(str(path), None, None, message, line) for line, message in syntax)
    if syntax:
        return None
    try:
        return read_po(io.BytesIO(data), ignore_obsolete=True, abort_invalid=True)
    except Exception as error:  # Babel raises PoFileError and others for a malformed file.
        problems.append(Problem(str(path), None, None, f"not a valid PO file: {error}"))
    return None


def _catalog_language(catalog: Catalog, path: Path, problems: list[Problem]) -> Language | None:
    code = catalog.locale.language if catalog.locale is not None else None
    try:
        return Language(code)
    except ValueError:
        expected = ", ".join(lang.value for lang in Language)
        problems.append(
            Problem(
                str(path), None, "Language", f"the catalog's Language header must be one of {expected} (got {code!r})"
            )
        )
        return None


def _translator(catalog: Catalog) -> str | None:
    name = (catalog.last_translator or "").strip()
    return None if not name or name == _PLACEHOLDER_TRANSLATOR else name


def _scalar(text: str) -> Any:
    return LiteralScalarString(text) if "\n" in text else text


def _put(mapping: CommentedMap, key: str, value: Any, after: str | None = None) -> None:
    """Set ``mapping[key]`` only when it differs, so an unchanged value keeps its YAML style."""
    if key in mapping:
        if mapping[key] != value:
            mapping[key] = _scalar(value) if isinstance(value, str) else value
    elif after is not None and after in mapping:
        mapping.insert(list(mapping).index(after) + 1, key, _scalar(value) if isinstance(value, str) else value)
    else:
        mapping[key] = _scalar(value) if isinstance(value, str) else value


def _language_map(data: CommentedMap, key: str) -> CommentedMap:
    if key not in data or data[key] is None:
        data[key] = CommentedMap()
    mapping: CommentedMap = data[key]
    return mapping


_Edit = Callable[[CommentedMap], None]
"""A change to one content file's round-trip YAML."""


@dataclass
class _Plan:
    """Edits to make, per content file, once every check has passed."""

    edits: dict[Path, list[_Edit]] = field(default_factory=dict)
    changed: list[str] = field(default_factory=list)

    def add(self, path: Path, label: str, edit: _Edit) -> None:
        self.edits.setdefault(path, []).append(edit)
        self.changed.append(label)


def _plan_entry_text(
    content: Content,
    units: list[Unit],
    incoming: dict[str, _Incoming],
    lang: Language,
    translator: str | None,
    plan: _Plan,
    problems: list[Problem],
    po_name: str,
    made: Provenance | None = None,
) -> None:
    entry = content.corpus.entry(units[0].item_id)
    final = [incoming[u.context].text if u.context in incoming else u.translation or None for u in units]
    title, body_units = final[0], final[1:]
    line = next((incoming[u.context].line for u in units if u.context in incoming), None)
    if title is None:
        problems.append(
            Problem(
                po_name,
                f"{entry.id}|title",
                None,
                "the entry has no title in this language; translate its title too",
                line,
            )
        )
        return
    body: str | None = None
    missing = [u.field for u, text in zip(units[1:], body_units, strict=True) if text is None]
    if body_units and len(missing) < len(body_units):
        if missing:
            problems.append(
                Problem(
                    po_name,
                    f"{entry.id}|body",
                    None,
                    f"the body is only partly translated: {', '.join(missing)} have no translation; translate every "
                    "unit of it or none",
                    line,
                )
            )
            return
        body = split_markdown(entry.original.body).join([text for text in body_units if text is not None])
    still_fuzzy = any(incoming[u.context].fuzzy if u.context in incoming else u.fuzzy for u in units)
    stored = entry.text.get(lang)
    digest = entry.current_digest()
    if still_fuzzy and stored is not None and stored.source_digest is not None:
        digest = stored.source_digest
    term_ok = sorted(_term_ok(units, incoming))
    # A translation whose words change is a new translation: it says how it was made. An unchanged
    # one keeps the provenance it has (an import must not turn an assisted draft into a hand-made one).
    words_changed = stored is None or stored.title != title or (body is not None and stored.body != body)
    provenance = None
    if made is not None and words_changed:
        provenance = made.model_copy(update={"translated_from": entry.lang})

    def edit(data: CommentedMap) -> None:
        versions = _language_map(data, "text")
        if lang.value not in versions:
            versions[lang.value] = CommentedMap()
        version: CommentedMap = versions[lang.value]
        _put(version, "title", title)
        if body is not None:
            _put(version, "body", body, after="title")
        _put(version, "status", TranslationStatus.DRAFT.value, after="body" if "body" in version else "title")
        _put(version, "source_digest", digest, after="status")
        if translator is not None:
            _put(version, "translator", translator, after="source_digest")
        if provenance is not None:
            record = CommentedMap(translated_from=provenance.translated_from.value, method=provenance.method.value)
            if provenance.consulted:
                record["consulted"] = CommentedSeq(code.value for code in provenance.consulted)
                record["consulted"].fa.set_flow_style()
            if provenance.by:
                record["by"] = provenance.by
            _put(version, "provenance", record, after="translator" if "translator" in version else "source_digest")
        if term_ok:
            if list(version.get("term_ok") or []) != term_ok:
                version["term_ok"] = CommentedSeq(term_ok)
        elif "term_ok" in version:
            del version["term_ok"]

    plan.add(units[0].file, f"{entry.id}|text", edit)


def _other_text(content: Content, item_id: str, field_name: str) -> OtherText:
    """The text around the rules that the messages of ``item_id|field_name`` translate."""
    return next(
        text for text in corpus_other_texts(content.corpus) if text.item_id == item_id and text.field == field_name
    )


def _item_map(data: Any, item_id: str) -> CommentedMap:
    """The YAML mapping of ``item_id``: the file itself, or its item of ``games.yaml``/``sources.yaml``."""
    if item_id.startswith((GAME_PREFIX, SOURCE_PREFIX)):
        wanted = item_id.split(":", 1)[1]
        found: CommentedMap = next(item for item in data if item["id"] == wanted)
        return found
    mapping: CommentedMap = data
    return mapping


def _plan_other(
    unit_group: list[Unit],
    incoming: dict[str, _Incoming],
    lang: Language,
    plan: _Plan,
    problems: list[Problem],
    po_name: str,
    content: Content,
) -> None:
    first = unit_group[0]
    item_id, name = first.item_id, first.field.split("#", 1)[0]
    final = [incoming[u.context].text if u.context in incoming else u.translation or None for u in unit_group]
    line = next((incoming[u.context].line for u in unit_group if u.context in incoming), None)
    if any(text is None for text in final):
        missing = ", ".join(u.field for u, text in zip(unit_group, final, strict=True) if text is None)
        problems.append(
            Problem(
                po_name,
                f"{item_id}|{name}",
                None,
                f"only partly translated: {missing} have no translation; translate every unit of it or none",
                line,
            )
        )
        return
    texts = [text for text in final if text is not None]
    field_name = first.field if name in ("notes", "assumptions") else name
    label = f"{item_id}|{field_name}"

    if name == "rendering":
        lines = [line_text.strip() for line_text in texts[0].split("\n") if line_text.strip()]

        def edit(data: CommentedMap) -> None:
            renderings = _language_map(data, "rendering")
            if lang.value not in renderings:
                renderings[lang.value] = CommentedMap()
            rendering: CommentedMap = renderings[lang.value]
            _put(rendering, "text", lines[0])
            if lines[1:]:
                if list(rendering.get("forms") or []) != lines[1:]:
                    rendering["forms"] = CommentedSeq(lines[1:])
            elif "forms" in rendering:
                del rendering["forms"]
    else:
        other = _other_text(content, item_id, field_name)
        value = split_markdown(other.original).join(texts) if name == "quote" else texts[0]
        still_fuzzy = any(incoming[u.context].fuzzy if u.context in incoming else u.fuzzy for u in unit_group)
        # A translation still marked fuzzy keeps the digest it had, so it stays outdated until confirmed.
        digest = other.made_from.get(lang) if still_fuzzy else other.digest

        def edit(data: CommentedMap) -> None:
            item = _item_map(data, item_id)
            if name == "notes":
                _put(_language_map(item["notes"][int(first.field.split("#")[1]) - 1], "text"), lang.value, value)
            elif name == "assumptions":
                _put(item["assumptions"][int(first.field.split("#")[1]) - 1], lang.value, value)
            else:
                _put(_language_map(item, name), lang.value, value)
            if digest is not None:
                records = _language_map(item, "made_from")
                if lang.value not in records:
                    records[lang.value] = CommentedMap()
                    records[lang.value].fa.set_flow_style()
                _put(records[lang.value], other.field, digest)

    plan.add(first.file, label, edit)


def import_catalog(
    content: Content,
    catalog_path: Path,
    dry_run: bool = False,
    force: bool = False,
    expected_lang: Language | str | None = None,
    method: TranslationMethod = TranslationMethod.BY_HAND,
    consulted: Sequence[Language] = (),
) -> ImportSummary:
    """Write the translations of the PO file at ``catalog_path`` into the content.

    Raises :class:`TranslationError` listing every problem, having written
    nothing, when the catalog breaks any rule of the module docstring.
    ``force`` overwrites translations that changed since the export (and only
    those); ``expected_lang`` refuses a catalog for another language.
    """
    po_name = str(catalog_path)
    catalog, lang = _open_catalog(catalog_path, expected_lang)
    units = catalog_units(content, lang)
    problems: list[Problem] = []
    messages = _read_messages(catalog, lang, units, compile_glossary(content.corpus.terms), po_name, problems)
    translator = _translator(catalog)
    # translated_from is each entry's original language (the msgids are the originals); filled in per entry.
    made = Provenance(
        translated_from=Language.EN,
        method=method,
        consulted=[code for code in consulted if code is not lang],
        by=translator,
    )
    plan = _plan_edits(content, units, messages.incoming, lang, translator, made, problems, po_name)
    if not force:
        problems.extend(messages.stale)
    if problems:
        raise TranslationError(f"import of {po_name}", problems)

    written = _apply(plan.edits, dry_run)
    return ImportSummary(lang, len(messages.incoming), tuple(plan.changed), tuple(written), tuple(messages.overwritten))


def _open_catalog(catalog_path: Path, expected_lang: Language | str | None) -> tuple[Catalog, Language]:
    """The PO file read, with the language its header names; raises :class:`TranslationError` if it cannot be."""
    problems: list[Problem] = []
    po_name = str(catalog_path)
    catalog = _read_catalog(catalog_path, problems)
    lang = _catalog_language(catalog, catalog_path, problems) if catalog is not None else None
    if lang is not None and expected_lang is not None and lang is not Language(expected_lang):
        problems.append(
            Problem(
                po_name,
                None,
                "Language",
                f"this is a catalog for {lang.value}, not {Language(expected_lang).value}; import the right file",
            )
        )
    if catalog is None or lang is None or problems:
        raise TranslationError(f"import of {po_name}", problems)
    return catalog, lang


@dataclass
class _Messages:
    """The catalog's messages read against the content: the translations, and those older than the content."""

    incoming: dict[str, _Incoming] = field(default_factory=dict)
    """Each non-empty translation by its unit's context."""
    stale: list[Problem] = field(default_factory=list)
    """Translations that would overwrite a stored one changed since the export (refused unless forced)."""
    overwritten: list[str] = field(default_factory=list)
    """The stored translations those would overwrite, by message."""


def _read_messages(
    catalog: Catalog,
    lang: Language,
    units: Sequence[Unit],
    glossary: Sequence[GlossaryTerm],
    po_name: str,
    problems: list[Problem],
) -> _Messages:
    """Check each message of ``catalog`` against the unit it translates; its problems go to ``problems``."""
    by_context = {unit.context: unit for unit in units}
    known_terms = {term.term_id for term in glossary}
    read = _Messages()
    for message in catalog:
        if not message.id:
            continue
        where = message.context or "(no msgctxt)"
        record = read_export_record(message.auto_comments)
        unit = by_context.get(message.context or "")
        refusal = _refusal(message, record, unit, lang)
        if refusal is not None:
            problems.append(Problem(po_name, where, None, refusal, message.lineno))
            continue
        assert unit is not None and isinstance(message.string, str)  # else refused
        text = message.string.strip()
        declared = _declared_terms(message)
        for problem in _declaration_problems(declared, known_terms, unit):
            problems.append(Problem(po_name, where, None, problem, message.lineno))
        if not text:
            continue
        read.incoming[unit.context] = _Incoming(text, message.fuzzy, message.lineno, frozenset(declared))
        if text != unit.translation and (record is None or record.translation != unit_digest(unit.translation)):
            why = (
                "carries no rulebook-export comment, so it cannot be told whether it is older than the content"
                if record is None
                else "was exported before the stored translation last changed"
            )
            read.stale.append(
                Problem(
                    po_name,
                    where,
                    None,
                    f"this message {why}; importing it would overwrite the stored translation "
                    f"{unit.translation or '(none)'!r}. Export a fresh catalog and carry your work over (msgmerge), "
                    "or import with --force to overwrite",
                    message.lineno,
                )
            )
            read.overwritten.append(f"{where}: the stored translation {unit.translation or '(none)'!r}")
        changes = text != unit.translation or message.fuzzy != unit.fuzzy
        if changes and not message.fuzzy:
            for problem in check_unit(unit, text, lang, glossary, declared):
                problems.append(Problem(po_name, where, None, problem, message.lineno))
    return read


def _refusal(message: Message, record: ExportRecord | None, unit: Unit | None, lang: Language) -> str | None:
    """Why ``message`` cannot be imported at all (exported for another language, unknown, plural, outdated), if so."""
    if record is not None and record.lang is not lang:
        return (
            f"this message was exported for {record.lang.value} but the catalog's Language header says "
            f"{lang.value}; import the catalog as exported, or export one for {lang.value}"
        )
    if unit is None:
        return (
            f"unknown msgctxt: there is no such entry and field to translate into {lang.value}; export a fresh catalog"
        )
    if not isinstance(message.id, str) or not isinstance(message.string, str):
        return "plural messages are not used by the content; remove msgid_plural"
    if message.id != unit.original:
        return (
            "the original changed since this catalog was exported (its msgid is not the current text); "
            "export a fresh catalog and merge your work into it with msgmerge"
        )
    return None


def _declaration_problems(declared: set[str], known_terms: set[str], unit: Unit) -> list[str]:
    """What is wrong with a message's false-hit declarations: unknown terms, or a unit that takes none."""
    found = []
    unknown = sorted(declared - known_terms)
    if unknown:
        found.append(
            f"{TERM_OK_MARKER} names unknown glossary terms {', '.join(unknown)}; use the term ids that the "
            "message's 'Glossary term' comments show"
        )
    if declared and unit.owner != "entry":
        found.append(f"{TERM_OK_MARKER} is recorded for entry titles and bodies only; remove it here")
    return found


def _plan_edits(
    content: Content,
    units: Sequence[Unit],
    incoming: dict[str, _Incoming],
    lang: Language,
    translator: str | None,
    made: Provenance,
    problems: list[Problem],
    po_name: str,
) -> _Plan:
    """The edits of the content files: one per entry text or other field with a message that changes it."""
    groups: dict[tuple[str, str], list[Unit]] = {}
    for unit in units:
        groups.setdefault(_target(unit), []).append(unit)
    plan = _Plan()
    for (_item_id, target), group in groups.items():
        touched = [
            u
            for u in group
            if u.context in incoming
            and (
                incoming[u.context].text != u.translation
                or incoming[u.context].fuzzy != u.fuzzy
                or (target == "text" and _term_ok(group, incoming) != group[0].term_ok)
            )
        ]
        if not touched:
            continue
        if target == "text":
            _plan_entry_text(content, group, incoming, lang, translator, plan, problems, po_name, made)
        else:
            _plan_other(group, incoming, lang, plan, problems, po_name, content)
    return plan


def _term_ok(group: list[Unit], incoming: Mapping[str, _Incoming]) -> frozenset[str]:
    """The glossary terms an entry translation declares false hits: those of its messages in the catalog."""
    declared = [incoming[u.context].term_ok for u in group if u.context in incoming]
    return frozenset().union(*declared) if declared else group[0].term_ok


def _apply(edits: Mapping[Path, list[_Edit]], dry_run: bool = False) -> list[Path]:
    """Run the edits on each file's round-trip YAML; write the files that changed, all together."""
    texts: dict[Path, str] = {}
    for path, functions in edits.items():
        before = path.read_text(encoding="utf-8")
        yaml = round_trip_yaml(list_file=isinstance(load_yaml_text(before), list))
        data = yaml.load(before)
        for function in functions:
            function(data)
        stream = io.StringIO()
        yaml.dump(data, stream)
        if stream.getvalue() != before:
            texts[path] = stream.getvalue()
    if not dry_run:
        write_all_atomic(texts)
    return sorted(texts)


# ---------------------------------------------------------------- review


def review_translation(
    content: Content, entry_id: str, lang: Language | str, reviewer: str | None, today: date | None = None
) -> Path:
    """Mark the ``lang`` translation of ``entry_id`` reviewed: current digest, ``reviewer``, ``reviewed_on``.

    Refused (:class:`TranslationError`) without a reviewer's name, for an
    unknown entry, the original language, a missing translation, and a
    translation that breaks a rule of :mod:`rulebook.translation.checks` against
    the current original. A title-only translation (a heading, or an entry whose
    body is not translated yet) is reviewed as what it is: its title.
    """
    language = Language(lang)
    what = f"review of {entry_id} ({language.value})"
    try:
        entry = content.corpus.entry(entry_id)
    except KeyError:
        raise TranslationError(
            what,
            [Problem(str(content.root), entry_id, None, "unknown entry; check the id (`rulebook export` lists them)")],
        ) from None
    path = content.files[entry.id]
    shown = content.display(path)
    version = entry.text.get(language)
    problems: list[Problem] = []
    if language is entry.lang:
        problems.append(
            Problem(
                shown,
                entry.id,
                f"text.{language.value}",
                "this is the original language; only translations are reviewed",
            )
        )
    elif version is None:
        problems.append(
            Problem(shown, entry.id, f"text.{language.value}", "there is no translation in this language to review")
        )
    else:
        units, layout_problems = entry_units(content, entry, language, as_current=True)
        problems.extend(Problem(p.file, p.item_id, p.field, p.message) for p in layout_problems)
        glossary = compile_glossary(content.corpus.terms)
        for unit in units:
            if unit.translation:
                problems.extend(
                    Problem(shown, entry.id, f"text.{language.value}.{unit.field}", message)
                    for message in check_unit(unit, unit.translation, language, glossary)
                )
    if not (reviewer or "").strip():
        problems.append(
            Problem(
                shown,
                entry.id,
                f"text.{language.value}.reviewer",
                "no reviewer: give --reviewer NAME or set `git config user.name`",
            )
        )
    if problems:
        raise TranslationError(what, problems)
    reviewed_on = (today or date.today()).isoformat()

    def edit(data: CommentedMap) -> None:
        version_map: CommentedMap = data["text"][language.value]
        _put(
            version_map, "status", TranslationStatus.REVIEWED.value, after="body" if "body" in version_map else "title"
        )
        _put(version_map, "source_digest", entry.current_digest(), after="status")
        last = "translator" if "translator" in version_map else "source_digest"
        _put(version_map, "reviewer", str(reviewer).strip(), after=last)
        _put(version_map, "reviewed_on", reviewed_on, after="reviewer")

    _apply({path: [edit]})
    return path
