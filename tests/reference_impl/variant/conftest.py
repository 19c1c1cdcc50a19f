"""Markers and fixtures of the spec tests."""

import pytest

from datong_rules.reference_impl.variant import yaml_loader


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: builds and installs the wheel in a fresh virtual environment (~20 s)")


@pytest.fixture(params=("libyaml", "python"))
def yaml_parser(request, monkeypatch):
    """Run the test once with each YAML parser of the strict loader (libyaml's is skipped where PyYAML lacks it)."""
    if request.param not in yaml_loader.PARSERS:
        pytest.skip("PyYAML was built without libyaml")
    monkeypatch.setattr(yaml_loader, "PARSER", request.param)
    return request.param
