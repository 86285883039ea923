import type { SVGProps } from 'react';

/**
 * Inline SVG icons. They inherit `currentColor` and are hidden from assistive technology; the control
 * that holds an icon carries the accessible name.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The frame every icon draws in: 24-unit view box, stroke in the current colour, hidden from assistive technology. */
export function IconSvg({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function IconChat(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z" />
      <path d="M8.5 9.5h.01M12 9.5h.01M15.5 9.5h.01" strokeWidth={2.6} />
    </IconSvg>
  );
}

export function IconHeadset(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
      <rect x="3" y="13" width="4" height="6" rx="1.5" />
      <rect x="17" y="13" width="4" height="6" rx="1.5" />
      <path d="M19 19a3 3 0 0 1-3 3h-3" />
    </IconSvg>
  );
}

export function IconFacebook(props: IconProps) {
  return (
    <IconSvg {...props} stroke="none" fill="currentColor">
      <path d="M13.5 21v-7.2h2.4l.4-2.9h-2.8V9.1c0-.8.3-1.4 1.4-1.4h1.5V5.1c-.3 0-1.2-.1-2.2-.1-2.2 0-3.6 1.3-3.6 3.7v2.2H8.2v2.9h2.4V21z" />
    </IconSvg>
  );
}

export function IconTelegram(props: IconProps) {
  return (
    <IconSvg {...props} stroke="none" fill="currentColor">
      <path d="M20.7 4.2 3.4 10.9c-1.2.5-1.2 1.2-.2 1.5l4.4 1.4 1.7 5.2c.2.6.1.8.7.8.5 0 .7-.2 1-.5l2.1-2.1 4.4 3.3c.8.4 1.4.2 1.6-.8l2.9-13.7c.3-1.2-.5-1.7-1.3-1.3zM8.8 13.4l9-5.7c.4-.3.8-.1.5.2l-7.7 7-.3 3.2z" />
    </IconSvg>
  );
}

export function IconWhatsapp(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M3.5 20.5 4.8 16A8.5 8.5 0 1 1 8 19.3z" />
      <path
        d="M9 8.5c0 3.3 3.2 6.5 6.5 6.5l1-1.6-2-1-1 .9c-1-.5-2.3-1.8-2.8-2.8l.9-1-1-2z"
        fill="currentColor"
        strokeWidth={1}
      />
    </IconSvg>
  );
}

export function IconMail(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="m4 7 8 6 8-6" />
    </IconSvg>
  );
}

export function IconPhone(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2 4 1.5V19a2 2 0 0 1-2 2A17 17 0 0 1 3 6a2 2 0 0 1 2-2z" />
    </IconSvg>
  );
}

export function IconAndroid(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M6 10h12v7a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2z" />
      <path d="M6 10a6 6 0 0 1 12 0M8 4.5 9.2 6.2M16 4.5l-1.2 1.7M3.5 11v5M20.5 11v5M9.5 19v2.5M14.5 19v2.5" />
      <path d="M9.5 7.8h.01M14.5 7.8h.01" strokeWidth={2.4} />
    </IconSvg>
  );
}

export function IconApple(props: IconProps) {
  return (
    <IconSvg {...props} stroke="none" fill="currentColor">
      <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.2 1-4 2.5-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.2.8 1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.5-4zM14 5.4c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z" />
    </IconSvg>
  );
}

export function IconDownload(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M12 3v12M7 10l5 5 5-5M4 19h16" />
    </IconSvg>
  );
}

export function IconLink(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </IconSvg>
  );
}

export function IconHelp(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.3a2.6 2.6 0 0 1 5 .9c0 1.7-2.5 2.3-2.5 3.8M12 17h.01" />
    </IconSvg>
  );
}

export function IconDocument(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </IconSvg>
  );
}

export function IconClose(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </IconSvg>
  );
}

export function IconChevronLeft(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="m15 6-6 6 6 6" />
    </IconSvg>
  );
}

export function IconChevronRight(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="m9 6 6 6-6 6" />
    </IconSvg>
  );
}

export function IconChevronDown(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="m6 9 6 6 6-6" />
    </IconSvg>
  );
}

export function IconGlobe(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </IconSvg>
  );
}

export function IconWrench(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z" />
    </IconSvg>
  );
}

export function IconShieldOff(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M12 3 5 6v5c0 4.6 3 8.4 7 10 4-1.6 7-5.4 7-10V6z" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </IconSvg>
  );
}

export function IconAlert(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M10.3 4.3 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.3a2 2 0 0 0-3.4 0z" />
      <path d="M12 9.5v4M12 17h.01" />
    </IconSvg>
  );
}

export function IconCheck(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.7 2.7L16 9.8" />
    </IconSvg>
  );
}

export function IconInfo(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" />
    </IconSvg>
  );
}

export function IconCompass(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </IconSvg>
  );
}

export function IconRefresh(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M20 11a8 8 0 0 0-14.3-4.6L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.6L20 16M20 20v-4h-4" />
    </IconSvg>
  );
}

export function IconWifiOff(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.1-2.4M19 12.9a10 10 0 0 0-3-2M2 9a15 15 0 0 1 4.4-2.8M22 9A15 15 0 0 0 10.6 5.1M12 20h.01" />
    </IconSvg>
  );
}

export function IconClock(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </IconSvg>
  );
}

export function IconExternal(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
    </IconSvg>
  );
}

export function IconStar(props: IconProps) {
  return (
    <IconSvg {...props} stroke="none" fill="currentColor">
      <path d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />
    </IconSvg>
  );
}
