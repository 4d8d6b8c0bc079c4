"""The warm parent of AgentProofBench's process runtime (docs/sandbox.md, "Warm and cold").

Started once (``python3 agentproofbench_runner.py --warm``) as root inside the sandbox's
namespaces and minimal root, with the interpreter, the runner and the standard modules it
needs already loaded. It reads one request per evaluation on stdin and forks; it never
runs a verifier's code, so every evaluation starts from the same untouched interpreter.
Standard library only (ctypes for the few system calls Python 3.11 lacks); Linux only.

Per evaluation, two processes besides the warm parent, which connects the evaluation's
four channels to the host (control, protocol, stderr, go), keeps the control channel
(a ``k`` there, or its end, kills the evaluation; the init's status goes back on it) and
forks:

- the evaluation init (PID 1 of a new PID namespace, root): joins the evaluation's cgroups,
  unshares a mount, UTS, IPC and network namespace and mounts a fresh /proc, /tmp, /dev/shm
  and /etc/passwd, all ahead of time, while an earlier evaluation runs. It forks the
  verifier process and waits for it; when that exits, the kernel kills every process left
  in the namespace;
- the verifier process: rlimits, a fresh uid and gid with no capabilities, no way to gain
  privileges, the init's session keyring and the runner's keyring filter, only its channels
  on descriptors 0, 1 and 2. On the host's go (the memory limit and the verifier's source)
  it writes the runner and the verifier into /tmp and runs the runner's ``main`` exactly
  as a cold start runs it.

The warm parent stays outside the evaluation's cgroups, so an out-of-memory kill never
takes the process that reports.
"""

import ctypes
import json
import os
import resource
import select
import signal
import socket
import sys
import time
import traceback

# Where the host's mounts appear inside the warm parent's /tmp (gone for each evaluation,
# which gets a /tmp of its own): the channel directory and the cgroup directories.
CHANNEL_DIR = "/tmp/apb-channel"
CGROUP_DIR = "/tmp/apb-cgroup-%d"
SOCKET_NAME = "socket"
# When the host put this file in the channel directory (the bench does), each evaluation's
# processes append ``<token> <step> <CLOCK_MONOTONIC ns> <pid> <its CPU ns>`` lines to it:
# where the time goes.
TIMINGS_FILE = "timings"
_timings = None
RUNNER_FILE = "agentproofbench_runner.py"
VERIFIER_FILE = "verifier.py"
MAX_DESCRIPTORS = 65536
SHM_OPTIONS = b"size=16m,mode=1777"

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_RDONLY = 0x1
MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_NOEXEC = 0x8
MS_REMOUNT = 0x20
MS_BIND = 0x1000
MS_REC = 0x4000
MS_PRIVATE = 0x40000
MNT_DETACH = 0x2
PR_CAPBSET_DROP = 24
PR_SET_DUMPABLE = 4
PR_SET_NO_NEW_PRIVS = 38
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_CLEAR_ALL = 4
LINUX_CAPABILITY_VERSION_3 = 0x20080522

libc = ctypes.CDLL(None, use_errno=True)


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _check(result, what):
    if result != 0:
        error = ctypes.get_errno()
        raise OSError(error, "%s: %s" % (what, os.strerror(error)))


def _mount(source, target, fstype, flags, options=None):
    _check(
        libc.mount(
            source.encode() if source else None,
            target.encode(),
            fstype.encode() if fstype else None,
            ctypes.c_ulong(flags),
            options,
        ),
        "mount " + target,
    )


def _detach(target):
    _check(libc.umount2(target.encode(), MNT_DETACH), "umount " + target)


def _write(path, data, mode=0o644):
    """Write a small file with bare system calls: in a freshly forked process, Python's file
    objects (a buffered text stream per file) cost milliseconds of copied pages each."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, mode)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view):]
    finally:
        os.close(descriptor)


def _report(line):
    """A line to the host on the warm parent's stdout (one write: atomic below PIPE_BUF)."""
    os.write(1, (json.dumps(line, separators=(",", ":")) + "\n").encode())


