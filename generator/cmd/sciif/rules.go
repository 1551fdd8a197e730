package main

import (
	"github.com/sciif/leaderboard/generator/internal/verify"
	"github.com/sciif/leaderboard/generator/internal/verify/rules"
)

// defaultRules is the set of deterministic verifiers run before the judges.
func defaultRules() verify.Rules { return rules.Default() }
