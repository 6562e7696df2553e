// This file defines the structural equality of terms, which does not
// depend on their printed form (that leaves out widths, casts and
// signedness).

package expr

import (
	"hash"
	"hash/fnv"
)

// Equal reports whether a and b are the same term: the same operator,
// width, value, name and scope, and equal operands. Shared sub-terms are
// compared once.
func Equal(a, b *Term) bool {
	return (&comparison{}).equal(a, b)
}

// A comparison remembers the pairs of sub-terms found equal, so that a DAG
// is compared in time linear in its size.
type comparison struct {
	same map[[2]*Term]bool
}

func (c *comparison) equal(a, b *Term) bool {
	if a == b {
		return true
	}
	pair := [2]*Term{a, b}
	if c.same[pair] {
		return true
	}
	if !sameNode(a, b) {
		return false
	}
	for i := range a.Args {
		if !c.equal(a.Args[i], b.Args[i]) {
			return false
		}
	}
	if c.same == nil {
		c.same = map[[2]*Term]bool{}
	}
	c.same[pair] = true
	return true
}

// sameNode reports whether two terms agree in every field but their
// operands, and have as many operands.
func sameNode(a, b *Term) bool {
	return a.Op == b.Op && a.Width == b.Width && a.Value == b.Value && a.Name == b.Name &&
		a.Scope == b.Scope && a.Role == b.Role && len(a.Args) == len(b.Args)
}

// An Interner maps structurally equal terms to one representative: the
// first of them it was given. The zero Interner is empty.
type Interner struct {
	hashes  map[*Term]uint64
	buckets map[uint64][]*Term
	cmp     comparison
}

// Intern returns the representative of t: the first term given to the
// Interner that is Equal to t, or t itself if there is none.
func (in *Interner) Intern(t *Term) *Term {
	if in.hashes == nil {
		in.hashes = map[*Term]uint64{}
		in.buckets = map[uint64][]*Term{}
	}
	h := in.hash(t)
	for _, r := range in.buckets[h] {
		if in.cmp.equal(r, t) {
			return r
		}
	}
	in.buckets[h] = append(in.buckets[h], t)
	return t
}

// hash returns a hash of t's structure: equal terms hash alike.
func (in *Interner) hash(t *Term) uint64 {
	if h, ok := in.hashes[t]; ok {
		return h
	}
	h := fnv.New64a()
	for _, v := range []uint64{uint64(t.Op), uint64(t.Width), t.Value, uint64(t.Scope), uint64(len(t.Name))} {
		writeWord(h, v)
	}
	h.Write([]byte(t.Name))
	for _, a := range t.Args {
		writeWord(h, in.hash(a))
	}
	sum := h.Sum64()
	in.hashes[t] = sum
	return sum
}

// writeWord adds the eight bytes of v to h.
func writeWord(h hash.Hash64, v uint64) {
	var b [8]byte
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
	h.Write(b[:])
}
