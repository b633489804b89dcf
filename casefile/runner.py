"""The runner of ``casefile serve``: its deployments' flows run from memory, never from what a
deployment says (security trial, Prefect H1).

Prefect's ``serve(*deployments)`` starts each run as ``python -m prefect.engine``, which reads the
deployment from the API and runs its pull steps, then imports its entrypoint: whoever can change
the deployment (anyone holding Prefect's auth string) runs any command as the service user. Here
each deployment is registered with its flow object (what ``Runner.add_flow`` does), so a run is the
flow casefile imported, started in a subprocess: the deployment's pull steps, entrypoint and path
are never read. What was registered is recorded for the runs (flows.registered), so a run of a
deployment changed since fails, saying so, before it does anything.
"""

from __future__ import annotations

import importlib
import json
import os
from typing import Any

from casefile.errors import ConfigurationError


def register_from_memory(runner: Any, deployments: list[Any]) -> None:
    """Register ``deployments`` (Prefect RunnerDeployments with module-path entrypoints,
    ``package.module.flow_object``) with ``runner`` (a prefect.runner.Runner, not started), each with
    its flow object, and record their definitions, as read back from the API, in
    flows.registered.SERVED_ENV for the runs' subprocesses. Raises ConfigurationError when an
    entrypoint names no flow, or this Prefect's runner cannot hold flow objects."""
    from prefect.client.orchestration import get_client
    from prefect.flows import Flow

    from flows.registered import SERVED_ENV, definition

    registry = getattr(runner, "_deployment_registry", None)  # what Runner.add_flow fills
    if registry is None or not hasattr(registry, "register_flow"):
        raise ConfigurationError("this Prefect's runner cannot run flows from memory (no deployment registry); "
                                 "casefile serve refuses to run deployments from what their definitions say")
    registered: dict[str, Any] = {}
    with get_client(sync_client=True) as client:
        for deployment in deployments:
            flow = flow_of(deployment.entrypoint)
            if not isinstance(flow, Flow):
                raise ConfigurationError(f"{deployment.entrypoint} is not a Prefect flow")
            deployment_id = runner.add_deployment(deployment)
            registry.register_flow(deployment_id, flow)
            registered[str(deployment_id)] = definition(client.read_deployment(deployment_id))
    os.environ[SERVED_ENV] = json.dumps(registered, sort_keys=True, default=str)  # the runs' subprocesses inherit it


def flow_of(entrypoint: str) -> Any:
    """The object a module-path entrypoint (``flows.sweep.sweep_flow``) names. ConfigurationError
    when it names no module or attribute."""
    module, _, name = entrypoint.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ConfigurationError(f"the deployment entrypoint {entrypoint!r} names no flow ({exc})") from exc
