// This file finds an installed CUDA toolkit whose headers clang-14 can use
// in place of the embedded prelude.

package frontend

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"hgrd/cuda"
)

// A Toolkit is the outcome of looking for an installed CUDA toolkit.
type Toolkit struct {
	// Path is the toolkit's root (the directory holding include/), ""
	// when the prelude is used.
	Path string
	// Source says where Path came from: "--cuda-path", "CUDA_PATH",
	// "CUDA_HOME", "nvcc on PATH", or the standard directory itself.
	Source string
	// Rejected, if set, says why a toolkit that was found is not used:
	// clang-14 cannot compile against its headers. The prelude is used
	// then.
	Rejected string
}

// Headers describes the CUDA headers a run compiles against, for doctor
// and --explain.
func (t Toolkit) Headers() string {
	if t.Path == "" {
		return "hgrd's embedded prelude (no usable CUDA toolkit found)"
	}
	if t.Source == "" {
		return "the CUDA toolkit at " + t.Path
	}
	return fmt.Sprintf("the CUDA toolkit at %s (from %s)", t.Path, t.Source)
}

// A toolkitCandidate is a directory that may hold a toolkit, and where it
// came from.
type toolkitCandidate struct{ dir, source string }

// standardToolkitDirs are where toolkits are installed: NVIDIA's default,
// and the directory Debian's nvidia-cuda-toolkit package provides for
// clang (its headers live in /usr/include).
var standardToolkitDirs = []string{"/usr/local/cuda", "/usr/lib/cuda"}

// toolkitCandidates lists the places to look, in order: the flag, the
// environment, nvcc's installation, the standard directories.
func toolkitCandidates(explicit string, getenv func(string) string, lookPath func(string) (string, error)) []toolkitCandidate {
	var out []toolkitCandidate
	if explicit != "" {
		return []toolkitCandidate{{explicit, "--cuda-path"}}
	}
	for _, v := range []string{"CUDA_PATH", "CUDA_HOME"} {
		if d := getenv(v); d != "" {
			out = append(out, toolkitCandidate{d, v})
		}
	}
	if nvcc, err := lookPath("nvcc"); err == nil {
		if real, err := filepath.EvalSymlinks(nvcc); err == nil {
			nvcc = real
		}
		out = append(out, toolkitCandidate{filepath.Dir(filepath.Dir(nvcc)), "nvcc on PATH"})
	}
	for _, d := range standardToolkitDirs {
		out = append(out, toolkitCandidate{d, d})
	}
	return out
}

// hasRuntimeHeader reports whether dir looks like a toolkit: it has
// include/cuda_runtime.h.
func hasRuntimeHeader(dir string) bool {
	info, err := os.Stat(filepath.Join(dir, "include", "cuda_runtime.h"))
	return err == nil && info.Mode().IsRegular()
}

// FindToolkit looks for a CUDA toolkit: cfg.CUDAPath if set (--cuda-path),
// else CUDA_PATH, CUDA_HOME, the installation of nvcc on PATH,
// /usr/local/cuda and Debian's /usr/lib/cuda. The first directory with
// include/cuda_runtime.h is the toolkit; it is used if clang-14 compiles
// a small program against it, and otherwise rejected with clang's reason.
// No toolkit at all is the zero Toolkit: the prelude.
func FindToolkit(ctx context.Context, cfg Config) Toolkit {
	for _, c := range toolkitCandidates(cfg.CUDAPath, os.Getenv, exec.LookPath) {
		if !hasRuntimeHeader(c.dir) {
			if c.source == "--cuda-path" {
				return Toolkit{Source: c.source, Rejected: fmt.Sprintf("%s (from --cuda-path) has no include/cuda_runtime.h", c.dir)}
			}
			continue
		}
		abs, err := filepath.Abs(c.dir)
		if err != nil {
			abs = c.dir
		}
		if reason := probeToolkit(ctx, cfg, abs); reason != "" {
			return Toolkit{Source: c.source, Rejected: fmt.Sprintf("clang-14 cannot use the CUDA toolkit at %s (from %s): %s", abs, c.source, reason)}
		}
		return Toolkit{Path: abs, Source: c.source}
	}
	return Toolkit{}
}

// probeToolkit compiles cuda.ToolkitProbe to IR against the toolkit at dir,
// both sides (code generation needs the launch API the headers declare),
// and returns clang's first error, or "" if both compile.
func probeToolkit(ctx context.Context, cfg Config, dir string) string {
	clang, err := ClangTool.Resolve(cfg.Clang)
	if err != nil {
		return err.Error()
	}
	arch := cfg.GPUArch
	if arch == "" {
		arch = DefaultGPUArch
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	for _, side := range []string{"--cuda-device-only", "--cuda-host-only"} {
		args := []string{"-x", "cuda", "--cuda-gpu-arch=" + arch, side, "--cuda-path=" + dir,
			"-nocudalib", "-Wno-unknown-cuda-version", "-std=c++17", "-S", "-emit-llvm", "-o", os.DevNull, "-"}
		_, stderr, err := run(ctx, clang, args, []byte(cuda.ToolkitProbe))
		if err != nil {
			if msg := firstError(string(stderr)); msg != "" {
				return strings.TrimPrefix(msg, "<stdin>:")
			}
			return firstLine(stderr, err)
		}
	}
	return ""
}

// Headers describes the CUDA headers a configuration compiles against.
func (cfg Config) Headers() string {
	return Toolkit{Path: cfg.CUDAPath, Source: cfg.CUDASource}.Headers()
}
