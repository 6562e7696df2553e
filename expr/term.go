// This file defines terms and their operators.

package expr

import "fmt"

// An Op is a term's operator.
type Op uint8

// The operators. Binary bit-vector operators take two operands of the
// term's width; comparisons take two bit-vectors and yield a boolean.
const (
	OpConst Op = iota // constant: Value (bit-vector) or Value != 0 (boolean)
	OpVar             // variable: Name, Scope
	OpApply           // uninterpreted function Name applied to Args

	// Bit-vector arithmetic, wrapping.
	OpAdd
	OpSub
	OpMul
	OpUDiv // undefined for a zero divisor: analyses add the condition
	OpSDiv
	OpURem
	OpSRem
	OpShl // undefined for a shift >= width: analyses add the condition
	OpLShr
	OpAShr
	OpAnd // bit-wise on bit-vectors, logical on booleans
	OpOr
	OpXor

	// Width changes: the operand's width is Args[0].Width.
	OpZExt
	OpSExt
	OpTrunc

	// Comparisons of two bit-vectors.
	OpEq // also on booleans
	OpNe
	OpULt
	OpULe
	OpSLt
	OpSLe

	// Booleans.
	OpNot
	OpImplies

	// OpIte is if-then-else: Args[0] boolean, Args[1] and Args[2] of the
	// term's sort.
	OpIte

	// OpBool turns a 1-bit vector into a boolean; OpBV a boolean into a
	// 1-bit vector.
	OpBool
	OpBV
)

var opNames = [...]string{
	OpConst: "const", OpVar: "var", OpApply: "apply",
	OpAdd: "+", OpSub: "-", OpMul: "*", OpUDiv: "/u", OpSDiv: "/s", OpURem: "%u", OpSRem: "%s",
	OpShl: "<<", OpLShr: ">>u", OpAShr: ">>s", OpAnd: "&", OpOr: "|", OpXor: "^",
	OpZExt: "zext", OpSExt: "sext", OpTrunc: "trunc",
	OpEq: "==", OpNe: "!=", OpULt: "<u", OpULe: "<=u", OpSLt: "<s", OpSLe: "<=s",
	OpNot: "!", OpImplies: "=>", OpIte: "ite", OpBool: "bool", OpBV: "bv",
}

// String returns the operator's symbol, such as "+" or "<s".
func (op Op) String() string {
	if int(op) < len(opNames) && opNames[op] != "" {
		return opNames[op]
	}
	return fmt.Sprintf("Op(%d)", op)
}

// A Scope says whether a variable has one value per launch or one per
// thread.
type Scope uint8

// The scopes of variables.
const (
	Shared    Scope = iota // same for every thread of a launch
	PerThread              // each thread (each query side) has its own
	// Instance marks a PerThread variable renamed for one side of a
	// query by Instantiate: one thread's value, no longer renamed.
	Instance
)

// Bool is the width of boolean terms.
const Bool = 0

// MaxWidth is the widest bit-vector a term may have.
const MaxWidth = 64

// A Term is an immutable symbolic value.
//
// Example printed form:
//
//	(tid.x + (ctaid.x * ntid.x))
type Term struct {
	Op    Op
	Width int     // Bool (0) or 1..MaxWidth
	Value uint64  // OpConst: the value, masked to Width
	Name  string  // OpVar, OpApply
	Scope Scope   // OpVar
	Role  Role    // OpVar: what the variable stands for
	Args  []*Term // operands
}

// IsBool reports whether the term is a boolean.
func (t *Term) IsBool() bool { return t.Width == Bool }

// IsConst reports whether the term is a constant.
func (t *Term) IsConst() bool { return t.Op == OpConst }

// Mask returns the bit mask of a width.
func Mask(width int) uint64 {
	if width >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(width) - 1
}

// Signed returns a constant's value as a signed integer of its width.
func (t *Term) Signed() int64 {
	return SignExtend(t.Value, t.Width)
}

// SignExtend interprets the low width bits of v as a signed integer.
func SignExtend(v uint64, width int) int64 {
	if width == 0 || width >= 64 {
		return int64(v)
	}
	shift := uint(64 - width)
	return int64(v<<shift) >> shift
}
