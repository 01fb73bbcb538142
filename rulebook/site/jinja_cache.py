"""Jinja templates compiled once per process: the page templates' and the MkDocs theme's.

Jinja keys compiled code by template file and checks each source's checksum, so an edited
template is compiled again; everything else is compiled once instead of once per language
(:mod:`rulebook.site.render`) or once per page-by-page rebuild in ``rulebook serve``
(:func:`rulebook.site.mkdocs_run.build_pages`). Kept apart from both so that a MkDocs worker
imports only Jinja (which MkDocs needs anyway) for it.
"""

from __future__ import annotations

import jinja2
import jinja2.bccache

__all__ = ["CompiledTemplates"]


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates kept in memory, shared by every environment with the same settings."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()
