"""Tests of :mod:`rulebook.content.history`: the entries' changes read from git, what each did, the cache."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rulebook.content import history as history_module
from rulebook.content.history import HISTORY_CACHE, ChangeKind, change_kinds, keep_history, read_history
from rulebook.content.load import load_corpus
from tests.rulebook.content.history_repository import (
    ENTRY_ID,
    FIRST_DATE,
    SECOND_DATE,
    HistoryRepository,
    git,
    write_history_repository,
)


@pytest.fixture()
def repository(tmp_path: Path) -> HistoryRepository:
    return write_history_repository(tmp_path / "repo")


def test_every_commit_of_an_entry_is_a_change_newest_first(repository: HistoryRepository) -> None:
    """Two commits changed the entry: two changes, newest first, with their commits and committer dates."""
    history = read_history(repository.content)
    assert history.available and history.notice is None
    assert history.head == repository.commits[1]
    assert history.prefix == "content/"
    changes = history.changes[ENTRY_ID]
    assert [change.commit for change in changes] == list(reversed(repository.commits))
    assert [change.date for change in changes] == [SECOND_DATE, FIRST_DATE]
    assert changes[1].before is None, "the first commit added the file"
    assert changes[0].before is changes[1].after, "a version is read once and shared by the changes on its sides"
    assert "nieuwe kaarten" in changes[0].after.texts["nl"].body
    assert "oude kaarten" in changes[0].before.texts["nl"].body


def test_what_each_change_did_to_each_language(repository: HistoryRepository) -> None:
    """Original added and translations drafted, then the original changed: German revised, English outdated."""
    second, first = read_history(repository.content).changes[ENTRY_ID]
    assert change_kinds(first, "nl") == (ChangeKind.ADDED,)
    assert change_kinds(first, "de") == change_kinds(first, "en") == (ChangeKind.DRAFTED,)
    assert change_kinds(second, "nl") == (ChangeKind.ORIGINAL_CHANGED,)
    assert change_kinds(second, "de") == (ChangeKind.REVISED,)
    assert change_kinds(second, "en") == (ChangeKind.OUTDATED,)
    assert change_kinds(second, "hu") == (), "a language the entry has no text in"


def test_a_review_is_a_change_of_its_own(repository: HistoryRepository) -> None:
    """Marking the German translation reviewed (its text unchanged) is a change of kind "reviewed" only."""
    entry = repository.content / "hell-of-a-war" / f"{ENTRY_ID}.yaml"
    text = entry.read_text(encoding="utf-8")
    german = text.index("  de:")
    entry.write_text(text[:german] + text[german:].replace("status: draft", "status: reviewed", 1), encoding="utf-8")
    git(repository.root, "commit", "--quiet", "--no-gpg-sign", "-am", "Reviewed", date="2026-05-01T08:00:00+00:00")
    latest = read_history(repository.content).changes[ENTRY_ID][0]
    assert latest.date == "2026-05-01T08:00:00+00:00"
    assert change_kinds(latest, "de") == (ChangeKind.REVIEWED,)
    assert change_kinds(latest, "nl") == change_kinds(latest, "en") == ()


def test_only_entry_files_are_read(repository: HistoryRepository) -> None:
    """Games, sources, terms and examples have no History: their files' changes are not read."""
    (repository.content / "games.yaml").write_text("- id: changed\n", encoding="utf-8")
    (repository.content / "terms").mkdir()
    (repository.content / "terms" / "schroot.yaml").write_text("id: schroot\ntext: {}\n", encoding="utf-8")
    git(repository.root, "add", "-A")
    git(repository.root, "commit", "--quiet", "--no-gpg-sign", "-m", "Other files", date=SECOND_DATE)
    history = read_history(repository.content)
    assert list(history.changes) == [ENTRY_ID]
    assert len(history.changes[ENTRY_ID]) == 2


