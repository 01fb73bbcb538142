"""The site's app icons (the web app manifest's ``icons``), drawn at build time as PNG files.

An open book in white on the theme's indigo (``mkdocs.yml``: ``primary: indigo``), the mark of
the header's logo (``material/book-open-variant``), in the sizes an installable site needs: 192
and 512 pixels, and a maskable 512-pixel one whose book stays inside the central circle of 80 %
of the side that every platform's mask keeps (the W3C manifest's "safe zone"). The files are
written with the standard library alone (``zlib``) and are byte for byte the same on every build.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

__all__ = ["ICONS", "Icon", "icon_png"]

BACKGROUND = (0x3F, 0x51, 0xB5)
"""Material's indigo 500, the header's colour."""

PAGE = (0xFF, 0xFF, 0xFF)


@dataclass(frozen=True)
class Icon:
    """One icon file of the manifest."""

    name: str
    """Its file name in the tree's ``icons/`` folder."""
    size: int
    """Width and height in pixels."""
    maskable: bool
    """Drawn for a platform's mask (the book inside the safe zone) rather than shown whole."""

    @property
    def purpose(self) -> str:
        """The manifest's ``purpose`` member."""
        return "maskable" if self.maskable else "any"


ICONS = (
    Icon("icon-192.png", 192, maskable=False),
    Icon("icon-512.png", 512, maskable=False),
    Icon("icon-maskable-512.png", 512, maskable=True),
)


def _book_spans(size: int, scale: float) -> list[list[tuple[int, int]]]:
    """Per row, the white spans ``[start, end)`` of an open book ``scale`` × ``size`` wide, centred.

    Two pages side by side with the spine between them, each page's top edge rising from the
    spine towards its outer edge, as the pages of a book lying open do.
    """
    width = round(size * scale)
    left = (size - width) // 2
    middle = size // 2
    spine = max(2, round(width * 0.04))
    half = middle - spine // 2 - left
    top = middle - round(width * 0.30)
    bottom = middle + round(width * 0.32)
    rise = round(width * 0.08)
    rows: list[list[tuple[int, int]]] = []
    for y in range(size):
        spans: list[tuple[int, int]] = []
        if top - rise <= y < bottom:
            # Above ``top`` only the part of each page beyond the slope's height at this row is white.
            reach = half if y >= top else round(half * (top - y) / rise)
            spans = [
                (left, middle - spine // 2 - (reach if y < top else 0)),
                (middle + spine - spine // 2 + (reach if y < top else 0), left + width),
            ]
            spans = [(start, end) for start, end in spans if end > start]
        rows.append(spans)
    return rows


def icon_png(icon: Icon) -> bytes:
    """The PNG file of ``icon`` (8-bit RGB, no interlace).

    >>> data = icon_png(ICONS[0])
    >>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", struct.unpack(">II", data[16:24])
    (True, (192, 192))
    """
    size = icon.size
    background, page = bytes(BACKGROUND), bytes(PAGE)
    raw = bytearray()
    for spans in _book_spans(size, 0.56 if icon.maskable else 0.74):
        row = bytearray(background * size)
        for start, end in spans:
            row[start * 3 : end * 3] = page * (end - start)
        raw += b"\x00" + row
    return _png(size, size, bytes(raw))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _png(width: int, height: int, rows: bytes) -> bytes:
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 9)) + _chunk(b"IEND", b"")
    )
