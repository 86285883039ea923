/**
 * Resolves once the faces a language's letters need are loaded (at most `timeoutMs`). Bengali comes from the bundled
 * Noto Sans Bengali (theme/fonts.css), which the browser fetches only when a Bengali letter first needs it; Chromium
 * keeps the shaping of text laid out before the face arrived, so on a machine without a Bengali system font that
 * text stayed as boxes after the font had loaded (seen on the back office's sign-in labels and side bar, and on the
 * portal's skip link). Loading the faces before the first Bengali render, and before a switch to Bengali, avoids it.
 * Other languages resolve at once.
 */
export function languageFontsReady(language: string, timeoutMs = 3000): Promise<void> {
  if (language !== 'bn' || typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const faces = ['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Bengali"`, 'অ'));
  const loaded = Promise.all(faces).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}
