//! goishi-play: computer players for every goishi variant.
//!
//! [`mcts`] holds the Monte Carlo tree search player ([`mcts::MctsPlayer`]): UCT with
//! RAVE statistics over playouts of each family's random policy, generic over the concrete
//! position type, with tree reuse, threads, playout and time budgets and resignation.

pub mod mcts;
