// The bundled Wordle page: game rules, board, keyboard, animations, toasts, statistics.
// Plain JS, no build step, no requests beyond this page's own origin (the two word lists).
'use strict';

(() => {
  const FIBBLE_EXTRA_ROWS = 3; // mode=fibble: length + 4 rows (9 for five letters), lies cost rows
  const OPEN_ROWS_CAP = 12; // rows=open: the board grows one row per guess up to this many
  const SUPPORTED_LENGTHS = [4, 5, 6, 7, 8, 9, 10, 11]; // the project's lists per length
  const BOARD_COUNTS = [1, 2, 4, 8, 16, 32]; // boards=N: Wordle, Dordle, Quordle ... Duotrigordle
  const EXTRA_GUESSES = 5; // N boards get N + 5 guesses
  const WIN_WORDS = ['Genius', 'Magnificent', 'Impressive', 'Splendid', 'Great', 'Phew'];
  const FLIP_MS = 250; // each half of a tile flip
  const FADE_MS = 500; // reveal=fade: a tile fades in over this long
  const STAGGER_MS = 300; // the next tile starts flipping this long after the previous one
  const ONE_BY_ONE_MS = 250; // reveal=one-by-one: the gap between two tiles (no motion)
  const PROMO_DELAY_MS = 400; // promo=1: the panel comes this long after the row is scored
  const SLOW_KEY_MS = 120; // keys=slow: a key this soon after the last accepted one is dropped
  const LOSSY_KEY_MS = 30; // keys=lossy: a key this soon after the last one typed is lost
  const POP_MS = 100;
  const SHAKE_MS = 600;
  const BOUNCE_MS = 1000;
  const BOUNCE_STAGGER_MS = 100;
  const TOAST_MS = 1500;
  const TOAST_FADE_MS = 300;
  const STATS_DELAY_MS = 2500; // after the last reveal: past the win toast, as in the real game
  const TOAST_OVERHANG_PX = 25; // the toast's 16 px margin plus 9 px above the board
  const STATS_KEY = 'autobot-wordle-statistics';
  const KEY_ROWS = [
    ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'],
    ['-', 'a', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l', '-'],
    ['enter', 'z', 'x', 'c', 'v', 'b', 'n', 'm', 'backspace'],
  ];
  const BACKSPACE_SVG =
    '<svg viewBox="0 0 24 24" width="24" height="24"><path d="M22 3H7c-.69 0-1.23.35-1.59.88L0 ' +
    '12l5.41 8.11c.36.53.9.89 1.59.89h15c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm0 16H7.07L2.4 12l4.66-' +
    '7H22v14zM10.41 17L14 13.41 17.59 17 19 15.59 15.41 12 19 8.41 17.59 7 14 10.59 10.41 7 9 ' +
    '8.41 12.59 12 9 15.59z"></path></svg>';
  const RANK = { absent: 1, present: 2, correct: 3 };
  const SHEET_STATES = ['typed', 'absent', 'present', 'correct'];
  // The choices of each quirk option (the first is the default: today's NYT behaviour).
  const CHOICES = {
    keys: ['keydown', 'keyup', 'code-enter', 'click-only', 'slow', 'lossy'],
    // a refused word shows a toast and shakes, shows nothing, or opens a native alert()
    refuse: ['toast', 'silent', 'alert'],
    vocab: ['full', 'answers'], // the guesses accepted (the whole allowed list, or answers only)
    palette: ['nyt', 'letreco', 'pastel', 'colorblind', 'slate'],
    scoring: ['standard', 'lenient-dupes', 'anywhere', 'once'],
    reveal: ['flip', 'flip-y', 'fade', 'none', 'one-by-one', 'tilt'],
    tiles: ['square', 'round', 'rounded', 'rect', 'outline'],
    mode: ['wordle', 'absurdle', 'jotto', 'fibble'], // the game the page plays (README "Modes")
    font: ['clear', 'thin'], // font=thin makes the tiles' letters a thin grey italic serif, large
    layout: ['tiles', 'list'], // Jotto as a tile board or as a list of typed words (README)
  };
  // The "How to play" examples: word, the one highlighted letter's index and its state.
  const INTRO_EXAMPLES = [
    ['weary', 0, 'correct', 'is in the word and in the correct spot.'],
    ['pills', 1, 'present', 'is in the word but in the wrong spot.'],
    ['vague', 3, 'absent', 'is not in the word in any spot.'],
  ];

  // ---------- pure rules (mirror autobot.rules) ----------

  /** The colours Wordle shows for `guess` against `answer`: greens first, then yellows left
   *  to right while the answer still has an unmatched copy of the letter. */
  function score(guess, answer) {
    const marks = new Array(guess.length).fill('absent');
    const spare = {};
    for (let i = 0; i < guess.length; i++) {
      if (guess[i] === answer[i]) marks[i] = 'correct';
      else spare[answer[i]] = (spare[answer[i]] || 0) + 1;
    }
    for (let i = 0; i < guess.length; i++) {
      if (marks[i] !== 'correct' && spare[guess[i]] > 0) {
        marks[i] = 'present';
        spare[guess[i]] -= 1;
      }
    }
    return marks;
  }

  /** Over-marking seen on some clones: any non-green letter found among the answer's non-green
   *  letters is yellow, however many copies the answer has. */
  function scoreLenient(guess, answer) {
    const open = new Set([...answer].filter((ch, i) => guess[i] !== ch));
    return [...guess].map((ch, i) => (ch === answer[i] ? 'correct' : open.has(ch) ? 'present' : 'absent'));
  }

  /** scoring=anywhere (absurdle.cat): yellow whenever the answer has the letter anywhere,
   *  green there included, copies not counted. */
  function scoreAnywhere(guess, answer) {
    return [...guess].map((ch, i) => (ch === answer[i] ? 'correct' : answer.includes(ch) ? 'present' : 'absent'));
  }

  /** scoring=once (open-wordljs): one yellow per letter at most, on its first copy in the
   *  guess, and none when the letter is green somewhere in the row. */
  function scoreOnce(guess, answer) {
    const greens = new Set([...guess].filter((ch, i) => ch === answer[i]));
    return [...guess].map((ch, i) => {
      if (ch === answer[i]) return 'correct';
      const first = guess.indexOf(ch) === i;
      return answer.includes(ch) && first && !greens.has(ch) ? 'present' : 'absent';
    });
  }

  function ordinal(n) {
    const teen = n % 100 >= 10 && n % 100 <= 20;
    const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th');
    return `${n}${suffix}`;
  }

  /** Why `guess` breaks hard mode, in the game's words, or null: greens stay in place and
   *  every revealed letter is reused as often as one row revealed it. */
  function hardModeViolation(guess, history) {
    for (const turn of history) {
      for (let i = 0; i < turn.guess.length; i++) {
        if (turn.marks[i] === 'correct' && guess[i] !== turn.guess[i]) {
          return `${ordinal(i + 1)} letter must be ${turn.guess[i].toUpperCase()}`;
        }
      }
      const revealed = new Map();
      for (let i = 0; i < turn.guess.length; i++) {
        if (turn.marks[i] !== 'absent') {
          revealed.set(turn.guess[i], (revealed.get(turn.guess[i]) || 0) + 1);
        }
      }
      for (const [letter, need] of revealed) {
        const have = [...guess].filter((g) => g === letter).length;
        if (have < need) return `Guess must contain ${letter.toUpperCase()}`;
      }
    }
    return null;
  }

  /** A small seeded generator so `seed=N` always picks the same answer. */
  function mulberry32(seed) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** Rows of the board: rows=N (1-12) or rows=open (grows to 12) override; otherwise N+1 for a
   *  word of N letters, and unbounded (one empty row below the played ones) for Absurdle and
   *  Jotto. `baseRows` is how many rows an open board is laid out as, so tiles keep their size. */
  function variantRows(param, mode, length, errors) {
    const fallback = (SUPPORTED_LENGTHS.includes(length) ? length + 1 : 6) + (mode === 'fibble' ? FIBBLE_EXTRA_ROWS : 0);
    if (param === null) {
      const unbounded = mode === 'absurdle' || mode === 'jotto';
      return { maxRows: unbounded ? Infinity : fallback, openRows: unbounded, baseRows: fallback };
    }
    const rowsParam = param.toLowerCase();
    if (rowsParam === 'open') return { maxRows: OPEN_ROWS_CAP, openRows: true, baseRows: 6 };
    const rows = Number(rowsParam);
    if (Number.isInteger(rows) && rows >= 1 && rows <= 12) return { maxRows: rows, openRows: false, baseRows: rows };
    errors.push(`Bad rows ${rowsParam}`);
    return { maxRows: fallback, openRows: false, baseRows: fallback };
  }

  function parseConfig(search) {
    const p = new URLSearchParams(search);
    const flag = (name, fallback) => {
      const v = p.get(name);
      if (v === null) return fallback;
      return !['0', 'false', 'no', 'off', ''].includes(v.toLowerCase());
    };
    const errors = [];
    const theme = (p.get('theme') || 'light').toLowerCase();
    if (theme !== 'light' && theme !== 'dark') errors.push(`Unknown theme ${theme}`);
    const length = Number(p.get('length') || 5);
    if (!SUPPORTED_LENGTHS.includes(length)) errors.push(`Word length ${p.get('length')} is not supported`);
    const answer = (p.get('answer') || '').toLowerCase();
    if (answer && !new RegExp(`^[a-z]{${length}}$`).test(answer)) errors.push(`Bad answer ${answer.toUpperCase()}`);
    let seed = null;
    if (p.get('seed') !== null) {
      seed = Number(p.get('seed'));
      if (!Number.isInteger(seed)) errors.push(`Bad seed ${p.get('seed')}`);
    }
    const list = (name) => (p.get(name) || '').split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
    const choice = (name) => {
      const v = (p.get(name) || CHOICES[name][0]).toLowerCase();
      if (!CHOICES[name].includes(v)) errors.push(`Unknown ${name} ${v}`);
      return CHOICES[name].includes(v) ? v : CHOICES[name][0];
    };
    const mode = choice('mode');
    const { maxRows, openRows, baseRows } = variantRows(p.get('rows'), mode, length, errors);
    let offset = 0;
    if (p.get('offset') !== null) {
      offset = Number(p.get('offset'));
      if (!(Number.isInteger(offset) && offset >= 0 && offset <= 10000)) {
        errors.push(`Bad offset ${p.get('offset')}`);
        offset = 0;
      }
    }
    const many = parseBoards(p, length, errors);
    return {
      ...many,
      theme: theme === 'dark' ? 'dark' : 'light',
      contrast: flag('contrast', false),
      hard: flag('hard', false),
      anim: flag('anim', true),
      stats: flag('stats', true),
      // stats=now: the statistics come the moment the game ends, over the board's lower rows
      // (as pages whose end panel leaves only the first rows showing).
      statsNow: (p.get('stats') || '').toLowerCase() === 'now',
      length,
      answer,
      seed,
      guesses: list('guesses'),
      typed: (p.get('typed') || '').toLowerCase().replace(/[^a-z]/g, ''),
      sheet: p.get('sheet'),
      sheetStates: list('sheetstates'),
      intro: flag('intro', false),
      // intro=sticky: the help does not close on Escape, only by its x or its backdrop;
      // intro=x: only by its x (a text glyph); intro=button: only by its button (no x).
      introSticky: ['sticky', 'x', 'button', 'hides'].includes((p.get('intro') || '').toLowerCase()),
      introOnly: { x: 'x', button: 'button', hides: 'backdrop' }[(p.get('intro') || '').toLowerCase()] || null,
      // intro=hides: Escape hides the help but the game stays in it, deaf to keys (below).
      introHides: (p.get('intro') || '').toLowerCase() === 'hides',
      promo: flag('promo', false),
      // promo=load: a panel with pictures of boards over the board on every load (below).
      promoLoad: (p.get('promo') || '').toLowerCase() === 'load',
      font: choice('font'),
      hint: flag('hint', false),
      // filled=1: rows not played yet (below the one being typed) are solid dark tiles.
      filled: flag('filled', false),
      keys: choice('keys'),
      refuse: choice('refuse'),
      vocab: choice('vocab'),
      palette: choice('palette'),
      scoring: choice('scoring'),
      reveal: choice('reveal'),
      tiles: choice('tiles'),
      layout: choice('layout'),
      mode,
      maxRows,
      openRows,
      baseRows,
      offset,
      errors,
    };
  }

  /** boards=N and answers=a,b,... (one per board), checked like the other options. */
  function parseBoards(p, length, errors) {
    let boards = 1;
    if (p.get('boards') !== null) {
      boards = Number(p.get('boards'));
      if (!BOARD_COUNTS.includes(boards)) {
        errors.push(`Bad boards ${p.get('boards')}`);
        boards = 1;
      }
    }
    const answers = (p.get('answers') || '').split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
    if (answers.length && answers.length !== boards) errors.push(`${answers.length} answers for ${boards} boards`);
    const bad = answers.find((w) => !new RegExp(`^[a-z]{${length}}$`).test(w));
    if (bad !== undefined) errors.push(`Bad answer ${bad.toUpperCase()}`);
    if (boards > 1 && p.get('answer')) errors.push('With boards use answers=');
    const flag = (name) => p.get(name) !== null && !['0', 'false', 'no', 'off', ''].includes(p.get(name).toLowerCase());
    return { boards, answers, dim: flag('dim'), fold: flag('fold') };
  }

  // ---------- page ----------

  const config = parseConfig(location.search);
  const body = document.body;
  const board = document.getElementById('board');
  const boardContainer = document.getElementById('board-container');
  const keyboard = document.getElementById('keyboard');
  const toaster = document.getElementById('toaster');
  const overlay = document.getElementById('overlay');
  const introOverlay = document.getElementById('intro-overlay');
  const promoOverlay = document.getElementById('promo-overlay');
  const LEN = config.length;
  const MULTI = config.boards > 1; // many boards: the functions under "many boards" below
  const ROWS = MULTI ? config.boards + EXTRA_GUESSES : config.maxRows; // the most guesses allowed
  // Jotto shows each row's count in one more column, a tile wide, right of the tiles.
  const COLS = config.mode === 'jotto' ? LEN + 1 : LEN;
  // layout=list (Jotto): a text box and a list of guesses with count badges, no tiles.
  const LIST = config.mode === 'jotto' && config.layout === 'list';
  const SCORE = { 'lenient-dupes': scoreLenient, anywhere: scoreAnywhere, once: scoreOnce }[config.scoring] || score;

  body.classList.toggle('dark', config.theme === 'dark');
  body.classList.toggle('contrast', config.contrast);
  body.classList.toggle('no-anim', !config.anim);
  body.classList.add(`palette-${config.palette}`, `tiles-${config.tiles}`, `reveal-${config.reveal}`,
    `font-${config.font}`);
  if (config.introOnly) introOverlay.classList.add(`only-${config.introOnly}`);
  if (config.offset) {
    // An ad-like banner above the board: the page gets taller by as much and scrolls.
    const banner = document.getElementById('banner');
    banner.hidden = false;
    banner.style.height = `${config.offset}px`;
    document.getElementById('game').style.height = `calc(100% + ${config.offset}px)`;
    body.classList.add('scrolls');
  }

  // ---------- paper= and keypad= (a page's own background; an on-screen keyboard short of keys) ----------
  // paper=beige: a warm off-white page (as some clones draw), the banner a darker beige.
  // keypad=noback: the on-screen keyboard has no BACK key (a physical Backspace still erases).
  // Unknown values show the usual error toast; see README "Quirk options".
  const PAPERS = { white: null, beige: { '--page-bg': '#f4ecd8', '--banner-bg': '#e8dcc0', '--modal-bg': '#f4ecd8' } };
  const KEYPADS = ['full', 'noback'];
  const pageQuery = new URLSearchParams(location.search);
  const paper = pageQuery.get('paper') || 'white';
  const keypad = pageQuery.get('keypad') || 'full';
  if (!(paper in PAPERS)) config.errors.push(`Unknown paper ${paper}`);
  else if (PAPERS[paper]) for (const [name, value] of Object.entries(PAPERS[paper])) body.style.setProperty(name, value);
  if (!KEYPADS.includes(keypad)) config.errors.push(`Unknown keypad ${keypad}`);
  const keyRowsShown = keypad === 'noback' ? KEY_ROWS.map((row) => row.filter((k) => k !== 'backspace')) : KEY_ROWS;

  // ---------- box= and current= (boards=N: each board its own scroll box; the row played drawn taller) ----------
  // box=K: each board shows K rows in a box of its own that scrolls itself so the row being
  // played is the last one shown (rows above it scroll out of view), as Sedordle's boards do.
  // current=tall: the row being played on each open board is drawn 1.55 times as tall as the
  // others (its tiles narrow and tall); it turns plain once scored.
  const boxRows = pageQuery.get('box') === null ? 0 : Number(pageQuery.get('box'));
  if (!(Number.isInteger(boxRows) && (boxRows === 0 || (boxRows >= 2 && boxRows <= 20)))) config.errors.push(`Bad box ${pageQuery.get('box')}`);
  const currentRow = pageQuery.get('current') || 'plain';
  if (!['plain', 'tall'].includes(currentRow)) config.errors.push(`Unknown current ${currentRow}`);
  if (boxRows || currentRow === 'tall') {
    const css = document.createElement('style');
    css.textContent = (boxRows ? `.mboard { position: relative; max-height: calc(${boxRows} * var(--tile) + ${boxRows - 1} * var(--gap)); overflow-y: auto; scrollbar-width: none; }\n` : '') +
      (currentRow === 'tall' ? '.mboard { grid-auto-rows: auto; }\n.mboard .row.current .tile::before { padding-bottom: 155%; }\n' : '');
    document.head.appendChild(css);
  }
  /** After a row is scored (and at the start): mark each open board's row being played, and
   *  scroll each board's box to show it last. */
  function moveBoardRows() {
    if (!boxRows && currentRow !== 'tall') return;
    const r = game.rows.length;
    for (const m of many) {
      [...m.el.children].forEach((row, i) => row.classList.toggle('current', currentRow === 'tall' && !m.solved && i === r && r < ROWS));
      if (boxRows && !m.solved) {
        const row = m.el.children[Math.min(r, ROWS - 1)];
        m.el.scrollTop = Math.max(0, row.offsetTop + row.offsetHeight - m.el.clientHeight);
      }
    }
  }

  const game = {
    answer: '',
    rows: [], // {guess, marks} of every submitted row
    current: '',
    status: 'LOADING', // LOADING, IN_PROGRESS, WIN, FAIL, BROKEN
    busy: false, // a row is being revealed: ignore keys
    allowed: new Set(),
    pool: [], // mode=absurdle: the words still possible
    lies: null, // mode=fibble: the seeded generator of each row's lie
    lastKeyAt: -Infinity, // keys=slow: when the last key was accepted
    lastTypedAt: -Infinity, // keys=lossy: when the last game key arrived (lost or not)
  };
  const intro = { reopenPending: false, reopened: false };
  const promo = { shown: false }; // promo=1: the panel comes once, after the first scored row
  const tiles = [];
  const keys = new Map();

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Run a CSS animation on `el` and resolve when it ends (or a little after it should have). */
  function animate(el, name, ms) {
    return new Promise((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        el.removeEventListener('animationend', onEnd);
        resolve();
      };
      const onEnd = (e) => {
        if (e.target === el) finish();
      };
      el.addEventListener('animationend', onEnd);
      el.dataset.animation = name;
      setTimeout(finish, ms + 200); // hidden tabs may never fire animationend
    });
  }

  /** A row of empty tiles (row number r: tilted tiles alternate) and its tiles. */
  function emptyRow(r) {
    const row = document.createElement('div');
    row.className = 'row';
    row.style.setProperty('--length', LEN);
    const rowTiles = [];
    for (let c = 0; c < LEN; c++) {
      const tile = document.createElement('div');
      tile.className = 'tile';
      tile.dataset.state = 'empty';
      tile.dataset.animation = 'idle';
      if (config.reveal === 'tilt') tile.dataset.tilt = (r + c) % 2 ? 'left' : 'right';
      row.appendChild(tile);
      rowTiles.push(tile);
    }
    addCountCell(row);
    return [row, rowTiles];
  }

  /** One more empty row at the bottom of the board. */
  function addRow() {
    const [row, rowTiles] = emptyRow(tiles.length);
    board.appendChild(row);
    tiles.push(rowTiles);
  }

  function buildBoard() {
    board.style.setProperty('--length', LEN);
    // rows=open (Absurdle-like) starts with one row and grows one per guess.
    for (let r = 0; r < (config.openRows ? 1 : ROWS); r++) addRow();
  }

  /** The real game's sizing: width min(floor(height * 5/6), 350), height 6 rows of width/5;
   *  tiles get a whole number of px so their edges stay crisp. With another number of rows the
   *  same formula holds (a short board keeps full-width tiles); an open board is laid out as
   *  at least 6 rows so its tiles keep their size while it grows. */
  function resizeBoard() {
    const shown = tiles.length;
    const rows = config.openRows ? Math.max(shown, config.baseRows) : ROWS;
    const height = boardContainer.clientHeight;
    const width = Math.min(Math.floor(height * (COLS / rows)), 70 * COLS, boardContainer.clientWidth);
    const tileWide = (width - 20 - 5 * (COLS - 1)) / COLS;
    let boardHeight = rows * Math.floor(width / COLS);
    if (rows < 6) {
      // Few rows: the padding would eat a large share of each row; keep full-width tiles instead.
      boardHeight = Math.max(boardHeight, Math.min(height, Math.floor(20 + rows * tileWide + 5 * (rows - 1))));
    }
    const tile = Math.max(1, Math.floor(Math.min(tileWide, (boardHeight - 20 - 5 * (rows - 1)) / rows)));
    // tiles=rect: letreco-like tiles 6 wide to 5 high.
    const tileHigh = config.tiles === 'rect' ? Math.floor((tile * 5) / 6) : tile;
    const contentHeight = 20 + shown * tileHigh + 5 * (shown - 1);
    board.style.width = `${width}px`;
    board.style.height = `${config.openRows || config.tiles === 'rect' ? contentHeight : boardHeight}px`;
    board.style.setProperty('--tile', `${tile}px`);
    board.style.setProperty('--tile-high', `${tileHigh}px`);
    board.style.setProperty('--rows', shown);
    board.style.marginTop = `${Math.max(0, Math.floor((height - boardHeight) / 2))}px`;
    // As in the real game, toasts hang over the top of the board and hide part of the first row.
    const top = board.getBoundingClientRect().top - document.getElementById('game').getBoundingClientRect().top;
    toaster.style.top = `${Math.max(0, Math.round(top) - TOAST_OVERHANG_PX)}px`;
    placeModals();
  }

  function buildKeyboard() {
    for (const letters of keyRowsShown) {
      const row = document.createElement('div');
      row.className = 'key-row';
      for (const k of letters) {
        if (k === '-') {
          const spacer = document.createElement('div');
          spacer.className = 'half';
          row.appendChild(spacer);
          continue;
        }
        const button = document.createElement('button');
        button.dataset.key = k;
        button.tabIndex = -1;
        if (k === 'enter') {
          button.textContent = 'enter';
          button.className = 'one-and-a-half';
        } else if (k === 'backspace') {
          button.innerHTML = BACKSPACE_SVG;
          button.className = 'one-and-a-half';
          button.setAttribute('aria-label', 'backspace');
        } else {
          button.textContent = k;
          keys.set(k, button);
        }
        row.appendChild(button);
      }
      keyboard.appendChild(row);
    }
    // Keys never take focus, so a physical Enter can never "click" the last key pressed.
    keyboard.addEventListener('mousedown', (e) => e.preventDefault());
    keyboard.addEventListener('click', (e) => {
      const button = e.target.closest('button[data-key]');
      if (button) handleKey(button.dataset.key);
    });
  }

  function paintTile(tile, letter, state) {
    tile.textContent = letter;
    tile.dataset.letter = letter;
    tile.dataset.state = state;
  }

  function setTile(r, c, letter, state) {
    paintTile(tiles[r][c], letter, state);
  }

  function toast(message, ms = TOAST_MS) {
    const el = document.createElement('div');
    el.className = 'toast';
    el.textContent = message;
    toaster.prepend(el);
    if (ms !== Infinity) {
      setTimeout(() => {
        if (!config.anim) {
          el.remove();
          return;
        }
        el.classList.add('fade');
        setTimeout(() => el.remove(), TOAST_FADE_MS);
      }, ms);
    }
    return el;
  }

  function shake(r) {
    shakeRow(board.children[r]);
  }

  function shakeRow(row) {
    if (!config.anim) return;
    row.classList.remove('invalid');
    void row.offsetWidth; // restart the animation on a second bad guess
    row.classList.add('invalid');
    setTimeout(() => row.classList.remove('invalid'), SHAKE_MS);
  }

  function addLetter(letter, instant = false) {
    if (game.current.length >= LEN) return;
    const c = game.current.length;
    const r = game.rows.length;
    game.current += letter;
    setTile(r, c, letter, 'tbd');
    if (config.anim && !instant) animate(tiles[r][c], 'pop', POP_MS).then(() => (tiles[r][c].dataset.animation = 'idle'));
    showHints();
  }

  function removeLetter() {
    if (!game.current.length) return;
    const c = game.current.length - 1;
    game.current = game.current.slice(0, -1);
    setTile(game.rows.length, c, '', 'empty');
    tiles[game.rows.length][c].dataset.animation = 'idle';
    showHints();
  }

  /** hint=1 (duotrigordle-like): the current row's empty tiles show the known greens as faint
   *  letters (a CSS ::after from data-hint); they are not typed letters. */
  function showHints() {
    if (config.filled) {
      const last = game.status === 'IN_PROGRESS' ? game.rows.length : game.rows.length - 1;
      tiles.forEach((rowTiles, r) => rowTiles.forEach((tile) => (tile.dataset.unplayed = r > last ? '1' : '0')));
    }
    if (!config.hint) return;
    const greens = new Array(LEN).fill('');
    for (const { guess, marks } of game.rows) {
      marks.forEach((m, c) => {
        if (m === 'correct') greens[c] = guess[c];
      });
    }
    const current = game.status === 'IN_PROGRESS' ? game.rows.length : -1;
    tiles.forEach((rowTiles, r) =>
      rowTiles.forEach((tile, c) => {
        const hint = r === current && tile.dataset.state === 'empty' ? greens[c] : '';
        if (hint) tile.dataset.hint = hint;
        else delete tile.dataset.hint;
      }),
    );
  }

  /** Show one tile's colour the way reveal= says (flip about X or Y, fade, or at once). */
  async function revealTile(tile, letter, mark) {
    if (['flip', 'flip-y', 'tilt'].includes(config.reveal)) {
      // style.css picks the axis (reveal-flip-y turns about Y).
      await animate(tile, 'flip-in', FLIP_MS);
      paintTile(tile, letter, mark); // the new colour shows on the way back
      await animate(tile, 'flip-out', FLIP_MS);
    } else if (config.reveal === 'fade') {
      paintTile(tile, letter, mark);
      await animate(tile, 'fade', FADE_MS);
    } else {
      paintTile(tile, letter, mark);
    }
    tile.dataset.animation = 'idle';
  }

  /** Check the typed row; say why it is refused, or reveal it. */
  async function submit(instant = false) {
    const r = game.rows.length;
    const guess = game.current;
    let problem = null;
    if (guess.length < LEN) problem = 'Not enough letters';
    else if (!game.allowed.has(guess) && guess !== game.answer) problem = 'Not in word list';
    else if (config.hard) problem = hardModeViolation(guess, game.rows);
    if (problem) {
      if (config.refuse === 'alert') {
        // A native browser dialog, as older pages say no: the row stays typed behind it.
        setTimeout(() => alert(problem), 0);
        return false;
      }
      if (config.refuse !== 'silent') {
        toast(problem);
        shake(r);
      }
      return false;
    }
    const marks = judge(guess);
    const won = marks.every((m) => m === 'correct');
    game.rows.push({ guess, marks });
    game.current = '';
    game.busy = true;
    try {
      if (config.anim && !instant && config.reveal !== 'none') {
        const gap = config.reveal === 'one-by-one' ? ONE_BY_ONE_MS : STAGGER_MS;
        const reveals = [];
        for (let c = 0; c < LEN; c++) {
          reveals.push(sleep(c * gap).then(() => revealTile(tiles[r][c], guess[c], marks[c])));
        }
        await Promise.all(reveals);
      } else {
        for (let c = 0; c < LEN; c++) setTile(r, c, guess[c], marks[c]);
      }
      showCount(r, guess, won);
      colourKeys(guess, marks);
      if (won) await finish(true, instant);
      else if (game.rows.length === ROWS) await finish(false, instant);
      else if (config.openRows) {
        addRow();
        resizeBoard();
      }
    } finally {
      game.busy = false;
      showHints();
    }
    if (!instant) maybePromo();
    return true;
  }

  function colourKeys(guess, marks) {
    if (config.mode === 'jotto') return; // a count says nothing about single letters
    for (let c = 0; c < guess.length; c++) {
      const key = keys.get(guess[c]);
      if (!key) continue;
      if ((RANK[marks[c]] || 0) > (RANK[key.dataset.state] || 0)) key.dataset.state = marks[c];
    }
  }

  async function finish(won, instant) {
    game.status = won ? 'WIN' : 'FAIL';
    body.dataset.status = game.status;
    recordGame(won, game.rows.length);
    if (won) {
      toast(WIN_WORDS[Math.min(game.rows.length, WIN_WORDS.length) - 1]);
      if (config.anim && !instant) {
        const r = game.rows.length - 1;
        tiles[r].forEach((tile, c) =>
          sleep(c * BOUNCE_STAGGER_MS)
            .then(() => animate(tile, 'bounce', BOUNCE_MS))
            .then(() => (tile.dataset.animation = 'idle')),
        );
      }
    } else {
      toast((game.answer || game.pool[0] || '').toUpperCase(), Infinity);
    }
    if (config.stats) setTimeout(() => openStats(), config.statsNow ? 0 : STATS_DELAY_MS);
  }

  // ---------- statistics ----------

  function loadStats() {
    const empty = { played: 0, wins: 0, currentStreak: 0, maxStreak: 0, guesses: {} };
    try {
      const stored = JSON.parse(localStorage.getItem(STATS_KEY) || 'null');
      return stored && typeof stored === 'object' ? { ...empty, ...stored } : empty;
    } catch (e) {
      return empty; // storage disabled or a corrupt entry: start afresh
    }
  }

  function recordGame(won, guesses) {
    const stats = loadStats();
    stats.played += 1;
    if (won) {
      stats.wins += 1;
      stats.currentStreak += 1;
      stats.maxStreak = Math.max(stats.maxStreak, stats.currentStreak);
      stats.guesses[guesses] = (stats.guesses[guesses] || 0) + 1;
    } else {
      stats.currentStreak = 0;
      stats.guesses.fail = (stats.guesses.fail || 0) + 1;
    }
    try {
      localStorage.setItem(STATS_KEY, JSON.stringify(stats));
    } catch (e) {
      // storage full or disabled: the modal still shows this game
    }
  }

  function renderStats() {
    const stats = loadStats();
    document.getElementById('stat-played').textContent = stats.played;
    document.getElementById('stat-win').textContent = stats.played ? Math.round((100 * stats.wins) / stats.played) : 0;
    document.getElementById('stat-streak').textContent = stats.currentStreak;
    document.getElementById('stat-max').textContent = stats.maxStreak;
    const dist = document.getElementById('guess-distribution');
    dist.textContent = '';
    const shownRows = Number.isFinite(ROWS) ? ROWS : Math.max(6, game.rows.length);
    const most = Math.max(1, ...Array.from({ length: shownRows }, (_, i) => stats.guesses[i + 1] || 0));
    for (let i = 1; i <= shownRows; i++) {
      const n = stats.guesses[i] || 0;
      const line = document.createElement('div');
      line.className = 'graph-container';
      line.innerHTML = '<div class="guess"></div><div class="graph"><div class="graph-bar"><div class="num-guesses"></div></div></div>';
      line.querySelector('.guess').textContent = i;
      const bar = line.querySelector('.graph-bar');
      bar.style.width = `${Math.max(7, Math.round((100 * n) / most))}%`;
      if (game.status === 'WIN' && game.rows.length === i) bar.classList.add('highlight');
      line.querySelector('.num-guesses').textContent = n;
      dist.appendChild(line);
    }
  }

  /** Put each open modal's box over the board so the board is hidden while it is open. */
  function placeModals() {
    const rect = board.getBoundingClientRect();
    for (const [backdrop, id] of [[overlay, 'stats-modal'], [introOverlay, 'intro-modal'],
      [promoOverlay, 'promo-modal']]) {
      if (backdrop.hidden) continue;
      const modal = document.getElementById(id);
      if (id === 'stats-modal' && config.statsNow) {
        modal.style.top = `${Math.round(rect.top + rect.height / 3)}px`;
        modal.style.minHeight = '';
        continue;
      }
      modal.style.top = `${Math.max(8, Math.round(rect.top) - 20)}px`;
      modal.style.minHeight = `${Math.round(rect.height) + 40}px`;
    }
  }

  function openStats() {
    renderStats();
    overlay.hidden = false;
    placeModals();
  }

  // ---------- "How to play" (intro=1) ----------

  /** The example rows: real tiles in the page's palette, smaller than the board's. */
  function buildIntroExamples() {
    const examples = document.getElementById('intro-examples');
    for (const [word, at, state, text] of INTRO_EXAMPLES) {
      const row = document.createElement('div');
      row.className = 'example-row';
      [...word].forEach((letter, c) => {
        const tile = document.createElement('div');
        tile.className = 'tile';
        tile.dataset.state = c === at ? state : 'tbd';
        tile.dataset.letter = letter;
        tile.textContent = letter;
        row.appendChild(tile);
      });
      const line = document.createElement('p');
      line.innerHTML = `<strong>${word[at].toUpperCase()}</strong> ${text}`;
      examples.append(row, line);
    }
  }

  function openIntro() {
    introOverlay.hidden = false;
    placeModals();
  }

  /** Closing it the first time arms a second showing on the next key, as some pages do. */
  function closeIntro() {
    introOverlay.hidden = true;
    intro.deaf = false; // intro=hides: really closed (its backdrop), keys reach the game again
    if (config.intro && !intro.reopened) intro.reopenPending = true;
  }

  function closeStats() {
    overlay.hidden = true;
  }

  // ---------- promo=1: a panel that comes mid-game ----------

  /** After the first scored row that does not end the game, a promotional panel covers the
   *  board (as some pages sell a subscription then); Escape and the backdrop do nothing. */
  function maybePromo() {
    if (!config.promo || config.promoLoad || promo.shown || game.status !== 'IN_PROGRESS') return;
    promo.shown = true;
    setTimeout(() => {
      if (game.status !== 'IN_PROGRESS') return;
      promoOverlay.hidden = false;
      placeModals();
    }, PROMO_DELAY_MS);
  }

  function closePromo() {
    promoOverlay.hidden = true;
  }

  // ---------- intro with layout=list: the help shows an example line of the list ----------

  /** The How To Play panel of a Jotto list page: instead of example tiles, one example line
   *  drawn as the list draws its lines (a word and its count badge, "CRANE 3"), which is never
   *  a guess of the game. Its keys do not reach the text box while it is up. */
  function openListIntro() {
    const examples = document.getElementById('intro-examples');
    examples.textContent = '';
    const list = document.createElement('ol');
    list.className = 'jl-example';
    const li = document.createElement('li');
    const word = document.createElement('span');
    word.className = 'jl-word';
    for (const ch of 'CRANE') {
      const span = document.createElement('span');
      span.textContent = ch;
      word.appendChild(span);
    }
    const badge = document.createElement('span');
    badge.className = 'jl-count';
    badge.textContent = '3';
    li.append(word, badge);
    list.appendChild(li);
    const line = document.createElement('p');
    line.textContent = 'CRANE has 3 letters in common with the secret word.';
    examples.append(list, line);
    openIntro();
  }

  // ---------- promo=load: a panel showing pictures of boards, on every load ----------

  /** A book cover drawn as a small board: rows of coloured letter tiles (a picture of a game
   *  board inside a dialog, as Le Mot's promotion shows), never the game's board. */
  function bookCover(title, seed) {
    const cover = document.createElement('div');
    cover.className = 'book-cover';
    const states = ['absent', 'present', 'correct'];
    for (let r = 0; r < 5; r++) {
      const row = document.createElement('div');
      row.className = 'cover-row';
      for (let c = 0; c < 5; c++) {
        const tile = document.createElement('div');
        tile.className = 'tile';
        // Scored rows of letters on colours, then letters on white, then a blank row.
        const letter = (title[r] || '')[c] || '';
        tile.dataset.state = r < 3 ? states[(seed + r * 2 + c) % 3] : 'tbd';
        tile.textContent = letter;
        row.appendChild(tile);
      }
      cover.appendChild(row);
    }
    return cover;
  }

  /** promo=load: the panel (x on a filled key, a grey "Fermer" that closes it, a green
   *  "Découvrir" that leaves the game for a book page); keys still reach the board behind. */
  function openBookPromo() {
    const modal = document.getElementById('promo-modal');
    modal.classList.add('books');
    modal.querySelector('h2').textContent = 'Le livre arrive !';
    modal.querySelector('.lead').textContent = '';
    const covers = document.createElement('div');
    covers.className = 'covers';
    covers.append(bookCover(['livre', 'lemot', 'jouer', 'pages', ''], 0));
    modal.querySelector('.lead').after(covers);
    const discover = document.createElement('button');
    discover.className = 'play discover';
    discover.tabIndex = -1;
    discover.textContent = 'Découvrir';
    discover.addEventListener('click', () => {
      closePromo();
      document.getElementById('game').style.display = 'none'; // a page about the book, no game
    });
    const button = document.getElementById('promo-button');
    button.textContent = 'Fermer';
    button.after(discover);
    promoOverlay.addEventListener('click', (e) => {
      if (e.target === promoOverlay) closePromo();
    });
    promoOverlay.hidden = false;
    placeModals();
  }

  function shareText() {
    const glyph = { correct: config.contrast ? '🟧' : '🟩', present: config.contrast ? '🟦' : '🟨', absent: config.theme === 'dark' ? '⬛' : '⬜' };
    const count = game.status === 'WIN' ? game.rows.length : 'X';
    const lines = game.rows.map((row) => row.marks.map((m) => glyph[m]).join(''));
    return `Wordle ${count}/${Number.isFinite(ROWS) ? ROWS : '∞'}${config.hard ? '*' : ''}\n\n${lines.join('\n')}`;
  }

  // ---------- input ----------

  /** One game key (a letter, 'enter' or 'backspace') from the physical or on-screen keyboard. */
  function handleKey(key) {
    if (LIST) return; // layout=list: words are typed into the text box, not the board
    if (game.status !== 'IN_PROGRESS' || game.busy || !overlay.hidden || !introOverlay.hidden
        || (!promoOverlay.hidden && !config.promoLoad) || intro.deaf) return;
    if (intro.reopenPending) {
      // The page pops its help up again and swallows the key that triggered it.
      intro.reopenPending = false;
      intro.reopened = true;
      openIntro();
      return;
    }
    if (config.keys === 'lossy') {
      // Every key typed counts, the lost ones too: a burst loses all but its first key.
      const now = performance.now();
      const lost = now - game.lastTypedAt < LOSSY_KEY_MS;
      game.lastTypedAt = now;
      if (lost) return;
    }
    if (config.keys === 'slow') {
      const now = performance.now();
      if (now - game.lastKeyAt < SLOW_KEY_MS) return; // still "busy" with the last key
      game.lastKeyAt = now;
    }
    if (MULTI) multiKey(key);
    else if (key === 'enter') submit();
    else if (key === 'backspace') removeLetter();
    else if (/^[a-z]$/.test(key)) addLetter(key);
  }

  /** The game key of a physical key event, or null (keys=code-enter: only the main Enter). */
  function gameKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return null;
    if (e.key === 'Enter') return config.keys !== 'code-enter' || e.code === 'Enter' ? 'enter' : null;
    if (e.key === 'Backspace') return 'backspace';
    if (/^[a-zA-Z]$/.test(e.key)) return e.key.toLowerCase();
    return null;
  }

  // keys=keyup: the game hears key releases only; keys=click-only: no physical keys at all.
  const gameEvent = { keyup: 'keyup', 'click-only': 'none' }[config.keys] || 'keydown';
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !(e.ctrlKey || e.metaKey || e.altKey)) {
      if (!introOverlay.hidden) {
        if (config.introHides) {
          // Hidden, not closed: the game still thinks its help is up and ignores every key.
          introOverlay.hidden = true;
          intro.deaf = true;
          e.preventDefault();
          return;
        }
        if (config.introSticky) return;
        closeIntro();
      } else if (!overlay.hidden) closeStats();
      else return;
      e.preventDefault();
    }
  });
  for (const type of ['keydown', 'keyup']) {
    document.addEventListener(type, (e) => {
      const key = gameKey(e);
      if (key === null || LIST) return; // layout=list: the text box takes the keys
      e.preventDefault();
      if (type === gameEvent) handleKey(key);
    });
  }

  document.getElementById('close-stats').addEventListener('click', closeStats);
  overlay.addEventListener('click', (e) => {
    if (e.target === overlay) closeStats();
  });
  document.getElementById('close-intro').addEventListener('click', closeIntro);
  document.getElementById('close-intro-text').addEventListener('click', closeIntro);
  document.getElementById('play-intro').addEventListener('click', closeIntro);
  introOverlay.addEventListener('click', (e) => {
    if (e.target === introOverlay && (!config.introOnly || config.introOnly === 'backdrop')) closeIntro();
  });
  document.getElementById('close-promo').addEventListener('click', closePromo);
  document.getElementById('promo-button').addEventListener('click', closePromo);
  document.getElementById('help-button').addEventListener('click', (e) => {
    e.currentTarget.blur();
    openIntro();
  });
  window.addEventListener('scroll', placeModals);
  document.getElementById('stats-button').addEventListener('click', (e) => {
    e.currentTarget.blur();
    openStats();
  });
  document.getElementById('share-button').addEventListener('click', () => {
    const text = shareText();
    const copied = navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject();
    copied.then(() => toast('Copied results to clipboard'), () => toast('Share failed'));
  });
  for (const id of ['menu-button', 'help-button', 'settings-button']) {
    document.getElementById(id).addEventListener('mousedown', (e) => e.preventDefault());
  }

  // ---------- many boards (boards=N: Dordle, Quordle ... Duotrigordle) ----------

  const BOARD_GAP = 20; // px between two boards: wider than any tile gap, so each board stands apart
  const MANY_TILE_GAP = 4;
  const MIN_MANY_TILE = 24; // px: below this the board area scrolls instead of shrinking the tiles
  const BOARD_COLUMNS = { 2: 2, 4: 4 }; // more boards: 8 columns (fewer on a narrow screen)
  const many = []; // per board: {answer, el, tiles, marks, solved}

  /** N boards of N + 5 empty rows each, in a grid that replaces the single board. */
  function buildBoards() {
    board.style.display = 'none';
    const wrap = document.createElement('div');
    wrap.id = 'boards';
    wrap.style.setProperty('--length', LEN);
    boardContainer.classList.add('many');
    boardContainer.appendChild(wrap);
    body.classList.toggle('dim-solved', config.dim);
    for (let b = 0; b < config.boards; b++) {
      const el = document.createElement('div');
      el.className = 'mboard';
      const rows = [];
      for (let r = 0; r < ROWS; r++) {
        const [row, rowTiles] = emptyRow(r);
        el.appendChild(row);
        rows.push(rowTiles);
      }
      wrap.appendChild(el);
      many.push({ answer: '', el, tiles: rows, marks: [], solved: false });
    }
  }

  /** Columns and tile size: as many boards side by side as fit with tiles of at least
   *  MIN_MANY_TILE px; the tiles shrink to fit the height when they can, else the area scrolls. */
  function resizeBoards() {
    const wrap = document.getElementById('boards');
    const width = boardContainer.clientWidth - 20;
    const height = boardContainer.clientHeight - 20;
    const tileFor = (cols) => Math.floor(((width - (cols - 1) * BOARD_GAP) / cols - (LEN - 1) * MANY_TILE_GAP) / LEN);
    let cols = Math.min(BOARD_COLUMNS[config.boards] || 8, config.boards);
    // fold=1: the tiles keep their full 62 px (fewer boards side by side), never shrinking to
    // fit the height: the boards wrap and run below the fold of their scrolling area.
    const least = config.fold ? 62 : MIN_MANY_TILE;
    while (cols > 1 && tileFor(cols) < least) cols = Math.floor(cols / 2);
    const stack = Math.ceil(config.boards / cols);
    const fitHigh = Math.floor((height - (stack - 1) * BOARD_GAP - stack * (ROWS - 1) * MANY_TILE_GAP) / (stack * ROWS));
    let tile = Math.min(62, tileFor(cols));
    if (fitHigh >= MIN_MANY_TILE && !config.fold) tile = Math.min(tile, fitHigh);
    wrap.style.setProperty('--cols', cols);
    wrap.style.setProperty('--tile', `${Math.max(tile, 12)}px`);
    wrap.style.setProperty('--gap', `${MANY_TILE_GAP}px`);
    // Small tiles get 1 px borders (as Octordle-like sites draw them), so the colour inside shows.
    wrap.classList.toggle('thin', tile < 40);
    // Toasts sit over the keyboard: over the boards they would hide rows the player must read.
    toaster.style.top = `${keyboard.offsetTop + 8}px`;
    placeModals();
  }

  /** The answers (answers= or N different seeded draws), then the replayed guesses. */
  async function startBoards(answerList) {
    let picks = config.answers;
    if (!picks.length) {
      const random = config.seed === null ? Math.random : mulberry32(config.seed);
      picks = [];
      while (picks.length < config.boards) {
        const word = answerList[Math.floor(random() * answerList.length)];
        if (!picks.includes(word)) picks.push(word);
      }
    }
    picks.forEach((word, b) => (many[b].answer = word));
    await replay(manyAddLetter, manySubmit);
    moveBoardRows(); // box= / current= (their block above)
    if (config.intro) openIntro();
    body.dataset.ready = '1';
  }

  const openBoards = () => many.filter((m) => !m.solved);

  function multiKey(key) {
    if (key === 'enter') manySubmit();
    else if (key === 'backspace') manyRemoveLetter();
    else if (/^[a-z]$/.test(key)) manyAddLetter(key);
  }

  /** A typed letter shows on every open board's current row (solved boards take no more). */
  function manyAddLetter(letter, instant = false) {
    if (game.current.length >= LEN) return;
    const c = game.current.length;
    const r = game.rows.length;
    game.current += letter;
    for (const m of openBoards()) {
      const tile = m.tiles[r][c];
      paintTile(tile, letter, 'tbd');
      if (config.anim && !instant) animate(tile, 'pop', POP_MS).then(() => (tile.dataset.animation = 'idle'));
    }
  }

  function manyRemoveLetter() {
    if (!game.current.length) return;
    const c = game.current.length - 1;
    game.current = game.current.slice(0, -1);
    for (const m of openBoards()) {
      paintTile(m.tiles[game.rows.length][c], '', 'empty');
      m.tiles[game.rows.length][c].dataset.animation = 'idle';
    }
  }

  /** Check the typed word once; score it on every open board; a board whose answer it is
   *  is solved and takes no more rows. */
  async function manySubmit(instant = false) {
    const r = game.rows.length;
    const guess = game.current;
    let problem = null;
    if (guess.length < LEN) problem = 'Not enough letters';
    else if (!game.allowed.has(guess) && !many.some((m) => m.answer === guess)) problem = 'Not in word list';
    if (problem) {
      toast(problem);
      for (const m of openBoards()) shakeRow(m.el.children[r]);
      return false;
    }
    const open = openBoards();
    game.rows.push({ guess, marks: [] });
    game.current = '';
    game.busy = true;
    try {
      const animated = config.anim && !instant && config.reveal !== 'none';
      const gap = config.reveal === 'one-by-one' ? ONE_BY_ONE_MS : STAGGER_MS;
      const reveals = [];
      for (const m of open) {
        const marks = SCORE(guess, m.answer);
        m.marks.push(marks);
        for (let c = 0; c < LEN; c++) {
          const tile = m.tiles[r][c];
          if (animated) reveals.push(sleep(c * gap).then(() => revealTile(tile, guess[c], marks[c])));
          else paintTile(tile, guess[c], marks[c]);
        }
      }
      await Promise.all(reveals);
      for (const m of open) {
        m.solved = guess === m.answer;
        m.el.classList.toggle('solved', m.solved);
      }
      colourManyKeys();
      moveBoardRows(); // box= / current= (their block above)
      if (!openBoards().length) await finishMany(true);
      else if (game.rows.length === ROWS) await finishMany(false);
    } finally {
      game.busy = false;
    }
    return true;
  }

  /** Up to 4 boards: each key shows every board's best colour for its letter side by side
   *  (as Quordle does); more boards: a key turns absent when no board has its letter. */
  function colourManyKeys() {
    const shade = { correct: 'var(--correct)', present: 'var(--present)', absent: 'var(--absent)' };
    for (const [letter, button] of keys) {
      const states = many.map((m) => {
        let best = '';
        m.marks.forEach((marks, r) => marks.forEach((mark, c) => {
          if (game.rows[r].guess[c] === letter && (RANK[mark] || 0) > (RANK[best] || 0)) best = mark;
        }));
        return best;
      });
      if (many.length > 4) {
        if (states.every((st) => st === 'absent')) button.dataset.state = 'absent';
        continue;
      }
      if (states.every((st) => !st)) continue;
      const share = 100 / states.length;
      const stops = states.map((st, b) => `${shade[st] || 'var(--key-bg)'} ${b * share}% ${(b + 1) * share}%`);
      button.style.background = `linear-gradient(to right, ${stops.join(', ')})`;
    }
  }

  async function finishMany(won) {
    game.status = won ? 'WIN' : 'FAIL';
    body.dataset.status = game.status;
    recordGame(won, game.rows.length);
    if (won) toast(`All ${many.length} in ${game.rows.length}`);
    else toast(openBoards().map((m) => m.answer.toUpperCase()).join(' '), Infinity);
    if (config.stats) setTimeout(() => openStats(), config.statsNow ? 0 : STATS_DELAY_MS);
  }

  // ---------- glyph sheet (sheet=LETTERS) ----------

  /** Draw `letters` as board tiles, rows of 5, one block per state, for template harvesting. */
  function buildSheet(letters, states) {
    document.getElementById('game').hidden = true;
    document.getElementById('game').style.display = 'none';
    body.style.overflow = 'auto';
    const sheet = document.getElementById('sheet');
    sheet.hidden = false;
    for (const state of states) {
      const block = document.createElement('div');
      block.className = 'sheet-block';
      block.dataset.sheetState = state;
      for (const letter of letters) {
        const tile = document.createElement('div');
        tile.className = 'tile';
        tile.dataset.state = state === 'typed' ? 'tbd' : state;
        tile.dataset.letter = letter;
        tile.textContent = letter;
        block.appendChild(tile);
      }
      sheet.appendChild(block);
    }
    body.dataset.ready = '1';
  }

  // ---------- variants: word length, Absurdle, Jotto ----------

  /** The URL paths of (answers, allowed guesses) for words of LEN letters: Wordle's own lists
   *  for five, the project's per-length lists (autobot/words/length) otherwise. */
  function wordListPaths() {
    if (LEN === 5) return ['/words/answers.txt', '/words/nyt.txt'];
    return [`/words/length/answers-${LEN}.txt`, `/words/length/allowed-${LEN}.txt`];
  }

  /** The secret words the mode draws from: Jotto's have no repeated letter. */
  function secretPool(answers) {
    if (config.mode !== 'jotto') return answers;
    return answers.filter((w) => new Set(w).size === w.length);
  }

  /** A row's marks under the page's mode (Absurdle narrows its pool as it answers). */
  function judge(guess) {
    if (config.mode === 'absurdle') return absurdleMarks(guess);
    if (config.mode === 'jotto') return new Array(LEN).fill(guess === game.answer ? 'correct' : 'absent');
    if (config.mode === 'fibble') return fibbleMarks(SCORE(guess, game.answer));
    return SCORE(guess, game.answer);
  }

  // ---------- mode=fibble ----------

  const FIBBLE_OTHER = { absent: ['present', 'correct'], present: ['absent', 'correct'], correct: ['absent', 'present'] };

  /** A number from the answer's letters: the lies' seed when seed= is not given, so answer=
   *  alone repeats the same lies too. */
  function fibbleHash(word) {
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    return h;
  }

  /** Fibble's rule (fibble.xyz): every row but the winning one shows exactly one tile in a
   *  wrong colour, drawn uniformly among the (tile, other colour) changes that do not make the
   *  row all green (an all-green row is a win, and truthful); autobot.games.fibble.lies. */
  function fibbleMarks(truth) {
    if (truth.every((m) => m === 'correct')) return truth;
    if (!game.lies) game.lies = mulberry32(config.seed !== null ? (config.seed ^ 0x5f1bb1e) >>> 0 : fibbleHash(game.answer));
    const choices = [];
    truth.forEach((mark, i) => {
      for (const other of FIBBLE_OTHER[mark]) {
        const shown = truth.map((m, j) => (j === i ? other : m));
        if (!shown.every((m) => m === 'correct')) choices.push(shown);
      }
    });
    return choices[Math.floor(game.lies() * choices.length)];
  }

  /** Absurdle's rule (qntm.org/absurdle): split the words still possible by the colours
   *  `guess` would show against each and keep the largest group; among equal groups keep the
   *  least helpful colours: fewest greens, then fewest yellows, then the smallest base-3 code
   *  (tile i worth digit * 3**i, absent 0, present 1, correct 2; autobot.games.absurdle). */
  function absurdleMarks(guess) {
    const groups = new Map();
    for (const word of game.pool) {
      const marks = SCORE(guess, word);
      const code = marks.reduce((sum, m, i) => sum + ({ absent: 0, present: 1, correct: 2 }[m] * 3 ** i), 0);
      if (!groups.has(code)) groups.set(code, { marks, words: [] });
      groups.get(code).words.push(word);
    }
    const rank = ([code, g]) => [
      -g.words.length,
      g.marks.filter((m) => m === 'correct').length,
      g.marks.filter((m) => m === 'present').length,
      code,
    ];
    const less = (a, b) => {
      const ra = rank(a);
      const rb = rank(b);
      for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] < rb[i];
      return false;
    };
    let kept = null;
    for (const entry of groups) if (kept === null || less(entry, kept)) kept = entry;
    game.pool = kept[1].words;
    if (game.pool.length === 1 && game.pool[0] === guess) game.answer = guess;
    return kept[1].marks;
  }

  /** Jotto: letters `guess` shares with the answer, each copy counted once (position-less). */
  function jottoCount(guess, answer) {
    const left = {};
    for (const ch of answer) left[ch] = (left[ch] || 0) + 1;
    let common = 0;
    for (const ch of guess) {
      if (left[ch] > 0) {
        common += 1;
        left[ch] -= 1;
      }
    }
    return common;
  }

  /** Jotto rows end in an empty cell, a tile wide, that shows the row's count once played. */
  function addCountCell(row) {
    if (config.mode !== 'jotto') return;
    row.style.setProperty('--cols', COLS);
    const cell = document.createElement('div');
    cell.className = 'count';
    row.appendChild(cell);
  }

  /** Jotto: the count of letters in common as a digit beside row `r` (LEN on a win too). */
  function showCount(r, guess, won) {
    if (config.mode !== 'jotto') return;
    const cell = board.children[r].querySelector('.count');
    cell.textContent = String(won ? LEN : jottoCount(guess, game.answer));
  }

  // ---------- Jotto as a list (layout=list) ----------

  /** The list page: a text box and a Guess button; each accepted guess is a new line of text
   *  with its count of letters in common in a round badge. hint=1 colours the letters known
   *  absent (they were in a guess that scored 0) red in every line, and the letters of a
   *  guess that scored 5 green. */
  function startList() {
    body.classList.add('jotto-list');
    document.getElementById('board-container').style.display = 'none';
    keyboard.style.display = 'none';
    const panel = document.createElement('div');
    panel.id = 'jotto-list';
    panel.innerHTML =
      '<p class="jl-lead">Guess the secret word. Each guess shows how many letters it has in ' +
      'common with it.</p>' +
      '<form id="jl-form" autocomplete="off"><input id="jl-input" type="text" maxlength="' + LEN +
      '" spellcheck="false" placeholder="your guess"><button type="submit" id="jl-go">Guess' +
      '</button></form><div id="jl-message"></div><ol id="jl-lines"></ol>';
    document.getElementById('game').appendChild(panel);
    const input = document.getElementById('jl-input');
    const lines = document.getElementById('jl-lines');
    const message = document.getElementById('jl-message');
    const played = [];
    const dead = new Set(); // letters of 0-count guesses
    const paint = () => {
      for (const li of lines.children) {
        for (const span of li.querySelectorAll('.jl-word span')) {
          const ch = span.textContent.toLowerCase();
          span.className = dead.has(ch) ? 'jl-out' : (li.dataset.full ? 'jl-in' : '');
        }
      }
    };
    const add = (guess) => {
      const won = guess === game.answer;
      const count = jottoCount(guess, game.answer);
      played.push(guess);
      if (count === 0) for (const ch of guess) dead.add(ch);
      const li = document.createElement('li');
      if (count === LEN) li.dataset.full = '1';
      const word = document.createElement('span');
      word.className = 'jl-word';
      for (const ch of guess.toUpperCase()) {
        const span = document.createElement('span');
        span.textContent = ch;
        word.appendChild(span);
      }
      const badge = document.createElement('span');
      badge.className = 'jl-count';
      badge.textContent = String(count);
      li.append(word, badge);
      lines.appendChild(li);
      if (config.hint) paint();
      if (won) {
        game.status = 'WIN';
        input.disabled = true;
        message.textContent = `You got it in ${played.length}!`;
      }
      body.dataset.status = game.status;
    };
    const submitWord = (raw) => {
      const guess = raw.trim().toLowerCase();
      if (game.status !== 'IN_PROGRESS') return false;
      if (!new RegExp(`^[a-z]{${LEN}}$`).test(guess)) {
        message.textContent = `Type a ${LEN}-letter word`;
        return false;
      }
      if (!game.allowed.has(guess) && guess !== game.answer) {
        message.textContent = 'Not in word list';
        return false;
      }
      message.textContent = '';
      add(guess);
      return true;
    };
    document.getElementById('jl-form').addEventListener('submit', (e) => {
      e.preventDefault();
      if (submitWord(input.value)) input.value = '';
      if (game.status === 'IN_PROGRESS') input.focus();
    });
    game.status = 'IN_PROGRESS';
    body.dataset.status = game.status;
    for (const guess of config.guesses) if (!submitWord(guess)) break;
    if (game.status === 'IN_PROGRESS') input.value = config.typed.slice(0, LEN);
  }

  // ---------- start ----------

  async function fetchWords(path) {
    const response = await fetch(path);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    const text = await response.text();
    return text
      .split('\n')
      .map((line) => line.split('#')[0].trim().toLowerCase())
      .filter((w) => w.length === LEN);
  }

  /** The game starts: guesses=a,b replays earlier rows through the real rules, instantly, as
   *  if typed, then typed= types letters into the current row. */
  async function replay(add, send) {
    game.status = 'IN_PROGRESS';
    body.dataset.status = game.status;
    for (const word of config.guesses) {
      if (game.status !== 'IN_PROGRESS') break;
      for (const letter of word.slice(0, LEN)) add(letter, true);
      if (!(await send(true))) break;
    }
    if (game.status === 'IN_PROGRESS' && !game.current) {
      for (const letter of config.typed.slice(0, LEN)) add(letter, true);
    }
  }

  async function start() {
    if (config.sheet !== null) {
      const letters = [...config.sheet.toUpperCase()].filter((ch) => ch.trim());
      const states = config.sheetStates.length ? config.sheetStates.filter((s) => SHEET_STATES.includes(s)) : SHEET_STATES;
      buildSheet(letters, states);
      return;
    }
    if (MULTI) buildBoards();
    else buildBoard();
    buildKeyboard();
    buildIntroExamples();
    const resize = MULTI ? resizeBoards : resizeBoard;
    resize();
    window.addEventListener('resize', resize);
    if (config.errors.length) {
      game.status = 'BROKEN';
      toast(config.errors[0], Infinity);
      body.dataset.ready = '1';
      return;
    }
    let answers;
    try {
      const [answerList, allowed] = await Promise.all(wordListPaths().map(fetchWords));
      answers = secretPool(answerList);
      game.allowed = new Set(config.vocab === 'answers' ? answerList : [...allowed, ...answerList]);
    } catch (e) {
      game.status = 'BROKEN';
      toast('Could not load the word lists', Infinity);
      body.dataset.ready = '1';
      return;
    }
    if (MULTI) {
      await startBoards(answers);
      return;
    }
    if (config.mode === 'absurdle') {
      game.pool = answers; // no answer yet: the adversary keeps every word it can
    } else if (config.answer) {
      game.answer = config.answer;
    } else {
      const random = config.seed === null ? Math.random : mulberry32(config.seed);
      game.answer = answers[Math.floor(random() * answers.length)];
    }
    if (LIST) {
      startList();
      if (config.intro) openListIntro();
      body.dataset.ready = '1';
      return;
    }
    await replay(addLetter, submit);
    showHints();
    if (config.intro) openIntro();
    if (config.promoLoad) openBookPromo();
    body.dataset.ready = '1';
  }

  start();
})();