def test_the_history_is_cached_by_commit(
    repository: HistoryRepository, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second read at the same HEAD is the first one in the same process, and comes from the cache file in
    another, without running git log; a new commit reads git again."""
    cache = tmp_path / "cache"
    first = read_history(repository.content, cache)
    assert json.loads((cache / HISTORY_CACHE).read_text(encoding="utf-8"))["key"]["head"] == repository.commits[1]

    def no_git_log(content: Path) -> None:
        raise AssertionError("git log ran although the cache holds this commit's history")

    with monkeypatch.context() as patched:
        patched.setattr(history_module, "_from_git", no_git_log)
        assert read_history(repository.content, cache) is first
        patched.setattr(history_module, "_READ", {})  # another process: only the cache file
        again = read_history(repository.content, cache)
    assert again is not first and again.changes == first.changes
    git(repository.root, "commit", "--quiet", "--no-gpg-sign", "--allow-empty", "-m", "Later", date=SECOND_DATE)
    later = read_history(repository.content, cache)
    assert later.head != first.head and later.changes == first.changes


def test_the_corpus_loads_from_the_repository(repository: HistoryRepository) -> None:
    """The repository's content is valid content (the site tests build it)."""
    result = load_corpus(repository.content)
    assert result.corpus is not None, [str(problem) for problem in result.errors]


def test_no_repository_shallow_clone_or_git_gives_a_notice(
    repository: HistoryRepository, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder outside git, a shallow clone and a machine without git: no changes, and a notice saying why."""
    copy = tmp_path / "copy"
    shutil.copytree(repository.content, copy)
    outside = read_history(copy)
    assert not outside.available and outside.changes == {}
    assert "not in a git work tree" in str(outside.notice)
    shallow = tmp_path / "shallow"
    subprocess.run(
        ["git", "clone", "--quiet", "--depth", "1", repository.root.as_uri(), str(shallow)],
        check=True,
        capture_output=True,
    )
    clone = read_history(shallow / "content")
    assert not clone.available and clone.changes == {}
    assert "shallow clone" in str(clone.notice)
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs"))
    without_git = read_history(repository.content)
    assert not without_git.available and "git is not installed" in str(without_git.notice)


def test_three_git_processes_whatever_the_number_of_files(
    repository: HistoryRepository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rev-parse, one log pass and one cat-file batch read the history of every entry file, however many."""
    entry = repository.content / "hell-of-a-war" / f"{ENTRY_ID}.yaml"
    text = entry.read_text(encoding="utf-8")
    for number in range(8):
        copy_id = f"how.schroot-{number}"
        (entry.parent / f"{copy_id}.yaml").write_text(text.replace(ENTRY_ID, copy_id), encoding="utf-8")
    git(repository.root, "add", "-A")
    git(repository.root, "commit", "--quiet", "--no-gpg-sign", "-m", "Eight more", date=SECOND_DATE)
    commands: list[str] = []
    run_git = history_module._git

    def counted(folder: Path, *args: str, data: bytes | None = None) -> bytes:
        commands.append(args[0])
        return run_git(folder, *args, data=data)

    monkeypatch.setattr(history_module, "_git", counted)
    history = read_history(repository.content)
    assert len(history.changes) == 9
    assert commands == ["rev-parse", "log", "cat-file"]


def test_a_history_read_by_another_process_is_kept_for_the_next_read(
    repository: HistoryRepository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build's worker reads the history; kept in the building process, its rebuilds need neither git log nor
    a cache file."""
    monkeypatch.setattr(history_module, "_READ", {})
    from_worker = read_history(repository.content)
    monkeypatch.setattr(history_module, "_READ", {})
    keep_history(repository.content, from_worker)

    def no_git_log(content: Path) -> None:
        raise AssertionError("git log ran although the history was kept")

    monkeypatch.setattr(history_module, "_from_git", no_git_log)
    assert read_history(repository.content) is from_worker
