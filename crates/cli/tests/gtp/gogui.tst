# GoGui's rules-engine commands, so that GoGui can show and referee every variant.

goishi-rules go/chinese
boardsize 5

1 gogui-rules_game_id
#? [Go]

2 gogui-rules_board_size
#? [5]

3 gogui-rules_side_to_move
#? [black]

4 gogui-rules_legal_moves
#? [A1 B1 C1 D1 E1 A2 B2 C2 D2 E2 A3 B3 C3 D3 E3 A4 B4 C4 D4 E4 A5 B5 C5 D5 E5 pass]

5 play b B2
6 play w A2
7 play b pass
8 play w B1
10 gogui-rules_board
#? [\. \. \. \. \.\n\. \. \. \. \.\n\. \. \. \. \.\nO X \. \. \.\n\. O \. \. \.]

# Black's A1 would be suicide: not listed. Upper-case vertices, lower-case pass.
11 gogui-rules_legal_moves
#? [C1 D1 E1 C2 D2 E2 A3 B3 C3 D3 E3 A4 B4 C4 D4 E4 A5 B5 C5 D5 E5 pass]

12 gogui-rules_side_to_move
#? [black]

13 gogui-rules_final_result
#? [unknown]

# Captures: the first number is the stones Black took, the second those White took.
14 play b A3
15 play w pass
16 play b A1
#? []

17 gogui-rules_captured_count
#? [1 0]

18 play w pass
19 play b C1
20 gogui-rules_captured_count
#? [2 0]

21 captures black
#? [2]

# The end of the game: no legal move, and the result.
22 play w pass
23 play b pass
24 gogui-rules_legal_moves
#? []

25 gogui-rules_final_result
#? [B\+.*]

# Board sizes as GoGui reads them: N, W H, N hex.
30 rectangular_boardsize 7 5
31 gogui-rules_board_size
#? [7 5]

32 goishi-rules go/chinese:board=hex
33 gogui-rules_board_size
#? [7 5 hex]

34 boardsize 11
35 gogui-rules_board_size
#? [11 hex]

# Go on a hex, torus or graph board is not GoGui's flat-board Go: an id of its own, so that
# GoGui uses goishi as its rules engine; Go on a square or rectangular board is Go.
38 gogui-rules_game_id
#? [Gohex]

36 goishi-rules go/chinese:board=torus
37 gogui-rules_board_size
#? [11]

39 gogui-rules_game_id
#? [Gotorus]

44 goishi-rules go/chinese:board=graph:ring6.txt
45 gogui-rules_game_id
#? [Gograph]

46 goishi-rules capture/atari-go:board=torus
47 gogui-rules_game_id
#? [Capturego]

48 goishi-rules go/chinese
49 rectangular_boardsize 7 5
50 gogui-rules_game_id
#? [Go]

# The analyze commands GoGui puts in its menu.
40 gogui-analyze_commands
#? [(?m)(^(string|plist|none|pstring|hstring|gfx)/[^/]+/[a-z_-]+.*$\n?)+]

# None changes the game (GoGui assumes so): no goishi-rules with an argument.
41 gogui-analyze_commands
#? [!.*goishi-rules %s.*]

42 gogui-analyze_commands
#? [.*gfx/Ownership \(last search\)/goishi-ownership\n.*gfx/Most visited moves \(last search\)/goishi-top_moves.*]
