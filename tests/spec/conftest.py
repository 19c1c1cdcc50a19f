"""Markers of the spec tests."""


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: builds and installs the wheel in a fresh virtual environment (~20 s)")
