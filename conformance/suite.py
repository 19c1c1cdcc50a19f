"""The suite's name and version, as announced to implementations and written in reports."""

from __future__ import annotations

from importlib import metadata

SUITE_NAME = "datong-rules"


def suite_version() -> str:
    """The installed kit's version (the suite is versioned with the kit), e.g. ``"0.1.0"``."""
    try:
        return metadata.version(SUITE_NAME)
    except metadata.PackageNotFoundError:  # running from a checkout that is not installed
        from datong_rules.reference_impl import __version__

        return __version__
