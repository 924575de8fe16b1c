// lab.mjs: what the browser tests share. It starts JupyterLab from the
// project's environment on a free loopback port with a random token and a
// private JUPYTER_* tree, drives Debian's Chromium through playwright-core
// (no browser download), and acts in the page as a user does: the launcher,
// typing into cells, Shift+Enter, the toolbar, the menus.
//
// The kernelspec comes from JUPYTER_PATH (make browser installs it under
// build/jupyter); Jupyter from $VENV (default build/venv).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
// Screenshots of every test land here.
export const shotDir = path.join(root, 'build', 'test', 'browser');
const venv = process.env.VENV || path.join(root, 'build', 'venv');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

// The name the launcher and the kernel picker show for our kernel.
export const kernelDisplayName = 'Go (rbm-kernel)';

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

// waitFor polls fn until it returns a truthy value (which it returns) or ms
// pass, then throws naming what it waited for.
export async function waitFor(what, fn, ms) {
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
    await new Promise((r) => setTimeout(r, 100));
  }
}

// kernelMessage decodes one frame of a kernel's websocket, in either of
// Jupyter Server's framings: JSON text, or the binary v1 protocol (a
// little-endian uint64 count n, n uint64 offsets, then the parts: channel,
// header, parent header, metadata, content, buffers). It returns
// {channel, type, content}, or null for a frame it cannot read.
function kernelMessage(payload) {
  try {
    if (typeof payload === 'string') {
      const m = JSON.parse(payload);
      return { channel: m.channel, type: m.header?.msg_type ?? m.msg_type, content: m.content };
    }
    const b = Buffer.from(payload);
    const n = Number(b.readBigUInt64LE(0));
    const off = [];
    for (let i = 0; i < n; i++) off.push(Number(b.readBigUInt64LE(8 * (i + 1))));
    const part = (i) => b.subarray(off[i], i + 1 < n ? off[i + 1] : b.length).toString('utf8');
    return { channel: part(0), type: JSON.parse(part(1)).msg_type, content: JSON.parse(part(4)) };
  } catch {
    return null;
  }
}

// traceLine is one entry of Lab.debugTrace as a line of text.
function traceLine({ s, dir, type, content: c }) {
  const what = type === 'debug_event' ? c.event
    : `${c.command} seq ${type === 'debug_reply' ? c.request_seq : c.seq}` +
      (type === 'debug_reply' ? ` success ${c.success}${c.message ? `: ${c.message}` : ''}` : '');
  return `${s.toFixed(2)}s ${dir} ${type} ${what}`;
}

// User settings of the private tree: every cell stays in the page (no
// windowing, so a test can read all of a long notebook's prompts), and no
// news is fetched (the machines reach no news feed; nothing downloads at run
// time).
const userSettings = {
  '@jupyterlab/notebook-extension/tracker.jupyterlab-settings': { windowingMode: 'none' },
  '@jupyterlab/apputils-extension/notification.jupyterlab-settings': { fetchNews: 'false', checkForUpdates: false },
};

