import { type IconProps, IconSvg as Svg } from '@portal/ui/icons';

/* The game screens' own icons, drawn in the design system's icon frame. */

export function IconHeart({ filled, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...props} fill={filled ? 'currentColor' : 'none'}>
      <path d="M12 20.5s-7.5-4.6-9.3-9.6C1.6 7.6 3.8 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.2 0 5.4 3.1 4.3 6.4-1.8 5-9.3 9.6-9.3 9.6z" />
    </Svg>
  );
}

export function IconPlay(props: IconProps) {
  return (
    <Svg {...props} fill="currentColor" stroke="none">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
    </Svg>
  );
}

export function IconSearch(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </Svg>
  );
}

export function IconFlame(props: IconProps) {
  return (
    <Svg {...props} fill="currentColor" stroke="none">
      <path d="M12.5 2.5c.5 3-1.5 4.6-3 6.3C8 10.5 7 12.2 7 14.5a5 5 0 0 0 10 0c0-2-1-3.6-2-4.8-.3 1.4-1 2.3-2 2.8.6-3.5-.2-7.3-.5-10z" />
    </Svg>
  );
}

export function IconTrophy(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 4h8v5a4 4 0 0 1-8 0V4z" />
      <path d="M16 5h3v2a3 3 0 0 1-3 3M8 5H5v2a3 3 0 0 0 3 3M12 13v4M8.5 20h7M9.5 17h5" />
    </Svg>
  );
}

export function IconExpand(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </Svg>
  );
}

export function IconWindow(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 9h18M13 13h4v4" />
    </Svg>
  );
}

/** The default game icon every broken or missing game image falls back to (spec section 2). */
export function DefaultGameIcon({ size = 56, ...props }: IconProps) {
  return (
    <Svg size={size} strokeWidth={1.4} {...props}>
      <rect x="2.5" y="7" width="19" height="11" rx="5.5" />
      <path d="M7.5 10.5v4M5.5 12.5h4" />
      <circle cx="15.5" cy="11.5" r="1" fill="currentColor" stroke="none" />
      <circle cx="17.8" cy="13.8" r="1" fill="currentColor" stroke="none" />
    </Svg>
  );
}
