import { addTexts } from '@/lib/i18n';
import { identityBn } from './bn';
import { identityEn } from './en';

// Importing this module registers the identity texts in both languages, so a language switch while a
// dialog is open needs no further download. Screens that use them import it for this side effect.
addTexts({ en: identityEn, bn: identityBn });
