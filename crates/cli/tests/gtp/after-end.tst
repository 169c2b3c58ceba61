# After the end of the game (two passes, a capture goal reached, no legal placement left),
# `play COLOR pass` is accepted and recorded, and changes nothing else (go-rules.md section
# 4): gogui-twogtp asks genmove once more and forwards its pass, and the records it writes end
# with such passes. Any other move after the end is still refused.

# Go: two passes end the game; a third pass is a pass after the end.
goishi-rules go/chinese
boardsize 5
play b C3
play b pass
play w pass
1 gogui-rules_final_result
#? [B\+.*]

2 play b pass
#? []

3 play w pass
#? []

4 move_history
#? [white pass\nblack pass\nwhite pass\nblack pass\nblack C3]

5 gogui-rules_final_result
#? [B\+.*]

6 gogui-rules_legal_moves
#? []

7 play w D4
#? [illegal move: game over]*

8 list_stones black
#? [C3]

# printsgf writes the passes after the end as the record's last moves.
9 printsgf
#? [.*;B\[cc\];B\[\];W\[\];B\[\];W\[\]\s*\)]

# undo takes the passes after the end back first, then the game's own moves (which reopens
# the game).
10 undo
11 undo
12 move_history
#? [white pass\nblack pass\nblack C3]

13 undo
14 play w D4
#? []

# Capture Go: the capture goal ends the game; a pass after it is recorded.
20 goishi-rules capture/atari-go
21 boardsize 5
22 play b B1
23 play w A1
24 play b A2
25 gogui-rules_final_result
#? [B\+.*]

26 captures black
#? [1]

27 play w pass
#? []

28 captures black
#? [1]

29 gogui-rules_board
#? [\. \. \. \. \.\n\. \. \. \. \.\n\. \. \. \. \.\nX \. \. \. \.\n\. X \. \. \.]

30 play b C3
#? [illegal move: game over]*

# genmove after the end answers a pass and records it, as the controller will forward it.
31 genmove b
#? [pass]

32 move_history
#? [black pass\nwhite pass\nblack A2\nwhite A1\nblack B1]

33 gogui-rules_final_result
#? [B\+.*]

# A record that ends with passes after the end loads, and printsgf writes them back.
40 loadsgf sgf/after-end.sgf
41 move_history
#? [black pass\nwhite pass\nblack A2\nwhite A1\nblack B1]

42 printsgf
#? [.*;B\[ad\];W\[\];B\[\]\s*\)]

43 undo
44 undo
45 undo
46 play w C3
#? []

# A resignation ends the game, and no pass after it is recorded (the SGF record has no
# resignation move, only its RE, so passes after it would be read back as the open game's
# own moves): genmove answers a pass, play accepts one, and neither is recorded.
50 goishi-rules go/chinese
51 boardsize 5
52 play b C3
53 play b resign
54 genmove w
#? [pass]

55 play b pass
#? []

56 move_history
#? [black resign\nblack C3]

57 printsgf
#? [(?s).*RE\[W\+R\]\s*;B\[cc\]\s*\)]

58 undo
59 move_history
#? [black C3]
