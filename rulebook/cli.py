"""The ``rulebook`` command line: one entry point for every job on the content.

``check`` validates ``content/`` and reports every problem at once; ``export``
writes all content as one JSON document; ``schema`` prints the JSON Schemas of
the content file types; ``coverage`` prints how much of each source the
entries reproduce. Errors are printed for people (file, id, field, line, what
to do), never as a traceback, with exit code 1 — or 2 for a scenario file that cannot be
read or does not fit its calculator (bad input, like a usage error).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypedDict

from pydantic import TypeAdapter

from rulebook.adjudication.messages import add_language_options
from rulebook.content.load import default_paths, load_corpus
from rulebook.content.model import (
    LANGUAGES,
    Corpus,
    Entry,
    Example,
    Game,
    Language,
    Source,
    Term,
    TranslationMethod,
)
from rulebook.content.plugins import GameContent, game_content, game_contents
from rulebook.errors import ContentError, Problem, RulebookError

__all__ = ["main"]

SCHEMAS: dict[str, Any] = {
    "games": TypeAdapter(list[Game]),
    "sources": TypeAdapter(list[Source]),
    "term": TypeAdapter(Term),
    **{
        content.card_schema: TypeAdapter(content.card_model)
        for content in game_contents()
        if content.card_model is not None
    },
    "entry": TypeAdapter(Entry),
    "example": TypeAdapter(Example),
}
"""Content file types (each game's card catalog among them) and the adapters that give their JSON Schema."""


def _paths(args: argparse.Namespace) -> tuple[Path, Path]:
    content, sources = default_paths()
    return (Path(args.content) if args.content else content, Path(args.sources) if args.sources else sources)


def _load(args: argparse.Namespace, strict: bool = False) -> Corpus:
    content, sources = _paths(args)
    result = load_corpus(content, sources)
    blocking = result.problems if strict else result.errors
    if blocking or result.corpus is None:
        raise ContentError(blocking or result.errors)
    return result.corpus


def command_check(args: argparse.Namespace) -> int:
    """Validate all content; print every error and warning."""
    content, sources = _paths(args)
    result = load_corpus(content, sources)
    if result.corpus is not None:
        from rulebook.content.references import reference_problems
        from rulebook.translation.catalog import Content, translation_problems

        loaded = Content(content, result.corpus, result.entry_files)
        result.problems.extend(translation_problems(loaded))
        result.problems.extend(reference_problems(result.corpus, result.entry_files, loaded.display))
    for problem in result.problems:
        print(problem, file=sys.stderr)
    errors = len(result.problems) if args.strict else len(result.errors)
    if errors:
        print(
            f"rulebook check: {errors} error{'s' if errors != 1 else ''}"
            f"{' (warnings count as errors with --strict)' if args.strict and result.warnings else ''}",
            file=sys.stderr,
        )
        return 1
    corpus = result.corpus
    assert corpus is not None
    print(
        f"rulebook check: ok — {len(corpus.games)} games, {len(corpus.sources)} sources, "
        f"{len(corpus.entries)} entries, {len(corpus.terms)} terms, {len(corpus.examples)} examples, "
        f"{len(corpus.cards)} cards"
        f"{f', {len(result.warnings)} warnings' if result.warnings else ''}"
    )
    return 0


def export_document(corpus: Corpus) -> dict[str, Any]:
    """All content as plain JSON data for ``rulebook export``: games, sources, terms, entries and examples."""
    source_file = {source.id: source.file for source in corpus.sources}
    entries = []
    for entry in sorted(corpus.entries, key=lambda e: (e.source, e.order)):
        entries.append(
            {
                "id": entry.id,
                "game": entry.game,
                "source": source_file[entry.source],
                "source_id": entry.source,
                "order": entry.order,
                "parent": entry.parent,
                "lang": entry.lang.value,
                "kind": entry.kind.value,
                "authority": entry.authority.value if entry.authority else None,
                "section": entry.section,
                "heading": entry.heading,
                "title": {lang.value: text.title for lang, text in entry.text.items()},
                "body": {lang.value: text.body for lang, text in entry.text.items() if text.body},
                "status": {lang.value: status.value for lang in entry.text if (status := entry.effective_status(lang))},
                "see_also": list(entry.see_also),
                "terms": list(entry.terms),
                "notes": [note.model_dump(mode="json") for note in entry.notes],
            }
        )
    return {
        "games": [game.model_dump(mode="json") for game in corpus.games],
        "sources": [source.model_dump(mode="json") for source in corpus.sources],
        "terms": [term.model_dump(mode="json") for term in corpus.terms],
        "entries": entries,
        "examples": [example.model_dump(mode="json") for example in corpus.examples],
    }


def command_export(args: argparse.Namespace) -> int:
    """Write all content as one JSON document to standard output."""
    document = export_document(_load(args))
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2 if args.indent else None)
    sys.stdout.write("\n")
    return 0


