package cuda

import "testing"

// TestLookupPower checks that the host's and libdevice's spellings of
// pow and exp2 are found, and that a rounding is not a power.
func TestLookupPower(t *testing.T) {
	for name, want := range map[string]Power{
		"pow": Pow, "powf": Pow, "llvm.pow.f64": Pow, "__nv_pow": Pow,
		"exp2": Exp2, "exp2f": Exp2, "llvm.exp2.f32": Exp2, "__nv_exp2f": Exp2,
		"ceil": NoPower, "powi": NoPower,
	} {
		if got := LookupPower(name); got != want {
			t.Errorf("LookupPower(%q) = %v, want %v", name, got, want)
		}
	}
	if LookupRounding("pow") != NoRounding {
		t.Errorf("pow is taken for a rounding")
	}
}
