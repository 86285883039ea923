import type { GameCategory } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The title band of a game page: category name, a line about it, and room for actions. */
export function CategoryHeader({
  category,
  title,
  intro,
  children,
}: {
  category?: GameCategory;
  title?: string;
  intro?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="games-header" data-category={category}>
      <div className="games-header__text">
        <h1 className="games-header__title">{title ?? (category ? t(`games.categories.${category}`) : '')}</h1>
        <p className="games-header__intro">{intro ?? (category ? t(`games.intro.${category}`) : '')}</p>
      </div>
      {children}
    </header>
  );
}
