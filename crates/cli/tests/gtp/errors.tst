# Every error: each gets a ? answer with a clear message, and the engine keeps serving.

goishi-rules go/chinese
boardsize 9

# Unknown commands.
1 foo
#? [unknown command: "foo"]*

2 Play b E5
#? [unknown command: "Play"]*

# Wrong numbers of arguments.
10 play b
#? [syntax error: play takes 2 arguments \(COLOR VERTEX\), got 1]*

11 play b E5 E6
#? [syntax error: play takes 2 arguments \(COLOR VERTEX\), got 3]*

12 boardsize
#? [syntax error: boardsize takes 1 argument \(SIZE\), got 0]*

13 komi
#? [syntax error: komi takes 1 argument \(KOMI\), got 0]*

14 genmove
#? [syntax error: genmove takes 1 argument \(COLOR\), got 0]*

15 protocol_version extra
#? [syntax error: protocol_version takes no argument, got 1]*

16 known_command
#? [syntax error: known_command takes 1 argument.*]*

17 loadsgf
#? [syntax error: loadsgf takes 1 to 2 arguments.*]*

18 set_free_handicap
#? [syntax error: set_free_handicap takes at least 1 argument.*]*

19 time_settings 1 2
#? [syntax error: time_settings takes 3 arguments.*]*

20 is_legal b
#? [syntax error: is_legal takes 2 arguments.*]*

21 list_stones
#? [syntax error: list_stones takes 1 argument.*]*

22 final_status_list
#? [syntax error: final_status_list takes 1 argument.*]*

23 undo now
#? [syntax error: undo takes no argument, got 1]*

24 gogui-rules_board 1
#? [syntax error: gogui-rules_board takes no argument, got 1]*

# Bad colours.
30 play red E5
#? [syntax error: invalid color "red"; expected one of: b, w, black, white]*

31 genmove blue
#? [syntax error: invalid color "blue".*]*

32 list_stones x
#? [syntax error: invalid color "x".*]*

33 all_legal 1
#? [syntax error: invalid color "1".*]*

34 captures none
#? [syntax error: invalid color "none".*]*

35 time_left green 10 0
#? [syntax error: invalid color "green".*]*

# Bad vertices.
40 play b I5
#? [syntax error: invalid vertex "I5".*]*

41 play b E0
#? [syntax error: invalid vertex "E0".*]*

42 play b 55
#? [syntax error: invalid vertex "55".*]*

43 play b E5E5
#? [syntax error: invalid vertex "E5E5".*]*

44 play b K10
#? [illegal move: off board \(K10 is not on the 9x9 board\)]*

# Vertices are written in upper case, however they were typed.
440 play w k10
#? [illegal move: off board \(K10 is not on the 9x9 board\)]*

441 color q03
#? [invalid vertex: vertex Q3 is off the 9x9 board]*

442 set_free_handicap d4 d4
#? [bad vertex list: D4 is given twice]*

443 set_position b d4 w d4
#? [invalid position: D4 is given twice]*

444 goishi-dead e5
#? [E5 is empty; only stones can be marked dead]*

45 play b ZZ99
#? [illegal move: off board \(ZZ99 is not on the 9x9 board\)]*

46 color Q3
#? [invalid vertex: vertex Q3 is off the 9x9 board]*

47 color passs
#? [invalid vertex: invalid vertex "passs".*]*

48 is_legal b K10
#? [0]

49 is_legal b $$
#? [syntax error: invalid vertex.*]*

# Board sizes.
50 boardsize 1000000000
#? [unacceptable size: 1000000000; sizes from 1 to 52 are supported]*

51 boardsize 0
#? [unacceptable size: 0.*]*

52 boardsize 53
#? [unacceptable size: 53.*]*

53 boardsize -9
#? [syntax error: invalid board size "-9".*]*

54 boardsize nine
#? [syntax error: invalid board size "nine".*]*

55 boardsize 99999999999999999999999999
#? [unacceptable size: 99999999999999999999999999.*]*

56 rectangular_boardsize 19 x
#? [syntax error: invalid board size "x".*]*

57 gogui-rules_board_size
#? [9]

# Komi.
60 komi x
#? [syntax error: invalid komi "x"; expected a number like 6\.5]*

61 komi 6.25
#? [unacceptable komi: invalid komi "6\.25"; expected a multiple of 0\.5 from -500 to 500]*

62 komi 1e9
#? [unacceptable komi: invalid komi "1e9"; expected a multiple of 0\.5 from -500 to 500]*

620 komi 6.250
#? [unacceptable komi: invalid komi "6\.250"; expected a multiple of 0\.5 from -500 to 500]*

63 komi nan
#? [syntax error: invalid komi "nan".*]*

64 komi inf
#? [syntax error: invalid komi "inf".*]*

65 goishi-rules
#? [go/chinese]

# Time commands take whole numbers.
70 time_settings 300 30 x
#? [syntax error: invalid time or stone count "x".*]*

71 time_left b -1 0
#? [syntax error: invalid time or stone count "-1".*]*

72 time_settings 300 30 5
#? []

73 time_left w 120 0
#? []

# The engine is still serving, with the game as it was.
80 play b E5
#? []

81 list_stones black
#? [E5]

82 protocol_version
#? [2]
