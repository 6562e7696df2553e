// This file defines a kernel's launch contexts: the shape, arguments and
// facts each launch of it gives, or the command line's shape when none
// does; and how --explain describes launches.

package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"

	"hgrd/constraints"
	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/hostanalysis"
	"hgrd/kernelanalysis"
	"hgrd/report"
)

// launchContexts returns a kernel's launch contexts: one per distinct
// launch found by the host walk, with the dimensions, arguments and facts
// the host code gives it; or, if nothing launches the kernel, the command
// line's shape.
func launchContexts(fk *frontend.Kernel, k *kernelanalysis.Kernel, launches []*hostanalysis.Launch, opts Options) []*constraints.Launch {
	var ctxs []*constraints.Launch
	for _, l := range launches {
		if l.Kernel != fk {
			continue
		}
		facts, notes := launchFacts(k, l)
		origin := fmt.Sprintf("launch at %s", l.Pos)
		if len(l.Via) > 0 {
			origin += fmt.Sprintf(" via %s", l.Via[0])
		}
		if l.Unreached {
			origin += " (in a function no analysed host code calls; its parameters are unknown)"
		}
		ctx := &constraints.Launch{GridDim: l.GridDim, BlockDim: l.BlockDim, Facts: facts,
			FactNotes: notes, Aliases: aliases(l), Origin: origin}
		assumeNoWrap(ctx, opts)
		if !slices.ContainsFunc(ctxs, func(c *constraints.Launch) bool { return sameContext(c, ctx) }) {
			ctxs = append(ctxs, ctx)
		}
	}
	if len(ctxs) == 0 {
		ctx := &constraints.Launch{GridDim: opts.GridDim, BlockDim: opts.BlockDim, Origin: noLaunchOrigin(opts)}
		assumeUnreadAxes(ctx, k.Axes, opts)
		assumeNoWrap(ctx, opts)
		ctxs = append(ctxs, ctx)
	}
	return ctxs
}

// launchFacts states a launch's dimensions and integer arguments in terms
// of host values, and the host facts that hold at it, each with a note
// saying what it is.
func launchFacts(k *kernelanalysis.Kernel, l *hostanalysis.Launch) ([]*expr.Term, []string) {
	var facts []*expr.Term
	var notes []string
	add := func(f *expr.Term, note string) {
		facts = append(facts, f)
		notes = append(notes, note)
	}
	for axis := 0; axis < 3; axis++ {
		if t := l.Grid[axis]; t != nil {
			add(expr.Eq(kernelanalysis.GridDim(axis), t),
				fmt.Sprintf("%s == %s (launch at %s)", cuda.RegNctaid.CUDAComponent(axis), hostanalysis.Display(t), l.Pos))
		}
		if t := l.Block[axis]; t != nil {
			add(expr.Eq(kernelanalysis.BlockDim(axis), t),
				fmt.Sprintf("%s == %s (launch at %s)", cuda.RegNtid.CUDAComponent(axis), hostanalysis.Display(t), l.Pos))
		}
	}
	for _, p := range k.Params {
		if p.Index < len(l.Args) && p.Term != nil && l.Args[p.Index] != nil && l.Args[p.Index].Width == p.Term.Width {
			add(expr.Eq(p.Term, l.Args[p.Index]),
				fmt.Sprintf("%s == %s (argument at %s)", p.Name, hostanalysis.Display(l.Args[p.Index]), l.Pos))
		}
	}
	for _, p := range k.Params {
		for _, fv := range p.Fields {
			if t := fieldTerm(l.Fields[p.Index], fv.Offset, fv.Term.Width); t != nil {
				add(expr.Eq(fv.Term, t),
					fmt.Sprintf("%s == %s (argument at %s)", fv.Term.Name, hostanalysis.Display(t), l.Pos))
			}
		}
	}
	for _, f := range l.Facts {
		text := hostanalysis.Display(f.Cond)
		if f.Kind == hostanalysis.Definedness {
			text = "no overflow where the host code promises none"
		}
		add(f.Cond, fmt.Sprintf("%s (%s at %s)", text, f.Kind, f.Pos))
	}
	return facts, notes
}

