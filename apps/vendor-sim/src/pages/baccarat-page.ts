import type { SimGame } from '../catalogue/generator';
import { pageShell, scriptJson } from './layout';

const CSS = `
.table{width:min(860px,100%);display:flex;flex-direction:column;gap:12px}
.felt{background:radial-gradient(ellipse at 50% 20%,#1f7a4d,#0b3d2e 70%);border:6px solid #6b4a1f;border-radius:120px 120px 24px 24px;padding:18px 20px;box-shadow:inset 0 0 40px rgba(0,0,0,.55)}
.status{display:flex;justify-content:space-between;align-items:center;font-weight:800}
.timer{font-size:22px;color:#ffd166;font-variant-numeric:tabular-nums}
.hands{display:grid;grid-template-columns:1fr 1fr;gap:14px;margin-top:10px}
.hand h2{margin:0 0 6px;font-size:16px;text-align:center}
.hand.player h2{color:#7ab8ff}.hand.banker h2{color:#ff7a7a}
.cards{display:flex;justify-content:center;gap:6px;min-height:86px}
.card{width:56px;height:80px;border-radius:8px;background:#fff;color:#111;display:flex;flex-direction:column;align-items:center;justify-content:center;font-weight:900;font-size:22px;box-shadow:0 3px 8px rgba(0,0,0,.5)}
.card.red{color:#d62828}.card span{font-size:20px}
.total{text-align:center;font-weight:800;margin-top:4px}
.spots{display:grid;grid-template-columns:1fr 1fr 1fr;gap:10px}
.spot{cursor:pointer;border-radius:14px;border:2px solid rgba(255,255,255,.25);padding:12px;text-align:center;background:rgba(0,0,0,.35);color:#f1f1f6}
.spot strong{display:block;font-size:18px}.spot small{color:#c9c9d6}
.spot.PLAYER strong{color:#7ab8ff}.spot.BANKER strong{color:#ff7a7a}.spot.TIE strong{color:#7bd88f}
.spot:disabled{opacity:.55;cursor:not-allowed}
.chips{display:flex;gap:8px;justify-content:center;flex-wrap:wrap}
.chip{width:52px;height:52px;border-radius:50%;border:4px dashed #fff;font-weight:900;cursor:pointer;color:#fff}
.chip[aria-pressed="true"]{box-shadow:0 0 0 3px #ffd166,0 0 14px #ffd166}
.road{display:flex;flex-wrap:wrap;gap:4px}
.road i{width:22px;height:22px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;font-style:normal;font-size:11px;font-weight:800;color:#fff}
@media (max-width:600px){.felt{border-radius:60px 60px 18px 18px;padding:14px 10px}.card{width:34px;height:50px;font-size:15px;border-radius:6px}.card span{font-size:13px}.cards{gap:3px;min-height:54px}.spot{padding:8px}.spot strong{font-size:15px}.chip{width:44px;height:44px}}
.road .P{background:#1f6feb}.road .B{background:#d62828}.road .T{background:#2a9d4b}
`;

