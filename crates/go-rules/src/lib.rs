//! Go under every real ruleset: suicide, ko and superko rules, area, territory and stone scoring
