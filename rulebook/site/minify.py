"""Drop the theme's indentation from every built page (an entry page's HTML must stay ≤ 50 KB).

mkdocs-material's templates indent their output deeply and leave many blank
lines: about a tenth of an entry page is whitespace between tags. Collapsing a
line break plus indentation into a single line break changes nothing a browser
renders (runs of whitespace are one space in HTML), except inside ``<pre>``,
``<textarea>`` and ``<script>``, which are left exactly as they are. MkDocs loads
this module as a hook (``hooks:`` in ``mkdocs.yml``).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["collapse_whitespace", "on_post_page"]

_VERBATIM = re.compile(r"(<(pre|textarea|script)\b.*?</\2>)", re.DOTALL | re.IGNORECASE)
_INDENTED_BREAK = re.compile(r"\n\s+")


def collapse_whitespace(html: str) -> str:
    """Every line break with the whitespace after it becomes one line break, outside verbatim elements.

    >>> collapse_whitespace("<ul>\\n    <li>a</li>\\n\\n    <li>b</li>\\n</ul>")
    '<ul>\\n<li>a</li>\\n<li>b</li>\\n</ul>'
    >>> collapse_whitespace("<div>\\n  <pre><code>x:\\n  - 1\\n</code></pre>\\n</div>")
    '<div>\\n<pre><code>x:\\n  - 1\\n</code></pre>\\n</div>'
    """
    parts = _VERBATIM.split(html)
    # split() with two groups yields [text, element, tag name, text, element, tag name, …].
    out = []
    for index in range(0, len(parts), 3):
        out.append(_INDENTED_BREAK.sub("\n", parts[index]))
        if index + 1 < len(parts):
            out.append(parts[index + 1])
    return "".join(out)


def on_post_page(output: str, **_: Any) -> str:
    """MkDocs hook: the finished page, without the theme's indentation."""
    return collapse_whitespace(output)
