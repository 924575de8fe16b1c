package learn

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TestTrainCheckpoint checks Settings.Checkpoint: Train saves the run
// every Checkpoint.Every updates, so that a process killed during the run
// leaves the state of the last multiple of Every (here: the file as it is
// when the observation at update 14 runs holds update 10); Train with that
// file resumes from it and ends as an uninterrupted run, bit for bit; a
// Train interrupted through its context saves where it stopped (inside the
// observation at update 21), and Train again finishes the run, bit for bit.
func TestTrainCheckpoint(t *testing.T) {
	set := barsAndStripes()
	c := resumeCases()[4] // FPCD
	m1, h1 := uninterrupted(t, c, set)
	dir := t.TempDir()
	path, killed := filepath.Join(dir, "run.ckpt"), filepath.Join(dir, "killed.ckpt")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := resumeSettings(set, rateFor(c))
	s.Checkpoint = Checkpoint{Path: path, Every: 5}
	recon := s.Observers[1]
	calls := 0
	s.Observers[1] = Observer{Name: recon.Name, Func: func(ctx2 context.Context, m rbm.Model) (float64, error) {
		calls++
		switch calls {
		case 3: // at update 14: what a killed process leaves
			b, err := os.ReadFile(path)
			if err != nil {
				return 0, err
			}
			if err := os.WriteFile(killed, b, 0o644); err != nil {
				return 0, err
			}
		case 4: // at update 21: the interrupt button
			cancel()
			return 0, ctx2.Err()
		}
		return recon.Func(ctx2, m)
	}}
	m2 := resumeModel()
	if _, err := Train(ctx, m2, set, c.make(), s); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted Train: %v", err)
	}
	s.Observers[1] = recon
	h2, err := Train(context.Background(), m2, set, c.make(), s)
	if err != nil {
		t.Fatal(err)
	}
	sameBits(t, "interrupted and trained again", m1, m2, h1, h2)

	r, err := Resume(killed, set, c.make(), s)
	if err != nil {
		t.Fatal(err)
	}
	if r.Done() != 10 {
		t.Fatalf("the killed run's checkpoint holds %d updates, want 10", r.Done())
	}
	s.Checkpoint.Path = killed
	m3 := resumeModel()
	h3, err := Train(context.Background(), m3, set, c.make(), s)
	if err != nil {
		t.Fatal(err)
	}
	sameBits(t, "killed after update 10 and trained again", m1, m3, h1, h3)
}
