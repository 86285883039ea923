import type { HelpArticleInput, HelpOrderInput, OperatorHelpArticle, OperatorHelpCenter } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Select } from '@portal/ui/select';
import { Spinner } from '@portal/ui/spinner';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EditorActions } from '@/components/ui/editor-actions';
import { PageHeader, Pill } from '@/components/ui/panel';
import { ApiError, describeError } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import {
  useDeleteHelpArticle,
  useDeleteHelpCategory,
  useHelpCenterEditor,
  useRenameHelpCategory,
  useSaveHelpArticle,
  useSetHelpOrder,
} from '../api/content';
import '../locales';
import { useFieldIssues } from './content-shared';
import { LanguageColumns, LanguageFields } from './language-fields';
import '@/components/ui/table.css';
import './content.css';

type Category = OperatorHelpCenter['categories'][number];

/** The value of the category select that asks for a new category. */
const newCategory = '__new__';

/** The editor's state: the article as the form holds it. */
export type HelpArticleDraft = {
  category: string;
  newKey: string;
  newTitleEn: string;
  newTitleBn: string;
  anchor: string;
  enabled: boolean;
  titleEn: string;
  contentEn: string;
  titleBn: string;
  contentBn: string;
};

export function helpDraftOf(article: OperatorHelpArticle | null, firstCategory: string | null): HelpArticleDraft {
  return {
    category: article?.category ?? firstCategory ?? newCategory,
    newKey: '',
    newTitleEn: '',
    newTitleBn: '',
    anchor: article?.anchor ?? '',
    enabled: article?.enabled ?? true,
    titleEn: article?.texts.en?.title ?? '',
    contentEn: article?.texts.en?.content ?? '',
    titleBn: article?.texts.bn?.title ?? '',
    contentBn: article?.texts.bn?.content ?? '',
  };
}

/** The request body of a draft: a new category with its names, Bengali only when it has a title. */
export function helpInputOf(draft: HelpArticleDraft): HelpArticleInput {
  const creating = draft.category === newCategory;
  const bn = draft.titleBn.trim() ? { bn: { title: draft.titleBn.trim(), content: draft.contentBn } } : {};
  return {
    category: creating ? draft.newKey.trim().toLowerCase() : draft.category,
    ...(creating
      ? {
          categoryTitles: {
            en: draft.newTitleEn.trim(),
            ...(draft.newTitleBn.trim() ? { bn: draft.newTitleBn.trim() } : {}),
          },
        }
      : {}),
    anchor: draft.anchor.trim().toLowerCase(),
    enabled: draft.enabled,
    texts: { en: { title: draft.titleEn.trim(), content: draft.contentEn }, ...bn },
  };
}

/** The order of a help centre as the order call takes it. */
export function orderOf(categories: Category[]): HelpOrderInput {
  return {
    categories: categories.map((category) => ({
      key: category.key,
      articleIds: category.articles.map((article) => article.id),
    })),
  };
}

