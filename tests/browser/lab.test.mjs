// The kernel in JupyterLab 4, driven in headless Chromium as a user drives
// it: the launcher tile, typing Go into cells, Tab completion and contextual
// help, rich outputs, a live progress bar, interrupt and restart from the
// toolbar, and errors. One JupyterLab and one notebook serve the tests in
// order; each test saves a screenshot as build/test/browser/<name>.png
// (<name>-failed.png when it fails).
//
// Run with tests/browser/run.sh (make browser), which installs the test
// kernelspec first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Lab, Notebook, kernelDisplayName, renderedText, stderrOutputs, waitFor } from './lab.mjs';

let lab;
let nb;

before(async () => {
  lab = await Lab.start();
});

after(async () => {
  if (lab) await lab.stop();
});

// step runs one test body and saves its screenshot, also when it fails
// (then with the server's log on stderr).
function step(name, body, timeout = 180_000) {
  test(name, { timeout }, () => lab.captured(name, async () => {
    await body();
    await lab.screenshot(name);
  }));
}

step('launcher', async () => {
  await lab.open('/lab');
  const tile = lab.page.locator('.jp-Launcher-section', { hasText: 'Notebook' })
    .locator(`.jp-LauncherCard[title="${kernelDisplayName}"]`);
  await tile.waitFor();
  // The tile shows our SVG logo, and the browser could load and draw it.
  const logo = tile.locator('img');
  assert.equal(await logo.getAttribute('src'), '/kernelspecs/rbm-kernel/logo-svg.svg');
  await waitFor('the logo to load', () => logo.evaluate((img) => img.complete && img.naturalWidth > 0), 10_000);
  const svg = await lab.request('GET', '/kernelspecs/rbm-kernel/logo-svg.svg');
  assert.ok(svg.ok, `GET the SVG logo: ${svg.status}`);
  assert.match(svg.headers.get('content-type'), /^image\/svg\+xml/);
  assert.match(await svg.text(), /^<svg [^>]*viewBox="0 0 64 64"/);
  await lab.screenshot('launcher-tile');

  await tile.click();
  nb = await new Notebook(lab).ready();
  const first = await nb.run('x := 40');
  assert.equal(await first.count(), 0, 'x := 40 shows nothing');
  const out = await nb.run('x + 2');
  assert.equal(await renderedText(out), '42');
});

step('go-highlighting', async () => {
  // The editor is in Go mode (language_info.codemirror_mode), and Go's
  // keywords are coloured unlike plain identifiers.
  const i = await nb.editLast('func twice(n int) int { return 2 * n } // a comment');
  const editor = nb.cells.nth(i).locator('.cm-content');
  assert.equal(await editor.getAttribute('data-language'), 'go');
  const colours = await editor.evaluate((el) => {
    const colourOf = (text) => {
      const span = [...el.querySelectorAll('span')].find((s) => s.textContent === text);
      return span ? getComputedStyle(span).color : null;
    };
    return { func: colourOf('func'), ret: colourOf('return'), comment: colourOf('// a comment'), plain: getComputedStyle(el).color };
  });
  assert.ok(colours.func && colours.func !== colours.plain, `"func" is not highlighted: ${JSON.stringify(colours)}`);
  assert.equal(colours.ret, colours.func, 'keywords share a colour');
  assert.ok(colours.comment && colours.comment !== colours.plain && colours.comment !== colours.func,
    `the comment is not highlighted as one: ${JSON.stringify(colours)}`);
});

