// browser.mjs URL SHOTS SERVER IDLE_URL FULL_URL: drives r3's web page
// (protocol/web/) in Debian's headless chromium through puppeteer-core, as
// tests/web.sh serves it with r3 web at URL, SERVER the pid of that r3 web:
// the page's files as served (only they, with their types); a 1483 game with a
// practice seed played to its result by clicking the map and the list, with
// screenshots at the start, in a battle and at the end (into SHOTS), and the
// belief shown on pointing at a face-down enemy block; Load of a
// file that is no save, refused with the game kept; no console error; the page
// at a phone's width, its game with no seed sent; 20 tabs at once, each with
// its own game and its own r3 process, every one gone once the tabs close; the
// attacks a visitor could send down the socket, each refused; binary frames
// and malformed text messages, each answered once and in step; at IDLE_URL a
// host that closes the connection, told to the person; and FULL_URL, a server
// of one game, telling a second page that it is full. Prints "ok ..." or
// "FAIL ..." a check, and exits 1 if any failed. Every wait is for a
// condition, bounded generously, so that a loaded machine is slower but no
// less right.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const [url, shots, server, idleUrl, fullUrl] = process.argv.slice(2);
const LONG = 180000; /* ms: the bound of a wait for r3, which a loaded machine slows */
let failed = 0;
function check(what, ok) {
  console.log(`${ok ? 'ok' : 'FAIL'} ${what}`);
  if (!ok) failed++;
}

// The r3 host processes of this test's tabs: the children of the websocketd it
// serves them from, and no one else's.
function hosts() {
  if (!/^[0-9]+$/.test(server ?? '')) throw new Error('no websocketd pid given');
  try {
    return Number(execFileSync('pgrep', ['-c', '-P', server]).toString());
  } catch {
    return 0;
  }
}

