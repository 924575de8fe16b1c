// Widgets in JupyterLab 4 (kernel/widgets, rendered by jupyterlab-widgets):
// a slider and a label shown by a Go cell render as controls; moving the
// slider from the keyboard runs its Go callback, which changes the label,
// and the next cell sees the new value; a button's Go callback redraws an
// image in place and prints into an Output. Then the phase-2 widgets: a
// Dropdown's choice and a Text's typing reach their Go callbacks; an
// Interact over a Go func re-runs it when its slider moves; a Play linked
// in the page to a slider steps it, and a widgets.Link in the kernel
// moves a twin slider. Screenshots: build/test/browser/widgets.png,
// widgets-button.png, widgets-phase2.png, widgets-play.png.
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

test('a Dropdown, a Text, an Interact and a Play reach Go', { timeout: 240_000 }, () => lab.captured('widgets-phase2', async () => {
  await lab.open('/lab');
  await lab.page.locator('.jp-Launcher-section', { hasText: 'Notebook' })
    .locator(`.jp-LauncherCard[title="${kernelDisplayName}"]`).click();
  const nb = await new Notebook(lab).ready();

  // A choice and a text reach their Go callbacks, which answer in labels
  // (upper case: Go made the text, not the page).
  const form = await nb.run(`pick := widgets.NewDropdown("sampler", []string{"gibbs", "flip", "pt"}, 0)
picked := widgets.NewLabel("none")
pick.OnChange(func(i int, s string) { picked.SetValue(fmt.Sprintf("picked %d %s", i, s)) })
name := widgets.NewText("name", "")
typed := widgets.NewLabel("")
name.OnChange(func(s string) { typed.SetValue("typed " + strings.ToUpper(s)) })
widgets.NewVBox(widgets.NewHBox(pick, picked), widgets.NewHBox(name, typed))`);
  await form.locator('.widget-vbox').first().waitFor();
  assert.equal(await form.locator('.widget-hbox').count(), 2, 'two HBoxes in the VBox');
  const select = form.locator('.widget-dropdown select');
  await select.waitFor();
  await select.selectOption({ label: 'flip' });
  const labels = form.locator('.widget-label:not(label)');
  await waitFor('the Dropdown\'s callback to set the label', async () => (await labels.allInnerTexts()).includes('picked 1 flip'), 20_000);
  await form.locator('.widget-text input').fill('bars');
  await waitFor('the Text\'s callback to set the label', async () => (await labels.allInnerTexts()).includes('typed BARS'), 20_000);
  const both = await nb.run('fmt.Print(pick.Value(), "/", pick.Index(), "/", name.Value())');
  assert.equal(await renderedText(both), 'flip/1/bars');

  // Interact over a Go func: a step of its slider re-runs it, and its
  // Output shows the new print.
  const inter = await nb.run(`sq, err := widgets.Interact(func(k int) { fmt.Println("k squared is", k*k) }, widgets.NewIntSlider("k", 3, 0, 10))
cell.Must(err)
sq`);
  const out = inter.locator('.widget-output');
  await waitFor('the first run in the Output', async () => (await out.innerText()).trim() === 'k squared is 9', 20_000);
  await inter.locator('.noUi-handle').focus();
  await lab.page.keyboard.press('ArrowRight');
  await waitFor('the run after the slider moved', async () => (await out.innerText()).trim() === 'k squared is 16', 20_000);
  await lab.screenshot('widgets-phase2');

  // A Play linked in the page (JSLink) to a slider, and the slider linked
  // in the kernel (widgets.Link) to a twin: pressing play steps the
  // slider, whose Go callback labels it, and the kernel moves the twin.
  const player = await nb.run(`play := widgets.NewPlay(0, 0, 3, 1, 150)
frame := widgets.NewIntSlider("frame", 0, 0, 3)
twin := widgets.NewIntSlider("twin", 0, 0, 3)
seen := widgets.NewLabel("frame 0")
frame.OnChange(func(v int) { seen.SetValue(fmt.Sprint("frame ", v)) })
_, err = widgets.JSLink(play, "value", frame, "value")
cell.Must(err)
_, err = widgets.Link(frame, "value", twin, "value")
cell.Must(err)
widgets.NewVBox(play, frame, twin, seen)`);
  await player.locator('.widget-play button').first().click();
  const seen = player.locator('.widget-label:not(label)').last();
  await waitFor('the play to reach 3 and the Go callback to say so', async () => (await seen.innerText()) === 'frame 3', 20_000);
  const twinReadout = player.locator('.widget-slider', { hasText: 'twin' }).locator('.widget-readout');
  await waitFor('the kernel\'s link to move the twin', async () => (await twinReadout.innerText()).trim() === '3', 20_000);
  const vals = await nb.run('fmt.Print(play.Value(), frame.Value(), twin.Value())');
  assert.equal(await renderedText(vals), '3 3 3');
  await lab.screenshot('widgets-play');
}));
