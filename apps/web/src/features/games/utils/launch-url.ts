/**
 * A launch URL is opened only when it is an absolute http(s) address; anything else (javascript:, data:, a
 * relative path, garbage) gets 'Invalid URL, please contact customer service' (spec section 8).
 */
export function isLaunchableUrl(url: string | null | undefined): url is string {
  const trimmed = (url ?? '').trim();
  if (trimmed === '') return false;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
