import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type TPlanDefinition, ZPlansFile } from '@strata/contracts/subscription';

/** config/plans.json at the repository root: the operator edits it to change what each plan allows. */
export const PLANS_FILE = fileURLToPath(new URL('../../../../../config/plans.json', import.meta.url));

/** Reads and checks a plans file; a broken file stops the server at start rather than at the first request. */
export function loadPlans(path: string = PLANS_FILE): TPlanDefinition[] {
  const parsed = ZPlansFile.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid plans file ${path}: ${problems}`);
  }
  return parsed.data.plans;
}

let cached: TPlanDefinition[] | undefined;

/** The plans of config/plans.json, read once per process. */
export function plans(): TPlanDefinition[] {
  cached ??= loadPlans();
  return cached;
}

export function findPlan(planId: string): TPlanDefinition | undefined {
  return plans().find((plan) => plan.id === planId);
}
