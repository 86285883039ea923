import { type IconProps, IconSvg } from '@portal/ui/icons';

/** A game controller: the navigation entry of games management. */
export function IconGamepad(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M6 8h12a4 4 0 0 1 4 4v2.5a2.5 2.5 0 0 1-4.5 1.5L15 13H9l-2.5 3A2.5 2.5 0 0 1 2 14.5V12a4 4 0 0 1 4-4z" />
      <path d="M7 10.5v3M5.5 12h3M16 11h.01M18 13h.01" />
    </IconSvg>
  );
}
