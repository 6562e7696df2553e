// This file defines the printed form of terms.

package expr

import (
	"fmt"
	"strings"
)

// String returns the term in a C-like infix form, such as
// "(tid.x + 1)"; signed constants print as negative numbers.
func (t *Term) String() string {
	var b strings.Builder
	t.write(&printer{Builder: &b})
	return b.String()
}

// DisplayMax is the length at which terms shown to users (access
// expressions, launch facts) are abbreviated.
const DisplayMax = 512

// Abbrev spells t as String does, cut with an ellipsis once the text
// reaches max bytes. A term shares its sub-terms, so its text can be
// exponentially longer than the term: a message shows an abbreviation.
func (t *Term) Abbrev(max int) string {
	var b strings.Builder
	t.write(&printer{Builder: &b, max: max})
	return b.String()
}

// printer is a builder with an optional bound on the text's length.
type printer struct {
	*strings.Builder
	max  int  // 0: no bound
	full bool // the bound was reached and the ellipsis written
}

// done reports whether the bound is reached, writing the ellipsis once.
func (b *printer) done() bool {
	if b.max == 0 || b.Len() < b.max {
		return false
	}
	if !b.full {
		b.full = true
		b.Builder.WriteString("…")
	}
	return true
}

// WriteString writes s unless the bound is reached: after the ellipsis,
// the enclosing terms' closing parentheses are dropped with the rest.
func (b *printer) WriteString(s string) {
	if !b.full {
		b.Builder.WriteString(s)
	}
}

func (t *Term) write(b *printer) {
	if b.done() {
		return
	}
	switch t.Op {
	case OpConst:
		if t.IsBool() {
			b.WriteString(map[bool]string{true: "true", false: "false"}[t.Value != 0])
		} else {
			fmt.Fprint(b, t.Signed())
		}
	case OpVar:
		b.WriteString(t.Name)
	case OpApply:
		b.WriteString(t.Name)
		writeArgs(b, t.Args)
	case OpZExt, OpSExt, OpTrunc, OpBool, OpBV:
		// Width changes do not show in source terms.
		t.Args[0].write(b)
	case OpNot:
		b.WriteString("!")
		t.Args[0].write(b)
	case OpIte:
		b.WriteString("(")
		t.Args[0].write(b)
		b.WriteString(" ? ")
		t.Args[1].write(b)
		b.WriteString(" : ")
		t.Args[2].write(b)
		b.WriteString(")")
	default:
		sym := infix[t.Op]
		if t.IsBool() && (t.Op == OpAnd || t.Op == OpOr) {
			sym = map[Op]string{OpAnd: " && ", OpOr: " || "}[t.Op]
		}
		b.WriteString("(")
		for i, a := range t.Args {
			if b.done() {
				return
			}
			if i > 0 {
				b.WriteString(sym)
			}
			a.write(b)
		}
		b.WriteString(")")
	}
}

var infix = map[Op]string{
	OpAdd: " + ", OpSub: " - ", OpMul: " * ", OpUDiv: " / ", OpSDiv: " / ",
	OpURem: " % ", OpSRem: " % ", OpShl: " << ", OpLShr: " >> ", OpAShr: " >> ",
	OpAnd: " & ", OpOr: " | ", OpXor: " ^ ",
	OpEq: " == ", OpNe: " != ", OpULt: " < ", OpULe: " <= ", OpSLt: " < ", OpSLe: " <= ",
	OpImplies: " => ",
}

func writeArgs(b *printer, args []*Term) {
	b.WriteString("(")
	for i, a := range args {
		if b.done() {
			return
		}
		if i > 0 {
			b.WriteString(", ")
		}
		a.write(b)
	}
	b.WriteString(")")
}
