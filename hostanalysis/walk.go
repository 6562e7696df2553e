// This file defines the host walk: from each entry function through calls,
// binding arguments to parameters, to every launch.

package hostanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// maxDepth bounds the call chains the walk follows.
const maxDepth = 8

// A walker finds the launches of one unit.
type walker struct {
	u        *frontend.Unit
	reaches  map[*ir.Func]bool // host functions from which a launch is reachable
	launches []*Launch
	contexts int                                          // evaluators made, to name their unknowns apart
	pitches  map[*ir.Func]map[*ir.InstAlloca]*ir.InstCall // pitchSlots of each function walked
	taken    map[*ir.Func]bool                            // see addressTaken
	layouts  map[*frontend.Kernel]layoutResult            // see layoutOf
	frames   map[*symbolic.Evaluator]*frame               // the frame of each evaluator made
	stores   storeCache                                   // see frame
	globals  globalValues                                 // see globalValuesOf
	writers  globalWriters                                // see findGlobalWriters
	ranges   map[*ir.Func]*rangeFlow                      // see rangeFlowOf
}

// pitchSlotsOf returns pitchSlots(f), computed once per function.
func (w *walker) pitchSlotsOf(f *ir.Func) map[*ir.InstAlloca]*ir.InstCall {
	slots, ok := w.pitches[f]
	if !ok {
		slots = pitchSlots(f)
		w.pitches[f] = slots
	}
	return slots
}

func newWalker(u *frontend.Unit) *walker {
	escaped, stored := globalUses(u.Host)
	w := &walker{u: u, reaches: map[*ir.Func]bool{}, pitches: map[*ir.Func]map[*ir.InstAlloca]*ir.InstCall{},
		layouts: map[*frontend.Kernel]layoutResult{}, frames: map[*symbolic.Evaluator]*frame{}, stores: storeCache{},
		globals: globalValuesOf(u.Host, escaped, stored), writers: findGlobalWriters(u.Host, escaped), ranges: map[*ir.Func]*rangeFlow{}}
	for _, f := range u.HostFuncs {
		if w.launchesDirectly(f) {
			w.reaches[f] = true
		}
	}
	addCallers(u.HostFuncs, w.reaches, w.mayReach)
	return w
}

// addCallers adds to set, until none is added, the functions of funcs
// that joins accepts, given the set so far: the callers of its members,
// and theirs.
func addCallers(funcs []*ir.Func, set map[*ir.Func]bool, joins func(*ir.Func) bool) {
	for changed := true; changed; {
		changed = false
		for _, f := range funcs {
			if !set[f] && joins(f) {
				set[f] = true
				changed = true
			}
		}
	}
}

// mayReach reports whether f may reach a launch through a function that
// reaches one: by calling it, by passing its address to a call (a
// benchmark driver handing each variant to its timing function), or by
// calling through a pointer while some such function's address is taken.
func (w *walker) mayReach(f *ir.Func) bool {
	for _, g := range callees(f) {
		if w.reaches[g] {
			return true
		}
	}
	for _, g := range passedFuncs(f) {
		if w.reaches[g] {
			return true
		}
	}
	if !callsThroughPointer(f) {
		return false
	}
	for g := range w.addressTaken() {
		if w.reaches[g] && w.u.KernelOfStub(g) == nil {
			return true
		}
	}
	return false
}

// launchesDirectly reports whether f launches a kernel: through its
// stub, directly or through a pointer, or through cudaLaunchKernel or
// cudaLaunchCooperativeKernel.
func (w *walker) launchesDirectly(f *ir.Func) bool {
	return w.u.KernelOfStub(f) == nil && len(w.kernelsLaunchedIn(f)) > 0
}

// kernelsLaunchedIn returns the kernels f's own calls launch (see
// launchesDirectly), a kernel once per call that launches it.
func (w *walker) kernelsLaunchedIn(f *ir.Func) []*frontend.Kernel {
	var ks []*frontend.Kernel
	for _, call := range calls(f) {
		ks = append(ks, w.launchedKernels(f, call, nil)...)
		if k := w.apiLaunchKernel(f, call); k != nil {
			ks = append(ks, k)
		}
	}
	return ks
}

// calls returns f's call instructions.
func calls(f *ir.Func) []*ir.InstCall {
	var cs []*ir.InstCall
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if call, ok := inst.(*ir.InstCall); ok {
				cs = append(cs, call)
			}
		}
	}
	return cs
}

// callees returns the functions f calls directly.
func callees(f *ir.Func) []*ir.Func {
	var fs []*ir.Func
	for _, call := range calls(f) {
		if g, ok := call.Callee.(*ir.Func); ok {
			fs = append(fs, g)
		}
	}
	return fs
}

// passedFuncs returns the functions whose addresses f passes to calls.
func passedFuncs(f *ir.Func) []*ir.Func {
	var fs []*ir.Func
	for _, call := range calls(f) {
		for _, arg := range call.Args {
			if g, ok := symbolic.StripPointerCasts(symbolic.UnwrapArg(arg)).(*ir.Func); ok {
				fs = append(fs, g)
			}
		}
	}
	return fs
}

