import { type IconProps, IconSvg } from '@portal/ui/icons';
import type { NavGameType } from '../utils/game-types';

/* Icons of the navigation: one per game category, plus the frame's own controls. */

export function IconHome(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M3.5 11 12 4l8.5 7" />
      <path d="M5.5 9.5V20h5v-5.5h3V20h5V9.5" />
    </IconSvg>
  );
}

export function IconSlots(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="5" width="15" height="14" rx="2.5" />
      <path d="M8 5v14M13 5v14M18 9h1.5a1.5 1.5 0 0 1 1.5 1.5V12M21 12v-4" />
      <circle cx="21" cy="6.5" r="1.2" />
    </IconSvg>
  );
}

export function IconLiveCasino(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="4" y="3.5" width="11" height="15" rx="2" transform="rotate(-8 9.5 11)" />
      <rect x="9.5" y="5.5" width="11" height="15" rx="2" transform="rotate(8 15 13)" />
      <path d="M15 10.5c-1.4 1.3-2.2 2.2-2.2 3.1a1.4 1.4 0 0 0 2.2 1.1 1.4 1.4 0 0 0 2.2-1.1c0-.9-.8-1.8-2.2-3.1Z" />
    </IconSvg>
  );
}

export function IconFish(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M2.5 12s3.5-5.5 10-5.5c3.6 0 6 2.3 7 5.5-1 3.2-3.4 5.5-7 5.5-6.5 0-10-5.5-10-5.5Z" />
      <path d="M19.5 12 22 8.5v7z" />
      <circle cx="14.5" cy="10.8" r=".9" fill="currentColor" />
    </IconSvg>
  );
}

export function IconCards(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="6" width="11" height="15" rx="2" />
      <path d="M8 3.5h9.5a2 2 0 0 1 2 2V18" />
      <path d="M8.5 10.5 6.5 13l2 2.5 2-2.5z" />
    </IconSvg>
  );
}

export function IconSports(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m12 7 4 2.9-1.5 4.7h-5L8 9.9z" />
      <path d="M12 3v4M20.6 9.2 16 9.9M17.3 19.3l-2.8-4.7M6.7 19.3l2.8-4.7M3.4 9.2 8 9.9" />
    </IconSvg>
  );
}

export function IconEsports(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M7 7.5h10a4.5 4.5 0 0 1 4.4 5.4l-.8 3.8a2.3 2.3 0 0 1-4 1L14.5 15h-5l-2.1 2.7a2.3 2.3 0 0 1-4-1l-.8-3.8A4.5 4.5 0 0 1 7 7.5Z" />
      <path d="M8 10.5v3M6.5 12h3M15.5 11h.01M17.5 13h.01" />
    </IconSvg>
  );
}

export function IconLottery(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="8" cy="9" r="4.5" />
      <circle cx="16.5" cy="15" r="4.5" />
      <path d="M7 8h2v3M15.5 13.5h2l-1.5 3" />
    </IconSvg>
  );
}

export function IconRooster(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M9 4.5c.5-1 1.8-1.3 2.5-.4.8-.8 2.2-.4 2.3.8" />
      <path d="M14 6.5a3.5 3.5 0 0 0-6 2.4V12c-2.8-.4-4.5-2-5-4 0 5 2.8 9 8 9.5 4 .4 7-2.4 7-6.2 0-1.8-1.3-3.3-3-3.8" />
      <path d="M14 6.5 16.5 8 14 9M10 17.5V21M13 17.2V21" />
    </IconSvg>
  );
}

export function IconChip(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4.5" />
      <path d="M12 3v3.5M12 17.5V21M3 12h3.5M17.5 12H21M5.6 5.6l2.5 2.5M15.9 15.9l2.5 2.5M5.6 18.4l2.5-2.5M15.9 8.1l2.5-2.5" />
    </IconSvg>
  );
}

export function IconGift(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
      <path d="M5 12.5V20h14v-7.5M12 8.5V20M12 8.5C10.5 5 7 4.5 7 6.8 7 8.5 12 8.5 12 8.5Zm0 0c1.5-3.5 5-4 5-1.7 0 1.7-5 1.7-5 1.7Z" />
    </IconSvg>
  );
}

export function IconInvite(props: IconProps) {
  return (
    <IconSvg {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M18.5 8v6M15.5 11h6" />
    </IconSvg>
  );
}

export function IconCrown(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="m3.5 8 4.2 3.6L12 5l4.3 6.6L20.5 8l-1.8 10H5.3z" />
      <path d="M5.3 20.5h13.4" />
    </IconSvg>
  );
}

export function IconQr(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3.5" y="3.5" width="6.5" height="6.5" rx="1" />
      <rect x="14" y="3.5" width="6.5" height="6.5" rx="1" />
      <rect x="3.5" y="14" width="6.5" height="6.5" rx="1" />
      <path d="M14 14h2.5v2.5H14zM18 18h2.5v2.5H18zM18 14h2.5M14 18v2.5" />
    </IconSvg>
  );
}

export function IconSidebar(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="4" width="18" height="16" rx="2.5" />
      <path d="M9 4v16" />
    </IconSvg>
  );
}

const gameTypeIcons: Record<NavGameType, typeof IconSlots> = {
  RNG: IconSlots,
  LIVE: IconLiveCasino,
  FISH: IconFish,
  PVP: IconCards,
  SPORTS: IconSports,
  ESPORTS: IconEsports,
  LOTT: IconLottery,
  ELOTT: IconLottery,
  COCKFIGHT: IconRooster,
  BGS: IconChip,
};

export function GameTypeIcon({ gameType, ...props }: IconProps & { gameType: NavGameType }) {
  const Icon = gameTypeIcons[gameType];
  return <Icon {...props} />;
}
