// This file defines sources: the one store whose value a load of a later
// barrier epoch reads.
//
// # Why
//
// A block broadcasts through shared memory what one thread computed:
//
//	if (threadIdx.x == 0) base = atomicAdd(&count, blockDim.x);   // S
//	__syncthreads();
//	out[base + threadIdx.x] = v;                                  // L reads base
//
// The load of base is an epoch load (epochs.go): one value for the
// threads of a block, but unknown, so two blocks seem able to write one
// element of out. The value is the one thread 0 of the block stored, and
// the atomicAdd hands each block its own range (counter.go).
//
// # When a load reads a store's value
//
// Let S be the only instruction of the kernel that writes the object (a
// plain store of the load's width) and L the epoch load's site, with S
// before L in the same iterations of the same loops, each of which
// contains synchronisation. If thread w, in the loader's block and
// iteration, stores at S the address A that L loads, L returns what w
// stored, unless the location races: another store of A at S (another
// thread, or w in another iteration) that L may see is unordered with
// w's or with L, and S reaching L before w's store is unordered with L.
// Those pairs are checked as races of their own, as epochs.go argues for
// the load itself.
//
// Package constraints states this for one writer per load it meets (an
// instance of the universal statement, so every choice is sound): the
// thread whose threadIdx the store's condition fixes (threadIdx.x == 0)
// and, on axes it does not fix, the loader's own coordinate.

package kernelanalysis

import (
	"slices"

	"github.com/llir/llvm/ir"

	"hgrd/expr"
	"hgrd/symbolic"
)

// A Source is the store whose value an epoch load reads (see above).
type Source struct {
	Store *Access
	// Writer gives, per axis, the threadIdx of the thread whose store a
	// load reads, where the store's condition fixes it to a value the
	// same for the block; nil where it does not.
	Writer [3]*expr.Term
	// Iterations are the iteration counts of the loops around the load
	// and the store, outermost first: the arguments that the epoch load's
	// function takes after the address and the block index.
	Iterations []*expr.Term
}

// An epochSite is the load whose site names an epoch load's function.
type epochSite struct {
	load  *ir.InstLoad
	obj   *Object
	width int
}

// findSources records, in the kernel's Unknowns, the source of each epoch
// load's function that has one.
func (a *analyzer) findSources() {
	for name, site := range a.epochSites {
		src := a.sourceOf(site)
		if src == nil {
			continue
		}
		u := a.res.Unknowns[name]
		u.Source = src
		a.res.Unknowns[name] = u
	}
}

// sourceOf returns the source of an epoch load's site, or nil.
func (a *analyzer) sourceOf(site epochSite) *Source {
	store := a.onlyStore(site.obj)
	if store == nil || store.Value == nil || store.Value.Width != site.width {
		return nil
	}
	if size := store.Size; !size.IsConst() || size.Value*8 != uint64(site.width) {
		return nil
	}
	loadBlock := a.ev.G.Where[site.load]
	loops := a.ev.G.LoopsOf(loadBlock)
	if !slices.Equal(loops, a.ev.G.LoopsOf(store.Block)) || !a.before(store, site.load, loadBlock) {
		return nil
	}
	src := &Source{Store: store, Writer: pinnedThread(store.Cond)}
	for _, l := range symbolic.Reverse(loops) {
		if !a.syncLoop(l) {
			return nil
		}
		src.Iterations = append(src.Iterations, Iteration(l))
	}
	return src
}

// onlyStore returns the access of the one instruction that writes obj if
// it is a plain store, nil otherwise.
func (a *analyzer) onlyStore(obj *Object) *Access {
	var store *Access
	for _, acc := range a.res.Accesses {
		if acc.Object != obj || acc.Kind == Read {
			continue
		}
		if store != nil || acc.Kind != Write {
			return nil
		}
		store = acc
	}
	if store == nil {
		return nil
	}
	if _, ok := store.Inst.(*ir.InstStore); !ok {
		return nil
	}
	for _, b := range a.ev.G.Blocks {
		for _, inst := range b.Insts {
			if inst != store.Inst && a.writesObject(inst, obj) {
				return nil
			}
		}
	}
	return store
}

// before reports whether the store comes before the load in one
// iteration: the load is reached from it without a back edge.
func (a *analyzer) before(store *Access, load *ir.InstLoad, loadBlock *ir.Block) bool {
	if store.Block == loadBlock {
		return indexOf(loadBlock, store.Inst) < indexOf(loadBlock, load)
	}
	return a.forwardTo(loadBlock)[store.Block]
}

// pinnedThread returns, per axis, the value that a conjunct
// threadIdx.<axis> == e of cond fixes, where e reads no per-thread value
// but block indices; nil for the axes none fixes.
func pinnedThread(cond *expr.Term) [3]*expr.Term {
	var out [3]*expr.Term
	for _, c := range expr.Conjuncts(cond) {
		if c.Op != expr.OpEq {
			continue
		}
		for axis := range 3 {
			tid := ThreadIdx(axis)
			for _, sides := range [][2]*expr.Term{{c.Args[0], c.Args[1]}, {c.Args[1], c.Args[0]}} {
				if out[axis] == nil && expr.Equal(sides[0], tid) && blockUniform(sides[1]) {
					out[axis] = sides[1]
				}
			}
		}
	}
	return out
}
