"""The front page: which games there are, and where the API is documented (the browser client comes later)."""

from __future__ import annotations

from html import escape

from ziggurat.engine import registry


def front_page() -> str:
    rows = "\n".join(
        f"<li><b>{escape(g.info.name)}</b> ({g.info.min_players} to {g.info.max_players} players): "
        f"{escape(g.info.summary)}</li>"
        for g in registry.all_games()
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ziggurat</title>
<style>body{{font:16px/1.5 system-ui,sans-serif;max-width:46em;margin:2em auto;padding:0 1em}}</style>
</head><body>
<h1>Ziggurat</h1>
<p>Four board games on one table server. Games here:</p>
<ul>
{rows}
</ul>
<p>API: <a href="/docs">interactive docs</a> · <a href="/openapi.json">OpenAPI schema</a> ·
<a href="/api/games">games</a> · <a href="/api/tables?status=open">open tables</a> ·
<a href="/api/tables?status=running">running</a> · <a href="/api/tables?status=finished">finished</a>.
Play goes over a websocket at <code>/ws/tables/{{id}}</code>.</p>
</body></html>
"""
