// This file defines the kinds of race, by how the two threads of a race
// relate.

package constraints

import "fmt"

// A Kind is a kind of race. The zero Kind is none: the kind of the union
// of a pair's queries (see Union), which is of no one kind.
type Kind uint8

// The kinds of race.
const (
	InterBlock Kind = iota + 1 // different blocks
	IntraBlock                 // same block, different warps
	IntraWarp                  // same warp
)

// Kinds lists the kinds of race in the order queries are made.
var Kinds = []Kind{InterBlock, IntraBlock, IntraWarp}

var kindNames = [...]string{InterBlock: "inter-block", IntraBlock: "intra-block", IntraWarp: "intra-warp"}

// String returns the kind as reports spell it: "inter-block",
// "intra-block" or "intra-warp".
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}
