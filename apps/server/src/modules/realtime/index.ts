/** The realtime module's public face (ARCHITECTURE.md section 7): app.ts uses only what is exported here. */
export {
  type CashierQueueFeed,
  type CashierQueueFeedDeps,
  cashierQueueChannel,
  cashierQueueEvent,
  createCashierQueueFeed,
} from './realtime.cashier-queue';
export { type CashierNoticeRelayDeps, cashierNoticeEvent, createCashierNoticeRelay } from './realtime.notices';
export { type RealtimeRoutesOptions, realtimeRoutes } from './realtime.routes';
export {
  accountChannel,
  createRealtimeService,
  type RealtimeService,
  type RealtimeServiceDeps,
  type RealtimeSubscriber,
} from './realtime.service';
