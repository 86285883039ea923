import { buttonClassName } from '@portal/ui/button';
import { IconAlert } from '@portal/ui/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consolePaths } from '../paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="bo-message-card bo-message-card--inline">
      <IconAlert size={34} className="bo-message-card__icon" />
      <h1>{t('app.notFoundTitle')}</h1>
      <p>{t('app.notFoundBody')}</p>
      <Link to={consolePaths.settings} className={buttonClassName({ variant: 'secondary' })}>
        {t('app.backToConsole')}
      </Link>
    </div>
  );
}
