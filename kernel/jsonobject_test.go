package kernel

import (
	"errors"
	"strings"
	"testing"
)

func TestJSONObject(t *testing.T) {
	deep := `{"a":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`
	for _, c := range []struct{ in, want string }{
		{`{"a":1}`, ""},
		{` {} `, ""},
		{"\t{}\r\n", ""},
		// Not JSON's whitespace (found by FuzzDecode: accepted, then the
		// metadata failed to encode again).
		{"{}\f", "content: not valid JSON"},
		{"\v{}", "content: not valid JSON"},
		{`[]`, "content: not a JSON object"},
		{`3`, "content: not a JSON object"},
		{`{x`, "content: not valid JSON: invalid character 'x'"},
		{``, "content: not valid JSON"},
		{deep, "content: JSON nested 100001 levels deep; the kernel reads at most 10000"},
		// Deep but unterminated: still named by its depth.
		{strings.Repeat("[", 20000), "content: JSON nested 20000 levels deep"},
	} {
		err := jsonObject("content", []byte(c.in))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%.20q: %v", c.in, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%.20q: error %v, want one starting %q", c.in, err, c.want)
		}
	}
}

func TestJSONDepthSkipsStrings(t *testing.T) {
	for in, want := range map[string]int{
		`{}`:                   1,
		`{"a":[{"b":[]}]}`:     4,
		`{"[[[":"{{{"}`:        1,
		`{"a\"[[":["\\",[]]}`:  3,
		`[1,[2,[3]],[4]]`:      3,
		`"]]]]"`:               0,
		strings.Repeat("{", 7): 7,
	} {
		if got := jsonDepth([]byte(in)); got != want {
			t.Errorf("jsonDepth(%s) = %d, want %d", in, got, want)
		}
	}
}

func TestDecodeMalformedKeepsWhatItCan(t *testing.T) {
	s := signer{key: []byte("k")}
	signed := func(h, c string) [][]byte {
		parts := [][]byte{[]byte(h), []byte("{}"), []byte("{}"), []byte(c)}
		return append([][]byte{[]byte("peer"), delimiter, s.sign(parts...)}, parts...)
	}
	deep := `{"code":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`
	hdr := `{"msg_id":"m1","msg_type":"execute_request"}`

	_, err := decode(signed(hdr, deep), s)
	var bad *malformedError
	if !errors.As(err, &bad) {
		t.Fatalf("deep content: error %v, want a *malformedError", err)
	}
	m := bad.Msg
	if m.Header.MsgType != "execute_request" || m.Header.MsgID != "m1" || string(m.RawHeader) != hdr {
		t.Errorf("header = %+v (%s)", m.Header, m.RawHeader)
	}
	if len(m.Identities) != 1 || string(m.Identities[0]) != "peer" || len(m.Digest) != 32 {
		t.Errorf("identities %q, digest %x", m.Identities, m.Digest)
	}
	if !strings.Contains(err.Error(), "content: JSON nested 100001 levels deep") {
		t.Errorf("error = %v", err)
	}

	// A header too deep to read: the message is malformed, and its type
	// unknown.
	deepHdr := `{"msg_type":"execute_request","x":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`
	_, err = decode(signed(deepHdr, "{}"), s)
	if !errors.As(err, &bad) || bad.Msg.Header.MsgType != "" || !strings.Contains(err.Error(), "header: JSON nested 20001 levels deep") {
		t.Errorf("deep header: %v", err)
	}

	// A bad signature is not a malformed message: nothing is kept.
	frames := signed(hdr, deep)
	frames[2] = []byte("00")
	if _, err := decode(frames, s); !errors.Is(err, errBadSignature) || errors.As(err, &bad) {
		t.Errorf("bad signature: %v", err)
	}
}
