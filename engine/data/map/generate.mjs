// generate.mjs: writes engine/picture/map_geometry.c, the shapes r3 show --svg
// draws the board with. Run it from this folder after `npm ci`:
//
//   node generate.mjs ../../text/map_geometry.c [preview.svg]
//
// (npm run generate does the same). The preview, if named, draws the areas in
// colours with their sites and every land edge, red where no border is.
// The coastlines are Natural Earth's 1:10m countries (public domain), as the
// npm package world-atlas ships them. Each area of England and Wales is the
// union of the Voronoi cells (d3-delaunay) of its sites (sites.tsv), clipped to
// the land (polygon-clipping). Scotland is Great Britain north of the border
// line below; Ireland, the Isle of Man and France are their own coastlines,
// and Calais is the Pale cut out of France. The script checks that two areas
// share a land edge exactly where borders.tsv has a border, and that every
// coastal area reaches each sea zone areas.tsv gives it; it stops with a
// message where they do not, so that the sites can be mended. Estuaries too
// narrow for the sites' spacing (the Humber, the Thames) get pairs of sites
// along their middle. It also writes the advance widths of DejaVu Sans, the
// font the picture names, so that r3 can measure its labels.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Delaunay } from 'd3-delaunay';
import polylabel from 'polylabel';

const require = createRequire(import.meta.url);
const { feature } = require('topojson-client');
const clip = require('polygon-clipping');
const opentype = require('opentype.js');

// The frame: degrees of longitude and latitude, and pixels a degree of latitude.
const WEST = -7.0, EAST = 4.0, NORTH = 56.2, SOUTH = 48.4, SCALE = 140;
const K = Math.cos((54 * Math.PI) / 180); // keeps England's shape at 54 degrees north
const WIDTH = Math.round((EAST - WEST) * SCALE * K), HEIGHT = Math.round((NORTH - SOUTH) * SCALE);
const project = ([lon, lat]) => [(lon - WEST) * SCALE * K, (NORTH - lat) * SCALE];
const unproject = ([x, y]) => [x / (SCALE * K) + WEST, NORTH - y / SCALE];
const FRAME = [[[0, 0], [WIDTH, 0], [WIDTH, HEIGHT], [0, HEIGHT], [0, 0]]];

const here = new URL('.', import.meta.url).pathname;
const data = (name) => readFileSync(here + '../' + name, 'utf8');
const rows = (text) => text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
const ll = (pairs) => pairs.map(project);

// Where Scotland ends: the border from the Solway Firth to the Tweed, closed round the north.
const SCOTLAND = [ll([[-4.3, 54.55], [-3.75, 54.78], [-3.45, 54.92], [-3.05, 55.0], [-2.85, 55.07], [-2.65, 55.17],
  [-2.48, 55.33], [-2.2, 55.45], [-2.22, 55.6], [-2.1, 55.72], [-2.03, 55.81], [-1.7, 55.85],
  [-1.7, 57.5], [-8, 57.5], [-8, 54.55], [-4.3, 54.55]])];