/** A copy of a list with the item at `index` swapped with its neighbour (`step` -1 up, +1 down). */
export function moved<T>(items: T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return items;
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

function categoryName(category: Category, language: string): string {
  return category.titles[language] ?? category.titles.en ?? category.key;
}

function ArticleEditor({
  article,
  categories,
  language,
  onClose,
}: {
  article: OperatorHelpArticle | null;
  categories: Category[];
  language: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [draft, setDraft] = useState(() => helpDraftOf(article, categories[0]?.key ?? null));
  const { issue, setIssues, showIssues } = useFieldIssues();
  const save = useSaveHelpArticle();
  const set = <K extends keyof HelpArticleDraft>(key: K, value: HelpArticleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const f = 'contentBo.help.form';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIssues({});
    save.mutate(
      { id: article?.id ?? null, input: helpInputOf(draft) },
      {
        onSuccess: () => {
          toast.success(t('contentBo.help.article.saved'));
          onClose();
        },
        onError: (error) => {
          showIssues(error);
          // The anchor's uniqueness is not a schema issue: the server says it in the error's code.
          if (error instanceof ApiError && error.code === 'SYSTEM_HELP_ANCHOR_TAKEN') {
            setIssues({ anchor: describeError(error) });
          }
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      closeOnBackdrop={false}
      title={article ? t(`${f}.editTitle`) : t(`${f}.createTitle`)}
      closeLabel={t(`${f}.cancel`)}
    >
      <form className="bo-content-editor" onSubmit={submit} noValidate>
        <div className="bo-content-editor__grid">
          <Select
            label={t(`${f}.category`)}
            value={draft.category}
            options={[
              ...categories.map((category) => ({ value: category.key, label: categoryName(category, language) })),
              { value: newCategory, label: t(`${f}.newCategory`) },
            ]}
            onChange={(event) => set('category', event.target.value)}
          />
          <Input
            label={t(`${f}.anchor`)}
            hint={t(`${f}.anchorHint`)}
            required
            maxLength={60}
            value={draft.anchor}
            onChange={(event) => set('anchor', event.target.value)}
            error={issue('anchor')}
            spellCheck={false}
          />
        </div>
        {draft.category === newCategory && (
          <div className="bo-content-editor__grid">
            <Input
              label={t(`${f}.categoryKey`)}
              hint={t(`${f}.categoryKeyHint`)}
              required
              maxLength={40}
              value={draft.newKey}
              onChange={(event) => set('newKey', event.target.value)}
              error={issue('category')}
              spellCheck={false}
            />
            <Input
              label={t(`${f}.categoryEn`)}
              required
              maxLength={80}
              value={draft.newTitleEn}
              onChange={(event) => set('newTitleEn', event.target.value)}
              error={issue('categoryTitles.en')}
            />
            <Input
              label={t(`${f}.categoryBn`)}
              maxLength={80}
              value={draft.newTitleBn}
              onChange={(event) => set('newTitleBn', event.target.value)}
            />
          </div>
        )}
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
            body={{ label: t(`${f}.contentEn`), value: draft.contentEn, onChange: (value) => set('contentEn', value) }}
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
            body={{ label: t(`${f}.contentBn`), value: draft.contentBn, onChange: (value) => set('contentBn', value) }}
          />
        </LanguageColumns>
        <Checkbox
          label={t(`${f}.enabled`)}
          checked={draft.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
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

function RenameDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const rename = useRenameHelpCategory();
  const [en, setEn] = useState(category.titles.en ?? '');
  const [bn, setBn] = useState(category.titles.bn ?? '');
  const c = 'contentBo.help.category';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { key: category.key, titles: { en: en.trim(), ...(bn.trim() ? { bn: bn.trim() } : {}) } },
      {
        onSuccess: () => {
          toast.success(t(`${c}.renamed`));
          onClose();
        },
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  return (
    <Modal open onClose={onClose} size="sm" title={t(`${c}.renameTitle`)} closeLabel={t('contentBo.help.form.cancel')}>
      <form className="bo-content-editor" onSubmit={submit}>
        <Input label={t(`${c}.titleEn`)} required maxLength={80} value={en} onChange={(e) => setEn(e.target.value)} />
        <Input label={t(`${c}.titleBn`)} maxLength={80} value={bn} onChange={(e) => setBn(e.target.value)} />
        <EditorActions
          className="bo-content-editor__actions"
          cancelLabel={t('contentBo.help.form.cancel')}
          onCancel={onClose}
          submitLabel={t('contentBo.help.form.save')}
          submitting={rename.isPending}
          submitDisabled={en.trim() === ''}
        />
      </form>
    </Modal>
  );
}

/**
 * The help centre (permission content.help): the categories of the portal's /help in the order players see them,
 * each with its articles; add, edit (HTML per language, cleaned by the server), switch off, move up or down, rename a
 * category and delete. Every save reaches the portal at once.
 */
export function HelpCenterPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const language = useCurrentLanguage();
  const center = useHelpCenterEditor();
  const order = useSetHelpOrder();
  const removeArticle = useDeleteHelpArticle();
  const removeCategory = useDeleteHelpCategory();
  const [editing, setEditing] = useState<OperatorHelpArticle | 'new' | null>(null);
  const [renaming, setRenaming] = useState<Category | null>(null);
  const [deletingArticle, setDeletingArticle] = useState<OperatorHelpArticle | null>(null);
  const [deletingCategory, setDeletingCategory] = useState<Category | null>(null);
  const h = 'contentBo.help';

  const saveOrder = (categories: Category[]) =>
    order.mutate(orderOf(categories), {
      onSuccess: () => toast.success(t(`${h}.orderSaved`)),
      onError: (error) => toast.error(describeError(error)),
    });

  const categories = center.data?.categories ?? [];
  const articleTitle = (article: OperatorHelpArticle) =>
    (article.texts[language] ?? article.texts.en)?.title ?? article.anchor;

  return (
    <div className="bo-page">
      <PageHeader
        title={t(`${h}.title`)}
        description={t(`${h}.description`)}
        actions={<Button onClick={() => setEditing('new')}>{t(`${h}.newArticle`)}</Button>}
      />
      {center.isPending ? (
        <div className="bo-page-loading">
          <Spinner size="lg" />
        </div>
      ) : center.isError ? (
        <p role="alert">{describeError(center.error)}</p>
      ) : categories.length === 0 ? (
        <p className="ui-table__muted">{t(`${h}.empty`)}</p>
      ) : (
        categories.map((category, categoryIndex) => {
          const name = categoryName(category, language);
          return (
            <section key={category.key} className="bo-help-category" aria-label={name}>
              <header className="bo-help-category__header">
                <div>
                  <h2 className="bo-help-category__title">{name}</h2>
                  <p className="ui-table__muted">
                    {[category.titles.en, category.titles.bn].filter(Boolean).join(' · ')} · <code>{category.key}</code>
                  </p>
                </div>
                <div className="bo-content-actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t(`${h}.category.moveUp`, { name })}
                    disabled={categoryIndex === 0 || order.isPending}
                    onClick={() => saveOrder(moved(categories, categoryIndex, -1))}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t(`${h}.category.moveDown`, { name })}
                    disabled={categoryIndex === categories.length - 1 || order.isPending}
                    onClick={() => saveOrder(moved(categories, categoryIndex, 1))}
                  >
                    ↓
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setRenaming(category)}>
                    {t(`${h}.category.rename`)}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeletingCategory(category)}>
                    {t(`${h}.category.delete`)}
                  </Button>
                </div>
              </header>
              <div className="ui-table-wrap">
                <table className="ui-table">
                  <thead>
                    <tr>
                      <th scope="col">{t(`${h}.columns.title`)}</th>
                      <th scope="col">{t(`${h}.columns.anchor`)}</th>
                      <th scope="col">{t(`${h}.columns.languages`)}</th>
                      <th scope="col">{t(`${h}.columns.status`)}</th>
                      <th scope="col">{t(`${h}.columns.actions`)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {category.articles.map((article, index) => {
                      const title = articleTitle(article);
                      const reorder = (step: -1 | 1) =>
                        saveOrder(
                          categories.map((entry) =>
                            entry.key === category.key
                              ? { ...entry, articles: moved(entry.articles, index, step) }
                              : entry,
                          ),
                        );
                      return (
                        <tr key={article.id}>
                          <td>
                            <strong>{title}</strong>
                            {article.texts.bn && language !== 'bn' && (
                              <div className="ui-table__muted" lang="bn">
                                {article.texts.bn.title}
                              </div>
                            )}
                          </td>
                          <td className="ui-table__muted">
                            <code>#{article.anchor}</code>
                          </td>
                          <td className="ui-table__muted">{Object.keys(article.texts).join(', ').toUpperCase()}</td>
                          <td>
                            {article.enabled ? (
                              <Pill tone="success">{t(`${h}.article.shown`)}</Pill>
                            ) : (
                              <Pill tone="neutral">{t(`${h}.article.hidden`)}</Pill>
                            )}
                          </td>
                          <td>
                            <div className="bo-content-actions">
                              <Button
                                size="sm"
                                variant="ghost"
                                aria-label={t(`${h}.article.moveUp`, { title })}
                                disabled={index === 0 || order.isPending}
                                onClick={() => reorder(-1)}
                              >
                                ↑
                              </Button>
                              <Button
                                size="sm"
                                variant="ghost"
                                aria-label={t(`${h}.article.moveDown`, { title })}
                                disabled={index === category.articles.length - 1 || order.isPending}
                                onClick={() => reorder(1)}
                              >
                                ↓
                              </Button>
                              <Button
                                size="sm"
                                variant="secondary"
                                aria-label={t(`${h}.article.editNamed`, { title })}
                                onClick={() => setEditing(article)}
                              >
                                {t(`${h}.article.edit`)}
                              </Button>
                              <Button size="sm" variant="ghost" onClick={() => setDeletingArticle(article)}>
                                {t(`${h}.article.delete`)}
                              </Button>
                            </div>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </section>
          );
        })
      )}
      {editing && (
        <ArticleEditor
          article={editing === 'new' ? null : editing}
          categories={categories}
          language={language}
          onClose={() => setEditing(null)}
        />
      )}
      {renaming && <RenameDialog category={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={deletingArticle !== null}
        title={t(`${h}.article.deleteTitle`)}
        confirmLabel={t(`${h}.article.delete`)}
        tone="danger"
        busy={removeArticle.isPending}
        onClose={() => setDeletingArticle(null)}
        onConfirm={() => {
          if (!deletingArticle) return;
          removeArticle.mutate(deletingArticle.id, {
            onSuccess: () => {
              toast.success(t(`${h}.article.deleted`));
              setDeletingArticle(null);
            },
            onError: (error) => toast.error(describeError(error)),
          });
        }}
      >
        {t(`${h}.article.deleteBody`, { title: deletingArticle ? articleTitle(deletingArticle) : '' })}
      </ConfirmDialog>
      <ConfirmDialog
        open={deletingCategory !== null}
        title={t(`${h}.category.deleteTitle`, {
          name: deletingCategory ? categoryName(deletingCategory, language) : '',
        })}
        confirmLabel={t(`${h}.category.delete`)}
        tone="danger"
        busy={removeCategory.isPending}
        onClose={() => setDeletingCategory(null)}
        onConfirm={() => {
          if (!deletingCategory) return;
          removeCategory.mutate(deletingCategory.key, {
            onSuccess: () => {
              toast.success(t(`${h}.category.deleted`));
              setDeletingCategory(null);
            },
            onError: (error) => toast.error(describeError(error)),
          });
        }}
      >
        {t(`${h}.category.deleteBody`, { count: deletingCategory?.articles.length ?? 0 })}
      </ConfirmDialog>
    </div>
  );
}