// fieldTerm returns the host's value of the w bits at byte offset off of
// a by-value argument: the bits of the integer the host passes in bytes
// that cover them, or nil.
func fieldTerm(fields []hostanalysis.FieldArg, off int64, w int) *expr.Term {
	for _, f := range fields {
		if f.Term == nil || f.Term.IsBool() {
			continue
		}
		shift := (off - f.Offset) * 8
		if shift < 0 || shift+int64(w) > int64(f.Term.Width) {
			continue
		}
		t := f.Term
		if shift > 0 {
			t = expr.LShr(t, expr.Const(uint64(shift), t.Width))
		}
		if w < t.Width {
			t = expr.Trunc(t, w)
		}
		return t
	}
	return nil
}

// sameContext reports whether two launch contexts ask the same of a
// kernel: the same shape, equal facts in the same order and the same
// allocations for the same pointer arguments. The first such launch
// stands for the others.
func sameContext(a, b *constraints.Launch) bool {
	if a.GridDim != b.GridDim || a.BlockDim != b.BlockDim || len(a.Aliases) != len(b.Aliases) ||
		!slices.EqualFunc(a.Facts, b.Facts, expr.Equal) {
		return false
	}
	for i, x := range a.Aliases {
		y, ok := b.Aliases[i]
		if !ok || x.Group != y.Group || !equalOrNil(x.Offset, y.Offset) || !equalOrNil(x.Size, y.Size) ||
			!slices.EqualFunc(x.Contents, y.Contents, sameContents) || !sameRanges(x, y) {
			return false
		}
	}
	return true
}

// sameContents reports whether two allocations' contents say the same.
func sameContents(a, b hostanalysis.Contents) bool {
	return a.ElemSize == b.ElemSize && a.Field == b.Field && a.Width == b.Width &&
		slices.EqualFunc(a.Cases, b.Cases, func(x, y hostanalysis.ContentsCase) bool {
			return x.Pos == y.Pos && equalOrNil(x.Index, y.Index) && equalOrNil(x.Value, y.Value) && equalOrNil(x.Below, y.Below)
		})
}

// sameRanges reports whether two allocations' distinct and ordered
// elements are the same.
func sameRanges(x, y constraints.Alias) bool {
	if (x.Distinct == nil) != (y.Distinct == nil) || (x.Ordered == nil) != (y.Ordered == nil) {
		return false
	}
	return (x.Distinct == nil || sameRange(x.Distinct.Range, y.Distinct.Range)) &&
		(x.Ordered == nil || sameRange(x.Ordered.Range, y.Ordered.Range))
}

func sameRange(a, b hostanalysis.Range) bool {
	return a.ElemSize == b.ElemSize && a.Pos == b.Pos && expr.Equal(a.Count, b.Count)
}

// equalOrNil reports whether two terms, either of which may be nil, are
// equal.
func equalOrNil(a, b *expr.Term) bool {
	if a == nil || b == nil {
		return a == b
	}
	return expr.Equal(a, b)
}

// aliases places the launch's pointer arguments in their allocations.
func aliases(l *hostanalysis.Launch) map[constraints.Slot]constraints.Alias {
	m := map[constraints.Slot]constraints.Alias{}
	for i, p := range l.Pointers {
		m[constraints.Slot{Param: i, Field: constraints.NoField}] = constraints.Alias{Group: p.Allocation, Offset: p.Offset, Size: p.Size, Contents: p.Contents, Distinct: p.Distinct, Ordered: p.Ordered}
	}
	for i, fields := range l.Fields {
		for _, f := range fields {
			if f.Pointer != nil {
				m[constraints.Slot{Param: i, Field: f.Offset}] = constraints.Alias{Group: f.Pointer.Allocation, Offset: f.Pointer.Offset, Size: f.Pointer.Size, Contents: f.Pointer.Contents, Distinct: f.Pointer.Distinct, Ordered: f.Pointer.Ordered}
			}
		}
	}
	return m
}

