"""A small git repository whose content has a history: what the history tests read and build.

One game, one source whose original is Dutch, and one entry of three paragraphs translated into
German and English (its title only into Hungarian and Russian). Two commits with fixed dates: the
first adds the entry with both translations, the second changes the original's second paragraph
and revises the German translation to match (its digest updated), leaving the English one made
from the old original (so it became outdated).
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from rulebook.content.model import digest_text

__all__ = ["ENTRY_ID", "FIRST_DATE", "SECOND_DATE", "HistoryRepository", "git", "write_history_repository"]

ENTRY_ID = "how.schroot"
FIRST_DATE = "2026-03-01T10:00:00+00:00"
SECOND_DATE = "2026-04-02T12:30:00+00:00"

_GAMES = """\
- id: hell-of-a-war
  prefix: how
  name:
    en: Hell of a War
"""

_SOURCES = """\
- id: how-faq
  file: how-faq-sample.txt
  game: hell-of-a-war
  lang: nl
  authority: official
  title:
    nl: FAQ
    en: FAQ
"""

_TITLE = {"nl": "Schroot", "de": "Schrott", "en": "Scrap", "hu": "Roncs", "ru": "Лом"}
_FIRST = {
    "nl": "Kaarten gaan naar de schroothoop.\n\nAlleen oude kaarten tellen.\n\n- een lijst",
    "de": "Karten kommen auf den Schrottplatz.\n\nNur alte Karten zählen.\n\n- eine Liste",
    "en": "Cards go to the scrapyard.\n\nOnly old cards count.\n\n- a list",
}
_SECOND = {
    **_FIRST,
    "nl": "Kaarten gaan naar de schroothoop.\n\nAlleen nieuwe kaarten tellen mee.\n\n- een lijst",
    "de": "Karten kommen auf den Schrottplatz.\n\nNur neue Karten zählen mit.\n\n- eine Liste",
}


def _entry(bodies: dict[str, str], de_made_from: dict[str, str], en_made_from: dict[str, str]) -> str:
    def block(body: str) -> str:
        return "\n".join(f"      {line}" if line else "" for line in body.split("\n"))

    def translation(lang: str, made_from: dict[str, str]) -> str:
        digest = digest_text(_TITLE["nl"], made_from["nl"])
        return (
            f"  {lang}:\n    title: {_TITLE[lang]}\n    body: |\n{block(bodies[lang])}\n    status: draft\n"
            f"    source_digest: {digest}\n"
        )

    return (
        f"id: {ENTRY_ID}\ngame: hell-of-a-war\nsource: how-faq\norder: 1\nkind: faq\nheading: Schroot\nlang: nl\n"
        f"text:\n  nl:\n    title: {_TITLE['nl']}\n    body: |\n{block(bodies['nl'])}\n    status: original\n"
        + translation("de", de_made_from)
        + translation("en", en_made_from)
        + "".join(f"  {lang}:\n    title: {_TITLE[lang]}\n" for lang in ("hu", "ru"))
    )


def git(folder: Path, *args: str, date: str = FIRST_DATE) -> str:
    """Run git in ``folder`` with a fixed author, committer and date, and no user or system configuration."""
    environment = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Tester",
        "GIT_AUTHOR_EMAIL": "tester@example.org",
        "GIT_COMMITTER_NAME": "Tester",
        "GIT_COMMITTER_EMAIL": "tester@example.org",
        "GIT_AUTHOR_DATE": date,
        "GIT_COMMITTER_DATE": date,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
    }
    return subprocess.run(
        ["git", "-C", str(folder), *args], capture_output=True, text=True, check=True, env=environment
    ).stdout


@dataclass(frozen=True)
class HistoryRepository:
    """The repository's folder, its content folder and the two commits (oldest first)."""

    root: Path
    content: Path
    commits: tuple[str, str]


def write_history_repository(root: Path) -> HistoryRepository:
    """Make the repository described in the module's docstring in ``root``."""
    content = root / "content"
    (content / "hell-of-a-war").mkdir(parents=True)
    (content / "games.yaml").write_text(_GAMES, encoding="utf-8")
    (content / "sources.yaml").write_text(_SOURCES, encoding="utf-8")
    entry = content / "hell-of-a-war" / f"{ENTRY_ID}.yaml"
    git(root, "init", "--quiet", "--initial-branch=main")
    entry.write_text(_entry(_FIRST, _FIRST, _FIRST), encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "--quiet", "--no-gpg-sign", "-m", "Add the scrap entry", date=FIRST_DATE)
    first = git(root, "rev-parse", "HEAD").strip()
    entry.write_text(_entry(_SECOND, _SECOND, _FIRST), encoding="utf-8")
    git(root, "commit", "--quiet", "--no-gpg-sign", "-am", "New cards count", date=SECOND_DATE)
    second = git(root, "rev-parse", "HEAD").strip()
    return HistoryRepository(root, content, (first, second))
