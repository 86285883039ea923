import { Button } from '@portal/ui/button';
import { IconAlert, IconRefresh } from '@portal/ui/icons';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '@/lib/i18n';

type State = { failed: boolean };

/** The last line of defence: a render error shows a translated screen with a reload button, not a blank page. */
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
      <main className="bo-center-screen">
        <div className="bo-message-card">
          <IconAlert size={34} className="bo-message-card__icon" />
          <h1>{translate('app.crashTitle')}</h1>
          <p>{translate('app.crashBody')}</p>
          <Button icon={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            {translate('app.reload')}
          </Button>
        </div>
      </main>
    );
  }
}
