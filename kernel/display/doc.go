// Package display is what a notebook cell calls to show things: PNG, SVG,
// HTML, Markdown, LaTeX, JSON, images, gonum plots, displays that update in
// place, and progress bars.
//
// The package knows nothing of sockets. The kernel installs a Sink for each
// cell (SetSink); every call here turns its argument into a Bundle and hands
// it to that sink, which the kernel forwards to Jupyter as display_data or
// update_display_data. Outside a kernel the calls do nothing.
package display
