"""Ziggurat: four board games on one engine, for people, bots and researchers."""

__version__ = "0.1.0"
