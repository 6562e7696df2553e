// This file defines the shape of a sequence of terms: a digest that two
// sequences share when they are the same up to the names of their
// variables and functions, so that a question asked again under other
// names (a template kernel's instantiations, whose host variables carry
// the mangled name of their function) is recognised.

package expr

import (
	"crypto/sha256"
	"hash"
	"hash/fnv"
	"sort"
	"strconv"
)

// A Shape is the digest of a sequence of terms (see ShapeOf).
type Shape [sha256.Size]byte

// ShapeOf returns the shape of a sequence of terms. Two sequences have
// the same shape when they are equal after a one-to-one renaming of
// their variables and of their functions, each named in the order of
// first occurrence (operands before the terms that hold them, terms in
// the order given); sub-terms that are structurally equal count as one,
// however the terms share them. A variable's scope, role and width are
// part of its shape, its name is not. Sequences of different shapes are
// never equal up to renaming; the converse holds but for collisions of
// SHA-256.
//
// The operands of a commutative operator, and the terms themselves, are
// taken in the order of their name-blind digests (see blind), so that an
// order that came from the names (conditions sorted by their printed
// form) does not tell two sequences apart; operands whose digests tie
// keep their order.
func ShapeOf(terms ...*Term) Shape { return shapeOf(terms, false) }

// SkeletonOf returns the skeleton of a sequence of terms: its shape
// (see ShapeOf) with the values of bit-vector constants left out. A
// template kernel's instantiations ask questions of one skeleton that
// differ in their constants (an element size, a block size): the same
// question at another scale, which the same kind of attempt decides.
func SkeletonOf(terms ...*Term) Shape { return shapeOf(terms, true) }

// shapeOf returns the shape of terms, or their skeleton if
// blindConstants is set.
func shapeOf(terms []*Term, blindConstants bool) Shape {
	s := &shaper{
		blindConstants: blindConstants,
		ids:            map[*Term]int{},
		nodes:          map[string]int{},
		names:          map[string]int{},
		blind:          map[*Term]uint64{},
		hash:           sha256.New(),
	}
	for _, t := range s.sorted(terms) {
		s.hash.Write(append(strconv.AppendInt([]byte("root "), int64(s.node(t)), 10), '\n'))
	}
	var out Shape
	copy(out[:], s.hash.Sum(nil))
	return out
}

// A shaper numbers the distinct nodes of terms and the names of their
// variables and functions as it meets them, hashing each new node's
// description.
type shaper struct {
	ids   map[*Term]int  // a term's node number
	nodes map[string]int // a node description's number
	names map[string]int // a variable's or function's number ("v" or "f" and its name)
	blind map[*Term]uint64
	hash  hash.Hash
	// blindConstants leaves bit-vector constants' values out (a
	// skeleton).
	blindConstants bool
}

// value returns what the shape records of a term's Value: none for a
// bit-vector constant of a skeleton.
func (s *shaper) value(t *Term) uint64 {
	if s.blindConstants && t.Op == OpConst && t.Width != Bool {
		return 0
	}
	return t.Value
}

// commutative reports whether an operator's operands may be taken in any
// order.
func commutative(op Op) bool {
	switch op {
	case OpAnd, OpOr, OpXor, OpAdd, OpMul, OpEq, OpNe:
		return true
	}
	return false
}

// sorted returns terms in the order of their name-blind digests, ties
// in their order.
func (s *shaper) sorted(terms []*Term) []*Term {
	type keyed struct {
		digest uint64
		t      *Term
	}
	ks := make([]keyed, len(terms))
	for i, t := range terms {
		ks[i] = keyed{s.blindDigest(t), t}
	}
	sort.SliceStable(ks, func(i, j int) bool { return ks[i].digest < ks[j].digest })
	out := make([]*Term, len(terms))
	for i, k := range ks {
		out[i] = k.t
	}
	return out
}

// blindDigest returns a digest of a term in which variables and
// functions count by their scope, role and width but not their names.
func (s *shaper) blindDigest(t *Term) uint64 {
	if d, ok := s.blind[t]; ok || t == nil {
		return d
	}
	h := fnv.New64a()
	buf := s.appendKind(make([]byte, 0, 64), t)
	buf = appendVarKind(buf, t)
	args := make([]uint64, len(t.Args))
	for i, a := range t.Args {
		args[i] = s.blindDigest(a)
	}
	if commutative(t.Op) {
		sort.Slice(args, func(i, j int) bool { return args[i] < args[j] })
	}
	for _, a := range args {
		buf = strconv.AppendUint(append(buf, ' '), a, 10)
	}
	h.Write(buf)
	d := h.Sum64()
	s.blind[t] = d
	return d
}

// appendKind appends to buf what a term's description starts with: its
// operator, width and value (see value).
func (s *shaper) appendKind(buf []byte, t *Term) []byte {
	buf = appendInts(buf, int64(t.Op), int64(t.Width))
	return strconv.AppendUint(append(buf, ' '), s.value(t), 10)
}

// appendVarKind appends to buf a variable's scope and role, which its
// shape keeps; nothing for any other term.
func appendVarKind(buf []byte, t *Term) []byte {
	if t.Op != OpVar {
		return buf
	}
	return appendInts(buf, int64(t.Scope), int64(t.Role.Kind), int64(t.Role.Axis))
}

// appendInts appends each of xs to buf in decimal, after a space.
func appendInts(buf []byte, xs ...int64) []byte {
	for _, x := range xs {
		buf = strconv.AppendInt(append(buf, ' '), x, 10)
	}
	return buf
}

// node returns the number of a term's node, describing it (and its
// operands first) to the hash when it is new.
func (s *shaper) node(t *Term) int {
	if id, ok := s.ids[t]; ok {
		return id
	}
	if t == nil { // ill-formed: the solver reports it
		s.ids[t] = -1
		return -1
	}
	operands := t.Args
	if commutative(t.Op) {
		operands = s.sorted(operands)
	}
	buf := s.appendKind(make([]byte, 0, 64), t)
	buf = append(append(buf, ' '), s.name(t)...)
	buf = append(buf, " ["...)
	for _, a := range operands {
		buf = strconv.AppendInt(append(buf, ' '), int64(s.node(a)), 10)
	}
	desc := string(appendVarKind(append(buf, ']'), t))
	id, ok := s.nodes[desc]
	if !ok {
		id = len(s.nodes)
		s.nodes[desc] = id
		line := strconv.AppendInt(nil, int64(id), 10)
		line = append(append(append(line, ": "...), desc...), '\n')
		s.hash.Write(line)
	}
	s.ids[t] = id
	return id
}

// name returns a variable's or function's number, as text; "" for any
// other term.
func (s *shaper) name(t *Term) string {
	var key string
	switch t.Op {
	case OpVar:
		key = "v" + t.Name
	case OpApply:
		key = "f" + t.Name
	default:
		return ""
	}
	n, ok := s.names[key]
	if !ok {
		n = len(s.names)
		s.names[key] = n
	}
	return string(key[0]) + strconv.Itoa(n)
}
