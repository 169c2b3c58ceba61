//! Reading and writing records: round trips of real-shaped records and of every variant's
//! self-play games, passes, komi, handicap stones written as moves, the side to move,
//! character sets, errors that name the node and the property, collections, the limits.

use goishi::{Color, Move};
use goishi_sgf::{
    decode, parse_collection, parse_record, write_game, ErrorKind, Forced, Record, RulesChoice,
    WriteOptions, MAX_NODES,
};
use sgf_parse::go::Prop;

fn choice() -> RulesChoice {
    RulesChoice {
        force: None,
        fallback: goishi::registry().parse_rules("go/chinese").unwrap(),
    }
}

fn rewrite(text: &str) -> (Record, String) {
    let record = parse_record(text, &choice()).unwrap_or_else(|e| panic!("{e}: {text}"));
    let position = record.replay(usize::MAX).unwrap();
    let options = WriteOptions {
        extras: Some(&record.extras),
        ..WriteOptions::default()
    };
    let written = write_game(position.as_ref(), &options).unwrap();
    (record, written)
}

/// Reading what was written gives the same record, and writing it again the same text.
fn assert_round_trip(text: &str) -> String {
    let (first, written) = rewrite(text);
    let (second, again) = rewrite(&written);
    assert_eq!(written, again, "writing is not stable");
    assert_eq!(first.setup, second.setup);
    assert_eq!(first.moves.len(), second.moves.len());
    for (a, b) in first.moves.iter().zip(&second.moves) {
        assert_eq!((a.color, &a.mv), (b.color, &b.mv));
    }
    assert_eq!(first.result, second.result);
    assert_eq!(first.extras.root, second.extras.root);
    let props = |r: &Record| -> Vec<Vec<Prop>> {
        r.extras
            .nodes
            .iter()
            .filter(|n| n.move_index.is_some() || !n.props.is_empty())
            .map(|n| n.props.clone())
            .collect()
    };
    assert_eq!(props(&first), props(&second));
    written
}

#[test]
fn real_shaped_records_round_trip() {
    let game = include_str!("../records/game.sgf");
    let written = assert_round_trip(game);
    for kept in [
        "PB[Black player]",
        "XX[kept: an unknown root property]",
        r"C[A handicap game; comments \] and \\ are escaped.]",
        "YY[an unknown move property]",
        "C[White captures A1.]",
        "RE[W+R]",
        "HA[2]",
        "PL[W]",
        "AB[cg][gc]",
        ";B[]",
    ] {
        assert!(written.contains(kept), "{kept} missing from {written}");
    }
    let rect = assert_round_trip(include_str!("../records/rect.sgf"));
    assert!(rect.contains("SZ[13:7]"), "{rect}");
    assert_round_trip(include_str!("../records/contact.sgf"));
    // Comment-only nodes, setup nodes before the first move, white stones, AE, a
    // multi-line comment, a composed unknown property.
    let text = "(;GM[1]FF[4]SZ[7]RU[go/tromp-taylor:ko=situational]KM[-2.5]
        ;C[a node with a comment only]
        ;AB[aa][bb]AW[cc]PL[B]
        ;AE[aa]
        ;B[dd]C[two
lines];W[tt]ZZ[a:b][c];B[ee]LB[ff:label])";
    let written = assert_round_trip(text);
    assert!(
        written.contains("RU[go/tromp-taylor:ko=situational]KM[-2.5]PL[B]AB[bb]AW[cc]\n;C["),
        "{written}"
    );
    assert!(
        written.contains(";C[a node with a comment only]"),
        "{written}"
    );
    assert!(written.contains(";W[]ZZ[a:b][c]"), "{written}");
}

