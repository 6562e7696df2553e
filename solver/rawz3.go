// This file reaches the C handles under go-z3's Context and Bool, which
// go-z3 does not export, so that a fresh context's attempt (fresh.go)
// can translate a query's assertions into it with Z3's C API.

package solver

// #include <z3.h>
import "C"

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/aclements/go-z3/z3"
)

// The byte offsets of go-z3's unexported fields that hold the C
// handles, found by name with reflect when the package loads, so that a
// go-z3 whose types differ from the version go.mod pins stops hgrd at
// once rather than reading the wrong words:
//
//	Context{*contextImpl{c Z3_context}, ..., lock sync.Mutex}
//	Bool = value{*valueImpl{ctx *Context, c Z3_ast}, noEq}
var rawOffsets = func() (o struct{ ctxImpl, ctxC, ctxLock, boolImpl, boolC uintptr }) {
	ctx := reflect.TypeFor[z3.Context]()
	o.ctxImpl, o.ctxC = pointerField(ctx, "contextImpl", "c")
	lock := field(ctx, "lock")
	if lock.Type != reflect.TypeFor[sync.Mutex]() {
		panic(fmt.Sprintf("solver: go-z3's Context.lock is a %v, not a sync.Mutex", lock.Type))
	}
	o.ctxLock = lock.Offset
	o.boolImpl, o.boolC = pointerField(reflect.TypeFor[z3.Bool](), "valueImpl", "c")
	return o
}()

// field returns a struct type's field by name, or panics.
func field(t reflect.Type, name string) reflect.StructField {
	f, ok := t.FieldByName(name)
	if !ok {
		panic(fmt.Sprintf("solver: go-z3's %v has no field %s", t, name))
	}
	return f
}

// pointerField returns the offset of a struct type's pointer field
// outer and the offset, in what it points to, of its pointer field
// inner.
func pointerField(t reflect.Type, outer, inner string) (uintptr, uintptr) {
	o := field(t, outer)
	if o.Type.Kind() != reflect.Pointer {
		panic(fmt.Sprintf("solver: go-z3's %v.%s is not a pointer", t, outer))
	}
	i := field(o.Type.Elem(), inner)
	if i.Type.Kind() != reflect.Pointer {
		panic(fmt.Sprintf("solver: go-z3's %v.%s is not a C handle", o.Type.Elem(), inner))
	}
	return o.Offset, i.Offset
}

// rawContext returns the C context of a go-z3 Context and the lock
// under which go-z3 uses it (its finalizers release terms under it).
func rawContext(ctx *z3.Context) (C.Z3_context, *sync.Mutex) {
	p := unsafe.Pointer(ctx)
	impl := *(*unsafe.Pointer)(unsafe.Add(p, rawOffsets.ctxImpl))
	c := *(*C.Z3_context)(unsafe.Add(impl, rawOffsets.ctxC))
	return c, (*sync.Mutex)(unsafe.Add(p, rawOffsets.ctxLock))
}

// rawBool returns the C term of a go-z3 Bool. The caller keeps b alive
// while it uses the term.
func rawBool(b *z3.Bool) C.Z3_ast {
	impl := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(b), rawOffsets.boolImpl))
	return *(*C.Z3_ast)(unsafe.Add(impl, rawOffsets.boolC))
}
