// This file defines the solving of a file's race queries by a pool of
// workers, each with its own solver, and the collection of their answers
// in a deterministic order.

package analysis

import (
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/kernelanalysis"
	"hgrd/report"
	"hgrd/solver"
)

// TraceEnv names the variable that, set, makes every query print its
// solver attempts to standard error (solver.TraceEnv).
const TraceEnv = solver.TraceEnv

// A task is one race query and, once solved, its answer. Its query is
// built when it is asked (see ensureQuery) and dropped once it is found
// unsatisfiable (see release): a file's tasks number in the thousands,
// and their queries together outgrew the memory limit (qtclustering-cuda
// held 1.25 GB of them before solving the first).
type task struct {
	kernel *kernelanalysis.Kernel
	launch *constraints.Launch
	query  *constraints.Query // nil until built, and once released
	build  func() *constraints.Query
	key    raceKey
	lane   uint32 // see lanes
	// purpose, set on a task asked on behalf of another (see asking),
	// says what it asks, for its solver.Family.
	purpose string

	result *solver.Result // nil if not asked: an earlier task found the race
	// members, set on a union task, are the tasks of each kind of its
	// pair: all unsat when it is.
	members []*task
	// budget is the rlimit of the task's query; 0 is the default
	// (solver.DefaultBudget). See memberBudget.
	budget uint64
	// unionWitness, set on the member of a union found racy, is the
	// union's witness: the member's race if it satisfies the member's
	// query (see answer).
	unionWitness *solver.Result
	// limit is set when the race is found and exists only through the
	// operation it names (a scope too narrow, a missing fence).
	limit *constraints.Limit
	// benign is set when the race is found, its query kept races of equal
	// values (--report-benign), and the two writes cannot store different
	// values.
	benign bool
	// unbounded is set when the race is found but whether a witness
	// exists whose accesses stay inside their allocations could not be
	// decided within the budget: the witness may leave them.
	unbounded bool
	// valuesNote is set when the race is found and needs kernel
	// parameters negative (negativeNote) or a stride below a width
	// (pitchNote): its note.
	valuesNote string
	// group, set on a kind's task whose pair races in other kinds too,
	// is the pair's open kinds, whose notes share questions.
	group *kindGroup
}

// appendTasks adds the queries of every conflicting pair of a kernel, in
// one launch context, for every kind of race; before the kinds of a pair
// that the launch's shape leaves open, their union.
func appendTasks(tasks []*task, k *kernelanalysis.Kernel, l *constraints.Launch, opts Options) []*task {
	build := constraints.Options{KeepBenign: opts.ReportBenign}
	accs := k.Accesses
	site := sites(accs)
	for i, a := range accs {
		for j, b := range accs[i:] {
			if libraryPair(a, b) || !constraints.Conflicting(l, a, b) {
				continue
			}
			first, second := ordered(a, b)
			pairLane := lane(k.Name, site[i], site[i+j])
			var kinds, open []*task
			for _, kind := range constraints.Kinds {
				if !constraints.Asks(k, first, second, kind) {
					continue
				}
				key := raceKey{first: first.Pos, second: second.Pos, firstKind: first.Kind, secondKind: second.Kind, kind: kind}
				t := &task{kernel: k, launch: l, key: key, lane: pairLane,
					build: func() *constraints.Query { return constraints.BuildWith(k, first, second, kind, l, build) }}
				if !l.Allows(kind) {
					// Decided by the launch's shape alone; kept for --explain.
					t.result = &solver.Result{Status: solver.Unsat}
				} else {
					open = append(open, t)
				}
				kinds = append(kinds, t)
			}
			newKindGroup(open)
			if u := unionTask(open); u != nil {
				tasks = append(tasks, u)
			}
			tasks = append(tasks, kinds...)
		}
	}
	return tasks
}

// libraryPair reports whether neither access has a position in the
// user's code: both lie in a library kernel (thrust's and cub's kernels
// in system headers) and no inlined call of the user's reaches them. As
// a compiler does not warn about system headers, hgrd does not check
// such pairs: the user could neither see where they are nor change them,
// and library kernels such as cub's radix sort, launched on many paths,
// cost more than the rest of a file. A user's functor inlined into a
// library kernel keeps the positions of its accesses and is checked.
func libraryPair(a, b *kernelanalysis.Access) bool {
	return !a.Pos.IsValid() && !b.Pos.IsValid()
}

// raceKey identifies a report: one per racing pair of source accesses
// (position and read, write or atomic) and kind of race.
type raceKey struct {
	first, second         frontend.Pos
	firstKind, secondKind kernelanalysis.AccessKind
	kind                  constraints.Kind
	union                 bool // the key of a union of the pair's kinds
}

