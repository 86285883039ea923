import type { SimGame } from '../catalogue/generator';
import { pageShell, scriptJson } from './layout';

const CSS = `
.arena-wrap{width:min(860px,100%);display:flex;flex-direction:column;gap:12px}
.pit{position:relative;height:220px;border-radius:50%/30%;background:radial-gradient(ellipse at 50% 50%,#c8a46a,#7a5a2e 70%);border:8px solid #3d2b14;box-shadow:inset 0 0 40px rgba(0,0,0,.6);overflow:hidden}
.status{display:flex;justify-content:space-between;align-items:center;font-weight:800}
.timer{font-size:22px;color:#ffd166;font-variant-numeric:tabular-nums}
.rooster{position:absolute;top:60px;width:110px;height:110px;transition:left .35s ease, transform .35s ease}
.rooster.meron{left:16%}.rooster.wala{left:calc(84% - 110px)}
.fighting .rooster.meron{left:calc(50% - 105px);animation:peck 0.4s infinite alternate}
.fighting .rooster.wala{left:calc(50% - 5px);animation:peck 0.4s infinite alternate-reverse}
@keyframes peck{from{transform:translateY(0) rotate(-4deg)}to{transform:translateY(-14px) rotate(6deg)}}
.spots{display:grid;grid-template-columns:1fr 1fr 1fr;gap:10px}
.spot{cursor:pointer;border-radius:14px;border:2px solid rgba(255,255,255,.25);padding:12px;text-align:center;background:rgba(0,0,0,.35);color:#f1f1f6}
.spot strong{display:block;font-size:18px}.spot small{color:#c9c9d6}
.spot.MERON strong{color:#ff6b6b}.spot.WALA strong{color:#74c0fc}.spot.DRAW strong{color:#7bd88f}
.spot:disabled{opacity:.55;cursor:not-allowed}
.chips{display:flex;gap:8px;justify-content:center;flex-wrap:wrap}
.chip{width:52px;height:52px;border-radius:50%;border:4px dashed #fff;font-weight:900;cursor:pointer;color:#fff}
.chip[aria-pressed="true"]{box-shadow:0 0 0 3px #ffd166,0 0 14px #ffd166}
.road{display:flex;flex-wrap:wrap;gap:4px}
.road i{width:22px;height:22px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;font-style:normal;font-size:11px;font-weight:800;color:#fff}
.road .M{background:#d62828}.road .W{background:#1f6feb}.road .D{background:#2a9d4b}
`;

const rooster = (body: string, comb: string, flip: boolean) =>
  `<svg viewBox="0 0 100 100" aria-hidden="true"${flip ? ' style="transform:scaleX(-1)"' : ''}><path d="M20 70 Q10 40 30 30 L40 20 Q50 10 58 22 L70 30 Q80 40 72 58 Q65 78 45 80 Z" fill="${body}" stroke="#111" stroke-width="3"/><path d="M52 12 q4 -10 10 -2 q6 -8 8 4 q-8 2 -18 -2z" fill="${comb}"/><polygon points="70,32 86,36 70,40" fill="#f5b400"/><circle cx="62" cy="28" r="3" fill="#111"/><path d="M20 68 Q2 50 6 30 Q14 48 24 52" fill="${body}" stroke="#111" stroke-width="2"/><line x1="40" y1="80" x2="36" y2="96" stroke="#f5b400" stroke-width="4"/><line x1="52" y1="80" x2="56" y2="96" stroke="#f5b400" stroke-width="4"/></svg>`;

