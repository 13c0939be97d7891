"""Boomtown's terminal interface (Textual): screens and widgets that render the engine's views."""
