"""The built-in games, one package each. The engine finds them through the `ziggurat.games` entry
points declared in pyproject.toml, never by importing this package."""
