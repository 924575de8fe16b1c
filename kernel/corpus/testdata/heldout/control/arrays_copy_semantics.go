// Arrays and multi-dimensional arrays: value copy semantics versus slices, comparison, and matrix ops.
package main

import "fmt"

type Matrix [3][3]int

func (m Matrix) Transpose() Matrix {
	var t Matrix
	for i := range m {
		for j := range m[i] {
			t[j][i] = m[i][j]
		}
	}
	return t
}

func (m Matrix) Mul(o Matrix) Matrix {
	var r Matrix
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				r[i][j] += m[i][k] * o[k][j]
			}
		}
	}
	return r
}

func (m *Matrix) Scale(f int) {
	for i := range m {
		for j := range m[i] {
			m[i][j] *= f
		}
	}
}

func zeroArray(a [4]int) { a[0] = 0 }
func zeroSlice(s []int)  { s[0] = 0 }
func zeroPtr(a *[4]int)  { a[0] = 0 }
func sumArr(a [4]int) (s int) {
	for _, v := range a {
		s += v
	}
	return
}

func main() {
	a := [4]int{1, 2, 3, 4}
	b := a // full copy
	b[1] = 20
	fmt.Println("a:", a, "b:", b, "equal:", a == b)

	s := a[:] // slice shares storage with a
	s[2] = 30
	fmt.Println("a after slice write:", a)

	zeroArray(a)
	fmt.Println("after zeroArray:", a)
	zeroSlice(a[:])
	fmt.Println("after zeroSlice:", a)
	a[0] = 9
	zeroPtr(&a)
	fmt.Println("after zeroPtr:", a, "sum:", sumArr(a))

	// range over an array iterates over a copy
	arr := [3]int{1, 2, 3}
	for i, v := range arr {
		arr[2] = 100
		if i == 2 {
			fmt.Println("range copy saw:", v, "array now:", arr[2])
		}
	}
	sl := []int{1, 2, 3}
	for i, v := range sl {
		sl[2] = 100
		if i == 2 {
			fmt.Println("range slice saw:", v)
		}
	}

	// arrays of arrays are values too
	var grid [2][3]string
	for i := range grid {
		for j := range grid[i] {
			grid[i][j] = fmt.Sprintf("%c%d", 'a'+i, j)
		}
	}
	row := grid[1]
	row[0] = "zz"
	fmt.Println("grid:", grid, "row:", row)

	// arrays as map keys
	visited := map[[2]int]bool{}
	for _, p := range [][2]int{{0, 0}, {1, 2}, {0, 0}, {2, 1}, {1, 2}} {
		visited[p] = true
	}
	fmt.Println("distinct points:", len(visited), visited[[2]int{2, 1}], visited[[2]int{3, 3}])

	m := Matrix{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	t := m.Transpose()
	fmt.Println("m:", m)
	fmt.Println("t:", t)
	fmt.Println("m*t:", m.Mul(t))
	id := Matrix{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	fmt.Println("m*I == m:", m.Mul(id) == m)
	mc := m
	mc.Scale(2)
	fmt.Println("scaled copy:", mc[1], "original:", m[1])

	// copy() between slices of arrays
	dst := make([]int, 3)
	n := copy(dst, m[2][:])
	fmt.Println("copied", n, dst)
	n = copy(dst[1:], []int{-1, -2, -3, -4})
	fmt.Println("copied", n, dst)

	fmt.Println(len(grid), len(grid[0]), cap(m[0][:2]), [...]string{2: "c", 0: "a"})
}

// Output:
// a: [1 2 3 4] b: [1 20 3 4] equal: false
// a after slice write: [1 2 30 4]
// after zeroArray: [1 2 30 4]
// after zeroSlice: [0 2 30 4]
// after zeroPtr: [0 2 30 4] sum: 36
// range copy saw: 3 array now: 100
// range slice saw: 100
// grid: [[a0 a1 a2] [b0 b1 b2]] row: [zz b1 b2]
// distinct points: 3 true false
// m: [[1 2 3] [4 5 6] [7 8 9]]
// t: [[1 4 7] [2 5 8] [3 6 9]]
// m*t: [[14 32 50] [32 77 122] [50 122 194]]
// m*I == m: true
// scaled copy: [8 10 12] original: [4 5 6]
// copied 3 [7 8 9]
// copied 2 [7 -1 -2]
// 2 3 3 [a  c]
