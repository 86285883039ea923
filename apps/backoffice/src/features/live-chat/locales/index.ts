import { i18n } from '@/lib/i18n';
import { liveChatBoBn } from './bn';
import { liveChatBoEn } from './en';

// Importing this module registers the live-chat console's texts in both languages.
i18n.addResourceBundle('en', 'translation', liveChatBoEn, true, false);
i18n.addResourceBundle('bn', 'translation', liveChatBoBn, true, false);