const SCRIPT = `
const B = window.BACCARAT;
const suits = ['♠', '♥', '♦', '♣'];
const ranks = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
let chip = B.chips[0];
let lastRound = null;
const message = document.getElementById('message');
const say = (text, kind) => { message.textContent = text; message.className = 'message ' + (kind || ''); };
const setBalance = (units) => { if (typeof units === 'number') document.getElementById('balance').textContent = fmt(units) + ' ' + B.currency; };
document.querySelectorAll('.chip').forEach((button) => button.addEventListener('click', () => {
  chip = Number(button.dataset.units);
  document.querySelectorAll('.chip').forEach((other) => other.setAttribute('aria-pressed', String(other === button)));
}));
const cardHtml = (card) => '<div class="card ' + (card.suit === 1 || card.suit === 2 ? 'red' : '') + '" aria-label="' + (ranks[card.rank] || card.rank) + suits[card.suit] + '">' + (ranks[card.rank] || card.rank) + '<span>' + suits[card.suit] + '</span></div>';
function render(t) {
  document.getElementById('round').textContent = 'Round ' + t.round;
  const phase = { betting: 'Place your bets', dealing: 'Dealing…', result: 'Result' }[t.phase];
  document.getElementById('phase').textContent = phase;
  document.getElementById('timer').textContent = t.phase === 'betting' ? Math.ceil(t.msLeft / 1000) + 's' : '';
  document.querySelectorAll('.spot').forEach((spot) => { spot.disabled = t.phase !== 'betting'; });
  const coup = t.result;
  document.getElementById('player-cards').innerHTML = coup ? coup.player.map(cardHtml).join('') : '';
  document.getElementById('banker-cards').innerHTML = coup ? coup.banker.map(cardHtml).join('') : '';
  document.getElementById('player-total').textContent = coup ? coup.playerTotal : '';
  document.getElementById('banker-total').textContent = coup ? coup.bankerTotal : '';
  document.getElementById('road').innerHTML = t.history.map((h) => '<i class="' + h.winner[0] + '" title="Round ' + h.round + '">' + h.winner[0] + '</i>').join('');
  const mine = {};
  for (const bet of t.myBets) mine[bet.side] = (mine[bet.side] || 0) + bet.amount;
  for (const side of ['PLAYER', 'BANKER', 'TIE']) document.getElementById('mine-' + side).textContent = mine[side] ? 'Your bet ' + fmt(mine[side]) : '';
  if (coup && lastRound !== t.round && t.phase !== 'betting') {
    lastRound = t.round;
    say((coup.winner === 'TIE' ? 'Tie' : coup.winner === 'PLAYER' ? 'Player wins' : 'Banker wins') + ' ' + coup.playerTotal + ' : ' + coup.bankerTotal, 'win');
    setTimeout(() => api('state').then((s) => setBalance(s.balance)).catch(() => {}), 1500);
  }
  if (t.phase === 'betting' && lastRound !== null && lastRound !== t.round - 0 && message.className.includes('win')) say('');
}
async function poll() { try { render(await api('table')); } catch (error) { say(error.message, 'error'); } }
setInterval(poll, 1000); poll();
api('state').then((s) => setBalance(s.balance)).catch((error) => say(error.message, 'error'));
document.querySelectorAll('.spot').forEach((spot) => spot.addEventListener('click', async () => {
  spot.disabled = true;
  try { const result = await api('bet', { side: spot.dataset.side, amount: chip }); setBalance(result.balance); say('Bet accepted: ' + fmt(chip) + ' on ' + spot.dataset.side.toLowerCase()); poll(); }
  catch (error) { say(error.message, 'error'); }
  finally { spot.disabled = false; }
}));
`;

export function baccaratPage(game: SimGame, options: { currency: string; lobbyUrl?: string; chips: number[] }): string {
  const chipColors = ['#1f6feb', '#d62828', '#2a9d4b', '#8e2de2', '#f5b400', '#111'];
  const body = `
<section class="table" aria-label="Baccarat table">
  <div class="felt">
    <div class="status"><span id="round"></span><span id="phase" aria-live="polite"></span><span class="timer" id="timer" aria-label="Seconds left to bet"></span></div>
    <div class="hands">
      <div class="hand player"><h2>PLAYER</h2><div class="cards" id="player-cards"></div><div class="total" id="player-total"></div></div>
      <div class="hand banker"><h2>BANKER</h2><div class="cards" id="banker-cards"></div><div class="total" id="banker-total"></div></div>
    </div>
  </div>
  <div class="message" id="message" role="status" aria-live="polite"></div>
  <div class="spots">
    <button class="spot PLAYER" type="button" data-side="PLAYER"><strong>PLAYER</strong><small>pays 1:1</small><div class="muted" id="mine-PLAYER"></div></button>
    <button class="spot TIE" type="button" data-side="TIE"><strong>TIE</strong><small>pays 8:1</small><div class="muted" id="mine-TIE"></div></button>
    <button class="spot BANKER" type="button" data-side="BANKER"><strong>BANKER</strong><small>pays 0.95:1</small><div class="muted" id="mine-BANKER"></div></button>
  </div>
  <div class="chips" role="group" aria-label="Chip value">${options.chips
    .map(
      (units, i) =>
        `<button class="chip" type="button" data-units="${units}" aria-pressed="${i === 0}" style="background:${chipColors[i % chipColors.length]}">${units / 100_000}</button>`,
    )
    .join('')}</div>
  <div class="panel"><div class="muted">Road (last rounds)</div><div class="road" id="road"></div></div>
  <p class="muted">Rounds are shared by everyone at this table. 8-deck shoe; third-card rules of punto banco; player and banker bets are returned on a tie. Limits 1.00 – 5,000.00.</p>
</section>`;
  return pageShell({
    title: game.name,
    provider: game.providerName,
    glow: '#0b3d2e',
    lobbyUrl: options.lobbyUrl,
    demo: false,
    css: CSS,
    body,
    script: `window.BACCARAT = ${scriptJson({ currency: options.currency, chips: options.chips })};${SCRIPT}`,
  });
}
