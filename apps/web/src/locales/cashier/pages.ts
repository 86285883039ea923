import { addTexts } from '@/lib/i18n';
import { cashierPageLabels } from './labels';

// The member centre imports this before any cashier page, so the tabs are labelled while the pages' own texts
// (./index.ts) come with them.
addTexts(cashierPageLabels);
