"""Launch the Munchkin site: one Voila server for every page (``notebooks/``).

    python -m munchkin_nb.app [--host 127.0.0.1] [--port 8866] [--db PATH]
        [--public] [--allowed-host NAME ...] [--max-kernels N] [-- VOILA_ARGS...]

The home page is ``/``; the pages are at the paths of :data:`munchkin_nb.site.PAGES` (``/games``,
``/course``, ``/play``, ``/rules``, ``/stats``, ``/analyser``), all from one origin, so that the
language and the course's progress kept in the browser hold on every page. ``--notebook`` serves
one notebook alone at ``/`` instead (the benchmarks' bare notebooks).

Voila runs from the repository root, so it reads ``voila.json`` there (the
hosted app's settings: no sources, no tracebacks, no template or theme
override from the URL, kernels of closed pages culled within a minute, a
preheated kernel, the cap on live kernels). It runs as
:mod:`munchkin_nb.hosting`: Voila with the kernel cap's busy page and a check
of the ``Host`` header (127.0.0.1 and localhost unless ``--allowed-host``).
Only a loopback address is served unless ``--public`` says it is meant:
then 0.0.0.0, behind a reverse proxy (docs/deploy.md). The notebook learns which
database to open from the ``MUNCHKIN_DB`` environment variable, which the
kernels inherit from the server.

The app's Voila template (``munchkin``, in ``notebooks/jupyter``) is the
``lab`` template without its links to a CDN for the icon font: the font is
already bundled with Voila's own static files, served from this server.
Anything after ``--`` goes to Voila unchanged (e.g. short culling times in tests).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
SITE = REPO_ROOT / "notebooks"  # every page of the site (munchkin_nb.site.PAGES)
NOTEBOOK = SITE / "app.ipynb"
JUPYTER_DATA = REPO_ROOT / "notebooks" / "jupyter"  # holds voila/templates/munchkin
DEFAULT_DB = Path("replays") / "sample.db"
DB_ENV = "MUNCHKIN_DB"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def build_command(
    host: str,
    port: int,
    voila_args: list[str] | None = None,
    notebook: str | os.PathLike[str] = SITE,
    allowed_hosts: list[str] | None = None,
    max_kernels: int | None = None,
) -> list[str]:
    """The Voila command line (run from the repository root): munchkin_nb.hosting's Voila, on the
    site's folder (every page) or on one notebook."""
    cmd = [
        sys.executable,
        "-m",
        "munchkin_nb.hosting",
        os.path.relpath(Path(notebook).resolve(), REPO_ROOT),
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        "--Voila.port_retries=0",
    ]
    if allowed_hosts:
        names = ["localhost", "127.0.0.1", *allowed_hosts]
        cmd.append(f"--MunchkinVoila.allowed_hosts={names!r}")
    if max_kernels is not None:
        cmd.append(f"--MunchkinVoila.max_kernels={max_kernels}")
    return cmd + list(voila_args or [])


def port_in_use(host: str, port: int) -> bool:
    """True when something already listens on `host`:`port` (so Voila could not)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as tornado binds
        try:
            sock.bind((host, port))
        except OSError:
            return True
    return False


def build_env(db: str | os.PathLike[str], base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for Voila and its kernels: the database path and the template path."""
    env = dict(os.environ if base is None else base)
    env[DB_ENV] = str(Path(db).resolve())  # relative to the caller's folder; Voila runs elsewhere
    jupyter_path = [str(JUPYTER_DATA)]
    if env.get("JUPYTER_PATH"):
        jupyter_path.append(env["JUPYTER_PATH"])
    env["JUPYTER_PATH"] = os.pathsep.join(jupyter_path)
    return env


# --- running the app as a child process (browser tests, benchmarks) ----------

READY_PATH = "/voila/static/voila.js"  # answers once Voila serves, and starts no kernel


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]  # (host, port) for AF_INET
        return port


