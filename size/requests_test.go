package size

// testRequests are the requests the golden file and the reference test
// cover: FT_Set_Char_Size arguments (char width, char height in 26.6
// points, horizontal and vertical dpi) with fractional point sizes,
// common and non-square resolutions, zero arguments, sizes below one
// point, and requests FreeType refuses (a ppem above 65535; a ppem of 0,
// which the TrueType driver refuses).
func testRequests() [][4]int64 {
	var rs [][4]int64
	heights := []int64{0, 32, 64, 480, 672, 704, 768, 853, 1328, 6400}
	dpis := [][2]int64{{72, 72}, {96, 96}, {96, 72}, {72, 96}, {72, 120}, {120, 72}, {300, 600}, {0, 0}, {0, 96}, {110, 0}, {1, 1}}
	for _, h := range heights {
		for _, d := range dpis {
			rs = append(rs, [4]int64{0, h, d[0], d[1]})
		}
	}
	rs = append(rs,
		[4]int64{640, 768, 72, 72}, [4]int64{768, 640, 96, 96}, [4]int64{768, 0, 96, 0},
		[4]int64{900, 700, 96, 120}, [4]int64{1, 1, 72, 72},
		[4]int64{64 * 60000, 0, 72, 72}, [4]int64{64 * 65535, 0, 72, 72}, [4]int64{64 * 65536, 0, 72, 72},
		[4]int64{64 * 1000, 0, 100000, 100000}, [4]int64{64, 0, 30, 30}, [4]int64{64, 64, 30, 96},
		// size × dpi ≡ 36 (mod 72): FT_REQUEST_WIDTH's rounding term decides.
		[4]int64{0, 66, 90, 90}, [4]int64{0, 750, 90, 90}, [4]int64{750, 66, 90, 45},
	)
	return rs
}
