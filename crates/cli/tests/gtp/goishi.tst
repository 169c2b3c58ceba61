# goishi's own commands: goishi-rules and goishi-variants.

goishi-rules go/chinese
boardsize 9

# Without an argument: the current rules.
1 goishi-rules
#? [go/chinese]

# With one: select it, keep the board size, clear the board, take komi from the rules.
2 play b E5
3 goishi-rules go/tromp-taylor:ko=situational,komi=0.5
#? [go/tromp-taylor:ko=situational,komi=0\.5]

4 gogui-rules_board_size
#? [9]

5 list_stones black
#? []

6 goishi-rules japanese:komi=0,ko=positional
#? [go/japanese:ko=positional,komi=0]

7 goishi-rules CC 2B
#? [contact/2b]

8 goishi-rules cc-2b:contact=orth,scope=local
#? [contact/2b:contact=orthogonal,scope=local]

# The rules may set the geometry.
9 goishi-rules go/tromp-taylor:board=torus
#? [go/tromp-taylor:board=torus]

10 gogui-rules_board_size
#? [9]

11 goishi-rules go/tromp-taylor:size=13
#? [go/tromp-taylor]

12 gogui-rules_board_size
#? [13]

13 goishi-rules go/chinese:board=hex
#? [go/chinese:board=hex]

14 gogui-rules_board_size
#? [13 hex]

# A graph's size is its own: leaving a graph board, a rules string without a size gives
# the variant's default size, whatever the board kind.
130 goishi-rules go/chinese:board=graph:ring6.txt
131 goishi-rules go/chinese:board=torus
132 gogui-rules_board_size
#? [19]

133 goishi-rules go/chinese:board=graph:ring6.txt
134 goishi-rules go/chinese:board=hex
135 gogui-rules_board_size
#? [19 hex]

136 goishi-rules go/chinese:board=graph:ring6.txt
137 goishi-rules contact/2b
138 gogui-rules_board_size
#? [9]

139 goishi-rules go/chinese:board=graph:ring6.txt
140 goishi-rules go/chinese:size=13
141 gogui-rules_board_size
#? [13]

# A size with a graph board is an error naming both.
142 goishi-rules go/chinese:board=graph:ring6.txt,size=9
#? [size 9 given with board=graph:ring6\.txt, whose size is fixed \(the graph's\); give no size]*

143 gogui-rules_board_size
#? [13]

# KataGo's forms work here too.
15 goishi-rules {"ko":"SIMPLE","scoring":"TERRITORY"}
#? [go/.*]

# Errors name the offending part and list the valid choices.
20 goishi-rules go/tromp-taylor:ko=positinal
#? [unknown ko rule "positinal" \(did you mean "positional"\?\); expected one of: none, simple, positional, situational, natural-situational, spight]*

21 goishi-rules go/chinese:colour=red
#? [unknown option "colour" for go/chinese; expected one of: .*]*

22 goishi-rules nonesuch
#? [unknown rules "nonesuch"; expected a variant id or alias, one of: .*go/chinese.*]*

23 goishi-rules go/chinese:komi
#? [override "komi" has no value; write key=value]*

24 goishi-rules go/chinese:board=cube
#? [unknown board "cube"; expected one of: square, torus, hex, graph:FILE]*

# A failed goishi-rules changes nothing.
25 goishi-rules
#? [go/.*]

30 goishi-variants
#? [(?m)(^[a-z]+/[a-z0-9-]+ .+$\n?)+]

31 goishi-variants
#? [(?ms).*^contact/2b .*^go/chinese .*]
