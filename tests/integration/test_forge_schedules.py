"""The forge workflow templates: valid YAML, a schedule, and a script that really signs what it sends.

The script inside each rendered workflow is run with bash, curl and openssl (what the forges' runners
have) against a loopback HTTP server; the requests it makes must pass the endpoint's own
:func:`webhooks.triggers.verify_trigger`.
"""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any, ClassVar

import pytest
import yaml

from bot.config import Automation
from gitlearnos.cli import main
from webhooks.triggers import SIGNATURE_HEADER, requested_repository, verify_trigger
from workers.scheduling.forge_schedules import TEMPLATES, render_schedule_workflow, utc_crons

SECRET = "s3cret-with-$-and-'quotes'"


class Recorder(BaseHTTPRequestHandler):
    seen: ClassVar[list[tuple[str, bytes, str | None]]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Recorder.seen.append((self.path, body, self.headers.get(SIGNATURE_HEADER)))
        self.send_response(202)
        self.end_headers()
        self.wfile.write(b'{"status": "queued"}')

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    Recorder.seen = []
    httpd = HTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def script_of(forge: str, workflow: dict[str, Any]) -> str:
    if forge == "gitlab":
        job = workflow["gitlearnos-schedule"]
        assert job["rules"] == [{"if": '$CI_PIPELINE_SOURCE == "schedule"'}]
        return str(job["script"][0])
    steps = workflow["jobs"]["wake"]["steps"]
    return str(steps[0]["run"])


@pytest.mark.parametrize("forge", sorted(TEMPLATES))
def test_each_template_is_yaml_whose_script_calls_both_triggers_signed(forge: str, server: str) -> None:
    text = render_schedule_workflow(forge, Automation(time_zone="Europe/Berlin"), year=2026)
    workflow = yaml.safe_load(text)
    if forge != "gitlab":
        # YAML reads the key `on` as True (YAML 1.1); the forges read it as "on".
        crons = [entry["cron"] for entry in workflow[True]["schedule"]]
        assert crons == ["0 5 * * *", "0 6 * * *", "30 19 * * *", "30 20 * * *"]
    env = {
        "PATH": "/usr/bin:/bin",
        "GITLEARNOS_URL": server,
        "GITLEARNOS_TRIGGER_SECRET": SECRET,
        "GITLEARNOS_FORGE": forge,
        "GITLEARNOS_REPOSITORY": "alice/learning",
    }

    subprocess.run(
        ["bash", "-c", script_of(forge, workflow)], env=env, check=True, timeout=60, capture_output=True
    )

    assert [path for path, _, _ in Recorder.seen] == ["/triggers/maintenance", "/triggers/due-review"]
    for _, body, signature in Recorder.seen:
        verify_trigger(SECRET, body, signature)  # raises on a wrong signature
        assert requested_repository(body)[:2] == (forge, "alice/learning")


def test_crons_reach_the_local_times_in_winter_and_summer() -> None:
    """Kolkata has one offset (+05:30); a disabled job gets no wake-up."""
    automation = Automation.model_validate(
        {
            "time_zone": "Asia/Kolkata",
            "jobs": {"maintenance": {"recurrence": "disabled", "local_time": "21:30"}},
        }
    )
    assert utc_crons(automation, 2026) == ["30 1 * * *"]  # 07:00 IST


def test_the_cli_prints_the_workflow_for_a_repositorys_config(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "gitlearnos.yml"
    config.write_text(
        "automation:\n  time_zone: Europe/Berlin\n  jobs:\n"
        "    maintenance:\n      local_time: '21:30'\n    due-review:\n      local_time: '07:00'\n"
    )
    assert main(["schedule-workflow", "--forge", "github", "--config", str(config), "--year", "2026"]) == 0
    printed = capsys.readouterr()
    workflow = yaml.safe_load(printed.out)
    triggers = workflow[True]  # YAML 1.1 reads the key `on` as true
    crons = [entry["cron"] for entry in triggers["schedule"]]
    assert crons == ["0 5 * * *", "0 6 * * *", "30 19 * * *", "30 20 * * *"], "CEST and CET both reached"
    assert ".github/workflows/gitlearnos-schedule.yml" in printed.err


def test_the_cli_names_a_broken_config_key_and_prints_no_workflow(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "gitlearnos.yml"
    config.write_text("automation:\n  time_zone: Mars/Olympus\n")
    assert main(["schedule-workflow", "--forge", "gitea", "--config", str(config)]) == 2
    printed = capsys.readouterr()
    assert printed.out == "" and "time_zone" in printed.err
