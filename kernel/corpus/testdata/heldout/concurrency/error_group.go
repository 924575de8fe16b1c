// A hand-written errgroup: run tasks concurrently, keep the first error, cancel the rest.
package main

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
)

type Group struct {
	wg      sync.WaitGroup
	errOnce sync.Once
	err     error
	cancel  context.CancelFunc
}

func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	return &Group{cancel: cancel}, ctx
}

func (g *Group) Go(f func() error) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		if err := f(); err != nil {
			g.errOnce.Do(func() {
				g.err = err
				if g.cancel != nil {
					g.cancel()
				}
			})
		}
	}()
}

func (g *Group) Wait() error {
	g.wg.Wait()
	if g.cancel != nil {
		g.cancel()
	}
	return g.err
}

var ErrInvalid = errors.New("invalid record")

func validate(record string) error {
	if strings.TrimSpace(record) == "" {
		return fmt.Errorf("validate %q: %w", record, ErrInvalid)
	}
	return nil
}

func main() {
	records := []string{"alpha", "beta", "gamma", "delta"}
	var mu sync.Mutex
	var upper []string
	g, _ := WithContext(context.Background())
	for _, r := range records {
		g.Go(func() error {
			if err := validate(r); err != nil {
				return err
			}
			mu.Lock()
			upper = append(upper, strings.ToUpper(r))
			mu.Unlock()
			return nil
		})
	}
	err := g.Wait()
	sort.Strings(upper)
	fmt.Println("first batch error:", err)
	fmt.Println("processed:", strings.Join(upper, " "))

	bad := []string{"one", "  ", "three"}
	g2, ctx := WithContext(context.Background())
	blocked := make(chan struct{})
	for i, r := range bad {
		g2.Go(func() error {
			if i == 0 {
				<-ctx.Done()
				close(blocked)
				return ctx.Err()
			}
			return validate(r)
		})
	}
	err = g2.Wait()
	<-blocked
	fmt.Println("second batch error:", err)
	fmt.Println("is ErrInvalid:", errors.Is(err, ErrInvalid))
	fmt.Println("context after failure:", ctx.Err())
}

// Output:
// first batch error: <nil>
// processed: ALPHA BETA DELTA GAMMA
// second batch error: validate "  ": invalid record
// is ErrInvalid: true
// context after failure: context canceled
