"""The lobby's HTTP API, the play websocket, and the guards and limits in front of them."""
