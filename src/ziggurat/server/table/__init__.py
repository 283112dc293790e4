"""One live table and its parts: commands, views, seats, clocks, bots, chat, restore."""
