"""goishi.pettingzoo: the AEC environment passes PettingZoo's own API test."""

import numpy as np
import pytest
from pettingzoo.test import api_test

import goishi
import goishi.pettingzoo as gp


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    "rules, size, history",
    [
        ("chinese", 5, 8),
        ("tromp-taylor", (5, 4), 2),
        ("contact/2b", 5, 8),
        ("capture/atari-go", 5, 1),
        ("chinese:board=torus", 5, 0),
        ("chinese:board=hex", 5, 3),
    ],
)
def test_api_test_passes(rules, size, history):
    api_test(gp.env(rules=rules, size=size, history=history), num_cycles=300)


def test_observations_and_rewards():
    env = gp.env(rules="chinese:komi=0.5", size=5, history=2)
    env.reset()
    obs, reward, term, trunc, _ = env.last()
    assert obs["observation"].shape == (5, 5, 5) and obs["observation"].dtype == np.bool_
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].all()
    env.step(12)  # Black C3
    obs, _, _, _, _ = env.last()  # White to move: its own stones come first.
    assert env.agent_selection == "white_0"
    assert obs["observation"][2, 2].tolist() == [False, True, False, False, True]
    assert obs["action_mask"][12] == 0
    with pytest.raises(goishi.IllegalMoveError):
        env.step(12)
    env.step(25)
    env.step(25)
    assert all(env.terminations.values())
    assert env.rewards == {"black_0": 1.0, "white_0": -1.0}
    assert env.infos["black_0"]["result"] == "B+24.5"


def test_truncation_after_max_moves():
    env = gp.env(rules="chinese", size=5, max_moves=3)
    env.reset()
    for a in (0, 1, 2):
        env.step(a)
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_bad_arguments():
    with pytest.raises(goishi.RulesError):
        gp.env(rules="nope")
    with pytest.raises(ValueError):
        gp.env(rules="chinese", history=-1)
    with pytest.raises(ValueError):
        gp.env(rules="chinese", max_moves=0)
