package data_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
)

// MNIST reads data/mnist of the repository (made by `make setup`) or
// $RBM_DATA/mnist when dir is "".
func ExampleMNIST() {
	s, err := data.MNIST("", data.MNISTOptions{Limit: 1000, Binarize: data.Thresholded})
	if err != nil {
		fmt.Println(err) // names the missing file and how to create it
		return
	}
	fmt.Println(s.Name, s.Len(), s.Rows, s.Cols, s.Labels[:10])
}

func ExampleLoadIDX() {
	dir, err := os.MkdirTemp("", "idx")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	// Two 2×2 images and their labels, as IDX files.
	write := func(name string, x *data.IDX) string {
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		if err != nil {
			panic(err)
		}
		defer f.Close()
		if err := data.WriteIDX(f, x); err != nil {
			panic(err)
		}
		return p
	}
	img := write("images", &data.IDX{Dims: []int{2, 2, 2}, Data: []byte{0, 255, 51, 0, 255, 255, 0, 102}})
	lab := write("labels", &data.IDX{Dims: []int{2}, Data: []byte{7, 1}})
	s, err := data.LoadIDX(img, lab)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.X.RawRowView(0), s.X.RawRowView(1), s.Labels, s.Rows, s.Cols)
	// Output:
	// [0 1 0.2 0] [1 1 0 0.4] [7 1] 2 2
}
