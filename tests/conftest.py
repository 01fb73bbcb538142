"""Shared fixtures: where the repository, its content and the primary sources are.

The real content is loaded once per test session (:func:`real_content`, also
used at collection time by modules that parametrize over its examples), and the
small sample content of ``tests/data/good`` is built into a site once per session
(:func:`sample_site`) for every module that only reads that site; so is the content of a small
git repository with two commits (:func:`history_site`, :mod:`tests.rulebook.content.history_repository`).

In CI (``CI=true``) a missing prerequisite is a failure, never a skip.
"""

from __future__ import annotations

import functools
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

from rulebook.content.load import LoadResult, load_corpus
from rulebook.content.model import Corpus
from tests.rulebook.content.history_repository import HistoryRepository, write_history_repository

REPOSITORY = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
IN_CI = os.environ.get("CI", "").lower() == "true"

# Property tests assert answers, not speed (speed is measured by `rulebook bench`): Hypothesis's default
# deadline of 200 ms per example fails them when the machine is busy. A test that must bound its time
# (the fuzz test of tests/rulebook/adjudication/test_fuzz.py) sets its own deadline.
settings.register_profile("rulebook", deadline=None)
settings.load_profile("rulebook")


def require(condition: bool, reason: str) -> None:
    """Skip when ``condition`` is false — except in CI, where it is a failure."""
    if not condition:
        if IN_CI:
            pytest.fail(f"prerequisite missing in CI: {reason}")
        pytest.skip(reason)


@pytest.fixture(scope="session")
def content_dir() -> Path:
    """The project's real content folder."""
    return REPOSITORY / "content"


def primary_sources() -> Path:
    """Where the primary sources should be: ``RULEBOOK_SOURCES`` or ``../shared/sources``."""
    return Path(os.environ.get("RULEBOOK_SOURCES", REPOSITORY.parent / "shared" / "sources"))


@pytest.fixture(scope="session")
def sources_dir() -> Path:
    """The primary sources (``../shared/sources`` beside the repository)."""
    path = primary_sources()
    require(path.is_dir(), f"primary sources not found at {path}")
    return path


@functools.cache
def real_content() -> LoadResult:
    """The real content loaded and cross-checked, once per test process.

    The sources are checked when they are present; without them the corpus is the
    same, only the missing documents are reported (see the ``sources_dir`` fixture).
    Tests share the returned objects: never change them, use ``model_copy``.
    """
    sources = primary_sources()
    return load_corpus(REPOSITORY / "content", sources if sources.is_dir() else None)


@pytest.fixture(scope="session")
def real_corpus() -> Corpus:
    """The real content as a :class:`Corpus` (loaded once per session)."""
    result = real_content()
    assert result.corpus is not None, [str(p) for p in result.errors]
    return result.corpus


@pytest.fixture(scope="session")
def sample_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample content of ``tests/data/good`` built once per session, all five languages; the site folder."""
    from rulebook.site.build import ProjectPaths, build_site

    folder = tmp_path_factory.mktemp("sample-site")
    paths = ProjectPaths.for_project(
        REPOSITORY, content=DATA / "good", sources=DATA / "sources", out=folder / "site", work=folder / "build"
    )
    build_site(paths)
    return paths.out


@dataclass(frozen=True)
class HistorySite:
    """The site of :mod:`tests.rulebook.content.history_repository`'s repository, with its progress messages."""

    repository: HistoryRepository
    root: Path
    messages: tuple[str, ...]


HISTORY_TRANSLATE_URL = "https://weblate.example/translate/rulebook/content/"
"""The Weblate component :func:`history_site` is built with (``--translate-url``)."""


@pytest.fixture(scope="session")
def history_site(tmp_path_factory: pytest.TempPathFactory) -> HistorySite:
    """The repository with two commits built once per session in de, en and nl (its original), with a Weblate URL."""
    from rulebook.site.build import ProjectPaths, build_site

    folder = tmp_path_factory.mktemp("history-site")
    repository = write_history_repository(folder / "repo")
    paths = ProjectPaths.for_project(REPOSITORY, content=repository.content, out=folder / "site", work=folder / "build")
    messages: list[str] = []
    build_site(paths, languages=("de", "en", "nl"), progress=messages.append, translate_url=HISTORY_TRANSLATE_URL)
    return HistorySite(repository, paths.out, tuple(messages))


@pytest.fixture()
def sample_content(tmp_path: Path) -> Path:
    """A copy of the small valid content tree of ``tests/data/good`` in ``tmp/content``."""
    target = tmp_path / "content"
    shutil.copytree(DATA / "good", target)
    return target


SHARED_BUILDS = ("built_site", "sample_site")
"""Session fixtures that build a site: the tests using one run in one worker, so it is built once."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Group the tests for ``pytest -n … --dist loadgroup`` (pytest-xdist): each build and module fixture made once.

    Each test of a module runs in the same worker (its module fixtures are made once), except that
    every test using a built site (:data:`SHARED_BUILDS`) runs in that site's group.
    """
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        group = next((name for name in SHARED_BUILDS if name in fixtures), item.nodeid.split("::")[0])
        item.add_marker(pytest.mark.xdist_group(group))
