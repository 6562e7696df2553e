package report

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/rules.md from the rules")

// TestRulesPage keeps docs/rules.md, where the rules' helpUri points, the
// same as the rules' help.
func TestRulesPage(t *testing.T) {
	const page = "../docs/rules.md"
	want := RulesMarkdown()
	if *update {
		if err := os.WriteFile(page, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is out of date: run go test ./report -run TestRulesPage -update", page)
	}
}
