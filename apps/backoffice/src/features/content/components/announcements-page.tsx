import {
  type AnnouncementAudience,
  type AnnouncementInput,
  type AnnouncementType,
  announcementAudiences,
  announcementTypes,
  bannerGroups,
  type LinkageType,
  linkageTypes,
  type OperatorAnnouncement,
} from '@portal/contract';
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
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import {
  useAnnouncementList,
  useDeleteAnnouncement,
  usePreviewAnnouncement,
  useSaveAnnouncement,
} from '../api/content';
import '../locales';
import { ContentListState, DeleteContentDialog, KindFilter, useFieldIssues } from './content-shared';
import { LanguageColumns, LanguageFields } from './language-fields';
import '@/components/ui/table.css';
import './content.css';

/** The editor's state: the announcement as the form holds it (text inputs for lists and dates). */
export type AnnouncementDraft = {
  type: AnnouncementType;
  groupName: string;
  audiences: AnnouncementAudience[];
  linkageType: LinkageType;
  linkage: string;
  images: string;
  videoUrl: string;
  titleEn: string;
  contentEn: string;
  titleBn: string;
  contentBn: string;
  sort: string;
  enabled: boolean;
  startAt: string;
  endAt: string;
};

export function draftOf(announcement: OperatorAnnouncement | null): AnnouncementDraft {
  if (!announcement) {
    return {
      type: 'PL',
      groupName: 'w_home',
      audiences: ['A', 'B'],
      linkageType: 'NONE',
      linkage: '',
      images: '',
      videoUrl: '',
      titleEn: '',
      contentEn: '',
      titleBn: '',
      contentBn: '',
      sort: '0',
      enabled: true,
      startAt: '',
      endAt: '',
    };
  }
  return {
    type: announcement.type,
    groupName: announcement.groupName ?? 'w_home',
    audiences: announcement.audiences,
    linkageType: announcement.linkageType,
    linkage: announcement.linkage ?? '',
    images: [...announcement.images]
      .sort((a, b) => a.sequence - b.sequence)
      .map((image) => image.url)
      .join('\n'),
    videoUrl: announcement.videoUrl ?? '',
    titleEn: announcement.texts.en?.title ?? '',
    contentEn: announcement.texts.en?.content ?? '',
    titleBn: announcement.texts.bn?.title ?? '',
    contentBn: announcement.texts.bn?.content ?? '',
    sort: String(announcement.sort),
    enabled: announcement.enabled,
    startAt: toDateTimeLocal(announcement.startAt),
    endAt: toDateTimeLocal(announcement.endAt),
  };
}

/** The request body of a draft: images one per line in order, Bengali only when given, dates as ISO 8601. */
export function inputOf(draft: AnnouncementDraft): AnnouncementInput {
  const images = draft.images
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((url, index) => ({ url, sequence: index + 1 }));
  const bn = draft.titleBn.trim() ? { bn: { title: draft.titleBn.trim(), content: draft.contentBn } } : {};
  const linked = draft.linkageType === 'URL' || draft.linkageType === 'ROUTE';
  return {
    type: draft.type,
    audiences: draft.audiences,
    groupName: draft.type === 'B' ? draft.groupName : null,
    videoUrl: draft.type === 'B' && draft.videoUrl.trim() ? draft.videoUrl.trim() : null,
    linkageType: draft.linkageType,
    linkage: linked ? draft.linkage.trim() || null : null,
    images,
    texts: { en: { title: draft.titleEn.trim(), content: draft.contentEn }, ...bn },
    sort: Number.parseInt(draft.sort, 10) || 0,
    enabled: draft.enabled,
    startAt: fromDateTimeLocal(draft.startAt),
    endAt: fromDateTimeLocal(draft.endAt),
  };
}