// callsThroughPointer reports whether f calls a function through a
// pointer.
func callsThroughPointer(f *ir.Func) bool {
	for _, call := range calls(f) {
		switch symbolic.StripPointerCasts(call.Callee).(type) {
		case *ir.Func, *ir.InlineAsm:
		default:
			return true
		}
	}
	return false
}

// entries returns where the walk starts: main, and every externally
// visible function that reaches a launch but is not reached from main
// (library code may have no main).
func (w *walker) entries() []*ir.Func {
	var main *ir.Func
	for _, f := range w.u.HostFuncs {
		if f.Name() == "main" {
			main = f
		}
	}
	fromMain := map[*ir.Func]bool{}
	if main != nil {
		var visit func(f *ir.Func)
		visit = func(f *ir.Func) {
			if fromMain[f] {
				return
			}
			fromMain[f] = true
			for _, g := range callees(f) {
				visit(g)
			}
		}
		visit(main)
	}
	var entries []*ir.Func
	if main != nil && w.reaches[main] {
		entries = append(entries, main)
	}
	for _, f := range w.u.HostFuncs {
		if w.reaches[f] && !fromMain[f] && externallyVisible(f) {
			entries = append(entries, f)
		}
	}
	return entries
}

// externallyVisible reports whether other files can call f.
func externallyVisible(f *ir.Func) bool {
	return f.Linkage == enum.LinkageNone || f.Linkage == enum.LinkageExternal
}

// walk evaluates f with its integer parameters bound to args (nil for
// unknown), its function pointer parameters to funcs and its pointer
// parameters into the caller's variables to views, records its launches,
// and follows its calls to functions that reach a launch.
func (w *walker) walk(f *ir.Func, args []*expr.Term, funcs funcBindings, views map[*ir.Param]view, facts []Fact, via []frontend.Pos) {
	if len(via) > maxDepth || len(f.Blocks) == 0 {
		return
	}
	h := w.newFrame(f, args, views)
	ev := h.ev
	for _, b := range ev.G.Blocks {
		for _, inst := range b.Insts {
			call, ok := inst.(*ir.InstCall)
			if !ok {
				continue
			}
			if ks := w.launchedKernels(f, call, funcs); len(ks) > 0 {
				for _, k := range ks {
					w.launches = append(w.launches, w.launch(ev, f, b, call, k, facts, via))
				}
				continue
			}
			g, ok := call.Callee.(*ir.Func)
			if !ok {
				for _, g := range w.hostPointees(f, call, funcs) {
					w.walkCall(ev, h.fr, f, b, call, g, funcs, facts, via)
				}
				continue
			}
			if k := w.apiLaunchKernel(f, call); k != nil {
				w.launches = append(w.launches, w.apiLaunch(ev, f, b, call, k, facts, via))
			} else {
				w.walkCall(ev, h.fr, f, b, call, g, funcs, facts, via)
			}
		}
	}
}

// newFrame makes the frame of one call of f, with its integer parameters
// bound to args (nil for unknown) and its pointer parameters into the
// caller's variables to views; its unknowns are named apart from every
// other frame's.
func (w *walker) newFrame(f *ir.Func, args []*expr.Term, views map[*ir.Param]view) *hostHooks {
	w.contexts++
	h := &hostHooks{namespace: fmt.Sprintf("%s#%d.", f.Name(), w.contexts), pitches: w.pitchSlotsOf(f), globals: w.globals, writers: w.writers}
	ev := symbolic.New(f, h, expr.Shared)
	ev.InferInvariants = true
	h.ev = ev
	h.fr = &frame{f: f, ev: ev, views: views, stores: w.stores, spawn: w.newFrame}
	w.frames[ev] = h.fr
	ev.Namespace = h.namespace
	ev.FreshRole = hostValue
	for i, p := range f.Params {
		if i < len(args) && args[i] != nil && symbolic.WidthOf(p.Typ) == args[i].Width {
			ev.Bind(p, args[i])
		}
	}
	return h
}

// walkCall follows f's call of g in block b, if g reaches a launch.
func (w *walker) walkCall(ev *symbolic.Evaluator, fr *frame, f *ir.Func, b *ir.Block, call *ir.InstCall, g *ir.Func, funcs funcBindings, facts []Fact, via []frontend.Pos) {
	if !w.reaches[g] || g == f {
		return
	}
	pos, _ := w.u.Pos(call)
	here := append(append([]Fact(nil), facts...), w.factsAt(ev, b, call)...)
	w.walk(g, intArgs(ev, call), funcArgs(f, call, g, funcs), fr.viewsOf(b, call, g), here, append(append([]frontend.Pos(nil), via...), pos))
}

