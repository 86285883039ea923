import type { InhouseRound, InhouseSeedRotation, InhouseSeedState } from '@portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { useRotateSeed } from '../api/inhouse';
import { recompute, sha256Hex } from '../utils/fairness';

type Check = { kind: 'ok'; count: number } | { kind: 'none' } | { kind: 'mismatch'; roundId: string };

/**
 * Recomputes every revealed bet in this browser with Web Crypto and compares it with what the server answered.
 * Exported for the bet history, which holds the rounds.
 */
export async function checkRevealedRounds(rounds: InhouseRound[]): Promise<Check> {
  const revealed = rounds.filter((round) => round.serverSeed !== null && round.nonce !== null && round.result !== null);
  if (revealed.length === 0) return { kind: 'none' };
  for (const round of revealed) {
    const seed = round.serverSeed ?? '';
    if ((await sha256Hex(seed)) !== round.serverSeedHash) return { kind: 'mismatch', roundId: round.roundId };
    const expected = await recompute(round.gameCode, seed, round.clientSeed ?? '', round.nonce ?? 0);
    if (JSON.stringify(expected) !== JSON.stringify(round.result)) return { kind: 'mismatch', roundId: round.roundId };
  }
  return { kind: 'ok', count: revealed.length };
}

/** The seed pair (committed hash, client seed, next nonce) and the rotation that reveals the server seed. */
export function FairnessPanel({ token, seed }: { token: string; seed: InhouseSeedState }) {
  const { t } = useTranslation();
  const id = useId();
  const rotate = useRotateSeed(token);
  const [clientSeed, setClientSeed] = useState('');
  const [rotation, setRotation] = useState<{ value: InhouseSeedRotation; hashMatches: boolean } | null>(null);

  return (
    <section className="inhouse-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="inhouse-panel__title">
        {t('inhouse.fair.title')}
      </h2>
      <p className="inhouse-panel__intro">{t('inhouse.fair.intro')}</p>
      <dl className="inhouse-seeds">
        <div>
          <dt>{t('inhouse.fair.serverHash')}</dt>
          <dd className="inhouse-mono" data-testid="inhouse-server-hash">
            {seed.serverSeedHash}
          </dd>
        </div>
        <div>
          <dt>{t('inhouse.fair.clientSeed')}</dt>
          <dd className="inhouse-mono">{seed.clientSeed}</dd>
        </div>
        <div>
          <dt>{t('inhouse.fair.nextNonce')}</dt>
          <dd>{seed.nextNonce}</dd>
        </div>
      </dl>
      <form
        className="inhouse-rotate"
        onSubmit={(event) => {
          event.preventDefault();
          rotate.mutate(clientSeed.trim() || undefined, {
            onSuccess: async (value) => {
              setRotation({
                value,
                hashMatches: (await sha256Hex(value.revealed.serverSeed)) === value.revealed.serverSeedHash,
              });
              setClientSeed('');
            },
          });
        }}
      >
        <label className="inhouse-field" htmlFor={`${id}-client`}>
          <span>{t('inhouse.fair.newClientSeed')}</span>
          <input
            id={`${id}-client`}
            value={clientSeed}
            maxLength={64}
            onChange={(event) => setClientSeed(event.target.value)}
          />
        </label>
        <button type="submit" className="inhouse-secondary" disabled={rotate.isPending}>
          {t('inhouse.fair.rotate')}
        </button>
      </form>
      {rotate.isError && (
        <p className="inhouse-error" role="alert">
          {describeError(rotate.error)}
        </p>
      )}
      {rotation && (
        <div className="inhouse-revealed" role="status">
          <p>
            {t('inhouse.fair.revealed')}:{' '}
            <span className="inhouse-mono" data-testid="inhouse-revealed-seed">
              {rotation.value.revealed.serverSeed}
            </span>
          </p>
          <p>{t('inhouse.fair.betsMade', { count: rotation.value.revealed.betsMade })}</p>
          <p className={rotation.hashMatches ? 'inhouse-good' : 'inhouse-error'}>
            {rotation.hashMatches ? t('inhouse.fair.hashMatches') : t('inhouse.fair.hashMismatch')}
          </p>
        </div>
      )}
    </section>
  );
}
