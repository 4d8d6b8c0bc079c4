#!/usr/bin/env python3
"""Run one Python verifier for AgentProofBench's process runtime.

Usage: python3 agentproofbench_runner.py verifier.py
       python3 agentproofbench_runner.py --warm   (the warm parent: agentproofbench_warm.py)

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


if __name__ == "__main__":
    if sys.argv[1:] == ["--warm"]:
        # The warm parent forks each evaluation from here, so the runner is __main__ in both modes.
        import agentproofbench_warm

        sys.exit(agentproofbench_warm.serve(os.path.abspath(__file__)))
    sys.exit(main(sys.argv))
