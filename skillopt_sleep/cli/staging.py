"""`skillopt-sleep status | review | adopt | reject | revert`: look at what the nights proposed,
apply a proposal (or some of its rules) to the live files with a backup, say no to it, and undo it."""

from __future__ import annotations

import json
import sys

from skillopt_sleep.cli.args import add_json_option, config_from_args
from skillopt_sleep.cli.invocation import command, command_words


def register(sub, parent) -> None:
    p = sub.add_parser("status", parents=[parent], help="nights so far and the proposals waiting for review")
    add_json_option(p)
    p.set_defaults(func=run_status)

    p = sub.add_parser("review", parents=[parent], help="show the diff and report of a pending proposal")
    _target_options(p, "pending")
    p.add_argument("--branch", metavar="NAME",
                   help="write the proposal as a new local git branch, one commit per rule, for a file tracked in "
                        "git (your work tree, index and HEAD stay as they are; nothing is pushed)")
    p.set_defaults(func=run_review)

    p = sub.add_parser("adopt", parents=[parent], help="apply a pending proposal to the live files, with a backup")
    _target_options(p, "pending")
    p.add_argument("--only", nargs="+", metavar="RULE",
                   help="adopt only these rules (numbers or keys as review shows them); the others are rejected")
    p.add_argument("--keep-rest", action="store_true",
                   help="with --only: do not reject the rules left out (a later night may propose them again)")
    p.set_defaults(func=run_adopt)

    p = sub.add_parser("reject", parents=[parent],
                       help="reject a pending proposal, or some of its rules; later nights do not propose them again")
    _target_options(p, "pending")
    p.add_argument("--rule", nargs="+", metavar="RULE", dest="rules",
                   help="reject only these rules (numbers or keys as review shows them); the proposal stays pending")
    p.set_defaults(func=run_reject)

    p = sub.add_parser("revert", parents=[parent], help="restore the files an adopted proposal replaced")
    _target_options(p, "adopted")
    p.add_argument("--force", action="store_true",
                   help="revert even if a file was edited after adopting (that version is saved first)")
    answer = p.add_mutually_exclusive_group()
    answer.add_argument("--reject", action="store_true", default=None,
                        help="reject the reverted rules too, so later nights do not propose them again")
    answer.add_argument("--keep-rules", dest="reject", action="store_false",
                        help="do not reject them (a later night may propose them again); asked on a terminal otherwise")
    p.set_defaults(func=run_revert)


def _target_options(p, wanted: str) -> None:
    p.add_argument("proposal_id", nargs="?", metavar="ID|SKILL",
                   help=f"proposal id or skill name (default: the newest {wanted}, when only one skill has one)")
    p.add_argument("--skill-name", metavar="NAME", help=f"the newest {wanted} proposal of this skill")


def run_status(args) -> int:
    from skillopt_sleep.api.overview import status  # the store and the review text alone, never the engine

    shown = status(config_from_args(args))
    if args.json:
        print(json.dumps(shown.data, indent=2, ensure_ascii=False))
    else:
        print(shown.text)
    return 0


def run_review(args) -> int:
    from skillopt_sleep import api  # deferred: the whole engine, which `status` does not need

    if args.branch:
        result = api.review_branch(config_from_args(args), args.branch, args.proposal_id, skill=args.skill_name)
        print(f"Wrote branch {result.branch} in {result.repo}: {len(result.commits)} commit(s) on {result.base[:12]}, "
              f"changing {', '.join(result.files)}; nothing was pushed.")
        print(f"Look at it with: git -C {result.repo} log -p {result.base[:12]}..{result.branch}")
        return 0
    print(api.review(config_from_args(args), args.proposal_id, skill=args.skill_name), end="")
    return 0


def run_adopt(args) -> int:
    from skillopt_sleep import api

    if args.keep_rest and not args.only:
        raise SystemExit("adopt: --keep-rest only goes with --only")
    result = api.adopt(config_from_args(args), args.proposal_id, skill=args.skill_name, only=args.only,
                       reject_rest=not args.keep_rest)
    for note in result.notes:
        print(f"note: {note}")
    if result.adopted_rules:
        print(f"Adopted {len(result.adopted_rules)} rule(s) of proposal {result.proposal_id} (night {result.night_id}): "
              f"{', '.join(str(r.number) for r in result.adopted_rules)}")
        left = ", ".join(str(r.number) for r in result.left_out)
        print(f"Left out: {left} ({'rejected: later nights do not propose them again' if result.rejected_rest else 'not rejected'})")
    else:
        print(f"Adopted proposal {result.proposal_id} (night {result.night_id}):")
    for f in result.files:
        if f.created:
            print(f"  {f.kind:<6}  created {f.live_path} (it did not exist; revert deletes it)")
        else:
            print(f"  {f.kind:<6}  replaced {f.live_path}; previous text backed up at {f.backup_path}")
    print(f"Undo with: {command('revert', result.proposal_id, *command_words(args))}")
    return 0


def run_revert(args) -> int:
    from skillopt_sleep import api

    reject = args.reject
    if reject is None:
        reject = _ask("Reject the reverted rules too, so later nights do not propose them again? [y/N] ")
    result = api.revert(config_from_args(args), args.proposal_id, skill=args.skill_name, force=args.force,
                        reject=reject)
    print(f"Reverted proposal {result.proposal_id} (night {result.night_id}) from {result.backup_dir}:")
    for f in result.files:
        if f.action == "deleted":
            print(f"  {f.kind:<6}  deleted {f.live_path} (adopt had created it)")
        else:
            print(f"  {f.kind:<6}  restored {f.live_path} to its text before adopting")
        if f.saved_edit is not None:
            print(f"          your edited version was saved at {f.saved_edit}")
    if reject:
        print("The reverted rules are rejected: later nights of this skill do not propose them again.")
    else:
        print(f"Later nights may propose these rules again; to say no: {command('reject', result.proposal_id, *command_words(args))}")
    return 0


def run_reject(args) -> int:
    from skillopt_sleep import api

    result = api.reject(config_from_args(args), args.proposal_id, skill=args.skill_name, rules=args.rules)
    what = f"proposal {result.proposal_id}" if result.whole else \
        f"{len(result.rules)} rule(s) of proposal {result.proposal_id} (it stays pending; adopt leaves them out)"
    print(f"Rejected {what} (night {result.night_id}):")
    for rule in result.rules:
        print(f"  {rule.number}. {rule.edit.summary()}")
    print("Later nights of this skill do not propose these rules again, unless evidence of another kind appears.")
    return 0


def _ask(question: str) -> bool:
    """A yes from the user at a terminal; no terminal (a hook, `claude -p`, a script) is a no."""
    if not sys.stdin.isatty():
        return False
    try:
        return input(question).strip().lower() in ("y", "yes")
    except EOFError:
        return False