def command_schema(args: argparse.Namespace) -> int:
    """Print the JSON Schema of one content file type, or of all of them."""
    from rulebook.adjudication.scenarios import scenario_schemas

    everything = {name: adapter.json_schema() for name, adapter in SCHEMAS.items()} | scenario_schemas()
    if args.type and args.type not in everything:
        raise RulebookError(f"unknown file type {args.type!r}; choose one of: {', '.join(everything)}")
    document: dict[str, Any] = everything[args.type] if args.type else everything
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


class _CoverageRow(TypedDict):
    """One source's line of ``rulebook coverage`` (and its record in ``--json``)."""

    source: str
    tokens: int
    found: int
    coverage: float
    missing: dict[str, int]


def command_coverage(args: argparse.Namespace) -> int:
    """Print, per source, the share of its word tokens found in its entries' original text."""
    from rulebook.content.coverage import measure_coverage

    corpus = _load(args)
    _, sources_dir = _paths(args)
    rows: list[_CoverageRow] = []
    failed = False
    for source in corpus.sources:
        raw = (sources_dir / source.file).read_text(encoding="utf-8")
        texts = [e.original.title + "\n" + e.original.body for e in corpus.entries if e.source == source.id]
        result = measure_coverage(raw, texts)
        failed |= result.ratio < args.minimum
        rows.append(
            {
                "source": source.file,
                "tokens": result.source_tokens,
                "found": result.found_tokens,
                "coverage": round(result.ratio, 5),
                "missing": dict(result.missing.most_common(args.show_missing)),
            }
        )
    if args.json:
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        for row in rows:
            print(f"{row['source']}: {row['coverage']:.2%} of {row['tokens']} word tokens")
            if row["missing"] and args.show_missing:
                print("    missing: " + ", ".join(f"{token}×{count}" for token, count in row["missing"].items()))
    return 1 if failed else 0


def command_adjudicate(args: argparse.Namespace) -> int:
    """Run one calculator on a scenario file and explain the result."""
    from adjudicator.registry import calculators
    from rulebook.adjudication.catalog import catalog_game
    from rulebook.adjudication.messages import load_language
    from rulebook.adjudication.progress import ProgressLine
    from rulebook.adjudication.scenarios import describe_result, evaluate, load_scenario_file, result_document
    from rulebook.content.load import load_cards

    language = load_language(Path(args.locales), args.lang)
    scenario = load_scenario_file(Path(args.scenario))
    game = catalog_game(args.calculator)
    catalog = {card.id: card for card in load_cards(_paths(args)[0], game)} if game else None
    known = calculators().get(args.calculator)
    label = language.translate(known.label) if known else args.calculator
    # The calculation's progress and Ctrl-C's message go to stderr: stdout holds the answer alone.
    progress = ProgressLine(sys.stderr, label, language, terminal=sys.stderr.isatty())
    try:
        result = evaluate(
            args.calculator,
            scenario.data,
            origin=str(scenario.path),
            positions=scenario.positions,
            catalog=catalog,
            language=language,
            computing=progress,
        )
    except KeyboardInterrupt:
        raise progress.interrupted() from None
    if args.json:
        document = {
            **result_document(result, language),
            "summary": [language.render(line) for line in result.summary_messages()],
        }
        # No NaN or Infinity: they are not JSON (a strict parser refuses them).
        json.dump(document, sys.stdout, ensure_ascii=False, indent=2, allow_nan=False)
        sys.stdout.write("\n")
    else:
        print(describe_result(result, language))
    return 0


