"""Runs a command and writes to fd 3 the CPU seconds (user + system) that it and every process it started used.

`npm test` runs each suite under this. A shell's `times` counts only the descendants that their own parents waited
for: Chromium's renderers, or an anvil whose gateway exited first, are handed to init and their CPU (most of an
end-to-end run's) was never counted. As a child subreaper (Linux), this process receives every orphaned descendant
and reaps it, so its children's times hold them all. Descendants still running when the command has exited are
leaks of a finished suite: they are killed.
"""
import ctypes
import os
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)

command = os.fork()
if command == 0:
    os.close(3)
    try:
        os.execvp(sys.argv[1], sys.argv[1:])
    except OSError as error:
        print(f"{sys.argv[1]}: {error.strerror}", file=sys.stderr)
        os._exit(127)


def kill_children():
    for task in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{task}/children") as children:
            for left in children.read().split():
                try:
                    os.kill(int(left), signal.SIGKILL)
                except ProcessLookupError:
                    pass


code = 1
while True:
    pid, status = os.wait()
    if pid == command:
        code = os.waitstatus_to_exitcode(status)
        break
# What is left is orphaned and ours, now or once its parent is killed: kill and reap until nothing is left.
while True:
    kill_children()
    try:
        pid, _ = os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        break
    if pid == 0:
        time.sleep(0.05)

times = os.times()
os.write(3, f"{times.children_user + times.children_system:.2f}\n".encode())
sys.exit(code if code >= 0 else 128 - code)
