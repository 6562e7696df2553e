package analysis

import (
	"slices"
	"testing"

	"github.com/llir/llvm/ir"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/hostanalysis"
	"hgrd/internal/testkit"
	"hgrd/kernelanalysis"
	"hgrd/solver"
)

// TestSettleMembers checks what a union's answer leaves to the queries of
// its kinds: unsat answers them all, unknown asks each within
// memberBudget, a race asks each with the whole budget.
func TestSettleMembers(t *testing.T) {
	for _, tt := range []struct {
		status     solver.Status
		answered   bool
		wantBudget uint64
	}{
		{solver.Unsat, true, 0},
		{solver.Unknown, false, memberBudget},
		{solver.Sat, false, 0},
	} {
		members := []*task{{}, {}, {}}
		union := &task{members: members}
		union.settleMembers(&solver.Result{Status: tt.status})
		if union.result == nil || union.result.Status != tt.status {
			t.Errorf("%v: the union's answer is not recorded", tt.status)
		}
		for i, m := range members {
			if (m.result != nil) != tt.answered {
				t.Errorf("%v: member %d answered = %v, want %v", tt.status, i, m.result != nil, tt.answered)
			}
			if m.budget != tt.wantBudget {
				t.Errorf("%v: member %d budget = %d, want %d", tt.status, i, m.budget, tt.wantBudget)
			}
		}
	}
	if memberBudget == 0 || memberBudget >= solver.DefaultBudget {
		t.Errorf("memberBudget = %d: it must be a positive part of the default budget %d", memberBudget, solver.DefaultBudget)
	}
}

// equalThenLoaded stores 0 from threads 0 to 3 and what it loads from
// the rest; pairs of threads write one slot of a.
const equalThenLoaded = `__global__ void k(int *a, const int *b) {
  int v = threadIdx.x < 4 ? 0 : b[threadIdx.x];
  a[threadIdx.x / 2] = v;
}
int main() {
  int *a, *b;
  cudaMalloc(&a, 16 * sizeof(int));
  cudaMalloc(&b, 32 * sizeof(int));
  k<<<1, 32>>>(a, b);
  return 0;
}
`

