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
