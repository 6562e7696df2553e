package examples

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"hgrd/driver"
)

// TestNotesNameWhatHgrdDoesNotEvaluate checks that the races of a case
// whose race needs a value hgrd takes as unknown carry a note naming
// where that value comes from, and that those of a case whose race needs
// no such value carry none of its kind.
func TestNotesNameWhatHgrdDoesNotEvaluate(t *testing.T) {
	for _, tt := range []struct {
		c, want, reason string
	}{
		{"hash_guard_racy", "values computed at hash_guard_racy/hash_guard_racy.cu:37:",
			"the race needs two threads' hashes, computed by more operations than hgrd evaluates, to meet"},
		{"unknown_contents_racy", "the addresses depend on the contents of global slot (read at unknown_contents_racy/unknown_contents_racy.cu:13:",
			"the addresses depend on what the host read from a file"},
		{"negative_width_racy", "the race needs nx negative (the witness has nx = -",
			"a row of nx + 4 cells has its two ends apart for any nx of at least zero"},
		{"merge_rank_racy", "the addresses depend on a variable that the loop at merge_rank_racy/merge_rank_racy.cu:19:5 does not step by a constant",
			"the position needs both inputs sorted, and a binary search over them finds the rank"},
		{"pitch_rows_racy", "the race needs stride < width (the witness has stride = ",
			"rows of stride elements hold width pixels apart only if stride >= width"},
		{"global_ww", "", "the race needs no unknown value"},
		{"seed_mask_racy", "", "the race needs only a seed inside the mask, an index added to the address, not a stride below a width"},
		{"global_stride_racy", "", "a grid-stride loop's condition bounds the strided index itself: a stride below n is no overlap of rows"},
	} {
		t.Run(tt.c, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join(tt.c, "*.cu"))
			res := driver.Check(context.Background(), files, driver.Options{})
			races := 0
			for _, f := range res.Files {
				for _, r := range f.Races {
					races++
					if tt.want == "" && (strings.Contains(r.Hint, "computed at") || strings.Contains(r.Hint, "cannot see") || strings.Contains(r.Hint, "the race needs")) {
						t.Errorf("%s:%d: note %q; want none (%s)", r.First.File, r.First.Line, r.Hint, tt.reason)
					}
					if tt.want != "" && !strings.Contains(r.Hint, tt.want) {
						t.Errorf("%s:%d: note %q; want %q (%s)", r.First.File, r.First.Line, r.Hint, tt.want, tt.reason)
					}
				}
			}
			if races == 0 {
				t.Errorf("no race found")
			}
		})
	}
}
