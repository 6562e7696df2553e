// This file tells, by a term's form, that it is never negative.

package expr

// NonNegative reports whether bit-vector t is at least 0 read as a signed
// number whatever its variables are, by its form: a constant without the
// sign bit, a zero extension, a logical shift right by a constant, a
// bit-wise and with such a term, or a choice between such terms.
func NonNegative(t *Term) bool {
	switch t.Op {
	case OpConst:
		return !t.IsBool() && t.Signed() >= 0
	case OpZExt:
		return t.Args[0].Width < t.Width
	case OpLShr:
		c := t.Args[1]
		return c.IsConst() && c.Value > 0
	case OpAnd:
		return !t.IsBool() && (NonNegative(t.Args[0]) || NonNegative(t.Args[1]))
	case OpIte:
		return NonNegative(t.Args[1]) && NonNegative(t.Args[2])
	}
	return false
}
