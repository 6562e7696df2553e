// This file names a row pitch a race needs narrower than a row's width:
// a 2-D kernel that indexes rows by a stride parameter and bounds columns
// by a width parameter makes two rows overlap only if stride < width
// (opticalFlow's kernels, whose stride and width come from a caller whose
// writes hgrd does not see).

package analysis

import (
	"fmt"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/kernelanalysis"
	"hgrd/solver"
)

// valuesNote says which values of the kernel's parameters a race needs
// that a correct launch may never give: negative sizes, or else a stride
// below a width.
func valuesNote(n *noteQuestions, witness *solver.Result) string {
	if note := negativeNote(n, witness); note != "" {
		return note
	}
	return pitchNote(n, witness)
}

// pitchBudget is the rlimit of the question whether a race has a witness
// with its stride at least its width: between blocks, opticalFlow's
// needs more than negativeBudget.
const pitchBudget = solver.DefaultBudget / 4

// maxPitchPairs bounds the (stride, width) pairs asked of one race.
const maxPitchPairs = 3

// pitchNote says that a race needs one integer parameter of its kernel,
// read by the two addresses (a stride), below another, read by the
// accesses' conditions (a width), when the witness has it so and the
// race has no witness without it. "" if there is no such pair, or if
// the questions are undecided.
func pitchNote(n *noteQuestions, witness *solver.Result) string {
	for i, pair := range pitchPairs(n.task.kernel, n.task.query, witness) {
		if i == maxPitchPairs {
			break
		}
		stride, width := pair[0], pair[1]
		if !n.ruledOut([]*expr.Term{expr.SLe(width.Term, stride.Term)}, pitchBudget) {
			continue
		}
		return fmt.Sprintf("the race needs %s < %s (the witness has %s = %d, %s = %d): if rows never overlap, assert(%s >= %s) before the launch rules it out",
			stride.Name, width.Name, stride.Name, signedValue(witness, stride), width.Name, signedValue(witness, width), stride.Name, width.Name)
	}
	return ""
}

// pitchPairs returns the pairs of integer parameters of k, of one width,
// the first a stride of the offsets of q's accesses and the second read by their
// conditions but not their offsets, that the witness gives first below
// second. (A width the offsets read too, as a column clamped to
// width - 1, made opticalFlow's notes take as long as its races, and
// none was decided.) The width must bound something without the stride,
// as a column is (x < width): a condition that bounds the strided index
// itself (i < n, for i stepping by stride in a grid-stride loop) says
// nothing of rows, and stride >= n would only say that each thread takes
// one step.
func pitchPairs(k *kernelanalysis.Kernel, q *constraints.Query, witness *solver.Result) [][2]*kernelanalysis.Param {
	inOffsets := readBy(q.First.Offset, q.Second.Offset)
	var condReads []map[string]bool // what each conjunct of the conditions reads
	for _, c := range append(expr.Conjuncts(q.First.Cond), expr.Conjuncts(q.Second.Cond)...) {
		condReads = append(condReads, readBy(c))
	}
	strides := stridesOf(q.First.Offset, q.Second.Offset)
	var pairs [][2]*kernelanalysis.Param
	for _, stride := range k.Params {
		if !witnessed(stride, witness) || !strides[stride.Term.Name] {
			continue
		}
		for _, width := range k.Params {
			if width == stride || !witnessed(width, witness) || width.Term.Width != stride.Term.Width ||
				!boundsApart(condReads, width, stride) || inOffsets[width.Term.Name] {
				continue
			}
			if signedValue(witness, stride) < signedValue(witness, width) {
				pairs = append(pairs, [2]*kernelanalysis.Param{stride, width})
			}
		}
	}
	return pairs
}

// stridesOf returns the names of the variables that the terms multiply
// by a term of thread or block indices or loop counts (y * stride): the
// pitches of rows that the threads index. An index added to an address
// (mask[seed]) is none: the race needing it below a width is no overlap
// of rows.
func stridesOf(terms ...*expr.Term) map[string]bool {
	strides := map[string]bool{}
	for _, t := range terms {
		expr.Inspect(t, func(x *expr.Term) bool {
			if x.Op != expr.OpMul || len(x.Args) != 2 {
				return true
			}
			for i, arg := range x.Args {
				if v := uncast(arg); v.Op == expr.OpVar && indexesThreads(x.Args[1-i]) {
					strides[v.Name] = true
				}
			}
			return true
		})
	}
	return strides
}

// uncast returns t without the extensions and truncations around it.
func uncast(t *expr.Term) *expr.Term {
	for t.Op == expr.OpZExt || t.Op == expr.OpSExt || t.Op == expr.OpTrunc {
		t = t.Args[0]
	}
	return t
}

// indexesThreads reports whether t reads a thread or block index or a
// loop count.
func indexesThreads(t *expr.Term) bool {
	for _, v := range expr.Vars(t) {
		switch v.Role.Kind {
		case expr.ThreadIndex, expr.BlockIndex, expr.LoopCounter:
			return true
		}
	}
	return false
}

// boundsApart reports whether one of the conditions, by what each reads
// (condReads), reads width and not stride.
func boundsApart(condReads []map[string]bool, width, stride *kernelanalysis.Param) bool {
	for _, read := range condReads {
		if read[width.Term.Name] && !read[stride.Term.Name] {
			return true
		}
	}
	return false
}

// readBy returns the names of the variables the terms read.
func readBy(terms ...*expr.Term) map[string]bool {
	read := map[string]bool{}
	for _, t := range terms {
		for _, v := range expr.Vars(t) {
			read[v.Name] = true
		}
	}
	return read
}

// witnessed reports whether p is an integer parameter the witness gives a
// value.
func witnessed(p *kernelanalysis.Param, witness *solver.Result) bool {
	if p.Term == nil || p.Term.IsBool() {
		return false
	}
	_, ok := witness.Vars[p.Term.Name]
	return ok
}

// signedValue returns the witness's value of an integer parameter, read
// as signed.
func signedValue(witness *solver.Result, p *kernelanalysis.Param) int64 {
	return expr.SignExtend(witness.Vars[p.Term.Name], p.Term.Width)
}
