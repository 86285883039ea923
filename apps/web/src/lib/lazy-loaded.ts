import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * `React.lazy` for a screen whose code may already be loaded when it first renders. React.lazy suspends on its first
 * render even when the module has arrived (its loader returns a new promise), so the nearest Suspense boundary shows
 * its fallback for a commit, and React then holds the content back for its fallback throttle (about 300 ms) before
 * revealing it. Here, once the module has loaded (`preload`, or an earlier render), the loader hands React an already
 * fulfilled thenable, which React.lazy reads synchronously: the screen renders in the same commit as its parent.
 */
export function lazyLoaded<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyExoticComponent<ComponentType<Props>> & { preload: () => Promise<Module> } {
  let loaded: { default: ComponentType<Props> } | undefined;
  let loading: Promise<Module> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = { default: pick(module) };
        return module;
      },
      (error: unknown) => {
        // A failed download may be retried by the next render (the route's error boundary offers it).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() => {
    const ready = loaded;
    if (ready) {
      // A thenable that calls back at once: React.lazy marks itself resolved before it would throw.
      // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable; this one must settle synchronously.
      const fulfilled = { then: (resolve: (value: { default: ComponentType<Props> }) => void) => resolve(ready) };
      return fulfilled as unknown as Promise<{ default: ComponentType<Props> }>;
    }
    return preload()
      .then(pick)
      .then((picked) => ({ default: picked }));
  });
  return Object.assign(component, { preload });
}
