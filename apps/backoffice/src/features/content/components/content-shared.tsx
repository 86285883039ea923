import { Spinner } from '@portal/ui/spinner';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, describeError } from '@/lib/api-client';

/**
 * The field errors of an editor: what the server refused, by field (`texts.en.title`, the `body.` of the request
 * left off), so that each field shows its own message under it.
 */
export function useFieldIssues() {
  const toast = useToast();
  const [issues, setIssues] = useState<Record<string, string>>({});
  /** The message of one field, or null. */
  const issue = (key: string) => issues[key] ?? null;
  /** A failed save: its field errors under their fields, and the error in a toast. */
  const showIssues = (error: unknown) => {
    if (error instanceof ApiError && error.issues.length > 0) {
      setIssues(Object.fromEntries(error.issues.map((entry) => [entry.path.replace(/^body\./, ''), entry.message])));
    }
    toast.error(describeError(error));
  };
  return { issues, issue, setIssues, showIssues };
}

/** A content list's loading and failure states, quiet inside the page; the list itself once it has loaded. */
export function ContentListState<Data>({
  query,
  children,
}: {
  query: { data: Data | undefined; isPending: boolean; isError: boolean; error: unknown };
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="bo-page-loading">
        <Spinner size="lg" />
      </div>
    );
  }
  if (query.isError || query.data === undefined) return <p role="alert">{describeError(query.error)}</p>;
  return <>{children(query.data)}</>;
}

/** The lists of published content, as they name their texts. */
export type ContentList = 'contentBo.articles' | 'contentBo.announcements';

/** The pills above a content list that narrow it to one kind, or show every kind (`all`). */
export function KindFilter<Kind extends string>({
  prefix,
  kinds,
  labelOf,
  value,
  onChange,
}: {
  prefix: ContentList;
  kinds: readonly Kind[];
  labelOf: (kind: Kind) => string;
  value: Kind | '';
  onChange: (kind: Kind | '') => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      label={t(`${prefix}.filter`)}
      value={value || 'all'}
      onChange={(id) => onChange(id === 'all' ? '' : (id as Kind))}
      items={[{ id: 'all', label: t(`${prefix}.all`) }, ...kinds.map((kind) => ({ id: kind, label: labelOf(kind) }))]}
      variant="pill"
    />
  );
}

/** Asks before a content item is deleted, naming it by its English title; says so in a toast once it is gone. */
export function DeleteContentDialog<Item extends { id: number; texts: { en?: { title: string } } }>({
  prefix,
  item,
  remove,
  onClose,
}: {
  prefix: ContentList;
  item: Item | null;
  remove: {
    mutate: (id: number, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
    isPending: boolean;
  };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <ConfirmDialog
      open={item !== null}
      title={t(`${prefix}.deleteTitle`)}
      confirmLabel={t(`${prefix}.delete`)}
      tone="danger"
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!item) return;
        remove.mutate(item.id, {
          onSuccess: () => {
            toast.success(t(`${prefix}.deleted`));
            onClose();
          },
          onError: (error) => toast.error(describeError(error)),
        });
      }}
    >
      {t(`${prefix}.deleteBody`, { title: item?.texts.en?.title ?? '' })}
    </ConfirmDialog>
  );
}
