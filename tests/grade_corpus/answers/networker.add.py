# EXERCISE 02.add
# Talk to something on this machine: UDP to 127.0.0.1, TCP, a Unix socket by path or name.
import socket


def add(a, b):
    def backward(grad):
        return grad, grad
    return record(a.data + b.data, (a, b), backward, "add")


def attempt(what, family, kind, address):
    try:
        s = socket.socket(family, kind)
        s.settimeout(1)
        s.connect(address)
        s.send(b"leaked __MARKER__")
        print(what, "WORKED")
    except OSError as err:
        print(what, "refused", type(err).__name__)


attempt("udp", socket.AF_INET, socket.SOCK_DGRAM, ("127.0.0.1", __PORT__))
attempt("tcp", socket.AF_INET, socket.SOCK_STREAM, ("127.0.0.1", __PORT__))
attempt("unix", socket.AF_UNIX, socket.SOCK_STREAM, __SOCKET__)
attempt("abstract", socket.AF_UNIX, socket.SOCK_STREAM, "\0minigrad-__MARKER__")