// ordered returns two accesses with the earlier source position first.
func ordered(a, b *kernelanalysis.Access) (*kernelanalysis.Access, *kernelanalysis.Access) {
	if before(b.Pos, a.Pos) || b.Pos == a.Pos && b.Kind > a.Kind {
		return b, a
	}
	return a, b
}

// unionTask returns the task of the union of open tasks' queries, or nil
// if there are fewer than two.
func unionTask(open []*task) *task {
	if len(open) < 2 {
		return nil
	}
	t0 := open[0]
	key := t0.key
	key.kind, key.union = 0, true // none: a union is of no one kind
	build := func() *constraints.Query {
		qs := make([]*constraints.Query, len(open))
		for i, t := range open {
			qs[i] = t.ensureQuery()
		}
		u := constraints.Union(qs)
		for _, t := range open {
			t.release()
		}
		return u
	}
	return &task{kernel: t0.kernel, launch: t0.launch, key: key, lane: t0.lane, members: open, build: build}
}

// family returns the solver.Family of the question a task asks for a
// purpose: its pair, kind and purpose, which are the same in each
// instantiation of a template kernel (see solver.Solver.hint).
func (t *task) family(purpose string) solver.Family {
	return solver.Family(fmt.Sprintf("%v %s %s", t.key, t.purpose, purpose))
}

// asking returns a task of t's pair and launch that asks another query,
// for a purpose.
func (t *task) asking(q *constraints.Query, purpose string) *task {
	return &task{query: q, launch: t.launch, key: t.key, purpose: t.purpose + " " + purpose}
}

// ensureQuery returns the task's query, built if it is not.
func (t *task) ensureQuery() *constraints.Query {
	if t.query == nil {
		t.query = t.build()
	}
	return t.query
}

// release drops the query of a task that is not, or not yet, a race: a
// report needs the query of a race found or undecided only, and
// ensureQuery builds it again if --explain asks.
func (t *task) release() {
	if t.result == nil || t.result.Status == solver.Unsat {
		t.query = nil
	}
}

// lanes is the number of solvers a file's queries are divided among. A
// task's lane depends only on its pair of accesses (see lane), and each
// lane answers its tasks in order with its own solver, so every solver
// sees the same sequence of queries on every machine whatever the number
// of workers: Z3's answers near the budget depend on that history.
const lanes = 8

// A reportKey is what the reports of a pair of accesses are made of: the
// accesses' positions and kinds in a kernel, whatever the instructions
// (inlined copies of one function have the same positions) and the
// kernel's instantiation.
type reportKey struct {
	kernel                string
	first, second         frontend.Pos
	firstKind, secondKind kernelanalysis.AccessKind
}

// reportKey returns the reportKey of a task's pair of accesses.
func (t *task) reportKey() reportKey {
	return reportKey{template(t.kernel.Name), t.key.first, t.key.second, t.key.firstKind, t.key.secondKind}
}

// sharingLanes moves the tasks of pairs of accesses that make the same
// reports into one lane, the lane of the first of them: a lane skips a
// kind of race an earlier task already found (racy in solveLane), and
// answers again what it decided for a question of the same shape. A
// function inlined ten times makes ten pairs at the same positions
// (hecbench-dev's lda), each asked in its own lane before. The lane of
// a group depends on its first pair's indices alone, as every lane does.
func sharingLanes(tasks []*task) []*task {
	first := map[reportKey]uint32{}
	for _, t := range tasks {
		k := t.reportKey()
		if l, ok := first[k]; ok {
			t.lane = l
		} else {
			first[k] = t.lane
		}
	}
	return tasks
}

// sites returns, for each access of a kernel, the index of the first of
// its accesses at the same site: at the same source position (a
// read-modify-write, force[i] += f, is a read and a write at one
// position), or of the same bytes of the same object in the same block
// (sameBytes). A swap, t = a[i]; a[i] = a[j]; a[j] += t, reads and
// writes a[i] at two positions, and each pair of those accesses with
// another asks the same question of their addresses.
func sites(accs []*kernelanalysis.Access) []int {
	first := map[frontend.Pos]int{}
	out := make([]int, len(accs))
	for i, a := range accs {
		out[i] = i
		if f, ok := first[a.Pos]; ok && a.Pos.IsValid() {
			out[i] = out[f]
			continue
		}
		first[a.Pos] = i
		for j, b := range accs[:i] {
			if sameBytes(a, b) {
				out[i] = out[j]
				break
			}
		}
	}
	return out
}

// sameBytes reports whether two accesses of one block touch the same
// bytes of the same object: equal offsets and sizes.
func sameBytes(a, b *kernelanalysis.Access) bool {
	return a.Block != nil && a.Block == b.Block && a.Object == b.Object && a.Offset != nil &&
		expr.Equal(a.Offset, b.Offset) && expr.Equal(a.Size, b.Size)
}