// The tidal Thames, from London Bridge to where Natural Earth's estuary begins.
const THAMES = (() => {
  const bank = [[-0.09, 51.507], [0.0, 51.49], [0.07, 51.495], [0.22, 51.462], [0.37, 51.455], [0.5, 51.47]];
  return [ll([...bank.map(([x, y]) => [x, y + 0.01]), ...bank.reverse().map(([x, y]) => [x, y - 0.01]), [-0.09, 51.515]])];
})();
// Estuaries narrower than the sites' spacing: sites in pairs along the water's
// middle, one on each bank, so that the areas part there.
const ESTUARIES = [
  { north: 'East Yorks', south: 'Lincoln', line: ll([[-0.72, 53.703], [-0.65, 53.721], [-0.6, 53.72], [-0.55, 53.7],
    [-0.5, 53.703], [-0.45, 53.708], [-0.4, 53.713], [-0.35, 53.721], [-0.3, 53.727], [-0.25, 53.705], [-0.2, 53.665],
    [-0.15, 53.635], [-0.1, 53.608], [-0.05, 53.6], [0.0, 53.59], [0.05, 53.58], [0.1, 53.56]]) },
  { north: 'Essex', south: 'Kent', line: ll([[0.3, 51.462], [0.4, 51.46], [0.45, 51.47], [0.5, 51.49],
    [0.6, 51.5], [0.7, 51.5], [0.8, 51.5], [0.9, 51.49]]) },
];
function estuarySites() {
  const out = [];
  for (const { north, south, line } of ESTUARIES)
    for (let k = 0; k + 1 < line.length; k++) {
      const [a, b] = [line[k], line[k + 1]], len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const [nx, ny] = [(b[1] - a[1]) / len, -(b[0] - a[0]) / len]; // to the left: north, going east
      for (let t = 0; t < len; t += 3) {
        const p = [a[0] + ((b[0] - a[0]) * t) / len, a[1] + ((b[1] - a[1]) * t) / len];
        out.push({ area: north, place: 'estuary', at: [p[0] + 2 * nx, p[1] + 2 * ny] });
        out.push({ area: south, place: 'estuary', at: [p[0] - 2 * nx, p[1] - 2 * ny] });
      }
    }
  return out;
}
// The Pale of Calais: Wissant to Gravelines, inland to Guines.
const CALAIS = [ll([[1.6, 50.82], [2.15, 50.82], [2.15, 51.1], [1.6, 51.1], [1.6, 50.82]])];
// The sea zones' edges: Land's End to Ushant, and the Strait of Dover.
const SEA_EDGES = [ll([[-5.72, 50.05], [-5.1, 48.46]]), ll([[1.38, 51.15], [1.82, 50.97]])];
// Rough shapes of the English Channel and the North Sea; the Irish Sea is the rest.
const ZONE_SHAPE = {
  'English Channel': ll([[-5.72, 50.05], [-4.2, 50.62], [-3.0, 50.95], [-1.0, 51.0], [0.5, 51.05],
    [1.38, 51.15], [1.82, 50.97], [3.0, 50.0], [3.0, 47.0], [-5.1, 47.0], [-5.1, 48.46]]),
  'North Sea': ll([[1.38, 51.15], [-0.5, 51.35], [-1.0, 52.5], [-2.0, 54.5], [-4.0, 56.5], [5, 57],
    [5, 51.0], [1.82, 50.97]]),
};
const SEA_LABEL = { 'Irish Sea': [-5.35, 53.75], 'North Sea': [1.5, 54.3], 'English Channel': [-2.4, 50.15] };

function fail(message) {
  process.stderr.write(`generate.mjs: ${message}\n`);
  process.exit(1);
}

// Drops vertices closer than a pixel to the last one kept: 10m detail is finer than the picture.
function simplify(ring) {
  const out = [ring[0]];
  for (const p of ring.slice(1, -1))
    if (Math.hypot(p[0] - out.at(-1)[0], p[1] - out.at(-1)[1]) >= 1.0) out.push(p);
  out.push(ring[0]);
  return out.length >= 4 ? out : null;
}

function countryPolygons(countries, id) {
  const f = countries.find((c) => c.id === id);
  if (!f) fail(`Natural Earth has no country ${id}`);
  const polys = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
  const projected = polys.map((p) => p.map((r) => simplify(r.map(project))).filter(Boolean)).filter((p) => p.length);
  return clip.intersection(projected, FRAME);
}

const centre = (poly) => {
  const r = poly[0];
  return [r.reduce((s, p) => s + p[0], 0) / r.length, r.reduce((s, p) => s + p[1], 0) / r.length];
};

function contains(multi, [x, y]) {
  let inside = false;
  for (const poly of multi)
    for (const ring of poly)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i], [xj, yj] = ring[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
  return inside;
}

function land() {
  const topo = JSON.parse(readFileSync(here + 'node_modules/world-atlas/countries-10m.json', 'utf8'));
  const countries = feature(topo, topo.objects.countries).features;
  const uk = countryPolygons(countries, '826');
  const [belfastX] = project([-5.4, 54.6]);
  const ulster = uk.filter((p) => centre(p)[0] < belfastX && centre(p)[1] > project([0, 55.5])[1]);
  const britain = uk.filter((p) => !ulster.includes(p));
  const france = countryPolygons(countries, '250');
  return {
    england: clip.difference(britain, SCOTLAND, THAMES),
    Scotland: clip.intersection(britain, SCOTLAND),
    Ireland: clip.union(countryPolygons(countries, '372'), ulster),
    'Isle of Man': countryPolygons(countries, '833'),
    France: clip.difference(france, CALAIS),
    Calais: clip.intersection(france, CALAIS),
    other: clip.union(...['056', '528', '832', '831', '276', '442'].map((id) => countryPolygons(countries, id))),
  };
}

