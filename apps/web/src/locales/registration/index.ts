import { registrationMessagesBn, registrationMessagesEn } from '@portal/contract';
import { addTexts } from '@/lib/i18n';

// The registration messages (field patterns and the spec's fixed form messages, section 5) are about 11 KB of the
// contract's catalogue; the start-up catalogue leaves them out and every form that shows them imports this module
// (through features/auth/utils/messages.ts), so they download with the registration and other identity forms.
addTexts({ en: registrationMessagesEn, bn: registrationMessagesBn });
