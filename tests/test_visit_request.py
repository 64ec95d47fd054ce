"""A preheated page's kernel waits for its visitor's request over a websocket to its own server
(`wait_for_request`): a socket the server closes before the request comes is opened again, and
the request's variables reach the kernel's environment."""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.server import ServerConnection, serve

from munchkin_nb.widgets.address import page_query, wait_for_request

KERNEL = "0f1e2d3c"


@pytest.fixture
def voila_query(monkeypatch) -> Iterator[list[str]]:
    """A stand-in for Voila's ``/voila/query/<kernel>`` socket: it closes the first connection
    without a word (a dropped socket), and answers the second with the visit's request.
    Yields the paths the kernel asked for."""
    asked: list[str] = []

    def handler(socket: ServerConnection) -> None:
        asked.append(socket.request.path if socket.request else "")
        if len(asked) == 1:
            socket.close()
            return
        socket.send(json.dumps({"QUERY_STRING": "game=2&lang=es", "SCRIPT_NAME": "/games"}))
        with contextlib.suppress(ConnectionClosed):
            socket.recv()  # until the kernel closes its side

    with serve(handler, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        monkeypatch.setenv("VOILA_PREHEAT", "True")
        monkeypatch.setenv("VOILA_APP_IP", "127.0.0.1")
        monkeypatch.setenv("VOILA_APP_PORT", str(server.socket.getsockname()[1]))
        monkeypatch.setenv("VOILA_SERVER_URL", "/site/")
        monkeypatch.setenv("VOILA_KERNEL_ID", KERNEL)
        monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
        monkeypatch.delenv("QUERY_STRING", raising=False)
        monkeypatch.delenv("SCRIPT_NAME", raising=False)
        yield asked
        server.shutdown()


def test_a_dropped_socket_is_opened_again_and_the_visit_arrives(voila_query):
    assert page_query() == {"game": "2", "lang": "es"}
    assert voila_query == [f"/site/voila/query/{KERNEL}"] * 2
    assert os.environ["SCRIPT_NAME"] == "/games"


def test_a_server_that_never_answers_is_said_after_the_attempts(monkeypatch):
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_IP", "127.0.0.1")
    monkeypatch.setenv("VOILA_APP_PORT", "1")  # nothing listens on port 1
    monkeypatch.setattr("munchkin_nb.widgets.address.time.sleep", lambda _s: None)
    with pytest.raises(OSError):
        wait_for_request(attempts=2)


def test_outside_a_preheated_kernel_nothing_is_waited_for(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lesson=items")
    assert page_query() == {"lesson": "items"}
