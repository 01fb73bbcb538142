"""Load ``content/``, validate it, and cross-check every id.

Layout (see ``docs/editors.md``)::

    content/games.yaml                     list of Game
    content/sources.yaml                   list of Source
    content/terms/<term-id>.yaml           one Term
    content/<game>/<entry-id>.yaml         one Entry
    content/<game>/examples/<id>.yaml      one Example
    content/<game>/cards/<id>.yaml         one card of the game's catalog, of its plug-in's card model

Validation happens in two passes. The first parses every file and validates it
against its pydantic model, turning each pydantic error into a :class:`Problem`
with the YAML line of the offending key. Files are read with libyaml
(:func:`rulebook.content.yamlio.read_yaml_text`); the line numbers come from the
file's node tree, composed only for a file that has a problem, and a file the fast
reader refuses is read again with ruamel.yaml so the message is the round trip's. The second checks what no single file
can: unique ids, that every referenced game, source, parent, term, see-also
target and ``ref:`` link exists, that every entry a catalog card cites exists in its game (``cards/``), the
language rules (original text present and marked ``original``, an English body, titles in every language).
Every problem is collected before :class:`ContentError` is raised.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import yaml
from pydantic import BaseModel, ValidationError
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from adjudicator.limits import MAX_SCENARIO_BYTES
from rulebook.content.model import (
    LANGUAGES,
    CatalogCard,
    Corpus,
    Entry,
    EntryKind,
    Example,
    Game,
    Language,
    LanguageText,
    Source,
    Term,
    TranslationStatus,
)
from rulebook.content.other_texts import (
    OtherText,
    entry_other_texts,
    example_other_texts,
    game_other_texts,
    source_other_texts,
    term_other_texts,
)
from rulebook.content.plugins import game_content
from rulebook.content.yamlio import FastReadRefused, compose_yaml_text, load_yaml_text, read_yaml_text, yaml_limit
from rulebook.errors import ContentError, Problem, Severity

__all__ = ["ENTRY_LINK", "LoadResult", "default_paths", "load_cards", "load_corpus", "load_or_raise"]

ENTRY_LINK = re.compile(r"\]\(ref:([^)\s]+)\)")
"""A Markdown link to another entry inside a body: ``[text](ref:ENTRY-ID)``."""

ModelT = TypeVar("ModelT", bound=BaseModel)

ListedT = TypeVar("ListedT", Game, Source)
"""A record kept in a list file (``games.yaml``, ``sources.yaml``): each has an ``id``."""

_UNREADABLE = object()
"""Stands for a file that could not be parsed (its problem is already recorded)."""


@dataclass
class LoadResult:
    """What :func:`load_corpus` found: the corpus (when it could be built) and every problem."""

    corpus: Corpus | None
    problems: list[Problem] = field(default_factory=list)
    entry_files: dict[str, Path] = field(default_factory=dict)
    """Where each entry, term and example id was read from."""

    @property
    def errors(self) -> list[Problem]:
        """Problems that make the content invalid."""
        return [p for p in self.problems if p.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        """Problems that ``--strict`` turns into errors."""
        return [p for p in self.problems if p.severity is Severity.WARNING]


def default_paths() -> tuple[Path, Path]:
    """The content folder and the sources folder used when none is given.

    ``RULEBOOK_CONTENT`` and ``RULEBOOK_SOURCES`` override them; otherwise the
    content is ``./content`` when it exists, else the one beside this package, and
    the sources are ``../shared/sources`` relative to the repository.
    """
    content_env = os.environ.get("RULEBOOK_CONTENT")
    if content_env:
        content = Path(content_env)
    elif Path("content").is_dir():
        content = Path("content")
    else:
        content = Path(__file__).resolve().parent.parent / "content"
    sources_env = os.environ.get("RULEBOOK_SOURCES")
    sources = Path(sources_env) if sources_env else content.resolve().parent.parent / "shared" / "sources"
    return content, sources


class _Reader:
    """Parses files and validates them, recording problems instead of raising."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.problems: list[Problem] = []
        self.raw: dict[Path, Any] = {}
        """Parsed YAML per file (ruamel.yaml's commented containers for a file the fast reader refused)."""
        self.texts: dict[Path, str] = {}
        self.nodes: dict[Path, yaml.Node | None] = {}
        """Node trees, composed on the first problem that needs a line number."""

    def display(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def problem(
        self,
        path: Path,
        item_id: str | None,
        field_name: str | None,
        message: str,
        line: int | None = None,
        severity: Severity = Severity.ERROR,
    ) -> None:
        self.problems.append(Problem(self.display(path), item_id, field_name, message, line, severity))

    def parse(self, path: Path) -> Any:
        """The parsed YAML, or :data:`_UNREADABLE` after recording why it could not be read."""
        with path.open("rb") as stream:
            raw = stream.read(MAX_SCENARIO_BYTES + 1)
        if len(raw) > MAX_SCENARIO_BYTES:
            self.problem(
                path,
                None,
                None,
                f"the file is larger than {MAX_SCENARIO_BYTES} bytes, the limit; split it or shorten it",
            )
            return _UNREADABLE
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            self.problem(
                path, None, None, f"the file is not UTF-8 ({error.reason} at byte {error.start}); save it as UTF-8"
            )
            return _UNREADABLE
        # Nesting, aliases, long integers and characters YAML refuses, before any reader builds a node.
        limit = yaml_limit(text)
        if limit is not None:
            self.problem(path, None, None, f"{limit.message} (column {limit.column})", limit.line)
            return _UNREADABLE
        self.texts[path] = text
        try:
            data = read_yaml_text(text)
        except (yaml.YAMLError, FastReadRefused):
            pass  # ruamel.yaml reads it again below and says what is wrong, with its line
        else:
            self.raw[path] = data
            return data
        try:
            data = load_yaml_text(text)
        except MarkedYAMLError as error:
            mark = error.problem_mark
            line = mark.line + 1 if mark is not None else None
            what = error.problem or "invalid YAML"
            self.problem(path, None, None, f"malformed YAML: {what}; fix the syntax", line)
        except YAMLError as error:
            self.problem(path, None, None, f"malformed YAML: {error}; fix the syntax")
        else:
            self.raw[path] = data
            return data
        return _UNREADABLE

    def line_of(self, path: Path, loc: tuple[Any, ...], within: Sequence[int] = ()) -> int | None:
        """1-based line of the deepest key of ``loc`` in ``path`` (inside list item ``within``, if given)."""
        data = self.raw.get(path)
        if isinstance(data, (CommentedMap, CommentedSeq)):  # read by ruamel.yaml: it knows its lines
            for index in within:
                data = data[index]
            return _line_of(data, loc)
        if path not in self.texts:
            return None
        if path not in self.nodes:
            self.nodes[path] = compose_yaml_text(self.texts[path])
        node = self.nodes[path]
        for index in within:
            node = node.value[index] if isinstance(node, yaml.SequenceNode) else None
        return _node_line_of(node, loc)

    def validate(self, path: Path, data: Any, model: type[ModelT], within: Sequence[int] = ()) -> ModelT | None:
        if data is _UNREADABLE:
            return None
        item_id = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None
        if data is None:
            self.problem(path, None, None, f"the file is empty; write the {model.__name__} fields into it or delete it")
            return None
        if not isinstance(data, dict):
            self.problem(
                path, None, None, f"expected a mapping of {model.__name__} fields, found {type(data).__name__}"
            )
            return None
        try:
            return model.model_validate(_plain(data))
        except ValidationError as error:
            for detail in error.errors():
                loc = tuple(detail["loc"])
                self.problem(
                    path,
                    item_id,
                    ".".join(str(part) for part in loc) or None,
                    _describe(detail, model),
                    self.line_of(path, loc, within),
                )
            return None


def _plain(data: Any) -> Any:
    """ruamel's commented containers as plain dicts and lists (pydantic wants plain data)."""
    if isinstance(data, dict):
        return {str(key): _plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_plain(value) for value in data]
    return data


def _line_of(data: Any, loc: tuple[Any, ...]) -> int | None:
    """1-based line of the deepest key of ``loc`` that exists in the parsed YAML."""
    line: int | None = None
    node = data
    for part in loc:
        if isinstance(node, CommentedMap) and part in node:
            line = node.lc.key(part)[0] + 1
            node = node[part]
        elif isinstance(node, CommentedSeq) and isinstance(part, int) and part < len(node):
            line = node.lc.item(part)[0] + 1
            node = node[part]
        else:
            break
    if line is None and isinstance(data, CommentedMap):
        line = data.lc.line + 1
    return line


def _node_line_of(root: yaml.Node | None, loc: tuple[Any, ...]) -> int | None:
    """1-based line of the deepest key of ``loc`` in a composed node tree (as :func:`_line_of` does)."""
    line: int | None = None
    node = root
    for part in loc:
        found: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                # Only string keys match, as in the round trip's ``part in mapping`` (``1:`` is an int key).
                if key_node.tag == "tag:yaml.org,2002:str" and key_node.value == part:
                    line, found = key_node.start_mark.line + 1, value_node
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            found = node.value[part]
            line = found.start_mark.line + 1
        if found is None:
            break
        node = found
    if line is None and isinstance(root, yaml.MappingNode):
        line = root.start_mark.line + 1
    return line


def _describe(detail: Any, model: type[BaseModel]) -> str:
    kind = detail["type"]
    found = detail.get("input")
    if kind == "extra_forbidden":
        return f"unknown key {detail['loc'][-1]!r}; remove it or check its spelling (see `rulebook schema`)"
    if kind == "missing":
        return "required field is missing; add it"
    if kind == "enum":
        expected = detail.get("ctx", {}).get("expected", "")
        return f"must be one of {expected} (got {found!r})"
    if kind == "string_pattern_mismatch":
        pattern = detail.get("ctx", {}).get("pattern", "")
        return f"must match {pattern} (got {found!r})"
    if kind == "value_error":
        return str(detail["msg"]).removeprefix("Value error, ")
    return f"{detail['msg']} (got {found!r})"


def _yaml_files(folder: Path) -> Iterator[Path]:
    yield from sorted(p for p in folder.glob("*.yaml") if not p.name.startswith("."))


def load_corpus(content: Path, sources_dir: Path | None = None) -> LoadResult:
    """Read and cross-check everything under ``content``; never raises for bad content."""
    reader = _Reader(content)
    result = LoadResult(corpus=None)
    if not content.is_dir():
        reader.problem(
            content,
            None,
            None,
            "content folder not found; run rulebook from the repository root or set RULEBOOK_CONTENT",
        )
        result.problems = reader.problems
        return result

    games = _load_list(reader, content / "games.yaml", Game)
    sources = _load_list(reader, content / "sources.yaml", Source)
    terms: list[Term] = []
    entries: list[Entry] = []
    examples: list[Example] = []
    cards: list[CatalogCard] = []
    files: dict[str, Path] = {}

    def remember(item_id: str, path: Path) -> bool:
        if item_id in files:
            reader.problem(path, item_id, "id", f"duplicate id; it is already used by {reader.display(files[item_id])}")
            return False
        files[item_id] = path
        return True

    for path in _yaml_files(content / "terms"):
        term = reader.validate(path, reader.parse(path), Term)
        if term is not None:
            _check_file_name(reader, path, term.id)
            if remember("term:" + term.id, path):
                terms.append(term)

    game_folders = sorted(p for p in content.iterdir() if p.is_dir() and p.name != "terms")
    for folder in game_folders:
        for path in _yaml_files(folder):
            entry = reader.validate(path, reader.parse(path), Entry)
            if entry is not None:
                _check_file_name(reader, path, entry.id)
                _check_folder_game(reader, path, entry.id, entry.game, folder, "entry")
                if remember(entry.id, path):
                    entries.append(entry)
        for path in _yaml_files(folder / "examples"):
            example = reader.validate(path, reader.parse(path), Example)
            if example is not None:
                _check_file_name(reader, path, example.id)
                if remember(example.id, path):
                    examples.append(example)
        for path, card in _read_cards(reader, folder):
            if card is not None:
                _check_file_name(reader, path, card.id)
                _check_folder_game(reader, path, card.id, card.game, folder, "card")
                if remember(f"card:{card.game}:{card.id}", path):
                    cards.append(card)

    result.entry_files = {key.removeprefix("term:"): path for key, path in files.items() if not key.startswith("card:")}
    _cross_check(reader, content, sources_dir, games, sources, terms, entries, examples, files)
    _check_cards(reader, cards, entries, files)
    result.problems = reader.problems
    if not result.errors:
        result.corpus = Corpus(
            games=games, sources=sources, terms=terms, entries=entries, examples=examples, cards=cards
        )
    return result


def load_or_raise(content: Path, sources_dir: Path | None = None) -> Corpus:
    """The corpus, or :class:`ContentError` listing every error."""
    result = load_corpus(content, sources_dir)
    if result.corpus is None:
        raise ContentError(result.errors)
    return result.corpus


def load_cards(content: Path, game: str) -> list[CatalogCard]:
    """The card catalog of ``game`` alone, for running a scenario without loading all content.

    Reads and validates only ``content/<game>/cards/`` (``rulebook check`` cross-checks the entries the
    cards cite); a card that does not validate is a :class:`ContentError` with every problem.
    """
    reader = _Reader(content)
    cards = [card for _, card in _read_cards(reader, content / game) if card is not None]
    if reader.problems:
        raise ContentError(reader.problems)
    return cards


def _read_cards(reader: _Reader, folder: Path) -> Iterator[tuple[Path, CatalogCard | None]]:
    """Each file of ``folder/cards/`` validated against the card model of the game's plug-in (``None``: a problem).

    A game whose plug-in declares no card model has no catalog: its ``cards/`` folder is one problem.
    """
    files = list(_yaml_files(folder / "cards"))
    if not files:
        return
    plugin = game_content(folder.name)
    model = plugin.card_model if plugin is not None else None
    if model is None:
        reader.problem(
            folder / "cards",
            None,
            None,
            f"the game {folder.name!r} has no card catalog: no plug-in in rulebook/games/ declares its card model; "
            "move the cards to the game that prints them, or declare the catalog",
        )
        return
    for path in files:
        yield path, reader.validate(path, reader.parse(path), model)


def _check_cards(reader: _Reader, cards: list[CatalogCard], entries: list[Entry], files: dict[str, Path]) -> None:
    """Every entry a card cites exists and belongs to the card's game."""
    entry_game = {entry.id: entry.game for entry in entries}
    for card in cards:
        path = files[f"card:{card.game}:{card.id}"]
        for name, source in card.citations():
            loc = tuple(int(part) if part.isdigit() else part for part in (*name.split("."), "source"))
            if source not in entry_game:
                reader.problem(
                    path,
                    card.id,
                    f"{name}.source",
                    f"unknown entry {source!r}; cite the id of the entry that states the value",
                    reader.line_of(path, loc),
                )
            elif entry_game[source] != card.game:
                reader.problem(
                    path,
                    card.id,
                    f"{name}.source",
                    f"entry {source!r} belongs to game {entry_game[source]!r}, not {card.game!r}",
                    reader.line_of(path, loc),
                )


def _load_list(reader: _Reader, path: Path, model: type[ListedT]) -> list[ListedT]:
    if not path.is_file():
        reader.problem(path, None, None, f"file not found; create it with a list of {model.__name__} records")
        return []
    data = reader.parse(path)
    if data is None:
        return []
    if not isinstance(data, list):
        reader.problem(path, None, None, f"expected a list of {model.__name__} records, found {type(data).__name__}")
        return []
    items: list[ListedT] = []
    seen: set[str] = set()
    for index, raw in enumerate(data):
        before = len(reader.problems)
        item = reader.validate(path, raw, model, within=(index,))
        if item is None:
            # Prefix the list index so two records' errors stay apart.
            for position in range(before, len(reader.problems)):
                old = reader.problems[position]
                reader.problems[position] = Problem(
                    old.file, old.item_id or f"[{index}]", old.field, old.message, old.line, old.severity
                )
            continue
        item_id = item.id
        if item_id in seen:
            line = reader.line_of(path, (index,))
            reader.problem(path, item_id, "id", "duplicate id; each record needs its own", line)
            continue
        seen.add(item_id)
        items.append(item)
    return items


def _check_folder_game(reader: _Reader, path: Path, item_id: str, game: str, folder: Path, what: str) -> None:
    """An entry or card lies in the folder of the game it names."""
    if game != folder.name:
        where = path.parent.relative_to(folder.parent).as_posix()
        reader.problem(
            path,
            item_id,
            "game",
            f"the file is in content/{where}/ but the {what} says game {game!r}; move the file or fix the field",
        )


def _check_file_name(reader: _Reader, path: Path, item_id: str) -> None:
    if path.stem != item_id:
        reader.problem(
            path, item_id, "id", f"the file name must be the id: rename it to {item_id}.yaml (or fix the id)"
        )


def _cross_check(
    reader: _Reader,
    content: Path,
    sources_dir: Path | None,
    games: list[Game],
    sources: list[Source],
    terms: list[Term],
    entries: list[Entry],
    examples: list[Example],
    files: dict[str, Path],
) -> None:
    game_by_id = {game.id: game for game in games}
    source_by_id = {source.id: source for source in sources}
    entry_by_id = {entry.id: entry for entry in entries}
    term_ids = {term.id for term in terms}
    sources_path = content / "sources.yaml"

    for source in sources:
        if source.game not in game_by_id:
            reader.problem(
                sources_path,
                source.id,
                "game",
                f"unknown game {source.game!r}; known games: {', '.join(sorted(game_by_id))}",
            )
        if sources_dir is not None and not (sources_dir / source.file).is_file():
            reader.problem(
                sources_path, source.id, "file", f"source document {source.file!r} not found in {sources_dir}"
            )

    orders: dict[tuple[str, int], str] = {}
    for entry in entries:
        path = files[entry.id]
        _check_entry(reader, path, entry, game_by_id, source_by_id, entry_by_id, term_ids)
        key = (entry.source, entry.order)
        if key in orders:
            reader.problem(
                path,
                entry.id,
                "order",
                f"order {entry.order} is already used by {orders[key]} in source {entry.source!r}; give each passage "
                "its own position",
            )
        else:
            orders[key] = entry.id

    for term in terms:
        path = files["term:" + term.id]
        for game_id in term.games:
            if game_id not in game_by_id:
                reader.problem(path, term.id, "games", f"unknown game {game_id!r}")
        missing = [lang for lang in LANGUAGES if Language(lang) not in term.rendering]
        if missing:
            reader.problem(
                path,
                term.id,
                "rendering",
                f"missing rendering for {', '.join(missing)}; every term needs all five languages",
            )
        for target in term.defined_by:
            if target not in entry_by_id:
                reader.problem(path, term.id, "defined_by", f"unknown entry {target!r}")

    for example in examples:
        path = files[example.id]
        if example.game not in game_by_id:
            reader.problem(path, example.id, "game", f"unknown game {example.game!r}")
        for target in example.entries:
            if target not in entry_by_id:
                reader.problem(path, example.id, "entries", f"unknown entry {target!r}")
        if Language.EN not in example.title:
            reader.problem(path, example.id, "title.en", "an English title is required")
        native = entry_by_id[example.entries[0]].lang if example.entries[0] in entry_by_id else Language.EN
        _check_made_from(reader, path, example.id, example.made_from, example_other_texts(example, native))

    for game in games:
        _check_made_from(reader, content / "games.yaml", game.id, game.made_from, game_other_texts(game))
    for source in sources:
        _check_made_from(reader, sources_path, source.id, source.made_from, source_other_texts(source))
    for entry in entries:
        _check_made_from(reader, files[entry.id], entry.id, entry.made_from, entry_other_texts(entry))
    for term in terms:
        _check_made_from(reader, files["term:" + term.id], term.id, term.made_from, term_other_texts(term))


def _check_made_from(
    reader: _Reader,
    path: Path,
    item_id: str,
    made_from: dict[Language, dict[str, str]],
    texts: Sequence[OtherText],
) -> None:
    """``made_from`` names only translations the item has; every translation records what it was made from.

    A note, description or assumption is outdated when its original changes, which needs the digest.
    """
    by_field = {text.field: text for text in texts}
    for lang, fields in made_from.items():
        for name in fields:
            text = by_field.get(name)
            where = f"made_from.{lang.value}.{name}"
            if text is None:
                known = ", ".join(by_field) or "none"
                reader.problem(
                    path,
                    item_id,
                    where,
                    f"the item has no translatable text {name!r} (it has: {known}); remove the line",
                )
            elif lang is text.original_lang:
                reader.problem(
                    path,
                    item_id,
                    where,
                    f"{lang.value} is the original language of this text, not a translation; remove the line",
                )
            elif lang not in text.versions:
                reader.problem(
                    path, item_id, where, f"there is no {lang.value} text of {name!r}; remove the line or add the text"
                )
    for text in texts:
        for lang in text.versions:
            if lang is not text.original_lang and lang not in text.made_from:
                reader.problem(
                    path,
                    item_id,
                    f"made_from.{lang.value}.{text.field}",
                    f"the {lang.value} translation of {text.field!r} does not record the {text.original_lang.value} "
                    "text it was made from, so a later change of that text cannot mark it outdated; if it translates "
                    f"the current text, add `made_from: {{{lang.value}: {{{text.field}: {text.digest}}}}}` to the item "
                    "(`rulebook translate import` records it for you)",
                    severity=Severity.WARNING,
                )


class _EntryProblem(Protocol):
    """Records a problem of the entry being checked, at one of its fields."""

    def __call__(self, field_name: str, message: str, severity: Severity = Severity.ERROR) -> None: ...


def _check_entry(
    reader: _Reader,
    path: Path,
    entry: Entry,
    game_by_id: dict[str, Game],
    source_by_id: dict[str, Source],
    entry_by_id: dict[str, Entry],
    term_ids: set[str],
) -> None:
    def problem(field_name: str, message: str, severity: Severity = Severity.ERROR) -> None:
        loc = tuple(field_name.split("."))
        reader.problem(path, entry.id, field_name, message, reader.line_of(path, loc), severity)

    _check_entry_place(problem, entry, game_by_id, source_by_id, entry_by_id)
    _check_entry_texts(problem, entry)
    for target in entry.see_also:
        if target not in entry_by_id:
            problem("see_also", f"unknown entry {target!r}; use the id of an existing entry")
        elif target == entry.id:
            problem("see_also", "an entry cannot refer to itself")
    for term in entry.terms:
        if term not in term_ids:
            problem("terms", f"unknown term {term!r}; add content/terms/{term}.yaml or remove it")
    for lang, version in entry.text.items():
        _check_entry_version(problem, entry, lang, version, entry_by_id, term_ids)


def _check_entry_place(
    problem: _EntryProblem,
    entry: Entry,
    game_by_id: dict[str, Game],
    source_by_id: dict[str, Source],
    entry_by_id: dict[str, Entry],
) -> None:
    """The entry's game, source and parent exist and agree with each other."""
    game = game_by_id.get(entry.game)
    if game is None:
        problem("game", f"unknown game {entry.game!r}; known games: {', '.join(sorted(game_by_id))}")
    elif entry.id.split(".", 1)[0] != game.prefix:
        problem("id", f"ids of game {game.id!r} start with {game.prefix + '.'!r} (got {entry.id!r})")
    source = source_by_id.get(entry.source)
    if source is None:
        problem("source", f"unknown source {entry.source!r}; known sources: {', '.join(sorted(source_by_id))}")
    else:
        if source.game != entry.game:
            problem("source", f"source {source.id!r} belongs to game {source.game!r}, not {entry.game!r}")
        if source.lang != entry.lang:
            problem(
                "lang",
                f"source {source.id!r} is written in {source.lang.value!r}, so the entry's original language must be "
                f"{source.lang.value!r} (got {entry.lang.value!r})",
            )

    if entry.parent is not None:
        parent = entry_by_id.get(entry.parent)
        if parent is None:
            problem("parent", f"unknown entry {entry.parent!r}")
        elif parent.source != entry.source:
            problem("parent", f"parent {entry.parent!r} is in source {parent.source!r}, not {entry.source!r}")
        elif parent.id == entry.id:
            problem("parent", "an entry cannot be its own parent")


def _check_entry_texts(problem: _EntryProblem, entry: Entry) -> None:
    """The entry has its original, an English version and a title in every language, each with a fitting status."""
    original = entry.text.get(entry.lang)
    if original is None:
        problem(
            f"text.{entry.lang.value}",
            f"the original-language text ({entry.lang.value}) is missing; copy it from the source",
        )
    elif original.status is not TranslationStatus.ORIGINAL:
        problem(
            f"text.{entry.lang.value}.status",
            f"the source-language text must have status 'original' (got {original.status.value!r})",
        )
    for lang, version in entry.text.items():
        if lang != entry.lang and version.status is TranslationStatus.ORIGINAL:
            problem(
                f"text.{lang.value}.status",
                f"only the source language ({entry.lang.value}) can be 'original'; mark the translation 'draft' or "
                "'reviewed'",
            )

    needs_body = entry.kind is not EntryKind.HEADING and original is not None and bool(original.body.strip())
    english = entry.text.get(Language.EN)
    if english is None:
        problem("text.en", "an English title and body are required; add a complete English translation")
    elif needs_body and not english.body.strip():
        problem("text.en.body", "an English body is required; add a complete English translation of the original")
    if entry.kind is EntryKind.HEADING and original is not None and original.body.strip():
        problem("kind", "a 'heading' entry only groups other entries and must have an empty body; use another kind")
    missing_titles = [lang for lang in LANGUAGES if Language(lang) not in entry.text]
    if missing_titles:
        problem(
            "text", f"missing title for {', '.join(missing_titles)}; every entry needs a title in all five languages"
        )


def _check_entry_version(
    problem: _EntryProblem,
    entry: Entry,
    lang: Language,
    version: LanguageText,
    entry_by_id: dict[str, Entry],
    term_ids: set[str],
) -> None:
    """One language version: its terms and links resolve; a translation says how it was made and from what."""
    for term in version.term_ok:
        if term not in term_ids:
            problem(f"text.{lang.value}.term_ok", f"unknown term {term!r}; use the id of a glossary term")
    for target in _links(version.body):
        if target not in entry_by_id:
            problem(f"text.{lang.value}.body", f"link to unknown entry {target!r}; fix the ref: target")
        elif target not in entry.see_also:
            problem(f"text.{lang.value}.body", f"links to {target!r}, which is missing from see_also; add it there")
    if lang == entry.lang:
        if version.provenance is not None:
            problem(f"text.{lang.value}.provenance", "the original has no provenance; remove the field")
        return
    if version.provenance is not None:
        made_from = version.provenance.translated_from
        if made_from == lang:
            problem(
                f"text.{lang.value}.provenance.translated_from",
                f"a translation cannot be made from its own language ({lang.value}); name the text it was made "
                f"from (the original is {entry.lang.value!r})",
            )
        elif made_from not in entry.text:
            problem(
                f"text.{lang.value}.provenance.translated_from",
                f"the entry has no {made_from.value!r} text to translate from; name one of "
                f"{', '.join(sorted(language.value for language in entry.text if language != lang))}",
            )
    elif version.body.strip():
        problem(
            f"text.{lang.value}.provenance",
            "the translation does not say how it was made; add provenance (translated_from, method)",
            Severity.WARNING,
        )
    status = entry.effective_status(lang)
    if version.source_digest is None:
        problem(
            f"text.{lang.value}.source_digest",
            "the translation has no source_digest, so staleness cannot be detected; run `rulebook translate "
            "review` or record the digest",
            Severity.WARNING,
        )
    elif status is TranslationStatus.OUTDATED:
        problem(
            f"text.{lang.value}",
            "the original changed after this translation was made (outdated); update the translation",
            Severity.WARNING,
        )


def _links(body: str) -> Iterable[str]:
    return ENTRY_LINK.findall(body)
