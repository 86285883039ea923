import { pageShell, scriptJson } from './layout';

const CSS = `
.lotto{width:min(900px,100%);display:flex;flex-direction:column;gap:12px}
.tabs{display:flex;gap:6px;flex-wrap:wrap}
.tabs button{background:#15182b;color:#f1f1f6;border:1px solid rgba(255,255,255,.2);border-radius:10px;padding:8px 14px;cursor:pointer;font-weight:700}
.tabs button[aria-selected="true"]{background:linear-gradient(180deg,#ffe08a,#f5b400);color:#1a1200;border-color:#f5b400}
.draw-head{display:flex;justify-content:space-between;align-items:center;gap:10px;flex-wrap:wrap}
.countdown{font-size:26px;font-weight:900;color:#ffd166;font-variant-numeric:tabular-nums}
.balls{display:flex;gap:8px}
.ball{width:44px;height:44px;border-radius:50%;display:flex;align-items:center;justify-content:center;font-weight:900;font-size:20px;color:#1a1200;background:radial-gradient(circle at 35% 30%,#fff6c7,#f5b400 60%,#a87700)}
.form{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:10px;align-items:end}
.form div{display:flex;flex-direction:column;gap:4px}
.form #selection{display:contents}
table.list{width:100%;border-collapse:collapse;font-size:13px}
table.list td,table.list th{padding:6px;border-bottom:1px solid rgba(255,255,255,.08);text-align:left}
.won{color:#7bd88f;font-weight:800}.lost{color:#ff6b81}
[hidden]{display:none!important}
`;

const SCRIPT = `
const L = window.LOTTO;
let game = L.gameCode;
let current = null;
const $ = (id) => document.getElementById(id);
const message = $('message');
const say = (text, kind) => { message.textContent = text; message.className = 'message ' + (kind || ''); };
const setBalance = (units) => { if (typeof units === 'number') $('balance').textContent = fmt(units) + ' ' + (L.currency || ''); };
const tabs = { Betting: 'tab-betting', Draw_History: 'tab-history', Orders: 'tab-orders' };
function showTab(name) {
  for (const [key, id] of Object.entries(tabs)) { $(id).hidden = key !== name; document.querySelector('[data-tab="' + key + '"]').setAttribute('aria-selected', String(key === name)); }
}
document.querySelectorAll('[data-tab]').forEach((button) => button.addEventListener('click', () => showTab(button.dataset.tab)));
showTab(L.view === 'Draw_History' || L.view === 'Trend_Chart' ? 'Draw_History' : L.view === 'Orders' ? 'Orders' : 'Betting');
$('game').innerHTML = L.games.map((g) => '<option value="' + g.code + '"' + (g.code === game ? ' selected' : '') + '>' + g.name + '</option>').join('');
$('game').addEventListener('change', () => { game = $('game').value; refresh(); });
const selectionFields = {
  POS: '<div><label for="pos">Position</label><select id="pos">' + [1,2,3,4,5].map((p) => '<option>' + p + '</option>').join('') + '</select></div><div><label for="digit">Digit</label><select id="digit">' + [0,1,2,3,4,5,6,7,8,9].map((d) => '<option>' + d + '</option>').join('') + '</select></div>',
  '2D': '<div><label for="two">Last two digits</label><input id="two" inputmode="numeric" maxlength="2" pattern="[0-9]{2}" value="00"></div>',
  BS: '<div><label for="bs">Sum of the five digits</label><select id="bs"><option value="BIG">Big (23-45)</option><option value="SMALL">Small (0-22)</option></select></div>',
  OE: '<div><label for="oe">Sum of the five digits</label><select id="oe"><option>ODD</option><option>EVEN</option></select></div>',
};
const renderSelection = () => { $('selection').innerHTML = selectionFields[$('betType').value]; };
$('betType').addEventListener('change', renderSelection); renderSelection();
const selection = () => {
  switch ($('betType').value) {
    case 'POS': return $('pos').value + ':' + $('digit').value;
    case '2D': return $('two').value.padStart(2, '0');
    case 'BS': return $('bs').value;
    default: return $('oe').value;
  }
};
const describe = (bet) => ({ POS: 'Position ' + bet.selection.replace(':', ' = '), '2D': 'Last two ' + bet.selection, BS: bet.selection, OE: bet.selection }[bet.betType]);
const balls = (numbers) => numbers.map((n) => '<span class="ball">' + n + '</span>').join('');
async function refresh() {
  try {
    const s = await api('state?game=' + encodeURIComponent(game));
    current = s.current; L.currency = s.currency; setBalance(s.balance);
    $('numero').textContent = 'Draw ' + s.current.numero;
    const last = s.history[0];
    $('last').innerHTML = last ? '<span class="muted">Last draw ' + last.numero + '</span> <span class="balls">' + balls(last.numbers) + '</span>' : '<span class="muted">No draw yet since the game opened</span>';
    $('history').innerHTML = s.history.map((d) => '<tr><td>' + d.numero + '</td><td>' + new Date(d.drawnAt).toLocaleTimeString() + '</td><td><span class="balls">' + balls(d.numbers) + '</span></td></tr>').join('') || '<tr><td colspan="3" class="muted">No draws yet</td></tr>';
    $('orders').innerHTML = s.myBets.map((b) => '<tr><td>' + b.numero + '</td><td>' + b.gameCode + '</td><td>' + describe(b) + '</td><td>' + fmt(b.amount) + '</td><td class="' + b.status + '">' + (b.status === 'open' ? 'Waiting for the draw' : b.status === 'won' ? 'Won ' + fmt(b.returned) : 'Lost') + '</td></tr>').join('') || '<tr><td colspan="5" class="muted">No bets yet</td></tr>';
  } catch (error) { say(error.message, 'error'); }
}
function tick() {
  if (!current) return;
  const left = Math.max(0, new Date(current.closesAt).getTime() - Date.now());
  $('countdown').textContent = left > 0 ? Math.floor(left / 60000) + ':' + String(Math.floor(left / 1000) % 60).padStart(2, '0') : 'Drawing…';
  $('place').disabled = left <= 0;
  if (Date.now() > new Date(current.drawAt).getTime() + 800) { current = null; refresh(); }
}
setInterval(tick, 250); setInterval(refresh, 5000); refresh();
$('place').addEventListener('click', async () => {
  $('place').disabled = true;
  try {
    const result = await api('bet', { game, betType: $('betType').value, selection: selection(), amount: $('stake').value });
    setBalance(result.balance); say('Bet placed on draw ' + result.bet.numero + ': ' + describe(result.bet) + ' for ' + fmt(result.bet.amount), 'win'); refresh();
  } catch (error) { say(error.message, 'error'); }
  finally { $('place').disabled = false; }
});
`;

