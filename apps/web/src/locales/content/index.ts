import { addTexts } from '@/lib/i18n';
import { contentBn } from './bn';
import { contentEn } from './en';

// Importing this module registers the content texts in both languages; every content screen imports it.
addTexts({ en: contentEn, bn: contentBn });
