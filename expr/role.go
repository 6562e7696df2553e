// This file defines the roles of variables: what a variable stands for,
// so that analyses need not read it from the variable's name.

package expr

// A RoleKind says what kind of value a variable stands for.
type RoleKind uint8

// The kinds of role. The zero RoleKind is none: a variable of no
// particular meaning to the analyses, such as a fresh unknown or a value
// loaded from memory.
const (
	NoRole          RoleKind = iota
	ThreadIndex              // a component of threadIdx
	BlockIndex               // a component of blockIdx
	BlockDim                 // a component of blockDim
	GridDim                  // a component of gridDim
	LoopCounter              // the iteration count of a kernel's loop
	KernelParam              // a kernel's scalar parameter
	HostValue                // a value of the host code: a launch argument's source
	HostLoopCounter          // the iteration count of a host loop
)

// A Role is what a variable stands for. Axis (0, 1, 2 for x, y, z) is
// the component of a thread or block index or dimension.
type Role struct {
	Kind RoleKind
	Axis int
}

// VarWithRole returns the variable name of the given width and scope
// that stands for role. The name stays the variable's identity: two
// variables of one name must have one role.
func VarWithRole(name string, width int, scope Scope, role Role) *Term {
	v := Var(name, width, scope)
	v.Role = role
	return v
}

// Renamed returns the variable v under another name, with its width,
// scope and role.
func Renamed(v *Term, name string) *Term {
	return VarWithRole(name, v.Width, v.Scope, v.Role)
}
