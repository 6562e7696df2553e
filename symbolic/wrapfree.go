// This file records which terms the IR promises are computed without
// signed wrap, for the readings of indices that need their exact
// integer values.

package symbolic

import (
	"slices"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"

	"hgrd/expr"
)

// noteSignedExact records t, the term of an instruction op(x, y) with
// overflow flags, as computed without signed wrap if the instruction is
// nsw and t is still that operation of x and y (not folded into an
// operand or a constant, which the promise is not about).
func (e *Evaluator) noteSignedExact(t, x, y *expr.Term, flags []enum.OverflowFlag) {
	if !slices.Contains(flags, enum.OverflowFlagNSW) || len(t.Args) != 2 || t.Args[0] != x || t.Args[1] != y {
		return
	}
	switch t.Op {
	case expr.OpAdd, expr.OpSub, expr.OpMul, expr.OpShl:
		e.nsw[t] = true
	}
}

// Unpromised returns the largest additions, subtractions,
// multiplications and left shifts in t that the IR does not promise are
// computed without signed wrap: those not of an nsw instruction (unsigned
// arithmetic such as blockIdx.x * blockDim.x, or arithmetic the analysis
// built itself) and not inside one. A loop's closed form init + k*step
// of a counter compared as signed is promised when init and step are:
// the analysis assumes such counters do not wrap (see affine).
//
// Where the IR promises, an execution that computes t computes each
// operation exactly (C and C++ make signed overflow undefined, and
// clang marks int arithmetic nsw): if each returned sub-term's signed
// value is the exact integer its arithmetic gives, so is t's: row*cols
// + col is the integer row·cols + col, not that modulo 2^32.
func (e *Evaluator) Unpromised(t *expr.Term) []*expr.Term {
	var out []*expr.Term
	seen := map[*expr.Term]bool{}
	var visit func(t *expr.Term)
	visit = func(t *expr.Term) {
		switch t.Op {
		case expr.OpAdd, expr.OpSub, expr.OpMul, expr.OpShl:
		default:
			return
		}
		if seen[t] {
			return
		}
		seen[t] = true
		switch parts, closed := e.closedForms[t]; {
		case closed:
			visit(parts[0])
			visit(parts[1])
		case e.nsw[t]:
			visit(t.Args[0])
			visit(t.Args[1])
		default:
			out = append(out, t)
		}
	}
	visit(t)
	return out
}

// noteAffine records t as the closed form init + k*step of a loop's
// 32-bit counter whose signed value is the integer init + k*step,
// whatever k*step does in 32 bits: one compared as signed, which the
// fact affine states keeps from wrapping, or one whose every step is an
// nsw instruction (incrementsWithoutWrap).
func (e *Evaluator) noteAffine(t, init, step *expr.Term) {
	if t.Op == expr.OpAdd {
		e.closedForms[t] = [2]*expr.Term{init, step}
	}
}

// incrementsWithoutWrap reports whether a header phi's value on the back
// edges is an nsw instruction: the value of the k-th iteration is then
// init + k*step exactly, each of the k steps promised not to wrap.
func (e *Evaluator) incrementsWithoutWrap(v *ir.InstPhi, l *Loop) bool {
	next := e.BackEdgeValue(v, l)
	if next == nil {
		return false
	}
	_, _, flags, _, ok := BinaryInst(AsInst(next))
	return ok && slices.Contains(flags, enum.OverflowFlagNSW)
}
