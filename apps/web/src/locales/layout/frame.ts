import { addTexts } from '@/lib/i18n';
import { frameBn } from './frame-bn';
import { frameEn } from './frame-en';

// Importing this module registers the texts of the side menu, floating bar, footer, member centre and app download
// in both languages; each of those parts imports it, so the texts arrive with the first of them.
addTexts({ en: frameEn, bn: frameBn });