@dataclass
class AppServer:
    """A running ``python -m munchkin_nb.app`` (which is Voila after the exec)."""

    process: subprocess.Popen[bytes]
    host: str
    port: int
    log_path: Path
    stopping: bool = False  # SIGTERM sent (`ask_to_stop`)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    @property
    def pid(self) -> int:
        return self.process.pid

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def kernel_pids(self) -> list[int]:
        """Process ids of the kernels this server runs (its ipykernel children)."""
        import psutil  # installed with IPython; only needed here

        try:
            children = psutil.Process(self.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        pids: list[int] = []
        for child in children:
            try:
                if any("ipykernel" in part for part in child.cmdline()):
                    pids.append(child.pid)
            except (psutil.NoSuchProcess, psutil.ZombieProcess, psutil.AccessDenied):
                continue
        return sorted(pids)

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        probe = self.url.rstrip("/") + READY_PATH
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the app exited with {self.process.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(probe, timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        raise TimeoutError(f"the app did not answer at {probe} within {timeout} s:\n{self.log()}")

    def ask_to_stop(self) -> None:
        """SIGTERM, once: Voila shuts its kernels down and exits. Several servers asked together
        shut down side by side (the tests' session end); `stop` then waits for each."""
        if self.process.poll() is None and not self.stopping:
            self.process.send_signal(signal.SIGTERM)
            self.stopping = True

    def stop(self, timeout: float = 20.0) -> None:
        """SIGTERM (Voila then shuts its kernels down), then SIGKILL whatever is left."""
        kernels = self.kernel_pids()
        if self.process.poll() is None:
            self.ask_to_stop()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        for pid in kernels:  # kernels this server started, if any outlived it
            with contextlib.suppress(ProcessLookupError):  # it ended by itself
                os.kill(pid, signal.SIGKILL)


@contextmanager
def serve(
    *,
    db: str | os.PathLike[str] | None = None,
    notebook: str | os.PathLike[str] = SITE,
    voila_args: list[str] | tuple[str, ...] = (),
    host: str = "127.0.0.1",
    port: int | None = None,
    log_path: str | os.PathLike[str] | None = None,
    timeout: float = 60.0,
) -> Iterator[AppServer]:
    """Run the site (or one `notebook`) on a free port until the block ends; yields the ready
    :class:`AppServer`."""
    port = port or free_port(host)
    if log_path is None:
        import tempfile

        log_path = Path(tempfile.mkdtemp(prefix="munchkin-app-")) / "voila.log"
    log_path = Path(log_path)
    cmd = [
        sys.executable,
        "-m",
        "munchkin_nb.app",
        "--host",
        host,
        "--port",
        str(port),
        "--notebook",
        str(Path(notebook).resolve()),
    ]
    if db is not None:
        cmd += ["--db", str(Path(db).resolve())]
    if voila_args:
        cmd += ["--", *voila_args]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            cmd, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
    server = AppServer(process=process, host=host, port=port, log_path=log_path)
    try:
        server.wait_ready(timeout)
        yield server
    finally:
        server.stop()


def parse_args(argv: list[str] | None = None) -> tuple[argparse.Namespace, list[str]]:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1 :]
    parser = argparse.ArgumentParser(
        prog="python -m munchkin_nb.app",
        description="Serve the Munchkin notebook app with Voila.",
        epilog="Arguments after -- are passed to Voila unchanged.",
    )
    parser.add_argument(
        "--host",
        default=None,
        help="address to listen on (default 127.0.0.1; another than loopback needs --public)",
    )
    parser.add_argument("--port", type=int, default=8866, help="port to listen on (default 8866)")
    parser.add_argument(
        "--public",
        action="store_true",
        help="serve on 0.0.0.0 (or --host) for a reverse proxy in front: see docs/deploy.md",
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a Host name to serve besides 127.0.0.1 and localhost (the proxy's public name); repeatable",
    )
    parser.add_argument(
        "--max-kernels",
        type=int,
        default=None,
        help="most pages served at once; beyond it a 'busy' page (default: voila.json's, 0 = no cap)",
    )
    parser.add_argument(
        "--notebook",
        default=str(SITE),
        help="one notebook to serve alone at / (default: the whole site, notebooks/; "
        "the benchmarks serve bare ones)",
    )
    parser.add_argument(
        "--db",
        default=os.environ.get(DB_ENV) or str(REPO_ROOT / DEFAULT_DB),
        help=f"the SQLite event store to show (default ${DB_ENV}, else {DEFAULT_DB} in the repository)",
    )
    return parser.parse_args(argv), extra


def main(argv: list[str] | None = None) -> int:
    args, extra = parse_args(argv)
    if not Path(args.notebook).exists():
        print(f"No such notebook: {args.notebook}", file=sys.stderr)
        return 2
    host = args.host or ("0.0.0.0" if args.public else "127.0.0.1")
    if host not in LOOPBACK and not args.public:
        print(
            f"--host {host} would serve the app to other machines: add --public to mean it "
            "(and put a reverse proxy in front, see docs/deploy.md).",
            file=sys.stderr,
        )
        return 2
    if port_in_use(host, args.port):
        print(
            f"Port {args.port} is already in use on {host}. Use another one: "
            f"make app PORT={args.port + 1}  (or --port {args.port + 1}).",
            file=sys.stderr,
        )
        return 2
    env = build_env(args.db)
    cmd = build_command(host, args.port, extra, args.notebook, args.allowed_host, args.max_kernels)
    shown = f"[{host}]" if ":" in host else host
    what = "home page" if Path(args.notebook).is_dir() else Path(args.notebook).name
    print(f"Munchkin: http://{shown}:{args.port}/  ({what}; database: {env[DB_ENV]})", flush=True)
    if args.public:
        names = ", ".join(["localhost", "127.0.0.1", *args.allowed_host])
        print(
            f"Public mode: listening on {host}, no login; served Host names: {names}. "
            "Put a reverse proxy (TLS) in front: docs/deploy.md.",
            flush=True,
        )
    # Voila replaces this process: signals (Ctrl-C, SIGTERM) reach it directly,
    # and it shuts its kernels down when it stops.
    os.chdir(REPO_ROOT)
    os.execve(cmd[0], cmd, env)
    return 1  # pragma: no cover - execve does not return


if __name__ == "__main__":
    sys.exit(main())
