// This file defines the ranges of kernel parameters of enumeration type.
// The IR passes an enum as a plain integer and the device side carries no
// types in its debug info, so clang's AST of the file says which
// parameters are enums and what their enumerators are.

package frontend

import (
	"bufio"
	"regexp"
	"strconv"
	"strings"
)

// A ParamRange bounds a kernel parameter: the values an enumeration type
// holds.
type ParamRange struct {
	Index  int    // the parameter's position
	Type   string // the enum type as the source spells it, such as "ns::Mode"
	Lo, Hi int64  // inclusive bounds, signed
}

// An enumType is an enumeration declared in the file or its headers.
type enumType struct {
	values []int64
}

// valueRange returns the values an enum's parameter holds: from its least
// to its greatest enumerator; for a set of flags (every non-zero
// enumerator a distinct power of two, one of them at least 4), any of
// their combinations.
func (e enumType) valueRange() (lo, hi int64) {
	lo, hi = e.values[0], e.values[0]
	flags := true
	var bits, top int64
	for _, v := range e.values {
		lo, hi = min(lo, v), max(hi, v)
		if v != 0 && (v < 0 || v&(v-1) != 0 || bits&v != 0) {
			flags = false
		}
		bits |= v
		top = max(top, v)
	}
	if flags && top >= 4 {
		return 0, bits
	}
	return lo, hi
}

// enumRanges fills the kernels' ParamRanges from the device side's AST.
// Only kernels whose signature names a type passed as an integer can have
// one, so files without such kernels cost nothing.
func enumRanges(ast *astDump, u *Unit) {
	var candidates []*Kernel
	for _, k := range u.Kernels {
		if mayTakeEnum(k) {
			candidates = append(candidates, k)
		}
	}
	if len(candidates) == 0 {
		return
	}
	dump, err := ast.get()
	if err != nil {
		return
	}
	enums, kernels := parseEnums(dump)
	for _, k := range candidates {
		params := matchingDecl(kernels[baseName(k.Name)], len(k.Func.Params))
		for i, typ := range params {
			if e, ok := enums[typ]; ok && len(e.values) > 0 {
				lo, hi := e.valueRange()
				k.ParamRanges = append(k.ParamRanges, ParamRange{Index: i, Type: typ, Lo: lo, Hi: hi})
			}
		}
	}
}

// matchingDecl returns the one parameter list of n parameters among a
// name's declarations, nil if none or several.
func matchingDecl(decls [][]string, n int) []string {
	var found []string
	for _, d := range decls {
		if len(d) == n {
			if found != nil && strings.Join(found, ",") != strings.Join(d, ",") {
				return nil
			}
			found = d
		}
	}
	return found
}

// namedType matches a named type in a mangled parameter list: a length
// and an identifier.
var namedType = regexp.MustCompile(`\d+[A-Za-z_]`)

// mayTakeEnum reports whether a kernel has an integer parameter and a
// mangled name that names a type beyond the kernel's own name.
func mayTakeEnum(k *Kernel) bool {
	integer := false
	for _, p := range k.Func.Params {
		if strings.HasPrefix(p.Typ.String(), "i") {
			integer = true
		}
	}
	return integer && len(namedType.FindAllString(k.Func.Name(), -1)) > 1
}

// baseName returns a kernel's qualified name without template arguments.
func baseName(name string) string {
	if i := strings.IndexByte(name, '<'); i >= 0 {
		return name[:i]
	}
	return name
}

// quoted matches the types of an AST dump line: 'sugared':'canonical'.
var quoted = regexp.MustCompile(`'([^']*)'(?::'([^']*)')?`)

// A scope is a namespace or class that encloses declarations in the dump.
type scope struct {
	depth int
	name  string
}

