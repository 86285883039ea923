import { Button } from '@portal/ui/button';
import { IconAlert, IconRefresh } from '@portal/ui/icons';
import { StatusScreen } from '@portal/ui/status-screen';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '@/lib/i18n';

type State = { failed: boolean };

/**
 * The last line of defence: a render error anywhere above the router shows a translated screen with a
 * reload button instead of a blank page. Errors inside pages are handled closer, by the router.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <StatusScreen
        tone="danger"
        icon={<IconAlert size={34} />}
        title={translate('app.crashTitle')}
        actions={
          <Button size="lg" icon={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            {translate('app.reload')}
          </Button>
        }
      >
        <p>{translate('app.crashBody')}</p>
      </StatusScreen>
    );
  }
}