step('completion-and-help', async () => {
  const i = await nb.editLast('');
  await lab.page.keyboard.type('m := rbm.New');
  await lab.page.keyboard.press('Tab');
  // Two library names match: the completer pops up with both.
  const items = lab.page.locator('.jp-Completer .jp-Completer-item');
  await items.first().waitFor();
  const names = await lab.page.locator('.jp-Completer .jp-Completer-match').allInnerTexts();
  assert.ok(names.includes('NewBinary') && names.includes('NewGaussian'), `completer shows ${names}`);
  await lab.screenshot('completion-popup');
  // Narrowing to one match completes it in place.
  await lab.page.keyboard.type('B');
  await waitFor('the completer to narrow to NewBinary', async () => {
    const n = await lab.page.locator('.jp-Completer:visible .jp-Completer-match').allInnerTexts();
    return n.length === 1 && n[0] === 'NewBinary';
  }, 10_000);
  await lab.page.keyboard.press('Enter');
  const editor = nb.cells.nth(i).locator('.cm-content');
  await waitFor('rbm.NewBinary in the cell', async () => (await editor.innerText()).trim() === 'm := rbm.NewBinary', 10_000);
  // Shift+Tab shows the doc comment from the kernel's inspect_reply.
  await lab.page.keyboard.press('Shift+Tab');
  const tip = lab.page.locator('.jp-Tooltip');
  await tip.waitFor();
  const text = await tip.innerText();
  assert.match(text, /func NewBinary\(visible, hidden int, init \*Init\) \(\*Binary, error\)/);
  assert.match(text, /NewBinary returns a binary RBM/);
  await lab.screenshot('contextual-help');
  await lab.page.keyboard.press('Escape');
  await nb.editLast(''); // leave an empty cell for the next test
});

step('rich-outputs', async () => {
  const plot = await nb.run([
    'pts := plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}, {X: 2, Y: 4}, {X: 3, Y: 9}}',
    'p := plot.New()',
    'p.Title.Text = "squares"',
    'line, err := plotter.NewLine(pts)',
    'if err != nil {',
    '\tpanic(err)',
    '}',
    'p.Add(line)',
    'display.Plot(p, 4*vg.Inch, 3*vg.Inch)',
  ].join('\n'));
  assert.equal(await stderrOutputs(plot).count(), 0, 'the plot cell shows an error');
  const img = plot.locator('img');
  await img.first().waitFor();
  const size = await img.first().evaluate((el) => [el.naturalWidth, el.naturalHeight]);
  // 4 x 3 inches at the kernel's 96 dpi.
  assert.deepEqual(size, [384, 288], `plot image is ${size[0]}x${size[1]}`);

  const html = await nb.run('display.HTML(`<table id="rbm-t"><tr><td>v</td><td>h</td></tr></table><b id="rbm-b">bold</b>`)');
  await html.locator('table#rbm-t td').first().waitFor();
  assert.equal(await html.locator('b#rbm-b').innerText(), 'bold');
  assert.equal(await html.first().getAttribute('data-mime-type'), 'text/html');

  const md = await nb.run('display.Markdown("## Energy\\n\\n*E* = −vᵀWh, and a list:\\n\\n- one\\n- two")');
  assert.equal(await md.first().getAttribute('data-mime-type'), 'text/markdown');
  assert.equal(await md.locator('h2').innerText().then((t) => t.replace('¶', '').trim()), 'Energy');
  assert.equal(await md.locator('em').innerText(), 'E');
  assert.deepEqual(await md.locator('li').allInnerTexts(), ['one', 'two']);
});

step('error-shows-go-message-and-line', async () => {
  // A compile error: Go's message and the cell's line and column.
  const compile = await nb.run('a := 1\nb := a + undefinedName\nfmt.Println(b)');
  const ce = await renderedText(stderrOutputs(compile));
  assert.match(ce, /cell line 2, column 10: undefined: undefinedName/);
  assert.match(ce, /b := a \+ undefinedName/);
  // A runtime panic: Go's message, the line in the function that panicked
  // and the line of the call. (A panic's line inside a block is not yet
  // always the failing statement's: issue 12 takes that on.)
  const panicked = await nb.run([
    'func bump(m map[string]int, key string) {',
    '\tm[key]++',
    '}',
    'var counts map[string]int',
    'bump(counts, "x")',
  ].join('\n'));
  const pe = await renderedText(stderrOutputs(panicked));
  assert.match(pe, /cell line 2, column \d+, in bump: panic: assignment to entry in nil map/);
  assert.match(pe, /cell line 5, column 1, in the cell/);
  // The error leaves the session usable.
  assert.equal(await renderedText(await nb.run('x * 2')), '80');
});