// parseEnums reads clang's text AST dump for the enumerations, by
// qualified name, and the parameter types of the __global__ functions, by
// qualified and by unqualified name.
func parseEnums(dump string) (map[string]*enumType, map[string][][]string) {
	enums := map[string]*enumType{}
	kernels := map[string][][]string{}
	var scopes []scope
	var cur *enumType
	enumDepth := 0
	var fn struct {
		name   string
		depth  int
		params []string
		global bool
	}
	endFunc := func() {
		if fn.global && fn.name != "" {
			kernels[fn.name] = append(kernels[fn.name], fn.params)
			if i := strings.LastIndex(fn.name, "::"); i >= 0 {
				short := fn.name[i+2:]
				kernels[short] = append(kernels[short], fn.params)
			}
		}
		fn.name, fn.params, fn.global = "", nil, false
	}
	sc := bufio.NewScanner(strings.NewReader(dump))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		depth, kind, rest, ok := astDeclLine(line)
		if !ok {
			if cur != nil && strings.Contains(line, "value: Int ") {
				v, err := strconv.ParseInt(strings.TrimSpace(line[strings.Index(line, "value: Int ")+len("value: Int "):]), 10, 64)
				if err == nil && len(cur.values) > 0 {
					cur.values[len(cur.values)-1] = v
				}
			}
			continue
		}
		for len(scopes) > 0 && scopes[len(scopes)-1].depth >= depth {
			scopes = scopes[:len(scopes)-1]
		}
		if cur != nil && depth <= enumDepth {
			cur = nil
		}
		if fn.name != "" && depth <= fn.depth {
			endFunc()
		}
		switch kind {
		case "NamespaceDecl", "CXXRecordDecl":
			if name := declName(rest); name != "" && !strings.Contains(rest, " implicit ") {
				scopes = append(scopes, scope{depth, name})
			}
		case "EnumDecl":
			cur = nil
			if name := declName(rest); name != "" {
				cur, enumDepth = &enumType{}, depth
				enums[qualify(scopes, name)] = cur
			}
		case "EnumConstantDecl":
			if cur != nil {
				next := int64(0)
				if n := len(cur.values); n > 0 {
					next = cur.values[n-1] + 1
				}
				cur.values = append(cur.values, next)
			}
		case "FunctionDecl":
			endFunc()
			fields := strings.Fields(strings.SplitN(rest, "'", 2)[0])
			if len(fields) > 0 {
				fn.name, fn.depth = qualify(scopes, fields[len(fields)-1]), depth
			}
		case "ParmVarDecl":
			if fn.name != "" && depth == fn.depth+1 {
				fn.params = append(fn.params, paramType(rest))
			}
		case "CUDAGlobalAttr":
			if fn.name != "" && depth == fn.depth+1 {
				fn.global = true
			}
		}
	}
	endFunc()
	return enums, kernels
}

// declName returns the name a declaration line gives, "" if anonymous.
func declName(rest string) string {
	rest = strings.SplitN(rest, "'", 2)[0]
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return ""
	}
	name := fields[len(fields)-1]
	switch name {
	case "definition":
		fields = fields[:len(fields)-1]
		if len(fields) == 0 {
			return ""
		}
		name = fields[len(fields)-1]
	}
	switch name {
	case "class", "struct", "union", "referenced", "used", "implicit":
		return ""
	}
	if strings.ContainsAny(name, "<>:()") {
		return ""
	}
	return name
}

// qualify returns name qualified by the enclosing scopes.
func qualify(scopes []scope, name string) string {
	var parts []string
	for _, s := range scopes {
		parts = append(parts, s.name)
	}
	return strings.Join(append(parts, name), "::")
}

// paramType returns the canonical type of a parameter declaration,
// without qualifiers and the "enum" keyword.
func paramType(rest string) string {
	q := quoted.FindStringSubmatch(rest)
	if q == nil {
		return ""
	}
	t := q[1]
	if q[2] != "" {
		t = q[2]
	}
	t = strings.TrimPrefix(t, "const ")
	return strings.TrimPrefix(t, "enum ")
}
