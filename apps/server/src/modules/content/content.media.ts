/**
 * The demo banner art, drawn as SVG in code so that the demo needs no downloaded or external images and the
 * server bundle needs no asset files. Served at `/wps/content/media/<name>.svg`; operators point real
 * announcements at their own CDN instead.
 */

export const contentMediaPath = '/wps/content/media';

type BannerArt = {
  /** Two gradient stops of the background. */
  from: string;
  to: string;
  accent: string;
  kicker: string;
  headline: string;
  sub: string;
  motif: 'cards' | 'coins' | 'ball' | 'gift' | 'trophy' | 'rocket';
  /** The button's text; PLAY NOW unless given (article covers read rather than play). */
  cta?: string;
};

const arts: Record<string, BannerArt> = {
  'welcome-bonus': {
    from: '#3a0d5c',
    to: '#c2185b',
    accent: '#ffd54f',
    kicker: 'NEW MEMBERS',
    headline: '70% FIRST DEPOSIT BONUS',
    sub: 'Join today and boost your first deposit',
    motif: 'gift',
  },
  'live-casino': {
    from: '#0b3d2e',
    to: '#12805c',
    accent: '#ffe082',
    kicker: 'LIVE CASINO',
    headline: 'REAL DEALERS, 24/7',
    sub: 'Baccarat, roulette and more around the clock',
    motif: 'cards',
  },
  'invite-friends': {
    from: '#1a237e',
    to: '#0288d1',
    accent: '#80deea',
    kicker: 'INVITE FRIENDS',
    headline: '৳7,777 FOR EVERY FRIEND',
    sub: 'Share your link and earn when friends join',
    motif: 'coins',
  },
  'sports-weekend': {
    from: '#202020',
    to: '#e65100',
    accent: '#ffcc80',
    kicker: 'SPORTS',
    headline: 'BIG MATCH WEEKEND',
    sub: 'Boosted odds on the biggest matches',
    motif: 'ball',
  },
  'vip-club': {
    from: '#2b1a00',
    to: '#8d6e00',
    accent: '#fff176',
    kicker: 'VIP CLUB',
    headline: 'RISE THROUGH THE RANKS',
    sub: 'Weekly rewards that grow with every level',
    motif: 'trophy',
  },
  'crash-games': {
    from: '#0d1b3d',
    to: '#6a1b9a',
    accent: '#b388ff',
    kicker: 'ARCADE',
    headline: 'CASH OUT IN TIME',
    sub: 'Fast rounds, instant results',
    motif: 'rocket',
  },
  // Article covers (news, blog, guides).
  'guide-deposit': {
    from: '#05332a',
    to: '#0f7b5f',
    accent: '#ffd54f',
    kicker: 'BEGINNER GUIDE',
    headline: 'DEPOSIT IN 3 STEPS',
    sub: 'bKash, Nagad, Rocket or bank transfer',
    motif: 'coins',
    cta: 'READ MORE',
  },
  'guide-withdraw': {
    from: '#10213f',
    to: '#1e5aa8',
    accent: '#80d8ff',
    kicker: 'BEGINNER GUIDE',
    headline: 'CASH OUT SAFELY',
    sub: 'From your balance to your wallet',
    motif: 'coins',
    cta: 'READ MORE',
  },
  'play-safe': {
    from: '#2a0f3a',
    to: '#5e35b1',
    accent: '#b9f6ca',
    kicker: 'RESPONSIBLE GAMING',
    headline: 'PLAY FOR FUN',
    sub: 'Budgets, breaks and help when you need it',
    motif: 'cards',
    cta: 'READ MORE',
  },
  'site-news': {
    from: '#3b0a0a',
    to: '#b71c1c',
    accent: '#ffcc80',
    kicker: 'NEWS',
    headline: 'WHAT IS NEW',
    sub: 'Games, features and events',
    motif: 'trophy',
    cta: 'READ MORE',
  },
};

const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

