"""Fixtures for the conformance runner's tests (paths and helpers live in ``conformance_support``)."""

from __future__ import annotations

import pytest

from conformance_support import SCENARIOS


@pytest.fixture(scope="session")
def bundled_suite():
    """The bundled suite (loaded once per session; read it, do not modify it)."""
    from datong_rules.conformance.scenarios_io import load_scenarios

    return load_scenarios()


@pytest.fixture
def demo_scenarios():
    """The six demo scenarios (ops echo and add; variants demo/plain and demo/other)."""
    from datong_rules.conformance.scenarios_io import load_scenarios

    return load_scenarios(SCENARIOS, spec_check=False)


BAD_HOUSE_FILE = """\
id: huolong/my-club
extends: huolong/datong-guide
name: {zh: 俱乐部, en: A club}
summary: {zh: 俱乐部规则, en: The club's rules}
rules:
  bottom:
    multiplyer:
      value: 1
      text: {zh: 底分不翻倍, en: The bottom counts once}
      inferred: {reason: House rule}
"""
KIDS_FILE = """\
id: huolong/my-club-kids
extends: huolong/my-club
name: {zh: 少年, en: Kids}
summary: {zh: 少年规则, en: The kids' rules}
"""
"""A club's house file with a typo (line 7), as a rule keeper might add it under spec/huolong/, and a variant
extending it."""


@pytest.fixture
def broken_spec(tmp_path, monkeypatch):
    """The bundled spec with two more files in spec/huolong/: my-club.yaml (bad, :data:`BAD_HOUSE_FILE`) and
    my-club-kids.yaml (extends it), served by the default registry for the test. Yields the spec folder."""
    import shutil

    from datong_rules.conformance import bundled_spec
    from datong_rules.reference_impl.paths import spec_root
    from datong_rules.reference_impl.variant import registry

    root = tmp_path / "spec"
    shutil.copytree(spec_root(), root)
    (root / "huolong" / "my-club.yaml").write_text(BAD_HOUSE_FILE, encoding="utf-8")
    (root / "huolong" / "my-club-kids.yaml").write_text(KIDS_FILE, encoding="utf-8")
    monkeypatch.setattr(registry, "_default", registry.Registry(root))
    bundled_spec.forget()
    yield root
    bundled_spec.forget()