// hostPointees returns the host functions (not launch stubs) that a call
// through a pointer calls, where the pointer's values can be followed
// to functions (pointees); none otherwise. Every host function of the
// call's type whose address is taken would be too many: logic-rewrite's
// std::function calls would each walk every command's lambda, and with
// its partner files linked, strash.cu's host walk took 27 s instead of
// 4. The launches in functions no walk reaches keep their launchers'
// shapes (walkUnreachedLaunchers).
func (w *walker) hostPointees(f *ir.Func, call *ir.InstCall, funcs funcBindings) []*ir.Func {
	gs, ok := pointees(f, call.Callee, funcs, map[value.Value]bool{})
	if !ok {
		return nil
	}
	var host []*ir.Func
	for _, g := range gs {
		if w.u.KernelOfStub(g) == nil && g.Sig.Equal(call.Sig()) {
			host = append(host, g)
		}
	}
	return host
}

// intArgs returns the terms of a call's integer arguments.
func intArgs(ev *symbolic.Evaluator, call *ir.InstCall) []*expr.Term {
	args := make([]*expr.Term, len(call.Args))
	for i, arg := range call.Args {
		if symbolic.WidthOf(arg.Type()) >= expr.Bool {
			args[i] = ev.Term(arg)
		}
	}
	return args
}

// hostValue is the role of every variable of the host evaluators: a host
// loop's iteration count too is a value the host code computes, not the
// iteration count of a kernel's loop.
var hostValue = expr.Role{Kind: expr.HostValue}

// hostHooks give host values their meaning: a named value the evaluator
// does not model (a call's result, a load, a parameter nobody binds) is a
// launch-wide unknown named after it.
type hostHooks struct {
	ev        *symbolic.Evaluator
	fr        *frame
	namespace string
	pitches   map[*ir.InstAlloca]*ir.InstCall // see pitchSlots
	globals   globalValues                    // the values of the file's globals, see globalValuesOf
	writers   globalWriters                   // the functions that may write them, see reachingGlobal
	// globalLoads numbers the loads of globals the hooks gave a value,
	// in the order asked, to name their choices apart.
	globalLoads map[*ir.InstLoad]int
	readBacks   readBacks // see readBack
}

func (h *hostHooks) Leaf(v value.Value, w int) *expr.Term {
	if load, ok := v.(*ir.InstLoad); ok {
		if a, ok := slot(load.Src); ok && h.pitches[a] != nil {
			return pitchVar(h.namespace, a, w)
		}
		if r, ok := h.fr.read(load.Src, 0, int64(w)/8, h.fr.placeOf(load)); ok && w%8 == 0 {
			if t := r.term(w); t != nil {
				return t
			}
		}
		if t := deviceProperty(h.ev, load, w); t != nil {
			return t
		}
		if g, ok := load.Src.(*ir.Global); ok {
			if t := h.globalLoad(load, g, w); t != nil {
				return t
			}
		}
		if t := h.readBack(load, w); t != nil {
			return t
		}
	}
	if n, ok := v.(interface{ Name() string }); ok && !symbolic.Unnamed(n.Name()) {
		return expr.VarWithRole(h.namespace+n.Name(), w, expr.Shared, hostValue)
	}
	return nil
}

// globalLoad returns what a load of g of width w reads, for a global
// only the host code writes (nil for any other):
//   - the value stored last before it, where the code shows one
//     (reachingGlobal);
//   - else the term of the first load before it with no write between,
//     which reads the same value: a choice among g's values if they are
//     known (globalValues), that load's unknown if not (nil when the
//     load is the first: Leaf then names its unknown).
func (h *hostHooks) globalLoad(load *ir.InstLoad, g *ir.Global, w int) *expr.Term {
	if !h.writers.tracked[g] {
		return nil // nor are its values known: globalValues tracks it too
	}
	stored, first := reachingGlobal(h.ev.G, h.writers, load, g)
	if stored != nil {
		if t := h.ev.Term(stored); t != nil && t.Width == w {
			return t
		}
		first = load
	}
	if t := h.globals.term(g, h.globalLoadName(first, g), w); t != nil {
		return t
	}
	if first != load {
		return h.ev.Term(first)
	}
	return nil
}

// globalLoadName names the choice among a global's values that a load
// of it makes: each load may read another of them.
func (h *hostHooks) globalLoadName(load *ir.InstLoad, g *ir.Global) string {
	if h.globalLoads == nil {
		h.globalLoads = map[*ir.InstLoad]int{}
	}
	n, ok := h.globalLoads[load]
	if !ok {
		n = len(h.globalLoads)
		h.globalLoads[load] = n
	}
	return fmt.Sprintf("%sglobal.%s.%d", h.namespace, g.Name(), n)
}

func (h *hostHooks) Iteration(l *symbolic.Loop) *expr.Term {
	return expr.VarWithRole(fmt.Sprintf("%sk.L%d", h.namespace, l.ID), 32, expr.Shared, expr.Role{Kind: expr.HostLoopCounter})
}

func (h *hostHooks) UniformLoopValue(*ir.InstPhi, *symbolic.Loop, int) *expr.Term { return nil }

func (h *hostHooks) StableCall(*ir.InstCall) bool { return false }

// Opaque keeps the host's values exact, however many operations they
// hold (symbolic.Hooks): a launch's facts are asked once per pair.
func (h *hostHooks) Opaque(_ value.Value, t *expr.Term) *expr.Term { return t }
