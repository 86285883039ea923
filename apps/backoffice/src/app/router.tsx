import { lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ConsoleLayout } from './layout/console-layout';
import { consolePaths } from './paths';
import { LoginRoute } from './routes/login';

// Console pages load on demand so the sign-in page carries only what it needs.
const SettingsRoute = lazy(() => import('./routes/settings').then((module) => ({ default: module.SettingsRoute })));
const FeaturesRoute = lazy(() => import('./routes/features').then((module) => ({ default: module.FeaturesRoute })));
const RegistrationRoute = lazy(() =>
  import('./routes/registration').then((module) => ({ default: module.RegistrationRoute })),
);
const CustomerServiceRoute = lazy(() =>
  import('./routes/customer-service').then((module) => ({ default: module.CustomerServiceRoute })),
);
const OperatorsRoute = lazy(() => import('./routes/operators').then((module) => ({ default: module.OperatorsRoute })));
const AuditRoute = lazy(() => import('./routes/audit').then((module) => ({ default: module.AuditRoute })));
const DepositsRoute = lazy(() => import('./routes/cashier').then((module) => ({ default: module.DepositsRoute })));
const WithdrawalsRoute = lazy(() =>
  import('./routes/cashier').then((module) => ({ default: module.WithdrawalsRoute })),
);
const NotFoundRoute = lazy(() => import('./routes/not-found').then((module) => ({ default: module.NotFoundRoute })));

export function AppRoutes() {
  return (
    <Routes>
      <Route path={consolePaths.login} element={<LoginRoute />} />
      <Route element={<ConsoleLayout />}>
        <Route index element={<Navigate to={consolePaths.settings} replace />} />
        <Route path={consolePaths.settings} element={<SettingsRoute />} />
        <Route path={consolePaths.features} element={<FeaturesRoute />} />
        <Route path={consolePaths.registration} element={<RegistrationRoute />} />
        <Route path={consolePaths.customerService} element={<CustomerServiceRoute />} />
        <Route path={consolePaths.operators} element={<OperatorsRoute />} />
        <Route path={consolePaths.audit} element={<AuditRoute />} />
        <Route path={consolePaths.deposits} element={<DepositsRoute />} />
        <Route path={consolePaths.withdrawals} element={<WithdrawalsRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}

/** The console lives under /backoffice on the server (Vite `base`), so the router works below that. */
export function AppRouter() {
  return (
    <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
      <AppRoutes />
    </BrowserRouter>
  );
}