#[test]
fn passes_and_tt() {
    let r = parse_record("(;SZ[19];B[tt];W[];B[aa])", &choice()).unwrap();
    assert_eq!(r.moves[0].mv, Ok(Move::Pass));
    assert_eq!(r.moves[1].mv, Ok(Move::Pass));
    // On boards larger than 19x19, tt is a point.
    let r = parse_record("(;SZ[25];B[tt])", &choice()).unwrap();
    let g = r.setup.board.geometry();
    assert_eq!(
        r.moves[0].mv.clone().map(|m| m.name(g)),
        Ok("U6".to_owned())
    );
    // No SZ: the variant's default size.
    let r = parse_record("(;RU[contact/2b];B[aa])", &choice()).unwrap();
    assert_eq!(r.setup.board.geometry().describe(), "9x9");
}

#[test]
fn komi_given_with_the_rules_wins_over_km() {
    let text = "(;GM[1]SZ[9]RU[Chinese]KM[7];B[ee])";
    let komi = |force: &str| {
        let choice = RulesChoice {
            force: Some(Forced::parse(force).unwrap()),
            ..choice()
        };
        let r = parse_record(text, &choice).unwrap();
        r.setup.rules.get("komi").unwrap().to_owned()
    };
    assert_eq!(komi("go/chinese:komi=0"), "0");
    assert_eq!(komi("go/japanese"), "7");
    assert_eq!(komi("koSIMPLEscoreAREAtaxNONEsui0komi2.5"), "2.5");
    // Without forced rules, KM applies on top of RU.
    let r = parse_record(text, &choice()).unwrap();
    assert_eq!(r.setup.rules.get("komi"), Some("7"));
}

#[test]
fn a_size_in_the_rules_is_checked_against_sz() {
    let forced = |rules: &str| RulesChoice {
        force: Some(Forced::parse(rules).unwrap()),
        ..choice()
    };
    let describe = |text: &str, choice: &RulesChoice| {
        parse_record(text, choice).map(|r| r.setup.board.geometry().describe())
    };
    // SZ is the record's board: rules naming another size, RU or forced, are an error naming
    // both; the same size, or a size and no SZ, is fine.
    let conflict = "root node: SZ[9] and the rules' size=13 differ: a record is played on its \
                    SZ (give the rules no size)";
    let sz9 = "(;GM[1]SZ[9]RU[go/chinese];B[ee])";
    let e = parse_record(sz9, &forced("go/chinese:size=13")).unwrap_err();
    assert_eq!(
        (e.to_string().as_str(), e.kind),
        (conflict, ErrorKind::Rules)
    );
    // The geometry of the last record read is shared: the conflict is found all the same.
    assert_eq!(
        describe("(;GM[1]SZ[13];B[ee])", &choice()).unwrap(),
        "13x13"
    );
    let e = parse_record(sz9, &forced("go/chinese:size=13")).unwrap_err();
    assert_eq!(e.to_string(), conflict);
    let e = parse_record("(;GM[1]SZ[9]RU[go/chinese:size=13];B[ee])", &choice()).unwrap_err();
    assert_eq!(e.to_string(), conflict);
    assert_eq!(
        describe("(;GM[1]SZ[19:13]RU[go/chinese:size=9])", &choice())
            .unwrap_err()
            .to_string(),
        "root node: SZ[19:13] and the rules' size=9 differ: a record is played on its SZ \
         (give the rules no size)"
    );
    assert_eq!(describe(sz9, &forced("go/chinese:size=9")).unwrap(), "9x9");
    let r = parse_record("(;GM[1]RU[go/chinese:size=7];B[ee])", &choice()).unwrap();
    assert_eq!(r.setup.board.geometry().describe(), "7x7");
    // The size is held by the board, not the rules.
    assert_eq!(r.setup.rules.size(), None);
}

