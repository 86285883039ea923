import { paletteOf } from '../catalogue/art';
import type { SimGame } from '../catalogue/generator';
import { PAYLINES, type PayTable } from '../games/slot-math';
import { pageShell, scriptJson } from './layout';

const CSS = `
.machine{display:flex;flex-direction:column;gap:12px;align-items:center;width:min(720px,100%)}
.reels{display:grid;grid-template-columns:repeat(5,1fr);gap:8px;width:100%;padding:12px;border-radius:18px;background:linear-gradient(180deg,var(--c2),var(--c1));border:3px solid var(--c3);box-shadow:inset 0 0 30px rgba(0,0,0,.6)}
.reel{display:grid;grid-template-rows:repeat(3,1fr);gap:8px}
.cell{aspect-ratio:1/1;border-radius:12px;background:rgba(8,8,20,.78);display:flex;align-items:center;justify-content:center;transition:transform .15s, box-shadow .15s}
.cell svg{width:78%;height:78%}
.cell.win{box-shadow:0 0 0 3px #ffd166,0 0 22px #ffd166;transform:scale(1.04)}
.spinning .cell{filter:blur(1.2px)}
.controls{display:flex;flex-wrap:wrap;gap:10px;align-items:center;justify-content:center}
.bet{display:flex;align-items:center;gap:8px}
.bet output{min-width:80px;text-align:center;font-weight:800;font-variant-numeric:tabular-nums}
#spin{font-size:20px;padding:12px 34px;border-radius:30px}
.info{width:min(720px,100%)}
`;

const SCRIPT = `
const S = window.SLOT;
const state = { betIndex: S.defaultBetIndex, busy: false, balance: null };
const colors = S.colors;
const symbolSvg = (s) => {
  const [c1, c2, c3, ink] = colors;
  const text = (t, size, fill) => '<text x="50" y="64" text-anchor="middle" font-family="Arial Black,Arial,sans-serif" font-weight="900" font-size="' + size + '" fill="' + fill + '" stroke="#000" stroke-width="2">' + t + '</text>';
  const svg = (inner) => '<svg viewBox="0 0 100 100" aria-hidden="true">' + inner + '</svg>';
  switch (s) {
    case 'WILD': return svg('<rect x="6" y="22" width="88" height="56" rx="12" fill="' + c3 + '" stroke="#fff" stroke-width="3"/>' + text('WILD', 26, '#1a1200'));
    case 'SCATTER': return svg('<circle cx="50" cy="50" r="40" fill="#ff006e" stroke="#ffd166" stroke-width="5"/><polygon points="50,18 58,40 82,40 62,54 70,78 50,63 30,78 38,54 18,40 42,40" fill="#ffd166"/>');
    case 'H1': return svg(text('7', 70, '#ff3b3b'));
    case 'H2': return svg('<polygon points="50,8 88,42 50,92 12,42" fill="#7ee8fa" stroke="#fff" stroke-width="3"/><polygon points="50,8 66,42 50,92 34,42" fill="#bdf4ff" opacity=".6"/>');
    case 'H3': return svg('<path d="M50 12c-18 0-28 14-28 34v18l-8 10h72l-8-10V46c0-20-10-34-28-34z" fill="#ffd166" stroke="#a87700" stroke-width="3"/><circle cx="50" cy="82" r="8" fill="#a87700"/>');
    case 'H4': return svg('<polygon points="50,6 61,38 95,38 67,58 78,92 50,72 22,92 33,58 5,38 39,38" fill="' + c3 + '" stroke="#fff" stroke-width="3"/>');
    case 'T': return svg(text('10', 46, ink));
    default: return svg(text(s, 54, s === 'A' ? '#ff9f1c' : s === 'K' ? '#2ec4b6' : s === 'Q' ? '#e71d36' : '#9b5de5'));
  }
};
const reels = document.getElementById('reels');
const cells = [];
for (let r = 0; r < 5; r++) {
  const reel = document.createElement('div'); reel.className = 'reel';
  cells.push([]);
  for (let row = 0; row < 3; row++) { const cell = document.createElement('div'); cell.className = 'cell'; reel.appendChild(cell); cells[r].push(cell); }
  reels.appendChild(reel);
}
const show = (grid) => grid.forEach((column, r) => column.forEach((s, row) => { cells[r][row].innerHTML = symbolSvg(s); cells[r][row].setAttribute('aria-label', s); }));
const randomGrid = () => Array.from({ length: 5 }, () => Array.from({ length: 3 }, () => S.symbols[Math.floor(Math.random() * S.symbols.length)]));
show(S.initialGrid);
const betOut = document.getElementById('bet');
const renderBet = () => { betOut.value = fmt(S.betLevels[state.betIndex]); };
renderBet();
document.getElementById('less').onclick = () => { if (state.betIndex > 0) { state.betIndex--; renderBet(); } };
document.getElementById('more').onclick = () => { if (state.betIndex < S.betLevels.length - 1) { state.betIndex++; renderBet(); } };
const message = document.getElementById('message');
const setBalance = (units) => { if (typeof units === 'number') { state.balance = units; document.getElementById('balance').textContent = fmt(units) + ' ' + S.currency; } };
const say = (text, kind) => { message.textContent = text; message.className = 'message ' + (kind || ''); };
api('state').then((data) => setBalance(data.balance)).catch((error) => say(error.message, 'error'));
const spinButton = document.getElementById('spin');
spinButton.onclick = async () => {
  if (state.busy) return;
  state.busy = true; spinButton.disabled = true; say('');
  cells.flat().forEach((cell) => cell.classList.remove('win'));
  reels.classList.add('spinning');
  const ticker = setInterval(() => show(randomGrid()), 70);
  const started = Date.now();
  try {
    const result = await api('spin', { bet: S.betLevels[state.betIndex] });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 650 - (Date.now() - started))));
    clearInterval(ticker); reels.classList.remove('spinning');
    show(result.grid);
    for (const win of result.lineWins) S.paylines[win.line].slice(0, win.count).forEach((row, r) => cells[r][row].classList.add('win'));
    if (result.scatterCount >= 3) result.grid.forEach((column, r) => column.forEach((s, row) => { if (s === 'SCATTER') cells[r][row].classList.add('win'); }));
    setBalance(result.balance);
    if (result.status === 'settled') say(result.win > 0 ? 'WIN ' + fmt(result.win) + ' ' + S.currency : 'No win this time', result.win > 0 ? 'win' : '');
    else if (result.status === 'pending') say('Win of ' + fmt(result.win) + ' is being credited…', 'win');
    else say(result.message, 'error');
  } catch (error) {
    clearInterval(ticker); reels.classList.remove('spinning');
    say(error.message, 'error');
  } finally { state.busy = false; spinButton.disabled = false; spinButton.focus(); }
};
`;

