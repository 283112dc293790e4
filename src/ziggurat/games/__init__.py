"""The built-in games. Importing this package registers each of them (one line per game)."""

from ziggurat.games import faiths as faiths
from ziggurat.games import zealous as zealous
from ziggurat.games import zenith as zenith
from ziggurat.games import zombology as zombology
