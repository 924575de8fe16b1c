// Every shipped notebook, opened in JupyterLab 4 and run with Run > Run All
// Cells as a user would, in quick mode (RBM_QUICK=1 in the server's and so
// the kernel's environment), must run every code cell with no error output.
// The notebooks are copies in a temporary root, so JupyterLab's saving
// never touches the committed files; each one is saved from the page and
// the saved file is checked: every code cell has an execution count and no
// output is an error. Screenshots: build/test/browser/notebook-<name>.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Lab, Notebook, root, stderrOutputs, waitFor } from './lab.mjs';

const names = readdirSync(path.join(root, 'notebooks')).filter((f) => f.endsWith('.ipynb')).filter((f) => !process.env.ONLY || f.startsWith(process.env.ONLY)).sort();
// The longest a notebook may take in quick mode before the test gives up.
const perNotebookMs = Number(process.env.NOTEBOOK_TIMEOUT || 600) * 1000;

let lab;
let rootDir;

before(async () => {
  rootDir = mkdtempSync(path.join(os.tmpdir(), 'rbm-notebooks-'));
  for (const n of names) copyFileSync(path.join(root, 'notebooks', n), path.join(rootDir, n));
  lab = await Lab.start({
    rootDir,
    env: { RBM_QUICK: '1', RBM_DATA: process.env.RBM_DATA || path.join(root, 'data') },
  });
});

after(async () => {
  if (lab) await lab.stop();
  if (rootDir) rmSync(rootDir, { recursive: true, force: true });
});

test('there are notebooks to run', () => {
  assert.ok(names.length > 0, 'no notebooks/*.ipynb');
});

for (const name of names) {
  test(`Run All: ${name}`, { timeout: perNotebookMs + 120_000 }, async () => {
    const shot = `notebook-${name.replace(/\.ipynb$/, '')}`;
    try {
      await lab.captured(shot, () => runAll(name, shot));
    } finally {
      await lab.shutdownSessions().catch(() => {});
    }
  });
}

// runAll opens the notebook name, clears it, runs Run All, saves it, and
// checks the saved file.
async function runAll(name, shot) {
  await lab.open(`/lab/tree/${name}`);
  const nb = await new Notebook(lab).ready();
  const n = await nb.panel.locator('.jp-Notebook .jp-CodeCell').count();
  assert.ok(n > 0, `${name} has no code cells`);
  // The committed notebooks hold the outputs and counts of a full run:
  // clear them first, so that what is checked is this run's.
  await lab.menu('Edit', 'Clear Outputs of All Cells');
  await waitFor('the outputs to be cleared', async () => (await nb.codePrompts()).every((p) => p === '[]:' || p === ''), 10_000);
  await lab.menu('Run', 'Run All Cells');
  // Done when no cell is queued or running and the kernel is idle: then
  // either every cell ran, or Run All stopped at an error.
  const stderr = stderrOutputs(nb.outputs());
  await waitFor(`Run All of ${name} to finish`, async () => {
    const ps = await nb.codePrompts();
    const ran = ps.filter((p) => /^\[\d+\]:$/.test(p)).length;
    if (ps.some((p) => p.includes('*'))) return false;
    if (!(await nb.idle.count())) return false;
    return ran === n || (await stderr.count()) > 0;
  }, perNotebookMs);
  await lab.screenshot(shot);
  // Save from the page, wait until the file is written (its time
  // changes and the tab is no longer marked dirty), and check it.
  const before = (await lab.api(`/api/contents/${name}?content=0`)).last_modified;
  await lab.page.keyboard.press('Control+s');
  const saved = await waitFor(`${name} to be saved`, async () => {
    const dirty = await lab.page.locator('.lm-TabBar-tab.jp-mod-current.jp-mod-dirty').count();
    if (dirty) return null;
    const meta = await lab.api(`/api/contents/${name}?content=0`);
    return meta.last_modified !== before ? lab.api(`/api/contents/${name}?content=1`) : null;
  }, 60_000);
  const cells = saved.content.cells.filter((c) => c.cell_type === 'code');
  const errors = cells.flatMap((c, i) => (c.outputs || [])
    .filter((o) => o.output_type === 'error')
    .map((o) => `code cell ${i + 1}: ${o.ename}: ${o.evalue}`));
  assert.deepEqual(errors, [], `${name} has error outputs`);
  const notRun = cells.map((c, i) => (c.execution_count == null ? i + 1 : 0)).filter(Boolean);
  assert.deepEqual(notRun, [], `${name}: code cells that did not run`);
  // JupyterLab stores the kernel's language_info, which File > Save and
  // Export Notebook As > Executable Script and highlighting use.
  const li = saved.content.metadata.language_info || {};
  assert.deepEqual([li.name, li.file_extension, li.mimetype, li.codemirror_mode, li.pygments_lexer],
    ['go', '.go', 'text/x-go', 'go', 'go'], `${name}: language_info ${JSON.stringify(li)}`);
}
