# engine: --seed 1 --player random --dead none
# goishi gtp --dead none: every stone on the board is alive unless marked with goishi-dead
# (the plain Tromp-Taylor count). This file gives that command line on its first line
# (gogui-regress -long "goishi gtp --seed 1 --player random --dead none" dead-none.tst).

# The position of dead.tst: B5 and H5 stay on the board, the A-C and F-J areas are dame.
goishi-rules go/chinese
boardsize 9
1 set_position b D9 w E9 b D8 w E8 b D7 w E7 b D6 w E6 w B5 b D5 w E5 b H5 b D4 w E4 b D3 w E3 b D2 w E2 b D1 w E1
2 final_status_list dead
#? []
3 final_status_list alive
#? [D1 D2 D3 D4 D5 D6 D7 D8 D9\nE1 E2 E3 E4 E5 E6 E7 E8 E9\nB5\nH5]
4 final_score
#? [W\+7\.5]
play b pass
play w pass
5 gogui-rules_final_result
#? [W\+7\.5]
6 printsgf
#? [(?s).*RE\[W\+7\.5\].*]

# Marked stones still count as dead.
7 goishi-dead B5 H5
#? [B5 H5]
8 final_score
#? [W\+16\.5]
9 final_status_list dead
#? [B5\nH5]

# Any move or undo clears the marks: a pass after the end and its undo too.
10 play b pass
#? []
11 final_status_list dead
#? []
12 goishi-dead B5 H5
#? [B5 H5]
13 undo
#? []
14 final_status_list dead
#? []
15 final_score
#? [W\+7\.5]

# No seki is reported.
20 goishi-rules go/japanese
21 boardsize 7
22 set_position b A7 b B7 w C7 b E7 w F7 w G7 b B6 w C6 w D6 b E6 w F6 b A5 b B5 w C5 w D5 b E5 w F5 w G5 b B4 w C4 w D4 b E4 w F4 b A3 b B3 w C3 w D3 b E3 w F3 w G3 b B2 w C2 w D2 b E2 w F2 b A1 b B1 w C1 b E1 w F1 w G1
23 final_status_list seki
#? []
24 final_score
#? [W\+6\.5]
