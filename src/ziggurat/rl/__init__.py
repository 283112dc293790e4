"""Research adapters: a PettingZoo AEC environment and OpenSpiel games for every registered game.

Install with the `rl` extra (`pip install 'ziggurat[rl]'`); the core package needs none of it.

- `ziggurat.rl.pettingzoo.env("zealous", players=4)`: an AEC environment with a fixed discrete action
  space, an action mask and a numeric observation of the agent's own view.
- `import ziggurat.rl.openspiel` registers `python_ziggurat_<id>` with pyspiel.

docs/research.md describes both, the encodings per game and the chance model.
"""
