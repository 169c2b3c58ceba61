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
