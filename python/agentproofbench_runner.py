#!/usr/bin/env python3
"""Run one Python verifier for AgentProofBench's process runtime.

Usage: python3 agentproofbench_runner.py [--keyrings] verifier.py
       python3 agentproofbench_runner.py --keyrings --exec COMMAND [ARGS...]
       python3 agentproofbench_runner.py --warm   (the warm parent: agentproofbench_warm.py)

``--keyrings`` first gives the process a session keyring of its own and a seccomp filter on
the key calls (``confine_keyrings``); ``--exec`` then runs a non-Python verifier under both.

Loads ``verifier.py``, which defines ``verify(task, before, after)``, and speaks the
JSON-lines protocol of docs/process-protocol.md with the host on stdin/stdout: one
``start`` message in, one ``call``/``response`` exchange per API call, one ``result`` or
``error`` message out. ``before`` and ``after`` are ``ApiClient`` objects with the same
four methods as the TypeScript clients. Standard library only, Python 3.8+.
"""

import importlib.util
import json
import os
import sys

PROTOCOL_VERSION = 1
MAX_DESCRIPTORS = 65536
BUDGET_HEADER = "x-agentproofbench-error"


class BudgetExhaustedError(Exception):
    """Raised into the verifier once the operation budget is gone; the evaluation is Error ``budget``."""

    code = "budget_exhausted"


class ProtocolError(Exception):
    """The host answered something this runner does not understand."""


