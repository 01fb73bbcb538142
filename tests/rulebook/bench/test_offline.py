"""``rulebook bench offline``: registered, and its compressed sizes read the files a manifest lists."""

from __future__ import annotations

import gzip
from pathlib import Path

from rulebook.bench import BENCHMARKS
from rulebook.bench.offline import _gzip_bytes


def test_registered() -> None:
    """``rulebook bench offline`` runs :func:`rulebook.bench.offline.bench_offline`."""
    assert BENCHMARKS["offline"] == "rulebook.bench.offline:bench_offline"


def test_gzip_bytes_per_part(tmp_path: Path) -> None:
    """A folder URL is its index.html; the runtime is left out (it goes out precompressed)."""
    (tmp_path / "de" / "x").mkdir(parents=True)
    page = b"<p>Aktionsstapel</p>" * 50
    (tmp_path / "de" / "x" / "index.html").write_bytes(page)
    (tmp_path / "i.pf_index").write_bytes(b"index")
    manifest = {
        "files": [
            {"url": "de/x/", "part": "pages"},
            {"url": "i.pf_index", "part": "search"},
            {"url": "_runtime/missing.zip", "part": "runtime"},
        ]
    }
    assert _gzip_bytes(tmp_path, manifest) == {
        "pages": len(gzip.compress(page, 6, mtime=0)),
        "search": len(gzip.compress(b"index", 6, mtime=0)),
    }
