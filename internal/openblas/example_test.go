package openblas_test

import (
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/internal/openblas"
)

// Which BLAS the products of this program use: "openblas" when built with
// -tags openblas, "gonum" (pure Go) otherwise.
func ExampleName() {
	fmt.Println("BLAS:", openblas.Name(), "enabled:", openblas.Enabled())
}
