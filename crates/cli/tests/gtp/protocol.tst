# Protocol basics: ids, the required informational commands, comments and white space.
# Run with: gogui-regress "goishi gtp --seed 1" protocol.tst

1 protocol_version
#? [2]

2 name
#? [goishi]

3 version
#? [\d+\.\d+\.\d+.*]

10 known_command play
#? [true]

11 known_command gogui-rules_legal_moves
#? [true]

12 known_command kata-set-rules
#? [true]

13 known_command no_such_command
#? [false]

14 known_command PLAY
#? [false]

# list_commands: one name a line; every required and common command is there.
20 list_commands
#? [(?m).*^boardsize$.*^play$.*^genmove$.*^undo$.*^loadsgf$.*^is_legal$.*^kata-set-rules$.*^gogui-rules_board_size$.*^goishi-rules$.*]

21 list_commands
#? [(?m)(^[a-z_-]+$\n?)+]

# A large id is echoed as given; a command without an id gets none.
30 name
#? [goishi]

12345678901234567890 name
#? [goishi]

# Tabs separate words; a comment after a command is ignored.
40	known_command	play  # a comment
#? [true]

# Upper-case command names are not GTP commands.
50 NAME
#? [unknown command.*]*

# Blank and comment-only lines get no answer; the next command is answered normally.

#   just a comment
51 protocol_version
#? [2]
