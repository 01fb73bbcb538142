"""The translator workflow: PO catalogs of the content, the checks a translation must pass.

- :mod:`.catalog` — ``rulebook translate export``: the catalog of everything translatable
- :mod:`.checks` — what a translation must keep: layout, numbers, glossary terms, Markdown
- :mod:`.importer` — ``rulebook translate import`` and ``review``
- :mod:`.status` — ``rulebook translate status``: entries per state and language
"""
