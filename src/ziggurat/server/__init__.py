"""The game server: an ASGI app (FastAPI under uvicorn) with a JSON lobby and a websocket per client.

One actor per live table (table/table.py) applies commands one at a time; the hall (hall.py) keeps
the tables in memory; the store keeps the action log; bots think in a pool, off the event loop
(table/bots.py). The routes and the websocket are http/'s; several processes as one site, cluster/'s;
accounts, accounts/'s; the command line, cli/'s. Wire protocol: docs/server.md.

This package's __init__ imports nothing heavy: `ziggurat.cli` reads its arguments (cli/arguments.py)
without needing the server's optional dependencies installed.
"""
