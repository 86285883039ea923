import { Navigate } from 'react-router';
import { AgentLanding } from '@/features/agent/components/agent-landing';
import { AgentLoginForm } from '@/features/auth/components/agent-login-form';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { usePermission } from '@/lib/permission';
import { useSession } from '@/lib/session';

/** /agent: the agent landing page with its own login form; a logged-in agent goes on to the agent centre. */
export function AgentRoute() {
  const { info } = usePermission();
  const session = useSession();
  if (session.status === 'agent') return <Navigate to="/agentHome" replace />;
  return (
    <AgentLanding
      siteName={info.siteName}
      loginForm={<AgentLoginForm />}
      toolbar={<LanguageSwitcher offered={info.languages} />}
    />
  );
}
