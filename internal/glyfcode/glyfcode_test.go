package glyfcode

import (
	"encoding/binary"
	"math/rand"
	"testing"
)

// TestTables checks every flag byte of both tables against the coding
// decoded branch by branch, for every pair of bytes at the position.
func TestTables(t *testing.T) {
	for _, ax := range []struct {
		ops         *Ops
		short, same uint8
	}{{X, xShort, xSame}, {Y, yShort, ySame}} {
		for c := range 256 {
			f := uint8(c)
			for b0 := range 256 {
				for _, b1 := range []int{0, 1, 0x7F, 0x80, 0xFF} {
					var want int32
					var size int
					switch {
					case f&ax.short != 0:
						want, size = int32(b0), 1
						if f&ax.same == 0 {
							want = -want
						}
					case f&ax.same == 0:
						want, size = int32(int16(uint16(b0)<<8|uint16(b1))), 2
					}
					w := uint32(binary.LittleEndian.Uint16([]byte{byte(b0), byte(b1)}))
					got := int32((w&ax.ops.Mask[c])*ax.ops.Mul[c]) >> 16
					if got != want || ax.ops.Size[c] != size {
						t.Fatalf("flag %#02x bytes %#02x %#02x: delta %d size %d, want %d size %d", c, b0, b1, got, ax.ops.Size[c], want, size)
					}
				}
			}
		}
	}
}

// TestFlagWordSizes checks the bit-counting measure of eight flags
// against the sum of their Sizes entries.
func TestFlagWordSizes(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 200000; i++ {
		w := rng.Uint64()
		if i < 256 {
			w = uint64(i) * lanes
		}
		for n := 1; n <= 8; n++ {
			var want uint64
			for k := 0; k < n; k++ {
				want += uint64(Sizes[uint8(w>>(8*k))])
			}
			if got := flagWordSizes(w, lanes>>(64-8*n)); got != want {
				t.Fatalf("flagWordSizes(%#x) over %d bytes = %#x, want %#x", w, n, got, want)
			}
		}
	}
}
