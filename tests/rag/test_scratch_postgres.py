"""The scratch PostgreSQL runs as ``nobody`` under root, so ``nobody`` must be able to run its binaries.

CI clones the project into a ``mktemp -d`` folder (mode 0700, owned by root) and builds the virtual
environment there; the pgserver binaries inside it were then out of ``nobody``'s reach and every
shared-index test failed with ``Permission denied``. A fake installation in such a folder stands in for
the wheel here: what ``start`` would run must run as ``nobody``.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from rag import scratch_postgres

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="only root demotes the server to nobody")


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    """A folder under the system temporary folder that any user may enter (pytest's own are 0700)."""
    folder = Path(tempfile.mkdtemp(prefix="gitlearnos-pg-test-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _server_folder(parent: Path) -> Path:
    """Made as ``start`` makes it: owned by nobody, private to it."""
    folder = parent / "server"
    folder.mkdir(mode=0o700)
    nobody = pwd.getpwnam("nobody")
    os.chown(folder, nobody.pw_uid, nobody.pw_gid)
    return folder


def _fake_installation(private: Path) -> Path:
    bin_dir = private / "site-packages" / "pgserver" / "pginstall" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir.parent / "share").mkdir()
    (bin_dir.parent / "share" / "marker").write_text("beside the binaries\n")
    libraries = private / "site-packages" / "pgserver.libs"  # where the wheel's RPATH points
    libraries.mkdir()
    (libraries / "libpq.so.5").write_text("a vendored library\n")
    tool = bin_dir / "pg_tool"
    script = [
        "#!/bin/sh",
        'here="$(dirname "$0")"',
        'cat "$here/../share/marker" "$here/../../../pgserver.libs/libpq.so.5"',
    ]
    tool.write_text("\n".join(script) + "\n")
    tool.chmod(0o755)
    return bin_dir


def _run_as_nobody(tool: Path) -> str:
    done = subprocess.run(
        [str(tool)], capture_output=True, text=True, check=True, preexec_fn=scratch_postgres._demote()
    )
    return done.stdout


def test_binaries_in_a_private_folder_are_made_runnable_by_nobody(open_tmp: Path) -> None:
    private = open_tmp / "gitlearnos-ci.private"
    private.mkdir(mode=0o700)
    bin_dir = _fake_installation(private)
    with pytest.raises(PermissionError):
        _run_as_nobody(bin_dir / "pg_tool")

    usable = scratch_postgres._binaries_for_nobody(bin_dir, _server_folder(open_tmp))

    assert _run_as_nobody(usable / "pg_tool") == "beside the binaries\na vendored library\n"


def test_binaries_nobody_can_already_reach_are_used_where_they_are(open_tmp: Path) -> None:
    bin_dir = _fake_installation(open_tmp)
    server_folder = _server_folder(open_tmp)

    assert scratch_postgres._binaries_for_nobody(bin_dir, server_folder) == bin_dir
    assert not any(server_folder.iterdir())
