package conformance

import "testing"

func TestFirstDiff(t *testing.T) {
	base := "gid 3 adv 64 n 2 c 1 pts 1,2 3,4 ends 1"
	for _, c := range []struct{ got, want string }{
		{base, "identical"},
		{"gid 3 adv 128 n 2 c 1 pts 1,2 3,4 ends 1", "adv: FreeType 64, fontvm 128"},
		{"gid 3 adv 64 n 2 c 1 pts 1,2 3,5 ends 1", "point 1: FreeType 3,4, fontvm 3,5"},
		{"gid 3 adv 64 n 2 c 1 pts 1,2 3,4 ends 0", "ends: FreeType 1, fontvm 0"},
		{"gid 3 err Invalid_Opcode", `FreeType "adv 64 n 2 c 1 pts 1,2 3,4 ends 1", fontvm "err Invalid_Opcode"`},
		{"gid 3 adv 64 n 2 c 1 pts 1,2 3,4 ends 1 2", "length: FreeType 13 fields, fontvm 14"},
	} {
		if d := FirstDiff(base, c.got); d != c.want {
			t.Errorf("FirstDiff(%q) = %q, want %q", c.got, d, c.want)
		}
	}
}
