// This file defines hgrd's rules: the SARIF reporting descriptors of the
// kinds of race and of undecided pairs, with the help GitHub code scanning
// shows beside an alert.

package report

import (
	"regexp"
	"strings"

	"github.com/owenrumney/go-sarif/v2/sarif"
)

// toolURI is where users read about hgrd.
const toolURI = "https://github.com/hgrd/hgrd"

// rulesURI is the page that documents the rules; each rule's helpUri is
// an anchor in it named after the rule's ID in lower case.
const rulesURI = toolURI + "/blob/main/docs/rules.md"

// undecidedKind is the Rule.Kind of the rule of undecided pairs, which are
// reported as results beside the races.
const undecidedKind = "undecided"

// benignKind is the Rule.Kind of the rule of benign write-write races:
// both writes store the same value.
const benignKind = "benign"

// codeFence opens and closes a CUDA code block in Markdown.
const codeFence = "```"

// A Rule describes one kind of finding as a SARIF reporting descriptor.
type Rule struct {
	ID    string // stable identifier, such as "HGRD1001"
	Kind  string // InterBlock, IntraBlock, IntraWarp, or "undecided"
	Name  string // identifier-like name, such as "inter-block-data-race"
	Title string // one line: the SARIF shortDescription
	// Description explains the rule in a paragraph: the SARIF
	// fullDescription and the start of its help.
	Description string
	// Racy and Fixed are CUDA examples of the finding and of its fix; the
	// rule of undecided pairs has none.
	Racy, Fixed string
	// Precision is GitHub's precision property: how often a result of the
	// rule is a true problem ("very-high", "high", "medium" or "low").
	Precision string
}

// Rules lists hgrd's rules: one per kind of race, then the rule of pairs
// the solver could not decide.
var Rules = []Rule{
	{ID: "HGRD1001", Kind: InterBlock, Name: "inter-block-data-race",
		Title: "Inter-block data race",
		Description: "Threads of different blocks access the same global address, at least one of them writes, and nothing orders " +
			"the accesses: blocks run in any order and concurrently, and only the end of the kernel (or a grid-wide " +
			"synchronisation) orders them. Give each block its own part of the array, or combine the blocks' values with atomics.",
		Racy:      racyInterBlock,
		Fixed:     fixedInterBlock,
		Precision: "high"},
	{ID: "HGRD1002", Kind: IntraBlock, Name: "intra-block-data-race",
		Title: "Intra-block data race",
		Description: "Threads of one block, in different warps, access the same address, at least one of them writes, and no " +
			"__syncthreads() separates the accesses on every path. Put a __syncthreads() between the write and the " +
			"accesses of other threads, reached by every thread of the block.",
		Racy:      racyIntraBlock,
		Fixed:     fixedIntraBlock,
		Precision: "high"},
	{ID: "HGRD1003", Kind: IntraWarp, Name: "intra-warp-data-race",
		Title: "Intra-warp data race",
		Description: "Lanes of one warp access the same address, at least one of them writes, and no __syncwarp() separates " +
			"them: since Volta, the lanes of a warp are scheduled independently and do not run in lockstep. Put a " +
			"__syncwarp() (or a __syncthreads()) between the write and the other lanes' accesses.",
		Racy:      racyIntraWarp,
		Fixed:     fixedIntraWarp,
		Precision: "high"},
	{ID: "HGRD1004", Kind: benignKind, Name: "benign-write-race",
		Title: "Benign write-write race (same value)",
		Description: "Two threads write the same address with nothing ordering the writes, but both store the same value " +
			"(every thread setting a flag to 1, say). The result does not depend on the order, and GPUVerify and " +
			"value-based checkers tolerate it; hgrd reports it only with --report-benign. It is still a data race in the " +
			"CUDA memory model: an atomic store, or letting one thread write, makes it well defined.",
		Racy:      racyBenign,
		Fixed:     fixedBenign,
		Precision: "medium"},
	{ID: "HGRD2001", Kind: undecidedKind, Name: "undecided-access-pair",
		Title: "Access pair not decided",
		Description: "The solver ran out of its budget before deciding whether two threads can make these two accesses to the " +
			"same address without synchronisation between them: the pair may race, and hgrd exits with status 2. " +
			"Review the pair by hand. Index expressions that are linear in the thread and block indices (no products " +
			"of two unknowns, no division or remainder by a variable) are decided quickly.",
		Precision: "low"},
}

// ruleIndex returns the index in Rules of the rule of a kind of finding,
// or -1.
func ruleIndex(kind string) int {
	for i, r := range Rules {
		if r.Kind == kind {
			return i
		}
	}
	return -1
}

// ruleFor returns the rule of a kind of finding; an unknown kind gets a
// rule of its own, HGRD1000.
func ruleFor(kind string) Rule {
	if i := ruleIndex(kind); i >= 0 {
		return Rules[i]
	}
	return Rule{ID: "HGRD1000", Kind: kind, Name: kind + "-data-race", Title: kind + " data race",
		Description: "A data race of kind " + kind + ".", Precision: "high"}
}

// HelpText returns the rule's help as plain text.
func (r Rule) HelpText() string {
	var b strings.Builder
	b.WriteString(r.Description)
	if r.Racy != "" {
		b.WriteString("\n\nRacy:\n\n" + r.Racy + "\nFixed:\n\n" + r.Fixed)
	}
	return b.String()
}

