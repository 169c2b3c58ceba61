"""Every argument of every public function and constructor: a value of the wrong type is a
TypeError naming the argument, the type expected and the type given (bool is no number: it
is refused wherever an int or a float is meant); a value of the right type that is not
allowed is a ValueError (the package's errors derive from it). The stubs declare what the
module has, with the same argument names and defaults."""

import ast
import inspect
import os

import numpy as np
import pytest

import goishi
import goishi._goishi
import goishi.pettingzoo
import goishi.ray

SGF = "(;FF[4]GM[1]SZ[5];B[cc])"


def game():
    return goishi.Game("chinese", size=5)


# Each entry point: how it is called with the arguments of a row, on top of valid ones.
CALLS = {
    "Rules": lambda **kw: goishi.Rules(**{"text": "chinese", **kw}),
    "Rules.get": lambda **kw: goishi.Rules("chinese").get(**{"name": "komi", **kw}),
    "Game": lambda **kw: goishi.Game(**{"rules": "chinese", "size": 5, **kw}),
    "Game.play": lambda **kw: game().play(**kw),
    "Game.is_legal": lambda **kw: game().is_legal(**kw),
    "Game.vertex": lambda **kw: game().vertex(**kw),
    "Game.action_of": lambda **kw: game().action_of(**kw),
    "Game.observation": lambda **kw: game().observation(**kw),
    "Game.score": lambda **kw: game().score(**kw),
    "Game.from_sgf": lambda **kw: goishi.Game.from_sgf(**{"text": SGF, **kw}),
    "MctsPlayer": lambda **kw: goishi.MctsPlayer(**{"playouts": 1, **kw}),
    "MctsPlayer.genmove": lambda **kw: goishi.MctsPlayer(playouts=1).genmove(**kw),
    "RandomPlayer": lambda **kw: goishi.RandomPlayer(**kw),
    "RandomPlayer.genmove": lambda **kw: goishi.RandomPlayer().genmove(**kw),
    "estimate_dead": lambda **kw: goishi.estimate_dead(**{"game": game(), "playouts": 1, **kw}),
    "VectorEnv": lambda **kw: goishi.VectorEnv(**{"rules": "chinese", "size": 5, **kw}),
    "VectorEnv.reset": lambda **kw: goishi.VectorEnv("chinese", 5).reset(**kw),
    "VectorEnv.game": lambda **kw: goishi.VectorEnv("chinese", 5).game(**kw),
    "pettingzoo.env": lambda **kw: goishi.pettingzoo.env(**{"rules": "chinese", "size": 5, **kw}),
    # Every check happens before anything is written; `out` names no folder of the tree.
    "ray.selfplay": lambda **kw: goishi.ray.selfplay(
        **{"rules": "chinese", "size": 5, "games": 1, "num_workers": 0,
           "out": os.path.join(os.devnull, "never"), **kw}
    ),
}

INT = "an int"
RESET_SEED = "an int, a list of ints (one per environment) or None"
NUMBER = "a number (int or float)"
MOVE = 'a GTP vertex (str, like "D4" or "pass") or an action index (int)'
SIZE = "an int or a (width, height) tuple"
RULES = 'a rules string (str, like "japanese:komi=0") or a goishi.Rules'