async function until(test, seconds, what) {
  for (let t = 0; t < seconds * 10; t++) {
    if (await test()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`(waited ${seconds} s for ${what})`);
  return false;
}

// A tab at the page, once connected (state idle; or as given). page.sockets gets the
// sockets it opens and page.frames every line sent or received on them, as chromium's
// devtools see them go by (Network.webSocketFrameSent), whatever the page's script does.
async function open(browser, width, height, errors, at = url, states = ['idle']) {
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  Object.assign(page, { sockets: [], frames: [] });
  const devtools = await page.target().createCDPSession();
  await devtools.send('Network.enable');
  devtools.on('Network.webSocketCreated', (e) => page.sockets.push(e.requestId));
  devtools.on('Network.webSocketFrameSent', (e) =>
    page.frames.push({ socket: e.requestId, sent: true, line: e.response.payloadData.trim(), time: e.timestamp }));
  devtools.on('Network.webSocketFrameReceived', (e) =>
    page.frames.push({ socket: e.requestId, sent: false, line: e.response.payloadData.trim(), time: e.timestamp }));
  await page.goto(at, { waitUntil: 'load' });
  await page.waitForFunction((s) => s.includes(document.body.dataset.state), { timeout: LONG, polling: 100 }, states);
  return page;
}

// The lines of new games the page sent.
const newLines = (page) => page.frames.filter((f) => f.sent && f.line.startsWith('new ')).map((f) => f.line);

// A seed is a practice setting: with SEED null the box is left off and the host draws one.
async function newGame(page, year, side, seed, pace = '0') {
  await page.select('select[name=scenario]', year);
  await page.select('select[name=side]', side);
  await page.select('select[name=level]', '3');
  await page.select('select[name=pace]', pace);
  await page.bringToFront(); /* a click needs its tab in front, as a person's does */
  if (await page.$('#practice') && await page.$eval('#practice', (box) => box.checked) !== (seed !== null))
    await page.click('#practice');
  await page.$eval('input[name=seed]', (input, s) => { input.value = s; }, seed === null ? '' : String(seed));
  await page.click('#new-game button[type=submit]');
}

// The n-th new game sent, once its answer came and the page took it in: how many ms
// after the line the answer's end came, by devtools' clock; null if it never did.
async function answered(page, n) {
  let took = null;
  const came = await until(() => {
    const at = page.frames.flatMap((f, i) => (f.sent && f.line.startsWith('new ') ? [i] : []))[n - 1];
    const end = at === undefined ? null : page.frames.slice(at + 1).find((f) => !f.sent && f.socket === page.frames[at].socket &&
      (f.line === 'ok' || f.line.startsWith('error ')));
    if (end) took = 1000 * (end.time - page.frames[at].time);
    return end != null;
  }, LONG / 1000, `the answer to new game ${n}`);
  if (came) await started(page);
  return took;
}

async function started(page) {
  await page.waitForFunction(() => ['ready', 'over'].includes(document.body.dataset.state), { timeout: LONG, polling: 100 });
}

// A decision drawn by a seeded generator, so that the game is the same each run:
// clicked on the map where one block or area names it alone, else in the list.
let draws = 7;
async function choose(page) {
  draws = (draws * 1103515245 + 12345) % 2147483648;
  return page.evaluate((draw) => {
    const buttons = [...document.querySelectorAll('#decisions button')];
    const last = buttons[draw % buttons.length].dataset.decision;
    for (const word of last.split(' ')) {
      const alone = buttons.filter((b) => b.dataset.decision.split(' ').includes(word)).length === 1;
      const css = CSS.escape(word);
      if (alone && document.querySelector(`#map [data-block="${css}"], #map text[data-area="${css}"]`))
        return { word, decision: last };
    }
    return { index: buttons.findIndex((b) => b.dataset.decision === last) + 1, decision: last };
  }, draws);
}

const listed = (page) => page.$$eval('#decisions button', (b) => b.map((x) => x.dataset.decision).join());
const settled = (page) => page.waitForFunction(() => document.body.dataset.state !== 'busy', { timeout: LONG, polling: 100 });

// What a refused load must leave as it was: the decisions, the log, the map and the tools.
const kept = (page) => page.evaluate(() => ({
  decisions: [...document.querySelectorAll('#decisions button')].map((b) => b.dataset.decision).join(),
  log: document.getElementById('log').innerHTML,
  map: document.getElementById('map').innerHTML,
  tools: [...document.querySelectorAll('.tools button, .tools input')].map((b) => `${b.id}:${b.disabled}`).join(),
  events: document.querySelectorAll('#log li').length,
}));
const same = (a, b) => ['decisions', 'log', 'map', 'tools'].filter((k) => a[k] !== b[k]);

// Hint, then Save (a download), a decision, and Load of the download: the game as saved.
// Then Load of a file that is no save: refused, said so, and the game goes on.
async function tools(browser, page) {
  await page.click('#hint');
  await page.waitForFunction(() => !document.getElementById('hint-text').hidden, { timeout: LONG, polling: 100 });
  const hint = await page.$eval('#hint-text', (p) => p.textContent);
  const marked = await page.$$eval('#decisions button.match', (b) => b.length);
  check(`Hint: "${hint}", its decision marked in the list`, /win rate \d+%/.test(hint) && marked === 1);
  const session = await browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: shots });
  const before = await listed(page), file = `${shots}/r3-1483.r3g`;
  await page.click('#save');
  const saved = await until(() => existsSync(file) && readFileSync(file).length > 0, 60, 'the download');
  const sealed = saved && readFileSync(file, 'utf8').startsWith('# r3 sealed game record');
  await page.click('#decisions li:nth-child(1) button');
  await settled(page);
  await (await page.$('#load')).uploadFile(file);
  const loaded = await until(async () => (await page.evaluate(() => document.body.dataset.state)) === 'ready' &&
    (await listed(page)) === before, LONG / 1000, 'the decisions as saved');
  check(`Save downloaded the game, sealed; after a decision, Load of it gave back the same ${before.split(',').length} decisions`,
    sealed && loaded);

  const notes = `${shots}/notes.txt`, was = await kept(page);
  writeFileSync(notes, 'These are my notes, not a saved game.\n');
  await (await page.$('#load')).uploadFile(notes);
  const answered = await until(() => page.evaluate(() => document.body.dataset.state !== 'busy' &&
    /bad-record/.test(document.getElementById('status').textContent)), LONG / 1000, 'the refusal');
  const refusal = await page.$eval('#status', (s) => s.textContent), now = await kept(page);
  const changed = same(was, now);
  check(`Load of a file that is no save: "${refusal}"; the decisions, the log, the map and the tools as they were` +
    (changed.length ? ` (not: ${changed.join(', ')})` : ''),
  answered && /notes\.txt was not loaded/.test(refusal) && changed.length === 0 &&
    (await page.evaluate(() => document.body.dataset.state)) === 'ready');
  const playable = await page.$('#decisions li:nth-child(1) button');
  if (playable) {
    const decisions = now.decisions;
    await playable.click();
    await settled(page);
    const after = await kept(page);
    check('after the refused load a decision was played: the game went on',
      after.events > now.events || (after.decisions !== decisions && after.decisions !== ''));
  } else check('after the refused load a decision was played: the game went on (no decision left to play)', false);
}

