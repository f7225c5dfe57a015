"""Keep the Kubernetes manifests in ``deploy/kubernetes/`` honest without a cluster.

No cluster runs in CI, so these checks read the manifests and compare them with
the code they describe: the CLI parser, the ``Settings`` model and the web
app's routes are the source of truth, never a list copied here. The schema
check uses ``kubernetes-validate`` (Kubernetes' own OpenAPI schemas, offline)
when it is installed; the structural checks below run always.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, get_args
from urllib.parse import urlsplit

import pytest
import yaml
from litestar.testing import TestClient
from pydantic import AliasChoices, SecretStr

from runtime.settings import Settings
from tests.support.deploy_files import ROOT, parse_cli
from tests.support.kubernetes_manifests import (
    IMAGE,
    K8S,
    KUSTOMIZATION,
    WORKLOADS,
    cli_args,
    container_named,
    containers,
    kustomization,
    load_yaml_documents,
    named,
    of_kind,
    our_containers,
    pod_spec,
    resources,
    secret_refs,
    workloads,
)
from webhooks.app import create_app
from workers.celery_app import create_celery

SECRET_TEMPLATE = K8S / "secret.example.yaml"
DOCKERFILE = ROOT / "deploy" / "Dockerfile"
COMPOSE = ROOT / "docker-compose.yml"

# Kubernetes versions the schema check covers: the oldest we claim and the newest the validator knows.
OLDEST_KUBERNETES = "1.29.0"

KNOWN_KINDS = {
    ("v1", "Namespace"),
    ("v1", "ConfigMap"),
    ("v1", "Secret"),
    ("v1", "Service"),
    ("apps/v1", "Deployment"),
    ("apps/v1", "StatefulSet"),
    ("policy/v1", "PodDisruptionBudget"),
    ("networking.k8s.io/v1", "NetworkPolicy"),
}
NAMESPACED = {kind for _, kind in KNOWN_KINDS} - {"Namespace"}

# Which role needs which secret: web verifies deliveries, the worker talks to forges; neither gets
# the other's.
WEB_SECRETS = {
    "github_webhook_secret",
    "gitlab_webhook_secret",
    "gitlab_signing_token",
    "gitea_webhook_secret",
    "github_webhook_secret_previous",
    "gitlab_webhook_secret_previous",
    "gitea_webhook_secret_previous",
    "trigger_secret",
}
WORKER_SECRETS = {"github_token", "github_app_private_key", "gitlab_token", "gitea_token", "model_api_key"}


# ---------------------------------------------------------------- helpers


def env_names(field_name: str) -> set[str]:
    """Every environment variable a Settings field is read from."""
    alias = Settings.model_fields[field_name].validation_alias
    if isinstance(alias, AliasChoices):
        return {choice for choice in alias.choices if isinstance(choice, str)}
    if isinstance(alias, str):
        return {alias}
    return {str(Settings.model_config.get("env_prefix", "")) + field_name.upper()}


SETTING_OF = {name: field for field in Settings.model_fields for name in env_names(field)}
SETTING_VARIABLES = set(SETTING_OF) | {"REDIS_URL"}


def is_secret(variable: str) -> bool:
    annotation = Settings.model_fields[SETTING_OF[variable]].annotation
    return annotation is SecretStr or SecretStr in get_args(annotation)


def manifest_files() -> list[Path]:
    return sorted(path for path in K8S.glob("*.yaml") if path != KUSTOMIZATION)


def secret_template() -> dict[str, Any]:
    (secret,) = load_yaml_documents(SECRET_TEMPLATE)
    assert isinstance(secret, dict)
    return secret


def config_map() -> dict[str, Any]:
    (found,) = of_kind("ConfigMap")
    return found


def labels_match(selector: dict[str, Any], labels: dict[str, str]) -> bool:
    """A Kubernetes label selector (matchLabels and matchExpressions) against a label set."""
    for key, value in (selector.get("matchLabels") or {}).items():
        if labels.get(key) != value:
            return False
    for expression in selector.get("matchExpressions") or []:
        key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
        if operator == "In" and labels.get(key) not in values:
            return False
        if operator == "NotIn" and labels.get(key) in values:
            return False
        if operator == "Exists" and key not in labels:
            return False
        if operator == "DoesNotExist" and key in labels:
            return False
    return True


def selected_workloads(selector: dict[str, Any]) -> list[str]:
    return [
        workload["metadata"]["name"]
        for workload in workloads()
        if labels_match(selector, workload["spec"]["template"]["metadata"]["labels"])
    ]


def container_port(container: dict[str, Any], port: int | str) -> int:
    """The container port a probe or Service names, by number or by name."""
    for declared in container.get("ports", []):
        if port in (declared["containerPort"], declared.get("name")):
            return int(declared["containerPort"])
    pytest.fail(f"{container['name']} declares no port {port!r}")


QUANTITY = re.compile(r"^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|Ti|k|M|G|T)?$")
FACTORS = {
    None: 1.0,
    "m": 1e-3,
    "k": 1e3,
    "M": 1e6,
    "G": 1e9,
    "T": 1e12,
    "Ki": 2.0**10,
    "Mi": 2.0**20,
    "Gi": 2.0**30,
    "Ti": 2.0**40,
}


def quantity(value: object) -> float:
    match = QUANTITY.match(str(value))
    assert match, f"not a Kubernetes quantity: {value!r}"
    return float(match.group(1)) * FACTORS[match.group(2)]


def secret_volume_keys(workload: dict[str, Any], container: dict[str, Any]) -> set[str]:
    mounted = {mount["name"] for mount in container.get("volumeMounts", [])}
    return {
        item["key"]
        for volume in pod_spec(workload).get("volumes", [])
        if volume["name"] in mounted and "secret" in volume
        for item in volume["secret"].get("items", [])
    }


def environment_of(container: dict[str, Any]) -> dict[str, str]:
    """The variables a container ends up with from env and envFrom (values of references as '<ref>')."""
    environment: dict[str, str] = {}
    for source in container.get("envFrom", []):
        if "configMapRef" in source:
            assert source["configMapRef"]["name"] == config_map()["metadata"]["name"]
            environment.update({key: str(value) for key, value in config_map()["data"].items()})
    for entry in container.get("env", []):
        environment[entry["name"]] = str(entry["value"]) if "value" in entry else "<ref>"
    return environment


def dockerfile_user() -> int:
    users = [line.split()[1] for line in DOCKERFILE.read_text().splitlines() if line.startswith("USER ")]
    return int(users[-1].split(":")[0])


# ---------------------------------------------------------------- parsing, kinds, kustomization


@pytest.mark.parametrize("path", manifest_files(), ids=lambda path: path.name)
def test_every_manifest_parses_into_known_kinds(path: Path) -> None:
    documents = load_yaml_documents(path)
    assert documents, f"{path.name} holds no object"
    for doc in documents:
        assert isinstance(doc, dict), f"{path.name}: a document is not a mapping"
        assert (doc.get("apiVersion"), doc.get("kind")) in KNOWN_KINDS, (
            f"{path.name}: unknown apiVersion/kind {doc.get('apiVersion')}/{doc.get('kind')}"
        )
        metadata = doc.get("metadata")
        assert isinstance(metadata, dict), f"{path.name}: no metadata"
        assert re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", str(metadata.get("name", ""))), (
            f"{path.name}: metadata.name {metadata.get('name')!r} is not a DNS label"
        )


def test_kustomization_lists_every_manifest_except_the_secret_template() -> None:
    data = kustomization()
    assert (data["apiVersion"], data["kind"]) == ("kustomize.config.k8s.io/v1beta1", "Kustomization")
    listed = data["resources"]
    assert len(listed) == len(set(listed)), "a resource is listed twice"
    expected = {path.name for path in manifest_files()} - {SECRET_TEMPLATE.name}
    assert set(listed) == expected, (
        f"missing: {sorted(expected - set(listed))}, unknown: {sorted(set(listed) - expected)}"
    )
    # Applying empty placeholders on every `kubectl apply -k` would wipe the operator's real credentials.
    assert SECRET_TEMPLATE.name not in listed
    assert not of_kind("Secret"), "no Secret may be applied by the kustomization"


def test_every_object_lives_in_the_kustomization_namespace() -> None:
    namespace = kustomization()["namespace"]
    assert [doc["metadata"]["name"] for doc in of_kind("Namespace")] == [namespace]
    for doc in [*resources(), secret_template()]:
        if doc["kind"] in NAMESPACED:
            assert doc["metadata"].get("namespace") == namespace, f"{doc['kind']} {doc['metadata']['name']}"


def test_our_image_is_a_kustomize_placeholder_and_other_images_are_pinned() -> None:
    images = {entry["name"]: entry for entry in kustomization()["images"]}
    assert IMAGE in images, "kustomization.yaml has no `images:` entry for the placeholder"
    assert images[IMAGE].get("newTag") or images[IMAGE].get("digest"), "the placeholder needs a tag"
    assert list(our_containers()), "no container runs the project's image"
    for workload in workloads():
        for container in containers(workload):
            image = str(container["image"])
            if image == IMAGE:
                continue
            assert ":" in image.rsplit("/", 1)[-1] or "@sha256:" in image, f"{image} has no tag"
            assert not image.endswith(":latest"), image


def test_kubectl_kustomize_renders_the_manifests() -> None:
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        pytest.skip("kubectl is not installed; `kubectl kustomize` renders the same without a cluster")
    result = subprocess.run(
        [kubectl, "kustomize", str(K8S)], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    rendered = [doc for doc in yaml.safe_load_all(result.stdout) if doc]
    assert sorted((d["kind"], d["metadata"]["name"]) for d in rendered) == sorted(
        (d["kind"], d["metadata"]["name"]) for d in resources()
    )
    entry = next(e for e in kustomization()["images"] if e["name"] == IMAGE)
    expected = f"{entry.get('newName', IMAGE)}:{entry['newTag']}"
    for doc in rendered:
        if doc["kind"] in WORKLOADS:
            for container in doc["spec"]["template"]["spec"]["containers"]:
                assert container["image"] != IMAGE, "kustomize did not replace the image placeholder"
                if container["name"] in {"web", "worker", "beat"}:
                    assert container["image"] == expected


# ---------------------------------------------------------------- schemas


def test_manifests_validate_against_the_kubernetes_schemas() -> None:
    validator = pytest.importorskip(
        "kubernetes_validate",
        reason="kubernetes-validate is not installed (the dev extras provide it); "
        "the structural checks in this file still ran",
    )
    versions = [OLDEST_KUBERNETES, validator.latest_version() + ".0"]
    failures = []
    for doc in [*resources(), secret_template()]:
        for version in versions:
            try:
                validator.validate(doc, version, strict=True)
            except validator.ValidationError as error:
                path = "/".join(str(part) for part in error.absolute_path)
                failures.append(
                    f"{doc['kind']} {doc['metadata']['name']} @ {version}: {path}: {error.message}"
                )
            except validator.SchemaNotFoundError as error:
                failures.append(error.message)
    assert not failures, "\n".join(failures)


def test_workloads_have_the_fields_kubernetes_requires() -> None:
    """A light structural check that runs even without the schema validator."""
    for workload in workloads():
        name = f"{workload['kind']} {workload['metadata']['name']}"
        spec = workload["spec"]
        selector = spec["selector"]
        assert selector.get("matchLabels"), f"{name}: no selector"
        assert labels_match(selector, spec["template"]["metadata"]["labels"]), (
            f"{name}: the selector does not select its own pods"
        )
        assert isinstance(spec.get("replicas", 1), int)
        names = [container["name"] for container in containers(workload)]
        assert len(names) == len(set(names)), f"{name}: duplicate container names"
        volumes = {volume["name"] for volume in pod_spec(workload).get("volumes", [])}
        volumes |= {claim["metadata"]["name"] for claim in spec.get("volumeClaimTemplates", [])}
        for container in containers(workload):
            assert container.get("image"), f"{name}/{container['name']}: no image"
            for mount in container.get("volumeMounts", []):
                assert mount["name"] in volumes, f"{name}: mount of undefined volume {mount['name']}"
            for probe_kind in ("livenessProbe", "readinessProbe", "startupProbe"):
                probe = container.get(probe_kind)
                if probe is None:
                    continue
                handlers = {"httpGet", "exec", "tcpSocket", "grpc"} & set(probe)
                assert len(handlers) == 1, f"{name}/{container['name']} {probe_kind}: one handler expected"
                if "httpGet" in probe:
                    container_port(container, probe["httpGet"]["port"])


def test_services_and_disruption_budget_select_real_pods() -> None:
    for service in of_kind("Service"):
        chosen = selected_workloads({"matchLabels": service["spec"]["selector"]})
        assert len(chosen) == 1, f"Service {service['metadata']['name']} selects {chosen}"
        workload = next(w for w in workloads() if w["metadata"]["name"] == chosen[0])
        for port in service["spec"]["ports"]:
            assert any(
                port["targetPort"] in {p["containerPort"], p.get("name")}
                for container in containers(workload)
                for p in container.get("ports", [])
            ), f"Service {service['metadata']['name']}: targetPort {port['targetPort']} is no container port"
    (budget,) = of_kind("PodDisruptionBudget")
    assert selected_workloads(budget["spec"]["selector"]) == ["web"]
    web = named("Deployment", "web")
    # A budget that allows no disruption at all would block every node drain.
    assert 1 <= budget["spec"]["minAvailable"] < web["spec"]["replicas"]


# ---------------------------------------------------------------- commands and probes


@pytest.mark.parametrize(("name", "command"), [("web", "serve"), ("worker", "worker"), ("beat", "beat")])
def test_containers_run_real_subcommands(name: str, command: str) -> None:
    args = cli_args(container_named(name))
    parsed = parse_cli(args)
    assert parsed.command == command


def test_only_roles_with_a_real_command_are_deployed() -> None:
    for workload, container in our_containers():
        args = cli_args(container)
        assert args, f"{workload['metadata']['name']}: no arguments; the image default would run"
        parse_cli(args)
    names = {workload["metadata"]["name"] for workload in workloads()}
    assert names == {"web", "worker", "beat", "rag-worker", "redis"}, names


def test_web_listens_on_its_declared_port_on_all_interfaces() -> None:
    web = named("Deployment", "web")
    assert web["spec"]["replicas"] == 2
    assert web["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
    container = container_named("web")
    parsed = parse_cli(cli_args(container))
    assert parsed.host == "0.0.0.0"
    assert container_port(container, "http") == parsed.port


def test_worker_consumes_the_events_and_schedule_queues() -> None:
    parsed = parse_cli(cli_args(container_named("worker")))
    queues = parsed.queues.split(",")
    # Webhook events and the maintenance beat triggers; `rag` has no consumer task yet.
    assert sorted(queues) == ["events", "schedule"], queues
    assert len(queues) == len(set(queues))


def test_beat_runs_exactly_one_replica_that_never_overlaps() -> None:
    beat = named("Deployment", "beat")
    # RedBeat holds a lock in Redis: a second replica would only wait for it.
    assert beat["spec"]["replicas"] == 1
    # Recreate: a rollout stops the old pod before starting the new one.
    assert beat["spec"]["strategy"] == {"type": "Recreate"}
    container = container_named("beat")
    assert cli_args(container) == ["beat"]
    assert not container.get("ports"), "beat opens no port"
    # The schedule lives in Redis: no data volume, only the /tmp emptyDir.
    mounts = {mount["mountPath"] for mount in container.get("volumeMounts", [])}
    assert mounts == {"/tmp"}, mounts
    assert "REDIS_URL" in environment_of(container)


def test_beat_gets_no_secret_at_all() -> None:
    workload = named("Deployment", "beat")
    pod = pod_spec(workload)
    for container in containers(workload):
        assert not secret_refs(container), f"beat/{container['name']} reads Secret keys"
        assert not secret_volume_keys(workload, container)
        assert not any("secretRef" in source for source in container.get("envFrom", []))
    assert not any("secret" in volume or "projected" in volume for volume in pod.get("volumes", []))


def test_probes_point_at_real_routes_that_behave_as_probes() -> None:
    container = container_named("web")
    liveness = container["livenessProbe"]["httpGet"]
    readiness = container["readinessProbe"]["httpGet"]
    assert (liveness["path"], readiness["path"]) == ("/healthz", "/readyz")
    port = parse_cli(cli_args(container)).port
    assert container_port(container, liveness["port"]) == container_port(container, readiness["port"]) == port

    # Nothing listens on port 1: the app has no Redis, as when Redis is down.
    app = create_app(
        Settings(_env_file=None),
        redis_url="redis://127.0.0.1:1/0",
        tasks=create_celery(Settings(_env_file=None), "redis://127.0.0.1:1/0"),
        messages=_never_enqueue,
    )
    routes = {route.path: route.methods for route in app.routes}
    for path in (liveness["path"], readiness["path"]):
        assert path in routes and "GET" in routes[path], f"the web app has no GET {path}"
    with TestClient(app) as client:
        # Liveness must not depend on Redis (a Redis outage must not restart every web pod) ...
        assert client.get(liveness["path"]).status_code == 200
        # ... readiness must: a pod that cannot queue leaves the Service.
        assert client.get(readiness["path"]).status_code == 503


def _never_enqueue(_event: object, _key: str) -> tuple[str, bytes]:
    raise AssertionError("the probes must not enqueue anything")


# ---------------------------------------------------------------- settings, ConfigMap and Secret


def test_every_environment_variable_is_a_setting() -> None:
    for workload, container in our_containers():
        for entry in container.get("env", []):
            assert entry["name"] in SETTING_VARIABLES, (
                f"{workload['metadata']['name']} sets {entry['name']}, which no setting reads"
            )
    unknown = set(config_map()["data"]) - SETTING_VARIABLES
    assert not unknown, f"ConfigMap keys no setting reads: {sorted(unknown)}"
    unknown = set(secret_template()["stringData"]) - SETTING_VARIABLES
    assert not unknown, f"Secret keys no setting reads: {sorted(unknown)}"


def assert_env_from_names_the_objects(
    container: dict[str, Any], config: dict[str, Any], secret: dict[str, Any], where: str
) -> None:
    """Whole-object imports (envFrom) name the one ConfigMap and the one Secret the overlay defines."""
    for source in container.get("envFrom", []):
        if "configMapRef" in source:
            assert source["configMapRef"]["name"] == config["metadata"]["name"], where
        if "secretRef" in source:
            assert source["secretRef"]["name"] == secret["metadata"]["name"], where


def assert_env_keys_exist(
    container: dict[str, Any], config: dict[str, Any], secret: dict[str, Any], where: str
) -> None:
    """Single-key references (valueFrom) name the defined object and a key it holds."""
    for entry in container.get("env", []):
        reference = entry.get("valueFrom", {})
        if "secretKeyRef" in reference:
            ref = reference["secretKeyRef"]
            assert ref["name"] == secret["metadata"]["name"], where
            assert ref["key"] in secret["stringData"], f"{where}: Secret has no key {ref['key']}"
        if "configMapKeyRef" in reference:
            ref = reference["configMapKeyRef"]
            assert ref["name"] == config["metadata"]["name"], where
            assert ref["key"] in config["data"], f"{where}: ConfigMap has no key {ref['key']}"


def assert_volumes_name_the_objects(
    workload: dict[str, Any], config: dict[str, Any], secret: dict[str, Any]
) -> None:
    """Mounted volumes name the defined objects, and a Secret volume projects only keys the Secret holds."""
    for volume in pod_spec(workload).get("volumes", []):
        if "secret" in volume:
            assert volume["secret"]["secretName"] == secret["metadata"]["name"]
            for item in volume["secret"].get("items", []):
                assert item["key"] in secret["stringData"], f"Secret has no key {item['key']}"
        if "configMap" in volume:
            assert volume["configMap"]["name"] == config["metadata"]["name"]


def test_every_reference_names_a_defined_object_and_key() -> None:
    config = config_map()
    secret = secret_template()
    for workload in workloads():
        for container in containers(workload):
            where = f"{workload['metadata']['name']}/{container['name']}"
            assert_env_from_names_the_objects(container, config, secret, where)
            assert_env_keys_exist(container, config, secret, where)
        assert_volumes_name_the_objects(workload, config, secret)


def test_secret_template_holds_every_secret_setting_and_only_empty_values() -> None:
    secret = secret_template()
    assert "data" not in secret, "use stringData so the template shows plain empty placeholders"
    values = secret["stringData"]
    secret_variables = {name for name in SETTING_OF if is_secret(name)}
    assert set(values) == secret_variables, (
        f"missing: {sorted(secret_variables - set(values))}, extra: {sorted(set(values) - secret_variables)}"
    )
    assert all(value == "" for value in values.values()), "the template must never hold real values"


def test_secrets_never_come_from_literals_or_the_config_map() -> None:
    leaked = {name for name in config_map()["data"] if name in SETTING_OF and is_secret(name)}
    assert not leaked, f"secrets in the ConfigMap: {sorted(leaked)}"
    for workload, container in our_containers():
        for entry in container.get("env", []):
            if entry["name"] in SETTING_OF and is_secret(entry["name"]):
                assert "secretKeyRef" in entry.get("valueFrom", {}), (
                    f"{workload['metadata']['name']}: {entry['name']} must come from the Secret"
                )


def test_each_role_gets_only_the_secrets_it_uses() -> None:
    def variables(fields: set[str]) -> set[str]:
        return {name for field in fields for name in env_names(field)}

    web = container_named("web")
    assert secret_refs(web) == variables(WEB_SECRETS)
    assert not secret_volume_keys(named("Deployment", "web"), web)
    worker = container_named("worker")
    worker_secrets = secret_refs(worker) | secret_volume_keys(named("Deployment", "worker"), worker)
    assert worker_secrets == variables(WORKER_SECRETS)


def test_the_app_private_key_file_is_where_the_secret_is_mounted() -> None:
    workload = named("Deployment", "worker")
    container = container_named("worker")
    path = Path(environment_of(container)["GITLEARNOS_GITHUB_APP_PRIVATE_KEY_FILE"])
    mounts = {mount["name"]: mount for mount in container["volumeMounts"]}
    volumes = {volume["name"]: volume for volume in pod_spec(workload)["volumes"]}
    found = [
        name
        for name, mount in mounts.items()
        if "secret" in volumes[name]
        and any(
            Path(mount["mountPath"]) / item["path"] == path
            and item["key"] == "GITLEARNOS_GITHUB_APP_PRIVATE_KEY"
            for item in volumes[name]["secret"].get("items", [])
        )
    ]
    assert found, f"nothing mounts the App's private key at {path}"
    assert all(mounts[name].get("readOnly") for name in found)


def test_config_map_values_load_into_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in SETTING_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in config_map()["data"].items():
        monkeypatch.setenv(name, str(value))
    settings = Settings(_env_file=None)
    assert settings.data_dir == Path("/data")
    # REDIS_URL names the in-cluster Redis Service and port.
    url = urlsplit(settings.redis_url)
    service = named("Service", str(url.hostname))
    assert url.port in {port["port"] for port in service["spec"]["ports"]}


def test_worker_keeps_mirrors_on_a_writable_volume_at_the_data_dir() -> None:
    container = container_named("worker")
    data_dir = environment_of(container)["GITLEARNOS_DATA_DIR"]
    mounts = {mount["mountPath"]: mount for mount in container["volumeMounts"]}
    assert data_dir in mounts and not mounts[data_dir].get("readOnly"), f"no writable volume at {data_dir}"
    volumes = {volume["name"]: volume for volume in pod_spec(named("Deployment", "worker"))["volumes"]}
    volume = volumes[mounts[data_dir]["name"]]
    # Mirrors are a cache (re-cloned when missing): an emptyDir, or a claim if an operator opts in.
    assert "emptyDir" in volume or "persistentVolumeClaim" in volume


# ---------------------------------------------------------------- security and resources


def test_every_pod_and_container_runs_as_non_root_and_locked_down() -> None:
    for workload in workloads():
        name = workload["metadata"]["name"]
        pod = pod_spec(workload)
        pod_context = pod.get("securityContext", {})
        assert pod_context.get("runAsNonRoot") is True, f"{name}: pod runAsNonRoot"
        assert pod_context.get("runAsUser", 0) != 0, f"{name}: pod runs as root"
        assert pod_context.get("seccompProfile", {}).get("type") == "RuntimeDefault", name
        assert pod.get("automountServiceAccountToken") is False, f"{name}: needs no API token"
        for flag in ("hostNetwork", "hostPID", "hostIPC"):
            assert not pod.get(flag), f"{name}: {flag}"
        for container in containers(workload):
            where = f"{name}/{container['name']}"
            context = container.get("securityContext", {})
            user = context.get("runAsUser", pod_context.get("runAsUser"))
            assert user not in (None, 0), f"{where}: no fixed non-root UID"
            assert context.get("runAsNonRoot", pod_context.get("runAsNonRoot")) is True, where
            assert context.get("allowPrivilegeEscalation") is False, where
            assert not context.get("privileged"), where
            assert "ALL" in context.get("capabilities", {}).get("drop", []), f"{where}: capabilities"
            assert not context.get("capabilities", {}).get("add"), f"{where}: adds capabilities"
            assert context.get("readOnlyRootFilesystem") is True, f"{where}: writable root filesystem"
            assert "/tmp" in {mount["mountPath"] for mount in container.get("volumeMounts", [])}, (
                f"{where}: read-only root needs a writable /tmp"
            )


def test_our_containers_run_as_the_image_user() -> None:
    uid = dockerfile_user()
    for workload, container in our_containers():
        context = {**pod_spec(workload).get("securityContext", {}), **container.get("securityContext", {})}
        assert context["runAsUser"] == uid, f"{workload['metadata']['name']}: UID differs from the image's"
        assert context.get("runAsGroup") == uid


def test_every_container_has_requests_within_limits() -> None:
    for workload in workloads():
        for container in containers(workload):
            where = f"{workload['metadata']['name']}/{container['name']}"
            resources = container.get("resources", {})
            for resource in ("cpu", "memory"):
                request = resources.get("requests", {}).get(resource)
                limit = resources.get("limits", {}).get(resource)
                assert request is not None and limit is not None, f"{where}: {resource} request and limit"
                assert quantity(request) <= quantity(limit), f"{where}: {resource} request above limit"


# ---------------------------------------------------------------- Redis


def test_redis_persists_with_an_append_only_file_on_a_claim() -> None:
    redis = named("StatefulSet", "redis")
    assert redis["spec"]["replicas"] == 1, "a single-node Redis; HA is Sentinel or a managed Redis"
    (container,) = containers(redis)
    args = [str(arg) for arg in container.get("command", []) + container.get("args", [])]

    def option(name: str) -> str:
        assert name in args, f"redis-server is started without {name}"
        return args[args.index(name) + 1]

    assert option("--appendonly") == "yes"
    assert option("--maxmemory-policy") == "noeviction", "queued events must never be evicted"
    claims = {claim["metadata"]["name"] for claim in redis["spec"]["volumeClaimTemplates"]}
    mounts = {mount["mountPath"]: mount["name"] for mount in container["volumeMounts"]}
    assert mounts.get(option("--dir")) in claims, "the append-only file must live on the claim"
    probe = container["readinessProbe"]["exec"]["command"]
    assert probe == ["redis-cli", "ping"]
    service = named("Service", redis["spec"]["serviceName"])
    assert service["spec"].get("clusterIP") == "None", "a StatefulSet is governed by a headless Service"


def test_redis_image_matches_compose() -> None:
    compose = yaml.safe_load(COMPOSE.read_text())
    (container,) = containers(named("StatefulSet", "redis"))
    assert container["image"] == compose["services"]["redis"]["image"]


def test_only_our_roles_may_reach_redis() -> None:
    (policy,) = of_kind("NetworkPolicy")
    assert selected_workloads(policy["spec"]["podSelector"]) == ["redis"]
    assert policy["spec"]["policyTypes"] == ["Ingress"]
    allowed: set[str] = set()
    for rule in policy["spec"]["ingress"]:
        for peer in rule["from"]:
            assert set(peer) == {"podSelector"}, "only pods of this namespace, no IP blocks"
            allowed |= set(selected_workloads(peer["podSelector"]))
    assert allowed == {"web", "worker", "beat", "rag-worker"}