step('progress-bar', async () => {
  // A training cell of a few seconds with a progress bar: the page must show
  // the bar moving (at least three distinct states while the cell runs) and
  // its final state after.
  const i = await nb.start([
    'set, err := data.BarsAndStripes(4, false)',
    'if err != nil {',
    '\tpanic(err)',
    '}',
    'm, err := rbm.NewBinary(set.Dim(), 64, &rbm.Init{WeightStd: 0.01, Seed: 1})',
    'if err != nil {',
    '\tpanic(err)',
    '}',
    'bar := display.NewProgress("CD-10")',
    'hist, err := learn.Train(ctx, m, set, learn.NewCD(10, mcmc.NewGibbs(1)), &learn.Settings{Updates: 6000, Rate: 0.05, Progress: bar.Update})',
    'bar.Done()',
    'if err != nil {',
    '\tpanic(err)',
    '}',
    'hist.Updates',
  ].join('\n'));
  const bar = nb.outputs(i).locator('.rbm-progress');
  const seen = new Set();
  for (;;) {
    const running = (await nb.prompt(i)) === '[*]:';
    const text = await bar.first().innerText({ timeout: 1000 }).catch(() => null);
    if (!running) break;
    if (text) seen.add(text);
    await lab.page.waitForTimeout(50);
  }
  assert.ok(seen.size >= 3, `saw ${seen.size} progress states while the cell ran: ${[...seen].join(' | ')}`);
  await nb.finished(i);
  const final = await bar.first().innerText();
  assert.match(final, /6000\s*\/\s*6000/, `final progress state: ${final}`);
  assert.match(final, /100\s*%/, `final progress state: ${final}`);
  assert.equal(await stderrOutputs(nb.outputs(i)).count(), 0, 'the training cell shows an error');
  assert.equal(await renderedText(nb.outputs(i).last()), '6000');
});

step('rich-library-values', async () => {
  // The model of the training cell above, and a history, as a cell's
  // result: an HTML summary with a table, the model's 64 filters (4×4
  // visible units) as a PNG, the history's learning curve as an SVG plot.
  const model = await nb.run('m');
  assert.equal(await stderrOutputs(model).count(), 0, 'showing the model gave an error');
  assert.equal(await model.first().getAttribute('data-mime-type'), 'text/html');
  assert.match(await model.locator('.rbm-summary').innerText(), /binary RBM, 16 visible × 64 hidden units: 1,104 parameters/);
  assert.ok((await model.locator('td').allInnerTexts()).includes('weights W'), 'the table has no row for W');
  const filters = model.locator('img');
  await waitFor('the filters to load', () => filters.evaluate((img) => img.complete && img.naturalWidth > 0), 10_000);
  // 64 tiles of 4×4 pixels at scale 6, ten per row.
  assert.deepEqual(await filters.evaluate((img) => [img.naturalWidth, img.naturalHeight]), [251, 176]);
  await lab.screenshot('rich-model');

  // The training above observed nothing; this one measures the exact
  // log-likelihood every 20 updates.
  const hist = await nb.run([
    'obs := []learn.Observer{learn.ExactLogLikelihood(set)}',
    'h2, err := learn.Train(ctx, m, set, learn.NewCD(1, mcmc.NewGibbs(2)), &learn.Settings{Updates: 200, Rate: 0.05, Every: 20, Observers: obs})',
    'if err != nil {',
    '\tpanic(err)',
    '}',
    'h2',
  ].join('\n'));
  assert.equal(await stderrOutputs(hist).count(), 0, 'showing the history gave an error');
  assert.match(await hist.locator('.rbm-summary').innerText(), /training history: 200 updates in /);
  assert.deepEqual(await hist.locator('th').allInnerTexts(), ['series', 'points', 'last', 'at update', 'min', 'max']);
  const curve = hist.locator('img');
  assert.match(await curve.getAttribute('src'), /^data:image\/svg\+xml;base64,/);
  await waitFor('the plot to load', () => curve.evaluate((img) => img.complete && img.naturalWidth > 0), 10_000);
  await lab.screenshot('rich-history');

  // A type of a cell with an HTML method shows as HTML; an error as one.
  const own = await nb.run([
    'type Badge struct{ Name string }',
    'func (b Badge) HTML() string { return `<span id="rbm-badge">` + b.Name + `</span>` }',
    'Badge{"ready"}',
  ].join('\n'));
  assert.equal(await own.locator('span#rbm-badge').innerText(), 'ready');
  const err = await nb.run('_, openErr := os.Open("/nonexistent")\nopenErr');
  assert.match(await renderedText(err), /^error: open \/nonexistent: no such file or directory/);
});

