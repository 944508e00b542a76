"""Test suite of skillopt-sleep (a package so that `from tests.fakes import ...` works)."""
