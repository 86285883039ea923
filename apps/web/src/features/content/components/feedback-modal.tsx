import { feedbackContentMax, feedbackTypes } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { Input } from '@portal/ui/input';
import { Modal } from '@portal/ui/modal';
import { Select } from '@portal/ui/select';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaInput } from '@/components/captcha/captcha-input';
import { useCaptchaImage } from '@/components/captcha/use-captcha-image';
import { ApiError, describeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import '@/locales/content';
import { useSendFeedback } from '../api/feedback';
import './content.css';

type Field = 'type' | 'content' | 'sender' | 'captcha';
type Errors = Partial<Record<Field, string>>;

/** Characters as the player sees them (an emoji counts once), after trimming, as the server counts them. */
export function feedbackLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * The checks of spec section 5 before sending: type, description and captcha required (and a name from
 * visitors); the description is trimmed and at most 200 characters. Returns the field errors (empty when fine).
 */
export function validateFeedback(
  input: { type: string; content: string; sender: string; captcha: string },
  options: { needsSender: boolean },
  texts: { empty: (field: Field) => string; tooLong: string },
): Errors {
  const errors: Errors = {};
  if (input.type === '') errors.type = texts.empty('type');
  if (input.content.trim() === '') errors.content = texts.empty('content');
  else if (feedbackLength(input.content) > feedbackContentMax) errors.content = texts.tooLong;
  if (options.needsSender && input.sender.trim() === '') errors.sender = texts.empty('sender');
  if (input.captcha.trim() === '') errors.captcha = texts.empty('captcha');
  return errors;
}

/**
 * The feedback dialog (feedbackModal, spec sections 3 to 5): type, description with a counter, captcha, and a
 * name for visitors (a logged-in player is the sender). A successful send closes it.
 */
export function FeedbackModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const session = useSession();
  const needsSender = session.status === 'visitor';
  const captcha = useCaptchaImage(true);
  const send = useSendFeedback();
  const [type, setType] = useState('');
  const [content, setContent] = useState('');
  const [sender, setSender] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const descriptionId = useId();
  const length = feedbackLength(content);

  const labels: Record<Field, string> = {
    type: t('contentUi.feedback.type'),
    content: t('contentUi.feedback.description'),
    sender: t('contentUi.feedback.name'),
    captcha: t('contentUi.feedback.captcha'),
  };
  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateFeedback(
      { type, content, sender, captcha: captcha.answer },
      { needsSender },
      {
        empty: (field) => t('contentUi.feedback.fieldEmpty', { field: labels[field] }),
        tooLong: t('contentUi.feedback.tooLong', { max: feedbackContentMax }),
      },
    );
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await send.mutateAsync({
        type: Number(type),
        content: content.trim(),
        ...(needsSender ? { sender: sender.trim() } : {}),
        captcha: captcha.answer.trim(),
        captchaId: captcha.captcha?.captchaId,
      });
      toast.success(t('contentUi.feedback.sent'), t('contentUi.feedback.sentTitle'));
      onClose();
    } catch (error) {
      // Each captcha allows one guess: a new image for the next try.
      void captcha.renew();
      if (error instanceof ApiError && error.code === 'IDENTITY_CAPTCHA_INVALID') {
        setErrors({ captcha: describeError(error) });
        return;
      }
      if (error instanceof ApiError && error.issues.length > 0) {
        const next: Errors = {};
        for (const issue of error.issues) {
          const field = issue.path.replace(/^body\./, '') as Field;
          if (field in labels) next[field] = issue.message;
        }
        setErrors(next);
        if (Object.keys(next).length > 0) return;
      }
      setFormError(describeError(error));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('contentUi.feedback.title')}
      size="md"
      closeOnBackdrop={false}
      closeLabel={t('contentUi.popup.close')}
      className="content-feedback"
    >
      <form className="content-feedback__form" onSubmit={submit} noValidate>
        <p className="content-feedback__intro">{t('contentUi.feedback.intro')}</p>
        <Select
          label={labels.type}
          name="type"
          value={type}
          required
          placeholder={t('contentUi.feedback.typePlaceholder')}
          options={feedbackTypes.map((value) => ({
            value: String(value),
            label: t(`contentUi.feedback.types.${value}`),
          }))}
          onChange={(event) => {
            setType(event.target.value);
            clear('type');
          }}
          error={errors.type}
        />
        <div className={cx('ui-field', errors.content && 'ui-field--invalid')}>
          <label className="ui-field__label" htmlFor={descriptionId}>
            {labels.content}
            <span className="ui-field__required" aria-hidden="true">
              *
            </span>
          </label>
          <div className="ui-field__control">
            <textarea
              id={descriptionId}
              name="content"
              className="ui-field__input content-feedback__textarea"
              rows={5}
              required
              value={content}
              placeholder={t('contentUi.feedback.descriptionPlaceholder')}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={`${descriptionId}-counter${errors.content ? ` ${descriptionId}-error` : ''}`}
              onChange={(event) => {
                setContent(event.target.value);
                clear('content');
              }}
            />
          </div>
          <div className="content-feedback__meta">
            {errors.content ? (
              <p className="ui-field__error" id={`${descriptionId}-error`}>
                {errors.content}
              </p>
            ) : (
              <span />
            )}
            <span
              id={`${descriptionId}-counter`}
              className={cx(
                'content-feedback__counter',
                length > feedbackContentMax && 'content-feedback__counter--over',
              )}
            >
              {t('contentUi.feedback.counter', { count: length, max: feedbackContentMax })}
            </span>
          </div>
        </div>
        {needsSender && (
          <Input
            label={labels.sender}
            name="sender"
            value={sender}
            required
            maxLength={64}
            autoComplete="name"
            placeholder={t('contentUi.feedback.namePlaceholder')}
            onChange={(event) => {
              setSender(event.target.value);
              clear('sender');
            }}
            error={errors.sender}
          />
        )}
        <CaptchaInput
          state={captcha}
          labels={{
            label: labels.captcha,
            placeholder: t('contentUi.feedback.captchaPlaceholder'),
            image: t('contentUi.feedback.captchaImage'),
            refresh: t('contentUi.feedback.refreshCaptcha'),
          }}
          error={errors.captcha}
          onEdit={() => clear('captcha')}
        />
        {formError && (
          <p className="content-feedback__error" role="alert">
            {formError}
          </p>
        )}
        <div className="content-feedback__actions">
          <Button variant="ghost" onClick={onClose}>
            {t('contentUi.feedback.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('contentUi.feedback.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