def command_cards(args: argparse.Namespace) -> int:
    """List a game's card catalog: every card with the facts the sources state and the entry that states each."""
    from rulebook.content.load import load_cards

    content = _paths(args)[0]
    if not (content / args.game).is_dir():
        known = ", ".join(sorted(p.name for p in content.iterdir() if (p / "cards").is_dir()))
        raise ContentError(
            [Problem(str(content), None, "game", f"unknown game {args.game!r}; with a card catalog: {known}")]
        )
    cards = load_cards(content, args.game)
    if args.json:
        json.dump(
            [card.model_dump(mode="json", exclude_none=True) for card in cards],
            sys.stdout,
            ensure_ascii=False,
            indent=2,
        )
        sys.stdout.write("\n")
        return 0
    plugin = game_content(args.game) or GameContent()
    for card in cards:
        print(f"{card.id}: {card.name.value}")
        for line in plugin.card_lines(card):
            print(line)
    print(f"{len(cards)} cards")
    return 0


def command_examples(args: argparse.Namespace) -> int:
    """Run the worked examples and report pass/fail, with the differences of failures."""
    from rulebook.adjudication.examples import run_examples

    content, sources = _paths(args)
    loaded = load_corpus(content, sources)
    if loaded.errors or loaded.corpus is None:
        raise ContentError(loaded.errors)
    corpus = loaded.corpus
    outcomes = run_examples(corpus, entry=args.entry, game=args.game, files=loaded.entry_files)
    source_file = {source.id: source.file for source in corpus.sources}
    entry_source = {entry.id: entry.source for entry in corpus.entries}
    if args.json:
        rows = [
            {
                "id": outcome.example.id,
                "entry": outcome.example.entries[0],
                "source": source_file[entry_source[outcome.example.entries[0]]],
                "calculator": outcome.calculator,
                "status": outcome.status,
                "differences": outcome.differences,
            }
            for outcome in outcomes
        ]
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        for outcome in outcomes:
            print(f"{outcome.status.upper():4}  {outcome.example.id}  ({outcome.calculator})")
            for difference in outcome.differences:
                print(f"      {difference}")
        failed = sum(outcome.status != "pass" for outcome in outcomes)
        print(f"{len(outcomes) - failed} passed, {failed} failed")
    return 1 if any(outcome.status != "pass" for outcome in outcomes) else 0


@contextlib.contextmanager
def _site_paths(args: argparse.Namespace) -> Iterator[Any]:
    """The build's folders: the checkout's ``build/`` and ``site/``, or ``--out`` (and ``--work``).

    With ``--out`` and no ``--work`` the intermediate files go to a temporary folder
    removed afterwards, so a build into another folder writes nothing into the checkout.
    """
    from rulebook.site.build import ProjectPaths

    content, sources = _paths(args)
    root = Path(__file__).resolve().parent.parent
    out = Path(args.out) if getattr(args, "out", None) else None
    work = Path(args.work) if getattr(args, "work", None) else None
    with contextlib.ExitStack() as stack:
        if out is not None and work is None:
            work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="rulebook-work-")))
        yield ProjectPaths.for_project(root, content=content, sources=sources, out=out, work=work)


def _site_progress(command: str) -> Callable[[str], None]:
    return lambda message: print(f"rulebook {command}: {message}", file=sys.stderr, flush=True)


