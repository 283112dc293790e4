"""The server's command line: `ziggurat serve`, `ratings rebuild`, `replay --open`."""
