// This file is the table of the C math library's roundings of floats to
// integral values, in host and device code: the intrinsics clang emits for
// them, the C functions and libdevice's.

package cuda

// A Rounding is how a function rounds a float to an integral value.
type Rounding int

// The roundings.
const (
	NoRounding Rounding = iota // not a rounding function
	Ceil                       // towards +infinity
	Floor                      // towards -infinity
	Round                      // to nearest, halves away from zero
	Trunc                      // towards zero
)

// roundings maps the functions' names to their roundings.
var roundings = map[string]Rounding{}

func init() {
	for _, r := range []struct {
		name string
		r    Rounding
	}{{"ceil", Ceil}, {"floor", Floor}, {"round", Round}, {"trunc", Trunc}} {
		for _, name := range []string{r.name, r.name + "f", "llvm." + r.name + ".f32", "llvm." + r.name + ".f64",
			"__nv_" + r.name, "__nv_" + r.name + "f"} {
			roundings[name] = r.r
		}
	}
}

// LookupRounding returns the rounding the named function does, or
// NoRounding.
func LookupRounding(name string) Rounding { return roundings[name] }

// A Power is how a function raises a float to a power, for the powers
// of two that host code computes in floating point: (int)pow(2, k).
type Power int

// The powers.
const (
	NoPower Power = iota // not a power function
	Pow                  // pow(base, exponent)
	Exp2                 // exp2(exponent), a power of two
)

// powers maps the functions' names to their powers.
var powers = map[string]Power{}

func init() {
	for _, p := range []struct {
		name string
		p    Power
	}{{"pow", Pow}, {"exp2", Exp2}} {
		for _, name := range []string{p.name, p.name + "f", "llvm." + p.name + ".f32", "llvm." + p.name + ".f64",
			"__nv_" + p.name, "__nv_" + p.name + "f"} {
			powers[name] = p.p
		}
	}
}

// LookupPower returns the power the named function computes, or NoPower.
func LookupPower(name string) Power { return powers[name] }
