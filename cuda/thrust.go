// This file defines the thrust algorithms whose effect on the contents
// of device memory the host analysis models: those that make a range's
// values pairwise distinct (sequence, the duplicate-free output of
// unique after a sort), keep them so (copy_if, remove_if, sort, the
// values of sort_by_key) or order them (sort), and those that only read,
// as clang-14 compiles their calls with raw pointers.

package cuda

import "strings"

// A ThrustAlgorithm is one modelled thrust algorithm.
type ThrustAlgorithm int

const (
	// ThrustSequence fills [First, Last) with init, init+1, ... .
	ThrustSequence ThrustAlgorithm = iota + 1
	// ThrustCopyIf copies the elements of [First, Last) that a predicate
	// accepts (of the element or of its stencil) to Result, in order,
	// and returns the end of what it wrote.
	ThrustCopyIf
	// ThrustSort permutes [First, Last) into order.
	ThrustSort
	// ThrustSortByKey sorts the keys [First, Last) and permutes the
	// values from Result alike.
	ThrustSortByKey
	// ThrustUniqueCopy copies [First, Last) to Result without the
	// elements equal to the one before, and returns the end of what it
	// wrote (thrust::unique compiles to unique_copy onto its own input).
	ThrustUniqueCopy
	// ThrustRemoveIf moves the elements of [First, Last) that a
	// predicate rejects to its start, in order, and returns the end of
	// them.
	ThrustRemoveIf
	// ThrustReads only reads its ranges (reduce, count, find, ...).
	ThrustReads
	// ThrustScan writes to Result the running sums of [First, Last)
	// (with Plus; other operations where Plus is false), each including
	// its own element (inclusive_scan) or starting from the value at
	// argument Init (exclusive_scan; 0 where Init is NoArg and the scan
	// is exclusive).
	ThrustScan
)

// A Thrust is a call of a modelled thrust algorithm: the positions of
// its iterator arguments in the call (NoArg where it has none), after
// the execution policy at position 0.
type Thrust struct {
	Algorithm   ThrustAlgorithm
	First, Last int
	// Result is where an algorithm with an output writes it.
	Result int
	// EqualTo says that equal elements are what unique_copy removes:
	// its predicate is thrust::equal_to.
	EqualTo bool
	// Plus says that a scan adds; Init is the position of an exclusive
	// scan's initial value, NoArg for none.
	Plus bool
	Init int
}

// LookupThrust returns the modelled thrust algorithm that the function
// with the mangled name calls, if it is one: a function of namespace
// thrust (or one nested in it) named as the algorithm, with its
// template arguments telling apart the overloads of copy_if.
func LookupThrust(mangled string) (Thrust, bool) {
	names, args, rest, ok := nestedName(mangled)
	if !ok || len(names) < 2 || names[0] != "thrust" {
		return Thrust{}, false
	}
	switch names[len(names)-1] {
	case "sequence":
		return Thrust{Algorithm: ThrustSequence, First: 1, Last: 2, Result: NoArg}, true
	case "copy_if":
		// copy_if<Policy, InputIt, OutputIt, Pred> or, with a stencil,
		// <Policy, InputIt, StencilIt, OutputIt, Pred>.
		switch args {
		case 4:
			return Thrust{Algorithm: ThrustCopyIf, First: 1, Last: 2, Result: 3}, true
		case 5:
			return Thrust{Algorithm: ThrustCopyIf, First: 1, Last: 2, Result: 4}, true
		}
	case "sort", "stable_sort":
		return Thrust{Algorithm: ThrustSort, First: 1, Last: 2, Result: NoArg}, true
	case "sort_by_key", "stable_sort_by_key":
		return Thrust{Algorithm: ThrustSortByKey, First: 1, Last: 2, Result: 3}, true
	case "remove_if":
		return Thrust{Algorithm: ThrustRemoveIf, First: 1, Last: 2, Result: NoArg}, true
	case "reduce", "count", "count_if", "find", "find_if", "find_if_not", "max_element", "min_element",
		"minmax_element", "transform_reduce", "all_of", "any_of", "none_of", "equal", "inner_product", "is_sorted":
		return Thrust{Algorithm: ThrustReads, First: NoArg, Last: NoArg, Result: NoArg}, true
	case "inclusive_scan":
		// inclusive_scan<Policy, InputIt, OutputIt[, BinaryOp]>.
		plus := args == 3 || (args == 4 && strings.Contains(rest, "4plusI"))
		return Thrust{Algorithm: ThrustScan, First: 1, Last: 2, Result: 3, Plus: plus, Init: NoArg}, true
	case "exclusive_scan":
		// exclusive_scan<Policy, InputIt, OutputIt[, T[, BinaryOp]]>.
		t := Thrust{Algorithm: ThrustScan, First: 1, Last: 2, Result: 3, Plus: args <= 4 || strings.Contains(rest, "4plusI"), Init: NoArg}
		if args >= 4 {
			t.Init = 4
		}
		return t, true
	case "unique_copy":
		return Thrust{Algorithm: ThrustUniqueCopy, First: 1, Last: 2, Result: 3, EqualTo: strings.Contains(rest, "8equal_to")}, true
	}
	return Thrust{}, false
}