const SYMBOL_NAMES: Record<string, string> = {
  H1: 'Seven',
  H2: 'Diamond',
  H3: 'Bell',
  H4: 'Star',
  A: 'A',
  K: 'K',
  Q: 'Q',
  J: 'J',
  T: '10',
};

export function slotPage(
  game: SimGame,
  options: { table: PayTable; rtp: number; betLevels: number[]; currency: string; demo: boolean; lobbyUrl?: string },
): string {
  const palette = paletteOf(game.palette);
  const rows = Object.entries(options.table.line)
    .map(
      ([symbol, pays]) =>
        `<tr><td>${SYMBOL_NAMES[symbol] ?? symbol}</td>${pays.map((pay) => `<td>×${(pay / 100).toFixed(2)}</td>`).join('')}</tr>`,
    )
    .join('');
  const scatter = `<tr><td>Scatter (× total bet)</td>${options.table.scatter.map((pay) => `<td>×${(pay / 100).toFixed(2)}</td>`).join('')}</tr>`;
  const body = `
<section class="machine" aria-label="Slot machine">
  <div class="reels" id="reels" role="img" aria-label="Reels"></div>
  <div class="message" id="message" role="status" aria-live="polite"></div>
  <div class="controls panel">
    <div class="bet"><button class="btn secondary" id="less" type="button" aria-label="Lower the bet">−</button>
      <label for="bet">Bet</label><output id="bet" aria-live="polite"></output>
      <button class="btn secondary" id="more" type="button" aria-label="Raise the bet">+</button></div>
    <button class="btn" id="spin" type="button">SPIN</button>
  </div>
  <details class="panel info"><summary>Pay table and rules</summary>
    <p class="muted">${PAYLINES.length} fixed paylines, pays left to right from the first reel. Line pays are multiples of the line bet (total bet ÷ ${PAYLINES.length}); the Wild (reels 2–4) substitutes for every symbol except the Scatter. Scatters pay anywhere on a multiple of the total bet. Only the highest win per line is paid. Outcomes are drawn by the game server. Return to player: ${(options.rtp * 100).toFixed(2)}%.</p>
    <table class="pays"><thead><tr><th>Symbol</th><th>3</th><th>4</th><th>5</th></tr></thead><tbody>${rows}${scatter}</tbody></table>
  </details>
</section>`;
  const data = {
    symbols: ['WILD', 'SCATTER', 'H1', 'H2', 'H3', 'H4', 'A', 'K', 'Q', 'J', 'T'],
    initialGrid: [
      ['A', 'H1', 'K'],
      ['Q', 'WILD', 'J'],
      ['H2', 'T', 'H3'],
      ['K', 'SCATTER', 'A'],
      ['H4', 'Q', 'T'],
    ],
    colors: palette,
    betLevels: options.betLevels,
    defaultBetIndex: 2,
    currency: options.currency,
    paylines: PAYLINES,
  };
  return pageShell({
    title: game.name,
    provider: game.providerName,
    glow: palette[1],
    lobbyUrl: options.lobbyUrl,
    demo: options.demo,
    css: `:root{--c1:${palette[0]};--c2:${palette[1]};--c3:${palette[2]}}${CSS}`,
    body,
    script: `window.SLOT = ${scriptJson(data)};${SCRIPT}`,
  });
}