// HelpMarkdown returns the rule's help as Markdown: the explanation, then
// the racy example and its fix as CUDA code blocks.
func (r Rule) HelpMarkdown() string {
	var b strings.Builder
	b.WriteString("**" + r.Title + "** (" + r.ID + ")\n\n" + markdownProse(r.Description) + "\n")
	if r.Racy != "" {
		b.WriteString("\n### Racy\n\n" + codeFence + "cuda\n" + r.Racy + codeFence + "\n")
		b.WriteString("\n### Fixed\n\n" + codeFence + "cuda\n" + r.Fixed + codeFence + "\n")
	}
	return b.String()
}

// cudaCall matches the CUDA built-ins that prose names, such as
// __syncthreads().
var cudaCall = regexp.MustCompile(`__\w+\(\)`)

// markdownProse returns prose for Markdown: CUDA built-ins become code
// spans, so that their underscores do not read as emphasis.
func markdownProse(s string) string { return cudaCall.ReplaceAllString(s, "`$0`") }

// HelpURI returns the address of the rule's documentation.
func (r Rule) HelpURI() string { return rulesURI + "#" + strings.ToLower(r.ID) }

// descriptor returns the rule as a SARIF reporting descriptor.
//
// All rules default to level "warning": GitHub shows warnings as alerts
// without failing a pull request's check by default, which suits a
// finding backed by a witness that a person should still read. GitHub
// ranks alerts by the properties precision and problem.severity.
func (r Rule) descriptor() *sarif.ReportingDescriptor {
	d := sarif.NewRule(r.ID).
		WithName(r.Name).
		WithShortDescription(sarif.NewMultiformatMessageString(r.Title)).
		WithFullDescription(sarif.NewMultiformatMessageString(r.Description)).
		WithHelp(sarif.NewMultiformatMessageString(r.HelpText()).WithMarkdown(r.HelpMarkdown())).
		WithHelpURI(r.HelpURI())
	d.DefaultConfiguration = &sarif.ReportingConfiguration{Level: "warning"}
	tags := []string{"concurrency", "cuda"}
	if r.Kind == undecidedKind {
		tags = append(tags, "analysis-incomplete")
	} else {
		tags = append(tags, "data-race", r.Kind)
	}
	d.Properties = sarif.Properties{
		"tags":             tags,
		"precision":        r.Precision,
		"problem.severity": "warning",
	}
	return d
}

const racyInterBlock = `__global__ void scale(float *out, const float *in) {
    // every block writes out[0] .. out[blockDim.x-1]
    out[threadIdx.x] = 2.0f * in[threadIdx.x];
}
`

const fixedInterBlock = `__global__ void scale(float *out, const float *in) {
    // each block writes its own blockDim.x elements
    out[blockIdx.x * blockDim.x + threadIdx.x] =
        2.0f * in[blockIdx.x * blockDim.x + threadIdx.x];
}
`

const racyIntraBlock = `__global__ void shift(float *out, const float *in) {
    __shared__ float tile[256];
    int i = blockIdx.x * 256 + threadIdx.x;
    tile[threadIdx.x] = in[i];
    // reads the slot that thread threadIdx.x+1 writes
    out[i] = tile[(threadIdx.x + 1) % 256];
}
`

const fixedIntraBlock = `__global__ void shift(float *out, const float *in) {
    __shared__ float tile[256];
    int i = blockIdx.x * 256 + threadIdx.x;
    tile[threadIdx.x] = in[i];
    __syncthreads(); // every write to tile is done
    out[i] = tile[(threadIdx.x + 1) % 256];
}
`

const racyIntraWarp = `// launched with 32 threads per block: one warp
__global__ void rotate(int *out, const int *in) {
    __shared__ int s[32];
    int lane = threadIdx.x % 32;
    s[lane] = in[threadIdx.x];
    // reads the slot that the next lane writes
    out[threadIdx.x] = s[(lane + 1) % 32];
}
`

const fixedIntraWarp = `// launched with 32 threads per block: one warp
__global__ void rotate(int *out, const int *in) {
    __shared__ int s[32];
    int lane = threadIdx.x % 32;
    s[lane] = in[threadIdx.x];
    __syncwarp(); // every lane's write is done
    out[threadIdx.x] = s[(lane + 1) % 32];
}
`

// RulesMarkdown returns the page that documents every rule, docs/rules.md,
// which each rule's helpUri points into.
func RulesMarkdown() string {
	var b strings.Builder
	b.WriteString("# hgrd rules\n\nEach race hgrd reports, and each pair of accesses it could not decide, is a\nresult of one of these rules in its SARIF output. This page is generated\nfrom the rules' help (`go test ./report -run TestRulesPage -update`).\n")
	for _, r := range Rules {
		b.WriteString("\n## " + strings.ToLower(r.ID) + "\n\n")
		b.WriteString(r.HelpMarkdown())
	}
	return b.String()
}

const racyBenign = `__global__ void contains(const int *v, int n, int key, int *found) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && v[i] == key)
        *found = 1; // every matching thread stores 1
}
`

const fixedBenign = `__global__ void contains(const int *v, int n, int key, int *found) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && v[i] == key)
        atomicExch(found, 1);
}
`
