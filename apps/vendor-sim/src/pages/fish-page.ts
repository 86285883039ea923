import type { SimGame } from '../catalogue/generator';
import type { FishKind } from '../games/fish';
import { pageShell, scriptJson } from './layout';

const CSS = `
.sea{position:relative;width:min(1100px,100%);aspect-ratio:16/9;max-height:72vh;border-radius:18px;overflow:hidden;border:3px solid #1f6feb;box-shadow:0 0 40px rgba(31,111,235,.35)}
.sea canvas{width:100%;height:100%;display:block;cursor:crosshair;background:linear-gradient(180deg,#023e8a,#03045e 70%,#010224)}
.hud{display:flex;gap:10px;align-items:center;flex-wrap:wrap;justify-content:center}
.hud output{min-width:70px;text-align:center;font-weight:800}
.legend{display:flex;flex-wrap:wrap;gap:8px;justify-content:center;font-size:12px;color:#c9c9d6}
.legend span{display:inline-flex;align-items:center;gap:4px}
.legend i{width:12px;height:12px;border-radius:50%;display:inline-block}
`;

const SCRIPT = `
const F = window.FISH;
const canvas = document.getElementById('sea');
const ctx = canvas.getContext('2d');
const W = 1280, H = 720; canvas.width = W; canvas.height = H;
let stakeIndex = 2, fish = [], bullets = [], popups = [], busy = 0, nextId = 1;
const stakeOut = document.getElementById('stake');
const renderStake = () => { stakeOut.value = fmt(F.stakes[stakeIndex]); };
renderStake();
document.getElementById('less').onclick = () => { if (stakeIndex > 0) { stakeIndex--; renderStake(); } };
document.getElementById('more').onclick = () => { if (stakeIndex < F.stakes.length - 1) { stakeIndex++; renderStake(); } };
const message = document.getElementById('message');
const say = (text, kind) => { message.textContent = text; message.className = 'message ' + (kind || ''); };
const setBalance = (units) => { if (typeof units === 'number') document.getElementById('balance').textContent = fmt(units) + ' ' + F.currency; };
api('state').then((s) => setBalance(s.balance)).catch((error) => say(error.message, 'error'));
function spawn() {
  // Small fish are common, big ones rare (weights fall with the multiplier).
  const weights = F.kinds.map((k) => 1 / k.multiplier);
  let r = Math.random() * weights.reduce((a, b) => a + b, 0), kind = F.kinds[0];
  for (let i = 0; i < F.kinds.length; i++) { r -= weights[i]; if (r <= 0) { kind = F.kinds[i]; break; } }
  const fromLeft = Math.random() < 0.5;
  fish.push({ id: nextId++, kind, x: fromLeft ? -kind.size * 2 : W + kind.size * 2, y: 60 + Math.random() * (H - 220), vx: (fromLeft ? 1 : -1) * (0.6 + Math.random() * 1.2) * (60 / (kind.size + 30)), phase: Math.random() * 6, hit: false });
}
for (let i = 0; i < 14; i++) { spawn(); const f = fish[fish.length - 1]; f.x = Math.random() * W; }
function drawFish(f) {
  const s = f.kind.size, dir = Math.sign(f.vx);
  ctx.save(); ctx.translate(f.x, f.y + Math.sin(f.phase) * 6); ctx.scale(dir, 1);
  ctx.fillStyle = f.kind.color; ctx.globalAlpha = f.hit ? 0.5 : 1;
  ctx.beginPath(); ctx.ellipse(0, 0, s, s * 0.55, 0, 0, Math.PI * 2); ctx.fill();
  ctx.beginPath(); ctx.moveTo(-s * 0.9, 0); ctx.lineTo(-s * 1.5, -s * 0.5); ctx.lineTo(-s * 1.5, s * 0.5); ctx.closePath(); ctx.fill();
  ctx.fillStyle = '#fff'; ctx.beginPath(); ctx.arc(s * 0.5, -s * 0.15, s * 0.12, 0, Math.PI * 2); ctx.fill();
  ctx.fillStyle = '#000'; ctx.beginPath(); ctx.arc(s * 0.53, -s * 0.15, s * 0.06, 0, Math.PI * 2); ctx.fill();
  ctx.restore();
  if (f.kind.multiplier >= 15) { ctx.fillStyle = '#fff'; ctx.font = 'bold 16px sans-serif'; ctx.textAlign = 'center'; ctx.fillText('×' + f.kind.multiplier, f.x, f.y - s * 0.7); }
}
let aim = -Math.PI / 2;
function frame() {
  ctx.clearRect(0, 0, W, H);
  for (let i = 0; i < 40; i++) { ctx.fillStyle = 'rgba(255,255,255,0.04)'; ctx.fillRect((i * 97) % W, (i * 53 + Date.now() / 40) % H, 2, 2); }
  for (const f of fish) { f.x += f.vx; f.phase += 0.05; drawFish(f); }
  fish = fish.filter((f) => f.x > -200 && f.x < W + 200);
  while (fish.length < 14) spawn();
  for (const b of bullets) { b.t = Math.min(1, b.t + 0.08); ctx.fillStyle = '#ffd166'; ctx.beginPath(); ctx.arc(W / 2 + (b.x - W / 2) * b.t, H - 40 + (b.y - H + 40) * b.t, 7, 0, Math.PI * 2); ctx.fill(); }
  bullets = bullets.filter((b) => b.t < 1);
  for (const p of popups) { p.life -= 1; ctx.fillStyle = p.color; ctx.font = 'bold 30px sans-serif'; ctx.textAlign = 'center'; ctx.fillText(p.text, p.x, p.y - (60 - p.life)); }
  popups = popups.filter((p) => p.life > 0);
  ctx.save(); ctx.translate(W / 2, H - 30); ctx.rotate(aim + Math.PI / 2);
  ctx.fillStyle = '#c9c9d6'; ctx.fillRect(-12, -70, 24, 70); ctx.fillStyle = '#f5b400'; ctx.beginPath(); ctx.arc(0, 0, 34, 0, Math.PI * 2); ctx.fill(); ctx.restore();
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
function toCanvas(event) { const r = canvas.getBoundingClientRect(); return { x: (event.clientX - r.left) * (W / r.width), y: (event.clientY - r.top) * (H / r.height) }; }
canvas.addEventListener('mousemove', (event) => { const p = toCanvas(event); aim = Math.atan2(p.y - (H - 30), p.x - W / 2); });
async function shootAt(target) {
  if (busy >= 3) return;
  busy++; target.hit = true; bullets.push({ x: target.x, y: target.y, t: 0 });
  try {
    const result = await api('shoot', { fish: target.kind.id, stake: F.stakes[stakeIndex] });
    setBalance(result.balance);
    if (result.status === 'refused' || result.status === 'rolled_back') { say(result.message, 'error'); target.hit = false; }
    else if (result.caught) { popups.push({ x: target.x, y: target.y, text: '+' + fmt(result.win), color: '#ffd166', life: 60 }); fish = fish.filter((f) => f !== target); say('Caught a ' + target.kind.name + ' for ' + fmt(result.win) + ' ' + F.currency, 'win'); }
    else { popups.push({ x: target.x, y: target.y, text: 'miss', color: '#adb5bd', life: 30 }); target.hit = false; }
  } catch (error) { say(error.message, 'error'); target.hit = false; }
  finally { busy--; }
}
canvas.addEventListener('click', (event) => {
  const p = toCanvas(event);
  aim = Math.atan2(p.y - (H - 30), p.x - W / 2);
  const target = fish.filter((f) => !f.hit && Math.hypot(f.x - p.x, f.y - p.y) < f.kind.size * 1.2).sort((a, b) => Math.hypot(a.x - p.x, a.y - p.y) - Math.hypot(b.x - p.x, b.y - p.y))[0];
  if (!target) { say('Aim at a fish: only shots that reach a fish are charged'); return; }
  shootAt(target);
});
document.getElementById('auto').addEventListener('click', () => {
  const target = fish.filter((f) => !f.hit && f.x > 40 && f.x < W - 40).sort((a, b) => b.kind.multiplier - a.kind.multiplier)[0];
  if (target) { aim = Math.atan2(target.y - (H - 30), target.x - W / 2); shootAt(target); }
});
`;

