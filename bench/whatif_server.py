"""A diagnostic stdio server: intent-mcp with chosen stages made free, to price each stage.

``python -m bench.whatif_server --skip validation,recognizer`` serves the same adapter and stdio
transport as ``intent-mcp --transport stdio``, except that

- ``validation``: the candidate's JSON Schema check reports no problems without looking, and
- ``recognizer``: the built-in recognizer answers from a cache after the first time it sees a text.

Results stay correct for well-formed candidates (the built-in recognizer writes only those);
this is for measuring, never for serving. ``python -m bench.profile whatif`` drives it.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

STAGES = ("validation", "recognizer")


def _always_valid(_value: object) -> bool:
    return True


class CachedRecognizer:
    """The built-in recognizer, asked once per distinct text."""

    def __init__(self) -> None:
        from intent import BuiltinExecutor

        self._inner = BuiltinExecutor()
        self._answers: dict[str, str] = {}

    async def complete(self, task: Mapping[str, Any], *, feedback: Sequence[Any] | None = None) -> str:
        text = str(task["input"]["text"])
        if feedback is not None or text not in self._answers:
            self._answers[text] = await self._inner.complete(task, feedback=feedback)
        return self._answers[text]


async def serve(skip: frozenset[str]) -> None:
    if "validation" in skip:
        # The private seam is the point: this prices exactly that call. mypy checks bench/, so a
        # renamed seam fails CI instead of silently measuring nothing.
        import intent.candidate.parse as candidate_parse

        compiled = candidate_parse._check_for

        def free_check(schema: dict[str, Any]) -> candidate_parse._SchemaCheck:
            check = compiled(schema)
            check.is_valid = _always_valid
            return check

        candidate_parse._check_for = free_check
    from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter, create_server
    from intent import Intent, IntentConfig
    from intent_mcp.stdio import serve_stdio

    config = IntentConfig(executor=CachedRecognizer()) if "recognizer" in skip else IntentConfig()
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": Intent(config)}))
    try:
        await serve_stdio(create_server(adapter))
    finally:
        await adapter.close()


def _stages(text: str) -> frozenset[str]:
    chosen = frozenset(part.strip() for part in text.split(",") if part.strip())
    unknown = chosen - set(STAGES)
    if unknown:
        raise argparse.ArgumentTypeError(f"stages are {', '.join(STAGES)}")
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.whatif_server", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--skip", type=_stages, default=frozenset(), metavar="STAGE[,STAGE]")
    parser.add_argument("--transport", choices=("stdio",), default="stdio")
    args = parser.parse_args(argv)
    import anyio

    anyio.run(serve, args.skip)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
