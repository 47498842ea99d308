// app.js: the page. It asks r3 host for the side's picture (board svg), its
// legal decisions (legal) and what the side may infer of the enemy's face-down
// blocks (belief json), and tells the events in their sentences; a click on
// the map or the list plays a decision, and pointing at a face-down enemy
// block shows what it most likely is.
import { Host } from './host.js';

const $ = (id) => document.getElementById(id);
const DICE = ['', '\u2680', '\u2681', '\u2682', '\u2683', '\u2684', '\u2685'];
const game = { side: null, over: false, legal: [], year: null, busy: false, closed: false, belief: new Map() };
const host = new Host(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`);

function status(text) { $('status').textContent = text; }

// What the page is doing, for people (the status line) and for scripts that drive it:
// idle (no game), busy (r3 thinks), ready (the person decides), over, closed (the
// connection ended: New game connects again).
function state(name) { document.body.dataset.state = name; }

// The state once nothing is under way.
function settle() {
  game.busy = false;
  state(game.closed ? 'closed' : game.over ? 'over' : game.legal.length ? 'ready' : 'idle');
  setTools();
}

// The sentence of an event line ("event york deal 11 | You are dealt ..."), with dice drawn.
function logEvent(line) {
  const bar = line.indexOf(' | ');
  if (bar < 0) return;
  const sentence = line.slice(bar + 3);
  const item = document.createElement('li');
  item.textContent = sentence;
  const dice = sentence.match(/dice show ([1-6](?: [1-6])*)/) || sentence.match(/^A die shows ([1-6])/);
  if (dice) {
    const faces = document.createElement('span');
    faces.className = 'dice';
    faces.setAttribute('aria-hidden', 'true');
    faces.textContent = ' ' + dice[1].split(' ').map((d) => DICE[+d]).join('');
    item.append(faces);
  }
  $('log').append(item);
  $('log').scrollTop = $('log').scrollHeight;
}

function absorb(answer) {
  for (const line of answer.lines) {
    if (line.startsWith('event ')) logEvent(line);
    else if (line.startsWith('result ')) {
      game.over = true;
      const [, winner, how] = line.split(' ');
      status(`${winner === game.side ? 'You win' : 'r3 wins'}: ${winner === 'york' ? 'York' : 'Lancaster'} by ${how}.`);
      logEvent(`result | The game is over: ${winner === 'york' ? 'York' : 'Lancaster'} wins by ${how}.`);
    }
  }
  if (!answer.ok) status(`r3 host: ${answer.error}`);
}

const words = (decision) => decision.split(' ');

// Marks what can be clicked on the map: every area and block some decision names.
function markPlayable() {
  const named = new Set(game.legal.flatMap((d) => words(d.text)));
  for (const el of document.querySelectorAll('#map [data-area], #map [data-block]'))
    el.classList.toggle('playable', named.has(el.dataset.area ?? el.dataset.block));
}

function showDecisions() {
  const list = $('decisions');
  list.replaceChildren();
  game.legal.forEach((d, i) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.textContent = d.label;
    button.title = d.text;
    button.dataset.decision = d.text;
    button.addEventListener('click', () => play(d.text));
    item.append(button);
    list.append(item);
    if (i === 0) button.autofocus = true;
  });
}

// A face-down enemy piece on the map is named by its label: L?3, Y?12.
const FACE_DOWN = /^[YL]\?[0-9]+$/;
const percent = (chance) => (chance >= 0.005 ? `${Math.round(100 * chance)}%` : '<1%');

// What the person's side may infer of the enemy's face-down pieces, by label: asked
// once a map with such pieces is drawn, one short answer (docs/host.md).
async function loadBelief() {
  game.belief = new Map();
  if (!document.querySelector('#map [data-block*="?"]')) return;
  const answer = await host.command(`belief json ${game.side}`);
  const line = answer.lines.find((l) => l.startsWith('{'));
  if (!answer.ok || !line) return;
  for (const piece of JSON.parse(line).pieces) game.belief.set(piece.piece, piece);
}

// The piece's most likely blocks, and its strength's chances, in two lines.
function beliefText(piece) {
  const top = piece.blocks.slice(0, 4).map((b) => `${b.block} (${percent(b.chance)})`);
  const more = piece.blocks.length > 4 ? `, and ${piece.blocks.length - 4} more` : '';
  const strengths = piece.strength.flatMap((chance, i) => (chance > 0 ? [[i + 1, chance]] : []));
  const strength = strengths.length === 1 ? `Strength ${strengths[0][0]}`
    : `Strength ${strengths.map(([s, chance]) => `${s} (${percent(chance)})`).join(', ')}`;
  return [`${piece.piece} in ${piece.area}: most likely ${top.join(', ')}${more}`, strength];
}

function showBelief(tile) {
  const piece = game.belief.get(tile.dataset.block), tip = $('belief');
  if (!piece) return hideBelief();
  const [blocks, strength] = beliefText(piece);
  tip.replaceChildren(blocks, document.createElement('br'), strength);
  tip.hidden = false;
  const at = tile.getBoundingClientRect();
  tip.style.left = `${Math.max(4, Math.min(at.left, window.innerWidth - tip.offsetWidth - 4)) + window.scrollX}px`;
  tip.style.top = `${at.bottom + 4 + window.scrollY}px`;
}

function hideBelief() { $('belief').hidden = true; }

const faceDownTile = (target) => {
  const tile = target.closest?.('[data-block]');
  return tile && FACE_DOWN.test(tile.dataset.block) ? tile : null;
};

async function showMap() {
  const answer = await host.command(`board svg ${game.side}`);
  if (!answer.ok) return absorb(answer);
  hideBelief();
  $('map').innerHTML = answer.lines.filter((l) => !l.startsWith('<?xml')).join('\n');
  markPlayable();
  await loadBelief();
}

function setTools() {
  const live = game.side && !game.over && !game.closed;
  for (const id of ['undo', 'hint', 'resign']) $(id).disabled = !live || game.busy;
  $('save').disabled = !game.side || game.busy || game.closed;
  $('load').disabled = game.busy || game.closed;
  $('load').closest('label').classList.toggle('disabled', $('load').disabled);
}

// After anything that moved the game: the picture, and the decisions if it is the person's turn.
async function refresh(answer) {
  absorb(answer);
  const mover = answer.lines.find((l) => l.startsWith('tomove '));
  if (!game.side && mover) game.side = mover.split(' ')[1];
  const ours = answer.lines.includes(`tomove ${game.side}`);
  game.legal = [];
  if (ours && !game.over) {
    const legal = await host.command('legal');
    game.legal = legal.lines.filter((l) => l.startsWith('decision ')).map((l) => {
      const [text, label] = l.slice(9).split(' | ');
      return { text, label };
    });
    status(`Your move as ${game.side === 'york' ? 'York' : 'Lancaster'}.`);
  }
  if (game.side) await showMap();
  showDecisions();
  $('hint-text').hidden = true;
  const first = document.querySelector('#decisions button');
  if (first && document.activeElement?.closest('#decisions') == null) first.focus({ preventScroll: true });
  setTools();
}

function begin(what) {
  game.busy = true;
  state('busy');
  setTools();
  status(what);
}

async function act(line) {
  if (game.busy || game.closed) return;
  begin('r3 is thinking…');
  try {
    await refresh(await host.command(line));
  } catch (e) {
    status(e.message);
  }
  settle();
}

// The connection ended: the host said why ("bye ... | SENTENCE") or the socket closed.
// The map and the log stay to be read; nothing that needs the server can be pressed.
host.onclose = (reason) => {
  Object.assign(game, { closed: true, legal: [] });
  showDecisions();
  markPlayable();
  $('hint-text').hidden = true;
  $('closed').hidden = false;
  status(reason);
  if (!game.busy) settle();
};

// A fresh connection, a fresh host: whatever game the page showed is gone with the old one.
async function connect() {
  await host.open();
  Object.assign(game, { side: null, over: false, legal: [], year: null, closed: false, belief: new Map() });
  $('closed').hidden = true;
}

// A new game or a loaded one. The page's game gives way only once the host took the new
// one: a refused line leaves the game in play, its decisions, log and map, as they were.
async function start(line, fresh, refused) {
  if (game.busy) return;
  begin(fresh.side ? 'r3 is dealing…' : 'Loading the game…');
  try {
    if (game.closed || !host.connected) await connect();
    const answer = await host.command(line);
    if (answer.ok) {
      Object.assign(game, { side: null, over: false, legal: [], year: null }, fresh);
      $('log').replaceChildren();
      await refresh(answer);
    } else {
      status(refused(answer.error));
    }
  } catch (e) {
    status(e.message);
  }
  settle();
}

function play(decision) { return act(`play ${decision}`); }

// A click on the map: the one decision that names what was clicked, or those that do, in the list.
function clicked(name) {
  if (game.busy || !game.legal.length) return;
  const matches = game.legal.filter((d) => words(d.text).includes(name));
  for (const b of document.querySelectorAll('#decisions button'))
    b.classList.toggle('match', matches.some((m) => m.text === b.dataset.decision));
  if (matches.length === 1) play(matches[0].text);
  else if (matches.length > 1) status(`${matches.length} decisions name ${name}: choose one from the list.`);
  else status(`No decision names ${name} now.`);
}

$('map').addEventListener('click', (e) => {
  const target = e.target.closest('[data-block]') ?? e.target.closest('[data-area]');
  if (target) clicked(target.dataset.block ?? target.dataset.area);
});

// Pointing at a face-down enemy block (a mouse over it, or a tap) shows what it most
// likely is; a mouse that leaves it, or a tap elsewhere, hides that again.
$('map').addEventListener('pointerover', (e) => {
  const tile = faceDownTile(e.target);
  if (tile) showBelief(tile);
});
$('map').addEventListener('pointerout', (e) => {
  const tile = faceDownTile(e.target);
  if (tile && e.pointerType !== 'touch' && !tile.contains(e.relatedTarget)) hideBelief();
});
document.addEventListener('pointerdown', (e) => { if (!faceDownTile(e.target)) hideBelief(); });

// The seed is the host's to draw, a secret; the page sends one only for practice,
// where the same seed deals the same game.
$('practice').addEventListener('change', () => {
  const seed = document.querySelector('input[name=seed]');
  seed.disabled = !$('practice').checked;
  seed.required = $('practice').checked;
});

$('new-game').addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = new FormData(e.target);
  const side = form.get('side'), year = form.get('scenario'), seat = (s) => (s === side ? 'human' : 'engine');
  const seed = form.get('practice') ? ` seed ${String(form.get('seed')).trim()}` : '';
  await start(`new scenario ${year} york ${seat('york')} lancaster ${seat('lancaster')}${seed} ` +
    `level ${form.get('level')} pace ${form.get('pace')}`, { side, year }, (error) => `r3 host: ${error}`);
});

$('restart').addEventListener('click', () => $('new-game').requestSubmit());

$('undo').addEventListener('click', () => act('undo'));
$('resign').addEventListener('click', () => { if (confirm('Resign this game?')) act('resign'); });

$('hint').addEventListener('click', async () => {
  if (game.busy || game.closed) return;
  begin('r3 is looking for a hint…');
  let answer;
  try {
    answer = await host.command('hint');
  } catch (e) {
    status(e.message);
  }
  settle();
  if (!answer) return;
  const line = answer.lines.find((l) => l.startsWith('hint '));
  if (!answer.ok || !line) return absorb(answer);
  const [text, label, rate] = line.slice(5).split(' | ');
  $('hint-text').hidden = false;
  $('hint-text').textContent = `r3 suggests: ${label} (win rate ${Math.round(100 * parseFloat(rate.split(' ')[1]))}%)`;
  for (const b of document.querySelectorAll('#decisions button')) b.classList.toggle('match', b.dataset.decision === text);
  status(`Your move as ${game.side === 'york' ? 'York' : 'Lancaster'}.`);
});

$('save').addEventListener('click', async () => {
  let answer;
  try {
    answer = await host.command('save data');
  } catch (e) {
    return status(e.message);
  }
  const line = answer.lines.find((l) => l.startsWith('record '));
  if (!answer.ok || !line) return absorb(answer);
  const bytes = Uint8Array.from(atob(line.slice(7)), (c) => c.charCodeAt(0));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  link.download = `r3-${game.year ?? 'game'}.r3g`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000); /* the download reads it after the click */
});

$('load').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  e.target.value = '';
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const playing = game.side && !game.over && !game.closed;
  await start(`load data ${btoa(binary)}`, {}, (error) => {
    const [code, ...why] = error.split(' ');
    return `${file.name} was not loaded (${code}): ${why.join(' ')}${playing ? ' The game in play goes on.' : ''}`;
  });
});

document.addEventListener('keydown', (e) => {
  if (e.target.closest('input, select') || e.ctrlKey || e.metaKey || e.altKey) return;
  const buttons = [...document.querySelectorAll('#decisions button')];
  const at = buttons.indexOf(document.activeElement);
  if (/^[1-9]$/.test(e.key) && buttons[+e.key - 1]) buttons[+e.key - 1].click();
  else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (next) { next.focus(); e.preventDefault(); }
  } else if (e.key === 'u' && !$('undo').disabled) $('undo').click();
  else if (e.key === 'h' && !$('hint').disabled) $('hint').click();
});

state('busy');
connect().then(() => {
  if (game.closed) return;
  status('Connected to r3. Choose a scenario and a side, then press New game.');
  state('idle');
}, (e) => status(e.message));
