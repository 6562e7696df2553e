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
