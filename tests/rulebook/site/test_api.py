"""The rules as data (``rulebook.site.api``): the sample site's API documents against their schemas and the site."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from rulebook import __version__
from rulebook.content.load import load_corpus
from rulebook.content.model import LANGUAGES, Corpus, Language
from rulebook.site.api import API_FOLDER, API_VERSION, api_schemas, markdown_to_plain
from rulebook.site.build import DEFAULT_SITE_URL
from rulebook.site.views import text_choice
from tests.conftest import DATA

_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "title", "description", "default"})
"""Keywords that say nothing about validity."""


def schema_problems(value: Any, schema: dict[str, Any], root: dict[str, Any], where: str = "$") -> list[str]:
    """Every way ``value`` fails ``schema``: a validator of the subset of JSON Schema 2020-12 the API's
    schemas use (``$ref`` into ``$defs``, ``type``, ``properties``, ``required``, ``additionalProperties``,
    ``items``, ``enum``, ``const``, ``anyOf``). A keyword outside the subset is a problem too, so a schema
    cannot pass by saying something this validator ignores."""
    problems = [f"{where}: unknown keyword {key!r}" for key in schema if key not in _KEYWORDS | _ANNOTATIONS]
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        problems += schema_problems(value, root["$defs"][name], root, where)
    if "anyOf" in schema:
        if all(schema_problems(value, option, root, where) for option in schema["anyOf"]):
            problems.append(f"{where}: {value!r} matches none of {schema['anyOf']}")
    if "const" in schema and value != schema["const"]:
        problems.append(f"{where}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        problems.append(f"{where}: {value!r} is not one of {schema['enum']}")
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[name](value) for name in types):
            return [*problems, f"{where}: {value!r} is not of type {schema['type']}"]
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        problems += [f"{where}: {key!r} is missing" for key in schema.get("required", []) if key not in value]
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in properties:
                problems += schema_problems(item, properties[key], root, f"{where}.{key}")
            elif extra is False:
                problems.append(f"{where}: {key!r} is not allowed")
            elif isinstance(extra, dict):
                problems += schema_problems(item, extra, root, f"{where}.{key}")
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            problems += schema_problems(item, schema["items"], root, f"{where}[{index}]")
    return problems


_KEYWORDS = frozenset(
    {"$ref", "anyOf", "const", "enum", "type", "properties", "required", "additionalProperties", "items"}
)
_TYPES = {
    "object": lambda value: isinstance(value, dict),
    "array": lambda value: isinstance(value, list),
    "string": lambda value: isinstance(value, str),
    "integer": lambda value: isinstance(value, int) and not isinstance(value, bool),
    "number": lambda value: isinstance(value, int | float) and not isinstance(value, bool),
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
}


class TestValidator:
    """The test's own schema validator finds what it must (else every other test here proves nothing)."""

    def test_refuses_a_wrong_document(self) -> None:
        """A missing field, an unknown one, a wrong type and a value outside an enum are each reported."""
        schema = api_schemas()["entry"]
        problems = schema_problems({"api_version": "1", "colour": "red", "notes": [{"kind": "x"}]}, schema, schema)
        text = "\n".join(problems)
        assert "'id' is missing" in text
        assert "'colour' is not allowed" in text
        assert "$.api_version: '1' is not 1" in text
        assert "$.notes[0].kind: 'x' is not one of" in text

    def test_refuses_an_unknown_keyword(self) -> None:
        """A schema keyword outside the subset is reported, not ignored."""
        assert schema_problems("a", {"minLength": 3}, {}) == ["$: unknown keyword 'minLength'"]


@pytest.fixture(scope="module")
def good_corpus() -> Corpus:
    """The sample content the ``sample_site`` is built from."""
    result = load_corpus(DATA / "good", DATA / "sources")
    assert result.corpus is not None, [str(problem) for problem in result.errors]
    return result.corpus


@pytest.fixture(scope="module")
def api(sample_site: Path) -> Path:
    return sample_site / API_FOLDER


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _site_path(site: Path, url: str) -> Path:
    """The built file of a page's absolute URL (``…/de/game/slug/`` → ``de/game/slug/index.html``)."""
    assert url.startswith(DEFAULT_SITE_URL), url
    path = urlsplit(url).path.removeprefix(urlsplit(DEFAULT_SITE_URL).path)
    return site / path / "index.html"


