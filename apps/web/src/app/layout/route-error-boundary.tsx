import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteErrorScreen } from '../routes/route-error';

type Props = {
  children: ReactNode;
  /** A new value (the path) clears the error, so navigating elsewhere recovers without a reload. */
  resetKey: string;
};
type State = { failed: boolean; resetKey: string };

/** Keeps the header and footer on screen when one page fails to render or its code fails to load. */
export class RouteErrorBoundary extends Component<Props, State> {
  constructor(props: Props) {
    super(props);
    this.state = { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Route failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
