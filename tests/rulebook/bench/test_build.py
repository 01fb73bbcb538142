"""Tests of :mod:`rulebook.bench.build`: the synthetic corpora are valid content of the requested size."""

from __future__ import annotations

from pathlib import Path

from rulebook.bench import BENCHMARKS
from rulebook.bench.build import write_synthetic_content
from rulebook.content.load import load_or_raise
from rulebook.content.model import LANGUAGES


def test_synthetic_content_is_valid_and_fully_translated(content_dir: Path, tmp_path: Path) -> None:
    """N entries (more than one cycle of the real 365), all valid, a body in every language, links inside the copy."""
    count = 370
    write_synthetic_content(content_dir, tmp_path / "content", count)
    corpus = load_or_raise(tmp_path / "content")
    assert len(corpus.entries) == count
    ids = {entry.id for entry in corpus.entries}
    for entry in corpus.entries:
        if entry.original.body.strip():
            assert all(entry.text[lang].body.strip() for lang in entry.text), entry.id
        assert set(entry.text) == set(LANGUAGES)
        assert set(entry.see_also) <= ids
        assert entry.parent is None or entry.parent in ids


def test_build_benchmark_is_registered() -> None:
    """`rulebook bench build` runs rulebook.bench.build.bench_build."""
    assert BENCHMARKS["build"] == "rulebook.bench.build:bench_build"
