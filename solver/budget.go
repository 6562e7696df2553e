// This file defines the per-query resource budget: Z3's rlimit.

package solver

import (
	"fmt"
	"math"
	"strings"

	"github.com/aclements/go-z3/z3"
)

// DefaultBudget is the rlimit a query gets when New is passed 0.
const DefaultBudget = 20_000_000

// clampBudget returns the rlimit to give Z3 for a requested budget.
func clampBudget(budget uint64) uint64 {
	if budget == 0 {
		return DefaultBudget
	}
	return min(budget, math.MaxUint32)
}

// budgetConfig returns the configuration of a Solver's Z3 context.
func budgetConfig(budget uint64) *z3.Config {
	return z3.NewContextConfig().SetUint("rlimit", uint(budget))
}

// unknownReason explains an unknown result given Z3's reason.
func (s *Solver) unknownReason(z3reason string) string {
	if strings.Contains(z3reason, "resource") || strings.Contains(z3reason, "canceled") {
		return fmt.Sprintf("resource budget (rlimit %d) exhausted", s.budget)
	}
	return "z3: " + z3reason
}
