// A binary search tree of string keys with counts: insert, search, in-order traversal, height, and delete.
package main

import (
	"fmt"
	"strings"
)

type Node struct {
	Key         string
	Count       int
	Left, Right *Node
}

type BST struct{ root *Node }

func (t *BST) Insert(key string) {
	p := &t.root
	for *p != nil {
		switch n := *p; {
		case key < n.Key:
			p = &n.Left
		case key > n.Key:
			p = &n.Right
		default:
			n.Count++
			return
		}
	}
	*p = &Node{Key: key, Count: 1}
}

func (t *BST) Find(key string) (*Node, int) {
	depth := 0
	for n := t.root; n != nil; depth++ {
		if key == n.Key {
			return n, depth
		} else if key < n.Key {
			n = n.Left
		} else {
			n = n.Right
		}
	}
	return nil, depth
}

func inorder(n *Node, visit func(*Node)) {
	if n == nil {
		return
	}
	inorder(n.Left, visit)
	visit(n)
	inorder(n.Right, visit)
}

func height(n *Node) int {
	if n == nil {
		return 0
	}
	return 1 + max(height(n.Left), height(n.Right))
}

func deleteKey(n *Node, key string) *Node {
	if n == nil {
		return nil
	}
	switch {
	case key < n.Key:
		n.Left = deleteKey(n.Left, key)
	case key > n.Key:
		n.Right = deleteKey(n.Right, key)
	default:
		if n.Left == nil {
			return n.Right
		}
		if n.Right == nil {
			return n.Left
		}
		succ := n.Right
		for succ.Left != nil {
			succ = succ.Left
		}
		n.Key, n.Count = succ.Key, succ.Count
		n.Right = deleteKey(n.Right, succ.Key)
	}
	return n
}

func (t *BST) String() string {
	var parts []string
	inorder(t.root, func(n *Node) { parts = append(parts, fmt.Sprintf("%s:%d", n.Key, n.Count)) })
	return strings.Join(parts, " ")
}

func main() {
	text := "the quick brown fox jumps over the lazy dog the fox barks"
	var t BST
	for _, w := range strings.Fields(text) {
		t.Insert(w)
	}
	fmt.Println("distinct:", len(strings.Fields(t.String())), "height:", height(t.root))
	fmt.Println(&t)
	fmt.Println("root:", t.root.Key, "left:", t.root.Left.Key, "right is nil:", t.root.Right == nil)

	for _, k := range []string{"fox", "the", "cat", "dog"} {
		n, d := t.Find(k)
		fmt.Printf("find %-4s found=%-5v depth=%d\n", k, n != nil, d)
	}

	var repeated []string
	inorder(t.root, func(n *Node) { repeated = append(repeated, strings.Repeat(n.Key[:1], n.Count)) })
	fmt.Println("initials by count:", repeated)

	for _, k := range []string{"quick", "the", "barks", "zebra"} {
		t.root = deleteKey(t.root, k)
	}
	fmt.Println("after deletes:", &t)
	fmt.Println("root now:", t.root.Key, "height:", height(t.root))
	fmt.Printf("%+v\n", Node{Key: "leaf", Count: 1})
}

// Output:
// distinct: 9 height: 7
// barks:1 brown:1 dog:1 fox:2 jumps:1 lazy:1 over:1 quick:1 the:3
// root: the left: quick right is nil: true
// find fox  found=true  depth=3
// find the  found=true  depth=0
// find cat  found=false depth=5
// find dog  found=true  depth=4
// initials by count: [b b d ff j l o q ttt]
// after deletes: brown:1 dog:1 fox:2 jumps:1 lazy:1 over:1
// root now: brown height: 5
// {Key:leaf Count:1 Left:<nil> Right:<nil>}