// lane returns the lane of the tasks of a kernel's pair of accesses (by
// the indices of their sites in the kernel, see sites, in either order),
// every kind's and their union's. The pairs of a read-modify-write with
// another access, or with itself (write-read and write-write), ask the
// same questions of memory's addresses: in one lane, the second is
// answered from the first's model (the recent models of solver.Solver),
// where each lane had found the same witness, and the same witness
// inside the bounds of memory, again (box_offsets_racy's force[i] += f,
// hecbench-dev's lda).
// Positions are left out, so that an edit that moves lines (a comment)
// leaves every lane, and so every answer, as it was. A template kernel's
// instantiations share their lanes (see template): they often ask the
// same questions under other names, which a lane's solver then answers
// once (solver.Solver's remembered answers), and a race found in one of
// them is not sought again at the same positions in the next.
func lane(kernel string, first, second int) uint32 {
	h := fnv.New32a()
	fmt.Fprint(h, template(kernel), min(first, second), max(first, second))
	return h.Sum32() % lanes
}

// template returns the name of a kernel without its template arguments:
// "scan" for "scan<int, 128>".
func template(kernel string) string {
	if i := strings.IndexByte(kernel, '<'); i > 0 {
		return kernel[:i]
	}
	return kernel
}

// solveAll answers every task, lanes in parallel on up to workers
// threads (all cores if workers is 0). Within a lane a task is skipped
// when an earlier task of the lane already found its race; tasks with one
// key share a lane.
//
// Every thread's answers are those of one thread: lanes start from the
// same Z3 state, no Z3 object is freed while a lane is open (releaseGate)
// and lanes share only premise answers, which are the same whoever
// proves them. Z3's memory bound is the exception: it is on all of the
// process's contexts together (solver.LimitMemory), so when an attempt
// reached it, the lanes are solved again on one thread, from where they
// started.
func solveAll(ctx context.Context, tasks []*task, workers int) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	byLane := make([][]*task, lanes)
	for _, t := range sharingLanes(tasks) {
		byLane[t.lane] = append(byLane[t.lane], t)
	}
	byLane = slices.DeleteFunc(byLane, func(l []*task) bool { return len(l) == 0 })
	threads := min(workers, len(byLane))
	if threads <= 1 {
		return solveLanes(ctx, byLane, 1)
	}
	unsolved := snapshot(tasks)
	memoryOuts := solver.MemoryOuts()
	// The longest lanes first, by their tasks, so that the threads end
	// together; the order of lanes changes no answer.
	parallelOrder := slices.Clone(byLane)
	slices.SortStableFunc(parallelOrder, func(a, b []*task) int { return len(b) - len(a) })
	err := solveLanes(ctx, parallelOrder, threads)
	outs := solver.MemoryOuts() - memoryOuts
	if ctx.Err() != nil || outs == 0 {
		return err
	}
	if os.Getenv(TraceEnv) != "" {
		fmt.Fprintf(os.Stderr, "lanes solved again on one thread: %d attempts reached Z3's memory bound\n", outs)
	}
	restore(tasks, unsolved)
	return solveLanes(ctx, byLane, 1)
}

