import { i18n } from '@/lib/i18n';
import { contentBoBn } from './bn';
import { contentBoEn } from './en';

// Importing this module registers the content pages' texts in both languages; each content page imports it.
i18n.addResourceBundle('en', 'translation', contentBoEn, true, false);
i18n.addResourceBundle('bn', 'translation', contentBoBn, true, false);
