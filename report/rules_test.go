package report

import (
	"testing"

	"hgrd/internal/testkit"
)

// TestRulesPage keeps docs/rules.md, where the rules' helpUri points, the
// same as the rules' help; run go test ./report -run TestRulesPage -update
// to rewrite it.
func TestRulesPage(t *testing.T) {
	testkit.GoldenFile(t, "../docs/rules.md", RulesMarkdown())
}
