// context.WithCancel and WithTimeout stopping workers; only deterministic facts are printed.
package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

func ticker(ctx context.Context, id int, out chan<- int) error {
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case out <- id*1000 + i:
		}
	}
}

func slowOperation(ctx context.Context, d time.Duration) (string, error) {
	select {
	case <-time.After(d):
		return "finished", nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	out := make(chan int)
	errs := make([]error, 3)
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs[i] = ticker(ctx, i+1, out)
		}(i)
	}
	received := 0
	for range out {
		received++
		if received == 10 {
			cancel()
			break
		}
	}
	wg.Wait()
	fmt.Println("received values:", received)
	for i, err := range errs {
		fmt.Printf("worker %d stopped: %v (canceled=%v)\n", i+1, err, errors.Is(err, context.Canceled))
	}
	fmt.Println("ctx.Err():", ctx.Err())

	tctx, tcancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer tcancel()
	res, err := slowOperation(tctx, 2*time.Second)
	fmt.Printf("slow op: result=%q err=%v\n", res, err)
	fmt.Println("is deadline exceeded:", errors.Is(err, context.DeadlineExceeded))

	fctx, fcancel := context.WithTimeout(context.Background(), 2*time.Second)
	res, err = slowOperation(fctx, time.Millisecond)
	fcancel()
	fmt.Printf("fast op: result=%q err=%v\n", res, err)

	parent, pcancel := context.WithCancel(context.Background())
	child, ccancel := context.WithCancel(parent)
	defer ccancel()
	pcancel()
	<-child.Done()
	fmt.Println("child after parent cancel:", child.Err())

	vctx := context.WithValue(context.Background(), ctxKey("user"), "gopher")
	fmt.Println("value from context:", vctx.Value(ctxKey("user")))
	fmt.Println("missing value:", vctx.Value(ctxKey("role")))
}

type ctxKey string

// Output:
// received values: 10
// worker 1 stopped: context canceled (canceled=true)
// worker 2 stopped: context canceled (canceled=true)
// worker 3 stopped: context canceled (canceled=true)
// ctx.Err(): context canceled
// slow op: result="" err=context deadline exceeded
// is deadline exceeded: true
// fast op: result="finished" err=<nil>
// child after parent cancel: context canceled
// value from context: gopher
// missing value: <nil>
