// Widgets in JupyterLab 4 (kernel/widgets, rendered by jupyterlab-widgets):
// a slider and a label shown by a Go cell render as controls; moving the
// slider from the keyboard runs its Go callback, which changes the label,
// and the next cell sees the new value; a button's Go callback redraws an
// image in place and prints into an Output. Screenshots:
// build/test/browser/widgets.png, widgets-button.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Lab, Notebook, kernelDisplayName, renderedText, waitFor } from './lab.mjs';

let lab;

before(async () => {
  lab = await Lab.start();
});

after(async () => {
  if (lab) await lab.stop();
});

test('a slider moved in the page runs its Go callback', { timeout: 180_000 }, () => lab.captured('widgets', async () => {
  await lab.open('/lab');
  await lab.page.locator('.jp-Launcher-section', { hasText: 'Notebook' })
    .locator(`.jp-LauncherCard[title="${kernelDisplayName}"]`).click();
  const nb = await new Notebook(lab).ready();
  const out = await nb.run(`s := widgets.NewIntSlider("k", 5, 0, 10)
l := widgets.NewLabel("k=5")
s.OnChange(func(v int) { l.SetValue(fmt.Sprint("k=", v)) })
widgets.NewVBox(s, l)`);
  const slider = out.locator('.widget-slider');
  await slider.waitFor();
  const label = out.locator('.widget-label').last();
  assert.equal(await label.innerText(), 'k=5');
  assert.equal(await out.locator('.widget-readout').innerText(), '5');
  // The handle takes the arrow keys, as a user's keyboard moves it.
  await out.locator('.noUi-handle').focus();
  await lab.page.keyboard.press('ArrowRight');
  await lab.page.keyboard.press('ArrowRight');
  await waitFor('the callback to set the label', async () => (await label.innerText()) === 'k=7', 20_000);
  await lab.screenshot('widgets');
  const v = await nb.run('s.Value()');
  assert.equal(await renderedText(v), '7');

  const area = await nb.run(`out := widgets.NewOutput()
img := widgets.NewImage(nil)
img.SetSize("60", "60")
b := widgets.NewButton("draw")
n := 0
b.OnClick(func() {
	n++
	g := image.NewGray(image.Rect(0, 0, 20, 20))
	for i := range g.Pix {
		g.Pix[i] = uint8(60 * n)
	}
	img.SetImage(g)
	out.Capture(func() { fmt.Println("drawn", n) })
})
widgets.NewVBox(b, img, out)`);
  const button = area.locator('button.widget-button', { hasText: 'draw' });
  await button.waitFor();
  const output = area.locator('.widget-output');
  const picture = area.locator('img.widget-image');
  const src = async () => picture.getAttribute('src');
  for (const clicks of [1, 2]) {
    const before = await src();
    await button.click();
    await waitFor(`the Output to show click ${clicks}`, async () => (await output.innerText()).includes(`drawn ${clicks}`), 20_000);
    await waitFor('the image to be redrawn', async () => (await src()) !== before, 20_000);
  }
  assert.equal((await output.innerText()).trim(), 'drawn 1\ndrawn 2');
  await waitFor('the image to load', () => picture.evaluate((i) => i.complete && i.naturalWidth === 20), 10_000);
  await lab.screenshot('widgets-button');
}));
