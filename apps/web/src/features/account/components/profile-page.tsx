import {
  avatarIds,
  type MemberInfo,
  type MemberProfile,
  type ProfileFieldName,
  type UpdateProfileInput,
  validateRegistrationField,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Skeleton } from '@portal/ui/skeleton';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconUser } from '@/components/ui/account-icons';
import { ApiError, describeError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import { useFieldRules, useMemberProfile, useSetAvatar, useUpdateProfile } from '../api/profile';
import { avatarStyle } from './avatar';
import './profile-page.css';
import '@/locales/identity';
import '@/locales/registration';

type Errors = Partial<Record<'nickname' | ProfileFieldName, string>>;

/**
 * The member centre's profile page (issue 3, spec section 3 "other labelled fields"): avatar (one of the
 * fixed set, `/wps/member/info/icon`), nickname, and the personal fields the merchant's registration rules
 * enable, each judged before saving by the same rule the server applies.
 */
export function ProfilePage({ info }: { info: MemberInfo }) {
  const { t } = useTranslation();
  const profile = useMemberProfile();

  if (profile.isPending) {
    return (
      <div className="profile-page" aria-busy="true">
        <Skeleton height={320} />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className="profile-page">
        <p role="alert" className="profile-page__error">
          {t('profile.loadError')}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void profile.refetch()}>
          {t('profile.retry')}
        </Button>
      </div>
    );
  }
  // Not keyed by the data: a save updates the cached profile, and a remount would drop the save's own callbacks.
  return <ProfileForm info={info} profile={profile.data} />;
}

function ProfileForm({ info, profile }: { info: MemberInfo; profile: MemberProfile }) {
  const { t } = useTranslation();
  const toast = useToast();
  const rules = useFieldRules().data?.fields;
  const update = useUpdateProfile();
  const setAvatar = useSetAvatar();
  const [nickname, setNickname] = useState(profile.nickname ?? '');
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(profile.fields.map((field) => [field.name, field.value])),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const judge = (): Errors => {
    const next: Errors = {};
    const nicknameRule = rules?.nickname;
    if (nicknameRule?.enabled) {
      const failure = validateRegistrationField(nicknameRule, nickname.trim());
      if (failure) next.nickname = translate(failure.key, failure.params);
    }
    for (const field of profile.fields) {
      const rule = rules?.[field.name];
      const value = (values[field.name] ?? '').trim();
      if (!rule) continue;
      const failure = validateRegistrationField(rule, value);
      if (failure) next[field.name] = translate(failure.key, failure.params);
    }
    return next;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const next = judge();
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    const input: UpdateProfileInput = { nickname: nickname.trim() };
    for (const field of profile.fields) input[field.name] = (values[field.name] ?? '').trim();
    update.mutate(input, {
      onSuccess: () => toast.success(t('profile.saved')),
      onError: (error) => {
        const fieldErrors: Errors = {};
        if (error instanceof ApiError) {
          for (const issue of error.issues) {
            const name = issue.path.replace(/^body\./, '') as keyof Errors;
            fieldErrors[name] ??= issue.message;
          }
        }
        setErrors(fieldErrors);
        setFormError(describeError(error));
      },
    });
  };

  const chosenAvatar = profile.avatar;
  const name = nickname.trim() || info.account;

  return (
    <div className="profile-page">
      <header className="profile-page__header">
        <span className="profile-page__avatar" style={avatarStyle(chosenAvatar)} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h1 className="profile-page__title">{t('profile.title')}</h1>
          <p className="profile-page__muted">{t('profile.intro')}</p>
        </div>
      </header>

      <section className="profile-page__card" aria-labelledby="profile-avatar-title">
        <h2 id="profile-avatar-title" className="profile-page__card-title">
          {t('profile.avatar')}
        </h2>
        <div className="profile-page__avatars">
          {avatarIds.map((id) => (
            <button
              key={id}
              type="button"
              aria-pressed={chosenAvatar === id}
              aria-label={t('profile.avatarOption', { number: id })}
              className="profile-page__avatar-option"
              style={avatarStyle(id)}
              disabled={setAvatar.isPending}
              onClick={() =>
                setAvatar.mutate(id, {
                  onSuccess: () => toast.success(t('profile.avatarSaved')),
                  onError: (error) => toast.error(describeError(error)),
                })
              }
            >
              {name.slice(0, 1).toUpperCase()}
            </button>
          ))}
        </div>
      </section>

      <form className="profile-page__card" onSubmit={submit} noValidate aria-labelledby="profile-details-title">
        <h2 id="profile-details-title" className="profile-page__card-title">
          <IconUser size={18} />
          {t('profile.details')}
        </h2>
        <fieldset className="profile-page__fields" disabled={update.isPending}>
          <Input
            label={t('profile.nickname')}
            name="nickname"
            value={nickname}
            onChange={(event) => {
              setNickname(event.target.value);
              setErrors(({ nickname: _cleared, ...rest }) => rest);
            }}
            error={errors.nickname ?? null}
            hint={t('profile.nicknameHint')}
            maxLength={64}
            required={Boolean(rules?.nickname?.enabled && rules.nickname.required)}
          />
          {profile.fields.map((field) => (
            <Input
              key={field.name}
              label={t(`authForms.fields.${field.name}`)}
              name={field.name}
              value={values[field.name] ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setValues((current) => ({ ...current, [field.name]: value }));
                setErrors(({ [field.name]: _cleared, ...rest }) => rest);
              }}
              error={errors[field.name] ?? null}
              required={field.required}
              maxLength={rules?.[field.name]?.maxLength ?? 240}
              {...(field.name === 'birthday' ? { placeholder: 'YYYY-MM-DD' } : {})}
            />
          ))}
          {profile.fields.length === 0 && <p className="profile-page__muted">{t('profile.noFields')}</p>}
        </fieldset>
        {formError && (
          <p role="alert" className="profile-page__error">
            {formError}
          </p>
        )}
        <div className="profile-page__actions">
          <Button type="submit" loading={update.isPending}>
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
