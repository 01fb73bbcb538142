"""Tests of the site tests' server (:func:`tests.site.conftest.serve_folder`): a closed connection is no error."""

from __future__ import annotations

import socket
import struct
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.site.conftest import serve_folder

LARGE_FILE_BYTES = 64 * 1024 * 1024
"""Far more than the loopback socket buffers hold, so the server is still writing when the client leaves."""


def _leave_mid_response(port: int, name: str) -> None:
    """Ask for ``name``, read the first bytes of the answer, then reset the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
        client.sendall(f"GET /{name} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode("ascii"))
        assert client.recv(4096).startswith(b"HTTP/1.0 200")
        # Linger on, timeout 0: close sends a reset instead of a polite end, as a stopped worker's fetch does.
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def test_a_client_leaving_mid_download_prints_no_traceback(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """A download the client resets halfway ends its request without a traceback on stderr."""
    (tmp_path / "large.bin").write_bytes(bytes(LARGE_FILE_BYTES))
    server, url = serve_folder(tmp_path)
    request_ended = threading.Event()
    original_shutdown_request = server.shutdown_request

    def shutdown_request_and_tell(request: Any) -> None:
        original_shutdown_request(request)
        request_ended.set()

    # The server calls shutdown_request after a request's handler ended, error or not.
    server.shutdown_request = shutdown_request_and_tell  # type: ignore[method-assign]
    try:
        _leave_mid_response(server.server_address[1], "large.bin")
        assert request_ended.wait(30), f"the server never finished the abandoned request to {url}large.bin"
    finally:
        server.shutdown()
        server.server_close()
    errors = capfd.readouterr().err
    assert "Traceback" not in errors
    assert "Error" not in errors
