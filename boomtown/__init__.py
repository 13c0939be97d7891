"""The `boomtown` command: it sits above the terminal app (`tui`) and the server (`net`)."""
