package display_test

import (
	"fmt"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// printSink prints what it receives, standing in for the kernel.
type printSink struct{}

func (printSink) Publish(b display.Bundle) {
	fmt.Printf("update=%v text=%q\n", b.Update, b.Data[display.MIMEText])
}

func (printSink) Clear(wait bool) { fmt.Println("clear", wait) }

func ExampleRender() {
	for _, v := range []any{42, "hi", struct{ X, Y int }{1, 2}} {
		b, _ := display.Render(v)
		fmt.Println(b.Data[display.MIMEText])
	}
	// Output:
	// 42
	// "hi"
	// {X:1 Y:2}
}

func ExampleNew() {
	old := display.SetSink(printSink{})
	defer display.SetSink(old)

	d := display.New()
	d.Show("epoch 1: loss 0.7")
	d.Show("epoch 2: loss 0.5") // replaces the first output
	// Output:
	// update=false text="\"epoch 1: loss 0.7\""
	// update=true text="\"epoch 2: loss 0.5\""
}

func ExampleNewProgress() {
	old := display.SetSink(printSink{})
	defer display.SetSink(old)

	p := display.NewProgress("train")
	p.Now = func() time.Time { return time.Time{} } // a fixed clock, for the example output
	// A training loop calls the callback func(done, total int, status string).
	var report func(done, total int, status string) = p.Update
	report(0, 4, "")
	report(4, 4, "loss 0.3") // the final state is always shown
	// Output:
	// update=false text="train [>                   ] 0/4 (0%) 0:00 elapsed"
	// update=true text="train [====================] 4/4 (100%) 0:00 elapsed loss 0.3"
}

func ExampleHTML() {
	old := display.SetSink(printSink{})
	defer display.SetSink(old)

	display.HTML("<b>bold</b>")
	// Output:
	// update=false text="<b>bold</b>"
}
