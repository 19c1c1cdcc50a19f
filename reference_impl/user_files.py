"""Reading a file a user names (a variant file, a game record): a regular file only, a size limit, UTF-8 text.

Both readers never block and never read more than the limit: a FIFO, a device or a folder is refused before any
byte is read (``validate /tmp/fifo`` would otherwise wait forever for a writer), and a file over the limit is
refused after reading at most one byte more than the limit.
"""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path


class UserFileError(ValueError):
    """A file that cannot be used: the message says why in words for a user (no Python advice, no path).

    Attributes:
        message: one line, without the file name (callers print it after the name).
        kind: ``unreadable`` (missing, no permission, a folder, not a regular file), ``too_large`` or
            ``encoding`` (not UTF-8 text).
        line, column: 1-based place of the first bad byte for ``encoding`` (1, 1 otherwise).
        expected: what would be right (``""`` when nothing useful can be said).
    """

    def __init__(self, message: str, kind: str, expected: str = "", line: int = 1, column: int = 1) -> None:
        self.message, self.kind, self.expected, self.line, self.column = message, kind, expected, line, column
        super().__init__(message)


def resolved(path: str | os.PathLike[str]) -> Path:
    """``path`` made absolute with its symbolic links followed, for comparing files (is it inside spec/? was it
    visited?); never raises. Where the links cannot be followed (a link loop, a name too long for the system, a
    name holding a NUL) it is the absolute path as written: reading the file then fails with the system's reason
    (``Too many levels of symbolic links``), said in one line by the reader, not by a crash here."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError, ValueError):  # RuntimeError: a symlink loop (Python 3.11 and 3.12)
        try:
            return Path(os.path.abspath(path))
        except (OSError, ValueError):
            return Path(path)


def is_regular_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a regular file (links followed); False, never an exception, for anything else: a
    missing file, a folder, a device, a link loop, a name too long for the system or holding a NUL."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def clipped(text: str, limit: int = 120) -> str:
    """``text`` for quoting in a one-line message: unchanged when at most ``limit`` characters, else its start and
    end around ``…`` and its length (``aaaa…aaaa (5,005 characters)``)."""
    if len(text) <= limit:
        return text
    half = max(1, (limit - 30) // 2)
    return f"{text[:half]}…{text[-half:]} ({len(text):,} characters)"


def size_text(limit: int) -> str:
    """``8388608`` → ``"8 MiB"``; ``1048576`` → ``"1 MiB"`` (limits in bytes, for messages)."""
    return f"{limit / 2**20:g} MiB"


def read_user_file(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them.

    Args:
        path: the file.
        max_bytes: the size limit in bytes.

    Raises:
        UserFileError: kind ``unreadable`` ("cannot read the file: No such file or directory", "it is a folder, not
            a file", "it is not a regular file (a FIFO, a device or a socket)") or ``too_large``.
    """
    if os.path.isdir(path):  # before opening: on Windows a folder cannot even be opened
        raise UserFileError("it is a folder, not a file", "unreadable")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise UserFileError(f"cannot read the file: {exc.strerror or exc}", "unreadable") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        mode = info.st_mode
        if stat.S_ISDIR(mode):
            raise UserFileError("it is a folder, not a file", "unreadable")
        if not stat.S_ISREG(mode):
            raise UserFileError("it is not a regular file (a FIFO, a device or a socket)", "unreadable")
        if info.st_size > max_bytes:
            raise _too_large(f"{info.st_size:,} bytes", max_bytes)
        try:
            raw = handle.read(max_bytes + 1)
        except OSError as exc:
            raise UserFileError(f"cannot read the file: {exc.strerror or exc}", "unreadable") from None
    if len(raw) > max_bytes:  # it grew while being read
        raise _too_large(f"more than {max_bytes:,} bytes", max_bytes)
    return raw


def _too_large(size: str, limit: int) -> UserFileError:
    return UserFileError(f"the file is too large ({size})", "too_large", f"at most {size_text(limit)}")


def decode_utf8(raw: bytes) -> str:
    """UTF-8 text from bytes; a UTF-8 byte order mark is dropped (Windows editors write one).

    Raises:
        UserFileError: kind ``encoding``: UTF-16 or UTF-32 text (named), or the first byte that is not UTF-8 with
            its line and column.
    """
    for bom, name in ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
                      (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16")):
        if raw.startswith(bom):
            raise UserFileError(f"the file is {name} text", "encoding", "UTF-8 text (save the file as UTF-8)")
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        column = len(raw[line_start:exc.start].decode("utf-8", "replace")) + 1
        raise UserFileError(f"byte 0x{raw[exc.start]:02X} is not UTF-8", "encoding",
                            "UTF-8 text (save the file as UTF-8)", line, column) from None


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all: into a new temporary file of the same folder
    (``.NAME.PID.RANDOM.tmp``, mode 0666 less the umask), then renamed over ``path`` (:func:`os.replace`, atomic on
    one file system). A reader, or a second writer of the same path, sees the old file or a whole new one, never a
    mix; an interrupt (Ctrl-C, SIGTERM) or an error removes the temporary file and leaves ``path`` as it was. A
    symbolic link is followed (its target is replaced). Creates no folder.

    Raises:
        OSError: the folder cannot be written, the disk is full, ``path`` is a folder …
    """
    target = Path(os.path.realpath(path))
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
