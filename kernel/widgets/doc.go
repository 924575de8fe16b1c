// Package widgets gives Go cells the controls of ipywidgets: sliders,
// checkboxes, buttons, labels, output areas, boxes and images that
// JupyterLab renders with its widget extension (jupyterlab-widgets, which
// the project pins), without any extension of ours. Cells use it without
// an import:
//
//	temp := widgets.NewFloatSlider("temperature", 1, 0.1, 5)
//	out := widgets.NewOutput()
//	temp.OnChange(func(t float64) {
//		out.Capture(func() { fmt.Println("temperature", t) })
//	})
//	widgets.NewVBox(temp, out)
//
// A widget that ends a cell (or that display.Show is given) is shown with
// the application/vnd.jupyter.widget-view+json MIME type; front ends
// without widgets show its text.
//
// Each widget is a model of the widget messaging protocol (version 2.1)
// kept in sync over a comm of target jupyter.widget (package
// kernel/comm): @jupyter-widgets/controls 2.0.0 models (IntSliderModel,
// FloatSliderModel, CheckboxModel, ButtonModel, LabelModel, HBoxModel,
// VBoxModel, ImageModel), @jupyter-widgets/output 1.0.0's OutputModel,
// and a LayoutModel of @jupyter-widgets/base 2.0.0 (and a style model)
// for each. What Go code sets is sent as an update; what the user changes
// comes back as an update, which the kernel echoes (echo_update), checks
// (a slider's value is clamped to its range) and passes to the
// observers. The front end's request_state and, on the comm target
// jupyter.widget.control, request_states are answered with the state.
//
// Callbacks (OnChange, OnClick, Model.Observe) of the front end's changes
// run one at a time, in the order of the messages, on one goroutine of
// the kernel, while cells may run: a slider moved during a long cell
// reaches its callback at once. Share data between callbacks and cells as
// with a goroutine (a mutex, a channel, sync/atomic). What a callback
// prints goes to the cell running then, or to the next one, unless it
// runs inside Output.Capture, which sends it to the output area.
//
// Link and DLink keep attributes of two widgets equal in the kernel
// (ipywidgets' link and dlink), so linked widgets stay in step without a
// front end too; JSLink asks the front end to do it (LinkModel).
//
// Outside a kernel the widgets work in Go alone: their state changes and
// their observers run, and nothing is sent.
package widgets
