import type { CustomerServiceEntry } from '@portal/contract';
import { IconChat, IconFacebook, IconHeadset, IconMail, IconPhone, IconTelegram, IconWhatsapp } from '@portal/ui/icons';

const icons: Record<CustomerServiceEntry['csType'], typeof IconChat> = {
  LIVECHAT: IconHeadset,
  FACEBOOK: IconFacebook,
  TELEGRAM: IconTelegram,
  WHATSAPP: IconWhatsapp,
  EMAIL: IconMail,
  PHONE: IconPhone,
  ZALO: IconChat,
  LINE: IconChat,
};

export function ChannelIcon({ type, size = 20 }: { type: CustomerServiceEntry['csType']; size?: number }) {
  const Icon = icons[type];
  return <Icon size={size} />;
}
