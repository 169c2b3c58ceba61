# The dead-stone estimate (goishi gtp --dead estimate, the default): final_score,
# final_status_list dead|alive|seki, gogui-rules_final_result and printsgf's RE judge the
# stones of a Go position; stones marked with goishi-dead win over the estimate.
# (dead-none.tst holds the same positions under --dead none.)

# Black's wall on the D file, White's on the E file; a White stone at B5 in Black's area, a
# Black one at H5 in White's: both dead. Area scoring: Black 36, White 45 + 7.5.
goishi-rules go/chinese
boardsize 9
1 set_position b D9 w E9 b D8 w E8 b D7 w E7 b D6 w E6 w B5 b D5 w E5 b H5 b D4 w E4 b D3 w E3 b D2 w E2 b D1 w E1
2 final_status_list dead
#? [H5\nB5|B5\nH5]
3 final_score
#? [W\+16\.5]
4 final_status_list alive
#? [D1 D2 D3 D4 D5 D6 D7 D8 D9\nE1 E2 E3 E4 E5 E6 E7 E8 E9]
5 final_status_list seki
#? []
play b pass
play w pass
6 gogui-rules_final_result
#? [W\+16\.5]
7 printsgf
#? [(?s).*RE\[W\+16\.5\].*]
8 showboard
#? [(?s).*game over: W\+16\.5.*]

# Marked stones win over the estimate: with only H5 marked, B5 counts as alive (the A-C
# area is dame: Black 9, White 46 + 7.5).
9 goishi-dead H5
#? [H5]
10 final_status_list dead
#? [H5]
11 final_score
#? [W\+44\.5]
12 gogui-rules_final_result
#? [W\+44\.5]
# goishi-dead with no vertex clears the marks: the estimate again.
13 goishi-dead
#? []
14 final_score
#? [W\+16\.5]

# A seki between White's C file (with D2-D6) and Black's E file, which share the liberties D1
# and D7, each next to the other's two-eyed wall: nothing dead; Japanese rules count the
# walls' three eyes each, and no point in the seki.
20 goishi-rules go/japanese
21 boardsize 7
22 set_position b A7 b B7 w C7 b E7 w F7 w G7 b B6 w C6 w D6 b E6 w F6 b A5 b B5 w C5 w D5 b E5 w F5 w G5 b B4 w C4 w D4 b E4 w F4 b A3 b B3 w C3 w D3 b E3 w F3 w G3 b B2 w C2 w D2 b E2 w F2 b A1 b B1 w C1 b E1 w F1 w G1
23 final_status_list seki
#? [C1 C2 D2 C3 D3 C4 D4 C5 D5 C6 D6 C7\nE1 E2 E3 E4 E5 E6 E7]
24 final_status_list dead
#? []
25 final_status_list alive
#? [A1 B1 B2 A3 B3 B4 A5 B5 B6 A7 B7\nF1 G1 F2 F3 G3 F4 F5 G5 F6 F7 G7]
26 final_score
#? [W\+6\.5]
# Marked stones: no seki is reported then.
27 goishi-dead E4
#? [E1 E2 E3 E4 E5 E6 E7]
28 final_status_list seki
#? []
29 final_status_list alive
#? [A1 B1 B2 A3 B3 B4 A5 B5 B6 A7 B7\nC1 C2 D2 C3 D3 C4 D4 C5 D5 C6 D6 C7\nF1 G1 F2 F3 G3 F4 F5 G5 F6 F7 G7]

# Contact capture counts every stone: nothing is dead.
30 goishi-rules contact/1a
31 boardsize 3
32 play b A1
33 final_status_list dead
#? []
34 final_score
#? [B\+1]
