import type { SimGame } from '../catalogue/generator';
import { pageShell, scriptJson } from './layout';

const CSS = `
.bj{width:min(820px,100%);display:flex;flex-direction:column;gap:12px}
.felt{background:radial-gradient(ellipse at 50% 30%,#176b45,#0b3d2e 75%);border:6px solid #6b4a1f;border-radius:28px;padding:18px;box-shadow:inset 0 0 40px rgba(0,0,0,.55);display:flex;flex-direction:column;gap:18px}
.row h2{margin:0 0 8px;font-size:15px;color:#ffd166;text-align:center}
.cards{display:flex;justify-content:center;gap:8px;min-height:96px;flex-wrap:wrap}
.card{width:62px;height:90px;border-radius:8px;background:#fff;color:#111;display:flex;flex-direction:column;align-items:center;justify-content:center;font-weight:900;font-size:24px;box-shadow:0 3px 8px rgba(0,0,0,.5)}
.card.red{color:#d62828}.card span{font-size:22px}
.card.back{background:repeating-linear-gradient(45deg,#8e2de2 0 8px,#5a189a 8px 16px);border:3px solid #fff}
.actions,.stakes{display:flex;gap:10px;justify-content:center;flex-wrap:wrap;align-items:center}
.stakes button[aria-pressed="true"]{outline:3px solid #ffd166}
@media (max-width:600px){.card{width:44px;height:64px;font-size:17px}.card span{font-size:15px}}
`;

const SCRIPT = `
const B = window.BJ;
const suits = ['♠', '♥', '♦', '♣'];
const names = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
let stake = B.stakes[0];
const $ = (id) => document.getElementById(id);
const message = $('message');
const say = (text, kind) => { message.textContent = text; message.className = 'message ' + (kind || ''); };
const setBalance = (units) => { if (typeof units === 'number') $('balance').textContent = fmt(units) + ' ' + B.currency; };
const cardHtml = (c) => c ? '<div class="card ' + (c.suit === 1 || c.suit === 2 ? 'red' : '') + '" aria-label="' + (names[c.rank] || c.rank) + suits[c.suit] + '">' + (names[c.rank] || c.rank) + '<span>' + suits[c.suit] + '</span></div>' : '<div class="card back" aria-label="Hidden card"></div>';
document.querySelectorAll('[data-stake]').forEach((button) => button.addEventListener('click', () => {
  stake = Number(button.dataset.stake);
  document.querySelectorAll('[data-stake]').forEach((other) => other.setAttribute('aria-pressed', String(other === button)));
}));
const outcomes = { blackjack: 'Blackjack! ', win: 'You win ', push: 'Push: stake returned ', lose: 'Dealer wins' };
function render(hand) {
  $('dealer').innerHTML = hand ? hand.dealer.map(cardHtml).join('') : '';
  $('player').innerHTML = hand ? hand.player.map(cardHtml).join('') : '';
  const bust = (total) => (total > 21 ? ' — bust' : '');
  $('dealer-total').textContent = hand && hand.dealerTotal !== null ? 'Dealer ' + hand.dealerTotal + bust(hand.dealerTotal) : 'Dealer';
  $('player-total').textContent = hand ? 'You ' + hand.playerTotal + bust(hand.playerTotal) : 'You';
  const playing = hand && !hand.finished;
  $('hit').disabled = !playing; $('stand').disabled = !playing; $('double').disabled = !(playing && hand.canDouble);
  $('deal').disabled = !!playing;
  document.querySelectorAll('[data-stake]').forEach((b) => { b.disabled = !!playing; });
  if (hand && hand.finished && hand.outcome) say(outcomes[hand.outcome] + (hand.win > 0 && hand.outcome !== 'push' ? fmt(hand.win) + ' ' + B.currency : ''), hand.win > 0 ? 'win' : '');
  setBalance(hand && hand.balance);
}
async function run(path, body) {
  try { render(await api(path, body)); } catch (error) { say(error.message, 'error'); }
}
api('state').then((s) => { setBalance(s.balance); }).catch((error) => say(error.message, 'error'));
api('hand').then((hand) => render(hand.round ? hand : null)).catch(() => render(null));
$('deal').addEventListener('click', () => { say(''); run('deal', { stake }); });
$('hit').addEventListener('click', () => run('act', { action: 'hit' }));
$('stand').addEventListener('click', () => run('act', { action: 'stand' }));
$('double').addEventListener('click', () => run('act', { action: 'double' }));
`;

export function blackjackPage(
  game: SimGame,
  options: { currency: string; lobbyUrl?: string; stakes: number[] },
): string {
  const body = `
<section class="bj" aria-label="Blackjack table">
  <div class="felt">
    <div class="row"><h2 id="dealer-total">Dealer</h2><div class="cards" id="dealer"></div></div>
    <div class="row"><h2 id="player-total">You</h2><div class="cards" id="player"></div></div>
  </div>
  <div class="message" id="message" role="status" aria-live="polite"></div>
  <div class="stakes panel" role="group" aria-label="Stake">${options.stakes
    .map(
      (units, i) =>
        `<button class="btn secondary" type="button" data-stake="${units}" aria-pressed="${i === 0}">${units / 100_000}</button>`,
    )
    .join('')}<button class="btn" id="deal" type="button">Deal</button></div>
  <div class="actions"><button class="btn secondary" id="hit" type="button" disabled>Hit</button><button class="btn secondary" id="stand" type="button" disabled>Stand</button><button class="btn secondary" id="double" type="button" disabled>Double</button></div>
  <p class="muted">6 decks shuffled for every hand. Dealer stands on all 17s and peeks for blackjack. Blackjack pays 3:2, a win 1:1, a push returns the stake. Double on the first two cards. No split, insurance or surrender.</p>
</section>`;
  return pageShell({
    title: game.name,
    provider: game.providerName,
    glow: '#0b3d2e',
    lobbyUrl: options.lobbyUrl,
    demo: false,
    css: CSS,
    body,
    script: `window.BJ = ${scriptJson({ currency: options.currency, stakes: options.stakes })};${SCRIPT}`,
  });
}
