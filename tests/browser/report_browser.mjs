// Browser test of `arena report`: builds pages from the sample logs in tests/data/report, opens
// them from disk in headless Chromium (Debian's package) and checks what a person sees: the
// verdict boxes, the summary numbers, tables that fit a 1400 px window, an Othello and a Blokus
// Duo game stepped to their last move with the arrow key (with board coordinates), a loop
// folder's training games in their own section, the problems of broken logs, and that the page
// fetched nothing from the network.
// Screenshots go to OUT_DIR (and to $ARENA_SCREENSHOTS when set, e.g. docs/screenshots).
//
// Driven over the Chromium DevTools protocol on a pipe (--remote-debugging-pipe: JSON messages
// separated by NUL bytes on file descriptors 3 and 4), so it needs Node's standard library only.
//
// usage: node report_browser.mjs ARENA_BINARY DATA_DIR OUT_DIR
// Exit 0 all checks passed, 1 a check failed, 77 skipped (no Chromium), printed with a reason.
// Expected values come from outside the project: W/D/L 136/111/96 -> Elo 40.70 +- 30.43 and the
// pentanomial counts 34/54/31+32/64/75 -> Elo 55.58 +- 27.65 (tests/data/stats/worked-examples.md
// T1, P1); the WTHOR game "British Nationals - 2000" ends 28-36 (shared/data/othello/wthor); the
// GPCC 2007 round-1 game ends with 53 and 46 squares placed, on the cells its Pentobi SGF lists
// (tests/data/blokus). The viewer paints boards the C++ side computed; these checks read the
// painted cells.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [arena, dataDir, outDir] = process.argv.slice(2);
if (!arena || !dataDir || !outDir) {
  console.error('usage: node report_browser.mjs ARENA_BINARY DATA_DIR OUT_DIR');
  process.exit(2);
}
const chromiumPath = process.env.ARENA_CHROMIUM || '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  console.log(`report_browser: SKIPPED: no browser at ${chromiumPath} (Debian package chromium; ` +
              'scripts/install-deps installs it)');
  process.exit(77);
}
fs.mkdirSync(outDir, { recursive: true });

