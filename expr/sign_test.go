package expr

import "testing"

func TestNonNegative(t *testing.T) {
	x := Var("x", 32, Shared)
	flag := ZExt(ToBV(Ne(x, Const(0, 32))), 32)
	tests := []struct {
		t    *Term
		want bool
	}{
		{Const(7, 32), true},
		{Int(-1, 32), false},
		{flag, true},
		{ZExt(x, 64), true},
		{SExt(x, 64), false},
		{x, false},
		{LShr(x, Const(1, 32)), true},
		{And(x, Const(255, 32)), true},
		{Ite(Eq(x, Const(0, 32)), Const(1, 32), flag), true},
		{Ite(Eq(x, Const(0, 32)), x, flag), false},
	}
	for _, tt := range tests {
		if got := NonNegative(tt.t); got != tt.want {
			t.Errorf("NonNegative(%s) = %v, want %v", tt.t, got, tt.want)
		}
	}
}