# (entry point, argument, value of the wrong type, what the argument must be)
WRONG_TYPES = [
    ("Rules", "text", 3, "a str"),
    ("Rules", "text", b"chinese", "a str"),
    ("Rules.get", "name", 3, "a str"),
    ("Game", "rules", 3, RULES),
    ("Game", "rules", ["chinese"], RULES),
    ("Game", "size", "9", SIZE),
    ("Game", "size", 9.0, SIZE),
    ("Game", "size", True, SIZE),
    ("Game", "size", np.True_, SIZE),
    ("Game", "size", [9, 9], SIZE),
    ("Game", "size[0]", (True, 9), INT),
    ("Game", "size[1]", (9, "9"), INT),
    ("Game.play", "move", 1.0, MOVE),
    ("Game.play", "move", True, MOVE),
    ("Game.play", "move", None, MOVE),
    ("Game.is_legal", "move", np.float32(3), MOVE),
    ("Game.vertex", "action", 1.5, MOVE),
    ("Game.action_of", "move", [3], MOVE),
    ("Game.observation", "history", "8", INT),
    ("Game.observation", "history", True, INT),
    ("Game.observation", "history", 8.0, INT),
    ("Game.observation", "history", None, INT),
    ("Game.observation", "packed", 1, "a bool"),
    ("Game.observation", "packed", "yes", "a bool"),
    ("Game.observation", "color", 1, "a str"),
    ("Game.score", "dead", 3, "an iterable of points (vertices or action indices)"),
    ("Game.score", "dead[1]", ["C3", 2.0], MOVE),
    ("Game.from_sgf", "text", b"(;SZ[5])", "a str"),
    ("Game.from_sgf", "rules", 3, RULES),
    ("MctsPlayer", "playouts", "10", INT),
    ("MctsPlayer", "playouts", True, INT),
    ("MctsPlayer", "playouts", 1.5, INT),
    ("MctsPlayer", "time", "1", NUMBER),
    ("MctsPlayer", "time", True, NUMBER),
    ("MctsPlayer", "seed", "1", INT),
    ("MctsPlayer", "seed", 1.0, INT),
    ("MctsPlayer", "seed", True, INT),
    ("MctsPlayer", "threads", "1", INT),
    ("MctsPlayer", "threads", True, INT),
    ("MctsPlayer.genmove", "game", "not a game", "a goishi.Game"),
    ("RandomPlayer", "seed", "x", INT),
    ("RandomPlayer", "seed", False, INT),
    ("RandomPlayer.genmove", "game", 3, "a goishi.Game"),
    ("estimate_dead", "game", None, "a goishi.Game"),
    ("estimate_dead", "playouts", "1", INT),
    ("estimate_dead", "playouts", True, INT),
    ("estimate_dead", "seed", "0", INT),
    ("estimate_dead", "threshold", "0", NUMBER),
    ("estimate_dead", "threshold", True, NUMBER),
    ("VectorEnv", "rules", None, RULES),
    ("VectorEnv", "size", "5", SIZE),
    ("VectorEnv", "num_envs", "2", INT),
    ("VectorEnv", "num_envs", True, INT),
    ("VectorEnv", "num_envs", 2.0, INT),
    ("VectorEnv", "history", "8", INT),
    ("VectorEnv", "history", np.True_, INT),
    ("VectorEnv", "threads", "1", INT),
    ("VectorEnv", "threads", True, INT),
    ("VectorEnv", "seed", "1", INT),
    ("VectorEnv", "seed", True, INT),
    ("VectorEnv", "max_moves", "1", INT),
    ("VectorEnv", "max_moves", True, INT),
    ("VectorEnv", "illegal", 1, "a str"),
    ("VectorEnv", "obs", None, "a str"),
    ("VectorEnv", "copy", 1, "a bool"),
    ("VectorEnv", "copy", "no", "a bool"),
    ("VectorEnv.reset", "seed", "1", RESET_SEED),
    ("VectorEnv.reset", "seed", True, RESET_SEED),
    ("VectorEnv.reset", "seed", 1.5, RESET_SEED),
    ("VectorEnv.reset", "seed[0]", ["1"], INT),
    ("VectorEnv.reset", "seed[0]", [True], INT),
    ("VectorEnv.reset", "options", [("reset_mask", [True])], "a dict (or None)"),
    ("VectorEnv.game", "i", "0", INT),
    ("VectorEnv.game", "i", True, INT),
    ("VectorEnv.game", "i", 0.0, INT),
    ("pettingzoo.env", "rules", 3, RULES),
    ("pettingzoo.env", "history", "8", INT),
    ("pettingzoo.env", "max_moves", "x", INT),
    ("pettingzoo.env", "max_moves", True, INT),
    ("pettingzoo.env", "render_mode", 1, "a str or None"),
    ("ray.selfplay", "rules", 3, RULES),
    ("ray.selfplay", "games", "1", INT),
    ("ray.selfplay", "games", True, INT),
    ("ray.selfplay", "num_workers", 1.0, INT),
    ("ray.selfplay", "games_per_shard", "4", INT),
    ("ray.selfplay", "seed", True, INT),
    ("ray.selfplay", "max_moves", "x", INT),
    ("ray.selfplay", "max_moves", True, INT),
    ("ray.selfplay", "history", "8", INT),
    ("ray.selfplay", "out", 3, "a path (str or os.PathLike)"),
]


