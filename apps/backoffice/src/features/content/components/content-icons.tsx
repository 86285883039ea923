import { type IconProps, IconSvg } from '@portal/ui/icons';

/** Announcements in the console navigation. */
export function IconMegaphone(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1Z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
    </IconSvg>
  );
}

/** Inbox messages. */
export function IconEnvelope(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </IconSvg>
  );
}

/** Feedback. */
export function IconComment(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      <path d="M8.5 11h7M8.5 14h4" />
    </IconSvg>
  );
}