// solveLanes answers the lanes' tasks on threads threads, each lane with
// solvers of its own (solveLane).
func solveLanes(ctx context.Context, byLane [][]*task, threads int) error {
	work := make(chan []*task, len(byLane))
	for _, lane := range byLane {
		work <- lane
	}
	close(work)
	answers := newPremiseAnswers()
	gate := newReleaseGate(threads)
	errs := make(chan error, len(byLane))
	var wg sync.WaitGroup
	for range threads {
		wg.Go(func() {
			// Z3 counts its memory per OS thread and totals the counts
			// now and then: a lane kept on one thread counts its own
			// allocations there, against the memory bound that the
			// lanes share.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for lane := range work {
				gate.enter()
				start := time.Now()
				err := solveLane(ctx, lane, answers)
				traceLane(lane, start)
				gate.leave()
				if err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	gate.close()
	close(errs)
	for err := range errs {
		return err
	}
	return ctx.Err()
}

// traceLane prints, when TraceEnv is set, a lane's number, its tasks and
// the seconds they took: how evenly the lanes divide a file's work.
func traceLane(lane []*task, start time.Time) {
	if os.Getenv(TraceEnv) != "" {
		fmt.Fprintf(os.Stderr, "lane %d: %d tasks in %.2fs\n", lane[0].lane, len(lane), time.Since(start).Seconds())
	}
}

// snapshot returns a copy of each task as it is before solving.
func snapshot(tasks []*task) []task {
	out := make([]task, len(tasks))
	for i, t := range tasks {
		out[i] = *t
	}
	return out
}

// restore returns each task to its snapshot.
func restore(tasks []*task, saved []task) {
	for i, t := range tasks {
		*t = saved[i]
		if t.group != nil {
			t.group.reset()
		}
	}
}

// solveLane answers a lane's tasks in order with one solver, proving
// their premises with a prover of its own whose answers go to answers.
func solveLane(ctx context.Context, lane []*task, answers *premiseAnswers) error {
	s := solver.New(0)
	defer s.Close()
	defer s.StopWhen(ctx)()
	premises := newProver(answers)
	premises.done = ctx
	defer premises.close()
	racy := map[raceKey]bool{}
	for _, t := range lane {
		if err := ctx.Err(); err != nil {
			return err
		}
		if racy[t.key] || t.result != nil {
			continue
		}
		if t.members != nil {
			if t = narrowUnion(t, racy); t == nil {
				continue
			}
		}
		start := time.Now()
		t.query = withRows(premises, t.ensureQuery(), t.launch)
		res, err := t.answer(s)
		traceTask(t, res, start)
		if ctx.Err() != nil {
			return ctx.Err() // the answer may be the deadline's (solver.StopWhen)
		}
		if err == nil && t.members != nil {
			first, second := t.query.First.Pos, t.query.Second.Pos // settling drops the query
			if err := t.settleUnion(s, premises, res); err != nil {
				return fmt.Errorf("%s and %s: %w", first, second, err)
			}
			continue
		}
		if err == nil && res.Status == solver.Sat && len(t.query.Bounds)+len(t.query.Contents) > 0 {
			start := time.Now()
			res, t.unbounded, err = withinBounds(s, t, res)
			if t.unbounded {
				traceTaskAs("within bounds", t, &solver.Result{Status: solver.Unknown}, start)
			} else {
				traceTaskAs("within bounds", t, res, start)
			}
		}
		if err == nil && res.Status == solver.Sat {
			err = verifyWitness(t.query, res)
		}
		if err != nil {
			return fmt.Errorf("%s and %s: %w", t.query.First.Pos, t.query.Second.Pos, err)
		}
		t.result = res
		racy[t.key] = res.Status == solver.Sat
		if res.Status == solver.Sat {
			t.limit = limitOf(s, t.query.Limits)
			t.valuesNote = valuesNote(&noteQuestions{s: s, premise: premises, task: t}, res)
		}
		// A race found with ValuesMustDiffer has different values: only a
		// query that kept races of equal values asks whether it is benign.
		if res.Status == solver.Sat && t.query.DifferentValues != nil && !t.query.ValuesMustDiffer {
			t.benign = sameValues(s, t.query)
		}
		if ctx.Err() != nil {
			// What the race's checks answered may be the deadline's.
			t.result, t.unbounded, t.limit, t.benign, t.valuesNote = nil, false, nil, false, ""
			return ctx.Err()
		}
		t.release()
		if t.group != nil {
			t.group.drop()
		}
	}
	return nil
}

// narrowUnion returns the union of the kinds of a union task's pair
// that are still open: those an earlier task of the lane (the same pair
// in another launch context) has not found racy. It returns t itself if
// all are, and nil if fewer than two are, which are then asked alone.
func narrowUnion(t *task, racy map[raceKey]bool) *task {
	var open []*task
	for _, m := range t.members {
		if !racy[m.key] && m.result == nil {
			open = append(open, m)
		}
	}
	if len(open) == len(t.members) {
		return t
	}
	return unionTask(open)
}

// traceTask prints, when TraceEnv is set, the pair and kind a task asked
// of the solver, its answer and the seconds it took: the solver's own
// trace numbers queries but cannot name them.
func traceTask(t *task, res *solver.Result, start time.Time) { traceTaskAs("task", t, res, start) }

// traceTaskAs is traceTask with the line's first word: "within bounds"
// for the question whether a race found has a witness inside its
// allocations (withinBounds), whose answer is then the race's.
func traceTaskAs(what string, t *task, res *solver.Result, start time.Time) {
	if os.Getenv(TraceEnv) == "" || res == nil {
		return
	}
	kind := "union"
	if !t.query.Union {
		kind = t.query.Kind.String()
	}
	fmt.Fprintf(os.Stderr, "%s %s %s: %s %s and %s %s: %s in %.2fs\n", what, t.kernel.Name, kind,
		t.query.First.Pos, t.query.First.Kind, t.query.Second.Pos, t.query.Second.Kind, res.Status, time.Since(start).Seconds())
}

// settleMembers records a union task's answer: unsat is every member's
// answer; unknown leaves each member to be asked within memberBudget; a
// race leaves them to be asked in full, to find which kinds race, and
// gives each the union's witness, which is a race of at least one kind.
func (t *task) settleMembers(res *solver.Result) {
	t.result = res
	for _, m := range t.members {
		switch res.Status {
		case solver.Unsat:
			m.result = res
		case solver.Unknown:
			m.budget = memberBudget
		case solver.Sat:
			m.unionWitness = res
		}
	}
	t.query = nil // a union is never reported
}

// settleUnion records a union's answer for its members (settleMembers)
// and, when the union races, asks at once the union of the kinds its
// witness is not a race of: a pair usually races in one kind only (a
// warp's lanes, or neighbouring blocks), and one more union then answers
// the other kinds together where each would be a query of its own. A
// race found there settles its kinds in turn. Its query gets the row
// readings that p proves (withRows), as every task's does.
func (t *task) settleUnion(s *solver.Solver, p *prover, res *solver.Result) error {
	t.settleMembers(res)
	if res.Status != solver.Sat {
		return nil
	}
	var rest []*task
	for _, m := range t.members {
		if !racesWith(res, m.ensureQuery()) {
			rest = append(rest, m)
		}
	}
	if len(rest) == len(t.members) {
		return nil // a witness of equal values: each kind is asked with its own
	}
	u := unionTask(rest)
	if u == nil {
		return nil
	}
	start := time.Now()
	u.query = withRows(p, u.ensureQuery(), u.launch)
	r, err := solve(s, u)
	traceTask(u, r, start)
	if err != nil {
		return err
	}
	return u.settleUnion(s, p, r)
}

// answer solves a task whose query is built, unless it is the member of
// a union whose witness satisfies its query: the union is the
// disjunction of its members' queries, over the same variables, so its
// witness is a race of the kinds whose query it satisfies, found without
// asking the solver again. A witness of another kind leaves the task to
// the solver.
func (t *task) answer(s *solver.Solver) (*solver.Result, error) {
	if w := t.unionWitness; w != nil && racesWith(w, t.query) {
		return w, nil
	}
	return solve(s, t)
}

// racesWith reports whether a witness found for another query is a race
// of q: it satisfies q's assertions and, if q's race needs different
// stored values, stores them.
func racesWith(w *solver.Result, q *constraints.Query) bool {
	return holds(w, q.Assertions) && valuesSuffice(q, w)
}

// valuesSuffice reports whether a witness's stored values are those a
// race of q needs: different, if its race needs them to differ.
func valuesSuffice(q *constraints.Query, w *solver.Result) bool {
	return !q.ValuesMustDiffer || holds(w, []*expr.Term{q.DifferentValues})
}

// memberBudget is the rlimit of each kind's query of a pair whose union
// of kinds the solver could not decide within the whole budget. Each
// kind is a narrower question, and one of them may be a race that the
// union's search missed, so each is still asked; but in hecbench-dev's
// slowest files, no kind of the six undecided unions was decided with
// the whole budget either, and asking up to three more full budgets made
// such a pair cost four (bitonic-sort's swap: 15 s for the union, then
// 32 s for its kinds).
const memberBudget = solver.DefaultBudget / 8

// solve answers one task: first under each probe shape of its launch
// (a race found there is a race), then with its unknown dimensions
// symbolic. A union of kinds is answered without its stored values
// (solveRelaxed): each kind's query with its values is narrower than
// the union's, which the solver found far harder (copyFromTp_racy: the
// union with its values undecided after 17 s, each kind decided in half
// a second).
func solve(s *solver.Solver, t *task) (*solver.Result, error) {
	budget := t.budget
	if budget == 0 {
		budget = solver.DefaultBudget
	}
	if t.members != nil {
		return solveRelaxed(s, t, budget)
	}
	return solveWithin(s, t, budget)
}

// solveWithin is solve with a budget. A race that needs different stored
// values is first asked without them (solveRelaxed); only a witness of
// equal values asks again, with them.
func solveWithin(s *solver.Solver, t *task, budget uint64) (*solver.Result, error) {
	res, err := solveRelaxed(s, t, budget)
	if err != nil || !needsValues(t.query, res) {
		return res, err
	}
	return solveAssertions(s, t.query, t.query.Race(), t.launch, budget, t.family("values"))
}

// solveRelaxed asks a task's query without the stored values its race
// needs: if there is no race whatever the threads store, or the witness
// found stores different values, or extendWitness finds one that does,
// that is the answer; otherwise the answer is the witness of equal
// values found, which needsValues tells apart.
func solveRelaxed(s *solver.Solver, t *task, budget uint64) (*solver.Result, error) {
	q := t.query
	res, err := solveAssertions(s, q, q.Assertions, t.launch, budget, t.family("relaxed"))
	if err != nil || !needsValues(q, res) {
		return res, err
	}
	if ext, err := extendWitness(s, q, res, budget/extendShare, t.family("extended")); err != nil || ext.Status == solver.Sat {
		return ext, err
	}
	return res, nil
}

// needsValues reports whether a witness of a query is one of its race
// but for the stored values: the race needs different ones, and the
// witness's are equal.
func needsValues(q *constraints.Query, res *solver.Result) bool {
	return res.Status == solver.Sat && !valuesSuffice(q, res)
}

// extendShare is the share of a query's budget (its inverse) that
// extendWitness may spend.
const extendShare = 32

// extendWitness asks whether the threads of a witness whose writes store
// equal values, in the same launch, with the same host values and loop
// iterations, can store different values: every variable of a role
// (thread and block indices and dimensions, parameters, host values,
// iteration counts) keeps its value in the witness, and the rest (values
// loaded from memory) may change. Values usually differ through what
// the threads load, so that this small query finds the race where the
// whole query with its values asked again spent seconds on trials
// (copyFromTp_racy's 0.0 stored by both threads of the first witness,
// where one of them may store what it read). If they cannot, it asks
// again with only the launch kept (the variables of a role that are the
// same for every thread): other threads of the same launch may take
// the path that loads (copyFromTp_racy's witness of two threads that
// both store the constant 0.0, where a thread on the diagonal stores
// what it reads). Sat is a race of different values; anything else
// leaves the question to the whole query.
func extendWitness(s *solver.Solver, q *constraints.Query, found *solver.Result, budget uint64, f solver.Family) (*solver.Result, error) {
	defer s.SetBudget(s.Budget())
	s.SetBudget(budget)
	race := q.Race()
	var res *solver.Result
	for i, keep := range []func(*expr.Term) bool{
		func(*expr.Term) bool { return true },
		launchWide,
	} {
		var err error
		res, err = s.Check(raceQuestion(q, pinned(race, found, keep), f.Part(fmt.Sprint("pinned ", i))))
		if err != nil || res.Status == solver.Sat {
			return res, err
		}
	}
	return res, nil
}

// launchWide reports whether a variable is the same for every thread of
// a launch (a dimension, parameter or host value): pinned, it keeps a
// witness's launch and leaves its threads free.
func launchWide(v *expr.Term) bool { return v.Scope == expr.Shared }

// pinned returns assertions with every variable of a role that keep
// selects pinned to its value in a witness.
func pinned(assertions []*expr.Term, found *solver.Result, keep func(*expr.Term) bool) []*expr.Term {
	out := append([]*expr.Term(nil), assertions...)
	done := map[string]bool{}
	for _, a := range assertions {
		for _, v := range expr.Vars(a) {
			val, ok := found.Vars[v.Name]
			if !ok || v.Role.Kind == expr.NoRole || done[v.Name] || !keep(v) {
				continue
			}
			done[v.Name] = true
			out = append(out, pin(v, val))
		}
	}
	return out
}

// pin states that a variable, boolean or bit-vector, has a value.
func pin(v *expr.Term, val uint64) *expr.Term {
	if v.IsBool() {
		if val == 0 {
			return expr.Not(v)
		}
		return v
	}
	return expr.Eq(v, expr.Const(val, v.Width))
}

// solveAssertions decides assertions of a query within a budget: an
// eighth of it for each probe of the launch, all of it for the
// assertions themselves. A probe is there to find a race cheaply; one it
// does not find quickly (a probe shape that the host's facts make hard
// or impossible) is left to the assertions themselves.
func solveAssertions(s *solver.Solver, q *constraints.Query, assertions []*expr.Term, l *constraints.Launch, budget uint64, f solver.Family) (*solver.Result, error) {
	defer s.SetBudget(budget)
	for i, probe := range constraints.Probes(l) {
		s.SetBudget(budget / 8)
		res, err := s.Check(raceQuestion(q, append(probe, assertions...), f.Part(fmt.Sprint("probe ", i))))
		if err != nil || res.Status == solver.Sat {
			return res, err
		}
	}
	s.SetBudget(budget)
	return s.Check(raceQuestion(q, assertions, f))
}

// raceQuestion returns the solver's question of assertions about q's
// race, observing the offsets of its two accesses, which a witness
// reports.
func raceQuestion(q *constraints.Query, assertions []*expr.Term, f solver.Family) *solver.Query {
	return &solver.Query{Assertions: assertions, Observe: []*expr.Term{q.Offset1, q.Offset2}, Family: f}
}

// withinBounds asks, of a race found, for a witness whose accesses stay
// inside their allocations and whose memory holds what the host stored
// there (the query's Bounds and Contents): none means no race (the race
// needs an out-of-bounds access, another bug, or memory contents the
// program never has). A question it cannot decide within a quarter of
// the budget's plan, cut to withinBoundsSpend, nor refute in the integer
// encoding (noWitnessWithin), keeps the race and its witness, flagged
// unbounded.
//
// Without contents, it is first asked within the launch of the witness
// found: the same dimensions, parameters and host values, other threads.
// Sizes are then constants, and the question, which sizes make
// non-linear, is usually decided at once (copyFromTp_racy: 6 s to 2 s),
// with its stored values (sameLaunchWithin). With contents, host loops'
// stores, which stay as hard within one launch, the refutation comes
// first: the search for a witness among them rarely ends (tissue_racy's
// point coordinates: undecided either way), and the integers refute
// lavaMD's box offsets (element k's is k * 100) in 2 s, where the search
// had spent 3.7 s for nothing.
func withinBounds(s *solver.Solver, t *task, found *solver.Result) (*solver.Result, bool, error) {
	facts := append(append([]*expr.Term(nil), t.query.Bounds...), t.query.Contents...)
	if holds(found, facts) {
		return found, false, nil
	}
	bounded := *t.query
	bounded.Assertions = append(append([]*expr.Term(nil), t.query.Assertions...), facts...)
	refute := func() bool {
		refuted, err := noWitnessWithin(s, bounded.Assertions)
		return err == nil && refuted
	}
	if len(t.query.Contents) > 0 {
		if refute() {
			return &solver.Result{Status: solver.Unsat}, false, nil
		}
	} else {
		if res, err := sameLaunchWithin(s, t, &bounded, found); err != nil || res.Status == solver.Sat {
			return res, false, err
		}
	}
	defer s.SetSpendCap(s.SpendCap())
	s.SetSpendCap(withinBoundsSpend)
	res, err := solveWithin(s, t.asking(&bounded, "within bounds"), solver.DefaultBudget/4)
	switch {
	case err != nil:
		return found, true, nil
	case res.Status == solver.Unknown && len(t.query.Contents) == 0 && refute():
		return &solver.Result{Status: solver.Unsat}, false, nil
	case res.Status == solver.Unknown:
		return found, true, nil
	}
	return res, false, nil
}

// withinBoundsSpend caps the units that each question of withinBounds'
// search for a witness within bounds may spend (solver.SetSpendCap): its
// plan is a quarter of the budget's, without the long attempts at its
// end. Only an unsat answer changes a verdict, and the searches that
// refuted a race took at most 37k units (the examples' warp_rows);
// races with contents are refuted by noWitnessWithin's proof instead.
// A search that runs out keeps the race, flagged unbounded, so the long
// attempts bought only witnesses within bounds for races reported
// anyway: three of the examples' 76 searches that found one needed more
// than a sixteenth of the budget (2.2 to 4.4 s each), and the searches
// that ended undecided took 3.5 to 7.3 s each (level_sizes_racy,
// tissue_racy, four of hecbench-dev's fpdc). A plan of a sixteenth of
// the budget instead, all of its attempts smaller, lost the trials that
// find luDecomposition_racy's witnesses within bounds (20k units each,
// then 10k limits): its three searches went from 0.3 s to 3 s, undecided.
const withinBoundsSpend = solver.DefaultBudget / 16

// sameLaunchWithin asks for a witness of a race within its bounds in
// the launch of the witness found, with the stored values the race
// needs: its dimensions, parameters and host values pinned, the
// question is small, and asked at once with its values. Asked as a
// whole race is (solveWithin: without the values, then extendWitness's
// two pinned questions, then with them), a write-write race of
// different values made four questions where one decided
// (atomic_claim_racy: 0.1 s a kind).
func sameLaunchWithin(s *solver.Solver, t *task, bounded *constraints.Query, found *solver.Result) (*solver.Result, error) {
	same := *bounded
	same.Assertions = pinned(bounded.Assertions, found, launchWide)
	defer s.SetBudget(s.Budget())
	s.SetBudget(solver.DefaultBudget / extendShare)
	return s.Check(raceQuestion(&same, same.Race(), t.family("same launch")))
}

// boundsProofBudget is the rlimit of noWitnessWithin: its one attempt
// in the integer encoding. The bounds and contents of memory the host
// fills (an element's field at byte 16 of 656: divisions and remainders
// by constants) are linear, which the integers decide, but lavaMD's took
// 187k units, beyond the small integer attempts of a search for a
// witness within a quarter of the budget. Where the question stays open
// (tissue_racy's coordinates), 312k units took 0.2 s; 625k took 1.3 s.
const boundsProofBudget = solver.DefaultBudget / 64

// noWitnessWithin reports whether a race's assertions with the bounds
// and contents facts have no model, proven in the integer encoding
// (solver.Prove): before the search for a witness within them where the
// host fills memory, after it where it does not and the search ended
// undecided.
func noWitnessWithin(s *solver.Solver, bounded []*expr.Term) (bool, error) {
	defer s.SetBudget(s.Budget())
	s.SetBudget(boundsProofBudget)
	return s.Prove(bounded, expr.False())
}

// holds reports whether a witness satisfies facts asked only of
// witnesses (bounds, contents, different values): all of their variables
// have values in it, and they hold. (They are not observed in the query,
// which would change its encoding.)
func holds(res *solver.Result, facts []*expr.Term) bool {
	ev := expr.NewEvaluator(res.Env()) // the facts share their paths
	for _, b := range facts {
		if v, err := ev.Eval(b); err != nil || v == 0 {
			return false
		}
	}
	return true
}

// limitOf returns the first limit whose operation alone the race exists
// through: always the scope of two atomics, and for a lock or flag when
// the query with the operation taken as good enough is unsatisfiable;
// nil if there is none.
func limitOf(s *solver.Solver, limits []*constraints.Limit) *constraints.Limit {
	for _, l := range limits {
		if l.Widened == nil {
			return l
		}
		if res, err := s.Check(&solver.Query{Assertions: l.Widened}); err == nil && res.Status == solver.Unsat {
			return l
		}
	}
	return nil
}

// sameValues reports whether a race found by a query that keeps benign
// races needs both writes to store the same value: the query with the
// values required to differ is unsatisfiable. Undecided counts as not
// benign.
func sameValues(s *solver.Solver, q *constraints.Query) bool {
	if q.Union {
		return false
	}
	res, err := s.Check(&solver.Query{Assertions: append(append([]*expr.Term(nil), q.Assertions...), q.DifferentValues)})
	return err == nil && res.Status == solver.Unsat
}

// collectResults reports, per key, the earliest racy task, or else the
// earliest undecided one.
func collectResults(tasks []*task) (races []*report.Race, undecided []*report.Undecided) {
	done := map[raceKey]bool{}
	for _, t := range tasks {
		if t.members != nil {
			continue // a union's answer is its members'
		}
		if t.result != nil && t.result.Status == solver.Sat && !done[t.key] {
			done[t.key] = true
			r := raceReport(t.kernel, t.query, t.result, t.launch)
			if t.limit != nil {
				r.ScopeNote = t.limit.Message()
				r.Message += " (" + r.ScopeNote + ")"
			}
			if t.unbounded {
				r.Hint = joinNotes(r.Hint, unboundedNote(t.query))
			}
			r.Hint = joinNotes(r.Hint, t.valuesNote)
			if t.benign {
				r.Benign = true
				r.Message = "benign " + r.Message + " (both writes store the same value)"
			}
			races = append(races, r)
		}
	}
	for _, t := range tasks {
		if t.members != nil {
			continue
		}
		if t.result != nil && t.result.Status == solver.Unknown && !done[t.key] {
			done[t.key] = true
			undecided = append(undecided, &report.Undecided{
				First: accessReport(t.query.First), Second: accessReport(t.query.Second),
				Reason: fmt.Sprintf("%s query: %s", t.query.Kind.String(), t.result.Reason)})
		}
	}
	return races, undecided
}

// unboundedNote says what could not be decided of a race flagged
// unbounded: whether a witness stays inside its allocations, or agrees
// with what the host stored, or both.
func unboundedNote(q *constraints.Query) string {
	switch {
	case len(q.Contents) == 0:
		return "whether a witness exists whose accesses stay inside their allocations could not be decided within the solver's budget; this one may leave them"
	case len(q.Bounds) == 0:
		return "whether a witness exists that agrees with what the host code stores in memory the kernel reads could not be decided within the solver's budget; this one may not"
	}
	return "whether a witness exists whose accesses stay inside their allocations and that agrees with what the host code stores in memory the kernel reads could not be decided within the solver's budget; this one may not"
}

// joinNotes joins two notes of a report, either of which may be empty.
func joinNotes(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// unfinishedNote says what solving left undecided when its deadline
// passed (Options.SolveDeadline): the pairs of accesses, counted as
// reports count them (reportKey), with a kind of race that no task
// answered and no task found racy, and the kernels they are in; "" if
// there are none.
func unfinishedNote(tasks []*task) string {
	racy := map[raceKey]bool{}
	for _, t := range tasks {
		if t.result != nil && t.result.Status == solver.Sat {
			racy[t.key] = true
		}
	}
	pairs := map[reportKey]bool{}
	var kernels []string
	for _, t := range tasks {
		if t.members != nil || t.result != nil || racy[t.key] {
			continue
		}
		pairs[t.reportKey()] = true
		if !slices.Contains(kernels, t.kernel.Name) {
			kernels = append(kernels, t.kernel.Name)
		}
	}
	if len(pairs) == 0 {
		return ""
	}
	in := strings.Join(kernels, ", ")
	if len(kernels) > 3 {
		in = fmt.Sprintf("%s and %d other kernels", strings.Join(kernels[:3], ", "), len(kernels)-3)
	}
	what := fmt.Sprintf("%d pairs of accesses (in %s) were", len(pairs), in)
	if len(pairs) == 1 {
		what = fmt.Sprintf("1 pair of accesses (in %s) was", in)
	}
	return fmt.Sprintf("the file's time budget ran out while solving: %s not decided; the races reported were found before it ran out", what)
}