function voronoiAreas(englandLand, sites) {
  const delaunay = Delaunay.from(sites.map((s) => s.at));
  const voronoi = delaunay.voronoi([0, 0, WIDTH, HEIGHT]);
  const cells = sites.map((_, i) => [voronoi.cellPolygon(i)]);
  const shapes = {};
  for (const name of new Set(sites.map((s) => s.area))) {
    const own = cells.filter((_, i) => sites[i].area === name);
    shapes[name] = clip.intersection(clip.union(...own), englandLand);
  }
  return { delaunay, cells, shapes };
}

// The land stretches of a segment: points every half pixel, kept where they are on land.
function onLand(a, b, landShape) {
  const n = Math.max(2, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) * 2));
  const runs = [];
  let run = null;
  for (let k = 0; k <= n; k++) {
    const p = [a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n];
    if (contains(landShape, p)) (run ??= []).push(p);
    else if (run) runs.push(run), (run = null);
  }
  if (run) runs.push(run);
  return runs.filter((r) => r.length > 1);
}

const key = (a, b) => [a, b].sort().join('|');
const length = (run) => run.slice(1).reduce((s, p, i) => s + Math.hypot(p[0] - run[i][0], p[1] - run[i][1]), 0);

function sharedEdges(sites, vor, englandLand) {
  const edges = {};
  const { delaunay, cells } = vor;
  for (let i = 0; i < sites.length; i++)
    for (const j of delaunay.neighbors(i)) {
      if (j < i || sites[i].area === sites[j].area) continue;
      const common = cells[i][0].filter((p) => cells[j][0].some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < 1e-6));
      const unique = common.filter((p, k) => common.findIndex((q) => q[0] === p[0] && q[1] === p[1]) === k);
      if (unique.length < 2) continue;
      for (const run of onLand(unique[0], unique[1], englandLand))
        (edges[key(sites[i].area, sites[j].area)] ??= []).push(run);
    }
  return edges;
}

// Scotland's border, each land stretch given to the English area whose site is nearest.
function scottishEdges(sites, englandLand, britain, edges) {
  const line = SCOTLAND[0].slice(0, 12);
  for (let k = 0; k + 1 < line.length; k++)
    for (const run of onLand(line[k], line[k + 1], britain)) {
      const mid = run[Math.floor(run.length / 2)];
      const nearest = sites.reduce((best, s) =>
        Math.hypot(s.at[0] - mid[0], s.at[1] - mid[1]) < Math.hypot(best.at[0] - mid[0], best.at[1] - mid[1]) ? s : best);
      (edges[key('Scotland', nearest.area)] ??= []).push(run);
    }
}

function checkBorders(edges) {
  const wanted = new Set(rows(data('borders.tsv')).map(([a, b]) => key(a, b)));
  const problems = [];
  for (const k of wanted)
    if (!edges[k] || edges[k].reduce((s, r) => s + length(r), 0) < 3) problems.push(`no land edge for the border ${k}`);
  for (const [k, runs] of Object.entries(edges))
    if (!wanted.has(k) && runs.reduce((s, r) => s + length(r), 0) >= 3) problems.push(`a land edge with no border: ${k} ${runs.map((r) => length(r).toFixed(1) + 'px at ' + unproject(r[0]).map((v) => v.toFixed(2)).join()).join('; ')}`);
  if (problems.length) fail(problems.join('\n'));
}

const zoneOf = (p) => Object.entries(ZONE_SHAPE).find(([, shape]) => contains([[shape]], p))?.[0] ?? 'Irish Sea';

