package worker

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

func TestFramesRoundTrip(t *testing.T) {
	odd := "quote \" backslash \\ tab \t newline \n nul \x00 invalid \xff\xfe utf-8 é"
	long := strings.Repeat("0123456789abcdef", 4*smallText/16) + odd
	msgs := []Message{
		{Op: "ready"},
		{Op: "stream", Name: "stdout", Text: odd},
		{Op: "stream", Name: "stderr", Text: long},
		{Op: "input_reply", Err: "no input"},
		{Op: "input_request", Text: "name? ", Password: true},
		{Op: "display", Bundle: &display.Bundle{Data: map[string]any{"text/plain": "D"}, ID: "d1", Update: true}},
	}
	var wire bytes.Buffer
	w := &frameWriter{w: &wire}
	for _, m := range msgs {
		if err := w.write(m); err != nil {
			t.Fatal(err)
		}
	}
	// Text crosses as it is, not quoted as JSON.
	for _, text := range []string{odd, long} {
		if !bytes.Contains(wire.Bytes(), []byte(text)) {
			t.Errorf("the text of %d bytes is not on the wire as raw bytes", len(text))
		}
	}
	r := newFrameReader(&wire)
	for _, want := range msgs {
		got, err := r.read()
		if err != nil {
			t.Fatalf("read %s: %v", want.Op, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("read %+v, want %+v", got, want)
		}
	}
	if _, err := r.read(); err == nil {
		t.Error("a frame read past the end")
	}
}

func TestFrameWithTextInJSON(t *testing.T) {
	// A frame whose text is in its JSON (no textFlag) reads as well.
	js := []byte(`{"op":"stream","name":"stdout","text":"in json\n"}`)
	var wire bytes.Buffer
	binary.Write(&wire, binary.BigEndian, uint32(len(js)))
	wire.Write(js)
	m, err := newFrameReader(&wire).read()
	if err != nil || m.Op != "stream" || m.Text != "in json\n" {
		t.Errorf("read %+v, %v", m, err)
	}
}

func TestFrameTextOverLimit(t *testing.T) {
	var wire bytes.Buffer
	binary.Write(&wire, binary.BigEndian, uint32(2)|textFlag)
	binary.Write(&wire, binary.BigEndian, uint32(maxFrame+1))
	wire.WriteString("{}")
	if _, err := newFrameReader(&wire).read(); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("a text length over maxFrame read with error %v", err)
	}
}
