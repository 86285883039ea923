/**
 * Drawn illustrations of the installation steps: a phone with the control of each step highlighted in gold.
 * Generated as SVG so they stay sharp, weigh nothing and follow the theme; decorative, since the step text
 * beside each one says the same.
 */
export type GuideStep = 1 | 2 | 3 | 4;

const gold = '#f5c451';
const screen = '#101828';
const line = 'rgb(170 180 202 / 0.35)';

function Phone({ children }: { children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 120 200" width="96" height="160" aria-hidden="true" focusable="false" className="guide-art">
      <rect x="6" y="4" width="108" height="192" rx="18" fill="#1f2c48" />
      <rect x="12" y="14" width="96" height="172" rx="12" fill={screen} />
      <rect x="46" y="8" width="28" height="4" rx="2" fill="#0b0f19" />
      {children}
    </svg>
  );
}

function PageLines() {
  return (
    <g fill={line}>
      <rect x="20" y="30" width="80" height="34" rx="6" fill="rgb(245 196 81 / 0.16)" />
      <rect x="20" y="72" width="60" height="6" rx="3" />
      <rect x="20" y="84" width="72" height="6" rx="3" />
      <rect x="20" y="96" width="50" height="6" rx="3" />
    </g>
  );
}

function Hand({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle r="9" fill="rgb(245 196 81 / 0.25)" />
      <circle r="4" fill={gold} />
    </g>
  );
}

function IosStep({ step }: { step: GuideStep }) {
  switch (step) {
    case 1:
      return (
        <Phone>
          <rect x="18" y="20" width="84" height="10" rx="5" fill="#1c2a45" />
          <circle cx="60" cy="96" r="22" fill="none" stroke={gold} strokeWidth="4" />
          <path d="M60 78v36M42 96h36" stroke={gold} strokeWidth="2" />
          <path d="M60 80l6 16-6 16-6-16z" fill={gold} />
        </Phone>
      );
    case 2:
      return (
        <Phone>
          <PageLines />
          <rect x="12" y="160" width="96" height="26" fill="#1c2a45" />
          <g stroke={gold} strokeWidth="2.4" fill="none" strokeLinecap="round">
            <rect x="52" y="168" width="16" height="13" rx="2" />
            <path d="M60 174v-12M55 166l5-5 5 5" />
          </g>
          <Hand x={72} y={182} />
        </Phone>
      );
    case 3:
      return (
        <Phone>
          <rect x="12" y="70" width="96" height="116" rx="10" fill="#1c2a45" />
          <g fill={line}>
            <rect x="22" y="84" width="76" height="14" rx="4" />
            <rect x="22" y="128" width="76" height="14" rx="4" />
            <rect x="22" y="150" width="76" height="14" rx="4" />
          </g>
          <rect
            x="20"
            y="104"
            width="80"
            height="18"
            rx="5"
            fill="rgb(245 196 81 / 0.2)"
            stroke={gold}
            strokeWidth="1.5"
          />
          <path d="M86 108v10M81 113h10" stroke={gold} strokeWidth="2.2" strokeLinecap="round" />
          <rect x="28" y="110" width="40" height="6" rx="3" fill={gold} />
          <Hand x={92} y={122} />
        </Phone>
      );
    default:
      return (
        <Phone>
          <g>
            <rect x="20" y="26" width="80" height="40" rx="8" fill="#1c2a45" />
            <path d="M34 46l8 8 16-16" stroke="#2fd07f" strokeWidth="4" fill="none" strokeLinecap="round" />
            <rect x="64" y="40" width="28" height="5" rx="2.5" fill={line} />
            <rect x="64" y="50" width="20" height="5" rx="2.5" fill={line} />
          </g>
          <g fill={line}>
            <rect x="20" y="80" width="80" height="12" rx="4" />
            <rect x="20" y="98" width="80" height="12" rx="4" />
          </g>
          <rect
            x="20"
            y="120"
            width="80"
            height="20"
            rx="6"
            fill="rgb(245 196 81 / 0.2)"
            stroke={gold}
            strokeWidth="1.5"
          />
          <rect x="32" y="127" width="56" height="6" rx="3" fill={gold} />
        </Phone>
      );
  }
}

function AndroidStep({ step }: { step: GuideStep }) {
  switch (step) {
    case 1:
      return (
        <Phone>
          <PageLines />
          <rect x="24" y="120" width="72" height="22" rx="11" fill={gold} />
          <path d="M60 125v10M55 131l5 5 5-5" stroke="#241703" strokeWidth="2.2" fill="none" strokeLinecap="round" />
          <Hand x={84} y={140} />
        </Phone>
      );
    case 2:
      return (
        <Phone>
          <rect x="12" y="14" width="96" height="70" fill="#1c2a45" />
          <rect
            x="18"
            y="40"
            width="84"
            height="26"
            rx="6"
            fill="rgb(245 196 81 / 0.2)"
            stroke={gold}
            strokeWidth="1.5"
          />
          <path d="M28 48v10M23 54l5 5 5-5" stroke={gold} strokeWidth="2" fill="none" strokeLinecap="round" />
          <rect x="40" y="46" width="44" height="5" rx="2.5" fill={gold} />
          <rect x="40" y="55" width="30" height="5" rx="2.5" fill={line} />
          <Hand x={88} y={62} />
        </Phone>
      );
    case 3:
      return (
        <Phone>
          <g fill={line}>
            <rect x="20" y="30" width="50" height="8" rx="4" />
            <rect x="20" y="54" width="80" height="6" rx="3" />
            <rect x="20" y="66" width="64" height="6" rx="3" />
          </g>
          <rect x="20" y="88" width="80" height="24" rx="6" fill="#1c2a45" />
          <rect x="28" y="97" width="40" height="6" rx="3" fill={line} />
          <rect x="76" y="94" width="18" height="12" rx="6" fill={gold} />
          <circle cx="88" cy="100" r="4.5" fill="#241703" />
          <Hand x={88} y={110} />
        </Phone>
      );
    default:
      return (
        <Phone>
          <rect x="40" y="40" width="40" height="40" rx="10" fill="#1f2c48" stroke={gold} strokeWidth="2" />
          <path d="M52 66l8-18 8 18M55 60h10" stroke={gold} strokeWidth="3" fill="none" strokeLinecap="round" />
          <rect x="24" y="150" width="72" height="22" rx="11" fill={gold} />
          <rect x="44" y="158" width="32" height="6" rx="3" fill="#241703" />
          <Hand x={84} y={170} />
        </Phone>
      );
  }
}

export function GuideIllustration({ os, step }: { os: 'ios' | 'android'; step: GuideStep }) {
  return os === 'ios' ? <IosStep step={step} /> : <AndroidStep step={step} />;
}