// A port link: from the area's coast on the zone's side, nearest its label, a short way out to sea.
function ports(areas, shapes, coast, allLand) {
  const out = [];
  for (const [name, zones] of areas) {
    for (const zone of zones) {
      const anchor = shapes[name].label;
      const candidates = shapes[name].polygons.flat(2 - 1).flat().filter((p) => coast.has(p.join()) && zoneOf(p) === zone);
      if (!candidates.length) fail(`${name} reaches no coast of the ${zone}`);
      const scored = candidates.map((p) => {
        for (let turn = 0; turn < 24; turn++) {
          const angle = Math.atan2(p[1] - anchor[1], p[0] - anchor[0]) + (turn % 2 ? 1 : -1) * Math.ceil(turn / 2) * 0.26;
          const end = [p[0] + 18 * Math.cos(angle), p[1] + 18 * Math.sin(angle)];
          const mid = [(p[0] + end[0]) / 2, (p[1] + end[1]) / 2];
          if (!contains(allLand, end) && !contains(allLand, mid) && zoneOf(end) === zone)
            return { p, end, cost: Math.hypot(p[0] - anchor[0], p[1] - anchor[1]) + turn * 4 };
        }
        return null;
      }).filter(Boolean);
      if (!scored.length) fail(`${name}: no way out to the ${zone}`);
      const best = scored.reduce((a, b) => (b.cost < a.cost ? b : a));
      out.push({ area: name, zone, from: best.p, to: best.end });
    }
  }
  return out;
}

const num = (v) => (Math.round(v * 10) / 10).toString();
const path = (multi) => multi.map((poly) => poly.map((ring) =>
  'M' + ring.slice(0, -1).map((p) => num(p[0]) + ' ' + num(p[1])).join('L') + 'Z').join('')).join('');
const line = (runs) => runs.map((r) => 'M' + r.filter((p, i) => i === 0 || i === r.length - 1 || i % 4 === 0)
  .map((p) => num(p[0]) + ' ' + num(p[1])).join('L')).join('');
const cname = (area) => 'AREA_' + area.toUpperCase().replace(/ /g, '_');
const zname = (zone) => 'SEA_' + zone.toUpperCase().replace(/ /g, '_');

// Advance widths of the glyphs the picture writes, in thousandths of an em.
function glyphWidths(file, text) {
  const bytes = readFileSync(file);
  const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return [...text].map((ch) => Math.ceil((font.charToGlyph(ch).advanceWidth * 1000) / font.unitsPerEm));
}

// A picture for whoever mends the sites: areas in colours, sites, and each edge (red: no border there).
function writePreview(file, vor, sites, edges, L) {
  const colours = ['#e6194b','#3cb44b','#ffe119','#4363d8','#f58231','#911eb4','#46f0f0','#f032e6','#bcf60c','#fabebe','#008080','#e6beff','#9a6324','#fffac8','#800000','#aaffc3'];
  const wanted = new Set(rows(data('borders.tsv')).map(([a, b]) => key(a, b)));
  let s = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH*2}" height="${HEIGHT*2}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#cde"/>`;
  s += `<path d="${path(L.other)}${path(L.Scotland)}${path(L.Ireland)}${path(L.France)}${path(L.Calais)}" fill="#ccc" stroke="#666" stroke-width="0.3"/>`;
  Object.entries(vor.shapes).forEach(([n, p], i) => { s += `<path d="${path(p)}" fill="${colours[i % 16]}" fill-opacity="0.6" stroke="#000" stroke-width="0.3"/>`; });
  for (const [k, runs] of Object.entries(edges)) s += `<path d="${line(runs)}" fill="none" stroke="${wanted.has(k) ? '#000' : '#f00'}" stroke-width="${wanted.has(k) ? 1 : 3}"/>`;
  for (const st of sites) s += `<circle cx="${st.at[0]}" cy="${st.at[1]}" r="1.5"/><text x="${st.at[0]+2}" y="${st.at[1]}" font-size="5">${st.place}</text>`;
  Object.entries(vor.shapes).forEach(([n, p]) => { const c = polylabel(p[0], 1); s += `<text x="${c[0]}" y="${c[1]}" font-size="9" font-weight="bold">${n}</text>`; });
  writeFileSync(file, s + '</svg>');
}