def _open_timings():
    global _timings
    try:
        _timings = os.open(os.path.join(CHANNEL_DIR, TIMINGS_FILE), os.O_WRONLY | os.O_APPEND)
    except FileNotFoundError:
        _timings = None


def _mark(token, step, pid=None, cpu_ns=None):
    """One step taken: the CPU is the marking process's own since its fork (or, with
    ``pid``, another process's, e.g. a reaped child's from its rusage)."""
    if _timings is not None:
        if cpu_ns is None:
            pid, cpu_ns = os.getpid(), time.process_time_ns()
        line = "%s %s %d %d %d\n" % (token, step, time.monotonic_ns(), pid, cpu_ns)
        os.write(_timings, line.encode())


def _connect(token, role):
    channel = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    channel.connect(os.path.join(CHANNEL_DIR, SOCKET_NAME))
    channel.sendall(("%s%s\n" % (token, role)).encode())
    return channel


def serve(runner_path):
    """The warm parent's loop: one request line in, one evaluation started, until stdin closes.

    Per evaluation it connects the four channels, forks the evaluation init into a PID
    namespace of its own and keeps only the control channel: a ``k`` (or the host closing
    it) kills the init; once the init is reaped (the whole PID namespace is gone by then)
    it writes the init's status there and says so on stdout: the host counts an evaluation
    over only once every process of it is gone."""
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda _signal, _frame: None)
    with open(runner_path, "rb") as handle:
        runner_source = handle.read()
    runner = sys.modules["__main__"]
    try:
        runner.prepare_keyring_filter()
    except OSError:
        pass  # a machine without the filter: the host did not ask for it (its probe failed)
    _prepare_privilege_drop()
    _open_timings()
    # Where each fork goes back to once an evaluation's init is forked into a PID namespace of its own.
    own_pids = os.open("/proc/self/ns/pid", os.O_RDONLY | os.O_CLOEXEC)
    # init pid -> (token, control descriptor); control descriptor -> init pid, while the host may still ask for a kill.
    inits = {}
    listening = {}
    _report({"type": "ready"})
    pending = b""
    while True:
        readable, _, _ = select.select([0, wake_read, *listening], [], [])
        if wake_read in readable:
            os.read(wake_read, 4096)
            _reap(inits, listening)
        for control in readable:
            if control in listening:
                _listen(control, listening)
        if 0 not in readable:
            continue
        chunk = os.read(0, 65536)
        if not chunk:
            return 0
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            request = json.loads(line)
            try:
                started = _start(request, runner_source, own_pids)
            except OSError as error:
                _report({"type": "failed", "token": request["token"], "message": "%s: %s" % (type(error).__name__, error)})
                continue
            inits[started[0]] = (request["token"], started[1])
            listening[started[1]] = started[0]


def _start(request, runner_source, own_pids):
    """Connect an evaluation's channels and fork its init, PID 1 of a new PID namespace;
    returns the init's pid and the control channel's descriptor, kept here."""
    token = request["token"]
    _mark(token, "request")
    channels = []
    try:
        for role in "cpeg":
            channels.append(_connect(token, role))
    except OSError:
        for channel in channels:
            channel.close()
        raise
    control, program, errors, go = channels
    _mark(token, "connected")
    # Only the next fork goes into the new namespace; then this process's children are born
    # in its own again (setns to the namespace it is in).
    try:
        _check(libc.unshare(CLONE_NEWPID), "unshare a PID namespace")
    except OSError:
        for channel in channels:
            channel.close()
        raise
    try:
        init = os.fork()
    except OSError:
        _return_to_own_pids(own_pids, None)
        for channel in channels:
            channel.close()
        raise
    if init == 0:
        code = 125
        try:
            code = _evaluation_init(request, runner_source, control, program, errors, go)
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(code)
    _return_to_own_pids(own_pids, init)
    program.close()
    errors.close()
    go.close()
    # A bare descriptor: no socket object a forked child could close by accident.
    control_fd = control.detach()
    os.set_blocking(control_fd, False)
    return init, control_fd


