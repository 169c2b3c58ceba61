# KataGo's commands: kata-set-rules, kata-get-rules, kgs-rules, rectangular_boardsize,
# set_position.

goishi-rules go/chinese
boardsize 9

1 kata-get-rules
#? [\{"ko":"SIMPLE","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N","komi":7\.5\}]

# A preset name keeps the komi; KataGo's JSON and compact forms set what they name.
2 kata-set-rules japanese
#? []

3 goishi-rules
#? [go/japanese:komi=7\.5]

4 kata-get-rules
#? [.*"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI".*"komi":7\.5.*]

5 kata-set-rules {"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0","komi":6}
#? []

6 goishi-rules
#? [go/tromp-taylor:komi=6]

7 kata-set-rules koSITUATIONALscoreAREAtaxNONEsui0komi7
8 kata-get-rules
#? [.*"ko":"SITUATIONAL".*"suicide":false.*"komi":7\}]

9 kgs-rules chinese
10 goishi-rules
#? [go/chinese-ogs:komi=7]

11 kgs-rules new_zealand
12 goishi-rules
#? [go/new-zealand]

# Rules change during a game: the game is kept when its moves are legal under the new
# rules, refused otherwise.
20 kgs-rules chinese
21 boardsize 5
22 set_position w A2 w B1
23 kata-set-rules tromp-taylor
24 play b A1
#? [illegal move: superko]*

# KataGo's suicide flag is multi-stone suicide: a lone stone may not take itself off.
37 kata-set-rules {"ko":"SIMPLE","suicide":true}
38 play b A1
#? [illegal move: suicide]*

25 kata-set-rules {"ko":"SIMPLE","suicide":"ALLOWED"}
26 play b A1
#? []

27 kata-set-rules chinese
#? [move 1 \(black A1\) is illegal under go/chinese.*: suicide]*

28 goishi-rules
#? [go/tromp-taylor:ko=simple,cycles=no-result,komi=7]

# Errors.
30 kata-set-rules {"ko":"POSITINAL"}
#? [katago-json rules: unknown ko rule "POSITINAL".*]*

31 kata-set-rules bogus
#? [unknown rules "bogus"; expected a variant id or alias, one of: go/aga, go/aga-button, go/chinese, go/chinese-ogs, go/ing, go/japanese, go/korean, go/new-zealand, go/stone-scoring, go/tromp-taylor]*

# Only Go rules are listed and suggested: these commands take nothing else.
310 kgs-rules foo
#? [unknown rules "foo"; expected a variant id or alias, one of: go/aga, [a-z/, -]*go/tromp-taylor]*

311 kgs-rules japanes
#? [unknown rules "japanes" \(did you mean "japanese"\?\); expected a variant id or alias, one of: go/aga, [a-z/, -]*]*

32 kata-set-rules contact/2b
#? [kata-set-rules accepts Go rules only; contact/2b is not Go.*]*

33 goishi-rules contact/2b
34 kata-set-rules chinese
#? [kata-set-rules changes Go rules only; the current variant is contact/2b.*]*

35 kata-get-rules
#? [kata-get-rules describes Go rules only.*]*

36 kgs-rules japanese
#? [kgs-rules changes Go rules only.*]*

# set_position: clears the board, places the stones, Black to move; what is valid is the
# variant's to say.
40 goishi-rules go/chinese
41 boardsize 9
42 play b E5
43 set_position b C3 w D4 b e5
#? []

44 list_stones black
#? [C3 E5]

45 move_history
#? []

46 gogui-rules_side_to_move
#? [black]

47 set_position
#? []

48 list_stones black
#? []

49 set_position b A1 w A2 w B1
#? [invalid position: the chain at A1 has no liberty]*

50 set_position b A1 b A1
#? [invalid position: A1 is given twice]*

51 set_position b A1 w
#? [syntax error: set_position takes pairs of COLOR VERTEX.*]*

52 set_position x A1
#? [syntax error: invalid color.*]*

# Contact capture accepts any arrangement.
53 goishi-rules contact/1a
54 set_position b A1 w A2 w B1 w B2
#? []

55 list_stones white
#? [B1 A2 B2]

# rectangular_boardsize.
60 goishi-rules go/chinese
61 rectangular_boardsize 19 13
#? []

62 gogui-rules_board_size
#? [19 13]

63 rectangular_boardsize 0 5
#? [unacceptable size.*]*

64 rectangular_boardsize 5
#? [syntax error: rectangular_boardsize takes 2 arguments.*]*

# kata-set-rules and kgs-rules keep the game and its board: a size other than the board's
# is refused, and changes nothing.
70 goishi-rules go/chinese:board=torus,size=5
71 play b C3
72 kata-set-rules japanese:size=13
#? [kata-set-rules keeps the game and its torus 5x5 board; size=13 is another board \(boardsize or goishi-rules start a game on it\)]*

73 kgs-rules japanese:size=7
#? [kgs-rules keeps the game and its torus 5x5 board; size=7 is another board .*]*

74 gogui-rules_board_size
#? [5]

75 kata-set-rules japanese:size=5
#? []

76 goishi-rules
#? [go/japanese:komi=7\.5,board=torus]

77 list_stones black
#? [C3]
