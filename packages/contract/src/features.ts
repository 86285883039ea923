import { z } from 'zod';
import { type FeatureNode, featureIds } from './feature-tree';

export { enabledFeatures, type FeatureId, type FeatureNode, featureIds } from './feature-tree';

export const featureIdSchema = z.enum(featureIds);

export const featureNodeSchema: z.ZodType<FeatureNode> = z.lazy(() =>
  z.object({ modId: z.string(), enabled: z.boolean(), childrenNodes: z.array(featureNodeSchema) }),
);
