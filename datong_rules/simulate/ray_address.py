"""Whether an address given to ``simulate --ray`` can be a Ray cluster's, checked in at most a few seconds before Ray
is asked (Ray itself retries an address for minutes, whatever listens there, and ignores Ctrl-C meanwhile).

An address is ``local`` (a cluster started here), ``auto`` (the cluster Ray finds on this machine), or
``host:port`` / ``ray://host:port`` (``[::1]:6379`` for an IPv6 host). Both kinds of port a cluster opens, the
GCS server that ``ray start --head`` prints and the Ray Client server (``ray://``), speak gRPC, that is HTTP/2: a
cluster answers the client's HTTP/2 connection preface with a SETTINGS frame (RFC 9113, §3.4), which a web server,
a database or a silent listener does not.
"""

from __future__ import annotations

import socket

PROBE_SECONDS = 5.0
"""How long the connection and the answer to the preface are each waited for."""

HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes((0, 0, 0, 4, 0, 0, 0, 0, 0))
"""The HTTP/2 client connection preface followed by an empty SETTINGS frame (RFC 9113, §3.4 and §6.5)."""

SETTINGS = 4
"""The type of an HTTP/2 SETTINGS frame: the fourth byte of the frame header (RFC 9113, §4.1)."""

EXPECTED = ("expected the address of a running Ray cluster (host:port, as `ray start --head` prints it, or "
            "ray://host:port), auto, or local")


def split(address: str) -> tuple[str, int] | None:
    """``(host, port)`` of ``host:port``, ``ray://host:port`` or ``[v6-host]:port``; None when ``address`` is not of
    that form (no port, a port that is not a number from 1 to 65535, an empty host, an IPv6 host without brackets)."""
    rest = address.strip().removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        return None
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return host, int(port)


def _answer(host: str, port: int, seconds: float) -> bytes:
    """The first 9 bytes (or fewer, when the peer closes) answering :data:`HTTP2_PREFACE` at ``host:port``.

    Raises:
        OSError: no connection (refused, unknown host, no route), or ``TimeoutError`` when nothing answers in time.
    """
    with socket.create_connection((host, port), timeout=seconds) as conn:
        conn.settimeout(seconds)
        conn.sendall(HTTP2_PREFACE)
        data = b""
        while len(data) < 9:
            chunk = conn.recv(9 - len(data))
            if not chunk:
                break
            data += chunk
        return data


def address_problem(address: str, seconds: float = PROBE_SECONDS) -> str | None:
    """Why ``address`` is not a Ray cluster's, as the end of a one-line message (``"not an address; expected …"``,
    ``"nothing answers there (Connection refused); expected …"``, ``"something answers there, but not a Ray cluster
    (it does not speak gRPC); expected …"``); None for ``local``, ``auto`` and an address where a gRPC server
    answers. Takes at most about ``2 × seconds``."""
    if address in ("local", "auto"):
        return None
    where = split(address)
    if where is None:
        return f"not an address; {EXPECTED}"
    try:
        data = _answer(*where, seconds)
    except TimeoutError:
        return f"nothing answered there within {seconds:g} s; {EXPECTED}"
    except OSError as err:
        return f"nothing answers there ({err.strerror or err or type(err).__name__}); {EXPECTED}"
    if len(data) < 9 or data[3] != SETTINGS:
        return f"something answers there, but not a Ray cluster (it does not speak gRPC); {EXPECTED}"
    return None
