package kernel

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"time"
)

// ProtocolVersion is the Jupyter messaging protocol version the kernel
// speaks; it is written in every header.
const ProtocolVersion = "5.3"

// delimiter separates routing identities from the signed message parts.
var delimiter = []byte("<IDS|MSG>")

// header is a message header. Unknown fields of a request's header are kept
// because a reply's parent_header is the request header verbatim.
type header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// message is one decoded wire message.
type message struct {
	Identities [][]byte
	Header     header
	// RawHeader is the header as received; replies use it as parent_header.
	RawHeader json.RawMessage
	Parent    json.RawMessage
	Metadata  json.RawMessage
	Content   json.RawMessage
	Buffers   [][]byte
	// Digest is the decoded signature, nil for an unsigned message; the
	// replay window remembers it.
	Digest []byte
	// Invalid is why a correctly signed message with a readable header
	// cannot be handled (its parent_header, metadata or content is not a
	// JSON object); the kernel answers it with an error. Nil for a good
	// message.
	Invalid error
	// seq numbers the shell requests in the order they were queued for
	// the shell worker (Kernel.shellArrived); 0 on other channels.
	seq uint64
}

// signer computes and checks the HMAC-SHA256 signature of the four JSON
// parts (header, parent_header, metadata, content). A nil key means
// unsigned messages: the signature frame is empty and not checked.
type signer struct {
	key []byte
}

func (s signer) mac() hash.Hash {
	return hmac.New(sha256.New, s.key)
}

// sign returns the hex signature of parts, or nil without a key.
func (s signer) sign(parts ...[]byte) []byte {
	if len(s.key) == 0 {
		return nil
	}
	m := s.mac()
	for _, p := range parts {
		m.Write(p)
	}
	sum := m.Sum(nil)
	out := make([]byte, hex.EncodedLen(len(sum)))
	hex.Encode(out, sum)
	return out
}

// verify reports whether sig is the signature of parts. It compares in
// constant time.
func (s signer) verify(sig []byte, parts ...[]byte) bool {
	if len(s.key) == 0 {
		return true
	}
	want := make([]byte, hex.DecodedLen(len(sig)))
	if _, err := hex.Decode(want, sig); err != nil {
		return false
	}
	m := s.mac()
	for _, p := range parts {
		m.Write(p)
	}
	return hmac.Equal(m.Sum(nil), want)
}

// errBadSignature is returned by decode for a message whose signature does
// not match.
var errBadSignature = errors.New("bad or missing signature")

// malformedError is decode's error for a correctly signed message whose
// JSON cannot be used. Msg holds what could be read: the identities, the
// digest and the raw parts, and the header when it parsed (Header.MsgType
// is empty when it did not), so that the kernel can refuse a replay of it
// and answer its sender.
type malformedError struct {
	Msg *message
	Err error
}

func (e *malformedError) Error() string { return e.Err.Error() }
func (e *malformedError) Unwrap() error { return e.Err }

// decode parses the frames of one multipart message:
//
//	identities… "<IDS|MSG>" signature header parent_header metadata content buffers…
//
// It checks the signature before parsing any JSON. A correctly signed
// message whose header, parent_header, metadata or content is not a JSON
// object (or has no msg_type) gives a *malformedError. It never panics.
func decode(frames [][]byte, s signer) (*message, error) {
	d := -1
	for i, f := range frames {
		if bytes.Equal(f, delimiter) {
			d = i
			break
		}
	}
	if d < 0 {
		return nil, errors.New("no <IDS|MSG> delimiter")
	}
	if len(frames)-d-1 < 5 {
		return nil, fmt.Errorf("%d frames after the delimiter, want at least 5", len(frames)-d-1)
	}
	// The receiving socket may reuse its buffers: keep copies.
	frames = cloneFrames(frames)
	sig, hdr, parent, meta, content := frames[d+1], frames[d+2], frames[d+3], frames[d+4], frames[d+5]
	if !s.verify(sig, hdr, parent, meta, content) {
		return nil, errBadSignature
	}
	m := &message{
		Identities: frames[:d],
		RawHeader:  json.RawMessage(hdr),
		Parent:     json.RawMessage(parent),
		Metadata:   json.RawMessage(meta),
		Content:    json.RawMessage(content),
		Buffers:    frames[d+6:],
	}
	if len(s.key) > 0 {
		m.Digest, _ = hex.DecodeString(string(sig)) // verify decoded it already
	}
	malformed := func(err error) (*message, error) {
		return nil, &malformedError{Msg: m, Err: err}
	}
	if err := jsonObject("header", hdr); err != nil {
		return malformed(err)
	}
	if err := json.Unmarshal(hdr, &m.Header); err != nil {
		m.Header = header{}
		return malformed(fmt.Errorf("header: %w", err))
	}
	if m.Header.MsgType == "" {
		return malformed(errors.New("header: empty msg_type"))
	}
	for _, p := range []struct {
		name string
		b    []byte
	}{{"parent_header", parent}, {"metadata", meta}, {"content", content}} {
		if err := jsonObject(p.name, p.b); err != nil {
			return malformed(err)
		}
	}
	return m, nil
}

// cloneFrames copies frames into one new backing array.
func cloneFrames(frames [][]byte) [][]byte {
	n := 0
	for _, f := range frames {
		n += len(f)
	}
	buf := make([]byte, 0, n)
	out := make([][]byte, len(frames))
	for i, f := range frames {
		start := len(buf)
		buf = append(buf, f...)
		out[i] = buf[start:len(buf):len(buf)]
	}
	return out
}

// encode returns the frames of a message with the given header, parent
// header (raw, "{}" when nil), metadata and content.
func encode(s signer, idents [][]byte, h header, parent json.RawMessage, metadata, content any) ([][]byte, error) {
	hb, err := json.Marshal(h)
	if err != nil {
		return nil, fmt.Errorf("encode %s header: %w", h.MsgType, err)
	}
	if len(parent) == 0 {
		parent = json.RawMessage("{}")
	}
	mb := []byte("{}")
	if metadata != nil {
		if mb, err = json.Marshal(metadata); err != nil {
			return nil, fmt.Errorf("encode %s metadata: %w", h.MsgType, err)
		}
	}
	cb, err := json.Marshal(content)
	if err != nil {
		return nil, fmt.Errorf("encode %s content: %w", h.MsgType, err)
	}
	frames := make([][]byte, 0, len(idents)+6)
	frames = append(frames, idents...)
	frames = append(frames, delimiter, s.sign(hb, parent, mb, cb), hb, parent, mb, cb)
	return frames, nil
}

// newID returns a random 128-bit identifier in UUID form.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// timestamp returns now in ISO 8601 with microseconds, as Jupyter writes it.
func timestamp() string {
	return time.Now().UTC().Format("2006-01-02T15:04:05.000000Z")
}
