import { Spinner } from '@portal/ui/spinner';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AgentHome } from '@/features/agent/components/agent-home';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { openModal } from '@/lib/modals';
import { usePermission } from '@/lib/permission';
import { useSession } from '@/lib/session';

/** /agentHome: the agent centre, for agents only; anyone else is sent to /agent (spec section 2). */
export function AgentHomeRoute() {
  const { t } = useTranslation();
  const { info: site } = usePermission();
  const session = useSession();
  if (session.status === 'loading') {
    return (
      <div className="route-fallback route-fallback--page">
        <Spinner size="lg" label={t('app.loading')} />
      </div>
    );
  }
  if (session.status !== 'agent' || !session.info) return <Navigate to="/agent" replace />;
  return (
    <AgentHome
      siteName={site.siteName}
      info={session.info}
      toolbar={<LanguageSwitcher offered={site.languages} />}
      onSignOut={() => openModal('logoutConfirm', { redirectTo: '/agent' })}
    />
  );
}
