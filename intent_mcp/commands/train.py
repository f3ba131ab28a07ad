"""``intent-mcp train --config FILE``: train each instance's recognizer from its examples and save the state.

With ``--report``, first train on four fifths of each domain's examples and print per-domain
precision/recall and a confusion table on the fifth held out. The state (trained on all examples)
is written to the instance's ``nlu.stateFile`` (default: ``<config>.<instance>.nlu.json`` beside the
configuration file); a server reuses it while the examples' hash matches, and trains anew otherwise.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "train"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", type=Path, required=True, help="the configuration file")
    parser.add_argument("--instance", metavar="NAME", help="only this instance (default: every one with examples)")
    parser.add_argument("--report", action="store_true",
                        help="print per-domain precision/recall and a confusion table on held-out examples")
    parser.add_argument("--no-save", action="store_true", help="do not write the trained state")


def run(args: argparse.Namespace) -> int:
    import time

    import orjson

    from intent import IntentError
    from intent.nlu.report import held_out_report, split_held_out
    from intent.nlu.setup import load_or_train, save_state
    from intent_mcp.config import default_state_file, load_config_file
    from intent_mcp.serve import intent_config

    try:
        config = load_config_file(args.config)
        names = [args.instance] if args.instance else list(config.instances)
        if args.instance and args.instance not in config.instances:
            raise IntentError("CONFIG_INVALID", f"no instance {args.instance!r} in the configuration",
                              path="/instances")
        trained_any = False
        for name in names:
            settings = config.instances[name]
            started = time.perf_counter()
            intent_settings = intent_config(settings, executor=None)
            examples = dict(intent_settings.examples)
            if not examples:
                continue
            trained_any = True
            domains = list(intent_settings.domains or ())
            fields = list(intent_settings.fields)
            count = sum(len(v) for v in examples.values())
            print(f"instance {name}: {len(domains)} domains, {count} examples")
            if args.report:
                train, held = split_held_out(examples)
                model = load_or_train(train, domains, fields)
                for line in held_out_report(model, held, domains).lines():
                    print("  " + line)
            model = load_or_train(examples, domains, fields)
            print(f"  trained in {time.perf_counter() - started:.2f} s")
            if not args.no_save:
                target = settings.state_file or default_state_file(args.config, name)
                assert target is not None
                save_state(model, target)
                print(f"  state saved to {target}")
        if not trained_any:
            raise IntentError("CONFIG_INVALID", "no instance has examples to train on: add domainHints "
                              "examples or nlu.rasaFile", path="/instances")  # fmt: skip
    except IntentError as error:
        sys.stdout.write(orjson.dumps(error.to_dict()).decode() + "\n")
        return 1
    return 0
