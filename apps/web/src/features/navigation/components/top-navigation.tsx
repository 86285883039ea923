import { cx } from '@portal/ui/cx';
import { IconChevronDown } from '@portal/ui/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { NavCategory } from '../utils/build-navigation';
import { GameTypeIcon, IconGift, IconHome } from './nav-icons';
import './top-navigation.css';

export type TopNavigationProps = {
  categories: readonly NavCategory[];
  /** Where promotions live; the item is left out while the portal has no promotions page. */
  promotionsHref?: string | null;
  className?: string;
};

/** Spec section 2: clicking a navigation item scrolls to the top and navigates. */
const scrollToTop = () => window.scrollTo({ top: 0 });

/**
 * The top navigation (spec section 2 "Header and navigation"): home, the game categories that have vendors
 * in vendor sorting order, then promotions. Each category opens a drop-down listing its vendors (the large grid
 * above ten) on hover, or with its chevron button for keyboard and touch (the WAI-ARIA disclosure navigation
 * pattern: the category name stays a plain link).
 */
export function TopNavigation({ categories, promotionsHref, className }: TopNavigationProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  // Whether the open drop-down was opened by a click (it then stays when the pointer leaves) or by hovering.
  const [pinned, setPinned] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const baseId = useId();

  useEffect(() => {
    if (!open) {
      setPinned(false);
      return;
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      rootRef.current?.querySelector<HTMLElement>(`[data-toggle="${open}"]`)?.focus();
      setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const go = () => {
    setOpen(null);
    scrollToTop();
  };

  return (
    <nav ref={rootRef} className={cx('top-nav', className)} aria-label={t('layout.mainNavigation')}>
      <ul className="top-nav__list">
        <li className="top-nav__item">
          <NavLink to="/" end className="top-nav__link" onClick={go}>
            <IconHome size={18} />
            {t('shell.nav.home')}
          </NavLink>
        </li>
        {categories.map((category) => {
          const label = t(`shell.gameTypes.${category.gameType}`);
          const expanded = open === category.gameType;
          const panelId = `${baseId}-${category.gameType}`;
          return (
            <li
              key={category.gameType}
              className={cx('top-nav__item', 'top-nav__item--menu', expanded && 'is-open')}
              onMouseEnter={() => {
                if (!pinned) setOpen(category.gameType);
              }}
              onMouseLeave={() => {
                if (!pinned) setOpen((current) => (current === category.gameType ? null : current));
              }}
            >
              <NavLink to={category.href} className="top-nav__link" onClick={go}>
                <GameTypeIcon gameType={category.gameType} size={18} />
                {label}
              </NavLink>
              <button
                type="button"
                className="top-nav__toggle"
                data-toggle={category.gameType}
                aria-expanded={expanded}
                aria-controls={panelId}
                aria-label={t('shell.nav.vendors', { category: label })}
                onClick={() => {
                  // A click on a drop-down the pointer already opened keeps it open (pinned) rather than closing it.
                  const close = expanded && pinned;
                  setOpen(close ? null : category.gameType);
                  setPinned(!close);
                }}
              >
                <IconChevronDown size={14} />
              </button>
              <div
                id={panelId}
                className={cx('top-nav__panel', category.large && 'top-nav__panel--large')}
                hidden={!expanded}
              >
                <p className="top-nav__panel-title">{t('shell.nav.vendors', { category: label })}</p>
                <ul className="top-nav__vendors">
                  {category.vendors.map((vendor) => (
                    <li key={vendor.code}>
                      <Link to={vendor.href} className="top-nav__vendor" onClick={go}>
                        <span className="top-nav__vendor-mark" aria-hidden="true">
                          {vendor.code.slice(0, 3)}
                        </span>
                        <span className="top-nav__vendor-name">{vendor.name}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
                <Link to={category.href} className="top-nav__all" onClick={go}>
                  {t('shell.nav.allGames', { category: label })}
                </Link>
              </div>
            </li>
          );
        })}
        {promotionsHref && (
          <li className="top-nav__item">
            <NavLink to={promotionsHref} className="top-nav__link" onClick={go}>
              <IconGift size={18} />
              {t('shell.nav.promotions')}
            </NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
