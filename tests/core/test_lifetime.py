"""Child processes end with their parent however it ends (core/lifetime.py), and the process
tree the tests and the first-run bench read is the real one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from pencilbox.core.lifetime import alive, descendants

PARENT = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", sys.argv[1]])
print(child.pid, flush=True)
time.sleep(600)
"""
CHILD = """
import os, time
from pencilbox.core.lifetime import die_with
die_with(os.getppid())
time.sleep(600)
"""


def test_descendants_are_the_whole_tree_and_a_reaped_or_zombie_process_is_not_alive() -> None:
    proc = subprocess.Popen(["sh", "-c", "sleep 30 & sleep 30 & wait"])
    try:
        deadline = time.monotonic() + 10
        while len(descendants(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        kids = descendants(proc.pid)
        assert len(kids) == 2 and all(alive(k) for k in kids)
        assert kids | {proc.pid} <= descendants(os.getpid())
    finally:
        for k in descendants(proc.pid):
            os.kill(k, signal.SIGKILL)
        proc.kill()
    deadline = time.monotonic() + 10
    while alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not alive(proc.pid)  # ended: a zombie until reaped, and not alive either way
    proc.wait()


def test_a_child_ends_when_its_parent_is_killed_outright() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT, CHILD], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    try:
        time.sleep(1)  # the child has set its parent-death signal
        assert alive(child)
        parent.kill()  # SIGKILL: no handler of the parent runs
        parent.wait()
        deadline = time.monotonic() + 10
        while alive(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(child), "the child outlived its parent"
    finally:
        if alive(child):
            os.kill(child, signal.SIGKILL)
