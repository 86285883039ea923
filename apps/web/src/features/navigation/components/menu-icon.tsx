import { type IconProps, IconSvg } from '@portal/ui/icons';

/**
 * The header's menu button icon, on its own so that the first download (the header) does not carry every
 * navigation icon with it.
 */
export function IconMenu(props: IconProps) {
  return (
    <IconSvg {...props}>
      <path d="M4 6.5h16M4 12h16M4 17.5h16" />
    </IconSvg>
  );
}
