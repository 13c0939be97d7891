"""Million, the city business race (million_004.txt): so far its city as data (board.json, the
reference design of ../shared/reference) and the move generator. Its rules, bots and screens
come next (issue 15); until then it is not in the registry and cannot be played.
"""
