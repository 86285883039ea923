import { cx } from './cx';
import { IconStar } from './icons';
import './wordmark.css';

export type WordmarkProps = {
  /** The site name; merchant codes such as "BDX88" render their trailing digits in the accent. */
  name: string;
  size?: 'sm' | 'md' | 'lg';
  /** Leave out the emblem where it is already shown nearby (the loading cover). */
  emblem?: boolean;
  className?: string;
};

/** The site's logo when the operator has not uploaded one: an emblem and the name set in the brand gradient. */
export function Wordmark({ name, size = 'md', emblem = true, className }: WordmarkProps) {
  const match = /^(.*?)(\d+)$/.exec(name);
  const head = match?.[1] ? match[1] : name;
  const tail = match?.[1] ? match[2] : '';
  return (
    <span className={cx('ui-wordmark', `ui-wordmark--${size}`, className)}>
      {emblem && <Emblem />}
      <span className="ui-wordmark__text">
        <span className="ui-wordmark__head">{head}</span>
        {tail && <span className="ui-wordmark__tail">{tail}</span>}
      </span>
    </span>
  );
}

/** The brand emblem alone, for places where the site name is not known yet (the first loading cover). */
export function Emblem({ className }: { className?: string }) {
  return (
    <span className={cx('ui-emblem', className)} aria-hidden="true">
      <IconStar size={18} />
    </span>
  );
}