let passed = 0, failed = 0;
function check(what, ok, detail = '') {
  if (ok) ++passed; else ++failed;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : ': ' + detail}`);
}

// Step 1: the pages, written by the binary under test.
function report(args, out) {
  const r = spawnSync(arena, ['report', ...args, '--out', out], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr || '' };
}
const mainPage = path.join(outDir, 'report.html');
const badPage = path.join(outDir, 'problems.html');
const main = report([path.join(dataDir, 'othello-match.jsonl'), path.join(dataDir, 'blokus-gpcc.jsonl')], mainPage);
check('arena report on two logs exits 0', main.status === 0, main.stderr);
const loopPage = path.join(outDir, 'loop.html');
const loop = report([path.join(dataDir, 'loop-run')], loopPage);
check('arena report on a loop run folder exits 0', loop.status === 0, loop.stderr);
const bad = report([path.join(dataDir, 'torn.jsonl'), path.join(dataDir, 'unknown-game.jsonl')], badPage);
check('arena report on a torn log and an unknown game exits 0', bad.status === 0, bad.stderr);
check('problems are on stderr', /incomplete last line/.test(bad.stderr) && /unknown game 'chess'/.test(bad.stderr),
      bad.stderr);

// Step 2: Chromium over the DevTools pipe.
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-chromium-'));
const browser = spawn(chromiumPath, [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage', `--user-data-dir=${profile}`, '--remote-debugging-pipe', 'about:blank',
], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
let browserLog = '';
browser.stderr.on('data', (d) => { browserLog += d; });
const toBrowser = browser.stdio[3], fromBrowser = browser.stdio[4];
let nextId = 1, buffer = '';
const pending = new Map(), listeners = [];
fromBrowser.on('data', (chunk) => {
  buffer += chunk.toString('utf8');
  let end;
  while ((end = buffer.indexOf('\0')) >= 0) {
    const msg = JSON.parse(buffer.slice(0, end));
    buffer = buffer.slice(end + 1);
    if (msg.id && pending.has(msg.id)) {
      const { resolve, reject, method } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(`${method}: ${msg.error.message}`)); else resolve(msg.result);
    } else if (msg.method) {
      for (const l of listeners) l(msg);
    }
  }
});
function send(method, params = {}, sessionId = undefined) {
  const id = nextId++;
  const msg = { id, method, params };
  if (sessionId) msg.sessionId = sessionId;
  toBrowser.write(JSON.stringify(msg) + '\0');
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, method });
    setTimeout(() => reject(new Error(`${method}: no answer in 30 s`)), 30000).unref();
  });
}
function waitFor(method, sessionId) {
  return new Promise((resolve) => {
    listeners.push(function l(msg) {
      if (msg.method === method && msg.sessionId === sessionId) {
        listeners.splice(listeners.indexOf(l), 1);
        resolve(msg.params);
      }
    });
  });
}
const requests = [];
listeners.push((msg) => {
  if (msg.method === 'Network.requestWillBeSent') requests.push(msg.params.request.url);
});

async function openPage(file) {
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const s = (method, params) => send(method, params, sessionId);
  await s('Page.enable');
  await s('Network.enable');
  await s('Runtime.enable');
  await s('Emulation.setDeviceMetricsOverride', { width: 1400, height: 1000, deviceScaleFactor: 1, mobile: false });
  const loaded = waitFor('Page.loadEventFired', sessionId);
  await s('Page.navigate', { url: pathToFileURL(file).href });
  await loaded;
  const page = {
    async eval(expression) {
      const r = await s('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (r.exceptionDetails) throw new Error(`${expression}: ${JSON.stringify(r.exceptionDetails)}`);
      return r.result.value;
    },
    async key(key, code, keyCode) {
      for (const type of ['rawKeyDown', 'keyUp']) {
        await s('Input.dispatchKeyEvent', { type, key, code, windowsVirtualKeyCode: keyCode });
      }
    },
    async screenshot(name, selector) {
      const clip = selector ? await page.eval(`(() => { const r = document.querySelector(${JSON.stringify(selector)})
          .getBoundingClientRect(); return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height,
          scale: 1 }; })()`) : undefined;
      const shot = await s('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true, clip });
      const png = Buffer.from(shot.data, 'base64');
      fs.writeFileSync(path.join(outDir, name), png);
      if (process.env.ARENA_SCREENSHOTS) fs.writeFileSync(path.join(process.env.ARENA_SCREENSHOTS, name), png);
      return png.length;
    },
  };
  return page;
}

// Nothing wider than the window at 1400 px: the page, and every table within its own box (a
// table's own scroll bar would hide columns); the verdict, LLR and kept columns on screen.
async function fitsTheWindow(page, what) {
  const wide = await page.eval(`(() => {
      const out = [];
      if (document.documentElement.scrollWidth > innerWidth) out.push('page ' + document.documentElement.scrollWidth);
      for (const t of document.querySelectorAll('table')) {
        const r = t.getBoundingClientRect();
        if (t.scrollWidth > t.clientWidth + 1 || r.right > innerWidth) out.push((t.id || 'table') + ' ' + t.scrollWidth);
      }
      for (const c of document.querySelectorAll('td[data-k="verdict"], td[data-k="llr"], td[data-k="accepted"], td[data-k="sprt"]')) {
        if (c.getBoundingClientRect().right > innerWidth) out.push('cell ' + c.dataset.k);
      }
      return out; })()`);
  check(`${what}: no horizontal overflow at 1400 px, verdict columns visible`, wide.length === 0, wide.join(', '));
}

// The text of a pairs-table cell: row of engines a/b, column key k.
const cell = (a, b, k) => `document.querySelector('#pairs-table tr[data-a="${a}"][data-b="${b}"] td[data-k="${k}"]')?.textContent`;

// Selects a game in the viewer's list by the start of its label, then steps it with the Right
// arrow key until the ply counter stops moving; returns the shown counts.
async function stepToEnd(page, label) {
  const index = await page.eval(`(() => { const sel = document.getElementById('f-game');
      const opt = [...sel.options].find((o) => o.textContent.startsWith(${JSON.stringify(label)}));
      if (!opt) return -1; sel.value = opt.value; sel.dispatchEvent(new Event('change')); sel.blur();
      return Number(opt.value); })()`);
  if (index < 0) return null;
  const total = await page.eval(`Number(document.getElementById('v-ply').textContent.split('/')[1])`);
  await page.eval(`document.getElementById('v-next').click()`);
  let plies = await page.eval(`Number(document.getElementById('v-ply').dataset.ply)`);
  for (let i = 0; i < total + 2; ++i) await page.key('ArrowRight', 'ArrowRight', 39);
  plies = await page.eval(`Number(document.getElementById('v-ply').dataset.ply)`);
  const counts = await page.eval(`(() => { const c = document.getElementById('v-counts');
      return [Number(c.dataset.first), Number(c.dataset.second), c.textContent]; })()`);
  const error = await page.eval(`document.getElementById('v-error').textContent`);
  return { total, plies, counts, error };
}

try {
  await send('Target.setDiscoverTargets', { discover: false });
  const page = await openPage(mainPage);

  // Step 3: the summary.
  check('A vs B: W/D/L 136/111/96',
        (await page.eval(cell('A', 'B', 'wins'))) === '136' && (await page.eval(cell('A', 'B', 'draws'))) === '111' &&
        (await page.eval(cell('A', 'B', 'losses'))) === '96');
  check('A vs B: Elo 40.70 +- 30.43 (T1)',
        (await page.eval(cell('A', 'B', 'elo'))) === '40.70' && (await page.eval(cell('A', 'B', 'elo_error'))) === '30.43',
        `${await page.eval(cell('A', 'B', 'elo'))} +- ${await page.eval(cell('A', 'B', 'elo_error'))}`);
  check('C vs B: pentanomial 34/54/63/64/75',
        [await page.eval(cell('C', 'B', 'll')), await page.eval(cell('C', 'B', 'ld')), await page.eval(cell('C', 'B', 'wldd')),
         await page.eval(cell('C', 'B', 'wd')), await page.eval(cell('C', 'B', 'ww'))].join('/') === '34/54/63/64/75');
  check('C vs B: Elo 55.58 +- 27.65 (P1)',
        (await page.eval(cell('C', 'B', 'elo'))) === '55.58' && (await page.eval(cell('C', 'B', 'elo_error'))) === '27.65',
        `${await page.eval(cell('C', 'B', 'elo'))} +- ${await page.eval(cell('C', 'B', 'elo_error'))}`);
  // Logs of two games: only the Othello log is counted (the Blokus Duo log is listed as a
  // problem, never merged with it), so its SPRT is the run's, in the pairs table.
  const sprtLine = await page.eval(`document.querySelector('#pairs-table-tests li[data-a="A"][data-b="B"]')?.textContent`);
  check('SPRT verdict shown with bounds and unit',
        /SPRT logistic \[0\.00, 10\.00\] Elo, alpha 0\.05, beta 0\.05/.test(sprtLine) && /\(-2\.94, 2\.94\)/.test(sprtLine) &&
        /accepted|continue/.test(await page.eval(cell('A', 'B', 'verdict'))),
        `${sprtLine} ${await page.eval(cell('A', 'B', 'verdict'))}`);
  check('rating list shown (more than two engines, of one game)',
        (await page.eval(`document.querySelectorAll('#ratings-table tr[data-engine]').length`)) === 3);
  const charts = await page.eval(`[...document.querySelectorAll('figure.chart svg')].length`);
  check('charts drawn (gnuplot SVG inline)', charts >= 3, `${charts} charts`);

  // The verdict box at the top: T1's pair, A ahead with an interval above 0.
  const headlines = await page.eval(`[...document.querySelectorAll('#verdicts .verdict-headline')].map((e) => e.textContent)`);
  check('verdict box: A is stronger than B', headlines.includes('A is stronger than B'), JSON.stringify(headlines));
  check('verdict box before the tables',
        await page.eval(`!!(document.getElementById('verdicts').compareDocumentPosition(document.getElementById('runs-table')) & Node.DOCUMENT_POSITION_FOLLOWING)`));
  await fitsTheWindow(page, 'logs page');
  await page.screenshot('verdict-match.png', '#verdicts');

  // Step 4: the viewer, an Othello game and a Blokus Duo game stepped to the end.
  const othello = await stepToEnd(page, '#0 A - B 0-1 (othello-match.jsonl)');
  check('Othello game stepped to its last move', othello && othello.plies === 60 && othello.total === 60,
        JSON.stringify(othello));
  check('Othello final discs 28-36', othello && othello.counts[0] === 28 && othello.counts[1] === 36,
        JSON.stringify(othello));
  check('Othello replay legal', othello && othello.error === '', othello && othello.error);
  // The painted board itself, cell by cell as drawn (data-v: 1 black, 2 white).
  const painted = () => page.eval(`[...document.querySelectorAll('#v-board .cell')].map((c) => Number(c.dataset.v))`);
  const othelloCells = await painted();
  const discs = (cells, v) => cells.filter((c) => c === v).length;
  check('Othello painted board: 64 cells, 28 black and 36 white discs (WTHOR)',
        othelloCells.length === 64 && discs(othelloCells, 1) === 28 && discs(othelloCells, 2) === 36,
        `${othelloCells.length} cells, ${discs(othelloCells, 1)}-${discs(othelloCells, 2)}`);
  const coords = () => page.eval(`[document.getElementById('v-cols').textContent, document.getElementById('v-rows').textContent]`);
  const othelloCoords = await coords();
  check('Othello board coordinates a-h, 1-8', othelloCoords[0] === 'abcdefgh' && othelloCoords[1] === '12345678',
        JSON.stringify(othelloCoords));
  await page.screenshot('viewer-othello.png', '#viewer');
  const blokus = await stepToEnd(page, '#0 X - Y 1-0 (blokus-gpcc.jsonl)');
  check('Blokus Duo game stepped to its last move', blokus && blokus.plies === 25, JSON.stringify(blokus));
  check('Blokus Duo final squares 53-46', blokus && blokus.counts[0] === 53 && blokus.counts[1] === 46,
        JSON.stringify(blokus));
  check('Blokus Duo remaining pieces shown',
        /First: 8 pieces, 36 squares left/.test(await page.eval(`document.getElementById('v-side').textContent`)) &&
        /Second: 11 pieces, 43 squares left/.test(await page.eval(`document.getElementById('v-side').textContent`)));
  // Pentobi's SGF of the same game lists every placed cell (B first player, W second;
  // columns a-n, rows 1-14 from the bottom): the painted board must show exactly those.
  const sgf = fs.readFileSync(path.join(dataDir, '..', 'blokus', 'gpcc2007-round1.blksgf'), 'utf8');
  const expected = new Array(196).fill(0);
  for (const [, who, cells] of sgf.matchAll(/;([BW])\[([^\]]*)\]/g)) {
    for (const c of cells.split(',')) {
      expected[(c.charCodeAt(0) - 97) + 14 * (14 - Number(c.slice(1)))] = who === 'B' ? 1 : 2;
    }
  }
  const blokusCells = (await painted()).map((v) => (v === 1 || v === 2 ? v : 0));
  const wrong = blokusCells.map((v, i) => (v === expected[i] ? -1 : i)).filter((i) => i >= 0);
  check('Blokus Duo painted board equals the SGF placements cell by cell (53 and 46 squares)',
        blokusCells.length === 196 && wrong.length === 0 && discs(expected, 1) === 53 && discs(expected, 2) === 46,
        `${blokusCells.length} cells, differing at ${wrong.join(' ')}`);
  check('Blokus Duo last piece highlighted',
        (await page.eval(`document.querySelectorAll('#v-board .cell.last').length`)) === 3);
  // The 4-character code's column and row digits (shared/data/blokus/gpcc-move-code.md).
  const blokusCoords = await coords();
  check('Blokus Duo board coordinates 1-9, A-E', blokusCoords[0] === '123456789ABCDE' &&
        blokusCoords[1] === '123456789ABCDE', JSON.stringify(blokusCoords));
  await page.screenshot('viewer-blokus.png', '#viewer');
  await page.screenshot('summary.png', 'body > header');
  await page.eval(`document.getElementById('charts').scrollIntoView()`);
  await page.screenshot('charts.png', '.charts');
  await page.screenshot('report-full.png');

  // Step 5: a loop run folder: rounds, loop charts, the square-weight heat maps.
  const loopView = await openPage(loopPage);
  check('loop rounds table', (await loopView.eval(`document.querySelectorAll('#loop-table tr').length`)) === 3);
  check('loop charts (Elo per round, fit losses)',
        (await loopView.eval(`!!document.querySelector('#chart-loop-elo svg') && !!document.querySelector('#chart-loop-loss svg')`)));
  check('weights heat maps before/after', (await loopView.eval(`document.querySelectorAll('table.heat').length`)) >= 2);
  check('loop: a verdict box per match', (await loopView.eval(`document.querySelectorAll('#verdicts .verdict').length`)) === 2);
  check('loop: training games in their own section',
        (await loopView.eval(`document.querySelectorAll('#training-table tr[data-log]').length`)) === 2);
  const matchLogs = await loopView.eval(`[...document.querySelectorAll('#sprt-table td[data-k="log"]')].map((e) => e.textContent)`);
  check('loop: matches only in the per-match table', matchLogs.length === 2 && matchLogs.every((l) => /match\.jsonl$/.test(l)),
        JSON.stringify(matchLogs));
  await fitsTheWindow(loopView, 'loop page');
  await loopView.screenshot('verdict-loop.png', '#verdicts');
  await loopView.screenshot('loop-charts.png', '.charts');
  await loopView.screenshot('weights.png', '#weights-section');

  // Step 6: a broken input still gives a page that shows its problems.
  const badView = await openPage(badPage);
  const problems = await badView.eval(`[...document.querySelectorAll('#problems li')].map((li) => li.textContent)`);
  check('torn line shown on the page', problems.some((p) => /incomplete last line/.test(p)), JSON.stringify(problems));
  check('unknown game shown on the page', problems.some((p) => /unknown game 'chess'/.test(p)), JSON.stringify(problems));
  await badView.screenshot('problems.png', 'body > header');

  // Step 7: nothing but the files themselves was requested.
  const remote = requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:') && u !== 'about:blank');
  check('no network requests', remote.length === 0, remote.join(' '));
} catch (e) {
  check('browser session', false, `${e.stack}\n${browserLog.slice(-2000)}`);
} finally {
  // Close Chromium and wait for it, so that it has stopped writing to the profile.
  const exited = new Promise((resolve) => browser.once('exit', resolve));
  await send('Browser.close').catch(() => browser.kill());
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  browser.kill('SIGKILL');
  try {
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  } catch (e) {
    console.log(`note: profile ${profile} not removed: ${e.message}`);
  }
}
console.log(`report_browser: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