// TestExtendWitness checks the retry of a witness whose writes store
// equal values: threads 4 and 5 may store different loaded values, and
// the race found keeps them; threads 0 and 1 both store 0, whatever
// memory holds, and the race found is of other threads of the same
// launch (the host value kept); with a host value that confines every
// pair to threads that store 0, there is none.
func TestExtendWitness(t *testing.T) {
	var q *constraints.Query
	for _, tk := range sourceTasks(t, "values.cu", equalThenLoaded) {
		if tk.members == nil && tk.key.kind == constraints.IntraWarp {
			q = tk.ensureQuery()
		}
	}
	if q == nil || !q.ValuesMustDiffer {
		t.Fatalf("no intra-warp query whose race needs different values: %+v", q)
	}
	// A boolean host value, pinned too: set, it confines both threads
	// to those that store 0.
	flag := expr.VarWithRole("flag", expr.Bool, expr.Shared, expr.Role{Kind: expr.HostValue})
	tid1, tid2 := expr.Instantiate(kernelanalysis.ThreadIdx(0), 1), expr.Instantiate(kernelanalysis.ThreadIdx(0), 2)
	four := expr.Const(4, tid1.Width)
	q.Assertions = append(q.Assertions, expr.AnyOf(expr.Not(flag), expr.AllOf(expr.ULt(tid1, four), expr.ULt(tid2, four))))
	s := solver.New(0)
	defer s.Close()
	for _, tt := range []struct {
		t1, t2     uint64
		flag       uint64
		wantSat    bool
		sameThread bool // the race found keeps the witness's threads
	}{
		{4, 5, 0, true, true},
		{0, 1, 0, true, false},
		{0, 1, 1, false, false},
	} {
		found := &solver.Result{Status: solver.Sat, Vars: map[string]uint64{"flag": tt.flag, tid1.Name: tt.t1, tid2.Name: tt.t2}}
		res, err := extendWitness(s, q, found, solver.DefaultBudget/extendShare, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Status == solver.Sat; got != tt.wantSat {
			t.Errorf("threads %d and %d, flag %d: race %v, want %v", tt.t1, tt.t2, tt.flag, got, tt.wantSat)
			continue
		}
		if !tt.wantSat {
			continue
		}
		r1, r2 := res.Vars[tid1.Name], res.Vars[tid2.Name]
		if res.Vars["flag"] != tt.flag || tt.sameThread && (r1 != tt.t1 || r2 != tt.t2) || !tt.sameThread && r1 < 4 && r2 < 4 {
			t.Errorf("threads %d and %d, flag %d: the race found is of threads %d and %d, flag %d", tt.t1, tt.t2, tt.flag, r1, r2, res.Vars["flag"])
		}
	}
}

// pairsInWarp writes one slot from each pair of neighbouring threads: a
// race within a warp only.
const pairsInWarp = `__global__ void k(int *a) {
  a[(blockIdx.x * 64 + threadIdx.x) / 2] = threadIdx.x;
}
int main() {
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  k<<<2, 64>>>(a);
  return 0;
}
`

// TestUnionWitness checks what a union's race leaves to its kinds: the
// kind its witness is a race of takes the witness without a query
// (answer is given no solver), and the other two, which race nowhere
// here, are answered together by the union of their queries.
func TestUnionWitness(t *testing.T) {
	var union *task
	for _, tk := range sourceTasks(t, "pairs.cu", pairsInWarp) {
		if tk.members != nil {
			union = tk
		}
	}
	if union == nil || len(union.members) != 3 {
		t.Fatalf("no union of the three kinds: %+v", union)
	}
	s := solver.New(0)
	defer s.Close()
	union.ensureQuery()
	res, err := solve(s, union)
	if err != nil || res.Status != solver.Sat {
		t.Fatalf("union: %v, %v; want a race", res, err)
	}
	premises := newProver(newPremiseAnswers())
	defer premises.close()
	if err := union.settleUnion(s, premises, res); err != nil {
		t.Fatal(err)
	}
	for _, m := range union.members {
		if m.key.kind != constraints.IntraWarp {
			if m.result == nil || m.result.Status != solver.Unsat {
				t.Errorf("%v: answered %v; want unsat from the union of the other kinds", m.key.kind, m.result)
			}
			continue
		}
		m.ensureQuery()
		got, err := m.answer(nil)
		if err != nil || got != res {
			t.Errorf("intra-warp: answer = %v, %v; want the union's witness", got, err)
		}
	}
}

// rowsAcrossBlocks scales a pitched image whose row index lacks its
// block's offset: rows repeat across blocks only, and deciding that no
// two threads of one block meet needs r*pitch read as rows of pitch
// bytes (withByteRows).
const rowsAcrossBlocks = `__global__ void scale(float *img, size_t pitch, int width, int height) {
  int r = blockIdx.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < height && c < width) {
    float *row = (float *)((char *)img + r * pitch);
    row[c] = 0.5f * row[c];
  }
}
int main(int argc, char **argv) {
  int width = atoi(argv[1]), height = atoi(argv[2]);
  float *img;
  size_t pitch;
  cudaMallocPitch((void **)&img, &pitch, width * sizeof(float), height);
  scale<<<dim3((width + 15) / 16, (height + 15) / 16), dim3(16, 16)>>>(img, pitch, width, height);
  return 0;
}
`

// TestUnionOfTheOtherKindsReadsRows checks that the union of the kinds a
// union's witness is not a race of is asked with the row readings every
// task gets: rowsAcrossBlocks races between blocks only, and the union
// of the other two kinds, undecided without reading r*pitch as rows, is
// unsat with it.
func TestUnionOfTheOtherKindsReadsRows(t *testing.T) {
	premises := newProver(newPremiseAnswers())
	defer premises.close()
	s := solver.New(0)
	defer s.Close()
	settled := 0
	for _, tk := range sourceTasks(t, "rows.cu", rowsAcrossBlocks) {
		if tk.members == nil {
			continue
		}
		tk.query = withRows(premises, tk.ensureQuery(), tk.launch)
		res, err := solve(s, tk)
		if err != nil || res.Status != solver.Sat {
			t.Fatalf("union: %v, %v; want a race", res, err)
		}
		if !racesWith(res, tk.members[0].ensureQuery()) || tk.members[0].key.kind != constraints.InterBlock {
			continue // a witness of the other kinds' union would settle nothing here
		}
		if err := tk.settleUnion(s, premises, res); err != nil {
			t.Fatal(err)
		}
		for _, m := range tk.members[1:] {
			if m.result == nil || m.result.Status != solver.Unsat {
				t.Errorf("%v: answered %v; want unsat from the union of the other kinds", m.key.kind, m.result)
			}
		}
		settled++
	}
	if settled == 0 {
		t.Fatal("no union settled by an inter-block witness")
	}
}

// sourceTasks returns the tasks of every kernel of a CUDA source in each
// of its launch contexts.
func sourceTasks(t *testing.T, name, src string) []*task {
	t.Helper()
	u := testkit.LoadSource(t, name, src)
	var tasks []*task
	for _, fk := range u.Kernels {
		k, err := kernelanalysis.Analyze(u, fk)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range launchContexts(fk, k, hostanalysis.Launches(u), Options{}) {
			tasks = appendTasks(tasks, k, l, Options{})
		}
	}
	return tasks
}

// TestNarrowUnion checks which kinds of a pair a union still asks once
// other launch contexts of the pair have found some of them racy: all
// open kinds, the open ones only, or none (fewer than two are asked
// alone).
func TestNarrowUnion(t *testing.T) {
	kinds := []constraints.Kind{constraints.InterBlock, constraints.IntraBlock, constraints.IntraWarp}
	members := make([]*task, len(kinds))
	for i, k := range kinds {
		members[i] = &task{key: raceKey{kind: k}}
	}
	union := unionTask(members)
	if got := narrowUnion(union, map[raceKey]bool{}); got != union {
		t.Errorf("with no kind racy, the union is not asked as it is: %+v", got)
	}
	got := narrowUnion(union, map[raceKey]bool{members[0].key: true})
	if got == nil || len(got.members) != 2 || got.members[0] != members[1] || got.members[1] != members[2] {
		t.Errorf("with inter-block racy, the union asks %+v, want intra-block and intra-warp", got)
	}
	if got := narrowUnion(union, map[raceKey]bool{members[0].key: true, members[2].key: true}); got != nil {
		t.Errorf("with one kind open, a union is asked: %+v", got)
	}
}

// TestInstantiationsShareLanes checks that the instantiations of a
// template kernel put a pair of accesses in one lane, whose solver then
// answers their shared questions once, and that the lane still depends
// on the pair.
func TestInstantiationsShareLanes(t *testing.T) {
	if lane("scan<char, 128>", 3, 7) != lane("scan<long, 2048>", 3, 7) {
		t.Errorf("scan<char, 128> and scan<long, 2048>: the pair (3, 7) in different lanes")
	}
	if lane("scan<char, 128>", 3, 7) != lane("scan", 3, 7) {
		t.Errorf("scan<char, 128> and scan: the pair (3, 7) in different lanes")
	}
	spread := map[uint32]bool{}
	for i := 0; i < 32; i++ {
		spread[lane("scan<int, 256>", i, i+1)] = true
	}
	if len(spread) < lanes/2 {
		t.Errorf("32 pairs of one kernel fall in %d lanes of %d", len(spread), lanes)
	}
}

// TestPremisesSharedAcrossLanes checks that a premise one lane's prover
// proved is not proven again by another lane's: the second prover,
// whose solver is closed and so proves nothing, still reads the rows of
// rowsAcrossBlocks from the answers the two share.
func TestPremisesSharedAcrossLanes(t *testing.T) {
	answers := newPremiseAnswers()
	first := newProver(answers)
	defer first.close()
	second := newProver(answers)
	second.close()
	read := 0
	for _, tk := range sourceTasks(t, "rows.cu", rowsAcrossBlocks) {
		q := tk.ensureQuery()
		withFirst := withRows(first, q, tk.launch)
		if withFirst == q {
			continue
		}
		read++
		withSecond := withRows(second, q, tk.launch)
		if withSecond == q || len(withSecond.Assertions) != len(withFirst.Assertions) {
			t.Errorf("%v: the second prover read no rows (%d assertions, want %d)", tk.key.kind, len(withSecond.Assertions), len(withFirst.Assertions))
		}
	}
	if read == 0 {
		t.Fatal("no task of rowsAcrossBlocks reads rows; the test needs one")
	}
}

// TestSharingLanes checks that the pairs of accesses at the same source
// positions, of one kernel template, share the lane of the first of them,
// and that other pairs keep theirs.
func TestSharingLanes(t *testing.T) {
	at := func(line int) frontend.Pos { return frontend.Pos{File: "k.cu", Line: line, Column: 3} }
	scan4 := &kernelanalysis.Kernel{Name: "scan<4>"}
	scan8 := &kernelanalysis.Kernel{Name: "scan<8>"}
	other := &kernelanalysis.Kernel{Name: "other"}
	pair := raceKey{first: at(10), second: at(12), firstKind: kernelanalysis.Write, secondKind: kernelanalysis.Read}
	kind := pair
	kind.kind = constraints.IntraBlock
	tasks := []*task{
		{kernel: scan4, key: pair, lane: 3},
		{kernel: scan4, key: kind, lane: 3},
		{kernel: scan4, key: kind, lane: 6}, // an inlined copy
		{kernel: scan8, key: pair, lane: 1}, // another instantiation
		{kernel: other, key: pair, lane: 5}, // another kernel
		{kernel: scan4, key: raceKey{first: at(10), second: at(14)}, lane: 2},
	}
	want := []uint32{3, 3, 3, 3, 5, 2}
	for i, tk := range sharingLanes(tasks) {
		if tk.lane != want[i] {
			t.Errorf("task %d: lane %d, want %d", i, tk.lane, want[i])
		}
	}
}

// TestSitesOfReadModifyWrite checks that the read and the write of one
// source position (force[i] += f) share the site of the first of them,
// so that their pairs share a lane, and that accesses elsewhere, and
// accesses without a position, keep their own.
func TestSitesOfReadModifyWrite(t *testing.T) {
	at := func(line int) frontend.Pos { return frontend.Pos{File: "k.cu", Line: line, Column: 3} }
	accs := []*kernelanalysis.Access{
		{Pos: at(5), Kind: kernelanalysis.Read},
		{Pos: at(9), Kind: kernelanalysis.Read},
		{Pos: at(9), Kind: kernelanalysis.Write},
		{Kind: kernelanalysis.Read},
		{Kind: kernelanalysis.Write},
		{Pos: at(5), Kind: kernelanalysis.Write},
	}
	got := sites(accs)
	want := []int{0, 1, 1, 3, 4, 0}
	if !slices.Equal(got, want) {
		t.Errorf("sites = %v, want %v", got, want)
	}
	if lane("k", got[2], got[2]) != lane("k", got[1], got[2]) {
		t.Error("the write-write and write-read pairs of one read-modify-write are in different lanes")
	}
}

// TestSitesOfSwap checks that the accesses of a swap in one block,
// t = a[i]; a[i] = a[j]; a[j] += t, share a site for each of a[i] and
// a[j], so that the pairs that ask the same question of their addresses
// share a lane whichever order they name the sites in; and that the
// same bytes of another object, or in another block, are other sites.
func TestSitesOfSwap(t *testing.T) {
	at := func(line, col int) frontend.Pos { return frontend.Pos{File: "k.cu", Line: line, Column: col} }
	tid := expr.Var("tid.x", 64, expr.PerThread)
	i, j := expr.Mul(tid, expr.Int(4, 64)), expr.Add(expr.Mul(tid, expr.Int(4, 64)), expr.Int(4, 64))
	four := expr.Int(4, 64)
	a, other := &kernelanalysis.Object{Name: "a"}, &kernelanalysis.Object{Name: "b"}
	body, exit := &ir.Block{}, &ir.Block{}
	acc := func(pos frontend.Pos, kind kernelanalysis.AccessKind, obj *kernelanalysis.Object, off *expr.Term, b *ir.Block) *kernelanalysis.Access {
		return &kernelanalysis.Access{Pos: pos, Kind: kind, Object: obj, Offset: off, Size: four, Block: b}
	}
	accs := []*kernelanalysis.Access{
		acc(at(1, 9), kernelanalysis.Read, a, i, body),                                    // t = a[i]
		acc(at(2, 14), kernelanalysis.Read, a, expr.Add(expr.Mul(tid, four), four), body), // a[j]
		acc(at(2, 3), kernelanalysis.Write, a, expr.Mul(tid, four), body),                 // a[i] =
		acc(at(3, 3), kernelanalysis.Read, a, j, body),                                    // a[j] +=
		acc(at(3, 3), kernelanalysis.Write, a, j, body),
		acc(at(4, 3), kernelanalysis.Write, other, i, body), // b[i]
		acc(at(5, 3), kernelanalysis.Write, a, i, exit),     // a[i] after the block
	}
	got := sites(accs)
	want := []int{0, 1, 0, 1, 1, 5, 6}
	if !slices.Equal(got, want) {
		t.Errorf("sites = %v, want %v", got, want)
	}
	if lane("k", got[1], got[2]) != lane("k", got[0], got[4]) {
		t.Error("the pairs of a[i] and a[j] are in different lanes")
	}
}
