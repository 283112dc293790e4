"""Accounts: passwords, usernames, sign-in attempts, sessions and seat tokens."""
