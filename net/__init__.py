"""Boomtown's SSH host: one process, many sessions, shared tables."""
