import { lazy, Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error-boundary';
import { RouteFallback } from './layout/route-fallback';
import { SessionHost } from './session-host';

// Route screens load on demand so the first paint only carries the shell.
const HomeRoute = lazy(() => import('./routes/home').then((module) => ({ default: module.HomeRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found').then((module) => ({ default: module.NotFoundRoute })));
const MemberRoute = lazy(() => import('./routes/member').then((module) => ({ default: module.MemberRoute })));
const AgentRoute = lazy(() => import('./routes/agent').then((module) => ({ default: module.AgentRoute })));
const AgentHomeRoute = lazy(() => import('./routes/agent-home').then((module) => ({ default: module.AgentHomeRoute })));

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
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
        <Route element={<StandaloneLayout />}>
          <Route path="agent" element={<AgentRoute />} />
          <Route path="agentHome" element={<AgentHomeRoute />} />
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
