"""A throwaway PostgreSQL with pgvector, started in a temporary folder, for the tests and the bench.

The shared RAG index needs a server with the ``vector`` extension; a developer's machine may have no
PostgreSQL at all and a distribution's server usually lacks pgvector, so the binaries come from the
``pgserver`` wheel (PostgreSQL 16 with pgvector, the ``postgres-test`` extra). Failing that, a system
PostgreSQL whose share directory holds ``vector.control`` is used. The server listens on 127.0.0.1 on
a free port with trust authentication, and is stopped and removed by :meth:`ScratchPostgres.stop`.
initdb refuses to run as root, so under root the server runs as ``nobody``; when ``nobody`` cannot reach
the binaries (a virtual environment inside a private ``mkdtemp`` folder, as CI's clone is), they are
linked into a folder it can read first.
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


class NoPostgres(RuntimeError):
    """No PostgreSQL with pgvector can be started here; the message says what to install."""


INSTALL_HINT = "install the test extra (`pip install -e .[postgres-test]`, which brings pgserver)"


def _pgserver_bin() -> Path | None:
    # Located, not imported: importing pgserver starts its own machinery (runtime folders, locks).
    spec = importlib.util.find_spec("pgserver")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def _system_bins() -> list[Path]:
    return sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)


def _has_pgvector(bin_dir: Path) -> bool:
    try:
        share = subprocess.run(
            [str(bin_dir / "pg_config"), "--sharedir"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        share = str(bin_dir.parent / "share" / "postgresql")
    return (Path(share) / "extension" / "vector.control").is_file()


def find_binaries() -> Path:
    """The bin folder of a PostgreSQL with pgvector, or :class:`NoPostgres` saying why there is none."""
    candidates = [b for b in [_pgserver_bin(), *_system_bins()] if b is not None]
    for bin_dir in candidates:
        if (bin_dir / "initdb").is_file() and _has_pgvector(bin_dir):
            return bin_dir
    seen = ", ".join(str(b) for b in candidates) or "none"
    raise NoPostgres(f"no PostgreSQL with the pgvector extension found (looked at: {seen}); {INSTALL_HINT}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class ScratchPostgres:
    """A running server; ``dsn`` is what an operator would put in ``GITLEARNOS_RAG_POSTGRES_DSN``."""

    bin_dir: Path
    folder: Path
    port: int

    @property
    def dsn(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, tool: str, *args: str, check: bool = True) -> None:
        done = subprocess.run(
            [str(self.bin_dir / tool), *args],
            check=False,
            capture_output=True,
            text=True,
            preexec_fn=_demote(),
            timeout=120,
        )
        if check and done.returncode != 0:
            raise NoPostgres(f"{tool} failed: {done.stderr.strip()[-500:]}")


def _reachable_by_others(path: Path) -> bool:
    """True when every folder from ``/`` down to ``path`` lets any user through (the ``o+x`` bit)."""
    return all(folder.stat().st_mode & 0o001 for folder in [path, *path.parents])


def _link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:  # another filesystem: a copy costs more but works the same
        shutil.copy2(source, target)


def _binaries_for_nobody(bin_dir: Path, folder: Path) -> Path:
    """``bin_dir`` itself, or its installation linked into ``folder`` when ``nobody`` could not run it.

    PostgreSQL finds its ``lib`` and ``share`` folders beside its own executable, and the wheel's binaries
    find their shared libraries through ``$ORIGIN/../../../<package>.libs``, so the installation (the
    parent of ``bin``) and that sibling folder are linked in the same layout. Hard links cost no space
    and, unlike symbolic links, do not lead back through the private folder.
    """
    if os.geteuid() != 0 or _reachable_by_others(bin_dir):
        return bin_dir
    installation, package = bin_dir.parent, bin_dir.parent.parent
    mirror = folder / "site" / package.name / installation.name
    shutil.copytree(installation, mirror, symlinks=True, copy_function=_link_or_copy)
    libraries = package.parent / f"{package.name}.libs"
    if libraries.is_dir():
        shutil.copytree(
            libraries, folder / "site" / libraries.name, symlinks=True, copy_function=_link_or_copy
        )
    return mirror / bin_dir.name


def _demote() -> Callable[[], None] | None:
    if os.geteuid() != 0:
        return None
    nobody = pwd.getpwnam("nobody")

    def drop() -> None:
        os.setgid(nobody.pw_gid)
        os.setuid(nobody.pw_uid)

    return drop


def start() -> ScratchPostgres:
    """initdb + pg_ctl start in a new temporary folder; raises :class:`NoPostgres` when it cannot."""
    folder = Path(tempfile.mkdtemp(prefix="gitlearnos-pg-"))
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.chown(folder, nobody.pw_uid, nobody.pw_gid)
    bin_dir = _binaries_for_nobody(find_binaries(), folder)
    server = ScratchPostgres(bin_dir=bin_dir, folder=folder, port=_free_port())
    data = str(folder / "data")
    try:
        server._run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync")
        options = f"-h 127.0.0.1 -p {server.port} -k '' -c fsync=off -c max_connections=200"
        server._run("pg_ctl", "-D", data, "-o", options, "-l", str(folder / "log"), "-w", "start")
    except (NoPostgres, OSError, subprocess.TimeoutExpired) as error:
        server.stop()
        raise NoPostgres(f"PostgreSQL could not be started in {folder}: {error}") from error
    return server
