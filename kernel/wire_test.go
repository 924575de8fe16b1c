package kernel

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestEncodeDecodeRoundTrip(t *testing.T) {
	s := signer{key: []byte("k")}
	h := header{MsgID: "id1", Session: "s", Username: "u", Date: timestamp(), MsgType: "execute_request", Version: ProtocolVersion}
	parent := json.RawMessage(`{"msg_id":"p","extra":1}`)
	idents := [][]byte{[]byte("a"), []byte("b")}
	frames, err := encode(s, idents, h, parent, map[string]any{"m": 1}, map[string]any{"code": "x"})
	if err != nil {
		t.Fatal(err)
	}
	frames = append(frames, []byte("buf"))
	m, err := decode(frames, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Identities) != 2 || string(m.Identities[1]) != "b" {
		t.Errorf("identities = %q", m.Identities)
	}
	if m.Header != h {
		t.Errorf("header = %+v, want %+v", m.Header, h)
	}
	if !bytes.Equal(m.Parent, parent) || string(m.Content) != `{"code":"x"}` || string(m.Metadata) != `{"m":1}` {
		t.Errorf("parts = %s %s %s", m.Parent, m.Metadata, m.Content)
	}
	if len(m.Buffers) != 1 || string(m.Buffers[0]) != "buf" {
		t.Errorf("buffers = %q", m.Buffers)
	}
	// Decoding copies: changing the frames afterwards changes nothing.
	for _, f := range frames {
		for i := range f {
			f[i] = 'X'
		}
	}
	if m.Header.MsgType != "execute_request" || string(m.Content) != `{"code":"x"}` {
		t.Error("decoded message aliases the frames")
	}
}

func TestSignature(t *testing.T) {
	s := signer{key: []byte("key")}
	parts := [][]byte{[]byte(`{"msg_type":"a"}`), []byte("{}"), []byte("{}"), []byte("{}")}
	sig := s.sign(parts...)
	// HMAC-SHA256("key", concatenation of the parts), computed independently
	// with Python's hmac module.
	const want = "cb1d3df993c8d5e96e4430d55293bbc54ca70b0c2a603bb86f4a02e549c7cf09"
	if string(sig) != want {
		t.Fatalf("signature %s, want %s", sig, want)
	}
	if !s.verify(sig, parts...) {
		t.Error("own signature rejected")
	}
	bad := append([]byte(nil), sig...)
	bad[0] ^= 1
	for _, c := range [][]byte{bad, nil, []byte("zz"), sig[:62]} {
		if s.verify(c, parts...) {
			t.Errorf("signature %q accepted", c)
		}
	}
	tampered := append([][]byte{[]byte(`{"msg_type":"b"}`)}, parts[1:]...)
	if s.verify(sig, tampered...) {
		t.Error("signature accepted for a changed header")
	}
	// No key: no signature written, any accepted.
	if got := (signer{}).sign(parts...); got != nil {
		t.Errorf("unsigned sign = %q", got)
	}
	if !(signer{}).verify(nil, parts...) {
		t.Error("unsigned verify failed")
	}
}

func TestDecodeErrors(t *testing.T) {
	s := signer{key: []byte("k")}
	good := func(h, p, md, c string) [][]byte {
		parts := [][]byte{[]byte(h), []byte(p), []byte(md), []byte(c)}
		return append([][]byte{delimiter, s.sign(parts...)}, parts...)
	}
	hdr := `{"msg_id":"1","msg_type":"x"}`
	for name, frames := range map[string][][]byte{
		"empty":          nil,
		"no delimiter":   {[]byte("a"), []byte("b")},
		"short":          {delimiter, []byte("sig")},
		"bad signature":  {delimiter, []byte("00"), []byte(hdr), []byte("{}"), []byte("{}"), []byte("{}")},
		"header json":    good(`{`, "{}", "{}", "{}"),
		"no msg_type":    good(`{"msg_id":"1"}`, "{}", "{}", "{}"),
		"parent array":   good(hdr, "[]", "{}", "{}"),
		"metadata json":  good(hdr, "{}", "{x", "{}"),
		"content number": good(hdr, "{}", "{}", "3"),
	} {
		if _, err := decode(frames, s); err == nil {
			t.Errorf("%s: decoded without error", name)
		}
	}
	if _, err := decode(good(hdr, "{}", "{}", "{}"), s); err != nil {
		t.Errorf("valid message: %v", err)
	}
}

// FuzzDecode checks that no input makes decode panic, and that what it
// accepts re-encodes to a message it accepts again. The seed corpus is in
// testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	s := signer{key: []byte("fuzz")}
	frames, _ := encode(s, [][]byte{[]byte("id")}, header{MsgID: "1", MsgType: "execute_request"}, nil, nil, map[string]any{"code": "1"})
	f.Add(bytes.Join(frames, []byte{0}), true)
	f.Add([]byte("<IDS|MSG>\x00\x00{}\x00{}\x00{}\x00{}"), false)
	f.Fuzz(func(t *testing.T, data []byte, signed bool) {
		fr := bytes.Split(data, []byte{0})
		sg := signer{}
		if signed {
			// Sign whatever follows the delimiter so that the JSON parsing
			// is reached, not only the signature check.
			for i, x := range fr {
				if bytes.Equal(x, delimiter) && len(fr) >= i+6 {
					fr[i+1] = s.sign(fr[i+2 : i+6]...)
					break
				}
			}
			sg = s
		}
		m, err := decode(fr, sg)
		if err != nil {
			return
		}
		out, err := encode(sg, m.Identities, m.Header, m.Parent, m.Metadata, m.Content)
		if err != nil {
			t.Fatalf("accepted message does not re-encode: %v", err)
		}
		if _, err := decode(out, sg); err != nil {
			t.Fatalf("re-encoded message rejected: %v", err)
		}
	})
}
