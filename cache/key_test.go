package cache

import (
	"path/filepath"
	"regexp"
	"testing"

	"hgrd/internal/testkit"
)

// keyOf builds the key of version, a kernel file and flags given as
// name, value pairs.
func keyOf(t *testing.T, version, file string, flags ...string) string {
	t.Helper()
	k := NewKey(version)
	if err := k.AddFile(file); err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(flags); i += 2 {
		k.AddString(flags[i], flags[i+1])
	}
	return k.Sum()
}

func TestKeyIsHexSHA256(t *testing.T) {
	key := NewKey("v1").Sum()
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(key) {
		t.Errorf("key %q is not 64 lowercase hex digits", key)
	}
	if !validKey(key) {
		t.Errorf("validKey(%q) = false", key)
	}
}

func TestKeySameInputsSameKey(t *testing.T) {
	file := testkit.TempFile(t, "k.cu", "__global__ void k() {}\n")
	a := keyOf(t, "v1", file, "arch", "sm_80", "timeout", "10s")
	b := keyOf(t, "v1", file, "arch", "sm_80", "timeout", "10s")
	if a != b {
		t.Errorf("same inputs gave keys %s and %s", a, b)
	}
}

func TestKeySumDoesNotConsume(t *testing.T) {
	k := NewKey("v1")
	k.AddString("arch", "sm_80")
	if first, second := k.Sum(), k.Sum(); first != second {
		t.Errorf("Sum changed between calls: %s then %s", first, second)
	}
}

func TestKeyChangesWithFileContent(t *testing.T) {
	dir := t.TempDir()
	file := testkit.WriteFile(t, dir, "k.cu", "__global__ void k() { s[0] = 1; }\n")
	before := keyOf(t, "v1", file)
	testkit.WriteFile(t, dir, "k.cu", "__global__ void k() { s[0] = 2; }\n")
	if after := keyOf(t, "v1", file); after == before {
		t.Error("changing one byte of the file kept the key")
	}
}

func TestKeyChangesWithFilePath(t *testing.T) {
	dir := t.TempDir()
	a := testkit.WriteFile(t, dir, "a.cu", "same")
	b := testkit.WriteFile(t, dir, "b.cu", "same")
	if keyOf(t, "v1", a) == keyOf(t, "v1", b) {
		t.Error("same content under two paths gave one key")
	}
}

func TestKeyChangesWithFlag(t *testing.T) {
	file := testkit.TempFile(t, "k.cu", "x")
	if keyOf(t, "v1", file, "arch", "sm_80") == keyOf(t, "v1", file, "arch", "sm_90") {
		t.Error("changing a flag's value kept the key")
	}
	if keyOf(t, "v1", file, "arch", "sm_80") == keyOf(t, "v1", file, "arch", "sm_80", "explain", "true") {
		t.Error("adding a flag kept the key")
	}
}

func TestKeyChangesWithVersion(t *testing.T) {
	file := testkit.TempFile(t, "k.cu", "x")
	if keyOf(t, "v1.0.0", file) == keyOf(t, "v1.0.1", file) {
		t.Error("changing the version kept the key")
	}
}

func TestKeyChangesWithFlagOrder(t *testing.T) {
	file := testkit.TempFile(t, "k.cu", "x")
	a := keyOf(t, "v1", file, "arch", "sm_80", "timeout", "10s")
	b := keyOf(t, "v1", file, "timeout", "10s", "arch", "sm_80")
	if a == b {
		t.Error("reordering flags kept the key")
	}
}

func TestKeySeparatesNamesAndValues(t *testing.T) {
	sum := func(add func(k *KeyBuilder)) string {
		k := NewKey("v1")
		add(k)
		return k.Sum()
	}
	cases := []struct {
		name string
		a, b func(k *KeyBuilder)
	}{
		{"name/value boundary",
			func(k *KeyBuilder) { k.AddString("a", "bc") },
			func(k *KeyBuilder) { k.AddString("ab", "c") }},
		{"empty name or empty value",
			func(k *KeyBuilder) { k.AddString("", "x") },
			func(k *KeyBuilder) { k.AddString("x", "") }},
		{"string or buffer",
			func(k *KeyBuilder) { k.AddString("a", "b") },
			func(k *KeyBuilder) { k.AddBytes("a", []byte("b")) }},
		{"version or flag",
			func(k *KeyBuilder) { k.AddString("", "") },
			func(k *KeyBuilder) {}},
	}
	for _, c := range cases {
		if sum(c.a) == sum(c.b) {
			t.Errorf("%s: distinct inputs gave one key", c.name)
		}
	}
}

func TestKeyBufferMatchesFile(t *testing.T) {
	content := "__global__ void k() {}\n"
	file := testkit.TempFile(t, "k.cu", content)
	fromFile := NewKey("v1")
	if err := fromFile.AddFile(file); err != nil {
		t.Fatal(err)
	}
	fromBuffer := NewKey("v1")
	fromBuffer.AddBytes(file, []byte(content))
	if fromFile.Sum() != fromBuffer.Sum() {
		t.Error("a buffer and a file with the same name and content gave different keys")
	}
	edited := NewKey("v1")
	edited.AddBytes(file, []byte(content+" "))
	if edited.Sum() == fromFile.Sum() {
		t.Error("an edited buffer kept the file's key")
	}
}

func TestAddFileMissingErrors(t *testing.T) {
	k := NewKey("v1")
	before := k.Sum()
	if err := k.AddFile(filepath.Join(t.TempDir(), "missing.cu")); err == nil {
		t.Fatal("AddFile of a missing file succeeded")
	}
	if k.Sum() != before {
		t.Error("a failed AddFile changed the key")
	}
}

func TestAddFileDirectoryErrors(t *testing.T) {
	if err := NewKey("v1").AddFile(t.TempDir()); err == nil {
		t.Error("AddFile of a directory succeeded")
	}
}
