# final_score, final_status_list and goishi-dead.

goishi-rules go/chinese
boardsize 5

1 final_score
#? [W\+7\.5]

# Area scoring: Black has the left two columns (10 points), White the right three (15);
# komi 7.5.
#   . X O . .
#   . X O . .
#   . X O . .
#   . X O . .
#   . X O . .
2 set_position b B1 b B2 b B3 b B4 b B5 w C1 w C2 w C3 w C4 w C5
3 final_score
#? [W\+12\.5]

4 komi 0
5 final_score
#? [W\+5]

6 komi -5
7 final_score
#? [0]

8 final_status_list alive
#? [B1 B2 B3 B4 B5\nC1 C2 C3 C4 C5]

9 final_status_list dead
#? []

10 final_status_list seki
#? []

11 final_status_list dying
#? [syntax error: invalid status.*]*

# Marking White's chain dead gives the whole board to Black.
12 goishi-dead C3
#? [C1 C2 C3 C4 C5]

13 final_status_list dead
#? [C1 C2 C3 C4 C5]

14 final_status_list alive
#? [B1 B2 B3 B4 B5]

15 final_score
#? [B\+30]

# A move clears the marks.
16 play b pass
17 final_status_list dead
#? []

18 goishi-dead A1
#? [A1 is empty.*]*

# Territory scoring counts prisoners.
20 goishi-rules go/japanese:komi=0
21 boardsize 5
22 set_position b B1 b B2 b B3 b B4 b B5 w C1 w C2 w C3 w C4 w C5
23 final_score
#? [W\+5]

# Contact capture: stones on the board, komi 0 by default.
30 goishi-rules contact/1a
31 boardsize 3
32 play b A1
33 final_score
#? [B\+1]

# A game won otherwise than by counting answers its outcome.
40 goishi-rules capture/atari-go
41 boardsize 3
42 set_position w A1 b B1
43 play b A2
44 final_score
#? [B\+]

45 goishi-rules go/chinese:komi=0.5
46 boardsize 5
47 play b resign
48 final_score
#? [W\+R]

# A finished game: the final result is the count with the dead stones the engine estimates
# (F4 and G7, inside White's area); with stones marked dead, the count with the marks. The
# SGF's RE is the same count, as final_score answers.
50 goishi-rules go/japanese:tax=none
51 boardsize 7
52 set_position b C1 b C2 b C3 b C4 b C5 b C6 b C7 w E1 w E2 w E3 w E4 w E5 w E6 w E7 b F4 w F7 b G7
53 play w pass
54 play b pass
55 gogui-rules_final_result
#? [W\+7\.5]
56 goishi-dead F4 G7
57 final_score
#? [W\+7\.5]
58 gogui-rules_final_result
#? [W\+7\.5]
59 printsgf
#? [(?s).*RE\[W\+7\.5\].*]

# A handicap starts a game: after a move (even a pass) the handicap commands say why not.
60 goishi-rules go/chinese
61 boardsize 9
62 play b pass
63 fixed_handicap 2
#? [board not empty: moves have been played.*]*
64 boardsize 1
65 place_free_handicap 2
#? [invalid number of stones: 2; the 1x1 board has no room for a handicap.*]*