// Pointing at a face-down enemy block shows what it most likely is, with chances, as the
// host's belief json for the person's side gives them; a mouse moved off hides it again.
// The rebel fights for the Pretender (3.26), so a Lancaster piece may be R:Rebel.
// Null while the map has no such block.
async function hoverFaceDown(page) {
  const tile = await page.$('#map [data-block^="L?"]');
  if (!tile) return null;
  await tile.hover();
  const shown = await until(() => page.evaluate(() => !document.getElementById('belief').hidden), 10, 'the belief shown');
  const text = await page.$eval('#belief', (b) => b.innerText);
  await page.mouse.move(1, 1);
  const hidden = await until(() => page.evaluate(() => document.getElementById('belief').hidden), 10, 'the belief hidden');
  const asked = page.frames.some((f) => f.sent && f.line === 'belief json york');
  return { text, ok: shown && hidden && asked &&
    /^L\?[0-9]+ in [A-Za-z ]+: most likely [LR]:[A-Za-z-]+ \((<1|[0-9]+)%\)/.test(text) && /\nStrength [1-4]/.test(text) };
}

async function wholeGame(browser, errors) {
  const page = await open(browser, 1280, 800, errors);
  await newGame(page, '1483', 'york', 7);
  await started(page);
  check(`with the practice seed 7 the page sent: '${newLines(page)[0]}'`, / seed 7 /.test(newLines(page)[0]));
  await page.screenshot({ path: `${shots}/web-start.png` });
  await tools(browser, page);
  let decisions = 0, byMap = 0, battle = false, undone = null, belief = null;
  while ((await page.evaluate(() => document.body.dataset.state)) === 'ready' && decisions < 5000) {
    if (belief === null) belief = await hoverFaceDown(page);
    const choice = await choose(page);
    if (choice.word) {
      byMap++;
      await page.click(`#map [data-block="${choice.word}"], #map text[data-area="${choice.word}"]`);
    } else {
      await page.click(`#decisions li:nth-child(${choice.index}) button`);
    }
    const before = await listed(page);
    decisions++;
    if (process.env.WEB_TRACE) console.log('# ' + decisions + ' ' + JSON.stringify(choice));
    await settled(page);
    // A block chosen to move shows nothing new: Undo takes it back, then it is chosen again.
    if (undone === null && choice.decision.startsWith('block ') && !(await page.$eval('#undo', (b) => b.disabled))) {
      await page.click('#undo');
      await settled(page);
      undone = (await listed(page)) === before;
      continue;
    }
    if (!battle && (await page.evaluate(() => /\(battle\)/.test(document.getElementById('map').textContent) &&
        /fires/.test(document.getElementById('log').textContent)))) {
      battle = true;
      await page.screenshot({ path: `${shots}/web-battle.png` });
    }
  }
  await page.screenshot({ path: `${shots}/web-end.png` });
  const end = await page.evaluate(() => ({ state: document.body.dataset.state, status: document.getElementById('status').textContent,
    events: document.querySelectorAll('#log li').length, dice: document.querySelectorAll('#log .dice').length }));
  check(`a seeded 1483 game played to its result by ${decisions} clicks (${byMap} on the map): "${end.status}"`,
    end.state === 'over' && /^(You win|r3 wins): (York|Lancaster) by /.test(end.status) && byMap > 0 && byMap < decisions);
  check('Undo took back a block chosen to move: the decisions before it came back', undone === true);
  check(`pointing at a face-down Lancaster block showed "${belief?.text.replace(/\n/g, ' / ')}", hidden when the mouse left`,
    belief?.ok === true);
  check(`the log told ${end.events} events in sentences, ${end.dice} with dice drawn, and a battle was seen`,
    end.events > 50 && end.dice > 0 && battle);
  await page.close();
  check('the tab closed, its r3 process ended', await until(() => hosts() === 0, 60, 'the r3 process to end'));
}

