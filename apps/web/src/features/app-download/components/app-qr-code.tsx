import { QRCodeSVG } from 'qrcode.react';
import { absoluteUrl } from '../utils/app-links';

export type AppQrCodeProps = {
  /** The configured download link; relative links are made absolute so a phone can open them. */
  href: string;
  /** Accessible name ("QR code for the iOS app"). */
  label: string;
  size?: number;
};

/**
 * A QR code generated in the browser from a configured URL (qrcode.react), drawn dark on white with a quiet
 * zone so phone cameras read it on the dark theme. Loaded on demand with the pieces that show it.
 */
export function AppQrCode({ href, label, size = 120 }: AppQrCodeProps) {
  return (
    <QRCodeSVG
      value={absoluteUrl(href)}
      size={size}
      level="M"
      marginSize={2}
      bgColor="#ffffff"
      fgColor="#0b0f19"
      role="img"
      aria-label={label}
      className="app-qr"
    />
  );
}