def _return_to_own_pids(own_pids, init):
    """Children born in the warm parent's own PID namespace again. Failing that, every later
    fork would go where it must not: the warm parent ends (the host starts a new one), and
    the init just forked with it."""
    try:
        _check(libc.setns(own_pids, CLONE_NEWPID), "setns back to the warm parent's PID namespace")
    except OSError as error:
        if init is not None:
            os.kill(init, signal.SIGKILL)
        raise SystemExit("the warm parent cannot fork into its own PID namespace again: %s" % error)


def _listen(control, listening):
    """The host wrote on an evaluation's control channel (its ``k``) or closed it: the
    evaluation is over for the host (answered, timed out, or the host is gone)."""
    try:
        said = os.read(control, 64)
    except BlockingIOError:
        return
    except OSError:
        said = b""
    init = listening.pop(control)
    if said and b"k" not in said:
        listening[control] = init
        return
    try:
        os.kill(init, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _reap(inits, listening):
    while inits:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        started = inits.pop(pid, None)
        if started is None:
            continue
        token, control = started
        listening.pop(control, None)
        # The init is reaped only once the whole PID namespace is gone: the kernel kills the rest when it exits.
        _mark(token, "namespace-gone")
        try:
            os.write(control, b"exited %d\n" % os.waitstatus_to_exitcode(status))
        except OSError:
            pass
        os.close(control)
        _mark(token, "reaped")
        _report({"type": "reaped", "token": token})


def _close_all_but(kept):
    low = 3
    for descriptor in sorted(kept):
        if descriptor >= low:
            os.closerange(low, descriptor)
            low = descriptor + 1
    os.closerange(low, MAX_DESCRIPTORS)


def _receive_go(go):
    """The host's go: ``<memory bytes> <source length>`` and the verifier's source, then the end of the stream."""
    chunks = []
    while True:
        chunk = go.recv(1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    go.close()
    header, _, source = b"".join(chunks).partition(b"\n")
    if not header:
        return None
    memory, length = (int(field) for field in header.split())
    if len(source) != length:
        raise ValueError("the verifier's source arrived cut short")
    return memory, source


def _evaluation_init(request, runner_source, control, program, errors, go):
    uid = request["uid"]
    token = request["token"]
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    _mark(token, "forked")
    # Only the evaluation's own channels stay: not the warm parent's request pipe and
    # reports (0, 1), nor any other evaluation's control channel.
    control.close()
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    # A setup failure's traceback reaches the host as the evaluation's stderr.
    os.dup2(errors.fileno(), 2)
    os.close(devnull)
    _close_all_but({program.fileno(), errors.fileno(), go.fileno()} | ({_timings} if _timings is not None else set()))
    # The evaluation's cgroups, joined before anything else runs in its namespace. The v1
    # `tasks` file moves this one thread (the process has no other) without the cgroup-wide
    # lock a `cgroup.procs` write takes (about 20 ms on an idle machine). The warm parent
    # stays outside, so an out-of-memory kill never takes the process that reports.
    for index, join in enumerate(request["cgroups"]):
        _write(os.path.join(CGROUP_DIR % index, join), b"0")
    _mark(token, "cgroups-joined")
    # Namespaces of its own, as a cold start has: mounts, System V IPC, host name, and a
    # network (no interface up) so no abstract Unix socket is shared with a concurrent
    # evaluation; the PID namespace it is the init of came with its fork.
    _check(libc.unshare(CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET), "unshare")
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    _mark(token, "unshared")
    _detach("/proc")
    _mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, b"hidepid=2")
    # The warm parent's /tmp (its runner, the host's channel and cgroup mounts) goes; a fresh one comes.
    _detach("/tmp")
    scratch = "size=%dm,mode=0700,uid=%d,gid=%d" % (request["scratchMb"], uid, uid)
    _mount("agentproofbench-scratch", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, scratch.encode())
    _detach("/dev/shm")
    _mount("agentproofbench-shm", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, SHM_OPTIONS)
    # The evaluation's own account, as a cold start writes it; the files bound over the
    # shared root's and unlinked, so /tmp holds only the runner and the verifier.
    accounts = {
        "/etc/passwd": b"root:x:0:0::/:/usr/sbin/nologin\nsandbox:x:%d:%d::/tmp:/usr/sbin/nologin\n" % (uid, uid),
        "/etc/group": b"root:x:0:\nsandbox:x:%d:\n" % uid,
    }
    for target, text in accounts.items():
        source = "/tmp/" + os.path.basename(target)
        _write(source, text)
        os.chmod(source, 0o644)
        _mount(source, target, None, MS_BIND)
        _mount(None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)
        os.unlink(source)
    _mark(token, "mounted")
    if request.get("keyrings"):
        # A session keyring of the evaluation's own, empty, owned by root (so the verifier
        # cannot open its permissions); the verifier process adds the filter (docs/sandbox.md, "Keyrings").
        _join_session_keyring()
    # The verifier process is forked and confined ahead too (rlimits, uid, capabilities,
    # keyring filter): what is left once the host has an evaluation for this child is
    # receiving it, writing two files and the runner's own work (docs/sandbox.md, "Warm and cold").
    verifier = os.fork()
    if verifier == 0:
        code = 125
        try:
            code = _verifier_process(request, runner_source, program, errors, go)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
        except BaseException:
            traceback.print_exc()
            code = 1
        finally:
            try:
                sys.stderr.flush()
            except BaseException:
                pass
            os._exit(code)
    go.close()
    program.close()
    errors.close()
    # PID 1 reaps every orphan; it ends when the verifier process does.
    while True:
        try:
            pid, status, usage = os.wait4(-1, 0)
        except ChildProcessError:
            return 125
        if pid == verifier:
            _mark(token, "verifier-exited", pid, int((usage.ru_utime + usage.ru_stime) * 1e9))
            code = os.waitstatus_to_exitcode(status)
            return code if code >= 0 else 128 - code


def _join_session_keyring():
    runner = sys.modules["__main__"]
    keyctl = runner.KEY_SYSCALLS[os.uname().machine][0][3]
    result = libc.syscall(ctypes.c_long(keyctl), ctypes.c_long(runner.KEYCTL_JOIN_SESSION_KEYRING), ctypes.c_void_p(None))
    if result < 0 and ctypes.get_errno() != runner.ENOSYS:
        _check(result, "join a session keyring")


_capset_arguments = None


def _prepare_privilege_drop():
    """What the privilege drop calls, built once in the warm parent: the C functions looked up
    and the capability structures made. In a forked child each new Python object costs copied
    pages (docs/sandbox.md, "Warm and cold"): the drop took about 4.9 ms of CPU there built
    on the spot, 1.5 ms prepared."""
    global _capset_arguments
    for name in ("prctl", "capset", "mount", "umount2", "syscall", "unshare", "setns"):
        getattr(libc, name)
    header = _CapHeader(LINUX_CAPABILITY_VERSION_3, 0)
    data = (_CapData * 2)()
    _capset_arguments = (ctypes.byref(header), ctypes.byref(data), header, data)


def _drop_privileges(uid):
    """What ``setpriv --reuid --regid --clear-groups --inh-caps=-all --bounding-set=-all --no-new-privs`` does."""
    prctl = libc.prctl
    cap = 0
    while prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) == 0:
        cap += 1
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    if _capset_arguments is None:
        _prepare_privilege_drop()
    header, data = _capset_arguments[:2]
    # Every set empty: effective, permitted and inheritable (the structures are zeroed).
    _check(libc.capset(header, data), "capset")
    _check(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0), "clear ambient capabilities")
    _check(prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
    # Changing the uid made the process undumpable (its /proc entries root's); the exec of a
    # cold start makes it dumpable again, so do that here too: only its own uid can look.
    _check(prctl(PR_SET_DUMPABLE, 1, 0, 0, 0), "dumpable")


REHEARSAL_FILE = "/tmp/agentproofbench_rehearsal.py"
REHEARSAL_SOURCE = b"def verify(task, before, after):\n    return {'verdict': 'pass', 'checks': [before.get('/x')]}\n"
REHEARSAL_REPLY = b'{"type":"response","id":1,"response":{"status":200,"headers":{},"body":{"ok":true}}}\n'


def _rehearse(runner):
    """The runner's own work once, ahead, on a stand-in verifier and a pipe: loading a module
    from a file, one call over a channel, the result encoded. A forked child's first write to
    each page it shares with its parent copies the page (about 35 us of CPU each on the
    machine measured, docs/sandbox.md "Warm and cold"); this makes those copies for the pages
    every evaluation writes (the import machinery, the JSON codec, the channel's objects)
    before the go instead of after it. Nothing of it stays: the stand-in's module and file
    are removed, and no bytecode is written for it."""
    _write(REHEARSAL_FILE, REHEARSAL_SOURCE)
    writes_bytecode = sys.dont_write_bytecode
    sys.dont_write_bytecode = True
    try:
        verify = runner.load_verify(REHEARSAL_FILE)
    finally:
        sys.dont_write_bytecode = writes_bytecode
        sys.modules.pop("verifier", None)
        os.unlink(REHEARSAL_FILE)
    reply_read, reply_write = os.pipe()
    sent_read, sent_write = os.pipe()
    os.write(reply_write, REHEARSAL_REPLY)
    os.close(reply_write)
    channel = runner.Channel.__new__(runner.Channel)
    channel._out = os.fdopen(sent_write, "w", encoding="utf-8", newline="\n")
    channel._in = os.fdopen(reply_read, "r", encoding="utf-8", newline="\n")
    channel._next_id = 0
    try:
        json.dumps({"type": "result", "result": verify({}, runner.ApiClient(channel, "before"), None)}, allow_nan=False)
    finally:
        channel._out.close()
        channel._in.close()
        os.close(sent_read)


def _verifier_process(request, runner_source, program, errors, go):
    uid = request["uid"]
    token = request["token"]
    _mark(token, "verifier-forked")
    # RLIMIT_NPROC counts the uid's processes: a bound for this evaluation alone, its uid being its own.
    resource.setrlimit(resource.RLIMIT_NPROC, (request["processes"], request["processes"]))
    _drop_privileges(uid)
    _mark(token, "privileges-dropped")
    if request.get("keyrings"):
        sys.modules["__main__"].confine_keyrings(join_session=False)
    _mark(token, "keyrings-confined")
    _rehearse(sys.modules["__main__"])
    _mark(token, "rehearsed")
    # Prepared ahead: everything above ran before the host had an evaluation for this child.
    # Now it waits for one (a discarded spare gets none and ends).
    _mark(token, "prepared")
    received = _receive_go(go)
    if received is None:
        return 0
    _mark(token, "go")
    memory, verifier_source = received
    # Into the evaluation's own /tmp (a tmpfs of its uid), as the evaluation's uid.
    for name, source in ((RUNNER_FILE, runner_source), (VERIFIER_FILE, verifier_source)):
        _write("/tmp/" + name, source)
        os.chmod("/tmp/" + name, 0o644)
    del verifier_source, received
    _mark(token, "files-written")
    # Only lowered once the evaluation's limit is known; lowering needs no privilege.
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    # Detached, so no socket object closes a descriptor number the runner reuses later.
    program_fd, errors_fd = program.detach(), errors.detach()
    os.dup2(program_fd, 0)
    os.dup2(program_fd, 1)
    os.dup2(errors_fd, 2)
    global _timings
    _timings = None
    os.closerange(3, MAX_DESCRIPTORS)
    os.chdir("/tmp")
    request.clear()
    sys.argv = [RUNNER_FILE, VERIFIER_FILE]
    os.write(1, b"agentproofbench-sandbox-ready\n")
    runner = sys.modules["__main__"]
    return runner.main(sys.argv)