async function phone(browser, errors) {
  const page = await open(browser, 390, 844, errors);
  await newGame(page, '1460', 'lancaster', null);
  const first = await answered(page, 1);
  const sent = newLines(page);
  check(`with the practice seed off the page sent no seed: '${sent[0]}'`, first !== null && sent.length === 1 && !/\bseed\b/.test(sent[0]));
  await newGame(page, '1460', 'lancaster', 3, '1000');
  const waited = await answered(page, 2);
  check(`Pace 1 s: York's card, r3's first choice, came ${Math.round(waited)} ms after New game was sent`, waited >= 900);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await page.screenshot({ path: `${shots}/web-phone.png`, fullPage: true });
  check('at a phone\'s width (390 px) the page fits without sideways scrolling', fits);
  await page.close();
}

async function manyTabs(browser, errors) {
  const pages = await Promise.all(Array.from({ length: 20 }, () => open(browser, 1280, 800, errors)));
  for (const [i, page] of pages.entries()) await newGame(page, '1460', 'york', 100 + i);
  await Promise.all(pages.map(started));
  const hands = await Promise.all(pages.map((p) => p.evaluate(() =>
    [...document.querySelectorAll('#log li')].map((li) => li.textContent).filter((t) => t.startsWith('You are dealt')).join())));
  const running = hosts();
  check(`20 tabs at once: ${new Set(hands).size} different hands dealt, ${running} r3 processes`,
    new Set(hands).size >= 15 && running === 20);
  await Promise.all(pages.map((p) => p.close()));
  check('the 20 tabs closed, every r3 process ended', await until(() => hosts() === 0, 120, 'the r3 processes to end'));
}

// Lines a visitor could send instead of the page's, and what each must be answered.
const ATTACKS = [
  ['new scenario 1460 york human lancaster engine "cmd=touch /tmp/r3-web-attack.cmd"', 'error restricted'],
  ['save /tmp/r3-web-attack.r3g', 'error restricted'],
  ['save pgn /tmp/r3-web-attack.pgn', 'error restricted'],
  ['load /etc/passwd', 'error restricted'],
  ['new scenario 1460 york human lancaster engine option Threads=64', 'error restricted'],
  ['new scenario 1460 york human lancaster engine option Hash=65536', 'error restricted'],
  ['new scenario 1460 york human lancaster engine option Iterations=1000000000', 'error restricted'],
  ['new scenario 1460 york human lancaster engine option EvalFile=/etc/passwd', 'error restricted'],
  ['new scenario 1460 york human lancaster engine option Ponder=true', 'error restricted'],
  ['new scenario 1460 york human lancaster engine seed 5 option Iterations=200', 'ok'],
  ['hint movetime 999999999', 'error restricted'],
  ['new scenario 1460 york human lancaster engine pace 60000', 'error restricted'],
  ['load data bm90IGEgcmVjb3Jk', 'error bad-record'],
];