// Lab is a running JupyterLab server and one browser page on it.
export class Lab {
  // start starts the server with rootDir as its root and opens Chromium.
  // env adds variables to the server's (and so the kernels') environment.
  static async start({ rootDir, env = {} } = {}) {
    const lab = new Lab();
    lab.work = mkdtempSync(path.join(os.tmpdir(), 'rbm-lab-'));
    lab.rootDir = rootDir || path.join(lab.work, 'root');
    mkdirSync(lab.rootDir, { recursive: true });
    const jd = (d) => path.join(lab.work, 'jupyter', d);
    for (const [file, value] of Object.entries(userSettings)) {
      const p = path.join(jd('config'), 'lab', 'user-settings', file);
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, JSON.stringify(value));
    }
    lab.port = await freePort();
    lab.token = randomBytes(16).toString('hex');
    lab.base = `http://127.0.0.1:${lab.port}`;
    lab.log = '';
    lab.server = spawn(path.join(venv, 'bin', 'jupyter'), [
      'lab', '--no-browser', '--ip=127.0.0.1', `--port=${lab.port}`, '--port-retries=0',
      `--ServerApp.root_dir=${lab.rootDir}`, `--IdentityProvider.token=${lab.token}`,
      '--LabApp.news_url=None', '--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate',
      ...(process.getuid && process.getuid() === 0 ? ['--allow-root'] : []),
    ], {
      env: {
        ...process.env,
        JUPYTER_CONFIG_DIR: jd('config'),
        JUPYTER_DATA_DIR: jd('data'),
        JUPYTER_RUNTIME_DIR: jd('runtime'),
        JUPYTERLAB_WORKSPACES_DIR: jd('workspaces'),
        JUPYTER_PLATFORM_DIRS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: the kernels die with it
    });
    lab.server.stdout.on('data', (d) => { lab.log += d; });
    lab.server.stderr.on('data', (d) => { lab.log += d; });
    lab.gone = false;
    lab.exited = new Promise((resolve) => lab.server.on('exit', (code) => { lab.gone = true; resolve(code); }));
    try {
      await waitFor('JupyterLab to answer', async () => {
        if (lab.gone) throw new Error(`jupyter lab exited:\n${lab.log}`);
        const r = await fetch(`${lab.base}/api/status?token=${lab.token}`);
        return r.ok;
      }, 90_000);
      const specs = await lab.api('/api/kernelspecs');
      assert.ok(specs.kernelspecs['rbm-kernel'],
        `rbm-kernel kernelspec not found; JupyterLab has ${Object.keys(specs.kernelspecs)}`);
      lab.context = await chromium.launchPersistentContext(path.join(lab.work, 'chromium'), {
        executablePath: chromiumPath,
        headless: true,
        args: [
          '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
          '--disable-background-networking', '--disable-component-update', '--disable-sync',
        ],
        viewport: { width: 1300, height: 1000 },
      });
      lab.page = lab.context.pages()[0] || await lab.context.newPage();
      lab.page.setDefaultTimeout(90_000);
      // Leave a page without asking (tests save what they keep).
      lab.page.on('dialog', (d) => d.accept().catch(() => {}));
      // The debugger's messages, in the order the page sent and received
      // them, which captured puts beside a failure's log.
      lab.debugTrace = [];
      const t0 = Date.now();
      lab.page.on('websocket', (ws) => {
        const note = (dir) => (f) => {
          const m = kernelMessage(f.payload);
          if (!m || !/^debug_/.test(m.type)) return;
          lab.debugTrace.push({ s: (Date.now() - t0) / 1000, dir, type: m.type, content: m.content || {} });
        };
        ws.on('framesent', note('>'));
        ws.on('framereceived', note('<'));
      });
    } catch (e) {
      await lab.stop();
      throw e;
    }
    return lab;
  }

  // api GETs a server REST path with the token and returns its JSON.
  async api(p) {
    const r = await this.request('GET', p);
    assert.ok(r.ok, `GET ${p}: ${r.status}`);
    return r.json();
  }

  // request sends a REST request with the token and returns the response.
  async request(method, p, body) {
    return fetch(`${this.base}${p}${p.includes('?') ? '&' : '?'}token=${this.token}`, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  // shutdownSessions ends every session and its kernel.
  async shutdownSessions() {
    for (const s of await this.api('/api/sessions')) {
      const r = await this.request('DELETE', `/api/sessions/${s.id}`);
      assert.ok(r.ok, `DELETE session ${s.id}: ${r.status}`);
    }
  }

  // menu clicks a menu bar entry and then an item of its menu, by their
  // labels, as a user does.
  async menu(name, item) {
    await this.page.locator('.lm-MenuBar-itemLabel', { hasText: new RegExp(`^${name}$`) }).click();
    await this.page.locator('.lm-Menu-itemLabel', { hasText: new RegExp(`^${item}$`) }).click();
  }

  // open loads a JupyterLab path (e.g. '/lab', '/lab/tree/x.ipynb') in a
  // fresh workspace, so that no earlier layout is restored.
  async open(p = '/lab') {
    await this.page.goto(`${this.base}${p}?reset&token=${this.token}`);
    await this.page.locator('#jp-main-dock-panel').waitFor();
  }

  // screenshot saves the page as build/test/browser/<name>.png.
  async screenshot(name) {
    mkdirSync(shotDir, { recursive: true });
    await this.page.screenshot({ path: path.join(shotDir, `${name}.png`) });
  }

  // captured runs body; when it fails, it saves <name>-failed.png and puts
  // the end of the server's log on stderr before passing the error on.
  async captured(name, body) {
    try {
      return await body();
    } catch (e) {
      await this.screenshot(`${name}-failed`).catch(() => {});
      console.error(`--- JupyterLab log:\n${this.log.slice(-8000)}`);
      if (this.debugTrace?.length) {
        console.error(`--- debug messages:\n${this.debugTrace.slice(-60).map(traceLine).join('\n')}`);
      }
      throw e;
    }
  }

  // stop closes the browser and the server (which ends its kernels) and
  // removes the private tree.
  async stop() {
    if (this.context) await this.context.close().catch(() => {});
    if (this.server && !this.gone) {
      await fetch(`${this.base}/api/shutdown?token=${this.token}`, { method: 'POST' }).catch(() => {});
      const done = await Promise.race([
        this.exited.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 15_000).unref()),
      ]);
      if (!done) {
        try { process.kill(-this.server.pid, 'SIGKILL'); } catch { /* gone */ }
        await this.exited;
      }
    }
    rmSync(this.work, { recursive: true, force: true });
  }
}