def command_build(args: argparse.Namespace) -> int:
    """Generate the pages and build the static site (every language, search index)."""
    from rulebook.site.build import DEFAULT_SITE_URL, build_site
    from rulebook.site.urls import site_url_for_build

    site_url = site_url_for_build(args.site_url, os.environ, args.production, DEFAULT_SITE_URL)
    with _site_paths(args) as paths:
        build_site(
            paths,
            languages=args.lang or LANGUAGES,
            site_url=site_url,
            progress=_site_progress("build"),
            translate_url=args.translate_url,
            edit_url=args.edit_url,
        )
    return 0


def command_serve(args: argparse.Namespace) -> int:
    """Build the site, serve it on 127.0.0.1 and rebuild when content, templates or catalogs change."""
    from rulebook.site.serve import serve

    with _site_paths(args) as paths:
        return serve(paths, host=args.host, port=args.port, progress=_site_progress("serve"))


def command_bench(args: argparse.Namespace) -> int:
    """Run one benchmark and print its figures as one JSON object."""
    from rulebook.bench import run_benchmark

    json.dump(run_benchmark(args.benchmark), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def command_translate_status(args: argparse.Namespace) -> int:
    """Print, per language, how many entries are in each translation state."""
    from rulebook.translation.status import CLI_STATES, OTHER_STATES, all_languages, language_status, other_text_status

    corpus = _load(args)
    rows = [language_status(corpus, args.lang, headings=True)] if args.lang else all_languages(corpus, headings=True)
    others = [other_text_status(corpus, row.lang) for row in rows]
    if args.json:
        document = [
            {
                "lang": row.lang.value,
                "counts": row.counts,
                "entries": {state: list(ids) for state, ids in row.entries.items()},
                "other_texts": {
                    "counts": other.counts,
                    "texts": {state: list(ids) for state, ids in other.entries.items()},
                },
            }
            for row, other in zip(rows, others, strict=True)
        ]
        # No NaN or Infinity: they are not JSON (a strict parser refuses them).
        json.dump(document, sys.stdout, ensure_ascii=False, indent=2, allow_nan=False)
        sys.stdout.write("\n")
        return 0
    print("language " + " ".join(f"{state:>10}" for state in CLI_STATES) + "      total")
    for row in rows:
        print(
            f"{row.lang.value:8} " + " ".join(f"{row.counts[state]:>10}" for state in CLI_STATES) + f" {row.total:>10}"
        )
    for row in rows if args.lang else []:
        for state in ("outdated", "missing"):
            if row.entries[state]:
                print(f"{state}: " + ", ".join(row.entries[state]))
    print("\ntexts around the rules (notes, descriptions, examples' titles, quotes and assumptions, definitions)")
    print("language " + " ".join(f"{state:>10}" for state in OTHER_STATES) + "      total")
    for other in others:
        print(
            f"{other.lang.value:8} "
            + " ".join(f"{other.counts[state]:>10}" for state in OTHER_STATES)
            + f" {other.total:>10}"
        )
    for other in others if args.lang else []:
        for state in ("outdated", "missing"):
            if other.entries[state]:
                print(f"{state}: " + ", ".join(other.entries[state]))
    return 0


def command_translate_export(args: argparse.Namespace) -> int:
    """Write the PO catalog of every translatable unit for one language."""
    from rulebook.content.yamlio import write_atomic
    from rulebook.translation.catalog import build_catalog, load_content, po_bytes

    catalog = build_catalog(load_content(*_paths(args)), args.lang)
    data = po_bytes(catalog)
    messages = [message for message in catalog if message.id]
    summary = (
        f"{len(messages)} messages, {sum(bool(m.string) for m in messages)} translated, "
        f"{sum(m.fuzzy for m in messages)} fuzzy"
    )
    if args.out:
        write_atomic(Path(args.out), data.decode("utf-8"))
        print(f"rulebook translate export: {args.out} ({args.lang}): {summary}", file=sys.stderr)
    else:
        sys.stdout.buffer.write(data)
    return 0


def command_translate_import(args: argparse.Namespace) -> int:
    """Write a PO catalog's translations into the content, or refuse listing every problem."""
    from rulebook.translation.catalog import load_content
    from rulebook.translation.importer import import_catalog

    summary = import_catalog(
        load_content(*_paths(args)),
        Path(args.file),
        dry_run=args.dry_run,
        force=args.force,
        expected_lang=args.lang,
        method=TranslationMethod(args.method),
        consulted=[Language(code) for code in args.consulted or ()],
    )
    print(
        f"rulebook translate import: {args.file} ({summary.lang.value}): {summary.messages} translated messages, "
        f"{len(summary.changed)} fields changed in {len(summary.files)} "
        f"files{' (dry run: nothing written)' if args.dry_run else ''}"
    )
    for label in summary.changed:
        print(f"  {label}")
    for overwritten in summary.overwritten:
        print(f"  --force overwrote {overwritten}")
    return 0


def command_translate_review(args: argparse.Namespace) -> int:
    """Mark one translation reviewed and record the digest of the current original."""
    from rulebook.translation.catalog import load_content
    from rulebook.translation.importer import review_translation

    reviewer = args.reviewer
    if reviewer is None:
        configured = subprocess.run(["git", "config", "user.name"], capture_output=True, text=True, check=False)
        reviewer = configured.stdout.strip() or None
    path = review_translation(load_content(*_paths(args)), args.entry, args.lang, reviewer)
    print(f"rulebook translate review: {args.entry} ({args.lang}) is reviewed by {reviewer}; {path} updated")
    return 0


def command_translate_terms(args: argparse.Namespace) -> int:
    """Print, per glossary term and language, how many of the term's occurrences the glossary recognises."""
    from rulebook.translation.terms import DEFAULT_TERMS_THRESHOLD, language_summary, term_reports

    reports = term_reports(_load(args), [args.lang] if args.lang else None, args.term or None)
    below = [report for report in reports if report.ratio is not None and report.ratio < args.min]
    if args.json:
        json.dump([report.as_json() for report in reports], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        print(f"{'term':22} lang {'originals':>11} {'translations':>13} {'all':>11}  ratio")
        for report in reports:
            columns = [f"{report.recognised[origin]}/{report.occurrences[origin]}" for origin in report.occurrences]
            ratio = "—" if report.ratio is None else f"{report.ratio:.1%}"
            print(
                f"{report.term:22} {report.lang.value:4} {columns[0]:>11} {columns[1]:>13} "
                f"{f'{report.total_recognised}/{report.total}':>11}  {ratio}"
            )
            for miss in report.unrecognised[: args.show]:
                print(f"    {miss.entry} ({miss.origin}): {miss.context}")
        threshold = args.min or DEFAULT_TERMS_THRESHOLD
        for summary in language_summary(reports, threshold):
            figures = (
                "no occurrences"
                if summary.minimum is None or summary.median is None
                else f"{summary.terms} terms occur, min {summary.minimum:.1%}, median {summary.median:.1%}"
            )
            print(f"{summary.lang.value}: {figures}; below {threshold:.0%}: {', '.join(summary.below) or 'none'}")
    return 1 if below else 0


def _parser() -> argparse.ArgumentParser:
    """The command line: every command with its options, in the order ``--help`` lists them."""
    parser = argparse.ArgumentParser(prog="rulebook", description="Rulebook: rules reference and adjudicator.")
    parser.add_argument("--content", help="content folder (default: ./content or $RULEBOOK_CONTENT)")
    parser.add_argument("--sources", help="primary sources folder (default: ../shared/sources or $RULEBOOK_SOURCES)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_content_commands(commands)
    _add_site_commands(commands)
    _add_translate_command(commands)
    _add_coverage_command(commands)
    return parser


def _add_content_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The commands that check, export and run the content: check … examples."""
    check = commands.add_parser("check", help="validate all content and report every problem")
    check.add_argument("--strict", action="store_true", help="treat warnings (outdated translations, …) as errors")
    check.set_defaults(run=command_check)

    export = commands.add_parser("export", help="write all content as one JSON document to stdout")
    export.add_argument("--indent", action="store_true", help="pretty-print the JSON")
    export.set_defaults(run=command_export)

    schema = commands.add_parser("schema", help="print the JSON Schema of the content file types")
    schema.add_argument(
        "type",
        nargs="?",
        help="one file type: games, sources, term, entry, example, card or scenario.<calculator> (default: all)",
    )
    schema.set_defaults(run=command_schema)

    adjudicate = commands.add_parser("adjudicate", help="settle a rules question: run a calculator on a scenario")
    adjudicate.add_argument("calculator", help="calculator name (see `rulebook schema` for scenario.<name>)")
    adjudicate.add_argument("--scenario", required=True, metavar="FILE", help="scenario file (.yaml, .yml or .json)")
    adjudicate.add_argument("--json", action="store_true", help="print the result as JSON (with its summary lines)")
    add_language_options(adjudicate, "the answer and the trace")
    adjudicate.set_defaults(run=command_adjudicate)

    for content in game_contents():
        content.add_commands(commands)

    cards = commands.add_parser("cards", help="list a game's card catalog (the facts the sources state, with entries)")
    cards.add_argument("--game", required=True, metavar="ID", help="the game, e.g. hell-of-a-war")
    cards.add_argument("--json", action="store_true", help="print the catalog as a JSON list")
    cards.set_defaults(run=command_cards)

    examples = commands.add_parser("examples", help="run the worked examples of the sources")
    examples.add_argument("--entry", metavar="ID", help="only the examples of this entry")
    examples.add_argument("--game", metavar="ID", help="only the examples of this game")
    examples.add_argument("--json", action="store_true", help="print a JSON list, one object per example")
    examples.set_defaults(run=command_examples)


def _add_site_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The commands that build, serve and measure the site: build, serve, bench."""
    from rulebook.bench import BENCHMARKS
    from rulebook.site.build import DEFAULT_SITE_URL

    build = commands.add_parser("build", help="generate and build the static site into site/ (or --out)")
    build.add_argument("--out", help="output folder (default: site/)")
    build.add_argument(
        "--work", help="folder for intermediate files and caches (default: build/, or a temporary folder with --out)"
    )
    build.add_argument("--lang", action="append", choices=LANGUAGES, help="build only this language (repeatable)")
    build.add_argument(
        "--site-url",
        help=f"where the site will be published, e.g. https://rules.example/ (default: $RULEBOOK_SITE_URL, "
        f"else {DEFAULT_SITE_URL})",
    )
    build.add_argument(
        "--production", action="store_true", help="a build for publishing: refuse to build without a site URL"
    )
    build.add_argument(
        "--translate-url",
        metavar="URL",
        help='"Improve this translation" opens the paragraph in this Weblate component, e.g. '
        "https://weblate.example/translate/rulebook/content/ (default: extra.translate_url in mkdocs.yml)",
    )
    build.add_argument(
        "--edit-url",
        metavar="URL",
        help="without a Weblate URL, it opens the entry's content file in this web editor, e.g. "
        "https://github.com/owner/rulebook/edit/main/ (default: extra.edit_url in mkdocs.yml)",
    )
    build.set_defaults(run=command_build)

    serve = commands.add_parser("serve", help="build, serve on 127.0.0.1 and rebuild on every change")
    serve.add_argument("--out", help="output folder (default: site/)")
    serve.add_argument(
        "--work", help="folder for intermediate files and caches (default: build/, or a temporary folder with --out)"
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.set_defaults(run=command_serve)

    bench = commands.add_parser("bench", help="run a benchmark and print its figures as JSON")
    bench.add_argument("benchmark", choices=sorted(BENCHMARKS), help="which benchmark")
    bench.set_defaults(run=command_bench)


def _add_translate_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The translator's workflow: ``translate`` and its steps status, export, import, review, terms."""
    translate = commands.add_parser(
        "translate", help="translator workflow: status, PO catalog export and import, review, glossary terms"
    )
    steps = translate.add_subparsers(dest="step", required=True, metavar="STEP")
    status = steps.add_parser("status", help="count entries per translation state and language")
    status.add_argument("--lang", choices=LANGUAGES, help="one language, listing its outdated and missing entries")
    status.add_argument("--json", action="store_true", help="print JSON with the entry ids of each state")
    status.set_defaults(run=command_translate_status)
    catalog = steps.add_parser("export", help="write the PO catalog of one language")
    catalog.add_argument("--lang", choices=LANGUAGES, required=True, help="the language to translate into")
    catalog.add_argument("--out", metavar="FILE", help="write to FILE (default: standard output)")
    catalog.set_defaults(run=command_translate_export)
    incoming = steps.add_parser("import", help="write a PO catalog's translations into the content")
    incoming.add_argument("file", metavar="FILE", help="the PO file (its Language header names the language)")
    incoming.add_argument(
        "--dry-run", action="store_true", help="check the catalog and list what would change, write nothing"
    )
    incoming.add_argument("--lang", choices=LANGUAGES, help="refuse the file unless it is a catalog for this language")
    incoming.add_argument(
        "--force",
        action="store_true",
        help="overwrite stored translations that changed since the export (lists each); nothing else is forced",
    )
    incoming.add_argument(
        "--method",
        choices=[method.value for method in TranslationMethod],
        default=TranslationMethod.BY_HAND.value,
        help="how the new translations were made, recorded as their provenance (default by-hand)",
    )
    incoming.add_argument(
        "--consulted",
        action="append",
        choices=LANGUAGES,
        metavar="LANG",
        help="a language version read alongside the original (repeatable), recorded as provenance",
    )
    incoming.set_defaults(run=command_translate_import)
    review = steps.add_parser("review", help="mark a translation reviewed against the current original")
    review.add_argument("entry", metavar="ENTRY", help="entry id, e.g. how.aktionsstapel")
    review.add_argument("--lang", choices=LANGUAGES, required=True, help="the translation's language")
    review.add_argument(
        "--reviewer", help="who checked it against the original (recorded; default: `git config user.name`)"
    )
    review.set_defaults(run=command_translate_review)

    terms = steps.add_parser("terms", help="how many uses of each glossary term the glossary's forms recognise")
    terms.add_argument("--lang", choices=LANGUAGES, help="only this language")
    terms.add_argument("--term", action="append", metavar="ID", help="only this term (repeatable)")
    terms.add_argument("--json", action="store_true", help="print JSON, one object per term and language")
    terms.add_argument(
        "--min",
        type=float,
        default=0.0,
        metavar="RATIO",
        help="exit 1 if a term is below RATIO, e.g. 0.95 (default: report only)",
    )
    terms.add_argument(
        "--show", type=int, default=5, metavar="N", help="unrecognised contexts listed per row (default 5)"
    )
    terms.set_defaults(run=command_translate_terms)


def _add_coverage_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``coverage`` command: how much of each source its entries reproduce."""
    coverage = commands.add_parser("coverage", help="share of each source's words reproduced by its entries")
    coverage.add_argument("--minimum", type=float, default=0.99, help="fail below this share (default 0.99)")
    coverage.add_argument(
        "--show-missing", type=int, default=0, metavar="N", help="list the N most frequent missing tokens"
    )
    coverage.add_argument("--json", action="store_true", help="print JSON")
    coverage.set_defaults(run=command_coverage)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = _parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except RulebookError as error:
        print(f"rulebook {args.command}: {error}", file=sys.stderr)
        return error.exit_code
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        # Ctrl-C, as a shell reports a process that SIGINT ended: 128 + 2.
        print(f"rulebook {args.command}: interrupted (Ctrl-C)", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
