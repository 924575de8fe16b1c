// Notebook 07-interactive in JupyterLab 4 (issue 18's "done when"): a copy
// of the committed notebook is run with Run > Run All Cells in quick mode
// (RBM_QUICK=1), then the temperature slider of its Interact is moved from
// the keyboard, as a user moves it; the Go function behind it runs again
// and the Output under the sliders shows new pictures (the autocorrelation
// plot and the samples: the data of their <img> elements changes) and
// prints the new temperature. The next cell's temp.Value() is the value the
// page shows. Screenshots: build/test/browser/interactive-before.png,
// interactive-after.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Lab, Notebook, renderedText, root, stderrOutputs, waitFor } from './lab.mjs';

const name = '07-interactive.ipynb';
let lab;
let rootDir;

before(async () => {
  rootDir = mkdtempSync(path.join(os.tmpdir(), 'rbm-interactive-'));
  copyFileSync(path.join(root, 'notebooks', name), path.join(rootDir, name));
  lab = await Lab.start({ rootDir, env: { RBM_QUICK: '1' } });
});

after(async () => {
  if (lab) await lab.stop();
  if (rootDir) rmSync(rootDir, { recursive: true, force: true });
});

// pictures returns a digest of the data of every <img> under loc (their src
// attributes, data: URLs of PNGs), and how many there are.
async function pictures(loc) {
  const srcs = await loc.locator('img').evaluateAll((is) => is.map((i) => i.getAttribute('src') || ''));
  return { n: srcs.length, digest: createHash('sha256').update(srcs.join('\n')).digest('hex') };
}

test('moving notebook 07\'s temperature slider redraws its plot', { timeout: 600_000 }, () => lab.captured('interactive', async () => {
  await lab.open(`/lab/tree/${name}`);
  const nb = await new Notebook(lab).ready();
  const n = await nb.panel.locator('.jp-Notebook .jp-CodeCell').count();
  await lab.menu('Edit', 'Clear Outputs of All Cells');
  await waitFor('the outputs to be cleared', async () => (await nb.codePrompts()).every((p) => p === '[]:' || p === ''), 10_000);
  await lab.menu('Run', 'Run All Cells');
  const stderr = stderrOutputs(nb.outputs());
  await waitFor('Run All to finish', async () => {
    const ps = await nb.codePrompts();
    if (ps.some((p) => p.includes('*')) || !(await nb.idle.count())) return false;
    return ps.filter((p) => /^\[\d+\]:$/.test(p)).length === n || (await stderr.count()) > 0;
  }, 480_000);
  assert.equal(await stderr.count(), 0, `error outputs: ${await stderr.allInnerTexts()}`);

  // The Interact cell: two sliders (temperature, flip blend) over an Output.
  const cell = nb.cells.filter({ hasText: 'widgets.Interact(explore' });
  assert.equal(await cell.count(), 1, 'one cell calls widgets.Interact(explore');
  const sliders = cell.locator('.widget-slider');
  await waitFor('the two sliders to render', async () => (await sliders.count()) === 2, 30_000);
  const tempSlider = sliders.filter({ hasText: 'temperature T' });
  const handle = tempSlider.locator('.noUi-handle');
  const output = cell.locator('.widget-output');
  // The slider's value as the page holds it (the handle's aria-valuetext:
  // all its digits), and the temperature of the run the Output shows.
  const pageValue = async () => Number(await handle.getAttribute('aria-valuetext'));
  const shownT = async () => {
    const m = /T = ([\d.]+), α = 0\.00/.exec(await output.innerText());
    return m ? Number(m[1]) : NaN;
  };
  // explore prints T with "%.2f": the run shown is the run at the page's
  // value when they agree to within half a hundredth.
  const agree = async () => Math.abs((await shownT()) - (await pageValue())) <= 0.005 + 1e-9;
  // The cell after it moved the temperature to 2 from Go (the front end may
  // put it on the slider's grid of steps, 0.5 + 0.035 k, and send that
  // back: the Output then shows the run there).
  await waitFor('the Output to show the run at the slider\'s value, about 2', async () => {
    const v = await pageValue();
    return Math.abs(v - 2) < 0.035 && (await agree());
  }, 30_000);
  const before = await pageValue();
  const first = await pictures(output);
  assert.equal(first.n, 2, 'the Output shows two pictures: the autocorrelation plot and the samples');
  await lab.screenshot('interactive-before');

  // Two presses of the arrow key on the handle: two steps of the slider
  // (a hundredth of its range each), each a comm message to the kernel.
  await handle.focus();
  await lab.page.keyboard.press('ArrowRight');
  await lab.page.keyboard.press('ArrowRight');
  const moved = await waitFor('the slider to move right', async () => {
    const v = await pageValue();
    return v > before + 0.05 && v;
  }, 20_000);
  // Runs coalesce; the last one is at the value the page shows.
  await waitFor(`the Output to show the run at T = ${moved}`, async () => (await pageValue()) === moved && (await agree()), 60_000);
  const second = await waitFor('the pictures to change', async () => {
    const p = await pictures(output);
    return p.n === 2 && p.digest !== first.digest && p;
  }, 30_000);
  assert.notEqual(second.digest, first.digest);
  await lab.screenshot('interactive-after');

  // A new code cell at the end (the last cell is Markdown): B in command mode.
  const cells = await nb.cells.count();
  await nb.cells.last().click();
  await lab.page.keyboard.press('Escape');
  await lab.page.keyboard.press('b');
  await waitFor('a new cell', async () => (await nb.cells.count()) === cells + 1, 10_000);
  const v = await nb.run('fmt.Print(temp.Value())');
  assert.equal(Number(await renderedText(v)), moved, 'the Go slider holds the value the page shows');
}));
