# GoGui refereeing a contact-capture game: captures are shown as they happen.

goishi-rules contact/1a
boardsize 5

1 gogui-rules_game_id
#? [Contactcapture]

# The source's picture for 1A: A, B, C in the middle row; (1) at B3 takes A3 and C3.
2 play w A3
3 play w C3
4 play w E3
5 play b B3
#? []

6 gogui-rules_board
#? [\. \. \. \. \.\n\. \. \. \. \.\n\. X \. \. O\n\. \. \. \. \.\n\. \. \. \. \.]

7 gogui-rules_captured_count
#? [2 0]

8 captures black
#? [2]

9 undo
10 gogui-rules_board
#? [\. \. \. \. \.\n\. \. \. \. \.\nO \. O \. O\n\. \. \. \. \.\n\. \. \. \. \.]

# 2B: (3) and (4) remove C; 1 is protected.
20 goishi-rules contact/2b
21 boardsize 5
22 goishi-rules
#? [contact/2b]

23 gogui-rules_board_size
#? [5]

# Any empty point is legal; pass too.
24 gogui-rules_legal_moves
#? [A1 B1 C1 D1 E1 A2 B2 C2 D2 E2 A3 B3 C3 D3 E3 A4 B4 C4 D4 E4 A5 B5 C5 D5 E5 pass]

25 play b C3
26 play w D4
27 play b E5
#? []

28 gogui-rules_side_to_move
#? [white]

# Overrides: orthogonal contact, local scope.
30 goishi-rules contact/2b:contact=orth,scope=local
#? [contact/2b:contact=orthogonal,scope=local]

31 gogui-rules_board
#? [\. \. \. \. \.\n\. \. \. \. \.\n\. \. \. \. \.\n\. \. \. \. \.\n\. \. \. \. \.]

# The game ends on two passes; the result is the stone count (komi 0).
40 goishi-rules contact/1a
41 play b C3
42 play w pass
43 play b pass
44 gogui-rules_final_result
#? [B\+1]

45 gogui-rules_legal_moves
#? []
