//go:build grpassstats3

package shape

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"fontvm/internal/corpus"
)

func TestPassStats(t *testing.T) {
	for _, i := range []int{0, 3, 1} {
		fo := corpus.GraphiteFonts[i]
		data, err := os.ReadFile(fo.Path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Load(data)
		if err != nil {
			t.Fatal(err)
		}
		s := f.silf
		fmt.Printf("%s: glyphs %d attrs %d dense %v passes %d sPass %d pPass %d jPass %d bPass %d flags %x aUser %d\n", fo.Name, f.numGlyphs, f.numAttrs, f.attrs != nil, s.numPasses, s.sPass, s.pPass, s.jPass, s.bPass, s.flags, s.aUser)
		for k := range s.passes {
			p := &s.passes[k]
			nc := 0
			for _, c := range p.cols {
				if c != 0xFFFF {
					nc++
				}
			}
			fmt.Printf("  pass %d: rules %d states %d trans %d succ %d cols %d colglyphs %d/%d pre %d..%d maxLoop %d coll %d kern %d pcons %v tbytes %d\n", k, p.numRules, p.numStates, p.numTrans, p.numSuccess, p.numColumns, nc, p.numGlyphs, p.minPre, p.maxPre, p.maxLoop, p.numCollRuns, p.kernColls, p.pconstraint != nil, 2*len(p.transitions))
		}
		_ = strings.Join
	}
}

func TestDupStats(t *testing.T) {
	for _, i := range []int{0, 3, 1} {
		fo := corpus.GraphiteFonts[i]
		data, _ := os.ReadFile(fo.Path)
		f, _ := Load(data)
		for k := range f.silf.passes {
			p := &f.silf.passes[k]
			if p.numTrans == 0 || p.numColumns == 0 {
				continue
			}
			rows := map[string]bool{}
			for q := 0; q < p.numTrans; q++ {
				rows[fmt.Sprint(p.transitions[q*p.numColumns:(q+1)*p.numColumns])] = true
			}
			cols := map[string]bool{}
			for c := 0; c < p.numColumns; c++ {
				var v []uint16
				for q := 0; q < p.numTrans; q++ {
					v = append(v, p.transitions[q*p.numColumns+c])
				}
				cols[fmt.Sprint(v)] = true
			}
			nz := 0
			for _, x := range p.transitions {
				if x != 0 {
					nz++
				}
			}
			fmt.Printf("%s pass %d: rows %d distinct %d; cols %d distinct %d; nonzero %d/%d\n", fo.Name, k, p.numTrans, len(rows), p.numColumns, len(cols), nz, len(p.transitions))
		}
	}
}
