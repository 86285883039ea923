import { addTexts } from '@/lib/i18n';
import { articlesBn } from './bn';
import { articlesEn } from './en';

// Importing this module registers the article texts in both languages; the article pages and footer import it.
addTexts({ en: articlesEn, bn: articlesBn });
