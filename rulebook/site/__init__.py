"""The static site: one Markdown tree per language rendered from templates, built by MkDocs.

- :mod:`.build` — the pipeline: load, run the examples, render, MkDocs per language, Pagefind
- :mod:`.mkdocs_run` — one language tree's strict MkDocs build (in a worker process), or its changed pages
- :mod:`.search_index` — Pagefind's index, fed each tree as soon as it is built
- :mod:`.render` — the Jinja templates of ``templates/`` to Markdown, page by page
- :mod:`.i18n` — gettext catalogs of the UI strings, and Babel's locale formatting
- :mod:`.runtime` — the calculators' in-page runtime (Pyodide, the adjudicator, the page script)
- :mod:`.serve` — ``rulebook serve``: build, serve, rebuild on change
- :mod:`.sanitize`, :mod:`.minify` — the MkDocs hooks run on every page
"""
