import { type IconProps, IconSvg } from '@portal/ui/icons';

/** The points mall in the console navigation. */
export function IconGift(props: IconProps) {
  return (
    <IconSvg {...props}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8M12 8v13" />
      <path d="M12 8S10.5 3.5 8 4.5 8.5 8 12 8Zm0 0s1.5-4.5 4-3.5S15.5 8 12 8Z" />
    </IconSvg>
  );
}
