import { type ArticleInput, type ArticleKind, articleKinds, type OperatorArticle } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Select } from '@portal/ui/select';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorActions } from '@/components/ui/editor-actions';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader, Pill } from '@/components/ui/panel';
import { describeError } from '@/lib/api-client';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useArticleList, useDeleteArticle, usePublishArticle, useSaveArticle } from '../api/content';
import '../locales';
import { ContentListState, DeleteContentDialog, KindFilter, useFieldIssues } from './content-shared';
import { LanguageColumns, LanguageFields } from './language-fields';
import '@/components/ui/table.css';
import './content.css';

/** The editor's state: the article as the form holds it (text inputs for numbers and dates). */
export type ArticleDraft = {
  kind: ArticleKind;
  coverUrl: string;
  published: boolean;
  publishAt: string;
  sort: string;
  titleEn: string;
  summaryEn: string;
  bodyEn: string;
  titleBn: string;
  summaryBn: string;
  bodyBn: string;
};

export function articleDraftOf(article: OperatorArticle | null): ArticleDraft {
  return {
    kind: article?.kind ?? 'news',
    coverUrl: article?.coverUrl ?? '',
    published: article?.published ?? false,
    publishAt: toDateTimeLocal(article?.publishAt ?? null),
    sort: String(article?.sort ?? 0),
    titleEn: article?.texts.en?.title ?? '',
    summaryEn: article?.texts.en?.summary ?? '',
    bodyEn: article?.texts.en?.body ?? '',
    titleBn: article?.texts.bn?.title ?? '',
    summaryBn: article?.texts.bn?.summary ?? '',
    bodyBn: article?.texts.bn?.body ?? '',
  };
}

/** The request body of a draft: Bengali only when it has a title, the publish time as ISO 8601. */
export function articleInputOf(draft: ArticleDraft): ArticleInput {
  const bn = draft.titleBn.trim()
    ? { bn: { title: draft.titleBn.trim(), summary: draft.summaryBn.trim(), body: draft.bodyBn } }
    : {};
  return {
    kind: draft.kind,
    coverUrl: draft.coverUrl.trim() || null,
    published: draft.published,
    publishAt: fromDateTimeLocal(draft.publishAt),
    sort: Number.parseInt(draft.sort, 10) || 0,
    texts: { en: { title: draft.titleEn.trim(), summary: draft.summaryEn.trim(), body: draft.bodyEn }, ...bn },
  };
}

function ArticleEditor({ article, onClose }: { article: OperatorArticle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [draft, setDraft] = useState(() => articleDraftOf(article));
  const { issue, setIssues, showIssues } = useFieldIssues();
  const save = useSaveArticle();
  const set = <K extends keyof ArticleDraft>(key: K, value: ArticleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIssues({});
    save.mutate(
      { id: article?.id ?? null, input: articleInputOf(draft) },
      {
        onSuccess: () => {
          toast.success(t('contentBo.articles.saved'));
          onClose();
        },
        onError: showIssues,
      },
    );
  };

  const f = 'contentBo.articles.form';
  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      closeOnBackdrop={false}
      title={article ? t('contentBo.articles.edit') : t('contentBo.articles.create')}
      closeLabel={t(`${f}.cancel`)}
    >
      <form className="bo-content-editor" onSubmit={submit} noValidate>
        <div className="bo-content-editor__grid">
          <Select
            label={t(`${f}.kind`)}
            value={draft.kind}
            options={articleKinds.map((kind) => ({ value: kind, label: t(`contentBo.articles.kinds.${kind}`) }))}
            onChange={(event) => set('kind', event.target.value as ArticleKind)}
          />
          <Input
            label={t(`${f}.sort`)}
            type="number"
            min={0}
            max={9999}
            value={draft.sort}
            onChange={(event) => set('sort', event.target.value)}
          />
          <Input
            label={t(`${f}.publishAt`)}
            hint={t(`${f}.publishAtHint`)}
            type="datetime-local"
            value={draft.publishAt}
            onChange={(event) => set('publishAt', event.target.value)}
            error={issue('publishAt')}
          />
        </div>
        <Input
          label={t(`${f}.cover`)}
          hint={t(`${f}.coverHint`)}
          value={draft.coverUrl}
          onChange={(event) => set('coverUrl', event.target.value)}
          error={issue('coverUrl')}
          spellCheck={false}
        />
        <LanguageColumns>
          <LanguageFields
            lang="en"
            title={{
              label: t(`${f}.titleEn`),
              required: true,
              value: draft.titleEn,
              onChange: (value) => set('titleEn', value),
              error: issue('texts.en.title'),
            }}
            summary={{
              label: t(`${f}.summaryEn`),
              value: draft.summaryEn,
              onChange: (value) => set('summaryEn', value),
            }}
            body={{ label: t(`${f}.bodyEn`), value: draft.bodyEn, onChange: (value) => set('bodyEn', value) }}
          />
          <LanguageFields
            lang="bn"
            title={{
              label: t(`${f}.titleBn`),
              hint: t(`${f}.bnHint`),
              value: draft.titleBn,
              onChange: (value) => set('titleBn', value),
              error: issue('texts.bn.title'),
            }}
            summary={{
              label: t(`${f}.summaryBn`),
              value: draft.summaryBn,
              onChange: (value) => set('summaryBn', value),
            }}
            body={{ label: t(`${f}.bodyBn`), value: draft.bodyBn, onChange: (value) => set('bodyBn', value) }}
          />
        </LanguageColumns>
        <Checkbox
          label={t(`${f}.published`)}
          checked={draft.published}
          onChange={(event) => set('published', event.target.checked)}
        />
        <EditorActions
          className="bo-content-editor__actions"
          cancelLabel={t(`${f}.cancel`)}
          onCancel={onClose}
          submitLabel={t(`${f}.save`)}
          submitting={save.isPending}
        />
      </form>
    </Modal>
  );
}

