// This file defines the HTML form of a Result: one self-contained page
// for a person, with source excerpts of both accesses of each race.

package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

//go:embed html.tmpl
var htmlSource string

// htmlTemplate renders a page; html/template escapes every value.
var htmlTemplate = template.Must(template.New("page").Parse(htmlSource))

// excerptContext is how many lines an excerpt shows above and below the
// accessed line.
const excerptContext = 3

// HTMLOptions says how to write an HTML page.
type HTMLOptions struct {
	// Title heads the page; empty means "hgrd report".
	Title string
	// Root is the scan root: paths inside it are shown relative to it,
	// and relative paths are read from it. Empty shows paths as given.
	Root string
	// ReadFile reads a source file for the excerpts; nil means os.ReadFile.
	ReadFile func(path string) ([]byte, error)
	// Version is hgrd's version, shown at the foot of the page.
	Version string
}

// WriteHTML prints the result as one HTML page that needs no other file:
// counts, a table of contents, each race with excerpts of its two accesses
// and its witness, then what could not be analysed.
func WriteHTML(w io.Writer, r *Result, opts HTMLOptions) error {
	root, err := absRoot(opts.Root)
	if err != nil {
		return err
	}
	b := &pageBuilder{paths: pathMapper{root: root}, read: opts.ReadFile, files: map[string][]string{}}
	if b.read == nil {
		b.read = os.ReadFile
	}
	return htmlTemplate.Execute(w, b.page(r, opts))
}

// A pageBuilder turns a Result into the data of the page template.
type pageBuilder struct {
	paths pathMapper
	read  func(path string) ([]byte, error)
	files map[string][]string // lines of each source read; nil if unreadable
}

// htmlPage is what the template renders.
type htmlPage struct {
	Title, Version string
	Files          int
	Races          []htmlRace
	ByKind         []kindCount
	Failed         []htmlFailure
	Undecided      []htmlUndecided
	Incomplete     []htmlNote
	Notes          []htmlNote
	Suppressed     []htmlSuppressed
}

// A kindCount is the number of races of one kind.
type kindCount struct {
	Kind  string
	Count int
}

// An htmlRace is one race as the page shows it.
type htmlRace struct {
	ID, Title, Kind, Memory, Object, Kernel, Launch, ScopeNote, Fingerprint string
	First, Second                                                           htmlAccess
	Witness                                                                 *htmlWitness
}

// An htmlAccess is one access with its source excerpt; Excerpt is nil
// when the source cannot be read.
type htmlAccess struct {
	Pos, Access, Expr, Thread string
	Excerpt                   []excerptLine
}

// An excerptLine is a numbered source line; the accessed line has a
// marker: blanks up to the column, then a caret.
type excerptLine struct {
	Number  int
	Text    string
	Current bool
	Marker  string
}

// An htmlWitness is the execution that exhibits a race.
type htmlWitness struct {
	GridDim, BlockDim, First, Second, Address string
	Params, Values                            []htmlValue
}

// An htmlValue is a named value of a witness.
type htmlValue struct {
	Name  string
	Value string
}

// An htmlFailure is a file that could not be analysed.
type htmlFailure struct{ Path, Error, Detail string }

// An htmlUndecided is a pair the solver could not decide.
type htmlUndecided struct{ First, Second, Reason string }

// An htmlNote is a message about a position.
type htmlNote struct{ Pos, Message string }

// An htmlSuppressed is a race that is not reported, and why.
type htmlSuppressed struct{ Pos, Title, Kind, Reason string }

// page returns the page of the result.
func (b *pageBuilder) page(r *Result, opts HTMLOptions) *htmlPage {
	p := &htmlPage{Title: opts.Title, Version: opts.Version, Files: len(r.Files)}
	if p.Title == "" {
		p.Title = "hgrd report"
	}
	counts := map[string]int{}
	for _, f := range r.Files {
		for _, race := range f.Races {
			counts[race.Kind]++
			p.Races = append(p.Races, b.race(race, len(p.Races)+1))
		}
		b.addProblems(p, f)
	}
	for _, kind := range []string{InterBlock, IntraBlock, IntraWarp} {
		p.ByKind = append(p.ByKind, kindCount{kind, counts[kind]})
		delete(counts, kind)
	}
	for _, kind := range slices.Sorted(maps.Keys(counts)) {
		p.ByKind = append(p.ByKind, kindCount{kind, counts[kind]})
	}
	return p
}

