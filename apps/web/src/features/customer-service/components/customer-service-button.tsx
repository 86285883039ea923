import type { CustomerServiceEntry } from '@portal/contract';
import { type ButtonSize, type ButtonVariant, LinkButton } from '@portal/ui/button';
import { IconHeadset } from '@portal/ui/icons';
import { useTranslation } from 'react-i18next';
import { primaryEntry } from './customer-service-entries';

export type CustomerServiceButtonProps = {
  entries: readonly CustomerServiceEntry[];
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
};

/** "Contact customer service": opens live chat (or the first configured channel) in a new tab. */
export function CustomerServiceButton({
  entries,
  variant = 'primary',
  size = 'lg',
  fullWidth,
}: CustomerServiceButtonProps) {
  const { t } = useTranslation();
  const entry = primaryEntry(entries);
  if (!entry) return null;
  return (
    <LinkButton
      href={entry.href}
      target="_blank"
      rel="noopener noreferrer"
      variant={variant}
      size={size}
      fullWidth={fullWidth}
      icon={<IconHeadset size={20} />}
      title={`${entry.title} (${t('customerService.opensInNewTab')})`}
    >
      {t('customerService.contact')}
    </LinkButton>
  );
}
