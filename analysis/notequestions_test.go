package analysis

import (
	"strings"
	"testing"

	"hgrd/solver"
)

// stridedRows writes pixel (x, y) at y * stride + x: two rows meet, in
// every kind of race, only when stride < width.
const stridedRows = `#include <cstdlib>
__global__ void rows(int *out, int width, int stride) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width)
    out[y * stride + x] = x;
}
int main(int argc, char **argv) {
  int width = atoi(argv[1]);
  int stride = atoi(argv[2]);
  int *out;
  cudaMalloc(&out, (size_t)stride * 64 * sizeof(int));
  rows<<<dim3(4, 4), dim3(16, 16)>>>(out, width, stride);
  return 0;
}
`

// TestNoteQuestionsAskTheUnionOnce checks that the kinds of one pair
// share their note's question: the first kind found racy asks it of the
// union of the pair's kinds, which rules out stride >= width for all of
// them, and every later kind's note is the same question's answer, asked
// no more; once every kind is answered, the union is let go.
func TestNoteQuestionsAskTheUnionOnce(t *testing.T) {
	premises := newProver(newPremiseAnswers())
	defer premises.close()
	s := solver.New(0)
	defer s.Close()
	var group *kindGroup
	asked := 0
	for _, tk := range sourceTasks(t, "rows.cu", stridedRows) {
		if tk.members != nil || tk.group == nil || tk.result != nil {
			continue
		}
		group, asked = tk.group, asked+1
		tk.query = withRows(premises, tk.ensureQuery(), tk.launch)
		res, err := solve(s, tk)
		if err != nil || res.Status != solver.Sat {
			t.Fatalf("%v: %v, %v; want a race", tk.key.kind, res, err)
		}
		tk.result = res
		note := valuesNote(&noteQuestions{s: s, premise: premises, task: tk}, res)
		if !strings.Contains(note, "the race needs stride < width") {
			t.Errorf("%v: note %q; want one that the race needs stride < width", tk.key.kind, note)
		}
		if len(group.ruledOut) != 1 {
			t.Errorf("%v: %d questions asked of the union; want 1, shared by the kinds", tk.key.kind, len(group.ruledOut))
		}
		for key, ruled := range group.ruledOut {
			if !ruled {
				t.Errorf("%v: the union is not ruled out by %s", tk.key.kind, key)
			}
		}
		tk.release()
		group.drop()
	}
	if group == nil {
		t.Fatal("no kind of a pair with other kinds")
	}
	if len(group.members) != 3 || asked != 3 {
		t.Errorf("the group holds %d kinds, %d asked; want all three", len(group.members), asked)
	}
	if group.union != nil {
		t.Error("the union is still held once every kind is answered")
	}
}
