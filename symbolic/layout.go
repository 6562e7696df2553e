// This file defines the sizes and alignments of IR types under the NVPTX64
// data layout ("e-i64:64-i128:128-v16:16-v32:32-n16:32:64").

package symbolic

import (
	"github.com/llir/llvm/ir/types"
)

// SizeOf returns the allocation size of t in bytes.
func SizeOf(t types.Type) int64 {
	switch t := t.(type) {
	case *types.IntType:
		return alignTo(int64(t.BitSize+7)/8, alignOf(t))
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindHalf:
			return 2
		case types.FloatKindFloat:
			return 4
		case types.FloatKindDouble:
			return 8
		}
		return 16
	case *types.PointerType:
		return 8
	case *types.ArrayType:
		return int64(t.Len) * SizeOf(t.ElemType)
	case *types.VectorType:
		return alignTo(int64(t.Len)*SizeOf(t.ElemType), alignOf(t))
	case *types.StructType:
		size, _ := StructLayout(t)
		return size
	}
	return 0
}

// alignOf returns the ABI alignment of t in bytes.
func alignOf(t types.Type) int64 {
	switch t := t.(type) {
	case *types.IntType:
		switch {
		case t.BitSize <= 8:
			return 1
		case t.BitSize <= 16:
			return 2
		case t.BitSize <= 32:
			return 4
		case t.BitSize <= 64:
			return 8
		}
		return 16
	case *types.FloatType, *types.PointerType:
		return SizeOf(t)
	case *types.ArrayType:
		return alignOf(t.ElemType)
	case *types.VectorType:
		n := int64(1)
		for n < int64(t.Len)*SizeOf(t.ElemType) {
			n *= 2
		}
		return n
	case *types.StructType:
		if t.Packed {
			return 1
		}
		a := int64(1)
		for _, f := range t.Fields {
			a = max(a, alignOf(f))
		}
		return a
	}
	return 1
}

// StructLayout returns a struct's size and the offset of each field.
func StructLayout(t *types.StructType) (int64, []int64) {
	var off int64
	offsets := make([]int64, len(t.Fields))
	for i, f := range t.Fields {
		if !t.Packed {
			off = alignTo(off, alignOf(f))
		}
		offsets[i] = off
		off += SizeOf(f)
	}
	return alignTo(off, alignOf(t)), offsets
}

func alignTo(n, a int64) int64 {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

// PointerType reports whether t is a pointer type.
func PointerType(t types.Type) bool {
	_, ok := t.(*types.PointerType)
	return ok
}
