package input

import (
	"errors"
	"io"
	"strings"
	"testing"
)

type fakeAsker struct {
	prompt   string
	password bool
}

func (f *fakeAsker) Ask(prompt string, password bool) (string, error) {
	f.prompt, f.password = prompt, password
	return "answer to " + prompt, nil
}

func TestLineAndPasswordAskTheAsker(t *testing.T) {
	f := &fakeAsker{}
	old := SetAsker(f)
	t.Cleanup(func() { SetAsker(old) })
	if got, err := Line("name? "); err != nil || got != "answer to name? " || f.password {
		t.Errorf("Line = %q, %v (password %v)", got, err, f.password)
	}
	if got, err := Password("token: "); err != nil || got != "answer to token: " || !f.password || f.prompt != "token: " {
		t.Errorf("Password = %q, %v (prompt %q, password %v)", got, err, f.prompt, f.password)
	}
}

func TestReadLine(t *testing.T) {
	r := strings.NewReader("first\r\nsecond\nlast")
	var w strings.Builder
	for _, want := range []string{"first", "second", "last"} {
		got, err := readLine(&w, r, "> ")
		if err != nil || got != want {
			t.Fatalf("readLine = %q, %v; want %q", got, err, want)
		}
	}
	if _, err := readLine(&w, r, "> "); !errors.Is(err, io.EOF) {
		t.Errorf("after the last line: %v, want io.EOF", err)
	}
	if w.String() != "> > > > " {
		t.Errorf("prompts written: %q", w.String())
	}
	// Only the line is taken from the reader.
	r = strings.NewReader("a\nb\n")
	_, _ = readLine(io.Discard, r, "")
	if rest, _ := io.ReadAll(r); string(rest) != "b\n" {
		t.Errorf("rest after one line: %q", rest)
	}
}
