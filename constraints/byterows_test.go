package constraints

import (
	"math/rand"
	"testing"

	"hgrd/expr"
	"hgrd/internal/testkit"
)

// pitchedOffset returns the byte offset of element x of row y of slice z
// of a pitched volume, as clang computes it from
// base + z*(pitch*height) + y*pitch and element x of a float row, for one
// side's indices.
func pitchedOffset(z, y, x *expr.Term) *expr.Term {
	pitch := expr.Var("pitch", 64, expr.Shared)
	height := expr.SExt(expr.Var("height", 32, expr.Shared), 64)
	slice := expr.Mul(expr.SExt(z, 64), expr.Mul(pitch, height))
	row := expr.Mul(expr.SExt(y, 64), pitch)
	return expr.Add(expr.Add(slice, row), expr.Mul(expr.SExt(x, 64), expr.Const(4, 64)))
}

func volumeSide(side string) (z, y, x *expr.Term) {
	v := func(name string) *expr.Term { return expr.Var(name+side, 32, expr.PerThread) }
	return v("z"), v("y"), v("x")
}

// TestByteRowSplitsReadThePitchThenTheHeight checks the readings of a
// pitched volume's offsets: by the pitch, rows z*height + y and columns
// 4*x; the rows, by the height, slices z and rows y.
func TestByteRowSplitsReadThePitchThenTheHeight(t *testing.T) {
	four := expr.Const(4, 64)
	splits := ByteRowSplits(pitchedOffset(volumeSide("1")), pitchedOffset(volumeSide("2")), four, four)
	if len(splits) == 0 {
		t.Fatal("no reading of the pitched offsets")
	}
	s := splits[0]
	if got := testkit.Term(s.Factor); got != "pitch" {
		t.Fatalf("first row size %s, want pitch (the factor of most products)", got)
	}
	if got := testkit.Term(s.Columns[0]); got != "(4 * sext64(x1))" {
		t.Errorf("column %s, want 4 * sext64(x1)", got)
	}
	one := expr.Const(1, 64)
	inner := ByteRowSplits(s.Rows[0], s.Rows[1], one, one)
	if len(inner) == 0 {
		t.Fatalf("no reading of the rows %s", testkit.Term(s.Rows[0]))
	}
	if got := testkit.Term(inner[0].Factor); got != "sext64(height)" {
		t.Errorf("the rows' row size %s, want sext64(height)", got)
	}
	if got := testkit.Term(inner[0].Rows[0]); got != "sext64(z1)" {
		t.Errorf("slice %s, want sext64(z1)", got)
	}
	if got := testkit.Term(inner[0].Columns[0]); got != "sext64(y1)" {
		t.Errorf("row in the slice %s, want sext64(y1)", got)
	}
}

// TestByteRowSplitsAreIdentities evaluates every reading at random
// values: each offset is its row times the row size plus its column,
// modulo 2^64, and the premises hold exactly when the column and the
// access lie inside the row.
func TestByteRowSplitsAreIdentities(t *testing.T) {
	four := expr.Const(4, 64)
	o1, o2 := pitchedOffset(volumeSide("1")), pitchedOffset(volumeSide("2"))
	rng := rand.New(rand.NewSource(1))
	names := []string{"pitch", "height", "z1", "y1", "x1", "z2", "y2", "x2"}
	for _, s := range ByteRowSplits(o1, o2, four, four) {
		for range 200 {
			env := expr.MapEnv{}
			for _, n := range names {
				env[n] = uint64(rng.Int63n(1 << 12))
			}
			for side, o := range []*expr.Term{o1, o2} {
				row := expr.Add(expr.Mul(s.Rows[side], s.Factor), s.Columns[side])
				if want, got := eval(t, o, env), eval(t, row, env); want != got {
					t.Fatalf("%s: offset %d, row*size + column %d", testkit.Term(s.Factor), want, got)
				}
				inside := eval(t, s.Columns[side], env)+4 <= eval(t, s.Factor, env)
				if got := eval(t, expr.AllOf(s.Premises[side]...), env) == 1; got != inside {
					t.Fatalf("%s: premises %v with column %d and row size %d", testkit.Term(s.Factor), got, eval(t, s.Columns[side], env), eval(t, s.Factor, env))
				}
			}
		}
	}
}

// TestByteRowSplitsNeedARowSize checks that offsets without a launch-wide
// factor, or with a size that is no constant, have no reading.
func TestByteRowSplitsNeedARowSize(t *testing.T) {
	tid := func(side int) *expr.Term {
		return expr.Mul(expr.SExt(expr.Instantiate(expr.Var("tid", 32, expr.PerThread), side), 64), expr.Const(4, 64))
	}
	four := expr.Const(4, 64)
	if got := ByteRowSplits(tid(1), tid(2), four, four); len(got) != 0 {
		t.Errorf("4*tid: %d readings, want none", len(got))
	}
	o1, o2 := pitchedOffset(volumeSide("1")), pitchedOffset(volumeSide("2"))
	size := expr.Var("n", 64, expr.Shared)
	if got := ByteRowSplits(o1, o2, size, four); len(got) != 0 {
		t.Errorf("an access of n bytes: %d readings, want none", len(got))
	}
}
