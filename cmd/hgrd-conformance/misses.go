// This file reads misses.tsv: why hgrd gets each case it gets wrong wrong,
// as judged by hand.

package main

import (
	_ "embed"
	"fmt"
	"strings"
)

// missesFile lists, one per line, a case of the labelled suite that hgrd
// gets wrong and why: path<TAB>reason. # starts a comment.
//
//go:embed misses.tsv
var missesFile string

// loadMisses returns the reasons of misses.tsv by case path.
func loadMisses() (map[string]string, error) {
	return parseMisses(missesFile)
}

func parseMisses(text string) (map[string]string, error) {
	m := map[string]string{}
	for n, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		path, reason, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("misses.tsv:%d: want path<TAB>reason", n+1)
		}
		m[path] = strings.TrimSpace(reason)
	}
	return m, nil
}