async function attacks(browser, errors) {
  const page = await open(browser, 1280, 800, errors);
  const answers = await page.evaluate((lines) => new Promise((resolve) => {
    const socket = new WebSocket(`ws://${location.host}/`);
    const last = [];
    let sent = 0;
    socket.onmessage = (m) => {
      const line = String(m.data).trim();
      if (line === 'ok' || line.startsWith('error ')) {
        last.push(line);
        if (last.length === sent) resolve(last);
      }
    };
    socket.onopen = () => {
      for (const line of lines) socket.send(line), sent++;
      for (let i = 0; i < 400; i++) socket.send('legal'), sent++;
    };
  }), ATTACKS.map((a) => a[0]));
  ATTACKS.forEach(([line, wanted], i) => check(`'${line}' is answered '${wanted}'`, answers[i].startsWith(wanted)));
  const flood = answers.slice(ATTACKS.length);
  const limited = flood.filter((a) => a.startsWith('error rate-limit')).length;
  check(`a flood of 400 lines: each answered once, ${limited} refused by the line-rate limit`,
    flood.length === 400 && limited > 0 && limited < 400);
  check('no file was written or touched on the server', !existsSync('/tmp/r3-web-attack.r3g') && !existsSync('/tmp/r3-web-attack.cmd') &&
    !existsSync('/tmp/r3-web-attack.pgn'));
  await page.close();
}

// A host that closes the connection (its 'bye idle ... | SENTENCE', then its end): the
// page says the sentence, its state is closed, nothing that needs the server can be
// pressed; "Start a new game" connects again and sends its new game on the fresh socket.
async function idle(browser, errors) {
  const page = await open(browser, 1280, 800, errors, idleUrl, ['idle', 'closed']);
  const closed = () => until(() => page.evaluate(() => document.body.dataset.state === 'closed'), 60, 'the state closed');
  const told = async () => {
    const bye = page.frames.filter((f) => !f.sent && f.line.startsWith('bye ')).at(-1)?.line ?? '';
    const shown = await page.evaluate(() => ({
      status: document.getElementById('status').textContent,
      offered: !document.getElementById('closed').hidden && !document.getElementById('restart').disabled,
      pressable: [...document.querySelectorAll('.tools button, .tools input, #decisions button')].filter((b) => !b.disabled).length,
    }));
    return { bye, ...shown, ok: bye.includes(' | ') && shown.status === bye.slice(bye.indexOf(' | ') + 3) && shown.offered && shown.pressable === 0 };
  };
  const none = { bye: '', status: '(the page never closed)' };
  const first = (await closed()) ? await told() : none;
  await page.screenshot({ path: `${shots}/web-closed.png` });
  check(`a host that said '${first.bye}' and ended: the page said "${first.status}", closed, its tools disabled, a new game offered`,
    first.ok);
  await page.bringToFront();
  if (await page.$('#restart')) await page.click('#restart');
  const again = await until(() => page.sockets.length === 2 && page.frames.some((f) => f.socket === page.sockets[1] && f.sent &&
    f.line.startsWith('new ')), 60, 'a new game on a fresh socket');
  const second = again && (await closed()) ? await told() : none;
  check(`"Start a new game" connected again and sent its new game; when that host said bye too, the page said so: "${second.status}"`,
    second.ok);
  await page.close();
}


