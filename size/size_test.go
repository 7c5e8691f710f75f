package size

import (
	"errors"
	"testing"
)

// TestCharSize checks FT_Set_Char_Size's filling of the request, case by
// case from its code: zero arguments take the other axis's, both zero
// resolutions mean 72, sizes below one point become one point.
func TestCharSize(t *testing.T) {
	cases := []struct {
		w, h       int64
		hres, vres uint32
		want       Request
	}{
		{0, 768, 96, 96, Request{768, 768, 96, 96}},
		{640, 0, 0, 120, Request{640, 640, 120, 120}},
		{640, 768, 96, 0, Request{640, 768, 96, 96}},
		{0, 0, 0, 0, Request{64, 64, 72, 72}},
		{10, 30, 72, 72, Request{64, 64, 72, 72}},
		{-5, 700, 72, 72, Request{64, 700, 72, 72}},
	}
	for _, c := range cases {
		if got := CharSize(c.w, c.h, c.hres, c.vres); got != c.want {
			t.Errorf("CharSize(%d, %d, %d, %d) = %+v, want %+v", c.w, c.h, c.hres, c.vres, got, c.want)
		}
	}
	if got, want := Pixels(939), (Request{939, 939, 72, 72}); got != want {
		t.Errorf("Pixels(939) = %+v, want %+v", got, want)
	}
	if got, want := Points(704, 96, 72), (Request{704, 704, 96, 72}); got != want {
		t.Errorf("Points(704, 96, 72) = %+v, want %+v", got, want)
	}
}

// TestMetricsErrors checks the refusals: negative sizes, a zero units
// per em, and unnormalised requests scaled from the other axis.
func TestMetricsErrors(t *testing.T) {
	if _, err := (Request{Width: -64, Height: 64}).Metrics(2048); !errors.Is(err, ErrArgument) {
		t.Errorf("negative width: %v", err)
	}
	if _, err := Pixels(64).Metrics(0); !errors.Is(err, ErrUnitsPerEm) {
		t.Errorf("upem 0: %v", err)
	}
	if _, err := Pixels(64 * 65536).Metrics(2048); !errors.Is(err, ErrPixelSize) {
		t.Errorf("65536 ppem: %v", err)
	}
	// A zero width takes the height's scale (FT_Request_Metrics' own rule).
	m, err := (Request{Height: 939}).Metrics(2048)
	if err != nil || m.XScale != m.YScale || m.XPPEM != 15 || m.YPPEM != 15 {
		t.Errorf("height only: %+v, %v", m, err)
	}
	if !Points(704, 96, 96).Square() || Points(704, 96, 72).Square() {
		t.Error("Square")
	}
}
