"""The content and its validation: what ``content/`` holds and how it is read.

- :mod:`.model` — the pydantic model of games, sources, entries, terms and examples
- :mod:`.load` — reading and validating ``content/``, every problem at once
- :mod:`.yamlio` — the project's YAML decisions: fast reading, round-trip writing
- :mod:`.coverage` — how much of each source its entries reproduce
"""