/**
 * Articles (permission content.articles): news, blog posts and beginner guides with their state (live, scheduled,
 * draft), a form to write one (HTML per language, cleaned by the server), publish or withdraw, and delete.
 */
export function ArticlesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const language = useCurrentLanguage();
  const [kind, setKind] = useState<ArticleKind | ''>('');
  const [editing, setEditing] = useState<OperatorArticle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OperatorArticle | null>(null);
  const list = useArticleList(kind);
  const publish = usePublishArticle();
  const remove = useDeleteArticle();
  const a = 'contentBo.articles' as const;

  const status = (item: OperatorArticle) =>
    item.live ? (
      <Pill tone="success">{t(`${a}.live`)}</Pill>
    ) : (
      <Pill tone="neutral">{item.published ? t(`${a}.scheduled`) : t(`${a}.draft`)}</Pill>
    );

  const togglePublished = (item: OperatorArticle) =>
    publish.mutate(
      { id: item.id, published: !item.published },
      {
        onSuccess: (updated) => toast.success(t(updated.published ? `${a}.published` : `${a}.unpublished`)),
        onError: (error) => toast.error(describeError(error)),
      },
    );

  return (
    <div className="bo-page">
      <PageHeader
        title={t(`${a}.title`)}
        description={t(`${a}.description`)}
        actions={<Button onClick={() => setEditing('new')}>{t(`${a}.create`)}</Button>}
      />
      <KindFilter
        prefix={a}
        labelOf={(value) => t(`${a}.kinds.${value}`)}
        kinds={articleKinds}
        value={kind}
        onChange={setKind}
      />
      <ContentListState query={list}>
        {(items) => (
          <div className="ui-table-wrap">
            <table className="ui-table">
              <thead>
                <tr>
                  <th scope="col">{t(`${a}.columns.title`)}</th>
                  <th scope="col">{t(`${a}.columns.kind`)}</th>
                  <th scope="col">{t(`${a}.languages`)}</th>
                  <th scope="col">{t(`${a}.columns.date`)}</th>
                  <th scope="col">{t(`${a}.columns.sort`)}</th>
                  <th scope="col">{t(`${a}.columns.status`)}</th>
                  <th scope="col">{t(`${a}.columns.actions`)}</th>
                </tr>
              </thead>
              <tbody>
                {items.length === 0 && (
                  <EmptyRow columns={7} className="ui-table__muted">
                    {t(`${a}.empty`)}
                  </EmptyRow>
                )}
                {items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <div className="bo-content-title">
                        {item.coverUrl && <img src={item.coverUrl} alt="" width={48} height={27} />}
                        <span>{(item.texts[language] ?? item.texts.en)?.title}</span>
                      </div>
                    </td>
                    <td>{t(`${a}.kinds.${item.kind}`)}</td>
                    <td className="ui-table__muted">{Object.keys(item.texts).join(', ').toUpperCase()}</td>
                    <td className="ui-table__muted">
                      {item.publishAt ? formatDateTime(item.publishAt, language) : t(`${a}.immediately`)}
                    </td>
                    <td className="ui-table__num">{item.sort}</td>
                    <td>{status(item)}</td>
                    <td>
                      <div className="bo-content-actions">
                        <Button size="sm" variant="secondary" onClick={() => setEditing(item)}>
                          {t(`${a}.editAction`)}
                        </Button>
                        <Button
                          size="sm"
                          variant={item.published ? 'ghost' : 'primary'}
                          loading={publish.isPending && publish.variables?.id === item.id}
                          onClick={() => togglePublished(item)}
                        >
                          {item.published ? t(`${a}.unpublish`) : t(`${a}.publish`)}
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setDeleting(item)}>
                          {t(`${a}.delete`)}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ContentListState>
      {editing && <ArticleEditor article={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DeleteContentDialog prefix={a} item={deleting} remove={remove} onClose={() => setDeleting(null)} />
    </div>
  );
}
