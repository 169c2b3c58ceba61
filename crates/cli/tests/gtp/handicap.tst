# fixed_handicap, place_free_handicap, set_free_handicap.

goishi-rules go/chinese
boardsize 19

1 fixed_handicap 2
#? [D4 Q16]

2 gogui-rules_side_to_move
#? [white]

3 list_stones black
#? [D4 Q16]

4 fixed_handicap 2
#? [board not empty]*

5 printsgf
#? [.*HA\[2\].*PL\[W\].*AB\[dp\]\[pd\].*]

6 clear_board
7 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]

8 clear_board
9 fixed_handicap 10
#? [invalid number of stones.*]*

10 fixed_handicap 1
#? [invalid number of stones.*]*

11 fixed_handicap x
#? [syntax error: invalid number of stones.*]*

12 boardsize 9
13 fixed_handicap 5
#? [C3 G7 C7 G3 E5]

14 clear_board
15 place_free_handicap 4
#? [C3 G7 C7 G3]

16 clear_board
17 place_free_handicap 1
#? [invalid number of stones.*]*

18 place_free_handicap 81
#? [invalid number of stones.*]*

# A rectangle has no standard points: place_free_handicap chooses its own.
19 rectangular_boardsize 9 5
20 place_free_handicap 3
#? [[A-HJ][1-5] [A-HJ][1-5] [A-HJ][1-5]]

21 gogui-rules_side_to_move
#? [white]

22 clear_board
23 fixed_handicap 2
#? [invalid number of stones: the 9x5 board has no standard handicap points.*]*

# set_free_handicap: any distinct vertices.
30 boardsize 9
31 set_free_handicap A1 J9 E5
#? []

32 list_stones b
#? [A1 E5 J9]

33 set_free_handicap A2 B2
#? [board not empty]*

34 clear_board
35 set_free_handicap A1 A1
#? [bad vertex list: A1 is given twice]*

36 set_free_handicap A1 Z9
#? [bad vertex list: .*off the 9x9 board]*

37 set_free_handicap E5
#? [bad vertex list: invalid number of stones: 1.*]*

38 list_stones b
#? []

# Contact capture: no fixed placement; free placement works.
40 goishi-rules contact/2b
41 fixed_handicap 2
#? [fixed_handicap places Go's handicap stones; contact/2b is not Go.*]*

42 set_free_handicap C3 G7
#? []

43 gogui-rules_side_to_move
#? [white]
