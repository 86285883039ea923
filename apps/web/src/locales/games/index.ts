import { addTexts } from '@/lib/i18n';
import { gamesBn } from './bn';
import { gamesEn } from './en';

// Importing this module registers the game screens' texts in both languages; every games screen imports it.
addTexts({ en: gamesEn, bn: gamesBn });
