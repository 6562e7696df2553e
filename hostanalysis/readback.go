// This file gives a host load from the host's own buffer the values the
// host stored there: an image pyramid's levels kept in arrays of widths,
// heights and strides, filled level by level and read back around each
// launch,
//
//	pw[top] = width;  ps[top] = alignUp(width);
//	for (l = top; l > 0; --l) { nw = pw[l] / 2; pw[l-1] = nw; ps[l-1] = alignUp(nw); }
//	for (l = 0; l < levels; l++) kernel<<<...>>>(pw[l], ps[l], ...);
//
// A load reads what one of the buffer's stores wrote: its value is a
// choice among the stores' values. A store's value is stated over fresh
// copies of its unknowns (the store ran in some earlier iteration, with
// values of its own), so it keeps only the relations within the store's
// own values: nw's stride is alignUp(nw), whatever nw was.
//
// Buffers filled in lockstep share the choice: when every block that
// stores into one field stores into the other at the same index, and
// nowhere else stores into either, the element at an index holds the
// values one run of one such block wrote into both. Two loads at the
// same index in one block that stores into neither read the same run's
// values, so they choose the same block and the same fresh copies: the
// width and the stride read back for a launch are one level's.

package hostanalysis

import (
	"fmt"
	"slices"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/symbolic"
)

// maxReadBackWriters bounds the blocks a read-back chooses among:
// beyond it the load is an unknown, as before.
const maxReadBackWriters = 8

// A readBacks names the choices of one frame's read-backs: loads of
// lockstep fields at the same index that read the state of one block
// share a key (readBackKey), and so their choice and fresh copies.
type readBacks struct {
	keys map[string]int
	// stores memoises storesInto.
	stores map[value.Value]elements
	// evaluating holds the buffers whose stores' values are being
	// evaluated: a load from one of them inside such a value (nw =
	// pw[l] / 2, stored into pw) is a plain unknown, fresh in each copy.
	evaluating map[value.Value]bool
}

// readBack returns the value of a load of w bits from a buffer of the
// frame's function that only that function's stores write, or nil: a
// choice among the values of the blocks that store into the load's
// field. A correct program reads only the elements it wrote.
func (h *hostHooks) readBack(load *ir.InstLoad, w int) *expr.Term {
	rb := &h.readBacks
	if w == expr.Bool || w%8 != 0 {
		return nil
	}
	buf := bufferBase(load.Src)
	loadBlock, ok := h.ev.G.Where[load]
	if !ok || rb.evaluating[buf] || !ownBuffer(buf) || !h.definedHere(buf) {
		return nil
	}
	elements := rb.storesInto(h.ev, buf)
	if !elements.ok {
		return nil
	}
	read, ok := accessAt(h.ev, buf, load.Src, int64(w)/8)
	if !ok || read.index != nil && read.stride != elements.stride || !normalise(&read, elements.stride) || read.spread > 0 {
		return nil
	}
	writers, ok := fieldWriters(h.ev, elements.stores, read, w)
	if !ok {
		return nil
	}
	key, ok := readBackKey(h.ev.G, writers, read, loadBlock)
	if !ok {
		return nil
	}
	if rb.keys == nil {
		rb.keys = map[string]int{}
	}
	id, seen := rb.keys[key]
	if !seen {
		id = len(rb.keys)
		rb.keys[key] = id
	}
	return h.choose(buf, writers, fmt.Sprintf("%sreadback.%d", h.namespace, id))
}

// choose returns the choice among the values that writers store into
// buf, each over fresh copies of its unknowns, by choice variables named
// after name.
func (h *hostHooks) choose(buf value.Value, writers []bufferStore, name string) *expr.Term {
	rb := &h.readBacks
	if rb.evaluating == nil {
		rb.evaluating = map[value.Value]bool{}
	}
	rb.evaluating[buf] = true
	values := make([]*expr.Term, len(writers))
	for i, s := range writers {
		v := assumeHeld(h.ev.Term(s.store.Src), heldAt(h.ev, h.ev.G.Where[s.store]))
		values[i] = freshCopy(v, fmt.Sprintf("%s.%d", name, i))
	}
	delete(rb.evaluating, buf)
	t := values[len(values)-1]
	for i := len(values) - 2; i >= 0; i-- {
		choice := expr.VarWithRole(fmt.Sprintf("%s.is%d", name, i), expr.Bool, expr.Shared, hostValue)
		t = expr.Ite(choice, values[i], t)
	}
	return t
}

// fieldWriters returns the stores into a read's bytes, both normalised
// to the buffer's element size: ok only if each writes exactly those
// bytes, an integer of the read's width, each from a block of its own,
// and no other store touches them.
func fieldWriters(ev *symbolic.Evaluator, stores []bufferStore, read bufferStore, w int) ([]bufferStore, bool) {
	var writers []bufferStore
	blocks := map[*ir.Block]bool{}
	for _, s := range stores {
		if s.end() <= read.off || read.end() <= s.off {
			continue
		}
		it, isInt := s.store.Src.Type().(*types.IntType)
		b := ev.G.Where[s.store]
		if s.off != read.off || s.bytes != read.bytes || s.spread > 0 || !isInt || int(it.BitSize) != w || blocks[b] {
			return nil, false
		}
		blocks[b] = true
		writers = append(writers, s)
	}
	return writers, len(writers) > 0 && len(writers) <= maxReadBackWriters
}

