"""Loading a data file of ``spec/`` beside the variants (the register of readings, the reasons of refusals): YAML,
then the file's own checks, each problem one line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

Check = Callable[[Any, str], list[str]]
"""``check(data, file) -> problems``: one line per problem, each naming the file; empty when sound."""


def load_checked(path: Path, check: Check, error: type[ValueError]) -> Any:
    """The data of the YAML file ``path`` once ``check`` finds no problem in it.

    Raises:
        error: the file is not YAML (one line), or ``check`` found problems (one line each).
    """
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as err:
        raise error(f"{path}: not YAML: {err}".replace("\n", " ")) from None
    problems = check(data, str(path))
    if problems:
        raise error("\n".join(problems))
    return data