const SCRIPT = `
const C = window.COCK;
let chip = C.chips[0];
let lastRound = null;
const $ = (id) => document.getElementById(id);
const message = $('message');
const say = (text, kind) => { message.textContent = text; message.className = 'message ' + (kind || ''); };
const setBalance = (units) => { if (typeof units === 'number') $('balance').textContent = fmt(units) + ' ' + C.currency; };
document.querySelectorAll('.chip').forEach((button) => button.addEventListener('click', () => {
  chip = Number(button.dataset.units);
  document.querySelectorAll('.chip').forEach((other) => other.setAttribute('aria-pressed', String(other === button)));
}));
function render(t) {
  $('round').textContent = 'Fight ' + t.round;
  $('phase').textContent = { betting: 'Place your bets', dealing: 'Fight!', result: 'Result' }[t.phase];
  $('timer').textContent = t.phase === 'betting' ? Math.ceil(t.msLeft / 1000) + 's' : '';
  $('pit').classList.toggle('fighting', t.phase === 'dealing');
  document.querySelectorAll('.spot').forEach((spot) => { spot.disabled = t.phase !== 'betting'; });
  $('road').innerHTML = t.history.map((h) => '<i class="' + h.winner[0] + '" title="Fight ' + h.round + '">' + h.winner[0] + '</i>').join('');
  const mine = {};
  for (const bet of t.myBets) mine[bet.side] = (mine[bet.side] || 0) + bet.amount;
  for (const side of ['MERON', 'WALA', 'DRAW']) $('mine-' + side).textContent = mine[side] ? 'Your bet ' + fmt(mine[side]) : '';
  if (t.phase === 'result' && t.result && lastRound !== t.round) {
    lastRound = t.round;
    say(t.result.winner === 'DRAW' ? 'Draw' : t.result.winner + ' wins', 'win');
    setTimeout(() => api('state').then((s) => setBalance(s.balance)).catch(() => {}), 1000);
  }
}
async function poll() { try { render(await api('table')); } catch (error) { say(error.message, 'error'); } }
setInterval(poll, 1000); poll();
api('state').then((s) => setBalance(s.balance)).catch((error) => say(error.message, 'error'));
document.querySelectorAll('.spot').forEach((spot) => spot.addEventListener('click', async () => {
  spot.disabled = true;
  try { const result = await api('bet', { side: spot.dataset.side, amount: chip }); setBalance(result.balance); say('Bet accepted: ' + fmt(chip) + ' on ' + spot.dataset.side); poll(); }
  catch (error) { say(error.message, 'error'); }
  finally { spot.disabled = false; }
}));
`;

export function cockfightPage(
  game: SimGame,
  options: { currency: string; lobbyUrl?: string; chips: number[] },
): string {
  const chipColors = ['#1f6feb', '#d62828', '#2a9d4b', '#8e2de2', '#f5b400', '#111'];
  const body = `
<section class="arena-wrap" aria-label="Cockfight arena">
  <div class="status panel"><span id="round"></span><span id="phase" aria-live="polite"></span><span class="timer" id="timer" aria-label="Seconds left to bet"></span></div>
  <div class="pit" id="pit" role="img" aria-label="The fighting pit"><div class="rooster meron">${rooster('#d62828', '#ff8787', false)}</div><div class="rooster wala">${rooster('#1f6feb', '#ff8787', true)}</div></div>
  <div class="message" id="message" role="status" aria-live="polite"></div>
  <div class="spots">
    <button class="spot MERON" type="button" data-side="MERON"><strong>MERON</strong><small>pays 0.92:1</small><div class="muted" id="mine-MERON"></div></button>
    <button class="spot DRAW" type="button" data-side="DRAW"><strong>DRAW</strong><small>pays 15:1</small><div class="muted" id="mine-DRAW"></div></button>
    <button class="spot WALA" type="button" data-side="WALA"><strong>WALA</strong><small>pays 0.92:1</small><div class="muted" id="mine-WALA"></div></button>
  </div>
  <div class="chips" role="group" aria-label="Chip value">${options.chips
    .map(
      (units, i) =>
        `<button class="chip" type="button" data-units="${units}" aria-pressed="${i === 0}" style="background:${chipColors[i % chipColors.length]}">${units / 100_000}</button>`,
    )
    .join('')}</div>
  <div class="panel"><div class="muted">Last fights</div><div class="road" id="road"></div></div>
  <p class="muted">Fights are shared by everyone in this arena. MERON and WALA bets are returned on a draw. Limits 1.00 – 5,000.00.</p>
</section>`;
  return pageShell({
    title: game.name,
    provider: game.providerName,
    glow: '#4a2c0a',
    lobbyUrl: options.lobbyUrl,
    demo: false,
    css: CSS,
    body,
    script: `window.COCK = ${scriptJson({ currency: options.currency, chips: options.chips })};${SCRIPT}`,
  });
}