function AnnouncementEditor({
  announcement,
  onClose,
}: {
  announcement: OperatorAnnouncement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [draft, setDraft] = useState(() => draftOf(announcement));
  const { issues, issue, setIssues, showIssues } = useFieldIssues();
  const save = useSaveAnnouncement();
  const preview = usePreviewAnnouncement();
  const set = <K extends keyof AnnouncementDraft>(key: K, value: AnnouncementDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIssues({});
    save.mutate(
      { id: announcement?.id ?? null, input: inputOf(draft) },
      {
        onSuccess: () => {
          toast.success(t('contentBo.announcements.saved'));
          onClose();
        },
        onError: showIssues,
      },
    );
  };

  const f = 'contentBo.announcements.form';
  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      closeOnBackdrop={false}
      title={announcement ? t('contentBo.announcements.edit') : t('contentBo.announcements.create')}
      closeLabel={t(`${f}.cancel`)}
    >
      <form className="bo-content-editor" onSubmit={submit} noValidate>
        <div className="bo-content-editor__grid">
          <Select
            label={t(`${f}.type`)}
            value={draft.type}
            options={announcementTypes.map((type) => ({
              value: type,
              label: t(`contentBo.announcements.types.${type}`),
            }))}
            onChange={(event) => set('type', event.target.value as AnnouncementType)}
          />
          {draft.type === 'B' && (
            <Select
              label={t(`${f}.group`)}
              value={draft.groupName}
              options={bannerGroups.map((group) => ({ value: group, label: t(`${f}.groups.${group}`) }))}
              onChange={(event) => set('groupName', event.target.value)}
              error={issue('groupName')}
            />
          )}
          <Input
            label={t(`${f}.sort`)}
            type="number"
            min={0}
            max={9999}
            value={draft.sort}
            onChange={(event) => set('sort', event.target.value)}
          />
          <Input
            label={t(`${f}.startAt`)}
            type="datetime-local"
            value={draft.startAt}
            onChange={(event) => set('startAt', event.target.value)}
          />
          <Input
            label={t(`${f}.endAt`)}
            type="datetime-local"
            value={draft.endAt}
            onChange={(event) => set('endAt', event.target.value)}
            error={issue('endAt')}
          />
          <Select
            label={t(`${f}.linkType`)}
            value={draft.linkageType}
            options={linkageTypes.map((type) => ({ value: type, label: t(`${f}.linkTypes.${type}`) }))}
            onChange={(event) => set('linkageType', event.target.value as LinkageType)}
          />
          {(draft.linkageType === 'URL' || draft.linkageType === 'ROUTE') && (
            <Input
              label={t(`${f}.link`)}
              hint={t(`${f}.linkHint`)}
              value={draft.linkage}
              onChange={(event) => set('linkage', event.target.value)}
              error={issue('linkage')}
            />
          )}
        </div>
        {draft.type === 'PU' && (
          <fieldset className="bo-content-editor__audiences">
            <legend>{t(`${f}.audiences`)}</legend>
            <div className="bo-content-editor__audience-list">
              {announcementAudiences.map((audience) => (
                <Checkbox
                  key={audience}
                  label={t(`contentBo.announcements.audiences.${audience}`)}
                  checked={draft.audiences.includes(audience)}
                  onChange={(event) =>
                    set(
                      'audiences',
                      event.target.checked
                        ? [...draft.audiences, audience]
                        : draft.audiences.filter((value) => value !== audience),
                    )
                  }
                />
              ))}
            </div>
          </fieldset>
        )}
        <label className="bo-content-editor__area">
          <span>{t(`${f}.images`)}</span>
          <textarea
            className="bo-content-editor__textarea bo-content-editor__textarea--short"
            value={draft.images}
            onChange={(event) => set('images', event.target.value)}
            spellCheck={false}
          />
          <small>{t(`${f}.imagesHint`)}</small>
          {Object.entries(issues)
            .filter(([key]) => key.startsWith('images.'))
            .map(([key, message]) => (
              <small key={key} className="bo-content-editor__issue">
                {message}
              </small>
            ))}
        </label>
        {draft.type === 'B' && (
          <Input
            label={t(`${f}.video`)}
            value={draft.videoUrl}
            onChange={(event) => set('videoUrl', event.target.value)}
            error={issue('videoUrl')}
          />
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
            title={{ label: t(`${f}.titleBn`), value: draft.titleBn, onChange: (value) => set('titleBn', value) }}
            body={{ label: t(`${f}.contentBn`), value: draft.contentBn, onChange: (value) => set('contentBn', value) }}
          />
        </LanguageColumns>
        <Checkbox
          label={t(`${f}.enabled`)}
          checked={draft.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
        />
        {preview.data && (
          <section className="bo-content-preview" aria-label={t(`${f}.previewTitle`)}>
            <h3>{t(`${f}.previewTitle`)}</h3>
            {Object.entries(preview.data.texts).map(([language, text]) => (
              <article key={language} className="bo-content-preview__item" lang={language}>
                <h4>{text.title}</h4>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised HTML, as players get it. */}
                <div className="bo-content-preview__html" dangerouslySetInnerHTML={{ __html: text.content }} />
              </article>
            ))}
          </section>
        )}
        <EditorActions
          className="bo-content-editor__actions"
          cancelLabel={t(`${f}.cancel`)}
          onCancel={onClose}
          submitLabel={t(`${f}.save`)}
          submitting={save.isPending}
        >
          <Button
            variant="secondary"
            loading={preview.isPending}
            onClick={() => preview.mutate(inputOf(draft), { onError: showIssues })}
          >
            {t(`${f}.preview`)}
          </Button>
        </EditorActions>
      </form>
    </Modal>
  );
}

/**
 * Announcements (role content): every banner, notice, popup, promotion and help note with its window and state,
 * a form to write one (HTML per language, previewed as players get it after cleaning), and delete.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const [type, setType] = useState<AnnouncementType | ''>('');
  const [editing, setEditing] = useState<OperatorAnnouncement | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OperatorAnnouncement | null>(null);
  const list = useAnnouncementList(type);
  const remove = useDeleteAnnouncement();
  const a = 'contentBo.announcements' as const;

  const windowText = (item: OperatorAnnouncement) => {
    if (!item.startAt && !item.endAt) return t(`${a}.always`);
    return [
      item.startAt ? t(`${a}.from`, { date: formatDateTime(item.startAt, language) }) : null,
      item.endAt ? t(`${a}.until`, { date: formatDateTime(item.endAt, language) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  };

  return (
    <div className="bo-page">
      <PageHeader
        title={t(`${a}.title`)}
        description={t(`${a}.description`)}
        actions={<Button onClick={() => setEditing('new')}>{t(`${a}.create`)}</Button>}
      />
      <KindFilter
        prefix={a}
        labelOf={(value) => t(`${a}.types.${value}`)}
        kinds={announcementTypes}
        value={type}
        onChange={setType}
      />
      <ContentListState query={list}>
        {(items) => (
          <div className="ui-table-wrap">
            <table className="ui-table">
              <thead>
                <tr>
                  <th scope="col">{t(`${a}.columns.title`)}</th>
                  <th scope="col">{t(`${a}.columns.type`)}</th>
                  <th scope="col">{t(`${a}.columns.audience`)}</th>
                  <th scope="col">{t(`${a}.columns.window`)}</th>
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
                        {item.images[0] && <img src={item.images[0].url} alt="" width={72} height={24} />}
                        <span>{(item.texts[language] ?? item.texts.en)?.title}</span>
                      </div>
                    </td>
                    <td>
                      {t(`${a}.types.${item.type}`)}
                      {item.groupName && <span className="ui-table__muted"> · {item.groupName}</span>}
                    </td>
                    <td className="ui-table__muted">
                      {item.type === 'PU'
                        ? item.audiences.map((audience) => t(`${a}.audiences.${audience}`)).join(', ')
                        : '—'}
                    </td>
                    <td className="ui-table__muted">{windowText(item)}</td>
                    <td className="ui-table__num">{item.sort}</td>
                    <td>
                      {item.live ? (
                        <Pill tone="success">{t(`${a}.live`)}</Pill>
                      ) : (
                        <Pill tone="neutral">{item.enabled ? t(`${a}.scheduled`) : t(`${a}.off`)}</Pill>
                      )}
                    </td>
                    <td>
                      <div className="bo-content-actions">
                        <Button size="sm" variant="secondary" onClick={() => setEditing(item)}>
                          {t(`${a}.editAction`)}
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
      {editing && (
        <AnnouncementEditor announcement={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <DeleteContentDialog prefix={a} item={deleting} remove={remove} onClose={() => setDeleting(null)} />
    </div>
  );
}