// readBackKey identifies what a read reads: the block whose state it
// reads (readsFrom) and the index read, then, for each store into its
// field, the run that stores (runOf) and the index it writes at. Fields
// filled in lockstep, stored at the same indices in the same runs, have
// the same writers; reads of them at one index that read the state of
// one block read the same run's values. ok is false if the reading block
// may run in the middle of a storing run, after its start and before
// its store, or is a block that stores into the field itself.
func readBackKey(g *symbolic.Graph, writers []bufferStore, read bufferStore, b *ir.Block) (string, bool) {
	reads := readsFrom(g, writers, b)
	key := fmt.Sprintf("%s[%s]", reads.Ident(), read.index)
	for _, s := range writers {
		wb := g.Where[s.store]
		run := runOf(g, wb)
		if between(g, run, wb, b) {
			return "", false
		}
		key += fmt.Sprintf(" %s:%s", run.Ident(), s.index)
	}
	return key, true
}

// readsFrom returns the highest dominator of b, in b's innermost loop,
// after which no store of writers may run before b does: b reads what
// the field held when that block last ran.
func readsFrom(g *symbolic.Graph, writers []bufferStore, b *ir.Block) *ir.Block {
	return highestDominator(g, b, func(up *ir.Block) bool {
		return !slices.ContainsFunc(writers, func(s bufferStore) bool { return between(g, up, b, g.Where[s.store]) })
	})
}

// runOf returns the first block of the run of blocks that b belongs to:
// the highest dominator of b, in b's innermost loop, that b
// post-dominates. Every time that block runs, each block of its run runs
// once before it runs again.
func runOf(g *symbolic.Graph, b *ir.Block) *ir.Block {
	return highestDominator(g, b, func(up *ir.Block) bool { return g.PostDominates(b, up) })
}

// highestDominator climbs the dominator tree from b while the next
// dominator is in b's innermost loop and admit accepts it, and returns
// the block it stops at (b itself if admit accepts none).
func highestDominator(g *symbolic.Graph, b *ir.Block, admit func(up *ir.Block) bool) *ir.Block {
	from := b
	for up := g.IDom[from]; up != nil && g.LoopOf[up] == g.LoopOf[b] && admit(up); up = g.IDom[from] {
		from = up
	}
	return from
}

// between reports whether block b may run after run starts and before
// block end, which the run reaches: b is end, or a path from run reaches
// b without passing end.
func between(g *symbolic.Graph, run, end, b *ir.Block) bool {
	if b == end {
		return true
	}
	seen := map[*ir.Block]bool{run: true}
	work := []*ir.Block{run}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == b {
			return true
		}
		if x == end {
			continue
		}
		for _, y := range g.Succs[x] {
			if !seen[y] {
				seen[y] = true
				work = append(work, y)
			}
		}
	}
	return false
}

// heldAt returns the conditions that hold whenever block b runs: the
// conjuncts of its path condition and of its dominators'. (A merge
// block's own condition is a disjunction of its predecessors'.)
func heldAt(ev *symbolic.Evaluator, b *ir.Block) []*expr.Term {
	var held []*expr.Term
	for d := b; d != nil; d = ev.G.IDom[d] {
		held = append(held, expr.Conjuncts(ev.BlockCond(d))...)
	}
	return held
}

// assumeHeld returns t with each of the conditions that held where it
// was computed taken as true: the conditions of the store's block, which
// the gated choices of its value repeat (alignUp's n % 32 != 0 ? ... : n
// as a choice on every guard of main before it as well).
func assumeHeld(t *expr.Term, held []*expr.Term) *expr.Term {
	var in expr.Interner
	known := map[*expr.Term]bool{}
	for _, c := range held {
		known[in.Intern(c)] = true
	}
	return expr.Rewrite(t, func(u *expr.Term) *expr.Term {
		if u.IsBool() && (known[in.Intern(u)] || excludedMiddle(u, &in)) {
			return expr.BoolConst(true)
		}
		return nil
	})
}

// excludedMiddle reports whether t is c || !c, the condition of a block
// after both arms of a branch on c.
func excludedMiddle(t *expr.Term, in *expr.Interner) bool {
	if t.Op != expr.OpOr || len(t.Args) != 2 {
		return false
	}
	for i, a := range t.Args {
		if a.Op == expr.OpNot && in.Intern(a.Args[0]) == in.Intern(t.Args[1-i]) {
			return true
		}
	}
	return false
}

// freshCopy returns t with each variable renamed apart by suffix.
func freshCopy(t *expr.Term, suffix string) *expr.Term {
	return expr.Substitute(t, func(v *expr.Term) *expr.Term {
		return expr.VarWithRole(v.Name+"@"+suffix, v.Width, v.Scope, v.Role)
	})
}

// bufferBase returns the pointer a pointer is derived from by casts and
// getelementptrs.
func bufferBase(p value.Value) value.Value {
	for {
		p = symbolic.StripPointerCasts(p)
		g, ok := p.(*ir.InstGetElementPtr)
		if !ok {
			return p
		}
		p = g.Src
	}
}

// definedHere reports whether v is an instruction of the frame's
// function.
func (h *hostHooks) definedHere(v value.Value) bool {
	inst, ok := v.(ir.Instruction)
	if !ok {
		return false
	}
	_, ok = h.ev.G.Where[inst]
	return ok
}

// elements are the stores into a buffer normalised to its element
// size (elementStores), and that size; ok is false if anything else may
// write the buffer.
type elements struct {
	stores []bufferStore
	stride int64
	ok     bool
}

// storesInto returns the elementStores of a buffer, once per buffer.
func (rb *readBacks) storesInto(ev *symbolic.Evaluator, buf value.Value) elements {
	if e, ok := rb.stores[buf]; ok {
		return e
	}
	var e elements
	e.stores, e.stride, e.ok = elementStores(ev, buf)
	if rb.stores == nil {
		rb.stores = map[value.Value]elements{}
	}
	rb.stores[buf] = e
	return e
}