export function lotteryPage(options: {
  title: string;
  provider: string;
  games: Array<{ code: string; name: string; intervalMs: number }>;
  gameCode: string;
  view: string;
  demo: boolean;
  lobbyUrl?: string;
}): string {
  const body = `
<section class="lotto" aria-label="Lottery">
  <div class="tabs" role="tablist"><button type="button" role="tab" data-tab="Betting">Betting</button><button type="button" role="tab" data-tab="Draw_History">Draw history</button><button type="button" role="tab" data-tab="Orders">My bets</button></div>
  <div class="panel draw-head"><div><label for="game">Game</label> <select id="game"></select><div id="numero" class="muted"></div></div>
    <div><div class="muted">Betting closes in</div><div class="countdown" id="countdown" aria-live="off">–</div></div><div id="last"></div></div>
  <div class="message" id="message" role="status" aria-live="polite"></div>
  <div id="tab-betting" class="panel">
    <div class="form">
      <div><label for="betType">Bet</label><select id="betType"><option value="POS">Digit at a position (pays 9.6×)</option><option value="2D">Last two digits (pays 96×)</option><option value="BS">Big / small (pays 1.92×)</option><option value="OE">Odd / even (pays 1.92×)</option></select></div>
      <div id="selection"></div>
      <div><label for="stake">Stake</label><input id="stake" inputmode="decimal" value="10.00"></div>
      <div><button class="btn" id="place" type="button">Place bet</button></div>
    </div>
    <p class="muted">Every draw opens five digits 0–9, drawn by the lottery server. Bets close 3 seconds before the draw and settle at once; payouts include the stake.</p>
  </div>
  <div id="tab-history" class="panel"><table class="list"><thead><tr><th>Draw</th><th>Time</th><th>Opened numbers</th></tr></thead><tbody id="history"></tbody></table></div>
  <div id="tab-orders" class="panel"><table class="list"><thead><tr><th>Draw</th><th>Game</th><th>Bet</th><th>Stake</th><th>Result</th></tr></thead><tbody id="orders"></tbody></table></div>
</section>`;
  return pageShell({
    title: options.title,
    provider: options.provider,
    glow: '#0a2540',
    lobbyUrl: options.lobbyUrl,
    demo: options.demo,
    css: CSS,
    body,
    script: `window.LOTTO = ${scriptJson({ games: options.games, gameCode: options.gameCode, view: options.view })};${SCRIPT}`,
  });
}
