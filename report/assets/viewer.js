// The report's game viewer: lists the run's games with filters (engine pair, result, opening)
// and paints the chosen game's boards, ply by ply. It knows no game: the boards were computed
// by each game's own rules in C++ (report/board_view.hpp) and arrive as cell values with a
// palette per game; this script decodes them and paints cells by value.
//
// Games arrive compact in the JSON block #arena-games (written by report/games.cpp, whose
// header has the layout): boards {game: look}, runs [{label, game, engines}] and games
// [[run, id, pair, first, second, result (0 = 1-0, 1 = draw, 2 = 0-1), score, opening plies,
// moves (space-separated notation), evals, termination, board frames, replay error]].
// A game is decoded only when it is shown, so a 10,000-game page opens at once.
(function () {
  'use strict';

  const dataNode = document.getElementById('arena-games');
  if (!dataNode) return;
  const data = JSON.parse(dataNode.textContent);
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const kResults = ['1-0', '1/2-1/2', '0-1'];

  // The coordinate labels beside the board (#v-cols above it, #v-rows to its left).
  function drawCoords(look) {
    for (const [id, labels] of [['v-cols', look.columns], ['v-rows', look.rows]]) {
      const box = $(id);
      if (!box) continue;
      box.replaceChildren();
      box.style.setProperty('--n', labels.length);
      for (const label of labels) box.appendChild(el('span', '', label));
    }
  }

  // ---------------------------------------------------------------------------------------
  // A game's boards, decoded from the frames text of report/games.hpp (board_text): the start
  // frame's cells and reserve, then each ply's state, counts, changed cells and reserve
  // toggles. No game rules here: every value was computed by the game's own code.
  const kDigits = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/';
  const num = (text, i) => kDigits.indexOf(text[i]);
  const num2 = (text, i) => 64 * num(text, i) + num(text, i + 1);

  function toggle(reserve, text) {
    for (let i = 0; i + 1 < text.length; i += 2) {
      const side = reserve[num(text, i)], piece = num(text, i + 1);
      if (side.has(piece)) side.delete(piece); else side.add(piece);
    }
  }

  function decodeBoards(look, text) {
    const frames = [];
    // A cell index is one digit on boards of at most 64 cells, else two.
    const wide = look.width * look.height > 64 ? 1 : 0;
    for (const word of text.split(' ')) {
      const prev = frames[frames.length - 1];
      const [body, toggles] = word.split(',');
      const state = num(body, 0);
      const f = { cells: null, marked: new Set(), toMove: state % 3 === 2 ? -1 : state % 3,
                  pass: state >= 3, counts: [num2(body, 1), num2(body, 3)],
                  reserve: prev ? [new Set(prev.reserve[0]), new Set(prev.reserve[1])] : [new Set(), new Set()] };
      if (!prev) {
        f.cells = Uint8Array.from(body.slice(5), (c) => kDigits.indexOf(c));
      } else {
        f.cells = prev.cells.slice();
        for (let i = 5; i + 1 + wide < body.length; i += 2 + wide) {
          const cell = wide ? num2(body, i) : num(body, i), v = num(body, i + 1 + wide);
          f.cells[cell] = v & 31;
          if (v & 32) f.marked.add(cell);
        }
      }
      if (toggles) toggle(f.reserve, toggles);
      frames.push(f);
    }
    return frames;
  }

  // Paints one frame: each cell by its value's palette entry (a filled square, a disc or a
  // dot on the empty cell's colour), the last move's cells outlined in the look's mark colour.
  function paintBoard(look, frame, boardEl) {
    boardEl.replaceChildren();
    boardEl.style.setProperty('--n', look.width);
    boardEl.style.setProperty('--mark', look.mark);
    boardEl.style.background = look.background;
    boardEl.style.borderColor = look.background;
    boardEl.style.height = Math.round(400 * look.height / look.width) + 'px';
    const empty = look.palette[0];
    for (let i = 0; i < frame.cells.length; ++i) {
      const v = frame.cells[i];
      const paint = look.palette[v] || empty;
      const c = el('div', 'cell');
      c.dataset.v = String(v);
      c.dataset.square = look.columns[i % look.width] + look.rows[Math.floor(i / look.width)];
      c.title = c.dataset.square + ': ' + paint.name;
      c.style.background = paint.shape === 'square' ? paint.colour : empty.colour;
      if (paint.shape !== 'square') {
        const token = el('div', paint.shape);
        token.style.background = paint.colour;
        c.appendChild(token);
      }
      if (frame.marked.has(i)) c.classList.add('last');
      boardEl.appendChild(c);
    }
  }

  // The reserve panel: each side's pieces still held, drawn from the look's piece grids.
  function paintReserve(look, frame, sideEl) {
    sideEl.replaceChildren();
    if (!look.pieces.length) return;
    for (const side of [0, 1]) {
      const box = el('div', 'remaining');
      const held = [...frame.reserve[side]].sort((a, b) => a - b);
      const cells = held.reduce((n, p) => n + [...look.pieces[p][3]].filter((c) => c === '#').length, 0);
      box.appendChild(el('div', 'remaining-title', look.reserve_title.replace('{side}', look.sides[side])
                           .replace('{pieces}', held.length).replace('{cells}', cells)));
      const list = el('div', 'pieces');
      for (const p of held) {
        const [name, w, h, grid] = look.pieces[p];
        const piece = el('div', 'piece');
        piece.title = name;
        piece.style.gridTemplateColumns = 'repeat(' + w + ', 7px)';
        piece.style.gridTemplateRows = 'repeat(' + h + ', 7px)';
        for (let k = 0; k < grid.length; ++k) {
          if (grid[k] !== '#') continue;
          const sq = el('div', 'sq');
          sq.style.gridColumn = String((k % w) + 1);
          sq.style.gridRow = String(Math.floor(k / w) + 1);
          sq.style.background = look.side_colours[side];
          piece.appendChild(sq);
        }
        list.appendChild(piece);
      }
      box.appendChild(list);
      sideEl.appendChild(box);
    }
  }

  // The looks as the page script uses them: palette entries as objects.
  const kLooks = {};
  for (const [game, look] of Object.entries(data.boards || {})) {
    kLooks[game] = Object.assign({}, look, {
      palette: look.palette.map(([name, colour, shape]) => ({ name, colour, shape })),
    });
  }

  // Decoding one game (lazily, on selection).
  const splitMoves = (text) => (text ? text.split(' ') : []);

  function decode(row) {
    const run = data.runs[row[0]];
    const look = row[11] ? kLooks[run.game] : undefined;
    const moves = splitMoves(row[8]);
    const evals = row[9] ? row[9].split(',').map((v) => (v === '' ? null : Number(v))) : [];
    return {
      run, look, moves, evals, frames: look ? decodeBoards(look, row[11]) : [],
      id: row[1], pair: row[2], first: run.engines[row[3]], second: run.engines[row[4]],
      result: kResults[row[5]], score: row[6], openingPlies: row[7], termination: row[10] || 'normal',
      error: row[12] || '',
    };
  }

  // ---------------------------------------------------------------------------------------
  // Filters and the game list.
  const pairKey = (row) => {
    const names = [data.runs[row[0]].engines[row[3]], data.runs[row[0]].engines[row[4]]].sort();
    return names[0] + ' vs ' + names[1];
  };
  const openingKey = (row) => splitMoves(row[8]).slice(0, row[7]).join(' ').toLowerCase();
  const kMaxListed = 2000;

  function setupFilters() {
    const pairs = [...new Set(data.games.map(pairKey))].sort();
    const pairSel = $('f-pair');
    pairSel.appendChild(new Option('all pairs', ''));
    for (const p of pairs) pairSel.appendChild(new Option(p, p));
    const resSel = $('f-result');
    resSel.appendChild(new Option('all results', ''));
    kResults.forEach((r, i) => resSel.appendChild(new Option(r, String(i))));
    const openings = [...new Set(data.games.map(openingKey))].sort();
    const openList = $('f-openings');
    for (const o of openings.slice(0, 500)) openList.appendChild(new Option(o));
    for (const id of ['f-pair', 'f-result', 'f-opening']) $(id).addEventListener('input', refreshList);
    $('f-game').addEventListener('change', () => show(Number($('f-game').value), 0));
  }

  function refreshList() {
    const pair = $('f-pair').value, res = $('f-result').value;
    const open = $('f-opening').value.trim().toLowerCase();
    const sel = $('f-game');
    sel.replaceChildren();
    let matched = 0;
    data.games.forEach((row, index) => {
      if (pair && pairKey(row) !== pair) return;
      if (res !== '' && String(row[5]) !== res) return;
      if (open && !openingKey(row).startsWith(open)) return;
      ++matched;
      if (matched > kMaxListed) return;
      const run = data.runs[row[0]];
      sel.appendChild(new Option('#' + row[1] + ' ' + run.engines[row[3]] + ' - ' +
                                 run.engines[row[4]] + ' ' + kResults[row[5]] +
                                 (data.runs.length > 1 ? ' (' + run.label + ')' : ''), String(index)));
    });
    $('f-count').textContent = matched + ' of ' + data.games.length + ' games' +
        (matched > kMaxListed ? ' (first ' + kMaxListed + ' listed)' : '');
  }

  // ---------------------------------------------------------------------------------------
  // Showing a game at a ply.
  let game = null, ply = 0, chart = null;

  function show(index, atPly) {
    if (!(index >= 0 && index < data.games.length)) return;
    game = decode(data.games[index]);
    game.index = index;
    $('f-game').value = String(index);
    const info = $('v-info');
    info.replaceChildren();
    info.appendChild(el('b', '', '#' + game.id));
    info.appendChild(document.createTextNode(' ' + game.first + ' (' + (game.look ? game.look.sides[0] : 'first') +
        ') vs ' + game.second + ', ' + game.result + ', score ' + game.score + ', ' + game.moves.length +
        ' plies, opening ' + game.openingPlies + ' plies, pair ' + game.pair + ', ' + game.termination +
        ' [' + game.run.label + ']'));
    if (!game.look) {
      info.appendChild(el('div', 'problem', game.error ? 'no board: ' + game.error
                                                       : 'unknown game "' + game.run.game + '": no board'));
    }
    const list = $('v-moves');
    list.replaceChildren();
    game.moves.forEach((m, i) => {
      const li = el('li', i < game.openingPlies ? 'opening' : '', m);
      li.dataset.ply = String(i + 1);
      li.addEventListener('click', () => go(i + 1));
      list.appendChild(li);
    });
    drawEvals();
    go(atPly === 'end' ? game.moves.length : atPly);
  }

  function go(target) {
    if (!game) return;
    ply = Math.max(0, Math.min(game.moves.length, target));
    $('v-ply').textContent = 'ply ' + ply + ' / ' + game.moves.length;
    $('v-ply').dataset.ply = String(ply);
    for (const li of $('v-moves').children) li.classList.toggle('current', Number(li.dataset.ply) === ply);
    const cur = $('v-moves').children[ply - 1];
    if (cur) cur.scrollIntoView({ block: 'nearest' });
    const counts = $('v-counts');
    if (!game.look) {
      counts.textContent = '';
      $('v-board').replaceChildren();
      return;
    }
    const look = game.look, frame = game.frames[ply];
    drawCoords(look);
    paintBoard(look, frame, $('v-board'));
    paintReserve(look, frame, $('v-side'));
    const [a, b] = frame.counts;
    counts.dataset.first = String(a);
    counts.dataset.second = String(b);
    const passed = frame.pass ? ', ' + look.sides[game.frames[ply - 1].toMove] + ' passed' : '';
    const mover = frame.toMove < 0 ? ', game over' : ', ' + look.sides[frame.toMove] + ' to move';
    counts.textContent = look.counts + ': ' + look.sides[0] + ' ' + a + ' - ' + look.sides[1] + ' ' + b +
        passed + mover;
    $('v-error').textContent = game.error && ply === game.moves.length ?
      'the record does not replay: ' + game.error : '';
    if (chart) chart.setSelection(ply > 0 ? ply - 1 : false);
  }

  // The evaluation graph (dygraphs, bundled): each searched ply's score from the first
  // player's view, in game units (the log holds centi-units from the mover's view), one line per
  // engine, since two engines' evaluations need not share a scale.
  function drawEvals() {
    const box = $('v-evals');
    if (chart) { chart.destroy(); chart = null; }
    box.replaceChildren();
    const rows = [];
    game.evals.forEach((v, i) => {
      if (v === null) return;
      const firstMoves = i % 2 === 0;
      const score = (firstMoves ? v : -v) / 100;
      rows.push([i + 1, firstMoves ? score : null, firstMoves ? null : score]);
    });
    if (!rows.length) {
      box.appendChild(el('p', 'note', 'no evaluations recorded for this game'));
      return;
    }
    if (typeof Dygraph === 'undefined') {
      box.appendChild(el('p', 'note', 'evaluation graph unavailable (charting library not bundled)'));
      return;
    }
    const div = el('div', 'evalchart');
    box.appendChild(div);
    chart = new Dygraph(div, rows, {
      labels: ['ply', game.first + ' (moving first)', game.second],
      xlabel: 'ply', ylabel: 'first player\'s score', connectSeparatedPoints: true,
      colors: ['#2a62c9', '#d9822b'], legend: 'always', labelsSeparateLines: true,
      drawPoints: true, strokeWidth: 1.5, height: 200, width: 420,
      clickCallback: (e, x) => go(Math.round(x)),
    });
  }

  // ---------------------------------------------------------------------------------------
  // Controls: buttons and arrow keys (Left/Right one ply, Home/End, Up/Down previous/next game
  // in the list).
  function step(delta) {
    const sel = $('f-game');
    const i = sel.selectedIndex + delta;
    if (i >= 0 && i < sel.options.length) show(Number(sel.options[i].value), 0);
  }
  function setupControls() {
    $('v-first').addEventListener('click', () => go(0));
    $('v-prev').addEventListener('click', () => go(ply - 1));
    $('v-next').addEventListener('click', () => go(ply + 1));
    $('v-last').addEventListener('click', () => go(Infinity));
    document.addEventListener('keydown', (e) => {
      if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT')) return;
      const keys = { ArrowLeft: () => go(ply - 1), ArrowRight: () => go(ply + 1),
                     Home: () => go(0), End: () => go(Infinity),
                     ArrowUp: () => step(-1), ArrowDown: () => step(1) };
      if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
    });
  }

  if (!data.games.length) {
    $('viewer').appendChild(el('p', 'note', 'no games to show'));
    return;
  }
  setupFilters();
  setupControls();
  refreshList();
  show(0, 0);
  // For scripted checks and links: arena.show(gameIndex, ply | 'end').
  window.arena = { show, go, games: () => data.games.length, current: () => game && game.index };
})();