// nestedName reads an Itanium-mangled function name of the form
// _ZN <source names> I <template arguments> E E ...: the source names of
// its qualified name, the number of its template arguments, and the
// text of those arguments. ok is false for other forms.
func nestedName(mangled string) (names []string, args int, rest string, ok bool) {
	m := &mangledReader{s: mangled}
	if !m.eat("_ZN") {
		return nil, 0, "", false
	}
	for m.pos < len(m.s) && isDigit(m.s[m.pos]) {
		names = append(names, m.sourceName())
	}
	if len(names) == 0 || !m.eat("I") {
		return nil, 0, "", false
	}
	start := m.pos
	if args, ok = m.typesUntilEnd(); !ok {
		return nil, 0, "", false
	}
	return names, args, m.s[start:m.pos], true
}

// A mangledReader reads an Itanium-mangled name: enough of its type
// grammar to step over one template argument.
type mangledReader struct {
	s   string
	pos int
}

func (m *mangledReader) eat(p string) bool {
	if strings.HasPrefix(m.s[m.pos:], p) {
		m.pos += len(p)
		return true
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// number reads a decimal number.
func (m *mangledReader) number() int {
	n := 0
	for m.pos < len(m.s) && isDigit(m.s[m.pos]) {
		n = n*10 + int(m.s[m.pos]-'0')
		m.pos++
	}
	return n
}

// sourceName reads <length><identifier>.
func (m *mangledReader) sourceName() string {
	n := m.number()
	if m.pos+n > len(m.s) {
		m.pos = len(m.s)
		return ""
	}
	id := m.s[m.pos : m.pos+n]
	m.pos += n
	return id
}

// upTo steps past the next terminator c of a <seq-id> or number.
func (m *mangledReader) upTo(c byte) bool {
	i := strings.IndexByte(m.s[m.pos:], c)
	if i < 0 {
		return false
	}
	m.pos += i + 1
	return true
}

// builtins are the one-letter builtin types.
const builtins = "vwbcahstijlmxynofdegz"

// typ steps over one type or template argument; false where the name
// uses a form it does not know.
func (m *mangledReader) typ() bool {
	if m.pos >= len(m.s) {
		return false
	}
	c := m.s[m.pos]
	switch {
	case strings.IndexByte(builtins, c) >= 0:
		m.pos++
		return true
	case c == 'P' || c == 'R' || c == 'O' || c == 'K' || c == 'V' || c == 'r':
		m.pos++
		return m.typ()
	case c == 'D':
		if m.pos+1 >= len(m.s) {
			return false
		}
		m.pos += 2 // Dn, Dh, Di, Ds, Du, Dp (a pack's expansion precedes its type)
		if m.s[m.pos-1] == 'p' {
			return m.typ()
		}
		return true
	case isDigit(c):
		m.sourceName()
		return m.templateArgs()
	case c == 'S', c == 'T':
		m.pos++
		if m.pos < len(m.s) && (m.s[m.pos] == 't' || m.s[m.pos] == 'a') && c == 'S' {
			m.pos++ // St (std::), Sa (std::allocator)
			if m.pos < len(m.s) && isDigit(m.s[m.pos]) {
				m.sourceName()
			}
			return m.templateArgs()
		}
		return m.upTo('_') && m.templateArgs()
	case c == 'N':
		m.pos++
		return m.nested()
	case c == 'L':
		return m.upTo('E') // a literal, such as Li5E
	case c == 'J' || c == 'I':
		m.pos++
		_, ok := m.typesUntilEnd()
		return ok
	case c == 'F':
		m.pos++
		m.eat("Y")
		_, ok := m.typesUntilEnd()
		return ok
	case c == 'A':
		m.pos++
		return m.upTo('_') && m.typ()
	}
	return false
}

// typesUntilEnd steps over types up to and past the E that ends their
// list, and counts them.
func (m *mangledReader) typesUntilEnd() (int, bool) {
	n := 0
	for !m.eat("E") {
		if !m.typ() {
			return n, false
		}
		n++
	}
	return n, true
}

// templateArgs steps over template arguments I...E, if they follow.
func (m *mangledReader) templateArgs() bool {
	if m.pos < len(m.s) && m.s[m.pos] == 'I' {
		return m.typ()
	}
	return true
}

// nested steps over the rest of a nested name N...E.
func (m *mangledReader) nested() bool {
	for !m.eat("E") {
		if m.pos >= len(m.s) {
			return false
		}
		switch c := m.s[m.pos]; {
		case c == 'K' || c == 'V' || c == 'r':
			m.pos++
		case isDigit(c):
			m.sourceName()
		case c == 'S' || c == 'T':
			m.pos++
			if m.pos < len(m.s) && m.s[m.pos] == 't' && c == 'S' {
				m.pos++
				continue
			}
			if !m.upTo('_') {
				return false
			}
		case c == 'I':
			if !m.typ() {
				return false
			}
		default:
			return false
		}
	}
	return true
}
