// browser.mjs URL SHOTS: drives r3's web page (protocol/web/) in Debian's
// headless chromium through puppeteer-core, as tests/web.sh serves it: a seeded
// 1483 game played to its result by clicking the map and the list, with
// screenshots at the start, in a battle and at the end (into SHOTS); no console
// error; the page at a phone's width; 20 tabs at once, each with its own game
// and its own r3 process, every one gone once the tabs close; and the attacks
// a visitor could send down the socket, each refused. Prints "ok ..." or
// "FAIL ..." a check, and exits 1 if any failed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const [url, shots] = process.argv.slice(2);
let failed = 0;
function check(what, ok) {
  console.log(`${ok ? 'ok' : 'FAIL'} ${what}`);
  if (!ok) failed++;
}

// The r3 host processes websocketd started for this page's tabs.
function hosts() {
  try {
    return Number(execFileSync('pgrep', ['-fc', '^[^ ]*r3 host --restricted$']).toString());
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

async function open(browser, width, height, errors) {
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.body.dataset.state === 'idle', { timeout: 60000, polling: 100 });
  return page;
}

async function newGame(page, year, side, seed, pace = '0') {
  await page.select('select[name=scenario]', year);
  await page.select('select[name=side]', side);
  await page.select('select[name=level]', '3');
  await page.select('select[name=pace]', pace);
  await page.$eval('input[name=seed]', (input, s) => { input.value = s; }, String(seed));
  await page.bringToFront(); /* a click needs its tab in front, as a person's does */
  await page.click('#new-game button[type=submit]');
}

async function started(page) {
  await page.waitForFunction(() => ['ready', 'over'].includes(document.body.dataset.state), { timeout: 60000, polling: 100 });
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
const settled = (page) => page.waitForFunction(() => document.body.dataset.state !== 'busy', { timeout: 60000, polling: 100 });

// Hint, then Save (a download), a decision, and Load of the download: the game as saved.
async function tools(browser, page) {
  await page.click('#hint');
  await page.waitForFunction(() => !document.getElementById('hint-text').hidden, { timeout: 60000, polling: 100 });
  const hint = await page.$eval('#hint-text', (p) => p.textContent);
  const marked = await page.$$eval('#decisions button.match', (b) => b.length);
  check(`Hint: "${hint}", its decision marked in the list`, /win rate \d+%/.test(hint) && marked === 1);
  const session = await browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: shots });
  const before = await listed(page), file = `${shots}/r3-1483.r3g`;
  await page.click('#save');
  const saved = await until(() => existsSync(file) && readFileSync(file).length > 0, 10, 'the download');
  const sealed = saved && readFileSync(file, 'utf8').startsWith('# r3 sealed game record');
  await page.click('#decisions li:nth-child(1) button');
  await settled(page);
  const input = await page.$('#load');
  await input.uploadFile(file);
  await page.waitForFunction(() => document.body.dataset.state === 'ready', { timeout: 60000, polling: 100 });
  check(`Save downloaded the game, sealed; after a decision, Load of it gave back the same ${before.split(',').length} decisions`,
    sealed && (await listed(page)) === before);
}

async function wholeGame(browser, errors) {
  const page = await open(browser, 1280, 800, errors);
  await newGame(page, '1483', 'york', 7);
  await started(page);
  await page.screenshot({ path: `${shots}/web-start.png` });
  await tools(browser, page);
  let decisions = 0, byMap = 0, battle = false, undone = null;
  while ((await page.evaluate(() => document.body.dataset.state)) === 'ready' && decisions < 5000) {
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
    end.state === 'over' && /wins/.test(end.status) && byMap > 0 && byMap < decisions);
  check('Undo took back a block chosen to move: the decisions before it came back', undone === true);
  check(`the log told ${end.events} events in sentences, ${end.dice} with dice drawn, and a battle was seen`,
    end.events > 50 && end.dice > 0 && battle);
  await page.close();
  check('the tab closed, its r3 process ended', await until(() => hosts() === 0, 10, 'the r3 process to end'));
}

async function phone(browser, errors) {
  const page = await open(browser, 390, 844, errors);
  await newGame(page, '1460', 'lancaster', 3, '1000');
  const clicked = Date.now();
  await started(page);
  const waited = Date.now() - clicked; /* from just after the click: a little less than r3's wait */
  check(`Pace 1 s: York's card, r3's first choice, came ${waited} ms after New game`, waited >= 900);
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
  check('the 20 tabs closed, every r3 process ended', await until(() => hosts() === 0, 15, 'the r3 processes to end'));
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

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows'],
});
const errors = [];
try {
  await wholeGame(browser, errors);
  await phone(browser, errors);
  await manyTabs(browser, errors);
  await attacks(browser, errors);
} catch (e) {
  check(`the browser test ran to its end (${e.message})`, false);
}
check(`no console error in any tab${errors.length ? ': ' + errors[0] : ''}`, errors.length === 0);
await browser.close();
process.exit(failed ? 1 : 0);
