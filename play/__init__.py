"""The table layer, between the rules (`core`) and the front ends (`tui`, `net`): a table and
its seats (`table`), and one person's place at it (`place`): what they see, what they send,
why a move is refused, hints and take-backs. Nothing here imports Textual or Rich."""
