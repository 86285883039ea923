import { pageShell, scriptJson } from './layout';

const CSS = `
.book{width:min(960px,100%);display:grid;grid-template-columns:1fr 300px;gap:12px;align-items:start}
@media (max-width:800px){.book{grid-template-columns:1fr}}
.event{display:grid;grid-template-columns:1fr auto;gap:8px;align-items:center;padding:10px 12px;border-bottom:1px solid rgba(255,255,255,.08)}
.event:last-child{border-bottom:0}
.event .teams{font-weight:800}.event .meta{font-size:12px;color:#a3a3b8}
.odds{display:flex;gap:6px}
.odds button{min-width:74px;padding:6px 8px;border-radius:10px;border:1px solid rgba(255,215,0,.35);background:#15182b;color:#f1f1f6;cursor:pointer;font:inherit}
.odds button small{display:block;font-size:11px;color:#a3a3b8}
.odds button strong{color:#ffd166}
.odds button[aria-pressed="true"]{background:#f5b400;color:#1a1200}.odds button[aria-pressed="true"] strong,.odds button[aria-pressed="true"] small{color:#1a1200}
.odds button:disabled{opacity:.5;cursor:not-allowed}
.live{color:#ff6b81;font-weight:800}.final{color:#7bd88f;font-weight:800}
.slip{display:flex;flex-direction:column;gap:8px}
.bets{font-size:13px}.bets div{padding:6px 0;border-bottom:1px solid rgba(255,255,255,.08)}
.won{color:#7bd88f;font-weight:800}.lost{color:#ff6b81}
`;

const SCRIPT = `
const K = window.BOOK;
const $ = (id) => document.getElementById(id);
let pick = null;
const message = $('message');
const say = (text, kind) => { message.textContent = text; message.className = 'message ' + (kind || ''); };
const setBalance = (units) => { if (typeof units === 'number') $('balance').textContent = fmt(units) + ' ' + K.currency; };
const label = { HOME: 'Home', DRAW: 'Draw', AWAY: 'Away' };
const time = (ms) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
function renderPick() {
  $('pick').textContent = pick ? pick.teams + ' — ' + label[pick.selection] + ' @ ' + pick.odds.toFixed(2) : 'Choose odds on an event';
  $('place').disabled = !pick;
  document.querySelectorAll('.odds button').forEach((b) => b.setAttribute('aria-pressed', String(!!pick && b.dataset.event === pick.eventId && b.dataset.selection === pick.selection)));
}
async function refresh() {
  try {
    const s = await api('book');
    setBalance(s.balance);
    $('events').innerHTML = s.events.map((e) => {
      const state = e.status === 'cancelled' ? '<span class="final">Cancelled</span>' : e.status === 'settled' ? '<span class="final">Final ' + e.result.home + ' : ' + e.result.away + '</span>' : e.status === 'live' || Date.now() >= e.startsAt ? '<span class="live">LIVE — betting closed</span>' : 'Starts ' + time(e.startsAt);
      const open = e.status === 'open' && Date.now() < e.startsAt;
      const buttons = Object.entries(e.odds).map(([sel, odds]) => '<button type="button" data-event="' + e.id + '" data-selection="' + sel + '" data-odds="' + odds + '" data-teams="' + e.home + ' v ' + e.away + '"' + (open ? '' : ' disabled') + '><small>' + label[sel] + '</small><strong>' + odds.toFixed(2) + '</strong></button>').join('');
      return '<div class="event"><div><div class="teams">' + e.home + ' v ' + e.away + '</div><div class="meta">' + e.sport + ' · ' + state + '</div></div><div class="odds">' + buttons + '</div></div>';
    }).join('');
    document.querySelectorAll('.odds button').forEach((b) => b.addEventListener('click', () => { pick = { eventId: b.dataset.event, selection: b.dataset.selection, odds: Number(b.dataset.odds), teams: b.dataset.teams }; renderPick(); }));
    renderPick();
    $('bets').innerHTML = s.bets.map((b) => '<div>' + b.teams + ' — ' + label[b.selection] + ' @ ' + b.odds.toFixed(2) + ' · ' + fmt(b.amount) + ' · <span class="' + b.status + '">' + (b.status === 'open' ? 'open' : b.status === 'won' ? 'won ' + fmt(b.returned) : b.status === 'cancelled' ? 'cancelled, stake refunded' : 'lost') + '</span></div>').join('') || '<div class="muted">No bets yet</div>';
  } catch (error) { say(error.message, 'error'); }
}
setInterval(refresh, 4000); refresh();
$('place').addEventListener('click', async () => {
  if (!pick) return;
  $('place').disabled = true;
  try {
    const result = await api('book-bet', { eventId: pick.eventId, selection: pick.selection, amount: $('stake').value });
    setBalance(result.balance); say('Bet placed: ' + pick.teams + ' — ' + label[pick.selection] + ' @ ' + result.odds.toFixed(2), 'win'); pick = null; refresh();
  } catch (error) { say(error.message, 'error'); }
  finally { renderPick(); }
});
`;

export function bookPage(options: {
  title: string;
  provider: string;
  demo: boolean;
  lobbyUrl?: string;
  currency: string;
}): string {
  const body = `
<div class="message" id="message" role="status" aria-live="polite"></div>
<section class="book" aria-label="Sportsbook">
  <div class="panel" id="events" aria-label="Events"></div>
  <aside class="panel slip" aria-label="Bet slip">
    <strong>Bet slip</strong><div id="pick" class="muted"></div>
    <label for="stake">Stake</label><input id="stake" inputmode="decimal" value="10.00">
    <button class="btn" id="place" type="button" disabled>Place bet</button>
    <p class="muted">Odds are fixed when the bet is placed. Betting closes at the start; results settle into this game wallet when the event ends.</p>
    <strong>My bets</strong><div class="bets" id="bets"></div>
  </aside>
</section>`;
  return pageShell({
    title: options.title,
    provider: options.provider,
    glow: '#14213d',
    lobbyUrl: options.lobbyUrl,
    demo: options.demo,
    css: CSS,
    body,
    script: `window.BOOK = ${scriptJson({ currency: options.currency })};${SCRIPT}`,
  });
}
