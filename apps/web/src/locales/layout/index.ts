import { addTexts } from '@/lib/i18n';
import { layoutBn } from './bn';
import { layoutEn } from './en';

// Importing this module registers the frame's texts in both languages; the root layout imports it.
addTexts({ en: layoutEn, bn: layoutBn });
