# loadsgf and printsgf. The files are in sgf/ (gogui-regress runs the engine in the
# directory of the test file).

goishi-rules go/chinese
boardsize 19

# A handicap game under Japanese rules: size, rules and komi come from the file.
1 loadsgf sgf/game.sgf
#? []

2 gogui-rules_board_size
#? [9]

3 goishi-rules
#? [go/japanese:komi=0\.5]

4 list_stones black
#? [C3 D6 C7 G7]

5 list_stones white
#? [B1 A2 G3 E5]

6 captures white
#? [1]

7 gogui-rules_side_to_move
#? [white]

# printsgf writes the game back with every property it did not interpret.
8 printsgf
#? [\(;FF\[4\]GM\[1\].*SZ\[9\]RU\[go/japanese\]KM\[0\.5\]HA\[2\]PL\[W\]AB\[cg\]\[gc\]RE\[W\+R\].*PB\[Black player\].*XX\[kept: an unknown root property\].*C\[A handicap game; comments \\\] and \\\\ are escaped\.\].*;W\[ee\]C\[White takes the centre\.\];B\[ai\];W\[bi\];B\[cc\]YY\[an unknown move property\].*;B\[\];W\[gg\];B\[dd\].*\)]

# loadsgf FILE N: the position before move N.
10 loadsgf sgf/game.sgf 3
11 move_history
#? [black A1\nwhite E5]

12 list_stones white
#? [E5]

13 loadsgf sgf/game.sgf 1
14 move_history
#? []

15 list_stones black
#? [C3 G7]

# Play on from a loaded position: printsgf keeps the record's properties as long as the
# game follows it.
16 loadsgf sgf/game.sgf 2
17 play b J9
18 printsgf
#? [.*;W\[ee\]C\[White takes the centre\.\];B\[ia\]\s*\)]

# A rectangular board and a position after passes.
20 loadsgf sgf/rect.sgf
21 gogui-rules_board_size
#? [13 7]

22 list_stones black
#? [N1 G4 A7]

23 printsgf
#? [.*SZ\[13:7\]RU\[go/tromp-taylor\]KM\[7\.5\].*;B\[aa\];W\[ma\];B\[mg\];W\[ag\];B\[gd\].*]

# A contact-capture record: GM[1] with the rules in RU.
30 loadsgf sgf/contact.sgf
31 gogui-rules_game_id
#? [Contactcapture]

32 gogui-rules_captured_count
#? [[0-9]+ [0-9]+]

33 printsgf
#? [.*GM\[1\].*RU\[contact/1a\].*]

# Bad files: the answer names the file and the problem; the game is unchanged.
40 loadsgf sgf/rect.sgf
41 loadsgf sgf/missing.sgf
#? [cannot load file sgf/missing.sgf: .*]*

42 loadsgf sgf/truncated.sgf
#? [cannot load file sgf/truncated.sgf: not valid SGF: the file ends inside a property value of node 2.*]*

43 loadsgf sgf/unmatched.sgf
#? [cannot load file sgf/unmatched.sgf: not valid SGF: unmatched '\)'.*]*

44 loadsgf sgf/occupied.sgf
#? [cannot load file sgf/occupied.sgf: node 4: move 4 W\[ee\] \(E5\) is illegal: occupied]*

45 loadsgf sgf/offboard.sgf
#? [cannot load file sgf/offboard.sgf: node 2: move 2 W\[jj\] is illegal: .*off the 9x9 board]*

46 loadsgf sgf/setup-on-move.sgf
#? [cannot load file sgf/setup-on-move.sgf: node 2: setup property AB on a move node.*]*

47 loadsgf sgf/unknown-rules.sgf
#? [cannot load file sgf/unknown-rules.sgf: root node: RU\[Cuban\]: unknown rules.*]*

48 loadsgf sgf/not-go.sgf
#? [cannot load file sgf/not-go.sgf: root node: .*not .*Go.*]*

49 loadsgf sgf/game.sgf x
#? [syntax error: invalid move number.*]*

50 gogui-rules_board_size
#? [13 7]

51 list_stones black
#? [N1 G4 A7]

# printsgf FILE writes the file.
52 printsgf /dev/null
#? []
