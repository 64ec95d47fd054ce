"""`python -m munchkin_nb.app` refuses what a host did not mean: a busy port (with the PORT= hint)
and a non-loopback address without --public; the Voila command carries the cap and host names."""

from __future__ import annotations

import socket
import subprocess
import sys

from munchkin_nb.app import build_command, port_in_use


def run_app(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "munchkin_nb.app", *args], capture_output=True, text=True, timeout=60
    )


def test_a_busy_port_says_how_to_pick_another():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert port_in_use("127.0.0.1", port)
        result = run_app("--port", str(port))
    assert result.returncode == 2
    assert f"Port {port} is already in use" in result.stderr
    assert f"PORT={port + 1}" in result.stderr
    assert "Traceback" not in result.stderr


def test_another_address_needs_public():
    result = run_app("--host", "0.0.0.0")
    assert result.returncode == 2
    assert "--public" in result.stderr and "docs/deploy.md" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_voila_command_carries_the_cap_and_the_host_names():
    cmd = build_command("0.0.0.0", 8866, allowed_hosts=["munchkin.example.org"], max_kernels=5)
    assert cmd[1:3] == ["-m", "munchkin_nb.hosting"]
    assert "--MunchkinVoila.max_kernels=5" in cmd
    names = next(c for c in cmd if c.startswith("--MunchkinVoila.allowed_hosts="))
    assert "munchkin.example.org" in names and "localhost" in names