class Channel:
    """The private protocol streams; the verifier's own stdin/stdout are detached from them."""

    def __init__(self):
        # Keep the protocol on duplicated descriptors, then point fd 0 at /dev/null and fd 1 at
        # stderr, so print() or a child process writing to stdout cannot corrupt the protocol.
        self._out = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
        self._in = os.fdopen(os.dup(0), "r", encoding="utf-8", newline="\n")
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        os.dup2(2, 1)
        self._next_id = 0

    def send(self, message):
        self._out.write(json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n")
        self._out.flush()

    def receive(self):
        line = self._in.readline()
        if not line:
            raise ProtocolError("the host closed the protocol stream")
        return json.loads(line)

    def call(self, side, request):
        self._next_id += 1
        self.send({"type": "call", "id": self._next_id, "side": side, "request": request})
        message = self.receive()
        if message.get("type") != "response" or message.get("id") != self._next_id:
            raise ProtocolError("expected the response to call %d, got %r" % (self._next_id, message.get("type")))
        return message["response"]


class ApiClient:
    """One snapshot of the service, read through the host; mirrors src/services/client.ts."""

    def __init__(self, channel, side):
        self._channel = channel
        self._side = side

    def request(self, method, path, query=None, body=None, headers=None):
        """Any method and path; returns the full response dict {status, headers, body}."""
        request = {"method": method, "path": path}
        if query is not None:
            request["query"] = query
        if body is not None:
            request["body"] = body
        if headers is not None:
            request["headers"] = headers
        response = self._channel.call(self._side, request)
        if response.get("headers", {}).get(BUDGET_HEADER) == "budget_exhausted":
            body = response.get("body") or {}
            raise BudgetExhaustedError(body.get("message", "operation budget exhausted"))
        return response

    def get(self, path, query=None):
        """GET; returns the parsed body, whatever the status."""
        return self.request("GET", path, query=query)["body"]

    def post(self, path, body=None):
        """POST with a JSON body; returns the parsed body."""
        return self.request("POST", path, body=body)["body"]

    def graphql(self, query, variables=None):
        """POST to the service's GraphQL endpoint; returns {data, errors}."""
        return self.request("POST", "graphql", body={"query": query, "variables": variables})["body"]


def describe(error):
    """``Name: message``; never raises, whatever the exception's ``__str__`` does."""
    name = type(error).__name__
    try:
        text = str(error)
    except BaseException:  # a hostile __str__ must not turn an exception into a crash
        return "%s (its message could not be read)" % name
    return "%s: %s" % (name, text) if text else name


def load_verify(path):
    spec = importlib.util.spec_from_file_location("verifier", path)
    if spec is None or spec.loader is None:
        raise ImportError("cannot load %s as a Python module" % path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["verifier"] = module
    spec.loader.exec_module(module)
    return getattr(module, "verify", None)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: agentproofbench_runner.py VERIFIER.py\n")
        return 2
    # Descriptors the host inherited from its own parent (a shell's `3<file`) are not the
    # verifier's: only stdin, stdout and stderr stay open.
    os.closerange(3, MAX_DESCRIPTORS)
    channel = Channel()
    # Before the verifier's code runs: whatever ends the process after this is the verifier's doing.
    channel.send({"type": "hello"})
    start = channel.receive()
    if start.get("type") != "start" or start.get("protocol") != PROTOCOL_VERSION:
        raise ProtocolError("expected a start message for protocol %d" % PROTOCOL_VERSION)
    channel.send(run_verifier(channel, argv[1], start["task"]))
    return 0


def run_verifier(channel, path, task):
    """The one closing message. Only strings survive the except blocks: a MemoryError's
    traceback would otherwise keep the verifier's allocations alive while we answer."""
    stage = "load"
    failure = None
    try:
        verify = load_verify(path)
        if not callable(verify):
            return {"type": "error", "kind": "malformed", "message": "the verifier module defines no verify function"}
        stage = "verify"
        result = verify(task, ApiClient(channel, "before"), ApiClient(channel, "after"))
    except ProtocolError:
        raise
    except MemoryError:
        failure = ("memory", "MemoryError: the verifier exceeded its memory limit")
    except BaseException as error:  # also SystemExit and KeyboardInterrupt: the verifier's own ending
        prefix = "cannot load the verifier module: " if stage == "load" else ""
        failure = ("exception", prefix + describe(error))
    if failure is not None:
        return {"type": "error", "kind": failure[0], "message": failure[1]}
    try:
        json.dumps(result, allow_nan=False)
    except MemoryError:
        return {"type": "error", "kind": "memory", "message": "MemoryError: the verifier exceeded its memory limit"}
    except RecursionError:  # nested deeper than the encoder goes; no valid result nests past three levels
        return {"type": "error", "kind": "malformed", "message": "the result nests too deep to be a verifier result"}
    except Exception as error:  # sets, NaN, objects, a hostile __iter__ or key: not plain JSON
        return {"type": "error", "kind": "malformed", "message": "the result is not plain JSON: " + describe(error)}
    return {"type": "result", "result": result}


# Kernel keyrings (docs/sandbox.md, "Keyrings"). The kernel's key store is not namespaced: a
# process keeps its parent's session keyring, a uid's user keyrings live until reboot once
# touched, and a key's owner may open it to every uid. So each evaluation gets a session
# keyring of its own, and a seccomp filter refuses the calls that reach past it.
KEYCTL_JOIN_SESSION_KEYRING = 1
KEYCTL_CHOWN = 4
KEYCTL_SETPERM = 5
KEYCTL_SET_REQKEY_KEYRING = 14
KEYCTL_SESSION_TO_PARENT = 18
KEYCTL_GET_PERSISTENT = 22
# Joining another (named) session keyring, handing a key to another owner or opening its
# permissions, replacing the parent's keyring, changing where request_key puts keys, and the
# per-uid persistent keyring (kept for days).
REFUSED_KEYCTL_OPERATIONS = (
    KEYCTL_JOIN_SESSION_KEYRING,
    KEYCTL_CHOWN,
    KEYCTL_SETPERM,
    KEYCTL_SET_REQKEY_KEYRING,
    KEYCTL_SESSION_TO_PARENT,
    KEYCTL_GET_PERSISTENT,
)
# KEY_SPEC_USER_KEYRING and KEY_SPEC_USER_SESSION_KEYRING as the kernel reads an int argument
# (its low 32 bits): the uid's own keyrings, created on first use and never freed.
USER_KEYRING_IDS = (0xFFFFFFFC, 0xFFFFFFFB)
# Per machine: (audit arch, add_key, request_key, keyctl), then the other ABI its processes
# can call (i386 on x86_64, 32-bit ARM on aarch64), whose key calls are refused outright.
KEY_SYSCALLS = {
    "x86_64": ((0xC000003E, 248, 249, 250), (0x40000003, 286, 287, 288)),
    "aarch64": ((0xC00000B7, 217, 218, 219), (0x40000028, 309, 310, 311)),
}
X32_SYSCALL_BIT = 0x40000000
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
EPERM = 1
ENOSYS = 38


def _keyring_filter(machine):
    """The classic BPF program of the filter, as (code, jump if true, jump if false, k) tuples."""
    if machine not in KEY_SYSCALLS:
        raise OSError(ENOSYS, "no keyring filter for the %s machine" % machine)
    (arch, add_key, request_key, keyctl), (other_arch, *other_calls) = KEY_SYSCALLS[machine]
    load, equal, give = 0x20, 0x15, 0x06  # BPF_LD|BPF_W|BPF_ABS, BPF_JMP|BPF_JEQ|BPF_K, BPF_RET|BPF_K
    nr, arch_at = 0, 4
    argument = lambda index: 16 + 8 * index  # the low half (little-endian) of seccomp_data.args[index]
    refuse = SECCOMP_RET_ERRNO | EPERM
    lines = []  # (code, target label or None, k); a label is a str

    def jump_if(k, label):
        lines.append((equal, label, k))

    def mark(label):
        lines.append(("label", label, 0))

    lines.append((load, None, arch_at))
    jump_if(arch, "native")
    jump_if(other_arch, "other")
    # An ABI this filter does not know: its call numbers mean other calls, so none is allowed.
    lines.append((give, None, SECCOMP_RET_ERRNO | ENOSYS))
    mark("native")
    lines.append((load, None, nr))
    jump_if(keyctl, "keyctl")
    jump_if(add_key, "add_key")
    jump_if(request_key, "refuse")  # it can start /sbin/request-key as root in the host's namespaces
    if machine == "x86_64":
        for call in (add_key, request_key, keyctl):
            jump_if(X32_SYSCALL_BIT | call, "refuse")
    lines.append((give, None, SECCOMP_RET_ALLOW))
    mark("other")
    lines.append((load, None, nr))
    for call in other_calls:
        jump_if(call, "refuse")
    lines.append((give, None, SECCOMP_RET_ALLOW))
    mark("keyctl")
    lines.append((load, None, argument(0)))
    for operation in REFUSED_KEYCTL_OPERATIONS:
        jump_if(operation, "refuse")
    for index in (1, 2, 3, 4):
        lines.append((load, None, argument(index)))
        for special in USER_KEYRING_IDS:
            jump_if(special, "refuse")
    lines.append((give, None, SECCOMP_RET_ALLOW))
    mark("add_key")
    lines.append((load, None, argument(4)))
    for special in USER_KEYRING_IDS:
        jump_if(special, "refuse")
    lines.append((give, None, SECCOMP_RET_ALLOW))
    mark("refuse")
    lines.append((give, None, refuse))
    # Resolve labels into forward jump offsets (classic BPF jumps only forward).
    positions, count = {}, 0
    for code, label, _ in lines:
        if code == "label":
            positions[label] = count
        else:
            count += 1
    program, at = [], 0
    for code, label, k in lines:
        if code == "label":
            continue
        if code == equal:
            program.append((code, positions[label] - at - 1, 0, k))
        else:
            program.append((code, 0, 0, k))
        at += 1
    return program


_prepared_filter = None


def prepare_keyring_filter():
    """The filter as the kernel takes it, built once per process. The warm parent builds it
    before it forks: in a forked child, every page Python writes is copied first, which on
    some machines costs tens of microseconds a page (docs/sandbox.md, "Warm and cold")."""
    global _prepared_filter
    if _prepared_filter is None:
        import ctypes

        machine = os.uname().machine
        program = _keyring_filter(machine)

        class Instruction(ctypes.Structure):
            _fields_ = [("code", ctypes.c_uint16), ("jt", ctypes.c_uint8), ("jf", ctypes.c_uint8), ("k", ctypes.c_uint32)]

        class Program(ctypes.Structure):
            _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(Instruction))]

        instructions = (Instruction * len(program))(*[Instruction(*line) for line in program])
        libc = ctypes.CDLL(None, use_errno=True)
        fprog = Program(len(program), instructions)
        calls = (
            (libc.syscall, (KEY_SYSCALLS[machine][0][3], KEYCTL_JOIN_SESSION_KEYRING, 0), "join a session keyring"),
            (libc.prctl, (PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs"),
            (libc.prctl, (PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(fprog), 0, 0), "seccomp filter"),
        )
        arguments = [(call, tuple(ctypes.c_ulong(value) for value in values), what) for call, values, what in calls]
        _prepared_filter = (ctypes, arguments, instructions, fprog)
    return _prepared_filter


def confine_keyrings(join_session):
    """Join a new, empty session keyring (unless the caller already did, as the warm
    evaluation's init does as root), then install the filter; both outlive exec."""
    ctypes, calls, _, _ = prepare_keyring_filter()
    join, no_new_privs, seccomp = calls
    for call, arguments, what in ((join,) if join_session else ()) + (no_new_privs, seccomp):
        if call(*arguments) < 0:
            error = ctypes.get_errno()
            # ENOSYS on the join: a kernel without keys has nothing to keep apart.
            if call is not join[0] or error != ENOSYS:
                raise OSError(error, "%s: %s" % (what, os.strerror(error)))


def exec_command(argv):
    """The launcher of a non-Python verifier: run it in this process, keyrings confined."""
    try:
        os.execvp(argv[0], argv)
    except OSError as error:
        sys.stderr.write("cannot run %s: %s\n" % (argv[0], error.strerror))
        # The shell's conventions, as setpriv and prlimit use them: 127 not found, 126 not executable.
        return 127 if isinstance(error, FileNotFoundError) else 126


if __name__ == "__main__":
    if sys.argv[1:2] == ["--keyrings"]:
        confine_keyrings(join_session=True)
        del sys.argv[1]
        if sys.argv[1:2] == ["--exec"]:
            sys.exit(exec_command(sys.argv[2:]))
    if sys.argv[1:] == ["--warm"]:
        # The warm parent forks each evaluation from here, so the runner is __main__ in both modes.
        import agentproofbench_warm

        sys.exit(agentproofbench_warm.serve(os.path.abspath(__file__)))
    sys.exit(main(sys.argv))