function motif(art: BannerArt): string {
  const a = art.accent;
  switch (art.motif) {
    case 'cards':
      return `<g transform="translate(860 70) rotate(-12)"><rect width="150" height="210" rx="14" fill="#fff"/><text x="22" y="62" font-size="54" fill="#c62828">A</text><text x="75" y="150" font-size="80" fill="#c62828">♥</text></g>
<g transform="translate(960 90) rotate(10)"><rect width="150" height="210" rx="14" fill="#fafafa"/><text x="22" y="62" font-size="54" fill="#212121">K</text><text x="75" y="150" font-size="80" fill="#212121">♠</text></g>`;
    case 'coins':
      return [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<g transform="translate(${900 + (i % 2) * 90} ${110 + i * 40})"><ellipse rx="70" ry="24" cy="10" fill="#b8860b"/><ellipse rx="70" ry="24" fill="${a}"/><text y="9" font-size="26" text-anchor="middle" fill="#8d6e00">৳</text></g>`,
        )
        .join('');
    case 'ball':
      return `<circle cx="990" cy="200" r="120" fill="#fff"/><path d="M990 80 l40 70 -40 50 -40 -50z M870 200 l70 -20 40 60 -30 70 -70 -20z M1110 200 l-70 -20 -40 60 30 70 70 -20z" fill="#212121" opacity=".85"/>`;
    case 'gift':
      return `<g transform="translate(880 90)"><rect y="70" width="220" height="170" rx="12" fill="${a}"/><rect x="-10" y="40" width="240" height="50" rx="10" fill="#ffecb3"/><rect x="95" y="40" width="30" height="200" fill="#c2185b"/><path d="M110 40 C60 -20 20 20 60 40 Z M110 40 C160 -20 200 20 160 40 Z" fill="#c2185b"/></g>`;
    case 'trophy':
      return `<g transform="translate(900 70)"><path d="M30 0 h160 v60 a80 80 0 0 1 -160 0z" fill="${a}"/><path d="M30 20 h-30 a40 40 0 0 0 40 60 M190 20 h30 a40 40 0 0 1 -40 60" stroke="${a}" stroke-width="12" fill="none"/><rect x="95" y="135" width="30" height="60" fill="${a}"/><rect x="50" y="195" width="120" height="30" rx="6" fill="#ffe082"/></g>`;
    case 'rocket':
      return `<g transform="translate(980 200) rotate(-35)"><path d="M0 -130 C50 -80 50 40 30 80 h-60 C-50 40 -50 -80 0 -130z" fill="#eceff1"/><circle cy="-40" r="22" fill="${a}"/><path d="M-30 60 l-40 50 40 -10z M30 60 l40 50 -40 -10z" fill="${a}"/><path d="M-20 85 q20 80 40 0z" fill="#ff9800"/></g>`;
  }
}

/** The SVG of a demo banner (1200x400), or null for an unknown name. */
export function demoBannerSvg(name: string): string | null {
  const art = arts[name];
  if (!art) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400" font-family="Arial, Helvetica, sans-serif" font-weight="700">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>
<radialGradient id="r" cx=".8" cy=".4" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".25"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/><rect width="1200" height="400" fill="url(#r)"/>
<g opacity=".12" fill="#fff"><circle cx="120" cy="360" r="140"/><circle cx="640" cy="-40" r="120"/></g>
${motif(art)}
<text x="80" y="120" font-size="26" letter-spacing="6" fill="${art.accent}">${escapeXml(art.kicker)}</text>
<text x="80" y="200" font-size="50" fill="#fff">${escapeXml(art.headline)}</text>
<text x="80" y="254" font-size="28" font-weight="400" fill="#fff" opacity=".85">${escapeXml(art.sub)}</text>
<rect x="80" y="290" width="210" height="56" rx="28" fill="${art.accent}"/><text x="185" y="327" font-size="24" text-anchor="middle" fill="#1a1a1a">${art.cta ?? 'PLAY NOW'}</text>
</svg>`;
}

export const demoBannerNames = Object.keys(arts);

/** Where a demo banner is served. */
export const demoBannerUrl = (name: string) => `${contentMediaPath}/${name}.svg`;