// addProblems adds what could not be analysed in a file, its notes and
// its suppressed races.
func (b *pageBuilder) addProblems(p *htmlPage, f *FileResult) {
	path := b.paths.display(f.Path)
	if f.Error != "" {
		p.Failed = append(p.Failed, htmlFailure{path, f.Error, strings.TrimRight(f.ErrorDetail, "\n")})
	}
	for _, u := range f.Undecided {
		p.Undecided = append(p.Undecided, htmlUndecided{b.pos(u.First), b.pos(u.Second), u.Reason})
	}
	for _, note := range f.Incomplete {
		p.Incomplete = append(p.Incomplete, htmlNote{path, note})
	}
	for _, n := range f.Notes {
		p.Notes = append(p.Notes, htmlNote{n.Pos, n.Message})
	}
	for _, race := range f.Suppressed {
		p.Suppressed = append(p.Suppressed, htmlSuppressed{b.pos(race.First), race.Title(), race.Kind, race.Suppression})
	}
}

// race returns the n-th race of the page.
func (b *pageBuilder) race(race *Race, n int) htmlRace {
	h := htmlRace{
		ID: fmt.Sprintf("race-%d", n), Title: titleWithoutScopeNote(race), Kind: race.Kind, Memory: race.Memory,
		Object: race.Object, Kernel: race.Kernel, Launch: race.Launch, ScopeNote: race.ScopeNote,
		Fingerprint: race.Fingerprint,
		First:       b.access(race.First), Second: b.access(race.Second),
	}
	if w := race.Witness; w != nil {
		h.First.Thread, h.Second.Thread = w.First.String(), w.Second.String()
		h.Witness = witnessView(w)
	}
	return h
}

// titleWithoutScopeNote returns the race's title without the scope note
// that it may end in, since the page shows the note on its own.
func titleWithoutScopeNote(race *Race) string {
	title := race.Title()
	if race.ScopeNote != "" {
		title = strings.TrimSuffix(title, " ("+race.ScopeNote+")")
	}
	return title
}

// witnessView returns the witness as the page shows it.
func witnessView(w *Witness) *htmlWitness {
	h := &htmlWitness{GridDim: dim(w.GridDim), BlockDim: dim(w.BlockDim),
		First: w.First.String(), Second: w.Second.String(), Address: w.Address}
	for _, name := range slices.Sorted(maps.Keys(w.Params)) {
		h.Params = append(h.Params, htmlValue{name, fmt.Sprint(w.Params[name])})
	}
	for _, name := range slices.Sorted(maps.Keys(w.Values)) {
		h.Values = append(h.Values, htmlValue{name, fmt.Sprint(w.Values[name])})
	}
	return h
}

// pos returns "file:line:col" of an access with the file as displayed.
func (b *pageBuilder) pos(a Access) string {
	return fmt.Sprintf("%s:%d:%d", b.paths.display(a.File), a.Line, a.Column)
}

// access returns an access with the excerpt of its source.
func (b *pageBuilder) access(a Access) htmlAccess {
	h := htmlAccess{Pos: b.pos(a), Access: a.Access, Expr: a.Expr}
	if lines := b.source(a.File); a.Line >= 1 && a.Line <= len(lines) {
		h.Excerpt = excerpt(lines, a.Line, a.Column)
	}
	return h
}

// source returns the lines of a source file, or nil if it cannot be read.
// A relative path is read from the root.
func (b *pageBuilder) source(path string) []string {
	if lines, ok := b.files[path]; ok {
		return lines
	}
	file := path
	if b.paths.root != "" && !filepath.IsAbs(path) {
		file = filepath.Join(b.paths.root, path)
	}
	var lines []string
	if data, err := b.read(file); err == nil {
		text := strings.TrimSuffix(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
		lines = strings.Split(text, "\n")
	}
	b.files[path] = lines
	return lines
}

// excerpt returns the lines around line (1-based) with a caret under col.
func excerpt(lines []string, line, col int) []excerptLine {
	from, to := max(line-excerptContext, 1), min(line+excerptContext, len(lines))
	var out []excerptLine
	for n := from; n <= to; n++ {
		l := excerptLine{Number: n, Text: lines[n-1], Current: n == line}
		if l.Current {
			l.Marker = caret(l.Text, col)
		}
		out = append(out, l)
	}
	return out
}

// caret returns blanks up to the byte column col (1-based) of text, tabs
// where text has tabs so that the caret lines up, then "^".
func caret(text string, col int) string {
	prefix := text[:min(max(col-1, 0), len(text))]
	var b strings.Builder
	for _, r := range prefix {
		if r == '\t' {
			b.WriteRune('\t')
		} else {
			b.WriteRune(' ')
		}
	}
	return b.String() + "^"
}
