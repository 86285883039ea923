import { backofficePaths, type FeatureSetting } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { useToast } from '@portal/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel, Pill } from '@/components/ui/panel';
import { Switch } from '@/components/ui/switch';
import { describeError } from '@/lib/api-client';
import { hasTranslation, translate } from '@/lib/i18n';
import { useSaveConfig } from '@/lib/site-config';
import './feature-tree.css';

type Node = FeatureSetting & { children: Node[] };

/** Builds the tree from the flat rows, children in their stored order. */
export function buildFeatureTree(rows: readonly FeatureSetting[]): Node[] {
  const nodes = new Map<string, Node>(rows.map((row) => [row.modId, { ...row, children: [] }]));
  const roots: Node[] = [];
  for (const row of [...rows].sort((a, b) => a.sort - b.sort)) {
    const node = nodes.get(row.modId) as Node;
    const parent = row.parentModId ? nodes.get(row.parentModId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function countOn(node: Node): { on: number; total: number } {
  let on = 0;
  let total = 0;
  const walk = (current: Node) => {
    for (const child of current.children) {
      total += 1;
      if (child.enabled) on += 1;
      walk(child);
    }
  };
  walk(node);
  return { on, total };
}

/**
 * The whitelabel feature tree: one panel per area with its switch, the area's features below it, nested
 * ones indented. A feature under a switched-off parent is shown as inactive, because players cannot use it.
 */
export function FeatureTree({ features, canEdit }: { features: readonly FeatureSetting[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const save = useSaveConfig<{ modId: string; enabled: boolean }>(backofficePaths.configFeature, (input) => ({
    params: { modId: input.modId },
    body: { enabled: input.enabled },
  }));
  const name = (modId: string) =>
    hasTranslation(`features.names.${modId}`) ? translate(`features.names.${modId}`) : modId;

  const toggle = (node: Node, enabled: boolean) => {
    setPending(node.modId);
    save.mutate(
      { modId: node.modId, enabled },
      {
        onSuccess: () =>
          toast.success(
            enabled
              ? t('features.switchedOn', { name: name(node.modId) })
              : t('features.switchedOff', { name: name(node.modId) }),
          ),
        onError: (error) => toast.error(describeError(error)),
        onSettled: () => setPending(null),
      },
    );
  };

  const renderNode = (node: Node, depth: number, inactiveBecause: string | null) => {
    const blockedBy = inactiveBecause ?? (node.enabled ? null : node.modId);
    return (
      <li key={node.modId} className={cx('bo-feature', depth > 1 && 'bo-feature--nested')}>
        <div className={cx('bo-feature__row', inactiveBecause && 'bo-feature__row--inactive')}>
          <div className="bo-feature__text">
            <span className="bo-feature__name">{name(node.modId)}</span>
            <code className="bo-feature__id">{node.modId}</code>
            {inactiveBecause && (
              <span className="bo-feature__note">
                {t('features.offBecauseParent', { parent: name(inactiveBecause) })}
              </span>
            )}
          </div>
          <Switch
            checked={node.enabled}
            onChange={(enabled) => toggle(node, enabled)}
            label={name(node.modId)}
            hideLabel
            disabled={!canEdit || (pending !== null && pending !== node.modId)}
            busy={pending === node.modId}
          />
        </div>
        {node.children.length > 0 && (
          <ul className="bo-feature__children">
            {node.children.map((child) => renderNode(child, depth + 1, blockedBy))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <div className="bo-feature-areas">
      {buildFeatureTree(features).map((root) => {
        const { on, total } = countOn(root);
        return (
          <Panel
            key={root.modId}
            className={cx('bo-feature-area', !root.enabled && 'bo-feature-area--off')}
            title={
              <span className="bo-feature-area__title">
                {name(root.modId)} <code className="bo-feature__id">{root.modId}</code>
              </span>
            }
            aside={
              <>
                <Pill tone={root.enabled ? 'success' : 'danger'}>{root.enabled ? `${on}/${total}` : t('ui.off')}</Pill>
                <Switch
                  checked={root.enabled}
                  onChange={(enabled) => toggle(root, enabled)}
                  label={name(root.modId)}
                  hideLabel
                  disabled={!canEdit || (pending !== null && pending !== root.modId)}
                  busy={pending === root.modId}
                />
              </>
            }
          >
            {root.children.length > 0 && (
              <ul className="bo-feature__list">
                {root.children.map((child) => renderNode(child, 1, root.enabled ? null : root.modId))}
              </ul>
            )}
          </Panel>
        );
      })}
    </div>
  );
}
