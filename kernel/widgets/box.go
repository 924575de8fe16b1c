package widgets

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"
)

// Box lays out widgets in a row (HBox) or a column (VBox).
type Box struct {
	m        *Model
	kind     string
	children []Widget
}

// NewHBox returns a row of the widgets.
func NewHBox(children ...Widget) *Box { return newBox("HBox", children) }

// NewVBox returns a column of the widgets.
func NewVBox(children ...Widget) *Box { return newBox("VBox", children) }

func newBox(kind string, children []Widget) *Box {
	b := &Box{kind: kind, children: children}
	b.m = domModel(kind+"Model", kind+"View", "", map[string]any{"children": refs(children), "box_style": ""})
	return b
}

// refs returns the references to the widgets' models.
func refs(ws []Widget) []any {
	out := make([]any, 0, len(ws))
	for _, w := range ws {
		if w != nil && w.Model() != nil {
			out = append(out, w.Model().Ref())
		}
	}
	return out
}

// Model returns the box's model.
func (b *Box) Model() *Model { return b.m }

// Children returns the widgets in the box.
func (b *Box) Children() []Widget {
	b.m.mu.Lock()
	defer b.m.mu.Unlock()
	return append([]Widget(nil), b.children...)
}

// SetChildren replaces the widgets in the box.
func (b *Box) SetChildren(children ...Widget) {
	b.m.mu.Lock()
	b.children = append([]Widget(nil), children...)
	b.m.mu.Unlock()
	b.m.set("children", refs(children))
}

// String describes the box and its widgets.
func (b *Box) String() string {
	var parts []string
	for _, w := range b.Children() {
		parts = append(parts, fmt.Sprint(w))
	}
	return b.kind + "(" + strings.Join(parts, ", ") + ")"
}

// MIMEBundle shows the box in a notebook.
func (b *Box) MIMEBundle() map[string]any { return Bundle(b, b.String()) }

// Image is a picture that can be replaced in place (ImageModel): a plot
// or a grid of samples that a callback redraws.
type Image struct{ m *Model }

// NewImage returns an image widget showing img (nil: empty).
func NewImage(img image.Image) *Image {
	i := &Image{domModel("ImageModel", "ImageView", "", map[string]any{
		"format": "png", "width": "", "height": "", "value": []byte{},
	})}
	if img != nil {
		_ = i.SetImage(img)
	}
	return i
}

// Model returns the image's model.
func (i *Image) Model() *Model { return i.m }

// SetImage shows img, encoded as PNG; it fails when img cannot be
// encoded.
func (i *Image) SetImage(img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("widgets: Image.SetImage: %w", err)
	}
	i.SetData("png", buf.Bytes())
	return nil
}

// SetPNG shows the PNG-encoded image b.
func (i *Image) SetPNG(b []byte) { i.SetData("png", b) }

// SetData shows the image b encoded in format ("png", "jpeg", "gif",
// "svg+xml"); it goes to the front end as a binary buffer.
func (i *Image) SetData(format string, b []byte) {
	i.m.set("format", format, "value", append([]byte(nil), b...))
}

// SetSize sets the width and height at which the image is shown, in CSS
// pixels ("" keeps the image's own).
func (i *Image) SetSize(width, height string) { i.m.set("width", width, "height", height) }

// Data returns the encoded image and its format.
func (i *Image) Data() (format string, b []byte) {
	v, _ := i.m.Get("value")
	b, _ = v.([]byte)
	return i.m.getString("format"), b
}

// String describes the image.
func (i *Image) String() string {
	f, b := i.Data()
	return fmt.Sprintf("Image(%s, %d bytes)", f, len(b))
}

// MIMEBundle shows the image in a notebook.
func (i *Image) MIMEBundle() map[string]any { return Bundle(i, i.String()) }
