import { lazy, Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { lazyLoaded } from '@/lib/lazy-loaded';
import { homePaths } from './layout/frame-rules';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error-boundary';
import { RouteFallback } from './layout/route-fallback';
import { SessionHost } from './session-host';

// Route screens load on demand so the first paint only carries the shell.
const HomeRoute = lazyLoaded(
  () => import('./routes/home'),
  (module) => module.HomeRoute,
);
/** The longest the start-up cover waits for the landing page's code once the site configuration is in. */
const landingWaitMs = 3000;

/**
 * Most visits land on the home page: its code starts downloading beside the site configuration, not after it. The
 * start-up gate keeps its cover until that code is in (or `landingWaitMs`, or it failed: the route's error boundary
 * then shows it), so the frame's first commit shows the home page with its banners, instead of a loading fallback
 * that React reveals about 300 ms after the code arrives. Null on other pages.
 */
export const landingRouteLoaded: Promise<void> | null =
  typeof window !== 'undefined' && homePaths.includes(window.location.pathname)
    ? Promise.race([
        HomeRoute.preload().then(
          () => undefined,
          () => undefined,
        ),
        new Promise<void>((resolve) => setTimeout(resolve, landingWaitMs)),
      ])
    : null;
const LiveChatPage = lazy(() =>
  import('@/features/live-chat/components/live-chat-page').then((module) => ({ default: module.LiveChatPage })),
);
const NotFoundRoute = lazy(() => import('./routes/not-found').then((module) => ({ default: module.NotFoundRoute })));
const MemberRoute = lazy(() => import('./routes/member').then((module) => ({ default: module.MemberRoute })));
const AgentRoute = lazy(() => import('./routes/agent').then((module) => ({ default: module.AgentRoute })));
const AgentHomeRoute = lazy(() => import('./routes/agent-home').then((module) => ({ default: module.AgentHomeRoute })));
const GamesCategoryRoute = lazy(() =>
  import('./routes/games-category').then((module) => ({ default: module.GamesCategoryRoute })),
);
const GamesAccountRoute = lazy(() =>
  import('./routes/games-account').then((module) => ({ default: module.GamesAccountRoute })),
);
const GamesPlayRoute = lazy(() => import('./routes/games-play').then((module) => ({ default: module.GamesPlayRoute })));
const PromotionsRoute = lazy(() =>
  import('./routes/promotions').then((module) => ({ default: module.PromotionsRoute })),
);
const PointMallRoute = lazy(() => import('./routes/point-mall').then((module) => ({ default: module.PointMallRoute })));
const ArticlesRoute = lazy(() => import('./routes/articles').then((module) => ({ default: module.ArticlesRoute })));
const WinnersRoute = lazy(() => import('./routes/winners').then((module) => ({ default: module.WinnersRoute })));
const InhouseGameRoute = lazy(() =>
  import('./routes/inhouse-game').then((module) => ({ default: module.InhouseGameRoute })),
);
const GamesLotteryRoute = lazy(() =>
  import('./routes/games-lottery').then((module) => ({ default: module.GamesLotteryRoute })),
);

/** Article sections (news, blog, beginner guide): a list at /<kind>, an article at /<kind>/:id. */
const articleSections = ['news', 'blog', 'guide'] as const;

/** Category routes of spec section 2 (game list centres, then game centres); one screen picks by path. */
const gameCategoryPaths = ['live', 'fish', 'rng', 'pvp', 'bgs', 'sports', 'esports', 'lott', 'elott', 'cockfight'];

/** Pages with their own frame (the agent area): no player header and footer, same error and loading handling. */
function StandaloneLayout() {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Routes of spec section 2 that exist so far. `/help`, `/login` and `/register` show the home page with
 * their modal above it (the layout opens help from the path, the session host the identity modals);
 * later issues add their routes here.
 */
export function AppRoutes() {
  return (
    <>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="index" element={<HomeRoute />} />
          <Route path="index.html" element={<HomeRoute />} />
          <Route path="home" element={<HomeRoute />} />
          <Route path="help" element={<HomeRoute />} />
          <Route path="login" element={<HomeRoute />} />
          <Route path="register" element={<HomeRoute />} />
          <Route path="member" element={<MemberRoute />} />
          <Route path="promotions" element={<PromotionsRoute />} />
          <Route path="pointMall" element={<PointMallRoute />} />
          <Route path="live-chat" element={<LiveChatPage />} />
          {articleSections.map((kind) => (
            <Route key={kind} path={kind}>
              <Route index element={<ArticlesRoute kind={kind} />} />
              <Route path=":id" element={<ArticlesRoute kind={kind} />} />
            </Route>
          ))}
          <Route path="winners" element={<WinnersRoute />} />
          {gameCategoryPaths.map((path) => (
            <Route key={path} path={path} element={<GamesCategoryRoute />} />
          ))}
          <Route path="favorite" element={<GamesAccountRoute list="favorite" />} />
          <Route path="recent" element={<GamesAccountRoute list="recent" />} />
          <Route path="seamless" element={<GamesPlayRoute />} />
          {/* Paths match regardless of case, so /vnlottery and /sealottery (game pages) are these routes too. */}
          <Route path="lottery" element={<GamesLotteryRoute kind="lottery" />} />
          <Route path="lottert" element={<GamesLotteryRoute kind="lottery" />} />
          <Route path="seaLottery" element={<GamesLotteryRoute kind="seaLottery" />} />
          <Route path="vnLottery" element={<GamesLotteryRoute kind="vnLottery" />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
        <Route element={<StandaloneLayout />}>
          <Route path="agent" element={<AgentRoute />} />
          <Route path="agentHome" element={<AgentHomeRoute />} />
          {/* The in-house games' page, opened by the launcher inside the game frame. */}
          <Route path="inhouse/:gameCode" element={<InhouseGameRoute />} />
        </Route>
      </Routes>
      <SessionHost />
    </>
  );
}

/**
 * Declarative routing: data comes from TanStack Query, so the data router's loaders and actions would
 * add about 17 KB gzip to the first load for nothing (measured with this build).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
