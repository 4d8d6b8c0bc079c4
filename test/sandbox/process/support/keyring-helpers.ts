/**
 * Python source the keyring tests' verifiers start with: the three key calls through ctypes
 * (as `keyctl(1)` makes them), each giving the result or the errno's name.
 */
export const KEY_CALLS_PY = `import ctypes, errno, os

libc = ctypes.CDLL(None, use_errno=True)
KEYCTL, ADD_KEY, REQUEST_KEY = {"x86_64": (250, 248, 249), "aarch64": (219, 217, 218)}[os.uname().machine]
SESSION, USER, USER_SESSION = -3, -4, -5

def _call(number, *arguments):
    result = libc.syscall(ctypes.c_long(number), *arguments)
    return result if result >= 0 else errno.errorcode[ctypes.get_errno()]

def keyctl(operation, *arguments):
    return _call(KEYCTL, ctypes.c_long(operation), *(ctypes.c_char_p(a) if isinstance(a, bytes) else ctypes.c_long(a) for a in arguments))

def add_key(description, keyring):
    return _call(ADD_KEY, ctypes.c_char_p(b"user"), ctypes.c_char_p(description.encode()), ctypes.c_char_p(b"secret"), ctypes.c_long(6), ctypes.c_long(keyring))

def request_key(description):
    return _call(REQUEST_KEY, ctypes.c_char_p(b"user"), ctypes.c_char_p(description.encode()), ctypes.c_char_p(None), ctypes.c_long(0))

def search(description, keyring=SESSION):
    return keyctl(10, keyring, b"user", description.encode(), 0)

def describe(key):
    buffer = ctypes.create_string_buffer(256)
    result = _call(KEYCTL, ctypes.c_long(6), ctypes.c_long(key), buffer, ctypes.c_long(256))
    return buffer.value.decode() if isinstance(result, int) else result

def keys_in(keyring):
    size = keyctl(11, keyring, 0, 0)
    return size // 4 if isinstance(size, int) else size
`;
