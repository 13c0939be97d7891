"""Million, the city business race (million_004.txt): its city as data (board.json, the
reference design of ../shared/reference), the move generator and a first cut of its rules
(state.py). Its spec, views, bots and screens come next (issue 15); until then it is not in
the registry and cannot be played.
"""
