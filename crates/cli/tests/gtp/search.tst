# engine: --seed 1 --playouts 1000
# genmove by the tree search (the default player; this file gives it 1,000 playouts a move
# on its command line, its first line). The answers here hold for any seed (at 200
# playouts they did not: a pass, which has no all-moves-as-first statistics, came out the
# most visited move of an empty 9x9 board for 3 seeds in 12).

goishi-rules go/chinese
boardsize 9

1 genmove b
#? [[A-HJ][1-9]]

# What the last search saw, as GoGui draws it: the ownership map (INFLUENCE, every point,
# -1 White's to +1 Black's) and the most visited moves with their visit counts (LABEL).
2 goishi-ownership
#? [INFLUENCE( [A-HJ][1-9] -?[01]\.\d\d){81}]

3 goishi-top_moves
#? [LABEL( [A-HJ][1-9] \d+)+\nTEXT 1000 playouts, best [A-HJ][1-9] at \d+%.*]

# Read-only: the game is as it was.
4 move_history
#? [black [A-HJ][1-9]]

# Either colour may be asked for a move, the side not to move too.
5 genmove b
#? [[A-HJ][1-9]]

6 move_history
#? [black [A-HJ][1-9]\nblack [A-HJ][1-9]]

# A new game drops the search: nothing to draw until the next genmove.
7 clear_board
8 goishi-ownership
#? []

9 goishi-top_moves
#? []

# Every family.
10 goishi-rules contact/2b
11 genmove b
#? [[A-HJ][1-9]]

12 goishi-rules capture/atari-go:board=torus
13 genmove w
#? [[A-HJ][1-9]]

14 goishi-rules go/chinese:board=hex
15 genmove b
#? [[A-HJ][1-9]]

# No legal move but a pass: a pass, at once. A board of one point (placing on it is suicide).
16 goishi-rules go/chinese:board=graph:one-point.txt
17 genmove b
#? [pass]

18 genmove w
#? [pass]

# The game is over (two passes): genmove answers a pass, recorded after the end.
19 genmove b
#? [pass]

20 move_history
#? [black pass\nwhite pass\nblack pass]

# Time settings set the budget of a move; bad values are refused and change nothing.
30 goishi-rules go/chinese
31 boardsize 9
32 time_settings 60 0 0
33 genmove b
#? [[A-HJ][1-9]]

34 time_settings 0 10 5
35 time_left w 8 5
36 genmove w
#? [[A-HJ][1-9]]

# No time left: an answer at once (a move of the playout policy), not a lost game.
37 time_settings 30 0 0
38 time_left b 0 0
39 genmove b
#? [[A-HJ][1-9]]

40 time_settings -1 0 0
#? [syntax error: invalid time or stone count "-1"; expected a whole number]*

41 time_left b 1.5 0
#? [syntax error: invalid time or stone count "1\.5"; expected a whole number]*

410 time_settings 18446744073709551615 0 0
#? [syntax error: invalid time or stone count "18446744073709551615"; expected at most 12 digits]*

42 time_left x 10 0
#? [syntax error: invalid color.*]*

# An absurd main time is accepted: a move still takes at most the playout budget (or an hour).
43 time_settings 999999999999 0 0
44 genmove w
#? [[A-HJ][1-9]]

# GTP's "no time limit" (byo-yomi time, no stones).
45 time_settings 0 1 0
46 genmove b
#? [[A-HJ][1-9]]

# KGS's time systems.
50 kgs-time_settings none
#? []

51 kgs-time_settings absolute 300
#? []

52 kgs-time_settings byoyomi 60 5 3
#? []

53 kgs-time_settings canadian 60 30 10
#? []

54 genmove w
#? [[A-HJ][1-9]]

55 kgs-time_settings canadian 60 30 0
#? [syntax error: a Canadian period needs 1 or more stones, got 0]*

56 kgs-time_settings fischer 60 5
#? [syntax error: invalid time system "fischer"; expected none, absolute, byoyomi or canadian]*

57 kgs-time_settings byoyomi 60 5
#? [syntax error: kgs-time_settings byoyomi takes 3 numbers after it, got 2]*

58 kgs-time_settings absolute -5
#? [syntax error: invalid time or stone count "-5"; expected a whole number]*

59 kgs-time_settings
#? [syntax error: kgs-time_settings takes 1 to 4 arguments.*]*

60 known_command kgs-time_settings
#? [true]
