import { addTexts } from '@/lib/i18n';
import { pointsMallBn } from './bn';
import { pointsMallEn } from './en';

// Importing this module registers the points mall's texts in both languages; the /pointMall route imports it.
addTexts({ en: pointsMallEn, bn: pointsMallBn });
