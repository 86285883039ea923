import { type IconProps, IconSvg } from '@portal/ui/icons';

/* Icons of the frame's cashier buttons and account-menu entries. */

export function IconDeposit(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M12 13v4M10 15l2 2 2-2" />
    </IconSvg>
  );
}

export function IconWithdraw(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M12 17v-4M10 15l2-2 2 2" />
    </IconSvg>
  );
}

export function IconEye(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </IconSvg>
  );
}

export function IconEyeOff(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
    </IconSvg>
  );
}

export function IconFeedback(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 14.5z" />
      <path d="M8.5 8h7M8.5 11.5h4.5" />
    </IconSvg>
  );
}
