"""``intent-mcp fixtures``: replay the protocol fixtures against a server, or record them from one.

``check`` prints one line per case (PASS / FAIL / SKIP) and exits 1 when any case fails.
``record`` writes ``protocol_fixtures/<version>/<case>.json`` from a real server's replies.
"""

from __future__ import annotations

import argparse
import sys
import sysconfig
from pathlib import Path


def _default_fixtures() -> Path:
    """The source tree's fixtures, else the installed copy under <prefix>/share/intent-mcp."""
    source_tree = Path(__file__).resolve().parents[2] / "protocol_fixtures"
    if source_tree.is_dir():
        return source_tree
    return Path(sysconfig.get_path("data")) / "share" / "intent-mcp" / "protocol_fixtures"


DEFAULT_FIXTURES = _default_fixtures()
DEFAULT_PROFILE = "executor"


# Root (server) flags this command reads: none; given before the command they are refused (cli.py).
ROOT_FLAGS: tuple[str, ...] = ()

def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="fixtures_action", metavar="ACTION", required=True)

    check = actions.add_parser("check", help="replay every fixture and compare the replies")
    target = check.add_mutually_exclusive_group(required=True)
    target.add_argument(
        "--server-command",
        metavar="CMD",
        help="start a stdio server per case with CMD plus the case's profile arguments",
    )
    target.add_argument(
        "--url",
        metavar="[PROFILE=]URL",
        action="append",
        help=f"a running Streamable HTTP server for one profile (default {DEFAULT_PROFILE}); repeatable",
    )
    _common(check)
    check.add_argument("--jobs", type=int, default=2, help="cases replayed at once (default 2)")

    record = actions.add_parser("record", help="record the fixtures from a stdio server")
    record.add_argument("--server-command", metavar="CMD", required=True, help="the stdio server command")
    _common(record)

    listing = actions.add_parser("list", help="list the fixtures and their server profiles")
    listing.add_argument("--fixtures", type=Path, default=DEFAULT_FIXTURES, help="the fixtures folder")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fixtures", type=Path, default=DEFAULT_FIXTURES, help="the fixtures folder")
    parser.add_argument("--version", dest="versions", action="append", metavar="V", help="only this protocol version")
    parser.add_argument("--case", dest="cases", action="append", metavar="NAME", help="only this case")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds to wait for one reply (default 20)")


def _parse_urls(values: list[str]) -> dict[str, str]:
    urls: dict[str, str] = {}
    for value in values:
        profile, sep, url = value.partition("=")
        if not sep or "://" in profile:
            profile, url = DEFAULT_PROFILE, value
        urls[profile] = url
    return urls


def run(args: argparse.Namespace) -> int:
    import anyio

    from intent_mcp.fixtures import FixtureError, MarkerError, ReplayFailure

    if not Path(args.fixtures).is_dir():
        print(f"error: no fixtures folder at {args.fixtures} (give it with --fixtures)", file=sys.stderr)
        return 2
    try:
        if args.fixtures_action == "check":
            return anyio.run(_check, args)
        if args.fixtures_action == "record":
            return anyio.run(_record, args)
        return _list(args)
    except (FixtureError, MarkerError, ReplayFailure, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _list(args: argparse.Namespace) -> int:
    from intent_mcp.fixtures import load_fixtures

    for fixture in load_fixtures(args.fixtures):
        print(f"{fixture.protocol_version}/{fixture.name}  server={fixture.server}  {','.join(fixture.transports)}")
    return 0


async def _check(args: argparse.Namespace) -> int:
    from intent_mcp.fixtures import CaseOutcome, Fixture, load_fixtures, load_profiles, replay_all, split_command
    from intent_mcp.fixtures.format import HTTP_PROTOCOL_VERSIONS, PROTOCOL_VERSIONS

    versions = args.versions or list(PROTOCOL_VERSIONS)
    fixtures = [f for f in load_fixtures(args.fixtures, versions) if not args.cases or f.name in args.cases]
    if not fixtures:
        print("error: no fixture matches", file=sys.stderr)
        return 2
    profiles = load_profiles(args.fixtures)
    counts = {"pass": 0, "fail": 0, "skip": 0}

    def report(outcome: CaseOutcome) -> None:
        counts[outcome.status] += 1
        for line in outcome.lines():
            print(line, flush=True)

    plan: list[tuple[Fixture, str]] = []
    if args.server_command:
        command = split_command(args.server_command)
        for fixture in fixtures:
            if fixture.server not in profiles:
                raise ValueError(f"{fixture.path}: server profile {fixture.server!r} is not in servers.json")
            plan.append((fixture, "stdio"))
        await replay_all(
            plan,
            server_command=command,
            profiles=profiles,
            url=None,
            jobs=args.jobs,
            timeout=args.timeout,
            on_outcome=report,
        )
    else:
        urls = _parse_urls(args.url)
        for fixture in fixtures:
            reason = ""
            if "http" not in fixture.transports or fixture.protocol_version not in HTTP_PROTOCOL_VERSIONS:
                reason = f"{fixture.protocol_version} is checked over stdio only"
            elif fixture.server not in urls:
                reason = f"needs a server with profile {fixture.server!r}"
            if reason:
                report(CaseOutcome(fixture=fixture, transport="http", status="skip", detail=reason))
                continue
            # Each profile's cases run against that profile's URL.
            await replay_all(
                [(fixture, "http")],
                server_command=None,
                profiles=profiles,
                url=urls[fixture.server],
                jobs=1,
                timeout=args.timeout,
                on_outcome=report,
            )
    print(f"fixtures: {counts['pass']} passed, {counts['fail']} failed, {counts['skip']} skipped")
    if counts["pass"] + counts["fail"] == 0:
        # Nothing was compared: that is no evidence of a match.
        print("error: no case could run against the given server(s)", file=sys.stderr)
        return 2
    return 1 if counts["fail"] else 0


async def _record(args: argparse.Namespace) -> int:
    from intent_mcp.fixtures import CASES, load_profiles, record_case, split_command, write_fixture
    from intent_mcp.fixtures.format import PROTOCOL_VERSIONS

    command = split_command(args.server_command)
    profiles = load_profiles(args.fixtures)
    versions = args.versions or list(PROTOCOL_VERSIONS)
    for version in versions:
        for spec in CASES:
            if args.cases and spec.name not in args.cases:
                continue
            if spec.server not in profiles:
                raise ValueError(f"case {spec.name}: server profile {spec.server!r} is not in servers.json")
            fixture = await record_case(
                spec,
                version,
                server_command=command,
                profile=profiles[spec.server],
                fixtures_root=args.fixtures,
                timeout=args.timeout,
            )
            changed = write_fixture(fixture)
            print(f"{'WROTE' if changed else 'SAME '} {version}/{spec.name}", flush=True)
        # A file no case writes any more is not deleted behind the reviewer's back, only named.
        known = {spec.name for spec in CASES}
        for path in sorted((args.fixtures / version).glob("*.json")):
            if path.stem not in known:
                print(f"STALE {version}/{path.stem} (no such case; delete the file if that is intended)")
    return 0
