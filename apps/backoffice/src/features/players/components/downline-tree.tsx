import type { PlayerDownlineNode } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Spinner } from '@portal/ui/spinner';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pill } from '@/components/ui/panel';
import { describeError } from '@/lib/api-client';
import { usePlayerDownline } from '../api/players';

type TreeProps = { detailPath: (id: number) => string };

/** One page of a level; the last loaded page offers the next one. */
function DownlinePage({
  id,
  pageNo,
  depth,
  onMore,
  detailPath,
}: TreeProps & { id: number; pageNo: number; depth: number; onMore: (() => void) | null }) {
  const { t } = useTranslation();
  const page = usePlayerDownline(id, pageNo, true);
  // States are list items here: a level is a list, and a spinner or an error stands where its accounts will be.
  if (page.isPending) {
    return (
      <li className="bo-downline__state">
        <Spinner size="sm" label={t('app.loading')} />
      </li>
    );
  }
  if (page.isError) {
    return (
      <li className="bo-downline__state" role="alert">
        <span>{describeError(page.error)}</span>{' '}
        <Button variant="ghost" size="sm" onClick={() => void page.refetch()}>
          {t('app.retry')}
        </Button>
      </li>
    );
  }
  const { items, total, totalPages, pageSize } = page.data;
  return (
    <>
      {items.length === 0 && pageNo === 1 && <li className="bo-downline__empty">{t('players.downline.empty')}</li>}
      {items.map((node) => (
        <DownlineNode key={node.id} node={node} depth={depth} detailPath={detailPath} />
      ))}
      {onMore && pageNo < totalPages && (
        <li className="bo-downline__more">
          <Button variant="ghost" size="sm" onClick={onMore}>
            {t('players.downline.more', { count: total - pageNo * pageSize })}
          </Button>
        </li>
      )}
    </>
  );
}

/** The accounts directly below `id`, page by page. */
function DownlineLevel({ id, depth, detailPath, label }: TreeProps & { id: number; depth: number; label: string }) {
  const [pages, setPages] = useState(1);
  const listId = useId();
  return (
    <ul className="bo-downline__level" id={listId} aria-label={label}>
      {Array.from({ length: pages }, (_, index) => (
        <DownlinePage
          // biome-ignore lint/suspicious/noArrayIndexKey: a page number is the page's identity
          key={index}
          id={id}
          pageNo={index + 1}
          depth={depth}
          detailPath={detailPath}
          onMore={index + 1 === pages ? () => setPages(pages + 1) : null}
        />
      ))}
    </ul>
  );
}

function DownlineNode({ node, depth, detailPath }: TreeProps & { node: PlayerDownlineNode; depth: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hasChildren = node.downlineTotal > 0;
  return (
    <li className="bo-downline__node" data-testid={`downline-${node.id}`}>
      <div className="bo-downline__row">
        {hasChildren ? (
          <button
            type="button"
            className="bo-downline__toggle"
            aria-expanded={open}
            aria-label={t(open ? 'players.downline.collapse' : 'players.downline.expand', {
              username: node.username,
            })}
            onClick={() => setOpen(!open)}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        ) : (
          <span className="bo-downline__leaf" aria-hidden="true" />
        )}
        <Link className="bo-players__link" to={detailPath(node.id)}>
          {node.username}
        </Link>
        <Pill tone={node.kind === 'agent' ? 'primary' : 'info'}>{t(`players.kinds.${node.kind}`)}</Pill>
        {node.status !== 'active' && <Pill tone="danger">{t(`players.statuses.${node.status}`)}</Pill>}
        {hasChildren && (
          <span className="bo-players__sub">{t('players.downline.count', { count: node.downlineTotal })}</span>
        )}
      </div>
      {open && (
        <DownlineLevel
          id={node.id}
          depth={depth + 1}
          detailPath={detailPath}
          label={t('players.downline.label', { username: node.username })}
        />
      )}
    </li>
  );
}

/**
 * An agent's downline as a tree: the first level is shown, and each account with accounts below it opens to
 * show them, fetched from the server only then (one level, 50 at a time).
 */
export function DownlineTree({
  id,
  username,
  total,
  detailPath,
}: TreeProps & { id: number; username: string; total: number }) {
  const { t } = useTranslation();
  if (total === 0) return <p className="bo-players__sub">{t('players.downline.empty')}</p>;
  return (
    <div className="bo-downline">
      <DownlineLevel id={id} depth={1} detailPath={detailPath} label={t('players.downline.label', { username })} />
    </div>
  );
}
