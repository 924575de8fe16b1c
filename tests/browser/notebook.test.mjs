// End-to-end test in a real browser: starts the classic Jupyter Notebook
// server on 127.0.0.1 (random port, random token) with JUPYTER_PATH pointing
// at the test kernelspec, opens a prepared notebook that uses the rbm-kernel
// kernel in headless Chromium, runs all cells from the Cell menu, and checks
// that the printed text and the plot (an <img>) appear in the page. Saves
// build/browser/screenshot.png and always shuts the server down.
//
// Run with tests/browser/run.sh (or `make browser`), which installs the
// kernelspec first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const outDir = path.join(root, 'build', 'browser');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

const printed = 'hello from the browser 42';
const cells = [
  'fmt.Println("hello from the browser", 6*7)',
  [
    '// plot, plotter, vg and display are pre-imported.',
    'pts := plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}, {X: 2, Y: 4}, {X: 3, Y: 9}}',
    'p := plot.New()',
    'p.Title.Text = "squares"',
    'line, err := plotter.NewLine(pts)',
    'if err != nil {',
    '\tpanic(err)',
    '}',
    'p.Add(line)',
    'display.Plot(p, 4*vg.Inch, 3*vg.Inch)',
  ].join('\n'),
];

function notebookJSON() {
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'rbm-kernel', display_name: 'Go (rbm-kernel)', language: 'go' },
      language_info: { name: 'go' },
    },
    cells: cells.map((src, i) => ({
      cell_type: 'code',
      id: `cell-${i}`,
      metadata: {},
      execution_count: null,
      outputs: [],
      source: src,
    })),
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

// waitFor polls fn until it returns a truthy value or the deadline passes.
async function waitFor(what, fn, ms) {
  const deadline = Date.now() + ms;
  let last;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? `: ${last.message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('notebook in Chromium runs Go cells and shows text and a plot', { timeout: 240_000 }, async () => {
  mkdirSync(outDir, { recursive: true });
  const work = mkdtempSync(path.join(os.tmpdir(), 'rbm-browser-'));
  const nbDir = path.join(work, 'nb');
  const profile = path.join(work, 'chromium-profile');
  mkdirSync(nbDir);
  mkdirSync(profile);
  writeFileSync(path.join(nbDir, 'browser.ipynb'), notebookJSON());

  const port = await freePort();
  const token = randomBytes(16).toString('hex');
  const base = `http://127.0.0.1:${port}`;
  let serverLog = '';
  const server = spawn('/usr/bin/jupyter', [
    'notebook', '--no-browser', '--ip=127.0.0.1', `--port=${port}`, '--port-retries=0',
    `--notebook-dir=${nbDir}`, `--NotebookApp.token=${token}`,
    ...(process.getuid && process.getuid() === 0 ? ['--allow-root'] : []),
  ], {
    env: { ...process.env, JUPYTER_RUNTIME_DIR: path.join(work, 'runtime') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: the kernel dies with it
  });
  server.stdout.on('data', (d) => { serverLog += d; });
  server.stderr.on('data', (d) => { serverLog += d; });
  let serverGone = false;
  const exited = new Promise((resolve) => server.on('exit', (code) => { serverGone = true; resolve(code); }));

  let context;
  try {
    await waitFor('the notebook server', async () => {
      if (serverGone) throw new Error('jupyter notebook exited');
      const r = await fetch(`${base}/api/status?token=${token}`);
      return r.ok;
    }, 60_000);
    const specs = await (await fetch(`${base}/api/kernelspecs?token=${token}`)).json();
    assert.ok(specs.kernelspecs['rbm-kernel'], `rbm-kernel kernelspec not found; have ${Object.keys(specs.kernelspecs)}`);

    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
      viewport: { width: 1200, height: 1000 },
    });
    const page = context.pages()[0] || await context.newPage();
    page.setDefaultTimeout(90_000);
    await page.goto(`${base}/notebooks/browser.ipynb?token=${token}`);

    // The kernel is started and connected.
    await page.waitForFunction(() => {
      const k = window.Jupyter && window.Jupyter.notebook && window.Jupyter.notebook.kernel;
      return k && k.is_connected() && k.name === 'rbm-kernel';
    }, null, { timeout: 90_000 });

    // Cell > Run All, as a user would.
    await page.click('#menus a.dropdown-toggle:text-is("Cell")');
    await page.click('#run_all_cells > a');

    // Wait for the plot or for an error, whichever comes first.
    const done = page.locator('.output_area img, .output_area .output_error');
    await done.first().waitFor({ state: 'visible' });
    const errors = await page.locator('.output_area .output_error').allInnerTexts();
    assert.deepEqual(errors, [], 'a cell shows an error');
    const text = page.locator('.output_area .output_subarea', { hasText: printed });
    await text.first().waitFor({ state: 'visible' });
    const img = page.locator('.output_area img');
    await img.first().waitFor({ state: 'visible' });
    const size = await img.first().evaluate((el) => [el.naturalWidth, el.naturalHeight]);
    assert.ok(size[0] > 100 && size[1] > 100, `plot image is ${size[0]}x${size[1]}`);

    await page.screenshot({ path: path.join(outDir, 'screenshot.png'), fullPage: true });
  } catch (e) {
    if (context) {
      const p = context.pages()[0];
      if (p) await p.screenshot({ path: path.join(outDir, 'screenshot-failed.png'), fullPage: true }).catch(() => {});
    }
    console.error('--- notebook server log:\n' + serverLog);
    throw e;
  } finally {
    if (context) await context.close().catch(() => {});
    // Ask the server to stop (it shuts its kernels down), then make sure.
    await fetch(`${base}/api/shutdown?token=${token}`, { method: 'POST' }).catch(() => {});
    const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000).unref())]);
    if (!done) {
      try { process.kill(-server.pid, 'SIGKILL'); } catch { /* gone */ }
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  }
});
