// A tiny stack-based bytecode VM running factorial, a countdown loop, and a faulting program.
package main

import (
	"errors"
	"fmt"
	"strings"
)

type Op byte

const (
	PUSH Op = iota
	POP
	DUP
	SWAP
	ADD
	SUB
	MUL
	DIV
	JMP
	JZ
	LOAD
	STORE
	PRINT
)

var opNames = [...]string{"PUSH", "POP", "DUP", "SWAP", "ADD", "SUB", "MUL", "DIV", "JMP", "JZ", "LOAD", "STORE", "PRINT"}

func (o Op) String() string { return opNames[o] }

type Instr struct {
	Op  Op
	Arg int
}

type VM struct {
	stack []int
	vars  [8]int
	out   []string
	steps int
}

var ErrStackUnderflow = errors.New("stack underflow")

func (vm *VM) pop() (int, error) {
	if len(vm.stack) == 0 {
		return 0, ErrStackUnderflow
	}
	v := vm.stack[len(vm.stack)-1]
	vm.stack = vm.stack[:len(vm.stack)-1]
	return v, nil
}

func (vm *VM) Run(prog []Instr) error {
	for pc := 0; pc < len(prog); {
		in := prog[pc]
		pc++
		vm.steps++
		switch in.Op {
		case PUSH:
			vm.stack = append(vm.stack, in.Arg)
		case POP, DUP, PRINT, JZ, STORE:
			v, err := vm.pop()
			if err != nil {
				return fmt.Errorf("pc %d %v: %w", pc-1, in.Op, err)
			}
			switch in.Op {
			case POP:
			case DUP:
				vm.stack = append(vm.stack, v, v)
			case PRINT:
				vm.out = append(vm.out, fmt.Sprint(v))
			case JZ:
				if v == 0 {
					pc = in.Arg
				}
			case STORE:
				vm.vars[in.Arg] = v
			}
		case SWAP, ADD, SUB, MUL, DIV:
			b, err1 := vm.pop()
			a, err2 := vm.pop()
			if err := errors.Join(err1, err2); err != nil {
				return fmt.Errorf("pc %d %v: %w", pc-1, in.Op, ErrStackUnderflow)
			}
			var r int
			switch in.Op {
			case SWAP:
				vm.stack = append(vm.stack, b, a)
				continue
			case ADD:
				r = a + b
			case SUB:
				r = a - b
			case MUL:
				r = a * b
			case DIV:
				if b == 0 {
					return fmt.Errorf("pc %d: division by zero", pc-1)
				}
				r = a / b
			}
			vm.stack = append(vm.stack, r)
		case JMP:
			pc = in.Arg
		case LOAD:
			vm.stack = append(vm.stack, vm.vars[in.Arg])
		default:
			return fmt.Errorf("pc %d: bad opcode %d", pc-1, in.Op)
		}
	}
	return nil
}

func run(name string, prog []Instr) {
	vm := &VM{}
	err := vm.Run(prog)
	fmt.Printf("%s: out=[%s] steps=%d stack=%v err=%v\n", name, strings.Join(vm.out, " "), vm.steps, vm.stack, err)
}

func main() {
	// n = 6; acc = 1; while n != 0 { acc *= n; n -= 1 }; print acc
	factorial := []Instr{
		{PUSH, 6}, {STORE, 0}, {PUSH, 1}, {STORE, 1},
		{LOAD, 0}, {JZ, 15},
		{LOAD, 1}, {LOAD, 0}, {MUL, 0}, {STORE, 1},
		{LOAD, 0}, {PUSH, 1}, {SUB, 0}, {STORE, 0}, {JMP, 4},
		{LOAD, 1}, {PRINT, 0},
	}
	countdown := []Instr{
		{PUSH, 5},
		{DUP, 0}, {PRINT, 0}, {PUSH, 1}, {SUB, 0}, {DUP, 0}, {JZ, 8}, {JMP, 1},
		{POP, 0}, {PUSH, 7}, {PUSH, 100}, {SWAP, 0}, {DIV, 0}, {PRINT, 0},
	}
	faulty, underflow := []Instr{{PUSH, 10}, {PUSH, 0}, {DIV, 0}, {PRINT, 0}}, []Instr{{PUSH, 1}, {ADD, 0}}

	run("factorial", factorial)
	run("countdown", countdown)
	run("faulty", faulty)
	run("underflow", underflow)
	run("badop", []Instr{{Op(99), 0}})
}

// Output:
// factorial: out=[720] steps=74 stack=[] err=<nil>
// countdown: out=[5 4 3 2 1 14] steps=41 stack=[] err=<nil>
// faulty: out=[] steps=3 stack=[] err=pc 2: division by zero
// underflow: out=[] steps=2 stack=[] err=pc 1 ADD: stack underflow
// badop: out=[] steps=1 stack=[] err=pc 0: bad opcode 99
