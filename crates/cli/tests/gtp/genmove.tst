# genmove: a uniformly random legal move that does not fill one of the mover's own
# single-point eyes (Go), any random legal placement (other families), pass when none is
# left. Seeded by --seed; the answers here hold for any seed.

goishi-rules go/chinese
boardsize 9

1 genmove b
#? [[A-HJ][1-9]]

2 move_history
#? [black [A-HJ][1-9]]

3 genmove white
#? [[A-HJ][1-9]]

4 move_history
#? [white [A-HJ][1-9]\nblack [A-HJ][1-9]]

5 genmove x
#? [syntax error: invalid color.*]*

# Black's only empty points are two single-point eyes: Black passes; for White both are
# suicide: White passes too.
#   X X .
#   X X X
#   . X X
10 boardsize 3
11 set_position b A2 b A3 b B1 b B2 b B3 b C1 b C2
12 all_legal b
#? [A1 C3]

13 genmove b
#? [pass]

14 genmove w
#? [pass]

# The game is over after the two passes: genmove still answers pass, recorded as a pass
# after the end (the controller forwards it); nothing else changes.
15 genmove b
#? [pass]

16 move_history
#? [black pass\nwhite pass\nblack pass]

17 list_stones black
#? [B1 C1 A2 B2 C2 A3 B3]

# A 1x1 board: the only point is suicide.
20 boardsize 1
21 genmove b
#? [pass]

# Contact capture: any legal placement; the board fills up.
30 boardsize 2
31 goishi-rules contact/1a:contact=orthogonal
32 genmove b
#? [[AB][12]]

33 genmove w
#? [[AB][12]|pass]
