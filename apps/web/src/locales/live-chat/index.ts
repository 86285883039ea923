import { addTexts } from '@/lib/i18n';
import { liveChatBn } from './bn';
import { liveChatEn } from './en';

// Importing this module registers the live-chat texts in both languages; the chat window imports it.
addTexts({ en: liveChatEn, bn: liveChatBn });
