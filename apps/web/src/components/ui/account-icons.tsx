import { type IconProps, IconSvg } from '@portal/ui/icons';

/*
 * Icons of the account, identity and agent screens, drawn for the player app. They live apart from
 * @portal/ui/icons because those screens load on demand: kept in the module every page imports, they would
 * ride along in the first download.
 */

export function IconUser(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20.5a8 8 0 0 1 16 0" />
    </IconSvg>
  );
}

export function IconUserPlus(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="10" cy="8" r="4" />
      <path d="M2.5 20.5a7.5 7.5 0 0 1 13.4-4.6M19 14v6M16 17h6" />
    </IconSvg>
  );
}

export function IconUsers(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
    </IconSvg>
  );
}

export function IconLogout(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M14 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" />
    </IconSvg>
  );
}

export function IconLock(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
    </IconSvg>
  );
}

export function IconEye(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
    </IconSvg>
  );
}

export function IconEyeOff(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M3 3l18 18M10.6 6A9.6 9.6 0 0 1 12 5.5C18 5.5 21.5 12 21.5 12a17 17 0 0 1-3 3.8M6.4 7.6A16 16 0 0 0 2.5 12S6 18.5 12 18.5a9.3 9.3 0 0 0 4.4-1.1M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </IconSvg>
  );
}

export function IconShield(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M12 3 5 6v5c0 4.6 3 8.4 7 10 4-1.6 7-5.4 7-10V6z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </IconSvg>
  );
}

export function IconGamepad(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M7.5 7h9a5 5 0 0 1 4.9 6l-.7 3.6a2.5 2.5 0 0 1-4.3 1.2L14 15.5h-4l-2.4 2.3a2.5 2.5 0 0 1-4.3-1.2L2.6 13A5 5 0 0 1 7.5 7z" />
      <path d="M8 10v3M6.5 11.5h3M15.5 11h.01M17.5 12.5h.01" />
    </IconSvg>
  );
}

export function IconCopy(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="8.5" y="8.5" width="12" height="12" rx="2.5" />
      <path d="M15.5 8.5V6a2.5 2.5 0 0 0-2.5-2.5H6A2.5 2.5 0 0 0 3.5 6v7A2.5 2.5 0 0 0 6 15.5h2.5" />
    </IconSvg>
  );
}

export function IconChart(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
    </IconSvg>
  );
}

export function IconCoins(props: IconProps) {
  return (
    <IconSvg {...props}>
      <ellipse cx="9" cy="6.5" rx="6" ry="3" />
      <path d="M3 6.5v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5M3 11.5v5c0 1.7 2.7 3 6 3 1.2 0 2.3-.2 3.2-.5" />
      <ellipse cx="17" cy="15" rx="4.5" ry="2.3" />
      <path d="M12.5 15v3.5c0 1.3 2 2.3 4.5 2.3s4.5-1 4.5-2.3V15" />
    </IconSvg>
  );
}
