package cellio

import (
	"fmt"
	"sync/atomic"
)

// A value of a type declared in an interpreted cell reaches compiled code
// as an interface with methods in the interpreter's wrapper of that
// interface (kernel/compiled, the "_rbmkernel_wrap_" types): its methods
// run the cell's, but fmt, formatting the wrapper, printed the wrapper's
// own fields ("{2 0xa61a40}" for a Sq{2}) where Go prints the value
// ("{2}"). A wrapper of an interface without String, Error, GoString or
// Format gets a Format method that calls WrappedFormat, which ends the
// cell with the kernel's refusal instead of printing a wrong value.

// refusal is the kernel's function that ends the running cell with an
// InterpreterLimit of the message; it does not return.
var refusal atomic.Pointer[func(msg string)]

// SetRefusal makes refuse the function that WrappedFormat calls.
func SetRefusal(refuse func(msg string)) { refusal.Store(&refuse) }

// WrappedFormat is the Format method of the interpreter's wrapper of the
// interface iface: compiled code formatted with the verb a value of a type
// declared in an interpreted cell. It refuses (SetRefusal's function); with
// none set it writes fmt's notation of a bad verb.
func WrappedFormat(f fmt.State, verb rune, iface string) {
	msg := fmt.Sprintf("compiled code formatted (%%%c) a value of a type declared in an interpreted cell, held as %s: "+
		"it would print the interpreter's wrapper, not the value; format the value in an interpreted cell, "+
		"or give %s a String method (compiled code then prints what the cell's String returns)", verb, iface, iface)
	if r := refusal.Load(); r != nil {
		(*r)(msg)
	}
	fmt.Fprintf(f, "%%!%c(%s)", verb, msg)
}
