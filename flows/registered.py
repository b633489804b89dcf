"""A run of a deployment ``casefile serve`` serves acts only while that deployment is what casefile
registered (security trial, Prefect H1).

Whoever holds Prefect's auth string can change a deployment through Prefect's API — its pull steps
(``prefect.deployments.steps.run_shell_script``: any command, as the service user), its entrypoint,
its path, its job variables — and then start a run of it. ``casefile serve`` runs its flows from
memory (casefile.runner: Prefect's runner then never reads a deployment's pull steps, entrypoint or
path), and records, right after registering each deployment, what it registered as read back from
the API (:func:`definition`) in the environment its flow runs inherit (``CASEFILE_SERVED_DEPLOYMENTS``:
JSON, deployment id → definition). Each served flow calls :func:`refuse_tampered_deployment` first:
a run whose deployment now differs fails, naming the fields changed, before anything is read or
stored. Runs outside ``casefile serve`` (the command line's local mode, a worker of
deploy/prefect.yaml, whose pull step is its own) carry no record and are not checked here.
"""

from __future__ import annotations

import json
import os
from typing import Any

#: The environment variable holding the definitions of the deployments ``casefile serve`` registered.
SERVED_ENV = "CASEFILE_SERVED_DEPLOYMENTS"

#: What a deployment runs and how: the fields whose change could make a run do something else.
DEFINITION_FIELDS = ("entrypoint", "path", "pull_steps", "job_variables", "storage_document_id",
                     "infrastructure_document_id", "work_pool_name", "parameters", "enforce_parameter_schema",
                     "parameter_openapi_schema", "flow_id")


class DeploymentTampered(RuntimeError):
    """A served run's deployment differs from what ``casefile serve`` registered."""


def definition(deployment: Any) -> dict[str, Any]:
    """The fields of DEFINITION_FIELDS of a deployment read from Prefect's API (a client
    DeploymentResponse, or its JSON as a dict), as JSON values."""
    data = deployment if isinstance(deployment, dict) else deployment.model_dump(mode="json")
    return {name: data.get(name) for name in DEFINITION_FIELDS}


def changed_fields(now: dict[str, Any], registered: dict[str, Any]) -> list[str]:
    """The names of the fields whose values differ between two :func:`definition` s (compared as
    canonical JSON), sorted."""
    def canonical(value: Any) -> str:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)

    return sorted(name for name in DEFINITION_FIELDS if canonical(now.get(name)) != canonical(registered.get(name)))


def refuse_tampered_deployment(flow: str) -> None:
    """Raise DeploymentTampered when this flow run belongs to a deployment ``casefile serve``
    registered (its id in SERVED_ENV) and that deployment, read now from Prefect's API, no longer
    has the registered definition. No-op for a run outside ``casefile serve``."""
    served = os.environ.get(SERVED_ENV)
    if not served:
        return
    from prefect.runtime import deployment as current

    deployment_id = current.id
    registered = json.loads(served)
    if not deployment_id or str(deployment_id) not in registered:
        return
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        now = client.read_deployment(deployment_id)
    if changed := changed_fields(definition(now), registered[str(deployment_id)]):
        raise DeploymentTampered(
            f"{flow}: refused to run: its deployment {deployment_id} was changed through Prefect's API since "
            f"casefile serve registered it ({', '.join(changed)}); nothing was run, read or "
            "stored. Someone holding Prefect's auth string did it: restart casefile serve (it registers the "
            "deployment again) and see docs/integrity.md, \"Prefect behind casefile\"")
