# boardsize, rectangular_boardsize, clear_board, komi, showboard.

goishi-rules go/chinese

1 boardsize 9
#? []

2 gogui-rules_board_size
#? [9]

3 list_stones black
#? []

4 play b E5
5 play w D4
6 boardsize 9
#? []

# boardsize clears the board.
7 list_stones black
#? []

8 move_history
#? []

10 rectangular_boardsize 13 7
#? []

11 gogui-rules_board_size
#? [13 7]

12 play b N7
#? []

13 play b N8
#? [illegal move: off board.*]*

14 boardsize 25
15 play b Z25
#? []

16 boardsize 52
17 play b BB52
#? []

18 color BB52
#? [black]

19 boardsize 1
20 all_legal black
#? []

21 boardsize 19
22 play b K10
23 clear_board
#? []

24 list_stones black
#? []

# komi: any multiple of 0.5; the rules string follows it.
30 komi 6.5
#? []

31 goishi-rules
#? [go/chinese:komi=6.5]

32 komi -3
33 goishi-rules
#? [go/chinese:komi=-3]

34 komi 7.5
35 goishi-rules
#? [go/chinese]

# GTP's komi is a float: any spelling of one.
310 komi 65e-1
311 goishi-rules
#? [go/chinese:komi=6\.5]

312 komi +7.50
313 goishi-rules
#? [go/chinese]

# komi during a game keeps the game.
36 play b D4
37 komi 0.5
38 list_stones black
#? [D4]

39 final_score
#? [B\+.*]

# showboard: a diagram with coordinates, then a line about the game.
40 boardsize 5
41 play b C3
42 play w B3
43 showboard
#? [\s*A B C D E\n 5 \. \. \. \. \. 5\n 4 \. \. \. \. \. 4\n 3 \. O X \. \. 3\n 2 \. \. \. \. \. 2\n 1 \. \. \. \. \. 1\n   A B C D E\nrules go/chinese:komi=0.5, 5x5 board, move 2, black to play, captures: black 0, white 0]
