/** The home page's paths (spec section 2); `/help`, `/login` and `/register` show it too, under their modals. */
export const homePaths: readonly string[] = ['/', '/index', '/index.html', '/home'];

/**
 * Spec section 9: the side menu is hidden on the game pages /seamless, /lottert, /vnlottery and /sealottery.
 * The match is exact (case included): /vnLottery and /seaLottery are the lottery lobbies, which keep the menu.
 */
export const sideMenuHiddenPaths: readonly string[] = ['/seamless', '/lottert', '/vnlottery', '/sealottery'];

export function showsSideMenu(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !sideMenuHiddenPaths.includes(path);
}

/** localStorage key of the collapsed side menu ("1") and of the hidden floating bar ("1"), kept per device. */
export const frameStorageKeys = { sideMenuCollapsed: 'sideMenuCollapsed', floatingBarHidden: 'floatingBarHidden' };