def type_name(value):
    t = type(value)
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


@pytest.mark.parametrize(
    "entry, argument, value, expected",
    [pytest.param(*row, id=f"{row[0]}-{row[1]}-{row[2]!r}") for row in WRONG_TYPES],
)
def test_a_value_of_the_wrong_type_is_a_type_error_naming_the_argument(
    entry, argument, value, expected
):
    # An element (`size[0]`, `dead[1]`): the argument is given, its element is named.
    name = argument.split("[")[0]
    given = value[int(argument[-2])] if argument.endswith("]") else value
    with pytest.raises(TypeError) as e:
        CALLS[entry](**{name: value})
    assert not isinstance(e.value, ValueError)
    assert str(e.value) == f"{argument} must be {expected}, not {type_name(given)}"


# (entry point, argument, value of the right type, the error, words of its message)
BAD_VALUES = [
    ("Game", "size", -1, goishi.SetupError, "invalid size -1; a side cannot be negative"),
    ("Game", "size", 10**12, goishi.SetupError, "board size 1000000000000x1000000000000 is out"),
    ("Game", "size", 10**30, goishi.SetupError, "is out of range"),
    ("Game", "size", (9, 9, 9), goishi.SetupError, "invalid size (9, 9, 9)"),
    ("Game", "size", 0, goishi.SetupError, "board size 0x0 is out of range"),
    ("Game", "rules", "nope", goishi.RulesError, 'unknown rules "nope"'),
    ("Game.action_of", "move", "resign", ValueError,
     "resign has no action index: an action is a point index from 0 to 24 or 25 for pass"),
    ("Game.action_of", "move", 26, goishi.IllegalMoveError, "off board"),
    ("Game.observation", "history", -1, ValueError, "history is -1; it cannot be negative"),
    ("Game.observation", "history", 10**20, ValueError, "history 100000000000000000000 is out"),
    ("Game.observation", "color", "red", ValueError, 'invalid color "red"'),
    ("Game.from_sgf", "text", "(;SZ[5]KM[1e999])", goishi.SgfError,
     'root node: KM[1e999]: invalid komi "1e999"'),
    ("MctsPlayer", "playouts", -1, ValueError, "invalid playouts -1"),
    ("MctsPlayer", "time", float("nan"), ValueError, "invalid time NaN"),
    ("MctsPlayer", "time", 10**400, ValueError, "time 1000000"),
    ("MctsPlayer", "seed", -1, ValueError, "invalid seed -1"),
    ("MctsPlayer", "threads", 0, ValueError, "invalid number of search threads 0"),
    ("RandomPlayer", "seed", 2**64, ValueError, "invalid seed 18446744073709551616"),
    ("estimate_dead", "playouts", -1, ValueError, "playouts is -1; it cannot be negative"),
    ("estimate_dead", "threshold", 2, ValueError, "invalid threshold 2"),
    ("VectorEnv", "num_envs", 0, ValueError, "at least one environment"),
    ("VectorEnv", "threads", 0, ValueError, "invalid threads 0; expected a whole number, 1 or more"),
    ("VectorEnv", "max_moves", -3, ValueError, "invalid max_moves -3; expected a whole number, 1 or more"),
    ("VectorEnv", "illegal", "skip", ValueError, "expected raise or lose"),
    ("VectorEnv.reset", "seed", -1, ValueError, "invalid seed -1"),
    ("pettingzoo.env", "max_moves", 0, ValueError, "invalid max_moves 0"),
    ("pettingzoo.env", "render_mode", "rgb", ValueError, "invalid render_mode 'rgb'"),
    ("ray.selfplay", "games", -1, ValueError, "invalid games -1"),
    ("ray.selfplay", "players", "alphago", ValueError, "invalid player type 'alphago'"),
    ("ray.selfplay", "players", ("random",), ValueError, "expected one spec or two"),
]


