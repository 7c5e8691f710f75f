//go:build reference

package perf

import (
	"os"
	"runtime"
	"testing"

	"fontvm/internal/ftref"
	"fontvm/truetype/hint"
)

func TestZZDefaultRoboto(t *testing.T) {
	data, _ := os.ReadFile("/work/shared/fonts/variable/Roboto-Variable.ttf")
	j, _ := NewHintJob(data, hint.Options{Mode: hint.ModeV40}, DefaultPPEMs)
	j.Run(1)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cmp := Interleave(5, func() { j.Run(10) }, func() { ftref.Time(data, DefaultPPEMs, ftref.ModeV40, ftref.TargetNormal, 10) }, Sample{})
	t.Logf("default Roboto v40 CPU ratio %.2f wall %.2f", cmp.Ratio(true), cmp.Ratio(false))
}
