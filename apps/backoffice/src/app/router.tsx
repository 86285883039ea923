import { lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { useCan } from '@/lib/session';
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
const DepositChannelsRoute = lazy(() =>
  import('./routes/deposit-channels').then((module) => ({ default: module.DepositChannelsRoute })),
);
const DashboardRoute = lazy(() => import('./routes/dashboard').then((module) => ({ default: module.DashboardRoute })));
const PlayersRoute = lazy(() => import('./routes/players').then((module) => ({ default: module.PlayersRoute })));
const PlayerRoute = lazy(() => import('./routes/players').then((module) => ({ default: module.PlayerRoute })));
const AdjustmentsRoute = lazy(() =>
  import('./routes/adjustments').then((module) => ({ default: module.AdjustmentsRoute })),
);
const AnnouncementsRoute = lazy(() =>
  import('./routes/content').then((module) => ({ default: module.AnnouncementsRoute })),
);
const ArticlesRoute = lazy(() => import('./routes/content').then((module) => ({ default: module.ArticlesRoute })));
const MessagesRoute = lazy(() => import('./routes/content').then((module) => ({ default: module.MessagesRoute })));
const FeedbackRoute = lazy(() => import('./routes/content').then((module) => ({ default: module.FeedbackRoute })));
const HelpCenterRoute = lazy(() => import('./routes/content').then((module) => ({ default: module.HelpCenterRoute })));
const LiveChatRoute = lazy(() => import('./routes/live-chat').then((module) => ({ default: module.LiveChatRoute })));
const GamesRoute = lazy(() => import('./routes/games').then((module) => ({ default: module.GamesRoute })));
const ReportsRoute = lazy(() => import('./routes/reports').then((module) => ({ default: module.ReportsRoute })));
const PointsMallRoute = lazy(() =>
  import('./routes/points-mall').then((module) => ({ default: module.PointsMallRoute })),
);
const NotFoundRoute = lazy(() => import('./routes/not-found').then((module) => ({ default: module.NotFoundRoute })));

/** The console's start: the dashboard for roles that may read it, the site settings for the others. */
function HomeRedirect() {
  const canDashboard = useCan('dashboard.read');
  return <Navigate to={canDashboard ? consolePaths.dashboard : consolePaths.settings} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path={consolePaths.login} element={<LoginRoute />} />
      <Route element={<ConsoleLayout />}>
        <Route index element={<HomeRedirect />} />
        <Route path={consolePaths.settings} element={<SettingsRoute />} />
        <Route path={consolePaths.features} element={<FeaturesRoute />} />
        <Route path={consolePaths.registration} element={<RegistrationRoute />} />
        <Route path={consolePaths.customerService} element={<CustomerServiceRoute />} />
        <Route path={consolePaths.operators} element={<OperatorsRoute />} />
        <Route path={consolePaths.audit} element={<AuditRoute />} />
        <Route path={consolePaths.deposits} element={<DepositsRoute />} />
        <Route path={consolePaths.withdrawals} element={<WithdrawalsRoute />} />
        <Route path={consolePaths.depositChannels} element={<DepositChannelsRoute />} />
        <Route path={consolePaths.dashboard} element={<DashboardRoute />} />
        <Route path={consolePaths.players} element={<PlayersRoute />} />
        <Route path={consolePaths.player} element={<PlayerRoute />} />
        <Route path={consolePaths.adjustments} element={<AdjustmentsRoute />} />
        <Route path={consolePaths.announcements} element={<AnnouncementsRoute />} />
        <Route path={consolePaths.articles} element={<ArticlesRoute />} />
        <Route path={consolePaths.messages} element={<MessagesRoute />} />
        <Route path={consolePaths.feedback} element={<FeedbackRoute />} />
        <Route path={consolePaths.help} element={<HelpCenterRoute />} />
        <Route path={consolePaths.liveChat} element={<LiveChatRoute />} />
        <Route path={consolePaths.games} element={<GamesRoute />} />
        <Route path={consolePaths.reports} element={<ReportsRoute />} />
        <Route path={consolePaths.pointsMall} element={<PointsMallRoute />} />
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
