package kern

import "testing"

// TestTranspose checks Transpose element by element on shapes smaller than
// a tile, of whole tiles (64×32) and with partial ones at the edges, from a
// source whose stride is wider than its rows.
func TestTranspose(t *testing.T) {
	for _, shape := range [][2]int{{1, 1}, {3, 5}, {16, 16}, {64, 32}, {17, 33}, {70, 45}, {40, 7}} {
		r, c := shape[0], shape[1]
		src := General[float32]{Rows: r, Cols: c, Stride: c + 3, Data: make([]float32, r*(c+3))}
		for i := range src.Data {
			src.Data[i] = float32(i)
		}
		dst := General[float32]{Rows: c, Cols: r, Stride: r, Data: make([]float32, r*c)}
		Transpose(dst, src)
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				if got, want := dst.Data[j*r+i], src.Data[i*(c+3)+j]; got != want {
					t.Fatalf("%d×%d: dst[%d][%d] = %v, want src[%d][%d] = %v", r, c, j, i, got, i, j, want)
				}
			}
		}
	}
}

// BenchmarkTranspose measures the transposed copy of a 784×500 float32 W
// (the samplers' copy, params32.Transposed), to set against the products
// it speeds up (bench/README.md).
func BenchmarkTranspose(b *testing.B) {
	src := General[float32]{Rows: 784, Cols: 500, Stride: 500, Data: make([]float32, 784*500)}
	dst := General[float32]{Rows: 500, Cols: 784, Stride: 784, Data: make([]float32, 784*500)}
	for b.Loop() {
		Transpose(dst, src)
	}
}
