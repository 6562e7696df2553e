// This file defines intervals of integers and their arithmetic: the
// ranges that the integer encoding gives its values (integer.go) and
// that the bounds proof gives terms (boundsproof.go).

package solver

import "math/big"

// An interval is a closed range of integers.
type interval struct{ lo, hi *big.Int }

// within reports whether every value of iv lies in r.
func (iv interval) within(r interval) bool {
	return iv.lo.Cmp(r.lo) >= 0 && iv.hi.Cmp(r.hi) <= 0
}

// signedRange and unsignedRange are the values of a width read as a
// signed or an unsigned number.
func signedRange(w int) interval {
	half := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
	return interval{new(big.Int).Neg(half), new(big.Int).Sub(half, big.NewInt(1))}
}

func unsignedRange(w int) interval {
	top := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return interval{big.NewInt(0), top.Sub(top, big.NewInt(1))}
}

// plus returns the interval of sums of a member of iv and one of o.
func (iv interval) plus(o interval) interval { return interval{add(iv.lo, o.lo), add(iv.hi, o.hi)} }

// minus returns the interval of differences of a member of iv and one of o.
func (iv interval) minus(o interval) interval { return interval{sub(iv.lo, o.hi), sub(iv.hi, o.lo)} }

// union returns the smallest interval holding both.
func union(a, b interval) interval { return interval{minBig(a.lo, b.lo), maxBig(a.hi, b.hi)} }

// intersect returns the common part of two intervals (an empty one if
// none: lo above hi, which proves whatever is asked of it).
func intersect(a, b interval) interval { return interval{maxBig(a.lo, b.lo), minBig(a.hi, b.hi)} }

// product returns the interval of products of two intervals' members.
func product(a, b interval) interval {
	corners := []*big.Int{
		new(big.Int).Mul(a.lo, b.lo), new(big.Int).Mul(a.lo, b.hi),
		new(big.Int).Mul(a.hi, b.lo), new(big.Int).Mul(a.hi, b.hi),
	}
	iv := interval{corners[0], corners[0]}
	for _, c := range corners[1:] {
		iv = union(iv, interval{c, c})
	}
	return iv
}

func add(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) }
func sub(a, b *big.Int) *big.Int { return new(big.Int).Sub(a, b) }

func minBig(a, b *big.Int) *big.Int {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

func maxBig(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}
