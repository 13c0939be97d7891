"""Stadium, the land-development game (stadium_003.txt): so far its city, building cards and
Venture deck as data (board.json, buildings.csv, ventures.csv: the reference design of
../shared/reference, credited in board.json's note) and the placement generator. Its rules, bots
and screens come next (issue 14); until then it is not in the registry and cannot be played.
"""
