import { i18n } from '@/lib/i18n';
import { pointsBoBn } from './bn';
import { pointsBoEn } from './en';

// Importing this module registers the points mall pages' texts in both languages; the page imports it.
i18n.addResourceBundle('en', 'translation', pointsBoEn, true, false);
i18n.addResourceBundle('bn', 'translation', pointsBoBn, true, false);
