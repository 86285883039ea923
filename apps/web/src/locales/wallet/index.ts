import { addTexts } from '@/lib/i18n';
import { walletBn } from './bn';
import { walletEn } from './en';

// Importing this module registers the wallet texts in both languages; the header's wallet corner imports it.
addTexts({ en: walletEn, bn: walletBn });
