/** The catalogue module's public face: other modules and app.ts use only what is exported here. */

export type { GamePlayActivity } from './catalogue.repository';
export { defaultReshapeRules, effectiveCategory, type ReshapeRules, reshapeLanes } from './catalogue.reshape';
export { type CatalogueRoutesOptions, catalogueRoutes, requestLanguage } from './catalogue.routes';
export {
  type CatalogueDeps,
  type CatalogueService,
  createCatalogueService,
  type FeedGame,
  type FeedVendor,
  type LaunchTarget,
  type VendorFeed,
} from './catalogue.service';
