"""Numeric observations: one encoder per game, each built from that game's view JSON alone."""

from ziggurat.rl.observe.base import Encoder
from ziggurat.rl.observe.faiths import FaithsEncoder
from ziggurat.rl.observe.zealous import ZealousEncoder
from ziggurat.rl.observe.zenith import ZenithEncoder
from ziggurat.rl.observe.zombology import ZombologyEncoder

__all__ = ["Encoder", "FaithsEncoder", "ZealousEncoder", "ZenithEncoder", "ZombologyEncoder"]
