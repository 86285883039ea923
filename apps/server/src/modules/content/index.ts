/** The content module's public face: other modules and app.ts use only what is exported here. */
export { demoArticles } from './content.articles.seed';
export type { ArticleService } from './content.articles.service';
export { contentMediaPath, demoBannerUrl } from './content.media';
export { type ContentRoutesOptions, contentRoutes } from './content.routes';
export { demoAnnouncements, seedDemoContent } from './content.seed';
export {
  type CashierNotice,
  type ContentIdentity,
  type ContentOperator,
  type ContentService,
  type ContentServiceDeps,
  createContentService,
} from './content.service';
