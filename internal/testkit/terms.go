// This file prints terms for golden files: precisely, and in a form that
// does not depend on map order.

package testkit

import (
	"fmt"
	"slices"
	"strings"

	"hgrd/expr"
)

// Term returns a term's printed form for a golden file. Unlike the term's
// String, which reads like CUDA source, it shows everything that decides
// the term's meaning: width changes (sext64(x), zext64(x), trunc32(x)),
// the signedness of divisions, remainders, right shifts and comparisons
// (/u, %s, >>u, <s), and conversions between booleans and bit-vectors.
// The operands of every boolean disjunction are sorted by their printed
// forms: some analyses build disjunctions in map order (the
// barrier-interval states of kernelanalysis, and so the thread relations
// of race queries), and a golden file must not depend on that order.
func Term(t *expr.Term) string { return TermNamed(t, nil) }

// TermNamed is Term with the sub-terms that names holds (compared as
// pointers) printed as their names, such as the terms of the values a
// golden file has printed before; t itself is printed in full.
func TermNamed(t *expr.Term, names map[*expr.Term]string) string {
	p := printer{names: names}
	p.write(t)
	return p.b.String()
}

// A printer writes the golden form of terms.
type printer struct {
	b     strings.Builder
	names map[*expr.Term]string
}

// writeTerm writes a sub-term, or its name.
func (p *printer) writeTerm(t *expr.Term) {
	if name, ok := p.names[t]; ok {
		p.b.WriteString(name)
		return
	}
	p.write(t)
}

// write writes a term's golden form.
func (p *printer) write(t *expr.Term) {
	b := &p.b
	switch t.Op {
	case expr.OpConst:
		if t.IsBool() {
			fmt.Fprint(b, t.Value != 0)
		} else {
			fmt.Fprint(b, t.Signed())
		}
	case expr.OpVar:
		b.WriteString(t.Name)
	case expr.OpApply:
		b.WriteString(t.Name)
		p.writeCall(t.Args)
	case expr.OpZExt, expr.OpSExt, expr.OpTrunc:
		fmt.Fprintf(b, "%s%d", t.Op, t.Width)
		p.writeCall(t.Args)
	case expr.OpBool, expr.OpBV:
		b.WriteString(t.Op.String())
		p.writeCall(t.Args)
	case expr.OpNot:
		b.WriteString("!")
		p.writeTerm(t.Args[0])
	case expr.OpIte:
		b.WriteString("(")
		p.writeTerm(t.Args[0])
		b.WriteString(" ? ")
		p.writeTerm(t.Args[1])
		b.WriteString(" : ")
		p.writeTerm(t.Args[2])
		b.WriteString(")")
	default:
		p.writeInfix(t)
	}
}

// writeInfix writes a term whose operator goes between its operands, the
// operands of a boolean disjunction in sorted order.
func (p *printer) writeInfix(t *expr.Term) {
	sym := " " + t.Op.String() + " "
	if t.IsBool() && t.Op == expr.OpAnd {
		sym = " && "
	}
	args := make([]string, len(t.Args))
	for i, a := range t.Args {
		q := printer{names: p.names}
		q.writeTerm(a)
		args[i] = q.b.String()
	}
	if t.IsBool() && t.Op == expr.OpOr {
		sym = " || "
		slices.Sort(args)
	}
	p.b.WriteString("(" + strings.Join(args, sym) + ")")
}

// writeCall writes parenthesised, comma-separated operands.
func (p *printer) writeCall(args []*expr.Term) {
	p.b.WriteString("(")
	for i, a := range args {
		if i > 0 {
			p.b.WriteString(", ")
		}
		p.writeTerm(a)
	}
	p.b.WriteString(")")
}
