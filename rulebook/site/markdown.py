"""Markdown transforms of the site: content text made inert, entry links resolved, terms linked.

Content never injects markup: bodies have ``<`` escaped before their Markdown is kept
(:func:`escape_markup`), titles go through :func:`inline_markdown` or :func:`yaml_string`, and
:mod:`rulebook.site.sanitize` cleans the built HTML a second time. Scenario and result data are
shown as tables and lists (:mod:`rulebook.site.examples`), not as YAML.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from markupsafe import Markup, escape

from rulebook.content.references import find_references, protected_spans
from rulebook.site.urls import relative_link

__all__ = [
    "entry_links_to",
    "escape_markup",
    "inline_markdown",
    "link_first_mentions",
    "link_section_references",
    "resolve_entry_links",
    "yaml_string",
]


def escape_markup(markdown: str) -> str:
    """Make raw HTML in content Markdown inert: ``<`` becomes ``&lt;`` (so no tag can open).

    Markdown syntax (emphasis, lists, tables, links) is untouched; an entity the
    author typed stays an entity and shows as its character.

    >>> escape_markup('Use <script>alert(1)</script> and <img src=x onerror=alert(2)>!')
    'Use &lt;script>alert(1)&lt;/script> and &lt;img src=x onerror=alert(2)>!'
    """
    return markdown.replace("<", "&lt;")


_REF_LINK = re.compile(r"\[([^\]]*)\]\(ref:([^)\s]+)\)")


def resolve_entry_links(markdown: str, page_path: str, targets: Mapping[str, str]) -> str:
    """Rewrite ``[text](ref:ENTRY-ID)`` into a relative link to that entry's page.

    ``targets`` maps entry ids to their docs-relative page paths; the loader has
    already refused unknown ids, so an unknown one here is a bug and raises ``KeyError``.

    >>> resolve_entry_links("s. [Sperren](ref:how.sperren)", "hell-of-a-war/abwerfen.md",
    ...                     {"how.sperren": "hell-of-a-war/sperren.md"})
    's. [Sperren](sperren.md)'
    """
    return _REF_LINK.sub(lambda m: f"[{m.group(1)}]({relative_link(page_path, targets[m.group(2)])})", markdown)


def entry_links_to(markdown: str, urls: Mapping[str, str]) -> str:
    """Rewrite ``[text](ref:ENTRY-ID)`` into a link to ``urls[ENTRY-ID]`` as it is (an absolute URL).

    >>> entry_links_to("s. [Sperren](ref:how.sperren)", {"how.sperren": "https://r.example/de/how/sperren/"})
    's. [Sperren](https://r.example/de/how/sperren/)'
    """
    return _REF_LINK.sub(lambda m: f"[{m.group(1)}]({urls[m.group(2)]})", markdown)


def link_section_references(markdown: str, page_path: str, sections: Mapping[str, str]) -> str:
    """Link every section number ``markdown`` refers to (:func:`rulebook.content.references.find_references`)
    that ``sections`` knows: it maps section numbers to docs-relative page paths (``#anchor`` allowed).

    Numbers inside links, code and headings, numbers that are no reference and unknown numbers stay text.

    >>> link_section_references("siehe 10.2.1 und (8.1); 2 Würfel, [9.1](x.md)", "us/a.md",
    ...                         {"10.2.1": "us/10-2-1.md", "8.1": "sources/us/8-1.md#8-1", "9.1": "us/9-1.md"})
    'siehe [10.2.1](10-2-1.md) und ([8.1](../sources/us/8-1.md#8-1)); 2 Würfel, [9.1](x.md)'
    """
    if not sections:
        return markdown
    pieces = []
    position = 0
    for reference in find_references(markdown):
        target = sections.get(reference.number)
        if target is None:
            continue
        pieces.append(markdown[position : reference.start])
        pieces.append(f"[{reference.number}]({relative_link(page_path, target)})")
        position = reference.end
    pieces.append(markdown[position:])
    return "".join(pieces)


def link_first_mentions(markdown: str, mentions: Sequence[tuple[Sequence[str], str]]) -> str:
    """Link the first mention of each term: ``mentions`` pairs the forms of a term with its link.

    Longer forms win over shorter ones; words inside existing links, code, entities and
    headings are left alone; matching ignores case but keeps the text as written.

    >>> link_first_mentions("Der Aktionsstapel: jeder Aktionsstapels Ende.",
    ...                     [(["Aktionsstapel", "Aktionsstapels"], "../glossary/aktionsstapel.md")])
    'Der [Aktionsstapel](../glossary/aktionsstapel.md): jeder Aktionsstapels Ende.'
    >>> link_first_mentions("see [the TW rule](x.md) and TW", [(["TW"], "tw.md")])
    'see [the TW rule](x.md) and [TW](tw.md)'
    """
    for forms, href in mentions:
        alternatives = sorted({form for form in forms if form.strip()}, key=len, reverse=True)
        if not alternatives:
            continue
        pattern = re.compile(
            r"(?<!\w)(" + "|".join(re.escape(form) for form in alternatives) + r")(?!\w)", re.IGNORECASE
        )
        protected = protected_spans(markdown)
        for match in pattern.finditer(markdown):
            if any(start < match.end() and match.start() < end for start, end in protected):
                continue
            markdown = f"{markdown[: match.start()]}[{match.group(1)}]({href}){markdown[match.end() :]}"
            break
    return markdown


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|#])")


def inline_markdown(value: object) -> Markup:
    """Plain text for inline Markdown: HTML-escaped, Markdown punctuation backslash-escaped.

    >>> str(inline_markdown("Axis & Allies [2nd] *ed* <b>"))
    'Axis &amp; Allies \\\\[2nd\\\\] \\\\*ed\\\\* &lt;b&gt;'
    """
    return Markup(_MARKDOWN_SPECIAL.sub(r"\\\1", str(escape(str(value)))))


def yaml_string(value: object) -> Markup:
    """A YAML double-quoted scalar holding ``value`` HTML-escaped (MkDocs themes print titles unescaped).

    >>> str(yaml_string('Axis & Allies: "Retreat" <b>'))
    '"Axis &amp; Allies: &#34;Retreat&#34; &lt;b&gt;"'
    >>> str(yaml_string("Сброс"))
    '"Сброс"'
    """
    return Markup(json.dumps(str(escape(value)), ensure_ascii=False))
