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

// Interact runs a function with its controls' values at once and after
// each change; outside a kernel its prints go to standard output.
func ExampleInteract() {
	temp := widgets.NewFloatSlider("T", 1, 0.5, 4)
	steps := widgets.NewIntSlider("steps", 10, 1, 100)
	_, err := widgets.Interact(func(t float64, n int) {
		fmt.Printf("sampling %d steps at T=%.1f\n", n, t)
	}, temp, steps)
	if err != nil {
		fmt.Println(err)
		return
	}
	temp.SetValue(2)
	steps.SetValue(50)
	// Output:
	// sampling 10 steps at T=1.0
	// sampling 10 steps at T=2.0
	// sampling 50 steps at T=2.0
}

// A Play button linked to a slider in the browser animates it; the
// kernel sees every value.
func ExampleJSLink() {
	play := widgets.NewPlay(0, 0, 10, 1, 200)
	frame := widgets.NewIntSlider("frame", 0, 0, 10)
	if _, err := widgets.JSLink(play, "value", frame, "value"); err != nil {
		fmt.Println(err)
		return
	}
	_, err := widgets.JSLink(play, "value", frame, "speed")
	fmt.Println(err)
	// Output:
	// widgets: JSLink: IntSliderModel has no attribute "speed"
}

// Two sliders linked in the kernel stay equal without a browser: a
// change of either, from Go or from the front end, moves the other; a
// value one of them cannot take is corrected on both.
func ExampleLink() {
	coarse := widgets.NewIntSlider("steps", 10, 0, 100)
	fine := widgets.NewIntSlider("steps (fine)", 0, 0, 50)
	if _, err := widgets.Link(coarse, "value", fine, "value"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(fine.Value())
	fine.SetValue(30)
	fmt.Println(coarse.Value())
	coarse.SetValue(80) // beyond fine's maximum
	fmt.Println(coarse.Value(), fine.Value())
	// Output:
	// 10
	// 30
	// 50 50
}
