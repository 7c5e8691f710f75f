package golden

import (
	"bytes"
	"errors"
	"math/rand"
	"reflect"
	"testing"
)

func TestAppendLine(t *testing.T) {
	got := string(AppendLine(nil, 7, 576, []int64{1, -2, 30, 40, -5, 6}, []int32{0, 2}))
	want := "gid 7 adv 576 n 3 c 2 pts 1,-2 30,40 -5,6 ends 0 2"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got, want := string(AppendLine(nil, 0, 0, nil, nil)), "gid 0 adv 0 n 0 c 0 pts ends"; got != want {
		t.Errorf("empty glyph: got %q, want %q", got, want)
	}
	if got, want := string(AppendErrLine([]byte("x"), 3, "Stack_Underflow")), "xgid 3 err Stack_Underflow"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDigest(t *testing.T) {
	// FNV-1a 64 test vectors (from the FNV reference: "" and "a").
	if got := Digest(nil); got != 0xcbf29ce484222325 {
		t.Errorf("Digest(\"\") = %x", got)
	}
	if got := Digest([]byte("a")); got != 0xaf63dc4c8601ec8c {
		t.Errorf("Digest(\"a\") = %x", got)
	}
	h := NewHasher()
	h.Add([]byte("ab"))
	h.Add([]byte("c"))
	if got, want := h.Sum(), Digest([]byte("ab\nc\n")); got != want {
		t.Errorf("Hasher = %x, want %x", got, want)
	}
}

func randomFile(r *rand.Rand, n int) *File {
	f := &File{Font: "Test", FontSHA: "00ff", NumGlyphs: n, Reference: Reference, Flags: Flags}
	for _, c := range Configs()[:12] {
		rec := Record{Config: c, Hash: r.Uint64(), Short: make([]uint16, n)}
		for g := range rec.Short {
			rec.Short[g] = uint16(r.Uint32())
			if len(f.Records) > 0 && g%3 == 0 { // some repeats, like real data
				rec.Short[g] = f.Records[len(f.Records)-1].Short[g]
			}
		}
		f.Records = append(f.Records, rec)
	}
	return f
}

func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	f := randomFile(r, 301)
	var b bytes.Buffer
	if err := Write(&b, f); err != nil {
		t.Fatal(err)
	}
	g, err := Read(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f, g) {
		t.Errorf("round trip changed the file")
	}
	if rec := g.Lookup(f.Records[7].Config); rec == nil || rec.Hash != f.Records[7].Hash {
		t.Errorf("Lookup(%v) = %v", f.Records[7].Config, rec)
	}
	// Truncated data is an error, never a panic.
	for _, n := range []int{0, 10, b.Len() / 2, b.Len() - 1} {
		if _, err := Read(bytes.NewReader(b.Bytes()[:n])); err == nil {
			t.Errorf("truncated to %d bytes: no error", n)
		} else if n > 0 && !errors.Is(err, ErrFormat) {
			t.Errorf("truncated to %d bytes: %v does not wrap ErrFormat", n, err)
		}
	}
}

func TestComparer(t *testing.T) {
	lines := [][]byte{[]byte("gid 0 adv 0 n 0 c 0 pts ends"), []byte("gid 1 err Stack_Underflow"), []byte("gid 2 adv 64 n 1 c 1 pts 1,2 ends 0")}
	rec := &Record{Short: make([]uint16, len(lines))}
	h := NewHasher()
	for i, l := range lines {
		rec.Short[i] = Short(Digest(l))
		h.Add(l)
	}
	rec.Hash = h.Sum()
	c := NewComparer(rec)
	for _, l := range lines {
		c.Add(l)
	}
	if d := c.Result(); !d.HashOK || d.Match != 3 || len(d.First) != 0 {
		t.Errorf("identical lines: %+v", d)
	}
	c = NewComparer(rec)
	c.Add(lines[0])
	c.Add([]byte("gid 1 err Invalid_Opcode"))
	c.Add(lines[2])
	if d := c.Result(); d.HashOK || d.Match != 2 || !reflect.DeepEqual(d.First, []int{1}) || d.Rate() > 67 {
		t.Errorf("one differing line: %+v", d)
	}
	c = NewComparer(rec)
	c.Add(lines[0])
	if d := c.Result(); d.HashOK || d.Compared {
		t.Errorf("missing lines: %+v", d)
	}
}
