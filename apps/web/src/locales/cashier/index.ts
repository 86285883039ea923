import { addTexts } from '@/lib/i18n';
import { cashierBn } from './bn';
import { cashierEn } from './en';

// Importing this module registers the cashier texts in both languages; the cashier pages import it.
addTexts({ en: cashierEn, bn: cashierBn });