export function fishPage(
  game: SimGame,
  options: { currency: string; lobbyUrl?: string; kinds: FishKind[]; stakes: number[]; rtp: number },
): string {
  const legend = options.kinds
    .map((kind) => `<span><i style="background:${kind.color}"></i>${kind.name} ×${kind.multiplier}</span>`)
    .join('');
  const body = `
<div class="sea"><canvas id="sea" role="img" aria-label="The sea: click a fish to shoot at it"></canvas></div>
<div class="message" id="message" role="status" aria-live="polite"></div>
<div class="hud panel">
  <button class="btn secondary" id="less" type="button" aria-label="Lower the cannon stake">−</button>
  <label for="stake">Cannon</label><output id="stake"></output>
  <button class="btn secondary" id="more" type="button" aria-label="Raise the cannon stake">+</button>
  <button class="btn" id="auto" type="button">Shoot the biggest fish</button>
</div>
<div class="legend" aria-label="Fish and their multipliers">${legend}</div>
<p class="muted">Each shot that reaches a fish costs the cannon stake; the game server decides the catch (chance ${Math.round(options.rtp * 100)}% ÷ multiplier) and pays stake × multiplier.</p>`;
  return pageShell({
    title: game.name,
    provider: game.providerName,
    glow: '#023e8a',
    lobbyUrl: options.lobbyUrl,
    demo: false,
    css: CSS,
    body,
    script: `window.FISH = ${scriptJson({ currency: options.currency, kinds: options.kinds, stakes: options.stakes })};${SCRIPT}`,
  });
}
