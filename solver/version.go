// This file reports the version of the linked Z3 library.

package solver

/*
#cgo LDFLAGS: -lz3
#include <z3.h>
*/
import "C"

// Z3Version returns the full version string of the Z3 library hgrd runs
// with, such as "Z3 4.8.12.0".
func Z3Version() string {
	return "Z3 " + C.GoString(C.Z3_get_full_version())
}
