"""The built-in games. Importing this package registers each of them."""

from ziggurat.games import zealous  # noqa: F401
