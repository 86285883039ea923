import { addTexts } from '@/lib/i18n';
import { inhouseBn } from './bn';
import { inhouseEn } from './en';

// Importing this module registers the in-house games' texts in both languages; their screens import it.
addTexts({ en: inhouseEn, bn: inhouseBn });
