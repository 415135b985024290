"""Scenario checker: runs worked examples of board-game rules through a rules engine."""

__version__ = "0.1.0"
