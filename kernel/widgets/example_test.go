package widgets_test

import (
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/kernel/widgets"
)

// Outside a kernel the widgets keep their state and call their observers;
// nothing is sent.
func Example() {
	rate := widgets.NewFloatSlider("learning rate", 0.1, 0, 1)
	rate.OnChange(func(v float64) { fmt.Printf("rate is now %.2f\n", v) })
	rate.SetValue(0.25)
	rate.SetValue(3) // clamped to the range
	fmt.Println(rate)
	// Output:
	// rate is now 0.25
	// rate is now 1.00
	// FloatSlider("learning rate", value=1, min=0, max=1)
}
