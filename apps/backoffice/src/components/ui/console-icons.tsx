import { type IconProps, IconSvg } from '@portal/ui/icons';

/*
 * Icons only the console draws (its navigation, operators and audit screens). The ones it shares with the
 * player app come from @portal/ui/icons; these are drawn in the same frame.
 */

export function IconSettings(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 7h10M18 7h2M4 17h4M12 17h8" />
      <circle cx="16" cy="7" r="2" />
      <circle cx="10" cy="17" r="2" />
    </IconSvg>
  );
}

export function IconToggles(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="4" width="18" height="7" rx="3.5" />
      <circle cx="16.5" cy="7.5" r="1.8" />
      <rect x="3" y="13" width="18" height="7" rx="3.5" />
      <circle cx="7.5" cy="16.5" r="1.8" />
    </IconSvg>
  );
}

export function IconForm(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h5" />
    </IconSvg>
  );
}

export function IconUsers(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
    </IconSvg>
  );
}

export function IconScroll(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M8 3h10a2 2 0 0 1 2 2v11M8 3a2 2 0 0 0-2 2v14a2 2 0 0 1-2-2v-2h3" />
      <path d="M6 19a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-3H10v3a2 2 0 0 1-2 2M10 8h6M10 12h6" />
    </IconSvg>
  );
}

export function IconShield(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M12 3 5 6v5c0 4.6 3 8.4 7 10 4-1.6 7-5.4 7-10V6z" />
      <path d="m9 12 2 2 4-4" />
    </IconSvg>
  );
}

export function IconShieldAlert(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M12 3 5 6v5c0 4.6 3 8.4 7 10 4-1.6 7-5.4 7-10V6z" />
      <path d="M12 8v5M12 16h.01" />
    </IconSvg>
  );
}

export function IconLogout(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" />
    </IconSvg>
  );
}

export function IconMenu(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </IconSvg>
  );
}

export function IconPlus(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M12 5v14M5 12h14" />
    </IconSvg>
  );
}

export function IconTrash(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </IconSvg>
  );
}

export function IconCopy(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </IconSvg>
  );
}

export function IconKey(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="m11 12 9-9M16 7l3 3M14 9l2 2" />
    </IconSvg>
  );
}

export function IconLock(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="4" y="10" width="16" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" />
    </IconSvg>
  );
}

export function IconDepositIn(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="6" width="18" height="13" rx="2" />
      <path d="M3 10h18M12 2v6M9.5 5.5 12 8l2.5-2.5" />
    </IconSvg>
  );
}

export function IconWithdrawOut(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="6" width="18" height="13" rx="2" />
      <path d="M3 10h18M12 8V2M9.5 4.5 12 2l2.5 2.5" />
    </IconSvg>
  );
}

export function IconChart(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 20V4M4 20h16" />
      <path d="M8 16v-5M12 16V8M16 16v-7M20 16v-3" />
    </IconSvg>
  );
}

export function IconPlayers(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
      <path d="m15.5 3.5 1 1.5 1.7.3-1.2 1.2.3 1.7" />
    </IconSvg>
  );
}

export function IconScale(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M12 3v18M7 21h10M5 7h14" />
      <path d="m5 7-3 7a3.5 3.5 0 0 0 6 0zM19 7l-3 7a3.5 3.5 0 0 0 6 0z" />
    </IconSvg>
  );
}

export function IconChannels(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </IconSvg>
  );
}
