"""Boomtown's rules: pure, deterministic game logic with no user-interface imports."""
