package library_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
)

// pinnedMeasures is a sweep of every data set with parameters added since
// (mnist's skip, binarize and seed) and every measure that took the
// parameter on, or others since (tau's burn, estimator and sampler): its
// keys must not move either.
const pinnedMeasures = `seed 3
updates 10
data mnist(n = 500, threshold = 0.4)
model binary(hidden = 10)
axis learner = [cd, pcd]
learner $learner
measure ais(chains = 10, steps = 100) every 5
measure recon
measure isl(samples = 20)
measure loglik every 5
measure tau
`

// TestKeysUnchanged pins the run keys of sweeps without a test statement
// to those that main computed before the statement existed (commit
// 8dbd608): results of earlier sweeps are found again by their key, so a
// new parameter whose default is the old behaviour (a measure's on, the
// mnist's skip, binarize and seed) must not enter the configuration while
// it has its default. Each case pins the first run's key and the SHA-256
// of all keys in plan order, one per line.
func TestKeysUnchanged(t *testing.T) {
	read := func(path string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", path))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, c := range []struct {
		name, src   string
		first, hash string
	}{
		{"examples/sweeps/sdcp-fig1-shifting-bar.sweep", read("examples/sweeps/sdcp-fig1-shifting-bar.sweep"), "a30c5eeffa778c58", "65626d4a48796217c176b970e84719c7837389cb249227e138a0930ba8963a9e"},
		{"examples/sweeps/sdcp-fig2-bars-stripes.sweep", read("examples/sweeps/sdcp-fig2-bars-stripes.sweep"), "37d224c44d4508bb", "10312d5c2e15b605ecf59ca1ec668fa949411adfddac4c01c9fdf49e74785d4d"},
		{"tests/slurm/tiny.sweep", read("tests/slurm/tiny.sweep"), "ee2bcedc23970cb6", "f03dc269fc8f79e0ab33069f7d75ff6983ba56235c03e0344d249f99a05e02fb"},
		{"dsl/testdata/table1.sweep", read("dsl/testdata/table1.sweep"), "9588512efb482f07", "a1b23434f75f8c43e80bc33acdc7180b112d9235d477c914be6b3e942e666b1c"},
		{"measures", pinnedMeasures, "c7552411b8b4e6bc", "560bd94ec0f749ba5639ddfcde232046d50a6fe9dbbef90db66afe50a94cc61a"},
	} {
		spec, err := dsl.Compile(c.name, []byte(c.src), library.Registry())
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p, err := dsl.NewPlan(spec)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var keys []string
		for _, j := range p.Jobs {
			keys = append(keys, j.Key)
		}
		sum := sha256.Sum256([]byte(strings.Join(keys, "\n")))
		if h := hex.EncodeToString(sum[:]); keys[0] != c.first || h != c.hash {
			t.Errorf("%s: %d runs, first key %s, keys' SHA-256 %s; want %s, %s (the keys of main before the test statement)", c.name, len(keys), keys[0], h, c.first, c.hash)
		}
	}
}
