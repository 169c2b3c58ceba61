# play, undo, and GNU Go's queries: is_legal, all_legal, list_stones, captures, color,
# move_history. Every reason a play is refused.

goishi-rules go/chinese
boardsize 5

1 play b C3
#? []

2 play white c4
#? []

3 list_stones black
#? [C3]

4 list_stones w
#? [C4]

5 color C3
#? [black]

6 color c4
#? [white]

7 color D4
#? [empty]

8 move_history
#? [white C4\nblack C3]

9 play b pass
#? []

10 move_history
#? [black pass\nwhite C4\nblack C3]

# Either colour may move at any time (GTP).
11 play b D4
#? []

12 play b C3
#? [illegal move: occupied]*

# undo takes back the last move, whoever played it.
13 undo
14 undo
15 undo
16 undo
17 list_stones black
#? []

18 undo
#? [cannot undo.*]*

# A capture and the ko that follows (simple ko under go/chinese).
#   . . . . .
#   . X O . .
#   X O . O .
#   . X O . .
#   . . . . .
20 set_position b B3 b C4 b C2 w C3 w D4 w E3 w D2
#? []

21 play b D3
#? []

22 captures black
#? [1]

23 captures white
#? [0]

24 color C3
#? [empty]

25 is_legal w C3
#? [0]

26 play w C3
#? [illegal move: ko]*

27 all_legal white
#? [(?:[A-E][1-5] )*[A-E][1-5]]

28 all_legal white
#? [!.*C3.*]

# After a ko threat and its answer, the ko may be retaken.
29 play w A1
30 play b A5
31 is_legal w C3
#? [1]

32 play w C3
#? []

33 captures white
#? [1]

34 color D3
#? [empty]

# Undo of a capture puts the stones back.
35 undo
36 color D3
#? [black]

37 color C3
#? [empty]

# Suicide is forbidden under go/chinese.
40 set_position w A2 w B1
41 play b A1
#? [illegal move: suicide]*

42 is_legal black A1
#? [0]

43 is_legal white A1
#? [1]

44 is_legal b pass
#? [1]

# Under Tromp-Taylor the same play is legal, removes the stone, and repeats the position:
# positional superko refuses it.
goishi-rules go/tromp-taylor
boardsize 5
45 set_position w A2 w B1
46 play b A1
#? [illegal move: superko]*

47 goishi-rules go/tromp-taylor:ko=none
48 set_position w A2 w B1
49 play b A1
#? []

50 list_stones black
#? []

# The ko above under positional superko.
51 goishi-rules go/tromp-taylor
52 set_position b B3 b C4 b C2 w C3 w D4 w E3 w D2
53 play b D3
54 play w C3
#? [illegal move: superko]*

# After the game ends (two passes), no move is accepted; undo reopens it.
60 goishi-rules go/chinese
61 play b pass
62 play w pass
63 play b C3
#? [illegal move: game over]*

64 is_legal b C3
#? [0]

65 all_legal b
#? []

66 undo
67 play w C3
#? []

# Resignation ends the game too.
70 clear_board
71 play b resign
#? []

72 gogui-rules_final_result
#? [W\+R]
