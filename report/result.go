// This file defines the result types of a run.

package report

import "time"

// Exit statuses of hgrd, as linters use them.
const (
	ExitClean      = 0 // every input analysed, no race
	ExitRaces      = 1 // at least one race, every input analysed
	ExitIncomplete = 2 // some input or pair could not be analysed
)

// Kinds of race, by the relation of the two threads.
const (
	InterBlock = "inter-block" // different blocks
	IntraBlock = "intra-block" // same block, different warps
	IntraWarp  = "intra-warp"  // same warp
)

// Memory spaces in which races are reported.
const (
	Global = "global"
	Shared = "shared"
)

// Access kinds.
const (
	Read   = "read"
	Write  = "write"
	Atomic = "atomic"
)

// A Result is the outcome of one run over a list of files.
type Result struct {
	Files []*FileResult `json:"files"`
}

// A FileResult is the outcome for one input file.
type FileResult struct {
	Path string `json:"path"`
	// Through, if set, is the file this one is compiled through: a .cu
	// file that includes it. The file was analysed as part of that one,
	// whose result holds its races; its Error is that file's.
	Through string `json:"through,omitempty"`
	// Error is set when the file could not be analysed; it is one line.
	Error string `json:"error,omitempty"`
	// ErrorDetail holds tool output that explains Error (clang's
	// diagnostics), possibly several lines.
	ErrorDetail string  `json:"errorDetail,omitempty"`
	Races       []*Race `json:"races"`
	// Suppressed lists the races silenced by an hgrd:ignore comment or
	// found in the baseline; they do not count towards the exit status.
	Suppressed []*Race `json:"suppressed,omitempty"`
	// Notes are warnings about the run that are not races, such as an
	// hgrd:ignore comment that silences nothing (--report-unused-ignores).
	Notes []Note `json:"notes,omitempty"`
	// Undecided lists the pairs the solver could not decide within its
	// budget; any makes the run's exit status 2.
	Undecided []*Undecided `json:"undecided,omitempty"`
	// Incomplete lists what the analysis could not see, such as calls to
	// device functions without a body; any makes the exit status 2.
	Incomplete []string `json:"incomplete,omitempty"`
	// Explain holds, with --explain, the launches found and the host facts
	// each has.
	Explain []Note `json:"explain,omitempty"`
	// Timings records how long each phase took for the file.
	Timings Timings `json:"-"`
	// Seconds is the wall-clock time the file's analysis took in this
	// run; none for a result read from the cache, and none in a report
	// unless --timings asks for it.
	Seconds float64 `json:"seconds,omitempty"`
	// Phases splits Seconds by phase, with --timings only.
	Phases *PhaseSeconds `json:"phases,omitempty"`
	// PeakMiB is the peak resident memory of the process that analysed
	// the file, in MiB, where a child process did; in a report with
	// --timings only.
	PeakMiB uint64 `json:"peakMiB,omitempty"`
}

// PhaseSeconds are a file's Timings in seconds, as JSON reports them.
type PhaseSeconds struct {
	Clang     float64 `json:"clang"`
	Normalise float64 `json:"opt"`
	Parse     float64 `json:"parse"`
	Analysis  float64 `json:"analysis"`
	Solving   float64 `json:"solving"`
}

// Seconds returns t in seconds.
func (t Timings) Seconds() *PhaseSeconds {
	return &PhaseSeconds{t.Clang.Seconds(), t.Normalise.Seconds(), t.Parse.Seconds(), t.Analysis.Seconds(), t.Solving.Seconds()}
}

// FrontEnd returns the seconds spent in clang-14 and opt-14.
func (p *PhaseSeconds) FrontEnd() float64 { return p.Clang + p.Normalise }

// Own returns the seconds spent in hgrd's own work: parsing, analysis
// and solving.
func (p *PhaseSeconds) Own() float64 { return p.Parse + p.Analysis + p.Solving }

// OwnNoLonger reports whether hgrd's own work took no longer than clang-14
// and opt-14, the measure of a file whose analysis costs no more than its
// compilation.
func (p *PhaseSeconds) OwnNoLonger() bool { return p.Own() <= p.FrontEnd() }

// Timings are the durations of the phases of one file's analysis.
type Timings struct {
	Clang     time.Duration // clang-14, both sides
	Normalise time.Duration // opt-14, both sides
	Parse     time.Duration // llir/llvm
	Analysis  time.Duration // kernel and host analysis, query building
	Solving   time.Duration // Z3
}

// Add adds the durations of o to t.
func (t *Timings) Add(o Timings) {
	t.Clang += o.Clang
	t.Normalise += o.Normalise
	t.Parse += o.Parse
	t.Analysis += o.Analysis
	t.Solving += o.Solving
}