class TestDocuments:
    """Every document the sample site's API holds validates against its schema."""

    def test_schemas_are_published(self, api: Path) -> None:
        """The schemas the site serves are the declared ones, of the 2020-12 dialect."""
        for name, schema in api_schemas().items():
            assert _read(api / "schema" / f"{name}.json") == schema
            assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"

    def test_every_document_validates(self, api: Path) -> None:
        """The index and every entry document (all five languages) validate; each carries the API version."""
        schemas = api_schemas()
        index = _read(api / "index.json")
        assert schema_problems(index, schemas["index"], schemas["index"]) == []
        documents = sorted(path for path in api.rglob("*.json") if path.parent.name != "schema")
        entry_documents = [path for path in documents if path.name != "index.json"]
        assert len(entry_documents) == len(index["entries"]) * len(LANGUAGES)
        for path in entry_documents:
            document = _read(path)
            assert schema_problems(document, schemas["entry"], schemas["entry"]) == [], path
            assert document["api_version"] == API_VERSION
        assert index["api_version"] == API_VERSION

    def test_index_round_trips_to_the_site(self, api: Path, sample_site: Path, good_corpus: Corpus) -> None:
        """Each entry of the index names a built page and an entry document per language, and the document
        is that entry's, in that language, pointing back to the same page."""
        index = _read(api / "index.json")
        assert [entry["id"] for entry in index["entries"]] == [
            entry.id for entry in sorted(good_corpus.entries, key=lambda e: (e.source, e.order))
        ]
        assert [language["code"] for language in index["languages"]] == list(LANGUAGES)
        for entry in index["entries"]:
            assert set(entry["pages"]) == set(entry["documents"]) == set(LANGUAGES)
            for code in LANGUAGES:
                assert _site_path(sample_site, entry["pages"][code]).is_file(), entry["pages"][code]
                document = _read(api / entry["documents"][code])
                assert (document["id"], document["lang"], document["url"]) == (entry["id"], code, entry["pages"][code])
        for source in index["sources"]:
            for url in source["pages"].values():
                assert _site_path(sample_site, url).is_file(), url

    def test_links_inside_documents_reach_built_pages(self, api: Path, sample_site: Path) -> None:
        """Terms, see-also entries and the links of the Markdown texts point at pages the site has."""
        for path in api.glob("*/*/*.json"):
            document = _read(path)
            urls = [link["url"] for link in [*document["terms"], *document["see_also"]]]
            urls += re.findall(r"\]\((http[^)]+)\)", document["text"]["markdown"] + document["original"]["markdown"])
            for url in urls:
                assert _site_path(sample_site, url).is_file(), (path, url)

    def test_texts_match_the_content(self, api: Path, good_corpus: Corpus) -> None:
        """An entry document holds the text its page shows, the original as stored, and the language's state."""
        for entry in good_corpus.entries:
            for code in LANGUAGES:
                document = _read(api / code / entry.game / f"{entry.slug}.json")
                choice = text_choice(entry, Language(code))
                assert document["text"]["lang"] == choice.main_lang.value
                assert document["text"]["title"] == choice.main.title
                assert "ref:" not in document["text"]["markdown"]
                assert document["text"]["plain"] == markdown_to_plain(document["text"]["markdown"])
                assert document["original"]["lang"] == entry.lang.value
                assert document["original"]["title"] == entry.original.title
                assert document["status"]["original_digest"] == entry.current_digest()
                version = entry.text.get(Language(code))
                if code == entry.lang.value:
                    assert document["status"]["state"] == "original"
                    assert document["status"]["made_from_digest"] is None
                elif version is not None:
                    assert document["status"]["made_from_digest"] == version.source_digest
                assert [link["id"] for link in document["see_also"]] == entry.see_also
                assert [link["id"] for link in document["terms"]] == entry.terms
                assert len(document["notes"]) == len(entry.notes)

    def test_plain_text_has_no_markup(self, api: Path) -> None:
        """The plain text keeps the words and drops links and emphasis marks."""
        for path in api.glob("*/*/*.json"):
            plain = _read(path)["text"]["plain"]
            assert "](" not in plain and "**" not in plain, path

    def test_content_version_follows_the_documents(self, api: Path, good_corpus: Corpus) -> None:
        """The index's content digest is the SHA-256 of the entry documents as written, with Rulebook's version."""
        index = _read(api / "index.json")
        digest = hashlib.sha256()
        for entry in good_corpus.entries:
            for code in LANGUAGES:
                digest.update((api / code / entry.game / f"{entry.slug}.json").read_bytes() + b"\0")
        assert index["content_version"] == {"rulebook": __version__, "digest": digest.hexdigest()}
