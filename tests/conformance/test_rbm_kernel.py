"""Conformance of rbm-kernel to the Jupyter messaging protocol, with the
public jupyter_kernel_test suite. Every attribute the suite reads is set, so
no test is skipped (tests/conformance/run.sh fails if one is).

Run against an installed kernelspec named "rbm-kernel":

    JUPYTER_PATH=build/jupyter/share/jupyter build/venv/bin/python -m unittest -v test_rbm_kernel
"""
import unittest

import jupyter_kernel_test


class RBMKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "rbm-kernel"

    # test_kernel_info
    language_name = "go"
    file_extension = ".go"

    # test_execute_stdout, test_execute_stderr
    code_hello_world = 'fmt.Println("hello, world")'
    code_stderr = 'fmt.Fprintln(os.Stderr, "to stderr")'

    # test_completion: the kernel completes the member after "pkg." and
    # replaces only the member (cursor_start is after the dot).
    completion_samples = [
        {"text": "fmt.Prin", "matches": {"Print", "Printf", "Println"}},
        {"text": "strings.HasPre", "matches": {"HasPrefix"}},
    ]

    # test_is_complete
    complete_code_samples = [
        "x := 1",
        'fmt.Println("hi")',
        "func f() int { return 1 }",
        "type T struct{ X int }",
        "for i := 0; i < 3; i++ {\n\tfmt.Println(i)\n}",
    ]
    incomplete_code_samples = [
        "func f() int {",
        "for i := 0; i < 3; i++ {",
        "fmt.Println(",
        "x := []int{1, 2,",
        "s := `raw",
    ]
    invalid_code_samples = [
        "x := )",
        "}",
        "fmt.Println(1))",
    ]

    # test_pager: "name?" returns the documentation as a page payload.
    code_page_something = "fmt.Println?"

    # test_error: exactly one output message, of type error.
    code_generate_error = 'panic("boom")'

    # test_execute_result, test_history
    code_execute_result = [
        {"code": "6*7", "result": "42"},
        {"code": '"go" + "pher"', "mime": "text/plain"},
    ]
    # Matches "6*7" only (glob: '*' is any text).
    code_history_pattern = "6*7"
    supported_history_operations = ("tail", "range", "search")

    # test_display_data
    code_display_data = [
        {"code": 'display.HTML("<b>hi</b>")', "mime": "text/html"},
        {"code": 'display.Markdown("# title")', "mime": "text/markdown"},
        {"code": 'display.SVG(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>`)',
         "mime": "image/svg+xml"},
    ]

    # test_inspect
    code_inspect_sample = "fmt.Println"

    # test_clear_output
    code_clear_output = "display.ClearOutput(false)"


if __name__ == "__main__":
    unittest.main()
