package goexec

import "testing"

// The cost of slog's lowered arguments (slog.go) and of the cell's log
// through the process's standard logger (exit.go): 10,000 calls a cell.
const slogSession = "import (\n\t\"io\"\n\t\"log/slog\"\n)\n\ntype S struct{ a, b int }\n\n" +
	"func slogStructs() {\n\tl := slog.New(slog.NewTextHandler(io.Discard, nil))\n\tfor i := 0; i < 10000; i++ {\n\t\tl.Info(\"m\", \"s\", S{i, 2})\n\t}\n}\n\n" +
	"func slogInts() {\n\tl := slog.New(slog.NewTextHandler(io.Discard, nil))\n\tfor i := 0; i < 10000; i++ {\n\t\tl.Info(\"m\", \"i\", i)\n\t}\n}\n\n" +
	"func logPrints() {\n\tlog.SetOutput(io.Discard)\n\tfor i := 0; i < 10000; i++ {\n\t\tlog.Print(i)\n\t}\n}"

func BenchmarkSlogStructs(b *testing.B) { benchmarkCell(b, []string{slogSession}, "slogStructs()") }
func BenchmarkSlogInts(b *testing.B)    { benchmarkCell(b, []string{slogSession}, "slogInts()") }
func BenchmarkLogPrints(b *testing.B)   { benchmarkCell(b, []string{slogSession}, "logPrints()") }
