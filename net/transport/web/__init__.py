"""Boomtown in a browser (`serve --web PORT`): a page with a terminal (xterm.js, kept in
static/ with its licence) attached by a WebSocket to a session in the server's own process,
through the same apps, limits and loop share as SSH sessions."""