// Notebook is the active notebook panel of a Lab page.
export class Notebook {
  constructor(lab) {
    this.lab = lab;
    this.page = lab.page;
    this.panel = lab.page.locator('.jp-NotebookPanel:not(.lm-mod-hidden)');
    this.cells = this.panel.locator('.jp-Notebook .jp-Cell');
  }

  // ready waits until the notebook's kernel is ours and idle.
  async ready() {
    await this.panel.locator('.jp-Notebook').waitFor();
    await this.panel.locator('.jp-Toolbar-kernelName', { hasText: kernelDisplayName }).waitFor();
    await this.idle.waitFor();
    return this;
  }

  // idle is the locator of the execution indicator while the kernel is idle.
  get idle() {
    return this.panel.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]');
  }

  // prompt is the execution prompt of cell i: '[]:', '[*]:' or '[n]:'
  // (white space removed).
  async prompt(i) {
    return (await this.cells.nth(i).locator('.jp-InputArea-prompt').innerText()).replace(/\s/g, '');
  }

  // codePrompts is the execution prompt of every code cell, as prompt gives
  // them.
  async codePrompts() {
    const ps = await this.panel.locator('.jp-Notebook .jp-CodeCell .jp-InputArea-prompt').allInnerTexts();
    return ps.map((p) => p.replace(/\s/g, ''));
  }

  // editLast focuses the editor of the last cell, and puts code in it as a
  // paste would (no auto-indent of pasted lines), replacing what it held.
  async editLast(code) {
    const n = await this.cells.count();
    const editor = this.cells.nth(n - 1).locator('.cm-content');
    await editor.click();
    await this.page.keyboard.press('Control+a');
    await this.page.keyboard.insertText(code);
    return n - 1;
  }

  // start types code into the last cell and runs it with Shift+Enter (which
  // adds a new cell below); it returns the cell's index at once.
  async start(code) {
    const i = await this.editLast(code);
    await this.page.keyboard.press('Shift+Enter');
    return i;
  }

  // finished waits until cell i has an execution count and the kernel is
  // idle again (its idle status follows every output of the cell).
  async finished(i, ms = 120_000) {
    await waitFor(`cell ${i} to finish`, async () => /^\[\d+\]:$/.test(await this.prompt(i)), ms);
    await this.idle.waitFor({ timeout: ms });
  }

  // run runs code as the last cell, waits for it, and returns its outputs'
  // locator.
  async run(code, ms) {
    const i = await this.start(code);
    await this.finished(i, ms);
    return this.outputs(i);
  }

  // outputs is the locator of cell i's outputs; with no i, of every cell's.
  outputs(i) {
    const cells = i === undefined ? this.cells : this.cells.nth(i);
    return cells.locator('.jp-OutputArea-output');
  }

  // toolbar clicks the notebook toolbar's item of that name (interrupt,
  // restart, run, save, ...).
  async toolbar(name) {
    await this.panel.locator(`.jp-NotebookPanel-toolbar [data-jp-item-name="${name}"] :is(button, jp-button)`).first().click();
  }
}

// stderrOutputs narrows a locator of outputs (Notebook.outputs, or what
// run returns) to the error and stderr ones.
export function stderrOutputs(outputs) {
  return outputs.and(outputs.page().locator('[data-mime-type="application/vnd.jupyter.stderr"]'));
}

// renderedText waits until the first element of loc is rendered with text
// (JupyterLab fills an output's element asynchronously) and returns it.
export async function renderedText(loc, ms = 10_000) {
  return waitFor('rendered output text', async () => {
    const t = await loc.first().innerText({ timeout: 1000 });
    return t.trim() ? t : null;
  }, ms);
}