// explainLaunches describes each launch and the host facts it has.
func explainLaunches(u *frontend.Unit, launches []*hostanalysis.Launch) []report.Note {
	var notes []report.Note
	for _, l := range launches {
		msg := fmt.Sprintf("launch of %s<<<%s, %s>>>", l.Kernel.Name, dims(l.Grid), dims(l.Block))
		for _, v := range l.Via {
			msg += fmt.Sprintf(" (called at %s)", v)
		}
		notes = append(notes, report.Note{Pos: l.Pos.String(), Message: msg})
		for i, arg := range l.Args {
			if arg != nil && i < len(l.Kernel.Func.Params) {
				p := l.Kernel.Func.Params[i]
				notes = append(notes, report.Note{Pos: l.Pos.String(),
					Message: fmt.Sprintf("  argument %s = %s", p.LocalName, displayArg(p, arg))})
			}
		}
		notes = append(notes, explainFields(l)...)
		notes = append(notes, explainDistinct(l)...)
		for _, f := range l.Facts {
			if f.Kind == hostanalysis.Definedness {
				continue
			}
			notes = append(notes, report.Note{Pos: l.Pos.String(),
				Message: fmt.Sprintf("  %s (%s at %s)", hostanalysis.Display(f.Cond), f.Kind, f.Pos)})
		}
	}
	return notes
}

// displayArg spells a launch's argument: a constant of an unsigned
// parameter narrower than an int (marked zeroext: unsigned char, unsigned
// short) as the unsigned number it is, not as its bits read signed.
func displayArg(p *ir.Param, arg *expr.Term) string {
	if arg.IsConst() && !arg.IsBool() && slices.ContainsFunc(p.Attrs, func(a ir.ParamAttribute) bool { return a == enum.ParamAttrZeroExt }) {
		return fmt.Sprint(arg.Value)
	}
	return hostanalysis.Display(arg)
}

// explainFields describes what a launch passes in its by-value
// arguments' bytes.
func explainFields(l *hostanalysis.Launch) []report.Note {
	var notes []report.Note
	for i, p := range l.Kernel.Func.Params {
		for _, f := range l.Fields[i] {
			what := "?"
			switch {
			case f.Term != nil:
				what = hostanalysis.Display(f.Term)
			case f.Pointer != nil:
				what = "a pointer into " + f.Pointer.Allocation
			}
			notes = append(notes, report.Note{Pos: l.Pos.String(),
				Message: fmt.Sprintf("  argument %s, bytes from %d = %s", p.LocalName, f.Offset, what)})
		}
	}
	return notes
}

// explainDistinct describes the pointer arguments into allocations whose
// first elements the host made distinct or put in order.
func explainDistinct(l *hostanalysis.Launch) []report.Note {
	var notes []report.Note
	note := func(p *ir.Param, ptr hostanalysis.Pointer, r hostanalysis.Range, what string) {
		notes = append(notes, report.Note{Pos: l.Pos.String(),
			Message: fmt.Sprintf("  argument %s points into %s, whose first %s elements of %d bytes are %s (made so at %s)",
				p.LocalName, ptr.Allocation, hostanalysis.Display(r.Count), r.ElemSize, what, r.Pos)})
	}
	for i, p := range l.Kernel.Func.Params {
		ptr := l.Pointers[i]
		if d := ptr.Distinct; d != nil {
			note(p, ptr, d.Range, "distinct")
		}
		if o := ptr.Ordered; o != nil {
			note(p, ptr, o.Range, "in order")
		}
	}
	return notes
}

// dims spells a launch dimension's terms.
func dims(d [3]*expr.Term) string {
	parts := make([]string, 3)
	for i, t := range d {
		parts[i] = "?"
		if t != nil {
			parts[i] = hostanalysis.Display(t)
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// noLaunchOrigin describes the launch context of a kernel that no analysed
// host code launches.
func noLaunchOrigin(opts Options) string {
	if opts.GridDim[0] > 0 || opts.BlockDim[0] > 0 {
		return "no launch in the analysed host code; shape from --grid-dim/--block-dim"
	}
	return "no launch in the analysed host code; any launch shape (set --grid-dim/--block-dim)"
}
