"""Start-up preconditions: whether this host meets a Tool node's ``requires``.

``requires`` never becomes a tool: an agent cannot satisfy "needs network" by calling something.
It is checked once, when the server starts, and a tool whose requirements are unmet is not listed.

Kinds: ``bin:<name>`` (an executable on PATH, or at that path), ``env:<VAR>`` (set and non-empty),
``network`` (a default route), ``container`` (docker or podman answering), ``gpu`` (an NVIDIA or
AMD compute device). Anything may also be declared available (``--available network``); a kind
this module does not know is met only when declared.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

CONTAINER_RUNTIMES = ("docker", "podman")
CONTAINER_PROBE_SECONDS = 5.0
KINDS = ("bin", "env", "network", "container", "gpu")


def has_default_route(proc_net: Path = Path("/proc/net")) -> bool:
    """A default route (IPv4 or IPv6) exists: the host can reach beyond itself. No packet is sent."""
    try:
        for line in (proc_net / "route").read_text().splitlines()[1:]:
            fields = line.split()
            if len(fields) > 1 and fields[1] == "00000000":
                return True
    except OSError:
        pass
    try:
        for line in (proc_net / "ipv6_route").read_text().splitlines():
            fields = line.split()
            if len(fields) > 9 and fields[0] == "0" * 32 and fields[1] == "00" and fields[9] != "lo":
                return True
    except OSError:
        pass
    return False


def has_gpu(dev: Path = Path("/dev")) -> bool:
    return (dev / "nvidia0").exists() or (dev / "kfd").exists()


def find_container_runtime(path: str | None = None) -> str | None:
    """The first of docker / podman that is installed and answers ``info`` (its daemon runs)."""
    for name in CONTAINER_RUNTIMES:
        program = shutil.which(name, path=path)
        if program is None:
            continue
        try:
            answer = subprocess.run(
                [program, "info", "--format", "{{.ID}}"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, timeout=CONTAINER_PROBE_SECONDS, check=False,
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        if answer.returncode == 0:
            return program
    return None


@dataclass
class Host:
    """What this host offers. Facts are looked up once, on first need (a container probe takes a moment)."""

    declared: frozenset[str] = frozenset()
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    container_runtime_override: str | None = None

    @classmethod
    def detect(cls, declared: Iterable[str] = (), *, environ: Mapping[str, str] | None = None,
               container_runtime: str | None = None) -> Host:
        return cls(frozenset(declared), dict(os.environ if environ is None else environ), container_runtime)

    @property
    def search_path(self) -> str:
        return self.environ.get("PATH", os.defpath)

    def which(self, name: str) -> str | None:
        """The program ``name`` on this host's PATH (a name with a ``/`` is checked where it points)."""
        return shutil.which(name, path=self.search_path)

    @functools.cached_property
    def container_runtime(self) -> str | None:
        if self.container_runtime_override is not None:
            return self.which(self.container_runtime_override)
        return find_container_runtime(self.search_path)

    @functools.cached_property
    def network(self) -> bool:
        return has_default_route()

    @functools.cached_property
    def gpu(self) -> bool:
        return has_gpu()

    def unmet(self, requirement: str) -> str | None:
        """Why ``requirement`` is not met here, or None when it is."""
        if requirement in self.declared:
            return None
        kind, _, name = requirement.partition(":")
        if kind == "bin" and name:
            return None if self.which(name) else f"{requirement} (no program '{name}' on PATH)"
        if kind == "env" and name:
            return None if self.environ.get(name) else f"{requirement} (the variable {name} is not set)"
        if requirement == "network":
            return None if self.network else "network (no default route on this host)"
        if requirement == "container":
            if self.container_runtime is not None:
                return None
            return "container (no docker or podman that answers; declare one with --available container)"
        if requirement == "gpu":
            return None if self.gpu else "gpu (no NVIDIA or AMD compute device found)"
        return f"{requirement} (not a kind this host can detect; declare it with --available {requirement})"


def unmet_requirements(requirements: Iterable[str], host: Host | None, declared: Iterable[str] = ()) -> list[str]:
    """The reasons of every unmet requirement; without a host only declared requirements are met."""
    if host is None:
        have = set(declared)
        return [item for item in requirements if item not in have]
    reasons = []
    for requirement in requirements:
        if requirement in declared:
            continue
        reason = host.unmet(requirement)
        if reason is not None:
            reasons.append(reason)
    return reasons


__all__ = ["CONTAINER_RUNTIMES", "KINDS", "Host", "find_container_runtime", "has_default_route", "has_gpu",
           "unmet_requirements"]
