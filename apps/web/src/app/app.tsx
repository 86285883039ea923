import { AppProvider } from './provider';
import { AppRouter } from './router';
import { StartupGate } from './startup-gate';

export function App() {
  return (
    <AppProvider>
      <StartupGate>
        <AppRouter />
      </StartupGate>
    </AppProvider>
  );
}
