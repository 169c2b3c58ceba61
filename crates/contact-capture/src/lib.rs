//! The contact-capture family of games, CC 1A to CC 4A and the parameter space behind them
