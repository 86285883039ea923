import { type InhouseGameCodeValue, type InhousePlayResult, type InhouseTable, parseMinor } from '@portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { usePlay, useTable } from '../api/inhouse';
import { dicePayoutHundredths } from '../utils/fairness';
import { BetHistory } from './bet-history';
import { FairnessPanel } from './fairness-panel';
import '@/locales/inhouse';
import './inhouse.css';

const multiplier = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;

function newKey(): string {
  return crypto.randomUUID();
}

type StakeCheck = { ok: true; minor: bigint } | { ok: false };

function checkStake(text: string, table: InhouseTable): StakeCheck {
  try {
    const minor = parseMinor(text, table.currency.scale);
    if (minor < BigInt(table.minStakeMinor) || minor > BigInt(table.maxStakeMinor)) return { ok: false };
    return { ok: true, minor };
  } catch {
    return { ok: false };
  }
}

function DiceControls(props: {
  direction: 'under' | 'over';
  target: number;
  onChange(next: { direction: 'under' | 'over'; target: number }): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const payout = dicePayoutHundredths(props.direction, props.target);
  const winning = props.direction === 'under' ? props.target : 9999 - props.target;
  return (
    <div className="inhouse-controls">
      <fieldset className="inhouse-segment">
        <legend className="visually-hidden">{t('inhouse.dice.target')}</legend>
        {(['under', 'over'] as const).map((direction) => (
          <button
            key={direction}
            type="button"
            aria-pressed={props.direction === direction}
            className="inhouse-segment__option"
            onClick={() => props.onChange({ direction, target: props.target })}
          >
            {t(`inhouse.dice.${direction}`)}
          </button>
        ))}
      </fieldset>
      <label className="inhouse-field" htmlFor={`${id}-target`}>
        <span>
          {t('inhouse.dice.target')}: <strong>{(props.target / 100).toFixed(2)}</strong>
        </span>
        <input
          id={`${id}-target`}
          type="range"
          min={100}
          max={9899}
          step={1}
          value={props.target}
          onChange={(event) => props.onChange({ direction: props.direction, target: Number(event.target.value) })}
        />
      </label>
      <dl className="inhouse-facts">
        <div>
          <dt>{t('inhouse.dice.chance')}</dt>
          <dd>{payout === null ? '—' : `${(winning / 100).toFixed(2)}%`}</dd>
        </div>
        <div>
          <dt>{t('inhouse.dice.payout')}</dt>
          <dd>{payout === null ? '—' : multiplier(payout)}</dd>
        </div>
      </dl>
      {payout === null && <p className="inhouse-error">{t('inhouse.dice.targetInvalid')}</p>}
    </div>
  );
}

function LimboControls(props: { target: string; onChange(next: string): void; valid: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const value = Number(props.target);
  return (
    <div className="inhouse-controls">
      <label className="inhouse-field" htmlFor={`${id}-target`}>
        <span>{t('inhouse.limbo.target')}</span>
        <input
          id={`${id}-target`}
          inputMode="decimal"
          value={props.target}
          aria-invalid={!props.valid}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </label>
      <dl className="inhouse-facts">
        <div>
          <dt>{t('inhouse.limbo.chance')}</dt>
          <dd>{props.valid ? `${(99 / value).toFixed(4)}%` : '—'}</dd>
        </div>
      </dl>
      {!props.valid && <p className="inhouse-error">{t('inhouse.limbo.targetInvalid')}</p>}
    </div>
  );
}

function limboTargetHundredths(text: string): number | null {
  if (!/^\d{1,5}(?:\.\d{1,2})?$/.test(text.trim())) return null;
  const hundredths = Number(parseMinor(text.trim(), 2));
  return hundredths >= 101 && hundredths <= 1_000_000 ? hundredths : null;
}

function Outcome({ result, scale }: { result: InhousePlayResult; scale: number }) {
  const { t } = useTranslation();
  const draw = (result.round.result ?? {}) as { rollHundredths?: number; multiplierHundredths?: number };
  const shown =
    draw.rollHundredths !== undefined
      ? (draw.rollHundredths / 100).toFixed(2)
      : multiplier(draw.multiplierHundredths ?? 0);
  return (
    <output className={`inhouse-outcome ${result.won ? 'inhouse-outcome--won' : 'inhouse-outcome--lost'}`}>
      <span className="inhouse-outcome__draw">{shown}</span>
      <span className="inhouse-outcome__text">
        {result.won ? t('inhouse.won', { amount: formatMoney(result.round.payoutMinor, scale) }) : t('inhouse.lost')}
      </span>
    </output>
  );
}

/**
 * The in-house game page (dice or limbo) inside the game frame: stake, the game's own choice, the bet, the outcome,
 * the provably fair panel and the last bets. Bets go to `/inhouse/api/play` with the launch's game token.
 */
export function InhouseGame({ gameCode, token }: { gameCode: InhouseGameCodeValue; token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const table = useTable(token);
  const play = usePlay(token);
  const [stake, setStake] = useState('10.00');
  const [dice, setDice] = useState<{ direction: 'under' | 'over'; target: number }>({
    direction: 'under',
    target: 5000,
  });
  const [limboTarget, setLimboTarget] = useState('2.00');
  const [last, setLast] = useState<InhousePlayResult | null>(null);

  if (table.isPending) return <div className="inhouse-page inhouse-page--loading" aria-busy="true" />;
  if (table.isError) {
    return (
      <div className="inhouse-page">
        <p className="inhouse-error" role="alert">
          {describeError(table.error)}
        </p>
      </div>
    );
  }
  const info = table.data;
  const scale = info.currency.scale;
  const stakeCheck = checkStake(stake, info);
  const limboHundredths = limboTargetHundredths(limboTarget);
  const paramsValid =
    gameCode === 'BGS_DICE' ? dicePayoutHundredths(dice.direction, dice.target) !== null : limboHundredths !== null;
  const balance = last?.balanceMinor ?? info.balanceMinor;

  const submit = () => {
    if (!stakeCheck.ok || !paramsValid || play.isPending) return;
    const params =
      gameCode === 'BGS_DICE'
        ? { direction: dice.direction, targetHundredths: dice.target }
        : { targetHundredths: limboHundredths ?? 0 };
    play.mutate(
      { body: { gameCode, stakeMinor: stakeCheck.minor.toString(), params }, idempotencyKey: newKey() },
      { onSuccess: (result) => setLast(result) },
    );
  };
  const scaleStake = (factor: 'half' | 'double') => {
    if (!stakeCheck.ok) return;
    const next = factor === 'half' ? stakeCheck.minor / 2n : stakeCheck.minor * 2n;
    const bounded = [BigInt(info.minStakeMinor), next, BigInt(info.maxStakeMinor)].sort((a, b) => (a < b ? -1 : 1))[1];
    setStake(formatMoney(bounded ?? next, scale).replaceAll(',', ''));
  };

  return (
    <div className="inhouse-page">
      <header className="inhouse-head">
        <div>
          <h1 className="inhouse-head__title">{t(`inhouse.title.${gameCode}`)}</h1>
          <p className="inhouse-head__tagline">{t(`inhouse.tagline.${gameCode}`)}</p>
        </div>
        <p className="inhouse-balance">
          <span>{t('inhouse.balance')}</span>
          <strong data-testid="inhouse-balance">
            {formatMoney(balance, scale)} {info.currency.code}
          </strong>
        </p>
      </header>

      <section className="inhouse-table" aria-label={t(`inhouse.title.${gameCode}`)}>
        <form
          className="inhouse-bet"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="inhouse-field">
            <label htmlFor={`${id}-stake`}>{t('inhouse.stake')}</label>
            <span className="inhouse-stake">
              <input
                id={`${id}-stake`}
                inputMode="decimal"
                value={stake}
                aria-invalid={!stakeCheck.ok}
                aria-describedby={`${id}-stake-hint`}
                onChange={(event) => setStake(event.target.value)}
              />
              <button type="button" onClick={() => scaleStake('half')}>
                {t('inhouse.half')}
              </button>
              <button type="button" onClick={() => scaleStake('double')}>
                {t('inhouse.double')}
              </button>
            </span>
            <small id={`${id}-stake-hint`} className={stakeCheck.ok ? 'inhouse-hint' : 'inhouse-error'}>
              {t(stakeCheck.ok ? 'inhouse.stakeHint' : 'inhouse.stakeInvalid', {
                min: formatMoney(info.minStakeMinor, scale),
                max: formatMoney(info.maxStakeMinor, scale),
              })}
            </small>
          </div>
          {gameCode === 'BGS_DICE' ? (
            <DiceControls direction={dice.direction} target={dice.target} onChange={setDice} />
          ) : (
            <LimboControls target={limboTarget} onChange={setLimboTarget} valid={limboHundredths !== null} />
          )}
          <button className="inhouse-play" type="submit" disabled={!stakeCheck.ok || !paramsValid || play.isPending}>
            {play.isPending ? t('inhouse.betting') : t('inhouse.bet')}
          </button>
          {play.isError && (
            <p className="inhouse-error" role="alert">
              {describeError(play.error)}
            </p>
          )}
        </form>
        <div className="inhouse-stage" aria-live="polite">
          {last ? <Outcome result={last} scale={scale} /> : <span className="inhouse-stage__idle">?</span>}
        </div>
      </section>

      <FairnessPanel token={token} seed={info.seed} />
      <BetHistory token={token} scale={scale} />
    </div>
  );
}
