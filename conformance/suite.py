"""The suite's name and version, as announced to implementations and written in reports."""

from __future__ import annotations

SUITE_NAME = "datong-rules"


def suite_version() -> str:
    """The installed kit's version (the suite is versioned with the kit), e.g. ``"0.1.0"``."""
    from datong_rules import __version__  # the package metadata's version, read at first use ("0+unknown" in a
                                          # checkout that was never installed)

    return __version__
