package hint

import "testing"

func TestMoves(t *testing.T) {
	svx, svy := []byte{0x01}, []byte{0x00}
	for _, c := range []struct {
		name string
		v    int
		bc   bool
		pts  []vec
		cvt  []int64
		code []byte
		want []vec // expected current positions of the glyph points
		tags []uint8
	}{
		{name: "MDAP[1] rounds along x",
			pts: []vec{{100, 37}}, code: cat(svx, pushW(0), []byte{0x2F}),
			want: []vec{{128, 37}}, tags: []uint8{tagTouchX}},
		{name: "MDAP[0] touches only",
			pts: []vec{{100, 37}}, code: cat(svy, pushW(0), []byte{0x2E}),
			want: []vec{{100, 37}}, tags: []uint8{tagTouchY}},
		{name: "MIAP[1] within cut-in uses the CVT",
			pts: []vec{{190, 0}}, cvt: []int64{200}, code: cat(svx, pushW(0, 0), []byte{0x3F}),
			want: []vec{{192, 0}}},
		{name: "MIAP[1] beyond cut-in keeps the outline",
			pts: []vec{{100, 0}}, cvt: []int64{200}, code: cat(svx, pushW(0, 0), []byte{0x3F}),
			want: []vec{{128, 0}}},
		{name: "MIRP[rp0,round] to the CVT distance",
			pts: []vec{{0, 0}, {150, 0}}, cvt: []int64{128}, code: cat(svx, pushW(0), []byte{0x10}, pushW(1, 0), []byte{0xF4}),
			want: []vec{{0, 0}, {128, 0}}},
		{name: "MIRP minimum distance",
			pts: []vec{{0, 0}, {10, 0}}, cvt: []int64{10}, code: cat(svx, pushW(0), []byte{0x10}, pushW(1, 0), []byte{0xEC}),
			want: []vec{{0, 0}, {64, 0}}},
		{name: "MDRP[round] keeps the rounded original distance",
			pts: []vec{{10, 0}, {110, 0}}, code: cat(svx, pushW(0), []byte{0x10}, pushW(1), []byte{0xC4}),
			want: []vec{{10, 0}, {138, 0}}},
		{name: "MSIRP",
			pts: []vec{{10, 0}, {110, 0}}, code: cat(svx, pushW(0), []byte{0x10}, pushW(1, 64), []byte{0x3A}),
			want: []vec{{10, 0}, {74, 0}}},
		{name: "ALIGNRP with SLOOP",
			pts: []vec{{10, 5}, {110, 6}, {50, 7}}, code: cat(svx, pushW(0), []byte{0x10}, pushW(1, 2, 2), []byte{0x17, 0x3C}),
			want: []vec{{10, 5}, {10, 6}, {10, 7}}},
		{name: "SHPIX along y",
			pts: []vec{{10, 5}}, code: cat(svy, pushW(0, 64), []byte{0x38}),
			want: []vec{{10, 69}}},
		{name: "SHPIX v40 backward compatibility: x ignored, untouched y ignored",
			v: 40, bc: true, pts: []vec{{10, 5}}, code: cat(svx, pushW(0, 64), []byte{0x38}, svy, pushW(0, 64), []byte{0x38}),
			want: []vec{{10, 5}}},
		{name: "SHPIX v40 backward compatibility: touched y moves",
			v: 40, bc: true, pts: []vec{{10, 5}}, code: cat(svy, pushW(0), []byte{0x2E}, pushW(0, 64), []byte{0x38}),
			want: []vec{{10, 69}}},
		{name: "v40 backward compatibility ignores x moves",
			v: 40, bc: true, pts: []vec{{100, 37}}, code: cat(svx, pushW(0), []byte{0x2F}),
			want: []vec{{100, 37}}, tags: []uint8{tagTouchX}},
		{name: "v40 backward compatibility: nothing moves after IUP[x] and IUP[y]",
			v: 40, bc: true, pts: []vec{{100, 37}}, code: cat([]byte{0x30, 0x31}, svy, pushW(0), []byte{0x2F}),
			want: []vec{{100, 37}}},
		{name: "SHP[rp2] shifts by rp2's movement",
			pts: []vec{{0, 0}, {10, 10}}, code: cat(svy, pushW(0), []byte{0x2F}, pushW(0), []byte{0x12}, pushW(0, 32), []byte{0x38}, pushW(1), []byte{0x32}),
			want: []vec{{0, 32}, {10, 42}}},
		{name: "IUP[y] interpolates between touched points",
			pts: []vec{{0, 0}, {0, 50}, {0, 100}}, code: cat(svy, pushW(0, 32, 2, 64), []byte{0x38, 0x38}, []byte{0x30}),
			want: []vec{{0, 32}, {0, 98}, {0, 164}}},
		{name: "IUP[y] shifts with one touched point",
			pts: []vec{{0, 0}, {0, 50}, {0, 100}}, code: cat(svy, pushW(1, 10), []byte{0x38}, []byte{0x30}),
			want: []vec{{0, 10}, {0, 60}, {0, 110}}},
		{name: "DELTAP1 at ppem 12 (delta base 9)",
			pts: []vec{{0, 0}}, code: cat(svy, pushW(0x3F, 0, 1), []byte{0x5D}),
			want: []vec{{0, 64}}},
		{name: "DELTAP1 other ppem does nothing",
			pts: []vec{{0, 0}}, code: cat(svy, pushW(0x4F, 0, 1), []byte{0x5D}),
			want: []vec{{0, 0}}},
		{name: "ISECT",
			pts: []vec{{0, 0}, {256, 0}, {128, -64}, {128, 64}, {7, 7}}, code: cat(pushW(4, 0, 1, 2, 3), []byte{0x0F}),
			want: []vec{{0, 0}, {256, 0}, {128, -64}, {128, 64}, {128, 0}}},
		{name: "FLIPPT",
			pts: []vec{{0, 0}}, code: cat(pushW(0), []byte{0x80}),
			want: []vec{{0, 0}}, tags: []uint8{tagOn}},
		{name: "SCFS",
			pts: []vec{{3, 4}}, code: cat(svx, pushW(0, 100), []byte{0x48}),
			want: []vec{{100, 4}}},
		{name: "diagonal vectors (SPVFS/SFVFS) move along the freedom vector",
			pts: []vec{{0, 0}}, code: cat(pushW(0x4000, 0x4000), []byte{0x0A}, pushW(0, 0x4000), []byte{0x0B}, pushW(0, 64), []byte{0x38}),
			want: []vec{{0, 64}}},
	} {
		v := c.v
		if v == 0 {
			v = 35
		}
		e := machine(v, c.bc, c.pts, c.cvt)
		if err := e.runGlyph(c.code); err != errOK {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for i, w := range c.want {
			if e.pts.cur[i] != w {
				t.Errorf("%s: point %d at %v, want %v", c.name, i, e.pts.cur[i], w)
			}
		}
		for i, w := range c.tags {
			if e.pts.tags[i] != w {
				t.Errorf("%s: point %d tags %#x, want %#x", c.name, i, e.pts.tags[i], w)
			}
		}
	}
}

func TestTwilightAndZones(t *testing.T) {
	e := machine(35, false, []vec{{0, 0}, {200, 0}}, []int64{100})
	// SZP0 0; MIAP[0] twilight point 1 to cvt 0 along x: org = cur = (100, 0)
	code := cat([]byte{0x01}, pushW(0), []byte{0x13}, pushW(1, 0), []byte{0x3E})
	if err := e.runGlyph(code); err != errOK {
		t.Fatal(err)
	}
	if e.twilight.cur[1] != (vec{100, 0}) || e.twilight.org[1] != (vec{100, 0}) {
		t.Errorf("twilight point 1: cur %v org %v", e.twilight.cur[1], e.twilight.org[1])
	}
	// SZP with a bad zone is ignored; a bad point reference is skipped.
	if err := e.runGlyph(cat(pushW(5), []byte{0x13}, pushW(99), []byte{0x2F})); err != errOK {
		t.Fatal(err)
	}
	if e.zp0 != &e.pts {
		t.Errorf("SZP0 5 changed zp0")
	}
}
