"""Shared fixtures: where the repository, its content and the primary sources are.

In CI (``CI=true``) a missing prerequisite is a failure, never a skip.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
IN_CI = os.environ.get("CI", "").lower() == "true"


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


@pytest.fixture(scope="session")
def sources_dir() -> Path:
    """The primary sources (``../shared/sources`` beside the repository)."""
    path = Path(os.environ.get("RULEBOOK_SOURCES", REPOSITORY.parent / "shared" / "sources"))
    require(path.is_dir(), f"primary sources not found at {path}")
    return path


@pytest.fixture()
def sample_content(tmp_path: Path) -> Path:
    """A copy of the small valid content tree of ``tests/data/good`` in ``tmp/content``."""
    target = tmp_path / "content"
    shutil.copytree(DATA / "good", target)
    return target
