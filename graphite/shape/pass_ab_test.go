//go:build grpassab

package shape

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"fontvm/internal/corpus"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestAB prints fontvm's thread-CPU ns/segment per font: min and median of trials.
func TestAB(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	fonts := []int{0, 3, 1}
	if v := os.Getenv("AB_FONT"); v != "" {
		fonts = []int{int(v[0] - '0')}
	}
	ntr := 15
	if v := os.Getenv("AB_TRIALS"); v != "" {
		fmt.Sscan(v, &ntr)
	}
	for _, i := range fonts {
		fo := corpus.GraphiteFonts[i]
		data, _ := os.ReadFile(fo.Path)
		f, _ := Load(data)
		b, _ := os.ReadFile("testdata/texts/" + fo.Name + ".txt")
		var texts [][]rune
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			texts = append(texts, []rune(strings.TrimSpace(l)))
		}
		sh := NewShaper(f)
		opts := &Options{RTL: i == 1, Scale: 1}
		run := func() {
			for _, tx := range texts {
				sh.Shape(tx, opts)
			}
		}
		run()
		rounds := 20
		if i == 1 {
			rounds = 4
		}
		if v := os.Getenv("AB_ROUNDS"); v != "" {
			fmt.Sscan(v, &rounds)
		}
		var res []float64
		for tr := 0; tr < ntr; tr++ {
			t0 := threadCPU()
			for r := 0; r < rounds; r++ {
				run()
			}
			res = append(res, float64(threadCPU()-t0)/float64(max(1, rounds*len(texts))))
		}
		sort.Float64s(res)
		if ntr < 4 {
			fmt.Printf("RES %.0f\n", res[0])
			continue
		}
		fmt.Printf("%-14s min %6.0f  q1 %6.0f  med %6.0f ns/seg\n", fo.Name, res[0], res[3], res[7])
	}
}
