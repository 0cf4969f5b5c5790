"""A run folder is written only through itself: every sub-folder and file below its root is reached by walking
directory descriptors, one name at a time, each opened with O_NOFOLLOW, so a link planted anywhere below the root
(`pages -> elsewhere`, `games -> /tmp/x`) is refused in one line instead of followed. Nothing is checked and then
opened by name: the descriptor that was checked is the one written through.

The root itself is the user's to choose and may be a link (`killer report ~/runs/latest`); everything below it
may not. Folders that are missing are made (mkdir relative to their parent's descriptor, mode 0777 & ~umask).

- `write_bytes(root, rel, data)` / `write_text`: the whole file, through a fresh temporary file made O_EXCL in its
  folder's descriptor, then renamed over the target within that descriptor (atomic); an existing target that is a
  link or not a regular file is refused.
- `open_append(root, rel)`: a regular file of one name opened for appending (created if missing).
- `folder(root, rel)`: the folder checked (made if missing), for a caller that then names files in it.

Reading is the same walk (issue 31): `read_bytes(root, rel, limit)` / `read_text` open every folder below the root
and then the file itself with O_NOFOLLOW (and O_NONBLOCK: a FIFO is refused, not waited on) relative to the
descriptor of the folder above, check the descriptor they read (a regular file, at most `limit` bytes) and read
at most `limit` bytes; `files_in(root, rel, suffix)` lists a folder through its descriptor and refuses an entry
with that suffix that is a link. So a report, an export or a label run never reads through a planted link,
however it is swapped in between the listing and the read.
A leaf: imports only hygiene.files.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path, PurePath
from typing import IO

from hygiene.files import _NEW_MODE, FileRefused, _check, _kind, size_text

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def _parts(rel: PurePath | str) -> list[str]:
    parts = [p for p in PurePath(rel).parts if p not in ("", ".")]
    if not parts or PurePath(rel).is_absolute() or ".." in parts:
        raise FileRefused(str(rel), "is not a path below the run folder; killer writes a run folder only through "
                                    "itself")
    return parts


def _link_refused(shown: Path, exc: OSError) -> FileRefused:
    if exc.errno in (errno.ELOOP, errno.ENOTDIR):
        return FileRefused(shown, "is a symbolic link or not a folder below the run folder; killer writes a run "
                                  "folder only through itself (move it away first)", errno.ELOOP)
    return FileRefused(shown, exc.strerror or "cannot be opened", exc.errno or errno.EIO)


@contextlib.contextmanager
def _folder_fd(root: Path | str, names: list[str], create: bool = True) -> Iterator[int]:
    """A descriptor of root/names[0]/…, every step opened below the last one without following a link."""
    root = Path(root)
    if create:
        root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    shown = root
    try:
        for name in names:
            shown = shown / name
            if create:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(name, 0o777, dir_fd=fd)
            try:
                child = os.open(name, _DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                raise FileNotFoundError(errno.ENOENT, "no such file or folder", str(shown)) from None
            except OSError as exc:
                raise _link_refused(shown, exc) from None
            os.close(fd)
            fd = child
        yield fd
    finally:
        os.close(fd)


@contextlib.contextmanager
def folder(root: Path | str, rel: PurePath | str = ".") -> Iterator[int]:
    """The descriptor of root/rel (made if missing), walked without following any link below the root."""
    names = [] if str(rel) in ("", ".") else _parts(rel)
    with _folder_fd(root, names) as fd:
        yield fd


def check_folder(root: Path | str, rel: PurePath | str) -> None:
    """Makes root/rel if missing and raises FileRefused if it, or a folder on the way, is a link."""
    with folder(root, rel):
        pass


def write_bytes(root: Path | str, rel: PurePath | str, data: bytes) -> None:
    """Writes `data` as the whole of root/rel, atomically, never through a link below the root."""
    *dirs, name = _parts(rel)
    shown = Path(root, *dirs, name)
    with _folder_fd(root, dirs) as parent:
        mode = _existing_mode(parent, name, shown)
        tmp = f".{name}.{secrets.token_hex(6)}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fchmod(f.fileno(), mode)
                os.fsync(f.fileno())
            _existing_mode(parent, name, shown)  # planted while we wrote: still refused
            os.replace(tmp, name, src_dir_fd=parent, dst_dir_fd=parent)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=parent)
            raise


def write_text(root: Path | str, rel: PurePath | str, text: str) -> None:
    """Writes `text` (UTF-8) as the whole of root/rel, atomically, never through a link below the root."""
    write_bytes(root, rel, text.encode("utf-8"))


def open_append(root: Path | str, rel: PurePath | str) -> IO[str]:
    """root/rel opened for appending text (created if missing): a regular file of one name, no link on the way."""
    *dirs, name = _parts(rel)
    shown = Path(root, *dirs, name)
    with _folder_fd(root, dirs) as parent:
        try:
            fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666,
                         dir_fd=parent)
        except OSError as exc:
            raise _link_refused(shown, exc) from None
    try:
        _check(shown, os.fstat(fd), True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "a", encoding="utf-8")


def read_bytes(root: Path | str, rel: PurePath | str, limit: int) -> bytes:
    """The bytes of root/rel, a regular file of at most `limit` bytes reached without following any link below
    the root (FileNotFoundError when it is missing)."""
    *dirs, name = _parts(rel)
    shown = Path(root, *dirs, name)
    with _folder_fd(root, dirs, create=False) as parent:
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=parent)
        except FileNotFoundError:
            raise FileNotFoundError(errno.ENOENT, "no such file", str(shown)) from None
        except OSError as exc:
            raise _read_refused(shown, exc) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(shown, f"{_kind(st.st_mode)}; killer reads only regular files below a run folder")
        if st.st_size > limit:
            raise FileRefused(shown, f"is larger than killer reads here ({size_text(st.st_size)}; at most "
                                     f"{size_text(limit)})", errno.EFBIG)
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileRefused(shown, f"grew past {size_text(limit)} while it was read", errno.EFBIG)
    return data


def read_text(root: Path | str, rel: PurePath | str, limit: int) -> str:
    """root/rel as UTF-8 text (read_bytes; UnicodeDecodeError when it is not UTF-8)."""
    return read_bytes(root, rel, limit).decode("utf-8")


def files_in(root: Path | str, rel: PurePath | str = ".", suffix: str = "") -> list[str]:
    """The names of the regular files ending in `suffix` in root/rel, sorted, listed through the folder's
    descriptor; an entry with that suffix that is a link (or not a regular file) is refused in one line."""
    names = [] if str(rel) in ("", ".") else _parts(rel)
    shown = Path(root, *names)
    found = []
    with _folder_fd(root, names, create=False) as fd:
        for name in sorted(os.listdir(fd)):
            if not name.endswith(suffix):
                continue
            st = os.stat(name, dir_fd=fd, follow_symlinks=False)
            if stat.S_ISDIR(st.st_mode) and not suffix:
                continue
            if not stat.S_ISREG(st.st_mode):
                raise FileRefused(shown / name, f"{_kind(st.st_mode)}; killer reads only regular files below a run "
                                               "folder (move it away first)", errno.ELOOP)
            found.append(name)
    return found


def _read_refused(shown: Path, exc: OSError) -> FileRefused:
    if exc.errno == errno.ELOOP:
        return FileRefused(shown, "is a symbolic link below the run folder; killer never reads through one (move "
                                  "it away first)", errno.ELOOP)
    return FileRefused(shown, exc.strerror or "cannot be opened", exc.errno or errno.EIO)


def _existing_mode(parent: int, name: str, shown: Path) -> int:
    """The mode of an existing regular target (kept by the rewrite); a link or non-file target is refused."""
    try:
        st = os.stat(name, dir_fd=parent, follow_symlinks=False)
    except FileNotFoundError:
        return _NEW_MODE
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(shown, f"{_kind(st.st_mode)}; killer writes only regular files it owns (move it away "
                                 "first)")
    return stat.S_IMODE(st.st_mode)


__all__ = ["FileRefused", "check_folder", "files_in", "folder", "open_append", "read_bytes", "read_text", "write_bytes",
           "write_text"]