function main(outFile, preview) {
  const L = land();
  const sites = rows(readFileSync(here + 'sites.tsv', 'utf8')).map(([area, place, lon, lat]) => ({ area, place, at: project([+lon, +lat]) })).concat(estuarySites());
  const vor = voronoiAreas(L.england, sites);
  const edges = sharedEdges(sites, vor, L.england);
  scottishEdges(sites, L.england, clip.union(L.england, L.Scotland), edges);
  if (preview) writePreview(preview, vor, sites, edges, L);
  checkBorders(edges);

  const shapes = {};
  for (const [name, polys] of Object.entries({ ...vor.shapes, Scotland: L.Scotland, Ireland: L.Ireland,
    'Isle of Man': L['Isle of Man'], France: L.France, Calais: L.Calais })) {
    const biggest = polys.reduce((a, b) => (length(b[0]) > length(a[0]) ? b : a));
    shapes[name] = { polygons: polys, label: polylabel(biggest, 0.5) };
  }
  const allLand = clip.union(L.england, L.Scotland, L.Ireland, L['Isle of Man'], L.France, L.Calais, L.other);
  const coast = new Set(allLand.flat(2).map((p) => p.join()));
  const areaRows = rows(data('areas.tsv'));
  const portList = ports(areaRows.filter((r) => r[7] !== '-').map((r) => [r[0], r[7].split(',')]), shapes, coast, allLand);

  const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
  const symbols = '\u2654\u271D\u2693\u25C6';
  const fonts = '/usr/share/fonts/truetype/dejavu/';
  const widths = [glyphWidths(fonts + 'DejaVuSans.ttf', ascii + symbols), glyphWidths(fonts + 'DejaVuSans-Bold.ttf', ascii + symbols)];

  const borders = rows(data('borders.tsv'));
  const scot = Object.keys(edges).filter((k) => k.includes('Scotland'));
  let c = `/*
 * map_geometry.c: GENERATED by engine/data/map/generate.mjs; do not edit.
 * The coastlines are Natural Earth's 1:10m admin 0 countries (public domain,
 * naturalearthdata.com), from the npm package world-atlas (ISC licence). The
 * areas of England and Wales are Voronoi cells of engine/data/map/sites.tsv
 * (d3-delaunay), clipped to the land (polygon-clipping). The glyph widths are
 * DejaVu Sans's (its licence is free: dejavu-fonts.github.io).
 */
#include "engine/picture/map_geometry.h"

const int MAP_WIDTH = ${WIDTH}, MAP_HEIGHT = ${HEIGHT};

const struct map_area MAP_AREA[AREA_COUNT] = {
`;
  for (const r of areaRows) {
    const s = shapes[r[0]];
    c += `    [${cname(r[0])}] = {${num(s.label[0])}, ${num(s.label[1])},\n        "${path(s.polygons)}"},\n`;
  }
  c += '};\n\n/* In the order of engine/data/borders.tsv, as BORDER_INFO. */\nconst char *const MAP_BORDER[BORDER_COUNT] = {\n';
  for (const [a, b] of borders) c += `    "${line(edges[key(a, b)])}",\n`;
  c += `};\n\nconst int MAP_PORT_COUNT = ${portList.length};\nconst struct map_port MAP_PORT[] = {\n`;
  for (const p of portList)
    c += `    {${cname(p.area)}, ${zname(p.zone)}, ${num(p.from[0])}, ${num(p.from[1])}, ${num(p.to[0])}, ${num(p.to[1])}},\n`;
  c += '};\n\nconst double MAP_SEA_LABEL[SEA_COUNT][2] = {\n';
  for (const zone of ['Irish Sea', 'North Sea', 'English Channel']) {
    const [x, y] = project(SEA_LABEL[zone]);
    c += `    [${zname(zone)}] = {${num(x)}, ${num(y)}},\n`;
  }
  c += `};\n\nconst char MAP_SEA_EDGES[] = "${SEA_EDGES.map((e) => 'M' + e.map((p) => num(p[0]) + ' ' + num(p[1])).join('L')).join('')}";\n`;
  c += `\nconst char MAP_OTHER_LAND[] = "${path(L.other)}";\n`;
  c += `\n/* Printable ASCII from the space, then ${[...symbols].map((s) => 'U+' + s.codePointAt(0).toString(16).toUpperCase()).join(', ')}. */\n`;
  c += `const uint16_t MAP_GLYPH_WIDTH[2][MAP_GLYPHS] = {\n    {${widths[0].join(', ')}},\n    {${widths[1].join(', ')}},\n};\n`;
  c += `const char MAP_SYMBOLS[] = "${symbols}";\n`;
  writeFileSync(outFile, c);
  process.stdout.write(`${outFile}: ${WIDTH}x${HEIGHT}, ${Object.keys(shapes).length} areas, ${borders.length} borders (${scot.length} with Scotland), ${portList.length} port links, ${c.length} bytes\n`);
}

main(process.argv[2] ?? '/dev/stdout', process.argv[3]);
