import {
  backofficePaths,
  type PatternId,
  patternIds,
  type RegisterFieldSetting,
  type RegisterFieldsInput,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { useToast } from '@portal/ui/toast';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/ui/panel';
import { describeError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import { useSaveConfig } from '@/lib/site-config';
import '@/components/ui/table.css';
import './register-fields-table.css';

type Rule = RegisterFieldsInput['rules'][number];

function toRule(setting: RegisterFieldSetting): Rule {
  return {
    field: setting.field,
    enabled: setting.enabled,
    required: setting.required,
    patternId: setting.patternId,
    minLength: setting.minLength,
    maxLength: setting.maxLength,
  };
}

const sameRule = (a: Rule, b: Rule) =>
  a.enabled === b.enabled &&
  a.required === b.required &&
  a.patternId === b.patternId &&
  a.minLength === b.minLength &&
  a.maxLength === b.maxLength;

/**
 * Registration field rules as an editable table. Only the rows that changed are sent; the server derives
 * each accepted pattern from its family, so the form and the API judge values alike.
 */
export function RegisterFieldsTable({
  settings,
  canEdit,
}: {
  settings: readonly RegisterFieldSetting[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveConfig<RegisterFieldsInput>(backofficePaths.configRegisterFields);
  const saved = useMemo(() => [...settings].sort((a, b) => a.sort - b.sort).map(toRule), [settings]);
  const [rules, setRules] = useState<Rule[]>(saved);

  useEffect(() => setRules(saved), [saved]);

  const changed = rules.filter((rule, index) => {
    const original = saved[index];
    return !original || !sameRule(rule, original);
  });
  const invalid = rules.some((rule) => rule.minLength > rule.maxLength || rule.maxLength < 1);

  const update = (field: string, change: Partial<Rule>) =>
    setRules((current) =>
      current.map((rule) => {
        if (rule.field !== field) return rule;
        const next = { ...rule, ...change };
        // Required implies shown, and hiding a field makes it optional.
        if (change.required) next.enabled = true;
        if (change.enabled === false) next.required = false;
        return next;
      }),
    );

  const lengthInput = (rule: Rule, key: 'minLength' | 'maxLength') => (
    <input
      type="number"
      inputMode="numeric"
      min={key === 'minLength' ? 0 : 1}
      max={500}
      className="ui-cell-input bo-rules__length"
      value={rule[key]}
      disabled={!canEdit}
      aria-label={`${translate(`registrationRules.fields.${rule.field}`)}: ${key === 'minLength' ? t('registrationRules.min') : t('registrationRules.max')}`}
      aria-invalid={rule.minLength > rule.maxLength || undefined}
      onChange={(event) => update(rule.field, { [key]: Math.max(0, Math.trunc(Number(event.target.value) || 0)) })}
    />
  );

  return (
    <Panel
      footer={
        canEdit && (
          <>
            <span className={cx('bo-rules__status', changed.length > 0 && 'bo-unsaved')}>
              {changed.length > 0
                ? t('registrationRules.changed', { count: changed.length })
                : t('registrationRules.noChanges')}
            </span>
            <Button variant="ghost" disabled={changed.length === 0} onClick={() => setRules(saved)}>
              {t('ui.reset')}
            </Button>
            <Button
              disabled={changed.length === 0 || invalid}
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { rules: changed },
                  {
                    onSuccess: () => toast.success(t('ui.saved')),
                    onError: (error) => toast.error(describeError(error)),
                  },
                )
              }
            >
              {t('ui.saveChanges')}
            </Button>
          </>
        )
      }
    >
      <div className="ui-table-wrap">
        <table className="ui-table bo-rules">
          <thead>
            <tr>
              <th scope="col">{t('registrationRules.field')}</th>
              <th scope="col">{t('registrationRules.enabled')}</th>
              <th scope="col">{t('registrationRules.required')}</th>
              <th scope="col">{t('registrationRules.pattern')}</th>
              <th scope="col">{t('registrationRules.min')}</th>
              <th scope="col">{t('registrationRules.max')}</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule, index) => {
              const label = translate(`registrationRules.fields.${rule.field}`);
              const original = saved[index];
              return (
                <tr key={rule.field} className={cx(original && !sameRule(rule, original) && 'bo-rules__row--changed')}>
                  <th scope="row" className="bo-rules__field">
                    <span>{label}</span>
                    <code>{rule.field}</code>
                  </th>
                  <td>
                    <input
                      type="checkbox"
                      className="ui-checkbox"
                      checked={rule.enabled}
                      disabled={!canEdit}
                      aria-label={`${label}: ${t('registrationRules.enabled')}`}
                      onChange={(event) => update(rule.field, { enabled: event.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      className="ui-checkbox"
                      checked={rule.required}
                      disabled={!canEdit}
                      aria-label={`${label}: ${t('registrationRules.required')}`}
                      onChange={(event) => update(rule.field, { required: event.target.checked })}
                    />
                  </td>
                  <td>
                    <select
                      className="ui-cell-input bo-rules__pattern"
                      value={rule.patternId}
                      disabled={!canEdit}
                      aria-label={`${label}: ${t('registrationRules.pattern')}`}
                      onChange={(event) => update(rule.field, { patternId: event.target.value as PatternId })}
                    >
                      {patternIds.map((id) => (
                        <option key={id} value={id}>
                          {translate(`registrationRules.patterns.${id}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>{lengthInput(rule, 'minLength')}</td>
                  <td>
                    {lengthInput(rule, 'maxLength')}
                    {rule.minLength > rule.maxLength && (
                      <span className="bo-rules__error">{t('registrationRules.minAboveMax')}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