/// A graph board is the rules' graph: a record whose SZ is another board is refused naming
/// both; the graph's own SZ, as goishi writes it, or none, reads.
#[test]
fn a_record_of_another_board_is_not_read_onto_a_graph() {
    let dir = std::env::temp_dir().join(format!("goishi-sgf-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("square.txt");
    std::fs::write(&file, "a b\nb c\nc d\nd a\n").unwrap();
    let graph = RulesChoice {
        force: None,
        fallback: goishi::registry()
            .parse_rules(&format!("go/chinese:board=graph:{}", file.display()))
            .unwrap(),
    };
    let read = |text: &str| parse_record(text, &graph).map(|r| r.setup.board.geometry().describe());
    let e = read("(;GM[1]SZ[9];B[cc])").unwrap_err();
    assert_eq!(
        (e.to_string().as_str(), e.kind),
        (
            "root node: SZ[9] is not the rules' graph board of 4 points (SZ[4:1]): the record \
             is of another board",
            ErrorKind::Rules
        )
    );
    assert!(read("(;GM[1]SZ[4];B[aa])").is_err());
    assert_eq!(read("(;GM[1]SZ[4:1];B[aa])").unwrap(), "graph (4 points)");
    assert_eq!(read("(;GM[1];B[ba])").unwrap(), "graph (4 points)");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file over the limits of one is refused as a collection (`ErrorKind::Limit`), and its
/// first record is still read.
#[test]
fn the_first_record_of_a_file_over_the_limits_is_read() {
    let dir = std::env::temp_dir().join(format!("goishi-sgf-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("many.sgf");
    let mut text = String::from("(;GM[1]SZ[9]KM[5.5];B[ee];W[cc])\n");
    text.push_str(&"(;GM[1]SZ[13];B[aa];W[bb])\n".repeat(MAX_NODES / 3 + 1));
    std::fs::write(&file, &text).unwrap();
    let e = goishi_sgf::read_collection(&file, &choice()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Limit, "{e}");
    let first = goishi_sgf::read_record(&file, &choice()).unwrap();
    assert_eq!(first.setup.board.geometry().describe(), "9x9");
    assert_eq!(
        (first.moves.len(), first.setup.rules.get("komi")),
        (2, Some("5.5"))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn handicap_stones_written_as_moves_are_setup_stones() {
    let r = parse_record(
        "(;GM[1]SZ[9]HA[2];B[cc]C[first stone];B[gg];W[ee])",
        &choice(),
    )
    .unwrap();
    assert_eq!(r.setup.handicap, 2);
    assert_eq!(r.setup.board.count(Color::Black), 2);
    assert_eq!(r.setup.to_move, Color::White);
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.moves[0].text, "W[ee]");
    let position = r.replay(usize::MAX).unwrap();
    assert_eq!(position.history().len(), 1);
    // Written back as setup stones; the first stone's comment keeps its node.
    let (_, written) = rewrite("(;GM[1]SZ[9]HA[2];B[cc]C[first stone];B[gg];W[ee])");
    assert!(written.contains("HA[2]PL[W]AB[gg][cc]"), "{written}");
    assert!(written.contains(";C[first stone];W[ee]"), "{written}");
    // Some stones in AB, the rest as moves.
    let r = parse_record("(;GM[1]SZ[9]HA[3]AB[cc];B[gg];B[cg];W[ee])", &choice()).unwrap();
    assert_eq!((r.setup.board.count(Color::Black), r.moves.len()), (3, 1));
    // HA[0] and HA[1], as servers write for an even game, are no handicap.
    for text in [
        "(;GM[1]SZ[9]HA[0];B[cc];W[ee])",
        "(;GM[1]SZ[9]HA[ 1 ];B[cc];W[ee])",
    ] {
        let r = parse_record(text, &choice()).unwrap();
        assert_eq!((r.setup.handicap, r.moves.len()), (0, 2), "{text}");
    }
    // Not handicap stones: White moves first, or a point taken twice; the setup is then
    // refused as it was.
    for text in [
        "(;GM[1]SZ[9]HA[2];B[cc];W[ee];B[gg])",
        "(;GM[1]SZ[9]HA[2];B[cc];B[cc];W[ee])",
        "(;GM[1]SZ[9]HA[2]AW[aa];B[cc];B[gg])",
    ] {
        let r = parse_record(text, &choice()).unwrap();
        assert!(r.start().is_err(), "{text}");
    }
}

#[test]
fn side_to_move_without_pl() {
    let to_move = |text: &str| parse_record(text, &choice()).unwrap().setup.to_move;
    // Handicap stones and no move: White plays next, as after `fixed_handicap`.
    assert_eq!(to_move("(;GM[1]SZ[9]HA[2]AB[cc][gg])"), Color::White);
    // The first move says who starts.
    assert_eq!(to_move("(;GM[1]SZ[9]HA[2]AB[cc][gg];W[ee])"), Color::White);
    assert_eq!(to_move("(;GM[1]SZ[9];W[ee];B[cc])"), Color::White);
    assert_eq!(to_move("(;GM[1]SZ[9]AB[cc];B[ee])"), Color::Black);
    assert_eq!(to_move("(;GM[1]SZ[9])"), Color::Black);
    // PL decides when given.
    assert_eq!(to_move("(;GM[1]SZ[9]HA[2]AB[cc][gg]PL[B])"), Color::Black);
}

#[test]
fn files_in_latin_1_and_utf_16() {
    let text = decode(b"(;GM[1]SZ[9]CA[ISO-8859-1]PB[J\xf6rg];B[ee])").unwrap();
    assert!(text.contains("PB[J\u{f6}rg]"), "{text}");
    let (_, written) = rewrite(&text);
    assert!(written.contains("PB[J\u{f6}rg]"), "{written}");
    assert!(written.contains("CA[UTF-8]"), "{written}");
    // UTF-8 stays UTF-8.
    let utf8 = "(;GM[1]PB[J\u{f6}rg])";
    assert_eq!(decode(utf8.as_bytes()).unwrap(), utf8);
    let utf16: Vec<u8> = "\u{feff}(;GM[1])"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let e = decode(&utf16).unwrap_err().to_string();
    assert!(e.contains("UTF-16"), "{e}");
    // Not UTF-8, in a character set other than Latin-1: refused by name.
    let e = decode(b"(;GM[1]CA[GB2312]PB[\xd5\xc5])")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the file is in GB2312 (its CA) and not UTF-8"),
        "{e}"
    );
    // Latin-1 by any of its names, or with no CA at all.
    for text in [
        &b"(;GM[1]CA[latin1]PB[J\xf6rg])"[..],
        b"(;GM[1]CA[ISO_8859-1]PB[J\xf6rg])",
        b"(;GM[1]PB[J\xf6rg])",
    ] {
        assert!(decode(text).unwrap().contains("J\u{f6}rg"));
    }
}

#[test]
fn errors_name_the_node() {
    let cases: &[(&str, &str)] = &[
        (
            "(;SZ[9];B[aa]W[bb])",
            "node 1: two moves (B and W) in one node",
        ),
        (
            "(;SZ[9];B[aa];AB[cc];W[bb])",
            "node 2: setup property AB after the first move",
        ),
        (
            "(;SZ[1000000000])",
            "root node: SZ: board size 1000000000x1000000000 is out of range",
        ),
        (
            "(;SZ[9]AB[ee][aa]AW[ee])",
            "root node: AW[ee]: the point is in AB of the same node too; a point has one setup property a node",
        ),
        (
            "(;SZ[9]AB[ee];AE[ee]AB[ee])",
            "node 1: AB[ee]: the point is in AE of the same node too",
        ),
        (
            "(;SZ[9];B[aa]AW[cc])",
            "node 1: setup property AW on a move node (B)",
        ),
        ("(;SZ[9];B[a])", "node 1: invalid move B[a]"),
        ("(;SZ[9];W[jj])", ""),
        (
            "(;SZ[9]AB[zz])",
            "root node: AB[zz]: vertex zz is off the 9x9 board",
        ),
        ("(;SZ[0])", "root node: SZ: board size 0x0 is out of range"),
        (
            "(;SZ[99])",
            "root node: SZ: board size 99x99 is out of range",
        ),
        ("(;SZ[9]KM[abc])", "root node: invalid KM[abc]"),
        ("(;SZ[9]HA[two])", "root node: invalid HA[two]"),
        ("(;SZ[9]HA[-3];B[aa])", "root node: invalid HA[-3]"),
        ("(;SZ[9]HA[];B[aa])", "root node: invalid HA[]"),
        ("(;SZ[9]KM[6.25])", "root node: KM[6.25]: invalid komi"),
        // A komi is quoted as the record wrote it, not as the number read from it.
        (
            "(;SZ[9]KM[1e999])",
            "root node: KM[1e999]: invalid komi \"1e999\"; expected",
        ),
        (
            "(;SZ[9]KM[6.250];B[aa])",
            "root node: KM[6.250]: invalid komi \"6.250\"",
        ),
        ("(;SZ[9]KM[1e3])", "root node: KM[1e3]: invalid komi \"1e3\""),
        ("(;SZ[9]KM[-inf])", "root node: KM[-inf]: invalid komi \"-inf\""),
        (
            "(;SZ[9]KM[1e300])",
            "root node: KM[1e300]: invalid komi \"1e300\"",
        ),
        // Read by sgf-parse (a variation, a lower-case letter): quoted the same.
        (
            "(;SZ[9]KM[1e999](;B[aa])(;B[bb]))",
            "root node: KM[1e999]: invalid komi \"1e999\"",
        ),
        ("(;SZ[9]KoMi[nan])", "root node: KM[nan]: invalid komi \"nan\""),
        (
            "(;SZ[9]RU[go/chinese:ko=x])",
            "root node: RU[go/chinese:ko=x]: unknown ko rule",
        ),
        (
            "(;SZ[9];B[aa];SZ[9])",
            "node 2: root property SZ[9] outside the root node",
        ),
        ("(;GM[2]SZ[8])", "root node: GM[2]: not a Go-family record"),
        ("", "not an SGF game record"),
        (
            "(;SZ[9];B[aa]",
            "ends after node 1 with 1 game tree(s) left open",
        ),
        (
            "(;SZ[9]C[oops",
            "the file ends inside a property value of node 0",
        ),
        ("(;SZ[9]))", "unmatched ')' after node 0"),
        ("([x];)", "a property value before the first node"),
        ("(()", "not valid SGF"),
        ("(;SZ[9](B[aa]))", "not valid SGF"),
        (
            "(;GM[01]SZ[9];B[ee])",
            "GM[1] written with a sign or leading zeros",
        ),
        (
            "(;GM[1]SZ[9]ff[4];B[ee])",
            "root node: not valid SGF: a property identifier in lower case",
        ),
        (
            "(;GM[1]SZ[9]GM[1];B[ee])",
            "not valid SGF: GM given twice in a root node",
        ),
    ];
    for (text, message) in cases {
        match parse_record(text, &choice()) {
            Err(e) => assert!(
                e.to_string().contains(message),
                "{text}: {e} does not contain {message}"
            ),
            Ok(r) => {
                // Off-board moves are read, and refused when played.
                let err = r.replay(usize::MAX).unwrap_err().to_string();
                assert!(
                    err.contains("node 1: move 1 W[jj] is illegal: vertex jj is off the 9x9 board"),
                    "{text}: {err}"
                );
            }
        }
    }
}

#[test]
fn collections_and_trailing_text() {
    let text = "junk before (;SZ[5];B[aa])\n(;SZ[7];B[bb];W[cc]) trailing junk";
    let all = parse_collection(text, &choice()).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].as_ref().unwrap().moves.len(), 2);
    assert_eq!(all[1].as_ref().unwrap().games, 2);
    // Each tree's error quotes its own root as written.
    let text = "(;SZ[5]KM[1e400]C[(])\n(;SZ[7]KM[0.1e1];B[bb])(;SZ[7]KM[+1e999])";
    let all = parse_collection(text, &choice()).unwrap();
    let errors: Vec<String> = all
        .iter()
        .map(|r| {
            r.as_ref()
                .map_or_else(ToString::to_string, |_| "ok".to_owned())
        })
        .collect();
    assert_eq!(
        errors,
        [
            "root node: KM[1e400]: invalid komi \"1e400\"; expected a multiple of 0.5 from -500 to 500",
            "ok",
            "root node: KM[+1e999]: invalid komi \"+1e999\"; expected a multiple of 0.5 from -500 to 500",
        ]
    );
}

#[test]
fn long_records_within_limits() {
    // A long main line (the tree is recursive): read and dropped without recursion.
    let mut text = String::from("(;SZ[19]RU[go/tromp-taylor:ko=none]");
    for _ in 0..(MAX_NODES - 1) / 2 {
        text.push_str(";B[aa];W[ab]");
    }
    text.push(')');
    let r = parse_record(&text, &choice()).unwrap();
    assert_eq!(r.moves.len(), 2 * ((MAX_NODES - 1) / 2));
    text.insert_str(text.len() - 1, ";B[ac];W[ad]");
    let err = parse_record(&text, &choice()).unwrap_err();
    assert!(err.message.contains("more than 50000 nodes"), "{err}");
}

#[test]
fn deep_invalid_record_on_a_worker_stack() {
    // sgf-parse drops its partial tree recursively when it fails deep in a long main
    // line: replay runs on threads with a large stack for that.
    let mut text = String::from("(;SZ[19]");
    for _ in 0..(MAX_NODES - 10) {
        text.push_str(";B[]");
    }
    text.push_str("(B[aa]))");
    let handle = std::thread::Builder::new()
        .stack_size(goishi_sgf::READER_STACK)
        .spawn(move || parse_record(&text, &choice()).map(|_| ()))
        .unwrap();
    let err = handle.join().unwrap().unwrap_err();
    assert!(err.message.starts_with("not valid SGF"), "{err}");
}

#[test]
fn every_variant_self_play_round_trips() {
    for v in goishi::registry().variants() {
        let rules = v.default_rules();
        for (seed, size) in [(1, (7, 7)), (2, (6, 5))] {
            let game = goishi_play::play_game(&rules, Some(size), seed, 0)
                .unwrap_or_else(|e| panic!("{}: {e}", v.id));
            let text = write_game(
                game.position.as_ref(),
                &WriteOptions {
                    result: game.position.outcome().map(|r| r.to_string()),
                    comment: Some(format!("self-play, seed {seed}")),
                    ..WriteOptions::default()
                },
            )
            .unwrap();
            let record = parse_record(&text, &choice()).unwrap();
            let replayed = record
                .replay(usize::MAX)
                .unwrap_or_else(|e| panic!("{}: {e}\n{text}", v.id));
            assert_eq!(replayed.board(), game.position.board(), "{}", v.id);
            assert_eq!(replayed.history(), game.position.history(), "{}", v.id);
            assert_eq!(replayed.outcome(), game.position.outcome(), "{}", v.id);
            assert_eq!(record.setup.rules, *game.position.rules(), "{}", v.id);
            let again = write_game(
                replayed.as_ref(),
                &WriteOptions {
                    extras: Some(&record.extras),
                    ..WriteOptions::default()
                },
            )
            .unwrap();
            assert_eq!(again, text, "{}", v.id);
        }
    }
}

#[test]
fn errors_are_typed_with_their_node_and_property() {
    let cases: &[(&str, ErrorKind, Option<usize>, Option<&str>)] = &[
        ("(;SZ[9]KM[abc])", ErrorKind::BadValue, Some(0), Some("KM")),
        ("(;SZ[9]KM[6.25])", ErrorKind::Rules, Some(0), Some("KM")),
        (
            "(;SZ[9]RU[go/chinese:ko=x])",
            ErrorKind::Rules,
            Some(0),
            Some("RU"),
        ),
        ("(;SZ[0])", ErrorKind::BadValue, Some(0), Some("SZ")),
        ("(;SZ[9]AB[zz])", ErrorKind::BadValue, Some(0), Some("AB")),
        (
            "(;SZ[9];B[aa]W[bb])",
            ErrorKind::Misplaced,
            Some(1),
            Some("W"),
        ),
        (
            "(;SZ[9];B[aa];AB[cc];W[bb])",
            ErrorKind::Misplaced,
            Some(2),
            Some("AB"),
        ),
        (
            "(;SZ[9];B[aa];SZ[9])",
            ErrorKind::Misplaced,
            Some(2),
            Some("SZ"),
        ),
        ("(;SZ[9];B[a])", ErrorKind::BadValue, Some(1), Some("B")),
        ("(;GM[2]SZ[8])", ErrorKind::NotGo, Some(0), Some("GM")),
        ("(;SZ[9];B[aa]", ErrorKind::Syntax, None, None),
        ("", ErrorKind::Syntax, None, None),
    ];
    for &(text, kind, node, property) in cases {
        let e = parse_record(text, &choice()).unwrap_err();
        assert_eq!(
            (e.kind, e.node, e.property.as_deref()),
            (kind, node, property),
            "{text}: {e}"
        );
    }
    let mut long = String::from("(;SZ[9]");
    long.push_str(&";C[x]".repeat(MAX_NODES + 1));
    long.push(')');
    assert_eq!(
        parse_record(&long, &choice()).unwrap_err().kind,
        ErrorKind::Limit
    );
    assert_eq!(decode(b"\xff\xfe(").unwrap_err().kind, ErrorKind::Charset);
    // The setup, judged by the variant when the record is replayed.
    let r = parse_record("(;GM[1]SZ[9]HA[2];B[cc];W[ee];B[gg])", &choice()).unwrap();
    assert_eq!(r.start().unwrap_err().kind, ErrorKind::Setup);
}

#[test]
fn markup_past_column_z_round_trips_on_wide_boards() {
    // A 30x28 board: columns and rows past the 26th are written A, B, ... (not {, |).
    let text = "(;GM[1]FF[4]SZ[30:28]RU[go/chinese];B[Aa]MA[Ab][aa]CR[Bc]TR[zB]SQ[DA]\
                LB[Ca:x]AR[aa:DB]LN[Aa:Bb];W[aB]SL[Dd]DD[Cc];B[])";
    let (_, written) = rewrite(text);
    for kept in [
        ";B[Aa]MA[aa][Ab]CR[Bc]TR[zB]SQ[DA]LB[Ca:x]AR[aa:DB]LN[Aa:Bb]",
        ";W[aB]SL[Dd]DD[Cc]",
    ] {
        assert!(written.contains(kept), "{kept} missing from {written}");
    }
    assert!(!written.contains(['{', '|', '}', '~']), "{written}");
    assert_round_trip(text);
}

/// Passes after the end of the game (gogui-twogtp forwards one): read back as such, written
/// back as the record's last moves, with the node's other properties, and a record whose game
/// goes on after them is refused.
#[test]
fn passes_after_the_end_round_trip() {
    let text = "(;FF[4]GM[1]SZ[5]RU[capture/atari-go]\n;B[be];W[ae];B[ad];W[]C[forwarded];B[])\n";
    let record = parse_record(text, &choice()).unwrap();
    let (position, after_end) = record.replay_game(usize::MAX).unwrap();
    assert!(position.is_over());
    assert_eq!(position.history().len(), 3);
    assert_eq!(after_end, vec![Color::White, Color::Black]);
    let written = write_game(
        position.as_ref(),
        &WriteOptions {
            extras: Some(&record.extras),
            after_end: &after_end,
            ..WriteOptions::default()
        },
    )
    .unwrap();
    assert!(written.contains(";W[]C[forwarded];B[]"), "{written}");
    let again = parse_record(&written, &choice()).unwrap();
    let (_, after_again) = again.replay_game(usize::MAX).unwrap();
    assert_eq!(after_again, after_end);
    // Up to move 4: one pass after the end.
    let (_, first) = record.replay_game(4).unwrap();
    assert_eq!(first, vec![Color::White]);
    let on = "(;FF[4]GM[1]SZ[5]RU[capture/atari-go]\n;B[be];W[ae];B[ad];W[];B[cc])\n";
    let err = parse_record(on, &choice())
        .unwrap()
        .replay_game(usize::MAX)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "node 5: move 5 B[cc] (C3) is illegal: game over");
}

/// One position reused for the records of every variant in turn ([`Record::start_into`], as
/// `goishi replay` does): each record replays to what a position of its own replays to.
#[test]
fn one_position_replays_the_records_of_every_variant() {
    let mut records = Vec::new();
    for v in goishi::registry().variants() {
        let rules = v.default_rules();
        for (seed, size) in [(3, (7, 7)), (4, (7, 7)), (5, (6, 5))] {
            let game = goishi_play::play_game(&rules, Some(size), seed, 0)
                .unwrap_or_else(|e| panic!("{}: {e}", v.id));
            let text = write_game(game.position.as_ref(), &WriteOptions::default()).unwrap();
            records.push((v.id, parse_record(&text, &choice()).unwrap()));
        }
    }
    // Each variant after another, then every second record, so that a position is reused
    // both by its own variant (its buffers kept) and by another one (replaced).
    let order = (0..records.len()).chain((0..records.len()).step_by(2));
    let mut position = records[0].1.start().unwrap();
    for i in order {
        let (id, record) = &records[i];
        record.start_into(&mut position).unwrap();
        assert!(position.history().is_empty(), "{id}");
        record.play(position.as_mut(), usize::MAX).unwrap();
        let alone = record.replay(usize::MAX).unwrap();
        assert_eq!(position.board(), alone.board(), "{id}");
        assert_eq!(position.history(), alone.history(), "{id}");
        assert_eq!(position.side_to_move(), alone.side_to_move(), "{id}");
        assert_eq!(position.outcome(), alone.outcome(), "{id}");
        assert_eq!(position.rules(), alone.rules(), "{id}");
        for color in [Color::Black, Color::White] {
            assert_eq!(position.captures(color), alone.captures(color), "{id}");
        }
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        position.legal_moves(&mut ours);
        alone.legal_moves(&mut theirs);
        assert_eq!(ours, theirs, "{id}");
        // Undo goes back to the setup on both.
        let mut undone = 0;
        while position.undo().is_some() {
            undone += 1;
        }
        assert_eq!(undone, alone.history().len(), "{id}");
        assert_eq!(position.board(), &record.setup.board, "{id}");
    }
}

#[test]
fn a_game_written_at_once_is_the_game_written_move_by_move() {
    let rules = goishi::registry().parse_rules("go/chinese").unwrap();
    let position = rules.new_game(Some((9, 9))).unwrap();
    let writer = goishi_sgf::GameWriter::new(position.as_ref()).unwrap();
    let g = position.geometry();
    let mut turns = Vec::new();
    for (i, name) in ["C3", "D4", "pass", "E5", "A1", "J9", "pass", "pass"]
        .iter()
        .cycle()
        .take(27)
        .enumerate()
    {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mv = match *name {
            "pass" => Move::Pass,
            n => Move::Place(g.parse_point(n).unwrap()),
        };
        turns.push(goishi::Turn { color, mv });
    }
    turns.push(goishi::Turn {
        color: Color::White,
        mv: Move::Resign,
    });
    for n in [0, 1, 9, 10, 11, turns.len()] {
        let (mut one, mut all) = (String::new(), String::new());
        let mut game = writer.game(&mut one, Some("W+R"), None);
        for &turn in &turns[..n] {
            game.turn(turn).unwrap();
        }
        game.finish();
        let mut game = writer.game(&mut all, Some("W+R"), None);
        game.turns(&turns[..n]).unwrap();
        game.finish();
        assert_eq!(all, one, "{n} moves");
    }
}
