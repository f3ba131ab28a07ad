"""``intent-mcp skill``: where the bundled handoff Skill is, its text, or a copy of it for a host.

A host installs an Agent Skill by copying its folder into its skills directory; this command
tells where the folder is (``path``), prints ``SKILL.md`` (``show``) or copies the folder
(``install DEST``).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import sysconfig
from pathlib import Path

SKILL_NAME = "intent-handoff"


def skill_candidates() -> list[Path]:
    """Where the Skill folder may be: the source tree first, then an installed data directory."""
    source_tree = Path(__file__).resolve().parents[2] / "skills" / SKILL_NAME
    installed = Path(sysconfig.get_path("data")) / "share" / "intent-mcp" / "skills" / SKILL_NAME
    return [source_tree, installed]


def find_skill_dir() -> Path | None:
    """The first Skill folder that holds a ``SKILL.md``, or None."""
    for candidate in skill_candidates():
        if (candidate / "SKILL.md").is_file():
            return candidate
    return None


# Root (server) flags this command reads: none; given before the command they are refused (cli.py).
ROOT_FLAGS: tuple[str, ...] = ()

def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="skill_action", metavar="ACTION")
    actions.add_parser("path", help="print the folder of the intent-handoff Skill (default)")
    actions.add_parser("show", help="print the Skill's SKILL.md")
    install = actions.add_parser("install", help="copy the Skill folder into a host's skills directory")
    install.add_argument("dest", type=Path, help="the host's skills directory; the Skill lands in DEST/intent-handoff")
    install.add_argument("--force", action="store_true", help="replace an existing copy")


def run(args: argparse.Namespace) -> int:
    skill_dir = find_skill_dir()
    if skill_dir is None:
        searched = ", ".join(str(path) for path in skill_candidates())
        print(f"error: the {SKILL_NAME} Skill was not found (looked in {searched})", file=sys.stderr)
        return 1
    action = getattr(args, "skill_action", None) or "path"
    if action == "path":
        print(skill_dir)
        return 0
    if action == "show":
        sys.stdout.write((skill_dir / "SKILL.md").read_text(encoding="utf-8"))
        return 0
    target = Path(args.dest) / SKILL_NAME
    if target.exists():
        if not args.force:
            print(f"error: {target} exists (use --force to replace it)", file=sys.stderr)
            return 1
        shutil.rmtree(target)
    Path(args.dest).mkdir(parents=True, exist_ok=True)
    shutil.copytree(skill_dir, target)
    print(target)
    return 0
