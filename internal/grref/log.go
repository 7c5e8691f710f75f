package grref

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// A LogSlot is one row of gr2fonttest's slot table.
type LogSlot struct {
	GID           int
	AttachTo      int    // index of the slot this one attaches to, -1 if none
	AttX, AttY    int    // attachment offset (gr_slatAttX, gr_slatAttY)
	X, Y          string // as printed (%6.1f, spaces trimmed)
	Before, After int    // gr_slot_before, gr_slot_after
}

// A Log is what gr2fonttest's -log file says about one segment.
type Log struct {
	Slots         []LogSlot
	Advance       string // "Advance width = %6.1f", trimmed; "" when no segment
	Before, After []int  // character table
	HasSegment    bool
}

// ParseLog reads the segment part of a gr2fonttest log (the slot table,
// the advance and the character table). A log without "Segment length"
// (graphite2 made no segment, or refused the font) parses to a Log with
// HasSegment false.
func ParseLog(b []byte) (*Log, error) {
	l := &Log{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	state := 0 // 0 before slots, 1 slots, 2 after advance, 3 chars
	for sc.Scan() {
		s := sc.Text()
		switch {
		case strings.HasPrefix(s, "Segment length:"):
			l.HasSegment = true
		case strings.HasPrefix(s, "pos  gid"):
			state = 1
		case strings.HasPrefix(s, "Advance width ="):
			l.Advance = strings.TrimSpace(strings.TrimPrefix(s, "Advance width ="))
			state = 2
		case strings.HasPrefix(s, "Char\tUnicode"):
			state = 3
		case state == 1:
			f := strings.Split(s, "\t")
			if len(f) < 5 {
				return nil, fmt.Errorf("grref: log slot line %q", s)
			}
			var sl LogSlot
			var pos int
			if _, err := fmt.Sscanf(f[0], "%d %d %d@%d,%d", &pos, &sl.GID, &sl.AttachTo, &sl.AttX, &sl.AttY); err != nil {
				return nil, fmt.Errorf("grref: log slot line %q: %v", s, err)
			}
			sl.X, sl.Y = strings.TrimSpace(f[1]), strings.TrimSpace(f[2])
			if _, err := fmt.Sscanf(f[4], "%d %d", &sl.Before, &sl.After); err != nil {
				return nil, fmt.Errorf("grref: log slot line %q: %v", s, err)
			}
			l.Slots = append(l.Slots, sl)
		case state == 3 && s != "":
			f := strings.Split(s, "\t")
			if len(f) < 5 {
				return nil, fmt.Errorf("grref: log char line %q", s)
			}
			b, err1 := strconv.Atoi(f[2])
			a, err2 := strconv.Atoi(f[3])
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("grref: log char line %q", s)
			}
			l.Before = append(l.Before, b)
			l.After = append(l.After, a)
		}
	}
	return l, sc.Err()
}
