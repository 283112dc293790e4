"""The game server: an ASGI app (FastAPI under uvicorn) with a JSON lobby and a websocket per client.

One actor per live table (table.py) applies commands one at a time; the store keeps the action log;
bots think in a pool, off the event loop (bots.py). Wire protocol: docs/server.md.

This package's __init__ imports nothing heavy: `ziggurat.cli` reads its arguments (cli.py) without
needing the server's optional dependencies installed.
"""