@pytest.mark.parametrize(
    "entry, argument, value, error, words",
    [pytest.param(*row, id=f"{row[0]}-{row[1]}-{row[2]!r}"[:60]) for row in BAD_VALUES],
)
def test_a_bad_value_of_the_right_type_is_a_value_error(entry, argument, value, error, words):
    with pytest.raises(error) as e:
        CALLS[entry](**{argument: value})
    assert isinstance(e.value, ValueError)
    assert words in str(e.value)


@pytest.mark.parametrize(
    "call",
    [
        lambda: game().observation(packed=np.True_),
        lambda: goishi.VectorEnv("chinese", 5, np.int64(2), copy=np.False_, seed=np.uint64(3)),
        lambda: goishi.Game("chinese", size=(np.int32(5), 6)),
        lambda: goishi.MctsPlayer(playouts=np.int16(1), time=np.float32(0.5), seed=np.uint8(1)),
        lambda: goishi.estimate_dead(game(), playouts=np.int64(1), threshold=np.float64(0.5)),
        lambda: goishi.estimate_dead(game(), threshold=1),
    ],
)
def test_numpys_scalars_stand_for_ints_floats_and_bools(call):
    call()


def stub_defs():
    """The stubs' functions: (class or None, the def)."""
    path = os.path.join(os.path.dirname(goishi._goishi.__file__), "_goishi.pyi")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield None, node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    yield node.name, item


def stub_id(entry):
    cls, fn = entry
    return f"{cls}.{fn.name}" if cls else fn.name


@pytest.mark.parametrize("entry", list(stub_defs()), ids=stub_id)
def test_the_stubs_name_the_arguments_and_defaults_of_the_module(entry):
    cls, fn = entry
    owner = getattr(goishi._goishi, cls) if cls else goishi._goishi
    if any(isinstance(d, ast.Name) and d.id == "property" for d in fn.decorator_list):
        assert isinstance(inspect.getattr_static(owner, fn.name), type(goishi.Game.board))
        return
    target = owner if fn.name == "__init__" else getattr(owner, fn.name)
    if type(target).__name__ == "wrapper_descriptor":
        return  # a slot (__eq__, __hash__): Python's own signature
    stub_args = fn.args
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in fn.decorator_list)
    positional = stub_args.args if cls is None or static else stub_args.args[1:]
    names = [a.arg for a in positional + stub_args.kwonlyargs]
    defaults = [ast.literal_eval(d) for d in stub_args.defaults]
    stub_defaults = dict(zip([a.arg for a in positional][len(positional) - len(defaults):], defaults))
    stub_defaults.update(
        {a.arg: ast.literal_eval(d) for a, d in zip(stub_args.kwonlyargs, stub_args.kw_defaults) if d}
    )
    runtime = [
        p for p in inspect.signature(target).parameters.values() if p.name != "self"
    ]
    assert [p.name for p in runtime] == names
    assert {
        p.name: p.default for p in runtime if p.default is not inspect.Parameter.empty
    } == stub_defaults


@pytest.mark.parametrize(
    "cls", [c for c in vars(goishi._goishi).values() if isinstance(c, type)], ids=lambda c: c.__name__
)
def test_the_stubs_declare_every_public_name(cls):
    declared = {stub_id(e).split(".")[-1] for e in stub_defs() if e[0] == cls.__name__}
    path = os.path.join(os.path.dirname(goishi._goishi.__file__), "_goishi.pyi")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            declared |= {
                t.target.id for t in node.body if isinstance(t, ast.AnnAssign)
            }
            break
    else:
        pytest.fail(f"{cls.__name__} is not in the stubs")
    public = {n for n in dir(cls) if not n.startswith("_")} - set(dir(ValueError))
    assert public <= declared
