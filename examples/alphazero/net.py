"""The policy-value network: a small residual tower (flax.linen) with an ownership head
beside the policy and the value (KataGo's auxiliary target: the final area, a point each),
and the jitted functions that evaluate a batch of observations and take one training step
(optax)."""

from functools import partial
from typing import Any, Dict, Tuple

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax


class Residual(nn.Module):
    """Two 3x3 convolutions with layer norms, added to the input."""

    channels: int

    @nn.compact
    def __call__(self, x: jnp.ndarray) -> jnp.ndarray:
        y = nn.relu(nn.LayerNorm()(x))
        y = nn.Conv(self.channels, (3, 3))(y)
        y = nn.relu(nn.LayerNorm()(y))
        y = nn.Conv(self.channels, (3, 3))(y)
        return x + y


class PolicyValue(nn.Module):
    """Observations (n, H, W, C) -> (policy logits (n, actions), values (n,) in [-1, 1], for
    the player to move, ownership logits (n, H * W): the mover's odds of owning each point
    at the end)."""

    actions: int
    blocks: int = 4
    channels: int = 32

    @nn.compact
    def __call__(self, x: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
        n = x.shape[0]
        x = nn.relu(nn.Conv(self.channels, (3, 3))(x))
        for _ in range(self.blocks):
            x = Residual(self.channels)(x)
        x = nn.relu(nn.LayerNorm()(x))
        p = nn.relu(nn.Conv(2, (1, 1))(x)).reshape(n, -1)
        logits = nn.Dense(self.actions)(p)
        v = nn.relu(nn.Conv(1, (1, 1))(x)).reshape(n, -1)
        v = nn.relu(nn.Dense(64)(v))
        value = jnp.tanh(nn.Dense(1)(v))[:, 0]
        ownership = nn.Conv(1, (1, 1))(x).reshape(n, -1)
        return logits, value, ownership


def make(actions: int, blocks: int, channels: int, obs_shape, seed: int):
    """The network and its initial parameters."""
    model = PolicyValue(actions=actions, blocks=blocks, channels=channels)
    params = model.init(jax.random.PRNGKey(seed), jnp.zeros((1,) + tuple(obs_shape), jnp.float32))
    return model, params


def evaluator(model: PolicyValue, bucket: int = 16):
    """A function `(params, obs (n, ...) bool numpy) -> (logits, values)` numpy, the batch
    padded to a multiple of `bucket` rows so that jit compiles few shapes."""

    @jax.jit
    def apply(params, x):
        return model.apply(params, x)

    def evaluate(params, obs: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        n = obs.shape[0]
        rows = max(bucket, -(-n // bucket) * bucket)
        x = np.zeros((rows,) + obs.shape[1:], np.float32)
        x[:n] = obs
        logits, values, _ = apply(params, x)
        return np.asarray(logits[:n]), np.asarray(values[:n])

    return evaluate


def optimizer(learning_rate: float, weight_decay: float) -> optax.GradientTransformation:
    """AdamW whose learning rate the loop sets each step (`set_learning_rate`)."""
    return optax.inject_hyperparams(optax.adamw)(learning_rate=learning_rate, weight_decay=weight_decay)


def set_learning_rate(opt_state, learning_rate: float):
    opt_state.hyperparams["learning_rate"] = jnp.asarray(learning_rate, jnp.float32)
    return opt_state


@partial(jax.jit, static_argnums=(0, 1))
def train_step(
    model: PolicyValue,
    opt: optax.GradientTransformation,
    params,
    opt_state,
    obs: jnp.ndarray,
    policy: jnp.ndarray,
    value: jnp.ndarray,
    ownership: jnp.ndarray,
    ownership_weight: float,
) -> Tuple[Any, Any, Dict[str, jnp.ndarray]]:
    """One step on a minibatch: cross-entropy to the search's policy, squared error to the
    game's result, and `ownership_weight` times the mean over the points of the binary
    cross-entropy to the final area (`ownership` in {-1, 0, 1}: 0 is an even chance)."""

    def loss_fn(p):
        logits, v, own = model.apply(p, obs)
        policy_loss = optax.softmax_cross_entropy(logits, policy).mean()
        value_loss = jnp.mean((v - value) ** 2)
        ownership_loss = optax.sigmoid_binary_cross_entropy(own, (ownership + 1) / 2).mean()
        loss = policy_loss + value_loss + ownership_weight * ownership_loss
        return loss, (policy_loss, value_loss, ownership_loss)

    (loss, (pl, vl, ol)), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    updates, opt_state = opt.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, {"loss": loss, "policy_loss": pl, "value_loss": vl, "ownership_loss": ol}
