// This file defines the analyzer, the state of the analysis of one kernel,
// and Analyze, its entry point.

package kernelanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// analyzer holds the state of the analysis of one kernel.
type analyzer struct {
	unit *frontend.Unit
	fn   *ir.Func
	ev   *symbolic.Evaluator

	ptrs    map[value.Value]pointer // pointer values
	objects map[string]*Object      // by name
	written map[*Object]bool        // objects the kernel writes
	tables  map[*Object]*table      // objects whose contents are constant (tables.go)
	// casResults are the values cmpxchgs return (counter.go).
	casResults map[*ir.InstCmpXchg]*expr.Term
	divergent  map[value.Value]bool     // values that may differ between threads of a block
	used       map[value.Value]bool     // values some instruction of the kernel uses
	facts      []fact                   // asserts and assumptions (facts.go)
	intervals  [numLevels]*intervalInfo // by Level
	fenced     bool                     // whether the kernel has a fence or an opaque call (epochs.go)
	oneEpoch   map[*ir.Block]bool       // blocks executed in one barrier epoch (epochs.go)
	epochFuncs map[string]bool          // functions that loads in one barrier epoch return (epochs.go)
	epochSites map[string]epochSite     // the site of each, by name (sources.go)
	warpSites  []warpSite               // ballots and shuffles (lanes.go)
	syncLoops  map[*symbolic.Loop]bool  // loops containing synchronisation, once asked (epochs.go)
	// syncRegions holds, for each divergent branch asked, the blocks with
	// synchronisation it reaches before its sides join (epochs.go).
	syncRegions map[*ir.Block][]*ir.Block
	opaques     int // the unknowns Opaque made (values.go)
	res         *Kernel
}

// Analyze analyses one kernel of a unit. The kernel's device functions
// must have been inlined into it by the front end.
func Analyze(u *frontend.Unit, k *frontend.Kernel) (*Kernel, error) {
	if len(k.Func.Blocks) == 0 {
		return nil, fmt.Errorf("kernel %s has no body", k.Name)
	}
	a := &analyzer{
		unit: u, fn: k.Func,
		ptrs: map[value.Value]pointer{}, objects: map[string]*Object{}, written: map[*Object]bool{},
		tables: map[*Object]*table{}, casResults: map[*ir.InstCmpXchg]*expr.Term{},
		oneEpoch: map[*ir.Block]bool{}, epochFuncs: map[string]bool{}, epochSites: map[string]epochSite{},
		syncLoops: map[*symbolic.Loop]bool{}, syncRegions: map[*ir.Block][]*ir.Block{},
		res: &Kernel{Name: k.Name, Func: k.Func, Unknowns: map[string]Unknown{}},
	}
	a.ev = symbolic.New(k.Func, a, expr.PerThread)
	a.res.Loops = a.ev.G.Loops
	a.res.Axes = axesRead(k.Func)
	a.used = usedValues(k.Func)
	a.params()
	a.paramRanges(k.ParamRanges)
	a.findWrites()
	a.fenced = hasFence(a.ev.G)
	a.divergent = divergence(a)
	a.findFacts()
	a.collect()
	a.findGuards()
	a.findCounters()
	a.findSources()
	a.findLaneFacts()
	a.findPriors()
	a.computeIntervals()
	a.res.intervals = a.intervals
	a.nameLoopValues()
	return a.res, nil
}

// paramRanges assumes that each parameter of enumeration type holds a
// value of its enumerators' range.
func (a *analyzer) paramRanges(ranges []frontend.ParamRange) {
	for _, r := range ranges {
		p := a.res.Params[r.Index]
		if p.Term == nil {
			continue
		}
		w := p.Term.Width
		a.res.Assumptions = append(a.res.Assumptions,
			expr.SLe(expr.Int(r.Lo, w), p.Term), expr.SLe(p.Term, expr.Int(r.Hi, w)))
	}
}

// params records the kernel's parameters.
func (a *analyzer) params() {
	for i, p := range a.fn.Params {
		name := p.LocalName
		if symbolic.Unnamed(name) {
			name = fmt.Sprintf("arg%d", i)
		}
		kp := &Param{Name: name, Index: i}
		if _, ok := p.Typ.(*types.PointerType); ok {
			kp.Pointer = true
		} else if w := symbolic.WidthOf(p.Typ); w >= 0 {
			kp.Term = expr.VarWithRole(name, w, expr.Shared, expr.Role{Kind: expr.KernelParam})
			a.ev.Bind(p, kp.Term)
		}
		a.res.Params = append(a.res.Params, kp)
	}
}