// A Race is a pair of accesses that two threads can make to the same
// address without synchronisation between them.
type Race struct {
	Kind    string   `json:"kind"`   // InterBlock, IntraBlock or IntraWarp
	Memory  string   `json:"memory"` // Global or Shared
	Object  string   `json:"object,omitempty"`
	First   Access   `json:"first"`
	Second  Access   `json:"second"`
	Witness *Witness `json:"witness"`
	Message string   `json:"message,omitempty"`
	// ScopeNote is set when the race exists only because an atomic or a
	// fence has too narrow a scope, or a lock section lacks a fence,
	// naming the operation: "atomicAdd_block at k.cu:12:5 does not order
	// threads of different blocks", "atomicCAS at k.cu:12:9 is not
	// followed by a fence, so this section does not acquire the lock".
	ScopeNote string `json:"scopeNote,omitempty"`
	Kernel    string `json:"kernel,omitempty"`
	// Launch says which launch context the race was found in.
	Launch string `json:"launch,omitempty"`
	// Assumptions says what the launch model assumed of that launch
	// beyond what the host code or the command line says, such as
	// "assuming blockDim.y = 1 (...); --any-launch checks every shape".
	Assumptions string `json:"assumptions,omitempty"`
	// Benign is set on a write-write race in which both writes store the
	// same value (reported only with --report-benign).
	Benign bool `json:"benign,omitempty"`
	// Hint is a further note for the reader, such as that a kernel
	// racing between blocks reads no block index.
	Hint string `json:"hint,omitempty"`
	// Unseen lists the values the two accesses' addresses or paths
	// depend on that hgrd could not see, such as "the contents of global
	// perm (read at k.cu:12:9)", or "values computed at k.cu:30:5" by more
	// operations than it evaluates (a hash). A race with Unseen values
	// may need values the program never holds: tools can present it
	// apart from races that need none, and an assert can rule it out.
	Unseen []string `json:"unseen,omitempty"`
	// Fingerprint identifies the race across runs and edits that move
	// lines (see SetFingerprints); baselines and SARIF use it.
	Fingerprint string `json:"fingerprint,omitempty"`
	// Suppression says why a suppressed race is not reported: the
	// hgrd:ignore comment's reason, or "baseline".
	Suppression string `json:"suppression,omitempty"`
}

// An Access is one side of a race.
type Access struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Access string `json:"access"` // Read, Write or Atomic
	// Expr is the accessed location in source terms, such as "s[tid.x+1]".
	Expr string `json:"expression,omitempty"`
}

// A Witness is an execution that exhibits a race: the launch shape, the
// two threads, the kernel's parameters and the address both access.
type Witness struct {
	GridDim  [3]int64         `json:"gridDim"`
	BlockDim [3]int64         `json:"blockDim"`
	First    Thread           `json:"first"`
	Second   Thread           `json:"second"`
	Params   map[string]int64 `json:"params,omitempty"`
	Address  string           `json:"address,omitempty"`
	// Values holds every variable of the model (loop iteration counts,
	// loaded values), for replaying the witness.
	Values map[string]uint64 `json:"values,omitempty"`
}

// A Thread names one GPU thread by its block and thread indices.
type Thread struct {
	Block  [3]int64 `json:"blockIdx"`
	Thread [3]int64 `json:"threadIdx"`
}

// A Note is an explanation attached to a position.
type Note struct {
	Pos     string `json:"position"`
	Message string `json:"message"`
}

// An Undecided pair is one the solver ran out of budget on.
type Undecided struct {
	First  Access `json:"first"`
	Second Access `json:"second"`
	Reason string `json:"reason"`
}

// AddFile appends an empty result for path and returns it.
func (r *Result) AddFile(path string) *FileResult {
	f := &FileResult{Path: path, Races: []*Race{}}
	r.Files = append(r.Files, f)
	return f
}

// Analysed reports whether the file was analysed completely.
func (f *FileResult) Analysed() bool {
	return f.Error == "" && len(f.Undecided) == 0 && len(f.Incomplete) == 0
}

// ExitCode returns hgrd's exit status for the result.
func (r *Result) ExitCode() int {
	code := ExitClean
	for _, f := range r.Files {
		if !f.Analysed() {
			return ExitIncomplete
		}
		if len(f.Races) > 0 {
			code = ExitRaces
		}
	}
	return code
}

// Counts returns the number of files, races and files or pairs not
// analysed.
func (r *Result) Counts() (files, races, failed int) {
	for _, f := range r.Files {
		races += len(f.Races)
		if f.Error != "" {
			failed++
		}
		failed += len(f.Undecided) + len(f.Incomplete)
	}
	return len(r.Files), races, failed
}
