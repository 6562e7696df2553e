// This file computes the cache key of an analysis.

package driver

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"hgrd/analysis"
	"hgrd/cache"
	"hgrd/frontend"
)

// cacheKey returns the key of an input's result: hgrd's build, the
// options that change verdicts, the toolchain, the working directory
// (relative include paths), the input's path and content, and the path,
// flags and content of each partner. The headers a result depends on are
// not known before the analysis; the cache records and checks them
// (outcome.Inputs).
func cacheKey(in Input, partners []frontend.HostSource, opts Options) (string, error) {
	id, err := buildID()
	if err != nil {
		return "", err
	}
	k := cache.NewKey(id)
	analysisOptions := opts.Options
	analysisOptions.Workers = 0                 // how many solvers run does not change a verdict
	analysisOptions.SolveDeadline = time.Time{} // a result cut by it is not cached
	verdictOptions, err := json.Marshal(struct {
		Frontend frontend.Config
		Analysis analysis.Options
	}{opts.Frontend, analysisOptions})
	if err != nil {
		return "", err
	}
	k.AddString("options", string(verdictOptions))
	for _, tool := range []struct {
		t          frontend.Tool
		configured string
	}{{frontend.ClangTool, opts.Frontend.Clang}, {frontend.OptTool, opts.Frontend.Opt}} {
		k.AddString("tool", toolIdentity(tool.t, tool.configured))
	}
	wd, _ := os.Getwd()
	k.AddString("cwd", wd)
	if in.Source != nil {
		k.AddBytes(in.Path, in.Source)
	} else if err := k.AddFile(in.Path); err != nil {
		return "", err
	}
	for _, p := range partners {
		flags, _ := json.Marshal(p.Config)
		k.AddString("partner", string(flags))
		if err := k.AddFile(p.Path); err != nil {
			return "", err
		}
	}
	return k.Sum(), nil
}

// toolIdentity names a tool by its resolved path, size and modification
// time: an upgraded clang changes it.
func toolIdentity(t frontend.Tool, configured string) string {
	path, err := t.Resolve(configured)
	if err != nil {
		return t.Name + ": missing"
	}
	info, err := os.Stat(path)
	if err != nil {
		return path
	}
	return fmt.Sprintf("%s %d %d", path, info.Size(), info.ModTime().UnixNano())
}

var (
	buildOnce sync.Once
	buildSum  string
	buildErr  error
)

// buildID identifies the running hgrd: its module version and the digest
// of its executable, so that a rebuilt hgrd (a development build keeps
// its version) never reads the results of another.
func buildID() (string, error) {
	buildOnce.Do(func() {
		version := "unknown"
		if info, ok := debug.ReadBuildInfo(); ok {
			version = info.Main.Version
		}
		exe, err := os.Executable()
		if err != nil {
			buildErr = err
			return
		}
		k := cache.NewKey(version)
		if buildErr = k.AddFile(exe); buildErr == nil {
			buildSum = k.Sum()
		}
	})
	return buildSum, buildErr
}
