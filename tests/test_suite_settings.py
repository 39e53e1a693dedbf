"""The suite's own settings hold for every test module."""

from hypothesis import settings


def test_property_tests_have_no_wall_clock_deadline() -> None:
    """A busy machine must not fail a property test (no wall-clock limits in tests)."""
    assert settings().deadline is None