// The page's four files as on disk, with their types; no other path is served.
async function files() {
  const types = { '': 'text/html', 'index.html': 'text/html', 'style.css': 'text/css', 'app.js': 'text/javascript',
    'host.js': 'text/javascript' };
  let same = 0;
  for (const [name, type] of Object.entries(types)) {
    const answer = await fetch(url + name);
    const body = Buffer.from(await answer.arrayBuffer());
    if (answer.status === 200 && answer.headers.get('content-type').startsWith(type) &&
        body.equals(readFileSync(`protocol/web/${name || 'index.html'}`))) same++;
  }
  check(`the page's files served as they are in protocol/web/, with their types (${same} of 5)`, same === 5);
  const others = ['Makefile', 'protocol/web/app.js', '%2e%2e/Makefile', '..%2fMakefile', 'tests/', 'index.html/x'];
  const statuses = await Promise.all(others.map(async (path) => (await fetch(url + path)).status));
  check(`no other path is served: ${statuses.join(' ')}`, statuses.every((s) => s === 404));
}

// Messages a page could not send as commands, each answered by exactly one
// line in its turn: a binary frame's refusal comes before the next command's
// own answer, and a text message is never two lines.
const FRAMES = [
  [[1, 2, 3, 4, 5], 'error binary-frame a binary WebSocket frame (5 bytes) is no command: send each command as a text message'],
  ['legal', 'error no-game'],
  ['legal\nlegal', 'error bad-bytes'],
  ['legal\n', 'error bad-bytes'],
  ['x'.repeat(1048577), 'error line-too-long a line of 1048577 bytes'],
  [2000000, 'error binary-frame a binary WebSocket frame (2000000 bytes) is no command'],
  ['legal', 'error no-game'],
];

async function frames(browser, errors) {
  const page = await open(browser, 1280, 800, errors);
  const lines = await page.evaluate((frames) => new Promise((resolve) => {
    const socket = new WebSocket(`ws://${location.host}/`);
    const lines = [];
    let answers = 0;
    socket.onmessage = (m) => {
      lines.push(String(m.data));
      if (/^(ok|error )/.test(m.data) && ++answers === frames.length) resolve(lines);
    };
    socket.onopen = () => {
      for (const f of frames)
        socket.send(typeof f === 'string' ? f : new Uint8Array(f));
    };
  }), FRAMES.map((f) => f[0]));
  FRAMES.forEach(([frame, wanted], i) => check(`${typeof frame === 'string' ? `the text '${frame.slice(0, 14).replace(/\n/g, '\\n')}'` +
    (frame.length > 14 ? ` (${frame.length} bytes)` : '') : `a binary frame of ${frame.length ?? frame} bytes`} is answered ` +
    `'${wanted.slice(0, 40)}...' and nothing else`, lines.length === FRAMES.length && lines[i].startsWith(wanted)));
  await page.close();
}

// A server of one game: a second page is told it is full, in its status line.
async function full(browser, errors) {
  const first = await browser.newPage();
  await first.goto(fullUrl, { waitUntil: 'load' });
  await first.waitForFunction(() => document.body.dataset.state === 'idle', { timeout: 60000, polling: 100 });
  const second = await browser.newPage();
  await second.goto(fullUrl, { waitUntil: 'load' });
  const told = await second.waitForFunction(() => /the server is full/.test(document.getElementById('status').textContent),
    { timeout: 10000, polling: 100 }).then(() => true, () => false);
  const status = await second.$eval('#status', (p) => p.textContent);
  check(`a page past --max-games 1 says "${status}"`, told);
  await first.close();
  await second.close();
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows'],
});
const errors = [];
try {
  await files();
  await wholeGame(browser, errors);
  await phone(browser, errors);
  await manyTabs(browser, errors);
  await attacks(browser, errors);
  await idle(browser, errors);
  await frames(browser, errors);
  if (fullUrl) await full(browser, errors);
} catch (e) {
  check(`the browser test ran to its end (${e.message})`, false);
}
check(`no console error in any tab${errors.length ? ': ' + errors[0] : ''}`, errors.length === 0);
await browser.close();
process.exit(failed ? 1 : 0);
