// The report's game viewer: lists the run's games with filters (engine pair, result, opening),
// replays the chosen game with the game's own rules and draws each position.
//
// Games arrive compact in the JSON block #arena-games (written by report/games.cpp):
//   runs:  [{label, game, engines: [names]}]
//   games: [[run, id, pair, first, second, result (0 = 1-0, 1 = draw, 2 = 0-1), score,
//            opening plies, moves, evals, termination]]
// `moves` is the whole game (opening included) with fixed-width codes and no separators:
// Othello 2 characters ("f5", pass "--"), Blokus Duo 4 characters (GPCC code, pass "----").
// `evals` is "" or one comma-separated entry per ply (mover's view, centi-units; empty = none).
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

  // The coordinate labels beside the board (#v-cols above it, #v-rows to its left): `n`
  // columns and rows named by col(i) and row(i), i = 0 at the top left.
  function drawCoords(n, col, row) {
    for (const [id, name] of [['v-cols', col], ['v-rows', row]]) {
      const box = $(id);
      if (!box) continue;
      box.replaceChildren();
      box.style.setProperty('--n', n);
      for (let i = 0; i < n; ++i) box.appendChild(el('span', '', name(i)));
    }
  }

  // ---------------------------------------------------------------------------------------
  // Othello: 8x8, square index = 8 x row + column, a1 = 0 top-left; black (1) moves first,
  // white is 2. Flips walk the 8 rays square by square: a page replays one game at a time,
  // so the obvious way is fast enough.
  const kDirs = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
  const Othello = {
    width: 8,
    codeWidth: 2,
    sides: ['Black', 'White'],
    initial() {
      const b = new Int8Array(64);
      b[27] = 2; b[36] = 2; b[28] = 1; b[35] = 1;
      return { board: b, toMove: 1, last: -1, error: '' };
    },
    flips(b, sq, me) {
      const opp = 3 - me, out = [];
      const x0 = sq % 8, y0 = (sq - x0) / 8;
      for (const [dx, dy] of kDirs) {
        const run = [];
        let x = x0 + dx, y = y0 + dy;
        while (x >= 0 && x < 8 && y >= 0 && y < 8 && b[8 * y + x] === opp) {
          run.push(8 * y + x);
          x += dx; y += dy;
        }
        if (run.length && x >= 0 && x < 8 && y >= 0 && y < 8 && b[8 * y + x] === me) out.push(...run);
      }
      return out;
    },
    legal(state) {
      const out = [];
      for (let sq = 0; sq < 64; ++sq) {
        if (state.board[sq] === 0 && this.flips(state.board, sq, state.toMove).length) out.push(sq);
      }
      return out;
    },
    play(state, code) {
      const next = { board: state.board.slice(), toMove: 3 - state.toMove, last: -1, error: '' };
      if (code === '--') return next;
      const sq = 8 * (parseInt(code[1], 10) - 1) + (code.toLowerCase().charCodeAt(0) - 97);
      const flipped = sq >= 0 && sq < 64 && state.board[sq] === 0 ?
        this.flips(state.board, sq, state.toMove) : [];
      if (!flipped.length) next.error = 'illegal move ' + code;
      for (const f of flipped) next.board[f] = state.toMove;
      if (sq >= 0 && sq < 64) next.board[sq] = state.toMove;
      next.last = sq;
      return next;
    },
    notation(code) { return code === '--' ? 'pass' : code.toLowerCase(); },
    counts(state) {
      let a = 0, b = 0;
      for (const v of state.board) { if (v === 1) ++a; else if (v === 2) ++b; }
      return [a, b];
    },
    countsLabel: 'discs',
    draw(state, boardEl, sideEl) {
      const legal = new Set(this.legal(state));
      boardEl.replaceChildren();
      boardEl.style.setProperty('--n', 8);
      boardEl.className = 'board othello';
      drawCoords(8, (i) => String.fromCharCode(97 + i), (i) => String(i + 1));
      for (let sq = 0; sq < 64; ++sq) {
        const c = el('div', 'cell');
        c.dataset.square = String.fromCharCode(97 + (sq % 8)) + (Math.floor(sq / 8) + 1);
        if (state.board[sq]) {
          c.appendChild(el('div', 'disc ' + (state.board[sq] === 1 ? 'black' : 'white') +
                                  (sq === state.last ? ' last' : '')));
        } else if (legal.has(sq)) {
          c.appendChild(el('div', 'legal'));
        }
        boardEl.appendChild(c);
      }
      sideEl.replaceChildren();
    },
  };

  // ---------------------------------------------------------------------------------------
  // Blokus Duo: 14x14, the GPCC 4-character code "XYpr" (shared/data/blokus/gpcc-move-code.md):
  // X, Y the reference cell's column and row in 1-9, A-E; p the piece a-u; r the orientation.
  // Cells of each piece in orientation 0, reference cell first, as (x, y) with y downwards.
  const kPieces = {
    a: [[0, 0]], b: [[0, 0], [0, 1]], c: [[0, 1], [0, 0], [0, 2]], d: [[0, 1], [0, 0], [1, 1]],
    e: [[0, 1], [0, 0], [0, 2], [0, 3]], f: [[1, 1], [1, 0], [0, 2], [1, 2]],
    g: [[0, 1], [0, 0], [1, 1], [0, 2]], h: [[0, 0], [1, 0], [0, 1], [1, 1]],
    i: [[1, 0], [0, 0], [1, 1], [2, 1]], j: [[0, 2], [0, 0], [0, 1], [0, 3], [0, 4]],
    k: [[1, 2], [1, 0], [1, 1], [0, 3], [1, 3]], l: [[1, 2], [1, 0], [1, 1], [0, 2], [0, 3]],
    m: [[1, 1], [1, 0], [0, 1], [0, 2], [1, 2]], n: [[1, 1], [0, 0], [1, 0], [0, 2], [1, 2]],
    o: [[0, 1], [0, 0], [1, 1], [0, 2], [0, 3]], p: [[1, 1], [1, 0], [0, 2], [1, 2], [2, 2]],
    q: [[0, 2], [0, 0], [0, 1], [1, 2], [2, 2]], r: [[1, 1], [0, 0], [1, 0], [2, 1], [2, 2]],
    s: [[1, 1], [0, 0], [0, 1], [2, 1], [2, 2]], t: [[1, 1], [0, 0], [0, 1], [2, 1], [1, 2]],
    u: [[1, 1], [1, 0], [0, 1], [2, 1], [1, 2]],
  };
  // Orientation r: turn orientation 0 by (r >> 1) quarter turns clockwise, (x, y) -> (-y, x)
  // in y-down coordinates, then mirror left-right (x -> -x) when r is odd.
  function pieceCells(letter, r) {
    const cells = kPieces[letter];
    const [rx, ry] = cells[0];
    return cells.map(([cx, cy]) => {
      let x = cx - rx, y = cy - ry;
      for (let t = 0; t < (r >> 1); ++t) [x, y] = [-y, x];
      return [(r & 1) ? -x : x, y];
    });
  }
  const BlokusDuo = {
    width: 14,
    codeWidth: 4,
    sides: ['First', 'Second'],
    initial() {
      return { board: new Int8Array(196), toMove: 1, last: [], used: [new Set(), new Set()],
               error: '' };
    },
    play(state, code) {
      const next = { board: state.board.slice(), toMove: 3 - state.toMove, last: [],
                     used: [new Set(state.used[0]), new Set(state.used[1])], error: '' };
      if (code === '----' || code === '0000') return next;
      const X = parseInt(code[0], 16), Y = parseInt(code[1], 16);
      const letter = code[2].toLowerCase(), r = parseInt(code[3], 10);
      if (!(letter in kPieces) || !(r >= 0 && r < 8) || !(X >= 1 && X <= 14) || !(Y >= 1 && Y <= 14)) {
        next.error = 'malformed move ' + code;
        return next;
      }
      const me = state.toMove;
      if (state.used[me - 1].has(letter)) next.error = 'piece ' + letter + ' placed twice';
      next.used[me - 1].add(letter);
      for (const [dx, dy] of pieceCells(letter, r)) {
        const x = X - 1 + dx, y = Y - 1 + dy;
        if (x < 0 || x >= 14 || y < 0 || y >= 14 || next.board[14 * y + x]) {
          next.error = 'move ' + code + ' leaves the board or overlaps';
          continue;
        }
        next.board[14 * y + x] = me;
        next.last.push(14 * y + x);
      }
      return next;
    },
    notation(code) { return code === '0000' ? '----' : code; },
    counts(state) {
      let a = 0, b = 0;
      for (const v of state.board) { if (v === 1) ++a; else if (v === 2) ++b; }
      return [a, b];
    },
    countsLabel: 'squares placed',
    draw(state, boardEl, sideEl) {
      const last = new Set(state.last);
      boardEl.replaceChildren();
      boardEl.style.setProperty('--n', 14);
      boardEl.className = 'board blokus';
      // The 4-character code's digits for column X and row Y: 1-9, then A-E.
      const digit = (i) => (i + 1).toString(15).toUpperCase();
      drawCoords(14, digit, digit);
      for (let i = 0; i < 196; ++i) {
        const c = el('div', 'cell');
        if (state.board[i]) c.classList.add(state.board[i] === 1 ? 'p1' : 'p2');
        if (last.has(i)) c.classList.add('last');
        if ((i === 14 * 4 + 4 || i === 14 * 9 + 9) && !state.board[i]) c.classList.add('start');
        boardEl.appendChild(c);
      }
      sideEl.replaceChildren();
      for (const side of [0, 1]) {
        const box = el('div', 'remaining');
        const left = Object.keys(kPieces).filter((p) => !state.used[side].has(p));
        const squares = left.reduce((n, p) => n + kPieces[p].length, 0);
        box.appendChild(el('div', 'remaining-title',
                           this.sides[side] + ': ' + left.length + ' pieces, ' + squares + ' squares left'));
        const list = el('div', 'pieces');
        for (const p of left) {
          const cells = pieceCells(p, 0);
          const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
          const x0 = Math.min(...xs), y0 = Math.min(...ys);
          const piece = el('div', 'piece p' + (side + 1));
          piece.title = p;
          piece.style.gridTemplateColumns = 'repeat(' + (Math.max(...xs) - x0 + 1) + ', 7px)';
          piece.style.gridTemplateRows = 'repeat(' + (Math.max(...ys) - y0 + 1) + ', 7px)';
          for (const [x, y] of cells) {
            const sq = el('div', 'sq');
            sq.style.gridColumn = String(x - x0 + 1);
            sq.style.gridRow = String(y - y0 + 1);
            piece.appendChild(sq);
          }
          list.appendChild(piece);
        }
        box.appendChild(list);
        sideEl.appendChild(box);
      }
    },
  };

  const kGames = { 'othello': Othello, 'blokus-duo': BlokusDuo };

  // ---------------------------------------------------------------------------------------
  // Decoding one game (lazily, on selection) and the positions after each ply.
  function splitMoves(run, text) {
    const rules = kGames[run.game];
    if (!rules) return text ? text.split(' ') : [];
    const moves = [];
    for (let i = 0; i + rules.codeWidth <= text.length; i += rules.codeWidth) {
      moves.push(text.substr(i, rules.codeWidth));
    }
    return moves;
  }

  function decode(row) {
    const run = data.runs[row[0]];
    const rules = kGames[run.game];
    const moves = splitMoves(run, row[8]);
    const evals = row[9] ? row[9].split(',').map((v) => (v === '' ? null : Number(v))) : [];
    const states = [];
    if (rules) {
      states.push(rules.initial());
      for (const m of moves) states.push(rules.play(states[states.length - 1], m));
    }
    return {
      run, rules, moves, evals, states,
      id: row[1], pair: row[2], first: run.engines[row[3]], second: run.engines[row[4]],
      result: kResults[row[5]], score: row[6], openingPlies: row[7], termination: row[10] || 'normal',
    };
  }

  // ---------------------------------------------------------------------------------------
  // Filters and the game list.
  const pairKey = (row) => {
    const names = [data.runs[row[0]].engines[row[3]], data.runs[row[0]].engines[row[4]]].sort();
    return names[0] + ' vs ' + names[1];
  };
  const openingKey = (row) =>
    splitMoves(data.runs[row[0]], row[8]).slice(0, row[7]).join(' ').toLowerCase();
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
    info.appendChild(document.createTextNode(' ' + game.first + ' (' + (game.rules ? game.rules.sides[0] : 'first') +
        ') vs ' + game.second + ', ' + game.result + ', score ' + game.score + ', ' + game.moves.length +
        ' plies, opening ' + game.openingPlies + ' plies, pair ' + game.pair + ', ' + game.termination +
        ' [' + game.run.label + ']'));
    if (!game.rules) info.appendChild(el('div', 'problem', 'unknown game "' + game.run.game + '": no board'));
    const list = $('v-moves');
    list.replaceChildren();
    game.moves.forEach((m, i) => {
      const li = el('li', i < game.openingPlies ? 'opening' : '',
                    game.rules ? game.rules.notation(m) : m);
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
    if (!game.rules) {
      counts.textContent = '';
      $('v-board').replaceChildren();
      return;
    }
    const state = game.states[ply];
    game.rules.draw(state, $('v-board'), $('v-side'));
    const [a, b] = game.rules.counts(state);
    counts.dataset.first = String(a);
    counts.dataset.second = String(b);
    const mover = ply === game.moves.length ? '' : ', ' + game.rules.sides[state.toMove - 1] + ' to move';
    counts.textContent = game.rules.countsLabel + ': ' + game.rules.sides[0] + ' ' + a + ' - ' +
        game.rules.sides[1] + ' ' + b + mover;
    const err = game.states.slice(1, ply + 1).findIndex((s) => s.error);
    $('v-error').textContent = err >= 0 ? 'ply ' + (err + 1) + ': ' + game.states[err + 1].error : '';
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
