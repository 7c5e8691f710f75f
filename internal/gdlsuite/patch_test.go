package gdlsuite

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fontvm/graphite"
	"fontvm/graphite/gasm"
	"fontvm/graphite/isa"
)

// PatchedName is the font made by patchFont from ops-v5.ttf: grcompiler
// never emits Nop, PushByteU, PushShortU, Trunc8, Trunc16, PushProcState,
// PushVersion or RetTrue, and emits SetFeat in a form graphite2 refuses, so
// two compiled constraints and one action are replaced, in place and at the
// same length, by hand-assembled code using them.
const PatchedName = "ops-v5-patched"

// patchFont rewrites two constraints of ops-v5.ttf, the rule whose
// constraint holds PushLong 120000 (w > x) and the one holding PushLong
// 40000 (v > w), and the action that sets user4 (q), which then sets the
// feature falt to 2 instead (a later rule turns q into Q when falt is 2).
// The replacement code has the same length (Nop padding), so no offset in
// the font changes.
func patchFont(data []byte) ([]byte, error) {
	face, err := graphite.Load(data)
	if err != nil {
		return nil, err
	}
	silfOff, silfLen, ok := tableRange(data, "Silf")
	if !ok {
		return nil, fmt.Errorf("no Silf table")
	}
	if v := binary.BigEndian.Uint32(data[silfOff:]); v >= 0x00050000 && binary.BigEndian.Uint32(data[silfOff+4:])>>27 != 0 {
		return nil, fmt.Errorf("Silf table is compressed")
	}
	out := append([]byte(nil), data...)
	patched := 0
	for _, s := range face.Silfs {
		for _, p := range s.Passes {
			for i := range p.Rules {
				if a := p.Rules[i].Action; !a.Empty() && strings.Contains(gasm.Format(a.Raw, isa.Graphite2, ""), "IAttrSet user 3") {
					// and the slot attributes GDL cannot set: seg_split,
					// bidi_level, user_v1, att_gpt, with_gpt.
					const set = "PutCopy 0\nPushByte 2\nSetFeat 0 0\n" +
						"PushByte 1\nAttrSet seg_split\nPushByte 0\nAttrSet bidi_level\n" +
						"PushByte 1\nAttrSet user_v1\nPushByte 2\nAttrSet att_gpt\nPushByte 3\nAttrSet with_gpt\n"
					code, err := gasm.Assemble(set+strings.Repeat("Nop\n", len(a.Raw)-29)+"Next\nRetZero\n", isa.Graphite2)
					if err != nil {
						return nil, err
					}
					if len(code) != len(a.Raw) {
						return nil, fmt.Errorf("action patch is %d bytes, want %d", len(code), len(a.Raw))
					}
					copy(out[silfOff+s.Offset+a.Offset:], code)
					patched++
				}
				c := p.Rules[i].Constraint
				if c.Empty() {
					continue
				}
				dis := gasm.Format(c.Raw, isa.Graphite2, "")
				var src string
				switch {
				case strings.Contains(dis, "PushLong 120000"):
					// val(w) = 30000: Trunc16 keeps it, Trunc8 gives 48;
					// PushByteU 200 < PushShortU 40000 only unsigned;
					// PushProcState pushes 1; PushVersion is positive.
					ga := c.Instrs[1]
					if ga.Op != isa.PushGlyphAttr {
						return nil, fmt.Errorf("unexpected constraint:\n%s", dis)
					}
					src = fmt.Sprintf(`ContextItem 0 end
PushGlyphAttr %d %d
Trunc16
Trunc8
PushByte 48
Equal
PushByteU 200
PushShortU 40000
Less
And
PushProcState 0
And
PushVersion
PushByte 0
Gtr
And
`, binary.BigEndian.Uint16(ga.Args), int8(ga.Args[2]))
				case strings.Contains(dis, "PushLong 40000"):
					// the rule fires through RetTrue whatever the stack says
					src = "RetTrue\n"
				default:
					continue
				}
				code, err := assemblePadded(src, len(c.Raw))
				if err != nil {
					return nil, err
				}
				at := silfOff + s.Offset + c.Offset
				if s.Offset+c.Offset+len(code) > silfLen {
					return nil, fmt.Errorf("code outside the Silf table")
				}
				copy(out[at:], code)
				patched++
			}
		}
	}
	if patched != 3 {
		return nil, fmt.Errorf("patched %d pieces of code, want 3", patched)
	}
	return out, nil
}

// assemblePadded assembles src, then a PopRet (unless src ends in a
// return), padding with Nop before the end label so that the code is n
// bytes long.
func assemblePadded(src string, n int) ([]byte, error) {
	tail := "end:\nPopRet\n"
	if strings.HasSuffix(src, "RetTrue\n") {
		tail = ""
	}
	for pad := 0; pad <= n; pad++ {
		var body string
		if tail == "" {
			body = strings.Repeat("Nop\n", pad) + src
		} else {
			body = src + strings.Repeat("Nop\n", pad) + tail
		}
		code, err := gasm.Assemble(body, isa.Graphite2)
		if err != nil {
			return nil, err
		}
		if len(code) == n {
			return code, nil
		}
		if len(code) > n {
			break
		}
	}
	return nil, fmt.Errorf("cannot fit the code in %d bytes", n)
}

// tableRange finds a table in an sfnt's directory.
func tableRange(data []byte, tag string) (off, length int, ok bool) {
	if len(data) < 12 {
		return 0, 0, false
	}
	n := int(binary.BigEndian.Uint16(data[4:]))
	for i := 0; i < n; i++ {
		r := 12 + 16*i
		if r+16 > len(data) {
			return 0, 0, false
		}
		if string(data[r:r+4]) == tag {
			off = int(binary.BigEndian.Uint32(data[r+8:]))
			length = int(binary.BigEndian.Uint32(data[r+12:]))
			return off, length, off+length <= len(data)
		}
	}
	return 0, 0, false
}

// A suiteFont is one font the golden data covers.
type suiteFont struct {
	Name string
	Data []byte
}

// suiteFonts returns the compiled fonts of Builds and the patched font.
func suiteFonts(t *testing.T) []suiteFont {
	t.Helper()
	var out []suiteFont
	for _, b := range Builds {
		data, err := os.ReadFile(filepath.Join("testdata", b.Name+".ttf"))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, suiteFont{b.Name, data})
		if b.Name == "ops-v5" {
			p, err := patchFont(data)
			if err != nil {
				t.Fatalf("patching %s: %v", b.Name, err)
			}
			out = append(out, suiteFont{PatchedName, p})
		}
	}
	return out
}