step('interrupt-and-restart', async () => {
  // A library call that would run for minutes (2^30 states) and watches ctx.
  const i = await nb.start('big, _ := rbm.NewBinary(30, 30, nil)\nlogZ, err := big.ExactLogZContext(ctx, nil)\nfmt.Println(logZ, err)');
  await waitFor('the long cell to start', async () => (await nb.prompt(i)) === '[*]:', 30_000);
  await lab.page.waitForTimeout(1000); // let it get going
  const t0 = Date.now();
  await nb.toolbar('interrupt');
  await nb.finished(i, 10_000);
  const took = Date.now() - t0;
  // The library call returns within milliseconds of the interrupt, and the
  // code after it runs (it prints the call's error): the cell was not
  // stopped by the kernel's stop delay (1 s) or grace (3 s). The time
  // limit leaves room for a loaded machine between the click and the page.
  assert.ok(took < 3000, `the interrupt took ${took} ms to end the cell (want < 3000 ms)`);
  const out = await renderedText(nb.outputs(i));
  assert.match(out, /context canceled/, `the interrupted cell says ${out}`);
  await lab.screenshot('interrupted');
  // An earlier variable is still there.
  assert.equal(await renderedText(await nb.run('x')), '40');

  // Restart from the toolbar: the state is gone, the page keeps working.
  await nb.toolbar('restart');
  await lab.page.locator('.jp-Dialog .jp-Dialog-button.jp-mod-accept').click();
  await lab.page.locator('.jp-Dialog').waitFor({ state: 'detached' });
  await nb.ready();
  const gone = await nb.run('x');
  assert.match(await renderedText(stderrOutputs(gone)), /undefined: x/);
  assert.equal(await renderedText(await nb.run('y := 21\ny * 2')), '42');
});

step('deadly-cell-keeps-the-kernel', async () => {
  // Every status the notebook's execution indicator takes while a cell
  // kills its worker: JupyterLab would show "restarting" or "dead", and a
  // dialog, if the kernel died.
  await lab.page.evaluate(() => {
    const el = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
    window.rbmStatuses = [];
    window.rbmObserver = new MutationObserver(() => window.rbmStatuses.push(el.getAttribute('data-status')));
    window.rbmObserver.observe(el, { attributes: true, attributeFilter: ['data-status'] });
  });
  assert.equal(await renderedText(await nb.run('kept := 41\nkept + 1')), '42');
  const deadly = await nb.run([
    'm := map[int]int{}',
    'var wg sync.WaitGroup',
    'for g := 0; g < 4; g++ {',
    '\twg.Add(1)',
    '\tgo func() {',
    '\t\tdefer wg.Done()',
    '\t\tfor i := 0; i < 10000000; i++ {',
    '\t\t\tm[i%1000] = i',
    '\t\t}',
    '\t}()',
    '}',
    'wg.Wait()',
  ].join('\n'));
  const err = await renderedText(stderrOutputs(deadly));
  assert.match(err, /FatalError: concurrent map writes/);
  assert.match(err, /%rerun executes again, in order, the \d+ cells/);
  await lab.screenshot('deadly-cell');
  const statuses = await lab.page.evaluate(() => { window.rbmObserver.disconnect(); return window.rbmStatuses; });
  assert.ok(statuses.includes('busy'), `statuses seen: ${statuses}`);
  for (const s of statuses) {
    assert.ok(s === 'busy' || s === 'idle', `the kernel went ${s} (statuses seen: ${statuses})`);
  }
  assert.equal(await lab.page.locator('.jp-Dialog').count(), 0, 'a dialog opened');
  // The state is gone; %rerun brings it back.
  assert.match(await renderedText(stderrOutputs(await nb.run('kept'))), /undefined: kept/);
  await nb.run('%rerun');
  assert.equal(await renderedText(await nb.run('kept + 1')), '42');
});
