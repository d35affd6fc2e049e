"""Errors of the front end, located at the kernel's Python file:line."""

import os
import sys

_PKG_DIR = os.path.dirname(os.path.abspath(__file__))


class NKIError(Exception):
    """An unsupported construct or a bad kernel: `file:line: error: ...`."""

    def __init__(self, message, location=None):
        self.location = location if location is not None else user_location()
        self.bare = message
        where = "%s:%d: " % self.location if self.location else ""
        super().__init__("%serror: %s" % (where, message))


class NeedUnroll(Exception):
    """Internal: the trace used the value of a rolled loop's variable in
    Python (an `if`, a list index, ...); the loop is unrolled and the kernel
    traced again."""

    def __init__(self, site, reason=None):
        super().__init__("unroll %r" % (site,))
        self.site = site
        self.reason = reason or ("its variable's value is used in Python, or a "
                                 "tile it allocates outlives it")


def user_location(depth=1):
    """(file, line) of the innermost frame outside this package: the
    kernel's statement being traced."""
    f = sys._getframe(depth)
    while f is not None:
        path = os.path.abspath(f.f_code.co_filename)
        if os.path.dirname(path) != _PKG_DIR:
            return (f.f_code.co_filename, f.f_lineno)
        f = f.f_back
    return None


def user_site(depth=1):
    """A key for the call site in user code (file, line, instruction), which
    stays the same when the kernel is traced again."""
    f = sys._getframe(depth)
    while f is not None:
        path = os.path.abspath(f.f_code.co_filename)
        if os.path.dirname(path) != _PKG_DIR:
            return (f.f_code.co_filename, f.f_lineno, f.f_lasti)
        f = f.f_back
    return None
