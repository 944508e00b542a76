"""Who a sandboxed command is on the host: never root.

Run by an ordinary user, bubblewrap maps the sandbox user (uid 1000 inside) to that user, which
is right. Run by root (a container, CI), the same mapping makes the sandbox user the host's root:
a root-only file in any folder shown to it is readable, and what it writes is root's. So when the
night is root the sandbox user is mapped to HOST_ID, an id that owns nothing here (`nobody`); the
copy is handed to that id when it is made, and so is anything the host writes into it later.

bubblewrap cannot make that mapping itself (run by root it maps the sandbox user to root; its
--userns route changes the uid before the gid and loses the capabilities it needs to mount). So
it waits on --userns-block-fd while the launcher, outside and still root, writes the namespace's
maps (launch.py); inside, the command starts under DROP_SOURCE, which gives up root of the
namespace for good before anything of the copy's runs: no further user namespaces, the folders
the command writes handed to it, no groups, uid and gid 1000, no capability left in any set."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

INSIDE_ID = 1000
HOST_ID = 65534  # `nobody`: owns no file and runs no daemon of this machine's
# uid and gid 0 inside stay the host's root, which set the sandbox up; the command never has them.
ID_MAP = f"0 0 1\n{INSIDE_ID} {HOST_ID} 1\n"
# What DROP_SOURCE needs of root in the namespace, and nothing more.
DROP_CAPABILITIES = ("CAP_CHOWN", "CAP_SETUID", "CAP_SETGID", "CAP_SETPCAP", "CAP_SYS_RESOURCE")

# Runs as root of the sandbox's namespace, with the night's own python (-I -S: nothing of the
# copy's is imported). argv: the inside id, the folders to hand it (":"-joined), the command.
# Any failure ends it with 126 before the command starts: the command never runs as root.
DROP_SOURCE = r"""
import ctypes, errno, os, sys
def fail(why):
    sys.stderr.write("sandbox: cannot give up root: %s\n" % why)
    os._exit(126)
try:
    inside, folders, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    libc = ctypes.CDLL(None, use_errno=True)
    with open("/proc/sys/user/max_user_namespaces", "w") as limit:
        limit.write("0")
    for folder in filter(None, folders.split(":")):
        os.chown(folder, inside, inside)
    cap = 0
    while libc.prctl(24, cap, 0, 0, 0) == 0:  # PR_CAPBSET_DROP, until EINVAL past the last one
        cap += 1
    if ctypes.get_errno() != errno.EINVAL:
        fail("the bounding set: " + os.strerror(ctypes.get_errno()))
    libc.prctl(47, 4, 0, 0, 0)  # PR_CAP_AMBIENT_CLEAR_ALL
    os.setgroups([])
    os.setresgid(inside, inside, inside)
    os.setresuid(inside, inside, inside)  # from uid 0 of the namespace: the kernel clears the capabilities
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)
    if libc.capset(header, (ctypes.c_uint32 * 6)()) != 0:
        fail("capset: " + os.strerror(ctypes.get_errno()))
    with open("/proc/self/status") as status:
        left = [line for line in status if line.startswith("Cap") and int(line.split()[1], 16)]
    if left or os.getuid() != inside or os.getgid() != inside:
        fail("still privileged: " + " ".join(line.split()[0] for line in left))
except Exception as exc:
    fail(repr(exc))
try:
    os.execvp(command[0], command)
except OSError as exc:
    sys.stderr.write("sandbox: cannot run %s: %s\n" % (command[0], exc.strerror))
    os._exit(127)
"""


def maps_to_nobody() -> bool:
    """True where the sandbox user is mapped to HOST_ID: the night is root on Linux."""
    return sys.platform.startswith("linux") and os.geteuid() == 0


def drop_command(python: str, folders: list[str], command: list[str]) -> list[str]:
    """`command` started by DROP_SOURCE under `python`, the `folders` it writes handed to it."""
    return [python, "-I", "-S", "-c", DROP_SOURCE, str(INSIDE_ID), ":".join(folders), *command]


def hand_over(path: Path | str) -> None:
    """`path` (a link itself, never its target) given to the sandbox's host id where it has one."""
    if maps_to_nobody():
        os.lchown(path, HOST_ID, HOST_ID)


def hand_over_tree(root: Path) -> None:
    """`root` and everything under it handed over, no link followed."""
    if not maps_to_nobody():
        return
    os.lchown(root, HOST_ID, HOST_ID)
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            os.lchown(os.path.join(folder, name), HOST_ID, HOST_ID)


def give_like(fd: int, root_fd: int) -> None:
    """The file or folder open at `fd` owned as the copy whose root is open at `root_fd`: what the
    host makes in a copy stays writable by the sandbox user."""
    if os.geteuid() != 0:
        return
    owner = os.fstat(root_fd)
    if stat.S_ISDIR(owner.st_mode) and (owner.st_uid, owner.st_gid) != (0, 0):
        os.fchown(fd, owner.st_uid, owner.st_gid)
