// The JupyterLab debugger on a Go notebook, driven as a user drives it:
// the bug icon turns the debugger on, a click in a cell's gutter sets a
// breakpoint, running the cell stops it there, the call stack and the
// variables panel show the cell's frame and values, and Continue lets the
// cell finish. The screenshot debugger-stopped.png (build/test/browser/)
// is the one docs/debugging.md refers to.
//
// Run with tests/browser/run.sh (make browser), which installs the test
// kernelspec first.
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

test('debugger', { timeout: 240_000 }, () => lab.captured('debugger', async () => {
  await lab.open('/lab');
  const tile = lab.page.locator('.jp-Launcher-section', { hasText: 'Notebook' })
    .locator(`.jp-LauncherCard[title="${kernelDisplayName}"]`);
  await tile.click();
  const nb = await new Notebook(lab).ready();
  const page = lab.page;

  // The debugger's sidebar, opened first (turning the debugger on also
  // activates it, and a click on its tab then could close it again).
  const sidebar = page.locator('.jp-DebuggerSidebar');
  await page.locator('.jp-SideBar .lm-TabBar-tab[data-id="jp-debugger-sidebar"]').click();
  await sidebar.waitFor();

  // The bug icon is there and enabled for the Go kernel (kernel_info's
  // "debugger" feature); clicking it turns the debugger on.
  const bug = nb.panel.locator('.jp-DebuggerBugButton').first();
  await waitFor('the debugger switch to be enabled', async () =>
    (await bug.count()) > 0 && !(await bug.isDisabled()), 60_000);
  await bug.click();
  await waitFor('the debugger to be on', async () =>
    (await bug.getAttribute('aria-pressed')) === 'true', 30_000);
  await sidebar.waitFor();

  // A breakpoint on line 2 of a cell: a click in the breakpoint gutter at
  // the height of that line's number (the debugger turns line numbers on;
  // they are where the editor has laid its lines out, which is what the
  // gutter goes by).
  const i = await nb.editLast('x := 20\ny := x*2 + 2\nfmt.Println(y)');
  const cell = nb.cells.nth(i);
  const gutter = cell.locator('div.cm-gutter.cm-breakpoint-gutter');
  await gutter.waitFor();
  const number = (n) => cell.locator('.cm-lineNumbers .cm-gutterElement', { hasText: new RegExp(`^${n}$`) });
  await number(3).waitFor();
  const g = await gutter.boundingBox();
  const line = await number(2).boundingBox();
  await page.mouse.click(g.x + g.width / 2, line.y + line.height / 2);
  await waitFor('the breakpoint in the breakpoints panel', async () =>
    (await page.locator('.jp-DebuggerBreakpoint').count()) === 1, 30_000);

  // Run the cell: it stops at line 2; the call stack shows its frame, the
  // variables panel x = 20.
  await cell.locator('.cm-content').click();
  await page.keyboard.press('Shift+Enter');
  await waitFor('the call stack to show the cell\'s frame', async () =>
    (await page.locator('.jp-DebuggerCallstackFrame').count()) > 0, 60_000);
  await waitFor('the variables panel to show x = 20', async () => {
    const t = await page.locator('.jp-DebuggerVariables').innerText();
    return /\bx\b[\s\S]*\b20\b/.test(t);
  }, 30_000);
  await page.locator('.jp-DebuggerEditor-highlight').first().waitFor({ timeout: 10_000 });
  await lab.screenshot('debugger-stopped');

  // Continue: the cell finishes and prints 42.
  await page.locator('.jp-DebuggerPausedButton[title="Continue"]').first().click();
  await nb.finished(i);
  assert.equal((await renderedText(nb.outputs(i))).trim(), '42');
  await lab.screenshot('debugger');
}));
